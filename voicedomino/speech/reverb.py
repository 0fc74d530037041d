"""Reverberation: how long the room rings, and the late echo taken out of the player's voice.

A player on the sofa of a furnished living room reaches the microphone mostly through the
room: each syllable goes on ringing under the next, and the small models mishear it. Two
parts, both following the audio continuously:

- `RoomReverb` measures the room's reverberation time from the free decays it hears: after the
  last loud moment of an utterance, the level falls to the room's quiet at the room's rate
  (dry, near the microphone, within a step or two; in a living room about 60 dB in half a
  second). The median of the last few decays is the room's; none measured, the room is dry.
- `LateReverbSuppressor` takes the late echo out of the spectrum (the statistical model of
  Lebart and Habets: the late reverberation now is the spectrum of a moment ago, decayed at the
  room's rate, and is subtracted with a floor), causal and in short steps, so the recogniser
  can hear through it as the audio comes.

Measured on benchmarks/bench_home.py's rooms (synthetic impulse responses, RT60 0.5 s and
1.1 s) with the stand-in recogniser. The decays tell the rooms apart: a dry voice 0.01-0.2 s,
the living room 0.46-0.54 s, the sofa 3 m away 0.44-0.51 s, the large room 1.0-1.1 s (a
voice 25 dB quieter is not measured: its end does not stand far enough out of the quiet).
Commands right, seed 29, 30 commands said twice, without -> with the echo out: living room
42% -> 65%, large room 7% -> 33%, sofa 13% -> 28%; clean 88% and babble 35% unchanged (the
suppressor is off there), a quiet voice 85% -> 83%. On a dry voice the suppressor cost 2 of
28 clean commands right in a trial: hence only in a room measured reverberant.

Why not WPE (weighted prediction error, the `nara_wpe` package): with one microphone it took
little of the late echo out of these rooms (run on one command in each: 1-2 dB of the tail
after it, where this suppressor takes 9-13 dB), and through it the recogniser heard about as
many commands as with none (fewer from the sofa), far fewer than through this suppressor.
Measured with benchmarks/bench_dereverb.py (seed 61, never tuned on, 20 commands per room;
WPE offline over each room's recording, STFT 1024/256, 40 taps, delay 2): commands right without
dereverberation / with this suppressor / with WPE, living room 10 / 17 / 11, large room
0 / 9 / 0, the sofa 3 m away 4 / 10 / 1; and WPE took 0.3-0.6 s of processor per second of
audio, where the game has to keep up live on two cores.
"""

from __future__ import annotations

import collections
import math
import statistics

import numpy as np

SAMPLE_RATE = 16000
REVERBERANT_RT60 = 0.3  # seconds: a room whose decays are slower than this is reverberant
_STEP = 160  # 10 ms: the level's steps
_QUIET_WINDOW_S = 3.0  # the room's quiet: a low percentile of the levels of the last seconds
_QUIET_PERCENTILE = 10
_LOUD_OVER_QUIET_DB = 33.0  # a decay is measured from a moment this far over the quiet...
_END_OVER_QUIET_DB = 6.0  # ...down to this
_RESUMED_DB = 6.0  # a rise this far over the lowest level since: the sound went on, no decay
_MIN_FALL_DB = 15.0  # (the quiet moves meanwhile: a smaller fall is no decay of the sound)
_SETTLED_S = 0.3  # the level stayed down this long: the decay was the end of the sound
_DECAYS_KEPT = 5
_MAX_DECAY_S = 2.0

# The suppressor: frames of 32 ms, half overlapping (a square-root Hann window each way adds
# up to the input exactly where nothing is taken out).
_FRAME = 512
_HOP = 256
_LATE_AFTER_S = 0.05  # the echo later than this is taken out; the early part helps the voice
_ASSUMED_LONGER = 1.4  # the room is taken to ring this much longer than measured
_OVER_SUBTRACTION = 1.5
_FLOOR_DB = -15.0  # never more than this taken out of a band
_MIN_RT60 = 0.3
_MAX_RT60 = 1.5


