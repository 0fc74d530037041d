"""Keyboard line mode: each line of standard input is one command, typed words or shortcuts.

Works with a terminal and with piped input alike. Lines are parsed here, on the reader
thread, and go into the same inbox the voice listener feeds, so both drive the one dialog.
"""

from __future__ import annotations

import contextlib
import os
import queue
import threading
from collections.abc import Callable, Iterator
from typing import TextIO

from voicedomino.dialog.parser import Heard, hear
from voicedomino.frontend.inbox import DeviceNotice, InboxItem, InputEnded, Source, Typed

# Characters in one line: a command is a few words. An input with no line ends (a binary file,
# /dev/zero) would otherwise be gathered whole into memory, looking for the end of its line.
MAX_LINE = 1000
LINE_TOO_LONG = "line_too_long"  # the notice for a longer line, which is skipped


def without_flow_control(fd: int) -> None:
    """Ctrl-S no longer stops the terminal's output: it froze what was shown and read out and,
    once the terminal's buffer filled, the game itself, until a Ctrl-Q the player never heard
    of. (POSIX terminals only; the caller keeps the modes to give back.)"""
    import termios

    modes = termios.tcgetattr(fd)
    modes[0] &= ~termios.IXON
    termios.tcsetattr(fd, termios.TCSANOW, modes)


def _bytes_waiting(stream: TextIO) -> bool:
    """Whether more input is already typed and not yet read (a terminal or a pipe; False where
    that cannot be asked)."""
    try:
        import fcntl
        import struct
        import termios

        count = fcntl.ioctl(stream.fileno(), termios.FIONREAD, b"\0\0\0\0")
    except (ImportError, OSError, ValueError, AttributeError):
        return False
    return int(struct.unpack("i", count)[0]) > 0


def in_foreground(fd: int) -> bool:
    """Whether this process may change the terminal *fd* (it is not in the background)."""
    try:
        return os.tcgetpgrp(fd) == os.getpgrp()
    except OSError:
        return False


class LineTerminal:
    """Line mode on a terminal: the terminal edits each line as always (echo, backspace), only
    without flow control; its modes are given back while the game is suspended and at the end
    (signals.TerminalModes)."""

    def __init__(self, fd: int) -> None:
        import termios

        self.fd = fd
        self._saved = termios.tcgetattr(fd)  # termios.error: not a terminal after all

    def start(self) -> None:
        """Lines typed before the game started are dropped, as key mode drops keys: they were
        typed before any question was said ("no" set the saved match aside unheard)."""
        import termios

        self.enter_key_mode()
        with contextlib.suppress(OSError, termios.error):
            termios.tcflush(self.fd, termios.TCIFLUSH)

    def in_foreground(self) -> bool:
        return in_foreground(self.fd)

    def leave_key_mode(self) -> None:
        import termios

        with contextlib.suppress(OSError, termios.error):  # a terminal gone: nothing to do
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)

    def enter_key_mode(self) -> None:
        import termios

        with contextlib.suppress(OSError, termios.error):
            without_flow_control(self.fd)

    def restore(self) -> None:
        self.leave_key_mode()


class LineReader:
    """Reads lines on a daemon thread; *urgent* sees each parsed line first ("basta" at once)."""

    def __init__(
        self,
        stream: TextIO,
        inbox: queue.Queue[InboxItem],
        urgent: Callable[[Heard | None], None] | None = None,
        said: Callable[[], int] | None = None,
    ) -> None:
        self._stream = stream
        self._inbox = inbox
        self._urgent = urgent
        self._said = said  # a person at a terminal: how much of the game they had heard
        self._thread = threading.Thread(target=self._run, name="keyboard", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _lines(self) -> Iterator[str | None]:
        """Each line, or None for one longer than MAX_LINE: said at once (its end may never
        come: /dev/zero), then skipped, a bounded piece at a time."""
        while line := self._stream.readline(MAX_LINE + 1):
            if len(line) <= MAX_LINE or line.endswith("\n"):
                yield line
                continue
            yield None
            while (rest := self._stream.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass

    def _run(self) -> None:
        # Lines typed together ("esci" and "sì" in one go) were all typed before the game's
        # answer to the first: a line already waiting when the one before it was read counts
        # as heard at that moment, not when this thread came back for it (on a busy machine,
        # after the question was said: "sì" then answered a question typed ahead of it).
        carried: int | None = None
        try:
            for line in self._lines():
                if line is None:
                    self._inbox.put(DeviceNotice(LINE_TOO_LONG))
                    carried = None
                    continue
                said = carried
                if said is None and self._said is not None:
                    said = self._said()  # as it came, not parsed
                carried = said if said is not None and _bytes_waiting(self._stream) else None
                text = line.rstrip("\r\n")
                heard = hear(text)
                if self._urgent is not None:
                    self._urgent(heard)
                self._inbox.put(Typed(text, heard, said))
        except (OSError, ValueError, UnicodeDecodeError):
            pass  # a closed or unreadable stdin ends keyboard input like end of file
        self._inbox.put(InputEnded(Source.KEYBOARD))
