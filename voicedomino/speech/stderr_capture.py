"""Catch what native code writes to file descriptor 2 (Vosk's C++ log goes there, not through
Python), so its warnings can be read instead of landing on the player's terminal.

The redirection is process-wide while it lasts; lines that were not asked for are written back
to the real stderr afterwards, so nothing another thread printed meanwhile is lost.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator

_LOCK = threading.Lock()


@contextlib.contextmanager
def capture_fd2(keep: Callable[[str], bool]) -> Iterator[list[str]]:
    """Collect lines written to fd 2 inside the block for which `keep(line)` is true.

    The list is filled when the block exits. Other lines go back to stderr.
    """
    kept: list[str] = []
    with _LOCK, tempfile.TemporaryFile(mode="w+b") as sink:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(sink.fileno(), 2)
        try:
            yield kept
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            others: list[str] = []
            for line in sink.read().decode("utf-8", errors="replace").splitlines():
                (kept if keep(line) else others).append(line)
            if others:
                sys.stderr.write("\n".join(others) + "\n")
                sys.stderr.flush()
