"""AudioOutput on a real (virtual) sound card: speech and cues are captured back and measured.

Scenarios that need PortAudio to see another world (no device, a device that dies, a broken
espeak-ng) run in a child process (tests/audio_child.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from virtual_audio import Recording, VirtualSoundCard

from voicedomino.audio.api import AudioNotice
from voicedomino.audio.cue_names import PLACE_CUES, seat_pan
from voicedomino.audio.cues import Cue, CueLibrary
from voicedomino.audio.mixer import Mixer, pan_gains
from voicedomino.audio.null import NullOutput
from voicedomino.audio.output import AudioOutput
from voicedomino.audio.sound import Sound
from voicedomino.audio.synthesis import Synthesizer

ROOT = Path(__file__).resolve().parents[1]
CHILD = ROOT / "tests" / "audio_child.py"
SENTENCE = "Hai pescato il tre due."
LONG = (
    "Il computer ha giocato il sei tre in testa. Adesso in testa c'è il tre e in coda il "
    "cinque. Nel pozzo restano quattordici tessere e tu ne hai sette in mano. Puoi giocare "
    "il tre due oppure il cinque uno, oppure chiedere quali tessere hai."
)
QUIET = 0.002  # RMS of a stretch the card left silent (the null sink's silence is exact zero)

pytestmark = pytest.mark.audio


def _rms(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(samples, dtype=np.float64)))) if samples.size else 0.0


@pytest.fixture
def notices() -> list[str]:
    return []


@pytest.fixture
def output(virtual_soundcard: VirtualSoundCard, notices: list[str]) -> Iterator[AudioOutput]:
    out = AudioOutput(on_notice=notices.append)
    out.start()
    assert out.available, "the virtual card should give a working output"
    try:
        yield out
    finally:
        out.close()


def _record(card: VirtualSoundCard, action: Any, settle: float = 0.15) -> Recording:
    with card.recorder() as rec:
        time.sleep(settle)
        action()
        time.sleep(settle)
    assert rec.recording is not None
    return rec.recording


# ----------------------------------------------------------------- speech and cues on the card


def test_speech_is_heard_after_speak_and_only_then(
    virtual_soundcard: VirtualSoundCard, output: AudioOutput, notices: list[str]
) -> None:
    expected = Synthesizer().synthesize(SENTENCE, rate_wpm=output.rate).duration
    marks: dict[str, float] = {}

    def speak() -> None:
        marks["speak"] = time.monotonic()
        output.speak(SENTENCE)
        marks["returned"] = time.monotonic()
        marks["sounding"] = float(output.is_sounding())
        assert output.wait_idle(15.0)
        marks["idle"] = time.monotonic()

    rec = _record(virtual_soundcard, speak)
    assert marks["returned"] - marks["speak"] < 0.05  # the game thread is not held
    assert marks["sounding"] == 1.0
    span = rec.sounding_span()
    assert span is not None, "nothing was heard on the card"
    start, end = span
    assert -0.05 < start - marks["speak"] < 1.0
    assert 0.6 * expected < end - start < expected + 0.2
    assert end < marks["idle"] + 0.1  # wait_idle returned only once the sound had ended
    assert _rms(rec.between(rec.started_at, marks["speak"])) < QUIET
    assert _rms(rec.between(marks["idle"] + 0.1, rec.time_of(len(rec.samples)))) < QUIET
    assert notices == []


def test_centred_cue_is_heard_in_both_ears(
    virtual_soundcard: VirtualSoundCard, output: AudioOutput
) -> None:
    marks: dict[str, float] = {}

    def play() -> None:
        marks["play"] = time.monotonic()
        output.play_cue(Cue.PLACE_HEAD_SEAT2)
        assert output.wait_idle(3.0)

    rec = _record(virtual_soundcard, play)
    span = rec.sounding_span()
    assert span is not None
    assert -0.05 < span[0] - marks["play"] < 0.3
    assert 0.3 < span[1] - span[0] < 0.7  # the cue lasts 0.5 s
    left, right = rec.channel_rms()
    assert left > 0.02
    assert abs(left / right - 1.0) < 0.02


def test_each_seat_is_heard_at_its_place(
    virtual_soundcard: VirtualSoundCard, output: AudioOutput
) -> None:
    # Four seats, each its own cue at its own place: left, centre-left, centre-right, right.
    # Only the balance is compared: an underrun under load can drop part of a recording.
    balance_db = []
    for seat in range(4):
        cue = PLACE_CUES[seat, seat % 2 == 0]
        pan = seat_pan(seat, 4)
        rec = _record(
            virtual_soundcard,
            lambda c=cue, p=pan: (output.play_cue(c, p), output.wait_idle(3)),
            settle=0.3,
        )
        left, right = rec.channel_rms()
        balance_db.append(20 * float(np.log10(max(left, 1e-6) / max(right, 1e-6))))
    assert balance_db[0] > 40 and balance_db[3] < -40  # the ends sound in one ear only
    # At -1/3 and +1/3 the nearer ear gets three times the energy (4.8 dB).
    assert balance_db[1] == pytest.approx(4.77, abs=0.5)
    assert balance_db[2] == pytest.approx(-4.77, abs=0.5)
    assert balance_db == sorted(balance_db, reverse=True)  # left to right in turn order


def test_pan_argument_moves_a_centred_cue(
    virtual_soundcard: VirtualSoundCard, output: AudioOutput
) -> None:
    rec = _record(
        virtual_soundcard, lambda: (output.play_cue(Cue.YOUR_TURN, pan=1.0), output.wait_idle(3))
    )
    left, right = rec.channel_rms()
    assert right > 0.05
    assert left < 0.01 * right


def test_volume_scales_what_is_heard(
    virtual_soundcard: VirtualSoundCard, output: AudioOutput
) -> None:
    full = _record(virtual_soundcard, lambda: (output.play_cue(Cue.DRAW), output.wait_idle(3)))
    output.volume = 0.25
    quarter = _record(virtual_soundcard, lambda: (output.play_cue(Cue.DRAW), output.wait_idle(3)))
    ratio = _rms(quarter.samples) / _rms(full.samples)
    assert 0.2 < ratio < 0.3


def test_cues_overlap_speech(virtual_soundcard: VirtualSoundCard, output: AudioOutput) -> None:
    def both() -> None:
        output.speak(SENTENCE)
        output.play_cue(Cue.PLACE_TAIL_YOU, pan=1.0)  # right channel, over centred speech
        assert output.wait_idle(15.0)

    rec = _record(virtual_soundcard, both)
    span = rec.sounding_span()
    assert span is not None
    first_half_second = rec.between(span[0], span[0] + 0.4)
    left, right = np.sqrt(np.mean(np.square(first_half_second), axis=0))
    assert right > 1.3 * left  # the cue adds to the right channel while speech plays


def test_stop_speech_cuts_at_once_and_drops_the_queue(
    virtual_soundcard: VirtualSoundCard, output: AudioOutput
) -> None:
    full = Synthesizer().synthesize(LONG, rate_wpm=output.rate).duration
    assert full > 6.0
    marks: dict[str, float] = {}

    def speak_then_stop() -> None:
        output.speak(LONG)
        output.speak(SENTENCE)  # queued behind: must never be heard
        deadline = time.monotonic() + 5
        while output.speech_started_at is None and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(0.8)
        marks["stop"] = time.monotonic()
        output.stop_speech()
        marks["returned"] = time.monotonic()
        assert output.wait_idle(1.0)
        marks["idle"] = time.monotonic()
        time.sleep(0.8)  # the queued message would have started by now

    rec = _record(virtual_soundcard, speak_then_stop)
    span = rec.sounding_span()
    assert span is not None
    start, end = span
    assert end - start < 1.5  # against more than 6 s for the whole message
    assert end - marks["stop"] < 0.2  # silent right after "basta"
    assert marks["returned"] - marks["stop"] < 0.02
    assert marks["idle"] - marks["stop"] < 0.3
    assert _rms(rec.between(end + 0.05, rec.time_of(len(rec.samples)))) < QUIET


def test_stop_speech_leaves_cues_playing(
    virtual_soundcard: VirtualSoundCard, output: AudioOutput
) -> None:
    marks: dict[str, float] = {}

    def cue_speech_stop() -> None:
        marks["start"] = time.monotonic()
        output.play_cue(Cue.MATCH_LOST)  # 1.35 s
        output.speak(LONG)
        time.sleep(0.3)
        output.stop_speech()
        assert output.wait_idle(3.0)

    rec = _record(virtual_soundcard, cue_speech_stop)
    span = rec.sounding_span()
    assert span is not None
    assert span[1] - marks["start"] > 1.1


def test_wait_idle_wakes_when_the_cue_has_left_the_speaker(
    virtual_soundcard: VirtualSoundCard, output: AudioOutput
) -> None:
    marks: dict[str, float] = {}

    def play() -> None:
        output.play_cue(Cue.BONUS)
        marks["during"] = float(output.is_sounding())
        assert output.wait_idle(3.0)
        marks["idle"] = time.monotonic()
        marks["after"] = float(output.is_sounding())

    rec = _record(virtual_soundcard, play)
    span = rec.sounding_span()
    assert span is not None
    assert marks["during"] == 1.0 and marks["after"] == 0.0
    # Woken by the mixer's signal and the known output latency, not by a polling step.
    assert span[1] - 0.05 < marks["idle"] < span[1] + 0.1
    assert abs(output.last_sound_end - span[1]) < 0.1


def test_wait_idle_from_another_thread_ends_with_stop_speech(output: AudioOutput) -> None:
    output.speak(LONG)
    woke: list[float] = []
    waiter = threading.Thread(target=lambda: woke.append(float(output.wait_idle(20.0))))
    waiter.start()
    time.sleep(1.0)
    stopped = time.monotonic()
    output.stop_speech()
    waiter.join(2.0)
    assert woke == [1.0]
    assert time.monotonic() - stopped < 0.5


def test_wait_idle_times_out_while_speaking(output: AudioOutput) -> None:
    output.speak(LONG)
    began = time.monotonic()
    assert output.wait_idle(0.3) is False
    assert 0.3 <= time.monotonic() - began < 0.5
    output.stop_speech()
    assert output.wait_idle(1.0)


def test_missing_cue_is_skipped(virtual_soundcard: VirtualSoundCard) -> None:
    notices: list[str] = []
    draw = CueLibrary.load().get(Cue.DRAW)
    assert draw is not None
    library = CueLibrary({Cue.DRAW: draw}, tuple(cue for cue in Cue if cue is not Cue.DRAW))
    with AudioOutput(on_notice=notices.append, cues=library) as out:
        rec = _record(virtual_soundcard, lambda: out.play_cue(Cue.PASS))
        assert not out.is_sounding()
        heard = _record(virtual_soundcard, lambda: (out.play_cue(Cue.DRAW), out.wait_idle(3)))
    assert rec.sounding_span() is None
    assert heard.sounding_span() is not None
    assert notices == [AudioNotice.CUES_MISSING]


def test_missing_configured_device_falls_back_to_default(
    virtual_soundcard: VirtualSoundCard,
) -> None:
    notices: list[str] = []
    with AudioOutput(device="no such sound card", on_notice=notices.append) as out:
        assert out.available
        rec = _record(virtual_soundcard, lambda: (out.play_cue(Cue.PASS), out.wait_idle(3)))
    assert rec.sounding_span() is not None
    assert notices == [AudioNotice.AUDIO_DEVICE_MISSING]


def test_rate_change_applies_to_the_next_message(
    virtual_soundcard: VirtualSoundCard, output: AudioOutput
) -> None:
    def measure() -> float:
        rec = _record(virtual_soundcard, lambda: (output.speak("Tocca a te."), output.wait_idle(9)))
        span = rec.sounding_span()
        assert span is not None
        return span[1] - span[0]

    output.rate = 120
    slow = measure()
    output.rate = 320
    fast = measure()
    assert slow > 1.8 * fast


# ----------------------------------------------------------------- speech failures


def test_tts_engine_failure_keeps_cues_with_one_notice(
    virtual_soundcard: VirtualSoundCard,
) -> None:
    notices: list[str] = []
    out = AudioOutput(
        on_notice=notices.append,
        synthesizer_factory=lambda: Synthesizer(driver_name="no_such_driver"),
    )
    with out:
        deadline = time.monotonic() + 5
        while out.speech_available and time.monotonic() < deadline:
            time.sleep(0.01)
        for _ in range(5):
            out.speak(SENTENCE)
        assert not out.is_sounding()
        rec = _record(virtual_soundcard, lambda: (out.play_cue(Cue.INVALID), out.wait_idle(3)))
    span = rec.sounding_span()
    assert span is not None and span[1] - span[0] < 0.5  # the cue, no speech
    assert notices == [AudioNotice.TTS_UNAVAILABLE]


class _StuckSynthesizer:
    """Never returns: stands in for an engine that hangs (no real way to make espeak hang)."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def synthesize(self, text: str, rate_wpm: int) -> Sound:
        self.release.wait(30)
        raise RuntimeError("released")


