"""Soak: complete matches through the DialogManager, played by a random human.

Every variant and seat count takes its turn (classica, blocco 2-4, pesca 2-4, jolly, capra
2-4, coppie 2-4 and four in pairs), with no pause after computer moves. The human at seat 0
mixes legal commands in every spoken and typed form with illegal ones (tiles not in the hand,
the wrong side, passing or drawing when that is not allowed), questions, voice commands,
quit and new-game questions answered no, and garbage (random text, odd Unicode, long lines),
and says "continua" after each round, until the match is over.

    .venv/bin/python benchmarks/soak.py                      # 1000 matches
    .venv/bin/python benchmarks/soak.py --matches 100 --seed 7 --levels medio,difficile

Printed: matches, rounds, inputs handled, exceptions (escaped or caught inside the manager;
the tracebacks of the first few), broken promises (an answer without a message, a refused
command or a question that changed the match), matches that did not end within the guard,
resident memory at the start and the end, the time taken and inputs per second.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from memory import rss_mb

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.menu import Table
from voicedomino.dialog.response import Response
from voicedomino.dialog.session import HUMAN_SEAT
from voicedomino.engine import ALL_TILES, Action, Draw, Match, Pass, Play, Side, Tile
from voicedomino.engine import save as engine_save
from voicedomino.italian.numbers import pip_word
from voicedomino.players import Level

TABLES = (
    Table("classica", 2),
    *(Table("blocco", n) for n in (2, 3, 4)),
    *(Table("pesca", n) for n in (2, 3, 4)),
    Table("jolly", 2),
    *(Table("capra", n) for n in (2, 3, 4)),
    *(Table("coppie", n) for n in (2, 3, 4)),
    Table("coppie", 4, pairs=True),
)
MAX_INPUTS_PER_MATCH = 20_000  # the guard: a match still going after this many inputs is stuck
SHOWN_TRACEBACKS = 3

QUERIES = (
    *("estremi", "testa", "coda", "mano", "le mie tessere", "cosa posso giocare", "consiglio"),
    *("pozzo", "avversari", "punteggio", "di chi è il turno", "ultima mossa", "serpente"),
    *("tre", "aiuto", "cosa posso dire", "quante tessere restano"),
    *("c", "v", "h", "g", "s", "t", "u", "o", "w", "?", "4", "5t"),
)
VOICE = (
    *("ripeti", "precedente", "successivo", "più lento", "più veloce", "più forte"),
    *("più piano", "breve", "dettagliato", "basta", "zitto"),
)
GARBAGE = (
    *("", "   ", "\t", "boh", "gioca sette otto", "78", "pizza margherita", "ehm", "per favore"),
    *("a b c d e f", "!!!", "\x00", "\u200b", "e\u0301", "\u202edestra", "\U0001f600"),
    *("\ud800", "\ufeff35", "gioca\u00a0tre\u00a0cinque", "TRE CINQUE IN TESTA!!"),
)
UNICODE_POOL = "aeiouèéìòù0123456 \u0301\u200b\u200d\u202e\ufeff\U0001f063\U0001f600\ud800\x00"


@dataclass
class Totals:
    matches: int = 0
    rounds: int = 0
    inputs: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    not_understood: int = 0
    escaped: int = 0
    internal: int = 0
    silent: int = 0
    changed: int = 0
    unfinished: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    by_table: Counter[str] = field(default_factory=Counter)


class CaughtErrors(logging.Handler):
    """Keeps the tracebacks the manager logs when it catches an internal error."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.tracebacks: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and len(self.tracebacks) < SHOWN_TRACEBACKS:
            self.tracebacks.append("".join(traceback.format_exception(*record.exc_info)))


def current_match(manager: DialogManager) -> Match | None:
    """The engine's match behind the dialog: the soak checks it against every answer."""
    return manager.session.match if manager.session is not None else None


def fingerprint(manager: DialogManager) -> str | None:
    match = current_match(manager)
    return None if match is None else engine_save.dumps(match)


# --- the random human -----------------------------------------------------------------------------


def spoken(play: Play) -> tuple[int, int]:
    """The numbers in the order that leaves play.outer outside (the number said last)."""
    tile = play.tile
    if play.outer is None or tile.is_double:
        return tile.low, tile.high
    return tile.other(play.outer), play.outer


def side_words(side: Side | None, rng: random.Random) -> str:
    if side is None:
        return ""
    return rng.choice(("in testa", "a sinistra") if side is Side.HEAD else ("in coda", "a destra"))


def tile_words(a: int, b: int, rng: random.Random) -> str:
    if a == b and rng.random() < 0.5:
        return f"doppio {pip_word(a)}"
    return f"{pip_word(a)}{rng.choice((' ', ' e '))}{pip_word(b)}"


