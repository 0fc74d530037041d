"""Speech through the screen reader: a private speech-dispatcher heard on the virtual card.

The daemon is the real one (Debian's speech-dispatcher with its espeak-ng module), started by
the fixture on its own socket and playing into the virtual card's speaker; the game speaks to it
over SSIP. The Windows back end (accessible-output2 with NVDA/JAWS) cannot run here.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from virtual_audio import VirtualSoundCard

from voicedomino.audio.api import AudioNotice
from voicedomino.audio.cue_names import Cue
from voicedomino.audio.output import AudioOutput
from voicedomino.audio.screen_reader import (
    ScreenReaderUnavailable,
    SpeechDispatcher,
    open_screen_reader,
    speechd_address,
)

pytestmark = pytest.mark.audio

SENTENCE = "Tocca a te. In testa c'è il sei, in coda il tre."
LONG = (
    "Il computer ha giocato il sei tre in testa. Adesso in testa c'è il tre e in coda il "
    "cinque. Nel pozzo restano quattordici tessere e tu ne hai sette in mano."
)
CONFIG = """\
AudioOutputMethod "pulse"
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
DefaultLanguage "it"
"""


@pytest.fixture(scope="module")
def speechd(virtual_soundcard: VirtualSoundCard) -> Iterator[str]:
    """A private speech-dispatcher on the virtual card; yields its SPEECHD_ADDRESS."""
    if shutil.which("speech-dispatcher") is None:
        pytest.fail("speech-dispatcher is missing: ./run.sh test installs it")
    folder = Path(tempfile.mkdtemp(prefix="vd-spd-"))  # a socket path must stay short
    (folder / "conf" / "modules").mkdir(parents=True)
    (folder / "conf" / "speechd.conf").write_text(CONFIG)
    (folder / "conf" / "modules" / "espeak-ng.conf").write_text("")
    sock = folder / "speechd.sock"
    command = [
        *("speech-dispatcher", "--run-single", "--timeout", "0"),
        *("--communication-method", "unix_socket", "--socket-path", str(sock)),
        *("--config-dir", str(folder / "conf"), "--log-dir", str(folder)),
        *("--pid-file", str(folder / "pid"), "--log-level", "1"),
    ]
    daemon = subprocess.Popen(
        command,
        env={**virtual_soundcard.env, "HOME": str(folder), "XDG_RUNTIME_DIR": str(folder)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                with socket.socket(socket.AF_UNIX) as probe:
                    probe.connect(str(sock))
                break
            except OSError:
                assert daemon.poll() is None, "speech-dispatcher exited at start"
                assert time.monotonic() < deadline, "speech-dispatcher did not open its socket"
                time.sleep(0.05)
        yield f"unix_socket:{sock}"
    finally:
        daemon.send_signal(signal.SIGTERM)
        try:
            daemon.wait(timeout=10)
        except subprocess.TimeoutExpired:
            daemon.kill()
            daemon.wait(timeout=5)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def use_speechd(speechd: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("SPEECHD_ADDRESS", speechd)
    return speechd


def test_address_follows_libspeechd() -> None:
    assert speechd_address({"SPEECHD_ADDRESS": "unix_socket:/run/x.sock"}) == (
        "unix",
        "/run/x.sock",
    )
    assert speechd_address({"SPEECHD_ADDRESS": "inet_socket:host:7000"}) == ("inet", "host:7000")
    assert speechd_address({"XDG_RUNTIME_DIR": "/run/user/7"}) == (
        "unix",
        "/run/user/7/speech-dispatcher/speechd.sock",
    )


def test_speech_dispatcher_is_heard_and_reports_the_end(
    virtual_soundcard: VirtualSoundCard, use_speechd: str
) -> None:
    ended = threading.Event()
    reader = SpeechDispatcher(ended.set)
    marks: dict[str, float] = {}
    try:
        with virtual_soundcard.recorder() as rec:
            time.sleep(0.2)
            marks["speak"] = time.monotonic()
            reader.speak(SENTENCE)
            assert reader.is_speaking()
            assert ended.wait(15)
            marks["ended"] = time.monotonic()
            assert not reader.is_speaking()
            time.sleep(0.3)
    finally:
        reader.close()
    assert rec.recording is not None
    span = rec.recording.sounding_span()
    assert span is not None, "the screen reader's speech was not heard on the card"
    assert span[0] - marks["speak"] < 1.5
    assert span[1] - span[0] > 1.0  # a sentence, not a click
    assert span[1] < marks["ended"] + 0.5  # the end event comes once the speech is over


def test_the_game_speaks_through_it_and_cues_still_play(
    virtual_soundcard: VirtualSoundCard, use_speechd: str
) -> None:
    notices: list[str] = []
    out = AudioOutput(on_notice=notices.append, screen_reader=open_screen_reader)
    marks: dict[str, float] = {}
    with out:
        assert out.screen_reader == "speech-dispatcher"
        with virtual_soundcard.recorder() as rec:
            time.sleep(0.2)
            marks["cue"] = time.monotonic()
            out.play_cue(Cue.YOUR_TURN)
            assert out.wait_idle(3)
            marks["speak"] = time.monotonic()
            out.speak(SENTENCE)
            assert out.is_sounding()
            assert out.wait_idle(15)
            marks["idle"] = time.monotonic()
            time.sleep(0.3)
    assert notices == []
    assert rec.recording is not None
    cue = rec.recording.between(marks["cue"], marks["speak"])
    assert float(abs(cue).max()) > 0.05, "the cue was not heard"
    speech = rec.recording.between(marks["speak"], marks["idle"] + 0.3)
    assert float(abs(speech).max()) > 0.05, "the screen reader's speech was not heard"
    tail = rec.recording.between(marks["idle"] + 0.1, marks["idle"] + 0.3)
    assert float(abs(tail).max()) < 0.01  # wait_idle waited for the screen reader to finish


def test_stop_speech_cancels_only_what_the_game_said(
    virtual_soundcard: VirtualSoundCard, use_speechd: str
) -> None:
    with AudioOutput(screen_reader=open_screen_reader) as out, virtual_soundcard.recorder() as rec:
        out.speak(LONG)
        out.speak(LONG)
        time.sleep(1.5)
        stopped = time.monotonic()
        out.stop_speech()
        assert out.wait_idle(2)
        idle = time.monotonic()
        time.sleep(0.8)
    assert idle - stopped < 1.0
    assert rec.recording is not None
    span = rec.recording.sounding_span()
    assert span is not None
    assert span[1] < stopped + 0.5  # cut within half a second, the second message never said


def test_without_a_screen_reader_the_game_voice_speaks_after_a_notice(
    virtual_soundcard: VirtualSoundCard, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'none.sock'}")
    with pytest.raises(ScreenReaderUnavailable):
        SpeechDispatcher()
    notices: list[str] = []
    with AudioOutput(on_notice=notices.append, screen_reader=open_screen_reader) as out:
        assert out.screen_reader is None
        with virtual_soundcard.recorder() as rec:
            out.speak("Tocca a te.")
            assert out.wait_idle(10)
            time.sleep(0.2)
    assert notices == [AudioNotice.SCREEN_READER_UNAVAILABLE]
    assert rec.recording is not None and rec.recording.sounding_span() is not None


def test_the_game_starts_with_the_screen_reader_option(
    virtual_soundcard: VirtualSoundCard, speechd: str, tmp_path: Path
) -> None:
    root = Path(__file__).resolve().parents[1]
    env = {
        **virtual_soundcard.env,
        "SPEECHD_ADDRESS": speechd,
        "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "config"),
        "PYTHONPATH": str(root),
    }
    with virtual_soundcard.recorder() as rec:
        done = subprocess.run(
            [
                *(sys.executable, "-m", "voicedomino", "--lettore-schermo", "--tastiera"),
                *("--righe", "--senza-salvataggio", "--seme", "3"),
            ],
            input="esci\nsì\n",
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    assert rec.recording is not None and rec.recording.sounding_span() is not None
    assert "lettore di schermo" not in done.stdout  # no fallback notice: it was used
