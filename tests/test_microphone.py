"""The real microphone path on the virtual sound card (tests/virtual_audio.py).

The test plays Korean speech into the null sink `vmic`; the game records the default source
`vmic.monitor` through sounddevice (`MicrophoneSource`) and the words must come out of the
recogniser. The game's own output (a real `AudioOutput`) plays into `vspk`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from korean_speech import KOREAN_GRAMMAR, ko_model, sequence_file
from virtual_audio import VirtualSoundCard

from voicedomino.audio.output import AudioOutput
from voicedomino.audio.resample import StreamResampler
from voicedomino.speech.listener import Listener, Notice
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance
from voicedomino.speech.sources import MicrophoneSource, MicrophoneUnavailable

ROOT = Path(__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def model() -> Any:
    return ko_model()


class Heard:
    def __init__(self) -> None:
        self.texts: list[str] = []
        self.notices: list[Notice] = []

    def utterance(self, utterance: Utterance) -> None:
        self.texts.append(utterance.text)

    def notice(self, notice: Notice) -> None:
        self.notices.append(notice)


def wait_for(condition: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.mark.audio
def test_words_spoken_into_the_microphone_are_recognised(
    virtual_soundcard: VirtualSoundCard, model: Any, tmp_path: Path
) -> None:
    # Words that decode the same whatever the capture's alignment (see korean_speech.RELIABLE).
    order = ["왼쪽 아래", "아니요", "여섯"]
    sequence_file(tmp_path / "speech.wav", order, gap=0.6)
    heard = Heard()
    source = MicrophoneSource()
    listener = Listener(
        source, SpeechRecognizer(model, KOREAN_GRAMMAR), heard.utterance, on_notice=heard.notice
    )
    assert listener.start(), heard.notices
    try:
        assert source.device_rate == 16000
        virtual_soundcard.play_into_mic(tmp_path / "speech.wav")
        assert wait_for(lambda: len(heard.texts) >= len(order), timeout=30.0), heard.texts
    finally:
        listener.stop()

    assert heard.texts == order
    assert heard.notices == []
    assert listener.state == "stopped"


@pytest.mark.audio
def test_what_is_heard_while_the_game_sounds_is_discarded(
    virtual_soundcard: VirtualSoundCard, model: Any, tmp_path: Path
) -> None:
    sequence_file(tmp_path / "during.wav", ["오른쪽"], lead=0.1, gap=0.3)
    sequence_file(tmp_path / "after.wav", ["왼쪽 아래"], lead=0.1, gap=0.3)
    output_notices: list[str] = []
    output = AudioOutput(on_notice=output_notices.append)
    output.start()
    half_duplex, headphones = Heard(), Heard()
    listeners = [
        Listener(
            MicrophoneSource(),
            SpeechRecognizer(model, KOREAN_GRAMMAR),
            heard.utterance,
            is_sounding=output.is_sounding,
            barge_in=barge_in,
            on_notice=heard.notice,
        )
        for heard, barge_in in ((half_duplex, False), (headphones, True))
    ]
    try:
        assert all(listener.start() for listener in listeners)
        output.speak("Questa frase copre la parola detta al microfono.")
        assert output.is_sounding()
        virtual_soundcard.play_into_mic(tmp_path / "during.wav")
        assert output.is_sounding(), "the game's sentence ended before the word: test invalid"
        assert output.wait_idle(timeout=20)
        time.sleep(0.3)
        virtual_soundcard.play_into_mic(tmp_path / "after.wav")
        assert wait_for(lambda: len(headphones.texts) >= 2 and half_duplex.texts, timeout=30.0)
        time.sleep(0.3)
    finally:
        for listener in listeners:
            listener.stop()
        output.close()

    assert output_notices == []
    assert half_duplex.texts == ["왼쪽 아래"]
    assert listeners[0].discarded_frames > 20
    # With barge-in (headphones) the same input is heard in full.
    assert headphones.texts == ["오른쪽", "왼쪽 아래"]
    assert listeners[1].discarded_frames == 0


def test_a_device_that_does_not_exist_is_reported(model: Any) -> None:
    with pytest.raises(MicrophoneUnavailable) as caught:
        MicrophoneSource(device=4321).open()
    assert caught.value.key == "microphone_unavailable"

    heard = Heard()
    listener = Listener(
        MicrophoneSource(device="no such microphone"),
        SpeechRecognizer(model, KOREAN_GRAMMAR),
        heard.utterance,
        on_notice=heard.notice,
    )
    assert not listener.start()
    assert listener.state == "unavailable"
    assert [n.key for n in heard.notices] == ["microphone_unavailable"]
    assert not listener.resume()
    assert [n.key for n in heard.notices] == ["microphone_unavailable"] * 2


def run_child(script: str, env: dict[str, str], timeout: float = 90) -> list[dict[str, Any]]:
    """Run `script` in a fresh interpreter (its own PortAudio); it prints JSON lines."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        cwd=ROOT,
        env={**env, "PYTHONPATH": os.pathsep.join([str(ROOT), str(TESTS)])},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def test_no_sound_server_means_microphone_unavailable() -> None:
    # No PULSE_SERVER and no sound card: PortAudio finds no input device at all.
    env = {key: value for key, value in os.environ.items() if key != "PULSE_SERVER"}
    lines = run_child(
        """
        import json
        from voicedomino.speech.listener import Listener
        from voicedomino.speech.sources import MicrophoneSource, MicrophoneUnavailable
        try:
            MicrophoneSource().open()
            print(json.dumps({"opened": True}))
        except MicrophoneUnavailable as error:
            print(json.dumps({"error": error.key}))
        notices = []
        listener = Listener(MicrophoneSource(), None, print, on_notice=notices.append)
        print(json.dumps({"started": listener.start(), "notices": [n.key for n in notices]}))
        """,
        env,
    )
    assert lines == [
        {"error": "microphone_unavailable"},
        {"started": False, "notices": ["microphone_unavailable"]},
    ]