def legal_command(action: Action, match: Match, rng: random.Random) -> str:
    if isinstance(action, Draw):
        return rng.choice(("pesca", "pesco", "vado al pozzo", "p"))
    if isinstance(action, Pass):
        return rng.choice(("passo", "passa", "busso", "p"))
    assert isinstance(action, Play)
    a, b = spoken(action)
    lead = not match.round.line
    side = None if lead or rng.random() < 0.15 else action.side  # none: the game may ask
    if rng.random() < 0.3:
        key = "" if side is None else ("t" if side is Side.HEAD else "c")
        return f"{a}{rng.choice(('', ' '))}{b}{key}"
    verb = rng.choice(("gioca", "metti il", "gioca il", ""))
    return f"{verb} {tile_words(a, b, rng)} {side_words(side, rng)}".strip()


def illegal_command(match: Match, rng: random.Random) -> str | None:
    """A command the engine must refuse, or None when none of the kinds applies now."""
    state = match.round
    legal = match.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    hand = state.hands[HUMAN_SEAT]
    options: list[str] = []
    missing = [t for t in ALL_TILES if t not in hand]
    if missing:  # a tile the human does not hold
        tile = rng.choice(missing)
        options.append(f"gioca {tile_words(tile.low, tile.high, rng)}")
    if plays:  # passing while a tile can be played
        options.append(rng.choice(("passo", "salto il turno")))
    if Draw() not in legal:  # drawing when the rules or the boneyard do not allow it
        options.append(rng.choice(("pesca", "prendo una tessera")))
    if state.line and state.head != state.tail:
        sides: dict[Tile, set[Side | None]] = {}
        for play in plays:
            sides.setdefault(play.tile, set()).add(play.side)
        one_sided = [(t, found.pop()) for t, found in sides.items() if len(found) == 1]
        if one_sided:  # a playable tile, said at the end it does not fit
            tile, side = rng.choice(one_sided)
            other = Side.TAIL if side is Side.HEAD else Side.HEAD
            words = tile_words(tile.low, tile.high, rng)
            options.append(f"gioca {words} {side_words(other, rng)}")
        playable = {p.tile for p in plays}
        unfit = [t for t in hand if t not in playable]
        if unfit:  # a tile of the hand that fits nowhere
            tile = rng.choice(unfit)
            options.append(f"metti il {tile_words(tile.low, tile.high, rng)}")
    return rng.choice(options) if options else None


