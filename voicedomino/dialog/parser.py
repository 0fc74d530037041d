"""Utterance (spoken or typed) -> Intent, from the Italian templates in `italian.phrases`.

Text is parsed here and nowhere else. Order of interpretation:
1. keyboard shortcuts on the whole input ("c", "?", "35", "35t", "35 c");
2. the grammar, on the normalised words: first as they are, then without leading and
   trailing fillers ("per favore", "allora", "ok"); hesitations ("ehm") are dropped anywhere;
   typed numbers become words first ("gioca 3 5" -> "gioca tre cinque", "a 100 punti").
Anything else is None: the dialog answers "Non ho capito".

The recogniser needs no parsing at all: `sentence_table()` maps each exact grammar sentence
(with and without the attention word in front) to what it means.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass

from voicedomino.dialog.intents import (
    AdjustVoice,
    Answer,
    Ask,
    AskNumber,
    AskPlayer,
    CheckMicrophone,
    Continue,
    DrawOrPass,
    DrawTile,
    ExplainRules,
    Help,
    Intent,
    Listen,
    ListVoices,
    NewGame,
    NumberQuestion,
    PassTurn,
    PlayerQuestion,
    PlayNumber,
    PlayTile,
    Query,
    Quit,
    Recall,
    Remind,
    SetAutoForced,
    SetLevel,
    SetPairs,
    SetPlayers,
    SetTarget,
    SetVariant,
    SetVerbosity,
    SetWildcard,
    ShowSettings,
    SideWord,
    Start,
    StepLevel,
    StopSpeech,
    Undo,
    UseVoice,
    VoiceChange,
)
from voicedomino.dialog.response import Verbosity
from voicedomino.engine import Side
from voicedomino.grammar.normalize import normalize
from voicedomino.grammar.templates import Grammar
from voicedomino.italian import phrases
from voicedomino.italian.numbers import MAX_PIPS, PIP_WORDS, cardinal
from voicedomino.players import Level

# Longer inputs are not commands; refusing them early keeps parsing cheap.
_MAX_INPUT_WORDS = 40
_MAX_DIGIT_VARIANTS = 16

_TILE_KEYS = re.compile(r"([0-6]) ?([0-6]) ?([tc])?")
_NUMBER_KEYS = re.compile(r"([0-6]) ?([tc])?")

Slots = Mapping[str, object]


@dataclass(frozen=True)
class Heard:
    """One utterance understood: what it means, whether it was addressed to the game with the
    attention word, and how many words carried the meaning (one word is easily misheard)."""

    intent: Intent
    addressed: bool
    words: int


# --- template names -> intents -------------------------------------------------------------


def _side(slots: Slots) -> Side | None:
    value = slots.get("side")
    return value if isinstance(value, Side) else None


def _number(slots: Slots, name: str) -> int:
    value = slots[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"slot {name!r} is not a number: {value!r}")
    return value


def _play(slots: Slots) -> Intent:
    first, second = (_int_of(v) for v in _pair(slots["tile"]))
    return PlayTile(first, second, _side(slots))


def _pair(value: object) -> tuple[object, object]:
    if not isinstance(value, tuple) or len(value) != 2:
        raise TypeError(f"not a tile: {value!r}")
    return value[0], value[1]


def _int_of(value: object) -> int:
    if not isinstance(value, int):
        raise TypeError(f"not a number: {value!r}")
    return value


def _side_word(slots: Slots) -> Intent:
    side = _side(slots)
    if side is None:
        raise TypeError("side word without a side")
    return SideWord(side)


def _level(slots: Slots) -> Intent:
    return SetLevel(Level(str(slots["level"])))


def _const(intent: Intent) -> Callable[[Slots], Intent]:
    return lambda _slots: intent


_BUILDERS: Mapping[str, Callable[[Slots], Intent]] = {
    "play": _play,
    "number": lambda s: PlayNumber(_number(s, "number"), _side(s)),
    "side": _side_word,
    "draw": _const(DrawTile()),
    "pass": _const(PassTurn()),
    "draw_or_pass": _const(DrawOrPass()),
    "undo": _const(Undo()),
    **{query.value: _const(Ask(query)) for query in Query},
    **{change.value: _const(AdjustVoice(change)) for change in VoiceChange},
    "repeat": _const(Remind(Recall.REPEAT)),
    "previous": _const(Remind(Recall.PREVIOUS)),
    "next_message": _const(Remind(Recall.NEXT)),
    "brief": _const(SetVerbosity(Verbosity.BRIEF)),
    "normal": _const(SetVerbosity(Verbosity.NORMAL)),
    "detailed": _const(SetVerbosity(Verbosity.DETAILED)),
    "stop_speech": _const(StopSpeech()),
    "help": _const(Help()),
    "yes": _const(Answer(yes=True)),
    "agree": _const(Answer(yes=True, firm=False)),
    "no": _const(Answer(yes=False)),
    "start": _const(Start()),
    "continue": _const(Continue()),
    "new_game": _const(NewGame()),
    "quit": _const(Quit()),
    "settings": _const(ShowSettings()),
    "set_variant": lambda s: SetVariant(str(s["variant"])),
    "set_players": lambda s: SetPlayers(_number(s, "count")),
    "set_pairs": _const(SetPairs()),
    "set_level": _level,
    "set_target": lambda s: SetTarget(_number(s, "target")),
    "set_wildcard": lambda s: SetWildcard(bool(s["on"])),
    "ask_number": lambda s: AskNumber(_number(s, "pips"), NumberQuestion(str(s["question"]))),
    "ask_player": lambda s: AskPlayer(_number(s, "seat")),
    "ask_player_score": lambda s: AskPlayer(_number(s, "seat"), PlayerQuestion.SCORE),
    "rules": lambda s: ExplainRules(str(s["variant_name"]) if "variant_name" in s else None),
    "level_up": _const(StepLevel(up=True)),
    "level_down": _const(StepLevel(up=False)),
    "set_auto_forced": lambda s: SetAutoForced(bool(s["on"])),
    "list_voices": _const(ListVoices()),
    "check_microphone": _const(CheckMicrophone()),
    "use_voice": lambda s: UseVoice(_number(s, "voice" if "voice" in s else "voice_ordinal")),
}


def intent_of(name: str, slots: Slots) -> Intent:
    """The intent a template (or key) name and its slot values stand for."""
    return _BUILDERS[name](slots)


# --- the grammar -----------------------------------------------------------------------------


@functools.cache
def grammar() -> Grammar:
    """The compiled Italian grammar (built once, on first use)."""
    return Grammar(phrases.INTENTS, phrases.SLOT_LISTS)


@functools.cache
def sentence_table() -> Mapping[str, Heard]:
    """Every sentence the recogniser may return, with its meaning: the plain grammar sentences,
    the same with the attention word in front, and the attention word alone."""
    table: dict[str, Heard] = {phrases.ATTENTION_WORD: Heard(Listen(), True, 1)}
    for expansion in grammar().expansions():
        intent = intent_of(expansion.intent, expansion.slots)
        size = len(expansion.words)
        table[expansion.text] = Heard(intent, False, size)
        table[f"{phrases.ATTENTION_WORD} {expansion.text}"] = Heard(intent, True, size)
    return table


def grammar_sentences(known_words: Collection[str] | None = None) -> list[str]:
    """Every sentence the recogniser may return, normalised, deduplicated and sorted.

    With `known_words` (a recogniser's vocabulary), sentences using any other word are left
    out: Vosk silently drops unknown grammar words, which would turn "draw" into an empty
    sentence.
    """
    sentences = sorted(sentence_table())
    if known_words is None:
        return sentences
    known = set(known_words)
    return [s for s in sentences if known.issuperset(s.split())]


def vocabulary() -> set[str]:
    """Every word of the spoken grammar, the attention word included."""
    return grammar().vocabulary() | {phrases.ATTENTION_WORD}


def keyboard_shortcuts() -> tuple[phrases.KeyboardShortcut, ...]:
    """Typed-only keys with their meaning, for the help text."""
    return (*phrases.KEYBOARD_SHORTCUTS, phrases.TILE_KEY_HELP, phrases.TILE_KEY_SIDE_HELP)


@functools.cache
def key_intents() -> Mapping[str, Intent]:
    """Single typed keys -> intent ("?" asks for the keys too)."""
    keys = {s.key: intent_of(s.intent, {}) for s in phrases.KEYBOARD_SHORTCUTS}
    keys["?"] = Help(with_keys=True)
    return keys


_ANSWER_KEYS = {"s": Answer(yes=True), "y": Answer(yes=True), "n": Answer(yes=False)}


def answer_key(text: str) -> Answer | None:
    """A single typed key answering a yes/no question ("s", "y", "n"); only asked for while a
    question waits, since "s" is otherwise the score."""
    return _ANSWER_KEYS.get(text.strip().lower())


def _parse_keys(raw: str, text: str) -> Intent | None:
    keys = key_intents()
    if raw in keys:  # "?" is punctuation, gone after normalisation
        return keys[raw]
    if text in keys:
        return keys[text]
    if tile := _TILE_KEYS.fullmatch(text):
        a, b, side = tile.groups()
        return PlayTile(int(a), int(b), phrases.TILE_SIDE_KEYS.get(side or ""))
    if number := _NUMBER_KEYS.fullmatch(text):
        n, side = number.groups()
        return PlayNumber(int(n), phrases.TILE_SIDE_KEYS.get(side or ""))
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


def hear(utterance: str) -> Heard | None:
    """The meaning of a spoken or typed utterance, with the attention word noted; None if not
    understood."""
    raw = utterance.strip().lower()
    text = normalize(utterance)
    words = tuple(w for w in text.split() if w not in phrases.HESITATIONS)
    if not words and not raw:
        return None
    if len(words) > _MAX_INPUT_WORDS:
        return None
    if keyed := _parse_keys(raw, " ".join(words)):
        return Heard(keyed, False, 1)
    addressed = bool(words) and words[0] == phrases.ATTENTION_WORD
    if addressed:
        words = words[1:]
        if not words:
            return Heard(Listen(), True, 1)
    rules = grammar()
    for core in _cores(words):
        for candidate in _spelled_out(core):
            if len(candidate) <= rules.max_words and (found := rules.match(candidate)):
                intent = intent_of(found.intent, found.slots)
                return Heard(intent, addressed, len(found.words))
    return None


def parse(utterance: str) -> Intent | None:
    """Return the intent of a spoken or typed utterance, or None if not understood."""
    heard = hear(utterance)
    return heard.intent if heard is not None else None


__all__ = [
    "Heard",
    "answer_key",
    "grammar",
    "grammar_sentences",
    "hear",
    "intent_of",
    "key_intents",
    "keyboard_shortcuts",
    "parse",
    "sentence_table",
    "vocabulary",
]
