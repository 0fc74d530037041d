"""Key mode in a real pseudo-terminal: single keys, arrows, Enter, Escape, "/" for a line."""

from __future__ import annotations

import os
import pty
import sys
from pathlib import Path

import pty_terminal

from voicedomino.frontend.keys import key_name


class Terminal(pty_terminal.Terminal):
    """The parent side of the pty (tests/pty_terminal.py), for a child forked here."""

    def __init__(self, fd: int) -> None:
        super().__init__(0, fd)


def test_key_names() -> None:
    assert key_name("\x1b[A") == "up"
    assert key_name("\x1bOD") == "left"
    assert key_name("\x1b") == "escape"
    assert key_name("\r") == "enter"
    assert key_name("z") == "z"
    assert key_name("\x1b[17~") == "unknown"  # F6; F2-F5 are the network table's keys
    assert key_name("\x04") == "ctrl-d"  # a key: the terminal is still there
    assert key_name("") == "eof"  # nothing more to read: the terminal is gone


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
