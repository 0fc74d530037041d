"""A network table tried as a hostile tester would, over real sockets on 127.0.0.1: TLS, a
second window taking the same seat, a seat that no longer exists, requests faster than allowed,
a client that never reads; and every error the player can meet is said in Italian."""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
import ssl
import subprocess
import threading
import time
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess, play_until_over, wait_until
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidMessage

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.network import NetworkSettings
from voicedomino.italian import network as it_net
from voicedomino.net.link import LinkState
from voicedomino.net.remote import RemoteTable, TableRefused

pytestmark = pytest.mark.timeout(120)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
TWO_SEATS = {"variant": "classica", "seats": 2, "target": 0}


def listen_to(manager: DialogManager, news: threading.Event, heard: list[str], wanted: str,
              timeout: float = 20.0) -> None:  # fmt: skip
    """What the table tells the player, until *wanted* is among it."""
    deadline = time.monotonic() + timeout
    while wanted not in "\n".join(heard):
        if time.monotonic() > deadline:
            raise AssertionError(f"never heard {wanted!r}: {heard[-5:]}")
        news.wait(0.5)
        news.clear()
        heard.append(manager.table_news().text)


def bruno_at_annas_table(
    server: ServerProcess, loop: asyncio.AbstractEventLoop
) -> tuple[Player, str, DialogManager, threading.Event, list[str]]:
    """Anna (a plain client) creates a table; Bruno sits at it through this program's dialog,
    as `--tavolo` does. Anna, the code, Bruno's dialog, its news flag and what he heard."""
    anna = Player("Anna")
    code = loop.run_until_complete(anna.create(server.url, TWO_SEATS))
    manager = DialogManager(
        computer_pause=0, network=NetworkSettings([f"127.0.0.1:{server.port}"], "Bruno", code)
    )
    news = threading.Event()
    manager.network.wake = news.set
    return anna, code, manager, news, [manager.start().text]


def test_every_error_of_the_protocol_has_its_own_italian_sentence() -> None:
    listed = DOCS.read_text(encoding="utf-8").split("- `error {code, text, id?}`", 1)[1]
    listed = listed.split("Codes:", 1)[1].split("- `ok", 1)[0]
    codes = set(re.findall(r"`([a-z_]+)`", listed))
    assert {"no_table", "illegal", "bad_token", "too_many"} <= codes
    internal = it_net.error_text("internal")
    for code in codes - {"internal"}:
        text = it_net.error_text(code)
        assert text != internal, code  # its own sentence, not the fallback
        assert text[0].isupper() and text.endswith("."), (code, text)
    assert set(it_net.error_codes()) >= codes


def make_certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def test_a_table_over_tls_plays_and_refuses_plain_connections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cert, key = make_certificate(tmp_path)
    trusted = ssl.create_default_context(cafile=str(cert))
    server = ServerProcess(tmp_path / "server", "--tls-cert", str(cert), "--tls-key", str(key))
    server.start()
    # The game's own client trusts what the system trusts; here, this certificate.
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    remote = RemoteTable([f"wss://127.0.0.1:{server.port}/"])

    async def scenario() -> tuple[Player, str | None]:
        anna = Player("Anna", ssl=trusted)
        code = await anna.create(f"wss://127.0.0.1:{server.port}/", TWO_SEATS)
        assert await asyncio.to_thread(remote.connect)
        await asyncio.to_thread(remote.join, code, "Bruno")
        await anna.until(lambda m: any(e["event"].get("name") == "Bruno"
                                       for e in m.get("events", [])))  # fmt: skip
        await anna.send({"type": "start"})
        await asyncio.to_thread(wait_until, lambda: remote.in_match)
        plain: str | None = None
        try:  # the same port without TLS: no table, no names in clear
            async with connect(f"ws://127.0.0.1:{server.port}/", open_timeout=5) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 1}))
                plain = str(await ws.recv())
        except (OSError, InvalidMessage, ConnectionClosed, TimeoutError):
            pass
        await anna.close()
        return anna, plain

    try:
        anna, plain = asyncio.run(scenario())
    finally:
        remote.close()
        output = server.stop()
    assert plain is None
    assert anna.state.phase == "playing" and remote.state.view is not None
    assert anna.state.names() == remote.state.names() == ["Anna", "Bruno"]
    assert f"https://127.0.0.1:{server.port}/" in output  # the page is offered over TLS


