"""The game as a client of a broken, foreign or hostile server, over real sockets on 127.0.0.1:
whatever the server sends, the player hears only true Italian sentences, no control character
reaches the terminal or the voice, and the link to the server never stops trying by itself.

The servers here are small stand-ins written for each fault (a VoceDomino-like WebSocket server
that misbehaves, a web server, a program that does not speak HTTP); the game is the real one:
the dialog over a real RemoteTable, and once the whole program in line mode through pipes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from net_helpers import ServerProcess
from test_net_dialog import command
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.network import CONNECT_WAIT, NetworkSettings
from voicedomino.italian import network as it_net
from voicedomino.net import link

pytestmark = pytest.mark.timeout(120)

ENGLISH = ("error", "internal", "server", "not found", "try again", "page")
CONTROL = {chr(c) for c in range(32) if c != 10} | {chr(127)} | {chr(c) for c in range(128, 160)}
SETTINGS = {"variant": "classica", "seats": 2, "pairs": False, "hand_size": None,
            "target": None, "wildcard": None, "tile_set": None, "spinner": None,
            "opening": None}  # fmt: skip
HOSTILE_NAME = "Evil\x1b[2J\x1b]0;PWNED\x07\x1b[31mRosso"
HOSTILE_CHAT = "ciao\x1b[2J\x1b]0;PWNED\x07 a tutti\r\rriga finta\x9b31m"

Handler = Callable[[ServerConnection, dict[str, Any]], Awaitable[None]]


def joined(code: str = "2751", other: str = "") -> dict[str, Any]:
    """A table as a VoceDomino server sends it on joining (seat 0, *other* at seat 1)."""
    return {
        "type": "joined", "code": code, "seat": 0, "role": "player", "seq": 1,
        "settings": SETTINGS,
        "options": {"turn_timer": None, "absent": "wait", "absent_delay": 30, "level": "medio"},
        "phase": "lobby", "host": 0, "closed": False, "match_number": 0,
        "seats": [
            {"seat": 0, "kind": "human", "name": "Anna", "level": None, "connected": True,
             "ready": False, "stand_in": False},
            {"seat": 1, "kind": "human" if other else "empty", "name": other, "level": None,
             "connected": True if other else None, "ready": False, "stand_in": False},
        ],
        "spectators": [], "timer": None, "token": "a-secret-token",
    }  # fmt: skip


@contextlib.contextmanager
def raw_program(
    handler: Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]],
) -> Iterator[int]:
    """A program on 127.0.0.1 that speaks no websocket (*handler* gets the raw connection),
    in a thread of its own: its port."""
    loop = asyncio.new_event_loop()
    program = loop.run_until_complete(asyncio.start_server(handler, "127.0.0.1", 0))
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield program.sockets[0].getsockname()[1]
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


class StandInServer:
    """A WebSocket server on 127.0.0.1 in a thread of its own: greets like VoceDomino's, then
    answers every other request with *handler*. *greeting* replaces the welcome (per
    connection number, from 1) when it returns text."""

    def __init__(
        self,
        handler: Handler,
        greeting: Callable[[int], str | None] = lambda number: None,
        process_request: Callable[[ServerConnection, Request], Response | None] | None = None,
    ) -> None:
        self.handler = handler
        self.greeting = greeting
        self.process_request = process_request
        self.connections = 0
        self.received: list[dict[str, Any]] = []
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> StandInServer:
        self._thread.start()
        assert self._ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._stop is not None
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def _run(self) -> None:
        self._loop.run_until_complete(self._serve())

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        async with serve(self._connection, "127.0.0.1", 0, max_size=None,
                         process_request=self.process_request) as server:  # fmt: skip
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            await self._stop.wait()

    async def _connection(self, ws: ServerConnection) -> None:
        self.connections += 1
        number = self.connections
        async for text in ws:
            message = json.loads(text)
            self.received.append(message)
            if message.get("type") == "hello":
                greeting = self.greeting(number)
                if greeting is not None:
                    await ws.send(greeting)
                    await ws.close()
                    return
                await ws.send(json.dumps({"type": "welcome", "version": 1,
                                          "server": "voicedomino"}))  # fmt: skip
            else:
                await self.handler(ws, message)


def _manager(server_address: str) -> DialogManager:
    return DialogManager(computer_pause=0, network=NetworkSettings([server_address], "Anna"))


@pytest.fixture
def closing() -> Iterator[list[DialogManager]]:
    managers: list[DialogManager] = []
    yield managers
    for manager in managers:
        manager.close()


def _seated(server: StandInServer, closing: list[DialogManager]) -> DialogManager:
    """The dialog, at a table it has just created on *server*."""
    manager = _manager(server.address)
    closing.append(manager)
    manager.start()
    assert "Tavolo creato" in manager.handle("crea un tavolo").text
    return manager


def _resumes(server: StandInServer, why: str) -> list[dict[str, Any]]:
    """The resume requests *server* received, once there is one (the link takes the seat
    back by itself after a drop, in about a second)."""
    deadline = time.monotonic() + 20
    while not any(m.get("type") == "resume" for m in server.received):
        assert time.monotonic() < deadline, why
        time.sleep(0.1)
    return [m for m in server.received if m.get("type") == "resume"]


def _clean(text: str) -> bool:
    return not (set(text) & CONTROL)


async def _joined_by_a_hostile_name(ws: ServerConnection, request_id: object) -> dict[str, Any]:
    """The table created, with a stranger of HOSTILE_NAME at it; the chat event they send."""
    await ws.send(json.dumps(joined(other=HOSTILE_NAME)))
    await ws.send(json.dumps({"type": "ok", "id": request_id}))
    return {"kind": "ChatMessage", "seat": 1, "name": HOSTILE_NAME, "text": HOSTILE_CHAT,
            "quick": None}  # fmt: skip


def test_names_and_chat_from_a_hostile_server_reach_no_terminal_as_control_characters(
    closing: list[DialogManager],
) -> None:
    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") == "create":
            chat = await _joined_by_a_hostile_name(ws, message["id"])
            joined_event = {"kind": "PlayerJoined", "seat": 1, "name": HOSTILE_NAME}
            update = {key: value for key, value in joined(other=HOSTILE_NAME).items()
                      if key not in ("type", "code", "seat", "role", "token", "settings",
                                     "options")}  # fmt: skip
            update |= {"type": "update", "seq": 3, "events": [
                {"seq": 2, "event": joined_event}, {"seq": 3, "event": chat}]}  # fmt: skip
            await ws.send(json.dumps(update))

    with StandInServer(handler) as server:
        manager = _manager(server.address)
        closing.append(manager)
        heard = [manager.start().text, manager.handle("crea un tavolo").text]
        deadline = time.monotonic() + 10
        while "riga finta" not in " ".join(heard) and time.monotonic() < deadline:
            time.sleep(0.05)
            heard.append(manager.table_news().text)
        heard.append(manager.handle("chi c'è al tavolo").text)
    said = "\n".join(heard)
    assert "riga finta" in said and "Rosso" in said, said  # the words are kept...
    assert _clean(said), repr(said)  # ...the escapes, bells and carriage returns are not


def test_a_refusal_in_another_language_is_said_in_the_game_s_own_italian(
    closing: list[DialogManager],
) -> None:
    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") in ("create", "join"):
            code = "boom" if message["type"] == "create" else "full"
            await ws.send(
                json.dumps(
                    {
                        "type": "error",
                        "code": code,
                        "id": message["id"],
                        "text": "Internal server error, try again later",
                    }
                )
            )
            await ws.send(json.dumps({"type": "error", "code": "kaput",
                                      "text": "Server going down for maintenance"}))  # fmt: skip

    with StandInServer(handler) as server:
        manager = _manager(server.address)
        closing.append(manager)
        manager.start()
        unknown = manager.handle("crea un tavolo").text
        known = manager.handle("entra al tavolo quattro sette due uno").text
        time.sleep(0.3)
        unasked = manager.table_news().text
    for said in (unknown, known, unasked):
        assert not any(word in said.lower() for word in ("internal", "maintenance", "going"))
    assert unknown == it_net.unknown_refusal(), unknown
    assert known == it_net.error_text("full"), known


def test_a_table_that_cannot_be_read_is_not_announced_and_its_seat_is_given_back(
    closing: list[DialogManager],
) -> None:
    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") == "create":
            broken = joined() | {"seq": "diciassette", "code": "12ab"}
            await ws.send(json.dumps(broken))
            await ws.send(json.dumps({"type": "ok", "id": message["id"]}))

    with StandInServer(handler) as server:
        manager = _manager(server.address)
        closing.append(manager)
        manager.start()
        said = manager.handle("crea un tavolo").text
        time.sleep(0.3)
        later = manager.table_news().text
        received = [message["type"] for message in server.received]
    assert "creato" not in said and manager.phase is Phase.MENU, said
    assert said == it_net.unreadable_message(), said
    assert not manager.network.seated
    assert it_net.unreadable_message() not in later  # said once, not again as news
    assert received[-1] == "leave"  # the seat the server may hold is given back


def test_a_message_nested_past_what_python_reads_does_not_stop_the_link(
    closing: list[DialogManager],
) -> None:
    nested = "[" * 200_000 + "]" * 200_000

    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") == "create":
            await ws.send(json.dumps(joined()))
            await ws.send(json.dumps({"type": "ok", "id": message["id"]}))
            await asyncio.sleep(0.2)
            await ws.send(nested)  # then the connection drops
            await ws.close()
        elif message.get("type") == "resume":
            await ws.send(json.dumps(joined() | {"type": "table", "missed": []}))

    with StandInServer(handler) as server:
        manager = _seated(server, closing)
        resumed = _resumes(server, "the link stopped trying after the message")
    assert resumed[0]["code"] == "2751" and resumed[0]["token"] == "a-secret-token"
    assert manager.network.seated


def _web_page(connection: ServerConnection, request: Request) -> Response:
    body = b"<html><body><h1>404 Not Found</h1>The requested page was not found.</body></html>"
    headers = Headers({"Content-Type": "text/html", "Content-Length": str(len(body))})
    return Response(404, "Not Found", headers, body)


async def _not_http(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await reader.readline()
    writer.write(b"SSH-2.0-OpenSSH_9.2 Protocol mismatch.\r\n")
    await writer.drain()
    writer.close()


def test_an_address_where_another_program_answers_is_said_so_without_its_words(
    closing: list[DialogManager],
) -> None:
    async def nothing(ws: ServerConnection, message: dict[str, Any]) -> None:
        return None

    with StandInServer(nothing, process_request=_web_page) as server:
        manager = _manager(server.address)
        closing.append(manager)
        manager.start()
        web = manager.handle("crea un tavolo").text
    assert "not found" not in web.lower() and "raggiungere" not in web, web
    assert web == it_net.not_a_game_server(404), web

    with raw_program(_not_http) as port:
        manager = _manager(f"127.0.0.1:{port}")
        closing.append(manager)
        manager.start()
        other = manager.handle("crea un tavolo").text
    assert other == it_net.not_a_game_server(0), other
    for said in (web, other):
        assert "raggiungere" not in said  # it was reached: something else answered
        assert not any(word in said.lower() for word in ("not found", "openssh", "mismatch"))


def test_the_real_program_in_line_mode_shows_a_hostile_chat_without_its_escapes(
    tmp_path: Path,
) -> None:
    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") == "create":
            chat = await _joined_by_a_hostile_name(ws, message["id"])
            await ws.send(json.dumps({"type": "update", "seq": 2, "phase": "lobby",
                                      "events": [{"seq": 2, "event": chat}]}))  # fmt: skip
        elif message.get("type") == "chat":
            await ws.send(json.dumps({"type": "error", "code": "zap", "id": message["id"],
                                      "text": "Permission denied"}))  # fmt: skip

    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "dati"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "LANG": "C.UTF-8"}  # fmt: skip
    with StandInServer(handler) as server:
        command = [sys.executable, "-m", "voicedomino", "--muto", "--righe", "--server",
                   server.address, "--nome", "Anna"]  # fmt: skip
        game = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, env=env)  # fmt: skip
        assert game.stdin is not None
        game.stdin.write(b"crea un tavolo\n")
        game.stdin.flush()
        deadline = time.monotonic() + 20
        while not any(m.get("type") == "create" for m in server.received):
            assert time.monotonic() < deadline, "the game never asked for a table"
            time.sleep(0.1)
        time.sleep(1.0)
        output, _ = game.communicate("> eccomi\nesci\nsì\n".encode(), timeout=60)
    text = output.decode("utf-8")
    assert "riga finta" in text and "Rosso" in text, text
    assert _clean(text.replace("\n", "")), repr(text)
    assert "Permission" not in text and it_net.unknown_refusal() in text, text


def test_a_server_too_slow_to_answer_is_not_said_to_be_away_and_its_late_answers_are_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, closing: list[DialogManager]
) -> None:
    """The real server, stopped (SIGSTOP) while a move and then a refused request wait for
    their answers: the player is not told the server is away or asked to repeat the move
    (it was made), the move and the late refusal are told once the server goes on."""
    monkeypatch.setattr(link, "REQUEST_WAIT", 1.5, raising=False)
    with ServerProcess(tmp_path) as server:
        manager = _manager(f"127.0.0.1:{server.port}")
        closing.append(manager)
        news = threading.Event()
        manager.network.wake = news.set
        manager.start()
        assert "Tavolo creato" in manager.handle("crea un tavolo").text
        manager.handle("inizia")
        deadline = time.monotonic() + 30
        while not (manager.phase is Phase.PLAYING and (view := manager.view()) and view.is_my_turn):
            assert time.monotonic() < deadline, "never Anna's turn"
            news.wait(0.5)
            news.clear()
            manager.table_news()
        assert server.process is not None
        view = manager.view()
        assert view is not None
        move = command(view.legal_actions()[0])
        told = len(view.history)

        server.process.send_signal(signal.SIGSTOP)
        try:
            slow_move = manager.handle(move).text
            slow_refusal = manager.handle("aggiungi un computer").text  # refused mid-match
        finally:
            server.process.send_signal(signal.SIGCONT)
        later: list[str] = []
        deadline = time.monotonic() + 20
        while not any(it_net.error_text("match_running") in text for text in later):
            assert time.monotonic() < deadline, later
            news.wait(0.5)
            news.clear()
            later.append(manager.table_news().text)
        view = manager.view()
        assert view is not None and len(view.history) > told  # the move was made
    for said in (slow_move, slow_refusal):
        assert said == it_net.no_answer_yet(), said
        assert "non risponde" not in said and "raggiungere" not in said


def test_a_connection_lost_before_the_answer_is_not_said_to_have_failed(
    closing: list[DialogManager],
) -> None:
    """The server takes the request and the connection drops before it answers: whether it
    was carried out is not known, and the player is not told to repeat it."""

    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") == "create":
            await ws.send(json.dumps(joined()))
            await ws.send(json.dumps({"type": "ok", "id": message["id"]}))
        elif message.get("type") == "chat":
            await ws.close()  # taken, never answered
        elif message.get("type") == "resume":
            await ws.send(json.dumps(joined() | {"type": "table", "missed": []}))

    with StandInServer(handler) as server:
        manager = _seated(server, closing)
        said = manager.handle("scrivi ci siete?").text
        _resumes(server, "the seat was not taken back")
    assert "Ripeti" not in said and "non risponde" not in said, said
    assert said == it_net.lost_before_the_answer(seated=True), said


def test_a_server_of_another_version_is_said_so_and_not_asked_again_at_once(
    closing: list[DialogManager],
) -> None:
    async def nothing(ws: ServerConnection, message: dict[str, Any]) -> None:
        return None

    refusal = json.dumps({"type": "error", "code": "version", "version": 2,
                          "text": "This server speaks protocol version 2."})  # fmt: skip
    with StandInServer(nothing, greeting=lambda number: refusal) as server:
        manager = _manager(server.address)
        closing.append(manager)
        manager.start()
        said = manager.handle("crea un tavolo").text
        time.sleep(1.5)  # a link that kept trying would be back by now
        assert server.connections == 1
    assert "raggiungere" not in said and "protocol" not in said, said
    assert said == it_net.error_text("version"), said


def test_another_program_at_one_of_several_addresses_does_not_keep_the_player_away(
    tmp_path: Path, closing: list[DialogManager]
) -> None:
    """--server with several addresses (processes sharing their tables): a web page at the
    first one, a VoceDomino server at the second. The player sits down at once."""

    async def nothing(ws: ServerConnection, message: dict[str, Any]) -> None:
        return None

    with (
        StandInServer(nothing, process_request=_web_page) as foreign,
        ServerProcess(tmp_path) as server,
    ):
        manager = DialogManager(computer_pause=0, network=NetworkSettings(
            [foreign.address, f"127.0.0.1:{server.port}"], "Anna"))  # fmt: skip
        closing.append(manager)
        manager.start()
        said = manager.handle("crea un tavolo").text
        assert "Tavolo creato" in said, said


def test_a_table_a_slow_server_creates_after_all_is_told_and_the_player_is_at_it(
    monkeypatch: pytest.MonkeyPatch, closing: list[DialogManager]
) -> None:
    """ "Il server è lento... appena risponde ti dico com'è andata": when the table comes, it
    is said, and the player is at the table (not left in the menu while seated there)."""
    monkeypatch.setattr(link, "REQUEST_WAIT", 1.0, raising=False)

    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") == "create":
            await asyncio.sleep(2.5)
            await ws.send(json.dumps(joined()))
            await ws.send(json.dumps({"type": "ok", "id": message["id"]}))

    with StandInServer(handler) as server:
        manager = _manager(server.address)
        closing.append(manager)
        news = threading.Event()
        manager.network.wake = news.set
        manager.start()
        slow = manager.handle("crea un tavolo").text
        heard: list[str] = []
        deadline = time.monotonic() + 20
        while not any("Il server ha risposto" in text for text in heard):
            assert time.monotonic() < deadline, (slow, heard)
            news.wait(0.5)
            news.clear()
            heard.append(manager.table_news().text)
        assert manager.phase is Phase.TABLE
        assert manager.handle("chi c'è al tavolo").text.startswith("Al tavolo: primo posto, tu")
    assert "lento" in slow, slow
    assert any(it_net.table_joined("2751", 0, "Anna") in text for text in heard), heard


def test_a_host_seat_the_table_does_not_have_is_not_named(closing: list[DialogManager]) -> None:
    """A server naming as host a seat its table does not have: the player is seated and hears
    the table, with no host named (no seat to name), and the game goes on."""

    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") == "join":
            await ws.send(json.dumps(joined(other="Bruno") | {"seat": 1, "host": 7}))
            await ws.send(json.dumps({"type": "ok", "id": message["id"]}))

    with StandInServer(handler) as server:
        manager = _manager(server.address)
        closing.append(manager)
        manager.start()
        said = manager.handle("entra al tavolo due sette cinque uno").text
    assert said.startswith(it_net.table_joined("2751", 1, None)), said
    assert manager.network.seated


def test_an_address_that_accepts_and_stays_silent_is_said_to_not_answer(
    closing: list[DialogManager],
) -> None:
    """Something at the address takes the connection and then says nothing (a program stuck,
    or not a web server): the player heard that the server could not be reached ("controlla
    l'indirizzo e che il server sia acceso"), which sends them to check what is right. It was
    reached: said so, and that it does not answer."""
    held: list[asyncio.StreamWriter] = []

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)
        await reader.read()  # until the game gives up

    with raw_program(silent) as port:
        manager = _manager(f"127.0.0.1:{port}")
        closing.append(manager)
        manager.start()
        asked = time.monotonic()
        said = manager.handle("crea un tavolo").text
        waited = time.monotonic() - asked
    assert held, "the game never connected"
    assert said == it_net.server_silent(f"127.0.0.1:{port}"), said
    assert "raggiungere" not in said and said != it_net.cannot_reach(f"127.0.0.1:{port}")
    # Five seconds for the first connection, then said: not five more while the connection
    # being opened was waited out (ten seconds of silence in all).
    assert waited < CONNECT_WAIT + 2.0, waited


def test_a_stuck_server_process_among_several_does_not_keep_a_new_player_out(
    closing: list[DialogManager],
) -> None:
    """Several server processes share the tables; the first address is one that takes the
    connection and says nothing (a process stopped or stuck). Each attempt waited ten seconds
    there, and the player was told after five that the server did not answer, the working
    address never tried. The others are tried in time, and the table is made there."""

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()

    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") == "create":
            await ws.send(json.dumps(joined()))
            await ws.send(json.dumps({"type": "ok", "id": message["id"]}))

    with raw_program(silent) as port, StandInServer(handler) as server:
        manager = DialogManager(computer_pause=0, network=NetworkSettings(
            [f"127.0.0.1:{port}", server.address], "Anna"))  # fmt: skip
        closing.append(manager)
        manager.start()
        said = manager.handle("crea un tavolo").text
        assert "Tavolo creato" in said and manager.network.seated, said


def test_a_server_that_greets_and_drops_at_once_is_said_lost_once_and_not_hammered(
    closing: list[DialogManager],
) -> None:
    """After the first drop the server greets each new connection and drops it at once (a
    server failing on the seat's return; one whose messages are too big to read): the link
    came back every half second, since any greeting counted as the connection being up, and
    each drop said "Connessione al server persa" again (27 times in 15 seconds). A connection
    that did not last does not reset the wait, and the loss is said once until the player is
    told they are back."""
    welcome = json.dumps({"type": "welcome", "version": 1, "server": "voicedomino"})

    async def handler(ws: ServerConnection, message: dict[str, Any]) -> None:
        if message.get("type") == "create":
            await ws.send(json.dumps(joined()))
            await ws.send(json.dumps({"type": "ok", "id": message["id"]}))
            await ws.close()  # the first drop

    with StandInServer(handler, greeting=lambda number: None if number == 1 else welcome) as server:
        manager = _seated(server, closing)
        time.sleep(8.0)
        connections = server.connections
        told = manager.table_news().text
    # Half a second, then doubling: about five in eight seconds (every half second: sixteen).
    assert 3 <= connections <= 7, connections
    assert told.count(it_net.link_lost()) == 1, told
