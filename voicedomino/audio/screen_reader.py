"""Speech through the player's screen reader instead of the game's own voice (`--lettore-schermo`).

Two back ends behind one small interface, `ScreenReaderSpeech`:

- Linux: speech-dispatcher, the speech server Orca uses, spoken to directly over its socket
  with SSIP (its text protocol), so the game gets "message ended" events and can cancel its own
  messages without touching anybody else's. The python3-speechd binding is a Debian package,
  not on PyPI, and `spd-say` can neither cancel only its own messages nor report their end:
  hence this small client. The daemon is found as libspeechd finds it (`SPEECHD_ADDRESS`, then
  `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`) and started with `--spawn` when absent.
- Windows: NVDA, JAWS or SAPI through the optional `accessible-output2` package
  (`pip install voicedomino[lettore-schermo]`). It cannot report when speech ends, so the game
  does not wait for it. Not run in this project's tests (no Windows here).

Only speech goes to the screen reader: cues still play through the game's own mixer.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

ChangeCallback = Callable[[], None]
CLIENT_NAME = "user:voicedomino:main"
SPAWN_TIMEOUT_S = 5.0


class ScreenReaderUnavailable(RuntimeError):
    """No screen reader to speak through; the game's own voice speaks instead."""


class ScreenReaderSpeech(Protocol):
    """Text to the screen reader: queued in order, cancellable, observable when it can be."""

    name: str

    def speak(self, text: str) -> None: ...

    def cancel(self) -> None: ...

    def is_speaking(self) -> bool: ...

    def close(self) -> None: ...


# ----------------------------------------------------------------- speech-dispatcher (SSIP)


def speechd_address(env: dict[str, str] | None = None) -> tuple[str, str]:
    """("unix", path) or ("inet", "host:port") of the speech-dispatcher to talk to."""
    environ = os.environ if env is None else env
    address = environ.get("SPEECHD_ADDRESS", "")
    method, _, rest = address.partition(":")
    if method == "unix_socket" and rest:
        return "unix", rest
    if method == "inet_socket" and rest:
        host, _, port = rest.partition(":")
        return "inet", f"{host or '127.0.0.1'}:{port or '6560'}"
    runtime = environ.get("XDG_RUNTIME_DIR") or str(Path.home() / ".cache")
    return "unix", str(Path(runtime) / "speech-dispatcher" / "speechd.sock")


def _connect(kind: str, where: str, timeout: float) -> socket.socket:
    if kind == "unix":
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        sock.connect(where)
    else:
        host, _, port = where.rpartition(":")
        sock = socket.create_connection((host, int(port)), timeout=timeout)
    sock.settimeout(None)
    return sock


