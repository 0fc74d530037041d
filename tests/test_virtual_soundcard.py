"""The virtual sound card fixture itself: the microphone path the voice tests rely on."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import sounddevice as sd
from virtual_audio import MIC_RATE, VirtualSoundCard

from voicedomino.audio.cue_names import Cue
from voicedomino.audio.output import AudioOutput
from voicedomino.audio.synthesis import Synthesizer
from voicedomino.audio.wav import write_wav


def _record_default_input(seconds: float) -> np.ndarray:
    frames = sd.rec(round(seconds * MIC_RATE), samplerate=MIC_RATE, channels=1, dtype="float32")
    sd.wait()
    return np.asarray(frames)[:, 0]


def test_portaudio_sees_the_card(virtual_soundcard: VirtualSoundCard) -> None:
    devices = sd.query_devices()
    assert any(d["max_output_channels"] > 0 for d in devices)
    assert any(d["max_input_channels"] > 0 for d in devices)


def test_speech_played_into_the_mic_reaches_the_default_input(
    virtual_soundcard: VirtualSoundCard, tmp_path: Path
) -> None:
    speech = Synthesizer().synthesize("Gioca il tre due in coda.", rate_wpm=175)
    wav = tmp_path / "command.wav"
    write_wav(wav, speech)
    player = virtual_soundcard.play_into_mic(wav, wait=False)
    heard = _record_default_input(speech.duration + 0.8)
    assert player.wait(timeout=10) == 0
    window = MIC_RATE // 50
    rms = np.sqrt(np.mean(heard[: heard.size // window * window].reshape(-1, window) ** 2, axis=1))
    loud = np.flatnonzero(rms > 0.01)
    assert loud.size > 0, "the command never reached the microphone"
    heard_s = (loud[-1] - loud[0] + 1) * window / MIC_RATE
    assert 0.5 * speech.duration < heard_s < speech.duration + 0.3


def test_the_microphone_does_not_hear_the_game(virtual_soundcard: VirtualSoundCard) -> None:
    with AudioOutput() as out:
        out.play_cue(Cue.ROUND_WON)
        time.sleep(0.05)
        heard = _record_default_input(0.8)
        assert out.wait_idle(3)
    assert float(np.max(np.abs(heard))) < 0.001
