"""The two file operations every saved thing uses: an atomic write and a move-aside.

    atomic_write(path, "text")          # or bytes; all or nothing, durable once it returns
    kept = move_aside(path, "danneggiata")   # partita.danneggiata-20240501-101500.json

The save, the preferences and the model download go through these, so a crash at any moment
leaves either the old file or the new one, and a file the game cannot use is never deleted.
`failure_kind` names why one of them failed, for the wording the player hears.
"""

from __future__ import annotations

import errno
import os
import tempfile
import time
from pathlib import Path

TEMPORARY_SUFFIX = ".tmp"


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
