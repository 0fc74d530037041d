"""Noise suppression for the recogniser, used when the room is noisy.

A fan, traffic or a busy room under the player's voice makes the small models mishear. Two
suppressors, the better one that is installed:
- RNNoise, a small recurrent network trained on speech in noise: it needs no time to learn the
  room. Its library comes with the `pyrnnoise` wheel (Linux, Windows), loaded directly: that
  package's own Python module wants plotting packages the game does not need.
- WebRTC's noise suppression (`webrtc-noise-gain`, as in Home Assistant's voice pipeline),
  which learns the steady noise of the room as it goes.

Both keep state across frames, so they see all the audio, in order. Their output is used only
while the room is noisy (`RoomNoise`: the level between utterances is above
NOISY_ROOM_DBFS): on clean speech a suppressor can only take something away, and measured with
benchmarks/bench_room.py RNNoise costs the stand-in's clean commands a fifth of their accuracy
while it raises the 10 dB ones by a half.
"""

from __future__ import annotations

import collections
import ctypes
import importlib.util
import logging
import math
import sys
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from voicedomino.audio.resample import StreamResampler

log = logging.getLogger(__name__)

SAMPLE_RATE = 16000
NOISY_ROOM_DBFS = -45.0  # the level between utterances above which the room counts as noisy
WEBRTC_LEVEL = 2  # 0 to 4
_RNNOISE_RATE = 48000
_RNNOISE_FRAME = 480  # 10 ms at 48 kHz
_WEBRTC_STEP_BYTES = 320  # 10 ms of 16 kHz 16-bit mono audio


class Suppressor(Protocol):
    name: str

    def process(self, pcm: bytes) -> bytes:
        """The audio with the noise taken out, exactly as many bytes as were given."""
        ...


class _SameLength:
    """Hands back as many bytes as it is given; the suppressor behind it may work in steps, so
    the output lags the input by up to a step (silence fills the very first gap)."""

    def __init__(self) -> None:
        self._ready = b""

    def _out(self, made: bytes, wanted: int) -> bytes:
        self._ready += made
        out, self._ready = self._ready[:wanted], self._ready[wanted:]
        return bytes(wanted - len(out)) + out


class WebRtcSuppressor(_SameLength):
    name = "webrtc"

    def __init__(self, level: int = WEBRTC_LEVEL) -> None:
        from webrtc_noise_gain import AudioProcessor

        super().__init__()
        self._processor: Any = AudioProcessor(0, level)  # no automatic gain
        self._rest = b""

    def process(self, pcm: bytes) -> bytes:
        data = self._rest + pcm
        usable = len(data) - len(data) % _WEBRTC_STEP_BYTES
        self._rest = data[usable:]
        made = b"".join(
            self._processor.Process10ms(data[at : at + _WEBRTC_STEP_BYTES]).audio
            for at in range(0, usable, _WEBRTC_STEP_BYTES)
        )
        return self._out(made, len(pcm))


def _rnnoise_library() -> Any:
    """librnnoise from the pyrnnoise wheel, found without importing the package."""
    spec = importlib.util.find_spec("pyrnnoise")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("pyrnnoise is not installed")
    name = {"win32": "rnnoise.dll", "darwin": "librnnoise.dylib"}.get(sys.platform, "librnnoise.so")
    for folder in spec.submodule_search_locations:
        path = Path(folder) / name
        if path.is_file():
            library = ctypes.CDLL(str(path))
            break
    else:
        raise ImportError(f"pyrnnoise has no {name}")
    library.rnnoise_create.restype = ctypes.c_void_p
    library.rnnoise_create.argtypes = [ctypes.c_void_p]
    library.rnnoise_destroy.argtypes = [ctypes.c_void_p]
    library.rnnoise_process_frame.restype = ctypes.c_float
    floats = ctypes.POINTER(ctypes.c_float)
    library.rnnoise_process_frame.argtypes = [ctypes.c_void_p, floats, floats]
    return library


class RnNoiseSuppressor(_SameLength):
    name = "rnnoise"

    def __init__(self) -> None:
        super().__init__()
        self._library = _rnnoise_library()
        self._state = self._library.rnnoise_create(None)
        self._up = StreamResampler(SAMPLE_RATE, _RNNOISE_RATE)
        self._down = StreamResampler(_RNNOISE_RATE, SAMPLE_RATE)
        self._rest = np.zeros(0, dtype=np.float32)  # 48 kHz samples short of a frame
        self._odd = b""  # half a sample

    def process(self, pcm: bytes) -> bytes:
        data_bytes = self._odd + pcm
        whole = len(data_bytes) - len(data_bytes) % 2
        self._odd = data_bytes[whole:]
        samples = np.frombuffer(data_bytes[:whole], dtype="<i2").astype(np.float32)
        data = np.concatenate([self._rest, self._up.process(samples)])
        usable = len(data) - len(data) % _RNNOISE_FRAME
        self._rest = data[usable:].copy()
        frames = np.ascontiguousarray(data[:usable], dtype=np.float32)
        pointer = ctypes.POINTER(ctypes.c_float)
        for start in range(0, usable, _RNNOISE_FRAME):
            frame = frames[start : start + _RNNOISE_FRAME]  # a view: processed in place
            address = frame.ctypes.data_as(pointer)
            self._library.rnnoise_process_frame(self._state, address, address)
        down = self._down.process(frames)
        made = np.clip(np.rint(down), -32768, 32767).astype("<i2").tobytes()
        return self._out(made, len(pcm))

    def __del__(self) -> None:
        state, self._state = getattr(self, "_state", None), None
        if state:
            self._library.rnnoise_destroy(state)


def default_suppressor() -> Suppressor | None:
    """The best suppressor installed, or None."""
    for kind in (RnNoiseSuppressor, WebRtcSuppressor):
        try:
            return kind()
        except (ImportError, OSError) as error:
            log.info("no %s noise suppression: %s", kind.name, error)
    return None


def level_dbfs(pcm: bytes) -> float:
    """RMS level of 16-bit audio in dB below full scale (-120 for silence)."""
    samples = np.frombuffer(pcm, dtype="<i2").astype(np.float64)
    if not len(samples):
        return -120.0
    rms = math.sqrt(float(np.mean(samples**2)))
    return max(-120.0, 20 * math.log10(rms / 32768)) if rms > 0 else -120.0


class RoomNoise:
    """How loud the room is between utterances: the median level of the last second or so of
    audio that held no voice."""

    def __init__(self, threshold_dbfs: float = NOISY_ROOM_DBFS, frames: int = 20) -> None:
        self.threshold_dbfs = threshold_dbfs
        self._levels: collections.deque[float] = collections.deque(maxlen=frames)

    def hear_background(self, pcm: bytes) -> None:
        if pcm:
            self._levels.append(level_dbfs(pcm))

    @property
    def level_dbfs(self) -> float:
        if not self._levels:
            return -120.0
        return float(np.median(np.fromiter(self._levels, dtype=np.float64)))

    @property
    def noisy(self) -> bool:
        return self.level_dbfs > self.threshold_dbfs
