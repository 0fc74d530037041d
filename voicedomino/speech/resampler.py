"""Streaming conversion of microphone blocks from the device's rate to the recogniser's rate.

Used only when a capture device refuses to open at 16 kHz (a raw ALSA device at 44.1 or
48 kHz). A windowed-sinc low-pass below the target Nyquist frequency, then linear
interpolation at the target instants; filter history and phase carry across blocks, so block
edges leave no clicks.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

_TAPS = 63
_CUTOFF_FRACTION = 0.95  # of the target Nyquist frequency

Floats = npt.NDArray[np.float64]


def _lowpass(cutoff: float, taps: int) -> Floats:
    """Windowed-sinc FIR with `cutoff` as a fraction of the sampling rate."""
    n = np.arange(taps) - (taps - 1) / 2
    kernel: Floats = 2 * cutoff * np.sinc(2 * cutoff * n) * np.hamming(taps)
    normalised: Floats = kernel / kernel.sum()
    return normalised


class StreamResampler:
    def __init__(self, from_rate: int, to_rate: int) -> None:
        if from_rate <= 0 or to_rate <= 0:
            raise ValueError("sample rates must be positive")
        self.from_rate = from_rate
        self.to_rate = to_rate
        self._step = from_rate / to_rate  # input samples per output sample
        cutoff = _CUTOFF_FRACTION * min(from_rate, to_rate) / 2 / from_rate
        self._kernel = _lowpass(cutoff, _TAPS)
        self._history: Floats = np.zeros(_TAPS - 1)
        # Filtered samples not yet consumed and the position of the next output in them.
        self._pending: Floats = np.zeros(0)
        self._position = 0.0

    def process(self, block: Floats) -> Floats:
        """Resample the next block of input (float samples); returns what is ready."""
        if self.from_rate == self.to_rate:
            return block
        padded = np.concatenate([self._history, block])
        self._history = padded[len(padded) - (_TAPS - 1) :]
        filtered = np.convolve(padded, self._kernel, mode="valid")
        self._pending = np.concatenate([self._pending, filtered])
        last = len(self._pending) - 1  # interpolation needs a sample on each side
        count = max(0, int(np.floor((last - self._position) / self._step)) + 1)
        if last < 1 or count == 0:
            return np.zeros(0)
        instants = self._position + self._step * np.arange(count)
        instants = instants[instants < last]
        out: Floats = np.interp(instants, np.arange(len(self._pending)), self._pending)
        consumed = int(np.floor(self._position + self._step * len(instants)))
        consumed = min(consumed, len(self._pending) - 1)
        self._position = self._position + self._step * len(instants) - consumed
        self._pending = self._pending[consumed:]
        return out
