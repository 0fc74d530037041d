"""A fast simulator of one round on bitmasks, for the search; it must agree with the engine.

An action is an int: a play is ``tile << 4 | side << 3 | outer`` (side 0 head, 1 tail),
DRAW and PASS are negative. ``apply`` returns an undo token, so the search walks one state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from voicedomino.engine.actions import Action, Draw, Pass, Play, Side
from voicedomino.engine.round import Round
from voicedomino.engine.rules import DrawPolicy, Rules
from voicedomino.engine.tiles import ALL_TILES, Tile
from voicedomino.players.tables import (
    BIT,
    FITS,
    FULL_MASK,
    HIGH,
    INDEX,
    IS_DOUBLE,
    LOW,
    NO_END,
    OUTERS,
    indices,
    mask_of,
    mask_pips,
)

DRAW = -1
PASS = -2
HEAD_SIDE = 0
TAIL_SIDE = 1

POLICY_NONE = 0
POLICY_ONCE = 1
POLICY_UNTIL = 2
_POLICY_CODE = {
    DrawPolicy.NONE: POLICY_NONE,
    DrawPolicy.ONCE: POLICY_ONCE,
    DrawPolicy.UNTIL_PLAYABLE: POLICY_UNTIL,
}


@dataclass(frozen=True)
class SimRules:
    """The few facts of the variant the simulator needs, as plain values."""

    variant: str
    seats: int
    policy: int
    double_bonus: bool
    wildcard: bool
    pairs: bool
    team_of: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, rules: Rules) -> SimRules:
        return cls(
            variant=rules.name,
            seats=rules.seats,
            policy=_POLICY_CODE[rules.draw_policy],
            double_bonus=rules.double_bonus,
            wildcard=rules.wildcard,
            pairs=rules.pairs,
            team_of=tuple(rules.team_of(seat) for seat in range(rules.seats)),
            teams=rules.teams,
        )


def encode_play(tile: int, side: int, outer: int) -> int:
    return tile << 4 | side << 3 | outer


def play_tile(action: int) -> int:
    return action >> 4


def play_side(action: int) -> int:
    return action >> 3 & 1


def play_outer(action: int) -> int:
    return action & 7


def to_engine(action: int) -> Action:
    if action == DRAW:
        return Draw()
    if action == PASS:
        return Pass()
    side = Side.HEAD if play_side(action) == HEAD_SIDE else Side.TAIL
    return Play(ALL_TILES[play_tile(action)], side, play_outer(action))


def from_engine(action: Action) -> int:
    if isinstance(action, Draw):
        return DRAW
    if isinstance(action, Pass):
        return PASS
    assert action.side is not None and action.outer is not None
    side = HEAD_SIDE if action.side is Side.HEAD else TAIL_SIDE
    return encode_play(INDEX[action.tile], side, action.outer)


Undo = tuple[int, int, int, int, int, bool, bool, int, int, bool, int]


class SimRound:
    """The state of a round with every hand known (a determinized world)."""

    __slots__ = (
        "bone",
        "bone_n",
        "bonus",
        "drew",
        "fits",
        "hands",
        "head",
        "last_mover",
        "lead_tile",
        "leader",
        "mover",
        "out_seat",
        "over",
        "rules",
        "tail",
    )

    def __init__(
        self,
        rules: SimRules,
        hands: Sequence[int],
        bone: Sequence[int],
        head: int,
        tail: int,
        mover: int,
        *,
        drew: bool = False,
        bonus: bool = False,
        last_mover: int = -1,
        leader: int = 0,
        lead_tile: int = -1,
    ) -> None:
        self.rules = rules
        self.fits = FITS[rules.wildcard]
        self.hands = list(hands)
        self.bone = list(bone)  # drawn from the end, as the engine does
        self.bone_n = len(bone)
        self.head = head
        self.tail = tail
        self.mover = mover
        self.drew = drew
        self.bonus = bonus
        self.last_mover = last_mover
        self.leader = leader
        self.lead_tile = lead_tile
        self.over = False
        self.out_seat = -1
        self._check_blocked()

    @classmethod
    def from_round(cls, round_: Round) -> SimRound:
        """The engine's round with everything visible (for tests and the arena's checks)."""
        head = round_.head
        tail = round_.tail
        state = cls(
            SimRules.of(round_.rules),
            [mask_of(hand) for hand in round_.hands],
            [INDEX[tile] for tile in round_.boneyard],
            NO_END if head is None else head,
            NO_END if tail is None else tail,
            round_.to_move,
            drew=round_.drew_this_turn,
            bonus=round_.bonus_turn,
            last_mover=-1 if round_.last_mover is None else round_.last_mover,
            leader=round_.leader,
            lead_tile=-1 if round_.lead_tile is None else INDEX[round_.lead_tile],
        )
        if round_.result is not None and round_.result.out_seat is not None:
            state.over = True
            state.out_seat = round_.result.out_seat
        return state

    # --- reading ------------------------------------------------------------------------

    def playable(self) -> int:
        """The mover's tiles that fit an end (its whole hand on an empty line)."""
        hand = self.hands[self.mover]
        if self.head == NO_END:
            if self.lead_tile >= 0:
                return hand & BIT[self.lead_tile]
            return hand
        return hand & (self.fits[self.head] | self.fits[self.tail])

    def legal(self) -> list[int]:
        """Every legal action, in the engine's order."""
        return self._actions(dedupe=False)

    def moves(self) -> list[int]:
        """The legal actions without mirror duplicates (both ends equal: the tail only)."""
        return self._actions(dedupe=True)

    def _actions(self, dedupe: bool) -> list[int]:
        playable = self.playable()
        if playable:
            head, tail = self.head, self.tail
            if head == NO_END:
                return [tile << 4 | 8 | HIGH[tile] for tile in indices(playable)]
            outers = OUTERS[self.rules.wildcard]
            head_fits, tail_fits = self.fits[head], self.fits[tail]
            same = dedupe and head == tail
            found: list[int] = []
            for tile in indices(playable):
                bit = BIT[tile]
                if bit & head_fits and not same:
                    found.extend(tile << 4 | outer for outer in outers[tile][head])
                if bit & tail_fits:
                    found.extend(tile << 4 | 8 | outer for outer in outers[tile][tail])
            return found
        return [DRAW] if self.can_draw() else [PASS]

    def can_draw(self) -> bool:
        policy = self.rules.policy
        if policy == POLICY_NONE or self.bone_n == 0:
            return False
        return not (policy == POLICY_ONCE and self.drew)

    def penalties(self) -> tuple[int, ...]:
        return tuple(mask_pips(hand) for hand in self.hands)

    # --- acting -------------------------------------------------------------------------

    def apply(self, action: int) -> Undo:
        mover = self.mover
        undo: Undo = (
            mover,
            self.hands[mover],
            self.head,
            self.tail,
            mover,
            self.drew,
            self.bonus,
            self.last_mover,
            self.bone_n,
            self.over,
            self.out_seat,
        )
        rules = self.rules
        if action >= 0:
            tile = action >> 4
            outer = action & 7
            joined = HIGH[tile] if LOW[tile] == outer else LOW[tile]
            if self.head == NO_END:
                self.head, self.tail = joined, outer
            elif action & 8:
                self.tail = outer
            else:
                self.head = outer
            hand = self.hands[mover] ^ BIT[tile]
            self.hands[mover] = hand
            self.last_mover = mover
            if not hand:
                self.over = True
                self.out_seat = mover
                return undo
            if rules.double_bonus and IS_DOUBLE[tile]:
                self.drew = False
                self.bonus = True
            else:
                self.mover = (mover + 1) % rules.seats
                self.drew = False
                self.bonus = False
        elif action == DRAW:
            fits = self.fits[self.head] | self.fits[self.tail]
            hand = self.hands[mover]
            bone = self.bone
            n = self.bone_n
            once = rules.policy == POLICY_ONCE
            while n:
                n -= 1
                bit = BIT[bone[n]]
                hand |= bit
                if once or bit & fits:
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
            self.head,
            self.tail,
            self.mover,
            self.drew,
            self.bonus,
            self.last_mover,
            self.bone_n,
            self.over,
            self.out_seat,
        ) = undo

    def _check_blocked(self) -> None:
        if self.over or self.head == NO_END:
            return
        if self.rules.policy != POLICY_NONE and self.bone_n:
            return
        held = 0
        for hand in self.hands:
            held |= hand
        if not held & (self.fits[self.head] | self.fits[self.tail]):
            self.over = True
            self.out_seat = -1


def hand_tiles(mask: int) -> tuple[Tile, ...]:
    return tuple(ALL_TILES[index] for index in indices(mask & FULL_MASK))
