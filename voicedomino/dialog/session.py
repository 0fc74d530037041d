"""One match being played: the engine's Match, the computer players, their decision generator,
the save document and the one-level undo of the human's last move.

Everything above this (dialog, narration, front ends) sees the match through `view()`, the
human seat's observation, as OpenSpiel's per-player observation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from voicedomino.engine import (
    Action,
    Event,
    Match,
    Play,
    RoundEnded,
    SeatView,
    Settings,
    Side,
    TilePlayed,
)
from voicedomino.engine import save as engine_save
from voicedomino.players import Level, Player, make_player

HUMAN_SEAT = 0
MAX_COMPUTER_ACTIONS = 500  # a round never needs this many; guards the loop

PlayerFactory = Callable[[Level], Player]


@dataclass(frozen=True)
class Snapshot:
    """The match as it was before the human's last move (a copy: the game made it, so it is
    not loaded and checked again like a file), that move, and the hand ended before it (what
    "com'è finita la mano" tells once the move is taken back)."""

    match: Match
    action: Action
    last_round_ended: RoundEnded | None = None


class MatchSession:
    def __init__(self, match: Match, level: Level, player_factory: PlayerFactory = make_player):
        self.match = match
        self.level = level
        self._player_factory = player_factory
        self.players: dict[int, Player] = {
            seat: player_factory(level) for seat in range(1, match.rules.seats)
        }
        self._before_last_move: Snapshot | None = None
        self.last_round_ended: RoundEnded | None = None  # for "com'è finita la mano"

    @classmethod
    def new(
        cls, settings: Settings, level: Level, seed: int, player_factory: PlayerFactory
    ) -> MatchSession:
        return cls(Match(settings, seed), level, player_factory)

    @classmethod
    def restore(
        cls, document: dict[str, Any], default_level: Level, player_factory: PlayerFactory
    ) -> MatchSession:
        """The saved match; SaveError when the document is damaged."""
        match = engine_save.from_document(document)
        table = document.get("table")
        saved_level = table.get("level") if isinstance(table, dict) else None
        names = {str(level) for level in Level}
        level = (
            Level(saved_level)
            if isinstance(saved_level, str) and saved_level in names
            else default_level
        )
        session = cls(match, level, player_factory)
        result = match.round.result
        if result is not None:  # saved at a finished round: "com'è finita la mano" knows it
            hands = tuple(tuple(hand) for hand in match.round.hands)
            session.last_round_ended = RoundEnded(result, hands, tuple(match.scores))
        return session

    # --- observation --------------------------------------------------------------------

    def view(self) -> SeatView:
        return self.match.view(HUMAN_SEAT)

    @property
    def rules_name(self) -> str:
        return self.match.rules.name

    def save_document(self) -> dict[str, Any] | None:
        """The whole match, as the engine's versioned JSON plus the level; None once over."""
        if self.match.is_over:
            return None
        document = engine_save.to_document(self.match)
        document["table"] = {"level": str(self.level)}
        return document

    # --- acting ---------------------------------------------------------------------------

    def play(self, action: Action, *, undoable: bool = True) -> list[Event]:
        """The human's action (IllegalAction leaves everything as it was). Undoable unless made
        for the player (a forced draw or pass): then undo goes back past it."""
        before = self.match.copy() if undoable else None
        ended_before = self.last_round_ended
        events = self._noted(self.match.apply(action, HUMAN_SEAT))
        if before is not None:
            self._before_last_move = Snapshot(before, _as_made(action, events), ended_before)
        return events

    def _noted(self, events: list[Event]) -> list[Event]:
        for event in events:
            if isinstance(event, RoundEnded):
                self.last_round_ended = event
        return events

    def computer_turns(self) -> Iterator[list[Event]]:
        """Each computer action's events, until the human is to move or the round is over."""
        match = self.match
        for _ in range(MAX_COMPUTER_ACTIONS):
            if match.round.is_over or match.to_move == HUMAN_SEAT:
                return
            seat = match.to_move
            action = self.players[seat].choose(match.view(seat), self.decision_rng(seat))
            yield self._noted(match.apply(action, seat))

    def next_round(self) -> list[Event]:
        self._before_last_move = None  # a new deal: the last round's moves stay played
        return self.match.next_round()

    def decision_rng(self, seat: int) -> random.Random:
        """A generator fixed by the state, so a resumed match plays on exactly as it would have."""
        state = self.match.round
        return random.Random(f"{self.match.seed}:{state.round_number}:{len(state.history)}:{seat}")

    # --- undo -----------------------------------------------------------------------------

    @property
    def undoable(self) -> Action | None:
        """The human's last move, when it can still be taken back: never once the match is
        over (scored and announced, by the player's move or a reply: it stays finished)."""
        snapshot = self._before_last_move
        return snapshot.action if snapshot is not None and not self.match.is_over else None

    def undo(self) -> Action | None:
        """Restore the position before the human's last move (and the replies that followed);
        the move taken back, or None when there is none (or the match is over)."""
        snapshot = self._before_last_move
        if snapshot is None or self.undoable is None:
            return None
        self._before_last_move = None
        self.match = snapshot.match
        self.last_round_ended = snapshot.last_round_ended  # the undone hand's end never was
        return snapshot.action


def _as_made(action: Action, events: list[Event]) -> Action:
    """The action as the engine carried it out: a play with the side it went to, which the
    player may have left to the game."""
    played = next((e for e in events if isinstance(e, TilePlayed)), None)
    if played is None:
        return action
    outer = played.head if played.side is Side.HEAD else played.tail
    return Play(played.tile, played.side, outer)


@runtime_checkable
class TableSeat(Protocol):
    """A table seen from one seat: what the dialog plays through.

    MatchSession (a local match whose computers play when asked) is one; a table on a server
    (voicedomino.net.remote.RemoteTable, where friends and the server's computers move on their
    own and their moves arrive as news) is another. The dialog narrates the events either hands
    back, so a friend's move and a computer's move are told by the same code.
    """

    last_round_ended: RoundEnded | None

    def view(self) -> SeatView:
        """What this seat may know, now."""
        ...

    def play(self, action: Action, *, undoable: bool = True) -> Sequence[object]:
        """The seat's move (IllegalAction with the engine's reason when refused): its events."""
        ...

    def computer_turns(self) -> Iterator[list[Event]]:
        """Moves the table makes when asked (a local match's computers); none elsewhere."""
        ...

    def next_round(self) -> Sequence[object]:
        """Ready for the next round: its opening events, or none until everyone is ready."""
        ...

    def decision_rng(self, seat: int) -> random.Random: ...

    @property
    def undoable(self) -> Action | None: ...

    def undo(self) -> Action | None: ...

    def save_document(self) -> dict[str, Any] | None: ...
