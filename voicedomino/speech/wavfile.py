"""Read a WAV file's PCM or float samples, including WAVE_FORMAT_EXTENSIBLE headers (written by
sox and others for 24-bit or multichannel audio), which Python 3.11's `wave` module refuses.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voicedomino.speech.pcm import Samples, decode_pcm

_PCM = 1
_FLOAT = 3
_EXTENSIBLE = 0xFFFE


class WavReadError(ValueError):
    """Not a WAV file this reader understands; the message says why."""


@dataclass(frozen=True)
class WavAudio:
    rate: int
    channels: int
    bits: int
    samples: Samples  # mono, float in [-1, 1]


def _chunks(data: bytes) -> dict[bytes, bytes]:
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise WavReadError("not a RIFF/WAVE file")
    found: dict[bytes, bytes] = {}
    offset = 12
    while offset + 8 <= len(data):
        name = data[offset : offset + 4]
        (size,) = struct.unpack_from("<I", data, offset + 4)
        body = data[offset + 8 : offset + 8 + size]
        found.setdefault(name, body)
        offset += 8 + size + (size & 1)
    return found


def read_wav(path: Path) -> WavAudio:
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise WavReadError(f"cannot read ({error})") from error
    chunks = _chunks(raw)
    fmt, data = chunks.get(b"fmt "), chunks.get(b"data")
    if fmt is None or len(fmt) < 16 or data is None:
        raise WavReadError("no 'fmt ' or 'data' chunk")
    tag, channels, rate, _, block_align, bits = struct.unpack_from("<HHIIHH", fmt)
    if tag == _EXTENSIBLE:
        if len(fmt) < 26:
            raise WavReadError("truncated extensible format header")
        (tag,) = struct.unpack_from("<H", fmt, 24)  # first field of the sub-format GUID
    if channels < 1 or rate <= 0 or block_align < channels:
        raise WavReadError(f"bad header ({channels} channels, {rate} Hz)")
    width = block_align // channels
    data = data[: len(data) - len(data) % block_align]
    if tag == _PCM and width in (1, 2, 3, 4):
        samples = decode_pcm(data, width, channels)
    elif tag == _FLOAT and width in (4, 8):
        floats = np.frombuffer(data, dtype="<f4" if width == 4 else "<f8").astype(np.float64)
        samples = np.clip(floats.reshape(-1, channels).mean(axis=1), -1.0, 1.0)
    else:
        raise WavReadError(f"unsupported encoding (format {tag}, {bits}-bit)")
    return WavAudio(rate, channels, bits, samples)
