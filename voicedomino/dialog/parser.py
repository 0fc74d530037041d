"""Utterance (spoken or typed) -> Intent, understood by meaning (`italian.lexicon`).

Text is parsed here and nowhere else. Order of interpretation:
1. keyboard shortcuts on the whole input ("c", "?", "35", "35t", "35 c");
2. the attention word in front ("domino, passo") is noted and dropped;
3. the words, cut into clauses at punctuation (a "?" makes its sentence a question),
   hesitations dropped, typed numbers read out ("gioca 3 5" -> "gioca tre cinque", "a 100
   punti"), elided articles typed without the apostrophe split ("lultima" -> "l ultima"),
   are understood by `grammar.meaning.Understanding` with the Italian lexicon and frames:
   fillers, courtesy and framing ("vorrei", "dimmi", "per favore") around a command, synonyms
   and regional words, free word order, remarks after a command; refusing what is no
   command, negated moves ("non passo"), someone else's words ("Marco ha detto passo"), and
   turning no question into a move ("posso mettere il sei?" asks what the six can do).
Anything else is None: the dialog answers "Non ho capito".

The recogniser listens for the sentences of the templates (`italian.phrases`):
`sentence_table()` gives each exact sentence (with and without the attention word) the
meaning its template names, which is also what the understanding above makes of it.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass

from voicedomino.dialog.intents import (
    MENU_CHOICES,
    AddComputer,
    AdjustVoice,
    Answer,
    Ask,
    AskNumber,
    AskPlayer,
    CheckMicrophone,
    CloseTable,
    Continue,
    CreateTable,
    DrawOrPass,
    DrawTile,
    ExplainRules,
    Help,
    Intent,
    JoinTable,
    LeaveTable,
    Listen,
    ListVoices,
    MenuChoice,
    NewGame,
    NumberQuestion,
    PassTurn,
    PlayerQuestion,
    PlayNumber,
    PlayOnline,
    PlayTile,
    Query,
    QuickMessage,
    Quit,
    Recall,
    Remind,
    RemoveComputer,
    SetAutoForced,
    SetLevel,
    SetOpening,
    SetPairs,
    SetPlayers,
    SetSpinner,
    SetTarget,
    SetTileSet,
    SetVariant,
    SetVerbosity,
    SetWildcard,
    SeveralChoices,
    ShowSettings,
    SideWord,
    Start,
    StepLevel,
    StopSpeech,
    Undo,
    UseVoice,
    VoiceChange,
    WhoIsThere,
)
from voicedomino.dialog.response import Verbosity
from voicedomino.engine import Side
from voicedomino.grammar.meaning import FILLER, PAUSE, Clause, Lexicon, Understanding, Words
from voicedomino.grammar.normalize import normalize, strip_accents
from voicedomino.grammar.templates import Grammar
from voicedomino.italian import lexicon, phrases
from voicedomino.italian.numbers import MAX_PIPS, PIP_WORDS, cardinal
from voicedomino.players import Level

# Longer inputs are not commands; refusing them early keeps parsing cheap.
_MAX_INPUT_WORDS = 40
_MAX_DIGIT_VARIANTS = 16

_TILE_KEYS = re.compile(r"([0-9]) ?([0-9]) ?([tcab])?")  # t, c, a, b: testa, coda, sopra, sotto
_NUMBER_KEYS = re.compile(r"([0-9]) ?([tcab])?")

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
    side = _side(slots)
    named = first == second == lexicon.SET_NAMED_BY_ITS_DOUBLE and side is None
    if slots.get("named") and named:
        return SetTileSet(first, said_as_tile=True)  # "doppio nove", as lexicon's frame says
    return PlayTile(first, second, side)


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


def _code(slots: Slots) -> str:
    """A table's code: digits (typed, or said one by one), or two said as a tile ("12")."""
    value = slots["code"]
    if isinstance(value, tuple):
        return "".join(str(_int_of(digit)) for digit in _pair(value))
    return str(value)


def _join(slots: Slots) -> Intent:
    return JoinTable(_code(slots), spectator=bool(slots.get("spectator", False)))


def _add_computer(slots: Slots) -> Intent:
    return AddComputer(Level(str(slots["level"])) if "level" in slots else None)


def _remove_computer(slots: Slots) -> Intent:
    return RemoveComputer(_number(slots, "seat_number") - 1 if "seat_number" in slots else None)


# The choices a sentence of the template "several_choices" makes, in the menu's order: the
# slot that says each, and the meaning it has said alone.
_CHOICE_SLOTS = (
    ("variant", "set_variant"),
    ("count", "set_players"),
    ("pairs", "set_pairs"),
    ("level", "set_level"),
    ("target", "set_target"),
)


