"""Utterance (spoken or typed) -> Intent, from the Italian templates in `italian.phrases`.

Order of interpretation:
1. keyboard shortcuts on the whole input ("c", "?", "35", "35t", "35 c");
2. the grammar, on the normalised words: first as they are, then without leading and
   trailing fillers ("per favore", "allora", "ok"); hesitations ("ehm") are dropped anywhere;
   typed numbers become words first ("gioca 3 5" -> "gioca tre cinque", "a 100 punti").
Anything else is None: the dialog answers "Non ho capito".
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from voicedomino.grammar.normalize import normalize
from voicedomino.grammar.templates import Grammar
from voicedomino.italian import phrases
from voicedomino.italian.numbers import MAX_PIPS, PIP_WORDS, cardinal

# Slot names and value types of every intent (all slots listed are always present, except
# `side` in play and number, which is there only when said).
INTENT_SLOTS: Mapping[str, Mapping[str, type]] = MappingProxyType(
    {
        "play": {"tile": tuple, "side": str},
        "number": {"number": int, "side": str},
        "side": {"side": str},
        "set_variant": {"variant": str},
        "set_players": {"count": int},
        "set_level": {"level": str},
        "set_target": {"target": int},
        "set_wildcard": {"on": bool},
        **dict.fromkeys(
            (
                *("ends", "draw", "pass", "draw_or_pass", "hand", "playable", "hint", "line"),
                *("boneyard", "opponents", "score", "turn", "last_move", "repeat", "previous"),
                *("next_message", "help", "slower", "faster", "louder", "quieter", "brief"),
                *("detailed", "stop_speech", "new_game", "quit", "yes", "no", "continue"),
                *("set_pairs", "start", "settings"),
            ),
            MappingProxyType({}),
        ),
    }
)
OPTIONAL_SLOTS = frozenset({("play", "side"), ("number", "side")})

# Longer inputs are not commands; refusing them early keeps parsing cheap.
_MAX_INPUT_WORDS = 40
_MAX_DIGIT_VARIANTS = 16

_TILE_KEYS = re.compile(r"([0-6]) ?([0-6]) ?([tc])?")
_NUMBER_KEYS = re.compile(r"([0-6]) ?([tc])?")


@dataclass(frozen=True)
class Intent:
    """What the player asked for. `text` is the normalised text that matched."""

    name: str
    slots: Mapping[str, object] = field(hash=False)
    text: str

    def int_slot(self, name: str) -> int | None:
        value = self.slots.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def str_slot(self, name: str) -> str | None:
        value = self.slots.get(name)
        return value if isinstance(value, str) else None

    def bool_slot(self, name: str) -> bool | None:
        value = self.slots.get(name)
        return value if isinstance(value, bool) else None

    def tile(self) -> tuple[int, int] | None:
        """The tile in spoken order, for `play`."""
        value = self.slots.get("tile")
        if isinstance(value, tuple) and len(value) == 2:
            a, b = value
            if isinstance(a, int) and isinstance(b, int):
                return (a, b)
        return None


def _intent(name: str, text: str, **slots: object) -> Intent:
    return Intent(name, MappingProxyType(slots), text)


@functools.cache
def grammar() -> Grammar:
    """The compiled Italian grammar (built once, on first use)."""
    return Grammar(phrases.INTENTS, phrases.SLOT_LISTS)


def grammar_sentences(known_words: Collection[str] | None = None) -> list[str]:
    """Every accepted spoken sentence, normalised, deduplicated and sorted.

    With `known_words` (a recogniser's vocabulary), sentences using any other word are left
    out: Vosk silently drops unknown grammar words, which would turn "draw" into an empty
    sentence.
    """
    sentences = grammar().sentences()
    if known_words is None:
        return sentences
    known = set(known_words)
    return [s for s in sentences if known.issuperset(s.split())]


def vocabulary() -> set[str]:
    """Every word of the spoken grammar."""
    return grammar().vocabulary()


def keyboard_shortcuts() -> tuple[phrases.KeyboardShortcut, ...]:
    """Typed-only keys with their meaning, for the help text."""
    return (*phrases.KEYBOARD_SHORTCUTS, phrases.TILE_KEY_HELP, phrases.TILE_KEY_SIDE_HELP)


@functools.cache
def _single_keys() -> dict[str, str]:
    return {s.key: s.intent for s in phrases.KEYBOARD_SHORTCUTS}


def _side_slots(key: str | None) -> dict[str, object]:
    return {} if key is None else {"side": phrases.TILE_SIDE_KEYS[key]}


def _parse_keys(raw: str, text: str) -> Intent | None:
    keys = _single_keys()
    if raw in keys:  # "?" is punctuation, gone after normalisation
        return _intent(keys[raw], raw)
    if text in keys:
        return _intent(keys[text], text)
    if tile := _TILE_KEYS.fullmatch(text):
        a, b, side = tile.groups()
        return _intent("play", text, tile=(int(a), int(b)), **_side_slots(side))
    if number := _NUMBER_KEYS.fullmatch(text):
        n, side = number.groups()
        return _intent("number", text, number=int(n), **_side_slots(side))
    return None


@functools.cache
def _digit_words() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Typed number token -> its possible readings as grammar words."""
    readings: dict[str, list[tuple[str, ...]]] = {}
    for a in range(MAX_PIPS + 1):
        readings[str(a)] = [(PIP_WORDS[a][0],)]
        for b in range(MAX_PIPS + 1):
            readings[f"{a}{b}"] = [(PIP_WORDS[a][0], PIP_WORDS[b][0])]
    for target in phrases.SCORE_TARGETS:  # "50" is also the tile cinque-bianco
        readings.setdefault(str(target), []).insert(0, (normalize(cardinal(target)),))
    return {token: tuple(words) for token, words in readings.items()}


def _spelled_out(words: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The word sequence with typed numbers read out, every reading (few)."""
    table = _digit_words()
    options = [table.get(w, ((w,),)) for w in words]
    for combo in itertools.islice(itertools.product(*options), _MAX_DIGIT_VARIANTS):
        yield tuple(itertools.chain.from_iterable(combo))


def _filler_cuts(words: tuple[str, ...], fillers: tuple[tuple[str, ...], ...]) -> list[int]:
    """How many leading words can be dropped as fillers, step by step: [0, 1, 3, ...]."""
    cuts = [0]
    while True:
        rest = words[cuts[-1] :]
        step = next((len(f) for f in fillers if rest[: len(f)] == f and len(rest) > len(f)), 0)
        if not step:
            return cuts
        cuts.append(cuts[-1] + step)


def _cores(words: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The words, then the words with leading/trailing fillers removed (longest first)."""
    yield words
    starts = _filler_cuts(words, phrases.LEADING_FILLERS)
    reversed_fillers = tuple(tuple(reversed(f)) for f in phrases.TRAILING_FILLERS)
    ends = _filler_cuts(tuple(reversed(words)), reversed_fillers)
    for start, end in itertools.product(starts, ends):
        if (start or end) and start + end < len(words):
            yield words[start : len(words) - end]


def parse(utterance: str) -> Intent | None:
    """Return the intent of a spoken or typed utterance, or None if not understood."""
    raw = utterance.strip().lower()
    text = normalize(utterance)
    words = tuple(w for w in text.split() if w not in phrases.HESITATIONS)
    if not words and not raw:
        return None
    if len(words) > _MAX_INPUT_WORDS:
        return None
    if keyed := _parse_keys(raw, " ".join(words)):
        return keyed
    rules = grammar()
    for core in _cores(words):
        for candidate in _spelled_out(core):
            if len(candidate) <= rules.max_words and (found := rules.match(candidate)):
                return Intent(found.intent, found.slots, found.text)
    return None


__all__ = [
    "INTENT_SLOTS",
    "OPTIONAL_SLOTS",
    "Intent",
    "grammar",
    "grammar_sentences",
    "keyboard_shortcuts",
    "parse",
    "vocabulary",
]
