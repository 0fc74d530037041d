"""What a seat can infer about the other hands from the public history of the round.

The opening tells what nobody was dealt (the variant names the lead by the hands: who holds
[0|0], the highest double...). A seat that draws or passes held no tile fitting the ends at
that moment. Tiles it draws later
may fit them again, so each hand is tracked as groups of tiles, each group with the tiles it
cannot contain: (count, forbidden mask).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache

from voicedomino.engine.events import Passed, TilePlayed, TilesDrawn
from voicedomino.engine.rules import DrawPolicy, Opening, PreviousRound, Rules
from voicedomino.engine.tiles import Tile
from voicedomino.engine.view import SeatView
from voicedomino.players.open_ends import ends_faced
from voicedomino.players.tables import TileSet, tile_set_of

Group = tuple[int, int]  # (how many tiles, the tiles none of them can be)


@dataclass(frozen=True)
class Knowledge:
    """The deciding seat's inferences: per seat, constraint groups; the unseen tiles."""

    seat: int
    unseen: int  # mask of the tiles the seat cannot see
    groups: tuple[tuple[Group, ...], ...]  # empty for the deciding seat itself
    tiles: TileSet

    def possible(self, seat: int) -> int:
        """The unseen tiles that *seat* might hold."""
        mask = 0
        for _count, forbidden in self.groups[seat]:
            mask |= self.unseen & ~forbidden
        return mask

    def lacks(self, seat: int, number: int) -> bool:
        """Whether *seat* surely holds no tile showing *number*."""
        return not self.possible(seat) & self.tiles.number_mask[number]

    def told(self, seat: int, hand: int) -> Knowledge:
        """This knowledge once *seat* is known to hold exactly the tiles of *hand* (a mask of
        unseen tiles). Never from the game: the arena's diagnostic of what a partner's hand,
        were it known, would be worth."""
        groups = list(self.groups)
        groups[seat] = ((hand.bit_count(), self.unseen & ~hand),)
        return replace(self, groups=tuple(groups))


def _remove_played(groups: list[list[int]], tile_bit: int) -> None:
    """The played tile came from a group allowed to hold it; take the most constrained one."""
    eligible = [group for group in groups if not group[1] & tile_bit and group[0] > 0]
    if not eligible:
        # Inconsistent inference (should not happen): forget the constraints, keep the count.
        eligible = [max(groups, key=lambda group: group[0])]
        eligible[0][1] = 0
    chosen = max(eligible, key=lambda group: group[1].bit_count())
    chosen[0] -= 1


def _normalise(groups: list[list[int]]) -> list[list[int]]:
    merged: dict[int, int] = {}
    for count, forbidden in groups:
        if count > 0:
            merged[forbidden] = merged.get(forbidden, 0) + count
    return [[count, forbidden] for forbidden, count in sorted(merged.items())]


def infer(view: SeatView) -> Knowledge:
    """Read the view's history into per-seat constraint groups."""
    rules = view.rules
    tiles = tile_set_of(rules)
    fits_open = tiles.fits_open[rules.wildcard]
    seats = rules.seats
    groups: list[list[list[int]]] = [
        [[rules.hand_size, forbidden]] for forbidden in _not_dealt(view, tiles)
    ]
    until_playable = rules.draw_policy is DrawPolicy.UNTIL_PLAYABLE
    for event in view.history:
        if isinstance(event, TilePlayed):
            _remove_played(groups[event.seat], 1 << tiles.index(event.tile))
        elif isinstance(event, TilesDrawn):
            seat_groups = groups[event.seat]
            void = _fitting(ends_faced(event), fits_open)
            for group in seat_groups:
                group[1] |= void
            if until_playable and event.count > 1:
                seat_groups.append([event.count - 1, void])  # the misses did not fit either
                seat_groups.append([1, 0])
            else:
                seat_groups.append([event.count, 0])
            groups[event.seat] = _normalise(seat_groups)
        elif isinstance(event, Passed):
            void = _fitting(ends_faced(event), fits_open)
            for group in groups[event.seat]:
                group[1] |= void
            groups[event.seat] = _normalise(groups[event.seat])
    unseen = tiles.mask_of(view.unseen_tiles())
    frozen: list[tuple[Group, ...]] = []
    for seat in range(seats):
        if seat == view.seat:
            frozen.append(())
            continue
        seat_groups = _fit_count(groups[seat], view.hand_counts[seat])
        frozen.append(tuple((count, forbidden) for count, forbidden in seat_groups))
    return Knowledge(view.seat, unseen, tuple(frozen), tiles)


def _not_dealt(view: SeatView, tiles: TileSet) -> list[int]:
    """Per seat, the tiles it cannot have been dealt: had it held one, the table's opening
    rule would have named another lead (a higher double, say, in blocco)."""
    rules = view.rules
    if view.lead_tile is None:
        return [0] * rules.seats  # the leader opened with a tile of its choice: no sign
    # Only rules that ignore the last round name a lead tile after the first round.
    previous = None if view.round_number == 1 else PreviousRound(view.leader, None)
    return list(_not_dealt_by_lead(rules, tiles, view.leader, view.lead_tile, previous))


@cache
def _not_dealt_by_lead(
    rules: Rules, tiles: TileSet, leader: int, lead_tile: Tile, previous: PreviousRound | None
) -> tuple[int, ...]:
    seats = rules.seats
    masks = [0] * seats
    random_seat = rules.opening is Opening.RANDOM
    for index in range(tiles.count):
        tile = tiles.tile(index)
        if tile == lead_tile:
            continue
        for seat in range(seats):
            if random_seat:
                # A seat drawn at random leads with its heaviest tile: only its hand tells.
                if seat == leader and tile.rank() > lead_tile.rank():
                    masks[seat] |= 1 << index
                continue
            hands: list[list[Tile]] = [[] for _ in range(seats)]
            hands[leader].append(lead_tile)
            hands[seat].append(tile)
            lead = rules.opening_lead(hands, previous, random.Random(0))
            if lead is None or (lead.seat, lead.tile) != (leader, lead_tile):
                masks[seat] |= 1 << index
    return tuple(masks)


def _fitting(ends: list[int], fits_open: tuple[int, ...]) -> int:
    """The tiles that fit one of *ends* (none before the lead)."""
    mask = 0
    for number in ends:
        mask |= 1 << number
    return fits_open[mask] if ends else 0


def _fit_count(groups: list[list[int]], count: int) -> list[list[int]]:
    """Make the group sizes add up to the known hand size, loosening constraints first."""
    groups = [list(group) for group in groups]
    total = sum(group[0] for group in groups)
    if total < count:
        groups.append([count - total, 0])
    while total > count:
        group = max(groups, key=lambda g: (g[1].bit_count(), g[0]))
        group[0] -= 1
        total -= 1
        groups = [g for g in groups if g[0] > 0]
    return _normalise(groups)
