"""Beyond one process: two `voicedomino server --redis` processes share their tables through one
real redis-server (started here, on 127.0.0.1). The players of one table sit on different
processes; one process is killed mid-match, its player comes back through the other, and the
match goes on with nothing lost."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from net_helpers import Player, ServerProcess, at_round_over, play_until_over, telling

from voicedomino.net import wire
from voicedomino.net.events import ConnectionChanged, StandIn
from voicedomino.net.store import RedisStore

pytestmark = pytest.mark.timeout(120)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    server = shutil.which("redis-server")
    assert server, "./run.sh test installs redis-server"
    port = free_port()
    command = [server, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    command += ["--appendonly", "no", "--dir", str(tmp_path)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture
def two_processes(
    tmp_path: Path, redis_url: str
) -> Iterator[Callable[..., tuple[ServerProcess, ServerProcess]]]:
    """Two `voicedomino server --redis` processes (with extra options), stopped at the end."""
    started: list[ServerProcess] = []

    def start(*extra: str) -> tuple[ServerProcess, ServerProcess]:
        for name in ("a", "b"):
            started.append(ServerProcess(tmp_path / name, "--redis", redis_url, *extra).start())
        return started[-2], started[-1]

    try:
        yield start
    finally:
        for process in reversed(started):
            process.stop()


def test_two_processes_share_a_table_and_survive_losing_one(
    two_processes: Callable[..., tuple[ServerProcess, ServerProcess]],
) -> None:
    first, second = two_processes()

    async def scenario() -> tuple[Player, Player, list[int]]:
        rng = random.Random(7)
        anna, bruno = Player("Anna"), Player("Bruno")
        code = await anna.create(first.url, {"variant": "blocco", "seats": 3, "target": 80})
        joined = await bruno.join(second.url, code)  # the other process finds the table
        assert [seat["name"] for seat in joined["seats"]][:2] == ["Anna", "Bruno"]
        await anna.until(lambda m: any(e["event"].get("name") == "Bruno"
                                       for e in m.get("events", [])))  # fmt: skip
        await anna.send({"type": "start", "fill": True})
        playing = asyncio.create_task(play_until_over([anna, bruno], rng, timeout=60))
        while anna.state.seq < 30:  # moves made on both processes, the computer's too
            await asyncio.sleep(0.01)
        first.kill()
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        heard, view = anna.state.seq, anna.state.view
        assert view is not None
        back = Player("Anna")
        back.state = anna.state  # what the client knew; now through the other process
        await back.connect(second.url)
        mark = back.mark()
        await back.send({"type": "resume", "code": code, "token": anna.state.token,
                         "last_seq": heard})  # fmt: skip
        snapshot = await back.next("table", mark)
        restored = wire.decode_view(snapshot["view"])
        if restored.round_number == view.round_number:
            assert restored.history[: len(view.history)] == view.history
        missed = [entry["seq"] for entry in snapshot["missed"]]
        assert missed == list(range(heard + 1, snapshot["seq"] + 1))
        await play_until_over([back, bruno], random.Random(8), timeout=60)
        seqs = _seqs(bruno)
        await back.close()
        await bruno.close()
        return back, bruno, seqs

    anna, bruno, bruno_seqs = asyncio.run(scenario())
    assert anna.state.view is not None and bruno.state.view is not None
    assert anna.state.view.match_result == bruno.state.view.match_result is not None
    assert anna.state.view.scores == bruno.state.view.scores
    # Bruno, on the process that lived, heard every event once, in order, without a gap.
    assert bruno_seqs == list(range(bruno_seqs[0], bruno_seqs[-1] + 1))


def _seqs(player: Player) -> list[int]:
    seqs: list[int] = []
    for text in player.raw:
        message = json.loads(text)
        if message.get("type") == "update":
            seqs += [e["seq"] for e in message["events"] if not seqs or e["seq"] > seqs[-1]]
    return seqs


def test_a_dead_process_leaves_its_players_away_and_a_computer_plays_for_them(
    tmp_path: Path, two_processes: Callable[..., tuple[ServerProcess, ServerProcess]]
) -> None:
    """Nobody closes the connections of a killed process: the others notice its lease ran out,
    tell the table, and the table's choice (a computer after no delay here) takes over."""
    first, second = two_processes("--scadenza-processo", "1.5")

    async def scenario() -> Player:
        anna, bruno = Player("Anna"), Player("Bruno")
        code = await anna.create(first.url, {"variant": "blocco", "seats": 3, "target": 60},
                                 absent="computer", absent_delay=0)  # fmt: skip
        await bruno.join(second.url, code)
        await anna.until(lambda m: any(e["event"].get("name") == "Bruno"
                                       for e in m.get("events", [])))  # fmt: skip
        await anna.send({"type": "start", "fill": True})
        playing = asyncio.create_task(play_until_over([anna, bruno], random.Random(3)))
        while bruno.state.seq < 20:
            await asyncio.sleep(0.01)
        first.kill()  # Anna's process: her connection is never closed by anyone
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        await play_until_over([bruno], random.Random(4), timeout=90)
        await bruno.close()
        return bruno

    bruno = asyncio.run(scenario())
    away = [e for e in bruno.events if isinstance(e, ConnectionChanged)]
    assert ConnectionChanged(0, "Anna", False) in away
    assert StandIn(0, "Anna", on=True) in bruno.events
    assert bruno.state.phase == "match_over" and bruno.state.view is not None
    assert bruno.state.view.match_result is not None
    log = (tmp_path / "b" / "server.log").read_text()
    assert "which is gone" in log


