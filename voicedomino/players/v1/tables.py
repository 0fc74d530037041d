"""Compact tile tables for fast play: a tile is an index 0..27, a hand is a 28-bit mask.

The index order is the engine's ``ALL_TILES`` order, so sorted indices are sorted tiles.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from voicedomino.engine.tiles import ALL_TILES, Tile

TILE_COUNT = len(ALL_TILES)
NUMBERS = range(7)
FULL_MASK = (1 << TILE_COUNT) - 1
NO_END = -1  # the head/tail number of an empty line

INDEX: dict[Tile, int] = {tile: index for index, tile in enumerate(ALL_TILES)}
LOW: tuple[int, ...] = tuple(tile.low for tile in ALL_TILES)
HIGH: tuple[int, ...] = tuple(tile.high for tile in ALL_TILES)
PIPS: tuple[int, ...] = tuple(tile.pips for tile in ALL_TILES)
IS_DOUBLE: tuple[bool, ...] = tuple(tile.is_double for tile in ALL_TILES)
BIT: tuple[int, ...] = tuple(1 << index for index in range(TILE_COUNT))

NUMBER_MASK: tuple[int, ...] = tuple(
    sum(BIT[i] for i, tile in enumerate(ALL_TILES) if tile.has(number)) for number in NUMBERS
)


def _fits_mask(end: int, wildcard: bool) -> int:
    if not wildcard:
        return NUMBER_MASK[end]
    return FULL_MASK if end == 0 else NUMBER_MASK[end] | NUMBER_MASK[0]


# FITS[wildcard][end]: the tiles that can be joined to an end showing *end*.
FITS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_fits_mask(end, False) for end in NUMBERS),
    tuple(_fits_mask(end, True) for end in NUMBERS),
)


def _outers(index: int, end: int, wildcard: bool) -> tuple[int, ...]:
    """Same order as ``Rules.outers``: joining the low half first, then the high half."""
    low, high = LOW[index], HIGH[index]
    found: list[int] = []
    for joined, outer in ((low, high), (high, low)):
        matches = joined == end or (wildcard and (joined == 0 or end == 0))
        if matches and outer not in found:
            found.append(outer)
    return tuple(found)


# OUTERS[wildcard][index][end]: the numbers the tile can leave exposed at that end.
OUTERS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(_outers(index, end, wildcard) for end in NUMBERS) for index in range(TILE_COUNT))
    for wildcard in (False, True)
)

_HALF = 14
_HALF_MASK = (1 << _HALF) - 1
_PIPS_LOW = tuple(sum(PIPS[i] for i in range(_HALF) if mask >> i & 1) for mask in range(1 << _HALF))
_PIPS_HIGH = tuple(
    sum(PIPS[i + _HALF] for i in range(_HALF) if mask >> i & 1) for mask in range(1 << _HALF)
)


def mask_pips(mask: int) -> int:
    """Sum of the pips of the tiles in *mask*, by two table look-ups."""
    return _PIPS_LOW[mask & _HALF_MASK] + _PIPS_HIGH[mask >> _HALF]


def indices(mask: int) -> Iterator[int]:
    """The tile indices in *mask*, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(tiles: Iterable[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= BIT[INDEX[tile]]
    return mask


def fits_either(head: int, tail: int, wildcard: bool) -> int:
    """Tiles playable on a line with these ends (every tile on an empty line)."""
    if head == NO_END:
        return FULL_MASK
    table = FITS[wildcard]
    return table[head] | table[tail]
