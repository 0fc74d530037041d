"""The real `voicedomino` in a pseudo-terminal, as a player at a terminal meets it.

    game = GameTerminal.start(tmp_path, "--seme", "4")      # the program, in key mode
    game.until("Tocca a te.")                              # read up to a text (what came before)
    game.press("6")                                        # real keys, real control characters
    game.modes()                                           # the terminal's modes (echo? lines?)

`ShellTerminal` starts an interactive bash with job control instead, so Ctrl-Z and `fg` go
through a real shell. `saved_position` plays a seeded match with the engine until a position
the test needs and writes it as the autosave, so the program resumes there.
"""

from __future__ import annotations

import contextlib
import os
import pty
import random
import select
import signal
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from voicedomino.engine import Match, Settings
from voicedomino.engine import save as engine_save
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import AutoSave

GAME = (sys.executable, "-m", "voicedomino", "--no-voice", "--tastiera", "--pausa", "0")
TIMEOUT = 30.0


def read_for(fd: int, seconds: float) -> str:
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out.decode("utf-8", errors="replace").replace("\r\n", "\n")


def environment(tmp_path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env["VOICEDOMINO_DATA_DIR"] = str(tmp_path / "data")
    env["VOICEDOMINO_CONFIG_DIR"] = str(tmp_path / "config")
    env["TERM"] = "xterm"
    return env


class Terminal:
    """The parent side of the pty: reads up to an expected text, keeping what follows."""

    def __init__(self, pid: int, fd: int) -> None:
        self.pid = pid
        self.fd = fd
        self.pending = ""
        self.transcript = ""  # everything the terminal showed

    def _read(self, seconds: float) -> None:
        text = read_for(self.fd, seconds)
        self.pending += text
        self.transcript += text

    def until(self, text: str, timeout: float = TIMEOUT) -> str:
        end = time.monotonic() + timeout
        while text not in self.pending and time.monotonic() < end:
            self._read(0.2)
        assert text in self.pending, f"{text!r} never came; the terminal showed:\n{self.pending}"
        cut = self.pending.index(text) + len(text)
        seen, self.pending = self.pending[:cut], self.pending[cut:]
        return seen

    def quiet(self, seconds: float = 1.0) -> str:
        """Whatever comes in *seconds* (for what must NOT be said)."""
        self._read(seconds)
        seen, self.pending = self.pending, ""
        return seen

    def press(self, *keys: str | bytes) -> None:
        for key in keys:
            os.write(self.fd, key.encode() if isinstance(key, str) else key)
            time.sleep(0.05)  # one key at a time, as fingers type

    def modes(self) -> tuple[bool, bool]:
        """(echo, line mode) of the terminal: the master sees the slave's settings."""
        lflag = termios.tcgetattr(self.fd)[3]
        return bool(lflag & termios.ECHO), bool(lflag & termios.ICANON)

    def wait(self, timeout: float = TIMEOUT) -> int:
        """The program's exit status (a signal that killed it counts as 128 + its number)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self._read(0.1)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                if os.WIFSIGNALED(status):
                    return 128 + os.WTERMSIG(status)
                return os.WEXITSTATUS(status)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise AssertionError(f"the program did not end; it showed:\n{self.pending}")

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)
        try:
            if os.waitpid(self.pid, os.WNOHANG)[0] == 0:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


class GameTerminal(Terminal):
    @classmethod
    def start(cls, tmp_path: Path, *args: str, stderr: Path | None = None) -> GameTerminal:
        env = environment(tmp_path)
        pid, fd = pty.fork()
        if pid == 0:  # the child: the real game on a terminal
            if stderr is not None:
                os.dup2(os.open(stderr, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
            os.execve(sys.executable, [*GAME, *args], env)
        return cls(pid, fd)


class ShellTerminal(Terminal):
    """An interactive bash (job control on) in the pty; the game is started as a job of it."""

    @classmethod
    def start(cls, tmp_path: Path) -> ShellTerminal:
        env = {**environment(tmp_path), "PS1": "$ ", "HISTFILE": "/dev/null"}
        pid, fd = pty.fork()
        if pid == 0:
            os.execve("/bin/bash", ["bash", "--norc", "--noprofile", "-i"], env)
        shell = cls(pid, fd)
        shell.until("$ ")
        return shell

    def run(self, *args: str) -> None:
        command = " ".join([*GAME, *args])
        self.press(f"{command}\r")

    def first_turn(self, *args: str) -> None:
        """The game run in the shell with *args* (seed 4: the double six leads), up to the
        player's first turn."""
        self.run("--seme", "4", *args)
        self.until(it.notice("key_mode"))
        self.press("\r")
        self.until("Tocca a te.")

    def suspend(self) -> None:
        """Ctrl-Z: the game stops and the shell's prompt is back."""
        self.press("\x1a")
        self.until("Stopped")
        self.until("$ ")

    def quit_game(self) -> None:
        """q, s: the game says goodbye and the shell's prompt is back."""
        self.press("q")
        self.until("Vuoi uscire?")  # s answers the question once it was said
        self.press("s")
        self.until("Arrivederci.")
        self.until("$ ")


def saved_position(
    tmp_path: Path,
    settings: Settings,
    wanted: Callable[[Match], bool],
    level: str = "facile",
) -> Match:
    """Random legal moves of seeded matches until *wanted* holds at a point where the player
    (seat 0) is to move or a round is over; that match is written as the autosave."""
    for seed in range(500):
        match = Match(settings, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            if (match.round.is_over or match.to_move == 0) and wanted(match):
                document: dict[str, Any] = engine_save.to_document(match)
                document["table"] = {"level": level}
                AutoSave(tmp_path / "data").save(document)
                return match
            if match.round.is_over:
                match.next_round()
            else:
                match.apply(rng.choice(match.legal_actions()))
    raise AssertionError("no such position in 500 matches")
