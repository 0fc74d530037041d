"""A fast simulator of one round on bit masks, for the search; it must agree with the engine.

The state is a handful of ints: a mask per hand, the boneyard as a list drawn from the end with
its count, and the open ends as a packed count per number (see ``tables``), so a line and a
spinner's four arms are the same thing to the search, and ends showing the same number are one.
``apply`` returns an undo token: the search walks a single state (make/unmake).

An action is an int: a play is ``tile << 8 | joined << 4 | outer`` (the number of the end it is
joined to, NO_END when it leads, and the number it leaves showing); DRAW and PASS are negative.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from voicedomino.engine.actions import Action, Draw, Pass
from voicedomino.engine.layout import Layout
from voicedomino.engine.round import Round
from voicedomino.engine.rules import DrawPolicy, Rules
from voicedomino.players.open_ends import joined_end, round_ends
from voicedomino.players.tables import NO_END, TileSet, end_unit, indices, tile_set_of

DRAW = -1
PASS = -2

POLICY_NONE = 0
POLICY_ONCE = 1
POLICY_UNTIL = 2
_POLICY_CODE = {
    DrawPolicy.NONE: POLICY_NONE,
    DrawPolicy.ONCE: POLICY_ONCE,
    DrawPolicy.UNTIL_PLAYABLE: POLICY_UNTIL,
}


@dataclass(frozen=True, eq=False)
class SimRules:
    """The few facts of the variant the simulator needs, as plain values."""

    variant: str
    seats: int
    policy: int
    double_bonus: bool
    wildcard: bool
    pairs: bool
    spinner: bool  # a double that leads opens four arms
    team_of: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    tiles: TileSet

    @classmethod
    def of(cls, rules: Rules) -> SimRules:
        """The simulator's rules for *rules*: one object per distinct rules, so the tables
        built for it are built once."""
        return _sim_rules(rules)

    @classmethod
    def build(cls, rules: Rules) -> SimRules:
        return cls(
            variant=rules.name,
            seats=rules.seats,
            policy=_POLICY_CODE[rules.draw_policy],
            double_bonus=rules.double_bonus,
            wildcard=rules.wildcard,
            pairs=rules.pairs,
            spinner=rules.spinner,
            team_of=tuple(rules.team_of(seat) for seat in range(rules.seats)),
            teams=rules.teams,
            tiles=tile_set_of(rules),
        )


@cache
def _sim_rules(rules: Rules) -> SimRules:
    return SimRules.build(rules)


def encode_play(tile: int, joined: int, outer: int) -> int:
    return tile << 8 | joined << 4 | outer


def play_tile(action: int) -> int:
    return action >> 8


def play_joined(action: int) -> int:
    return action >> 4 & 15


def play_outer(action: int) -> int:
    return action & 15


def pack_ends(numbers: Iterable[int]) -> int:
    """The packed count of open ends showing *numbers* (one entry per end)."""
    return sum(end_unit(number) for number in numbers)


def open_numbers(ends: int) -> int:
    """The mask of the numbers some end shows."""
    mask = 0
    number = 0
    while ends:
        if ends & 7:
            mask |= 1 << number
        ends >>= 3
        number += 1
    return mask


def end_list(ends: int) -> list[int]:
    """The open ends' numbers, lowest first, one entry per end."""
    found: list[int] = []
    number = 0
    while ends:
        found.extend([number] * (ends & 7))
        ends >>= 3
        number += 1
    return found


Undo = tuple[int, int, int, int, int, int, bool, bool, int, int, bool, int]