def test_a_second_window_takes_the_seat_and_the_first_stops_instead_of_fighting(
    tmp_path: Path,
) -> None:
    with ServerProcess(tmp_path) as server:
        loop = asyncio.new_event_loop()
        anna, code, manager, news, heard = bruno_at_annas_table(server, loop)
        try:
            remote = manager.network.remote
            assert remote is not None and remote.state.token is not None
            second = Player("Bruno")  # the same seat from another window
            second.state.token = remote.state.token

            async def take_back() -> None:
                await second.connect(server.url)
                await second.send({"type": "resume", "code": code, "token": remote.state.token})
                await second.next("table", 0)

            loop.run_until_complete(take_back())
            listen_to(manager, news, heard, "passato a un'altra finestra")
            assert remote.link.state is LinkState.REPLACED
            # Long enough for the old window to have come back several times if it still tried.
            loop.run_until_complete(asyncio.sleep(2.0))
            assert not remote.link._thread.is_alive()
            assert not any(json.loads(t).get("type") == "replaced" for t in second.raw)
            loop.run_until_complete(anna.send({"type": "sync"}))
            seats = loop.run_until_complete(anna.next("table", anna.mark() - 1))["seats"]
            assert seats[1]["name"] == "Bruno" and seats[1]["connected"]
            loop.run_until_complete(second.close())
            loop.run_until_complete(anna.close())
        finally:
            manager.close()
            loop.close()


def test_a_seat_that_no_longer_exists_is_said_once_and_not_asked_for_again(
    tmp_path: Path,
) -> None:
    server = ServerProcess(tmp_path).start()
    loop = asyncio.new_event_loop()
    anna, code, manager, news, heard = bruno_at_annas_table(server, loop)
    try:
        assert manager.phase is Phase.TABLE
        server.kill()
        listen_to(manager, news, heard, "Connessione al server persa")
        with sqlite3.connect(tmp_path / "tavoli.sqlite3") as db:  # the table is gone meanwhile
            db.execute("DELETE FROM tables WHERE code = ?", (code,))
        server.start()
        listen_to(manager, news, heard, it_net.seat_gone(code, "no_table"))
        remote = manager.network.remote
        assert remote is not None and remote.link.resume is None
        assert not manager.network.seated
        assert manager.phase is Phase.MENU
        assert "Aspettiamo" not in manager.handle("chi c'è al tavolo").text
    finally:
        manager.close()
        server.stop()
        loop.run_until_complete(anna.close())
        loop.close()


def test_requests_faster_than_allowed_are_refused_in_italian_not_lost(tmp_path: Path) -> None:
    with ServerProcess(tmp_path) as server:
        remote = RemoteTable([f"127.0.0.1:{server.port}"])
        try:
            assert remote.connect()
            remote.create("Anna", TWO_SEATS, None)
            refused: list[TableRefused] = []
            started = time.monotonic()
            for _ in range(120):  # a burst of 60 is allowed, then 20 a second
                try:
                    remote.chat("ciao")
                except TableRefused as error:
                    refused.append(error)
                    break
            took = time.monotonic() - started
        finally:
            remote.close()
    assert refused and refused[0].code == "too_many"
    assert refused[0].text == it_net.error_text("too_many")
    assert took < 10  # answered, not left to time out as if the server were gone


def test_a_client_that_never_reads_holds_back_nobody(tmp_path: Path) -> None:
    async def scenario(url: str) -> tuple[Player, Player]:
        anna, bruno = Player("Anna"), Player("Bruno")
        code = await anna.create(url, TWO_SEATS)
        await bruno.join(url, code)
        # A spectator whose connection stops reading after joining: its queue fills up.
        async with connect(url, max_queue=1, close_timeout=0.5) as stuck:
            await stuck.send(json.dumps({"type": "hello", "version": 1}))
            await stuck.send(json.dumps({"type": "join", "code": code, "name": "Zeno",
                                         "role": "spectator"}))  # fmt: skip
            for round_number in range(1):
                await anna.send({"type": "start"})
                await anna.until(lambda m, n=round_number + 1: m.get("match_number") == n)
                await bruno.until(lambda m, n=round_number + 1: m.get("match_number") == n)
                await play_until_over([anna, bruno], random.Random(round_number), timeout=60)
                for _ in range(20):  # within the rate limit, each to the spectator too
                    await anna.send({"type": "chat", "text": "x" * 150})
                    await asyncio.sleep(0.06)
        await anna.close()
        await bruno.close()
        return anna, bruno

    with ServerProcess(tmp_path) as server:
        anna, bruno = asyncio.run(scenario(server.url))
        assert server.process is not None and server.process.poll() is None
    assert anna.state.match_number == bruno.state.match_number == 1
    assert not anna.errors and not bruno.errors


