"""The real `voicedomino` process driven through standard input, one command per line.

For each variant a scripted player plays a whole match in-process to build its commands; the
same commands piped into the real program must give the same transcript on standard output,
line for line, up to the goodbye.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from dialog_driver import choose_action, command_for

from voicedomino.dialog.manager import DialogManager, Phase, Table

MENU_COMMANDS = {
    "classica": ["classica"],
    "blocco-3": ["blocco", "tre giocatori"],
    "pesca-4": ["variante pesca", "quattro giocatori"],
    "jolly": ["jolly"],
    "capra-3": ["capra", "tre giocatori"],
    "coppie-pairs": ["a coppie"],
}


def scripted_match(menu: list[str], seed: int) -> tuple[list[str], list[str]]:
    """The commands of a whole match and the transcript they produce."""
    rng = random.Random(seed)
    manager = DialogManager(Table(), computer_pause=0, seed=seed)
    transcript = [m.text for m in manager.start().messages]
    commands = [*menu, "inizia"]
    for command in commands:
        transcript += [m.text for m in manager.handle(command).messages]
    for _ in range(3000):
        if manager.phase is Phase.MATCH_OVER:
            break
        if manager.phase is Phase.ROUND_OVER:
            command = "continua"
        elif rng.random() < 0.1:
            command = rng.choice(["c", "h", "mano", "pozzo", "s", "ultima mossa", "v", "boh"])
        else:
            assert manager.match is not None
            command = command_for(choose_action(manager, rng), manager.match, rng)
        commands.append(command)
        response = manager.handle(command)
        transcript += [m.text for m in response.messages]
        if manager.phase is Phase.CHOOSE_SIDE:
            commands.append("coda")
            transcript += [m.text for m in manager.handle("coda").messages]
    assert manager.phase is Phase.MATCH_OVER
    for command in ("esci", "sì"):
        commands.append(command)
        transcript += [m.text for m in manager.handle(command).messages]
    return commands, transcript


@pytest.mark.parametrize("name", sorted(MENU_COMMANDS))
def test_whole_match_through_stdin_and_stdout(name: str, tmp_path: Path) -> None:
    seed = 20 + sorted(MENU_COMMANDS).index(name)
    commands, expected = scripted_match(MENU_COMMANDS[name], seed)
    env = {
        **os.environ,
        "VOICEDOMINO_DATA_DIR": str(tmp_path / "data"),
        "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "config"),
    }
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--no-voice", "--tastiera", "--pausa", "0",
         "--seme", str(seed)],
        input="\n".join(commands) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )  # fmt: skip
    lines = result.stdout.splitlines()
    start = lines.index("Benvenuto a VoceDomino.")
    assert "tastiera" in " ".join(lines[:start])  # the keyboard notice comes first
    assert lines[start:] == expected
    assert lines[-1] == "Arrivederci."
    assert not (tmp_path / "data" / "partita.json").exists()  # a finished match is not kept


def test_garbage_and_empty_lines_are_answered_and_harmless(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "VOICEDOMINO_DATA_DIR": str(tmp_path / "data"),
        "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "config"),
    }
    junk = [
        "",
        "   ",
        "\x00\x01",
        "gioca 9 9",
        "ààà",
        "x" * 50_000,
        "inizia",
        "",
        "sette",
        "q",
        "n",
    ]
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--no-voice", "--tastiera", "--pausa", "0",
         "--seme", "3"],
        input="\n".join(junk) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )  # fmt: skip
    lines = result.stdout.splitlines()
    assert sum(line.startswith("Non ho capito") for line in lines) >= 6
    assert "Va bene, continuiamo." in lines
    assert (tmp_path / "data" / "partita.json").exists()  # the match in progress is saved
    assert result.stderr == ""
