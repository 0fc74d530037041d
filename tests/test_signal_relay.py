"""The signal relay with real signals: being continued in the background (bg) says nothing
("Di nuovo in gioco" was said there, at the shell, and again at fg); continued in the
foreground it is said once."""

from __future__ import annotations

import subprocess
import sys

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
def on_continue():
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
