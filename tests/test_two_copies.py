"""Two copies of the game at once for the same player: a setting changed in one is not undone
when the other changes another one (each wrote all of its own settings over the file)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from test_untrusted_paths import environment

from voicedomino.dialog.response import Verbosity
from voicedomino.persistence.preferences import load_settings, settings_path

GAME = [sys.executable, "-m", "voicedomino", "--righe", "--muto", "--tastiera", "--seme", "5"]
WAIT = 60.0


def test_settings_changed_by_two_copies_at_once_are_both_kept(tmp_path: Path) -> None:
    env = environment(tmp_path)
    first = subprocess.Popen(GAME, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)  # fmt: skip
    assert first.stdin is not None and first.stdout is not None
    shown: list[str] = []
    reader = threading.Thread(target=lambda: shown.extend(first.stdout or []), daemon=True)
    reader.start()

    def first_says(text: str) -> None:
        deadline = time.monotonic() + WAIT
        while not any(text in line for line in shown):
            assert time.monotonic() < deadline and first.poll() is None, "".join(shown)
            time.sleep(0.05)

    try:
        first_says("Aiuto per i comandi")  # the menu: the first copy is running
        second = subprocess.run(GAME, input="messaggi brevi\nesci\nsì\n", capture_output=True,
                                text=True, env=env, timeout=WAIT)  # fmt: skip
        assert second.returncode == 0, second.stdout
        first.stdin.write("più lento\n")
        first.stdin.flush()
        first_says("velocità")
        first.stdin.write("esci\nsì\n")
        first.stdin.close()
        assert first.wait(WAIT) == 0
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    reader.join(WAIT)
    config = Path(env["VOICEDOMINO_CONFIG_DIR"])
    kept = load_settings(config / settings_path().name).settings
    assert kept.verbosity is Verbosity.BRIEF  # the second copy's change
    assert kept.rate_wpm < 175  # and the first one's