def _several_choices(slots: Slots) -> Intent:
    """Menu choices said together: each built as said alone (the understanding gives them as
    `choices`, in the order said; a template sentence as its slots)."""
    said = slots.get("choices")
    if said is None:
        said = tuple((name, slots) for slot, name in _CHOICE_SLOTS if slot in slots)
    if not isinstance(said, tuple):
        raise TypeError(f"not a list of choices: {said!r}")
    choices: list[MenuChoice] = []
    for name, values in said:
        choice = intent_of(name, values)
        for one in choice.choices if isinstance(choice, SeveralChoices) else (choice,):
            if not isinstance(one, MENU_CHOICES):
                raise TypeError(f"not a menu choice: {choice!r}")
            choices.append(one)  # "quattro giocatori a coppie" is two choices of its own
    return SeveralChoices(tuple(choices))


def _pairs(slots: Slots) -> Intent:
    """Pairs, and the four players said with them ("quattro giocatori, a coppie"): both choices
    made, as said. Another count said with pairs names the others ("io e Giulia contro gli
    altri due")."""
    if slots.get("count") == max(phrases.PLAYER_COUNTS):
        return SeveralChoices((SetPlayers(_number(slots, "count")), SetPairs()))
    return SetPairs()


def _const(intent: Intent) -> Callable[[Slots], Intent]:
    return lambda _slots: intent


_BUILDERS: Mapping[str, Callable[[Slots], Intent]] = {
    "play": _play,
    "number": lambda s: PlayNumber(_number(s, "number"), _side(s)),
    "number_question": lambda s: PlayNumber(_number(s, "number")),
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
    "stay": _const(Answer(yes=False)),  # "non voglio uscire": the answer to "Vuoi uscire?"
    "start": _const(Start()),
    "continue": _const(Continue()),
    "new_game": _const(NewGame()),
    "quit": _const(Quit()),
    "settings": _const(ShowSettings()),
    "set_variant": lambda s: SetVariant(str(s["variant"])),
    "set_players": lambda s: SetPlayers(_number(s, "count")),
    "set_pairs": _pairs,
    "set_level": _level,
    "set_target": lambda s: SetTarget(_number(s, "target")),
    "set_wildcard": lambda s: SetWildcard(bool(s["on"])),
    "set_tile_set": lambda s: SetTileSet(
        _number(s, "tile_set"), said_as_tile=bool(s.get("said_as_tile", False))
    ),
    "set_spinner": lambda s: SetSpinner(bool(s["on"])),
    "set_opening": lambda s: SetOpening(str(s["opening"])),
    "several_choices": _several_choices,
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
    # At a network table (dialog.network carries them out).
    "play_online": _const(PlayOnline()),
    "create_table": lambda s: CreateTable(_number(s, "turn_timer") if "turn_timer" in s else None),
    "join_table": _join,
    "add_computer": _add_computer,
    "remove_computer": _remove_computer,
    "who_is_there": _const(WhoIsThere()),
    "quick_message": lambda s: QuickMessage(str(s["message"])),
    "leave_table": _const(LeaveTable()),
    "close_table": lambda s: CloseTable(bool(s["closed"])),
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
        size = meaning_words(expansion.words)
        table[expansion.text] = Heard(intent, False, size)
        table[f"{phrases.ATTENTION_WORD} {expansion.text}"] = Heard(intent, True, size)
    return table


def meaning_words(words: Sequence[str]) -> int:
    """How many of these words carry meaning: all but fillers ("per favore", "allora")."""
    tags = understanding().lexicon.tag(words)
    return sum(len(tag.words) for tag in tags if tag.concept != FILLER)


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
    """Every word the recogniser knows: the spoken grammar's, the attention word, and the
    words said before a table's code (which no sentence can list)."""
    return grammar().vocabulary() | {phrases.ATTENTION_WORD, *phrases.TABLE_CODE_WORDS}


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
    for seconds in lexicon.TURN_TIMERS:  # "30 secondi"; "gioca 30" is still tre-bianco
        readings.setdefault(str(seconds), []).insert(0, (normalize(cardinal(seconds)),))
    return {token: tuple(words) for token, words in readings.items()}


def _spelled_out(words: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], ...]]:
    """The word sequence with typed numbers read out, every reading (few): each word's
    reading, in order ("30" is "trenta", else "tre zero")."""
    table = _digit_words()
    options = [table.get(w, ((w,),)) for w in words]
    yield from itertools.islice(itertools.product(*options), _MAX_DIGIT_VARIANTS)


# Elided words typed without the apostrophe: "lultima", "unaltra", "dellasso".
_ELISIONS = ("dell", "dall", "nell", "sull", "all", "quell", "quest", "un", "l", "c", "d")

# Punctuation that ends a clause; "?" also makes its sentence a question.
_CLAUSE_END = re.compile(r"([^.,;:!?¿¡…]*)([.,;:!?¿¡…]*)")
_SENTENCE_END = frozenset(".!?…")


