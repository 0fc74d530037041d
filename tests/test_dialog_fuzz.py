"""Nothing lost, nothing crashes: the dialog manager fuzzed in every phase.

Seeded games (driven by `dialog_driver`) bring a manager into each phase: the resume offer, the
menu, the human's turn, the head-or-tail question, the bonus turn after a double, the end of a
round, the end of a match and the yes/no confirmation. Each starting state is deep-copied and
fed thousands of inputs: every sentence of the generated grammar (and the attention word),
sentences with the attention word in front, random word sequences,
decorated commands, random Italian, garbage, blank lines, lines of tens of thousands of
characters, unusual Unicode (combining marks, right-to-left text, emoji, NUL, lone surrogates,
zero-width characters), keyboard shortcuts, and random key names through the KeyNavigator.

What the manager guarantees, checked after every single input:

- `handle` returns exactly one Response and no internal error was caught on the way;
- the Response has at least one non-blank message, except "basta", which only stops speech;
- every cue is a real cue; the phase agrees with the match (the human's turn while playing,
  a finished round at the round's end, a finished match at the match's end);
- a Response without `state_changed` leaves the match identical (`save_document()` and the
  engine's own JSON compared before and after): refusals, questions and anything not
  understood never change the game, and what was not understood changes nothing at all;
- resuming a saved match gives back exactly the saved match.

The saved-match loaders are fuzzed too: a DialogManager built on a mutated `saved=` document
and the autosave file loader (the engine loader and the settings loader have their own fuzz
tests in test_engine_save.py and test_preferences.py).

Every loop is seeded and hypothesis runs derandomized, so the runs are repeatable. The number
of inputs per phase is fixed by the constants below and checked at the end of each test.
"""

from __future__ import annotations

import copy
import io
import json
import pickle
import random
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from dialog_driver import choose_action, command_for, current_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voicedomino.audio.cues import Cue
from voicedomino.audio.null import NullOutput
from voicedomino.dialog.intents import (
    AdjustVoice,
    Answer,
    Ask,
    AskNumber,
    AskPlayer,
    ExplainRules,
    Help,
    Intent,
    ListVoices,
    NewGame,
    PlayNumber,
    Quit,
    Remind,
    SetVerbosity,
    SideWord,
    StopSpeech,
)
from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.menu import Table
from voicedomino.dialog.parser import answer_key, grammar, parse, vocabulary
from voicedomino.dialog.response import Response
from voicedomino.engine import Match, Play, SaveError, Side
from voicedomino.engine import save as engine_save
from voicedomino.frontend.app import Game
from voicedomino.frontend.keys import SEQUENCES, KeyNavigator, key_name
from voicedomino.italian import messages as it
from voicedomino.italian import phrases
from voicedomino.italian.numbers import pip_word
from voicedomino.persistence.autosave import AutoSave
from voicedomino.players import Level, Player, make_player

# --- how much is fuzzed ----------------------------------------------------------------------

RANDOM_INPUTS_PER_PHASE = 3_000  # seeded random inputs of every kind, per phase
HYPOTHESIS_INPUTS_PER_PHASE = 100  # hypothesis-generated Unicode text, per phase
KEY_PRESSES_PER_PHASE = 1_000  # random key names through the KeyNavigator, per phase
MUTATED_SAVES = 250  # mutated saved matches offered for resuming
AUTOSAVE_FILES = 120  # damaged autosave files loaded
LONG_LINE = 10_000  # "very long" means at least this many characters

PHASES = (
    "resume_offer",
    "menu",
    "playing",
    "choose_side",
    "bonus_turn",
    "round_over",
    "match_over",
    "confirm",
)
CUES = frozenset(cue.value for cue in Cue)
SENTENCES = tuple(grammar().sentences())
VOCABULARY = tuple(sorted(vocabulary()))
KEYS = tuple(k.key for k in phrases.KEYBOARD_SHORTCUTS)
YES_NO_KEYS = ("s", "y", "n")  # answer a yes/no question while one waits
TYPED_TILES = tuple(f"{a}{b}{side}" for a in range(8) for b in range(8) for side in ("", "t", "c"))
EVERY_COMMAND = (
    *SENTENCES,
    phrases.ATTENTION_WORD,
    *KEYS,
    *(k.upper() for k in KEYS),
    *YES_NO_KEYS,
    *TYPED_TILES,
)


def quick_player(level: Level) -> Player:
    return make_player(Level.MEDIO)


# --- getting into each phase -------------------------------------------------------------------


def new_manager(table: Table, seed: int, saved: dict[str, Any] | None = None) -> DialogManager:
    manager = DialogManager(
        table, computer_pause=0, seed=seed, saved=saved, player_factory=quick_player
    )
    manager.start()
    return manager


