"""Signals while a game runs, each one ending or pausing it cleanly.

* Ctrl-C, Ctrl-\\, SIGTERM and a closed terminal (SIGHUP) leave as the end of input does: the
  match saved (a failed save tried once more), goodbye said, the terminal given back. A second
  one while leaving stops at once, still through the clean-up (as Ctrl-C does).
* Ctrl-Z gives the terminal back as it was (echo, lines) before the game stops; when it
  continues in the foreground (`fg`), key mode is taken again, what was typed meanwhile is
  dropped (it was typed for the shell, never heard by the game), and the game says where the
  player is.
* A stop the game cannot catch (SIGSTOP, from another terminal or a debugger), then SIGCONT,
  is a suspension too: the terminal stays in key mode meanwhile, so keys typed while stopped
  wait for the game; they are dropped as after Ctrl-Z, never played unheard. For that the
  continuation must be seen before any of them is read: it is delivered only to the thread
  that reads the terminal (SIGCONT blocked elsewhere), whose handler runs before its read
  returns, and the reader asks `continuations()` after every read.

Python runs a handler on the main thread between two bytecodes, perhaps while the game holds a
lock (the inbox's): the handlers here only change the terminal's modes and write the signal's
number to a pipe. A thread reads the pipe and hands the game an inbox item, in turn.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Protocol

STOP_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")
    if hasattr(signal, name)
)
SUSPEND = getattr(signal, "SIGTSTP", None)
CONTINUE = getattr(signal, "SIGCONT", None)

Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


def block_continuations() -> None:
    """SIGCONT blocked in this thread and every thread it starts from now on (the program's
    entry point, before any thread starts): the continuation is then delivered to the thread
    that unblocks it with `hear_continuations_here`, the terminal's reader. (Being continued
    does not depend on the mask: a blocked SIGCONT still continues a stopped process.)"""
    if CONTINUE is not None and hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {CONTINUE})


def hear_continuations_here() -> None:
    """This thread takes SIGCONT (the others block it: see `block_continuations`)."""
    if CONTINUE is not None and hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {CONTINUE})


def continuation_pending() -> bool:
    """A SIGCONT delivered to the process and not yet taken by the thread that hears it."""
    if CONTINUE is None or not hasattr(signal, "sigpending"):
        return False
    return CONTINUE in signal.sigpending()


class TerminalModes(Protocol):
    """The key reader's hold on the terminal (frontend.keys.KeyReader)."""

    def in_foreground(self) -> bool: ...

    def leave_key_mode(self) -> None: ...

    def enter_key_mode(self) -> bool: ...