@functools.cache
def understanding() -> Understanding:
    """The Italian lexicon and frames, compiled (once, on first use)."""
    return Understanding(
        Lexicon(lexicon.ENTRIES, lexicon.ENDINGS, lexicon.DIGITS, lexicon.TITLES, lexicon.NAME),
        lexicon.FRAMES,
        lexicon.CLAUSE_WORDS,
        lexicon.PRECEDENCE,
        lexicon.TOGETHER,
    )


@functools.cache
def _dictated_marks() -> re.Pattern[str]:
    said = sorted(lexicon.DICTATED_MARKS, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(map(re.escape, said)) + r")\b", re.IGNORECASE)


_CUT_AT_FRONT = re.compile(r"(?<![\w'’])['’](\w+)")


_JOINED_ARTICLE = re.compile(
    r"(?<![\w-])(" + "|".join(map(re.escape, lexicon.JOINED_ARTICLES)) + r")(?![\w-])",
    re.IGNORECASE,
)


def _articles_parted(utterance: str) -> str:
    """A preposition joined to its article by a hyphen ("co-o", Ligurian) as the Italian."""
    return _JOINED_ARTICLE.sub(
        lambda joined: lexicon.JOINED_ARTICLES[joined.group(1).lower()], utterance
    )


def _uncut(utterance: str) -> str:
    """Words written with an apostrophe for their first letters ("'un", Tuscan "non") as
    the words they stand for."""
    return _CUT_AT_FRONT.sub(
        lambda cut: lexicon.CUT_AT_FRONT.get(cut.group(1).lower(), cut.group(0)), utterance
    )


_TYPED_TOKEN = re.compile(r"[\w'’-]+|\.{2,}|…|[^\w\s]")
_BROKEN_OFF = frozenset({"…", "..", "..."})
_RESTARTED_WORDS = 3  # at most this many words said again after a word broken off


def _stammer_mended(utterance: str) -> str:
    """A word broken off and begun again written once: "Gio... gioca il... il tre" is
    "gioca il tre", "non vo... non voglio" is "non voglio" (the part before "..." is the
    beginning of a word that follows, and words said just before it are said again)."""
    tokens = _TYPED_TOKEN.findall(utterance)
    mended = list(tokens)
    index = 1
    while index < len(mended) - 1:
        if mended[index] not in _BROKEN_OFF and not mended[index].startswith(".."):
            index += 1
            continue
        cut = strip_accents(mended[index - 1].lower())
        after = [strip_accents(t.lower()) for t in mended[index + 1 : index + 3]]
        if not cut[:1].isalnum() or not any(word.startswith(cut) for word in after):
            index += 1
            continue
        begun = index + 1 + next(i for i, word in enumerate(after) if word.startswith(cut))
        start = index - 1
        if begun > index + 1:  # "non vo... non voglio": the words before it said again
            said_again = begun - index - 1
            before = mended[max(0, start - said_again) : start]
            if [t.lower() for t in before] == [t.lower() for t in mended[index + 1 : begun]]:
                start -= said_again
        del mended[start : index + 1]
        index = start + 1
    return utterance if mended == tokens else " ".join(mended)


_CODE_DIGITS = 4
_TABLE_NAMED = re.compile(r"\b(?:tavol|tavul|codic)", re.IGNORECASE)


_CODE_PAUSES = frozenset({",", "-", ";", *_BROKEN_OFF})


def _code_digits(token: str) -> str:
    """The digits a token of a code says: a digit's name, or digits typed ("4912")."""
    if token.isascii() and token.isdigit():
        return token
    return _digits_of(strip_accents(token.lower()))


def _digit_run(tokens: Sequence[str], start: int, step: int) -> tuple[int, list[str]]:
    """From `start`, going by `step`, the run of digits (pauses between them allowed): where
    it ends (the last digit's index) and its groups of digits said without a pause."""
    groups: list[str] = [""]
    index, last = start, start - step
    while 0 <= index < len(tokens):
        digits = _code_digits(tokens[index])
        if digits:
            groups[-1] = groups[-1] + digits if step > 0 else digits + groups[-1]
            last = index
        elif tokens[index] in _CODE_PAUSES or tokens[index].startswith(".."):
            if groups[-1]:
                groups.append("")
        else:
            break
        index += step
    found = [group for group in groups if group]
    return last, found if step > 0 else found[::-1]


def _corrected_code(said: str, meant: list[str]) -> str | None:
    """The code a correction gives: a whole code said after it ("sette... no, nove, nove tre
    due sei": the last group of four digits or more, or all it said); else, in a code broken
    off, its digits in place of the last digit said ("quattro otto... no, nove uno due").
    None where which digits it corrects is not sure ("4812, no, 49")."""
    whole = "".join(meant)
    if len(meant[-1]) >= _CODE_DIGITS:
        return meant[-1]
    if len(whole) >= _CODE_DIGITS:
        return whole
    code = said[:-1] + whole
    return code if len(said) < _CODE_DIGITS and len(code) == _CODE_DIGITS else None


