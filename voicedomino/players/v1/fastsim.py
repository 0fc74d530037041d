"""A fast simulator of one round on bitmasks, for the search; it must agree with the engine.

An action is an int: a play is ``tile << 4 | side << 3 | outer`` (side 0 head, 1 tail),
DRAW and PASS are negative. ``apply`` returns an undo token, so the search walks one state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from voicedomino.engine.actions import Action, Draw, Pass, Side
from voicedomino.engine.rules import DrawPolicy, Rules
from voicedomino.players.v1.tables import (
    BIT,
    FITS,
    HIGH,
    INDEX,
    IS_DOUBLE,
    LOW,
    NO_END,
    OUTERS,
    indices,
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
