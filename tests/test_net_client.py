"""The client side of a network table as the front ends use it: RemoteTable over a ServerLink
that keeps itself up, against a real server on 127.0.0.1 that is killed and restarted."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pytest
from net_helpers import ServerProcess, wait_until

from voicedomino.engine import IllegalAction, Pass, Passed, Reason, TilePlayed, TilesDrawn
from voicedomino.net.events import ChatMessage, ComputerAdded, MatchStarted, PlayerJoined
from voicedomino.net.link import LinkState, server_url
from voicedomino.net.remote import RemoteTable, TableRefused

pytestmark = pytest.mark.timeout(300)


def test_server_addresses_are_read_as_people_write_them() -> None:
    assert server_url("127.0.0.1") == "ws://127.0.0.1:8765/"
    assert server_url("casa.example:9000") == "ws://casa.example:9000/"
    assert server_url("wss://tavoli.example/") == "wss://tavoli.example/"


def test_two_people_play_through_remote_tables_and_come_back_after_a_crash(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path).start()
    woken = threading.Event()
    states: list[LinkState] = []
    anna = RemoteTable([f"127.0.0.1:{server.port}"], on_news=woken.set,
                       on_link=lambda state, attempt: states.append(state))  # fmt: skip
    bruno = RemoteTable([f"127.0.0.1:{server.port}"])
    try:
        assert anna.connect() and bruno.connect()
        anna.create("Anna", {"variant": "blocco", "seats": 3, "target": 50}, None)
        with pytest.raises(TableRefused) as refused:
            bruno.join("99999", "Bruno")
        assert refused.value.code == "no_table" and "nove nove nove nove nove" in refused.value.text
        bruno.join(anna.state.code or "", "Bruno")
        wait_until(lambda: any(isinstance(e, PlayerJoined) for e in anna.news()))
        anna.add_computer()
        with pytest.raises(TableRefused) as not_host:
            bruno.start()
        assert not_host.value.code == "not_host" and not_host.value.text
        anna.start()
        wait_until(lambda: bruno.in_match and anna.in_match)
        told = bruno.news()
        assert [type(e) for e in told[:2]] == [ComputerAdded, MatchStarted]
        assert bruno.names() == ["Anna", "Bruno", "Marco"]

        rng = random.Random(4)
        crashed = False
        moves = 0
        ready: dict[int, int] = {}
        # The deal is the server's (random): about one match in 170 ends before the two
        # people's 12th move. The host then starts another, so the crash always comes with a
        # match going on and play always goes on after it.
        while not (crashed and anna.in_match and anna.view().match_result is not None):
            if anna.in_match and anna.view().match_result is not None:
                anna.start()
            for table in (anna, bruno):
                if not table.in_match:
                    continue
                view = table.view()
                if view.round_result is not None and view.match_result is None:
                    if ready.get(id(table)) != view.round_number:
                        try:
                            table.next_round()
                        except TableRefused:  # not answered in time: asked again next pass
                            continue
                        ready[id(table)] = view.round_number
                    continue
                if not view.is_my_turn:
                    continue
                if moves == 0 and Pass() not in view.legal_actions():
                    with pytest.raises(IllegalAction) as illegal:
                        table.play(Pass())
                    assert illegal.value.reason in (Reason.MUST_PLAY, Reason.MUST_PLAY_BONUS)
                    assert table.view() == view  # nothing changed
                try:
                    events = table.play(rng.choice(view.legal_actions()))
                except TableRefused:  # the server went away under the move: look again
                    continue
                moves += 1
                assert any(isinstance(e, TilePlayed | TilesDrawn | Passed) and e.seat == table.seat
                           for e in events)  # fmt: skip
            if moves >= 12 and not crashed:
                crashed = True
                server.kill()
                wait_until(lambda: anna.link.state is LinkState.LOST, timeout=90)
                server.start()  # the same port: the links come back by themselves
                # Each link retries at most LONGEST_WAIT (10 s, +20%) apart: on a loaded
                # machine the restart and the way back can take a good part of a minute.
                wait_until(
                    lambda: anna.summary is not None and bruno.summary is not None, timeout=90
                )
            time.sleep(0.01)
        assert crashed and LinkState.LOST in states and states[-1] is LinkState.CONNECTED
        # Each link has its own thread: Bruno may take the match's last update a moment after
        # Anna does.
        wait_until(lambda: bruno.state.seq == anna.state.seq)
        assert anna.view().scores == bruno.view().scores
        assert woken.is_set()
    finally:
        anna.close()
        bruno.close()
        server.stop()


def test_a_move_that_takes_the_seat_back_leaves_what_was_missed_to_the_summary(
    tmp_path: Path,
) -> None:
    """The server restarted and the player's move reached it before the link took the seat
    back: the move takes it back itself. Its reply is the move; what happened while the player
    was away (here Anna's message) stays with the summary, to be told as missed, never told as
    if nothing had happened."""
    server = ServerProcess(tmp_path).start()
    anna = RemoteTable([f"127.0.0.1:{server.port}"])
    bruno = RemoteTable([f"127.0.0.1:{server.port}"])
    try:
        assert anna.connect() and bruno.connect()
        anna.create("Anna", {"variant": "classica", "seats": 2, "target": 0}, None)
        bruno.join(anna.state.code or "", "Bruno")
        wait_until(lambda: len(anna.seats) == 2)
        anna.start(fill=False)
        wait_until(lambda: bruno.in_match and anna.in_match)
        rng = random.Random(7)
        while not bruno.view().is_my_turn:  # Anna opens or plays until it is Bruno's turn
            wait_until(lambda: anna.view().is_my_turn or bruno.view().is_my_turn)
            if anna.view().is_my_turn:
                anna.play(rng.choice(anna.view().legal_actions()))
                wait_until(lambda: bruno.state.seq == anna.state.seq)
        bruno.news()

        server.kill()
        wait_until(lambda: bruno.link.state is LinkState.LOST, timeout=90)
        bruno.link.resume = None  # his own move, not the link, will take the seat back
        server.start()
        wait_until(lambda: anna.summary is not None, timeout=90)
        anna.quick("un_momento")  # said while Bruno is still away
        wait_until(lambda: bruno.link.state is LinkState.CONNECTED, timeout=90)
        assert bruno.state.code is not None and bruno.summary is None

        events = bruno.play(rng.choice(bruno.view().legal_actions()))
        assert any(isinstance(e, TilePlayed | TilesDrawn | Passed) and e.seat == bruno.seat
                   for e in events)  # fmt: skip
        assert not any(isinstance(e, ChatMessage) for e in events)
        missed, summary = bruno.news_and_summary()
        assert summary is not None
        assert any(isinstance(e, ChatMessage) and e.quick == "un_momento" for e in missed)
    finally:
        anna.close()
        bruno.close()
        server.stop()