class SpeechDispatcher:
    """A client of speech-dispatcher speaking Italian at the "message" priority."""

    name = "speech-dispatcher"

    def __init__(
        self,
        on_change: ChangeCallback | None = None,
        *,
        language: str = "it",
        env: dict[str, str] | None = None,
        spawn: bool = True,
        timeout_s: float = 3.0,
    ) -> None:
        self._on_change = on_change
        self._timeout_s = timeout_s
        self._lock = threading.Lock()  # one command and its reply at a time
        self._state = threading.Lock()
        self._replies: list[tuple[int, list[str]]] = []
        self._reply_ready = threading.Condition(self._state)
        self._pending: set[str] = set()  # messages queued or being spoken
        self._ended_early: set[str] = set()  # events that came before their SPEAK reply
        self._closed = False
        kind, where = speechd_address(env)
        # Only the user's own daemon at its default place is started here, as libspeechd does;
        # an explicit SPEECHD_ADDRESS names a daemon somebody else runs.
        explicit = "SPEECHD_ADDRESS" in (os.environ if env is None else env)
        self._sock = self._open(kind, where, spawn and not explicit)
        self._file = self._sock.makefile("rb")
        self._reader = threading.Thread(
            target=self._read_loop, name="voicedomino-ssip", daemon=True
        )
        self._reader.start()
        try:
            self._command(f"SET SELF CLIENT_NAME {CLIENT_NAME}")
            self._command("SET SELF PRIORITY message")
            self._command(f"SET SELF LANGUAGE {language}")
            self._command("SET SELF NOTIFICATION END on")
            self._command("SET SELF NOTIFICATION CANCEL on")
        except ScreenReaderUnavailable:
            self.close()
            raise

    def _open(self, kind: str, where: str, spawn: bool) -> socket.socket:
        try:
            return _connect(kind, where, self._timeout_s)
        except OSError as first:
            if not spawn or kind != "unix" or shutil.which("speech-dispatcher") is None:
                raise ScreenReaderUnavailable(
                    f"no speech-dispatcher at {where}: {first}"
                ) from first
        # `--spawn` starts the daemon unless the user disabled autospawn in its settings.
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(
                ["speech-dispatcher", "--spawn"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=SPAWN_TIMEOUT_S,
                check=False,
            )
        deadline = time.monotonic() + SPAWN_TIMEOUT_S
        while True:
            try:
                return _connect(kind, where, self._timeout_s)
            except OSError as error:
                if time.monotonic() > deadline:
                    raise ScreenReaderUnavailable(
                        f"speech-dispatcher did not start at {where}: {error}"
                    ) from error
                time.sleep(0.05)

    # ------------------------------------------------------------- ScreenReaderSpeech

    def speak(self, text: str) -> None:
        text = " ".join(text.split())
        if not text or self._closed:
            return
        # SSIP ends a message with a line holding a single dot: a leading dot is doubled.
        body = "." + text if text.startswith(".") else text
        try:
            with self._lock:
                self._send("SPEAK")
                self._expect(230)
                self._send(body + "\r\n.")
                _code, lines = self._expect(225)
        except ScreenReaderUnavailable as error:
            log.warning("speech-dispatcher: %s", error)
            return
        message_id = lines[0] if lines else ""
        with self._state:
            if message_id in self._ended_early:
                self._ended_early.discard(message_id)
            else:
                self._pending.add(message_id)

    def cancel(self) -> None:
        if self._closed:
            return
        try:
            self._command("CANCEL SELF")
        except ScreenReaderUnavailable as error:
            log.warning("speech-dispatcher: %s", error)

    def is_speaking(self) -> bool:
        with self._state:
            return bool(self._pending)

    def close(self) -> None:
        if self._closed:
            return
        with contextlib.suppress(OSError, ScreenReaderUnavailable):
            self._command("CANCEL SELF")
            self._send("QUIT")
        self._closed = True
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()
        self._reader.join(timeout=1.0)
        self._drop_pending()

    # ------------------------------------------------------------- protocol

    def _send(self, line: str) -> None:
        try:
            self._sock.sendall(line.encode("utf-8") + b"\r\n")
        except OSError as error:
            raise ScreenReaderUnavailable(f"connection lost: {error}") from error

    def _command(self, line: str) -> tuple[int, list[str]]:
        with self._lock:
            self._send(line)
            code, lines = self._next_reply()
        if code >= 300:
            raise ScreenReaderUnavailable(f"{line!r} refused: {code} {' '.join(lines)}")
        return code, lines

    def _expect(self, wanted: int) -> tuple[int, list[str]]:
        code, lines = self._next_reply()
        if code != wanted:
            raise ScreenReaderUnavailable(f"expected {wanted}, got {code} {' '.join(lines)}")
        return code, lines

    def _next_reply(self) -> tuple[int, list[str]]:
        deadline = time.monotonic() + self._timeout_s
        with self._reply_ready:
            while not self._replies:
                remaining = deadline - time.monotonic()
                if self._closed or remaining <= 0:
                    raise ScreenReaderUnavailable("no reply from speech-dispatcher")
                self._reply_ready.wait(remaining)
            return self._replies.pop(0)

    def _read_loop(self) -> None:
        lines: list[str] = []
        try:
            for raw in self._file:
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                if len(line) < 4 or not line[:3].isdigit():
                    continue
                lines.append(line[4:])
                if line[3] == "-":
                    continue  # more lines of the same reply follow
                code = int(line[:3])
                reply, lines = lines, []
                if 700 <= code < 800:
                    self._on_event(code, reply)
                else:
                    with self._reply_ready:
                        self._replies.append((code, reply))
                        self._reply_ready.notify_all()
        except (OSError, ValueError):
            pass
        finally:
            with self._reply_ready:
                self._closed = True
                self._reply_ready.notify_all()
            self._drop_pending()

    def _on_event(self, code: int, lines: list[str]) -> None:
        # 701 BEGIN, 702 END, 703 CANCELED, ...: first line the message id, then the client's.
        if code not in (702, 703) or not lines:
            return
        message_id = lines[0]
        with self._state:
            if message_id in self._pending:
                self._pending.discard(message_id)
                drained = not self._pending
            else:
                self._ended_early.add(message_id)
                drained = False
        if drained:
            self._tell_change()

    def _drop_pending(self) -> None:
        with self._state:
            had = bool(self._pending)
            self._pending.clear()
        if had:
            self._tell_change()

    def _tell_change(self) -> None:
        if self._on_change is not None:
            try:
                self._on_change()
            except Exception:
                log.exception("screen reader change callback failed")


# ----------------------------------------------------------------- Windows screen readers


class AccessibleOutput:
    """NVDA, JAWS, SAPI... through accessible-output2 (Windows; optional extra)."""

    name = "accessible-output2"

    def __init__(self, on_change: ChangeCallback | None = None) -> None:
        try:
            from accessible_output2.outputs.auto import Auto  # type: ignore[import-not-found]

            self._output: Any = Auto()
        except Exception as error:  # ImportError, or a COM failure on Windows
            raise ScreenReaderUnavailable(f"accessible-output2 unusable: {error}") from error
        self._on_change = on_change

    def speak(self, text: str) -> None:
        # interrupt=False queues after what the screen reader is saying.
        self._output.speak(text, interrupt=False)

    def cancel(self) -> None:
        with contextlib.suppress(Exception):
            self._output.silence()

    def is_speaking(self) -> bool:
        # Screen readers do not say when they are done: the game never waits for them.
        return False

    def close(self) -> None:
        self.cancel()


def open_screen_reader(on_change: ChangeCallback | None = None) -> ScreenReaderSpeech:
    """The platform's screen-reader speech; raises `ScreenReaderUnavailable` when there is none."""
    if sys.platform in ("win32", "cygwin"):
        return AccessibleOutput(on_change)
    if sys.platform == "darwin":
        # VoiceOver has no public speech API for other programs: the system voice speaks.
        raise ScreenReaderUnavailable("no screen-reader speech on macOS")
    return SpeechDispatcher(on_change)
