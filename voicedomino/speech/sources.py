"""Where the recogniser's audio comes from: the microphone or a WAV file.

Every source delivers `AudioFrame`s of 16 kHz mono 16-bit PCM with timestamps. `read(timeout)`
returns a frame, or None when none arrived within `timeout`, and raises `EndOfAudio` when a
finite source is exhausted; iterating a source opens it and yields all its frames.

A microphone that cannot be opened, or that stops delivering audio, raises
`MicrophoneUnavailable` (notice key "microphone_unavailable"): the game says so and goes on with
the keyboard; the listener can `resume()` later.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol

import numpy as np

from voicedomino.audio.resample import StreamResampler
from voicedomino.audio.wav import AudioFileError, read_sound
from voicedomino.persistence.files import UnusableFile, open_regular

SAMPLE_RATE = 16000
BYTES_PER_SAMPLE = 2
AUDIO_FILE_LIMIT = 512 << 20  # bytes: hours of speech; a file is read whole, so no more
DEFAULT_BLOCK_SECONDS = 0.05
_QUEUE_BLOCKS_SECONDS = 10.0  # beyond this backlog the oldest microphone audio is dropped


@dataclass(frozen=True)
class AudioFrame:
    pcm: bytes  # 16-bit little-endian mono at SAMPLE_RATE
    start: float  # seconds since the source was opened, on the audio's own timeline
    captured_at: float  # time.monotonic() when the frame's last sample was available

    @property
    def duration(self) -> float:
        return len(self.pcm) / (BYTES_PER_SAMPLE * SAMPLE_RATE)

    @property
    def end(self) -> float:
        return self.start + self.duration


class SourceError(Exception):
    """An input source failed; `key` is the notice to give the player."""

    key: ClassVar[str] = "audio_input_error"


class MicrophoneUnavailable(SourceError):
    key: ClassVar[str] = "microphone_unavailable"


class AudioFormatError(SourceError):
    """An input file that is not audio; raised from `audio.wav.AudioFileError` (same key)."""

    key: ClassVar[str] = AudioFileError.key


class AudioFileMissing(SourceError):
    key: ClassVar[str] = "audio_file_missing"


class AudioFileUnusable(SourceError):
    """Not a file (a folder, a FIFO, a device), far too big, or not ours to read."""

    key: ClassVar[str] = "audio_file_unusable"


class EndOfAudio(Exception):
    """A finite source has delivered everything."""


class AudioSource(Protocol):
    def open(self) -> None: ...

    def read(self, timeout: float) -> AudioFrame | None: ...

    def close(self) -> None: ...


def iterate(source: AudioSource, timeout: float = 1.0) -> Iterator[AudioFrame]:
    """Open `source`, yield its frames until it ends, close it."""
    source.open()
    try:
        while True:
            try:
                frame = source.read(timeout)
            except EndOfAudio:
                return
            if frame is not None:
                yield frame
    finally:
        source.close()


class WavFileSource:
    """A sound file as input (any format `audio.wav` reads), converted to 16 kHz mono 16-bit.

    With `realtime` each frame is released when it would have been captured live (measured
    from `open()`), and carries that moment as its capture time even when it is read late, as
    a microphone's queued frames do; otherwise frames come as fast as they are read.
    """

    def __init__(
        self, path: Path, *, realtime: bool = False, block_seconds: float = DEFAULT_BLOCK_SECONDS
    ) -> None:
        self.path = Path(path)
        self.realtime = realtime
        self._block_bytes = max(1, round(block_seconds * SAMPLE_RATE)) * BYTES_PER_SAMPLE
        self.pcm = _read_wav_as_16k_mono(self.path)
        self._offset = 0
        self.started_at = 0.0

    @property
    def duration(self) -> float:
        return len(self.pcm) / (BYTES_PER_SAMPLE * SAMPLE_RATE)

    def open(self) -> None:
        self._offset = 0
        self.started_at = time.monotonic()

    def read(self, timeout: float) -> AudioFrame | None:
        if self._offset >= len(self.pcm):
            raise EndOfAudio
        chunk = self.pcm[self._offset : self._offset + self._block_bytes]
        start = self._offset / (BYTES_PER_SAMPLE * SAMPLE_RATE)
        end = start + len(chunk) / (BYTES_PER_SAMPLE * SAMPLE_RATE)
        if self.realtime:
            wait = self.started_at + end - time.monotonic()
            if wait > timeout:
                time.sleep(max(0.0, timeout))
                return None
            if wait > 0:
                time.sleep(wait)
        self._offset += len(chunk)
        captured_at = self.started_at + end if self.realtime else time.monotonic()
        return AudioFrame(chunk, start, captured_at)

    def close(self) -> None:
        self._offset = len(self.pcm)

    def __iter__(self) -> Iterator[AudioFrame]:
        return iterate(self)


def _read_wav_as_16k_mono(path: Path) -> bytes:
    """The whole file, converted; through the bounded opener, so nothing at the path (a FIFO,
    a device, a file of gigabytes) can hang the game or fill its memory."""
    try:
        with open_regular(path, AUDIO_FILE_LIMIT) as stream:
            sound = read_sound(stream)
    except FileNotFoundError as error:
        raise AudioFileMissing(f"no audio file at {path}") from error
    except (UnusableFile, OSError) as error:
        raise AudioFileUnusable(f"cannot read {path}: {error}") from error
    except AudioFileError as error:
        raise AudioFormatError(f"not a sound file: {error}") from error
    converted = sound.to_mono().resampled(SAMPLE_RATE)
    return converted.to_int16().astype("<i2").tobytes()


class MicrophoneSource:
    """Live capture with sounddevice: 16 kHz mono int16 blocks pushed into a queue.

    `device` is a sounddevice device index or name (from the settings), None for the default.
    If the device cannot run at 16 kHz it is opened at its own rate and resampled. No audio for
    `stall_timeout` seconds means the device went away.
    """

    def __init__(
        self,
        device: int | str | None = None,
        *,
        block_seconds: float = DEFAULT_BLOCK_SECONDS,
        stall_timeout: float = 2.0,
    ) -> None:
        self.device = device
        self.block_seconds = block_seconds
        self.stall_timeout = stall_timeout
        self.overflows = 0
        self._stream: Any = None
        self._resampler: StreamResampler | None = None
        maxsize = max(1, int(_QUEUE_BLOCKS_SECONDS / block_seconds))
        # (audio, when captured, where it starts in the device's samples): a block dropped
        # from a full queue leaves its gap in the timeline, the frames after keep their time.
        self._blocks: queue.Queue[tuple[bytes, float, int]] = queue.Queue(maxsize=maxsize)
        self._samples_in = 0  # device samples captured since open()
        self._rate = SAMPLE_RATE  # the device's
        self.dropped_blocks = 0  # the oldest audio dropped when the listener fell far behind
        self._last_audio = 0.0
        self._lost = threading.Event()

    @property
    def device_rate(self) -> int | None:
        return None if self._stream is None else int(self._stream.samplerate)

    def open(self) -> None:
        self.close()
        try:
            import sounddevice as sd
        except OSError as error:  # PortAudio library missing
            raise MicrophoneUnavailable(f"no audio system: {error}") from error
        self._lost.clear()
        self._drain()
        self._samples_in = 0
        try:
            self._stream = self._start_stream(sd, SAMPLE_RATE)
            self._resampler = None
        except (sd.PortAudioError, ValueError, OSError) as first_error:
            try:
                rate = int(sd.query_devices(self.device, "input")["default_samplerate"])
                self._stream = self._start_stream(sd, rate)
                self._resampler = StreamResampler(rate, SAMPLE_RATE, dtype="int16")
            except (sd.PortAudioError, ValueError, OSError, KeyError, TypeError) as error:
                self._stream = None
                raise MicrophoneUnavailable(
                    f"cannot open microphone {self.device!r}: {first_error}"
                ) from error
        self._rate = int(self._stream.samplerate)
        self._last_audio = time.monotonic()

    def _start_stream(self, sd: Any, rate: int) -> Any:
        stream = sd.RawInputStream(
            samplerate=rate,
            blocksize=max(1, round(self.block_seconds * rate)),
            device=self.device,
            channels=1,
            dtype="int16",
            callback=self._on_audio,
            finished_callback=self._lost.set,
        )
        try:
            stream.start()
        except Exception:
            stream.close(ignore_errors=True)
            raise
        return stream

    def _on_audio(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        # PortAudio's thread: copy and hand over, nothing slow here.
        if status and status.input_overflow:
            self.overflows += 1
        item = (bytes(indata), time.monotonic(), self._samples_in)
        self._samples_in += frames
        try:
            self._blocks.put_nowait(item)
        except queue.Full:
            with contextlib.suppress(queue.Empty):
                self._blocks.get_nowait()
                self.dropped_blocks += 1
            with contextlib.suppress(queue.Full):
                self._blocks.put_nowait(item)

    def read(self, timeout: float) -> AudioFrame | None:
        if self._stream is None:
            raise MicrophoneUnavailable("microphone not open")
        try:
            pcm, captured_at, first_sample = self._blocks.get(timeout=timeout)
        except queue.Empty:
            self._check_alive()
            return None
        self._last_audio = time.monotonic()
        if self._resampler is not None:
            block = np.frombuffer(pcm, dtype="<i2")
            pcm = self._resampler.process(block).astype("<i2").tobytes()
        return AudioFrame(pcm, first_sample / self._rate, captured_at)

    def _check_alive(self) -> None:
        if self._lost.is_set() or not self._stream.active:
            raise MicrophoneUnavailable("the microphone stream stopped")
        silent_for = time.monotonic() - self._last_audio
        if silent_for > self.stall_timeout:
            raise MicrophoneUnavailable(f"no audio from the microphone for {silent_for:.1f} s")

    def close(self) -> None:
        stream, self._stream = self._stream, None
        if stream is not None:
            with contextlib.suppress(Exception):
                stream.abort(ignore_errors=True)
            with contextlib.suppress(Exception):
                stream.close(ignore_errors=True)

    def _drain(self) -> None:
        with contextlib.suppress(queue.Empty):
            while True:
                self._blocks.get_nowait()

    def __iter__(self) -> Iterator[AudioFrame]:
        return iterate(self)


def silence(seconds: float) -> bytes:
    """Digital silence at the recogniser's format (for tests and padding)."""
    return np.zeros(round(seconds * SAMPLE_RATE), dtype="<i2").tobytes()
