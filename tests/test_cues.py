"""The cue WAV files: valid, distinct, a timbre per seat, centred, and up to date."""

from __future__ import annotations

import importlib.util
import itertools
import wave
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from voicedomino.audio.cue_names import ARM_CUES, PLACE_CUES
from voicedomino.audio.cues import SOUNDS_DIR_ENV, Cue, CueLibrary, sounds_dir
from voicedomino.audio.sound import Sound
from voicedomino.audio.wav import read_sound

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_SOUNDS = ROOT / "voicedomino" / "data" / "sounds"
PROJECT_SOUNDS = ROOT / "sounds"
SEATS = range(4)
RATE = 22050
# Where the notes of a placement cue sit (seconds): a click, the first note from 0.02 s, the
# second from 0.17 s. The windows compare both notes at the same age.
FIRST_NOTE = (0.03, 0.14)
SECOND_NOTE = (0.19, 0.30)


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


def _mono(sound: Sound) -> np.ndarray:
    return sound.samples.astype(np.float64).mean(axis=1)


def _centroid_hz(mono: np.ndarray) -> float:
    """Spectral centroid (magnitude-weighted mean frequency): how bright a sound is."""
    spectrum = np.abs(np.fft.rfft(mono * np.hanning(mono.size)))
    freqs = np.fft.rfftfreq(mono.size, 1 / RATE)
    return float(np.sum(freqs * spectrum) / np.sum(spectrum))


def _window(sound: Sound, span: tuple[float, float]) -> np.ndarray:
    return _mono(sound)[round(span[0] * RATE) : round(span[1] * RATE)]


def _cue_centroid_hz(sound: Sound) -> float:
    """Brightness of the whole figure: the geometric mean of both notes' centroids."""
    first = _centroid_hz(_window(sound, FIRST_NOTE))
    second = _centroid_hz(_window(sound, SECOND_NOTE))
    return float(np.sqrt(first * second))


def _first_note_envelope(sound: Sound) -> tuple[float, float]:
    """(seconds from onset to the loudest 5 ms, level 0.12 s after onset in dB re the peak)."""
    notes = _window(sound, (0.02, 0.15))
    size = round(0.005 * RATE)
    count = notes.size // size
    rms = np.sqrt(np.mean(np.square(notes[: count * size].reshape(count, size)), axis=1))
    attack = (int(np.argmax(rms)) + 0.5) * 0.005
    ring_db = 20 * float(np.log10(rms[-1] / np.max(rms)))
    return attack, ring_db


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


@pytest.mark.parametrize("cue", list(PLACE_CUES.values()))
def test_placement_cues_are_centred(cues: dict[str, Sound], cue: Cue) -> None:
    # The stereo place is the seat's, given by the mixer: the file itself must not lean.
    samples = cues[cue.value].samples
    assert np.array_equal(samples[:, 0], samples[:, 1])


@pytest.mark.parametrize(("seat_a", "seat_b"), list(itertools.combinations(SEATS, 2)))
@pytest.mark.parametrize("head", [True, False], ids=["head", "tail"])
def test_each_seat_has_its_own_brightness(
    cues: dict[str, Sound], seat_a: int, seat_b: int, head: bool
) -> None:
    a = _cue_centroid_hz(cues[PLACE_CUES[seat_a, head].value])
    b = _cue_centroid_hz(cues[PLACE_CUES[seat_b, head].value])
    assert max(a, b) / min(a, b) > 1.3, f"seats {seat_a} and {seat_b}: {a:.0f} vs {b:.0f} Hz"


def test_seats_differ_in_envelope(cues: dict[str, Sound]) -> None:
    envelopes = {seat: _first_note_envelope(cues[PLACE_CUES[seat, True].value]) for seat in SEATS}
    attack = {seat: envelopes[seat][0] for seat in SEATS}
    ring = {seat: envelopes[seat][1] for seat in SEATS}
    # The first computer's reed swells in; every other seat strikes.
    assert all(attack[1] > 3 * attack[seat] for seat in (0, 2, 3)), attack
    # Its reed and the second computer's bell ring on; your marimba and the third's wood die.
    assert min(ring[1], ring[2]) > max(ring[0], ring[3]) + 6, ring
    # Your marimba and the low wood share an envelope but lie far apart in brightness.
    marimba = _cue_centroid_hz(cues[Cue.PLACE_HEAD_YOU.value])
    wood = _cue_centroid_hz(cues[Cue.PLACE_HEAD_SEAT3.value])
    assert marimba > 2 * wood


@pytest.mark.parametrize("seat", SEATS)
def test_head_rises_and_tail_falls(cues: dict[str, Sound], seat: int) -> None:
    # The stereo place tells the seat, so the figure alone must tell head from tail.
    def notes(cue: Cue) -> tuple[float, float]:
        sound = cues[cue.value]
        return (
            _centroid_hz(_window(sound, FIRST_NOTE)),
            _centroid_hz(_window(sound, SECOND_NOTE)),
        )

    head_first, head_second = notes(PLACE_CUES[seat, True])
    tail_first, tail_second = notes(PLACE_CUES[seat, False])
    assert head_second > 1.3 * head_first
    assert tail_second < tail_first / 1.3
    assert head_second > 1.8 * tail_second  # they end far apart: one earphone is enough


def test_seats_are_about_equally_loud(cues: dict[str, Sound]) -> None:
    levels = [cues[cue.value].rms() for cue in PLACE_CUES.values()]
    assert max(levels) < 2 * min(levels), levels  # within 6 dB


def test_placement_cues_leave_headroom_for_panning(cues: dict[str, Sound]) -> None:
    # A cue panned to one side gets sqrt(2) in that channel: it must still not clip.
    for cue in (*PLACE_CUES.values(), Cue.DRAW, Cue.PASS):
        assert float(np.max(np.abs(cues[cue.value].samples))) * np.sqrt(2) < 1.0, cue


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


def _peak_hz(mono: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(mono * np.hanning(mono.size), n=1 << 15))
    return float(np.fft.rfftfreq(1 << 15, 1 / RATE)[np.argmax(spectrum)])


# Seats whose timbre has its fundamental loudest (the bell's partials outshine its own).
FUNDAMENTAL_SEATS = (0, 1, 3)


@pytest.mark.parametrize("seat", FUNDAMENTAL_SEATS)
def test_each_arm_has_its_own_pitch_figure(seat: int, cues: dict[str, Sound]) -> None:
    """Testa a fifth up, coda a fifth down, sopra an octave up, sotto an octave down: the four
    arms of a spinner table are told apart by the interval, on one earphone too."""
    figures = {
        "head": (PLACE_CUES[seat, True], 1.5),
        "tail": (PLACE_CUES[seat, False], 1 / 1.5),
        "up": (ARM_CUES[seat, "up"], 2.0),
        "down": (ARM_CUES[seat, "down"], 0.5),
    }
    for arm, (cue, interval) in figures.items():
        sound = cues[cue.value]
        first = _peak_hz(_window(sound, (0.03, 0.12)))
        last = _peak_hz(_window(sound, (0.26, 0.40)))
        assert last / first == pytest.approx(interval, rel=0.03), arm
