"""The computer's levels: the one home of their names (menu, grammar, preferences, factory)."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    FACILE = "facile"
    MEDIO = "medio"
    DIFFICILE = "difficile"


LEVELS: tuple[Level, ...] = tuple(Level)
