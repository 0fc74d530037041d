"""The game's audio cues: where their WAV files live, and loading them (names: `cue_names`).

The WAV files are made by `scripts/make_sounds.py` and shipped as package data in
`voicedomino/data/sounds/` (a copy also sits in the project's `sounds/` folder). The
`VOICEDOMINO_SOUNDS_DIR` environment variable points the game at another folder.
"""

from __future__ import annotations

import logging
import os
from importlib import resources
from pathlib import Path

from voicedomino.audio.cue_names import Cue
from voicedomino.audio.sound import Sound
from voicedomino.audio.wav import AudioFileError, read_sound

__all__ = ["SOUNDS_DIR_ENV", "Cue", "CueLibrary", "sounds_dir"]

log = logging.getLogger(__name__)

SOUNDS_DIR_ENV = "VOICEDOMINO_SOUNDS_DIR"


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
    """Cue sounds by `Cue`, loaded once; missing or unreadable files are listed in `missing`."""

    def __init__(self, sounds: dict[Cue, Sound], missing: tuple[Cue, ...] = ()) -> None:
        self._sounds = sounds
        self.missing = missing

    @classmethod
    def load(cls, folder: Path | None = None) -> CueLibrary:
        folder = folder if folder is not None else sounds_dir()
        sounds: dict[Cue, Sound] = {}
        missing: list[Cue] = []
        for cue in Cue:
            path = folder / f"{cue.value}.wav" if folder is not None else None
            if path is None or not path.is_file():
                missing.append(cue)
                continue
            try:
                sounds[cue] = read_sound(path).to_stereo()
            except AudioFileError as exc:
                log.warning("cue %s unreadable: %s", path, exc)
                missing.append(cue)
        return cls(sounds, tuple(missing))

    @property
    def cues(self) -> tuple[Cue, ...]:
        return tuple(self._sounds)

    def get(self, cue: Cue) -> Sound | None:
        return self._sounds.get(cue)

    def resampled(self, sample_rate: int) -> CueLibrary:
        """The same cues converted to `sample_rate` (the output stream's rate)."""
        converted = {cue: s.resampled(sample_rate) for cue, s in self._sounds.items()}
        return CueLibrary(converted, self.missing)
