"""The signal relay with real signals: being continued in the background (bg) says nothing
("Di nuovo in gioco" was said there, at the shell, and again at fg); continued in the
foreground it is said once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from voicedomino.italian import messages as it

SCRIPT = """
import os, signal, threading
from voicedomino.frontend.signals import SignalRelay

class Terminal:
    foreground = False
    entered = 0
    asked = threading.Event()
    def in_foreground(self):
        self.asked.set()
        return self.foreground
    def leave_key_mode(self): pass
    def enter_key_mode(self): self.entered += 1

terminal = Terminal()
continued, said = [], threading.Event()
def on_continue(dropped):
    continued.append(terminal.foreground)
    said.set()
relay = SignalRelay(lambda number: None, on_continue, terminal)
relay.install()
os.kill(os.getpid(), signal.SIGCONT)  # bg: continued, the shell in the foreground
assert terminal.asked.wait(10)  # the relay looked, and found the game in the background
terminal.foreground = True
os.kill(os.getpid(), signal.SIGCONT)  # fg
assert said.wait(10)
print(continued, terminal.entered)
"""


def test_continued_in_the_background_says_nothing_and_in_the_foreground_once() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60, check=True
    )
    # The relay's pipe keeps order: a continuation in the background, had it been relayed,
    # would have come first (False). Key mode is taken again only in the foreground.
    assert result.stdout.split() == ["[True]", "1"], result


def test_sigterm_then_sigcont_as_timeout_sends_them_leaves_without_back_in_game(
    tmp_path: Path,
) -> None:
    """`timeout` (and other supervisors) send SIGTERM then SIGCONT, so that a stopped game can
    leave: the game, never stopped, said "Di nuovo in gioco" and the menu again while leaving.
    It leaves saying only goodbye."""
    env = {**os.environ, "VOICEDOMINO_DATA_DIR": str(tmp_path / "d"),
           "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "c")}  # fmt: skip
    for _ in range(3):  # the two signals arrive together: each order of handling, tried
        game = subprocess.Popen(
            [sys.executable, "-m", "voicedomino", "--muto", "--righe"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
        assert game.stdin is not None and game.stdout is not None
        shown = b""
        while it.menu_prompt(it.WORDS).encode() not in shown:
            line = game.stdout.readline()
            assert line, shown
            shown += line
        game.send_signal(signal.SIGTERM)
        game.send_signal(signal.SIGCONT)
        rest = game.communicate(timeout=60)[0].decode()
        assert it.goodbye() in rest, rest
        assert it.back_in_game() not in rest, rest