def _code_corrected(utterance: str) -> str | None:
    """A table's code said with a correction ("il tavolo sette... no, nove, nove tre due
    sei") as the corrected code ("9326"); None where the digits corrected are not sure
    ("il tavolo 4812, no, 49": asked again, never another table or a tile)."""
    if not _TABLE_NAMED.search(utterance):
        return utterance
    tokens = _TYPED_TOKEN.findall(utterance)
    lowered = [strip_accents(token.lower()) for token in tokens]
    for index, word in enumerate(lowered):
        if word not in lexicon.CODE_CORRECTIONS:
            continue
        after = index + 1
        while after < len(tokens) and (
            lowered[after] in lexicon.CODE_CORRECTIONS or tokens[after] in _CODE_PAUSES
        ):
            after += 1
        before = index - 1
        while before >= 0 and (tokens[before] in _CODE_PAUSES or tokens[before].startswith("..")):
            before -= 1
        if before < 0 or after >= len(tokens):
            continue
        if not (_code_digits(tokens[before]) and _code_digits(tokens[after])):
            continue
        first, said = _digit_run(tokens, before, -1)
        last, meant = _digit_run(tokens, after, 1)
        code = _corrected_code("".join(said), meant)
        if code is None:
            return None
        mended = [*tokens[:first], code, *tokens[last + 1 :]]
        return _code_corrected(" ".join(mended))
    return utterance


def _undictated(utterance: str) -> str:
    """Punctuation said aloud ("virgola", "punto interrogativo") as the marks themselves."""
    marked = _dictated_marks().sub(
        lambda said: lexicon.DICTATED_MARKS[said.group(1).lower()], utterance
    )
    return re.sub(rf"\b{lexicon.DICTATED_END}\s*$", ".", marked, flags=re.IGNORECASE)


def _clauses(utterance: str) -> list[Clause] | None:
    """The utterance cut at punctuation (said aloud or written): each clause's words
    (hesitations dropped) and the mark that ends its sentence ("?", "!" or ""); in a sentence
    that asks or exclaims nothing, PAUSE on a clause before "..." or ":" (what follows goes on
    with it, or decides: "giocatori: tre", "ho il tre... metto il tre"). None where a
    table's code was corrected and the digits meant are not sure."""
    corrected = _code_corrected(_stammer_mended(utterance))
    if corrected is None:
        return None
    utterance = _undictated(corrected)
    utterance = _infinitives_whole(_uncut(_articles_parted(utterance)))
    clauses: list[Clause] = []
    sentence: list[tuple[str, ...]] = []
    paused: set[int] = set()  # the clauses of the sentence a pause follows
    for match in _CLAUSE_END.finditer(utterance):
        text, marks = match.groups()
        words = tuple(
            part
            for word in _by_next_word(_as_i_say_it(normalize(text).split()))
            if word not in phrases.HESITATIONS
            for part in _unglued(_written_out(word)).split()
            if part not in phrases.HESITATIONS  # "ehhh", drawn out, is still "eh"
        )
        if words:
            sentence.append(words)
            if ":" in marks or "…" in marks or ".." in marks:
                paused.add(len(sentence) - 1)
        if _SENTENCE_END & set(marks) or match.end() == len(utterance):
            mark = "?" if "?" in marks else "!" if "!" in marks else ""
            clauses.extend(
                (clause, PAUSE if not mark and index in paused else mark)
                for index, clause in enumerate(sentence)
            )
            sentence, paused = [], set()
    return clauses


_CUT_INFINITIVE = re.compile(rf"(?<!\w)(\w+?)([{''.join(lexicon.CUT_INFINITIVES)}])(?![\w'’])")


def _infinitives_whole(utterance: str) -> str:
    """Infinitives cut after their accented vowel ("giocà", "guardà", "dì") written whole,
    when the lexicon knows the whole one; other accented words ("già", "più") stay."""

    def whole(cut: re.Match[str]) -> str:
        stem, vowel = cut.groups()
        said = strip_accents(stem.lower()) + lexicon.CUT_INFINITIVES[vowel]
        return said if said in _vocabulary() else cut.group(0)

    return _CUT_INFINITIVE.sub(whole, utterance)


