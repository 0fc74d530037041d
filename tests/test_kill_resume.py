"""Nothing lost, nothing crashes: the real `voicedomino` killed with SIGKILL and started again.

For a few variants a scripted player plays a whole match in-process (the uninterrupted run),
keeping after every command the lines it answered and the document the autosave file must
then hold. The same commands are fed to the real program one at a time, each sent only once
the answer to the previous one has been read. At seeded random moments (between two commands,
while a command is answered or saved, during start-up, during the resume) the program is
killed with SIGKILL and started again, and then:

* the save file always loads, and nothing left in the data folder breaks loading;
* it holds the match as of one command between the last one surely finished (a later one had
  started answering) and the one in flight: the save is atomic, so it is either side of it;
* the restarted program offers to resume, "sì" gives back exactly that match (its answers to
  "mano", "serpente", "punteggio"... are the uninterrupted run's at that point);
* feeding the commands on from the one after the last saved action, every answer is the
  uninterrupted run's, up to the same result, ranking and goodbye.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import pytest
from dialog_driver import play_scripted_match

from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.dialog.response import Response
from voicedomino.engine import save as engine_save
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import SAVE_NAME, AutoSave
from voicedomino.persistence.lock import LOCK_NAME

ARGS = ("--no-voice", "--tastiera", "--righe", "--pausa", "0")
PROBES = ("mano", "serpente", "punteggio", "turno", "pozzo", "ultima mossa")
TIMEOUT = 30.0  # seconds for any one answer; only reached when something is wrong
SCENARIOS: dict[str, tuple[list[str], int]] = {
    "classica": ([], 41),
    "blocco-3": (["blocco", "tre giocatori"], 42),
    "pesca-4": (["variante pesca", "quattro giocatori", "facile"], 43),
    "jolly": (["jolly"], 44),
}
KILLS_IN_PLAY = 6  # per match; two of them are followed by a kill at start-up or resume
EXTRA_KILLS = ("startup", "resume")


def texts(response: Response) -> list[str]:
    return [message.text for message in response.messages]


def canonical(document: object) -> str:
    return json.dumps(document, sort_keys=True, separators=(",", ":"))


def process_env(tmp_path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env["VOICEDOMINO_DATA_DIR"] = str(tmp_path / "data")
    env["VOICEDOMINO_CONFIG_DIR"] = str(tmp_path / "config")
    return env


def command_line(seed: int) -> list[str]:
    return [sys.executable, "-m", "voicedomino", *ARGS, "--seme", str(seed)]


# --- the uninterrupted run ---------------------------------------------------------------------


def opening(start: list[str], notices: list[str]) -> list[str]:
    """What the program says first: the greeting, the notices, then the first question."""
    return [start[0], *notices, *start[1:]]


@dataclass
class Reference:
    """A whole scripted match played in-process, with what must be on disk after each command."""

    start: list[str]
    commands: list[str] = field(default_factory=list)
    answers: list[list[str]] = field(default_factory=list)
    # disk[k]: the save file (canonical JSON) after the first k commands; None: no file.
    disk: list[str | None] = field(default_factory=lambda: [None])
    # probes[k]: the answers to PROBES right after the command that saved disk[k].
    probes: dict[int, list[str]] = field(default_factory=dict)

    def feed(self, manager: DialogManager, command: str) -> None:
        response = manager.handle(command)
        self.commands.append(command)
        self.answers.append(texts(response))
        assert not response.discard_save
        saved = self.disk[-1]
        if response.state_changed:  # what Game._after writes
            document = manager.save_document()
            saved = None if document is None else canonical(document)
            if saved is not None:
                self.probes[len(self.commands)] = [
                    line for probe in PROBES for line in texts(manager.handle(probe))
                ]
        self.disk.append(saved)

    def transcript(self) -> list[str]:
        return [line for lines in self.answers for line in lines]


def reference_match(menu: list[str], seed: int) -> Reference:
    manager = DialogManager(Table(), computer_pause=0, seed=seed)
    ref = Reference(texts(manager.start()))
    play_scripted_match(manager, menu, seed, lambda command: ref.feed(manager, command))
    # Each state is saved by one command only (it lasts until the next change): the save file
    # tells which command was the last one saved.
    runs = [saved for k, saved in enumerate(ref.disk) if k == 0 or saved != ref.disk[k - 1]]
    assert len(runs) == len(set(runs)) + 1  # None twice: before the match and after it
    return ref


def resume_answer(saved: str) -> list[str]:
    """What "sì" answers, in-process, for the match in *saved*."""
    manager = DialogManager(Table(), computer_pause=0, saved=json.loads(saved))
    manager.start()
    return texts(manager.handle("sì"))


# --- the real program --------------------------------------------------------------------------


class Live:
    """The real program on pipes; its output read line by line as it arrives."""

    def __init__(self, seed: int, env: dict[str, str], stderr: IO[bytes]) -> None:
        self.proc = subprocess.Popen(
            command_line(seed),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env=env,
        )
        assert self.proc.stdout is not None
        self.fd = self.proc.stdout.fileno()
        self.ready: deque[str] = deque()
        self.pending = b""
        self.output: list[str] = []  # every complete line, for failure messages

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def _fill(self, deadline: float) -> bool:
        """Read what is there (waiting until *deadline*); False at end of output."""
        wait = max(0.0, deadline - time.monotonic())
        readable, _, _ = select.select([self.fd], [], [], wait)
        if not readable:
            raise AssertionError(f"no answer in {TIMEOUT} s; output so far: {self.output[-20:]}")
        chunk = os.read(self.fd, 65536)
        if not chunk:
            return False
        *lines, self.pending = (self.pending + chunk).split(b"\n")
        decoded = [line.decode("utf-8") for line in lines]
        self.ready.extend(decoded)
        self.output.extend(decoded)
        return True

    def read(self, count: int) -> list[str]:
        deadline = time.monotonic() + TIMEOUT
        while len(self.ready) < count:
            if not self._fill(deadline):
                raise AssertionError(f"output ended; the last lines: {self.output[-20:]}")
        return [self.ready.popleft() for _ in range(count)]

    def _drain(self) -> tuple[list[str], str]:
        """Everything left up to the end of the output, and an unfinished last line."""
        deadline = time.monotonic() + TIMEOUT
        while self._fill(deadline):
            pass
        rest = list(self.ready)
        self.ready.clear()
        partial = self.pending.decode("utf-8", errors="replace")
        self._close()
        return rest, partial

    def _close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(BrokenPipeError):
                    stream.close()

    def kill(self) -> tuple[list[str], str]:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(TIMEOUT)
        return self._drain()

    def finish(self) -> tuple[list[str], str, int]:
        """Wait for the program to end by itself."""
        code = self.proc.wait(TIMEOUT)
        rest, partial = self._drain()
        return rest, partial, code


def assert_prefix(lines: list[str], partial: str, expected: list[str]) -> None:
    """Output cut by a kill: whole lines of *expected*, then maybe the start of the next one."""
    assert lines == expected[: len(lines)], (lines, expected)
    if partial:
        assert len(lines) < len(expected) and expected[len(lines)].startswith(partial)


# --- killing and resuming ----------------------------------------------------------------------


@dataclass(frozen=True)
class KillPoint:
    command: int  # the index of the command at which to kill
    mode: str  # "between": before sending it; "lines": after some of its lines; "delay"
    extra: str | None  # then kill once more: "startup" or "resume"


class KillRun:
    def __init__(self, ref: Reference, seed: int, tmp_path: Path, rng: random.Random) -> None:
        self.ref = ref
        self.seed = seed
        self.rng = rng
        self.env = process_env(tmp_path)
        self.data = tmp_path / "data"
        tmp_path.mkdir(parents=True, exist_ok=True)
        self.stderr_path = tmp_path / "stderr.txt"
        self.position = 0  # the resume point: the save holds the first `position` commands
        self.seen: dict[int, list[str]] = {}  # whole answers read, by command
        # Commands saved before their answer was out when the kill came (the game saves
        # first, then speaks): the resume goes on after them, so they are never answered.
        self.saved_unanswered: set[int] = set()
        self.kills = 0
        self.resumes = 0
        self.outcomes: Counter[str] = Counter()  # was the command in flight saved?
        self.most_temporary_files = 0

    def plan(self) -> deque[KillPoint]:
        count = len(self.ref.commands)
        indexes = sorted(self.rng.sample(range(1, count), KILLS_IN_PLAY))
        extras: list[str | None] = [*EXTRA_KILLS, *[None] * (KILLS_IN_PLAY - len(EXTRA_KILLS))]
        self.rng.shuffle(extras)
        modes = ("between", "lines", "delay")
        return deque(
            KillPoint(index, self.rng.choice(modes), extra)
            for index, extra in zip(indexes, extras, strict=True)
        )

    def run(self) -> None:
        points = self.plan()
        with self.stderr_path.open("wb") as stderr:
            while True:
                point = self.segment(Live(self.seed, self.env, stderr), points)
                if point is None:
                    break
                if point.extra is not None:
                    self.early_kill(Live(self.seed, self.env, stderr), point.extra)
        assert not points
        assert self.stderr_path.read_bytes() == b""

    def segment(self, live: Live, points: deque[KillPoint]) -> KillPoint | None:
        """One life of the program: resume, then commands up to a kill (returned) or the end."""
        saved = self.ref.disk[self.position]
        assert live.read(len(self.greeting(saved))) == self.greeting(saved)
        if saved is not None:
            self.resume(live, saved)
        low = self.position  # the save holds at least the first `low` commands
        for index in range(self.position, len(self.ref.commands)):
            if points and points[0].command <= index:
                point = points.popleft()
                self.kill_at(live, index, point.mode, low)
                return point
            live.send(self.ref.commands[index])
            answer = live.read(len(self.ref.answers[index]))
            assert answer == self.ref.answers[index], self.ref.commands[index]
            self.seen[index] = answer
            low = index  # it was answered, so the commands before it were saved
        rest, partial, code = live.finish()
        assert (rest, partial, code) == ([], "", 0)
        assert not (self.data / SAVE_NAME).exists()  # a finished match is not kept
        return None

    def greeting(self, saved: str | None) -> list[str]:
        """The greeting, the keyboard notice, then the first question (asked last)."""
        if saved is None:
            return opening(self.ref.start, [it.notice("keyboard_mode")])
        return [it.welcome(), it.notice("keyboard_mode"), it.resume_offer()]

    def resume(self, live: Live, saved: str) -> None:
        expected = resume_answer(saved)
        live.send("sì")
        assert live.read(len(expected)) == expected
        probes = self.ref.probes[self.position]
        assert expected[0] == it.resumed()
        assert probes[PROBES.index("punteggio")] in expected
        for probe in PROBES:
            live.send(probe)
        assert live.read(len(probes)) == probes  # the uninterrupted run's answers there
        self.resumes += 1

    def kill_at(self, live: Live, index: int, mode: str, low: int) -> None:
        expected = self.ref.answers[index]
        read: list[str] = []
        high = index
        if mode == "between":
            time.sleep(self.rng.uniform(0, 0.02))  # the last answer's save may be under way
        else:
            live.send(self.ref.commands[index])
            high = index + 1
            if mode == "lines":
                read = live.read(self.rng.randint(0, len(expected)))
            else:
                time.sleep(self.rng.uniform(0, 0.02))
        rest, partial = live.kill()
        self.kills += 1
        answer = read + rest
        if mode == "between":
            assert (rest, partial) == ([], "")
        else:
            assert_prefix(answer, partial, expected)
            if answer == expected:
                self.seen[index] = answer
            if answer:
                low = index  # it had started: the command before it was saved
        self.settle(low, high)
        if mode != "between" and self.position > index and index not in self.seen:
            self.saved_unanswered.add(index)
        if high > low and self.ref.disk[high] != self.ref.disk[high - 1]:
            in_flight_saved = self.ref.disk[self.position] == self.ref.disk[high]
            self.outcomes["in flight saved" if in_flight_saved else "in flight not saved"] += 1

    def early_kill(self, live: Live, when: str) -> None:
        """Kill during start-up, or while "sì" is being answered: the save must not change."""
        saved = self.ref.disk[self.position]
        expected = self.greeting(saved)
        if when == "resume" and saved is not None:
            assert live.read(len(expected)) == expected
            live.send("sì")
            expected = resume_answer(saved)
            time.sleep(self.rng.uniform(0, 0.02))
        else:
            time.sleep(self.rng.uniform(0, 0.4))
        rest, partial = live.kill()
        self.kills += 1
        assert_prefix(rest, partial, expected)
        before = self.position
        self.settle(before, before)
        assert self.position == before

    def settle(self, low: int, high: int) -> None:
        """Check the data folder after a kill and move the resume point to what is saved."""
        names = sorted(path.name for path in self.data.iterdir()) if self.data.exists() else []
        strays = [name for name in names if name not in (SAVE_NAME, LOCK_NAME)]
        # Only temporary files of an interrupted write may be left, and they are ignored.
        assert all(name.startswith(SAVE_NAME) and name.endswith(".tmp") for name in strays)
        self.most_temporary_files = max(self.most_temporary_files, len(strays))
        loaded = AutoSave(self.data).load()
        assert loaded.problem is None, names  # never corrupt: it loads, fully checked
        saved = None if loaded.document is None else canonical(loaded.document)
        options = [k for k in range(low, high + 1) if self.ref.disk[k] == saved]
        assert options, f"the save holds no state between command {low} and {high}"
        position = options[-1]
        while position > 0 and self.ref.disk[position - 1] == saved:
            position -= 1  # queries after the saving command: they are asked again
        self.position = position


def uninterrupted(ref: Reference, seed: int, tmp_path: Path) -> list[str]:
    """The real program fed the whole match without interruption."""
    result = subprocess.run(
        command_line(seed),
        input="\n".join(ref.commands) + "\n",
        capture_output=True,
        text=True,
        env=process_env(tmp_path),
        timeout=120,
        check=True,
    )
    assert result.stderr == ""
    return result.stdout.splitlines()


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_killed_at_random_moments_resumes_and_ends_the_same(name: str, tmp_path: Path) -> None:
    menu, seed = SCENARIOS[name]
    ref = reference_match(menu, seed)
    lines = uninterrupted(ref, seed, tmp_path / "whole")
    assert lines == [*opening(ref.start, [it.notice("keyboard_mode")]), *ref.transcript()]

    run = KillRun(ref, seed, tmp_path / "killed", random.Random(f"kill:{seed}"))
    run.run()

    assert run.kills == KILLS_IN_PLAY + len(EXTRA_KILLS)
    assert run.resumes >= 1
    # Every command was answered in full in some life of the program, as without the kills
    # (the same moves, the same result, ranking and goodbye), or was saved just before the
    # kill cut its answer short: the game saves first, then speaks.
    assert sorted(set(run.seen) | run.saved_unanswered) == list(range(len(ref.commands)))
    for index, answer in run.seen.items():
        assert answer == ref.answers[index]
    assert run.seen[len(ref.commands) - 1][-1] == it.goodbye()


# --- a save that cannot be loaded --------------------------------------------------------------


def saved_match_text() -> str:
    manager = DialogManager(Table(), computer_pause=0, seed=5)
    manager.start()
    manager.handle("inizia")
    document = manager.save_document()
    assert document is not None
    return json.dumps(document, separators=(",", ":"))


def bad_save(kind: str) -> bytes:
    text = saved_match_text()
    if kind == "truncated":
        return text[: len(text) // 2].encode("utf-8")
    if kind == "future-version":
        document: dict[str, Any] = json.loads(text)
        document["version"] = engine_save.VERSION + 1
        return json.dumps(document).encode("utf-8")
    if kind == "empty":
        return b""
    return b"\xff\xfe" + text.encode("utf-16-le")[:500]  # not UTF-8


@pytest.mark.parametrize("kind", ["truncated", "future-version", "empty", "not-utf8"])
def test_unloadable_save_is_moved_aside_and_a_fresh_game_starts(kind: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    original = bad_save(kind)
    (data / SAVE_NAME).write_bytes(original)

    result = subprocess.run(
        command_line(7),
        input="inizia\nesci\nsì\n",
        capture_output=True,
        text=True,
        env=process_env(tmp_path),
        timeout=60,
        check=True,
    )
    lines = result.stdout.splitlines()
    assert result.stderr == ""
    problem = "save_newer" if kind == "future-version" else "save_corrupt"
    assert it.resume_offer() not in lines
    fresh = DialogManager(Table(), computer_pause=0, seed=7)
    # the menu, said right after the greeting: the problem, then how to type; a new match
    notices = [it.notice(problem), it.notice("keyboard_mode")]
    expected = opening(texts(fresh.start()), notices) + texts(fresh.handle("inizia"))
    assert lines[: len(expected)] == expected
    assert lines[-1] == it.goodbye()

    # The bad file is kept under another name, byte for byte; the new match is saved apart.
    aside = [path for path in data.iterdir() if path.name not in (SAVE_NAME, LOCK_NAME)]
    assert len(aside) == 1
    label = "versione-nuova" if kind == "future-version" else "danneggiata"
    assert aside[0].name.startswith(f"partita.{label}-")
    assert aside[0].read_bytes() == original
    loaded = AutoSave(data).load()
    assert loaded.problem is None and loaded.document is not None
