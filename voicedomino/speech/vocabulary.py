"""Fit the game's sentences to the words the speech model knows.

Vosk silently drops grammar words missing from its vocabulary, which would turn "gioca l'asso"
into a grammar entry "gioca". So every word is looked up first, trying the spellings a phrase
writer may have simplified: the word as written, without accents, with the final vowel accented
("piu" -> "più", "perche" -> "perché"), and elisions written with or without the apostrophe
("l" -> "l'", "dell'asso" -> "dell' asso"). A sentence with a word that fits no spelling is left
out of the grammar and reported.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
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


@dataclass(frozen=True)
class GrammarFit:
    phrases: tuple[str, ...]  # the sentences spelt as the model knows them, no repeats
    missing_words: tuple[str, ...]  # words no spelling of which the model knows
    dropped: tuple[str, ...]  # sentences left out because of those words
    sentence_of: Mapping[str, str] = field(default_factory=dict)  # model spelling -> sentence


def fit_grammar(sentences: Iterable[str], knows: Callable[[str], bool]) -> GrammarFit:
    phrases: dict[str, str] = {}
    missing: dict[str, None] = {}
    dropped: list[str] = []
    cache: dict[str, list[str] | None] = {}
    for sentence in sentences:
        fitted: list[str] = []
        unknown = False
        for word in grammar_form(sentence).split():
            if word not in cache:
                cache[word] = next((s for s in spellings(word) if all(map(knows, s))), None)
            spelling = cache[word]
            if spelling is None:
                missing[word] = None
                unknown = True
            else:
                fitted.extend(spelling)
        if unknown:
            dropped.append(sentence)
        elif fitted:
            phrases.setdefault(" ".join(fitted), sentence)
    return GrammarFit(tuple(phrases), tuple(missing), tuple(dropped), phrases)
