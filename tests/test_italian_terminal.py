"""Every word on the player's terminal is Italian and for the player: the command line's usage,
errors and help; nothing a library prints (Kaldi's usage text for a bad model, setuptools'
warnings while `./run.sh gioca` installs) reaches it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from korean_speech import KO_MODEL_PATH

from voicedomino.italian import messages as it

ROOT = Path(__file__).resolve().parent.parent
# argparse's English, as it prints it: none of it may reach an Italian player.
ENGLISH = re.compile(
    r"usage:|options:|positional arguments|show this help|error:|invalid choice|"
    r"unrecognized arguments|expected one argument|invalid int value|choose from|required"
)


def voicedomino(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env |= {"XDG_STATE_HOME": str(tmp_path / "state"), "VOICEDOMINO_NO_VOICE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "voicedomino", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


# Option names and placeholders a player reads in the help: Italian ones, never the English
# names the options first had, nor argparse's placeholders made of a variable's name.
ENGLISH_NAMES = re.compile(r"--(no-voice|keyboard|model|audio-in|debug)\b|\b[A-Z]+_[A-Z_]+\b")


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["scarica-modello", "--help"],
        ["prova-voce", "-h"],
        ["voci", "--help"],
        ["server", "--help"],
    ],
    ids=" ".join,
)
def test_help_is_italian(args: list[str], tmp_path: Path) -> None:
    result = voicedomino(*args, tmp_path=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("uso: voicedomino")
    assert "opzioni:" in result.stdout and "mostra questo aiuto ed esci" in result.stdout
    assert not ENGLISH.search(result.stdout), result.stdout
    assert not ENGLISH_NAMES.search(result.stdout), result.stdout


def test_the_first_english_option_names_still_work() -> None:
    from voicedomino.cli import build_parser

    old = build_parser().parse_args(["--no-voice", "--keyboard", "--model", "m", "--debug"])
    new = build_parser().parse_args(["--muto", "--tastiera", "--modello", "m", "--diagnostica"])
    assert vars(old) == vars(new) and new.no_voice and new.model == "m" and new.debug
    check = build_parser().parse_args(["prova-voce", "--audio-in", "a.wav"])
    assert check.audio_in == Path("a.wav")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--variante", "briscola"], "scelta non valida: 'briscola'"),
        (["--giocatori", "7"], "scelta non valida: 7"),
        (  # the levels by their names, not as Python shows them ("<Level.FACILE: 'facile'>")
            ["--livello", "esperto"],
            "scelta non valida: 'esperto' (si può scegliere tra 'facile', 'medio', 'difficile')",
        ),
        (["--bah"], "opzioni sconosciute: --bah"),
        (["gioca"], "comando: scelta non valida: 'gioca'"),
        (["--seme"], "opzione --seme: serve un valore"),
        (["--seme", "tre"], "opzione --seme: valore non valido: 'tre'"),
        (["prova-voce", "--audio-in"], "serve un valore"),
        (["scarica-modello", "--url"], "serve un valore"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "",
)
def test_command_line_errors_are_one_italian_line(
    args: list[str], said: str, tmp_path: Path
) -> None:
    result = voicedomino(*args, tmp_path=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert re.match(r"voicedomino( \S+)?: errore: ", lines[0]) and said in lines[0], lines
    assert len(lines) == 2 and re.fullmatch(  # one line, then where the options are: no usage
        r"Per l'elenco delle opzioni: voicedomino( \S+)? --help", lines[1]
    )
    assert not ENGLISH.search(result.stderr), result.stderr


def test_a_bad_model_prints_nothing_on_the_terminal_and_the_game_says_why(
    tmp_path: Path,
) -> None:
    """Kaldi prints its option list (dozens of English lines) for a model whose configuration
    it does not take: into the log, never at the player."""
    model = tmp_path / "modello"
    shutil.copytree(KO_MODEL_PATH, model)
    with (model / "conf" / "mfcc.conf").open("a") as conf:
        conf.write("--opzione-sconosciuta=3\n")
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env |= {
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "VOICEDOMINO_DATA_DIR": str(tmp_path / "data"),
        "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "config"),
    }
    game = subprocess.Popen(
        [sys.executable, "-m", "voicedomino", "--righe", "--no-voice", "--model", str(model)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert game.stdin is not None and game.stdout is not None
    said: list[str] = []
    deadline = time.monotonic() + 60
    while it.notice("model_corrupt") not in said and time.monotonic() < deadline:
        line = game.stdout.readline()
        if not line:
            break
        said.append(line.rstrip("\n"))
    out, errors = game.communicate("esci\nsì\n", timeout=60)
    assert it.notice("model_corrupt") in said, said
    assert errors == ""  # nothing of Kaldi's on the terminal
    assert "Usage" not in out and "Options:" not in out
    log = tmp_path / "state" / "voicedomino" / "log" / "voicedomino.log"
    assert "opzione-sconosciuta" in log.read_text()  # kept for whoever fixes it


def run_sh_gioca(
    tmp_path: Path, python: str, game: str = 'echo "Benvenuto a VoceDomino."', stdin: Any = None
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The real run.sh in a copy of the project whose virtual environment is a stand-in: its
    python runs *python* (a shell script body) for every pip call; its game runs *game*."""
    project = tmp_path / "progetto"
    project.mkdir()
    for name in ("run.sh", "pyproject.toml"):
        shutil.copy2(ROOT / name, project / name)
    bin_ = project / ".venv" / "bin"
    bin_.mkdir(parents=True)
    (bin_ / "python").write_text(f"#!/bin/sh\n{python}")
    (bin_ / "voicedomino").write_text(f'#!/bin/sh\n[ "$1" = scarica-modello ] && exit 0\n{game}\n')
    for tool in bin_.iterdir():
        tool.chmod(0o755)
    result = subprocess.run(
        ["bash", "run.sh", "gioca"], cwd=project, capture_output=True, text=True, timeout=120,
        stdin=stdin,
    )  # fmt: skip
    return project, result


