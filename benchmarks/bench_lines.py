"""Many piped lines through the real program: wall time, time per line and peak memory.

    python benchmarks/bench_lines.py                # 100,000 lines
    python benchmarks/bench_lines.py --lines 1000000
    python benchmarks/bench_lines.py --checkout OTHER_TREE   # the same, for another checkout

One match is started, then queries and junk are typed forever (nothing that ends the match),
so the program answers every line and keeps one match: what grows is what the program keeps
per line (its message history). Peak memory is the child's maximum resident set size.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LINES = ("mano", "serpente", "punteggio", "pozzo", "turno", "boh", "ripeti", "aiuto")


def run(lines: int, checkout: Path) -> tuple[float, int, int]:
    """(seconds, peak RSS in kB, output lines) for *lines* lines piped through the program."""
    with tempfile.TemporaryDirectory(prefix="vd-bench-lines-") as folder:
        script = Path(folder) / "input.txt"
        with script.open("w", encoding="utf-8") as stream:
            stream.write("inizia\n")
            for line in itertools.islice(itertools.cycle(LINES), lines - 1):
                stream.write(line + "\n")
        env = {key: value for key, value in os.environ.items() if not key.startswith("VOICE")}
        env |= {
            "VOICEDOMINO_DATA_DIR": str(Path(folder) / "data"),
            "VOICEDOMINO_CONFIG_DIR": str(Path(folder) / "config"),
            "PYTHONPATH": str(checkout),
        }
        command = [sys.executable, "-m", "voicedomino", "--righe", "--no-voice", "--tastiera"]
        command += ["--pausa", "0", "--seme", "1", "--senza-salvataggio"]
        started = time.perf_counter()
        with script.open("rb") as source:
            process = subprocess.Popen(
                command, stdin=source, stdout=subprocess.PIPE, env=env, cwd=folder
            )
            assert process.stdout is not None
            output = sum(
                chunk.count(b"\n") for chunk in iter(lambda: process.stdout.read(1 << 16), b"")
            )  # type: ignore[union-attr]
            _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            raise SystemExit(f"the program failed with status {process.returncode}")
        return elapsed, usage.ru_maxrss, output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--checkout", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args()
    small = max(1000, args.lines // 100)
    for count in (small, args.lines):
        seconds, peak_kb, output = run(count, args.checkout)
        print(
            f"{count:>9,} lines in: {seconds:7.2f} s, {1e6 * seconds / count:6.1f} µs per line, "
            f"peak RSS {peak_kb / 1024:6.1f} MB, {output:,} lines out"
        )


if __name__ == "__main__":
    main()
