"""The dialog at a network table: going online, creating or joining a table, the host's
requests, who is there, quick messages and chat, and the news that arrives between the player's
own commands (friends' moves, the server's computers, arrivals, timers), told by the same
Narrator as a local game.

The match itself is played through the table seen from the player's seat (net.remote's
RemoteTable, a dialog.session.TableSeat), exactly as a local match: only what the table does
is different.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from voicedomino.audio.cue_names import Cue
from voicedomino.dialog import table_talk
from voicedomino.dialog.intents import (
    AddComputer,
    ChatLine,
    CloseTable,
    CreateTable,
    JoinTable,
    LeaveTable,
    NetRequest,
    PlayOnline,
    QuickMessage,
    RemoveComputer,
    WhoIsThere,
)
from voicedomino.dialog.menu import Table
from voicedomino.dialog.narration import Narrator
from voicedomino.dialog.parser import parse
from voicedomino.dialog.response import Message, Response
from voicedomino.italian import messages as it
from voicedomino.italian import network as it_net
from voicedomino.net import wire
from voicedomino.net.events import QUICK_MESSAGES, AnyEvent, TableEvent
from voicedomino.net.link import LinkState, TurnedAway
from voicedomino.net.remote import (
    Disconnected,
    RemoteTable,
    SeatBook,
    SeatGone,
    TableRefused,
)

DEFAULT_SERVER = "127.0.0.1:8765"
CONNECT_WAIT = 5.0  # seconds for a first connection before the player is told


# --- what the player asks for at a network table ----------------------------------------------

# Chat is typed only: "scrivi: ci vediamo domani" or "> ci vediamo domani".
_CHAT = re.compile(r"^\s*(?:>|scrivi\b:?)\s*(?P<text>.+)$", re.IGNORECASE)
# "scrivi agli altri di aspettare": a message told to the others in indirect speech; when it
# is a quick message, that message is sent (the words are no chat line to copy).
_TOLD_TO_OTHERS = re.compile(r"^\s*scrivi\s+(?:a|ad|al|ai|agli|alla|alle)\b", re.IGNORECASE)
# "scrivi a tutti: torno subito": to whom, then after the colon the words as written
_TO_WHOM_THEN_WRITTEN = re.compile(r"^[^:]{1,40}:\s*(?P<text>.+)$")


def request_in(text: str) -> NetRequest | None:
    """The network request a typed line (or a recognised sentence) makes, if any, as said at
    a network table: a chat line ("scrivi ...", "> ..."), else what the understanding makes of
    it (the words live in italian.lexicon, like every command's): "entra al tavolo quattro sette
    due uno" (or 4721), "crea un tavolo", "aggiungi un computer difficile", "chi c'è al tavolo",
    the quick messages. Off a table the dialog reads some of them otherwise
    (`DialogManager.in_context`)."""
    chat = chat_line(text)
    if chat is not None:
        return chat
    meant = parse(text)
    return meant if isinstance(meant, NetRequest) else None


def chat_line(text: str) -> ChatLine | QuickMessage | None:
    """The chat line a typed line is ("scrivi: ...", "> ..."), if it is one; a quick message
    told to the others in indirect speech ("scrivi agli altri di aspettare") is that message;
    "scrivi a tutti: ..." writes the words after the colon (a quick message if they are one)."""
    chat = _CHAT.match(text)
    if chat is None:
        return None
    said = chat.group("text").strip()
    if not _TOLD_TO_OTHERS.match(text):
        return ChatLine(said)
    if written := _TO_WHOM_THEN_WRITTEN.match(said):
        said = written.group("text").strip()
    return told if isinstance(told := parse(said), QuickMessage) else ChatLine(said)


# --- the controller ---------------------------------------------------------------------------


@dataclass
class NetworkSettings:
    addresses: list[str] = field(default_factory=lambda: [DEFAULT_SERVER])
    name: str = "Giocatore"
    code: str | None = None  # --tavolo: the table to sit at once connected
    seat_book: SeatBook | None = None  # the seats' secrets kept between runs of the game


class NetworkPlay:
    """One player's connection to the tables of a server, as the dialog uses it."""

    def __init__(self, settings: NetworkSettings, narrator: Narrator) -> None:
        self.settings = settings
        self.narrator = narrator
        self.remote: RemoteTable | None = None
        self.wake: Callable[[], None] | None = None  # the front end: news is waiting
        self._notices: list[str] = []
        self._told_away: TurnedAway | None = None  # the refusal to come back already said
        self._lost_told = False  # the loss of the link said, and the return not yet
        self._about_the_seat: set[str] = set()  # notices true only while seated
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        """A copy (of the whole dialog, as tests make) has no connection of its own."""
        state = dict(self.__dict__)
        state.update(remote=None, wake=None, _lock=None, _notices=[], _about_the_seat=set())
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()

    @property
    def seated(self) -> bool:
        return self.remote is not None and self.remote.state.code is not None

    def connect(self) -> RemoteTable:
        remote = self.remote
        if remote is None:
            remote = self.remote = RemoteTable(
                self.settings.addresses, on_news=self._news_came, on_link=self._link_state,
                seat_book=self.settings.seat_book,
            )  # fmt: skip
        if not remote.connect(CONNECT_WAIT):
            turned_away, silent = remote.link.turned_away, remote.link.silent
            seated = remote.state.code is not None
            if not seated:  # no seat to keep: stop trying until asked again
                remote.close()
                self.remote = None
            if turned_away is not None:
                text = _turned_away_text(turned_away, seated)
                raise TableRefused("turned_away", text)
            if silent is not None and not seated:  # reached: it is not out of reach
                raise TableRefused("silent", it_net.server_silent(silent))
            raise Disconnected()
        return remote

    def close(self) -> None:
        if self.remote is not None:
            self.remote.close()

    # --- requests --------------------------------------------------------------------------

    def handle(self, request: NetRequest, menu_table: Table) -> Response:
        """Carry out a request; refusals and a server out of reach are said in Italian."""
        try:
            return self._handle(request, menu_table)
        except Disconnected as away:
            return Response(awaits_player=True).say(away.text or self.out_of_reach(), Cue.INVALID)
        except TableRefused as refused:
            return Response(awaits_player=True).say(
                refused.text or it_net.error_text(refused.code), Cue.INVALID
            )

    def _handle(self, request: NetRequest, menu_table: Table) -> Response:
        match request:
            case PlayOnline():
                self.connect()
                address = ", ".join(self.settings.addresses)
                return (
                    Response(awaits_player=True)
                    .say(it_net.connecting(address))
                    .say(it_net.not_at_a_table())
                )
            case CreateTable(timer):
                remote = self.connect()
                options: dict[str, Any] = {"level": str(menu_table.level), "turn_timer": timer}
                remote.create(self.settings.name, _settings_of(menu_table), options)
                return Response(awaits_player=True).say(
                    it_net.table_created(remote.state.code or "")
                )
            case JoinTable(code, spectator):
                remote = self.connect()
                remote.join(code, self.settings.name, spectator=spectator)
                state = remote.state
                response = Response(awaits_player=True)
                if remote.came_back:  # the game ended without leaving: the seat waited
                    return response.say(it_net.seat_taken_back(code))
                response.say(it_net.table_joined(code, state.seat, state.host_name))
                if not remote.in_match:
                    response.say(it_net.waiting_to_start(state.is_host))
                return response
        seated = self.remote
        if seated is None or seated.state.code is None:
            gone = None if seated is None else seated.seat_gone()
            if gone is not None:  # the server has just said why: that is the answer
                return Response(awaits_player=True).say(gone.text, Cue.INVALID)
            return Response(awaits_player=True).say(it_net.not_at_a_table(), Cue.INVALID)
        remote = seated
        match request:
            case AddComputer(level):
                remote.add_computer(level)
            case RemoveComputer(seat):
                computers = [s.seat for s in remote.seats if s.kind == "computer"]
                if not computers:
                    raise TableRefused("not_a_computer", "")
                remote.remove_computer(seat if seat is not None else computers[-1])
            case WhoIsThere():
                return Response().say(self.who())
            case QuickMessage(key):
                remote.quick(key)
                return Response().say(it_net.QUICK_TEXTS[key])
            case ChatLine(text):
                remote.chat(text)
                return Response().say(it_net.chat_sent())
            case LeaveTable():
                code, playing = remote.state.code or "", remote.in_match and remote.seat is not None
                try:
                    remote.leave()
                except SeatGone as gone:  # nothing to leave any more: said as it is
                    return Response(awaits_player=True).say(gone.text)
                except Disconnected:  # the player must not be held at a table out of reach
                    remote.abandon()
                    remote.close()  # nothing left to come back to: stop trying
                    self.remote = None
                    return Response(awaits_player=True).say(it_net.left_unreachable(code))
                return Response(awaits_player=True).say(it_net.left_table(code, playing))
            case CloseTable(closed):
                remote.set_closed(closed)
        return Response()  # what it did comes back as news, told to everyone alike

    def out_of_reach(self) -> str:
        """Why a request did not reach the server, as it is: turned away (and for how long),
        or not answering while the link tries again for the seat, or not reached at all."""
        remote = self.remote
        seated = remote is not None and remote.state.code is not None
        turned_away = None if remote is None else remote.link.turned_away
        if turned_away is not None:
            return _turned_away_text(turned_away, seated)
        if seated:
            return it_net.not_connected()
        if remote is not None and remote.link.silent is not None:
            return it_net.server_silent(remote.link.silent)
        return it_net.cannot_reach(", ".join(self.settings.addresses))

    def start(self) -> Response:
        remote = self.remote
        assert remote is not None
        try:
            remote.start(fill=True)
        except Disconnected as away:
            return Response(awaits_player=True).say(away.text or self.out_of_reach(), Cue.INVALID)
        except TableRefused as refused:
            text = refused.text or it_net.error_text(refused.code)
            return Response(awaits_player=True).say(text, Cue.INVALID)
        return Response()

    def who(self) -> str:
        remote = self.remote
        assert remote is not None
        state = remote.state
        people = []
        for place in state.seats:
            you, hosting = place.seat == state.seat, place.seat == state.host
            people.append(it_net.seat_line(place.seat, place.name, place.kind, place.level, you,
                                           place.connected, hosting))  # fmt: skip
        return it_net.who_is_there(people, state.spectators)

    # --- news ----------------------------------------------------------------------------------

    def news(self) -> list[Message]:
        """What happened since the player last heard: link notices, what was missed while away
        (as a summary), then every event in order, the game's told by the Narrator."""
        remote = self.remote
        with self._lock:
            notices, self._notices = self._notices, []
        if not self.seated:  # "the seat stays yours" is no longer true once it is gone
            notices = [text for text in notices if text not in self._about_the_seat]
        said = [Message(text) for text in notices]
        if remote is None:
            return said
        late = remote.seated_late()
        if late is not None and remote.state.code == late:  # a slow server answered at last
            state = remote.state
            said.append(Message(it_net.seated_late(late, state.seat, state.host_name)))
        for refused in remote.refusals():
            said.append(Message(refused.text or it_net.error_text(refused.code), Cue.INVALID))
        events, summary = remote.news_and_summary()
        told = self.tell(events)
        if summary is None:
            return said + told
        # Back after a drop: what was missed (only what is told: the player's own return is
        # not), then where the game stands, as a player who was away needs to hear it.
        said.append(Message(it_net.table_back(remote.state.code or "")))
        self._lost_told = False
        said.append(Message(it_net.while_away() if told else it_net.nothing_while_away()))
        said.extend(told)
        view = remote.view() if remote.in_match else None
        if view is not None and view.round_result is None and remote.seat is not None:
            cue = Cue.YOUR_TURN if view.is_my_turn else None
            said.append(Message(it.turn_of(view.to_move), cue))
        return said

    def tell(self, events: Sequence[AnyEvent]) -> list[Message]:
        remote = self.remote
        me = None if remote is None else remote.state.seat
        view = None if remote is None or not remote.in_match else remote.view()
        said: list[Message] = []
        for event in events:
            if isinstance(event, TableEvent):
                said.extend(table_talk.tell(event, me))
            elif view is not None:  # a spectator's view has no seat: told as it is seen
                said.extend(self.narrator.tell(view, [event]))
        return said

    def _news_came(self) -> None:
        if self.wake is not None:
            self.wake()

    def _link_state(self, state: LinkState, attempt: int) -> None:
        remote = self.remote
        turned_away = None if remote is None else remote.link.turned_away
        if state is LinkState.LOST and turned_away is not None and turned_away != self._told_away:
            # Coming back was refused (too many connections, server full): said once, with
            # the wait the server asked for; the link waits that long before trying again.
            self._told_away = turned_away
            self._notice(_turned_away_text(turned_away, seated=True), about_the_seat=True)
        elif state is LinkState.LOST and attempt == 1 and not self._lost_told:
            # Once until the player hears they are back: a server that greets and drops at
            # once said it at every drop.
            self._lost_told = True
            self._notice(it_net.link_lost(), about_the_seat=True)
        elif state is LinkState.CONNECTED:
            self._told_away = None
        elif state is LinkState.REPLACED:
            self._notice(it_net.seat_taken_elsewhere())

    def _notice(self, text: str, *, about_the_seat: bool = False) -> None:
        with self._lock:
            self._notices.append(text)
            if about_the_seat:
                self._about_the_seat.add(text)
        self._news_came()


def _turned_away_text(turned_away: TurnedAway, seated: bool) -> str:
    return it_net.turned_away(
        turned_away.status, turned_away.retry_after, seated, turned_away.reason
    )


def _settings_of(table: Table) -> dict[str, Any]:
    settings = wire.encode(table.settings())
    return {key: value for key, value in settings.items() if value is not None and key != "kind"}


__all__ = [
    "QUICK_MESSAGES",
    "AddComputer",
    "ChatLine",
    "CloseTable",
    "CreateTable",
    "JoinTable",
    "LeaveTable",
    "NetRequest",
    "NetworkPlay",
    "NetworkSettings",
    "PlayOnline",
    "QuickMessage",
    "RemoveComputer",
    "WhoIsThere",
    "request_in",
]
