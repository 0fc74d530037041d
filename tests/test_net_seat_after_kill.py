"""The game killed at a network table (kill -9, a closed terminal, a power cut) and started
again with the table's code: the player is back at their own seat, with their hand, instead of
being turned away from a full table while their old seat waits for ever. Real processes: the
server, and the game in line mode through pipes, killed with SIGKILL."""

from __future__ import annotations

import asyncio
import os
import selectors
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess
from test_untrusted_paths import NO_DAC, environment, make, not_readable

from voicedomino.italian import messages as it
from voicedomino.italian import network as it_net
from voicedomino.persistence.seats import SEATS_FILE, FileSeatBook

pytestmark = pytest.mark.timeout(120)


class Game:
    """`voicedomino` in line mode at a network table, its output read as it comes."""

    def __init__(
        self, tmp_path: Path, server: ServerProcess, code: str, wrapper: Sequence[str] = ()
    ) -> None:
        command = [
            *wrapper,
            sys.executable,
            "-m",
            "voicedomino",
            "--righe",
            "--muto",
            "--tastiera",
            "--server",
            f"127.0.0.1:{server.port}",
            "--tavolo",
            code,
            "--nome",
            "Anna",
        ]
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=environment(tmp_path),
        )
        self.output = b""  # fmt: skip

    def said(self) -> str:
        return self.output.decode("utf-8", "replace")

    def wait_for(self, text: str, timeout: float = 30) -> None:
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            while text not in self.said():
                left = deadline - time.monotonic()
                assert left > 0 and selector.select(left), f"no {text!r} in {self.said()!r}"
                chunk = os.read(self.process.stdout.fileno(), 65536)
                assert chunk, f"the game ended without {text!r}: {self.said()!r}"
                self.output += chunk

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(10)


def test_a_game_killed_at_a_network_table_comes_back_to_its_own_seat(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    bruno = Player("Bruno")
    with ServerProcess(tmp_path / "server") as server:
        code = loop.run_until_complete(
            bruno.create(server.url, {"variant": "classica", "seats": 2})
        )
        first = Game(tmp_path, server, code)
        games = [first]
        try:
            first.wait_for("Sei al tavolo")
            loop.run_until_complete(bruno.send({"type": "start", "fill": False, "id": 1}))
            loop.run_until_complete(bruno.until(lambda m: m.get("id") == 1))
            first.wait_for("Hai sette tessere")
            first.kill()  # no leave, nothing saved at the end: the seat's secret was kept before

            again = Game(tmp_path, server, code)
            games.append(again)
            again.wait_for("Di nuovo al tuo posto")
            assert it_net.seat_taken_back(code) in again.said()
            again.type("quante tessere ho")
            again.wait_for("sette tessere")
            said = again.said()
            assert "pieno" not in said and "spettatore" not in said, said
            seats = bruno.state.seats
            assert [seat.name for seat in seats] == ["Bruno", "Anna"]  # no "Anna 2"
        finally:
            for game in games:
                if game.process.poll() is None:
                    game.kill()
            loop.run_until_complete(bruno.close())
            loop.close()


@pytest.mark.parametrize("thing", ["fifo", "device node", "folder"])
def test_whatever_stands_at_the_kept_seats_the_game_goes_on_without_them(
    tmp_path: Path, thing: str
) -> None:
    path = tmp_path / SEATS_FILE
    make(thing, path)
    book = FileSeatBook(path)
    assert book.get("127.0.0.1:8765", "4721") is None  # read without waiting
    book.put("127.0.0.1:8765", "4721", "segreto")  # kept, or only not remembered
    book.drop("127.0.0.1:8765", "4721")
    assert book.get("127.0.0.1:8765", "4721") is None


def test_without_saving_no_seat_secret_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--senza-salvataggio writes nothing in the data folder: not the seats' secrets either."""
    from voicedomino.cli import build_parser, network_settings

    monkeypatch.setenv("VOICEDOMINO_DATA_DIR", str(tmp_path))
    options = ["--server", "127.0.0.1:8765", "--tavolo", "4721"]
    kept = network_settings(build_parser().parse_args(options))
    assert isinstance(kept.seat_book, FileSeatBook)
    unsaved = network_settings(build_parser().parse_args([*options, "--senza-salvataggio"]))
    assert unsaved.seat_book is None


@pytest.mark.parametrize("damage", ["truncated", "unreadable"])
def test_a_damaged_seats_file_is_never_written_over(tmp_path: Path, damage: str) -> None:
    """The seats file held the player's seats at other tables: one the game cannot read is
    set aside whole (damaged) or left as it is (unreadable), said in Italian, never replaced by
    a file holding only the new seat."""
    loop = asyncio.new_event_loop()
    bruno = Player("Bruno")
    data = tmp_path / "data"
    data.mkdir()
    seats = data / SEATS_FILE
    held = b'{"10.0.0.5:8765 1234": "segreto-di-ieri", "10.0.0.5:8765 99'  # cut by a crash
    seats.write_bytes(held)
    unreadable = damage == "unreadable"
    with (
        not_readable(seats) if unreadable else nullcontext(),
        ServerProcess(tmp_path / "server") as server,
    ):
        code = loop.run_until_complete(
            bruno.create(server.url, {"variant": "classica", "seats": 2})
        )
        game = Game(tmp_path, server, code, NO_DAC if unreadable else ())
        try:
            game.wait_for("Sei al tavolo")
            game.wait_for(it.notice("seats_not_kept" if unreadable else "seats_set_aside"))
        finally:
            game.kill()
            loop.run_until_complete(bruno.close())
            loop.close()
    aside = [p for p in data.iterdir() if p.name.startswith("posti-in-rete.danneggiato-")]
    if damage == "truncated":
        assert len(aside) == 1 and aside[0].read_bytes() == held
        assert FileSeatBook(seats).get(f"127.0.0.1:{server.port}", code) is not None
    else:
        assert not aside and seats.read_bytes() == held


def test_a_seat_that_cannot_be_written_down_is_said(tmp_path: Path) -> None:
    """A read-only data folder (or a full disk): the seat's secret cannot be kept for after a
    crash. That used to go to the log only; the player is told, and plays on."""
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv (util-linux) is needed to run the game without root's DAC powers")
    loop = asyncio.new_event_loop()
    bruno = Player("Bruno")
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o555)
    if subprocess.run([*NO_DAC, "touch", str(data / "prova")], capture_output=True).returncode == 0:
        pytest.skip("permission bits do not stop this child: cannot test a read-only folder")
    try:
        with ServerProcess(tmp_path / "server") as server:
            code = loop.run_until_complete(
                bruno.create(server.url, {"variant": "classica", "seats": 2})
            )
            game = Game(tmp_path, server, code, NO_DAC)
            try:
                game.wait_for("Sei al tavolo")
                game.wait_for(it.notice("seats_unsaved"))
                game.type("chi c'è")  # the game goes on
                game.wait_for("Bruno")
            finally:
                game.kill()
                loop.run_until_complete(bruno.close())
                loop.close()
    finally:
        data.chmod(0o755)
    assert not (data / SEATS_FILE).exists()
