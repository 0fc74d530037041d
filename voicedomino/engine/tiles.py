"""Tiles of the double-six and double-nine sets: immutable, ordered, hashable.

Which set a table plays with belongs to its rules (``Rules.tiles``, ``Rules.highest``); the
module constants below name the sets, they are not "the" set.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

DOUBLE_SIX = 6
DOUBLE_NINE = 9
TILE_SETS: tuple[int, ...] = (DOUBLE_SIX, DOUBLE_NINE)  # each set named by its top number
MAX_NUMBER = DOUBLE_NINE  # the largest number on any tile the game knows
HIGHEST_NUMBER = DOUBLE_SIX  # the default set's top number (the double-six set)


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """A domino tile, stored with its smaller number first so that [3|5] == [5|3]."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= MAX_NUMBER):
            raise ValueError(f"not a domino tile: {self.low}-{self.high}")

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with numbers *a* and *b*, in either order."""
        return cls(min(a, b), max(a, b))

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def has(self, number: int) -> bool:
        return number in (self.low, self.high)

    def other(self, number: int) -> int:
        """The number on the half opposite to *number*."""
        if number == self.low:
            return self.high
        if number == self.high:
            return self.low
        raise ValueError(f"{self} has no {number}")

    def rank(self) -> tuple[int, int]:
        """Order used for "the tile with most pips" (ties broken by the larger half)."""
        return (self.pips, self.high)

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"


@cache
def tile_set(highest: int) -> tuple[Tile, ...]:
    """Every tile of the set whose top double is [highest|highest], in sorted order."""
    if highest not in TILE_SETS:
        raise ValueError(f"no double-{highest} set")
    return tuple(Tile(low, high) for low in range(highest + 1) for high in range(low, highest + 1))


@cache
def doubles_high_first(highest: int) -> tuple[Tile, ...]:
    """The set's doubles from its top double down: the order "the highest double" searches."""
    return tuple(Tile(n, n) for n in range(highest, -1, -1))


ALL_TILES: tuple[Tile, ...] = tile_set(DOUBLE_SIX)  # the default set; a table's is Rules.tiles
DOUBLES_HIGH_FIRST: tuple[Tile, ...] = doubles_high_first(DOUBLE_SIX)


def pips(tiles: Iterable[Tile]) -> int:
    """Sum of the pips of some tiles: a hand's penalty."""
    return sum(tile.pips for tile in tiles)
