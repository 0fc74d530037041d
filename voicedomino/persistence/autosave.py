"""The match in progress, saved after every action so that nothing is ever lost.

Writes are atomic (voicedomino.persistence.files). A file that cannot be loaded is moved aside
with a timestamp, never deleted, and the caller is told so it can say it aloud; when even the
move is impossible (a read-only folder) the file stays where it is and the caller is told that.
Whatever stands at the save's path is read through the bounded reader: a folder, a FIFO, a
device or a huge file there is set aside like a damaged save, never waited on or read whole.

When saves fail (a full disk), the file keeps an older position. Each save ends with a blank
tail after its JSON; a failed save writes into that tail, in place (no new space is needed),
how many of the player's moves the save is behind, so that the next start says the match it
resumes is older. The next save that works writes a whole new file, with a blank tail.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from voicedomino.engine import NewerSaveError, SaveError
from voicedomino.engine import save as engine_save
from voicedomino.persistence.files import (
    TEMPORARY_SUFFIX,
    UnusableFile,
    atomic_write,
    move_aside,
    read_regular,
)

log = logging.getLogger(__name__)

DATA_DIR_ENV = "VOICEDOMINO_DATA_DIR"
SAVE_NAME = "partita.json"
BEHIND_SIZE = 64  # bytes of blank tail after the JSON: where moves not saved are noted
SAVE_LIMIT = 1 << 20  # bytes; a saved match is a few kilobytes
UNUSABLE = "save_unusable"  # not a file at all (a folder, a FIFO, a device) or far too big
UNREADABLE = "save_unreadable"  # a file this run may not read
ASIDE_LABELS = {
    SaveError.key: "danneggiata",
    NewerSaveError.key: "versione-nuova",
    UNUSABLE: "non-valida",
    UNREADABLE: "illeggibile",
}
STALE_TEMPORARY_S = 3600.0  # a temporary file this old was left by a killed process
_TAIL_FLAGS = os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir("voicedomino"))


@dataclass
class Loaded:
    document: dict[str, Any] | None  # a valid saved match, or None
    # A notice key when the file could not be used: "save_corrupt", "save_newer",
    # "save_unusable", "save_unreadable" (moved aside), the same with "_kept" (left in place:
    # the move failed).
    problem: str | None = None
    behind: int = 0  # the player's moves made after this save that could not be saved


class AutoSave:
    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or data_dir()) / SAVE_NAME
        self._tail_at: int | None = None  # where the save on disk has its blank tail, if known
        self._behind = 0  # the player's moves made since that save
        self._failed: bytes | None = None  # the last position that could not be saved

    def save(self, document: dict[str, Any] | None) -> None:
        """Write the match, or remove the save when there is no match in progress.

        Raises OSError when the write failed: the caller tells the player (and the older save's
        tail, written in place, keeps the count of moves it lacks for the next start).
        """
        if document is None:
            self.path.unlink(missing_ok=True)
            self._tail_at, self._behind = None, 0
            return
        data = json.dumps(document, separators=(",", ":")).encode("utf-8")
        try:
            atomic_write(self.path, data + b"\n" + b" " * BEHIND_SIZE)
        except OSError:
            # An older save stays: note how far behind it is (a retry of the same position
            # is no new move).
            if self._tail_at is not None and data != self._failed:
                self._behind += 1
                self._write_tail(json.dumps({"indietro": self._behind}).encode("ascii"))
            self._failed = data
            raise
        self._tail_at, self._behind, self._failed = len(data) + 1, 0, None

    @property
    def behind(self) -> int:
        """The player's moves the save on disk lacks (saves failed since it was written)."""
        return self._behind

    @property
    def holds_a_match(self) -> bool:
        """Whether the file holds a match (an older one, when saves have failed since)."""
        return self._tail_at is not None

    def _write_tail(self, record: bytes) -> None:
        """*record* written over the save's blank tail, in place: bytes the file already has,
        so a full disk takes it too."""
        assert self._tail_at is not None
        try:
            descriptor = os.open(self.path, _TAIL_FLAGS)
        except OSError as error:
            log.warning("cannot note the moves not saved: %s", error)
            return
        try:
            os.pwrite(descriptor, record.ljust(BEHIND_SIZE)[:BEHIND_SIZE], self._tail_at)
            os.fsync(descriptor)
        except OSError as error:
            log.warning("cannot note the moves not saved: %s", error)
        finally:
            os.close(descriptor)

    def load(self) -> Loaded:
        """The saved match, if any; never raises."""
        self._remove_stale_temporaries()
        try:
            raw = read_regular(self.path, SAVE_LIMIT)
        except (FileNotFoundError, NotADirectoryError):  # nothing saved (or no data folder)
            return Loaded(None)
        except UnusableFile as error:
            log.warning("the save is unusable: %s", error)
            return self._set_aside(UNUSABLE)
        except OSError as error:
            log.warning("cannot read the save: %s", error)
            return self._set_aside(UNREADABLE)
        try:
            text, behind, tail_at = _split_tail(raw.decode("utf-8"))
            # Full validation, the replay of the round included; the document is kept as saved.
            if engine_save.loads(text).is_over:
                raise SaveError("a finished match: never saved as one in progress")
            document = json.loads(text)
            table = document.get("table", {})
            if not isinstance(table, dict):
                raise SaveError("bad table")
        except (UnicodeDecodeError, SaveError, ValueError, AttributeError) as error:
            log.warning("the save cannot be resumed: %s", error)
            return self._set_aside(error.key if isinstance(error, SaveError) else SaveError.key)
        self._tail_at, self._behind = tail_at, behind
        return Loaded(document, behind=behind)

    def _set_aside(self, problem: str) -> Loaded:
        try:
            move_aside(self.path, ASIDE_LABELS[problem])
        except OSError as move_error:
            log.warning("cannot move the unusable save aside: %s", move_error)
            return Loaded(None, f"{problem}_kept")
        return Loaded(None, problem)

    def _remove_stale_temporaries(self) -> None:
        """Drop half-written saves left by a killed process (never the save itself).

        Only old ones: a fresh one may belong to another copy of the game saving right now.
        """
        cutoff = time.time() - STALE_TEMPORARY_S
        try:
            leftovers = list(self.path.parent.glob(f"{self.path.name}*{TEMPORARY_SUFFIX}"))
        except OSError:
            return
        for leftover in leftovers:
            try:
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()
            except OSError:
                pass  # gone already, or not ours to remove: harmless either way

    def archive(self) -> Path | None:
        """Keep a declined match aside instead of deleting it; OSError if it cannot move."""
        if not self.path.exists():
            return None
        kept = move_aside(self.path, "archiviata")
        self._tail_at, self._behind = None, 0
        return kept


def _split_tail(text: str) -> tuple[str, int, int | None]:
    """The saved JSON, the moves behind its tail notes (0 when blank) and where the tail
    starts (None: no tail, as in a file written by hand or by an older version)."""
    try:
        _, end = json.JSONDecoder().raw_decode(text)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than Python reads
        return text, 0, None  # not JSON at all: the loader says what is wrong
    saved, tail = text[:end], text[end:]
    tail_at = len(saved.encode("utf-8")) + 1
    if len(tail) < BEHIND_SIZE + 1:
        return saved, 0, None
    try:
        record = json.loads(tail) if tail.strip() else {}
    except (ValueError, RecursionError):
        return text, 0, None  # not a tail of ours: the loader refuses the whole
    behind = record.get("indietro") if isinstance(record, dict) else None
    return saved, behind if type(behind) is int and 0 < behind < 100_000 else 0, tail_at
