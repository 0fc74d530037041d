"""What happens at a network table besides the game, told to one seat: people arriving and
leaving, connections dropping and coming back, computers, the host, the turn timer, chat.

The game's own events (moves, rounds) are told by the Narrator, from the seat's view, as at a
local table; this module tells the table's events (voicedomino.net.events), which carry the
names of the people they are about.
"""

from __future__ import annotations

from voicedomino.audio.cue_names import Cue
from voicedomino.dialog.response import Message
from voicedomino.italian import network as it_net
from voicedomino.net.events import (
    ChatMessage,
    ComputerAdded,
    ComputerRemoved,
    ConnectionChanged,
    HostChanged,
    MatchStarted,
    PlayerJoined,
    PlayerLeft,
    PlayerReady,
    SeatChanged,
    SpectatorJoined,
    SpectatorLeft,
    StandIn,
    TableClosed,
    TableEvent,
    TimedOut,
    TimerWarning,
)


def tell(event: TableEvent, me: int | None) -> list[Message]:
    """The event as *me* (a seat, or None for a spectator) hears it."""
    you = getattr(event, "seat", None) == me and me is not None
    match event:
        case PlayerJoined(_, name, took_over):
            return [Message(it_net.player_joined(name, took_over))]
        case PlayerLeft(_, name, replaced_by):
            return [Message(it_net.player_left(name, replaced_by))]
        case SpectatorJoined(name):
            return [Message(it_net.spectator_joined(name))]
        case SpectatorLeft(name):
            return [Message(it_net.spectator_left(name))]
        case ConnectionChanged(_, name, connected):
            return [] if you else [Message(it_net.connection_changed(name, connected))]
        case StandIn(_, name, on):
            return [Message(it_net.stand_in(name, on, you))]
        case ComputerAdded(_, name, level):
            return [Message(it_net.computer_added(name, level))]
        case ComputerRemoved(_, name):
            return [Message(it_net.computer_removed(name))]
        case SeatChanged(seat, name, _):
            return [Message(it_net.seat_changed(name, seat))]
        case HostChanged(_, name):
            return [Message(it_net.host_changed(name, you))]
        case TableClosed(closed):
            return [Message(it_net.table_closed(closed))]
        case MatchStarted(number, names):
            return [Message(it_net.match_started(number, list(names)))]
        case PlayerReady(_, name):
            return [] if you else [Message(it_net.player_ready(name))]
        case TimerWarning(_, name, seconds):
            cue = Cue.YOUR_TURN if you else None
            return [Message(it_net.timer_warning(name, seconds, you), cue)]
        case TimedOut(_, name):
            return [Message(it_net.timed_out(name, you))]
        case ChatMessage(seat, name, text, _):
            if you:
                return []  # your own words are not read back to you
            return [Message(it_net.chat_line(name, text, seat is None))]
    return []
