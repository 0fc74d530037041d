"""The cue WAV files: valid, distinct, panned as the game needs, and up to date."""

from __future__ import annotations

import importlib.util
import itertools
import wave
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from voicedomino.audio.cues import SOUNDS_DIR_ENV, Cue, CueLibrary, sounds_dir
from voicedomino.audio.sound import Sound
from voicedomino.audio.wav import read_sound

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_SOUNDS = ROOT / "voicedomino" / "data" / "sounds"
PROJECT_SOUNDS = ROOT / "sounds"
HEAD = [Cue.PLACE_HEAD_YOU, Cue.PLACE_HEAD_OTHER]
TAIL = [Cue.PLACE_TAIL_YOU, Cue.PLACE_TAIL_OTHER]


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_sounds", ROOT / "scripts" / "make_sounds.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def cues() -> dict[str, Sound]:
    return {cue.value: read_sound(PACKAGE_SOUNDS / f"{cue.value}.wav") for cue in Cue}


def _dominant_hz(samples: np.ndarray, rate: int) -> float:
    mono = samples.mean(axis=1) * np.hanning(samples.shape[0])
    spectrum = np.abs(np.fft.rfft(mono))
    return float(np.fft.rfftfreq(mono.size, 1 / rate)[np.argmax(spectrum)])


@pytest.mark.parametrize("cue", list(Cue))
def test_cue_file_is_short_stereo_16_bit(cue: Cue) -> None:
    with wave.open(str(PACKAGE_SOUNDS / f"{cue.value}.wav"), "rb") as wav:
        assert wav.getnchannels() == 2
        assert wav.getsampwidth() == 2
        assert wav.getframerate() == 22050
        duration = wav.getnframes() / wav.getframerate()
    limit = 1.5 if cue in (Cue.MATCH_WON, Cue.MATCH_LOST) else 1.0
    assert 0.1 < duration < limit


def test_cues_are_audible_and_not_clipped(cues: dict[str, Sound]) -> None:
    for name, sound in cues.items():
        peak = float(np.max(np.abs(sound.samples)))
        assert 0.2 < peak < 0.95, name
        assert sound.rms() > 0.03, name


def test_all_cues_differ(cues: dict[str, Sound]) -> None:
    # Compare loudness envelopes and spectra: no two cues may be near copies.
    def profile(sound: Sound) -> np.ndarray:
        padded = np.zeros((33075, 2), dtype=np.float32)  # 1.5 s
        padded[: sound.frames] = sound.samples[:33075]
        spectrum = np.abs(np.fft.rfft(padded.mean(axis=1)))[:8000]
        return np.concatenate([spectrum / np.linalg.norm(spectrum), padded.ravel()[::50]])

    for (a, sa), (b, sb) in itertools.combinations(cues.items(), 2):
        pa, pb = profile(sa), profile(sb)
        similarity = float(np.dot(pa, pb) / (np.linalg.norm(pa) * np.linalg.norm(pb)))
        assert similarity < 0.8, f"{a} and {b} sound alike ({similarity:.3f})"


@pytest.mark.parametrize("cue", HEAD)
def test_head_cues_are_louder_on_the_left(cues: dict[str, Sound], cue: Cue) -> None:
    left, right = np.sqrt(np.mean(np.square(cues[cue.value].samples), axis=0))
    assert left > 2 * right


@pytest.mark.parametrize("cue", TAIL)
def test_tail_cues_are_louder_on_the_right(cues: dict[str, Sound], cue: Cue) -> None:
    left, right = np.sqrt(np.mean(np.square(cues[cue.value].samples), axis=0))
    assert right > 2 * left


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [(Cue.PLACE_HEAD_YOU, Cue.PLACE_HEAD_OTHER), (Cue.PLACE_TAIL_YOU, Cue.PLACE_TAIL_OTHER)],
)
def test_my_moves_rise_and_the_computers_fall(
    cues: dict[str, Sound], mine: Cue, theirs: Cue
) -> None:
    def first_and_second_note(sound: Sound) -> tuple[float, float]:
        rate = sound.sample_rate
        first = sound.samples[int(0.03 * rate) : int(0.12 * rate)]
        second = sound.samples[int(0.14 * rate) : int(0.30 * rate)]
        return _dominant_hz(first, rate), _dominant_hz(second, rate)

    mine_1, mine_2 = first_and_second_note(cues[mine.value])
    theirs_1, theirs_2 = first_and_second_note(cues[theirs.value])
    assert mine_2 > mine_1 * 1.2
    assert theirs_2 < theirs_1 / 1.2


def test_head_and_tail_also_differ_in_pitch(cues: dict[str, Sound]) -> None:
    # Someone with one earphone still tells head from tail.
    for head, tail in zip(HEAD, TAIL, strict=True):
        rate = cues[head.value].sample_rate
        start, end = int(0.03 * rate), int(0.12 * rate)
        head_hz = _dominant_hz(cues[head.value].samples[start:end], rate)
        tail_hz = _dominant_hz(cues[tail.value].samples[start:end], rate)
        assert tail_hz > head_hz * 1.1


def test_committed_files_match_the_script(tmp_path: Path) -> None:
    script = _load_script()
    script.write_cues(tmp_path)
    for cue in Cue:
        fresh = read_sound(tmp_path / f"{cue.value}.wav").to_int16().astype(np.int32)
        for folder in (PACKAGE_SOUNDS, PROJECT_SOUNDS):
            committed = read_sound(folder / f"{cue.value}.wav").to_int16().astype(np.int32)
            assert committed.shape == fresh.shape, (folder, cue)
            assert int(np.max(np.abs(committed - fresh))) <= 1, (folder, cue)


def test_library_loads_every_cue() -> None:
    library = CueLibrary.load()
    assert library.missing == ()
    assert set(library.cues) == set(Cue)


def test_library_reports_missing_and_broken_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "your_turn.wav").write_bytes((PACKAGE_SOUNDS / "your_turn.wav").read_bytes())
    (tmp_path / "draw.wav").write_bytes(b"RIFF....not really a wav")
    monkeypatch.setenv(SOUNDS_DIR_ENV, str(tmp_path))
    assert sounds_dir() == tmp_path
    library = CueLibrary.load()
    assert library.cues == (Cue.YOUR_TURN,)
    assert Cue.DRAW in library.missing
    assert len(library.missing) == len(Cue) - 1


def test_library_resamples_for_the_device() -> None:
    library = CueLibrary.load().resampled(48000)
    original = read_sound(PACKAGE_SOUNDS / "pass.wav")
    converted = library.get(Cue.PASS)
    assert converted is not None
    assert converted.sample_rate == 48000
    assert abs(converted.duration - original.duration) < 0.001
