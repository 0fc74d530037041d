"""The log files never fill the disk: a log grown past its bound (by a game or server left
running for months, or a library writing without end) becomes <name>.1, the older one
dropped, and a new one begins; a log left too big by an earlier run is set aside at start."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

from test_untrusted_paths import environment

from voicedomino.cli import LOG_LIMIT, BoundedLog

GAME = [sys.executable, "-m", "voicedomino", "--righe", "--muto", "--tastiera", "--seme", "5"]


def test_a_log_past_its_bound_is_renewed_and_only_one_older_file_kept(tmp_path: Path) -> None:
    path = tmp_path / "voicedomino.log"
    handler = BoundedLog(path, limit=10_000)
    logger = logging.getLogger("bounded-log-test")
    logger.propagate, logger.level = False, logging.INFO
    logger.addHandler(handler)
    try:
        for n in range(2_000):  # about 100 kB of lines: ten times the bound
            logger.warning("riga %05d %s", n, "x" * 40)
    finally:
        logger.removeHandler(handler)
        handler.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["voicedomino.log", "voicedomino.log.1"]
    assert path.stat().st_size <= 10_000 + 100
    assert (tmp_path / "voicedomino.log.1").stat().st_size <= 10_000 + 100
    assert "riga 01999" in path.read_text()  # the newest lines are kept


def test_library_output_follows_the_renewed_log(tmp_path: Path) -> None:
    """Descriptor 2 (where libraries such as ALSA or Kaldi write) goes to the new file too: a
    library writing without end fills neither the old file nor the disk."""
    script = f"""
import logging, os, sys
from pathlib import Path
from voicedomino.cli import BoundedLog
from voicedomino.frontend.streams import library_output_to
path = Path({str(tmp_path / "gioco.log")!r})
handler = BoundedLog(path, limit=5_000)
library_output_to(path)
handler.library_output = True
logging.getLogger().addHandler(handler)
for n in range(400):
    os.write(2, b"ALSA lib: underrun occurred " + b"y" * 40 + b"\\n")
    logging.getLogger().warning("riga %d", n)
"""
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
    sizes = {p.name: p.stat().st_size for p in tmp_path.iterdir()}
    assert set(sizes) == {"gioco.log", "gioco.log.1"}, sizes
    assert all(size <= 5_000 + 200 for size in sizes.values()), sizes


def test_library_output_alone_is_bounded_too(tmp_path: Path) -> None:
    """A C library writing to descriptor 2 without end, while the game itself logs nothing:
    no Python log call ever checks the size, yet the log is renewed and the disk not filled."""
    script = f"""
import ctypes, logging, time
from pathlib import Path
from voicedomino.cli import BoundedLog
from voicedomino.frontend.streams import library_output_to
path = Path({str(tmp_path / "gioco.log")!r})
handler = BoundedLog(path, limit=5_000)
library_output_to(path)
handler.watch_library_output(every=0.25)
logging.getLogger().addHandler(handler)
libc = ctypes.CDLL(None)
line = b"ALSA lib pcm.c:8570:(snd_pcm_recover) underrun occurred " + b"y" * 960 + b"\\n"
for n in range(400):  # about 400 kB, 1 kB every 10 ms: written below Python, as C does
    libc.write(2, line, len(line))
    time.sleep(0.01)
"""
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)
    sizes = {p.name: p.stat().st_size for p in tmp_path.iterdir()}
    assert set(sizes) == {"gioco.log", "gioco.log.1"}, sizes
    # Renewed within a few checks (25 kB each at this pace), never grown to the 400 kB written.
    assert all(size <= 100_000 for size in sizes.values()), sizes


def test_a_log_left_too_big_is_set_aside_when_the_game_starts(tmp_path: Path) -> None:
    folder = tmp_path / "state" / "voicedomino" / "log"
    folder.mkdir(parents=True)
    log = folder / "voicedomino.log"
    with open(log, "wb") as big:  # a sparse file: the size without the disk
        big.truncate(LOG_LIMIT + 1)
    (folder / "voicedomino.log.1").write_text("la volta prima\n")
    result = subprocess.run(GAME, input="esci\nsì\n", capture_output=True, text=True,
                            env=environment(tmp_path), timeout=60)  # fmt: skip
    assert "Arrivederci" in result.stdout and result.returncode == 0, result.stdout
    assert log.stat().st_size < LOG_LIMIT
    assert (folder / "voicedomino.log.1").stat().st_size == LOG_LIMIT + 1
    assert sorted(os.listdir(folder)) == ["voicedomino.log", "voicedomino.log.1"]
