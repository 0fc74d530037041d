"""A scripted "human" for dialog tests: turns legal engine actions into Italian commands."""

from __future__ import annotations

import random
from collections.abc import Callable

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.session import HUMAN_SEAT
from voicedomino.engine import ALL_TILES, Action, Draw, Match, Pass, Play, Side, Tile
from voicedomino.italian.numbers import pip_word

HEAD_WORDS = ("in testa", "a sinistra")
TAIL_WORDS = ("in coda", "a destra")


def spoken_order(play: Play) -> tuple[int, int]:
    """The two numbers in the order that makes the engine leave play.outer outside."""
    tile = play.tile
    if play.outer is None or tile.is_double:
        return tile.low, tile.high
    return tile.other(play.outer), play.outer


def command_for(action: Action, match: Match, rng: random.Random) -> str:
    if isinstance(action, Draw):
        return rng.choice(("pesca", "pesco", "vado al pozzo"))
    if isinstance(action, Pass):
        return rng.choice(("passo", "passa"))
    a, b = spoken_order(action)
    state = match.round
    lead = not state.line
    side_needed = not lead and (
        len(
            {p.side for p in match.legal_actions() if isinstance(p, Play) and p.tile == action.tile}
        )
        > 1
        or match.rules.wildcard
    )
    if rng.random() < 0.3 and not side_needed:
        if a != b and rng.random() < 0.5:
            return f"{a}{b}"
        return f"gioca {pip_word(a)} {pip_word(b)}"
    side = ""
    if not lead:
        side = rng.choice(HEAD_WORDS if action.side is Side.HEAD else TAIL_WORDS)
    if rng.random() < 0.25 and not lead:
        return f"{a}{b}{'t' if action.side is Side.HEAD else 'c'}"
    verb = rng.choice(("gioca", "metti il", "gioca il", ""))
    name = (
        f"doppio {pip_word(a)}" if a == b and rng.random() < 0.5 else f"{pip_word(a)} {pip_word(b)}"
    )
    return f"{verb} {name} {side}".strip()


def current_match(manager: DialogManager) -> Match | None:
    """The engine's match behind the dialog (tests compare answers with the full state)."""
    return manager.session.match if manager.session is not None else None


def unheld_tile(match: Match) -> Tile:
    hand = set(match.round.hands[HUMAN_SEAT])
    return next(t for t in ALL_TILES if t not in hand)


def choose_action(manager: DialogManager, rng: random.Random) -> Action:
    match = current_match(manager)
    assert match is not None
    legal = match.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        return max(plays, key=lambda p: (p.tile.pips, rng.random()))
    return legal[0]


def in_play(manager: DialogManager) -> bool:
    return manager.phase in (Phase.PLAYING, Phase.CHOOSE_SIDE)


QUERIES = ("c", "h", "mano", "pozzo", "s", "ultima mossa", "v", "boh")


def play_scripted_match(
    manager: DialogManager, menu: list[str], seed: int, say: Callable[[str], object]
) -> None:
    """Say the menu choices, "inizia", a whole match with some questions, then quit.

    `say(command)` must hand each command to `manager`; the commands depend on its state.
    """
    rng = random.Random(seed)
    for command in [*menu, "inizia"]:
        say(command)
    for _ in range(3000):
        if manager.phase is Phase.MATCH_OVER:
            break
        if manager.phase is Phase.ROUND_OVER:
            command = "continua"
        elif rng.random() < 0.1:
            command = rng.choice(QUERIES)
        else:
            match = current_match(manager)
            assert match is not None
            command = command_for(choose_action(manager, rng), match, rng)
        say(command)
        if manager.phase is Phase.CHOOSE_SIDE:
            say("coda")
    assert manager.phase is Phase.MATCH_OVER
    for command in ("esci", "sì"):
        say(command)
