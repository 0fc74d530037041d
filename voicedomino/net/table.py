"""A table on the server, without any I/O: seats (people, computers, empty), spectators, the
host, the engine's match, the turn timer, and the numbered stream of what happened.

Every method that changes the table returns the new log entries (events with their sequence
numbers); the server saves the table's document with them and only then tells anyone. A refused
request raises TableError and leaves the table as it was. What a seat may see is decided here:
``view_for`` and ``visible_to`` give each seat its own view and its own copy of the events.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import secrets
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from voicedomino.engine import (
    Action,
    IllegalAction,
    Match,
    Refusal,
    SeatView,
    Settings,
    TilesDrawn,
    make_rules,
)
from voicedomino.engine import save as engine_save
from voicedomino.engine.events import masked_for
from voicedomino.net import wire
from voicedomino.net.events import (
    AnyEvent,
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
    TimedOut,
    TimerWarning,
)
from voicedomino.net.names import distinct
from voicedomino.players import LEVELS, Level, make_player

FORMAT = "voicedomino-table"
VERSION = 1
LOG_KEPT = 300  # entries a reconnecting client can catch up on; older ones leave memory
SPECTATOR = -1  # the seat number of a spectator's view: it holds no hand
COMPUTER_NAMES = ("Marco", "Giulia", "Luca", "Sara", "Paolo", "Elena", "Franco", "Rosa")
TIMER_WARNING = 10  # seconds left when a player with a turn timer is warned
TIMER_RANGE = (15, 600)
ABSENT_DELAY_RANGE = (0, 600)
ROUND_PAUSE_WITH_TIMER = 30  # with a turn timer, the next round starts by itself after this
STAND_IN_LEVEL = Level.MEDIO


class SeatKind(StrEnum):
    EMPTY = "empty"
    HUMAN = "human"
    COMPUTER = "computer"


class Phase(StrEnum):
    LOBBY = "lobby"  # no match yet
    PLAYING = "playing"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"


class Absent(StrEnum):
    WAIT = "wait"  # the table waits for a player whose connection dropped
    COMPUTER = "computer"  # after absent_delay seconds a computer plays their turns


class TableError(Exception):
    """A refused request: *code* names it for the client, *refusal* is the engine's reason
    when the game itself refused an action."""

    def __init__(self, code: str, refusal: Refusal | None = None, **facts: Any) -> None:
        super().__init__(code)
        self.code = code
        self.refusal = refusal
        self.facts = facts


@dataclass(frozen=True)
class TableOptions:
    turn_timer: int | None = None  # seconds for a person's turn; None: no timer
    absent: Absent = Absent.WAIT
    absent_delay: int = 30  # seconds before a computer stands in for an absent player
    level: Level = Level.MEDIO  # computers added without a level, and those filling seats

    def __post_init__(self) -> None:
        if self.turn_timer is not None and not (
            TIMER_RANGE[0] <= self.turn_timer <= TIMER_RANGE[1]
        ):
            raise ValueError("turn_timer")
        if not ABSENT_DELAY_RANGE[0] <= self.absent_delay <= ABSENT_DELAY_RANGE[1]:
            raise ValueError("absent_delay")

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn_timer": self.turn_timer,
            "absent": str(self.absent),
            "absent_delay": self.absent_delay,
            "level": str(self.level),
        }

    @classmethod
    def from_dict(cls, data: object) -> TableOptions:
        """Options from a client or a document; ValueError when anything is off."""
        if data is None:
            return cls()
        if not isinstance(data, dict) or not set(data) <= {f.name for f in dataclasses.fields(cls)}:
            raise ValueError("options")
        timer = data.get("turn_timer")
        delay = data.get("absent_delay", 30)
        if (timer is not None and type(timer) is not int) or type(delay) is not int:
            raise ValueError("options")
        level = data.get("level", "medio")
        if level not in LEVELS:
            raise ValueError("level")
        return cls(timer, Absent(data.get("absent", "wait")), delay, Level(level))


@dataclass
class Seat:
    kind: SeatKind = SeatKind.EMPTY
    name: str = ""
    level: Level | None = None  # a computer's
    token_hash: str | None = None  # a person's: the hash of the secret that holds the seat
    connected: bool = False
    ready: bool = False  # for the next round
    absent_since: float | None = None
    stand_in: bool = False  # a computer plays this absent person's turns
    held_by: str | None = None  # the server process holding a person's connection (Redis)

    @property
    def is_human(self) -> bool:
        return self.kind is SeatKind.HUMAN

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "name": self.name,
            "level": None if self.level is None else str(self.level),
            "token_hash": self.token_hash,
            "connected": self.connected,
            "ready": self.ready,
            "absent_since": self.absent_since,
            "stand_in": self.stand_in,
            "held_by": self.held_by,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        level = data.get("level")
        return cls(
            SeatKind(data["kind"]),
            str(data["name"]),
            None if level is None else Level(level),
            data.get("token_hash"),
            bool(data.get("connected")),
            bool(data.get("ready")),
            data.get("absent_since"),
            bool(data.get("stand_in")),
            data.get("held_by"),
        )


@dataclass(frozen=True)
class LogEntry:
    seq: int
    event: AnyEvent


@dataclass(frozen=True)
class Due:
    """Something the table will do by itself at *at* (wall-clock seconds)."""

    at: float
    kind: str  # "computer", "stand_in", "timeout", "warning", "next_round"
    seat: int


@dataclass(frozen=True)
class Joined:
    seat: int | None  # None: a spectator
    token: str
    entries: list[LogEntry]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Table:
    code: str
    settings: Settings
    options: TableOptions
    seats: list[Seat]
    host: int | None = 0
    closed: bool = False
    spectators: dict[str, str] = field(default_factory=dict)  # token hash -> name
    match: Match | None = None
    match_number: int = 0
    seq: int = 0
    version: int = 0  # the stored document's version (the store's check against lost updates)
    turn_deadline: float | None = None
    warned: bool = False
    last_action_at: float = 0.0
    log: deque[LogEntry] = field(default_factory=lambda: deque(maxlen=LOG_KEPT))
    unsaved: bool = False  # changed without an event worth telling (who holds a seat)

    # --- creating -------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        code: str,
        settings: Settings,
        options: TableOptions,
        host_name: str,
        now: float,
        holder: str | None = None,
    ) -> tuple[Table, Joined]:
        """A new table with its host at the first seat; ValueError for settings that do not
        make a table."""
        rules = make_rules(settings)
        table = cls(code, settings, options, [Seat() for _ in range(rules.seats)])
        table.last_action_at = now
        joined = table.join(host_name, player=True, seat=0, now=now, holder=holder)
        return table, joined

    # --- reading --------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        match = self.match
        if match is None:
            return Phase.LOBBY
        if match.is_over:
            return Phase.MATCH_OVER
        return Phase.ROUND_OVER if match.round.is_over else Phase.PLAYING

    @property
    def running(self) -> bool:
        return self.phase in (Phase.PLAYING, Phase.ROUND_OVER)

    @property
    def abandoned(self) -> bool:
        """No person holds a seat any more: the table can go."""
        return not any(seat.is_human for seat in self.seats)

    def idle_since(self) -> float | None:
        """Since when no player has been connected (None: someone is)."""
        humans = [seat for seat in self.seats if seat.is_human]
        if any(seat.connected for seat in humans):
            return None
        left = [seat.absent_since for seat in humans if seat.absent_since is not None]
        return max(left) if left else self.last_action_at

    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def seat_of(self, token: str) -> int | None:
        wanted = hash_token(token)
        for number, seat in enumerate(self.seats):
            hashed = seat.token_hash
            if seat.is_human and hashed is not None and secrets.compare_digest(hashed, wanted):
                return number
        return None

    def spectator_name(self, token: str) -> str | None:
        return self.spectators.get(hash_token(token))

    def view_for(self, seat: int) -> SeatView | None:
        """What *seat* may know (SPECTATOR: no hand at all); None before the first match."""
        match = self.match
        if match is None:
            return None
        if seat != SPECTATOR:
            return match.view(seat)
        history = tuple(masked_for(event, SPECTATOR) for event in match.round.history)
        return replace(match.view(0), seat=SPECTATOR, hand=(), history=history)

    def visible_to(self, seat: int, event: AnyEvent) -> AnyEvent:
        """The event as *seat* may know it (tiles drawn by others hidden)."""
        if isinstance(event, TilesDrawn):
            return masked_for(event, seat)
        return event

    def entries_after(self, seq: int) -> list[LogEntry] | None:
        """The entries after *seq*, or None when some are no longer kept."""
        if seq >= self.seq:
            return []
        kept = [entry for entry in self.log if entry.seq > seq]
        if not kept or kept[0].seq != seq + 1:
            return None
        return kept

    def is_host(self, seat: int | None) -> bool:
        """The host, or any player while the host is away (the table never gets stuck)."""
        if seat is None or not self.seats[seat].is_human:
            return False
        host = self.host
        return seat == host or host is None or not self.seats[host].connected

    # --- people ---------------------------------------------------------------------------

    def join(
        self,
        name: str,
        *,
        player: bool,
        seat: int | None = None,
        now: float,
        holder: str | None = None,
    ) -> Joined:
        """A newcomer with a cleaned name: a seat (an empty one, or a computer's, taking over
        its hand) or a place among the spectators. *holder*: the server process holding the
        connection."""
        if self.closed:
            raise TableError("closed")
        token = secrets.token_urlsafe(18)
        taken = {s.name for s in self.seats if s.kind is not SeatKind.EMPTY}
        name = distinct(name, taken | set(self.spectators.values()))
        if not player:
            self.spectators[hash_token(token)] = name
            return Joined(None, token, self._emit([SpectatorJoined(name)], now))
        number = self._free_seat(seat)
        previous = self.seats[number]
        took_over = previous.name if previous.kind is SeatKind.COMPUTER else None
        self.seats[number] = Seat(
            SeatKind.HUMAN, name, token_hash=hash_token(token), connected=True, held_by=holder
        )
        if self.host is None:
            self.host = number
        self._restart_timer_if_turn_of(number, now)
        return Joined(number, token, self._emit([PlayerJoined(number, name, took_over)], now))

    def _free_seat(self, wanted: int | None) -> int:
        seats = self.seats
        if wanted is not None:
            if not 0 <= wanted < len(seats) or seats[wanted].kind is SeatKind.HUMAN:
                raise TableError("seat_taken")
            return wanted
        order = list(range(len(seats)))
        if self.settings.pairs:  # a friend joining a pairs table sits opposite, as partner
            order = [0, 2, 1, 3]
        for kind in (SeatKind.EMPTY, SeatKind.COMPUTER):
            for number in order:
                if seats[number].kind is kind:
                    return number
        raise TableError("full")

    def leave(self, seat: int | None, token: str, now: float) -> list[LogEntry]:
        """A person leaves for good: a seat empties (or a computer goes on with the hand
        during a match); a spectator just goes."""
        if seat is None:
            name = self.spectators.pop(hash_token(token), None)
            return [] if name is None else self._emit([SpectatorLeft(name)], now)
        gone = self.seats[seat]
        events: list[AnyEvent] = []
        if self.running:
            computer = self._computer_name()
            self.seats[seat] = Seat(SeatKind.COMPUTER, computer, self.options.level)
            events.append(PlayerLeft(seat, gone.name, computer))
        else:
            self.seats[seat] = Seat()
            events.append(PlayerLeft(seat, gone.name))
        if self.host == seat:
            self.host = next((n for n, s in enumerate(self.seats) if s.is_human), None)
            if self.host is not None:
                events.append(HostChanged(self.host, self.seats[self.host].name))
        return self._emit(events, now)

    def set_connected(
        self, seat: int, connected: bool, now: float, holder: str | None = None
    ) -> list[LogEntry]:
        """A person's connection came or went (*holder*: the server process now holding it)."""
        place = self.seats[seat]
        if not place.is_human:
            return []
        if connected and place.held_by != holder:
            place.held_by = holder
            self.unsaved = True  # saved even when nothing is said: the seat moved processes
        if place.connected == connected:
            return []
        place.connected = connected
        events: list[AnyEvent] = [ConnectionChanged(seat, place.name, connected)]
        if connected:
            place.absent_since = None
            if place.stand_in:
                place.stand_in = False
                events.append(StandIn(seat, place.name, on=False))
            self._restart_timer_if_turn_of(seat, now)
        else:  # a ready player stays ready: their client comes back believing so
            place.absent_since = now
        return self._emit(events, now)

    def all_disconnected(self, now: float) -> None:
        """After a restart nobody is connected yet; said to nobody (nobody is there)."""
        for seat in self.seats:
            if seat.is_human and seat.connected:
                seat.connected = False
                seat.absent_since = now

    def sit(self, seat: int, to: int, now: float) -> list[LogEntry]:
        if self.running:
            raise TableError("match_running")
        if not 0 <= to < len(self.seats) or self.seats[to].kind is not SeatKind.EMPTY:
            raise TableError("seat_taken")
        self.seats[to], self.seats[seat] = self.seats[seat], Seat()
        if self.host == seat:
            self.host = to
        return self._emit([SeatChanged(to, self.seats[to].name, seat)], now)

    # --- the host ---------------------------------------------------------------------------

    def add_computer(
        self, by: int | None, level: Level | None, seat: int | None, now: float
    ) -> list[LogEntry]:
        self._check_host(by)
        if self.running:
            raise TableError("match_running")
        if seat is None:
            seat = next((n for n, s in enumerate(self.seats) if s.kind is SeatKind.EMPTY), None)
            if seat is None:
                raise TableError("full")
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not SeatKind.EMPTY:
            raise TableError("seat_taken")
        level = level or self.options.level
        name = self._computer_name()
        self.seats[seat] = Seat(SeatKind.COMPUTER, name, level)
        return self._emit([ComputerAdded(seat, name, str(level))], now)

    def remove_computer(self, by: int | None, seat: int, now: float) -> list[LogEntry]:
        self._check_host(by)
        if self.running:
            raise TableError("match_running")
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not SeatKind.COMPUTER:
            raise TableError("not_a_computer")
        name = self.seats[seat].name
        self.seats[seat] = Seat()
        return self._emit([ComputerRemoved(seat, name)], now)

    def close(self, by: int | None, closed: bool, now: float) -> list[LogEntry]:
        self._check_host(by)
        if self.closed == closed:
            return []
        self.closed = closed
        return self._emit([TableClosed(closed)], now)

    def start(
        self, by: int | None, fill: bool, now: float, seed: int | None = None
    ) -> list[LogEntry]:
        """A match (the first, or a new one at the same table), empty seats filled by
        computers when asked."""
        self._check_host(by)
        if self.running:
            raise TableError("match_running")
        events: list[AnyEvent] = []
        empty = [n for n, s in enumerate(self.seats) if s.kind is SeatKind.EMPTY]
        if empty and not fill:
            raise TableError("seats_empty", empty=len(empty))
        for number in empty:
            name = self._computer_name()
            self.seats[number] = Seat(SeatKind.COMPUTER, name, self.options.level)
            events.append(ComputerAdded(number, name, str(self.options.level)))
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        self.match = Match(self.settings, seed)
        self.match_number += 1
        for seat in self.seats:
            seat.ready = False
        events.append(MatchStarted(self.match_number, self.names()))
        events.extend(self.match.opening_events())
        self._after_game_events(now)
        return self._emit(events, now)

    def _check_host(self, by: int | None) -> None:
        if not self.is_host(by):
            raise TableError("not_host")

    def _computer_name(self) -> str:
        taken = {seat.name.casefold() for seat in self.seats} | {
            name.casefold() for name in self.spectators.values()
        }
        for name in COMPUTER_NAMES:
            if name.casefold() not in taken:
                return name
        return distinct("Computer", {seat.name for seat in self.seats})

    # --- playing ----------------------------------------------------------------------------

    def act(self, seat: int, action: Action, now: float) -> list[LogEntry]:
        """A person's action, checked by the engine."""
        if self.phase is not Phase.PLAYING:
            raise TableError("not_playing")
        return self._apply(seat, action, now, [])

    def _apply(
        self, seat: int, action: Action, now: float, before: list[AnyEvent]
    ) -> list[LogEntry]:
        assert self.match is not None
        try:
            events = self.match.apply(action, seat)
        except IllegalAction as error:
            raise TableError("illegal", error.refusal) from None
        self._after_game_events(now)
        return self._emit([*before, *events], now)

    def ready(self, seat: int, now: float) -> list[LogEntry]:
        """The player is ready for the next round; it is dealt when every player present is."""
        if self.phase is not Phase.ROUND_OVER:
            raise TableError("round_not_over")
        place = self.seats[seat]
        entries = [] if place.ready else self._emit([PlayerReady(seat, place.name)], now)
        place.ready = True
        if self._everyone_ready():  # said again while the deal was only due: dealt now
            entries += self._next_round(now)
        return entries

    def _everyone_ready(self) -> bool:
        present = [s for s in self.seats if s.is_human and s.connected]
        return bool(present) and all(s.ready for s in present)

    def _next_round(self, now: float) -> list[LogEntry]:
        assert self.match is not None
        for seat in self.seats:
            seat.ready = False
        events = self.match.next_round()
        self._after_game_events(now)
        return self._emit(list(events), now)

    def chat(
        self, seat: int | None, name: str, text: str, quick: str | None, now: float
    ) -> list[LogEntry]:
        return self._emit([ChatMessage(seat, name, text, quick)], now)

    # --- what the table does by itself -------------------------------------------------------

    def due(self, computer_pause: float) -> Due | None:
        """The next thing the table does by itself, and when; None while it waits for people.

        Nothing happens at a table where no player is connected: it sleeps until one is back.
        """
        match = self.match
        if match is None or not any(s.is_human and s.connected for s in self.seats):
            return None
        phase = self.phase
        if phase is Phase.ROUND_OVER:
            if self._everyone_ready():
                return Due(self.last_action_at, "next_round", -1)
            if self.options.turn_timer is not None:
                return Due(self.last_action_at + ROUND_PAUSE_WITH_TIMER, "next_round", -1)
            return None
        if phase is not Phase.PLAYING:
            return None
        number = match.to_move
        seat = self.seats[number]
        if seat.kind is SeatKind.COMPUTER or seat.stand_in:
            kind = "computer" if seat.kind is SeatKind.COMPUTER else "stand_in"
            return Due(self.last_action_at + computer_pause, kind, number)
        options: list[Due] = []
        if not seat.connected and self.options.absent is Absent.COMPUTER:
            since = seat.absent_since if seat.absent_since is not None else self.last_action_at
            options.append(Due(max(since + self.options.absent_delay, self.last_action_at),
                               "stand_in", number))  # fmt: skip
        deadline = self.turn_deadline
        if deadline is not None:
            if not self.warned and self.options.turn_timer is not None:
                options.append(Due(deadline - TIMER_WARNING, "warning", number))
            else:
                options.append(Due(deadline, "timeout", number))
        return min(options, key=lambda due: due.at) if options else None

    def decide(self, seat: int) -> Action:
        """The computer's choice for *seat* (a computer, or one standing in for a person),
        from that seat's view only, repeatable for the same state."""
        return decide(*self.decision(seat))

    def decision(self, seat: int) -> tuple[Level, SeatView, str]:
        """What the computer's choice for *seat* depends on (and nothing else: it can be made
        in another process): the level, the seat's view and the seed of its randomness."""
        assert self.match is not None
        level = self.seats[seat].level or STAND_IN_LEVEL
        state = self.match.round
        seed = f"{self.match.seed}:{state.round_number}:{len(state.history)}:{seat}"
        return level, self.match.view(seat), seed

    def run_due(self, due: Due, action: Action | None, now: float) -> list[LogEntry]:
        """Do what *due* says, if it is still what is due (the table may have moved on);
        *action* is ``decide(due.seat)`` for the kinds that move."""
        current = self.due(0.0)
        if current is None or (current.kind, current.seat) != (due.kind, due.seat):
            return []
        if current.at > now:
            return []
        if due.kind == "next_round":
            return self._next_round(now)
        seat = self.seats[due.seat]
        if due.kind == "warning":
            self.warned = True
            left = round((self.turn_deadline or now) - now)
            return self._emit([TimerWarning(due.seat, seat.name, max(0, left))], now)
        assert action is not None
        before: list[AnyEvent] = []
        if due.kind == "timeout":
            before.append(TimedOut(due.seat, seat.name))
        elif due.kind == "stand_in" and not seat.stand_in:
            before.append(StandIn(due.seat, seat.name, on=True))
        entries = self._apply(due.seat, action, now, before)
        if due.kind == "stand_in":
            seat.stand_in = True
        return entries

    def _after_game_events(self, now: float) -> None:
        """After a move: the timer starts again for the person to move, if any."""
        self.last_action_at = now
        self.turn_deadline = None
        self.warned = False
        if self.phase is Phase.PLAYING:
            assert self.match is not None
            self._restart_timer_if_turn_of(self.match.to_move, now)

    def _restart_timer_if_turn_of(self, seat: int, now: float) -> None:
        timer = self.options.turn_timer
        match = self.match
        if timer is None or match is None or self.phase is not Phase.PLAYING:
            return
        if match.to_move == seat and self.seats[seat].is_human:
            self.turn_deadline = now + timer
            self.warned = False

    def delay_timers(self, now: float, grace: float) -> None:
        """After a restart: a turn timer never runs out while the server was down."""
        if self.turn_deadline is not None and self.turn_deadline < now + grace:
            self.turn_deadline = now + grace
            self.warned = False
        self.last_action_at = max(self.last_action_at, now - grace)

    def _emit(self, events: Iterable[AnyEvent], now: float) -> list[LogEntry]:
        entries = []
        for event in events:
            self.seq += 1
            entry = LogEntry(self.seq, event)
            self.log.append(entry)
            entries.append(entry)
        return entries

    # --- the document that is saved ------------------------------------------------------------

    def to_document(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "code": self.code,
            "settings": self.settings.to_dict(),
            "options": self.options.to_dict(),
            "seats": [seat.to_dict() for seat in self.seats],
            "host": self.host,
            "closed": self.closed,
            "spectators": dict(self.spectators),
            "match": None if self.match is None else engine_save.to_document(self.match),
            "match_number": self.match_number,
            "seq": self.seq,
            "turn_deadline": self.turn_deadline,
            "warned": self.warned,
            "last_action_at": self.last_action_at,
        }

    @classmethod
    def from_document(
        cls, document: dict[str, Any], version: int, log: Sequence[LogEntry] = ()
    ) -> Table:
        """The table a document describes; ValueError (SaveError included) when damaged."""
        if document.get("format") != FORMAT or document.get("version") != VERSION:
            raise ValueError("not a table document of this version")
        try:
            settings = wire.decode_settings(document["settings"])
            match_doc = document.get("match")
            table = cls(
                code=str(document["code"]),
                settings=settings,
                options=TableOptions.from_dict(document["options"]),
                seats=[Seat.from_dict(seat) for seat in document["seats"]],
                host=document.get("host"),
                closed=bool(document.get("closed")),
                spectators={str(k): str(v) for k, v in document["spectators"].items()},
                match=None if match_doc is None else engine_save.from_document(match_doc),
                match_number=int(document["match_number"]),
                seq=int(document["seq"]),
                version=version,
                turn_deadline=document.get("turn_deadline"),
                warned=bool(document.get("warned")),
                last_action_at=float(document["last_action_at"]),
            )
        except (KeyError, TypeError, AttributeError, wire.WireError) as error:
            raise ValueError(f"damaged table document: {error!r}") from None
        if len(table.seats) != make_rules(settings).seats:
            raise ValueError("damaged table document: seats")
        table.log.extend(log)
        return table


def decide(level: Level, view: SeatView, seed: str) -> Action:
    """A computer's choice: the same for the same level, view and seed, in any process."""
    return make_player(level).choose(view, random.Random(seed))


def encode_entry(entry: LogEntry) -> dict[str, Any]:
    """A log entry as stored: the event unmasked (it never leaves the server as it is)."""
    return {"seq": entry.seq, "event": wire.encode(entry.event)}


def decode_entry(data: dict[str, Any]) -> LogEntry:
    event: AnyEvent = wire.decode(data["event"], AnyEvent)
    return LogEntry(int(data["seq"]), event)
