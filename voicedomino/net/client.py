"""The client side of a table: what one connection knows, rebuilt from the server's messages.

``TableState.take(message)`` follows the server's stream: the table (seats, names, phase), the
seat's view as the engine's SeatView (history included, so the dialog answers questions as at a
local table) and the events not heard yet, decoded to the engine's and the table's event types.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from voicedomino.engine import Action, Event, SeatView
from voicedomino.net import wire
from voicedomino.net.events import AnyEvent
from voicedomino.net.names import clean_chat, clean_name
from voicedomino.net.protocol import MAX_CODE_DIGITS


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    kind: str  # "empty", "human", "computer"
    name: str
    level: str | None
    connected: bool | None  # people only
    ready: bool
    stand_in: bool  # a computer plays for this absent person

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass
class TableState:
    code: str | None = None
    seat: int | None = None  # None: a spectator
    token: str | None = None
    seq: int = 0
    phase: str = "lobby"
    host: int | None = None
    closed: bool = False
    match_number: int = 0
    seats: list[SeatInfo] = field(default_factory=list)
    spectators: list[str] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    timer: dict[str, int] | None = None
    view: SeatView | None = None
    legal: list[Action] = field(default_factory=list)
    out_of_step: bool = False  # the history did not follow: ask the server for the whole table

    def take(self, message: dict[str, Any]) -> list[AnyEvent]:
        """Follow one server message; the events it brings that were not heard yet (for a
        snapshot after a reconnection: the missed ones, when the server still had them).
        Unreadable (a broken or foreign server): nothing of it is taken, the state stays as
        it was. Names and chat lines are cleaned here, as the server cleans what it is sent:
        whatever a server sends, no control character reaches the terminal or the voice."""
        kind = message.get("type")
        try:
            if kind in ("joined", "table"):
                return self._snapshot(message)
            if kind == "update":
                return self._update(message)
        except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as error:
            raise UnreadableMessage(f"{kind}: {error}") from None
        return []

    @property
    def is_host(self) -> bool:
        return self.seat is not None and self.seat == self.host

    @property
    def host_name(self) -> str | None:
        """The host's name; None with no host, or a host seat the table does not have."""
        if self.host is None or not 0 <= self.host < len(self.seats):
            return None
        return self.seats[self.host].name

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def _snapshot(self, message: dict[str, Any]) -> list[AnyEvent]:
        code = message["code"]
        if not isinstance(code, (str, int)) or isinstance(code, bool):
            raise ValueError("table code")
        code = str(code)
        if not (code.isascii() and code.isdigit() and len(code) <= MAX_CODE_DIGITS):
            raise ValueError("table code")
        seat = _optional_int(message.get("seat"))
        token = message.get("token")
        if token is not None and not isinstance(token, str):
            raise ValueError("token")
        settings = _object(message.get("settings"))
        options = _object(message.get("options"))
        facts = self._read_facts(message)
        view = message.get("view")
        decoded = None if view is None else wire.decode_view(view)
        legal = [wire.decode_action(a) for a in _items(message.get("legal"))]
        seq = _whole(message["seq"])
        missed = [_entry(entry) for entry in _items(message.get("missed"))]
        # Read whole: only now does anything change.
        self.code, self.seat = code, seat
        if token:
            self.token = token
        self.settings, self.options = settings, options
        self._take_facts(facts)
        self.view, self.legal, self.out_of_step = decoded, legal, False
        events = [event for number, event in missed if number > self.seq]
        self.seq = seq
        return events

    def _update(self, message: dict[str, Any]) -> list[AnyEvent]:
        entries = [_entry(entry) for entry in _items(message.get("events"))]
        entries = [(number, event) for number, event in entries if number > self.seq]
        if not entries:
            return []
        facts = self._read_facts(message)
        view = message.get("view")
        out_of_step = entries[0][0] > self.seq + 1  # entries were missed: the whole table again
        history = self._history(_object(message.get("history")))
        decoded = None if view is None else wire.decode_view(view, history[0])
        legal = [wire.decode_action(a) for a in _items(message.get("legal"))]
        seq = _whole(message["seq"])
        self._take_facts(facts)
        if decoded is not None:
            self.view = decoded
            self.out_of_step = self.out_of_step or history[1]
        self.out_of_step = self.out_of_step or out_of_step
        self.legal = legal
        self.seq = max(seq, entries[-1][0])
        return [event for _, event in entries]

    def _history(self, tail: dict[str, Any]) -> tuple[tuple[Event, ...], bool]:
        """The round's history with the tail appended, and whether some of it was missed."""
        start = _whole(tail.get("start", 0))
        known = () if self.view is None else self.view.history
        missed = start > len(known)
        start = min(start, len(known))
        added = tuple(wire.decode_event(event) for event in _items(tail.get("events")))
        return known[:start] + added, missed

    def _read_facts(self, message: dict[str, Any]) -> dict[str, Any]:
        facts: dict[str, Any] = {}
        if "phase" in message:
            facts["phase"] = str(message["phase"])
        if "host" in message:
            facts["host"] = _optional_int(message["host"])
        if "closed" in message:
            facts["closed"] = bool(message["closed"])
        if "match_number" in message:
            facts["match_number"] = _whole(message["match_number"])
        if "spectators" in message:
            facts["spectators"] = [clean_name(name) for name in _items(message["spectators"])]
        timer = message.get("timer")
        if timer is not None and not (
            isinstance(timer, dict) and all(type(value) is int for value in timer.values())
        ):
            raise ValueError("timer")
        facts["timer"] = timer
        if "seats" in message:
            facts["seats"] = [_seat_info(seat) for seat in _items(message["seats"])]
        return facts

    def _take_facts(self, facts: dict[str, Any]) -> None:
        for name, value in facts.items():
            setattr(self, name, value)


class UnreadableMessage(ValueError):
    """A server message that is not what the protocol says (a broken or foreign server)."""


def _whole(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError("expected a whole number")
    return value


def _optional_int(value: object) -> int | None:
    return None if value is None else _whole(value)


def _object(value: object) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError("expected an object")
    return dict(value)


def _items(value: object) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError("expected a list")
    return value


def _entry(entry: object) -> tuple[int, AnyEvent]:
    if not isinstance(entry, dict):
        raise ValueError("expected an entry")
    return _whole(entry["seq"]), _cleaned(wire.decode(entry["event"], AnyEvent))


def _seat_info(seat: object) -> SeatInfo:
    if not isinstance(seat, dict):
        raise ValueError("expected a seat")
    level = seat.get("level")
    connected = seat.get("connected")
    return SeatInfo(
        seat=_whole(seat["seat"]),
        kind=str(seat["kind"]),
        name=clean_name(seat.get("name")),
        level=None if level is None else str(level),
        connected=None if connected is None else bool(connected),
        ready=bool(seat.get("ready", False)),
        stand_in=bool(seat.get("stand_in", False)),
    )


def _cleaned(event: AnyEvent) -> AnyEvent:
    """The event with its people's names and chat text as they may be said and shown."""
    changes: dict[str, Any] = {}
    for name in (f.name for f in dataclasses.fields(event)):
        value = getattr(event, name)
        if name in ("name", "took_over", "replaced_by") and isinstance(value, str):
            changes[name] = clean_name(value)
        elif name == "names" and isinstance(value, tuple):
            changes[name] = tuple(clean_name(each) for each in value)
        elif name == "text" and isinstance(value, str):
            changes[name] = clean_chat(value)
    return dataclasses.replace(event, **changes) if changes else event
