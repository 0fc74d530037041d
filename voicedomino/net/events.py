"""What happens at a table besides the game itself: people arriving and leaving, computers
added, the turn timer, chat. They travel in the same stream as the engine's events (each with
its sequence number), so a client tells both in the order they happened.

A seat is a number as in the engine; names are already cleaned by the server.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicedomino.engine import Event


@dataclass(frozen=True)
class PlayerJoined:
    seat: int
    name: str
    took_over: str | None = None  # the computer whose place (and hand) the player took


@dataclass(frozen=True)
class PlayerLeft:
    seat: int
    name: str
    replaced_by: str | None = None  # the computer that goes on with the hand


@dataclass(frozen=True)
class SpectatorJoined:
    name: str


@dataclass(frozen=True)
class SpectatorLeft:
    name: str


@dataclass(frozen=True)
class ConnectionChanged:
    """A player's connection dropped (the seat is kept) or came back."""

    seat: int
    name: str
    connected: bool


@dataclass(frozen=True)
class StandIn:
    """A computer plays for an absent player (on), or stops because they are back (off)."""

    seat: int
    name: str
    on: bool


@dataclass(frozen=True)
class ComputerAdded:
    seat: int
    name: str
    level: str


@dataclass(frozen=True)
class ComputerRemoved:
    seat: int
    name: str


@dataclass(frozen=True)
class SeatChanged:
    """A player moved to another empty seat before the match (to sit beside a partner)."""

    seat: int
    name: str
    from_seat: int


@dataclass(frozen=True)
class HostChanged:
    seat: int
    name: str


@dataclass(frozen=True)
class TableClosed:
    """The host closed the table to newcomers (closed) or opened it again."""

    closed: bool


@dataclass(frozen=True)
class MatchStarted:
    match_number: int  # 1 for the first match at this table
    names: tuple[str, ...]  # who sits where, seat by seat


@dataclass(frozen=True)
class PlayerReady:
    """A player is ready for the next round; it starts when every player present is."""

    seat: int
    name: str


@dataclass(frozen=True)
class TimerWarning:
    seat: int
    name: str
    seconds_left: int


@dataclass(frozen=True)
class TimedOut:
    """The turn timer ran out: the move that follows was made for the player."""

    seat: int
    name: str


@dataclass(frozen=True)
class ChatMessage:
    """A typed line, or one of the quick messages (its key in QUICK_MESSAGES)."""

    seat: int | None  # None: a spectator
    name: str
    text: str
    quick: str | None = None


TableEvent = (
    PlayerJoined
    | PlayerLeft
    | SpectatorJoined
    | SpectatorLeft
    | ConnectionChanged
    | StandIn
    | ComputerAdded
    | ComputerRemoved
    | SeatChanged
    | HostChanged
    | TableClosed
    | MatchStarted
    | PlayerReady
    | TimerWarning
    | TimedOut
    | ChatMessage
)
AnyEvent = Event | TableEvent

# The quick messages a player sends with a word or a key; the client says them in Italian.
QUICK_MESSAGES: tuple[str, ...] = ("bella_mossa", "grazie", "un_momento", "ciao")
