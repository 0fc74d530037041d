"""Noise suppression for the recogniser in a noisy room (real RNNoise and WebRTC)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from korean_speech import KO_MODEL_PATH, RATE, ko_model, write_wav
from korean_standin import game_standin, say
from room_corpus import pink_noise, room_tone, with_noise

from voicedomino.dialog.parser import grammar_sentences
from voicedomino.speech import denoise
from voicedomino.speech.denoise import RnNoiseSuppressor, RoomNoise, WebRtcSuppressor
from voicedomino.speech.listener import Listener
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance
from voicedomino.speech.sources import WavFileSource

SUPPRESSORS = [RnNoiseSuppressor, WebRtcSuppressor]


def run(suppressor: Any, samples: np.ndarray, chunk: int = 1600) -> np.ndarray:
    data = samples.astype("<i2").tobytes()
    out = b"".join(suppressor.process(data[i : i + chunk]) for i in range(0, len(data), chunk))
    return np.frombuffer(out, dtype="<i2")


def rms(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(samples.astype(np.float64) ** 2)))


@pytest.mark.parametrize("kind", SUPPRESSORS)
@pytest.mark.parametrize("chunk", [1600, 334, 7])
def test_output_keeps_the_length_of_every_piece(kind: type, chunk: int) -> None:
    suppressor = kind()
    data = pink_noise(0.5, 3).astype("<i2").tobytes()
    for start in range(0, len(data), chunk):
        piece = data[start : start + chunk]
        assert len(suppressor.process(piece)) == len(piece)


@pytest.mark.parametrize("kind", SUPPRESSORS)
def test_noise_is_taken_out_and_the_voice_kept(kind: type) -> None:
    voice = say("gioca il sei e quattro in coda")
    lead = RATE * 3
    clean = np.concatenate([np.zeros(lead, dtype=np.int16), voice])
    noisy = with_noise(clean, 10.0, 5)
    out = run(kind(), noisy)
    noise_before, noise_after = rms(noisy[RATE:lead]), rms(out[RATE:lead])
    assert 20 * np.log10(noise_before / noise_after) >= 10.0  # at least 10 dB less noise
    voiced = np.abs(voice.astype(np.int32)) > 300
    kept = rms(out[lead:][voiced]) / rms(voice[voiced])
    assert 0.3 <= kept <= 1.5  # the voice is not taken with it


def test_the_room_is_noisy_when_the_sound_between_utterances_is_loud() -> None:
    room = RoomNoise()
    assert not room.noisy  # nothing heard yet: quiet
    quiet = room_tone(1.0, np.random.default_rng(1))  # RMS 20: about -64 dBFS
    for start in range(0, len(quiet), 800):
        room.hear_background(quiet[start : start + 800].tobytes())
    assert not room.noisy and room.level_dbfs < -60
    fan = (pink_noise(1.0, 2).astype(np.float64) * 0.5).astype(np.int16)
    for start in range(0, len(fan), 800):
        room.hear_background(fan[start : start + 800].tobytes())
    assert room.noisy


def test_without_either_package_the_audio_is_used_as_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "webrtc_noise_gain", None)  # import fails
    monkeypatch.setattr(
        denoise.importlib.util, "find_spec", lambda name, *a: None
    )  # pyrnnoise not found
    assert denoise.default_suppressor() is None


def test_a_command_in_a_noisy_room_is_heard_through_the_suppressor(tmp_path: Path) -> None:
    """The real listener and recogniser: 10 dB pink noise, running for seconds before the
    command, as a fan does. With the suppressor the command is heard; the listener chose it
    because the room was noisy."""
    standin = game_standin()
    command = "gioca il sei e quattro in coda"
    voice = say(command)
    noise_first = np.zeros(RATE * 4, dtype=np.int16)
    clean = np.concatenate([noise_first, voice, np.zeros(RATE, dtype=np.int16)])
    wav = write_wav(tmp_path / "fan.wav", with_noise(clean, 10.0, 7))
    model = ko_model()
    sentences = standin.sentences(grammar_sentences())
    heard: dict[str, list[str | None]] = {}
    for name, suppressor in (("raw", None), ("rnnoise", RnNoiseSuppressor())):
        got: list[Utterance] = []
        recognizer = SpeechRecognizer(model, sentences, model_path=KO_MODEL_PATH)
        listener = Listener(WavFileSource(wav), recognizer, got.append, denoise=suppressor)
        listener.start()
        listener.wait()
        heard[name] = [u.sentence for u in got]
        if suppressor is not None:
            assert listener.room.noisy and recognizer.noisy_room
            assert all(u.denoised for u in got)
    assert standin.korean(command) in heard["rnnoise"], heard
