"""Standard input that never ends a line (/dev/zero, a device, a stuck producer): the game says
at once that it is no command, instead of reading it in silence for ever, and still leaves
cleanly when asked to."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

from test_untrusted_paths import environment

from voicedomino.italian import messages as it

GAME = [sys.executable, "-m", "voicedomino", "--righe", "--muto", "--tastiera", "--seme", "5"]
WAIT = 30.0


def test_an_endless_line_on_standard_input_is_said_at_once(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zeros:
        game = subprocess.Popen(GAME, stdin=zeros, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=environment(tmp_path))  # fmt: skip
    assert game.stdout is not None and game.stderr is not None
    printed = b""
    try:
        deadline = time.monotonic() + WAIT
        wanted = it.notice("line_too_long").encode()
        with selectors.DefaultSelector() as selector:
            selector.register(game.stdout, selectors.EVENT_READ)
            while wanted not in printed and time.monotonic() < deadline:
                if selector.select(0.5):
                    printed += os.read(game.stdout.fileno(), 4096)
        assert wanted in printed, printed.decode()
        game.send_signal(signal.SIGTERM)  # and it leaves when asked, in Italian
        rest, errors = game.communicate(timeout=WAIT)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert it.goodbye() in (printed + rest).decode()
    assert game.returncode == 0 and errors == b"", errors.decode()


def test_bytes_waiting_counts_what_a_pipe_and_a_terminal_hold_and_nothing_elsewhere(
    tmp_path: Path,
) -> None:
    """One count of the input not yet read, for line mode (lines typed together) and key mode
    (a paste, a command after "/"): what a pipe or a terminal holds, and 0 where it cannot be
    asked (a closed descriptor), never an error."""
    import pty

    from voicedomino.frontend.console import bytes_waiting

    read_end, write_end = os.pipe()
    try:
        assert bytes_waiting(read_end) == 0
        os.write(write_end, b"pesca\npasso\n")
        assert bytes_waiting(read_end) == 12
        os.read(read_end, 6)
        assert bytes_waiting(read_end) == 6
    finally:
        os.close(read_end)
        os.close(write_end)
    assert bytes_waiting(read_end) == 0  # closed
    controller, player = pty.openpty()
    try:
        os.write(controller, b"sei sei\n")
        deadline = time.monotonic() + WAIT
        while bytes_waiting(player) == 0 and time.monotonic() < deadline:
            time.sleep(0.01)  # the terminal's line discipline passes it on
        assert bytes_waiting(player) == 8
    finally:
        os.close(controller)
        os.close(player)
