"""A real virtual sound card for tests: a private PulseAudio daemon with two null sinks.

- `vspk` (22050 Hz stereo): the default sink, where the game plays. Its monitor
  `vspk.monitor` is recorded to check what the game made audible, panning included.
- `vmic` (16000 Hz mono): a test plays speech into it (`play_into_mic`); its monitor
  `vmic.monitor` is the default source, so the game "hears" it as its microphone and never
  hears its own output.

    card = VirtualSoundCard(tmp_dir); card.start()      # sets PULSE_SERVER, rescans PortAudio
    with card.recorder() as rec: ...play...              # rec.recording: what vspk sounded
    card.play_into_mic(wav_path)
    card.stop()                                          # kills the daemon by its pid

Facts behind the details (see AUDIO-NOTES): an idle null sink delivers its monitor in 2 s
blocks unless someone records it with low latency, so one `parec` per monitor is kept running;
PortAudio lists devices only when it initialises, so after PULSE_SERVER is set it is
re-initialised (`sd._terminate(); sd._initialize()`).

Also a command line for use by hand: `python tests/virtual_audio.py start|stop DIR`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

import numpy as np
import numpy.typing as npt

SPEAKER_SINK = "vspk"
SPEAKER_RATE = 22050
SPEAKER_CHANNELS = 2
MIC_SINK = "vmic"
MIC_RATE = 16000
MIC_CHANNELS = 1
REQUIRED_TOOLS = ("pulseaudio", "pactl", "parec", "paplay")
SILENCE_RMS = 0.01  # the null sink's silence is exact zero; speech and cues are far above


class VirtualSoundCardError(RuntimeError):
    """The virtual card could not be set up: the message says what to install or check."""


@dataclass
class Recording:
    """Audio captured from a monitor; `started_at` is the monotonic time of its first frame."""

    samples: npt.NDArray[np.float32]  # (frames, channels)
    rate: int
    started_at: float

    @property
    def duration(self) -> float:
        return float(self.samples.shape[0] / self.rate)

    def time_of(self, frame: int) -> float:
        return self.started_at + frame / self.rate

    def window_rms(self, window_s: float = 0.02) -> npt.NDArray[np.float64]:
        """RMS of consecutive windows (all channels together)."""
        size = max(1, round(window_s * self.rate))
        count = self.samples.shape[0] // size
        blocks = self.samples[: count * size].reshape(count, size, -1).astype(np.float64)
        rms: npt.NDArray[np.float64] = np.sqrt(np.mean(np.square(blocks), axis=(1, 2)))
        return rms

    def sounding_span(
        self, threshold: float = SILENCE_RMS, window_s: float = 0.02
    ) -> tuple[float, float] | None:
        """Monotonic (start, end) of the audible part, or None if all silent."""
        loud = np.flatnonzero(self.window_rms(window_s) > threshold)
        if loud.size == 0:
            return None
        size = round(window_s * self.rate)
        return self.time_of(int(loud[0]) * size), self.time_of((int(loud[-1]) + 1) * size)

    def between(self, start: float, end: float) -> npt.NDArray[np.float32]:
        """Samples captured between two monotonic times."""
        first = max(0, round((start - self.started_at) * self.rate))
        last = max(first, round((end - self.started_at) * self.rate))
        return self.samples[first:last]

    def channel_rms(self) -> npt.NDArray[np.float64]:
        rms: npt.NDArray[np.float64] = np.sqrt(
            np.mean(np.square(self.samples.astype(np.float64)), axis=0)
        )
        return rms


class Recorder:
    """Records a PulseAudio source with `parec` on a background thread."""

    def __init__(self, env: dict[str, str], source: str, rate: int, channels: int) -> None:
        self._rate = rate
        self._channels = channels
        self._chunks: list[bytes] = []
        self._arrivals: list[tuple[float, int]] = []  # (monotonic arrival, total bytes so far)
        self._total = 0
        self._proc = subprocess.Popen(
            [
                "parec", "--latency-msec=20", "-d", source, "--raw",
                "--format=s16le", f"--rate={rate}", f"--channels={channels}",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )  # fmt: skip
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.recording: Recording | None = None

    def _read(self) -> None:
        assert self._proc.stdout is not None
        frame_bytes = 2 * self._channels
        while True:
            chunk = self._proc.stdout.read1(4096)  # type: ignore[attr-defined]
            if not chunk:
                return
            self._chunks.append(chunk)
            self._total += len(chunk)
            self._arrivals.append((time.monotonic(), self._total // frame_bytes))

    def wait_started(self, timeout: float = 5.0) -> None:
        """Block until audio flows, so nothing played after this is missed."""
        deadline = time.monotonic() + timeout
        while not self._arrivals:
            if time.monotonic() > deadline or self._proc.poll() is not None:
                raise VirtualSoundCardError("parec delivered no audio from the virtual card")
            time.sleep(0.005)

    def stop(self) -> Recording:
        self._proc.terminate()
        try:
            self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        self._reader.join(timeout=5)
        raw = b"".join(self._chunks)
        raw = raw[: len(raw) - len(raw) % (2 * self._channels)]
        data = np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0
        samples = data.reshape(-1, self._channels)
        # Delivery only ever lags capture, so the earliest implied start is the best estimate.
        starts = [arrived - frames / self._rate for arrived, frames in self._arrivals]
        started_at = min(starts) if starts else time.monotonic()
        self.recording = Recording(samples, self._rate, started_at)
        return self.recording

    def __enter__(self) -> Recorder:
        self.wait_started()
        return self

    def __exit__(
        self,
        _type: type[BaseException] | None,
        _value: BaseException | None,
        _tb: TracebackType | None,
    ) -> None:
        self.stop()


def rescan_portaudio() -> None:
    """Make sounddevice/PortAudio list devices again (they are listed once at initialisation)."""
    import sounddevice as sd

    sd._terminate()
    sd._initialize()


class VirtualSoundCard:
    """A private PulseAudio daemon in `runtime_dir`, owned (and stopped) by this object."""

    def __init__(self, runtime_dir: Path) -> None:
        self.runtime_dir = Path(runtime_dir)
        self.socket = self.runtime_dir / "native"
        self.server = f"unix:{self.socket}"
        self.speaker_sink = SPEAKER_SINK
        self.speaker_monitor = f"{SPEAKER_SINK}.monitor"
        self.mic_sink = MIC_SINK
        self.mic_source = f"{MIC_SINK}.monitor"
        self._daemon: subprocess.Popen[bytes] | None = None
        self._keepalive: list[subprocess.Popen[bytes]] = []
        self._old_env: dict[str, str | None] = {}

    @property
    def env(self) -> dict[str, str]:
        """Environment for a client process (e.g. a game started in a subprocess)."""
        return {**os.environ, "PULSE_SERVER": self.server}

    @property
    def pid(self) -> int | None:
        return self._daemon.pid if self._daemon else None

    def start(self, apply_to_process: bool = True, settle: bool = True) -> None:
        """Start the daemon; `settle` waits for low-latency monitors (needed to record)."""
        missing = [tool for tool in REQUIRED_TOOLS if shutil.which(tool) is None]
        if missing:
            raise VirtualSoundCardError(
                f"missing {', '.join(missing)}: install the Debian packages "
                "pulseaudio pulseaudio-utils libasound2-plugins (./run.sh test does)"
            )
        self.runtime_dir.mkdir(parents=True, exist_ok=True)
        log = (self.runtime_dir / "pulseaudio.log").open("wb")
        daemon_env = {**os.environ, "HOME": str(self.runtime_dir)}
        daemon_env["XDG_RUNTIME_DIR"] = str(self.runtime_dir)
        daemon_env.pop("PULSE_SERVER", None)
        self._daemon = subprocess.Popen(
            [
                "pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1",
                "--disallow-exit", "--use-pid-file=no", "--disable-shm=yes",
                f"--load=module-native-protocol-unix auth-anonymous=1 socket={self.socket}",
                f"--load=module-null-sink sink_name={SPEAKER_SINK} rate={SPEAKER_RATE} "
                f"channels={SPEAKER_CHANNELS}",
                f"--load=module-null-sink sink_name={MIC_SINK} rate={MIC_RATE} "
                f"channels={MIC_CHANNELS}",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=daemon_env,
            start_new_session=True,  # a Ctrl-C in the test terminal does not hit it first
        )  # fmt: skip
        log.close()
        try:
            self._wait_ready()
            self._pactl("set-default-sink", SPEAKER_SINK)
            self._pactl("set-default-source", self.mic_source)
            for monitor in (self.speaker_monitor, self.mic_source):
                self._keepalive.append(
                    subprocess.Popen(
                        ["parec", "--latency-msec=20", "-d", monitor, "--raw"],
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                        env=self.env,
                    )
                )
            if settle:
                time.sleep(2.0)  # the monitors switch from 2 s blocks to low latency
            if apply_to_process:
                self._apply_env()
        except BaseException:
            self.stop()
            raise

    def _wait_ready(self, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self._daemon is not None
            if self._daemon.poll() is not None:
                log = (self.runtime_dir / "pulseaudio.log").read_text(errors="replace")
                raise VirtualSoundCardError(f"pulseaudio exited at start:\n{log[-2000:]}")
            probe = subprocess.run(
                ["pactl", "info"], env=self.env, capture_output=True, timeout=5, check=False
            )
            if probe.returncode == 0:
                return
            time.sleep(0.05)
        raise VirtualSoundCardError("pulseaudio did not answer within 10 s")

    def _pactl(self, *args: str) -> None:
        done = subprocess.run(
            ["pactl", *args], env=self.env, capture_output=True, timeout=10, check=False
        )
        if done.returncode != 0:
            raise VirtualSoundCardError(f"pactl {' '.join(args)}: {done.stderr.decode()}")

    def _apply_env(self) -> None:
        """Point this process's PulseAudio clients (PortAudio via ALSA) at the card."""
        self._old_env = {"PULSE_SERVER": os.environ.get("PULSE_SERVER")}
        os.environ["PULSE_SERVER"] = self.server
        rescan_portaudio()
        import sounddevice as sd

        outputs = [d for d in sd.query_devices() if d["max_output_channels"] > 0]
        if not outputs:
            raise VirtualSoundCardError(
                "PortAudio lists no output device on the virtual card "
                "(is libasound2-plugins installed? it routes ALSA's default device to PulseAudio)"
            )

    def _restore_env(self) -> None:
        if not self._old_env:
            return
        old = self._old_env.pop("PULSE_SERVER", None)
        if old is None:
            os.environ.pop("PULSE_SERVER", None)
        else:
            os.environ["PULSE_SERVER"] = old
        with contextlib.suppress(Exception):
            rescan_portaudio()

    def stop(self) -> None:
        """Stop the recorders and the daemon this object started (by pid)."""
        for proc in self._keepalive:
            _terminate(proc)
        self._keepalive.clear()
        if self._daemon is not None:
            _terminate(self._daemon)
            self._daemon = None
        self._restore_env()

    def kill_daemon(self) -> None:
        """Kill the daemon abruptly, as when a device disappears (for failure tests)."""
        if self._daemon is not None:
            self._daemon.send_signal(signal.SIGKILL)
            self._daemon.wait(timeout=10)

    def recorder(
        self, source: str | None = None, rate: int = SPEAKER_RATE, channels: int = SPEAKER_CHANNELS
    ) -> Recorder:
        """A running recorder of `source` (default: what the game plays, `vspk.monitor`)."""
        return Recorder(self.env, source or self.speaker_monitor, rate, channels)

    def record(self, seconds: float, source: str | None = None) -> Recording:
        with self.recorder(source) as rec:
            time.sleep(seconds)
        assert rec.recording is not None
        return rec.recording

    def play_into_mic(self, wav_path: Path, wait: bool = True) -> subprocess.Popen[bytes]:
        """Play a WAV file into the virtual microphone (`vmic`); the game records vmic.monitor."""
        proc = subprocess.Popen(
            ["paplay", "-d", self.mic_sink, str(wav_path)],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        if wait:
            _, err = proc.communicate(timeout=120)
            if proc.returncode != 0:
                raise VirtualSoundCardError(f"paplay {wav_path}: {err.decode(errors='replace')}")
        return proc


def _terminate(proc: subprocess.Popen[Any]) -> None:
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)


def main(argv: list[str]) -> int:
    """`start DIR`: start a card and print the PULSE_SERVER line; `stop DIR`: stop it."""
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: virtual_audio.py start|stop DIR", file=sys.stderr)
        return 2
    folder = Path(argv[1]).resolve()
    pid_file = folder / "pulseaudio.pid"
    if argv[0] == "stop":
        if not pid_file.exists():
            print(f"no card started in {folder}", file=sys.stderr)
            return 1
        for pid in pid_file.read_text().split():
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid), signal.SIGTERM)
        pid_file.unlink()
        return 0
    card = VirtualSoundCard(folder)
    card.start(apply_to_process=False)
    pids = [card.pid, *(p.pid for p in card._keepalive)]
    pid_file.write_text(" ".join(str(p) for p in pids))
    print(f"export PULSE_SERVER={card.server}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
