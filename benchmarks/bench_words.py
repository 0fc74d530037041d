"""Words per human turn, and keys and utterances per move, over whole matches.

The human seat is played by the medio player through the real front end: once by single keys
(the real KeyNavigator: z to the chosen tile, Enter, then left/right when asked for a side, p
to draw or pass) and once by the typed voice commands a player would say. A human turn's
words are everything said from the player's move to the next "Tocca a te" (the computers'
moves, the ends, the prompt), in the given verbosity.

    python benchmarks/bench_words.py [--matches 6] [--seed 1]

Prints a table, then one JSON line with every figure.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.menu import Table
from voicedomino.dialog.response import Verbosity
from voicedomino.engine import Draw, Pass, Play, Side
from voicedomino.frontend.app import Game
from voicedomino.frontend.keys import KeyNavigator
from voicedomino.italian.numbers import pip_word
from voicedomino.players import make_player

TABLES = (("classica", 2), ("pesca", 3), ("blocco", 4))
MAX_STEPS = 4000


def _words(text: str) -> int:
    return len(text.split())


def play_match(
    variant: str, seats: int, verbosity: Verbosity, seed: int, keys: bool
) -> dict[str, list[int]]:
    out = io.StringIO()
    manager = DialogManager(
        Table(variant=variant, seats=seats), verbosity=verbosity, computer_pause=0.0, seed=seed
    )
    game = Game(manager, NullOutput(), autosave=None, out=out)
    navigator = KeyNavigator(game)
    chooser = make_player("medio")
    rng = random.Random(seed)
    game._after(manager.start())
    words: list[int] = []
    presses: list[int] = []
    utterances: list[int] = []
    game.handle("inizia")
    for _ in range(MAX_STEPS):
        if manager.phase is Phase.MATCH_OVER:
            break
        if manager.phase is Phase.ROUND_OVER:
            game.handle("continua")
            continue
        view = manager.view()
        assert view is not None and view.is_my_turn, manager.phase
        action = chooser.choose(view, rng)
        out.seek(0)
        out.truncate()
        if keys:
            presses.append(_press_for(navigator, game, action))
        else:
            utterances.append(_say_for(game, action))
        # Ordinary turns only: a round's end adds its summary (asked for or not, it is said once).
        if manager.phase is Phase.PLAYING:
            words.append(_words(out.getvalue()))
    return {"words": words, "presses": presses, "utterances": utterances}


def _press_for(navigator: KeyNavigator, game: Game, action: object) -> int:
    if isinstance(action, Draw | Pass):
        navigator.press("p")
        return 1
    assert isinstance(action, Play)
    count = 0
    for _ in range(30):
        navigator.press("z")
        count += 1
        if navigator.selected == action.tile:
            break
    navigator.press("enter")
    count += 1
    if game.manager.phase is Phase.CHOOSE_SIDE:
        navigator.press("left" if action.side is Side.HEAD else "right")
        count += 1
    return count


def _say_for(game: Game, action: object) -> int:
    """The words a player would say: the tile with its side; one utterance per move."""
    if isinstance(action, Draw):
        game.handle("pesco una tessera")
        return 1
    if isinstance(action, Pass):
        game.handle("passo il turno")
        return 1
    assert isinstance(action, Play)
    side = "in testa" if action.side is Side.HEAD else "in coda"
    game.handle(f"gioca {pip_word(action.tile.high)} {pip_word(action.tile.low)} {side}")
    return 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    figures: dict[str, float] = {}
    print(f"{'table':<12} {'verbosity':<10} {'turns':>6} {'words/turn':>11} {'p90':>5}")
    for variant, seats in TABLES:
        for verbosity in (Verbosity.NORMAL, Verbosity.BRIEF):
            words: list[int] = []
            for k in range(args.matches):
                words += play_match(variant, seats, verbosity, args.seed + k, keys=False)["words"]
            mean = statistics.fmean(words)
            p90 = sorted(words)[int(0.9 * (len(words) - 1))]
            key = f"words_{seats}seats_{verbosity.value}"
            figures[key] = round(mean, 1)
            print(
                f"{variant}/{seats:<4} {verbosity.value:<10} {len(words):>6} {mean:>11.1f} {p90:>5}"
            )
    presses: list[int] = []
    utterances: list[int] = []
    for variant, seats in TABLES:
        for k in range(args.matches):
            presses += play_match(variant, seats, Verbosity.NORMAL, args.seed + k, keys=True)[
                "presses"
            ]
            utterances += play_match(variant, seats, Verbosity.NORMAL, args.seed + k, keys=False)[
                "utterances"
            ]
    figures["keys_per_move"] = round(statistics.fmean(presses), 2)
    figures["utterances_per_move"] = round(statistics.fmean(utterances), 2)
    keys, said = figures["keys_per_move"], figures["utterances_per_move"]
    print(f"keys per move {keys}, utterances per move {said}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
