"""The table server: WebSocket connections, the browser page on the same port, tables kept in a
store, computers and timers that play by themselves.

Every change to a table happens under that table's lock: the table changes, the store commits
its document and new log entries, and only then is anyone told (save first, then tell). Each
connection gets its own seat's view and its own copy of the events; nothing with another hand in
it is ever built for it. A request that cannot be read, or that the table refuses, gets an error
message; nothing a client sends can stop the server or another table.
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import ipaddress
import logging
import mimetypes
import secrets
import signal
import sqlite3
import ssl
import time
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request as HttpRequest
from websockets.http11 import Response as HttpResponse

from voicedomino.engine import Reason, SeatView
from voicedomino.italian import messages as it
from voicedomino.italian import network as it_net
from voicedomino.net import protocol, wire
from voicedomino.net.deciders import Deciders
from voicedomino.net.limits import AddressBuckets, Bucket, Limits
from voicedomino.net.names import clean_chat, clean_name
from voicedomino.net.protocol import ProtocolError
from voicedomino.net.store import (
    Conflict,
    DamagedTable,
    Published,
    Stored,
    StoreError,
    TableStore,
)
from voicedomino.net.table import (
    SPECTATOR,
    Due,
    LogEntry,
    Table,
    TableError,
    TableOptions,
    decode_entry,
    encode_entry,
)

log = logging.getLogger(__name__)

SERVER_NAME = "voicedomino"
MAX_FRAME = 64 * 1024  # websockets closes the connection above this; requests are far smaller
OUTBOX_SIZE = 1000  # messages waiting for a slow client before it is dropped (it resyncs)
COMMIT_ATTEMPTS = 3
RESTART_GRACE = 20.0  # seconds a restarted server gives a player whose timer was running
LEASE = 6.0  # Redis: a process not heard of for this long is gone, its players away
REPLACED_CLOSE = (4000, "replaced")  # the seat was taken back by another connection
STORE_RETRY = 1.0  # seconds between two tries to read a table whose store failed
CLAIM_TIME = 15.0  # Redis: a claimed move not made by then is made by another process
# A table nobody is connected to is kept this long (seconds), then deleted: before its first
# match it was most likely abandoned (or made only to fill the server); a match waits longer.
LOBBY_KEPT = 3600.0
MATCH_KEPT = 7 * 24 * 3600.0
EXPIRY_CHECK = 300.0  # seconds between two looks for idle tables
LOG_BURST = 20  # warnings about one address and reason logged in a row...
LOG_PER_MIN = 6.0  # ...and a minute after that
FULL_RETRY_AFTER = 60  # seconds a full server asks newcomers to wait
WEB_FILES = {"/": "index.html", "/index.html": "index.html", "/app.js": "app.js",
             "/style.css": "style.css"}  # fmt: skip
CONTENT_SECURITY = (
    "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
    "style-src 'self'; script-src 'self'; frame-ancestors 'none'"
)


@dataclass(eq=False)
class Client:
    """One connection, and where it sits once it has joined a table."""

    ws: ServerConnection
    address: str
    bucket: Bucket
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX_SIZE))
    greeted: bool = False
    code: str | None = None
    seat: int | None = None  # None: a spectator (when code is set)
    token: str | None = None
    strikes: int = 0
    farewell: tuple[int, str] = (1013, "too slow")  # how the connection is closed when told to

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else protocol.dumps(message)
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:  # far behind: drop it; it catches up when it comes back
            log.warning("client %s too slow, closing", self.address)
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.get_nowait()
                self.outbox.put_nowait(None)


class AddressLog:
    """Warnings that name an address, at most LOG_BURST in a row and LOG_PER_MIN a minute for
    each address and reason: a hostile client must not fill the server's disk with the log
    that names it. The next line logged says how many like it were left out."""

    def __init__(self) -> None:
        self._buckets = AddressBuckets(LOG_PER_MIN / 60, LOG_BURST)
        self._left_out: OrderedDict[str, int] = OrderedDict()

    def warning(self, address: str, what: str) -> None:
        key = f"{address} {what}"
        if not self._buckets.take(key):
            self._left_out[key] = self._left_out.pop(key, 0) + 1
            if len(self._left_out) > 10_000:
                self._left_out.popitem(last=False)
            return
        left = self._left_out.pop(key, 0)
        more = f" (and {left} more like it, not logged)" if left else ""
        log.warning("address %s: %s%s", address, what, more)


@dataclass(eq=False)
class LiveTable:
    table: Table
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.TimerHandle | None = None
    broken: bool = False  # changed in memory, neither saved nor read back: see _back_to_saved
    history_mark: tuple[int, int, int] = (0, 0, 0)  # match, round, history length last sent


class TableServer:
    def __init__(
        self,
        store: TableStore,
        *,
        limits: Limits | None = None,
        computer_pause: float = 1.0,
        clock: Callable[[], float] = time.time,
        deciders: Deciders | None = None,
        lease: float = LEASE,
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.computer_pause = computer_pause
        self.clock = clock
        self.deciders = deciders or Deciders()
        self.lease = lease
        self.origin = store.origin
        self.tables: dict[str, LiveTable] = {}
        self._open_per_address: dict[str, int] = {}
        self._new_connections = AddressBuckets(
            self.limits.new_connections_per_s, self.limits.new_connection_burst
        )
        self._failed_joins = AddressBuckets(
            self.limits.failed_joins_per_min / 60, self.limits.failed_join_burst
        )
        self._new_tables = AddressBuckets(
            self.limits.new_tables_per_min / 60, self.limits.new_table_burst
        )
        self._connections = 0
        self._tasks: set[asyncio.Task[Any]] = set()
        self._log = AddressLog()

    # --- starting --------------------------------------------------------------------------

    async def restore(self) -> int:
        """Bring back every stored table as it was after its last accepted change."""
        await self.store.subscribe(self._on_published, self._read_tables_again)
        if self.store.shared:
            await self.store.heartbeat(self.lease)
            self._keep(self._keep_alive())
            self._keep(self._expire_now_and_then())
            return 0  # shared tables are loaded when someone comes back to them
        now = self.clock()
        for stored in await self.store.load_all():
            try:
                table = _table_of(stored)
            except DamagedTable as error:
                log.error("table %s not restored: %s", stored.document.get("code"), error)
                continue
            table.all_disconnected(now)
            table.delay_timers(now, RESTART_GRACE)
            live = LiveTable(table)
            live.history_mark = _history_mark(table)
            self.tables[table.code] = live
        await self.expire_idle()
        self._keep(self._expire_now_and_then())
        return len(self.tables)

    async def expire_idle(self) -> int:
        """Delete the tables nobody has been connected to for long (LOBBY_KEPT before the
        first match, MATCH_KEPT after); how many went."""
        if self.store.shared:
            return await self._expire_shared()
        now = self.clock()
        gone = 0
        for live in list(self.tables.values()):
            if live.clients or live.broken or not _expired(live.table, now):
                continue
            async with live.lock:
                log.info("table %s deleted: nobody connected for %d s", live.table.code,
                         now - (live.table.idle_since() or now))  # fmt: skip
                await self._drop(live)
                gone += 1
        return gone

    async def _expire_shared(self) -> int:
        """Redis: every process looks at every table; a table is deleted only when no
        process has anyone connected to it (players or spectators: ``watch``), no seat is
        held through a process still alive, and nobody changed it since it was read (the
        delete checks the version, so a player coming back through another process at that
        moment keeps it). Seats shown connected through a process that is gone are marked
        away first: their time starts then."""
        now = self.clock()
        codes = [code for code in await self.store.codes()
                 if not (code in self.tables and self.tables[code].clients)]  # fmt: skip
        watched = await self.store.watched(codes)
        gone = 0
        for code in codes:
            if code in watched:
                continue
            stored = await self.store.load(code)
            if stored is None:
                continue
            try:
                table = Table.from_document(stored.document, stored.version, [])
            except (ValueError, KeyError, TypeError, wire.WireError) as error:
                log.error("table %s not read for expiry: %s", code, error)
                continue
            holders = {
                seat.held_by
                for seat in table.seats
                if seat.is_human and seat.connected and seat.held_by is not None
            }
            alive = await self.store.alive(holders) if holders else set()
            if alive or any(s.is_human and s.connected and s.held_by is None
                            for s in table.seats):  # fmt: skip
                continue  # someone is connected through a live process
            if holders:  # held through processes that are gone: away from now on
                await self._mark_away(code, table, now)
                continue
            if _expired(table, now) and await self.store.delete_if(code, table.version):
                log.info("table %s deleted: nobody connected for %d s", code,
                         now - (table.idle_since() or now))  # fmt: skip
                live = self.tables.get(code)
                if live is not None:
                    self._forget(live)
                gone += 1
        return gone

    async def _mark_away(self, code: str, table: Table, now: float) -> None:
        entries: list[LogEntry] = []
        for number, seat in enumerate(table.seats):
            if seat.is_human and seat.connected:
                entries += table.set_connected(number, False, now)
        encoded = [encode_entry(entry) for entry in entries]
        with contextlib.suppress(Conflict):  # changed meanwhile: looked at again next time
            await self.store.commit(code, table.version, table.to_document(), encoded)

    async def _expire_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(EXPIRY_CHECK)
            try:
                await self.expire_idle()
            except Exception:
                log.exception("deleting idle tables failed")

    def serve(self, host: str, port: int, ssl_context: ssl.SSLContext | None = None) -> Any:
        """The websockets server (an async context manager)."""
        return serve(
            self._handle,
            host,
            port,
            ssl=ssl_context,
            process_request=self._http,
            max_size=MAX_FRAME,
            max_queue=8,
            compression=None,  # small messages; deflate costs memory per connection
            ping_interval=20,
            ping_timeout=20,
            server_header=None,
            create_connection=ItalianRefusals,
        )

    # --- HTTP: the browser page and the per-address gate --------------------------------------

    def _http(self, connection: ServerConnection, request: HttpRequest) -> HttpResponse | None:
        address = _address(connection)
        if request.headers.get("Upgrade", "").lower() != "websocket":
            return _web_file(request.path)
        if self._open_per_address.get(address, 0) >= self.limits.connections_per_address:
            # When one of them closes is not known: no Retry-After.
            self._log.warning(address, "too many open connections")
            return _plain(http.HTTPStatus.TOO_MANY_REQUESTS, it_net.error_text("too_many_open"))
        if self._connections >= self.limits.max_connections:
            return _plain(http.HTTPStatus.SERVICE_UNAVAILABLE, it_net.error_text("server_full"),
                          retry_after=FULL_RETRY_AFTER)  # fmt: skip
        if not self._new_connections.take(address):
            self._log.warning(address, "connecting too fast")
            wait = self._new_connections.seconds_to_wait(address)
            text = it_net.error_text("too_many_connections")
            return _plain(http.HTTPStatus.TOO_MANY_REQUESTS, text, retry_after=wait)
        return None

    # --- one connection ---------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        address = _address(ws)
        limits = self.limits
        client = Client(ws, address, Bucket(limits.messages_per_s, limits.message_burst))
        self._open_per_address[address] = self._open_per_address.get(address, 0) + 1
        self._connections += 1
        writer = asyncio.create_task(self._write(client))
        # A connection that never says hello only holds a place: it is closed in time.
        watchdog = asyncio.get_running_loop().call_later(
            limits.hello_within_s, self._no_hello, client
        )
        try:
            async for message in ws:
                await self._receive(client, message)
                if client.strikes >= limits.strikes_before_close:
                    self._log.warning(address, "closed for flooding")
                    await ws.close(1008, "too many messages")
                    break
        except ConnectionClosed:
            pass
        finally:
            watchdog.cancel()
            self._connections -= 1
            left = self._open_per_address.get(address, 1) - 1
            if left <= 0:
                self._open_per_address.pop(address, None)
            else:
                self._open_per_address[address] = left
            await self._detach(client)
            writer.cancel()

    def _no_hello(self, client: Client) -> None:
        if client.greeted:
            return
        self._log.warning(client.address, "no hello in time, closed")
        client.send(_error("hello_first"))
        client.farewell = (1008, "no hello")
        with contextlib.suppress(asyncio.QueueFull):
            client.outbox.put_nowait(None)

    async def _write(self, client: Client) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                text = await client.outbox.get()
                if text is None:
                    await client.ws.close(*client.farewell)
                    return
                await client.ws.send(text)

    async def _receive(self, client: Client, message: str | bytes) -> None:
        if not client.bucket.take():
            client.strikes += 1
            client.send(_error("too_many", _request_id(message)))  # a waiting client hears it
            return
        request_id: object = None
        try:
            request, request_id = protocol.parse(message)
            await self._dispatch(client, request)
            if request_id is not None:  # after what the request caused: the client may wait
                client.send({"type": "ok", "id": request_id})
        except ProtocolError as error:
            client.strikes += 1
            client.send(_error(error.code, error.request_id))
        except TableError as error:
            if isinstance(error, _SlowDown):
                await asyncio.sleep(self.limits.guess_delay_s)
            client.send(self._table_error(client, error, request_id))
        except Exception:  # a bug must not end the connection or touch other tables
            log.exception("internal error from %s", client.address)
            client.send(_error("internal", request_id))

    async def _dispatch(self, client: Client, request: protocol.Request) -> None:
        if not client.greeted:
            if not isinstance(request, protocol.Hello):
                raise ProtocolError("hello_first")
            if request.version != protocol.PROTOCOL_VERSION:
                client.send(_error("version") | {"version": protocol.PROTOCOL_VERSION})
                return
            client.greeted = True
            client.send({"type": "welcome", "version": protocol.PROTOCOL_VERSION,
                         "server": SERVER_NAME})  # fmt: skip
            return
        match request:
            case protocol.Hello():
                client.send({"type": "welcome", "version": protocol.PROTOCOL_VERSION,
                             "server": SERVER_NAME})  # fmt: skip
            case protocol.Ping():
                client.send({"type": "pong"})
            case protocol.Create():
                await self._create(client, request)
            case protocol.Join():
                await self._join(client, request)
            case protocol.Resume():
                await self._resume(client, request)
            case protocol.Sync():
                live = self._table_of(client)
                async with live.lock:
                    if live.broken:
                        raise TableError("not_saved")
                    client.send(self._snapshot(live, client))
            case protocol.Leave():
                await self._leave(client)
            case protocol.Chat(text, quick):
                live = self._table_of(client)
                name = self._name_of(live.table, client)
                said = it_net.QUICK_TEXTS[quick] if quick is not None else clean_chat(text)
                if said:
                    await self._change(live, lambda t, now: t.chat(client.seat, name, said,
                                                                   quick, now))  # fmt: skip
            case _:
                await self._seat_request(client, request)

    async def _seat_request(self, client: Client, request: protocol.Request) -> None:
        live = self._table_of(client)
        if client.seat is None:
            raise TableError("spectator")
        await self._change(live, _seat_change(client, client.seat, request))

    # --- joining and leaving -------------------------------------------------------------------

    async def _create(self, client: Client, request: protocol.Create) -> None:
        if client.code is not None:
            raise TableError("already_at_table")
        name = clean_name(request.name)
        if not name:
            raise TableError("bad_name")
        if len(self.tables) >= self.limits.max_tables:
            raise TableError("server_full")
        if not self._new_tables.take(client.address):
            # A table lives until everyone leaves it: one address must not fill the server.
            self._log.warning(client.address, "creating tables too fast")
            wait = self._new_tables.seconds_to_wait(client.address)
            raise TableError("too_many_tables", retry_after=wait)
        try:
            options = TableOptions.from_dict(request.options)
        except ValueError:
            raise TableError("bad_settings") from None
        for _ in range(COMMIT_ATTEMPTS):
            code = self._new_code()
            try:
                table, joined = Table.create(
                    code, request.settings, options, name, self.clock(), self.origin
                )
            except ValueError:
                raise TableError("bad_settings") from None
            entries = [encode_entry(entry) for entry in joined.entries]
            try:
                table.version = await self.store.commit(code, 0, table.to_document(), entries)
            except Conflict:
                continue  # the code was taken by another process a moment ago
            except StoreError as error:
                log.error("cannot save a new table: %s", error)
                raise TableError("not_saved") from None
            live = LiveTable(table)
            live.history_mark = _history_mark(table)
            self.tables[code] = live
            log.info("table %s created by %s", code, client.address)
            async with live.lock:
                self._attach(live, client, joined.seat, joined.token)
                client.send(self._joined(live, client))
            return
        raise TableError("busy")

    async def _join(self, client: Client, request: protocol.Join) -> None:
        if client.code is not None:
            raise TableError("already_at_table")
        name = clean_name(request.name)
        if not name:
            raise TableError("bad_name")
        live = await self._find(client, request.code)
        joined_box: list[Any] = []

        def join(table: Table, now: float) -> list[LogEntry]:
            joined = table.join(
                name, player=request.player, seat=request.seat, now=now, holder=self.origin
            )
            joined_box.append(joined)
            return joined.entries

        await self._change(
            live, join, after=lambda: self._attach_joined(live, client, joined_box), skip_own=client
        )

    def _attach_joined(self, live: LiveTable, client: Client, box: list[Any]) -> None:
        joined = box[-1]
        self._attach(live, client, joined.seat, joined.token)
        client.send(self._joined(live, client))

    async def _resume(self, client: Client, request: protocol.Resume) -> None:
        if client.code is not None:
            raise TableError("already_at_table")
        try:
            live = await self._find(client, request.code)
        except TableError as error:  # said to someone who sat there: the table is no more
            if error.code == "no_table":
                raise TableError("no_table", table_code=request.code, sat_there=True) from None
            raise
        async with live.lock:
            table = live.table
            seat = table.seat_of(request.token)
            if seat is None and table.spectator_name(request.token) is None:
                self._count_failed_join(client)
                raise TableError("bad_token", table_code=request.code, sat_there=True)
        for other in list(live.clients):  # the same seat from a new connection: the old goes
            if other.token == request.token and other is not client:
                self._replace(live, other)

        def reconnect(table: Table, now: float) -> list[LogEntry]:
            return [] if seat is None else table.set_connected(seat, True, now, self.origin)

        def tell() -> None:
            self._attach(live, client, seat, request.token)
            snapshot = self._snapshot(live, client)
            if request.last_seq is not None:
                missed = live.table.entries_after(request.last_seq)
                viewer = SPECTATOR if seat is None else seat
                snapshot["missed"] = (
                    None
                    if missed is None
                    else [self._entry_for(live.table, viewer, e) for e in missed]
                )
            client.send(snapshot)

        await self._change(live, reconnect, after=tell, skip_own=client)

    async def _leave(self, client: Client) -> None:
        live = self._table_of(client)
        seat, token = client.seat, client.token or ""
        await self._change(live, lambda t, now: t.leave(seat, token, now))
        live.clients.discard(client)
        client.code = client.seat = client.token = None
        client.send({"type": "left"})
        if live.table.abandoned:  # the last person left: those still watching hear it goes
            gone = {**_error("no_table"), "text": it_net.everyone_left()}
            for watcher in list(live.clients):
                watcher.send(gone)
                watcher.code = watcher.seat = watcher.token = None
            await self._drop(live)

    async def _detach(self, client: Client) -> None:
        """A connection ended: the seat stays its player's; the table hears they are away."""
        code = client.code
        live = self.tables.get(code) if code is not None else None
        if live is None or client not in live.clients:
            return
        live.clients.discard(client)
        seat = client.seat
        still_here = any(other.seat == seat and other.token == client.token
                         for other in live.clients)  # fmt: skip
        if seat is not None and not still_here:
            with contextlib.suppress(TableError):
                await self._change(live, lambda t, now: t.set_connected(seat, False, now))
        if self.store.shared and not live.clients:
            self._forget(live)  # another process may move it now; read it again when needed

    async def _find(self, client: Client, code: str) -> LiveTable:
        live = self.tables.get(code)
        if live is None and self.store.shared:
            live = await self._load(code)
        if live is None:
            self._count_failed_join(client)
            raise TableError("no_table", table_code=code)
        return live

    def _count_failed_join(self, client: Client) -> None:
        if not self._failed_joins.take(client.address):
            self._log.warning(client.address, "guessing table codes: slowed down")
            raise _SlowDown(self._failed_joins.seconds_to_wait(client.address))

    async def _load(self, code: str) -> LiveTable | None:
        try:
            stored = await self.store.load(code)
            table = None if stored is None else _table_of(stored)
        except DamagedTable as error:
            log.error("table %s cannot be read: %s", code, error)
            raise TableError("internal") from None
        except StoreError as error:
            log.error("cannot read table %s: %s", code, error)
            raise TableError("busy") from None
        if table is None:
            return None
        live = self.tables.get(code)
        if live is None:
            live = self.tables[code] = LiveTable(table)
            live.history_mark = _history_mark(table)
            self._reschedule(live)
        return live

    def _forget(self, live: LiveTable) -> None:
        if live.timer is not None:
            live.timer.cancel()
        if self.tables.get(live.table.code) is live:
            del self.tables[live.table.code]

    def _deleted_elsewhere(self, live: LiveTable) -> None:
        """The table is no longer in the store (another process deleted it): its clients hear
        so and it is forgotten here."""
        for client in list(live.clients):
            client.send(_error("no_table"))
        self._forget(live)

    async def _drop(self, live: LiveTable) -> None:
        self._forget(live)
        try:
            await self.store.delete(live.table.code)
        except StoreError as error:
            log.error("cannot delete table %s: %s", live.table.code, error)

    def _attach(self, live: LiveTable, client: Client, seat: int | None, token: str) -> None:
        client.code, client.seat, client.token = live.table.code, seat, token
        live.clients.add(client)

    def _table_of(self, client: Client) -> LiveTable:
        live = self.tables.get(client.code) if client.code is not None else None
        if live is None or client not in live.clients:
            raise TableError("not_at_table")
        return live

    @staticmethod
    def _name_of(table: Table, client: Client) -> str:
        if client.seat is not None:
            return table.seats[client.seat].name
        return table.spectator_name(client.token or "") or "?"

    # --- changing a table: save first, then tell ----------------------------------------------

    async def _change(
        self,
        live: LiveTable,
        change: Callable[[Table, float], list[LogEntry]],
        *,
        after: Callable[[], None] | None = None,
        skip_own: Client | None = None,
    ) -> list[LogEntry]:
        """Apply *change* under the table's lock, commit, then tell everyone (and run *after*,
        still under the lock, for the requester's own reply)."""
        async with live.lock:
            return await self._change_locked(live, change, after=after, skip_own=skip_own)

    async def _change_locked(
        self,
        live: LiveTable,
        change: Callable[[Table, float], list[LogEntry]],
        *,
        after: Callable[[], None] | None = None,
        skip_own: Client | None = None,
    ) -> list[LogEntry]:
        for _ in range(COMMIT_ATTEMPTS):
            if live.broken:  # its store cannot be read: nothing is changed or told meanwhile
                raise TableError("not_saved")
            marks = live.history_mark
            told = live.table.seq
            entries = change(live.table, self.clock())
            if entries or live.table.unsaved:
                try:
                    await self._commit(live, entries)
                except Conflict:  # another process moved the table first: catch up, try again
                    await self._back_to_saved(live, told, marks)
                    continue
                except StoreError as error:
                    log.error("table %s not saved: %s", live.table.code, error)
                    if self.store.shared:  # Redis away: reading at once would wait as long
                        self._set_aside(live, told)
                    else:
                        await self._back_to_saved(live, told, marks)  # nothing unsaved is told
                    raise TableError("not_saved") from None
            if after is not None:
                after()
            self._deliver(live, entries, marks, skip=skip_own)
            self._reschedule(live)
            return entries
        raise TableError("busy")

    async def _commit(self, live: LiveTable, entries: list[LogEntry]) -> None:
        table = live.table
        table.version = await self.store.commit(
            table.code, table.version, table.to_document(), [encode_entry(e) for e in entries]
        )
        table.unsaved = False

    async def _back_to_saved(self, live: LiveTable, told: int, marks: tuple[int, int, int]) -> None:
        """A change was not saved: the table goes back to what the store holds, and its
        clients hear what others saved after *told* (the last entry they were told). When the
        store cannot even be read (Redis gone), the table in memory is not what was saved:
        it is set aside (every request refused, no timer) until the store reads again."""
        try:
            await self._reload(live)
        except StoreError as error:
            log.error("table %s not read again: %s", live.table.code, error)
            self._set_aside(live, told)
            return
        self._catch_up(live, told, marks)

    def _set_aside(self, live: LiveTable, told: int) -> None:
        """The table in memory is not what was saved: every request is refused and no timer
        runs until it is read again from the store (tried every STORE_RETRY seconds)."""
        log.warning("table %s set aside until the store can be read", live.table.code)
        live.broken = True
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        self._keep(self._wait_for_store(live, told))

    def _catch_up(self, live: LiveTable, told: int, marks: tuple[int, int, int]) -> None:
        """The table was read again: its clients hear the entries saved after *told*, or,
        when the log no longer reaches back that far, the whole table."""
        entries = live.table.entries_after(told)
        if entries is not None:
            self._deliver(live, entries, marks)
            return
        live.history_mark = _history_mark(live.table)
        for client in list(live.clients):
            client.send(self._snapshot(live, client))

    async def _read_tables_again(self) -> None:
        """Redis was out of reach: commits of other processes may have gone unheard. Every
        table kept here is read again and its clients hear what they missed."""
        for live in list(self.tables.values()):
            async with live.lock:
                if live.broken or self.tables.get(live.table.code) is not live:
                    continue
                try:
                    await self._back_to_saved(live, live.table.seq, live.history_mark)
                except TableError:  # deleted meanwhile
                    self._deleted_elsewhere(live)
                    continue
                self._reschedule(live)

    async def _wait_for_store(self, live: LiveTable, told: int) -> None:
        while self.tables.get(live.table.code) is live:
            await asyncio.sleep(STORE_RETRY)
            async with live.lock:
                marks = live.history_mark
                try:
                    await self._reload(live)
                except StoreError:
                    continue
                except TableError:  # deleted meanwhile
                    self._deleted_elsewhere(live)
                    return
                live.broken = False
                log.info("table %s read again from the store", live.table.code)
                self._catch_up(live, told, marks)
                self._reschedule(live)
                return

    async def _reload(self, live: LiveTable) -> None:
        stored = await self.store.load(live.table.code)
        if stored is None:
            raise TableError("no_table", table_code=live.table.code)
        table = _table_of(stored)
        if not self.store.shared:
            table.all_disconnected(self.clock())
            for client in live.clients:
                if client.seat is not None:
                    table.seats[client.seat].connected = True
                    table.seats[client.seat].absent_since = None
        live.table = table

    async def _on_published(self, published: Published) -> None:
        """Another process committed a change to a table: tell the clients here."""
        origin = getattr(self.store, "origin", None)
        live = self.tables.get(published.code)
        if live is None or published.origin == origin:
            return
        async with live.lock:
            table = live.table
            if live.broken:
                return  # read again as a whole once the store answers
            if published.document is None:
                self._deleted_elsewhere(live)
                return
            if published.version <= table.version:
                return
            marks = live.history_mark
            if published.version == table.version + 1:
                entries = [decode_entry(e) for e in published.entries]
                live.table = Table.from_document(
                    published.document, published.version, [*table.log, *entries]
                )
            else:  # a commit went unheard: read the table again
                seq = table.seq
                await self._reload(live)
                entries = live.table.entries_after(seq) or []
            self._deliver(live, entries, marks)
            self._drop_moved_seats(live)
            self._reschedule(live)

    def _drop_moved_seats(self, live: LiveTable) -> None:
        """A player whose seat is now held through another process (a second tab, a client
        that moved) is no longer this process's: its old connection here is told and closed."""
        seats = live.table.seats
        for client in list(live.clients):
            seat = client.seat
            if seat is None or not seats[seat].is_human:
                continue
            holder = seats[seat].held_by
            if seats[seat].connected and holder is not None and holder != self.origin:
                self._replace(live, client)
        if self.store.shared and not live.clients:
            self._forget(live)  # nobody here any more: the processes that serve it run it

    @staticmethod
    def _replace(live: LiveTable, client: Client) -> None:
        client.code = None
        live.clients.discard(client)
        client.farewell = REPLACED_CLOSE
        client.send({"type": "replaced"})
        with contextlib.suppress(asyncio.QueueFull):
            client.outbox.put_nowait(None)

    # --- several processes: who is alive -------------------------------------------------------

    def _keep(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _keep_alive(self) -> None:
        """Redis: renew this process's lease; players held by a process whose lease ran out
        (killed, frozen, cut off) are marked away, so the table hears it and its timer or a
        computer takes over as the table chose; players held here but marked away (this
        process was thought gone) are marked back."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await self.store.heartbeat(self.lease)
                await self.store.watch(
                    [code for code, live in self.tables.items() if live.clients], self.lease
                )
                await self._sweep()
            except (StoreError, TableError) as error:
                log.warning("lease not renewed or seats not checked: %s", error)
            except Exception:
                log.exception("checking the other processes failed")

    async def _sweep(self) -> None:
        others = {
            seat.held_by
            for live in self.tables.values()
            for seat in live.table.seats
            if seat.is_human and seat.connected and seat.held_by not in (None, self.origin)
        }
        gone = others - await self.store.alive(others) if others else set()
        for live in list(self.tables.values()):
            mine = {client.seat for client in live.clients if client.seat is not None}
            if not any(_seats_to_mend(live.table, gone, mine)):
                continue
            try:
                await self._change(live, self._mend(gone, mine))
            except TableError as error:  # this table is busy or gone: the next round of checks
                log.warning("table %s: seats not checked: %s", live.table.code, error)

    def _mend(
        self, gone: AbstractSet[str], mine: set[int]
    ) -> Callable[[Table, float], list[LogEntry]]:
        def mend(table: Table, now: float) -> list[LogEntry]:
            away, back = _seats_to_mend(table, gone, mine)
            entries: list[LogEntry] = []
            for number in away:
                log.warning("table %s: seat %d was held by %s, which is gone", table.code,
                            number, table.seats[number].held_by)  # fmt: skip
                entries += table.set_connected(number, False, now)
            for number in back:
                entries += table.set_connected(number, True, now, self.origin)
            return entries

        return mend

    # --- what the table does by itself ---------------------------------------------------------

    def _reschedule(self, live: LiveTable) -> None:
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if self.tables.get(live.table.code) is not live or live.broken:
            return
        due = live.table.due(self.computer_pause)
        if due is None:
            return
        delay = max(0.0, due.at - self.clock())
        loop = asyncio.get_running_loop()
        live.timer = loop.call_later(delay, self._spawn_due, live, due)

    def _spawn_due(self, live: LiveTable, due: Due) -> None:
        task = asyncio.get_running_loop().create_task(self._run_due(live, due))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run_due(self, live: LiveTable, due: Due) -> None:
        try:
            async with live.lock:
                current = live.table.due(self.computer_pause)
                if current is None or (current.kind, current.seat) != (due.kind, due.seat):
                    self._reschedule(live)
                    return
                table = live.table
                if not await self.store.claim(f"{table.code}:{table.seq}:{due.kind}", CLAIM_TIME):
                    # Another process makes this move; if it dies first, try again then.
                    loop = asyncio.get_running_loop()
                    live.timer = loop.call_later(CLAIM_TIME, self._reschedule, live)
                    return
                action = None
                if due.kind in ("computer", "stand_in", "timeout"):
                    # A search may take a while: the other tables go on meanwhile.
                    action = await self.deciders.decide(*table.decision(due.seat))
                await self._change_locked(live, lambda t, now: t.run_due(due, action, now))
        except TableError as error:
            log.warning("table %s: automatic %s refused: %s", live.table.code, due.kind, error)
            self._reschedule(live)
        except StoreError as error:  # Redis away for a moment: try again soon
            log.warning("table %s: automatic %s not claimed: %s", live.table.code, due.kind, error)
            live.timer = asyncio.get_running_loop().call_later(1.0, self._reschedule, live)
        except Exception:
            log.exception("table %s: automatic %s failed", live.table.code, due.kind)

    # --- telling ------------------------------------------------------------------------------

    def _deliver(
        self,
        live: LiveTable,
        entries: list[LogEntry],
        marks: tuple[int, int, int],
        skip: Client | None = None,
    ) -> None:
        """Each client gets the entries as its seat may know them, with its seat's view."""
        table = live.table
        new_mark = _history_mark(table)
        live.history_mark = new_mark
        if not entries:
            return
        history_start = marks[2] if marks[:2] == new_mark[:2] else 0
        built: dict[int, str] = {}
        for client in list(live.clients):
            if client is skip:
                continue
            viewer = SPECTATOR if client.seat is None else client.seat
            text = built.get(viewer)
            if text is None:
                text = built[viewer] = protocol.dumps(
                    self._update(table, viewer, entries, history_start)
                )
            client.send(text)

    def _update(
        self, table: Table, viewer: int, entries: list[LogEntry], history_start: int
    ) -> dict[str, Any]:
        message: dict[str, Any] = {
            "type": "update",
            "seq": table.seq,
            "events": [self._entry_for(table, viewer, entry) for entry in entries],
        }
        message.update(self._table_facts(table))
        view = table.view_for(viewer)
        if view is not None:
            message["view"] = wire.encode_view(view, with_history=False)
            message["ends"] = _ends(view)
            message["history"] = {
                "start": history_start,
                "events": [wire.encode(e) for e in view.history[history_start:]],
            }
            message["legal"] = _legal(view)
        return message

    def _entry_for(self, table: Table, viewer: int, entry: LogEntry) -> dict[str, Any]:
        return {"seq": entry.seq, "event": wire.encode(table.visible_to(viewer, entry.event))}

    def _table_facts(self, table: Table) -> dict[str, Any]:
        return {
            "phase": str(table.phase),
            "host": table.host,
            "closed": table.closed,
            "match_number": table.match_number,
            "seats": [
                {
                    "seat": number,
                    "kind": str(seat.kind),
                    "name": seat.name,
                    "level": None if seat.level is None else str(seat.level),
                    "connected": seat.connected if seat.is_human else None,
                    "ready": seat.ready,
                    "stand_in": seat.stand_in,
                }
                for number, seat in enumerate(table.seats)
            ],
            "spectators": sorted(table.spectators.values()),
            "timer": self._timer(table),
        }

    def _timer(self, table: Table) -> dict[str, int] | None:
        deadline = table.turn_deadline
        if deadline is None or table.match is None:
            return None
        left = max(0, round(deadline - self.clock()))
        return {"seat": table.match.to_move, "seconds_left": left}

    def _snapshot(self, live: LiveTable, client: Client) -> dict[str, Any]:
        table = live.table
        viewer = SPECTATOR if client.seat is None else client.seat
        message: dict[str, Any] = {
            "type": "table",
            "code": table.code,
            "seat": client.seat,
            "role": "spectator" if client.seat is None else "player",
            "seq": table.seq,
            "settings": table.settings.to_dict(),
            "options": table.options.to_dict(),
        }
        message.update(self._table_facts(table))
        view = table.view_for(viewer)
        if view is not None:
            message["view"] = wire.encode_view(view)
            message["ends"] = _ends(view)
            message["legal"] = _legal(view)
        return message

    def _joined(self, live: LiveTable, client: Client) -> dict[str, Any]:
        snapshot = self._snapshot(live, client)
        snapshot["type"] = "joined"
        snapshot["token"] = client.token
        return snapshot

    def _table_error(self, client: Client, error: TableError, request_id: object) -> dict[str, Any]:
        message = _error(error.code, request_id)
        wait = error.facts.get("retry_after")
        if isinstance(wait, int):
            message["retry_after"] = wait
            message["text"] = it_net.error_text(error.code, wait)
        if isinstance(error, _SlowDown):
            client.strikes += 1
            return message
        table_code = str(error.facts.get("table_code", ""))
        if error.facts.get("sat_there"):
            message["text"] = it_net.seat_gone(table_code, error.code)
        elif error.code == "no_table":
            message["text"] = it_net.no_table(table_code)
        refusal = error.refusal
        if refusal is not None:
            message["refusal"] = wire.encode(refusal)
            message["text"] = self._refusal_text(client, refusal)
        return message

    def _refusal_text(self, client: Client, refusal: Any) -> str:
        if refusal.reason is Reason.NOT_YOUR_TURN and refusal.expected_seat is not None:
            live = self.tables.get(client.code or "")
            if live is not None:
                return it_net.not_your_turn(live.table.seats[refusal.expected_seat].name)
        return it.refusal(
            refusal.reason, acting="play", tile_=refusal.tile, head=refusal.head,
            tail=refusal.tail, playable_=refusal.playable,
        )  # fmt: skip

    def _new_code(self) -> str:
        digits = 4
        while len(self.tables) * 2 > 9 * 10 ** (digits - 1):
            digits += 1
        while True:
            code = str(10 ** (digits - 1) + secrets.randbelow(9 * 10 ** (digits - 1)))
            if code not in self.tables:
                return code

    # --- stopping -------------------------------------------------------------------------------

    async def close(self) -> None:
        for live in list(self.tables.values()):
            if live.timer is not None:
                live.timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        self.deciders.close()
        await self.store.close()


def _seat_change(
    client: Client, seat: int, request: protocol.Request
) -> Callable[[Table, float], list[LogEntry]]:
    """What a seated player's request does to the table."""
    match request:
        case protocol.Act(action):
            return lambda table, now: table.act(seat, action, now)
        case protocol.Ready():
            return lambda table, now: table.ready(seat, now)
        case protocol.Start(fill):
            return lambda table, now: table.start(seat, fill, now)
        case protocol.AddComputer(level, at):
            return lambda table, now: table.add_computer(seat, level, at, now)
        case protocol.RemoveComputer(at):
            return lambda table, now: table.remove_computer(seat, at, now)
        case protocol.Close(closed):
            return lambda table, now: table.close(seat, closed, now)
        case protocol.Sit(to):

            def sit(table: Table, now: float) -> list[LogEntry]:
                entries = table.sit(seat, to, now)
                client.seat = to
                return entries

            return sit
    raise ProtocolError("unknown_type")


class _SlowDown(TableError):
    """Too many unknown codes or tokens from one address: answered late, and logged."""

    def __init__(self, retry_after: int) -> None:
        super().__init__("too_many_joins", retry_after=retry_after)


def _seats_to_mend(
    table: Table, gone: AbstractSet[str], mine: set[int]
) -> tuple[list[int], list[int]]:
    """Seats shown connected through a process that is gone, and seats shown away although
    their player is connected here."""
    away: list[int] = []
    back: list[int] = []
    for number, seat in enumerate(table.seats):
        if seat.is_human and seat.connected and seat.held_by in gone:
            away.append(number)
        elif seat.is_human and number in mine and not seat.connected:
            back.append(number)
    return away, back


def _expired(table: Table, now: float) -> bool:
    """Nobody has been connected to *table* for longer than it is kept."""
    since = table.idle_since()
    kept = LOBBY_KEPT if table.match is None else MATCH_KEPT
    return since is not None and now - since >= kept


def _request_id(message: str | bytes) -> object:
    try:
        return protocol.parse(message)[1]
    except ProtocolError as error:
        return error.request_id


def _table_of(stored: Stored) -> Table:
    """The table as stored; DamagedTable when what is stored is no table the server wrote."""
    try:
        return Table.from_document(
            stored.document, stored.version, [decode_entry(e) for e in stored.log]
        )
    except (ValueError, KeyError, TypeError, wire.WireError) as error:
        raise DamagedTable(f"{type(error).__name__}: {error}") from None


def _history_mark(table: Table) -> tuple[int, int, int]:
    match = table.match
    if match is None:
        return (table.match_number, 0, 0)
    return (table.match_number, match.round.round_number, len(match.round.history))


def _ends(view: SeatView) -> list[list[Any]]:
    """The open arms and their numbers, for clients that do not compute them (the page)."""
    return [[side.value, number] for side, number in view.layout.ends()]


def _legal(view: SeatView) -> list[dict[str, Any]]:
    return [wire.encode_action(action) for action in view.legal_actions()]


def _error(code: str, request_id: object = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "error", "code": code, "text": it_net.error_text(code)}
    if request_id is not None:
        message["id"] = request_id
    return message


class ItalianRefusals(ServerConnection):
    """A connection whose refusals by the websocket library (a request it cannot read, a
    browser at the websocket's address, headers too long) are said in Italian: the library's
    own text is English."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        library_reject = self.protocol.reject

        def reject(status: http.HTTPStatus | int, text: str) -> HttpResponse:
            return library_reject(status, it_net.handshake_refused(http.HTTPStatus(status).value))

        self.protocol.reject = reject  # type: ignore[method-assign]


def _address(connection: ServerConnection) -> str:
    remote = connection.remote_address
    return str(remote[0]) if isinstance(remote, tuple) and remote else "?"


def _plain(status: http.HTTPStatus, text: str, retry_after: int | None = None) -> HttpResponse:
    body = text.encode()
    headers = Headers({"Content-Type": "text/plain; charset=utf-8",
                       "Content-Length": str(len(body)), "Connection": "close"})  # fmt: skip
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    return HttpResponse(status.value, status.phrase, headers, body)


def _web_file(path: str) -> HttpResponse:
    name = WEB_FILES.get(path.split("?", 1)[0])
    if name is None:
        return _plain(http.HTTPStatus.NOT_FOUND, it_net.page_not_found())
    body = resources.files("voicedomino.net").joinpath("web", name).read_bytes()
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    headers = Headers(
        {
            "Content-Type": f"{kind}; charset=utf-8",
            "Content-Length": str(len(body)),
            "Cache-Control": "no-cache",
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": CONTENT_SECURITY,
            "Referrer-Policy": "no-referrer",
        }
    )
    return HttpResponse(200, "OK", headers, body)


# --- running a server ------------------------------------------------------------------------


@dataclass(frozen=True)
class ServerSettings:
    host: str = "127.0.0.1"
    port: int = 8765
    folder: Path | None = None  # the SQLite store's folder (the embedded default)
    redis_url: str | None = None  # tables shared with other processes through Redis
    tls_cert: Path | None = None
    tls_key: Path | None = None
    computer_pause: float = 1.0
    limits: Limits = field(default_factory=Limits)
    decision_workers: int | None = None  # processes for the searching levels (None: chosen)
    lease: float = LEASE


def run(
    settings: ServerSettings,
    say: Callable[[str], None] = print,
    log_handler: logging.Handler | None = None,
) -> int:
    """Serve until interrupted (Ctrl-C or SIGTERM); 0, or 1 when the server cannot start.

    The log (connections refused, codes being guessed, errors) goes to *log_handler* (the
    command gives server.log in the folder).
    """
    if log_handler is not None:
        _log_to(log_handler)
    try:
        return asyncio.run(_run(settings, say))
    except KeyboardInterrupt:
        return 0


async def _run(settings: ServerSettings, say: Callable[[str], None]) -> int:
    from voicedomino.net.store import (
        FolderInUse,
        NotAFile,
        RedisStore,
        SqliteStore,
        regular_or_missing,
    )

    address = f"{settings.host}:{settings.port}"
    ssl_context = None
    if settings.tls_cert is not None:
        try:
            for path in (settings.tls_cert, settings.tls_key):  # a FIFO would wait for ever
                if path is not None:
                    regular_or_missing(path)
            ssl_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            ssl_context.load_cert_chain(settings.tls_cert, settings.tls_key)
        except NotAFile as error:
            log.warning("TLS: %s", error)
            say(it_net.server_tls_not_a_file(str(error.filename)))
            return 1
        except (OSError, ssl.SSLError) as error:
            log.warning("TLS: %s", error)
            say(it_net.server_tls_problem(error))
            return 1
    store: TableStore
    try:
        if settings.redis_url is not None:
            store = RedisStore(settings.redis_url)
        else:
            assert settings.folder is not None
            store = SqliteStore(settings.folder)
    except FolderInUse:
        say(it_net.server_folder_in_use(str(settings.folder)))
        return 1
    except NotAFile as error:
        log.warning("store: %s", error)
        say(it_net.server_store_not_a_file(str(error.filename)))
        return 1
    except (OSError, sqlite3.Error, ImportError) as error:
        log.warning("store: %s", error)
        say(it_net.server_store_problem(error))
        return 1
    server = TableServer(
        store,
        limits=settings.limits,
        computer_pause=settings.computer_pause,
        deciders=Deciders(settings.decision_workers),
        lease=settings.lease,
    )
    try:
        restored = await server.restore()
    except StoreError as error:
        log.warning("store: %s", error)
        say(it_net.server_store_problem(error))
        await server.close()
        return 1
    stop = asyncio.get_running_loop().create_future()
    with contextlib.suppress(NotImplementedError):  # not on Windows: Ctrl-C still works
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, _stop, stop)
    try:
        async with server.serve(settings.host, settings.port, ssl_context) as listening:
            port = listening.sockets[0].getsockname()[1]  # the one chosen, for --porta 0
            address = f"{settings.host}:{port}"
            say(it_net.server_restored(restored))
            if ssl_context is None and not _is_loopback(settings.host):
                say(it_net.server_in_clear())
            say(it_net.server_listening(address, ssl_context is not None))
            await stop
    except OSError as error:
        log.warning("listen on %s: %s", address, error)
        say(it_net.server_cannot_listen(address, error))
        await server.close()
        return 1
    await server.close()
    say(it_net.server_stopped())
    return 0


def _log_to(handler: logging.Handler) -> None:
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    package = logging.getLogger("voicedomino.net")
    package.addHandler(handler)
    package.setLevel(logging.INFO)


def _stop(stop: asyncio.Future[None]) -> None:
    if not stop.done():
        stop.set_result(None)


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"
