"""The real `voicedomino` on a machine that fails: no space, read-only folders, two copies, closed
output, damaged files, silly options. Each test runs the program in line mode with its own data
and config folders, makes the fault real (a file size limit in the child, a read-only bind
mount, a file where the data folder should be, a second process, a pipe closed by the reader)
and checks what the player is told and what is on disk.

Read-only folders: we run as root, for whom permission bits do not stop a write, so the folder
is bind-mounted read-only; the tests that need it are skipped, saying why, where mounting is
not permitted.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import select
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from voicedomino.cli import build_parser
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import SAVE_NAME, AutoSave
from voicedomino.persistence.preferences import (
    ASIDE_LABEL,
    PAUSE_RANGE,
    RATE_RANGE,
    SETTINGS_FILE,
    load_settings,
)

ARGS = ("--righe", "--no-voice", "--tastiera", "--pausa", "0", "--seme", "5")
TIMEOUT = 60
FILE_SIZE_LIMIT = 2048  # bytes: `ulimit -f 2`; a saved match is bigger


def environment(tmp_path: Path, data: Path | None = None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env["VOICEDOMINO_DATA_DIR"] = str(data if data is not None else tmp_path / "data")
    env["VOICEDOMINO_CONFIG_DIR"] = str(tmp_path / "config")
    return env


def limit_file_size() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_SIZE_LIMIT, FILE_SIZE_LIMIT))


def play(
    tmp_path: Path,
    commands: list[str],
    *,
    data: Path | None = None,
    extra: tuple[str, ...] = (),
    preexec: Callable[[], None] | None = None,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "voicedomino", *ARGS, *extra],
        input="".join(f"{command}\n" for command in commands),
        capture_output=True,
        text=True,
        env=environment(tmp_path, data),
        timeout=TIMEOUT,
        preexec_fn=preexec,
    )


def lines_of(result: subprocess.CompletedProcess[str]) -> list[str]:
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@contextlib.contextmanager
def mounted_read_only(folder: Path) -> Iterator[Path]:
    """*folder* made read-only for everyone, root included, by a read-only bind mount."""
    folder.mkdir(parents=True, exist_ok=True)
    bind = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True)
    if bind.returncode != 0:
        pytest.skip(f"a read-only bind mount needs mount permission: {bind.stderr!r}")
    try:
        remount = subprocess.run(
            ["mount", "-o", "remount,ro,bind", str(folder)], capture_output=True
        )
        if remount.returncode != 0:
            pytest.skip(f"cannot remount read-only: {remount.stderr!r}")
        with pytest.raises(OSError):
            (folder / "probe").write_text("x")
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def saved_match_in(data: Path, tmp_path: Path, commands: tuple[str, ...] = ("inizia",)) -> bytes:
    """Play *commands* for real and leave at end of input: the save the next start offers."""
    lines = lines_of(play(tmp_path, list(commands), data=data))
    assert lines[-1] == it.saved_goodbye()
    return (data / SAVE_NAME).read_bytes()


# --- 1. a save that fails is said, never claimed -----------------------------------------------


def faulty_data(kind: str, tmp_path: Path, stack: contextlib.ExitStack) -> dict[str, object]:
    """Arguments for `play` that make every save fail in the way named by *kind*."""
    if kind == "file_too_big":
        return {"preexec": limit_file_size}
    if kind == "not_a_folder":
        blocker = tmp_path / "data-file"
        blocker.write_text("not a folder")
        return {"data": blocker}
    return {"data": stack.enter_context(mounted_read_only(tmp_path / "ro-data"))}


@pytest.mark.parametrize("kind", ["file_too_big", "not_a_folder", "read_only"])
def test_failed_save_is_said_once_and_the_quit_question_does_not_claim_it(
    kind: str, tmp_path: Path
) -> None:
    with contextlib.ExitStack() as stack:
        options = faulty_data(kind, tmp_path, stack)
        result = play(tmp_path, ["inizia", "mano", "punteggio", "esci", "sì"], **options)  # type: ignore[arg-type]
    lines = lines_of(result)
    told = it.save_failed(kind)
    assert lines.count(told) == 1  # once, when it happened: not after every command
    assert lines.index(told) == lines.index(it.your_turn()) + 1
    assert any(
        line.startswith("Hai in mano") or "tessere" in line for line in lines
    )  # play goes on
    assert it.confirm_quit(True) not in lines  # "La partita resta salvata" would be a lie
    assert it.confirm_quit_unsaved(kind) in lines  # said again, with the reason, when leaving
    assert lines[-1] == it.goodbye()


def test_failed_save_is_said_again_at_end_of_input_and_never_called_saved(tmp_path: Path) -> None:
    lines = lines_of(play(tmp_path, ["inizia", "mano"], preexec=limit_file_size))
    assert lines[-2:] == [it.save_failed("file_too_big"), it.goodbye()]
    assert it.saved_goodbye() not in lines
    assert not (tmp_path / "data" / SAVE_NAME).exists()


def test_end_of_input_says_the_match_is_saved_when_it_is(tmp_path: Path) -> None:
    lines = lines_of(play(tmp_path, ["inizia", "mano"]))
    assert lines[-1] == it.saved_goodbye()
    assert AutoSave(tmp_path / "data").load().document is not None
    again = lines_of(play(tmp_path, ["no"]))  # decline: the match is set aside, nothing saved
    assert it.resume_offer() in again and it.resume_declined() in again
    assert again[-1] == it.goodbye()


def test_declined_resume_in_a_read_only_folder_does_not_claim_the_move(tmp_path: Path) -> None:
    data = tmp_path / "data"
    original = saved_match_in(data, tmp_path)
    with mounted_read_only(data):
        lines = lines_of(play(tmp_path, ["no", "esci", "sì"], data=data))
    assert it.resume_declined() not in lines
    assert it.resume_declined_kept("read_only") in lines
    assert (data / SAVE_NAME).read_bytes() == original  # still there, untouched
    assert [path.name for path in data.iterdir() if "archiviata" in path.name] == []


# --- 2. two copies on one data folder -----------------------------------------------------------


class Running:
    """A copy of the game kept running on pipes."""

    def __init__(self, tmp_path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voicedomino", *ARGS],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment(tmp_path),
        )
        self.buffer = b""

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        self.proc.stdin.flush()

    def read_until(self, wanted: str) -> list[str]:
        assert self.proc.stdout is not None
        descriptor = self.proc.stdout.fileno()
        deadline = time.monotonic() + TIMEOUT
        while wanted.encode() + b"\n" not in self.buffer:
            ready, _, _ = select.select([descriptor], [], [], deadline - time.monotonic())
            assert ready, f"no {wanted!r} in {self.buffer!r}"
            chunk = os.read(descriptor, 65536)
            assert chunk, f"output ended before {wanted!r}: {self.buffer!r}"
            self.buffer += chunk
        return self.buffer.decode().splitlines()

    def kill(self) -> None:
        self.proc.kill()
        self.proc.communicate(timeout=TIMEOUT)


def test_second_copy_on_the_same_folder_says_so_and_leaves_the_save_alone(
    tmp_path: Path,
) -> None:
    first = Running(tmp_path)
    try:
        first.read_until(it.menu_prompt())
        first.send("inizia")
        first.read_until(it.your_turn())
        save = tmp_path / "data" / SAVE_NAME
        before = save.read_bytes()

        second = lines_of(play(tmp_path, ["inizia", "mano", "esci", "sì"]))
        assert it.notice("data_in_use") in second
        assert it.resume_offer() not in second  # the first copy's match is not offered
        assert it.confirm_quit(True) not in second  # nor is this one called saved
        assert it.confirm_quit_without_saving() in second
        assert save.read_bytes() == before  # the first copy's match, byte for byte
    finally:
        first.kill()  # SIGKILL: the lock must not outlive it

    third = lines_of(play(tmp_path, ["sì", "esci", "sì"]))
    assert it.notice("data_in_use") not in third  # a dead copy's lock is not a lock
    assert it.resume_offer() in third and it.resumed() in third


# --- 3. output closed by the reader -------------------------------------------------------------


def test_closed_output_ends_cleanly_with_the_move_saved(tmp_path: Path) -> None:
    game = Running(tmp_path)
    game.read_until(it.menu_prompt())
    assert game.proc.stdout is not None and game.proc.stdin is not None
    game.proc.stdout.close()  # like `| head`: whoever read the output is gone
    game.proc.stdin.write(b"inizia\nmano\n")
    game.proc.stdin.close()
    code = game.proc.wait(TIMEOUT)
    assert game.proc.stderr is not None
    assert game.proc.stderr.read().decode() == ""  # no traceback, no "Exception ignored"
    assert code == 0
    loaded = AutoSave(tmp_path / "data").load()
    assert loaded.problem is None and loaded.document is not None  # "inizia" was kept


# --- 4. a damaged save that cannot be moved -----------------------------------------------------


def test_damaged_save_in_a_read_only_folder_is_said_and_left_in_place(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    damaged = b'{"version": 1, "match": {"trunc'
    (data / SAVE_NAME).write_bytes(damaged)
    with mounted_read_only(data):
        lines = lines_of(play(tmp_path, ["inizia", "esci", "sì"], data=data))
    assert it.notice("save_corrupt_kept") in lines
    assert it.notice("save_corrupt") not in lines  # it was not moved: not said to be
    assert it.welcome() in lines and it.your_turn() in lines  # the game started and played
    assert sorted(path.name for path in data.iterdir()) == [SAVE_NAME]
    assert (data / SAVE_NAME).read_bytes() == damaged


def edited_to_move(doc: dict[str, Any]) -> None:
    doc["round"]["to_move"] = 1 - doc["round"]["to_move"]


def edited_hand_sizes(doc: dict[str, Any]) -> None:
    hands = doc["round"]["hands"]
    hands[1].append(hands[0].pop())
    hands[1].sort()


def edited_to_a_finished_score(doc: dict[str, Any]) -> None:
    doc["scores"] = [doc["settings"]["target"] or 100, 0]


@pytest.mark.parametrize(
    "edit",
    [edited_to_move, edited_hand_sizes, edited_to_a_finished_score],
    ids=["wrong player to move", "wrong hand sizes", "a finished match's score"],
)
def test_save_of_a_position_no_game_reaches_is_set_aside_and_said(
    edit: Callable[[dict[str, Any]], None], tmp_path: Path
) -> None:
    """Well-formed JSON, every tile once, but not a game: never played on."""
    data = tmp_path / "data"
    # Seed 5: you lead the double six and play again; the computer answers the six four.
    document = json.loads(saved_match_in(data, tmp_path, ("inizia", "66", "64")))
    assert len(document["round"]["line"]) == 3
    edit(document)
    edited = json.dumps(document).encode()
    (data / SAVE_NAME).write_bytes(edited)
    lines = lines_of(play(tmp_path, ["sì", "esci", "sì"], data=data))
    assert it.notice("save_corrupt") in lines
    assert it.resumed() not in lines
    [aside] = [path for path in data.iterdir() if path.name.startswith("partita.danneggiata-")]
    assert aside.read_bytes() == edited  # kept for the player, never deleted


# --- 5. preferences nobody should have ----------------------------------------------------------


def test_preferences_with_huge_and_odd_values_are_repaired_and_kept_aside(tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    raw = (
        '{"rate_wpm": ' + "9" * 400 + ', "volume": 1e999, "computer_pause_s": NaN, '
        '"verbosity": null, "barge_in": "sì", "level": ["difficile"], '
        '"output_device": ' + "7" * 60 + ', "input_device": -3, "last_variant": 12}'
    )
    (config / SETTINGS_FILE).write_text(raw, encoding="utf-8")

    lines = lines_of(play(tmp_path, ["inizia", "esci", "sì"]))

    assert it.notice("settings_repaired") in lines
    [kept] = config.glob(f"settings.{ASIDE_LABEL}-*.json")
    assert kept.read_text(encoding="utf-8") == raw  # the player's file, byte for byte
    repaired = load_settings(config / SETTINGS_FILE)
    assert repaired.notices == ()  # the file written back is valid
    settings = repaired.settings
    assert settings.rate_wpm == RATE_RANGE[1] and settings.volume == 1.0
    assert PAUSE_RANGE[0] <= settings.computer_pause_s <= PAUSE_RANGE[1]
    assert settings.output_device is None and settings.input_device is None
    json.loads((config / SETTINGS_FILE).read_text(encoding="utf-8"))


# --- 6. --pausa -----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "1e999", "lenta"])
def test_pause_that_is_no_number_of_seconds_is_refused_in_italian(
    value: str, tmp_path: Path
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--righe", "--no-voice", "--tastiera",
         f"--pausa={value}"],
        input="inizia\n",
        capture_output=True,
        text=True,
        env=environment(tmp_path),
        timeout=TIMEOUT,
    )  # fmt: skip
    assert result.returncode == 2
    assert it.pause_not_a_number(value) in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


@pytest.mark.parametrize(("value", "seconds"), [("1e10", 10.0), ("-3", 0.0), ("2.5", 2.5)])
def test_pause_is_clamped_like_the_preference(value: str, seconds: float) -> None:
    assert build_parser().parse_args([f"--pausa={value}"]).pausa == seconds
