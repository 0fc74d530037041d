"""Every path the game reads, and its standard streams, distrusted: the real program, with real
FIFOs, device nodes, symbolic links to devices, folders, huge sparse files, files it may not
read, a full disk, a closed standard input, ASCII and Latin-1 terminals and outputs that fail.

The program must never hang (each run has a timeout), never print a traceback (stderr and the
log are checked), say what it found, set aside what is its own, and play on.

Permissions: we run as root, for whom permission bits do not stop a read, so the child that
must be refused runs without the capabilities that let root ignore them (`setpriv`); the tests
that need it are skipped, saying why, where that is impossible. The full disk is a small tmpfs
mounted for the test; skipped where mounting is not permitted.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from dialog_driver import command_for, current_match
from korean_speech import KO_MODEL_PATH

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.menu import Table
from voicedomino.engine import Action, Play
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import SAVE_NAME
from voicedomino.persistence.lock import LOCK_NAME
from voicedomino.persistence.preferences import SETTINGS_FILE

GAME = [sys.executable, "-m", "voicedomino", "--righe", "--no-voice", "--pausa", "0"]
TIMEOUT = 60
NO_DAC = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env["VOICEDOMINO_DATA_DIR"] = str(tmp_path / "data")
    env["VOICEDOMINO_CONFIG_DIR"] = str(tmp_path / "config")
    env["XDG_STATE_HOME"] = str(tmp_path / "state")  # the log
    return {**env, **extra}


def started_and_ended(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The game with *args*, its input ended at once: what it said while starting."""
    return subprocess.run(
        [*GAME, *args, "--seme", "5"],
        input="",
        capture_output=True,
        text=True,
        env=environment(tmp_path),
        timeout=TIMEOUT,
    )


def log_of(tmp_path: Path) -> str:
    path = tmp_path / "state" / "voicedomino" / "log" / "voicedomino.log"
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""


def run(
    tmp_path: Path,
    commands: list[str],
    *args: str,
    wrapper: list[str] | None = None,
    env: dict[str, str] | None = None,
    **options: object,
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [*(wrapper or []), *GAME, "--tastiera", "--seme", "5", *args],
        input="".join(f"{command}\n" for command in commands),
        capture_output=True,
        text=True,
        env=env or environment(tmp_path),
        timeout=TIMEOUT,
        **options,  # type: ignore[call-overload]
    )
    assert "Traceback" not in result.stderr + log_of(tmp_path), result.stderr + log_of(tmp_path)
    assert result.returncode == 0, (result.stdout, result.stderr)
    assert result.stderr == ""  # nothing on the terminal that is not for the player
    return result


# --- what can stand at a path -----------------------------------------------------------------


def fifo(path: Path) -> None:
    os.mkfifo(path)


def zero_device(path: Path) -> None:
    os.mknod(path, 0o644 | 0o020000, os.makedev(1, 5))  # a character device: /dev/zero's own


def link_to_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def link_to_full(path: Path) -> None:
    path.symlink_to("/dev/full")


def link_to_null(path: Path) -> None:
    path.symlink_to("/dev/null")


def unix_socket(path: Path) -> None:
    import socket

    with socket.socket(socket.AF_UNIX) as bound:
        bound.bind(str(path))  # the socket file stays after the socket is closed


def link_loop(path: Path) -> None:
    path.symlink_to(path.name)  # a link to itself: opening it fails with ELOOP


def folder(path: Path) -> None:
    path.mkdir()
    (path / "dentro").write_text("qualcosa")


def huge_sparse_file(path: Path) -> None:
    with path.open("wb") as stream:
        stream.truncate(8 << 30)  # eight gigabytes of nothing, taking no room on disk


THINGS: dict[str, Callable[[Path], None]] = {
    "fifo": fifo,
    "device node": zero_device,
    "link to /dev/zero": link_to_zero,
    "link to /dev/full": link_to_full,
    "link to /dev/null": link_to_null,
    "folder": folder,
    "8 GB sparse file": huge_sparse_file,
    "socket": unix_socket,
    "link loop": link_loop,
}