def _by_next_word(words: list[str]) -> list[str]:
    """Regional words read by the word after them (Sicilian "cu è", "cu c'è": "chi"; the
    Neapolitan "cu" before anything else is "con") or before them ("posso mette", a clause
    ending "a mia"); the South's "I have" beside an infinitive
    as "I must" ("piscari haju", "haju a passari")."""
    read = list(words)
    for index, word in enumerate(words[:-1]):
        for regional in (lexicon.REGIONAL_BEFORE, lexicon.REGIONAL_BEFORE_A_COUNT):
            before, meaning = regional.get(word, (frozenset(), ""))
            if words[index + 1] in before:
                read[index] = meaning
    for index, word in enumerate(words[1:], start=1):
        before, meaning = lexicon.REGIONAL_AFTER.get(word, (frozenset(), ""))
        if words[index - 1] in before:
            read[index] = meaning
    if len(words) > 1:
        before, meaning = lexicon.AT_THE_END_AFTER.get(words[-1], (frozenset(), ""))
        if words[-2] in before:
            read[-1] = meaning
    for index, word in enumerate(words):
        after = words[index + 1 : index + 3]
        beside = [*words[max(index - 1, 0) : index], *after[:1], *after[1:] * (after[:1] == ["a"])]
        if word in lexicon.MUST_BESIDE_INFINITIVE and any(map(_is_infinitive, beside)):
            read[index] = lexicon.MUST_BESIDE_INFINITIVE[word]
    return read


def _as_i_say_it(words: list[str]) -> list[str]:
    """After "io" or "tu" (and a "non" or pronoun), a verb said as "lui" says it, as "io" or
    "tu" does: "io prende" -> "io prendo", "io non può" -> "io non posso", "tu mette" ->
    "tu metti" (a learner of Italian)."""
    read = list(words)
    for index, word in enumerate(words[:-1]):
        said_as = _PERSONS_SAID_AS_THIRD.get(word)
        if said_as is None:
            continue
        forms, ending = said_as
        at = index + 1
        while at < len(words) - 1 and words[at] in lexicon.FIRST_PERSON_BEFORE:
            at += 1
        verb = words[at]
        mine = forms.get(verb)
        if mine is None and len(verb) > _DIALECT_MIN_LETTERS and verb[-1] in "ae":
            mine = verb[:-1] + ending if verb[:-1] + ending in _vocabulary() else None
        if mine is not None:
            read[at] = mine
    return read


# who speaks: the verbs said as "lui" says them, and the ending of "-a"/"-e" verbs
_PERSONS_SAID_AS_THIRD = {
    "io": (lexicon.FIRST_PERSON_SAID_AS_THIRD, "o"),
    "tu": (lexicon.SECOND_PERSON_SAID_AS_THIRD, "i"),
}


def _is_infinitive(word: str) -> bool:
    return len(word) > _DIALECT_MIN_LETTERS and word.endswith(lexicon.INFINITIVE_ENDINGS)


def _written_out(word: str) -> str:
    """A word typed short ("nn", "xke") or in a regional form ("cossa", "ga") as the Italian
    word(s) it stands for, a table's code said as one number ("novemiladodici") as its
    digits; else the word."""
    return (
        lexicon.ABBREVIATIONS.get(word)
        or lexicon.REGIONAL.get(word)
        or (_four_digit_numbers().get(word) if word not in _vocabulary() else None)
        or _respelled(word)
        or word
    )


_DRAWN_OUT = re.compile(r"(.)\1{2,}")


def _respelled(word: str) -> str | None:
    """A word the lexicon lacks, typed the way of a chat, as the word it stands for when that
    is a word of the lexicon: "k" for "ch" and "c" ("ki", "kome", "anke"), "x" for "per"
    ("xò"), letters drawn out ("siii", "pescooo"), a verb of telling said again ("ridimmi")."""
    known = understanding().lexicon.vocabulary()
    if word in known:
        return None
    candidates = []
    if "k" in word:
        candidates.append(re.sub("k(?=[ei])", "ch", word).replace("k", "c"))
    if "x" in word:
        candidates.append(word.replace("x", "per"))
    if _DRAWN_OUT.search(word):
        candidates += [_DRAWN_OUT.sub(r"\1", word), _DRAWN_OUT.sub(r"\1\1", word)]
    found = next((candidate for candidate in candidates if candidate in known), None)
    return (
        found
        or _said_again(word)
        or _plain_verb(word, known)
        or _in_dialect(word, known)
        or _mistyped(word)
    )


_VOWELS = frozenset("aeiou")


@functools.cache
def _one_letter_less() -> Mapping[str, frozenset[str]]:
    """Each word of the lexicon (of letters only) under each form of it typed in a hurry
    with a letter left out: a vowel inside it ("cda", "varinte"; a first vowel left out is a
    regional form, "sperto") or one of a double ("bloco", "spiner")."""
    missing: dict[str, set[str]] = {}
    for word in understanding().lexicon.vocabulary():
        if word.isalpha() and len(word) > lexicon.TYPO_MIN_LETTERS:
            for cut, letter in enumerate(word):
                doubled = letter in word[max(0, cut - 1) : cut] + word[cut + 1 : cut + 2]
                if doubled or (cut > 0 and letter in _VOWELS):
                    missing.setdefault(word[:cut] + word[cut + 1 :], set()).add(word)
    return {form: frozenset(words) for form, words in missing.items()}


