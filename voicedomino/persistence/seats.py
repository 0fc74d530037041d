"""The seats this player holds at network tables, kept on disk: the game killed (kill -9, a
closed terminal, a power cut) and started again with the same table's code takes the seat back
with its secret instead of asking for a new one (the old seat, its hand and its points, would
otherwise stay empty for good while the table waited for it).

One small JSON file in the data folder, written whole (atomic_write) on every change and read
through the bounded reader: whatever stands there, the game goes on, only without remembering.
A file the game cannot use is never written over: a damaged one is first set aside (the seats it
held are the player's: another program or a newer game may still read them), an unreadable one
is left as it is and nothing is remembered; either is said once (*on_notice*, a notice key).
"""

from __future__ import annotations

import errno
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from voicedomino.persistence.files import UnusableFile, atomic_write, move_aside, read_regular

log = logging.getLogger(__name__)

SEATS_FILE = "posti-in-rete.json"
MAX_BYTES = 64 * 1024
MAX_SEATS = 50  # the most recent kept: a player sits at a few tables, not hundreds


class FileSeatBook:
    """Seat secrets by server and table code (``dialog.network.SeatBook``)."""

    def __init__(self, path: Path, on_notice: Callable[[str], None] = lambda key: None) -> None:
        self.path = path
        self.on_notice = on_notice
        self._told: set[str] = set()

    def get(self, server: str, code: str) -> str | None:
        token = self._read()[0].get(_key(server, code))
        return token if isinstance(token, str) else None

    def put(self, server: str, code: str, token: str) -> None:
        seats, problem = self._read()
        if problem is not None and not self._set_aside(problem):
            return
        seats.pop(_key(server, code), None)
        seats[_key(server, code)] = token  # the newest last
        if not self._write(dict(list(seats.items())[-MAX_SEATS:])):
            self._tell("seats_unsaved")  # a full disk, a read-only folder: said, play goes on

    def drop(self, server: str, code: str) -> None:
        seats, problem = self._read()
        if problem is None and seats.pop(_key(server, code), None) is not None:
            self._write(seats)

    def _read(self) -> tuple[dict[str, Any], str | None]:
        """The seats, and why the file may not be written over: "damaged" (not a seats file,
        or not a file), "unreadable" (what it holds is unknown); None when absent or sound."""
        try:
            data = json.loads(read_regular(self.path, MAX_BYTES))
        except FileNotFoundError:
            return {}, None
        except (UnusableFile, ValueError, RecursionError) as error:  # nested past what Python reads
            log.warning("network seats not read: %s", error)
            return {}, "damaged"
        except OSError as error:
            log.warning("network seats not read: %s", error)
            # No permission, a disk error: what it holds is unknown (a loop of links: nothing)
            readable = not isinstance(error, PermissionError) and error.errno != errno.EIO
            return {}, "damaged" if readable else "unreadable"
        if not isinstance(data, dict):
            log.warning("network seats not read: not an object")
            return {}, "damaged"
        return data, None

    def _set_aside(self, problem: str) -> bool:
        """A damaged file is moved aside, never replaced (True once it is); an unreadable one
        stays as it is."""
        if problem == "damaged":
            try:
                kept = move_aside(self.path, "danneggiato")
            except OSError as error:
                log.warning("damaged network seats not moved aside: %s", error)
            else:
                log.warning("damaged network seats moved to %s", kept.name)
                self._tell("seats_set_aside")
                return True
        self._tell("seats_not_kept")
        return False

    def _tell(self, key: str) -> None:
        if key not in self._told:
            self._told.add(key)
            self.on_notice(key)

    def _write(self, seats: dict[str, Any]) -> bool:
        try:
            atomic_write(self.path, json.dumps(seats, ensure_ascii=False))
        except OSError as error:  # a full disk: the seat is only not remembered
            log.warning("network seats not saved: %s", error)
            return False
        return True


def _key(server: str, code: str) -> str:
    return f"{server} {code}"