def started(table: Table, seed: int) -> DialogManager:
    manager = new_manager(table, seed)
    manager.handle("inizia")
    assert manager.phase is Phase.PLAYING
    return manager


def drive(
    manager: DialogManager, seed: int, stop: Callable[[DialogManager], bool]
) -> DialogManager:
    """Play legal commands (and "continua" between rounds) until `stop` holds."""
    rng = random.Random(seed)
    for _ in range(5_000):
        if stop(manager):
            return manager
        if manager.phase is Phase.ROUND_OVER:
            manager.handle("continua")
            continue
        match = current_match(manager)
        assert manager.phase is Phase.PLAYING and match is not None, manager.phase
        action = choose_action(manager, rng)
        manager.handle(command_for(action, match, rng))
        if phase_of(manager) is Phase.CHOOSE_SIDE:
            assert isinstance(action, Play)
            manager.handle("testa" if action.side is Side.HEAD else "coda")
    raise AssertionError("the seeded game never reached the wanted state")


def phase_of(manager: DialogManager) -> Phase:
    """The phase now (a function, so that type checkers do not keep an earlier one)."""
    return manager.phase


def human_turn(manager: DialogManager) -> bool:
    match = current_match(manager)
    return manager.phase is Phase.PLAYING and match is not None and match.to_move == 0


def two_sided_tile(manager: DialogManager) -> tuple[int, int] | None:
    """A tile of the human's that fits both ends, which differ: it needs the side question."""
    if not human_turn(manager):
        return None
    match = current_match(manager)
    assert match is not None
    if match.round.head == match.round.tail:
        return None
    sides: dict[Any, set[Side | None]] = {}
    for action in match.legal_actions():
        if isinstance(action, Play):
            sides.setdefault(action.tile, set()).add(action.side)
    tile = next((t for t, found in sorted(sides.items()) if len(found) > 1), None)
    return None if tile is None else (tile.low, tile.high)


def side_question(table: Table, seed: int) -> DialogManager:
    manager = drive(started(table, seed), seed, lambda m: two_sided_tile(m) is not None)
    tile = two_sided_tile(manager)
    assert tile is not None
    manager.handle(f"gioca {pip_word(tile[0])} {pip_word(tile[1])}")
    assert manager.phase is Phase.CHOOSE_SIDE
    return manager


def bonus_turn(seed: int) -> DialogManager:
    def ready(m: DialogManager) -> bool:
        match = current_match(m)
        return human_turn(m) and match is not None and match.round.bonus_turn

    manager = drive(started(Table("classica", 2), seed), seed, ready)
    match = current_match(manager)
    assert match is not None and match.round.bonus_turn
    return manager


def in_phase(phase: Phase) -> Callable[[DialogManager], bool]:
    return lambda manager: manager.phase is phase


def confirming(manager: DialogManager, command: str) -> DialogManager:
    manager.handle(command)
    assert manager.phase is Phase.CONFIRM
    return manager


def saved_match(table: Table, seed: int, stop: Callable[[DialogManager], bool]) -> dict[str, Any]:
    document = drive(started(table, seed), seed, stop).save_document()
    assert document is not None
    return document


def resume_offer(document: dict[str, Any], seed: int) -> DialogManager:
    manager = new_manager(Table(), seed, saved=copy.deepcopy(document))
    assert manager.phase is Phase.RESUME_OFFER
    return manager


def after_moves(moves: int) -> Callable[[DialogManager], bool]:
    def stop(manager: DialogManager) -> bool:
        match = current_match(manager)
        return human_turn(manager) and match is not None and len(match.round.line) >= moves

    return stop


