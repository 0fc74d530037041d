"""Keyboard line mode: each line of standard input is one command, typed words or shortcuts.

Works with a terminal and with piped input alike. Lines are parsed here, on the reader
thread, and go into the same inbox the voice listener feeds, so both drive the one dialog.
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import TextIO

from voicedomino.dialog.parser import Heard, hear
from voicedomino.frontend.inbox import DeviceNotice, InboxItem, InputEnded, Source, Typed
from voicedomino.frontend.signals import hear_continuations_here

# Characters in one line: a command is a few words. An input with no line ends (a binary file,
# /dev/zero) would otherwise be gathered whole into memory, looking for the end of its line.
MAX_LINE = 1000
LINE_TOO_LONG = "line_too_long"  # the notice for a longer line, which is skipped
# Seconds between looks at the terminal before the signals are watched (the game starting).
UNWATCHED_LOOK = 0.1
# Seconds between looks at whether the game is still in the foreground, waiting for input: put
# in the background (bg) it must go and read, so that reading stops it (SIGTTIN) and fg, which
# continues only a stopped job, continues it and the game says it is back. A continuation taken
# by the relay's thread wakes the reader (Nudge): this look is for a wake ever missed.
FOREGROUND_LOOK = 0.5
# In the background the job is stopped (SIGTTIN) within this, or cannot be (no shell to
# continue it: the system drops the signal), and a read of the terminal says why.
BACKGROUND_STOP_WAIT = 2.0


def without_flow_control(fd: int) -> None:
    """Ctrl-S no longer stops the terminal's output: it froze what was shown and read out and,
    once the terminal's buffer filled, the game itself, until a Ctrl-Q the player never heard
    of. (POSIX terminals only; the caller keeps the modes to give back.)"""
    import termios

    modes = termios.tcgetattr(fd)
    modes[0] &= ~termios.IXON
    termios.tcsetattr(fd, termios.TCSANOW, modes)


def bytes_waiting(fd: int) -> int:
    """Bytes already typed (or piped, or pasted) on *fd* and not yet read; 0 where that cannot
    be asked (a closed descriptor, a file that is neither a terminal nor a pipe, no termios)."""
    try:
        import fcntl
        import struct
        import termios

        count = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
    except (ImportError, OSError):
        return 0
    return int(struct.unpack("i", count)[0])


def _stream_waiting(stream: TextIO) -> bool:
    """Whether more input is already waiting behind what *stream* gave (False where a stream
    has no descriptor: a test's text)."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return False
    return bytes_waiting(fd) > 0


def in_foreground(fd: int) -> bool:
    """Whether this process may change the terminal *fd* (it is not in the background)."""
    try:
        return os.tcgetpgrp(fd) == os.getpgrp()
    except OSError:
        return False


class Nudge:
    """A pipe that wakes a reader of the terminal waiting in select: the signal relay, having
    taken a continuation in the background (bg), has the reader look again at once, and stop
    the game (see stopped_as_a_read_would). Waiting on instead, it read only when the player
    typed at the shell: "fg" typed in one go stopped it just as the shell gave it the
    terminal, and the shell, that had seen it running, said "Stopped" instead of continuing
    it."""

    def __init__(self) -> None:
        self.fd, self._write_end = os.pipe()
        for end in (self.fd, self._write_end):
            os.set_blocking(end, False)  # the relay never waits; nor does taking it

    def give(self) -> None:
        with contextlib.suppress(OSError):  # a full pipe already holds a nudge
            os.write(self._write_end, b"\0")

    def take(self) -> None:
        with contextlib.suppress(OSError):  # BlockingIOError: none waiting
            os.read(self.fd, 64)


def stopped_as_a_read_would(take_continuation: Callable[[], int]) -> bool:
    """In the background, from the thread that reads the terminal (the one SIGCONT goes to):
    the job stops (SIGTTIN, as the terminal stops a read there); True when it was continued
    since. The continuations that came are taken first, and after fg the reader is back in its
    loop, which sees them. Reading the terminal instead stopped the game inside the read,
    perhaps before bg's continuation was taken, and the read went on waiting after fg: that
    continuation, taken then next to fg's, said "Di nuovo in gioco" twice."""
    before = take_continuation()
    os.killpg(os.getpgrp(), signal.SIGTTIN)  # the whole job, as the terminal stops it
    # Another thread may be the one that stops the process, a moment later: this one waits
    # for the continuation (a second signal of its own would stop the game again after fg).
    give_up = time.monotonic() + BACKGROUND_STOP_WAIT
    while take_continuation() == before:
        if time.monotonic() > give_up:
            return False
        time.sleep(0.05)  # stopped in it, and continued: back at most this late
    return True


class LineTerminal:
    """Line mode on a terminal: the terminal edits each line as always (echo, backspace), only
    without flow control; its modes are given back while the game is suspended and at the end
    (signals.TerminalModes)."""

    def __init__(self, fd: int) -> None:
        import termios

        self.fd = fd
        self._saved = termios.tcgetattr(fd)  # termios.error: not a terminal after all
        # Readable when the game was continued (SIGCONT), and what relays it: see
        # watch_continuations.
        self._continued_fd: int | None = None
        self._take_continuation: Callable[[], int] = lambda: 0
        self._continuations = 0
        self._nudge = Nudge()

    def start(self) -> None:
        """Lines typed before the game started are dropped, as key mode drops keys: they were
        typed before any question was said ("no" set the saved match aside unheard)."""
        self.enter_key_mode()

    def in_foreground(self) -> bool:
        return in_foreground(self.fd)

    def leave_key_mode(self) -> None:
        import termios

        with contextlib.suppress(OSError, termios.error):  # a terminal gone: nothing to do
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)

    def enter_key_mode(self) -> bool:
        """No flow control again, and what was typed meanwhile thrown away: it was typed for
        the shell, or while the game was stopped, never heard by the game. Whether something
        was waiting (the terminal showed it: the game says it was not carried out)."""
        import termios

        waiting = bytes_waiting(self.fd) > 0
        with contextlib.suppress(OSError, termios.error):
            without_flow_control(self.fd)
            termios.tcflush(self.fd, termios.TCIFLUSH)
        return waiting

    def watch_continuations(self, fd: int, take: Callable[[], int]) -> None:
        """*fd* turns readable when a signal came; *take* reads it, relays a continuation and
        answers how many there were so far (signals.SignalRelay.continuations). The line reader
        takes SIGCONT itself and waits here before each line, so a line typed while the game
        was stopped (SIGSTOP leaves the terminal as it is: it kept the line) is dropped before
        it can be read, as key mode drops keys."""
        self._take_continuation = take
        self._continued_fd = fd

    def continued_in_background(self) -> None:
        """The reader waiting for a line stops the game at once (see Nudge)."""
        self._nudge.give()

    def wait_for_line(self) -> None:
        """Until a whole line waits (a terminal in line mode is readable only then), any
        continuation seen first. In the background (bg) the game stops as reading the terminal
        would (SIGTTIN) until fg continues it."""
        while True:
            continued = self._continued_fd
            if not self.in_foreground():
                if continued is not None and stopped_as_a_read_would(self._take_continuation):
                    continue
                return  # not stopped (the signals not watched yet, or no shell): the read
            if continued is None:  # the signals are not watched yet: look again soon
                if select.select([self.fd], [], [], UNWATCHED_LOOK)[0]:
                    return
                continue
            watched = [continued, self._nudge.fd, self.fd]
            ready, _, _ = select.select(watched, [], [], FOREGROUND_LOOK)
            self._nudge.take()
            seen, self._continuations = self._continuations, self._take_continuation()
            if self._continuations == seen and self.fd in ready:
                return

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
        terminal: LineTerminal | None = None,
    ) -> None:
        self._stream = stream
        self._terminal = terminal  # the terminal *stream* reads, watched for continuations
        self._inbox = inbox
        self._urgent = urgent
        self._said = said  # a person at a terminal: how much of the game they had heard
        self._thread = threading.Thread(target=self._run, name="keyboard", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _lines(self) -> Iterator[str | None]:
        """Each line, or None for one longer than MAX_LINE: said at once (its end may never
        come: /dev/zero), then skipped, a bounded piece at a time."""
        while self._wait() and (line := self._stream.readline(MAX_LINE + 1)):
            if len(line) <= MAX_LINE or line.endswith("\n"):
                yield line
                continue
            yield None
            while (rest := self._stream.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass

    def _wait(self) -> bool:
        if self._terminal is not None:
            self._terminal.wait_for_line()
        return True

    def _run(self) -> None:
        if self._terminal is not None:
            hear_continuations_here()  # the continuation is seen before a line typed while stopped
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
                carried = said if said is not None and _stream_waiting(self._stream) else None
                text = line.rstrip("\r\n")
                heard = hear(text)
                if self._urgent is not None:
                    self._urgent(heard)
                self._inbox.put(Typed(text, heard, said))
        except (OSError, ValueError, UnicodeDecodeError):
            pass  # a closed or unreadable stdin ends keyboard input like end of file
        self._inbox.put(InputEnded(Source.KEYBOARD))
