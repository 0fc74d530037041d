"""Fit the game's sentences to the words the speech model knows.

Vosk silently drops grammar words missing from its vocabulary, which would turn "gioca l'asso"
into a grammar entry "gioca". So every word is looked up first, trying the spellings a phrase
writer may have simplified: the word as written, without accents, with the final vowel accented
("piu" -> "più", "perche" -> "perché"), and elisions written with or without the apostrophe
("l" -> "l'", "dell'asso" -> "dell' asso"). Where a word fits no spelling, two neighbouring
grammar words may be one model word ("l ultima" -> "l'ultima" or "lultima") and one grammar word
may be two model words ("centoventuno" -> "cento ventuno"); `GrammarFit.grammar_text` turns a
result spelt that way back into the grammar's words. A sentence with a word that still fits no
spelling is left out of the grammar and reported, and `commands_lost` tells which commands
went with it, so the player can be told.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from voicedomino.grammar.normalize import strip_accents

UNKNOWN_WORD = "[unk]"

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})
# Anything but letters, digits, apostrophes and the brackets of [unk] separates words.
_SEPARATORS = re.compile(r"[^\w'\[\]]+|_+")
_GRAVE, _ACUTE = "\u0300", "\u0301"
_VOWELS = "aeiou"


def grammar_form(sentence: str) -> str:
    """Lowercase NFC text, one kind of apostrophe, no punctuation, single spaces."""
    text = unicodedata.normalize("NFC", sentence.translate(_APOSTROPHES).lower())
    return " ".join(_SEPARATORS.sub(" ", text).split())


def _final_accents(word: str) -> Iterator[str]:
    if word and word[-1] in _VOWELS:
        for mark in (_GRAVE, _ACUTE):
            yield unicodedata.normalize("NFC", word + mark)


def spellings(word: str) -> Iterator[list[str]]:
    """Candidate spellings of one grammar word, each as a list of model words, best first."""
    yield [word]
    plain = strip_accents(word)
    if plain != word:
        yield [plain]
    for accented in _final_accents(plain):
        yield [accented]
    if "'" not in word and len(word) <= 4 and word.isalpha():
        yield [word + "'"]  # "l", "dell", "un" written without the elision mark
    head, mark, tail = word.partition("'")
    if mark and head and tail:
        yield [head + "'", tail]
        yield [head, tail]


def joined_spellings(first: str, second: str) -> Iterator[str]:
    """Two grammar words written as one model word: "l ultima" -> "l'ultima", "lultima"."""
    if first.isalpha() and len(first) <= 4:  # an elided article or preposition
        yield f"{first}'{second}"
    yield first + second


def split_spellings(word: str) -> Iterator[list[str]]:
    """One grammar word as two model words: "centoventuno" -> "cento ventuno"."""
    for cut in range(2, len(word) - 1):
        yield [word[:cut], word[cut:]]


@dataclass(frozen=True)
class GrammarFit:
    phrases: tuple[str, ...]  # the sentences spelt as the model knows them, no repeats
    missing_words: tuple[str, ...]  # words no spelling of which the model knows
    dropped: tuple[str, ...]  # sentences left out because of those words
    sentence_of: Mapping[str, str] = field(default_factory=dict)  # model spelling -> sentence
    # (model words, grammar words) where the words were joined or split to fit the model
    respellings: tuple[tuple[str, str], ...] = field(default=())
    phrase_of: Mapping[str, str] = field(default_factory=dict)  # sentence -> model spelling

    def grammar_text(self, text: str) -> str:
        """A result in the model's spelling, in the grammar's words again."""
        if not self.respellings:
            return text
        words = text.split()
        for model_words, grammar_words in sorted(
            self.respellings, key=lambda pair: -len(pair[0].split())
        ):
            pattern = model_words.split()
            size = len(pattern)
            index = 0
            while index + size <= len(words):
                if words[index : index + size] == pattern:
                    words[index : index + size] = grammar_words.split()
                index += 1
        return " ".join(words)

    def phrase_weights(self, sentence_weights: Mapping[str, float]) -> dict[str, float]:
        """Sentences' weights as their model spellings' (sentences spelt alike add up)."""
        weights: dict[str, float] = {}
        for sentence, weight in sentence_weights.items():
            phrase = self.phrase_of.get(sentence)
            if phrase is not None:
                weights[phrase] = weights.get(phrase, 0.0) + weight
        return weights


def fit_grammar(sentences: Iterable[str], knows: Callable[[str], bool]) -> GrammarFit:
    phrases: dict[str, str] = {}
    phrase_of: dict[str, str] = {}
    missing: dict[str, None] = {}
    dropped: list[str] = []
    respellings: dict[tuple[str, str], None] = {}
    cache: dict[str, list[str] | None] = {}

    def spelt(word: str) -> list[str] | None:
        if word not in cache:
            cache[word] = next((s for s in spellings(word) if all(map(knows, s))), None)
        return cache[word]

    for sentence in sentences:
        fitted: list[str] = []
        unknown = False
        words = grammar_form(sentence).split()
        index = 0
        while index < len(words):
            word = words[index]
            following = words[index + 1] if index + 1 < len(words) else None
            spelling = spelt(word)
            if following is not None and (spelling is None or spelt(following) is None):
                joined = next((j for j in joined_spellings(word, following) if knows(j)), None)
                if joined is not None:
                    fitted.append(joined)
                    respellings[(joined, f"{word} {following}")] = None
                    index += 2
                    continue
            if spelling is None:
                split = next((s for s in split_spellings(word) if all(map(knows, s))), None)
                if split is not None:
                    cache[word] = spelling = split
            if spelling is None:
                missing[word] = None
                unknown = True
            else:
                fitted.extend(spelling)
                if len(spelling) > 1 and "'" not in spelling[0]:
                    respellings[(" ".join(spelling), word)] = None
            index += 1
        if unknown:
            dropped.append(sentence)
        elif fitted:
            phrase_of[sentence] = " ".join(fitted)
            phrases.setdefault(phrase_of[sentence], sentence)
    return GrammarFit(
        tuple(phrases), tuple(missing), tuple(dropped), phrases, tuple(respellings), phrase_of
    )


@dataclass(frozen=True)
class LostCommand:
    """A kind of command (an intent) some or all of whose sentences the model cannot hear."""

    meaning: str
    dropped: int
    total: int

    @property
    def entirely(self) -> bool:
        return self.dropped == self.total


def commands_lost(
    sentences: Sequence[str], fit: GrammarFit, meaning: Callable[[str], str | None]
) -> list[LostCommand]:
    """The commands that lost sentences to missing words, grouped by `meaning` (the intent of
    a sentence), those lost entirely first."""
    dropped = set(fit.dropped)
    totals: dict[str, list[int]] = {}
    for sentence in sentences:
        name = meaning(sentence)
        if name is None:
            continue
        counts = totals.setdefault(name, [0, 0])
        counts[1] += 1
        if sentence in dropped:
            counts[0] += 1
    lost = [LostCommand(name, lost, total) for name, (lost, total) in totals.items() if lost]
    return sorted(lost, key=lambda command: (not command.entirely, command.meaning))