@pytest.mark.audio
def test_microphone_that_disappears_and_comes_back(tmp_path: Path) -> None:
    # In a child process with its own virtual card, so killing that card's daemon cannot
    # disturb the session's card: the device vanishes mid-game, the listener reports it and
    # stops cleanly; the card comes back and resume() listens again.
    sequence_file(tmp_path / "word.wav", ["왼쪽 아래"], lead=0.1, gap=0.5)
    env = {key: value for key, value in os.environ.items() if key != "PULSE_SERVER"}
    lines = run_child(
        f"""
        import json, time
        from pathlib import Path
        from korean_speech import KOREAN_GRAMMAR, ko_model
        from virtual_audio import VirtualSoundCard
        from voicedomino.speech.listener import Listener
        from voicedomino.speech.recognizer import SpeechRecognizer
        from voicedomino.speech.sources import MicrophoneSource

        def wait_for(condition, timeout):
            deadline = time.monotonic() + timeout
            while not condition() and time.monotonic() < deadline:
                time.sleep(0.02)

        folder = Path({str(tmp_path / "card")!r})
        word = Path({str(tmp_path / "word.wav")!r})
        card, back = VirtualSoundCard(folder), None
        card.start()
        texts, notices = [], []
        listener = Listener(
            MicrophoneSource(), SpeechRecognizer(ko_model(), KOREAN_GRAMMAR),
            lambda u: texts.append(u.text), on_notice=lambda n: notices.append(n.key),
        )
        try:
            print(json.dumps({{"started": listener.start()}}))
            card.play_into_mic(word)
            wait_for(lambda: texts, 20)
            card.kill_daemon()
            wait_for(lambda: notices, 20)
            print(json.dumps({{"texts": texts, "notices": notices, "state": listener.state}}))
            print(json.dumps({{"resumed_without_device": listener.resume()}}))
            # The sound server comes back at the same address; PortAudio is not re-initialised.
            back = VirtualSoundCard(folder)
            back.start(apply_to_process=False)
            print(json.dumps({{"resumed": listener.resume(), "state": listener.state}}))
            back.play_into_mic(word)
            wait_for(lambda: len(texts) > 1, 20)
            listener.stop()
            print(json.dumps({{"texts": texts, "notices": notices}}))
        finally:
            listener.stop()
            if back is not None:
                back.stop()
            card.stop()
        """,
        env,
    )
    assert lines == [
        {"started": True},
        {"texts": ["왼쪽 아래"], "notices": ["microphone_unavailable"], "state": "unavailable"},
        {"resumed_without_device": False},
        {"resumed": True, "state": "listening"},
        {
            "texts": ["왼쪽 아래", "왼쪽 아래"],
            "notices": ["microphone_unavailable", "microphone_unavailable", "microphone_back"],
        },
    ]


class VanishingMicrophone:
    """A microphone that vanishes at its first read and, like PortAudio's stream on a sound
    server gone, takes a while to close (until `closed` is set); back when `present` is."""

    def __init__(self) -> None:
        self.present = True
        self.closed = threading.Event()

    def open(self) -> None:
        if not self.present:
            raise MicrophoneUnavailable("no device")

    def read(self, timeout: float) -> None:
        if self.present and not self.closed.is_set():
            self.present = False
            raise MicrophoneUnavailable("the device vanished")
        time.sleep(min(timeout, 0.01))  # nothing captured

    def close(self) -> None:
        self.closed.wait(60)


