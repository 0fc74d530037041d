"""Real pyttsx3 + espeak-ng synthesis of Italian into audio."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from voicedomino.audio.api import RATE_MAX_WPM, RATE_MIN_WPM
from voicedomino.audio.sound import Sound
from voicedomino.audio.synthesis import (
    EMPTY_RESULT_ATTEMPTS,
    SpeechSynthesisError,
    SpeechUnavailableError,
    Synthesizer,
)
from voicedomino.audio.wav import AudioFileError, read_sound, write_wav

ROOT = Path(__file__).resolve().parents[1]
SHORT = "Tocca a te."
LONG = (
    "Il computer ha giocato il doppio sei in testa. Adesso in testa c'è il sei e in coda "
    "il quattro. Nel pozzo restano dodici tessere e tu ne hai sei in mano."
)


@pytest.fixture(scope="module")
def synth() -> Synthesizer:
    return Synthesizer()


def test_italian_voice_is_chosen(synth: Synthesizer) -> None:
    assert synth.driver_name == "espeak"
    assert synth.voice_id == "roa/it"
    assert synth.notice is None


def test_short_sentence_is_plausible_speech(synth: Synthesizer) -> None:
    sound = synth.synthesize(SHORT, rate_wpm=175)
    assert sound.channels == 1
    assert sound.sample_rate == 22050
    assert 0.5 < sound.duration < 5.0
    assert sound.rms() > 0.02  # clearly not silence
    assert float(np.max(np.abs(sound.samples))) < 1.0


def test_longer_sentence_lasts_longer(synth: Synthesizer) -> None:
    short = synth.synthesize(SHORT, rate_wpm=175)
    long = synth.synthesize(LONG, rate_wpm=175)
    assert long.duration > 3 * short.duration
    assert 5.0 < long.duration < 20.0


def test_rate_changes_duration(synth: Synthesizer) -> None:
    slow = synth.synthesize(LONG, rate_wpm=120)
    fast = synth.synthesize(LONG, rate_wpm=300)
    assert slow.duration > 1.8 * fast.duration


def test_each_message_gets_its_own_audio(synth: Synthesizer) -> None:
    # Guards the quirk where a later message is written into an earlier file.
    first = synth.synthesize(LONG, rate_wpm=175)
    second = synth.synthesize(SHORT, rate_wpm=175)
    again = synth.synthesize(LONG, rate_wpm=175)
    assert second.duration < first.duration / 3
    assert abs(again.duration - first.duration) < 0.05


def test_no_transcript_pollution(synth: Synthesizer, capfd: pytest.CaptureFixture[str]) -> None:
    synth.synthesize(SHORT, rate_wpm=175)
    out, _err = capfd.readouterr()
    assert out == ""  # pyttsx3 would print "Audio saved to ..." on stdout


def test_empty_text_is_a_synthesis_error(synth: Synthesizer) -> None:
    with pytest.raises(SpeechSynthesisError):
        synth.synthesize("   ", rate_wpm=175)


def _engine_gives_empty_utterances(
    synth: Synthesizer, monkeypatch: pytest.MonkeyPatch, times: int
) -> list[int]:
    """The first `times` syntheses come out as espeak's empty utterance (a valid, empty file)."""
    attempts: list[int] = []
    real = synth._synthesize_once

    def once(text: str, rate: int) -> Sound:
        sound = real(text, rate)  # the engine really runs every time
        attempts.append(sound.frames)
        if len(attempts) <= times:
            return Sound(np.zeros((0, 1), dtype=np.float32), sound.sample_rate)
        return sound

    monkeypatch.setattr(synth, "_synthesize_once", once)
    return attempts


def test_an_empty_utterance_is_synthesised_again(
    synth: Synthesizer, monkeypatch: pytest.MonkeyPatch
) -> None:
    attempts = _engine_gives_empty_utterances(synth, monkeypatch, times=1)
    sound = synth.synthesize(SHORT, rate_wpm=175)
    assert len(attempts) == 2
    assert sound.frames == attempts[-1] > 0


def test_a_text_that_stays_silent_is_a_synthesis_error(
    synth: Synthesizer, monkeypatch: pytest.MonkeyPatch
) -> None:
    attempts = _engine_gives_empty_utterances(synth, monkeypatch, times=EMPTY_RESULT_ATTEMPTS)
    with pytest.raises(SpeechSynthesisError, match="no audio"):
        synth.synthesize(SHORT, rate_wpm=175)
    assert len(attempts) == EMPTY_RESULT_ATTEMPTS


def test_missing_driver_is_unavailable() -> None:
    with pytest.raises(SpeechUnavailableError, match="cannot start"):
        Synthesizer(driver_name="no_such_driver")


def test_rate_is_clamped_to_the_limits_of_audio_api(synth: Synthesizer) -> None:
    # 425 words per minute used to be spoken while the settings saved 400.
    at_max = synth.synthesize(LONG, rate_wpm=RATE_MAX_WPM)
    beyond = synth.synthesize(LONG, rate_wpm=RATE_MAX_WPM + 25)
    assert abs(beyond.duration - at_max.duration) < 0.05
    at_min = synth.synthesize(SHORT, rate_wpm=RATE_MIN_WPM)
    below = synth.synthesize(SHORT, rate_wpm=RATE_MIN_WPM - 30)
    assert abs(below.duration - at_min.duration) < 0.05


def test_broken_espeak_library_is_unavailable(tmp_path: Path) -> None:
    # A file named like the library that is not one: the real loader fails as with no espeak-ng.
    (tmp_path / "libespeak-ng.so.1").write_text("not a shared library")
    code = (
        "from voicedomino.audio.synthesis import Synthesizer, SpeechUnavailableError\n"
        "try:\n    Synthesizer()\n"
        "except SpeechUnavailableError as exc:\n    print('UNAVAILABLE', exc)\n"
    )
    env = {**os.environ, "LD_LIBRARY_PATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("UNAVAILABLE")


@pytest.mark.parametrize(
    ("suffix", "sox_options"),
    [
        (".aiff", []),  # what NSSpeechSynthesizer's save_to_file writes on macOS
        (".wav", ["-b", "24"]),  # WAVE_FORMAT_EXTENSIBLE, which Python's wave module refuses
        (".wav", ["-e", "floating-point", "-b", "32"]),
    ],
)
def test_every_synthesis_file_format_reads_alike(
    synth: Synthesizer, tmp_path: Path, suffix: str, sox_options: list[str]
) -> None:
    sound = synth.synthesize(SHORT, rate_wpm=175)
    wav = tmp_path / "espeak.wav"
    write_wav(wav, sound)
    other = tmp_path / f"converted{suffix}"
    subprocess.run(["sox", str(wav), *sox_options, str(other)], check=True, timeout=30)
    again = read_sound(other)
    assert again.sample_rate == sound.sample_rate and again.frames == sound.frames
    assert float(np.max(np.abs(again.samples - sound.samples))) < 1e-3


def test_a_file_that_is_not_audio_raises_the_one_error(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.aiff"
    bogus.write_bytes(b"FORM\x00\x00\x00\x04AIFFjunk")
    with pytest.raises(AudioFileError) as raised:
        read_sound(bogus)
    assert raised.value.key == "audio_format"
    with pytest.raises(AudioFileError, match="no such file"):
        read_sound(tmp_path / "absent.wav")