def test_hanging_synthesis_never_blocks_the_game(virtual_soundcard: VirtualSoundCard) -> None:
    notices: list[str] = []
    stuck = _StuckSynthesizer()
    out = AudioOutput(
        on_notice=notices.append, synthesizer_factory=lambda: stuck, synthesis_timeout_s=0.5
    )
    with out:
        began = time.monotonic()
        out.speak(SENTENCE)
        assert out.is_sounding()
        assert out.wait_idle(3.0)
        assert 0.4 < time.monotonic() - began < 1.5
        out.speak(SENTENCE)  # ignored now, without waiting
        assert not out.is_sounding()
        rec = _record(virtual_soundcard, lambda: (out.play_cue(Cue.PASS), out.wait_idle(3)))
        stuck.release.set()
    assert rec.sounding_span() is not None
    assert notices == [AudioNotice.TTS_UNAVAILABLE]


def _run_child(args: list[str], env: dict[str, str]) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(CHILD), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_broken_espeak_library_keeps_cues(
    virtual_soundcard: VirtualSoundCard, tmp_path: Path
) -> None:
    (tmp_path / "libespeak-ng.so.1").write_text("not a shared library")
    env = {**virtual_soundcard.env, "LD_LIBRARY_PATH": str(tmp_path)}
    with virtual_soundcard.recorder() as rec:
        result = _run_child(["tts_broken"], env)
    recording = rec.recording
    assert recording is not None
    assert result["notices"] == [AudioNotice.TTS_UNAVAILABLE]
    assert result["available"] and not result["speech_available"]
    assert result["speak_s"] < 0.05
    assert result["idle"]
    span = recording.sounding_span()
    assert span is not None, "the draw cue should still be heard"
    assert span[1] - span[0] < 0.6  # the cue (0.4 s), not the long message
    assert result["began"] - 0.05 < span[0] < result["ended"]


