"""Where the computers' choices are made: the quick levels at once in the server's own loop,
the searching ones in a small pool of worker processes, so that a long search never holds back
the other tables (a thread would share the server's one interpreter lock with them).

A choice depends only on the level, the seat's view and a seed (``table.decide``), so it is the
same wherever it is made.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from voicedomino.engine import Action, SeatView
from voicedomino.net.table import decide
from voicedomino.players import Level

QUICK_LEVELS = frozenset({Level.FACILE, Level.MEDIO})  # well under a millisecond a move

Result = TypeVar("Result")


def default_workers() -> int:
    """One core stays with the server's loop; at most four searches at a time."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


class Deciders:
    """Computes the computers' moves; *workers* processes for the searching levels (0: in a
    thread of this process, for tests that count their processes)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self._pool: Executor | None = None

    async def decide(self, level: Level, view: SeatView, seed: str) -> Action:
        if level in QUICK_LEVELS:
            return decide(level, view, seed)
        return await self.run(decide, level, view, seed)

    async def run(self, function: Callable[..., Result], *args: Any) -> Result:
        """*function(*args)* in the pool (a module-level function, its arguments picklable)."""
        loop = asyncio.get_running_loop()
        if self.workers <= 0:
            return await asyncio.to_thread(function, *args)
        if self._pool is None:
            # forkserver: workers start from a clean process, not a copy of this one with its
            # threads and sockets.
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        try:
            return await loop.run_in_executor(self._pool, function, *args)
        except BrokenProcessPool:  # a worker was killed: a new pool next time, this one here
            self._pool = None
            return await asyncio.to_thread(function, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
