"""Small PCM helpers: any PCM WAV content to 16-bit mono at the recogniser's rate, and loudness."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Samples = npt.NDArray[np.float64]


def decode_pcm(data: bytes, sample_width: int, channels: int) -> Samples:
    """Interleaved little-endian PCM bytes to a mono float signal in [-1, 1]."""
    if sample_width == 1:
        ints = np.frombuffer(data, dtype=np.uint8).astype(np.float64) - 128.0
        scale = 128.0
    elif sample_width == 2:
        ints = np.frombuffer(data, dtype="<i2").astype(np.float64)
        scale = 32768.0
    elif sample_width == 3:
        raw = np.frombuffer(data, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        joined = raw[:, 0] | (raw[:, 1] << 8) | (raw[:, 2] << 16)
        ints = np.where(joined >= 1 << 23, joined - (1 << 24), joined).astype(np.float64)
        scale = float(1 << 23)
    elif sample_width == 4:
        ints = np.frombuffer(data, dtype="<i4").astype(np.float64)
        scale = float(1 << 31)
    else:
        raise ValueError(f"unsupported sample width {sample_width} bytes")
    usable = len(ints) - len(ints) % channels
    frames = ints[:usable].reshape(-1, channels)
    mono: Samples = frames.mean(axis=1) / scale
    return mono


def resample(signal: Samples, from_rate: int, to_rate: int) -> Samples:
    """Band-limited resampling of a whole signal (FFT method: exact for a finite clip)."""
    if from_rate == to_rate or len(signal) == 0:
        return signal
    target_len = round(len(signal) * to_rate / from_rate)
    spectrum = np.fft.rfft(signal)
    resized = np.zeros(target_len // 2 + 1, dtype=np.complex128)
    keep = min(len(spectrum), len(resized))
    resized[:keep] = spectrum[:keep]
    out: Samples = np.fft.irfft(resized, target_len) * (target_len / len(signal))
    return out


def to_int16_bytes(signal: Samples) -> bytes:
    clipped = np.clip(np.round(signal * 32768.0), -32768, 32767)
    return clipped.astype("<i2").tobytes()


def rms_int16(data: bytes) -> float:
    """Root mean square of 16-bit samples, in sample units (0..32768)."""
    samples = np.frombuffer(data, dtype="<i2").astype(np.float64)
    if len(samples) == 0:
        return 0.0
    return float(np.sqrt(np.mean(samples * samples)))