# ----------------------------------------------------------------- device failures


def test_no_output_device_is_silent_with_one_notice(tmp_path: Path) -> None:
    client_conf = tmp_path / "client.conf"
    client_conf.write_text("autospawn = no\n")
    env = {
        **os.environ,
        "PULSE_SERVER": f"unix:{tmp_path / 'no-server'}",
        "PULSE_CLIENTCONFIG": str(client_conf),
    }
    result = _run_child(["no_device"], env)
    assert result["notices"] == [AudioNotice.AUDIO_UNAVAILABLE]
    assert result["available"] is False
    assert result["start_s"] < 2.0
    assert result["calls_s"] < 0.05  # 60 calls: the game is never held
    assert result["sounding"] is False
    assert result["wait_idle"] is True
    assert result["close_s"] < 0.5


def test_device_lost_mid_game_goes_silent_with_one_notice() -> None:
    folder = Path(tempfile.mkdtemp(prefix="vd-lost-"))
    card = VirtualSoundCard(folder)
    card.start(apply_to_process=False, settle=False)
    try:
        assert card.pid is not None
        result = _run_child(["device_lost", str(card.pid)], card.env)
    finally:
        card.stop()
        shutil.rmtree(folder, ignore_errors=True)
    assert result["available_before"] and result["playing_before"]
    assert result["notices"] == [AudioNotice.AUDIO_LOST]
    assert result["available_after"] is False
    assert result["idle"] is True
    assert result["silent_after_s"] < 3.0
    assert result["calls_s"] < 0.05
    assert result["sounding_after"] is False
    assert result["close_s"] < 1.0


