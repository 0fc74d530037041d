"""Reading the other seats' plays: what a seat chose among the tiles it could play says
something about the tiles it held.

Each other seat (the partner too) is taken to play by one of three habits, not known in
advance: any playable tile at random; heavy tiles and doubles preferred, softly (the chance of a
tile grows as exp(shedding * (pips + 3 for a double))); or strictly the heaviest tile (most pips,
a double first among equals), as many players are taught, with a small chance of anything else.
The partner in a pairs game may also follow the partnership's convention (``signals``): among
moves of about equal worth it leaves showing the number it holds most of, so its plays tell its
strong number. A fourth habit, for the other seats, is in the model only when given a weight
(``keeper``, 0 by default: measured, it won no more hands): keeping the number the seat holds
most of showing, as good players do without any convention.
A sampled deal is weighted by how likely the seats' observed plays are under that mixture, each
seat's habit weighed by how well it explains that seat's plays in the deal (Bayes over the
habits). Passes and draws are certain knowledge and live in ``knowledge``; here only plays count,
and only those made after a seat's last draw (before it, its hand is not known from the deal).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from voicedomino.engine.events import TilePlayed, TilesDrawn
from voicedomino.engine.view import SeatView
from voicedomino.players.open_ends import ends_after
from voicedomino.players.tables import TileSet, indices, tile_set_of

SHEDDING = 0.25  # how strongly a soft shedder prefers heavy tiles, per pip
DOUBLE_PIPS = 3  # a double counts as this many extra pips


@dataclass(frozen=True)
class Habits:
    """The prior weight of each way of playing, and how strict the strict one is."""

    random: float = 0.15
    soft: float = 0.45
    heaviest: float = 0.40
    slip: float = 0.05  # the heaviest-first player's chance of playing any tile instead
    shedding: float = SHEDDING
    # The partner only: the weight of the signalling habit (the three above weigh 1 together),
    # how strongly it prefers the tile that shows its strong number, and its chance of playing
    # any tile instead (when a move is clearly better, the convention gives way).
    signals: float = 1.0
    signal_strength: float = 1.5
    signal_slip: float = 0.3
    # Its leaning to a double, and per pip, beside the number shown. Fitted with the strength
    # and slip on the hard player's own plays with the hands known (see ``keeper``), the
    # reading is 2.0, 0.2, 1.6 and 0.08, and found no more hands (README): kept for the arena.
    signal_double: float = 0.0
    signal_pip: float = 0.0
    # Every other seat: a player who keeps its long number showing, the habit good players
    # have without any convention (and searching players show: a logit fitted on
    # difficile-v1's plays with the hands known). Its weight beside the three habits above
    # (0: not in the model; with 0.25, and soft 0.20, the deals drawn place the other seats'
    # tiles a little better but no more hands were won: README), its preference per tile of
    # the number left showing, for a double and per pip, and its slip.
    keeper: float = 0.0
    keeper_strength: float = 1.2
    keeper_double: float = 0.9
    keeper_pip: float = 0.3
    keeper_slip: float = 0.35


DEFAULT_HABITS = Habits()


@dataclass(frozen=True)
class Observation:
    seat: int
    tile: int
    fits: int  # the tiles that could be played then (all of them to lead)
    played_later: int  # the seat's tiles played after this one (it held them then)
    ends: tuple[int, ...] = ()  # the numbers the open ends showed then (none to lead)


def observations(view: SeatView) -> list[Observation]:
    """The other seats' free choices since their last draw."""
    tiles = tile_set_of(view.rules)
    fits_open = tiles.fits_open[view.rules.wildcard]
    seen: list[Observation] = []
    open_fits = -1  # anything fits before the lead
    ends: tuple[int, ...] = ()
    for event in view.history:
        if isinstance(event, TilePlayed):
            if event.seat != view.seat and not (event.lead and view.lead_tile is not None):
                seen.append(Observation(event.seat, tiles.index(event.tile), open_fits, 0, ends))
            open_numbers = 0
            for end in ends_after(event):
                open_numbers |= 1 << end
            open_fits = fits_open[open_numbers]
            ends = tuple(number for number in tiles.numbers_of[open_numbers])
        elif isinstance(event, TilesDrawn):
            seen = [obs for obs in seen if obs.seat != event.seat]
    # Each seat held, at each choice, the tiles it played afterwards.
    result: list[Observation] = []
    later: dict[int, int] = {}
    for obs in reversed(seen):
        result.append(Observation(obs.seat, obs.tile, obs.fits, later.get(obs.seat, 0), obs.ends))
        later[obs.seat] = later.get(obs.seat, 0) | 1 << obs.tile
    result.reverse()
    return result


@dataclass(frozen=True, eq=False)
class HabitTables:
    """Per tile of a set: the soft shedder's weight, and the tiles a strict shedder ranks
    above it or equal to it."""

    weight: tuple[float, ...]
    above: tuple[int, ...]
    equal: tuple[int, ...]


@cache
def habit_tables(tiles: TileSet, shedding: float) -> HabitTables:
    def rank(tile: int) -> tuple[int, bool]:
        return tiles.pips[tile], tiles.is_double[tile]

    every = range(tiles.count)
    return HabitTables(
        weight=tuple(
            math.exp(shedding * (tiles.pips[t] + (DOUBLE_PIPS if tiles.is_double[t] else 0)))
            for t in every
        ),
        above=tuple(sum(1 << o for o in every if rank(o) > rank(t)) for t in every),
        equal=tuple(sum(1 << o for o in every if rank(o) == rank(t)) for t in every),
    )


