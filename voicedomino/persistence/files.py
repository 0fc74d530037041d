"""The file operations every path the game reads or keeps goes through: a bounded read that
trusts nothing at the path, an atomic write and a move-aside.

    data = read_regular(path, limit=1 << 20)   # UnusableFile unless a regular file that size
    with open_regular(path, limit) as stream:  # the same check, for a reader of its own
    atomic_write(path, "text")          # or bytes; all or nothing, durable once it returns
    kept = move_aside(path, "danneggiata")   # partita.danneggiata-20240501-101500.json

What stands at a path may be a FIFO (reading it would wait for ever), a device (/dev/zero never
ends), a symbolic link to one, a folder, a file of gigabytes or one we may not read: the open
never waits, the kind is checked on the open descriptor (no race with a swap), and no more than
the limit is read. The save, the preferences, the model and the audio files go through these,
so a crash at any moment leaves either the old file or the new one, a file the game cannot use
is never deleted, and nothing at a path can hang the game or fill its memory. `failure_kind`
names why one of them failed, for the wording the player hears.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

TEMPORARY_SUFFIX = ".tmp"
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once instead of waiting for a writer
    | getattr(os, "O_NOCTTY", 0)  # a terminal device never becomes ours
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


class UnusableFile(OSError):
    """What stands at a path is not a file the game can read: `kind` says what it is instead
    ("folder", "fifo", "device", "socket", "too_big")."""

    def __init__(self, path: Path, kind: str, detail: str) -> None:
        super().__init__(errno.EINVAL, detail, str(path))
        self.kind = kind


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


def open_regular(path: Path, limit: int) -> BinaryIO:
    """*path* opened for reading when it is (or a link leads to) a regular file of at most
    *limit* bytes; UnusableFile otherwise, OSError (FileNotFoundError, PermissionError...) when
    it cannot be opened at all. Never waits, whatever is there."""
    return os.fdopen(_regular_descriptor(path, _READ_FLAGS, limit), "rb")


def open_append(path: Path) -> TextIO:
    """*path* opened to append text (created when missing) when it is a regular file;
    UnusableFile otherwise (a FIFO would hold the writer until someone reads it, a terminal
    would put log lines on the player's screen), OSError when it cannot be opened at all.
    Never waits, whatever is there."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    flags |= getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    return os.fdopen(_regular_descriptor(path, flags, None), "a", encoding="utf-8")


def _regular_descriptor(path: Path, flags: int, limit: int | None) -> int:
    """A blocking descriptor of the regular file at *path* (of at most *limit* bytes), opened
    with *flags*, which must not wait (O_NONBLOCK); the kind is checked on the descriptor."""
    try:
        descriptor = os.open(path, flags, 0o644)
    except OSError as error:
        # A socket (ENXIO), a FIFO nobody reads (ENXIO, for writing) or a loop of links
        # (ELOOP) cannot be opened, yet something stands there that is not a file: unusable,
        # not a question of permissions.
        if error.errno == errno.ELOOP:
            raise UnusableFile(path, "link_loop", f"{path} is a loop of links") from error
        if error.errno == errno.ENXIO:
            kind = _kind(os.stat(path).st_mode)
            raise UnusableFile(path, kind, f"{path} is not a regular file but a {kind}") from error
        raise
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            kind = _kind(status.st_mode)
            raise UnusableFile(path, kind, f"{path} is not a regular file but a {kind}")
        if limit is not None and status.st_size > limit:
            raise UnusableFile(
                path, "too_big", f"{path} has {status.st_size} bytes, at most {limit}"
            )
        os.set_blocking(descriptor, True)
        return descriptor
    except BaseException:
        os.close(descriptor)
        raise


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at *path*, at most *limit* of them (a file that grows past
    the limit while read is UnusableFile too)."""
    with open_regular(path, limit) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise UnusableFile(path, "too_big", f"{path} grew past {limit} bytes while read")
    return data


def unusable_in(folder: Path, limit: int) -> Iterator[UnusableFile]:
    """Everything under *folder* a reader could hang on or drown in: FIFOs, devices, sockets,
    links to them, files over *limit* bytes (folders are walked, never followed twice)."""
    for root, folders, files in os.walk(folder):
        for name in files + [f for f in folders if os.path.islink(os.path.join(root, f))]:
            path = Path(root, name)
            try:
                status = path.stat()
            except OSError:
                continue  # a dangling link: nothing there to hang on
            if stat.S_ISDIR(status.st_mode):
                continue
            if not stat.S_ISREG(status.st_mode):
                kind = _kind(status.st_mode)
                yield UnusableFile(path, kind, f"{path} is not a regular file but a {kind}")
            elif status.st_size > limit:
                yield UnusableFile(path, "too_big", f"{path} has {status.st_size} bytes")


def atomic_write(path: Path, data: str | bytes) -> None:
    """Replace *path* with *data*: temporary file, flush, fsync, rename, fsync of the folder.

    On any failure the temporary file is removed and the old file is left as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=TEMPORARY_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    fsync_directory(path.parent)


def fsync_directory(folder: Path) -> None:
    """Make a rename in *folder* durable; a no-op where folders cannot be opened (Windows)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the rename itself has happened
    finally:
        os.close(descriptor)


def aside_name(path: Path, label: str, stamp: str, counter: int) -> Path:
    extra = f"-{counter}" if counter else ""
    return path.with_name(f"{path.stem}.{label}-{stamp}{extra}{path.suffix}")


def move_aside(path: Path, label: str) -> Path:
    """Rename *path* next to itself with *label* and a timestamp; never overwrite, never delete.

    Raises OSError when the rename is impossible (a read-only folder): the caller decides what
    to tell the player, and the file stays where it was.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for counter in range(1000):
        target = aside_name(path, label, stamp, counter)
        if target.exists():
            continue
        path.rename(target)
        fsync_directory(path.parent)
        return target
    raise FileExistsError(errno.EEXIST, "no free name to move the file aside", str(path))


# Why a write failed, as a key the wording (voicedomino.italian) turns into what to do.
_FAILURE_KINDS = {
    errno.ENOSPC: "disk_full",
    errno.EDQUOT: "disk_full",
    errno.EFBIG: "file_too_big",
    errno.EROFS: "read_only",
    errno.EACCES: "no_permission",
    errno.EPERM: "no_permission",
    errno.ENOTDIR: "not_a_folder",
    errno.EEXIST: "not_a_folder",
    errno.EIO: "disk_error",
    errno.ENOENT: "folder_gone",
}


def failure_kind(error: BaseException) -> str:
    """A key for why a write failed: disk_full, read_only, ..., or "unknown"."""
    code = getattr(error, "errno", None)
    return _FAILURE_KINDS.get(code, "unknown") if isinstance(code, int) else "unknown"