def test_a_ready_player_whose_process_dies_is_still_ready_through_the_other(
    two_processes: Callable[..., tuple[ServerProcess, ServerProcess]],
) -> None:
    """Anna says she is ready; her process dies and the other marks her away; her client
    takes the seat back through the other process believing she is ready: Bruno's ready
    deals the next round (it used to wait for a second ready from her)."""
    first, second = two_processes("--scadenza-processo", "1.5")

    async def scenario() -> dict[str, Any]:
        anna, bruno = await at_round_over(first.url, second.url, seats=2, seed=5)
        await anna.send({"type": "ready"})
        await bruno.until(telling("PlayerReady", "Anna"))
        first.kill()
        await bruno.until(telling("ConnectionChanged", "Anna"), timeout=30)
        back = await anna.resumed(second.url)
        await bruno.send({"type": "ready"})
        dealt = await bruno.until(telling("PlayerReady", "Bruno"))
        await back.close()
        await bruno.close()
        return dealt

    dealt = asyncio.run(scenario())
    assert dealt["phase"] == "playing", [e["event"]["kind"] for e in dealt["events"]]


def test_one_process_claims_each_automatic_move(redis_url: str) -> None:
    """Two processes see the same computer's turn: only the first claim makes the move; an
    unfinished claim runs out so that another process can take it."""

    async def scenario() -> list[bool]:
        one, other = RedisStore(redis_url), RedisStore(redis_url)
        try:
            taken = [await one.claim("1234:17:computer", 0.3),
                     await other.claim("1234:17:computer", 0.3)]  # fmt: skip
            await asyncio.sleep(0.5)
            taken.append(await other.claim("1234:17:computer", 0.3))
            await one.heartbeat(0.3)
            taken.append(one.origin in await other.alive({one.origin, "someone-else"}))
            await asyncio.sleep(0.5)
            taken.append(one.origin in await other.alive({one.origin}))
            return taken
        finally:
            await one.close()
            await other.close()

    assert asyncio.run(scenario()) == [True, False, True, True, False]


def test_a_seat_taken_back_through_another_process_leaves_the_old_connection(
    two_processes: Callable[..., tuple[ServerProcess, ServerProcess]],
) -> None:
    """Two windows for one seat on two processes: the newer one holds it; the older one is
    told 'replaced' and closed, so the two never take it from each other."""
    first, second = two_processes()

    async def scenario() -> tuple[Player, Player, dict[str, object]]:
        anna = Player("Anna")
        code = await anna.create(first.url, {"variant": "classica", "seats": 2})
        again = Player("Anna")
        await again.connect(second.url)
        await again.send({"type": "resume", "code": code, "token": anna.state.token})
        snapshot = await again.next("table", 0)
        await anna.until(lambda m: m.get("type") == "replaced")
        await asyncio.wait_for(anna._reader, 10)  # type: ignore[arg-type]
        await asyncio.sleep(0.5)  # had the old window fought back, this one would hear it
        await again.close()
        return anna, again, snapshot

    anna, again, snapshot = asyncio.run(scenario())
    assert anna.ws is not None and anna.ws.close_code == 4000
    assert snapshot["seat"] == 0 and snapshot["seats"][0]["connected"]
    assert not any(json.loads(text).get("type") == "replaced" for text in again.raw)


