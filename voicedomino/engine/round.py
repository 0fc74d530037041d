"""One round (a deal) of any variant: the mutable game state, OpenSpiel style.

``legal_actions()``, ``apply(action)``, ``is_over``, ``result``. A refused action raises
IllegalAction and leaves the state exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from voicedomino.engine import legality
from voicedomino.engine.actions import Action, Draw, Play
from voicedomino.engine.errors import IllegalAction, Reason, Refusal
from voicedomino.engine.events import (
    BonusTurn,
    Event,
    Passed,
    RoundStarted,
    TilePlayed,
    TilesDrawn,
    TurnStarted,
)
from voicedomino.engine.layout import Layout, Pair
from voicedomino.engine.rules import DrawPolicy, Outcome, PreviousRound, RoundResult, Rules
from voicedomino.engine.tiles import Tile, pips

MAX_REDEALS = 1000  # a deal without doubles is rare; this only guards against a broken rule


@dataclass(frozen=True)
class RoundState:
    """Everything a round is, as plain values (what a save stores); the result is left out
    because it follows from the rest."""

    round_number: int
    hands: tuple[tuple[Tile, ...], ...]  # in the order held
    boneyard: tuple[Tile, ...]  # drawn from the end
    set_aside: tuple[Tile, ...]
    line: tuple[Pair, ...]  # tiles as laid, head to tail, left half first
    leader: int
    lead_tile: Tile | None
    to_move: int
    drew_this_turn: bool
    bonus_turn: bool
    last_mover: int | None
    history: tuple[Event, ...]
    spinner_at: int | None = None  # the spinner's index in the line (see engine.layout)
    up: tuple[Pair, ...] = ()  # the spinner's arms above and below, from it outward
    down: tuple[Pair, ...] = ()

    @property
    def layout(self) -> Layout:
        return Layout(self.line, self.spinner_at, self.up, self.down)

    def line_tiles(self) -> list[Tile]:
        """Every tile on the table (the line, then the spinner's other arms)."""
        return self.layout.tiles()


class Round:
    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        set_aside: Sequence[Tile],
        leader: int,
        lead_tile: Tile | None,
        round_number: int = 1,
    ) -> None:
        self.rules = rules
        self.hands: list[list[Tile]] = [sorted(hand) for hand in hands]
        self.boneyard: list[Tile] = list(boneyard)  # drawn from the end
        self.set_aside: list[Tile] = list(set_aside)
        self.layout = Layout()  # the tiles on the table
        self.leader = leader
        self.lead_tile = lead_tile
        self.round_number = round_number
        self.to_move = leader
        self.drew_this_turn = False
        self.bonus_turn = False
        self.last_mover: int | None = None
        self.result: RoundResult | None = None
        self.history: list[Event] = []

    # --- dealing ------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: Rules,
        rng: random.Random,
        round_number: int = 1,
        previous: PreviousRound | None = None,
    ) -> Round:
        """Shuffle with *rng* and deal, dealing again while the opening rule asks for it."""
        size = rules.hand_size
        redeals = 0
        while True:
            tiles = list(rules.tiles)
            rng.shuffle(tiles)
            hands = [tiles[seat * size : (seat + 1) * size] for seat in range(rules.seats)]
            rest = tiles[rules.seats * size :]
            lead = rules.opening_lead(hands, previous, rng)
            if lead is not None:
                break
            redeals += 1
            if redeals >= MAX_REDEALS:
                raise RuntimeError("no playable deal found")
        drawable = rules.boneyard_drawable
        state = cls(
            rules,
            hands,
            rest if drawable else [],
            [] if drawable else rest,
            lead.seat,
            lead.tile,
            round_number,
        )
        state.history.append(RoundStarted(round_number, lead.seat, lead.tile, redeals))
        return state

    @classmethod
    def restore(cls, rules: Rules, state: RoundState) -> Round:
        """The round *state* describes, its result derived again (a round that has ended
        shows it: an empty hand, or a line nobody can extend).

        The state is taken as given: a loader checks it first (see engine.save).
        """
        round_ = cls(
            rules,
            state.hands,
            state.boneyard,
            state.set_aside,
            state.leader,
            state.lead_tile,
            state.round_number,
        )
        round_.hands = [list(hand) for hand in state.hands]  # as held, not re-sorted
        round_.layout = state.layout
        round_.to_move = state.to_move
        round_.drew_this_turn = state.drew_this_turn
        round_.bonus_turn = state.bonus_turn
        round_.last_mover = state.last_mover
        round_.history = list(state.history)
        empty = [seat for seat, hand in enumerate(round_.hands) if not hand]
        if empty:
            round_._finish(Outcome.DOMINO, out_seat=empty[0])
        elif not round_.layout.is_empty and not round_._anyone_can_move():
            round_._finish(Outcome.BLOCKED)
        return round_

    # --- reading ------------------------------------------------------------------------

    def state(self) -> RoundState:
        """This round as plain values; ``Round.restore(rules, state)`` gives it back."""
        return RoundState(
            round_number=self.round_number,
            hands=tuple(tuple(hand) for hand in self.hands),
            boneyard=tuple(self.boneyard),
            set_aside=tuple(self.set_aside),
            line=self.layout.line,
            leader=self.leader,
            lead_tile=self.lead_tile,
            to_move=self.to_move,
            drew_this_turn=self.drew_this_turn,
            bonus_turn=self.bonus_turn,
            last_mover=self.last_mover,
            history=tuple(self.history),
            spinner_at=self.layout.spinner_at,
            up=self.layout.up,
            down=self.layout.down,
        )

    @property
    def line(self) -> list[Pair]:
        """The line from the head to the tail, left half first (the spinner among them)."""
        return list(self.layout.line)

    @property
    def head(self) -> int | None:
        return self.layout.head

    @property
    def tail(self) -> int | None:
        return self.layout.tail

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def line_tiles(self) -> list[Tile]:
        """Every tile on the table (the line, then the spinner's other arms)."""
        return self.layout.tiles()

    def turn(self, seat: int | None = None) -> legality.Turn:
        """The legality facts for *seat* (default: the seat to move) as if it were to move."""
        seat = self.to_move if seat is None else seat
        own_turn = seat == self.to_move
        return legality.Turn(
            seat=seat,
            hand=tuple(self.hands[seat]),
            layout=self.layout,
            lead_tile=self.lead_tile,
            boneyard_count=len(self.boneyard),
            drew_this_turn=self.drew_this_turn and own_turn,
            bonus_turn=self.bonus_turn and own_turn,
        )

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        return legality.legal_actions(self.rules, self.turn())

    def penalties(self) -> tuple[int, ...]:
        return tuple(pips(hand) for hand in self.hands)

    # --- acting -------------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Carry out *action* for the seat to move (or check that *seat* is that seat)."""
        if self.is_over:
            raise IllegalAction(Refusal(Reason.ROUND_OVER, seat=seat))
        if seat is not None and seat != self.to_move:
            raise IllegalAction(
                Refusal(Reason.NOT_YOUR_TURN, seat=seat, expected_seat=self.to_move)
            )
        resolved = legality.resolve(self.rules, self.turn(), action)
        if isinstance(resolved, Play):
            events = self._play(resolved)
        elif isinstance(resolved, Draw):
            events = self._draw()
        else:
            events = self._pass()
        if not self.is_over and not self._anyone_can_move():
            self._finish(Outcome.BLOCKED)
        if self.is_over:
            # A blocking play ends the round: nobody gets a next turn or a bonus turn.
            self.bonus_turn = False
            events = [e for e in events if not isinstance(e, TurnStarted | BonusTurn)]
        self.history.extend(event for event in events if not isinstance(event, TurnStarted))
        return events

    def _play(self, play: Play) -> list[Event]:
        seat, tile = self.to_move, play.tile
        assert play.side is not None and play.outer is not None
        layout = self.layout
        lead = layout.is_empty
        if lead:
            layout = Layout.opened_with(tile, play.outer, spinner=self.rules.spinner)
        else:
            layout = layout.placed(play.side, tile.other(play.outer), play.outer)
        self.layout = layout
        self.hands[seat].remove(tile)
        self.last_mover = seat
        head, tail = layout.head, layout.tail
        assert head is not None and tail is not None
        events: list[Event] = [
            TilePlayed(seat, tile, play.side, head, tail, lead, layout.up_end, layout.down_end)
        ]
        if not self.hands[seat]:
            self._finish(Outcome.DOMINO, out_seat=seat)
        elif tile.is_double and self.rules.double_bonus:
            self.drew_this_turn = False
            self.bonus_turn = True
            events.append(BonusTurn(seat))
        else:
            events.append(self._next_turn())
        return events

    def _draw(self) -> list[Event]:
        seat = self.to_move
        drawn: list[Tile] = []
        while self.boneyard:
            tile = self.boneyard.pop()
            drawn.append(tile)
            if self.rules.draw_policy is DrawPolicy.ONCE or self.rules.fits_layout(
                tile, self.layout
            ):
                break
        self.hands[seat].extend(drawn)
        self.hands[seat].sort()
        self.drew_this_turn = True
        layout = self.layout
        return [
            TilesDrawn(
                seat,
                len(drawn),
                tuple(drawn),
                layout.head,
                layout.tail,
                len(self.boneyard),
                layout.up_end,
                layout.down_end,
            )
        ]

    def _pass(self) -> list[Event]:
        layout = self.layout
        passed = Passed(self.to_move, layout.head, layout.tail, layout.up_end, layout.down_end)
        return [passed, self._next_turn()]

    def _next_turn(self) -> TurnStarted:
        self.to_move = (self.to_move + 1) % self.rules.seats
        self.drew_this_turn = False
        self.bonus_turn = False
        return TurnStarted(self.to_move)

    def _anyone_can_move(self) -> bool:
        if self.rules.boneyard_drawable and self.boneyard:
            return True
        return any(
            self.rules.fits_layout(tile, self.layout) for hand in self.hands for tile in hand
        )

    def _finish(self, outcome: Outcome, out_seat: int | None = None) -> None:
        self.result = self.rules.score_round(
            outcome, out_seat, self.last_mover, self.penalties(), self.leader
        )

    # --- copying ------------------------------------------------------------------------

    def copy(self) -> Round:
        other = Round.__new__(Round)
        other.__dict__.update(self.__dict__)
        other.hands = [list(hand) for hand in self.hands]
        other.boneyard = list(self.boneyard)
        other.set_aside = list(self.set_aside)
        other.history = list(self.history)
        return other
