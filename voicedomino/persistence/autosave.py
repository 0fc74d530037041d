"""The match in progress, saved after every action so that nothing is ever lost.

Writes are atomic (temporary file, flush, fsync, rename). A file that cannot be loaded is moved
aside with a timestamp, never deleted, and the caller is told so it can say it aloud.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from voicedomino.engine import NewerSaveError, SaveError
from voicedomino.engine import save as engine_save

DATA_DIR_ENV = "VOICEDOMINO_DATA_DIR"
SAVE_NAME = "partita.json"
ASIDE_LABELS = {SaveError.key: "danneggiata", NewerSaveError.key: "versione-nuova"}
STALE_TEMPORARY_S = 3600.0  # a temporary file this old was left by a killed process


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir("voicedomino"))


def atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def move_aside(path: Path, label: str) -> Path:
    """Rename *path* out of the way, keeping it for the player (or a developer) to look at."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.{label}-{stamp}-{counter}{path.suffix}")
        counter += 1
    path.rename(target)
    return target


@dataclass
class Loaded:
    document: dict[str, Any] | None  # a valid saved match, or None
    problem: str | None = None  # "save_corrupt" / "save_newer" when a file was moved aside


class AutoSave:
    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or data_dir()) / SAVE_NAME

    def save(self, document: dict[str, Any] | None) -> None:
        """Write the match, or remove the save when there is no match in progress."""
        if document is None:
            self.path.unlink(missing_ok=True)
            return
        atomic_write(self.path, json.dumps(document, separators=(",", ":")))

    def load(self) -> Loaded:
        if not self.path.exists():
            return Loaded(None)
        self._remove_stale_temporaries()
        try:
            text = self.path.read_text(encoding="utf-8")
            engine_save.loads(text)  # full validation; the document is kept as it was saved
            document = json.loads(text)
            table = document.get("table", {})
            if not isinstance(table, dict):
                raise SaveError("bad table")
        except (OSError, UnicodeDecodeError, SaveError, ValueError, AttributeError) as error:
            problem = error.key if isinstance(error, SaveError) else SaveError.key
            move_aside(self.path, ASIDE_LABELS[problem])
            return Loaded(None, problem)
        return Loaded(document)

    def _remove_stale_temporaries(self) -> None:
        """Drop half-written saves left by a killed process (never the save itself).

        Only old ones: a fresh one may belong to another copy of the game saving right now.
        """
        cutoff = time.time() - STALE_TEMPORARY_S
        for leftover in self.path.parent.glob(f"{self.path.name}*.tmp"):
            try:
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()
            except OSError:
                pass  # gone already, or not ours to remove: harmless either way

    def archive(self) -> Path | None:
        """Keep a declined match aside instead of deleting it."""
        if not self.path.exists():
            return None
        return move_aside(self.path, "archiviata")