def garbage(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(GARBAGE)
    if roll < 0.8:
        return "".join(rng.choice(UNICODE_POOL) for _ in range(rng.randint(1, 30)))
    if roll < 0.95:
        return "".join(chr(rng.randrange(32, 0x110000)) for _ in range(rng.randint(1, 20)))
    return rng.choice(("gioca ", "x", "3")) * rng.randint(4_000, 12_000)  # a very long line


@dataclass
class Turn:
    text: str
    kind: str  # legal, illegal, query, voice, garbage, confirm, side, continue
    follow_up: tuple[str, ...] = ()


def question_or_garbage(roll: float, rng: random.Random) -> Turn | None:
    """While the player is asked something: a question 10% of the time, garbage 5%."""
    if roll < 0.1:
        return Turn(rng.choice(QUERIES), "query")
    if roll < 0.15:
        return Turn(garbage(rng), "garbage")
    return None


def next_input(manager: DialogManager, rng: random.Random, pending: Action | None) -> Turn:
    phase, match = manager.phase, current_match(manager)
    assert match is not None
    if phase is Phase.ROUND_OVER:
        roll = rng.random()
        aside = question_or_garbage(roll, rng)
        if aside is not None:
            return aside
        return Turn(rng.choice(("continua", "avanti", "prossima mano")), "continue")
    if phase is Phase.CHOOSE_SIDE:
        roll = rng.random()
        aside = question_or_garbage(roll, rng)
        if aside is not None:
            return aside
        if roll < 0.2:
            return Turn(rng.choice(("no", "annulla")), "side")
        side = pending.side if isinstance(pending, Play) else rng.choice((Side.HEAD, Side.TAIL))
        words = ("testa", "in testa", "sinistra") if side is Side.HEAD else ("coda", "a destra")
        return Turn(rng.choice(words), "side")
    roll = rng.random()
    if roll < 0.55:
        return Turn("", "legal")  # filled in by the caller, who keeps the action
    if roll < 0.7:
        command = illegal_command(match, rng)
        if command is not None:
            return Turn(command, "illegal")
    if roll < 0.8:
        return Turn(rng.choice(QUERIES), "query")
    if roll < 0.86:
        return Turn(rng.choice(VOICE), "voice")
    if roll < 0.9:
        question = rng.choice(("esci", "q", "nuova partita", "ricomincia"))
        noise = (rng.choice(GARBAGE),) if rng.random() < 0.3 else ()
        answers = (*noise, rng.choice(("no", "n")))
        return Turn(question, "confirm", answers)
    return Turn(garbage(rng), "garbage")


# --- one match ------------------------------------------------------------------------------------


class Soak:
    def __init__(self, totals: Totals, caught: CaughtErrors) -> None:
        self.totals = totals
        self.caught = caught

    def say(self, manager: DialogManager, text: str, kind: str) -> Response | None:
        totals = self.totals
        before = fingerprint(manager) if kind in ("illegal", "query", "voice", "garbage") else None
        errors = manager.internal_errors
        totals.inputs += 1
        totals.kinds[kind] += 1
        try:
            response = manager.handle(text)
        except Exception:
            totals.escaped += 1
            if len(totals.tracebacks) < SHOWN_TRACEBACKS:
                totals.tracebacks.append(f"{text[:80]!r}\n{traceback.format_exc()}")
            return None
        totals.internal += manager.internal_errors - errors
        # "basta" silences; recall and the voices are answered by the front end
        answered_elsewhere = response.recall is not None or response.voices is not None
        if not response.messages and not response.stop_speech and not answered_elsewhere:
            totals.silent += 1
        if not response.understood:
            totals.not_understood += 1
        refused = any(message.cue == "invalid" for message in response.messages)
        totals.refused[kind] += refused
        if before is not None and (refused or not response.state_changed):
            totals.changed += fingerprint(manager) != before
        return response

    def match(self, table: Table, seed: int) -> None:
        rng = random.Random(seed)
        manager = DialogManager(table, computer_pause=0, seed=seed)
        manager.start()
        self.say(manager, rng.choice(("inizia", "gioca", "comincia la partita")), "start")
        label = f"{table.variant}-{table.seats}{'-coppie' if table.pairs else ''}"
        pending: Action | None = None
        for _ in range(MAX_INPUTS_PER_MATCH):
            match = current_match(manager)
            if match is None or manager.phase is Phase.MATCH_OVER:
                break
            turn = next_input(manager, rng, pending)
            if turn.kind == "legal":
                pending = rng.choice(match.legal_actions())
                turn.text = legal_command(pending, match, rng)
            self.say(manager, turn.text, turn.kind)
            for answer in turn.follow_up:
                self.say(manager, answer, turn.kind)
        match = current_match(manager)
        if match is None or not match.is_over or manager.phase is not Phase.MATCH_OVER:
            self.totals.unfinished.append(f"{label} seed {seed} ({manager.phase.value})")
            return
        self.totals.matches += 1
        self.totals.rounds += match.round.round_number
        self.totals.by_table[label] += 1
        self.say(manager, "punteggio", "query")
        self.say(manager, "esci", "confirm")
        goodbye = self.say(manager, rng.choice(("sì", "s")), "confirm")
        if goodbye is None or not goodbye.quit:
            self.totals.unfinished.append(f"{label} seed {seed}: no goodbye")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--levels", default="facile,medio", help="computer levels taking turns (comma separated)"
    )
    args = parser.parse_args()
    levels = [Level(level.strip()) for level in args.levels.split(",") if level.strip()]

    caught = CaughtErrors()
    manager_log = logging.getLogger("voicedomino.dialog.manager")
    manager_log.addHandler(caught)
    manager_log.propagate = False  # counted and shown below, not printed as they happen

    totals = Totals()
    soak = Soak(totals, caught)
    start_rss = rss_mb()
    warm_rss = start_rss
    start = time.perf_counter()
    for number in range(args.matches):
        if number == len(TABLES):  # every table played once: caches and the grammar are built
            warm_rss = rss_mb()
        base = TABLES[number % len(TABLES)]
        level = levels[(number // len(TABLES)) % len(levels)]
        table = Table(base.variant, base.seats, base.pairs, level)
        soak.match(table, args.seed * 1_000_003 + number)
    elapsed = time.perf_counter() - start
    end_rss = rss_mb()

    exceptions = totals.escaped + totals.internal
    print(f"matches:           {totals.matches} of {args.matches} (levels {', '.join(levels)})")
    print(f"rounds:            {totals.rounds}")
    print(f"inputs handled:    {totals.inputs}")
    kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(totals.kinds.items()))
    print(f"  by kind:         {kinds}")
    refused = ", ".join(
        f"{kind} {count}" for kind, count in sorted(totals.refused.items()) if count
    )
    print(f"  refused:         {refused}")
    print(f"  not understood:  {totals.not_understood}")
    print(f"exceptions:        {exceptions} (escaped {totals.escaped}, caught {totals.internal})")
    print(f"silent answers:    {totals.silent}")
    print(f"refusals or questions that changed the match: {totals.changed}")
    print(f"matches not ended: {len(totals.unfinished)}")
    for line in totals.unfinished[:10]:
        print(f"  {line}")
    print(f"start RSS:         {start_rss:.1f} MB")
    print(f"RSS after warm-up: {warm_rss:.1f} MB (after the first {len(TABLES)} matches)")
    print(f"end RSS:           {end_rss:.1f} MB")
    print(f"total time:        {elapsed:.1f} s")
    print(f"inputs per second: {totals.inputs / elapsed:.0f}")
    for text in totals.tracebacks + caught.tracebacks:
        print("\n--- traceback ---\n" + text, end="")
    failed = exceptions or totals.silent or totals.changed or totals.unfinished
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