def _doubled_as_said(word: str, at: int) -> bool:
    """Whether the letter at *at*, the same as the one before, is a consonant doubled between
    vowels as the regions say it ("sòccia", "robba"), not a key pressed twice ("caprra")."""
    return (
        word[at] in lexicon.DOUBLED_IN_DIALECT
        and at >= 2
        and word[at - 2] in _VOWELS
        and at + 1 < len(word)
        and word[at + 1] in _VOWELS
    )


def _mistyped(word: str) -> str | None:
    """A word typed in a hurry as the one word of the lexicon it stands for: a vowel or one
    letter of a double left out ("cda", "bloco"), a letter typed twice ("ciaoo"; not a consonant
    Italian speech doubles: "sòccia" is a Bolognese word, no "socia"), two letters
    swapped ("gicoa"); None when no word or more than one fits. Other slips make other
    Italian words ("brutta" is no "butta"): they are left alone. The recogniser only gives
    words of the lexicon, so this reads typing only."""
    if not word.isalpha() or len(word) < lexicon.TYPO_MIN_LETTERS:
        return None
    known = _vocabulary()
    fits = set(_one_letter_less().get(word, ()))
    if len(word) > lexicon.TYPO_MIN_LETTERS:
        fits.update(
            single
            for at in range(1, len(word))
            if word[at] == word[at - 1]
            and not _doubled_as_said(word, at)
            and (single := word[:at] + word[at + 1 :]) in known
        )
        fits.update(
            swapped
            for at in range(len(word) - 1)
            if (swapped := word[:at] + word[at + 1] + word[at] + word[at + 2 :]) in known
        )
    return next(iter(fits)) if len(fits) == 1 else None


def _in_dialect(word: str, known: frozenset[str]) -> str | None:
    """A word said in the South's or Rome's way ("tavulu", "jucari", "famo", "mettice",
    "chiddu", "arto", "mittissi") as the Italian word the lexicon knows: its ending read as
    the Italian one (lexicon.DIALECT_ENDINGS), then its sounds (DIALECT_SOUNDS), each where
    it is said, once or everywhere; None if no reading is known."""
    if len(word) < _DIALECT_MIN_LETTERS:
        return None
    forms = [(word, "")] + [
        (word[: -len(said)] + meant, said)
        for said, meant in lexicon.DIALECT_ENDINGS
        if word.endswith(said)
    ]
    for form, ending in forms:
        for candidate in _sounds_read(form):
            if candidate != word and candidate in known:
                return candidate
            if ending == lexicon.CONDITIONAL_SAID and (plain := _plain_verb(candidate, known)):
                return plain
    for said, meant in lexicon.FINAL_E_ENDINGS:
        if word.endswith(said):
            for candidate in _sounds_read(word[: -len(said)] + meant):
                if candidate not in known:
                    continue
                concepts = understanding().lexicon.concepts_of_word(candidate)
                if not concepts & lexicon.FINAL_E_NOT_FOR:
                    return candidate
    return None


def _sounds_read(form: str) -> list[str]:
    """The form, then with each of the dialect's sounds read as Italian, one place at a time
    and everywhere at once."""
    read = [form]
    for said, meant in lexicon.DIALECT_SOUNDS:
        for stem in list(read):
            places = [m.start() for m in re.finditer(re.escape(said), stem)]
            read += [stem[:at] + meant + stem[at + len(said) :] for at in places]
            if len(places) > 1:
                read.append(stem.replace(said, meant))
    return read


# Words shorter than this are never read as dialect: too many short words would become others.
_DIALECT_MIN_LETTERS = 4


def _plain_verb(word: str, known: frozenset[str]) -> str | None:
    """A verb in the conditional, the subjunctive or the "lei" imperative ("aggiungerei",
    "chiuda") as the form the lexicon knows ("aggiungi", "chiudi"); the conditional asked of
    the game as a request ("aprirebbe" -> "puoi apri")."""
    for ending, replacements in lexicon.VERB_FORMS:
        stem = word[: -len(ending)]
        if not word.endswith(ending) or len(stem) < 2:
            continue
        for replacement in replacements:
            for candidate in (stem + replacement, stem.removesuffix("h") + replacement):
                if candidate != word and candidate in known and _is_verb(candidate):
                    # "puoi" only before a verb that is a phrase alone ("mi racconti" stays)
                    # and no move ("giocheresti il sei?" asks advice)
                    polite = ending in lexicon.POLITE_ENDINGS and _asks_a_service(candidate)
                    return f"{lexicon.REQUEST_WORD} {candidate}" if polite else candidate
    return None


