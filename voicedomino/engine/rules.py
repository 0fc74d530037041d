"""The variants: a base class holding what every variant shares, and one small subclass per
variant overriding its few rules (as python-chess does for its variants).

Everything here is pure: no randomness, no I/O, no wording.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any, ClassVar

from voicedomino.engine.layout import Layout
from voicedomino.engine.tiles import DOUBLE_SIX, TILE_SETS, Tile, doubles_high_first, tile_set


class DrawPolicy(Enum):
    NONE = "none"  # blocco: the undealt tiles are set aside
    ONCE = "once"  # classica: one tile, at most once per turn
    UNTIL_PLAYABLE = "until_playable"  # draw until a playable tile comes or the boneyard is empty


class Opening(Enum):
    """Who opens a round: the variant's own rule, or one of the table options of RULES.md."""

    VARIANT = "variant"
    HIGHEST_DOUBLE = "highest_double"  # the highest double, else the heaviest tile
    HEAVIEST = "heaviest"  # the heaviest tile
    TOP_DOUBLE = "top_double"  # the set's top double, else the highest; no double: deal again
    RANDOM = "random"  # a seat drawn with the deal's generator, with its heaviest tile
    LAST_WINNER = "last_winner"  # the last round's winner, any tile (round one: the variant's)


class Outcome(Enum):
    DOMINO = "domino"  # somebody played their last tile
    BLOCKED = "blocked"  # nobody can play and nothing can be drawn; there is a winner
    DRAW = "draw"  # blocked with equal penalties: nobody wins


@dataclass(frozen=True)
class Settings:
    """What a table chooses before the match. None means the variant's default."""

    variant: str = "classica"
    seats: int = 2
    pairs: bool = False
    hand_size: int | None = None
    target: int | None = None  # 0: a single round
    wildcard: bool | None = None
    tile_set: int | None = None  # the set by its top number: 6 (double-six) or 9 (double-nine)
    spinner: bool | None = None  # a lead double opens four arms
    opening: str | None = None  # an Opening value; None: the variant's own rule

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Lead:
    """Who opens a round, and with which tile (None: any tile of theirs)."""

    seat: int
    tile: Tile | None


@dataclass(frozen=True)
class PreviousRound:
    """What the next deal's opening may depend on: who led the last round and who won it."""

    leader: int
    winner: int | None  # a seat; None when the round was drawn


@dataclass(frozen=True)
class RoundResult:
    outcome: Outcome
    winner: int | None  # team index (a team is one seat, or a pair in coppie)
    out_seat: int | None  # who played their last tile
    last_mover: int | None  # who played the last tile of the round
    penalties: tuple[int, ...]  # pips left in each seat's hand
    points: tuple[int, ...]  # what each team adds to its score


@dataclass(frozen=True)
class MatchResult:
    ranking: tuple[int, ...]  # team indices, best first
    scores: tuple[int, ...]

    @property
    def winner(self) -> int:
        return self.ranking[0]


