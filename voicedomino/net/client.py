"""The client side of a table: what one connection knows, rebuilt from the server's messages.

``TableState.take(message)`` follows the server's stream: the table (seats, names, phase), the
seat's view as the engine's SeatView (history included, so the dialog answers questions as at a
local table) and the events not heard yet, decoded to the engine's and the table's event types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from voicedomino.engine import Action, Event, SeatView
from voicedomino.net import wire
from voicedomino.net.events import AnyEvent


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
        snapshot after a reconnection: the missed ones, when the server still had them)."""
        kind = message.get("type")
        if kind in ("joined", "table"):
            return self._snapshot(message)
        if kind == "update":
            return self._update(message)
        return []

    @property
    def is_host(self) -> bool:
        return self.seat is not None and self.seat == self.host

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def _snapshot(self, message: dict[str, Any]) -> list[AnyEvent]:
        self.code = str(message["code"])
        self.seat = message.get("seat")
        if message.get("token"):
            self.token = str(message["token"])
        self.settings = dict(message.get("settings") or {})
        self.options = dict(message.get("options") or {})
        self._facts(message)
        view = message.get("view")
        self.view = None if view is None else wire.decode_view(view)
        self.legal = [wire.decode_action(a) for a in message.get("legal") or []]
        self.out_of_step = False
        missed = message.get("missed") or []
        events = [wire.decode(entry["event"], AnyEvent) for entry in missed
                  if entry["seq"] > self.seq]  # fmt: skip
        self.seq = int(message["seq"])
        return events

    def _update(self, message: dict[str, Any]) -> list[AnyEvent]:
        entries = [entry for entry in message.get("events", []) if entry["seq"] > self.seq]
        if not entries:
            return []
        self._facts(message)
        view = message.get("view")
        if view is not None:
            self.view = wire.decode_view(view, self._history(message.get("history") or {}))
        self.legal = [wire.decode_action(a) for a in message.get("legal") or []]
        self.seq = int(message["seq"])
        return [wire.decode(entry["event"], AnyEvent) for entry in entries]

    def _history(self, tail: dict[str, Any]) -> tuple[Event, ...]:
        start = int(tail.get("start", 0))
        known = () if self.view is None else self.view.history
        if start > len(known):
            self.out_of_step = True
            start = len(known)
        added = tuple(wire.decode_event(event) for event in tail.get("events", []))
        return known[:start] + added

    def _facts(self, message: dict[str, Any]) -> None:
        self.phase = str(message.get("phase", self.phase))
        self.host = message.get("host", self.host)
        self.closed = bool(message.get("closed", self.closed))
        self.match_number = int(message.get("match_number", self.match_number))
        self.spectators = list(message.get("spectators", self.spectators))
        self.timer = message.get("timer")
        if "seats" in message:
            self.seats = [SeatInfo(**seat) for seat in message["seats"]]
