"""One copy of the game per data folder: a lock the operating system drops when its owner dies.

    lock = DataLock(folder)
    state = lock.acquire()    # LockState.HELD, BUSY (another copy has it) or UNAVAILABLE
    lock.set_aside            # what stood at the lock's path and was moved away, if anything
    ...
    lock.release()

The lock is `fcntl.flock` on Linux and macOS, `msvcrt.locking` on Windows: both belong to the
open file, so a copy killed with SIGKILL (or a crash, or a power cut) leaves no stale lock
behind, and no process id has to be guessed about. The file holds the owner's pid only so a
person looking at the folder can tell which process it is.

A lock file can disappear under a running copy (deleted by hand, or the folder with it): a
second copy would then lock a new file and think itself alone. On Linux a copy also holds a
name in the abstract socket namespace, made from the folder's path, that no file operation can
remove and that the system frees when the copy dies; the second copy finds it taken.

What stands at the lock's path may be a folder, a FIFO, a device or a link to one: it is ours,
so it is moved aside (never opened through a link, never waited on) and a fresh lock is made.
"""

from __future__ import annotations

import errno
import hashlib
import logging
import os
import socket
import stat
import sys
from enum import Enum
from pathlib import Path

from voicedomino.persistence.files import move_aside

log = logging.getLogger(__name__)

LOCK_NAME = "partita.lock"
NAME_PREFIX = b"\0voicedomino-data-"
_OPEN_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)  # a link at the path is refused, then moved aside
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO there never makes the open wait
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
_NOT_A_FILE = {errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.ENODEV, errno.EOPNOTSUPP}


class LockState(Enum):
    HELD = "held"  # this copy owns the folder
    BUSY = "busy"  # another running copy owns it
    UNAVAILABLE = "unavailable"  # no lock file can be made (read-only folder, no permission)


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
        self.set_aside: Path | None = None  # what stood at the path, moved away to make the lock
        self._descriptor: int | None = None
        self._name: socket.socket | None = None

    @property
    def held(self) -> bool:
        return self._descriptor is not None

    def acquire(self) -> LockState:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            log.warning("cannot make the data folder %s: %s", self.path.parent, error)
            return LockState.UNAVAILABLE
        name = _claim_name(self.path.parent)
        if name is LockState.BUSY:
            return LockState.BUSY  # another copy runs here, even if its lock file is gone
        descriptor = self._open()
        if descriptor is None:
            _release_name(name)
            return LockState.UNAVAILABLE
        try:
            locked = _try_lock(descriptor)
        except OSError as error:  # a file system without locks (some network shares)
            log.warning("cannot lock %s: %s", self.path, error)
            if not isinstance(name, socket.socket):
                os.close(descriptor)
                return LockState.UNAVAILABLE
            locked = True  # the folder's name is held: that is the lock here
        if not locked:
            os.close(descriptor)
            _release_name(name)
            return LockState.BUSY
        self._descriptor = descriptor
        self._name = name if isinstance(name, socket.socket) else None
        try:  # who holds it, for a person looking at the folder; the lock does not need it
            os.ftruncate(descriptor, 0)
            os.write(descriptor, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        return LockState.HELD

    def _open(self) -> int | None:
        """The lock file, opened; what is not a regular file at its path is moved aside once."""
        for attempt in range(2):
            try:
                descriptor = os.open(self.path, _OPEN_FLAGS, 0o644)
            except OSError as error:
                if error.errno in _NOT_A_FILE and attempt == 0 and self._move_aside():
                    continue
                log.warning("cannot make the lock file %s: %s", self.path, error)
                return None
            try:
                regular = stat.S_ISREG(os.fstat(descriptor).st_mode)
            except OSError:
                regular = False
            if regular:
                return descriptor
            os.close(descriptor)
            if attempt > 0 or not self._move_aside():
                return None
        return None

    def _move_aside(self) -> bool:
        try:
            self.set_aside = move_aside(self.path, "non-valido")
        except OSError as error:
            log.warning("cannot move %s aside: %s", self.path, error)
            return False
        log.warning("moved what stood at %s aside to %s", self.path, self.set_aside)
        return True

    def release(self) -> None:
        """Let another copy in. The file stays: removing it would race with a new owner."""
        if self._descriptor is not None:
            os.close(self._descriptor)  # closing the file drops the lock
            self._descriptor = None
        _release_name(self._name)
        self._name = None


def _claim_name(folder: Path) -> socket.socket | LockState | None:
    """The folder's name in Linux's abstract socket namespace: the socket holding it, BUSY when
    another process holds it, None where there is no such namespace."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        where = str(folder.resolve())
    except OSError:
        where = str(folder.absolute())
    key = hashlib.sha256(where.encode("utf-8", "surrogateescape")).hexdigest()[:40]
    holder = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        holder.bind(NAME_PREFIX + key.encode("ascii"))
    except OSError as error:
        holder.close()
        if error.errno == errno.EADDRINUSE:
            return LockState.BUSY
        log.warning("cannot hold the data folder's name: %s", error)
        return None
    return holder


def _release_name(name: socket.socket | LockState | None) -> None:
    if isinstance(name, socket.socket):
        name.close()