class Rules:
    """The shared rules; subclasses override the class attributes and a few methods."""

    name: ClassVar[str] = ""
    allowed_seats: ClassVar[tuple[int, ...]] = (2, 3, 4)
    draw_policy: ClassVar[DrawPolicy] = DrawPolicy.UNTIL_PLAYABLE
    double_bonus: ClassVar[bool] = False
    default_target: ClassVar[int] = 100
    default_wildcard: ClassVar[bool] = False
    lower_score_wins: ClassVar[bool] = False
    allows_pairs: ClassVar[bool] = False

    def __init__(self, settings: Settings) -> None:
        if settings.seats not in self.allowed_seats:
            raise ValueError(f"{self.name}: {settings.seats} seats not allowed")
        if settings.pairs and not (self.allows_pairs and settings.seats == 4):
            raise ValueError(f"{self.name}: pairs need four seats in coppie")
        highest = DOUBLE_SIX if settings.tile_set is None else settings.tile_set
        if highest not in TILE_SETS:
            raise ValueError(f"no double-{highest} set (sets: {TILE_SETS})")
        self.highest = highest  # the set's top number
        self.tiles: tuple[Tile, ...] = tile_set(highest)  # the whole set, sorted
        self.doubles_high_first: tuple[Tile, ...] = doubles_high_first(highest)
        hand_size = settings.hand_size
        if hand_size is None:
            hand_size = (
                self.default_hand_size(settings.seats)
                if highest == DOUBLE_SIX
                else double_nine_hand_size(settings.seats)
            )
        if hand_size < 1 or hand_size * settings.seats > len(self.tiles):
            raise ValueError(f"{self.name}: {hand_size} tiles each do not fit the set")
        try:
            self.opening = (
                Opening.VARIANT if settings.opening is None else Opening(settings.opening)
            )
        except ValueError:
            raise ValueError(f"unknown opening rule: {settings.opening!r}") from None
        self.spinner = bool(settings.spinner)
        target = self.default_target if settings.target is None else settings.target
        if target < 0:
            raise ValueError("the target score cannot be negative")
        self.settings = settings
        self.seats = settings.seats
        self.pairs = settings.pairs
        self.hand_size = hand_size
        self.target = target
        self.wildcard = self.default_wildcard if settings.wildcard is None else settings.wildcard
        if self.pairs:
            self.teams: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
        else:
            self.teams = tuple((seat,) for seat in range(self.seats))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self.resolved() == other.resolved()

    def __hash__(self) -> int:
        return hash(tuple(self.resolved().items()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.settings!r})"

    def resolved(self) -> dict[str, Any]:
        """The settings with every default filled in."""
        return {
            "variant": self.name,
            "seats": self.seats,
            "pairs": self.pairs,
            "hand_size": self.hand_size,
            "target": self.target,
            "wildcard": self.wildcard,
            "tile_set": self.highest,
            "spinner": self.spinner,
            "opening": self.opening.value,
        }

    # --- shape of the table -------------------------------------------------------------

    def default_hand_size(self, seats: int) -> int:
        return 7

    def team_of(self, seat: int) -> int:
        return next(index for index, team in enumerate(self.teams) if seat in team)

    def partner_of(self, seat: int) -> int | None:
        team = self.teams[self.team_of(seat)]
        return next((other for other in team if other != seat), None)

    @property
    def boneyard_drawable(self) -> bool:
        return self.draw_policy is not DrawPolicy.NONE

    # --- matching ---------------------------------------------------------------------

    def outers(self, tile: Tile, end: int) -> tuple[int, ...]:
        """The numbers *tile* can leave exposed when joined to an end showing *end*."""
        found: list[int] = []
        for joined, outer in ((tile.low, tile.high), (tile.high, tile.low)):
            matches = joined == end or (self.wildcard and (joined == 0 or end == 0))
            if matches and outer not in found:
                found.append(outer)
        return tuple(found)

    def outers_any(self, tile: Tile, head: int | None, tail: int | None) -> bool:
        """Whether *tile* fits either end (any tile fits an empty line)."""
        if head is None or tail is None:
            return True
        return bool(self.outers(tile, head) or self.outers(tile, tail))

    def fits_layout(self, tile: Tile, layout: Layout) -> bool:
        """Whether *tile* fits some open arm (any tile fits an empty table)."""
        return layout.is_empty or self.fits_any(tile, layout.numbers())

    def fits_any(self, tile: Tile, numbers: Iterable[int]) -> bool:
        return any(self.outers(tile, number) for number in set(numbers))

    def default_outer(self, tile: Tile, end: int) -> int:
        """The exposed number when the player does not say: an exact match joins first."""
        if tile.has(end):
            return tile.other(end)
        return max(self.outers(tile, end))

    # --- leading ----------------------------------------------------------------------

    def find_lead(
        self, hands: Sequence[Sequence[Tile]], previous_leader: int | None
    ) -> Lead | None:
        """Who leads this deal by the variant's own rule; None asks for a new deal."""
        return zero_double_then_highest_then_heaviest(hands, self.highest)

    def opening_lead(
        self,
        hands: Sequence[Sequence[Tile]],
        previous: PreviousRound | None,
        rng: random.Random,
    ) -> Lead | None:
        """Who leads this deal by the table's opening rule; None asks for a new deal.

        *rng* is the deal's generator: only the random opening draws from it.
        """
        top = self.highest
        match self.opening:
            case Opening.HIGHEST_DOUBLE:
                return highest_double_lead(hands, top) or heaviest_tile_lead(hands)
            case Opening.HEAVIEST:
                return heaviest_tile_lead(hands)
            case Opening.TOP_DOUBLE:
                return highest_double_lead(hands, top)
            case Opening.RANDOM:
                seat = rng.randrange(self.seats)
                return Lead(seat, max(hands[seat], key=Tile.rank))
            case Opening.LAST_WINNER if previous is not None and previous.winner is not None:
                return Lead(previous.winner, None)
        return self.find_lead(hands, None if previous is None else previous.leader)

    def winning_seat(self, result: RoundResult, hands: Sequence[Sequence[Tile]]) -> int | None:
        """The seat that won a round: who went out, else the winning team's seat with the
        fewest pips left (the first in seat order on a tie); None for a drawn round."""
        if result.out_seat is not None:
            return result.out_seat
        if result.winner is None:
            return None
        team = self.teams[result.winner]
        return min(team, key=lambda seat: (sum(t.pips for t in hands[seat]), seat))

    # --- scoring ----------------------------------------------------------------------

    def score_round(
        self,
        outcome: Outcome,
        out_seat: int | None,
        last_mover: int | None,
        penalties: tuple[int, ...],
        leader: int,
    ) -> RoundResult:
        raise NotImplementedError

    def match_result(self, scores: Sequence[int], rounds_played: int) -> MatchResult | None:
        """The final ranking once the match is over, else None."""
        finished = self.target == 0 and rounds_played > 0
        finished = finished or (self.target > 0 and max(scores) >= self.target)
        if not finished:
            return None
        sign = 1 if self.lower_score_wins else -1
        ranking = sorted(range(len(scores)), key=lambda team: (sign * scores[team], team))
        return MatchResult(tuple(ranking), tuple(scores))

    def _team_penalties(self, penalties: tuple[int, ...]) -> list[int]:
        return [sum(penalties[seat] for seat in team) for team in self.teams]