def test_one_address_cannot_fill_the_server_with_tables(tmp_path: Path) -> None:
    async def scenario(url: str) -> list[dict[str, object]]:
        replies = []
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1}))
            await ws.recv()
            for _ in range(12):
                await ws.send(json.dumps({"type": "create", "name": "Eve", "settings": {}}))
                reply = json.loads(await ws.recv())
                replies.append(reply)
                if reply["type"] == "joined":
                    await ws.send(json.dumps({"type": "leave"}))
                    while json.loads(await ws.recv())["type"] != "left":
                        pass
        return replies

    with ServerProcess(tmp_path) as server:
        replies = asyncio.run(scenario(server.url))
        log = (tmp_path / "server.log").read_text()
    kinds = [r["code"] if r["type"] == "error" else r["type"] for r in replies]
    assert kinds == ["joined"] * 10 + ["too_many_tables"] * 2
    wait = replies[-1]["retry_after"]  # when a new table will be taken again: said
    assert isinstance(wait, int) and 1 <= wait <= 10
    assert replies[-1]["text"] == it_net.error_text("too_many_tables", wait)
    assert it_net.try_again_in(wait) in replies[-1]["text"]
    assert "creating tables too fast" in log


def test_tables_nobody_comes_back_to_are_deleted_in_time(tmp_path: Path) -> None:
    """A table left before its first match goes after an hour without anyone connected; a
    match waits a week for its players; a table with someone connected stays."""
    from voicedomino.engine import Settings
    from voicedomino.net.server import LOBBY_KEPT, MATCH_KEPT, TableServer
    from voicedomino.net.store import SqliteStore
    from voicedomino.net.table import Table, TableOptions, encode_entry

    async def scenario() -> list[object]:
        store = SqliteStore(tmp_path)
        for code, started, here in (("1111", False, False), ("2222", True, False),
                                    ("3333", False, True)):  # fmt: skip
            table, joined = Table.create(code, Settings(), TableOptions(), "Anna", 0.0)
            entries = list(joined.entries)
            if started:
                entries += table.start(0, True, 0.0, seed=1)
            if not here:
                entries += table.set_connected(0, False, 10.0)
            await store.commit(code, 0, table.to_document(), [encode_entry(e) for e in entries])
        now = [LOBBY_KEPT + 20.0]
        server = TableServer(store, clock=lambda: now[0])
        found: list[object] = [await server.restore(), sorted(server.tables)]
        # The third table's player never came back after the restart either.
        now[0] += MATCH_KEPT
        found += [await server.expire_idle(), sorted(server.tables)]
        found.append(sorted(s.document["code"] for s in await store.load_all()))
        await server.close()
        return found

    restored, after_restore, gone, left, stored = asyncio.run(scenario())
    assert restored == 2
    assert after_restore == ["2222", "3333"]  # the lobby left an hour ago is gone at once
    assert (gone, left, stored) == (2, [], [])


def test_a_connection_that_never_says_hello_is_closed_in_time(tmp_path: Path) -> None:
    from voicedomino.net.limits import Limits
    from voicedomino.net.server import TableServer
    from voicedomino.net.store import SqliteStore

    async def scenario() -> tuple[dict[str, object], int | None, str]:
        server = TableServer(SqliteStore(tmp_path), limits=Limits(hello_within_s=0.5))
        await server.restore()
        try:
            async with server.serve("127.0.0.1", 0) as listening:
                port = listening.sockets[0].getsockname()[1]
                url = f"ws://127.0.0.1:{port}/"
                async with connect(url) as greeting:  # a client that greets stays
                    await greeting.send(json.dumps({"type": "hello", "version": 1}))
                    await greeting.recv()
                    async with connect(url) as silent:
                        told = json.loads(await asyncio.wait_for(silent.recv(), 10))
                        with pytest.raises(ConnectionClosed):
                            await asyncio.wait_for(silent.recv(), 10)
                    await greeting.send(json.dumps({"type": "ping"}))
                    answer = json.loads(await greeting.recv())["type"]
                return told, silent.close_code, answer
        finally:
            await server.close()

    told, code, answer = asyncio.run(scenario())
    assert told["code"] == "hello_first" and told["text"] == it_net.error_text("hello_first")
    assert code == 1008 and answer == "pong"