def build_states(phase: str) -> list[DialogManager]:
    """Several starting states of one phase, from different variants and seat counts."""
    if phase == "resume_offer":
        return [
            resume_offer(saved_match(Table("pesca", 3), 4, after_moves(3)), 1),
            resume_offer(saved_match(Table("classica", 2), 5, in_phase(Phase.ROUND_OVER)), 2),
            resume_offer(saved_match(Table("coppie", 4, pairs=True), 6, after_moves(6)), 3),
        ]
    if phase == "menu":
        return [new_manager(Table(), 1), new_manager(Table("capra", 3, level=Level.DIFFICILE), 2)]
    if phase == "playing":
        return [
            started(Table("classica", 2), 7),
            drive(started(Table("blocco", 4), 8), 8, after_moves(5)),
            drive(started(Table("jolly", 2), 9), 9, after_moves(4)),
            drive(started(Table("coppie", 4, pairs=True), 10), 10, after_moves(6)),
        ]
    if phase == "choose_side":
        return [
            side_question(Table("classica", 2), 11),
            side_question(Table("pesca", 3), 12),
            side_question(Table("jolly", 2), 13),
        ]
    if phase == "bonus_turn":
        return [bonus_turn(14), bonus_turn(15)]
    if phase == "round_over":
        return [
            drive(started(Table("classica", 2), 16), 16, in_phase(Phase.ROUND_OVER)),
            drive(started(Table("capra", 3), 17), 17, in_phase(Phase.ROUND_OVER)),
        ]
    if phase == "match_over":
        return [
            drive(started(Table("blocco", 2), 18), 18, in_phase(Phase.MATCH_OVER)),
            drive(started(Table("coppie", 4, pairs=True), 19), 19, in_phase(Phase.MATCH_OVER)),
        ]
    assert phase == "confirm"
    return [
        confirming(started(Table("classica", 2), 20), "esci"),
        confirming(new_manager(Table(), 21), "esci"),
        confirming(
            drive(started(Table("blocco", 3), 22), 22, in_phase(Phase.ROUND_OVER)),
            "nuova partita",
        ),
        confirming(side_question(Table("classica", 2), 23), "q"),
    ]


_STATES: dict[str, list[DialogManager]] = {}


def states(phase: str) -> list[DialogManager]:
    """The pristine starting states of a phase, built once per test session."""
    if phase not in _STATES:
        _STATES[phase] = build_states(phase)
    return _STATES[phase]


# --- what must hold after every input ----------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """Everything an input may change; the match as `save_document()` gives it."""

    phase: Phase
    table: Table
    verbosity: str
    pending: object
    confirming: object
    saved: dict[str, Any] | None  # save_document(): None without a match in progress
    engine: dict[str, Any] | None  # the engine's document once the match is over

    @classmethod
    def of(cls, manager: DialogManager) -> Snapshot:
        document = manager.save_document()
        engine = None
        match = current_match(manager)
        if document is None and match is not None:
            engine = engine_save.to_document(match)
        return cls(
            manager.phase,
            manager.table,
            manager.verbosity.value,
            vars(manager).get("_pending_tile"),
            vars(manager).get("_confirming"),
            document,
            engine,
        )

    @property
    def game(self) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        return self.saved, self.engine


def frozen(manager: DialogManager) -> bytes:
    """A starting state kept as bytes: unpickling is much faster than a deep copy."""
    return pickle.dumps(manager, pickle.HIGHEST_PROTOCOL)


def thawed(state: bytes) -> DialogManager:
    manager = pickle.loads(state)
    assert isinstance(manager, DialogManager)
    return manager


def effective_intent(phase: Phase, text: str) -> Intent | None:
    """The intent the manager acts on (single keys answer yes/no questions)."""
    answer = answer_key(text) if phase in (Phase.CONFIRM, Phase.RESUME_OFFER) else None
    return answer or parse(text)


QUESTIONS = (Ask, AskNumber, AskPlayer, ExplainRules, Help, ListVoices)
VOICE_PREFERENCES = (AdjustVoice, SetVerbosity, Remind, StopSpeech)


def is_question(phase: Phase, intent: Intent | None) -> bool:
    """Questions, voice preferences and help: they must never change the game."""
    if isinstance(intent, QUESTIONS + VOICE_PREFERENCES):
        return True
    if isinstance(intent, PlayNumber):  # "tre": what the three can play; with a side it plays
        return intent.side is None
    return isinstance(intent, SideWord) and phase is not Phase.CHOOSE_SIDE


def check_phase(manager: DialogManager) -> None:
    """The phase agrees with the match."""
    match, phase = current_match(manager), manager.phase
    assert manager.hint_text()
    if phase in (Phase.MENU, Phase.RESUME_OFFER):
        assert match is None
    elif phase in (Phase.PLAYING, Phase.CHOOSE_SIDE):
        assert match is not None and not match.round.is_over and match.to_move == 0
    elif phase is Phase.ROUND_OVER:
        assert match is not None and match.round.is_over and not match.is_over
    elif phase is Phase.MATCH_OVER:
        assert match is not None and match.is_over
    if phase is Phase.CHOOSE_SIDE:
        assert vars(manager).get("_pending_tile") is not None
    if phase is Phase.CONFIRM:
        assert isinstance(vars(manager).get("_confirming"), Quit | NewGame)