# --- shared pieces ---------------------------------------------------------------------


def holder(hands: Sequence[Sequence[Tile]], tile: Tile) -> int | None:
    return next((seat for seat, hand in enumerate(hands) if tile in hand), None)


def double_nine_hand_size(seats: int) -> int:
    """RULES.md's deal with the double-nine set, for every variant."""
    return 10 if seats == 2 else 7


def highest_double_lead(hands: Sequence[Sequence[Tile]], highest: int) -> Lead | None:
    for double in doubles_high_first(highest):
        seat = holder(hands, double)
        if seat is not None:
            return Lead(seat, double)
    return None


def heaviest_tile_lead(hands: Sequence[Sequence[Tile]]) -> Lead:
    seat, tile = max(
        ((seat, tile) for seat, hand in enumerate(hands) for tile in hand),
        key=lambda pair: pair[1].rank(),
    )
    return Lead(seat, tile)


def zero_double_then_highest_then_heaviest(hands: Sequence[Sequence[Tile]], highest: int) -> Lead:
    blank_double = Tile(0, 0)
    seat = holder(hands, blank_double)
    if seat is not None:
        return Lead(seat, blank_double)
    return highest_double_lead(hands, highest) or heaviest_tile_lead(hands)


def unique_minimum(values: Sequence[int]) -> int | None:
    lowest = min(values)
    at_lowest = [index for index, value in enumerate(values) if value == lowest]
    return at_lowest[0] if len(at_lowest) == 1 else None


# --- the variants ------------------------------------------------------------------------


class Classica(Rules):
    """Two players, one draw a turn, a double earns another turn; winner takes the loser's pips."""

    name = "classica"
    allowed_seats = (2,)
    draw_policy = DrawPolicy.ONCE
    double_bonus = True

    def score_round(
        self,
        outcome: Outcome,
        out_seat: int | None,
        last_mover: int | None,
        penalties: tuple[int, ...],
        leader: int,
    ) -> RoundResult:
        winner = out_seat if outcome is Outcome.DOMINO else unique_minimum(penalties)
        if winner is None:
            return RoundResult(Outcome.DRAW, None, None, last_mover, penalties, (0, 0))
        points = [0, 0]
        points[winner] = penalties[1 - winner]
        return RoundResult(outcome, winner, out_seat, last_mover, penalties, tuple(points))