class RoomReverb:
    """The room's reverberation time, measured from the free decays of what it hears."""

    def __init__(self, sample_rate: int = SAMPLE_RATE) -> None:
        self.sample_rate = sample_rate
        self._step_seconds = _STEP / sample_rate
        self._levels: collections.deque[float] = collections.deque(
            maxlen=round(_QUIET_WINDOW_S / self._step_seconds)
        )
        self._leftover = np.zeros(0, dtype=np.float64)
        self._quiet_db = 0.0
        self._last_loud: tuple[int, float] | None = None  # (step, level) of the last loud step
        self._down_since: tuple[int, float] | None = None  # first step back near the quiet
        self._lowest_since_loud = 0.0
        self._step_index = 0
        self.decays: collections.deque[float] = collections.deque(maxlen=_DECAYS_KEPT)

    @property
    def rt60(self) -> float | None:
        """The room's reverberation time (seconds), None until a decay was measured."""
        return statistics.median(self.decays) if self.decays else None

    @property
    def reverberant(self) -> bool:
        rt60 = self.rt60
        return rt60 is not None and rt60 >= REVERBERANT_RT60

    def hear(self, pcm: bytes) -> None:
        samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % 2], dtype="<i2").astype(np.float64)
        data = np.concatenate([self._leftover, samples])
        usable = len(data) - len(data) % _STEP
        self._leftover = data[usable:]
        if not usable:
            return
        levels = 10 * np.log10(np.mean(data[:usable].reshape(-1, _STEP) ** 2, axis=1) + 1.0)
        self._levels.extend(float(level) for level in levels)
        self._quiet_db = float(np.percentile(np.fromiter(self._levels, float), _QUIET_PERCENTILE))
        for level in levels:
            self._step(float(level))

    def _step(self, level: float) -> None:
        self._step_index += 1
        index = self._step_index
        if level >= self._quiet_db + _LOUD_OVER_QUIET_DB:
            self._last_loud = (index, level)
            self._lowest_since_loud = level
            self._down_since = None
            return
        if level > self._lowest_since_loud + _RESUMED_DB:
            self._last_loud = None  # quieter speech went on: what follows is no free decay
        self._lowest_since_loud = min(self._lowest_since_loud, level)
        if level > self._quiet_db + _END_OVER_QUIET_DB:
            self._down_since = None
            return
        if self._down_since is None:
            self._down_since = (index, level)
        down_at, down_level = self._down_since
        if self._last_loud is None or (index - down_at) * self._step_seconds < _SETTLED_S:
            return
        loud_at, loud_level = self._last_loud
        self._last_loud = None
        seconds = (down_at - loud_at) * self._step_seconds
        fall = loud_level - down_level
        if 0 < seconds <= _MAX_DECAY_S and fall >= _MIN_FALL_DB:
            self.decays.append(60.0 * seconds / fall)


class LateReverbSuppressor:
    """The late reverberation taken out of 16-bit mono audio, for a room of `rt60` seconds
    (`set_rt60` follows the measure); as many bytes out as in, 32 ms behind."""

    name = "late-reverb"

    def __init__(self, rt60: float = 0.5, sample_rate: int = SAMPLE_RATE) -> None:
        self.sample_rate = sample_rate
        self._window = np.sqrt(np.hanning(_FRAME + 1)[:_FRAME])
        self._delay = max(1, round(_LATE_AFTER_S * sample_rate / _HOP))
        self._history: collections.deque[np.ndarray] = collections.deque(
            [np.zeros(_FRAME // 2 + 1) for _ in range(self._delay)], maxlen=self._delay
        )
        self._frame_in = np.zeros(_FRAME)
        self._overlap = np.zeros(_FRAME)
        self._pending = np.zeros(0)
        self._smoothed: np.ndarray | None = None
        self._ready = np.zeros(_HOP)  # the output's head start: every call can be answered
        self._floor_power = 10 ** (_FLOOR_DB / 10)
        self._scale = 0.0
        self.set_rt60(rt60)

    def set_rt60(self, rt60: float) -> None:
        assumed = min(_MAX_RT60, max(_MIN_RT60, rt60 * _ASSUMED_LONGER))
        decay = 3 * math.log(10) / assumed
        late_after = self._delay * _HOP / self.sample_rate
        self._scale = _OVER_SUBTRACTION * math.exp(-2 * decay * late_after)

    def process(self, pcm: bytes) -> bytes:
        samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % 2], dtype="<i2").astype(np.float64)
        data = np.concatenate([self._pending, samples])
        usable = len(data) - len(data) % _HOP
        self._pending = data[usable:]
        made = [self._ready]
        for start in range(0, usable, _HOP):
            made.append(self._hop(data[start : start + _HOP]))
        out = np.concatenate(made)
        self._ready = out[len(samples) :]
        head = out[: len(samples)]
        return np.clip(np.rint(head), -32768, 32767).astype("<i2").tobytes() + pcm[len(head) * 2 :]

    def _hop(self, hop: np.ndarray) -> np.ndarray:
        self._frame_in = np.concatenate([self._frame_in[_HOP:], hop])
        spectrum = np.fft.rfft(self._frame_in * self._window)
        power = np.abs(spectrum) ** 2
        smoothed = power if self._smoothed is None else 0.5 * (self._smoothed + power)
        self._smoothed = smoothed
        late = self._scale * self._history[0]
        self._history.append(smoothed)
        gain = np.sqrt(np.maximum(1.0 - late / np.maximum(smoothed, 1e-9), self._floor_power))
        self._overlap += np.fft.irfft(spectrum * gain, _FRAME) * self._window
        out = self._overlap[:_HOP].copy()
        self._overlap = np.concatenate([self._overlap[_HOP:], np.zeros(_HOP)])
        return out
