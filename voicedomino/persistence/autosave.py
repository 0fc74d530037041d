"""The match in progress, saved after every action so that nothing is ever lost.

Writes are atomic (voicedomino.persistence.files). A file that cannot be loaded is moved aside
with a timestamp, never deleted, and the caller is told so it can say it aloud; when even the
move is impossible (a read-only folder) the file stays where it is and the caller is told that.
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
from voicedomino.persistence.files import TEMPORARY_SUFFIX, atomic_write, move_aside

log = logging.getLogger(__name__)

DATA_DIR_ENV = "VOICEDOMINO_DATA_DIR"
SAVE_NAME = "partita.json"
ASIDE_LABELS = {SaveError.key: "danneggiata", NewerSaveError.key: "versione-nuova"}
KEPT_IN_PLACE = {SaveError.key: "save_corrupt_kept", NewerSaveError.key: "save_newer_kept"}
STALE_TEMPORARY_S = 3600.0  # a temporary file this old was left by a killed process


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir("voicedomino"))


@dataclass
class Loaded:
    document: dict[str, Any] | None  # a valid saved match, or None
    # A notice key when the file could not be used: "save_corrupt" / "save_newer" (moved
    # aside), "save_corrupt_kept" / "save_newer_kept" (left in place: the move failed).
    problem: str | None = None


class AutoSave:
    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or data_dir()) / SAVE_NAME

    def save(self, document: dict[str, Any] | None) -> None:
        """Write the match, or remove the save when there is no match in progress.

        Raises OSError when the write failed: the caller tells the player.
        """
        if document is None:
            self.path.unlink(missing_ok=True)
            return
        atomic_write(self.path, json.dumps(document, separators=(",", ":")))

    def load(self) -> Loaded:
        """The saved match, if any; never raises."""
        try:
            if not self.path.exists():
                return Loaded(None)
        except OSError:  # the data folder is not a folder: nothing saved can be there
            return Loaded(None)
        self._remove_stale_temporaries()
        try:
            text = self.path.read_text(encoding="utf-8")
            # Full validation, the replay of the round included; the document is kept as saved.
            if engine_save.loads(text).is_over:
                raise SaveError("a finished match: never saved as one in progress")
            document = json.loads(text)
            table = document.get("table", {})
            if not isinstance(table, dict):
                raise SaveError("bad table")
        except (OSError, UnicodeDecodeError, SaveError, ValueError, AttributeError) as error:
            problem = error.key if isinstance(error, SaveError) else SaveError.key
            try:
                move_aside(self.path, ASIDE_LABELS[problem])
            except OSError as move_error:
                log.warning("cannot move the unusable save aside: %s", move_error)
                return Loaded(None, KEPT_IN_PLACE[problem])
            return Loaded(None, problem)
        return Loaded(document)

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
        return move_aside(self.path, "archiviata")