def _asks_a_service(verb: str) -> bool:
    meaning = understanding().lexicon.meaning_of(verb)
    if meaning is None:
        return False
    concept, value = meaning
    return concept not in lexicon.CLAUSE_WORDS.moves or value == lexicon.ADD


def _is_verb(word: str) -> bool:
    return bool(understanding().lexicon.concepts_of_word(word) & lexicon.VERB_CONCEPTS)


def _said_again(word: str) -> str | None:
    """A verb of telling with "ri-" ("rispiegami") as the verb ("spiegami"), when the lexicon
    knows it as telling."""
    if not word.startswith(lexicon.AGAIN_PREFIX):
        return None
    verb = word[len(lexicon.AGAIN_PREFIX) :]
    meaning = understanding().lexicon.meaning_of(verb)
    return verb if meaning is not None and meaning[0] in lexicon.AGAIN_CONCEPTS else None


def _vocabulary() -> frozenset[str]:
    return understanding().lexicon.vocabulary()


@functools.cache
def _four_digit_numbers() -> dict[str, str]:
    """Numbers of four digits as one word: only a table's code is that long."""
    return {strip_accents(cardinal(n)): str(n) for n in range(1000, 10000)}


def _unglued(word: str) -> str:
    """A word the lexicon does not know, cut after an elided article it starts with when the
    rest is a word it knows ("lultima" -> "l ultima"); else the word."""
    known = understanding().lexicon.vocabulary()
    if word in known or " " in word:
        return word
    for prefix in _ELISIONS:
        rest = word[len(prefix) :]
        if word.startswith(prefix) and len(rest) > 1 and rest[0] in "aeiou" and rest in known:
            return f"{prefix} {rest}"
    return word


def _readings(clauses: list[Clause]) -> Iterator[list[Clause]]:
    """The clauses with typed numbers read out, every reading (few)."""
    words = tuple(w for clause, _ in clauses for w in clause)
    for spelled in _spelled_out(words):
        rebuilt = []
        for clause, asked in clauses:
            said, spelled = spelled[: len(clause)], spelled[len(clause) :]
            rebuilt.append((tuple(itertools.chain.from_iterable(said)), asked))
        yield rebuilt


# Digits said one by one: three or more in a row are a code ("quattro sette due uno": 4721),
# never a tile or a number of the game.
_DIGIT_NAMES = {words[0]: str(n) for n, words in PIP_WORDS.items()}
_CODE_MIN_DIGITS = 3


@functools.cache
def _two_digit_numbers() -> dict[str, str]:
    return {strip_accents(cardinal(n)): str(n) for n in range(10, 100)}


def _pairs_joined(clause: Words) -> Words:
    """Two numbers of two digits said one after the other as one code of four digits
    ("trentotto cinquanta": 3850), as people read a code in pairs."""
    pairs = _two_digit_numbers()
    words: list[str] = []
    index = 0
    while index < len(clause):
        first, second = clause[index], clause[index + 1] if index + 1 < len(clause) else ""
        if first in pairs and second in pairs:
            words.append(pairs[first] + pairs[second])
            index += 2
            continue
        words.append(first)
        index += 1
    return tuple(words)


def _listed_digits_joined(clauses: list[Clause]) -> list[Clause]:
    """A table's code said digit by digit with a pause (a comma) after each ("il tavolo sei,
    due, due, otto", "tavulu quattru, setti, dui, unu"): the clauses of one digit joined to
    the clause before, whose last words are digits, when they are a code's four digits."""
    if not any(_TABLE_NAMED.match(word) for clause, _ in clauses for word in clause):
        return clauses
    joined: list[Clause] = []
    index = 0
    while index < len(clauses):
        clause, mark = clauses[index]
        ending = next((i for i, word in enumerate(reversed(clause)) if not _digits_of(word)), 0)
        listed = index + 1
        while (
            listed < len(clauses)
            and len(clauses[listed][0]) == 1
            and _digits_of(clauses[listed][0][0])
            and clauses[listed][1] == mark
        ):
            listed += 1
        if ending and ending + listed - index - 1 == _CODE_DIGITS:
            digits = tuple(word for said, _ in clauses[index + 1 : listed] for word in said)
            joined.append(((*clause, *digits), mark))
            index = listed
            continue
        joined.append((clause, mark))
        index += 1
    return joined


def _codes_joined(clauses: list[Clause]) -> list[Clause]:
    """Runs of digits said one by one, each joined into one word of digits (with the pauses
    of a code listed digit by digit); a code said in two pairs of digits, joined."""
    joined: list[Clause] = []
    for said, mark in _listed_digits_joined(clauses):
        clause = _pairs_joined(said)
        words: list[str] = []
        run: list[tuple[str, str]] = []  # (word, its digits)
        for word in (*clause, None):
            digits = _digits_of(word) if word is not None else ""
            if digits:
                run.append((word or "", digits))
                continue
            if len(run) >= _CODE_MIN_DIGITS:
                words.append("".join(digits for _, digits in run))
            else:
                words.extend(said for said, _ in run)
            run = []
            if word is not None:
                words.append(word)
        joined.append((tuple(words), mark))
    return joined


