"""Tiles of the double-six set: immutable, ordered, hashable."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

HIGHEST_NUMBER = 6


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """A domino tile, stored with its smaller number first so that [3|5] == [5|3]."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= HIGHEST_NUMBER):
            raise ValueError(f"not a double-six tile: {self.low}-{self.high}")

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


ALL_TILES: tuple[Tile, ...] = tuple(
    Tile(low, high) for low in range(HIGHEST_NUMBER + 1) for high in range(low, HIGHEST_NUMBER + 1)
)
DOUBLES_HIGH_FIRST: tuple[Tile, ...] = tuple(Tile(n, n) for n in range(HIGHEST_NUMBER, -1, -1))


def pips(tiles: Iterable[Tile]) -> int:
    """Sum of the pips of some tiles: a hand's penalty."""
    return sum(tile.pips for tile in tiles)
