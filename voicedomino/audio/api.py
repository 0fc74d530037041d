"""What the game needs from a sound output, and the notices a sound output can report.

`AudioOutput` (real sound) and `NullOutput` (`--no-voice`) both satisfy `SoundOutput`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Protocol

SoundingListener = Callable[[bool], None]
"""Called with True when sound starts and False when it has stopped (background thread)."""


class AudioNotice(StrEnum):
    """Keys passed to the `on_notice` callback, each at most once per output.

    The Italian wording for each key lives in `voicedomino.italian`.
    """

    AUDIO_UNAVAILABLE = "audio_unavailable"  # no output device at start: silent game
    AUDIO_DEVICE_MISSING = "audio_device_missing"  # configured device absent: default used
    AUDIO_LOST = "audio_lost"  # the device stopped working during the game: silent from now
    TTS_UNAVAILABLE = "tts_unavailable"  # speech synthesis cannot work (espeak-ng/pyttsx3)
    TTS_FAILED = "tts_failed"  # one message could not be synthesised (reported once)
    CUES_MISSING = "cues_missing"  # some cue files are missing or unreadable


class SoundOutput(Protocol):
    """The non-blocking sound API used from the game thread."""

    rate: int
    volume: float

    def start(self) -> None: ...

    def close(self) -> None: ...

    def speak(self, text: str) -> None: ...

    def play_cue(self, name: str, pan: float = 0.0, volume: float = 1.0) -> None: ...

    def stop_speech(self) -> None: ...

    def is_sounding(self) -> bool: ...

    @property
    def last_sound_end(self) -> float: ...

    def quiet_for(self, seconds: float) -> bool: ...

    def wait_idle(self, timeout: float) -> bool: ...

    def add_listener(self, listener: SoundingListener) -> None: ...

    def remove_listener(self, listener: SoundingListener) -> None: ...
