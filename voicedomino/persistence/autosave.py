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

from voicedomino.engine import SaveError
from voicedomino.engine import save as engine_save

DATA_DIR_ENV = "VOICEDOMINO_DATA_DIR"
SAVE_NAME = "partita.json"


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
    problem: str | None = None  # "save_corrupt" when a bad file was moved aside


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
        try:
            text = self.path.read_text(encoding="utf-8")
            engine_save.loads(text)  # full validation; the document is kept as it was saved
            document = json.loads(text)
            table = document.get("table", {})
            if not isinstance(table, dict):
                raise SaveError("bad table")
        except (OSError, UnicodeDecodeError, SaveError, ValueError, AttributeError):
            move_aside(self.path, "danneggiata")
            return Loaded(None, "save_corrupt")
        return Loaded(document)

    def archive(self) -> Path | None:
        """Keep a declined match aside instead of deleting it."""
        if not self.path.exists():
            return None
        return move_aside(self.path, "archiviata")
