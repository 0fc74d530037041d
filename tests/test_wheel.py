"""The wheel, installed outside the checkout, has every cue and data file and plays a round.

The wheel is built from a copy of the sources (the checkout stays clean) and installed,
without `-e`, into a fresh virtual environment in a temporary folder. The game's dependencies
come from the environment running the tests: its site-packages is added to the new
environment as a plain path, so the packages there are importable but the `.pth` hooks there
(the editable install of this checkout among them) never run. The test then checks that the
game imported there is the installed copy, not this checkout.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from dialog_driver import play_scripted_match
from virtual_audio import VirtualSoundCard

from voicedomino.audio.api import RATE_MAX_WPM
from voicedomino.audio.cue_names import Cue
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.italian import messages as it
from voicedomino.persistence import preferences as user_settings

ROOT = Path(__file__).resolve().parents[1]
ROUND_END_CUES = {Cue.ROUND_WON, Cue.ROUND_LOST, Cue.BLOCKED, Cue.MATCH_WON, Cue.MATCH_LOST}
SEED = 5

pytestmark = [pytest.mark.slow, pytest.mark.audio]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "voicedomino", source / "voicedomino", ignore=shutil.ignore_patterns("__pycache__")
    )
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "--wheel-dir", str(out), "."],
        cwd=source,
        check=True,
        capture_output=True,
        timeout=600,
    )
    (built,) = out.glob("voicedomino-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh environment with the wheel installed; yields its folder."""
    env_dir = tmp_path_factory.mktemp("env") / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True, timeout=120
    )
    python = env_dir / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    dependencies = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(purelib) / "test-dependencies.pth").write_text("\n".join(sorted(dependencies)) + "\n")
    yield env_dir


def _clean_env(card: VirtualSoundCard, home: Path) -> dict[str, str]:
    env = {key: value for key, value in card.env.items() if not key.startswith("PYTHON")}
    env["VOICEDOMINO_CONFIG_DIR"] = str(home / "config")
    env["XDG_DATA_HOME"] = str(home / "data")
    env.pop("VOICEDOMINO_SOUNDS_DIR", None)
    return env


def test_the_wheel_holds_every_cue_and_data_file(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = archive.read(metadata).decode()
    for cue in Cue:
        assert f"voicedomino/data/sounds/{cue.value}.wav" in names
    for data in (ROOT / "voicedomino" / "data").glob("*.*"):
        assert f"voicedomino/data/{data.name}" in names
    assert "voicedomino/py.typed" in names
    assert "Classifier: Natural Language :: Italian" in meta
    assert "Description-Content-Type: text/markdown" in meta
    assert "Provides-Extra: lettore-schermo" in meta


def test_the_installed_game_finds_its_cues_and_plays_one(
    installed: Path, virtual_soundcard: VirtualSoundCard, tmp_path: Path
) -> None:
    script = (
        "import json, voicedomino\n"
        "from voicedomino.audio.cues import CueLibrary, sounds_dir\n"
        "from voicedomino.audio.cue_names import Cue\n"
        "from voicedomino.audio.output import AudioOutput\n"
        "library = CueLibrary.load()\n"
        "with AudioOutput() as out:\n"
        "    out.play_cue(Cue.MATCH_WON)\n"
        "    idle = out.wait_idle(5)\n"
        "print(json.dumps({'package': voicedomino.__file__, 'sounds': str(sounds_dir()),\n"
        "    'cues': len(library.cues), 'missing': list(library.missing), 'idle': idle}))\n"
    )
    with virtual_soundcard.recorder() as rec:
        done = subprocess.run(
            [str(installed / "bin" / "python"), "-c", script],
            cwd=tmp_path,
            env=_clean_env(virtual_soundcard, tmp_path),
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    report = json.loads(done.stdout)
    assert Path(report["package"]).is_relative_to(installed)  # not this checkout
    assert Path(report["sounds"]).is_relative_to(installed)
    assert report["cues"] == len(Cue) == 28 and report["missing"] == []  # 8 are the arms' cues
    assert report["idle"] is True
    assert rec.recording is not None
    span = rec.recording.sounding_span()
    assert span is not None and 0.5 < span[1] - span[0] < 1.3  # the 1.15 s cue, quiet tail aside


def first_round() -> tuple[list[str], list[str]]:
    """The commands that play the first round of a seeded match, and the lines they print."""
    manager = DialogManager(Table(), computer_pause=0, seed=SEED)
    transcript = [m.text for m in manager.start().messages]
    commands: list[str] = []

    class RoundOver(Exception):
        pass

    def say(command: str) -> None:
        commands.append(command)
        response = manager.handle(command)
        transcript.extend(m.text for m in response.messages)
        if any(m.cue in ROUND_END_CUES for m in response.messages):
            raise RoundOver

    with pytest.raises(RoundOver):
        play_scripted_match(manager, ["classica"], SEED, say)
    return commands, transcript


def test_the_installed_game_plays_a_round_with_sound(
    installed: Path, virtual_soundcard: VirtualSoundCard, tmp_path: Path
) -> None:
    commands, transcript = first_round()
    env = _clean_env(virtual_soundcard, tmp_path)
    # The fastest speaking rate keeps the round short; the sound is the same kind.
    fast = user_settings.UserSettings().replace(rate_wpm=RATE_MAX_WPM)
    assert user_settings.save_settings(fast, tmp_path / "config" / user_settings.SETTINGS_FILE)
    with virtual_soundcard.recorder() as rec:
        done = subprocess.run(
            [
                str(installed / "bin" / "voicedomino"),
                "--tastiera",
                "--righe",
                "--pausa",
                "0",
                "--seme",
                str(SEED),
                "--senza-salvataggio",
            ],
            input="\n".join(commands) + "\n",
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    # The keyboard-mode notice comes right after the greeting: not part of the dialog's round.
    printed = [line for line in done.stdout.splitlines() if line != it.notice("keyboard_mode")]
    start = printed.index(transcript[0])
    assert printed[start : start + len(transcript)] == transcript  # the same round
    assert "Alcuni suoni del gioco mancano" not in done.stdout
    assert "sintesi vocale non è disponibile" not in done.stdout
    assert rec.recording is not None
    loud = rec.recording.window_rms(0.1) > 0.01
    assert loud.mean() > 0.3, "the round was not heard on the card"