# ----------------------------------------------------------------- building blocks


def test_null_output_accepts_everything() -> None:
    with NullOutput(rate=200, volume=0.5) as out:
        out.speak("Tocca a te.")
        out.play_cue(Cue.YOUR_TURN, pan=-1.0)
        out.stop_speech()
        assert not out.is_sounding()
        assert out.wait_idle(0.0)
        assert out.rate == 200 and out.volume == 0.5


def test_pan_gains_keep_the_power_and_the_centre() -> None:
    side = np.sqrt(2)
    assert pan_gains(0.0) == pytest.approx((1.0, 1.0))
    assert pan_gains(-1.0) == (side, 0.0)
    assert pan_gains(1.0) == (0.0, side)
    assert pan_gains(5.0) == (0.0, side)
    for pan in np.linspace(-1, 1, 13):
        left, right = pan_gains(float(pan))
        assert left**2 + right**2 == pytest.approx(2.0)  # as loud wherever it sits
    left, right = pan_gains(-1 / 3)
    assert left**2 == pytest.approx(3 * right**2)


def test_mixer_plays_speech_in_order_then_goes_quiet() -> None:
    mixer = Mixer(sample_rate=1000)
    mixer.add_speech(np.full(30, 0.1, dtype=np.float32))
    mixer.add_speech(np.full(30, 0.2, dtype=np.float32))
    out = np.empty((50, 2), dtype=np.float32)
    assert mixer.render(out)
    assert np.allclose(out[:30], 0.1) and np.allclose(out[30:], 0.2)
    assert mixer.messages_started == 2
    assert mixer.render(out)
    assert np.allclose(out[:10], 0.2) and np.allclose(out[10:], 0.0)
    assert not mixer.render(out)
    assert not mixer.pending


