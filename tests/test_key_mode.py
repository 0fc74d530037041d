"""Key mode in a real pseudo-terminal: single keys, arrows, Enter, Escape, "/" for a line."""

from __future__ import annotations

import os
import pty
import select
import sys
import time
from pathlib import Path

from voicedomino.frontend.keys import key_name


def read_for(fd: int, seconds: float) -> str:
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 4096)
            except OSError:
                break
    return out.decode("utf-8", errors="replace").replace("\r\n", "\n")


class Terminal:
    """The parent side of the pty: reads up to an expected text, keeping what follows."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.pending = ""

    def until(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while text not in self.pending and time.monotonic() < end:
            self.pending += read_for(self.fd, 0.2)
        assert text in self.pending, self.pending
        cut = self.pending.index(text) + len(text)
        seen, self.pending = self.pending[:cut], self.pending[cut:]
        return seen


def test_key_names() -> None:
    assert key_name("\x1b[A") == "up"
    assert key_name("\x1bOD") == "left"
    assert key_name("\x1b") == "escape"
    assert key_name("\r") == "enter"
    assert key_name("z") == "z"
    assert key_name("\x1b[15~") == "unknown"


def test_play_a_turn_with_single_keys(tmp_path: Path) -> None:
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real game on a terminal
        os.environ["VOICEDOMINO_DATA_DIR"] = str(tmp_path / "data")
        os.environ["VOICEDOMINO_CONFIG_DIR"] = str(tmp_path / "config")
        argv = [sys.executable, "-m", "voicedomino", "--no-voice", "--tastiera", "--pausa", "0"]
        os.execv(sys.executable, [*argv, "--seme", "4", "--senza-salvataggio"])
    term = Terminal(fd)
    try:
        term.until("Modalità tasti")  # the greeting, the key mode notice, the menu's question
        term.until("Invio per giocare")
        os.write(fd, b"/inizia\r")  # "/" opens a line for a whole command
        start = term.until("Tocca a te.")
        assert "Inizi tu, con il doppio sei." in start
        os.write(fd, b"\x1b[B")  # down: a new turn starts from the first tile of the hand
        assert "doppio sei, giocabile, uno di sette." in term.until("di sette.")
        os.write(fd, b"\x1b[B")  # down: the next tile of the hand
        browse = term.until("di sette.")
        assert "non giocabile" in browse and "due di sette." in browse
        os.write(fd, b"z")  # the next playable tile (wrapping round)
        assert "doppio sei, giocabile" in term.until("di sette.")
        os.write(fd, b"\r")  # Enter plays it
        played = term.until("tocca ancora a te.")
        assert "\nDoppio sei.\n" in played  # the compact narration of your own move
        os.write(fd, b"c")  # the ends
        term.until("Testa e coda: sei.")
        os.write(fd, b"\x1b[D")  # left: what is at the head
        term.until("In testa c'è il sei.")
        os.write(fd, b"q")
        term.until("Vuoi uscire?")
        os.write(fd, b"s")  # a single key answers yes
        assert "Arrivederci." in term.until("Arrivederci.")
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    finally:
        os.close(fd)
