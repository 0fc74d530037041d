"""What one seat may know: its own hand and everything public. Opponents decide from this only."""

from __future__ import annotations

from dataclasses import dataclass

from voicedomino.engine import legality
from voicedomino.engine.actions import Action
from voicedomino.engine.events import Event, TilePlayed
from voicedomino.engine.layout import Layout, Pair
from voicedomino.engine.rules import MatchResult, RoundResult, Rules
from voicedomino.engine.tiles import Tile


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: Rules
    round_number: int
    hand: tuple[Tile, ...]
    layout: Layout  # the table: the line and, with a spinner, its arms above and below
    hand_counts: tuple[int, ...]
    boneyard_count: int
    set_aside_count: int
    to_move: int
    leader: int
    lead_tile: Tile | None
    drew_this_turn: bool
    bonus_turn: bool
    history: tuple[Event, ...]  # this round's plays, draws and passes, masked for this seat
    scores: tuple[int, ...]  # per team
    round_result: RoundResult | None
    match_result: MatchResult | None
    revealed_hands: tuple[tuple[Tile, ...], ...] | None  # every hand, once the round is over

    @property
    def line(self) -> tuple[Pair, ...]:
        """The line from testa to coda, left half first (a spinner among them)."""
        return self.layout.line

    @property
    def head(self) -> int | None:
        """The testa's open number (None on an empty table)."""
        return self.layout.head

    @property
    def tail(self) -> int | None:
        """The coda's open number."""
        return self.layout.tail

    @property
    def tile_set(self) -> tuple[Tile, ...]:
        """Every tile of the table's set (double-six or double-nine)."""
        return self.rules.tiles

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.seat and self.round_result is None

    @property
    def team(self) -> int:
        return self.rules.team_of(self.seat)

    def turn(self) -> legality.Turn:
        mine = self.to_move == self.seat
        return legality.Turn(
            seat=self.seat,
            hand=self.hand,
            layout=self.layout,
            lead_tile=self.lead_tile,
            boneyard_count=self.boneyard_count,
            drew_this_turn=self.drew_this_turn and mine,
            bonus_turn=self.bonus_turn and mine,
        )

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions when it is to move, else none."""
        if not self.is_my_turn:
            return []
        return legality.legal_actions(self.rules, self.turn())

    def line_tiles(self) -> list[Tile]:
        """Every tile on the table (the line, then the spinner's other arms)."""
        return self.layout.tiles()

    def unseen_tiles(self) -> list[Tile]:
        """Tiles this seat cannot see: in other hands, in the boneyard or set aside."""
        seen = set(self.hand) | set(self.line_tiles())
        return [tile for tile in self.rules.tiles if tile not in seen]

    def last_play(self) -> TilePlayed | None:
        return next((e for e in reversed(self.history) if isinstance(e, TilePlayed)), None)
