"""Real servers and clients for the network tests: `voicedomino server` in a child process on a
free port of 127.0.0.1, and asyncio clients that keep every message they receive."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import ssl as ssl_module
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from voicedomino.net.client import TableState
from voicedomino.net.wire import encode_action

LISTENING = re.compile(r"in ascolto su 127\.0\.0\.1:(\d+)")
TILE = re.compile(r'"(\d+)-(\d+)"')
STARTUP_BOUND = 120.0  # seconds for `voicedomino server` to say it listens


class ServerProcess:
    """`voicedomino server` on 127.0.0.1 in a child process (SQLite in *folder*, or Redis)."""

    def __init__(self, folder: Path, *extra: str, port: int = 0) -> None:
        self.folder = folder
        self.extra = extra
        self.port = port
        self.process: subprocess.Popen[str] | None = None
        self.output: list[str] = []

    def start(self) -> ServerProcess:
        command = [sys.executable, "-m", "voicedomino", "server", "--porta", str(self.port)]
        command += ["--cartella", str(self.folder), "--pausa-computer", "0", *self.extra]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        assert self.process.stdout is not None
        # Generous: at nice 10 beside two busy cores a start (0.6 s of CPU) took 24 s, and a
        # restart after kill -9 in the middle of a match missed a 30 s bound 4 times in 20.
        started = time.monotonic()
        deadline = started + STARTUP_BOUND
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.output.append(line)
            found = LISTENING.search(line)
            if found:
                self.port = int(found.group(1))  # kept: a restart listens on the same port
                return self
        waited = time.monotonic() - started
        raise AssertionError(f"the server did not start in {waited:.0f} s: {''.join(self.output)}")

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def kill(self) -> None:
        """kill -9: no chance to save anything more."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> str:
        """Ctrl-C; what the server printed."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                rest, _ = self.process.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                rest, _ = self.process.communicate()
            self.output.append(rest)
        return "".join(self.output)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Player:
    """One connection with everything it received, raw and as the client's TableState."""

    def __init__(self, name: str, ssl: ssl_module.SSLContext | None = None) -> None:
        self.name = name
        self.ssl = ssl  # for wss:// addresses: the context that trusts the server
        self.ws: ClientConnection | None = None
        self.state = TableState()
        self.raw: list[str] = []
        self.errors: list[dict[str, Any]] = []
        self.events: list[Any] = []
        self._arrived = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    async def connect(self, url: str) -> Player:
        self.ws = await connect(url, max_size=2**22, compression=None, ssl=self.ssl)
        self._reader = asyncio.create_task(self._read())
        await self.send({"type": "hello", "version": 1})
        await self.until(lambda m: m.get("type") == "welcome")
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for text in self.ws:
                assert isinstance(text, str)
                self.raw.append(text)
                message = json.loads(text)
                if message.get("type") == "error":
                    self.errors.append(message)
                self.events.extend(self.state.take(message))
                self._arrived.set()
        except Exception:  # a closed connection ends the reader; the tests check the state
            pass
        finally:
            self._arrived.set()

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def until(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float = 20
    ) -> dict[str, Any]:
        """The first message received (from now on, or already) that *wanted* accepts."""
        seen = 0
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for text in self.raw[seen:]:
                message = json.loads(text)
                if wanted(message):
                    return message
            seen = len(self.raw)
            self._arrived.clear()
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError(f"{self.name}: nothing wanted in {self.raw[-3:]}")
            await asyncio.wait_for(self._arrived.wait(), left)

    def mark(self) -> int:
        return len(self.raw)

    async def next(self, kind: str, after: int, timeout: float = 20) -> dict[str, Any]:
        """The first message of *kind* received after the mark *after*."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for text in self.raw[after:]:
                message = json.loads(text)
                if message.get("type") == kind:
                    return message
            self._arrived.clear()
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError(f"{self.name}: no {kind} in {self.raw[after:][-3:]}")
            await asyncio.wait_for(self._arrived.wait(), left)

    async def create(self, url: str, settings: dict[str, Any], **options: Any) -> str:
        await self.connect(url)
        mark = self.mark()
        await self.send({"type": "create", "name": self.name, "settings": settings,
                         "options": options or None})  # fmt: skip
        joined = await self.next("joined", mark)
        return str(joined["code"])

    async def join(self, url: str, code: str, role: str = "player") -> dict[str, Any]:
        await self.connect(url)
        mark = self.mark()
        await self.send({"type": "join", "code": code, "name": self.name, "role": role})
        return await self.next("joined", mark)

    async def resumed(self, url: str) -> Player:
        """This player come back on a new connection to *url* (its client takes the seat back
        with what it knew), once the server has sent it the table."""
        back = Player(self.name, self.ssl)
        back.state = self.state
        await back.connect(url)
        mark = back.mark()
        await back.send({"type": "resume", "code": self.state.code, "token": self.state.token,
                         "last_seq": self.state.seq})  # fmt: skip
        await back.next("table", mark)
        return back

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=5)


async def play_until_over(players: list[Player], rng: random.Random, *, rounds: bool = True,
                          timeout: float = 60, until: str = "match_over") -> None:  # fmt: skip
    """Each player acts when the server lists legal actions for it, says it is ready after each
    round, until the match is over (or the phase is *until*) at every seat."""
    deadline = asyncio.get_running_loop().time() + timeout
    acted: dict[str, tuple[int, int, int]] = {}  # the position each player last acted in
    ready: dict[str, tuple[int, int]] = {}
    while not all(p.state.phase == until for p in players):
        if asyncio.get_running_loop().time() > deadline:
            facts = [(p.name, p.state.phase, p.state.seq, p.state.legal, p.errors[-2:])
                     for p in players]  # fmt: skip
            raise AssertionError(f"the match did not end: {facts}")
        for player in players:
            state, view = player.state, player.state.view
            if any(error["code"] == "too_many" for error in player.errors):
                # Refused for speed (the client sends far faster than a person): the same move
                # or "ready" again, a little later. Every refusal counts, not only the last
                # error: another may have arrived after it.
                player.errors[:] = [e for e in player.errors if e["code"] != "too_many"]
                acted.pop(player.name, None)
                ready.pop(player.name, None)
                await asyncio.sleep(0.2)
            if view is None:
                continue
            position = (state.match_number, view.round_number, len(view.history))
            if state.phase == "playing" and state.legal and acted.get(player.name) != position:
                acted[player.name] = position
                action = rng.choice(state.legal)
                await player.send({"type": "act", "action": encode_action(action)})
            elif state.phase == "round_over" and rounds and ready.get(player.name) != position[:2]:
                ready[player.name] = position[:2]
                await player.send({"type": "ready"})
        await asyncio.sleep(0.005)


async def at_round_over(
    anna_url: str, bruno_url: str, seats: int, seed: int
) -> tuple[Player, Player]:
    """Anna's table (blocco, *seats* seats, computers in the others) joined by Bruno and
    played until the first round is over."""
    anna, bruno = Player("Anna"), Player("Bruno")
    code = await anna.create(anna_url, {"variant": "blocco", "seats": seats, "target": 500})
    await bruno.join(bruno_url, code)
    await anna.until(telling("PlayerJoined", "Bruno"))  # heard also through another process
    await anna.send({"type": "start", "fill": True})
    await play_until_over([anna, bruno], random.Random(seed), rounds=False, until="round_over")
    return anna, bruno


def telling(kind: str, name: str) -> Callable[[dict[str, Any]], bool]:
    """For Player.until: the update that tells an event of *kind* (its class name) about the
    player called *name*."""

    def wanted(message: dict[str, Any]) -> bool:
        events = message.get("events", []) if message.get("type") == "update" else []
        return any(e["event"].get("kind") == kind and e["event"].get("name") == name
                   for e in events)  # fmt: skip

    return wanted


def tiles_named(text: str) -> set[tuple[int, int]]:
    return {(int(a), int(b)) for a, b in TILE.findall(text)}


def wait_until(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Wait (in a thread that is not an event loop's) until *condition* holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition never came true")
        time.sleep(0.01)
