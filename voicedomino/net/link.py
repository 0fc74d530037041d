"""A connection to a table server that keeps itself up, for a client whose game loop is not
asynchronous (the voice, key and line front ends).

A background thread runs its own event loop: it connects, greets the server, and after a drop
connects again by itself, waiting longer each time (half a second, doubling up to ten, with a
little randomness so that a table's players do not all come back at once; only a connection
that lasted starts again from half a second), trying each address
in turn (several server processes share their tables through Redis). Once the player has a
seat, every new connection resumes it with the seat's token and the last event heard.
Messages reach *on_message* on that thread; ``request`` sends one and waits for its answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from voicedomino.italian import network as it_net
from voicedomino.net.names import clean_chat
from voicedomino.net.protocol import PROTOCOL_VERSION

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

log = logging.getLogger(__name__)

FIRST_WAIT = 0.5
LONGEST_WAIT = 10.0
TURNED_AWAY_WAIT = 30.0  # a server that refused us without saying for how long
MAX_SERVER_MESSAGE = 2**22
# Seconds a connection must last to count as up again: one the server greets and drops at
# once (failing on the seat's return, or sending what cannot be read) was tried again every
# half second, for ever.
STEADY = LONGEST_WAIT
# Seconds a connection may take to open (TCP and the WebSocket handshake): with one address,
# a slow network's; with several, short enough that an address that takes the connection and
# says nothing (a server process stopped or stuck) leaves time for the next one before the
# player is told (the dialog waits five seconds for a first connection).
OPEN_WAIT = 10.0
OPEN_WAIT_OF_SEVERAL = 2.0
REQUEST_WAIT = 10.0  # seconds a request waits for its answer before the player is told
NOT_HTTP = 0  # TurnedAway.status of an address that answered, but not in HTTP
OTHER_VERSION = 426  # TurnedAway.status of a server that speaks another protocol version
REFUSALS = (429, 503)  # the statuses a VoceDomino server turns a connection away with


class LinkState(Enum):
    CONNECTING = "connecting"
    CONNECTED = "connected"
    LOST = "lost"  # connected before, trying again
    CLOSED = "closed"
    REPLACED = "replaced"  # the seat was taken back by another connection: no more trying


@dataclass(frozen=True)
class Reply:
    """The server's answer to a request: ok, or an error message."""

    ok: bool
    message: dict[str, Any]

    @property
    def code(self) -> str:
        return str(self.message.get("code", ""))


@dataclass(frozen=True)
class TurnedAway:
    """The server answered the connection with an HTTP refusal instead of taking it: 429 (too
    many connections or requests from this address), 503 (full); any other status, or
    NOT_HTTP, is an answer that is not a VoceDomino server's. *retry_after*: the seconds it
    asked us to wait, when it said."""

    status: int
    retry_after: int | None
    reason: str = ""  # the server's own words (its page's body), cleaned


class NotConnected(Exception):
    """The server cannot be reached now (the link keeps trying)."""


class LostWaiting(NotConnected):
    """The connection dropped while a request waited for its answer: it may or may not have
    been carried out; what happened is heard once the seat is taken back."""


class NoAnswer(NotConnected):
    """Connected, but the server did not answer in time: the request may still be carried
    out. Its late answer, if an error, reaches *on_message* with ``"late": True``."""


