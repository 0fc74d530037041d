"""Determinization: deal the unseen tiles into the other hands and the boneyard at random,
consistently with the hand sizes and with what each seat is known to lack."""

from __future__ import annotations

import random
from dataclasses import dataclass

from voicedomino.engine.view import SeatView
from voicedomino.players.v1.knowledge import Knowledge
from voicedomino.players.v1.tables import BIT, indices, mask_of

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
    hands[view.seat] = mask_of(view.hand)
    remaining = pool
    for _attempt in range(ATTEMPTS):
        trial = [0] * seats
        remaining = list(pool)
        placed = True
        for seat, count, forbidden in constrained:
            eligible = [tile for tile in remaining if not BIT[tile] & forbidden]
            if len(eligible) < count:
                placed = False
                break
            chosen = rng.sample(eligible, count)
            for tile in chosen:
                trial[seat] |= BIT[tile]
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
            hands[seat] |= BIT[tile]
        position += count
    boneyard = tuple(remaining[position : position + view.boneyard_count])
    return World(tuple(hands), boneyard)
