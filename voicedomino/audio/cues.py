"""The game's audio cues: names, where their WAV files live, and loading them.

The WAV files are made by `scripts/make_sounds.py` and shipped as package data in
`voicedomino/data/sounds/` (a copy also sits in the project's `sounds/` folder). The
`VOICEDOMINO_SOUNDS_DIR` environment variable points the game at another folder.
"""

from __future__ import annotations

import logging
import os
from enum import StrEnum
from importlib import resources
from pathlib import Path

from voicedomino.audio.sound import Sound, WavFormatError, read_wav

log = logging.getLogger(__name__)

SOUNDS_DIR_ENV = "VOICEDOMINO_SOUNDS_DIR"


class Cue(StrEnum):
    """Every cue the game can play; the value is the WAV file's stem."""

    YOUR_TURN = "your_turn"
    PLACE_HEAD_YOU = "place_head_you"
    PLACE_TAIL_YOU = "place_tail_you"
    PLACE_HEAD_OTHER = "place_head_other"
    PLACE_TAIL_OTHER = "place_tail_other"
    DRAW = "draw"
    PASS = "pass"
    INVALID = "invalid"
    BONUS = "bonus"
    ROUND_WON = "round_won"
    ROUND_LOST = "round_lost"
    BLOCKED = "blocked"
    MATCH_WON = "match_won"
    MATCH_LOST = "match_lost"
    LISTENING = "listening"
    LISTENING_END = "listening_end"


def _package_sounds_dir() -> Path:
    return Path(str(resources.files("voicedomino"))) / "data" / "sounds"


def _checkout_sounds_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "sounds"


def sounds_dir() -> Path | None:
    """The first folder holding cue files: env override, package data, then source checkout."""
    override = os.environ.get(SOUNDS_DIR_ENV)
    candidates = [Path(override)] if override else []
    candidates += [_package_sounds_dir(), _checkout_sounds_dir()]
    for folder in candidates:
        if folder.is_dir() and any(folder.glob("*.wav")):
            return folder
    return None


class CueLibrary:
    """Cue sounds by name, loaded once; missing or unreadable files are listed in `missing`."""

    def __init__(self, sounds: dict[str, Sound], missing: tuple[str, ...] = ()) -> None:
        self._sounds = sounds
        self.missing = missing

    @classmethod
    def load(cls, folder: Path | None = None) -> CueLibrary:
        folder = folder if folder is not None else sounds_dir()
        sounds: dict[str, Sound] = {}
        missing: list[str] = []
        for cue in Cue:
            path = folder / f"{cue.value}.wav" if folder is not None else None
            if path is None or not path.is_file():
                missing.append(cue.value)
                continue
            try:
                sounds[cue.value] = read_wav(path).to_stereo()
            except (OSError, WavFormatError) as exc:
                log.warning("cue %s unreadable: %s", path, exc)
                missing.append(cue.value)
        return cls(sounds, tuple(missing))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._sounds)

    def get(self, name: str) -> Sound | None:
        return self._sounds.get(name)

    def resampled(self, sample_rate: int) -> CueLibrary:
        """The same cues converted to `sample_rate` (the output stream's rate)."""
        converted = {name: s.resampled(sample_rate) for name, s in self._sounds.items()}
        return CueLibrary(converted, self.missing)
