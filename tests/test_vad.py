"""Voice activity detection with real audio: espeak-ng speech against sox noise, tones and
clicks, through both detectors, the end-of-speech detector and the listener."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from korean_speech import KOREAN_GRAMMAR, ko_model, write_wav
from korean_standin import espeak
from room_corpus import at_level, room_tone, sox

from voicedomino.speech.endpoint import SpeechEndDetector, SpeechEvent
from voicedomino.speech.listener import Listener
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance
from voicedomino.speech.sources import WavFileSource
from voicedomino.speech.vad import SileroVad, VoiceActivityDetector, WebRtcVad, default_vad

RATE = 16000


def speech_fraction(detector: VoiceActivityDetector, samples: np.ndarray) -> float:
    size = detector.frame_samples
    frames = [samples[i : i + size] for i in range(0, len(samples) - size + 1, size)]
    return float(np.mean([detector.speech_probability(f) >= 0.5 for f in frames]))


def voiced_part(samples: np.ndarray) -> np.ndarray:
    audible = np.flatnonzero(np.abs(samples.astype(np.int32)) > 300)
    return samples[audible[0] : audible[-1] + 1]


@pytest.fixture(scope="module")
def sounds() -> dict[str, np.ndarray]:
    return {
        "white noise": at_level(sox("whitenoise", seconds=2.0), 3000),
        "pink noise": at_level(sox("pinknoise", seconds=2.0), 3000),
        "brown noise": at_level(sox("brownnoise", seconds=2.0), 3000),
        "chord": at_level(sox("sine", "262", "sine", "330", "sine", "392", seconds=2.0), 3000),
        "square tone": at_level(sox("square", "440", seconds=2.0), 2000),
    }


@pytest.mark.parametrize("kind", [SileroVad, WebRtcVad])
def test_speech_is_speech(kind: type[SileroVad] | type[WebRtcVad]) -> None:
    detector = kind()
    for text, voice in [("오늘 저녁에 친구들이랑 밥 먹기로 했어", "ko"), ("Passami il sale", "it")]:
        said = voiced_part(espeak(text, voice))
        assert speech_fraction(detector, said) > 0.6, text


def test_silero_tells_noise_and_music_from_speech(sounds: dict[str, np.ndarray]) -> None:
    detector = SileroVad()
    for name, samples in sounds.items():
        detector.reset()
        assert speech_fraction(detector, samples) < 0.1, name


def test_the_better_detector_is_the_default() -> None:
    assert isinstance(default_vad(), SileroVad)


def events(detector: SpeechEndDetector, signal: np.ndarray) -> list[tuple[float, str]]:
    found = []
    for start in range(0, len(signal), 800):
        event = detector.update(signal[start : start + 800].astype("<i2").tobytes())
        if event is not None:
            found.append((round((start + 800) / RATE, 2), event.value))
    return found


def test_end_of_speech_comes_soon_after_the_voice_and_noise_is_not_voice(
    sounds: dict[str, np.ndarray],
) -> None:
    rng = np.random.default_rng(1)
    word = voiced_part(espeak("왼쪽 아래"))
    signal = np.concatenate(
        [room_tone(0.5, rng), sounds["pink noise"], room_tone(0.5, rng), word, room_tone(1, rng)]
    )
    word_end = (len(signal) - RATE) / RATE
    detector = SpeechEndDetector(silence_after=0.2, vad=SileroVad())

    found = events(detector, signal)

    # The loud noise burst is neither a start nor an end; the word is both.
    assert [name for _, name in found] == [SpeechEvent.STARTED.value, SpeechEvent.ENDED.value]
    assert word_end - len(word) / RATE <= found[0][0] <= word_end
    assert word_end + 0.15 <= found[1][0] <= word_end + 0.4
    # Voice counted: the word's, not the noise burst's.
    assert 0.6 * len(word) / RATE <= detector.voiced_seconds <= len(word) / RATE + 0.1


@pytest.fixture(scope="module")
def model() -> Any:
    return ko_model()


def test_listener_ignores_sound_that_is_not_voice(
    model: Any, sounds: dict[str, np.ndarray], tmp_path: Path
) -> None:
    # With the loudness rule, each sound below came out as a word of this grammar.
    rng = np.random.default_rng(2)
    clicks = room_tone(1.0, rng)
    clicks[4000:4080] = 25000
    parts = [room_tone(0.5, rng)]
    for samples in [*sounds.values(), clicks]:
        parts += [samples, room_tone(0.8, rng)]
    parts += [voiced_part(espeak("여섯")), room_tone(1.0, rng)]
    path = write_wav(tmp_path / "room.wav", np.concatenate(parts))
    recognizer = SpeechRecognizer(model, KOREAN_GRAMMAR)

    heard: list[Utterance] = []
    listener = Listener(WavFileSource(path), recognizer, heard.append)
    assert listener.start() and listener.wait(60)
    energy_heard: list[Utterance] = []
    energy = Listener(WavFileSource(path), recognizer, energy_heard.append, vad=None)
    assert energy.start() and energy.wait(60)

    assert [u.text for u in heard] == ["여섯"]
    assert len(energy_heard) > 1  # the same audio without a voice detector