def test_run_sh_gioca_keeps_the_installers_english_out_of_the_terminal(tmp_path: Path) -> None:
    """pip talks as setuptools does (a BuildBackendWarning on stderr): the player sees one
    Italian line, then the game."""
    project, result = run_sh_gioca(
        tmp_path,
        'echo "  setuptools/command/editable_wheel.py:354: BuildBackendWarning: Editable '
        'installation." >&2\necho "WARNING: Location is ignored" >&2\nexit 0\n',
    )
    assert result.returncode == 0, result.stderr
    shown = result.stdout + result.stderr
    assert "Warning" not in shown and "WARNING" not in shown, shown
    assert result.stderr.splitlines() == ["Installo VoceDomino e le sue dipendenze Python..."]
    assert result.stdout.splitlines() == ["Benvenuto a VoceDomino."]
    assert "BuildBackendWarning" in (project / ".venv" / "installazione.log").read_text()


def test_run_sh_gioca_says_in_italian_when_the_install_fails(tmp_path: Path) -> None:
    _, result = run_sh_gioca(tmp_path, "echo 'ERROR: No matching distribution' >&2\nexit 1\n")
    assert result.returncode == 1
    shown = (result.stdout + result.stderr).splitlines()
    assert shown[-1] == "Installazione non riuscita: i dettagli sono in .venv/installazione.log"
    assert "ERROR" not in result.stdout + result.stderr


def test_run_sh_gioca_with_a_folder_as_input_starts_python_and_says_so(tmp_path: Path) -> None:
    """`./run.sh gioca < cartella`: Python itself refuses a folder as standard input, in
    English, before the game runs; run.sh closes it and the game says its input is closed."""
    stdin_is = f'exec {sys.executable} -c "import sys; print(sys.stdin is None)"'
    folder = os.open(tmp_path, os.O_RDONLY)
    try:
        _, result = run_sh_gioca(tmp_path, "exit 0", game=stdin_is, stdin=folder)
    finally:
        os.close(folder)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["True"]  # a closed input: the game's own message
    assert "Fatal" not in result.stderr, result.stderr


def test_run_sh_help_is_italian_and_says_where_the_game_options_are() -> None:
    result = subprocess.run(
        ["bash", str(ROOT / "run.sh"), "--help"], capture_output=True, text=True
    )
    assert result.returncode == 0 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "Uso: ./run.sh gioca [opzioni] | ./run.sh test | ./run.sh bench [--full]",
        "Le opzioni del gioco: ./run.sh gioca --help",
    ]
