"""Reading the other seats' plays: players tend to shed heavy tiles and doubles first, so a
light play hints that no heavier playable tile was held.

A sampled deal is weighted by how likely the seats' observed plays are under a soft model
(probability of a tile grows with its pips); deals are then drawn again by weight. Only the
plays made after a seat's last draw are used: before it, its hand is not known from the deal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from voicedomino.engine.events import TilePlayed, TilesDrawn
from voicedomino.engine.view import SeatView
from voicedomino.players.v1.tables import (
    BIT,
    FITS,
    INDEX,
    IS_DOUBLE,
    PIPS,
    TILE_COUNT,
    indices,
)

SHEDDING = 0.25  # how strongly a play is expected to be heavy, per pip
DOUBLE_PIPS = 3  # a double counts as this many extra pips


@cache
def tile_weights(shedding: float) -> tuple[float, ...]:
    """A tile's chance of being played grows as exp(shedding * (pips + double bonus))."""
    return tuple(
        math.exp(shedding * (PIPS[t] + (DOUBLE_PIPS if IS_DOUBLE[t] else 0)))
        for t in range(TILE_COUNT)
    )


@dataclass(frozen=True)
class Observation:
    seat: int
    tile: int
    fits: int  # the tiles that could be played then
    played_later: int  # the seat's tiles played after this one (it held them then)


def observations(view: SeatView) -> list[Observation]:
    """The other seats' free choices since their last draw."""
    wildcard = view.rules.wildcard
    seen: list[Observation] = []
    head: int | None = None
    tail: int | None = None
    for event in view.history:
        if isinstance(event, TilePlayed):
            if event.seat != view.seat and not (event.lead and view.lead_tile is not None):
                fits = FITS[wildcard]
                open_fits = -1 if head is None or tail is None else fits[head] | fits[tail]
                seen.append(Observation(event.seat, INDEX[event.tile], open_fits, 0))
            head, tail = event.head, event.tail
        elif isinstance(event, TilesDrawn):
            seen = [obs for obs in seen if obs.seat != event.seat]
    # Each seat held, at each choice, the tiles it played afterwards.
    result: list[Observation] = []
    later: dict[int, int] = {}
    for obs in reversed(seen):
        result.append(Observation(obs.seat, obs.tile, obs.fits, later.get(obs.seat, 0)))
        later[obs.seat] = later.get(obs.seat, 0) | BIT[obs.tile]
    return result


def likelihood(
    hands: Sequence[int], seen: Sequence[Observation], shedding: float = SHEDDING
) -> float:
    """How likely the observed plays are, had the seats held these hands."""
    weight = tile_weights(shedding)
    value = 1.0
    for obs in seen:
        held = hands[obs.seat] | obs.played_later | BIT[obs.tile]
        total = 0.0
        for tile in indices(held & obs.fits):
            total += weight[tile]
        value *= weight[obs.tile] / total
    return value


def resample(weights: Sequence[float], count: int, rng: random.Random) -> list[int]:
    """*count* indices drawn by weight (systematic resampling: low variance)."""
    total = sum(weights)
    if total <= 0.0:
        return [i % len(weights) for i in range(count)]
    step = total / count
    position = rng.random() * step
    chosen: list[int] = []
    cumulative = 0.0
    index = -1
    for _ in range(count):
        while cumulative <= position and index < len(weights) - 1:
            index += 1
            cumulative += weights[index]
        chosen.append(index)
        position += step
    return chosen
