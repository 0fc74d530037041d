"""What the game needs from a sound output, its limits, and the notices it can report.

`AudioOutput` (real sound) and `NullOutput` (`--no-voice`) both satisfy `SoundOutput`.
The speaking rate and volume limits live here once: the synthesis clamps to them, and the
saved preferences use the same numbers.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from voicedomino.audio.cue_names import Cue

if TYPE_CHECKING:
    from voicedomino.audio.voices import VoiceInfo

RATE_MIN_WPM = 80
RATE_MAX_WPM = 400  # espeak-ng is hard to follow beyond 400 words per minute
RATE_DEFAULT_WPM = 175
VOLUME_MIN = 0.0
VOLUME_MAX = 1.0


def clamp_rate(rate_wpm: float) -> int:
    """A speaking rate within [RATE_MIN_WPM, RATE_MAX_WPM] words per minute."""
    return max(RATE_MIN_WPM, min(RATE_MAX_WPM, int(rate_wpm)))


def clamp_volume(volume: float) -> float:
    """A volume within [VOLUME_MIN, VOLUME_MAX]."""
    return max(VOLUME_MIN, min(VOLUME_MAX, float(volume)))


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
    VOICE_NOT_ITALIAN = "voice_not_italian"  # no Italian system voice: another one speaks
    VOICE_NOT_FOUND = "voice_not_found"  # the voice chosen by name is absent: Italian default
    SCREEN_READER_UNAVAILABLE = "screen_reader_unavailable"  # the game's own voice speaks


class SoundOutput(Protocol):
    """The non-blocking sound API used from the game thread."""

    rate: int
    volume: float

    def start(self) -> None: ...

    def close(self) -> None: ...

    def speak(self, text: str) -> None: ...

    def play_cue(self, cue: Cue, pan: float = 0.0, volume: float = 1.0) -> None: ...

    def stop_speech(self) -> None: ...

    def is_sounding(self) -> bool: ...

    def wait_idle(self, timeout: float) -> bool: ...

    @property
    def voice(self) -> VoiceInfo | None:
        """The system voice speaking; None without one (no voice, or a screen reader)."""
        ...

    def use_voice(self, name: str) -> VoiceInfo | None:
        """Speak with the system voice called `name` from the next message; None: cannot."""
        ...