def _digits_of(word: str) -> str:
    """The digit a digit's name stands for, a typed single digit itself; else ""."""
    if word.isascii() and word.isdigit() and len(word) == 1:
        return word
    return _DIGIT_NAMES.get(word, "")


_LONGEST_GIVING_UP = max(len(phrase.split()) for phrase in lexicon.GIVING_UP)


def _gives_up(utterance: str) -> bool:
    """Whether the utterance ends by giving up what was begun: after a hesitation or a pause,
    only words that drop it ("Ehm... niente, lascia stare", "mah, lascia perdere", "il
    tre... no niente, lascia stare"), or an opening "niente" and another of them ("niente,
    lascia stare"). Alone or after a "no" they stay the answer "no" ("lascia stare"); a lone
    "niente" after a value may be the blank ("il sei... niente")."""
    hesitations = phrases.HESITATIONS | lexicon.HESITATING
    tokens = [token.lower() for token in _TYPED_TOKEN.findall(utterance)]
    paused = [
        index
        for index, token in enumerate(tokens)
        if token in _BROKEN_OFF or token.startswith("..") or normalize(token) in hesitations
    ]
    begun = tokens[: paused[-1]] if paused else []
    tail = tokens[paused[-1] + 1 :] if paused else tokens
    said = normalize(" ".join(tail)).split()
    given_up: list[str] = []
    while said:
        size = next(
            (
                size
                for size in range(min(_LONGEST_GIVING_UP, len(said)), 0, -1)
                if " ".join(said[:size]) in lexicon.GIVING_UP
            ),
            0,
        )
        if not size:
            return False
        given_up.append(" ".join(said[:size]))
        said = said[size:]
    if not given_up:
        return False
    if not paused:
        return len(given_up) > 1 and given_up[0] in lexicon.GIVING_UP_OPENERS
    something_begun = any(word not in hesitations for word in normalize(" ".join(begun)).split())
    return not something_begun or not set(given_up) <= lexicon.BLANK_OR_NOTHING


def hear(utterance: str) -> Heard | None:
    """The meaning of a spoken or typed utterance, with the attention word noted; None if not
    understood."""
    raw = utterance.strip().lower()
    clauses = _clauses(utterance)
    if clauses is None:
        return None
    words = tuple(w for clause, _ in clauses for w in clause)
    if not words and not raw:
        return None
    if len(words) > _MAX_INPUT_WORDS or _gives_up(utterance):
        return None
    if keyed := _parse_keys(raw, " ".join(words)):
        return Heard(keyed, False, 1)
    addressed = bool(words) and words[0] == phrases.ATTENTION_WORD
    if addressed:
        first, asked = clauses[0]
        clauses = [(first[1:], asked), *clauses[1:]] if first[1:] else clauses[1:]
        if not clauses:
            return Heard(Listen(), True, 1)
    if len(clauses) > 1 and _addresses_the_game(clauses[0][0]):
        clauses = clauses[1:]  # "computer, che pezzi ho?"
    said = {word for clause, _ in clauses for word in clause}
    if said <= lexicon.YES_WORDS and said & lexicon.YES_WHEN_ALONE:  # "sie, sie": Tuscan
        return Heard(Answer(yes=True), addressed, sum(len(clause) for clause, _ in clauses))
    for reading in _readings(clauses):
        found = understanding().understand(_codes_joined(reading), _MAX_INPUT_WORDS)
        if found is not None and found.weak and _trails_off(utterance):
            return None  # "ehm... aspè... mmh": still thinking, no answer yet
        if found is not None:
            return Heard(intent_of(found.intent, found.slots), addressed, found.words)
    return None


def _trails_off(utterance: str) -> bool:
    """Whether the utterance ends in a hesitation after words ("aspetta... mmh", "sì...
    boh"): a short answer so said is not given yet."""
    hesitations = phrases.HESITATIONS | lexicon.HESITATING
    words = [
        _DRAWN_OUT.sub(r"\1", word)
        for token in _TYPED_TOKEN.findall(utterance)
        for word in normalize(token).split()
    ]
    return bool(words) and words[-1] in hesitations and any(w not in hesitations for w in words)


def _addresses_the_game(clause: Words) -> bool:
    """Whether a clause only calls the game by a name ("computer", "ehi computer")."""
    tags = understanding().lexicon.tag(clause)
    said = [tag.words for tag in tags if tag.concept != FILLER]
    return len(said) == 1 and " ".join(said[0]) in lexicon.ADDRESSING


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
    "meaning_words",
    "parse",
    "sentence_table",
    "vocabulary",
]
