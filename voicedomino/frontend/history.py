"""What the game said, for "ripeti", "precedente" and "successivo": bounded, so a game left
running for days does not grow."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from voicedomino.dialog.response import Message
from voicedomino.italian import messages as it

HISTORY_LIMIT = 500  # sentences; far more than anyone browses back by ear


class MessageHistory:
    def __init__(self, limit: int = HISTORY_LIMIT) -> None:
        self._said: deque[str] = deque(maxlen=limit)
        self._last: list[Message] = []
        self._cursor = -1
        self._pages: list[str] = []  # a text read a page at a time (the rules), while it lasts
        self._page = 0

    def remember(self, messages: list[Message], pages: list[str] | None = None) -> None:
        if messages:
            self._last = list(messages)
            self._said.extend(m.text for m in messages)
            self._cursor = len(self._said) - 1
            self._pages, self._page = list(pages or []), 0

    def last(self) -> list[Message]:
        """The last answer again, without its pauses; a sentence when there is none."""
        if not self._last:
            return [Message(it.nothing_to_repeat())]
        return [replace(m, pause=0.0) for m in self._last]

    def step(self, step: int) -> str:
        """The sentence (or page, while reading pages) before (-1) or after (+1)."""
        if self._pages:
            target = self._page + step
            if not 0 <= target < len(self._pages):
                return it.history_start() if target < 0 else it.history_end()
            self._page = target
            return self._pages[target]
        if not self._said:
            return it.nothing_to_repeat()
        target = self._cursor + step
        if target < 0:
            return it.history_start()
        if target >= len(self._said):
            return it.history_end()
        self._cursor = target
        return self._said[target]

    def __len__(self) -> int:
        return len(self._said)