def check_answer(
    manager: DialogManager,
    before: Snapshot,
    response: object,
    intent: Intent | None,
    label: str,
    resumed_from: dict[str, Any] | None = None,
) -> Snapshot:
    """Every property of one answer to `intent` (what the manager acted on); returns the state
    after it."""
    assert isinstance(response, Response), label
    assert manager.internal_errors == 0, f"internal error on {label}"
    if response.stop_speech:  # "basta": silence is what was asked for
        assert not response.messages, label
    elif response.recall is not None or response.voices is not None:
        # the front end answers from its message history, or with the system's voices
        assert not response.messages and not response.state_changed, label
    else:
        assert response.messages, f"nothing said for {label}"
    for message in response.messages:
        assert message.text.strip(), f"a blank message for {label}"
        assert message.cue is None or message.cue in CUES, message.cue
        assert message.pause >= 0
    check_phase(manager)
    after = Snapshot.of(manager)
    match = current_match(manager)
    if before.phase is Phase.RESUME_OFFER and match is not None:
        # Resuming: the saved match comes back exactly as it was saved.
        if resumed_from is not None and not response.state_changed:
            if match.is_over:  # no save_document() once the match is over
                engine = {k: v for k, v in resumed_from.items() if k != "table"}
                assert engine_save.to_document(match) == engine, label
            else:
                assert manager.save_document() == resumed_from, label
    elif not response.state_changed:
        assert after.game == before.game, f"{label} changed the game without saying so"
    if not response.understood:
        assert after == before, f"{label} was not understood but changed something"
        assert response.text == it.not_understood(manager.hint_text()), label
        assert response.messages[0].cue == "invalid", label
    if any(message.cue == "invalid" for message in response.messages):
        assert not response.state_changed and after.game == before.game, label
    if is_question(before.phase, intent):
        assert not response.state_changed and after.game == before.game, label
        assert response.understood and after.phase is before.phase, label
    if response.quit:
        assert before.phase is Phase.CONFIRM and intent == Answer(yes=True), label
    return after


class Fuzzer:
    """Feeds inputs to copies of a starting state, going back to it whenever something changed."""

    def __init__(self, pristine: DialogManager) -> None:
        self.pristine = frozen(pristine)
        self.start = Snapshot.of(pristine)
        self.saved: dict[str, Any] | None = copy.deepcopy(vars(pristine).get("_saved"))
        self.inputs = 0
        self.restores = 0
        self._restore()

    def _restore(self) -> None:
        self.manager = thawed(self.pristine)
        self.state = self.start

    def feed(self, text: str) -> Response:
        intent = effective_intent(self.manager.phase, text)
        response = self.manager.handle(text)
        after = check_answer(
            self.manager, self.state, response, intent, repr(text[:80]), self.saved
        )
        self.inputs += 1
        if after != self.state or response.quit:
            self.restores += 1
            self._restore()
        return response


# --- random inputs ------------------------------------------------------------------------------

ITALIAN = (
    *("il", "la", "lo", "gli", "le", "un", "una", "di", "da", "per", "con", "su", "tra", "e"),
    *("ciao", "buongiorno", "vorrei", "giocare", "voglio", "posso", "fammi", "sapere", "quanto"),
    *("perché", "più", "già", "città", "caffè", "sì", "però", "così", "è", "c'è", "l'ultima"),
    *("sette", "otto", "nove", "dieci", "undici", "cento", "mille", "zero", "bianco", "doppio"),
    *("tessera", "tessere", "domino", "serpente", "testa", "coda", "mano", "pozzo", "turno"),
    *("ho", "hai", "abbiamo", "forse", "dunque", "quindi", "anzi", "boh", "mah", "niente"),
)
PUNCTUATION = ("", ".", "!", "?", "...", ",", ";", ":", "'", '"', "«", "»", "-", "—", "(", ")")
BLANKS = ("", " ", "  ", "\t", "\n", "\r\n", " \t \n ", "\u00a0", "\u3000", "\u2028", "\x0b\x0c")
UNICODE = (
    "e\u0301",  # e + combining acute
    "a\u0300\u0301\u0302\u0303\u0308",  # a pile of combining marks
    "\u0301",  # a combining mark alone
    "\u202e",  # right-to-left override
    "\u200f\u200e",  # right-to-left and left-to-right marks
    "\u05e9\u05dc\u05d5\u05dd",  # Hebrew
    "\u0645\u0631\u062d\u0628\u0627",  # Arabic
    "\u0663\u0665",  # Arabic-Indic three five
    "\U0001f600",  # an emoji
    "\U0001f063",  # a domino tile
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # an emoji family joined by ZWJ
    "\U0001f1ee\U0001f1f9",  # the Italian flag
    "\x00",  # NUL
    "\x07\x1b[A\x7f",  # bell, an arrow key sequence, delete
    "\ud800",  # lone high surrogate
    "\udfff",  # lone low surrogate
    "\ud83d",  # half of an emoji
    "\u200b",  # zero-width space
    "\u200c\u200d",  # zero-width non-joiner and joiner
    "\u2060",  # word joiner
    "\ufeff",  # byte order mark
    "\ufffd",  # replacement character
    "\uff13\uff15",  # full-width three five
    "\u00b3\u2075",  # superscript three five
    "\U0001d7d1",  # mathematical bold three
    "\u0130",  # Turkish capital I with dot
    "\u00df\ufb01",  # sharp s, fi ligature
    "\u2460\u2464",  # circled one, circled five
    "\ue000",  # private use
    "\U0010ffff",  # the last code point
)
TILE_KEYS = tuple(
    f"{a}{sep}{b}{side}"
    for a in range(8)
    for b in range(8)
    for sep in ("", " ")
    for side in ("", "t", "c", " t", "C", "x")
)


