"""The hard player's search is sized in deals and nodes, not seconds: the same view and seed
give the same search, however busy the machine is. Busy-loop processes load every core while
the same positions are searched again, and the outcomes (choice, values, deals and nodes) must
be equal. Its wall-clock safety net is only for emergencies, and says so when it fires."""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.synchronize import Event as EventType

import pytest

from voicedomino.engine import Match, SeatView, Settings
from voicedomino.players import Level, make_player
from voicedomino.players.difficile import SearchOutcome, SearchPlayer, SearchSettings

# (variant, seats, pairs, deal seed, plies played first): among the slowest positions of
# their tables, two with four seats.
POSITIONS = (
    ("coppie", 4, True, 1, 4),
    ("capra", 4, False, 16, 4),
    ("pesca", 3, False, 22, 4),
    ("jolly", 2, False, 23, 6),
    ("classica", 2, False, 7, 4),
)


def position(variant: str, seats: int, pairs: bool, seed: int, plies: int) -> SeatView:
    match = Match(Settings(variant=variant, seats=seats, pairs=pairs, target=0), seed=seed)
    medio = make_player(Level.MEDIO)
    for ply in range(plies):
        seat = match.to_move
        match.apply(medio.choose(match.view(seat), random.Random(seed + ply)), seat)
    view = match.view(match.to_move)
    assert len(view.legal_actions()) > 1, "a position with a real choice"
    return view


def search_all(views: list[SeatView]) -> list[SearchOutcome]:
    player = SearchPlayer()
    return [player.search(view, random.Random(index)) for index, view in enumerate(views)]


def busy_loop(stop: EventType, cpu_seconds: multiprocessing.Queue[float]) -> None:
    while not stop.is_set():
        for _ in range(100_000):
            pass
    cpu_seconds.put(time.process_time())


@contextmanager
def cpu_hogs(count: int) -> Iterator[list[float]]:
    """*count* processes spinning at full speed; yields a list that gets their CPU seconds."""
    context = multiprocessing.get_context("fork")
    stop = context.Event()
    queue: multiprocessing.Queue[float] = context.Queue()
    hogs = [
        context.Process(target=busy_loop, args=(stop, queue), daemon=True) for _ in range(count)
    ]
    for hog in hogs:
        hog.start()
    used: list[float] = []
    try:
        time.sleep(0.2)  # let them get going
        yield used
    finally:
        stop.set()
        used.extend(queue.get(timeout=10) for _ in hogs)
        for hog in hogs:
            hog.join(timeout=10)
            if hog.is_alive():
                hog.kill()
                hog.join()


def test_hard_search_is_the_same_on_a_busy_machine(caplog: pytest.LogCaptureFixture) -> None:
    views = [position(*case) for case in POSITIONS]
    quiet = search_all(views)
    hog_count = 2 * (os.cpu_count() or 1)
    with caplog.at_level(logging.WARNING), cpu_hogs(hog_count) as hog_seconds:
        started = time.process_time()
        busy = search_all(views)
        search_seconds = time.process_time() - started
    # The load was real: together the hogs got more of the processors than the search did.
    assert sum(hog_seconds) > search_seconds, (hog_seconds, search_seconds)
    assert busy == quiet
    assert all(outcome.deals_searched == outcome.deals > 0 for outcome in busy)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_safety_net_cuts_the_search_and_says_so(caplog: pytest.LogCaptureFixture) -> None:
    view = position(*POSITIONS[0])
    hurried = SearchPlayer(SearchSettings(safety_seconds=0.0))
    with caplog.at_level(logging.WARNING, logger="voicedomino.players.difficile"):
        outcome = hurried.search(view, random.Random(0))
    assert outcome.cut_by_clock
    assert outcome.deals_searched == 1 < outcome.deals
    assert outcome.action in view.legal_actions()
    (record,) = caplog.records
    assert record.levelno == logging.WARNING
    assert "safety net" in record.getMessage()
    full = SearchPlayer().search(view, random.Random(0))
    assert not full.cut_by_clock
    assert full.nodes > outcome.nodes
