"""The microphone check with the real recogniser: a Korean stand-in command in a WAV file at
three input levels."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from korean_speech import ko_model, write_wav
from korean_standin import StandIn, espeak
from room_corpus import at_level, room_tone, with_noise

from voicedomino.cli import build_parser
from voicedomino.frontend.mic_check import check, judge_level
from voicedomino.italian import messages as it
from voicedomino.speech.recognizer import SpeechRecognizer
from voicedomino.speech.sources import WavFileSource

ITALIAN = ["pesco", "passo", "gioca sei tre"]
# Korean words measured to come back right whatever the start offset (tests/korean_speech.py).
STANDIN = StandIn.for_vocabulary(
    {w for s in ITALIAN for w in s.split()}, [["오른쪽", "왼쪽", "아래", "여섯", "아니요"]]
)


def recording(tmp_path: Path, rms: float) -> Path:
    rng = np.random.default_rng(5)
    said = at_level(espeak(STANDIN.korean("passo")), rms)
    quiet = room_tone(0.6, rng, 10.0)
    return write_wav(tmp_path / f"mic-{rms:.0f}.wav", np.concatenate([quiet, said, quiet, quiet]))


@pytest.mark.parametrize(
    ("rms", "level"), [(150.0, "too_low"), (3000.0, "good"), (14000.0, "too_high")]
)
def test_the_check_says_what_it_heard_and_how_loud(tmp_path: Path, rms: float, level: str) -> None:
    recognizer = SpeechRecognizer(ko_model(), STANDIN.sentences(ITALIAN))

    result = check(WavFileSource(recording(tmp_path, rms)), recognizer, to_grammar=STANDIN.italian)

    assert result.level == level
    if level != "too_low":  # so quiet a voice may or may not be recognised
        assert result.heard == "passo"
    message = it.mic_check_result(result.heard, result.level)
    assert message.endswith(it.MIC_LEVELS[level])


def test_a_noisy_room_is_reported(tmp_path: Path) -> None:
    """Pink noise under and around the command, as from a fan: the check says so, and the
    command is still heard (through the noise suppressor)."""
    said = at_level(espeak(STANDIN.korean("passo")), 3000.0)
    clean = np.concatenate([np.zeros(16000 * 2, dtype=np.int16), said, np.zeros(8000, np.int16)])
    path = write_wav(tmp_path / "fan.wav", with_noise(clean, 15.0, 3))
    recognizer = SpeechRecognizer(ko_model(), STANDIN.sentences(ITALIAN))
    result = check(WavFileSource(path), recognizer, to_grammar=STANDIN.italian)
    assert result.noisy_room and result.heard == "passo"
    assert it.NOISY_ROOM in it.mic_check_result(result.heard, result.level, result.noisy_room)
    quiet = check(WavFileSource(recording(tmp_path, 3000.0)), recognizer)
    assert not quiet.noisy_room


def test_silence_is_reported_as_no_sound(tmp_path: Path) -> None:
    path = write_wav(tmp_path / "quiet.wav", np.zeros(16000 * 2, dtype=np.int16))
    recognizer = SpeechRecognizer(ko_model(), STANDIN.sentences(ITALIAN))
    result = check(WavFileSource(path), recognizer)
    assert (result.heard, result.level) == (None, "silent")
    assert judge_level(np.zeros(0, dtype=np.int16))[0] == "silent"


def test_the_command_line_has_the_check() -> None:
    args = build_parser().parse_args(["prova-voce", "--audio-in", "x.wav"])
    assert (args.command, args.audio_in) == ("prova-voce", Path("x.wav"))
