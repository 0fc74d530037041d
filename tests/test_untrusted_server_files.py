"""What stands at the paths of the log files and of `voicedomino server`'s files (its tables'
database and lock, the TLS certificate): a FIFO, a device, a folder, a full disk. The program
neither hangs nor writes its log on the screen; the server says in Italian which file is the
trouble, or that the disk is full, and stops; a log it cannot write is simply not written."""

from __future__ import annotations

import asyncio
import contextlib
import os
import selectors
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from net_helpers import ServerProcess
from test_untrusted_paths import environment, fill, make, small_disk
from websockets.asyncio.client import connect

SERVER = [sys.executable, "-m", "voicedomino", "server", "--porta", "0"]
WAIT = 30.0


def serve(folder: Path, *extra: str, env: dict[str, str] | None = None) -> tuple[str, int | None]:
    """`voicedomino server` on *folder*: what it printed until it listened (then it is stopped
    with Ctrl-C, and the status is None) or ended by itself (its status)."""
    command = [*SERVER, "--cartella", str(folder), *extra]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              env=env)  # fmt: skip
    assert server.stdout is not None
    printed = b""
    deadline = time.monotonic() + WAIT
    with selectors.DefaultSelector() as selector:
        selector.register(server.stdout, selectors.EVENT_READ)
        while b"in ascolto" not in printed:
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                server.kill()
                server.wait()
                raise AssertionError(f"the server hung: {printed.decode()!r}")
            chunk = os.read(server.stdout.fileno(), 4096)  # unbuffered: no line waits unseen
            if not chunk:
                return printed.decode(), server.wait(WAIT)
            printed += chunk
    server.send_signal(signal.SIGINT)
    return (printed + server.communicate(timeout=WAIT)[0]).decode(), None


@pytest.mark.parametrize("thing", ["fifo", "device node", "folder"])
def test_whatever_stands_at_the_game_s_log_the_game_plays_on(tmp_path: Path, thing: str) -> None:
    make(thing, tmp_path / "state" / "voicedomino" / "log" / "voicedomino.log")
    game = [sys.executable, "-m", "voicedomino", "--righe", "--muto", "--tastiera", "--seme", "5"]
    result = subprocess.run(game, input="aiuto\nesci\nsì\n", capture_output=True, text=True,
                            env=environment(tmp_path), timeout=60)  # fmt: skip
    assert "Arrivederci" in result.stdout, result.stdout
    assert result.returncode == 0 and result.stderr == "", result.stderr


@pytest.mark.parametrize("thing", ["fifo", "folder"])
def test_whatever_stands_at_the_server_s_log_the_server_serves(tmp_path: Path, thing: str) -> None:
    make(thing, tmp_path / "tavoli" / "server.log")
    printed, status = serve(tmp_path / "tavoli", env=environment(tmp_path))
    assert status is None and "in ascolto" in printed, printed


@pytest.mark.parametrize(
    ("name", "thing"),
    [("tavoli.sqlite3", "fifo"), ("tavoli.sqlite3", "device node"), ("tavoli.sqlite3", "folder"),
     ("server.lock", "fifo"), ("tavoli.sqlite3-wal", "fifo")],
)  # fmt: skip
def test_whatever_stands_at_the_server_s_tables_is_named_and_the_server_stops(
    tmp_path: Path, name: str, thing: str
) -> None:
    make(thing, tmp_path / "tavoli" / name)
    printed, status = serve(tmp_path / "tavoli", env=environment(tmp_path))
    assert status == 1, printed
    assert f"al posto del file {tmp_path / 'tavoli' / name}" in printed, printed
    assert "registro" not in printed  # the cause is said, not looked for in a log


@pytest.mark.parametrize("thing", ["fifo", "folder"])
def test_whatever_stands_at_the_tls_certificate_is_said_and_the_server_stops(
    tmp_path: Path, thing: str
) -> None:
    make(thing, tmp_path / "cert.pem")
    (tmp_path / "key.pem").write_text("non una chiave")
    printed, status = serve(
        tmp_path / "tavoli", "--tls-cert", str(tmp_path / "cert.pem"),
        "--tls-key", str(tmp_path / "key.pem"), env=environment(tmp_path),
    )  # fmt: skip
    assert status == 1, printed
    assert f"{tmp_path / 'cert.pem'} non è un file" in printed, printed


def test_a_server_started_on_a_full_disk_says_the_disk_is_full(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disco") as disk:
        fill(disk)
        printed, status = serve(disk / "tavoli", env=environment(tmp_path))
    assert status == 1, printed
    assert "il disco è pieno" in printed, printed
    assert "registro" not in printed  # its log could not be written: not sent to read it


@pytest.mark.parametrize("output", [">/dev/full", ">&-"])
def test_a_server_whose_output_cannot_be_written_serves_all_the_same(
    tmp_path: Path, output: str
) -> None:
    """`voicedomino server > /dev/full` (or with its output closed): what it says is lost, the
    server is not (it took its own failed "listening" line for a failure to listen)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = shlex.join([*SERVER[:-1], str(port), "--cartella", str(tmp_path / "tavoli")])
    server = subprocess.Popen(["sh", "-c", f"exec {command} {output}"],
                              env=environment(tmp_path))  # fmt: skip
    try:
        deadline = time.monotonic() + WAIT
        while True:
            assert server.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server never listened"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        time.sleep(0.5)
        assert server.poll() is None, "the server stopped"
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(WAIT)


def test_a_client_connecting_in_a_loop_cannot_fill_the_disk_through_the_log(
    tmp_path: Path,
) -> None:
    """Every refused connection used to write a line naming its address: a client trying a
    few hundred times a second wrote the server's log (and its disk) full. Now each address
    and reason is logged a few times, then now and then with the count of those left out."""
    with ServerProcess(tmp_path / "tavoli") as server:

        async def hammer() -> int:
            tries = 0
            for _ in range(600):
                with contextlib.suppress(Exception):
                    async with connect(server.url, open_timeout=5):
                        pass
                tries += 1
            return tries

        assert asyncio.run(hammer()) == 600
        log = (tmp_path / "tavoli" / "server.log").read_text(encoding="utf-8")
    refused = log.count("connecting too fast")
    assert 1 <= refused <= 25, refused  # the first are there, the flood is not
