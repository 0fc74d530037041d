"""The computers' moves of a network table: the searching level is computed in worker
processes (a long search never holds the server's loop), with the same choice as in the
server's own process for the same position and seed."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path

from net_helpers import Player, ServerProcess, play_until_over

from voicedomino.engine import Settings
from voicedomino.net.deciders import QUICK_LEVELS, Deciders
from voicedomino.net.table import Phase, Table, TableOptions
from voicedomino.players import Level


def a_table_mid_round(seed: int) -> Table:
    table, _ = Table.create("4721", Settings("blocco", 4), TableOptions(), "Anna", 0.0)
    table.start(0, True, 0.0, seed=seed)
    assert table.match is not None
    rng = random.Random(seed)
    for _ in range(5):  # into the round, where the choice is a real one
        table.act(table.match.to_move, rng.choice(table.match.legal_actions()), 0.0)
    for seat in table.seats:  # the player at seat 0 too, as if a stand-in played for her
        seat.level = Level.DIFFICILE
    assert table.phase is Phase.PLAYING
    return table


def test_searches_run_in_worker_processes_and_choose_as_the_server_would() -> None:
    tables = [a_table_mid_round(seed) for seed in (1, 2, 3)]
    assert tables[0].match is not None
    deciders = Deciders(workers=1)

    async def scenario() -> tuple[list[object], int]:
        try:
            chosen = await asyncio.gather(
                *(deciders.decide(*t.decision(t.match.to_move)) for t in tables if t.match)
            )
            pid = await deciders.run(os.getpid)
            return list(chosen), pid
        finally:
            deciders.close()

    chosen, pid = asyncio.run(scenario())
    assert pid != os.getpid()
    assert chosen == [t.decide(t.match.to_move) for t in tables if t.match]
    assert Level.DIFFICILE not in QUICK_LEVELS


def children_of(pid: int) -> set[int]:
    """Every process below *pid* (Linux /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def test_a_server_plays_difficile_computers_in_its_worker_processes(tmp_path: Path) -> None:
    async def scenario(url: str) -> Player:
        anna = Player("Anna")
        await anna.create(url, {"variant": "classica", "seats": 2, "target": 0}, level="difficile")
        await anna.send({"type": "start", "fill": True})
        await play_until_over([anna], random.Random(1), timeout=90)
        await anna.close()
        return anna

    with ServerProcess(tmp_path, "--processi-computer", "1") as server:
        anna = asyncio.run(scenario(server.url))
        assert server.process is not None
        workers = children_of(server.process.pid)
    assert anna.state.phase == "match_over" and not anna.errors
    assert workers  # the searches ran beside the server, not in it
