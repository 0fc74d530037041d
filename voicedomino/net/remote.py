"""A table on a server seen from one seat: the other implementation of what the dialog plays
through (the local one is dialog.session.MatchSession).

It offers what a local match session offers — the seat's view, its moves (refused by the
server's engine with the same reasons), the next round — and, because other people play too,
a stream of news: every event the seat has not been told yet, friends' moves and the server's
computers' alike, in the order they happened. ``news()`` hands them over; *on_news* is called
(on the link's thread) whenever there is some, so the front end can wake the dialog.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from voicedomino.engine import Action, Event, IllegalAction, RoundEnded, SeatView
from voicedomino.italian import network as it_net
from voicedomino.net import wire
from voicedomino.net.client import SeatInfo, TableState, UnreadableMessage
from voicedomino.net.events import AnyEvent
from voicedomino.net.link import (
    LinkState,
    LostWaiting,
    NoAnswer,
    NotConnected,
    Reply,
    ServerLink,
)
from voicedomino.players import Level

log = logging.getLogger(__name__)

UNREADABLE_SYNCS = 3  # an unreadable update asks for the whole table again, this many times
SEAT_GONE = frozenset({"bad_token", "no_table"})  # after these there is no table to go back to


class TableRefused(Exception):
    """The server refused a request: *code* (docs/protocol.md) and its Italian *text*."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(code)
        self.code = code
        self.text = text


class SeatGone(TableRefused):
    """The table, or this player's seat at it, is no more on the server (deleted, or lost with
    a restart): the client has forgotten it. *table_code*: the table it was at."""

    def __init__(self, code: str, text: str, table_code: str) -> None:
        super().__init__(code, text)
        self.table_code = table_code


class Disconnected(TableRefused):
    """The server is out of reach for now; the link is trying again."""

    def __init__(self) -> None:
        super().__init__("disconnected", "")


class LostMidRequest(Disconnected):
    """The connection dropped before the server answered: the request may have been carried
    out; the summary after the seat is taken back says what happened."""

    def __init__(self, seated: bool) -> None:
        TableRefused.__init__(self, "lost", it_net.lost_before_the_answer(seated))


class NoAnswerYet(Disconnected):
    """Connected, but the server has not answered in time: the request may still be carried
    out; what it did arrives as news (a refusal too)."""

    def __init__(self) -> None:
        TableRefused.__init__(self, "no_answer", it_net.no_answer_yet())


class SeatBook(Protocol):
    """Where the seats' secrets are kept between two runs of the game (by server and code)."""

    def get(self, server: str, code: str) -> str | None: ...

    def put(self, server: str, code: str, token: str) -> None: ...

    def drop(self, server: str, code: str) -> None: ...