class Blocco(Rules):
    """Block: no drawing; the highest double leads, else a new deal; scoring by difference."""

    name = "blocco"
    draw_policy = DrawPolicy.NONE

    def default_hand_size(self, seats: int) -> int:
        return 7 if seats == 2 else 5

    def find_lead(
        self, hands: Sequence[Sequence[Tile]], previous_leader: int | None
    ) -> Lead | None:
        return highest_double_lead(hands, self.highest)

    def score_round(
        self,
        outcome: Outcome,
        out_seat: int | None,
        last_mover: int | None,
        penalties: tuple[int, ...],
        leader: int,
    ) -> RoundResult:
        points = [0] * len(penalties)
        total = sum(penalties)
        if outcome is Outcome.DOMINO:
            assert out_seat is not None
            points[out_seat] = total
            return RoundResult(outcome, out_seat, out_seat, last_mover, penalties, tuple(points))
        winner = unique_minimum(penalties)
        if winner is None:
            return RoundResult(Outcome.DRAW, None, None, last_mover, penalties, tuple(points))
        own = penalties[winner]
        points[winner] = max(0, (total - own) - own)
        return RoundResult(outcome, winner, None, last_mover, penalties, tuple(points))


class Pesca(Blocco):
    """Draw: as Block, but a player who cannot play draws until a playable tile comes."""

    name = "pesca"
    draw_policy = DrawPolicy.UNTIL_PLAYABLE


class Jolly(Pesca):
    """Two players; blanks are wildcards; the human (seat 0) opens the first round with any tile."""

    name = "jolly"
    allowed_seats = (2,)
    default_wildcard = True

    def find_lead(
        self, hands: Sequence[Sequence[Tile]], previous_leader: int | None
    ) -> Lead | None:
        # Later rounds: the players take turns at opening (RULES.md leaves it open).
        seat = 0 if previous_leader is None else (previous_leader + 1) % self.seats
        return Lead(seat, None)


class Capra(Rules):
    """The goat: points are bad; whoever goes out or makes the last move scores nothing."""

    name = "capra"
    default_target = 101
    lower_score_wins = True

    def score_round(
        self,
        outcome: Outcome,
        out_seat: int | None,
        last_mover: int | None,
        penalties: tuple[int, ...],
        leader: int,
    ) -> RoundResult:
        clean = out_seat if outcome is Outcome.DOMINO else last_mover
        assert clean is not None
        points = tuple(0 if seat == clean else penalty for seat, penalty in enumerate(penalties))
        return RoundResult(outcome, clean, out_seat, last_mover, penalties, points)


class Coppie(Rules):
    """The classic table game, alone or in two pairs sitting opposite each other."""

    name = "coppie"
    allows_pairs = True

    def find_lead(
        self, hands: Sequence[Sequence[Tile]], previous_leader: int | None
    ) -> Lead | None:
        if previous_leader is None:
            return highest_double_lead(hands, self.highest) or heaviest_tile_lead(hands)
        return Lead((previous_leader + 1) % self.seats, None)

    def score_round(
        self,
        outcome: Outcome,
        out_seat: int | None,
        last_mover: int | None,
        penalties: tuple[int, ...],
        leader: int,
    ) -> RoundResult:
        if outcome is Outcome.DOMINO:
            assert out_seat is not None
            winner = self.team_of(out_seat)
        else:
            winner = self._blocked_winner(self._team_penalties(penalties), leader)
        # A pair scores every hand on the table (the partner's too); a lone player the others'.
        winners = self.teams[winner]
        points = [0] * len(self.teams)
        points[winner] = sum(
            p for seat, p in enumerate(penalties) if self.pairs or seat not in winners
        )
        return RoundResult(outcome, winner, out_seat, last_mover, penalties, tuple(points))

    def _blocked_winner(self, team_penalties: list[int], leader: int) -> int:
        """Fewest pips; a tie goes to the leader, or to the one nearest the leader in turn."""
        lowest = min(team_penalties)
        for step in range(self.seats):
            team = self.team_of((leader + step) % self.seats)
            if team_penalties[team] == lowest:
                return team
        raise AssertionError("unreachable: some team has the lowest penalty")


VARIANTS: dict[str, type[Rules]] = {
    cls.name: cls for cls in (Classica, Blocco, Pesca, Jolly, Capra, Coppie)
}


def make_rules(settings: Settings) -> Rules:
    """The rules object for *settings*; ValueError when they do not fit the variant."""
    try:
        variant = VARIANTS[settings.variant]
    except KeyError:
        raise ValueError(f"unknown variant: {settings.variant!r}") from None
    return variant(settings)