def decorated(rng: random.Random, sentence: str) -> str:
    """A grammar sentence as it might really be typed or heard."""
    words = sentence.split()
    if rng.random() < 0.3:
        words.insert(0, rng.choice(("per favore", "allora", "ok", "ehm", "dai", "senti")))
    if rng.random() < 0.3:
        words.append(rng.choice(("grazie", "per favore", "ora", "ehm", "ok")))
    if rng.random() < 0.2 and words:
        words.insert(rng.randrange(len(words)), rng.choice(("ehm", "uh", "mmm")))
    text = rng.choice((" ", "  ", "\t", " , ")).join(words)
    roll = rng.random()
    if roll < 0.2:
        text = text.upper()
    elif roll < 0.3:
        text = text.title()
    elif roll < 0.4:
        text = text.replace("e", "è").replace("a", "à")
    return rng.choice(BLANKS[:4]) + text + rng.choice(PUNCTUATION) + rng.choice(BLANKS[:4])


def random_input(rng: random.Random, kind: str) -> str:
    if kind == "sentence":
        return rng.choice(SENTENCES)
    if kind == "decorated":
        return decorated(rng, rng.choice(SENTENCES))
    if kind == "addressed":  # the attention word in front, as the recogniser may return it
        return decorated(rng, f"{phrases.ATTENTION_WORD} {rng.choice(SENTENCES)}")
    if kind == "words":
        return " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(1, 8)))
    if kind == "italian":
        pool = ITALIAN + VOCABULARY
        words = [rng.choice(pool) + rng.choice(PUNCTUATION) for _ in range(rng.randint(1, 12))]
        if rng.random() < 0.3:
            words.insert(rng.randrange(len(words) + 1), str(rng.randrange(-5, 300)))
        return " ".join(words)
    if kind == "shortcut":
        key = rng.choice((*KEYS, *TILE_KEYS, *YES_NO_KEYS, "S", " N ", "?!", "0", "6", "7"))
        return rng.choice(BLANKS[:3]) + key + rng.choice(BLANKS[:3])
    if kind == "garbage":
        if rng.random() < 0.5:
            alphabet = string.printable
            return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60)))
        raw = bytes(rng.randrange(256) for _ in range(rng.randint(1, 60)))
        return raw.decode(rng.choice(("utf-8", "latin-1")), errors="replace")
    if kind == "blank":
        return "".join(rng.choice(BLANKS) for _ in range(rng.randint(0, 4)))
    if kind == "long":
        return long_line(rng)
    assert kind == "unicode"
    return unicode_line(rng)


def long_line(rng: random.Random) -> str:
    size = rng.randint(LONG_LINE, 4 * LONG_LINE)
    roll = rng.randrange(6)
    if roll == 0:  # a command said many times
        unit = rng.choice(SENTENCES) + " "
        text = unit * (size // len(unit) + 1)
    elif roll == 1:  # one endless word
        text = rng.choice("ax3\u00e8\U0001f600") * size
    elif roll == 2:  # a valid command lost in blanks
        text = " " * size + rng.choice(("passo", "pesca", "35", "s", "sì", "continua"))
    elif roll == 3:  # digits
        text = "".join(rng.choice("0123456") for _ in range(size))
    elif roll == 4:  # random code points
        text = "".join(chr(rng.randrange(0x110000)) for _ in range(size))
    else:  # random vocabulary
        text = ""
        while len(text) < size:
            text += rng.choice(VOCABULARY) + " "
    assert len(text) >= LONG_LINE
    return text


def unicode_line(rng: random.Random) -> str:
    roll = rng.randrange(4)
    if roll == 0:  # odd characters inside a real command
        sentence = rng.choice(SENTENCES)
        at = rng.randrange(len(sentence) + 1)
        return sentence[:at] + rng.choice(UNICODE) + sentence[at:]
    if roll == 1:  # a real command wrapped in odd characters
        return rng.choice(UNICODE) + rng.choice(SENTENCES) + rng.choice(UNICODE)
    if roll == 2:
        return "".join(rng.choice(UNICODE) for _ in range(rng.randint(1, 6)))
    return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randint(1, 20)))