class SimRound:
    """The state of a round with every hand known (a determinized world)."""

    __slots__ = (
        "bone",
        "bone_n",
        "bonus",
        "drew",
        "ends",
        "fits_open",
        "hands",
        "last_mover",
        "lead_tile",
        "leader",
        "mover",
        "open",
        "out_seat",
        "over",
        "rules",
        "tiles",
    )

    def __init__(
        self,
        rules: SimRules,
        hands: Sequence[int],
        bone: Sequence[int],
        ends: int,
        mover: int,
        *,
        drew: bool = False,
        bonus: bool = False,
        last_mover: int = -1,
        leader: int = 0,
        lead_tile: int = -1,
    ) -> None:
        self.rules = rules
        self.tiles = rules.tiles
        self.fits_open = rules.tiles.fits_open[rules.wildcard]
        self.hands = list(hands)
        self.bone = list(bone)  # drawn from the end, as the engine does
        self.bone_n = len(bone)
        self.ends = ends  # 0: nothing laid yet
        self.open = open_numbers(ends)
        self.mover = mover
        self.drew = drew
        self.bonus = bonus
        self.last_mover = last_mover
        self.leader = leader
        self.lead_tile = lead_tile
        self.over = False
        self.out_seat = -1
        self._check_blocked()

    # --- reading ------------------------------------------------------------------------

    def playable(self) -> int:
        """The mover's tiles that fit an end (its whole hand, or the lead tile, to lead)."""
        hand = self.hands[self.mover]
        if not self.ends:
            if self.lead_tile >= 0:
                return hand & self.tiles.bit[self.lead_tile]
            return hand
        return hand & self.fits_open[self.open]

    def moves(self) -> list[int]:
        """Every distinct legal action (plays on ends showing the same number are one)."""
        playable = self.playable()
        if not playable:
            return [DRAW] if self.can_draw() else [PASS]
        tiles = self.tiles
        if not self.ends:
            return [tile << 8 | NO_END << 4 | tiles.high[tile] for tile in indices(playable)]
        wildcard = self.rules.wildcard
        joins = tiles.joins[wildcard]
        outers = tiles.outers[wildcard]
        numbers_of = tiles.numbers_of
        open_ = self.open
        found: list[int] = []
        for tile in indices(playable):
            for end in numbers_of[joins[tile] & open_]:
                found.extend(tile << 8 | end << 4 | outer for outer in outers[tile][end])
        return found

    def can_draw(self) -> bool:
        policy = self.rules.policy
        if policy == POLICY_NONE or self.bone_n == 0:
            return False
        return not (policy == POLICY_ONCE and self.drew)

    def penalties(self) -> tuple[int, ...]:
        mask_pips = self.tiles.mask_pips
        return tuple(mask_pips(hand) for hand in self.hands)

    # --- acting -------------------------------------------------------------------------

    def apply(self, action: int) -> Undo:
        mover = self.mover
        undo: Undo = (
            mover,
            self.hands[mover],
            self.ends,
            self.open,
            mover,
            self.bone_n,
            self.drew,
            self.bonus,
            self.last_mover,
            self.out_seat,
            self.over,
            0,
        )
        rules = self.rules
        if action >= 0:
            tiles = self.tiles
            tile = action >> 8
            joined = action >> 4 & 15
            outer = action & 15
            if joined == NO_END:
                low, high = tiles.low[tile], tiles.high[tile]
                if low == high and rules.spinner:
                    self.ends = 4 * end_unit(low)
                else:
                    self.ends = end_unit(low) + end_unit(high)
                self.open = 1 << low | 1 << high
            else:
                ends = self.ends
                if ends >> (3 * joined) & 7 == 1:
                    self.open ^= 1 << joined
                self.ends = ends - end_unit(joined) + end_unit(outer)
                self.open |= 1 << outer
            hand = self.hands[mover] ^ tiles.bit[tile]
            self.hands[mover] = hand
            self.last_mover = mover
            if not hand:
                self.over = True
                self.out_seat = mover
                return undo
            if rules.double_bonus and tiles.is_double[tile]:
                self.drew = False
                self.bonus = True
            else:
                self.mover = (mover + 1) % rules.seats
                self.drew = False
                self.bonus = False
        elif action == DRAW:
            fits = self.fits_open[self.open]
            bit = self.tiles.bit
            hand = self.hands[mover]
            bone = self.bone
            n = self.bone_n
            once = rules.policy == POLICY_ONCE
            while n:
                n -= 1
                drawn = bit[bone[n]]
                hand |= drawn
                if once or drawn & fits:
                    break
            self.bone_n = n
            self.hands[mover] = hand
            self.drew = True
        else:
            self.mover = (mover + 1) % rules.seats
            self.drew = False
            self.bonus = False
        self._check_blocked()
        return undo

    def undo(self, undo: Undo) -> None:
        (
            seat,
            self.hands[seat],
            self.ends,
            self.open,
            self.mover,
            self.bone_n,
            self.drew,
            self.bonus,
            self.last_mover,
            self.out_seat,
            self.over,
            _,
        ) = undo

    def _check_blocked(self) -> None:
        if self.over or not self.ends:
            return
        if self.rules.policy != POLICY_NONE and self.bone_n:
            return
        held = 0
        for hand in self.hands:
            held |= hand
        if not held & self.fits_open[self.open]:
            self.over = True
            self.out_seat = -1


# --- the engine's tables as the simulator's ---------------------------------------------


def from_engine(action: Action, layout: Layout, tiles: TileSet) -> int:
    """The simulator's code of an engine action chosen on the table *layout*."""
    if isinstance(action, Draw):
        return DRAW
    if isinstance(action, Pass):
        return PASS
    assert action.side is not None and action.outer is not None
    tile = tiles.index(action.tile)
    joined = joined_end(layout, action)
    return encode_play(tile, NO_END if joined is None else joined, action.outer)


def round_state(round_: Round) -> SimRound:
    """The engine's round with every hand visible, as the simulator's state."""
    rules = SimRules.of(round_.rules)
    tiles = rules.tiles
    state = SimRound(
        rules,
        [tiles.mask_of(hand) for hand in round_.hands],
        [tiles.index(tile) for tile in round_.boneyard],
        pack_ends(round_ends(round_)),
        round_.to_move,
        drew=round_.drew_this_turn,
        bonus=round_.bonus_turn,
        last_mover=-1 if round_.last_mover is None else round_.last_mover,
        leader=round_.leader,
        lead_tile=-1 if round_.lead_tile is None else tiles.index(round_.lead_tile),
    )
    if round_.result is not None and round_.result.out_seat is not None:
        state.over = True
        state.out_seat = round_.result.out_seat
    return state
