"""Is the room full of speech? A television, people talking: judged from the microphone.

The listener tells `RoomSpeech` how much voice each frame held, and which stretches were the
player's own commands (utterances the recogniser took for a grammar sentence): those do not
count. The room is busy once the voice of others filled `busy_share` of the last `window_s`
seconds, and quiet again once it fell to `quiet_share` or less; between the two it stays as it
was, so a pause in a conversation does not flip it back and forth.

A player's commands are short and far apart, and a quiet room speaks seldom: measured with
benchmarks/bench_home.py (BUSY_SHARE below).
"""

from __future__ import annotations

import collections
from dataclasses import dataclass

WINDOW_S = 20.0
# Shares of the last WINDOW_S seconds filled by voice that was no command. Measured on
# benchmarks/bench_home.py: a television or people talking fill 0.5-0.9 of it, the quiet
# scenes (a remark, a cough, a door between the commands) stay below 0.2.
BUSY_SHARE = 0.4
QUIET_SHARE = 0.15


@dataclass
class _Frame:
    end: float  # source time (s)
    voiced: float  # seconds of voice in it


class RoomSpeech:
    def __init__(
        self,
        *,
        window_s: float = WINDOW_S,
        busy_share: float = BUSY_SHARE,
        quiet_share: float = QUIET_SHARE,
    ) -> None:
        self.window_s = window_s
        self.busy_share = busy_share
        self.quiet_share = quiet_share
        self.busy = False
        self._frames: collections.deque[_Frame] = collections.deque()
        self._voiced = 0.0  # sum over _frames
        self._first = 0.0  # source time of the first frame heard

    def hear(self, end: float, voiced: float) -> bool | None:
        """A frame ending at `end` held `voiced` seconds of voice. Returns the room's new state
        when it changed (True: busy now), else None."""
        if not self._frames and self._voiced == 0.0:
            self._first = end
        self._frames.append(_Frame(end, voiced))
        self._voiced += voiced
        while self._frames and self._frames[0].end <= end - self.window_s:
            self._voiced -= self._frames.popleft().voiced
        if end - self._first < self.window_s / 2:
            return None  # too little heard yet to judge
        share = self.share(end)
        if not self.busy and share >= self.busy_share:
            self.busy = True
            return True
        if self.busy and share <= self.quiet_share:
            self.busy = False
            return False
        return None

    def share(self, now: float) -> float:
        """The share of the last window (or of what was heard, if less) filled by voice."""
        span = min(self.window_s, max(1e-6, now - self._first))
        return max(0.0, self._voiced) / span

    def players_since(self, start: float) -> None:
        """The voice heard since `start` was the player's command: it does not count."""
        for frame in reversed(self._frames):
            if frame.end <= start:
                break
            self._voiced -= frame.voiced
            frame.voiced = 0.0
