"""In-memory audio: a block of float samples with its sample rate, and WAV reading/writing.

Every sound in the project (synthesised speech, cues) travels as a `Sound`: float32 samples
in [-1, 1], shaped (frames, channels), so mixing is plain array arithmetic.
"""

from __future__ import annotations

import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]

_INT16_SCALE = 32768.0


class WavFormatError(ValueError):
    """A WAV file that this project cannot read (not PCM 16-bit, truncated, empty)."""


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
        """The same sound at another rate (linear interpolation: enough for speech and cues)."""
        if sample_rate == self.sample_rate:
            return self
        if self.frames == 0:
            return Sound(self.samples, sample_rate)
        new_frames = max(1, round(self.frames * sample_rate / self.sample_rate))
        old_t = np.arange(self.frames, dtype=np.float64) / self.sample_rate
        new_t = np.arange(new_frames, dtype=np.float64) / sample_rate
        columns = [
            np.interp(new_t, old_t, self.samples[:, ch]).astype(np.float32)
            for ch in range(self.channels)
        ]
        return Sound(np.stack(columns, axis=1), sample_rate)


def read_wav(path: Path) -> Sound:
    """Read a 16-bit PCM WAV file; raise `WavFormatError` when it is not one."""
    try:
        with wave.open(str(path), "rb") as wav:
            width = wav.getsampwidth()
            channels = wav.getnchannels()
            rate = wav.getframerate()
            raw = wav.readframes(wav.getnframes())
    except (wave.Error, EOFError) as exc:
        raise WavFormatError(f"{path}: {exc}") from exc
    if width != 2:
        raise WavFormatError(f"{path}: {8 * width}-bit samples, expected 16-bit")
    if len(raw) % (2 * channels):
        raise WavFormatError(f"{path}: truncated sample data")
    return Sound.from_int16(np.frombuffer(raw, dtype="<i2"), rate, channels)


def write_wav(path: Path, sound: Sound) -> None:
    """Write `sound` as a 16-bit PCM WAV file."""
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(sound.channels)
        wav.setsampwidth(2)
        wav.setframerate(sound.sample_rate)
        wav.writeframes(sound.to_int16().astype("<i2").tobytes())