def test_a_resume_told_of_the_lost_microphone_at_once_is_no_false_success(model: Any) -> None:
    """The listener says the microphone is gone before its thread has closed the stream and
    ended: a resume asked for then, with the device still gone, must fail (it said "listening"
    while nothing listened, seen under load in the child-process test above)."""
    microphone, heard = VanishingMicrophone(), Heard()
    listener = Listener(
        microphone, SpeechRecognizer(model, KOREAN_GRAMMAR), heard.utterance,
        on_notice=heard.notice, vad=None, denoise=None, gain=None, dereverb=None,
    )  # fmt: skip
    assert listener.start()
    assert wait_for(lambda: heard.notices, timeout=60)
    assert listener.state == "unavailable"
    answer: list[bool] = []
    resumer = threading.Thread(target=lambda: answer.append(listener.resume()))
    resumer.start()
    # Give a resume that does not wait for the closing thread the time to answer wrongly;
    # the one that waits answers once the stream is closed, whenever that is.
    resumer.join(1.0)
    microphone.closed.set()
    resumer.join(60)
    assert answer == [False]
    assert listener.state == "unavailable" and not listener.running
    assert [n.key for n in heard.notices] == ["microphone_unavailable"] * 2
    microphone.present = True
    try:
        assert listener.resume()
        assert listener.state == "listening"
        assert [n.key for n in heard.notices][-1] == "microphone_back"
    finally:
        listener.stop()


# --- devices that will not run at 16 kHz: their blocks are resampled as they come -----------


def resample_in_blocks(signal: np.ndarray, rate: int, block_seconds: float = 0.05) -> np.ndarray:
    resampler = StreamResampler(rate, 16000, dtype="float64")
    size = round(block_seconds * rate)
    starts = range(0, len(signal), size)
    return np.concatenate(
        [resampler.process(signal[i : i + size], last=i + size >= len(signal)) for i in starts]
    )


@pytest.mark.parametrize("rate", [44100, 48000, 22050])
def test_block_resampling_keeps_tones_and_removes_what_cannot_be_kept(rate: int) -> None:
    t = np.arange(rate * 2) / rate
    kept = resample_in_blocks(0.5 * np.sin(2 * np.pi * 1000 * t), rate)
    assert abs(len(kept) - 32000) <= 2
    spectrum = np.abs(np.fft.rfft(kept[1000:-1000]))
    assert np.argmax(spectrum) * 16000 / len(kept[1000:-1000]) == pytest.approx(1000, abs=2)
    # No clicks at block edges: the output stays a smooth sine of the same level.
    assert np.max(np.abs(np.diff(kept[100:-100]))) < 0.5 * 2 * np.pi * 1000 / 16000 * 1.05
    assert np.sqrt(np.mean(kept[500:-500] ** 2)) == pytest.approx(0.5 / np.sqrt(2), rel=0.02)
    if rate > 16000:  # a 10 kHz tone cannot exist at 16 kHz and must not fold back
        folded = resample_in_blocks(0.5 * np.sin(2 * np.pi * 10000 * t), rate)
        assert np.sqrt(np.mean(folded[500:-500] ** 2)) < 0.01


def test_block_resampled_speech_is_recognised(model: Any, tmp_path: Path) -> None:
    # What a 48 kHz-only microphone would deliver, made by sox, resampled block by block.
    native = tmp_path / "native.wav"
    high = tmp_path / "high.raw"
    subprocess.run(["espeak-ng", "-v", "ko", "-w", str(native), "오른쪽 나무"], check=True)
    subprocess.run(
        ["sox", "-R", str(native), "-r", "48000", "-b", "16", "-e", "signed", str(high)], check=True
    )
    signal = np.frombuffer(high.read_bytes(), dtype="<i2").astype(np.float64) / 32768
    resampled = resample_in_blocks(signal, 48000)
    pcm = (np.clip(resampled, -1, 1) * 32767).astype("<i2").tobytes()
    recognizer = SpeechRecognizer(model, KOREAN_GRAMMAR)
    recognizer.accept(np.zeros(3200, dtype="<i2").tobytes() + pcm)
    recognizer.accept(np.zeros(8000, dtype="<i2").tobytes())
    assert recognizer.finish().text == "오른쪽 나무"


class _RunningStream:
    """What `MicrophoneSource.read` asks of a stream that is running at 16 kHz."""

    active = True
    samplerate = 16000


def test_audio_dropped_from_a_full_queue_leaves_its_gap_in_the_timeline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A listener far behind (a busy machine) loses the oldest microphone audio, never the
    newest, and the frames after keep the times they were said at: a result is still placed
    where it was said, not seconds earlier."""
    import voicedomino.speech.sources as sources

    monkeypatch.setattr(sources, "_QUEUE_BLOCKS_SECONDS", 0.5)  # ten blocks of 50 ms
    source = MicrophoneSource(block_seconds=0.05)
    source._stream = _RunningStream()
    for index in range(30):  # 1.5 s captured, nothing read meanwhile
        block = np.full(800, index, dtype="<i2")
        source._on_audio(block, 800, None, None)
    frames = [source.read(0.1) for _ in range(10)]
    assert source.dropped_blocks == 20
    assert [f.pcm[:2] for f in frames if f] == [np.int16(i).tobytes() for i in range(20, 30)]
    assert [round(f.start, 2) for f in frames if f] == [round(0.05 * i, 2) for i in range(20, 30)]
    source._stream = None
