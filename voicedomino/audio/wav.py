"""Reading and writing sound files with `soundfile` (libsndfile): the project's one WAV reader.

Any format libsndfile reads is accepted (PCM of any width, float, WAVE_FORMAT_EXTENSIBLE, AIFF
as written by macOS speech synthesis); everything is returned as a float32 `Sound`. Files are
written as 16-bit PCM WAV.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO, ClassVar

import numpy as np
import soundfile

from voicedomino.audio.sound import Sound


class AudioFileError(ValueError):
    """A sound file that cannot be read (missing, truncated, not audio); `key` is the notice."""

    key: ClassVar[str] = "audio_format"


def read_sound(path: Path | str | BinaryIO) -> Sound:
    """The file's samples as float32 in [-1, 1], shaped (frames, channels), at its own rate.

    *path* may be a file already opened (and checked) by the caller."""
    if isinstance(path, Path | str) and not Path(path).is_file():
        raise AudioFileError(f"cannot read {path}: no such file")
    try:
        source = path if not isinstance(path, Path | str) else str(path)
        samples, rate = soundfile.read(source, dtype="float32", always_2d=True)
    except (soundfile.LibsndfileError, RuntimeError, OSError, TypeError, ValueError) as error:
        raise AudioFileError(str(error)) from error  # names the file and libsndfile's reason
    if samples.shape[1] == 0 or rate <= 0:
        raise AudioFileError(f"{path}: no channels or no sample rate")
    return Sound(np.ascontiguousarray(samples, dtype=np.float32), int(rate))


def write_wav(path: Path | str, sound: Sound) -> None:
    """Write `sound` as a 16-bit PCM WAV file (samples beyond [-1, 1] are clipped)."""
    soundfile.write(str(path), sound.to_int16(), sound.sample_rate, subtype="PCM_16", format="WAV")