KINDS = {
    "sentence": 20,
    "decorated": 15,
    "addressed": 5,
    "words": 12,
    "italian": 10,
    "shortcut": 12,
    "garbage": 10,
    "blank": 6,
    "long": 3,
    "unicode": 12,
}


def random_inputs(seed: int, count: int) -> Iterator[str]:
    rng = random.Random(seed)
    kinds = list(KINDS)
    weights = list(KINDS.values())
    for _ in range(count):
        yield random_input(rng, rng.choices(kinds, weights)[0])


def spread(total: int, parts: int) -> list[int]:
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


# --- the tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize("phase", PHASES)
def test_starting_states_are_in_their_phase(phase: str) -> None:
    expected = {
        "resume_offer": Phase.RESUME_OFFER,
        "menu": Phase.MENU,
        "playing": Phase.PLAYING,
        "choose_side": Phase.CHOOSE_SIDE,
        "bonus_turn": Phase.PLAYING,
        "round_over": Phase.ROUND_OVER,
        "match_over": Phase.MATCH_OVER,
        "confirm": Phase.CONFIRM,
    }[phase]
    for manager in states(phase):
        assert manager.phase is expected
        assert manager.internal_errors == 0
        check_phase(manager)


@pytest.mark.parametrize("phase", PHASES)
def test_random_inputs_in_every_phase(phase: str) -> None:
    pristine = states(phase)
    fed = 0
    for index, (manager, count) in enumerate(
        zip(pristine, spread(RANDOM_INPUTS_PER_PHASE, len(pristine)), strict=True)
    ):
        fuzzer = Fuzzer(manager)
        for text in random_inputs(PHASES.index(phase) * 100 + index, count):
            fuzzer.feed(text)
        fed += fuzzer.inputs
    assert fed == RANDOM_INPUTS_PER_PHASE
    print(f"{phase}: {fed} random inputs")


@pytest.mark.parametrize("phase", PHASES)
def test_every_sentence_and_key_in_every_phase(phase: str) -> None:
    """The whole grammar and every keyboard shortcut, each said once; the states take turns."""
    fuzzers = [Fuzzer(manager) for manager in states(phase)]
    for index, text in enumerate(EVERY_COMMAND):
        fuzzers[index % len(fuzzers)].feed(text)
    fed = sum(f.inputs for f in fuzzers)
    assert fed == len(EVERY_COMMAND)
    print(f"{phase}: {fed} grammar sentences and keys")


any_text = st.text(st.characters(exclude_categories=()), max_size=40)
noisy_commands = st.builds(
    lambda sentence, noise, at: (
        sentence[: at % (len(sentence) + 1)] + noise + sentence[at % (len(sentence) + 1) :]
    ),
    st.sampled_from(SENTENCES),
    any_text,
    st.integers(0, 60),
)