def make(thing: str, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        THINGS[thing](path)
    except PermissionError as error:
        pytest.skip(f"cannot make a {thing} here: {error}")


def aside(folder_: Path, stem: str) -> list[Path]:
    """What was moved aside in *folder_*: "stem.label-20240501-101500..." names."""
    pattern = re.compile(rf"{re.escape(stem)}\.[a-z-]+-\d{{8}}-\d{{6}}")
    return [path for path in folder_.iterdir() if pattern.match(path.name)]


@pytest.mark.parametrize("thing", THINGS)
def test_whatever_stands_at_the_save_is_set_aside_and_play_goes_on(
    thing: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    make(thing, data / SAVE_NAME)
    lines = run(tmp_path, ["inizia", "mano"]).stdout.splitlines()
    assert it.notice("save_unusable") in lines
    assert it.resume_offer() not in lines and it.your_turn() in lines
    [kept] = aside(data, "partita")
    assert kept.name.startswith("partita.non-valida-") and kept.is_symlink() == (
        thing.startswith("link")
    )
    saved = data / SAVE_NAME
    assert saved.is_file() and not saved.is_symlink() and saved.stat().st_size < 1 << 20
    assert lines[-1] == it.saved_goodbye()


@pytest.mark.parametrize(
    "thing", ["fifo", "link to /dev/null", "folder", "8 GB sparse file", "socket", "link loop"]
)
def test_whatever_stands_at_the_preferences_is_set_aside_and_they_are_saved_anew(
    thing: str, tmp_path: Path
) -> None:
    config = tmp_path / "config"
    make(thing, config / SETTINGS_FILE)
    lines = run(tmp_path, ["più lento"], "--senza-salvataggio").stdout.splitlines()
    assert it.notice("settings_unusable") in lines
    assert it.notice("settings_unsaved") not in lines
    [kept] = aside(config, "settings")
    assert kept.name.startswith("settings.danneggiate-")
    written = json.loads((config / SETTINGS_FILE).read_text())
    assert written["rate_wpm"] < 175  # the change was kept in a new file


@pytest.mark.parametrize("thing", ["fifo", "device node", "link to /dev/zero", "folder"])
def test_whatever_stands_at_the_lock_is_set_aside_and_saving_works(
    thing: str, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    make(thing, data / LOCK_NAME)
    lines = run(tmp_path, ["inizia"]).stdout.splitlines()
    assert it.notice("lock_set_aside") in lines
    assert it.notice("data_in_use") not in lines
    assert lines[-1] == it.saved_goodbye() and (data / SAVE_NAME).is_file()
    lock = data / LOCK_NAME
    assert lock.is_file() and not lock.is_symlink()
    assert [p.name for p in aside(data, "partita") if "non-valido" in p.name]


@pytest.mark.parametrize("thing", ["fifo", "device node", "link to /dev/zero", "8 GB sparse file"])
def test_a_model_folder_with_such_a_file_is_said_damaged_never_waited_on(
    thing: str, tmp_path: Path
) -> None:
    model = tmp_path / "modello"
    shutil.copytree(KO_MODEL_PATH, model, symlinks=True)
    strange = model / "ivector" / "final.ie"  # not one of the files every model is checked for
    strange.unlink()
    make(thing, strange)
    result = started_and_ended(tmp_path, "--model", str(model))
    assert it.notice("model_corrupt") in result.stdout.splitlines()
    assert result.returncode == 0 and result.stderr == ""


def dangling_link(path: Path) -> None:
    path.symlink_to(path.parent / "cancellato")


def plain_file(path: Path) -> None:
    path.write_bytes(b"PK\x03\x04 un archivio, non la sua cartella")


@pytest.mark.parametrize("how", ["option", "environment"])
@pytest.mark.parametrize(
    "thing", [plain_file, fifo, dangling_link, link_to_null, link_loop], ids=lambda f: f.__name__
)
def test_a_model_path_that_is_no_folder_is_said_as_such(
    thing: Callable[[Path], None], how: str, tmp_path: Path
) -> None:
    """Something stands at the model path the player gave, but not a folder: "non è installato"
    would be untrue (and sends them to download what they may have). Never opened either."""
    model = tmp_path / "modello"
    thing(model)
    args = ["--modello", str(model)] if how == "option" else []
    result = subprocess.run(
        [*GAME, *args, "--seme", "5"], input="", capture_output=True, text=True,
        env=environment(tmp_path, VOICEDOMINO_MODEL=str(model)), timeout=TIMEOUT,
    )  # fmt: skip
    lines = result.stdout.splitlines()
    assert it.notice("model_not_a_folder") in lines, lines
    assert it.notice("model_missing") not in lines
    assert "non è installato" not in result.stdout
    assert result.returncode == 0 and result.stderr == ""


def test_a_model_path_where_nothing_is_is_still_said_missing(tmp_path: Path) -> None:
    result = started_and_ended(tmp_path, "--modello", str(tmp_path / "nessuno"))
    assert it.notice("model_missing") in result.stdout.splitlines()


@pytest.mark.parametrize("thing", ["fifo", "device node", "link to /dev/zero", "folder"])
def test_audio_in_of_such_a_file_is_said_whatever_the_model(thing: str, tmp_path: Path) -> None:
    """With the Korean model (it knows none of the game's words) the file is still judged."""
    sound = tmp_path / "microfono.wav"
    make(thing, sound)
    result = started_and_ended(tmp_path, "--model", str(KO_MODEL_PATH), "--audio-in", str(sound))
    assert it.notice("audio_file_unusable") in result.stdout.splitlines(), result.stdout
    assert result.returncode == 0 and result.stderr == ""


def test_audio_in_that_does_not_exist_is_said_whatever_the_model(tmp_path: Path) -> None:
    missing = tmp_path / "manca.wav"
    result = started_and_ended(tmp_path, "--model", str(KO_MODEL_PATH), "--audio-in", str(missing))
    assert it.notice("audio_file_missing") in result.stdout.splitlines()


def test_the_microphone_check_says_there_is_no_microphone(tmp_path: Path) -> None:
    env = environment(tmp_path, PULSE_SERVER="unix:/nonexistent")
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "prova-voce", "--model", str(KO_MODEL_PATH)],
        capture_output=True,
        text=True,
        env={**env, "VOICEDOMINO_NO_VOICE": "1"},
        timeout=TIMEOUT,
    )
    assert it.notice("microphone_missing") in result.stdout.splitlines(), result.stdout
    assert result.returncode == 1 and result.stderr == ""


# --- files the game may not read ----------------------------------------------------------------


@contextlib.contextmanager
def not_readable(path: Path) -> Iterator[None]:
    """*path* with no permission bits; skip when the child cannot be made to respect them."""
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv (util-linux) is needed to run the game without root's DAC powers")
    path.chmod(0)
    probe = subprocess.run([*NO_DAC, "cat", str(path)], capture_output=True)
    if probe.returncode == 0:
        pytest.skip("permission bits do not stop this child: cannot test an unreadable file")
    try:
        yield
    finally:
        path.chmod(0o644)


def test_unreadable_preferences_are_never_overwritten_and_a_change_is_said(
    tmp_path: Path,
) -> None:
    config = tmp_path / "config"
    config.mkdir()
    mine = json.dumps({"rate_wpm": 250, "volume": 0.5}).encode()
    (config / SETTINGS_FILE).write_bytes(mine)
    with not_readable(config / SETTINGS_FILE):
        # "più lento", then the input ends at once: the change cannot be kept, and it is said
        lines = run(tmp_path, ["più lento"], "--senza-salvataggio", wrapper=NO_DAC)
    said = lines.stdout.splitlines()
    assert it.notice("settings_unreadable") in said
    assert it.notice("settings_not_overwritten") in said
    assert said.index(it.notice("settings_not_overwritten")) < said.index(it.goodbye())
    assert (config / SETTINGS_FILE).read_bytes() == mine  # the player's, as it was
    assert sorted(p.name for p in config.iterdir()) == [SETTINGS_FILE]


def test_preferences_of_a_newer_version_are_never_rewritten_and_a_change_is_said(
    tmp_path: Path,
) -> None:
    """A newer version's file has keys and values this one does not know: writing its own
    settings over it would lose them (and the version), silently."""
    config = tmp_path / "config"
    config.mkdir()
    theirs = {"version": 99, "rate_wpm": 250, "level": "esperto", "tema": "scuro"}
    mine = json.dumps(theirs).encode()
    (config / SETTINGS_FILE).write_bytes(mine)
    said = run(tmp_path, ["più lento"], "--senza-salvataggio").stdout.splitlines()
    assert said.index(it.notice("settings_newer_kept")) < said.index(it.goodbye())
    assert (config / SETTINGS_FILE).read_bytes() == mine
    assert sorted(p.name for p in config.iterdir()) == [SETTINGS_FILE]  # nothing set aside


def test_an_unreadable_save_is_set_aside_and_never_overwritten(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / SAVE_NAME).write_text('{"format": "voicedomino-match"}')
    with not_readable(data / SAVE_NAME):
        lines = run(tmp_path, ["inizia"], wrapper=NO_DAC).stdout.splitlines()
    assert it.notice("save_unreadable") in lines
    [kept] = aside(data, "partita")
    assert kept.name.startswith("partita.illeggibile-")
    assert kept.read_text() == '{"format": "voicedomino-match"}'


# --- a full disk: what is said at quitting and at resume is true -------------------------------


@contextlib.contextmanager
def small_disk(folder_: Path) -> Iterator[Path]:
    folder_.mkdir(parents=True, exist_ok=True)
    mount = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(folder_)], capture_output=True
    )
    if mount.returncode != 0:
        pytest.skip(f"a small tmpfs needs mount permission: {mount.stderr!r}")
    try:
        yield folder_
    finally:
        subprocess.run(["umount", "-l", str(folder_)], check=True)


