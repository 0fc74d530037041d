"""Real-time mixing of one speech line and overlapping cues into stereo blocks.

The audio callback calls `render()`; the game side adds and clears sources. A lock guards
the state; it is held only for array slicing, never for I/O, so the callback never waits long.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from voicedomino.audio.sound import FloatArray


def pan_gains(pan: float) -> tuple[float, float]:
    """Left/right gains for `pan` in [-1 (left), +1 (right)]: a constant-power (sine/cosine)
    law, so a cue sounds equally loud wherever its seat sits, scaled so that the centre stays
    (1, 1) and unpanned cues keep their level. The sides get sqrt(2) in one channel, silence
    in the other; at -1/3 the left channel carries three times the right one's energy."""
    angle = (max(-1.0, min(1.0, pan)) + 1.0) * math.pi / 4.0
    if angle <= 0.0:
        return math.sqrt(2.0), 0.0
    if angle >= math.pi / 2.0:
        return 0.0, math.sqrt(2.0)
    return math.sqrt(2.0) * math.cos(angle), math.sqrt(2.0) * math.sin(angle)


@dataclass
class _Playing:
    samples: FloatArray
    position: int = 0

    @property
    def remaining(self) -> int:
        return int(self.samples.shape[0]) - self.position


class Mixer:
    """Speech messages play one after another (FIFO); cues play over them and each other."""

    def __init__(
        self,
        sample_rate: int,
        fade_s: float = 0.008,
        max_cues: int = 8,
        on_drained: Callable[[], None] | None = None,
    ) -> None:
        self.sample_rate = sample_rate
        self._on_drained = on_drained
        """Called (outside the lock) when the last source has been rendered or cleared."""
        self._was_pending = False
        self._fade_frames = max(1, round(fade_s * sample_rate))
        self._max_cues = max_cues
        self._lock = threading.Lock()
        self._speech_queue: deque[FloatArray] = deque()
        self._speech: _Playing | None = None
        self._cues: list[_Playing] = []
        self._volume = 1.0
        self.output_delay_s = 0.0
        """Time from `render()` to the speaker (the stream's output latency)."""
        self.audible_until = 0.0
        """Monotonic time at which the last non-silent block rendered so far stops sounding."""
        self.speech_started_at: float | None = None
        """Monotonic time at which `render()` began the most recent speech message."""
        self.messages_started = 0

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = max(0.0, min(1.0, float(value)))

    def add_speech(self, mono: FloatArray) -> None:
        """Queue a message (1-D float samples at the mixer's rate) after those already queued."""
        with self._lock:
            self._speech_queue.append(np.ascontiguousarray(mono, dtype=np.float32).reshape(-1))
            self._was_pending = True

    def clear_speech(self) -> None:
        """Drop queued messages and fade the current one out within a few milliseconds."""
        with self._lock:
            self._speech_queue.clear()
            playing = self._speech
            if playing is not None:
                n = min(self._fade_frames, playing.remaining)
                tail = playing.samples[playing.position : playing.position + n]
                ramp = np.linspace(1.0, 0.0, n, endpoint=False, dtype=np.float32)
                self._speech = _Playing(tail * ramp) if n > 0 else None
            drained = self._drained_locked()
        if drained:
            self._tell_drained()

    def add_cue(self, stereo: FloatArray, pan: float = 0.0, gain: float = 1.0) -> None:
        """Start a cue (float samples shaped (frames, 2)) now, over anything already playing,
        placed at `pan` (see `pan_gains`)."""
        left, right = pan_gains(pan)
        scaled = stereo * np.array([left * gain, right * gain], dtype=np.float32)
        with self._lock:
            if len(self._cues) >= self._max_cues:
                self._cues.pop(0)
            self._cues.append(_Playing(scaled.astype(np.float32)))
            self._was_pending = True

    def clear_cues(self) -> None:
        with self._lock:
            self._cues.clear()
            drained = self._drained_locked()
        if drained:
            self._tell_drained()

    def speech_waiting(self) -> int:
        """Speech messages queued whose first sample has not been rendered yet."""
        with self._lock:
            return len(self._speech_queue)

    @property
    def pending(self) -> bool:
        """True while a source still has samples to render."""
        with self._lock:
            return self._pending_locked()

    def sounding(self) -> bool:
        """True while a source has samples left or rendered sound has not yet left the speaker."""
        with self._lock:
            return self._pending_locked() or time.monotonic() < self.audible_until

    def _pending_locked(self) -> bool:
        return self._speech is not None or bool(self._speech_queue) or bool(self._cues)

    def _drained_locked(self) -> bool:
        """True once, when the sources have just run out (caller holds the lock)."""
        pending = self._pending_locked()
        drained = self._was_pending and not pending
        self._was_pending = pending
        return drained

    def _tell_drained(self) -> None:
        if self._on_drained is not None:
            self._on_drained()

    def render(self, out: FloatArray) -> bool:
        """Fill `out` (frames, 2) with the mix; return True when any source contributed."""
        out.fill(0.0)
        frames = int(out.shape[0])
        with self._lock:
            active = self._render_speech(out, frames)
            for cue in self._cues:
                n = min(frames, cue.remaining)
                out[:n] += cue.samples[cue.position : cue.position + n]
                cue.position += n
                active = True
            self._cues = [cue for cue in self._cues if cue.remaining > 0]
            volume = self._volume
            if active:
                delay = self.output_delay_s + frames / self.sample_rate
                self.audible_until = time.monotonic() + delay
            drained = self._drained_locked()
        if active:
            out *= volume
            np.clip(out, -1.0, 1.0, out=out)
        if drained:
            self._tell_drained()
        return active

    def _render_speech(self, out: FloatArray, frames: int) -> bool:
        written = 0
        active = False
        while written < frames:
            if self._speech is None:
                if not self._speech_queue:
                    break
                self._speech = _Playing(self._speech_queue.popleft())
                self.speech_started_at = time.monotonic()
                self.messages_started += 1
            playing = self._speech
            n = min(frames - written, playing.remaining)
            chunk = playing.samples[playing.position : playing.position + n]
            out[written : written + n] += chunk[:, None]
            playing.position += n
            written += n
            active = True
            if playing.remaining <= 0:
                self._speech = None
        return active
