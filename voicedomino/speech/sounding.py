"""When the game's own output sounded, watched as it happens.

The listener mutes what the microphone caught while the game was speaking. Asking the output
"are you sounding?" only when a frame is processed is not enough: a listener behind on a busy
machine reaches the frames of a sentence after the sentence ended, finds the output silent and
hears the game's own words. A light thread therefore looks at the output every few
milliseconds and keeps the spans of time it sounded; a frame is muted by its capture time.
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Callable

LOOK_EVERY = 0.02  # seconds between two looks at the output
KEEP_SECONDS = 60.0  # spans older than this can no longer meet a frame still to be processed


class SoundingWatch:
    """Spans of monotonic time during which `is_sounding()` was true."""

    def __init__(
        self,
        is_sounding: Callable[[], bool],
        *,
        every: float = LOOK_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._is_sounding = is_sounding
        self._every = every
        self._clock = clock
        self._lock = threading.Lock()
        # (began, ended); the last one's end is None while the output still sounds
        self._spans: collections.deque[tuple[float, float | None]] = collections.deque()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="sounding-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(1.0)

    def look(self) -> bool:
        """Look at the output now and record what is seen; True if it is sounding. An
        exception from `is_sounding` is the caller's to handle (nothing is recorded)."""
        sounding = bool(self._is_sounding())
        now = self._clock()
        with self._lock:
            open_span = bool(self._spans) and self._spans[-1][1] is None
            if sounding and not open_span:
                self._spans.append((now, None))
            elif not sounding and open_span:
                self._spans[-1] = (self._spans[-1][0], now)
            while self._spans and (end := self._spans[0][1]) is not None:
                if end >= now - KEEP_SECONDS:
                    break
                self._spans.popleft()
        return sounding

    def sounded_between(self, begin: float, end: float, tail: float = 0.0) -> bool:
        """Whether the output sounded at some moment from *begin* to *end* (monotonic
        seconds), or ended less than *tail* seconds before *begin* (its echo lingers)."""
        with self._lock:
            for began, ended in self._spans:
                if began <= end and (ended is None or ended + tail > begin):
                    return True
        return False

    def _run(self) -> None:
        while not self._stop.wait(self._every):
            try:
                self.look()
            except Exception:  # the listener reports a failing output when it looks itself
                continue
