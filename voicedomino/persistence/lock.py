"""One copy of the game per data folder: a lock the operating system drops when its owner dies.

    lock = DataLock(folder)
    state = lock.acquire()    # LockState.HELD, BUSY (another copy has it) or UNAVAILABLE
    ...
    lock.release()

The lock is `fcntl.flock` on Linux and macOS, `msvcrt.locking` on Windows: both belong to the
open file, so a copy killed with SIGKILL (or a crash, or a power cut) leaves no stale lock
behind, and no process id has to be guessed about. The file holds the owner's pid only so a
person looking at the folder can tell which process it is.
"""

from __future__ import annotations

import logging
import os
import sys
from enum import Enum
from pathlib import Path

log = logging.getLogger(__name__)

LOCK_NAME = "partita.lock"


class LockState(Enum):
    HELD = "held"  # this copy owns the folder
    BUSY = "busy"  # another running copy owns it
    UNAVAILABLE = "unavailable"  # no lock file can be made (read-only folder, a file in place)


def _try_lock(descriptor: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class DataLock:
    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._descriptor: int | None = None

    @property
    def held(self) -> bool:
        return self._descriptor is not None

    def acquire(self) -> LockState:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            log.warning("cannot make the lock file %s: %s", self.path, error)
            return LockState.UNAVAILABLE
        try:
            locked = _try_lock(descriptor)
        except OSError as error:  # a file system without locks (some network shares)
            log.warning("cannot lock %s: %s", self.path, error)
            os.close(descriptor)
            return LockState.UNAVAILABLE
        if not locked:
            os.close(descriptor)
            return LockState.BUSY
        self._descriptor = descriptor
        try:  # who holds it, for a person looking at the folder; the lock does not need it
            os.ftruncate(descriptor, 0)
            os.write(descriptor, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        return LockState.HELD

    def release(self) -> None:
        """Let another copy in. The file stays: removing it would race with a new owner."""
        if self._descriptor is not None:
            os.close(self._descriptor)  # closing the file drops the lock
            self._descriptor = None