def test_a_frozen_process_is_taken_for_gone_then_takes_its_players_back(
    two_processes: Callable[..., tuple[ServerProcess, ServerProcess]],
) -> None:
    """A process that stops answering for longer than its lease (here SIGSTOP) has its players
    marked away by the others; when it runs again, its players are still connected to it and
    are marked back."""
    first, second = two_processes("--scadenza-processo", "1.5")

    async def scenario() -> Player:
        anna, bruno = Player("Anna"), Player("Bruno")
        code = await anna.create(first.url, {"variant": "classica", "seats": 2})
        await bruno.join(second.url, code)
        assert first.process is not None
        first.process.send_signal(signal.SIGSTOP)
        try:
            await bruno.until(lambda m: any(e["event"].get("connected") is False
                                            for e in m.get("events", [])))  # fmt: skip
        finally:
            first.process.send_signal(signal.SIGCONT)
        await bruno.until(lambda m: any(e["event"].get("connected") is True
                                        for e in m.get("events", [])))  # fmt: skip
        await anna.close()
        await bruno.close()
        return bruno

    bruno = asyncio.run(scenario())
    told = [e for e in bruno.events if isinstance(e, ConnectionChanged)]
    assert told[:2] == [ConnectionChanged(0, "Anna", False), ConnectionChanged(0, "Anna", True)]


def test_idle_redis_tables_are_deleted_by_the_same_rules_and_only_when_nobody_is_there(
    redis_url: str,
) -> None:
    """Redis tables expire as SQLite ones do (an hour without anyone connected before the
    first match, a week after), whichever process looks: never a table someone is connected
    to through another live process (a player, or only a spectator), and a seat shown
    connected through a process that is gone counts as away from the moment that is seen."""
    from voicedomino.engine import Settings
    from voicedomino.net.server import LOBBY_KEPT, MATCH_KEPT, TableServer
    from voicedomino.net.table import Table, TableOptions, encode_entry

    async def scenario() -> list[object]:
        now = [10.0]
        first = TableServer(RedisStore(redis_url), clock=lambda: now[0], lease=0.6)
        second = TableServer(RedisStore(redis_url), clock=lambda: now[0], lease=0.6)
        await first.restore()
        await second.restore()
        store = RedisStore(redis_url)
        tables = {  # code: (match started, connected through, ...)
            "1111": (False, None),  # left before its first match
            "2222": (True, None),  # left during a match
            "3333": (False, first.origin),  # its host is connected to the first process
            "4444": (False, "gone-process"),  # shown connected through a process now gone
            "5555": (False, None),  # nobody seated is connected; a spectator watches
        }
        for code, (started, held_by) in tables.items():
            table, joined = Table.create(code, Settings(), TableOptions(), "Anna", 0.0, held_by)
            entries = list(joined.entries)
            if started:
                entries += table.start(0, True, 0.0, seed=1)
            if held_by is None:
                entries += table.set_connected(0, False, 10.0)
            await store.commit(code, 0, table.to_document(), [encode_entry(e) for e in entries])
        found: list[object] = []
        async with first.serve("127.0.0.1", 0) as listening:
            port = listening.sockets[0].getsockname()[1]
            watcher = Player("Carla")
            await watcher.join(f"ws://127.0.0.1:{port}/", "5555", role="spectator")
            await asyncio.sleep(1.0)  # the first process has said whom it holds
            now[0] = 10.0 + LOBBY_KEPT + 20
            found += [await second.expire_idle(), await store.codes()]
            now[0] += MATCH_KEPT
            found += [await second.expire_idle(), await store.codes()]
            await watcher.close()
        await first.close()
        await second.close()
        await store.close()
        return found

    first_look, after_first, second_look, after_second = asyncio.run(scenario())
    assert (first_look, after_first) == (1, ["2222", "3333", "4444", "5555"])
    # A week later: the match left, and the seat of the gone process (away since the first
    # look, over an hour ago) go; the connected host and the spectator's table stay.
    assert (second_look, after_second) == (2, ["3333", "5555"])