class SignalRelay:
    """Installs the handlers; *on_stop* and *on_continue* are called on the relay's thread
    (*on_continue* told whether input typed while the game was stopped was dropped).

    A continuation (SIGCONT) is taken on the relay's thread, from the interpreter's wake-up
    descriptor: it may come while every thread is stopped (after bg, reading the terminal
    stopped the game again), and then the kernel may hand it to any thread; Python would run
    its handler only when the main thread next woke, and it sleeps waiting for input: fg said
    nothing and key mode stayed off.
    """

    def __init__(
        self,
        on_stop: Callable[[int], None],
        on_continue: Callable[[bool], None],
        terminal: TerminalModes | None = None,
        on_suspend: Callable[[], None] = lambda: None,
    ) -> None:
        self.on_stop = on_stop
        self.on_continue = on_continue
        self.on_suspend = on_suspend  # in the handler, on the main thread: no locks there
        self.terminal = terminal
        self._stopping = False
        self._previous: dict[int, Handler] = {}
        self._previous_wakeup: int | None = None
        self._read_end, self._write_end = os.pipe()
        self._woken, self._wakeup = os.pipe()  # the interpreter writes every signal's number
        for end in (self._write_end, self._wakeup, self._woken):
            os.set_blocking(end, False)  # a handler must never wait
        self._thread = threading.Thread(target=self._relay, name="signals", daemon=True)
        self._continued_count = 0  # continuations taken from the wake-up descriptor
        self._woken_lock = threading.Lock()  # its reading and that count go together
        self._leaving = False  # a stop signal came: a continuation is not said
        self._reader_hears = False  # the terminal's reader takes SIGCONT and watches for it
        # Tells that reader it was continued in the background (it may be waiting for a key).
        self._wake_reader: Callable[[], None] | None = None

    def install(self) -> None:
        """Only from the main thread (Python's rule for signal handlers)."""
        watch = getattr(self.terminal, "watch_continuations", None)
        if watch is not None and CONTINUE is not None:
            watch(self._woken, self.continuations)  # the key reader sees them before keys
            self._reader_hears = True
            self._wake_reader = getattr(self.terminal, "continued_in_background", None)
        self._thread.start()
        if CONTINUE is not None:
            self._previous_wakeup = signal.set_wakeup_fd(self._wakeup, warn_on_full_buffer=False)
        handled = [*STOP_SIGNALS, CONTINUE]
        if self.terminal is not None:
            handled.append(SUSPEND)
        for number in handled:
            if number is not None:
                self._previous[number] = signal.signal(number, self._handle)

    def uninstall(self) -> None:
        for number, previous in self._previous.items():
            with contextlib.suppress(TypeError, ValueError):
                signal.signal(number, previous)
        self._previous.clear()
        if self._previous_wakeup is not None:
            with contextlib.suppress(ValueError):
                signal.set_wakeup_fd(self._previous_wakeup)
            self._previous_wakeup = None
        os.close(self._write_end)  # the relay thread reads the end of the pipe and stops

    # --- on the main thread, inside the handler: no locks, no waiting -----------------------------

    def _handle(self, number: int, _frame: FrameType | None) -> None:
        if number == SUSPEND:
            self._suspend()
            return
        if number == CONTINUE:
            return  # taken on the relay's thread, from the wake-up descriptor
        if self._stopping:
            raise KeyboardInterrupt  # asked twice: leave now, through the clean-up
        self._stopping = True
        with contextlib.suppress(OSError):  # a full pipe already holds a wake-up
            os.write(self._write_end, bytes([number]))

    def _suspend(self) -> None:
        """Give the terminal back and stop as Ctrl-Z would; the continuation takes over."""
        assert SUSPEND is not None
        self.on_suspend()
        if self.terminal is not None:
            self.terminal.leave_key_mode()
        signal.signal(SUSPEND, signal.SIG_DFL)
        os.kill(os.getpid(), SUSPEND)  # the process stops here until continued
        signal.signal(SUSPEND, self._handle)
        # Continued, or never stopped (no shell to come back to: the system ignores Ctrl-Z
        # there): single keys again either way; the relay says where the player is.
        if self.terminal is not None and self.terminal.in_foreground():
            self.terminal.enter_key_mode()

    # --- on the relay thread ----------------------------------------------------------------------

    def _relay(self) -> None:
        if not self._reader_hears:
            hear_continuations_here()  # no reader of the terminal takes it: this thread does
        while True:
            try:
                ready, _, _ = select.select([self._read_end, self._woken], [], [])
            except (OSError, ValueError):
                return
            if self._woken in ready:
                self.continuations()
            if self._read_end not in ready:
                continue
            try:
                data = os.read(self._read_end, 64)
            except OSError:
                data = b""
            if not data:
                os.close(self._read_end)
                with self._woken_lock:  # a reader may still ask: never a number reused
                    os.close(self._woken)
                    os.close(self._wakeup)
                    self._woken = -1
                return
            for number in data:
                self.on_stop(number)

    # --- on any thread ------------------------------------------------------------------------

    def counted(self) -> int:
        """The continuations relayed so far (app.Continuations)."""
        return self._continued_count

    def coming(self) -> bool:
        """A continuation delivered and not yet relayed (perhaps: any signal wakes the
        descriptor), or not yet delivered to the thread that takes it."""
        if CONTINUE is None:
            return False
        if continuation_pending():
            return True
        with self._woken_lock:
            if self._woken < 0:
                return False
            with contextlib.suppress(OSError, ValueError):
                return bool(select.select([self._woken], [], [], 0)[0])
        return False

    def continuations(self) -> int:
        """How many times the game was continued so far, counting one whose signal was just
        handled: a reader that sees this count change knows the keys waiting were typed while
        the game was stopped (they are dropped by then). The first to see one relays it."""
        with self._woken_lock:  # the keys typed while stopped are dropped before it is let go
            numbers = b""
            if self._woken >= 0:
                with contextlib.suppress(OSError):  # BlockingIOError: nothing waiting
                    numbers = os.read(self._woken, 64)
            # SIGTERM then SIGCONT is how `timeout` and other supervisors stop a program that
            # may be stopped: leaving, the game was never "di nuovo in gioco".
            self._leaving = self._leaving or any(number in numbers for number in STOP_SIGNALS)
            if CONTINUE is not None and CONTINUE in numbers:  # twice: said once
                self._continued_count += 1
                if not self._leaving:
                    self._continued()
            return self._continued_count

    def _continued(self) -> None:
        dropped = False
        if self.terminal is not None:
            if not self.terminal.in_foreground():
                # Continued in the background (bg): nothing is said there, as the player is at
                # the shell; the terminal's reader stops the game again, and fg continues it.
                if self._wake_reader is not None:
                    self._wake_reader()  # now, not when the player next types at the shell
                return
            # Single keys again, what was typed meanwhile dropped: whether anything was, told.
            dropped = self.terminal.enter_key_mode()
        self.on_continue(dropped)
