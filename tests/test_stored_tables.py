"""The table server's own database, changed under it (by hand, a damaged disk, a JSON nested
deeper than Python reads): one unreadable table is left where it is and said in the log, and
the server starts and serves every other table. One such row once stopped the server at every
start ("errore interno"). And what the server answers a browser is Italian."""

from __future__ import annotations

import asyncio
import socket
import sqlite3
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess

from voicedomino.italian import network as it_net

SETTINGS = {"variant": "classica", "seats": 2}


async def _tables(url: str, count: int) -> list[str]:
    hosts = [Player(f"Anna{n}") for n in range(count)]
    codes = [await host.create(url, SETTINGS) for host in hosts]
    for host in hosts:
        await host.close()
    return codes


async def _join(url: str, code: str) -> dict[str, object]:
    guest = Player("Bea")
    try:
        return await guest.join(url, code)
    finally:
        await guest.close()


@pytest.mark.parametrize(
    ("column", "damage"),
    [
        ("document", "[" * 100_000 + "]" * 100_000),  # nested past Python's recursion limit
        ("document", "non è JSON"),
        ("document", "[1, 2, 3]"),  # JSON, but no table
        ("entry", "{" * 50_000),
    ],
)
def test_a_damaged_stored_table_does_not_stop_the_server(
    tmp_path: Path, column: str, damage: str
) -> None:
    folder = tmp_path / "tavoli"
    with ServerProcess(folder) as server:
        damaged, kept = asyncio.run(_tables(server.url, 2))
    with sqlite3.connect(folder / "tavoli.sqlite3") as db:
        table = "tables" if column == "document" else "log"
        changed = db.execute(f"UPDATE {table} SET {column} = ? WHERE code = ?", (damage, damaged))
        assert changed.rowcount >= 1
    with ServerProcess(folder) as server:  # it starts: the damaged table does not stop it
        joined = asyncio.run(_join(server.url, kept))
        assert joined["code"] == kept
    with sqlite3.connect(folder / "tavoli.sqlite3") as db:  # left as it was, for a person to see
        query = f"SELECT {column} FROM {table} WHERE code = ?"
        (stored,) = db.execute(query, (damaged,)).fetchone()
    assert stored == damage


def test_a_page_the_server_does_not_have_is_said_in_italian(tmp_path: Path) -> None:
    """A browser asking the table server for another page heard "not found"."""
    with ServerProcess(tmp_path / "tavoli") as server:
        address = f"http://127.0.0.1:{server.port}/altro.html"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(address, timeout=10)
        with refused.value:  # read and closed before the server stops
            assert refused.value.code == 404
            assert refused.value.read().decode() == it_net.page_not_found()


@pytest.mark.parametrize(
    "request_, status",
    [
        (b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n", 400),
        (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431),
    ],
    ids=["a websocket request without its key", "an address too long", "a header too long"],
)
def test_a_request_the_websocket_library_refuses_is_answered_in_italian(
    tmp_path: Path, request_: bytes, status: int
) -> None:
    """The websocket library answered these itself, in English ("Failed to open a WebSocket
    connection: missing Sec-WebSocket-Key header.")."""
    with (
        ServerProcess(tmp_path / "tavoli") as server,
        socket.create_connection(("127.0.0.1", server.port), timeout=10) as client,
    ):
        client.sendall(request_)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(f"HTTP/1.1 {status} ".encode()), head
    assert body.decode() == it_net.handshake_refused(status)