def test_mixer_clear_speech_fades_within_milliseconds() -> None:
    mixer = Mixer(sample_rate=1000, fade_s=0.005)
    mixer.add_speech(np.full(1000, 0.5, dtype=np.float32))
    mixer.add_speech(np.full(1000, 0.5, dtype=np.float32))
    out = np.empty((100, 2), dtype=np.float32)
    mixer.render(out)
    mixer.clear_speech()
    mixer.render(out)
    assert np.all(np.diff(out[:5, 0]) < 0)  # a ramp down, not a click
    assert np.all(out[5:] == 0.0)
    assert not mixer.pending


def test_mixer_signals_once_when_its_sources_run_out() -> None:
    drained: list[int] = []
    mixer = Mixer(sample_rate=1000, on_drained=lambda: drained.append(1))
    out = np.empty((10, 2), dtype=np.float32)
    mixer.render(out)
    assert drained == []  # nothing was playing
    mixer.add_cue(np.full((15, 2), 0.1, dtype=np.float32))
    mixer.render(out)
    assert drained == []
    mixer.render(out)
    assert drained == [1]
    mixer.render(out)
    assert drained == [1]
    mixer.add_speech(np.full(100, 0.1, dtype=np.float32))
    mixer.add_speech(np.full(100, 0.1, dtype=np.float32))
    mixer.clear_speech()  # nothing rendered yet: the queue is simply dropped
    assert drained == [1, 1]


def test_mixer_sums_cues_with_pan_and_volume_and_clips() -> None:
    mixer = Mixer(sample_rate=1000)
    cue = np.full((20, 2), 0.6, dtype=np.float32)
    mixer.add_cue(cue, pan=-1.0)  # left only: 0.6 * sqrt(2)
    mixer.add_cue(cue, pan=0.0)
    out = np.empty((10, 2), dtype=np.float32)
    mixer.render(out)
    assert np.allclose(out[:, 0], 1.0)  # 0.85 + 0.6 clipped
    assert np.allclose(out[:, 1], 0.6)
    mixer.volume = 0.5
    mixer.render(out)
    assert np.allclose(out[:, 0], 0.5 * (0.6 * np.sqrt(2) + 0.6)) and np.allclose(out[:, 1], 0.3)


def test_closing_while_sounding_wakes_a_waiter(virtual_soundcard: VirtualSoundCard) -> None:
    out = AudioOutput()
    out.start()
    out.speak(LONG)
    woke: list[bool] = []
    waiter = threading.Thread(target=lambda: woke.append(out.wait_idle(20.0)))
    waiter.start()
    time.sleep(0.5)
    out.close()
    waiter.join(2.0)
    assert woke == [True]
    assert not out.is_sounding()
