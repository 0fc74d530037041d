"""The computer's levels of play: the one home for their names."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """A level is its own Italian name, so a plain string equal to a value works as one."""

    FACILE = "facile"
    MEDIO = "medio"
    DIFFICILE = "difficile"


LEVELS: tuple[Level, ...] = tuple(Level)
