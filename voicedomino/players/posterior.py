"""Deals drawn from what the seat believes: Metropolis sampling over the deals consistent with
what it knows, each as likely as it makes the other seats' observed plays (``inference``).

Deals drawn uniformly and weighed afterwards waste most draws once the plays say much (when a
seat is seen to play heaviest first, nearly every uniform deal contradicts it). The chain walks
instead: two unseen tiles in different places (a hand's group, the boneyard, the tiles set
aside) trade places when both may go where they land, and the trade is kept with chance
min(1, new likelihood / old); the deals it visits are then distributed as the posterior.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from voicedomino.engine.view import SeatView
from voicedomino.players.inference import (
    DEFAULT_HABITS,
    Habits,
    Observation,
    by_seat,
    seat_habits,
    seat_odds,
)
from voicedomino.players.knowledge import Knowledge
from voicedomino.players.sampling import World, deal

BONEYARD = -1  # the place of a tile in the boneyard
ASIDE = -2  # ... or set aside


class DealChain:
    """A Metropolis chain over the deals of the unseen tiles."""

    def __init__(
        self,
        view: SeatView,
        knowledge: Knowledge,
        seen: Sequence[Observation],
        rng: random.Random,
        habits: Habits = DEFAULT_HABITS,
        partner: int | None = None,
    ) -> None:
        self.rng = rng
        self.tiles = knowledge.tiles
        self.seat_count = view.rules.seats
        self.habits = seat_habits(habits, self.seat_count, partner)
        self.own_seat = view.seat
        self.own_hand = knowledge.tiles.mask_of(view.hand)
        start = deal(view, knowledge, rng)
        self.group_seat = start.seats
        self.forbidden = start.forbidden
        self.boneyard = start.boneyard
        self.aside = start.aside
        self.place: dict[int, int] = {}  # tile -> group index, BONEYARD or ASIDE
        self.hands = [0] * self.seat_count
        for group, members in enumerate(start.members):
            for tile in members:
                self.place[tile] = group
                self.hands[self.group_seat[group]] |= 1 << tile
        for tile in self.boneyard:
            self.place[tile] = BONEYARD
        for tile in self.aside:
            self.place[tile] = ASIDE
        self.unseen = sorted(self.place)
        self.plays = by_seat(seen, self.seat_count)
        self.known_odds: list[dict[int, float]] = [{} for _ in range(self.seat_count)]
        self.odds = [self._odds(seat, self.hands[seat]) for seat in range(self.seat_count)]
        self.moves = 0
        self.accepted = 0

    def _odds(self, seat: int, hand: int) -> float:
        if not self.plays[seat]:
            return 1.0
        # The chain often proposes a hand it has judged before (a trade undone, or refused).
        known = self.known_odds[seat]
        odds = known.get(hand)
        if odds is None:
            odds = known[hand] = seat_odds(self.tiles, hand, self.plays[seat], self.habits[seat])[0]
        return odds

    def _seat_of(self, place: int) -> int:
        return self.group_seat[place] if place >= 0 else -1

    def step(self) -> None:
        """Propose one trade of two tiles, and keep it by the Metropolis rule."""
        self.moves += 1
        rng = self.rng
        first, second = rng.choice(self.unseen), rng.choice(self.unseen)
        here, there = self.place[first], self.place[second]
        if here == there:
            return
        if here >= 0 and self.forbidden[here] >> second & 1:
            return
        if there >= 0 and self.forbidden[there] >> first & 1:
            return
        seat_here, seat_there = self._seat_of(here), self._seat_of(there)
        trade = 1 << first | 1 << second
        changed: list[tuple[int, int, float]] = []  # (seat, new hand, new odds)
        ratio = 1.0
        if seat_here != seat_there:
            for seat in (seat_here, seat_there):
                if seat >= 0:
                    hand = self.hands[seat] ^ trade
                    odds = self._odds(seat, hand)
                    changed.append((seat, hand, odds))
                    ratio *= odds / self.odds[seat] if self.odds[seat] else 1.0
        if ratio < 1.0 and rng.random() >= ratio:
            return
        self.accepted += 1
        for seat, hand, odds in changed:
            self.hands[seat] = hand
            self.odds[seat] = odds
        self._move(first, here, second)
        self._move(second, there, first)
        self.place[first], self.place[second] = there, here

    def _move(self, tile: int, place: int, replacement: int) -> None:
        """Put *replacement* where *tile* was (the boneyard keeps its order)."""
        if place == BONEYARD:
            self.boneyard[self.boneyard.index(tile)] = replacement
        elif place == ASIDE:
            self.aside[self.aside.index(tile)] = replacement

    def world(self) -> World:
        hands = list(self.hands)
        hands[self.own_seat] = self.own_hand
        return World(tuple(hands), tuple(self.boneyard))

    def draw(self, count: int, burn: int, thin: int) -> list[World]:
        """*count* deals: the chain walks *burn* steps first, then *thin* between deals."""
        for _ in range(burn):
            self.step()
        worlds: list[World] = []
        for _ in range(count):
            for _ in range(thin):
                self.step()
            worlds.append(self.world())
        return worlds
