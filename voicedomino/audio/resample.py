"""Sample-rate conversion with `soxr` (libsoxr): the project's one resampler.

`resample` converts a whole clip (cues, synthesised speech, a WAV file given as input);
`StreamResampler` converts a stream block by block (a microphone that will not run at the
recogniser's rate), carrying the filter state across blocks so block edges leave no clicks.
"""

from __future__ import annotations

from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
import soxr

Samples = TypeVar("Samples", bound=npt.NDArray[Any])
"""float32, float64, int16 or int32 samples, 1-D (mono) or shaped (frames, channels)."""

QUALITY = "HQ"  # libsoxr's high quality: band-limited, inaudible ripple, fast enough here


def resample(samples: Samples, from_rate: int, to_rate: int) -> Samples:
    """The whole clip `samples` at `to_rate`; same dtype and channel layout."""
    if from_rate <= 0 or to_rate <= 0:
        raise ValueError("sample rates must be positive")
    if from_rate == to_rate or samples.shape[0] == 0:
        return samples
    out: Samples = soxr.resample(samples, from_rate, to_rate, quality=QUALITY)
    return out


class StreamResampler:
    """Block-by-block conversion of one stream of `dtype` samples from `from_rate` to `to_rate`."""

    def __init__(
        self, from_rate: int, to_rate: int, *, channels: int = 1, dtype: str = "float32"
    ) -> None:
        if from_rate <= 0 or to_rate <= 0:
            raise ValueError("sample rates must be positive")
        self.from_rate = from_rate
        self.to_rate = to_rate
        self._dtype = np.dtype(dtype)
        self._stream = soxr.ResampleStream(
            from_rate, to_rate, channels, dtype=dtype, quality=QUALITY
        )

    def process(self, block: Samples, *, last: bool = False) -> Samples:
        """Resample the next block; returns what is ready (`last` flushes the filter's tail)."""
        if self.from_rate == self.to_rate:
            return block
        data = np.ascontiguousarray(block, dtype=self._dtype)
        out: Samples = self._stream.resample_chunk(data, last=last)
        return out
