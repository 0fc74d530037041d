"""The seats this player holds at network tables, kept on disk: the game killed (kill -9, a
closed terminal, a power cut) and started again with the same table's code takes the seat back
with its secret instead of asking for a new one (the old seat, its hand and its points, would
otherwise stay empty for good while the table waited for it).

One small JSON file in the data folder, written whole (atomic_write) on every change and read
through the bounded reader: whatever stands there, the game goes on, only without remembering.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from voicedomino.persistence.files import atomic_write, read_regular

log = logging.getLogger(__name__)

SEATS_FILE = "posti-in-rete.json"
MAX_BYTES = 64 * 1024
MAX_SEATS = 50  # the most recent kept: a player sits at a few tables, not hundreds


class FileSeatBook:
    """Seat secrets by server and table code (``dialog.network.SeatBook``)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def get(self, server: str, code: str) -> str | None:
        token = self._read().get(_key(server, code))
        return token if isinstance(token, str) else None

    def put(self, server: str, code: str, token: str) -> None:
        seats = self._read()
        seats.pop(_key(server, code), None)
        seats[_key(server, code)] = token  # the newest last
        self._write(dict(list(seats.items())[-MAX_SEATS:]))

    def drop(self, server: str, code: str) -> None:
        seats = self._read()
        if seats.pop(_key(server, code), None) is not None:
            self._write(seats)

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(read_regular(self.path, MAX_BYTES))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, RecursionError) as error:  # nested past what Python reads
            log.warning("network seats not read: %s", error)
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, seats: dict[str, Any]) -> None:
        try:
            atomic_write(self.path, json.dumps(seats, ensure_ascii=False))
        except OSError as error:  # a full disk: the seat is only not remembered
            log.warning("network seats not saved: %s", error)


def _key(server: str, code: str) -> str:
    return f"{server} {code}"
