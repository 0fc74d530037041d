"""Keyboard line mode: each line of standard input is one command, typed words or shortcuts.

Works with a terminal and with piped input alike. Lines are parsed here, on the reader
thread, and go into the same inbox the voice listener feeds, so both drive the one dialog.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import TextIO

from voicedomino.dialog.parser import Heard, hear
from voicedomino.frontend.inbox import InboxItem, InputEnded, Source, Typed


class LineReader:
    """Reads lines on a daemon thread; *urgent* sees each parsed line first ("basta" at once)."""

    def __init__(
        self,
        stream: TextIO,
        inbox: queue.Queue[InboxItem],
        urgent: Callable[[Heard | None], None] | None = None,
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
                heard = hear(text)
                if self._urgent is not None:
                    self._urgent(heard)
                self._inbox.put(Typed(text, heard))
        except (OSError, ValueError, UnicodeDecodeError):
            pass  # a closed or unreadable stdin ends keyboard input like end of file
        self._inbox.put(InputEnded(Source.KEYBOARD))
