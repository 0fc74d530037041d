"""Automatic gain before recognition: a quiet or distant player is brought up to the level
the recogniser hears best; a voice already loud enough is left as it is.

The level followed is the voice's: only steps the voice activity detector called speech move
it (`hear_voice`), so silence, a fan or a click never raise the gain. The gain then follows
that level towards `target_rms`, within `min_gain_db` and `max_gain_db`, quickly down (a
louder voice must not clip) and more slowly up; it changes smoothly within a frame, never in a
jump.

Why not WebRTC's AGC (`webrtc-noise-gain`'s AudioProcessor with auto gain): measured on the
stand-in recogniser (30 commands per level, benchmarks/bench_home.py's player voices), its
digital gain adds at most about 9 dB and lifted a player 25 dB quieter from 1 to 6 commands
right of 30; this gain, with the noise suppressor after it, to 23 (see TARGET_RMS).
"""

from __future__ import annotations

import math

import numpy as np

# The voice level the recogniser hears best, in 16-bit RMS (about -26 dBFS). Measured with the
# stand-in recogniser on 30 commands at 0, -15 and -25 dB (the bench's player voices over the
# microphone's own hiss), gain then RNNoise: the best figures came with the voice brought to
# 1000-2000 (0 dB - 10 dB: 27 of 30; -15 dB + 5 dB: 27; -25 dB + 10 dB: 23); bringing a
# quiet voice up to the full level of a near one lifts the hiss with it (-25 dB + 20 dB: 14).
TARGET_RMS = 1600.0
MAX_GAIN_DB = 18.0
# Never down: taking a loud voice down to the target changed nothing measurable on
# benchmarks/bench_home.py (clean, pink and fan noise, 30 commands each: within 2 either way),
# so a player at the usual level is heard exactly as before.
MIN_GAIN_DB = 0.0
_FALL_PER_SECOND = 0.5  # weight of a second of louder voice in the level (fast)
_RISE_PER_SECOND = 0.25  # and of quieter voice
_FIRST_VOICE_S = 0.5  # until this much voice was heard, the level is its plain mean


class AutomaticGain:
    def __init__(
        self,
        target_rms: float = TARGET_RMS,
        *,
        max_gain_db: float = MAX_GAIN_DB,
        min_gain_db: float = MIN_GAIN_DB,
        sample_rate: int = 16000,
    ) -> None:
        self.target_rms = target_rms
        self.max_gain = 10 ** (max_gain_db / 20)
        self.min_gain = 10 ** (min_gain_db / 20)
        self.sample_rate = sample_rate
        self.voice_rms: float | None = None  # the voice's level so far (None: none heard)
        self._voice_seconds = 0.0
        self._gain = 1.0  # the gain at the end of the last frame

    @property
    def gain(self) -> float:
        """The gain the voice level calls for now."""
        if self.voice_rms is None:
            return 1.0
        wanted = self.target_rms / max(self.voice_rms, 1.0)
        return min(self.max_gain, max(self.min_gain, wanted))

    @property
    def gain_db(self) -> float:
        return 20 * math.log10(self.gain)

    def hear_voice(self, pcm: bytes) -> None:
        """A frame of the player's voice (as the microphone gave it): follow its level."""
        samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % 2], dtype="<i2").astype(np.float64)
        if not len(samples):
            return
        rms = max(1.0, float(np.sqrt(np.mean(samples**2))))
        seconds = len(samples) / self.sample_rate
        self._voice_seconds += seconds
        if self.voice_rms is None:
            self.voice_rms = rms
            return
        if self._voice_seconds <= _FIRST_VOICE_S:
            weight = seconds / self._voice_seconds
        else:
            rate = _FALL_PER_SECOND if rms > self.voice_rms else _RISE_PER_SECOND
            weight = min(1.0, rate * seconds)
        # In decibels: a loud syllable weighs no more than a quiet one.
        self.voice_rms = math.exp((1 - weight) * math.log(self.voice_rms) + weight * math.log(rms))

    def apply(self, pcm: bytes) -> bytes:
        """`pcm` with the gain applied (ramped from the last frame's), clipped to 16 bits."""
        samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % 2], dtype="<i2").astype(np.float64)
        target = self.gain
        if not len(samples):
            return pcm
        if target == 1.0 and self._gain == 1.0:
            return pcm
        ramp = np.linspace(self._gain, target, len(samples), endpoint=True)
        self._gain = target
        out = np.clip(np.rint(samples * ramp), -32768, 32767).astype("<i2").tobytes()
        return out + pcm[len(out) :]
