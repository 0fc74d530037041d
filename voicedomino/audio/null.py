"""A silent sound output with the full `SoundOutput` API, for `--no-voice`."""

from __future__ import annotations

from voicedomino.audio.api import RATE_DEFAULT_WPM
from voicedomino.audio.cue_names import Cue
from voicedomino.audio.voices import VoiceInfo


class NullOutput:
    """Accepts every call and makes no sound; the transcript on stdout carries the game."""

    # Nothing is heard: a change of rate, volume or voice is kept for when the voice is on.
    available = False
    speech_available = False
    screen_reader: str | None = None

    def __init__(self, rate: int = RATE_DEFAULT_WPM, volume: float = 1.0) -> None:
        self.rate = rate
        self.volume = volume

    def __enter__(self) -> NullOutput:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def start(self) -> None:
        pass

    def close(self) -> None:
        pass

    def speak(self, text: str) -> None:
        pass

    def play_cue(self, cue: Cue, pan: float = 0.0, volume: float = 1.0) -> None:
        pass

    def stop_speech(self) -> None:
        pass

    def is_sounding(self) -> bool:
        return False

    def speech_waiting(self) -> int:
        return 0

    def wait_idle(self, timeout: float) -> bool:
        return True

    @property
    def voice(self) -> VoiceInfo | None:
        return None

    def use_voice(self, name: str) -> VoiceInfo | None:
        return None
