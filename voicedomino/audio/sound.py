"""In-memory audio: a block of float samples with its sample rate (files: `audio.wav`).

Every sound in the project (synthesised speech, cues) travels as a `Sound`: float32 samples
in [-1, 1], shaped (frames, channels), so mixing is plain array arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from voicedomino.audio.resample import resample

FloatArray = npt.NDArray[np.float32]

_INT16_SCALE = 32768.0


@dataclass(frozen=True)
class Sound:
    """Samples shaped (frames, channels), float32 in [-1, 1], at `sample_rate` Hz."""

    samples: FloatArray
    sample_rate: int

    def __post_init__(self) -> None:
        if self.samples.ndim != 2:
            raise ValueError("Sound samples must be shaped (frames, channels)")
        if self.sample_rate <= 0:
            raise ValueError("Sound sample rate must be positive")

    @property
    def frames(self) -> int:
        return int(self.samples.shape[0])

    @property
    def channels(self) -> int:
        return int(self.samples.shape[1])

    @property
    def duration(self) -> float:
        """Length in seconds."""
        return self.frames / self.sample_rate

    @classmethod
    def from_int16(cls, data: npt.NDArray[np.int16], sample_rate: int, channels: int) -> Sound:
        """Interleaved 16-bit PCM to a `Sound`."""
        floats = data.astype(np.float32) / _INT16_SCALE
        return cls(floats.reshape(-1, channels), sample_rate)

    def to_int16(self) -> npt.NDArray[np.int16]:
        """Samples as 16-bit PCM (clipped), shaped (frames, channels)."""
        scaled = np.clip(self.samples, -1.0, 32767.0 / _INT16_SCALE) * _INT16_SCALE
        return np.round(scaled).astype(np.int16)

    def rms(self) -> float:
        """Root mean square over all samples (0.0 for an empty sound)."""
        if self.samples.size == 0:
            return 0.0
        return float(np.sqrt(np.mean(np.square(self.samples, dtype=np.float64))))

    def to_mono(self) -> Sound:
        if self.channels == 1:
            return self
        mono = self.samples.mean(axis=1, dtype=np.float32).reshape(-1, 1)
        return Sound(mono, self.sample_rate)

    def to_stereo(self) -> Sound:
        if self.channels == 2:
            return self
        mono = self.to_mono().samples
        return Sound(np.repeat(mono, 2, axis=1), self.sample_rate)

    def resampled(self, sample_rate: int) -> Sound:
        """The same sound at another rate (band-limited, by `audio.resample`)."""
        if sample_rate == self.sample_rate:
            return self
        converted = resample(self.samples, self.sample_rate, sample_rate)
        return Sound(np.ascontiguousarray(converted, dtype=np.float32), sample_rate)