def strong_number_shown(tiles: TileSet, rest: int, tile: int, outer: int) -> int:
    """The convention's score of laying *tile* so that it leaves *outer* showing (-1 when it
    leads): how many of the tiles kept in hand (*rest*) show that number; a lead shows both
    of its numbers and counts the better. Pairs are played without a wildcard."""
    number_mask = tiles.number_mask
    if outer < 0:
        low, high = tiles.pairs[tile]
        return max((rest & number_mask[low]).bit_count(), (rest & number_mask[high]).bit_count())
    return (rest & number_mask[outer]).bit_count()


@cache
def numbers_shown(tiles: TileSet, tile: int, ends: tuple[int, ...]) -> tuple[int, ...]:
    """The numbers that laying *tile* on one of *ends* may leave showing (a lead: both; also
    a tile that fits only as a wildcard, where the set has one)."""
    outers = tiles.outers[0][tile]
    shown = {outer for end in ends for outer in outers[end]}
    return tuple(sorted(shown or set(tiles.pairs[tile])))


def seat_odds(
    tiles: TileSet, hand: int, seen: Sequence[Observation], habits: Habits = DEFAULT_HABITS
) -> tuple[float, float]:
    """How likely one seat's observed plays are had it held *hand* (its plays only), and
    how likely it is then that it plays its heaviest tile by habit."""
    table = habit_tables(tiles, habits.shedding)
    weight, above, equal = table.weight, table.above, table.equal
    slip = habits.slip
    signals = habits.signals
    strength, signal_slip = habits.signal_strength, habits.signal_slip
    leaning = signal_leanings(tiles, habits.signal_double, habits.signal_pip)
    number_mask = tiles.number_mask
    at_random = soft = strict = signalled = 1.0
    for obs in seen:
        tile = obs.tile
        playable = (hand | obs.played_later | 1 << tile) & obs.fits
        choices = playable.bit_count()
        if choices == 1:
            continue  # a forced play says nothing about the habit
        total = 0.0
        for other in indices(playable):
            total += weight[other]
        chance = slip / choices
        if not playable & above[tile]:
            chance += (1.0 - slip) / (playable & equal[tile]).bit_count()
        at_random /= choices
        soft *= weight[tile] / total
        strict *= chance
        if signals:
            held = hand | obs.played_later | 1 << tile
            counts = [(held & numbers).bit_count() for numbers in number_mask]
            shown = _leaning_to(tiles, counts, tile, obs.ends, strength, leaning)
            others = 0.0
            for other in indices(playable):
                others += math.exp(
                    _leaning_to(tiles, counts, other, obs.ends, strength, leaning) - shown
                )
            signalled *= (1.0 - signal_slip) / others + signal_slip / choices
    if at_random == 1.0:
        return 1.0, 0.0  # no choice seen yet
    strict *= habits.heaviest
    value = habits.random * at_random + habits.soft * soft + strict
    if signals:
        value += signals * signalled
    return value, strict / value


def _leaning_to(
    tiles: TileSet,
    counts: list[int],
    laid: int,
    ends: tuple[int, ...],
    strength: float,
    leaning: tuple[float, ...],
) -> float:
    """The signalling habit's log-preference for laying *laid*, *counts* being how many
    tiles of each number the seat held: the convention's score (``strong_number_shown`` at
    the best placing, plus one: the tile laid shows every number it may leave showing) times
    *strength*, plus the tile's own leaning."""
    most = max(counts[number] for number in numbers_shown(tiles, laid, ends))
    return strength * most + leaning[laid]


@cache
def signal_leanings(tiles: TileSet, double: float, pip: float) -> tuple[float, ...]:
    """Per tile, the signalling habit's leaning to it beside the number it leaves showing."""
    return tuple(
        double * tiles.is_double[tile] + pip * tiles.pips[tile] for tile in range(tiles.count)
    )


def seat_habits(habits: Habits, seats: int, partner: int | None) -> tuple[Habits, ...]:
    """Each seat's habits: only the partner may follow the partnership's convention; every
    other seat may keep its long number showing (``Habits.keeper``), read the same way with
    its own weights."""
    keeper = replace(
        habits,
        signals=habits.keeper,
        signal_strength=habits.keeper_strength,
        signal_slip=habits.keeper_slip,
        signal_double=habits.keeper_double,
        signal_pip=habits.keeper_pip,
    )
    return tuple(habits if seat == partner else keeper for seat in range(seats))


def by_seat(seen: Sequence[Observation], seats: int) -> list[list[Observation]]:
    grouped: list[list[Observation]] = [[] for _ in range(seats)]
    for obs in seen:
        grouped[obs.seat].append(obs)
    return grouped


def weigh(
    tiles: TileSet,
    hands: Sequence[int],
    seen: Sequence[Observation],
    habits: Habits = DEFAULT_HABITS,
    partner: int | None = None,
) -> tuple[float, tuple[float, ...]]:
    """How likely the observed plays are, had the seats held these hands; and per seat, how
    likely it is then to play the heaviest tile by habit (0 for a seat not yet seen to choose).
    *partner*, the deciding seat's partner, may follow the convention (``Habits.signals``).
    """
    value = 1.0
    heaviest = [0.0] * len(hands)
    each = seat_habits(habits, len(hands), partner)
    for seat, plays in enumerate(by_seat(seen, len(hands))):
        if plays:
            odds, heaviest[seat] = seat_odds(tiles, hands[seat], plays, each[seat])
            value *= odds
    return value, tuple(heaviest)


def likelihood(
    tiles: TileSet,
    hands: Sequence[int],
    seen: Sequence[Observation],
    habits: Habits = DEFAULT_HABITS,
) -> float:
    """How likely the observed plays are, had the seats held these hands."""
    return weigh(tiles, hands, seen, habits)[0]
