"""Text normalisation shared by the parser and the speech grammar.

Typed text and Vosk output are reduced to the same form: lowercase ASCII-ish words without
accents or punctuation, separated by single spaces. Elisions split into two words
("l'ultima" -> "l ultima"), so templates never contain apostrophes.
"""

from __future__ import annotations

import re
import unicodedata

# Any run of non-word characters (punctuation, apostrophes, symbols, spaces) or underscores
# separates words.
_SEPARATORS = re.compile(r"[\W_]+")


def strip_accents(text: str) -> str:
    """Drop combining marks: "perché" -> "perche"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def normalize(text: str) -> str:
    """Return `text` lowercased, without accents and punctuation, whitespace folded.

    Casefolding goes first so that letters whose lowercase form carries a combining mark
    (for example the Turkish dotted I) lose it too.
    """
    folded = strip_accents(text.casefold())
    return _SEPARATORS.sub(" ", folded).strip()


def normalize_words(text: str) -> tuple[str, ...]:
    """Return the words of the normalised `text`."""
    return tuple(normalize(text).split())
