"""Determinization: deal the unseen tiles into the other hands and the boneyard at random,
consistently with the hand sizes and with what each seat is known to lack; or, when they are
few, every such deal."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from voicedomino.engine.view import SeatView
from voicedomino.players.knowledge import Knowledge
from voicedomino.players.tables import indices

ATTEMPTS = 20


@dataclass(frozen=True)
class World:
    hands: tuple[int, ...]  # a mask per seat, the deciding seat's own hand included
    boneyard: tuple[int, ...]  # tile indices, drawn from the end


def sample_world(view: SeatView, knowledge: Knowledge, rng: random.Random) -> World:
    pool = list(indices(knowledge.unseen))
    seats = view.rules.seats
    constrained: list[tuple[int, int, int]] = []  # (seat, count, forbidden)
    free: list[tuple[int, int]] = []  # (seat, count)
    for seat in range(seats):
        for count, forbidden in knowledge.groups[seat]:
            if forbidden & knowledge.unseen:
                constrained.append((seat, count, forbidden))
            else:
                free.append((seat, count))
    # Fill the most constrained groups first: that rarely fails, and then only by bad luck.
    constrained.sort(key=lambda g: ((knowledge.unseen & ~g[2]).bit_count() - g[1], g[0]))
    hands = [0] * seats
    hands[view.seat] = knowledge.tiles.mask_of(view.hand)
    remaining = pool
    for _attempt in range(ATTEMPTS):
        trial = [0] * seats
        remaining = list(pool)
        placed = True
        for seat, count, forbidden in constrained:
            eligible = [tile for tile in remaining if not forbidden >> tile & 1]
            if len(eligible) < count:
                placed = False
                break
            chosen = rng.sample(eligible, count)
            for tile in chosen:
                trial[seat] |= 1 << tile
            taken = set(chosen)
            remaining = [tile for tile in remaining if tile not in taken]
        if placed:
            for seat in range(seats):
                hands[seat] |= trial[seat]
            break
    else:
        # The constraints could not be met (a wrong inference): deal without them.
        remaining = list(pool)
        free = free + [(seat, count) for seat, count, _forbidden in constrained]
    rng.shuffle(remaining)
    position = 0
    for seat, count in free:
        for tile in remaining[position : position + count]:
            hands[seat] |= 1 << tile
        position += count
    boneyard = tuple(remaining[position : position + view.boneyard_count])
    return World(tuple(hands), boneyard)


def every_world(view: SeatView, knowledge: Knowledge, limit: int) -> list[World] | None:
    """Every deal of the unseen tiles consistent with what the seat knows, in a fixed order;
    None when there are more than *limit*, or when a boneyard is still to be drawn (its order
    would multiply them)."""
    if view.boneyard_count:
        return None
    seats = view.rules.seats
    groups: list[tuple[int, int, int]] = [  # (seat or -1 for the tiles set aside, count, forbidden)
        (seat, count, forbidden)
        for seat in range(seats)
        for count, forbidden in knowledge.groups[seat]
    ]
    placed = sum(count for _seat, count, _forbidden in groups)
    aside = knowledge.unseen.bit_count() - placed
    if aside < 0:
        return None
    if aside:
        groups.append((-1, aside, 0))
    # The most constrained groups first, so dead ends show early.
    groups.sort(key=lambda g: ((knowledge.unseen & ~g[2]).bit_count() - g[1], g[0]))
    own = knowledge.tiles.mask_of(view.hand)
    worlds: list[World] = []
    hands = [0] * seats

    def place(index: int, remaining: int) -> bool:
        """Deal the groups from *index* on; False once the limit is passed."""
        if index == len(groups):
            dealt = list(hands)
            dealt[view.seat] = own
            worlds.append(World(tuple(dealt), ()))
            return len(worlds) <= limit
        seat, count, forbidden = groups[index]
        eligible = list(indices(remaining & ~forbidden))
        for chosen in combinations(eligible, count):
            mask = 0
            for tile in chosen:
                mask |= 1 << tile
            if seat >= 0:
                hands[seat] |= mask
            going = place(index + 1, remaining & ~mask)
            if seat >= 0:
                hands[seat] &= ~mask
            if not going:
                return False
        return True

    if not place(0, knowledge.unseen):
        return None
    return worlds