@pytest.mark.parametrize("phase", PHASES)
def test_hypothesis_text_in_every_phase(phase: str) -> None:
    fuzzers = [Fuzzer(manager) for manager in states(phase)]

    @settings(
        max_examples=HYPOTHESIS_INPUTS_PER_PHASE,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(text=st.one_of(any_text, noisy_commands), which=st.integers(0, 10))
    def feed(text: str, which: int) -> None:
        fuzzers[which % len(fuzzers)].feed(text)

    feed()
    fed = sum(f.inputs for f in fuzzers)
    assert 0 < fed <= HYPOTHESIS_INPUTS_PER_PHASE
    print(f"{phase}: {fed} hypothesis inputs")


# --- the key navigator ----------------------------------------------------------------------------


class RecordingGame(Game):
    """A silent Game that keeps every response the navigator's keys produced."""

    def __init__(self, manager: DialogManager) -> None:
        self.transcript = io.StringIO()
        super().__init__(manager, NullOutput(), autosave=None, out=self.transcript)
        self.responses: list[tuple[Intent | None, Snapshot, Response]] = []

    def handle_intent(self, intent: Intent | None) -> Response:
        before = Snapshot.of(self.manager)
        response = super().handle_intent(intent)
        self.responses.append((intent, before, response))
        return response

    @property
    def lines(self) -> int:
        return self.transcript.getvalue().count("\n")


KEY_NAMES: tuple[str, ...] = (
    *("up", "down", "left", "right", "enter", "escape", "backspace", "eof", "interrupt", "ctrl-d"),
    *("unknown", "/", "z", "Z", "?", " ", "\t", "F5", "ctrl", ""),
    *"0123456789",
    *string.ascii_letters,
    *string.punctuation,
    *("\u00e8", "\u00ec", "\U0001f600", "\x00", "\u200b", "\ud800", "\u202e"),
)


def random_key(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.8:
        return rng.choice(KEY_NAMES)
    if roll < 0.9:  # what the reader thread makes of raw terminal input
        raw = rng.choice(
            (*SEQUENCES, "\x1b", "\r", "\n", "\x7f", "\x08", "\x04", "\x03", "\x1b[15~")
        )
        return key_name(raw if rng.random() < 0.7 else raw + rng.choice("ab~"))
    return "".join(rng.choice(string.printable) for _ in range(rng.randint(2, 8)))


def must_speak(name: str, typing: bool) -> bool:
    """Keys that always say something (or, for "b", silence the speech on purpose)."""
    if typing:
        return name in ("enter", "escape")
    if name in ("up", "down", "z", "Z", "enter", "left", "right", "/"):
        return True
    if name in ("eof", "interrupt", "", "escape"):  # handled by the game loop, or silences
        return False
    return len(name) != 1 or not name.isdigit()


@pytest.mark.parametrize("phase", PHASES)
def test_random_keys_through_the_navigator(phase: str) -> None:
    pristine = states(phase)
    rng = random.Random(1000 + PHASES.index(phase))
    pressed = 0

    def fresh(state: bytes) -> tuple[RecordingGame, KeyNavigator]:
        game = RecordingGame(thawed(state))
        return game, KeyNavigator(game)

    for manager, count in zip(pristine, spread(KEY_PRESSES_PER_PHASE, len(pristine)), strict=True):
        state = frozen(manager)
        game, navigator = fresh(state)
        for _ in range(count):
            name = random_key(rng)
            typing = navigator.line is not None
            lines, handled = game.lines, len(game.responses)
            before = Snapshot.of(game.manager)
            navigator.press(name)
            pressed += 1
            assert game.manager.internal_errors == 0, name
            check_phase(game.manager)
            new = game.responses[handled:]
            assert len(new) <= 1, "one key press, at most one command"
            for intent, seen, response in new:
                saved = vars(manager).get("_saved")
                check_answer(game.manager, seen, response, intent, f"{name!r}: {intent}", saved)
            if must_speak(name, typing):
                silenced = any(response.stop_speech for _, _, response in new)
                assert game.lines > lines or silenced, f"key {name!r} said nothing"
            after = Snapshot.of(game.manager)
            if not new:  # browsing the hand, the line prompt, Escape: nothing changes
                assert after == before, name
            if after != before or game.finished:
                game, navigator = fresh(state)
    assert pressed == KEY_PRESSES_PER_PHASE
    print(f"{phase}: {pressed} key presses")


# --- the saved-match loaders ----------------------------------------------------------------------


def base_documents() -> list[dict[str, Any]]:
    return [
        saved_match(Table("classica", 2), 31, after_moves(2)),
        saved_match(Table("blocco", 3), 32, after_moves(4)),
        saved_match(Table("pesca", 4), 33, after_moves(1)),
        saved_match(Table("jolly", 2), 34, after_moves(3)),
        saved_match(Table("capra", 2), 35, in_phase(Phase.ROUND_OVER)),
        saved_match(Table("coppie", 4, pairs=True), 36, after_moves(5)),
    ]


SMALL_VALUES: tuple[object, ...] = (
    None, True, False, 0, 1, -1, 2, 7, 99, 2**70, 1.5, "", "x", "medio", [], {}, [0, 0], [7, 1],
    {"level": "difficile"}, {"level": ["x"]}, "\ud800",
)  # fmt: skip


def mutated(rng: random.Random, document: dict[str, Any]) -> dict[str, Any]:
    """A copy with one to three random changes deep inside."""
    doc = copy.deepcopy(document)
    for _ in range(rng.randint(1, 3)):
        parent: Any = None
        key: Any = None
        node: Any = doc
        while isinstance(node, dict | list) and node and (parent is None or rng.random() < 0.75):
            parent = node
            key = rng.choice(sorted(node) if isinstance(node, dict) else range(len(node)))
            node = node[key]
        if parent is None:
            continue
        roll = rng.randrange(4)
        if roll == 0:
            parent[key] = copy.deepcopy(rng.choice(SMALL_VALUES))
        elif roll == 1:
            del parent[key]
        elif roll == 2 and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif type(node) is int:
            parent[key] = node + rng.choice((-1, 1, 7, -7))
    return doc


def test_resume_offer_survives_mutated_saved_matches() -> None:
    rng = random.Random(41)
    bases = base_documents()
    loaded = refused = 0
    for _ in range(MUTATED_SAVES):
        document = mutated(rng, rng.choice(bases))
        manager = DialogManager(
            Table(), computer_pause=0, seed=1, saved=document, player_factory=quick_player
        )
        greeting = manager.start()
        assert it.resume_offer() in greeting.text
        before = Snapshot.of(manager)
        for text in ("boh", "", "pozzo", "aiuto"):  # anything but yes or no: asked again
            response = manager.handle(text)
            before = check_answer(manager, before, response, parse(text), text, document)
            assert manager.phase is Phase.RESUME_OFFER
        answer = manager.handle(rng.choice(("sì", "s", "va bene")))
        check_answer(manager, before, answer, Answer(yes=True), "sì")
        match = current_match(manager)
        if match is None:  # damaged: set aside, and a new game from the menu
            refused += 1
            assert manager.phase is Phase.MENU
            assert answer.discard_save
            notices = (it.notice("save_corrupt"), it.notice("save_newer"))
            assert any(notice in answer.text for notice in notices), answer.text
        else:
            loaded += 1
            assert manager.phase in (Phase.PLAYING, Phase.ROUND_OVER, Phase.MATCH_OVER)
            if not answer.state_changed:  # nothing lost: the match is what the loader reads
                expected = engine_save.dumps(engine_save.from_document(document))
                assert engine_save.dumps(match) == expected
        fuzzer = Fuzzer(manager)
        for text in random_inputs(len(document), 5):
            fuzzer.feed(text)
    assert loaded and refused
    print(f"mutated saves: {loaded} resumed, {refused} set aside")


@pytest.mark.parametrize(
    "table", [Table("classica", 2), Table("capra", 3)], ids=lambda t: f"{t.variant}-{t.seats}"
)
def test_resuming_a_match_already_won_is_set_aside_and_said(table: Table) -> None:
    """A hand-edited save can hold a finished round whose scores already ended the match before
    it: no game gets there, so it is set aside and said, and the menu follows."""
    document = saved_match(table, 44, in_phase(Phase.ROUND_OVER))
    document["scores"] = [0] * len(document["scores"])
    document["scores"][1] = 500
    with pytest.raises(SaveError):
        engine_save.from_document(document)
    manager = new_manager(Table(), 5, saved=document)
    answer = manager.handle("sì")
    assert it.notice("save_corrupt") in answer.text and it.resumed() not in answer.text
    assert manager.phase is Phase.MENU and answer.discard_save
    assert manager.internal_errors == 0


def test_declining_a_mutated_saved_match_always_reaches_the_menu() -> None:
    rng = random.Random(42)
    bases = base_documents()
    for _ in range(MUTATED_SAVES // 5):
        manager = DialogManager(Table(), saved=mutated(rng, rng.choice(bases)), seed=2)
        manager.start()
        answer = manager.handle("no")
        assert manager.phase is Phase.MENU and answer.discard_save and answer.messages
        assert manager.internal_errors == 0


def test_autosave_loader_survives_damaged_files(tmp_path: Path) -> None:
    rng = random.Random(43)
    texts = [json.dumps(doc) for doc in base_documents()]
    store = AutoSave(tmp_path)
    corrupt = 0
    for number in range(AUTOSAVE_FILES):
        text = rng.choice(texts)
        roll = number % 4
        if roll == 0:
            text = json.dumps(mutated(rng, json.loads(text)))
        elif roll == 1:  # cut short, as after a crash
            text = text[: rng.randrange(len(text))]
        elif roll == 2:  # a few characters changed
            for _ in range(rng.randint(1, 3)):
                at = rng.randrange(len(text))
                text = text[:at] + rng.choice(string.printable) + text[at + 1 :]
        raw = text.encode("utf-8", errors="surrogatepass")
        if roll == 3:  # bytes flipped: maybe not even UTF-8
            data = bytearray(raw)
            for _ in range(rng.randint(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            raw = bytes(data)
        for old in tmp_path.iterdir():
            old.unlink()
        store.path.write_bytes(raw)
        found = store.load()
        if found.problem is not None:
            corrupt += 1
            assert found.document is None and found.problem in ("save_corrupt", "save_newer")
            assert not store.path.exists()
            (moved,) = list(tmp_path.iterdir())
            assert moved.read_bytes() == raw, "a damaged save is kept, never lost"
            continue
        assert found.document is not None
        assert store.path.read_bytes() == raw
        manager = DialogManager(
            Table(), computer_pause=0, seed=3, saved=found.document, player_factory=quick_player
        )
        manager.start()
        answer = manager.handle("sì")
        assert manager.internal_errors == 0 and answer.messages
        assert isinstance(current_match(manager), Match)
    assert 0 < corrupt < AUTOSAVE_FILES
    print(f"autosave files: {AUTOSAVE_FILES} loaded, {corrupt} set aside")
