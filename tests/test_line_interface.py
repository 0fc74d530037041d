"""The real `voicedomino` process driven through standard input, one command per line.

For each variant a scripted player plays a whole match in-process to build its commands; the
same commands piped into the real program must give the same transcript on standard output,
line for line, up to the goodbye.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from dialog_driver import play_scripted_match

from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.italian import messages as it

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
    manager = DialogManager(Table(), computer_pause=0, seed=seed)
    transcript = [m.text for m in manager.start().messages]
    commands: list[str] = []

    def say(command: str) -> None:
        commands.append(command)
        transcript.extend(m.text for m in manager.handle(command).messages)

    play_scripted_match(manager, menu, seed, say)
    return commands, transcript


def run_by_keyboard(
    lines: list[str], seed: int, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """The real program, silent and on the keyboard, fed `lines` on standard input."""
    return subprocess.run(
        [sys.executable, "-m", "voicedomino", "--no-voice", "--tastiera", "--pausa", "0",
         "--seme", str(seed)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )  # fmt: skip


@pytest.mark.parametrize("name", sorted(MENU_COMMANDS))
def test_whole_match_through_stdin_and_stdout(name: str, tmp_path: Path) -> None:
    seed = 20 + sorted(MENU_COMMANDS).index(name)
    commands, expected = scripted_match(MENU_COMMANDS[name], seed)
    env = {
        **os.environ,
        "VOICEDOMINO_DATA_DIR": str(tmp_path / "data"),
        "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "config"),
    }
    result = run_by_keyboard(commands, seed, env)
    lines = result.stdout.splitlines()
    start = lines.index("Benvenuto a VoceDomino.")
    assert start == 0
    # the keyboard notice comes right after the greeting, before the menu's question
    assert "tastiera" in lines[1]
    assert lines[:1] + lines[2:] == expected
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
        "gioca 19 19",  # "gioca 9 9" is the double-nine set in the menu (issue 21)
        "ààà",
        "x" * 50_000,
        "inizia",
        "",
        "dieci",  # "sette" is a number of the double-nine set
        "q",
        "n",
    ]
    result = run_by_keyboard(junk, 3, env)
    lines = result.stdout.splitlines()
    assert sum(line.startswith("Non ho capito") for line in lines) >= 4
    # An empty line asks nothing: it gets the menu's prompt, or whose turn it is, not a scolding
    assert lines.count(it.menu_prompt()) >= 3
    assert "Va bene, continuiamo." in lines
    assert (tmp_path / "data" / "partita.json").exists()  # the match in progress is saved
    assert result.stderr == ""
