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


@dataclass
class Deal:
    """A deal with where each tile went: per group of a seat's hand (``Knowledge.groups``),
    its tiles; the boneyard in drawing order (from the end); the tiles set aside."""

    seats: tuple[int, ...]  # per group: its seat
    forbidden: list[int]  # per group: the tiles it cannot hold (0 once found wrong)
    members: list[list[int]]  # per group: its tiles
    boneyard: list[int]
    aside: list[int]

    def world(self, own_seat: int, own_hand: int, seats: int) -> World:
        hands = [0] * seats
        hands[own_seat] = own_hand
        for seat, tiles in zip(self.seats, self.members, strict=True):
            for tile in tiles:
                hands[seat] |= 1 << tile
        return World(tuple(hands), tuple(self.boneyard))


def deal(view: SeatView, knowledge: Knowledge, rng: random.Random) -> Deal:
    """Deal the unseen tiles at random, each group of a hand among the tiles it may hold."""
    pool = list(indices(knowledge.unseen))
    groups = [
        (seat, count, forbidden & knowledge.unseen)
        for seat in range(view.rules.seats)
        for count, forbidden in knowledge.groups[seat]
    ]
    # Fill the most constrained groups first: that rarely fails, and then only by bad luck.
    order = sorted(
        range(len(groups)),
        key=lambda g: ((knowledge.unseen & ~groups[g][2]).bit_count() - groups[g][1], g),
    )
    members: list[list[int]] = [[] for _ in groups]
    forbidden = [group[2] for group in groups]
    for _attempt in range(ATTEMPTS):
        remaining = list(pool)
        members = [[] for _ in groups]
        for index in order:
            _seat, count, banned = groups[index]
            if not banned:
                continue
            eligible = [tile for tile in remaining if not banned >> tile & 1]
            if len(eligible) < count:
                break
            members[index] = rng.sample(eligible, count)
            taken = set(members[index])
            remaining = [tile for tile in remaining if tile not in taken]
        else:
            break
    else:
        # The constraints could not be met (a wrong inference): deal without them.
        remaining = list(pool)
        members = [[] for _ in groups]
        forbidden = [0] * len(groups)
    rng.shuffle(remaining)
    position = 0
    for index, (_seat, count, _banned) in enumerate(groups):
        if not forbidden[index]:
            members[index] = remaining[position : position + count]
            position += count
    boneyard = remaining[position : position + view.boneyard_count]
    aside = remaining[position + view.boneyard_count :]
    return Deal(tuple(g[0] for g in groups), forbidden, members, boneyard, aside)


def sample_world(view: SeatView, knowledge: Knowledge, rng: random.Random) -> World:
    """A deal of the unseen tiles at random, consistent with what the seat knows."""
    own = knowledge.tiles.mask_of(view.hand)
    return deal(view, knowledge, rng).world(view.seat, own, view.rules.seats)


# Steps of the enumeration below (groups tried) before it gives up: constraints from passes can
# hide a few deals among millions of dead ends, and a player's wait must stay bounded. Counted
# in steps, not time, so the same position always gives the same answer.
EVERY_WORLD_STEPS = 20_000


def every_world(
    view: SeatView, knowledge: Knowledge, limit: int, steps: int = EVERY_WORLD_STEPS
) -> list[World] | None:
    """Every deal of the unseen tiles consistent with what the seat knows, in a fixed order;
    None when there are more than *limit*, when finding them would take more than *steps*, or
    when a boneyard is still to be drawn (its order would multiply them)."""
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
    steps_left = steps

    def place(index: int, remaining: int) -> bool:
        """Deal the groups from *index* on; False once the limit or the steps are passed."""
        nonlocal steps_left
        if index == len(groups):
            dealt = list(hands)
            dealt[view.seat] = own
            worlds.append(World(tuple(dealt), ()))
            return len(worlds) <= limit
        steps_left -= 1
        if steps_left < 0:
            return False
        # A later group that can no longer be filled makes this branch a dead end.
        for _seat, later_count, later_forbidden in groups[index + 1 :]:
            if (remaining & ~later_forbidden).bit_count() < later_count:
                return True
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
