"""Keyboard line mode: each line of standard input is one command, typed words or shortcuts.

Works with a terminal and with piped input alike. Lines go into the same queue the voice
listener feeds, so both drive the one dialog manager.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO


@dataclass(frozen=True)
class Input:
    """One utterance for the dialog manager; text None means the input has ended."""

    text: str | None
    source: str  # "keyboard" or "voice"


class LineReader:
    """Reads lines on a daemon thread; *urgent* sees each line first (to stop speech at once)."""

    def __init__(
        self,
        stream: TextIO,
        inbox: queue.Queue[Input],
        urgent: Callable[[str], None] | None = None,
    ) -> None:
        self._stream = stream
        self._inbox = inbox
        self._urgent = urgent
        self._thread = threading.Thread(target=self._run, name="keyboard", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        try:
            for line in self._stream:
                text = line.rstrip("\r\n")
                if self._urgent is not None:
                    self._urgent(text)
                self._inbox.put(Input(text, "keyboard"))
        except (OSError, ValueError, UnicodeDecodeError):
            pass  # a closed or unreadable stdin ends keyboard input like end of file
        self._inbox.put(Input(None, "keyboard"))
