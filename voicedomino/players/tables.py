"""Compact tile tables for fast play, one per set (double-six, double-nine): a tile is an index,
a hand a bit mask, and the open ends of the table a count per number.

Indices follow the set's sorted order (low half, then high half), so sorted indices are sorted
tiles. The open ends are a multiset: every end showing the same number accepts the same tiles,
whether the table is a line (two ends) or a spinner's four arms, so the search keeps only how
many ends show each number (3 bits per number, packed in an int) and the mask of the numbers
shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache

from voicedomino.engine.rules import Rules
from voicedomino.engine.tiles import Tile

NO_END = 15  # the end number of a play that leads (joins no end)
END_BITS = 3  # bits per number in the packed count of open ends (at most 4 arms)
_CHUNK = 14  # pip sums are looked up 14 tiles at a time
_CHUNK_MASK = (1 << _CHUNK) - 1


def end_unit(number: int) -> int:
    """What one open end showing *number* adds to the packed count."""
    return 1 << (END_BITS * number)


@dataclass(frozen=True, eq=False)
class TileSet:
    """Every table the players need for the set whose highest number is *highest*."""

    highest: int
    pairs: tuple[tuple[int, int], ...] = field(init=False)
    count: int = field(init=False)
    full: int = field(init=False)
    low: tuple[int, ...] = field(init=False)
    high: tuple[int, ...] = field(init=False)
    pips: tuple[int, ...] = field(init=False)
    is_double: tuple[bool, ...] = field(init=False)
    bit: tuple[int, ...] = field(init=False)
    double_mask: int = field(init=False)
    number_mask: tuple[int, ...] = field(init=False)  # tiles showing each number
    # fits[wildcard][number]: the tiles that can be joined to an end showing number.
    fits: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False)
    # fits_open[wildcard][mask of numbers]: the tiles that fit one of those ends.
    fits_open: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False)
    # joins[wildcard][tile]: the mask of end numbers the tile can be joined to.
    joins: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False)
    # outers[wildcard][tile][number]: the numbers the tile can leave showing at that end, in
    # the order of Rules.outers (the low half joined first).
    outers: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = field(init=False)
    numbers_of: tuple[tuple[int, ...], ...] = field(init=False)  # the numbers in a mask
    _pip_chunks: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        numbers = range(self.highest + 1)
        pairs = tuple((low, high) for low in numbers for high in numbers if low <= high)
        count = len(pairs)
        put = object.__setattr__
        put(self, "pairs", pairs)
        put(self, "count", count)
        put(self, "full", (1 << count) - 1)
        put(self, "low", tuple(low for low, _ in pairs))
        put(self, "high", tuple(high for _, high in pairs))
        put(self, "pips", tuple(low + high for low, high in pairs))
        put(self, "is_double", tuple(low == high for low, high in pairs))
        put(self, "bit", tuple(1 << index for index in range(count)))
        put(self, "double_mask", sum(1 << i for i, (lo, hi) in enumerate(pairs) if lo == hi))
        number_mask = tuple(
            sum(1 << i for i, pair in enumerate(pairs) if number in pair) for number in numbers
        )
        put(self, "number_mask", number_mask)
        plain = number_mask
        wild = tuple(
            (1 << count) - 1 if number == 0 else number_mask[number] | number_mask[0]
            for number in numbers
        )
        put(self, "fits", (plain, wild))
        put(self, "numbers_of", tuple(_numbers(mask) for mask in range(1 << len(numbers))))
        put(
            self,
            "fits_open",
            tuple(
                tuple(_union(table[n] for n in _numbers(mask)) for mask in range(1 << len(numbers)))
                for table in (plain, wild)
            ),
        )
        put(
            self,
            "joins",
            tuple(
                tuple(
                    sum(1 << n for n in numbers if (plain, wild)[w][n] >> i & 1)
                    for i in range(count)
                )
                for w in (0, 1)
            ),
        )
        put(
            self,
            "outers",
            tuple(
                tuple(tuple(_outers(pair, end, bool(w)) for end in numbers) for pair in pairs)
                for w in (0, 1)
            ),
        )
        put(
            self,
            "_pip_chunks",
            tuple(
                tuple(
                    sum(self.pips[start + i] for i in range(_CHUNK) if mask >> i & 1)
                    for mask in range(1 << min(_CHUNK, count - start))
                )
                for start in range(0, count, _CHUNK)
            ),
        )

    # --- engine tiles -------------------------------------------------------------------

    def index(self, tile: Tile) -> int:
        """The index of an engine tile in this set."""
        low, high = tile.low, tile.high
        # Row *low* starts after the rows of the smaller numbers (highest + 1 - k tiles each).
        return low * (self.highest + 1) - low * (low - 1) // 2 + (high - low)

    def tile(self, index: int) -> Tile:
        low, high = self.pairs[index]
        return Tile(low, high)

    def mask_of(self, tiles: Iterable[Tile]) -> int:
        mask = 0
        for tile in tiles:
            mask |= 1 << self.index(tile)
        return mask

    def tiles_of(self, mask: int) -> list[Tile]:
        return [self.tile(index) for index in indices(mask)]

    # --- sums ---------------------------------------------------------------------------

    def mask_pips(self, mask: int) -> int:
        """Sum of the pips of the tiles in *mask*, by table look-ups."""
        chunks = self._pip_chunks
        if len(chunks) == 2:  # the double-six set: the common case, unrolled
            return chunks[0][mask & _CHUNK_MASK] + chunks[1][mask >> _CHUNK]
        total = 0
        for chunk in chunks:
            total += chunk[mask & _CHUNK_MASK]
            mask >>= _CHUNK
        return total

    def open_fits(self, open_numbers: int, wildcard: bool) -> int:
        """The tiles that fit some end showing a number of *open_numbers* (a mask)."""
        return self.fits_open[wildcard][open_numbers]


def _numbers(mask: int) -> tuple[int, ...]:
    return tuple(n for n in range(mask.bit_length()) if mask >> n & 1)


def _union(masks: Iterable[int]) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total


def _outers(pair: tuple[int, int], end: int, wildcard: bool) -> tuple[int, ...]:
    """Same order as ``Rules.outers``: joining the low half first, then the high half."""
    low, high = pair
    found: list[int] = []
    for joined, outer in ((low, high), (high, low)):
        matches = joined == end or (wildcard and (joined == 0 or end == 0))
        if matches and outer not in found:
            found.append(outer)
    return tuple(found)


@cache
def tile_set(highest: int) -> TileSet:
    return TileSet(highest)


def tile_set_of(rules: Rules) -> TileSet:
    """The tables of the set the rules play with."""
    return tile_set(rules.highest)


def indices(mask: int) -> Iterator[int]:
    """The tile indices in *mask*, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
