"""Names and chat lines from strangers, cleaned before anyone hears or sees them.

A name is spoken by a synthesiser and shown on pages and braille displays: control and format
characters (bidirectional overrides, zero-width joiners), markup and symbols go; letters,
digits, spaces and a few marks ('-.) stay; the length is bounded. Chat keeps ordinary
punctuation.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 20
MAX_CHAT = 160
_NAME_MARKS = frozenset("'-.")
_CHAT_MARKS = frozenset("'-.,;:!?()\"%+=/@#&*")


def _cleaned(text: str, marks: frozenset[str], limit: int) -> str:
    text = unicodedata.normalize("NFKC", text[: limit * 8])  # bounded before any work
    kept: list[str] = []
    for char in text:
        category = unicodedata.category(char)
        if char.isspace() or category[0] in "Z":
            kept.append(" ")
        elif category[0] in "LN" or category in ("Mn", "Mc") or char in marks:
            kept.append(char)
    words = "".join(kept).split()
    return " ".join(words)[:limit].strip()


def clean_name(text: object) -> str:
    """The name as it may be said and shown; empty when nothing usable is left."""
    if not isinstance(text, str):
        return ""
    name = _cleaned(text, _NAME_MARKS, MAX_NAME)
    return name if any(char.isalnum() for char in name) else ""


def clean_chat(text: object) -> str:
    """A chat line as it may be read to everyone; empty when nothing is left."""
    if not isinstance(text, str):
        return ""
    return _cleaned(text, _CHAT_MARKS, MAX_CHAT)


def distinct(name: str, taken: set[str]) -> str:
    """*name*, or "name 2", "name 3"... so that two people at a table are never confused."""
    lowered = {other.casefold() for other in taken}
    if name.casefold() not in lowered:
        return name
    for number in range(2, len(taken) + 3):
        candidate = f"{name[: MAX_NAME - 3]} {number}"
        if candidate.casefold() not in lowered:
            return candidate
    raise AssertionError("unreachable: one of len(taken) + 1 numbers is free")