def fill(folder_: Path) -> None:
    """Every free byte of *folder_*'s disk taken."""
    descriptor = os.open(folder_ / "riempitivo", os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        with contextlib.suppress(OSError):
            while True:
                os.write(descriptor, b"\0" * 4096)
    finally:
        os.close(descriptor)


def player_moves(document: dict[str, object], count: int) -> list[str]:
    """*count* commands that each make one move of the player, found by playing the saved
    match in-process the way the program will (same code, same seeds)."""
    manager = DialogManager(Table(), computer_pause=0, saved=document)  # type: ignore[arg-type]
    manager.start()
    manager.handle("sì")
    rng = random.Random(1)
    commands = []
    while len(commands) < count:
        assert manager.phase is Phase.PLAYING
        match = current_match(manager)
        assert match is not None
        legal: list[Action] = match.legal_actions()
        plays = [action for action in legal if isinstance(action, Play)]
        command = command_for((plays or legal)[0], match, rng)
        response = manager.handle(command)
        if manager.phase is Phase.CHOOSE_SIDE:
            manager.handle("coda")
            command = f"{command} in coda"
        assert response.state_changed or manager.phase is Phase.PLAYING
        commands.append(command)
    return commands


def test_on_a_full_disk_quitting_and_resuming_say_how_old_the_save_is(tmp_path: Path) -> None:
    with small_disk(tmp_path / "data") as data:
        lines = run(tmp_path, ["inizia", "66"]).stdout.splitlines()
        assert lines[-1] == it.saved_goodbye()
        document = json.loads((data / SAVE_NAME).read_text())
        moves = player_moves(document, 2)
        fill(data)
        lines = run(tmp_path, ["sì", *moves, "esci", "sì"]).stdout.splitlines()
        assert it.save_failed("disk_full", 1) in lines  # said when it happens
        assert it.confirm_quit_unsaved("disk_full", it.WORDS, 2) in lines  # "2 moves behind"
        assert it.resumed() in lines
        (data / "riempitivo").unlink()
        again = run(tmp_path, ["sì", "esci", "sì"]).stdout.splitlines()
        assert it.resume_offer(it.WORDS, 2) in again  # the offer says the save is older
        assert it.resumed(2) in again and it.resumed() not in again


def test_a_data_folder_that_cannot_be_made_is_said_as_such(tmp_path: Path) -> None:
    """A data folder where no folder can be made (under /proc): the player hears that it is
    not there and cannot be made, not that it is "no longer there" as if a disk had gone."""
    data = "/proc/voicedomino-test-data"
    lines = run(
        tmp_path, ["inizia", "esci", "sì"], env=environment(tmp_path, VOICEDOMINO_DATA_DIR=data)
    )
    said = lines.stdout.splitlines()
    assert it.save_failed("folder_gone") in said, said
    assert "non c'è e non riesco a crearla" in it.save_failed("folder_gone")
    assert "più" not in it.write_failure("folder_gone")
    assert lines.stderr == ""


# --- two copies, and a lock that disappears ------------------------------------------------------


def test_a_second_copy_is_told_even_when_the_lock_file_was_deleted(tmp_path: Path) -> None:
    first = subprocess.Popen(
        [*GAME, "--tastiera", "--seme", "5"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(tmp_path),
    )
    try:
        assert first.stdin is not None and first.stdout is not None
        first.stdin.write("inizia\n")
        first.stdin.flush()
        lock = tmp_path / "data" / LOCK_NAME
        deadline = time.monotonic() + TIMEOUT
        while not (tmp_path / "data" / SAVE_NAME).exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        lock.unlink()  # a cleaning script, or a person, removes the lock under the first copy
        second = run(tmp_path, ["inizia"]).stdout.splitlines()
        assert it.notice("data_in_use") in second
    finally:
        first.send_signal(signal.SIGTERM)
        first.communicate(timeout=TIMEOUT)


# --- the standard streams ------------------------------------------------------------------------


def test_a_closed_standard_input_is_said_and_the_game_ends_cleanly(tmp_path: Path) -> None:
    result = run(tmp_path, [], preexec_fn=lambda: os.close(0))
    lines = result.stdout.splitlines()
    assert it.notice("keyboard_closed") in lines and lines[-1] == it.goodbye()


def test_an_input_left_non_blocking_is_waited_on_not_taken_for_its_end(tmp_path: Path) -> None:
    """A pipe (or a terminal) left with O_NONBLOCK by what ran before: nothing typed yet is a
    wait, never the end of input that quits the game before the player types a word."""
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    game = subprocess.Popen(
        [*GAME, "--tastiera", "--seme", "5", "--senza-salvataggio"], stdin=read_end,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment(tmp_path), text=True,
    )  # fmt: skip
    os.close(read_end)
    with os.fdopen(write_end, "w") as typing:
        time.sleep(1.5)  # the game is up, reading an input with nothing in it yet
        typing.write("inizia\nesci\nsì\n")
    out, errors = game.communicate(timeout=TIMEOUT)
    lines = out.splitlines()
    assert errors == "" and game.returncode == 0
    assert it.your_turn() in lines and lines[-1] == it.goodbye(), lines


def test_an_output_left_non_blocking_loses_no_line_when_its_reader_is_slow(
    tmp_path: Path,
) -> None:
    """A pipe left with O_NONBLOCK for the game's output, read slowly: once the pipe was full
    every later line, the goodbye too, was lost as if the output had been closed. The game
    waits for its reader instead: every page of the rules is there, and the goodbye."""
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    pages = 600  # several times what a pipe holds
    game = subprocess.Popen(
        [*GAME, "--tastiera", "--senza-salvataggio"], stdin=subprocess.PIPE, stdout=write_end,
        stderr=subprocess.PIPE, env=environment(tmp_path),
    )  # fmt: skip
    os.close(write_end)
    assert game.stdin is not None
    game.stdin.write(("regole\n" * pages + "esci\nsì\n").encode())
    game.stdin.close()
    time.sleep(2.0)  # the pipe fills while nobody reads it
    with os.fdopen(read_end, "rb") as reading:
        out = reading.read().decode()
    assert game.wait(timeout=TIMEOUT) == 0
    lines = out.splitlines()
    assert lines[-1] == it.goodbye(), lines[-5:]
    first_page = it.rules("classica")[0]
    assert out.count(first_page) == pages


def test_an_input_without_line_ends_is_read_in_bounded_pieces(tmp_path: Path) -> None:
    """100 MB with no line end (a binary file piped in): never gathered whole into memory while
    looking for the end of its line; it is said to be no command, and the game goes on."""
    time_ = shutil.which("time") or "/usr/bin/time"
    if not os.access(time_, os.X_OK):
        pytest.skip("GNU time is needed to measure the game's peak memory")
    peak = tmp_path / "peak-kb"
    result = subprocess.run(
        [time_, "-f", "%M", "-o", str(peak), *GAME, "--tastiera", "--seme", "4",
         "--senza-salvataggio"],
        input=b"a" * (100 << 20) + b"\ninizia\nmano\n", capture_output=True,
        env=environment(tmp_path), timeout=TIMEOUT,
    )  # fmt: skip
    lines = result.stdout.decode().splitlines()
    assert result.returncode == 0 and result.stderr == b"", result.stderr[-2000:]
    assert lines.index(it.notice("line_too_long")) < lines.index(it.your_turn())
    assert any(line.startswith(it.your_hand_size(7)) for line in lines), lines
    assert int(peak.read_text().split()[-1]) < 150_000, peak.read_text()  # kB: not 100 MB more


@pytest.mark.parametrize(
    ("encoding", "variables"),
    [
        ("ascii", {"PYTHONIOENCODING": "ascii"}),
        ("latin-1", {"PYTHONIOENCODING": "latin-1"}),
        ("ascii", {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}),
    ],
    ids=["PYTHONIOENCODING=ascii", "PYTHONIOENCODING=latin-1", "LC_ALL=C"],
)
def test_an_output_that_cannot_show_every_letter_still_shows_every_line(
    encoding: str, variables: dict[str, str], tmp_path: Path
) -> None:
    env = {k: v for k, v in environment(tmp_path, **variables).items() if k != "LC_CTYPE"}
    typed = "latin-1" if encoding == "latin-1" else "utf-8"  # what such a terminal sends
    result = subprocess.run(
        [*GAME, "--tastiera", "--seme", "5", "--senza-salvataggio"],
        input="inizia\nesci\nsì\n".encode(typed),
        capture_output=True,
        env=env,
        timeout=TIMEOUT,
    )
    assert result.returncode == 0 and result.stderr == b""
    lines = result.stdout.decode(encoding).splitlines()
    assert len(lines) > 8 and lines[-1] == it.goodbye()  # no line lost to the encoding
    assert "Vuoi uscire? Questa partita non viene salvata." in lines[-2]
    if encoding == "ascii":
        assert "Modalita' tastiera" in result.stdout.decode()  # Italian, written in ASCII


@pytest.mark.parametrize(
    "fault",
    ["/dev/full", "closed"],
)
def test_an_output_that_fails_ends_nothing_but_the_printing(fault: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    if fault == "closed":
        options: dict[str, object] = {"preexec_fn": lambda: os.close(1)}
    else:
        options = {"stdout": open(fault, "w")}  # noqa: SIM115
    result = subprocess.run(
        [*GAME, "--tastiera", "--seme", "5"],
        input="inizia\n66\n",
        stderr=subprocess.PIPE,
        text=True,
        env=environment(tmp_path),
        timeout=TIMEOUT,
        **options,  # type: ignore[call-overload]
    )
    assert result.returncode == 0 and result.stderr == ""
    assert "Traceback" not in log_of(tmp_path)
    saved = json.loads((data / SAVE_NAME).read_text())  # every command was carried out
    assert saved["round"]["line"][0] == [6, 6]


@pytest.mark.parametrize("thing", ["fifo", "device node", "link to /dev/zero"])
def test_a_cached_graph_folder_with_such_a_file_is_made_again(thing: str, tmp_path: Path) -> None:
    """The sentence graph's cache is read by Kaldi like a model: what could hang it there is
    found before, and the cache (ours) is made again."""
    from korean_speech import ko_model

    from voicedomino.speech import sentence_graph

    model = ko_model()
    graph = sentence_graph.sentence_graph(["오른쪽", "왼쪽 아래"], model.vosk_model_find_word)
    folder = sentence_graph.graph_model_folder(KO_MODEL_PATH, graph, tmp_path)
    words = folder / "graph" / "words.txt"
    words.unlink()
    make(thing, words)
    again = sentence_graph.graph_model_folder(KO_MODEL_PATH, graph, tmp_path)
    assert (again / "graph" / "words.txt").is_file()
    assert not (again / "graph" / "words.txt").is_symlink()


CALIBRATION_READ = """
import logging, sys
from pathlib import Path
from voicedomino.speech.calibration import load_calibration
logging.disable()  # the warning goes to the game's log; here only the answer is asked
print(load_calibration(Path(sys.argv[1])))
"""


@pytest.mark.parametrize(
    "thing", ["fifo", "device node", "link to /dev/zero", "8 GB sparse file", "link loop"]
)
def test_whatever_stands_at_the_calibration_is_not_used_never_waited_on(
    thing: str, tmp_path: Path
) -> None:
    """The voice's calibration (prova-voce --calibra) is read as the voice starts: a FIFO
    there held the voice's start for ever, /dev/zero filled the memory."""
    from voicedomino.speech.calibration import calibration_path

    env = environment(tmp_path)
    model = tmp_path / "modello"
    path = tmp_path / "config" / calibration_path(model).name
    make(thing, path)
    loaded = subprocess.run(
        [sys.executable, "-c", CALIBRATION_READ, str(model)],
        capture_output=True, text=True, env=env, timeout=TIMEOUT,
    )  # fmt: skip
    assert (loaded.returncode, loaded.stdout, loaded.stderr) == (0, "None\n", "")


@pytest.mark.parametrize(
    "damage",
    [{"voice_rms": 0}, {"voice_rms": -3.0}, {"voice_rms": 1e999}, {"commands_heard": 1e999}],
)
def test_a_calibration_with_impossible_numbers_is_not_used(
    damage: dict[str, float], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A voice level of 0 or under stopped the listener at the first word (the gain takes its
    logarithm); an endless number was an OverflowError nobody caught."""
    from voicedomino.speech.calibration import Calibration, load_calibration, save_calibration
    from voicedomino.speech.gain import AutomaticGain

    monkeypatch.setenv("VOICEDOMINO_CONFIG_DIR", str(tmp_path))
    model = tmp_path / "modello"
    good = Calibration(model="modello", acting_confidence=0.75, voice_rms=900.0,
                       room_dbfs=-60.0, commands_heard=5, commands_asked=5)  # fmt: skip
    assert save_calibration(model, good) == "saved"
    path = next(tmp_path.glob("calibration-*.json"))
    path.write_text(json.dumps({**json.loads(path.read_text()), **damage}), encoding="utf-8")
    calibration = load_calibration(model)
    assert calibration is None or calibration.voice_rms == 900.0
    gain = AutomaticGain()
    gain.voice_rms = None if calibration is None else calibration.voice_rms
    gain.hear_voice(b"\x10\x00" * 1600)  # the listener's first frame of voice
    assert math.isfinite(gain.gain)


def nested_json(path: Path) -> None:
    """Well-formed JSON nested past what Python's reader takes (RecursionError, not ValueError)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[" * 20_000 + "]" * 20_000, encoding="utf-8")  # 40 KB: within every bound


def test_a_save_and_preferences_nested_too_deep_are_set_aside_and_play_goes_on(
    tmp_path: Path,
) -> None:
    """A save nested too deep stopped every start with an internal error, for good: it was
    never set aside."""
    nested_json(tmp_path / "data" / SAVE_NAME)
    nested_json(tmp_path / "config" / SETTINGS_FILE)
    lines = run(tmp_path, ["inizia", "mano"]).stdout.splitlines()
    assert it.notice("save_corrupt") in lines
    assert it.notice("settings_corrupt") in lines
    assert it.your_turn() in lines and lines[-1] == it.saved_goodbye()
    assert aside(tmp_path / "data", "partita") and aside(tmp_path / "config", "settings")


def test_network_seats_and_a_calibration_nested_too_deep_are_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from voicedomino.persistence.seats import FileSeatBook
    from voicedomino.speech.calibration import calibration_path, load_calibration

    monkeypatch.setenv("VOICEDOMINO_CONFIG_DIR", str(tmp_path))
    model = tmp_path / "modello"
    nested_json(calibration_path(model))
    assert load_calibration(model) is None
    seats = FileSeatBook(tmp_path / "posti-in-rete.json")
    nested_json(seats.path)
    assert seats.get("127.0.0.1:8765", "4721") is None
    seats.put("127.0.0.1:8765", "4721", "segreto")  # a damaged book is written anew
    assert seats.get("127.0.0.1:8765", "4721") == "segreto"
