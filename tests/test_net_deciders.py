"""The computers' moves of a network table: the searching level is computed in worker
processes (a long search never holds the server's loop), with the same choice as in the
server's own process for the same position and seed."""

from __future__ import annotations

import asyncio
import os
import random

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