def server_url(address: str) -> str:
    """ "host:port", "host" or a ws:// / wss:// address, as a WebSocket URL."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if ":" not in address.rsplit("]", 1)[-1]:
        address += ":8765"
    return f"ws://{address}/"


class ServerLink:
    def __init__(
        self,
        addresses: Sequence[str],
        on_message: Callable[[dict[str, Any]], None],
        on_state: Callable[[LinkState, int], None] = lambda state, attempt: None,
        *,
        rng: random.Random | None = None,
    ) -> None:
        if not addresses:
            raise ValueError("no server address")
        self.addresses = list(addresses)
        self.urls = [server_url(address) for address in addresses]
        # The address (as given) whose connection was taken and that has said nothing since
        # (no greeting, not even HTTP): reached, but not answering, which is not out of reach.
        self.silent: str | None = None
        self._trying = ""  # the address of the attempt under way
        self._reached = False  # and whether it took the connection
        self.on_message = on_message
        self.on_state = on_state
        self.resume: dict[str, Any] | None = None  # the seat to take back after a drop
        self._rng = rng or random.Random()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="server-link", daemon=True)
        self._ws: ClientConnection | None = None
        self._waiting: dict[int, Future[Reply]] = {}  # shared by both threads: dict ops only
        self._late: set[int] = set()  # requests not answered in time (set ops only)
        self._ids = itertools.count(1)
        self._closing = False
        self._closed = asyncio.Event()  # set on the link's loop by close(): stop waiting
        self._keeping: asyncio.Task[None] | None = None  # _keep_up, on the link's loop
        # Another window or computer took the seat back: coming back here would take it from
        # them in turn, and so on for ever; the player is told instead.
        self._replaced = False
        self._foreign = False  # the last answer was another program's, or another version's
        self.connected = threading.Event()
        self.turned_away: TurnedAway | None = None  # the last refusal, until a connection
        self.answered = threading.Event()  # the server greeted us or turned us away
        self.state = LinkState.CONNECTING

    # --- from the game's thread ------------------------------------------------------------

    def start(self) -> ServerLink:
        self._thread.start()
        return self

    def request(self, message: dict[str, Any], timeout: float | None = None) -> Reply:
        """Send *message* and wait for its ok or its error (REQUEST_WAIT seconds unless
        *timeout* says); NotConnected when the server is out of reach, NoAnswer when it does
        not answer in time."""
        timeout = REQUEST_WAIT if timeout is None else timeout
        if not self.connected.is_set():
            raise NotConnected()
        number = next(self._ids)
        future: Future[Reply] = Future()
        self._waiting[number] = future
        asyncio.run_coroutine_threadsafe(self._send({**message, "id": number}), self._loop)
        try:
            return future.result(timeout)
        except FutureTimeout:
            if self.connected.is_set():  # slow, not gone: its answer may still come
                self._late.add(number)
                raise NoAnswer() from None
            raise NotConnected() from None
        finally:
            self._waiting.pop(number, None)

    def send(self, message: dict[str, Any]) -> bool:
        """Send without waiting; False when not connected."""
        if not self.connected.is_set():
            return False
        asyncio.run_coroutine_threadsafe(self._send(message), self._loop)
        return True

    def close(self) -> None:
        self._closing = True
        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(self._close(), self._loop)
            self._thread.join(5)

    # --- on the link's thread --------------------------------------------------------------

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._keeping = self._loop.create_task(self._keep_up())
        try:
            self._loop.run_until_complete(self._keeping)
        except asyncio.CancelledError:  # closed while a connection was opening
            self._set_state(LinkState.CLOSED, 0)
        finally:
            self._loop.close()

    async def _keep_up(self) -> None:
        # Imported here: a game that never goes online does not pay for it at start.
        from websockets.asyncio.client import ClientConnection, connect
        from websockets.exceptions import (
            ConnectionClosed,
            InvalidHandshake,
            InvalidMessage,
            InvalidStatus,
            InvalidURI,
        )

        link = self

        class Reaching(ClientConnection):
            """Tells the link as soon as the address took the connection."""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                link._reached, link.silent = True, link._trying

        wait = FIRST_WAIT
        attempt = 0
        open_wait = OPEN_WAIT if len(self.urls) == 1 else OPEN_WAIT_OF_SEVERAL
        for address, url in itertools.cycle(list(zip(self.addresses, self.urls, strict=True))):
            if self._closing:
                break
            asked_to_wait = 0.0
            self._foreign = False  # this attempt's answer was not a VoceDomino server's
            self._trying, self._reached = address, False
            up_since: float | None = None
            try:
                async with connect(url, max_size=MAX_SERVER_MESSAGE, open_timeout=open_wait,
                                   compression=None, create_connection=Reaching) as ws:  # fmt: skip
                    self._ws = ws
                    await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION}))
                    if self.resume is not None:
                        await ws.send(json.dumps({"type": "resume", **self.resume}))
                    attempt, up_since = 0, self._loop.time()
                    async for text in ws:
                        self._receive(text)
            except InvalidStatus as error:
                # Refused on purpose (too many connections from here, server full): trying
                # again at once would only make it worse. Wait as long as asked.
                log.info("server %s: %s", url, error)
                self.silent = None  # it answered
                self.turned_away = refusal = _turned_away(error)
                if refusal.status in REFUSALS:
                    asked_to_wait = float(refusal.retry_after or TURNED_AWAY_WAIT)
                    wait = max(wait, asked_to_wait)
                    self.answered.set()
                else:  # a web page, another program: not a VoceDomino server
                    self._foreign_answer()
            except InvalidMessage as error:
                log.info("server %s: %s (%s)", url, error, error.__cause__)
                if not isinstance(error.__cause__, EOFError):  # it answered, but not in HTTP
                    self.silent = None
                    self.turned_away = TurnedAway(NOT_HTTP, None)
                    self._foreign_answer()
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as error:
                log.info("server %s: %s", url, error)
            except Exception:  # whatever a server sends, the link keeps trying: never dies
                log.exception("server %s: the connection failed unexpectedly", url)
            finally:
                self._ws = None
                self._lost()
                if not self._reached:  # nothing took the connection this time
                    self.silent = None
            if up_since is not None and self._loop.time() - up_since >= STEADY:
                wait = FIRST_WAIT  # it was up: come back soon
            if self._closing:
                break
            if self._replaced:
                break
            if self._foreign and len(self.urls) == 1:  # asking again at once would not help
                asked_to_wait = wait = max(wait, TURNED_AWAY_WAIT)
            attempt += 1
            self._set_state(LinkState.LOST if self.resume else LinkState.CONNECTING, attempt)
            pause = wait * self._rng.uniform(0.8, 1.2)
            # Never sooner than the server asked (a little later, so a table's players spread).
            pause = max(pause, asked_to_wait * self._rng.uniform(1.0, 1.2))
            with contextlib.suppress(TimeoutError):  # closing the link ends the wait at once
                await asyncio.wait_for(self._closed.wait(), pause)
            wait = min(max(LONGEST_WAIT, wait), wait * 2)
        self._set_state(LinkState.REPLACED if self._replaced else LinkState.CLOSED, attempt)

    def _receive(self, text: str | bytes) -> None:
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested past what Python reads
            log.warning("a message from the server that is not JSON, ignored")
            return
        if not isinstance(message, dict):
            return
        kind = message.get("type")
        if kind == "error" and message.get("code") == "version" and not self.connected.is_set():
            # A server of another version: the game cannot play there; trying again at once
            # would only be refused again.
            self.turned_away = TurnedAway(OTHER_VERSION, None)
            self._foreign_answer()
            if self._ws is not None:
                self._loop.create_task(self._ws.close())
            return
        if kind == "replaced":
            self._replaced = True
            self.resume = None
        if kind == "welcome":
            self.turned_away = None
            self.silent = None
            self.connected.set()
            self.answered.set()
            self._set_state(LinkState.CONNECTED, 0)
        number = message.get("id")
        if kind in ("ok", "error") and isinstance(number, int) and number in self._waiting:
            future = self._waiting.pop(number)
            future.set_result(Reply(kind == "ok", message))
            if kind == "ok":
                return
        elif kind in ("ok", "error") and isinstance(number, int) and number in self._late:
            self._late.discard(number)  # nobody waits for it any more: a refusal is news
            if kind == "ok":
                return
            message = {**message, "late": True}
        try:
            self.on_message(message)
        except Exception:  # the link must outlive a bug in what the client does with a message
            log.exception("handling a server message")

    def _foreign_answer(self) -> None:
        """This address answered as no VoceDomino server of this version does. With other
        addresses to try, the player hears only if none of them answers better."""
        self._foreign = True
        if len(self.urls) == 1:
            self.answered.set()

    def _lost(self) -> None:
        if self.connected.is_set():
            self.answered.clear()  # the next answer is the next connection's
        self.connected.clear()
        self._late = set()  # their answers would have come on the connection now lost
        waiting, self._waiting = self._waiting, {}
        for future in waiting.values():
            if not future.done():
                future.set_exception(LostWaiting())

    def _set_state(self, state: LinkState, attempt: int) -> None:
        self.state = state
        try:
            self.on_state(state, attempt)
        except Exception:
            log.exception("telling the link's state")

    async def _send(self, message: dict[str, Any]) -> None:
        from websockets.exceptions import ConnectionClosed

        ws = self._ws
        if ws is None:
            self._fail(message)
            return
        try:
            await ws.send(json.dumps(message))
        except ConnectionClosed:
            self._fail(message)

    def _fail(self, message: dict[str, Any]) -> None:
        future = self._waiting.pop(message.get("id", -1), None)
        if future is not None and not future.done():
            future.set_exception(NotConnected())

    async def _close(self) -> None:
        self._closed.set()
        if self._ws is not None:
            await self._ws.close()
        elif self._keeping is not None:
            # Opening a connection (an address that takes it and says nothing holds it for
            # OPEN_WAIT seconds): given up now, or the player waited that long for an answer.
            self._keeping.cancel()


def _turned_away(error: Any) -> TurnedAway:
    """The status of a refused connection and the Retry-After it carries, if any."""
    response = error.response
    retry_after: int | None = None
    value = response.headers.get("Retry-After", "")
    if value.strip().isdigit():
        retry_after = max(1, min(3600, int(value.strip())))
    body = bytes(response.body or b"")[:400].decode("utf-8", "replace").strip()
    # The server's words are kept only when they are a VoceDomino server's: any other page
    # (another program at that address, another language) is never repeated to the player.
    reason = clean_chat(body) if body in it_net.refusal_sentences(retry_after) else ""
    return TurnedAway(response.status_code, retry_after, reason)