class RemoteTable:
    def __init__(
        self,
        addresses: Sequence[str],
        on_news: Callable[[], None] = lambda: None,
        on_link: Callable[[LinkState, int], None] = lambda state, attempt: None,
        seat_book: SeatBook | None = None,
    ) -> None:
        self.state = TableState()
        self.seat_book = seat_book
        self._server = ",".join(addresses)  # the seat book's key with the table's code
        self._booked: tuple[str, str] | None = None  # the code and secret last kept
        self.on_news = on_news
        self._on_link = on_link
        self._lock = threading.Lock()
        self._news: list[AnyEvent] = []
        self._away_since_seq: int | None = None  # the last event heard before the link dropped
        self.summary: list[AnyEvent] | None = None  # what happened while away, once back
        self.last_round_ended: RoundEnded | None = None
        self._refusals: list[TableRefused] = []  # errors no request of ours was waiting for
        self._unreadable = 0  # server messages that could not be read
        self._came_back = False
        self._seating = False  # a create or join waits for its answer
        self._late_seat: str | None = None  # seated after the request stopped waiting
        self.link = ServerLink(addresses, self._message, self._link_state)

    # --- connecting and sitting down --------------------------------------------------------

    def connect(self, timeout: float = 10.0) -> bool:
        """Start the link; True once the server has greeted it, False when it has not within
        *timeout* or turned the connection away (``link.turned_away`` says how)."""
        if not self.link._thread.is_alive():
            self.link.start()
        self.link.answered.wait(timeout)
        return self.link.connected.is_set()

    def create(self, name: str, settings: dict[str, Any], options: dict[str, Any] | None) -> None:
        self._ask_for_a_seat(
            {"type": "create", "name": name, "settings": settings, "options": options}
        )

    def join(self, code: str, name: str, *, spectator: bool = False) -> None:
        """Sit at the table *code*; back at this player's own seat when the seat book keeps
        its secret (the game ended without leaving: killed, terminal closed)."""
        if not spectator and self._back_to_kept_seat(code):
            return
        role = "spectator" if spectator else "player"
        self._ask_for_a_seat({"type": "join", "code": code, "name": name, "role": role})

    def _ask_for_a_seat(self, request: dict[str, Any]) -> None:
        self._seating = True
        try:
            self._ask(request)
        finally:
            self._seating = False
        self._seated_or_refused()

    def seated_late(self) -> str | None:
        """The table the server seated the player at after the request had stopped waiting
        (a slow server), if the player has not been told yet (taken: told once)."""
        with self._lock:
            code, self._late_seat = self._late_seat, None
        return code

    @property
    def came_back(self) -> bool:
        """The last join took back a seat kept from an earlier run of the game."""
        return self._came_back

    def _back_to_kept_seat(self, code: str) -> bool:
        self._came_back = False
        token = None if self.seat_book is None else self.seat_book.get(self._server, code)
        if token is None:
            return False
        with self._lock:
            self.state.token = token
        reply = self._request({"type": "resume", "code": code, "token": token})  # no history
        if reply.ok and self.state.code == code:
            self._came_back = True
            return True
        with self._lock:
            self.state.token = None
            self._refusals = [r for r in self._refusals if r.code not in SEAT_GONE]
        if reply.code in SEAT_GONE:  # no more: a new seat
            self._unbook(code)
        if reply.ok or reply.code in SEAT_GONE:
            return False
        raise TableRefused(reply.code, self._text_of(reply.message, code))

    def _seated_or_refused(self) -> None:
        """After a create or join the server said ok to: the table it sent must have been
        read, or the player would be told of a table the game does not know. When it was
        not, the seat is given back and the refusal said now (not again as news)."""
        with self._lock:
            if self.state.code is not None:
                return
            self._refusals = [r for r in self._refusals if r.code != "unreadable"]
        self.link.send({"type": "leave"})
        raise TableRefused("unreadable", it_net.unreadable_message())

    def close(self) -> None:
        self.link.close()

    # --- what a match session offers the dialog ------------------------------------------------

    @property
    def seat(self) -> int | None:
        return self.state.seat

    @property
    def in_match(self) -> bool:
        return self.state.view is not None

    def view(self) -> SeatView:
        view = self.state.view
        if view is None:
            raise TableRefused("not_playing", "")
        return view

    def play(self, action: Action, *, undoable: bool = True) -> list[AnyEvent]:
        """The seat's move, checked by the server's engine: its events (and whatever else
        happened before it, in order), or IllegalAction with the engine's reason."""
        reply = self._send({"type": "act", "action": wire.encode_action(action)})
        if not reply.ok:
            refusal = reply.message.get("refusal")
            if reply.code == "illegal" and refusal is not None:
                try:
                    reason = wire.decode_refusal(refusal)
                except wire.WireError:
                    reason = None  # a server of another version: its sentence is said
                if reason is not None:
                    raise IllegalAction(reason)
            raise TableRefused(reply.code, self._text_of(reply.message))
        return self._news_after_summary()

    def _news_after_summary(self) -> list[AnyEvent]:
        """The news, but for what was missed while away when the seat has just been taken back
        (by this very request, say): that stays with the summary, to be told as missed."""
        with self._lock:
            summary = self.summary
            missed = 0  # how many of the news, from the first, were missed while away
            if summary:  # its events were added to the news as they came: up to its last
                last = summary[-1]
                missed = 1 + next((i for i in range(len(self._news) - 1, -1, -1)
                                   if self._news[i] is last), -1)  # fmt: skip
            news, self._news = self._news[missed:], self._news[:missed]
        return news

    def computer_turns(self) -> Iterator[list[Event]]:
        """The computers play on the server: their moves arrive as news."""
        return iter(())

    def next_round(self) -> list[AnyEvent]:
        """Ready for the next round: it is dealt when everybody is, and arrives as news."""
        self._ask({"type": "ready"})
        return []

    def decision_rng(self, seat: int) -> random.Random:
        view = self.state.view
        key = (self.state.code, self.state.match_number, view and view.round_number,
               view and len(view.history), seat)  # fmt: skip
        return random.Random(str(key))

    @property
    def undoable(self) -> Action | None:
        return None  # others have seen the move: at a shared table nothing is taken back

    def undo(self) -> Action | None:
        return None

    def save_document(self) -> dict[str, Any] | None:
        return None  # the server keeps the table

    # --- the table ------------------------------------------------------------------------

    @property
    def seats(self) -> list[SeatInfo]:
        return self.state.seats

    def names(self) -> list[str]:
        return self.state.names()

    def add_computer(self, level: Level | None = None) -> None:
        self._ask({"type": "add_computer", "level": None if level is None else str(level)})

    def remove_computer(self, seat: int) -> None:
        self._ask({"type": "remove_computer", "seat": seat})

    def start(self, fill: bool = True) -> None:
        self._ask({"type": "start", "fill": fill})

    def set_closed(self, closed: bool) -> None:
        self._ask({"type": "close", "closed": closed})

    def chat(self, text: str) -> None:
        self._ask({"type": "chat", "text": text})

    def quick(self, key: str) -> None:
        self._ask({"type": "chat", "quick": key})

    def leave(self) -> None:
        """Leave the table for good. Once the server has said so, nothing of it is kept: no
        seat, no news not yet told (the player's own departure among them), no seat to take
        back after a reconnection. The link stays, for the next table. SeatGone when the
        server no longer had the table or the seat (forgotten all the same)."""
        self._ask({"type": "leave"})
        self._forget()

    def abandon(self) -> None:
        """Leave the table without telling the server (it cannot be reached): forgotten here,
        and the link stops trying to take the seat back."""
        self._forget()

    def seat_gone(self) -> SeatGone | None:
        """Why the table was forgotten without the player asking, if the server said so and
        the player has not been told yet (taken: it is told once)."""
        with self._lock:
            for refusal in self._refusals:
                if isinstance(refusal, SeatGone):
                    self._refusals.remove(refusal)
                    return refusal
        return None

    def _forget(self) -> None:
        with self._lock:
            if self._booked is not None:
                self._unbook(self._booked[0])
            self.state = TableState()
            self.link.resume = None
            self._news = []
            self.summary = None
            self._away_since_seq = None
            self.last_round_ended = None

    def news(self) -> list[AnyEvent]:
        """Every event not handed over yet, in order."""
        with self._lock:
            news, self._news = self._news, []
        return news

    def refusals(self) -> list[TableRefused]:
        """Errors the server sent unasked (taking the seat back after a drop was refused, the
        table was closed under us, messages too fast): each with its Italian text."""
        with self._lock:
            refusals, self._refusals = self._refusals, []
        return refusals

    def news_and_summary(self) -> tuple[list[AnyEvent], list[AnyEvent] | None]:
        """The news, and (taken in the same instant) what was missed while the link was
        down, when the seat has just been taken back; None otherwise."""
        with self._lock:
            news, self._news = self._news, []
            summary, self.summary = self.summary, None
        return news, summary

    # --- the link's side ----------------------------------------------------------------------

    def _ask(self, message: dict[str, Any]) -> None:
        reply = self._send(message)
        if not reply.ok:
            raise TableRefused(reply.code, self._text_of(reply.message, message.get("code")))

    def _text_of(self, error: dict[str, Any], asked_code: object = None) -> str:
        """The Italian sentence for a refusal. The server's own sentence is said when it is
        one this game says for that refusal (it may name a table or a person); anything
        else a server sends (another language, another program, a hostile one) is replaced
        by the game's own sentence for the code, never repeated."""
        code = str(error.get("code", ""))
        text = error.get("text")
        wait = error.get("retry_after")
        retry_after = wait if type(wait) is int and 0 < wait <= 24 * 3600 else None
        own = it_net.error_text(code, retry_after) if code in it_net.error_codes() \
            else it_net.unknown_refusal()  # fmt: skip
        if not isinstance(text, str) or not text:
            return own
        tables = {str(c) for c in (self.state.code, asked_code) if isinstance(c, (str, int))}
        known = {own, it_net.error_text(code), it_net.everyone_left()}
        known |= {it_net.no_table(table) for table in tables}
        known |= {it_net.seat_gone(table, code) for table in tables}
        known |= {it_net.not_your_turn(name) for name in self.state.names() if name}
        return text if text in known else own

    def _send(self, message: dict[str, Any]) -> Reply:
        """Send a request and wait for its answer. When the server answers that this
        connection is at no table although the player sits at one (the server restarted and
        the seat was not taken back yet, or taking it back was refused), the seat is taken
        back first and the request made again; SeatGone when the table or the seat is no
        more."""
        code = self.state.code
        reply = self._request(message)
        if reply.ok or reply.code != "not_at_table":
            return reply
        gone = self.seat_gone()
        if gone is not None:  # the server said why a moment ago: that is the answer
            raise gone
        if code is None:
            return reply
        self._take_back(code)
        return self._request(message)

    def _request(self, message: dict[str, Any]) -> Reply:
        try:
            return self.link.request(message)
        except NoAnswer:
            raise NoAnswerYet() from None
        except LostWaiting:
            raise LostMidRequest(self.state.code is not None) from None
        except NotConnected:
            raise Disconnected() from None

    def _take_back(self, code: str) -> None:
        with self._lock:
            token = self.state.token if self.state.code == code else None
            last_seq = self.state.seq
        if token is not None:
            reply = self._request(
                {"type": "resume", "code": code, "token": token, "last_seq": last_seq}
            )
            if reply.ok or reply.code == "already_at_table":
                return
            if reply.code not in SEAT_GONE:
                raise TableRefused(reply.code, self._text_of(reply.message, code))
            gone = reply.code
        else:  # already forgotten: the server said so unasked a moment ago
            told = self.seat_gone()
            gone = told.code if told is not None else "no_table"
        self._forget()
        raise SeatGone(gone, it_net.seat_gone(code, gone), code)

    def _message(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "error":
            # An answer to a request reached its waiter, unless nobody waited any more.
            if message.get("id") is None or message.get("late"):
                self._unasked_error(message)
            return
        with self._lock:
            before = self.state.seq
            try:
                fresh = self.state.take(message)
            except UnreadableMessage as error:
                self._unreadable_message(kind, error)
                told = True  # what was said about it
            else:
                told = self._took(kind, fresh, before)
        if self.state.out_of_step:
            self.link.send({"type": "sync"})
        if told or kind == "table":
            self.on_news()

    def _took(self, kind: object, fresh: list[AnyEvent], before: int) -> bool:
        """After a message was taken (lock held): the seat to resume, the summary after a
        drop, the news; whether there is anything to tell."""
        if kind in ("joined", "table") and self.state.code and self.state.token:
            self.link.resume = {"code": self.state.code, "token": self.state.token}
            self._book(self.state.code, self.state.token)
        if kind == "joined" and not self._seating:  # nobody waits for it any more: news
            self._late_seat = self.state.code
        if self.state.code and self.state.token and self.link.resume is not None:
            self.link.resume["last_seq"] = self.state.seq
        if kind == "table" and self._away_since_seq is not None:
            self.summary = list(fresh)
            self._away_since_seq = None
        for event in fresh:
            if isinstance(event, RoundEnded):
                self.last_round_ended = event
        self._news.extend(fresh)
        return bool(fresh) or (kind == "table" and before != self.state.seq)

    def _book(self, code: str, token: str) -> None:
        """The seat's secret kept on disk (once per seat), so that a game killed at this
        table comes back to this seat."""
        if self.seat_book is None or self._booked == (code, token) or self.state.seat is None:
            return  # a spectator's place is not worth coming back to: joined anew
        self._booked = (code, token)
        self.seat_book.put(self._server, code, token)

    def _unbook(self, code: str) -> None:
        """The seat at *code* is no more to come back to: its kept secret is dropped."""
        if self.seat_book is not None:
            self.seat_book.drop(self._server, code)
        self._booked = None

    def _unreadable_message(self, kind: object, error: UnreadableMessage) -> None:
        """A message of a broken or foreign server: nothing of it is taken (called with the
        lock held). The player is told once; an update not read asks for the whole table."""
        log.warning("a message from the server not read: %s", error)
        self._unreadable += 1
        if self._unreadable == 1:  # once: a broken server would repeat it
            self._refusals.append(TableRefused("unreadable", it_net.unreadable_message()))
        if kind == "update" and self._unreadable <= UNREADABLE_SYNCS:
            self.link.send({"type": "sync"})

    def _unasked_error(self, message: dict[str, Any]) -> None:
        code = str(message.get("code", ""))
        text = self._text_of(message)
        with self._lock:
            table_code = self.state.code
            if code in SEAT_GONE and table_code is not None:
                # The seat or the table is no more: stop asking for it back, and say so as it
                # is for someone who sat there (the server's text may say more: kept).
                self.link.resume = None
                self.state = TableState()
                self._unbook(table_code)
                generic = (it_net.error_text(code), it_net.no_table(table_code))
                if not text or text in generic:
                    text = it_net.seat_gone(table_code, code)
                self._refusals.append(SeatGone(code, text, table_code))
            else:
                self._refusals.append(TableRefused(code, text))
        self.on_news()

    def _link_state(self, state: LinkState, attempt: int) -> None:
        if state is LinkState.REPLACED:  # the seat is played from elsewhere now
            with self._lock:
                self.state = TableState()
        if state is LinkState.LOST and self._away_since_seq is None:
            self._away_since_seq = self.state.seq
        self._on_link(state, attempt)
