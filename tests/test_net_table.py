"""A network table without the network: seats, host, spectators, computers, timers, what each
seat may see, and the saved document that brings a table back exactly."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from engine_helpers import TABLES

from voicedomino.engine import Draw, Pass, Play, RoundEnded, Settings
from voicedomino.net import wire
from voicedomino.net.events import (
    AnyEvent,
    ComputerAdded,
    ConnectionChanged,
    HostChanged,
    MatchStarted,
    PlayerJoined,
    PlayerLeft,
    StandIn,
    TimedOut,
    TimerWarning,
)
from voicedomino.net.table import (
    SPECTATOR,
    Absent,
    LogEntry,
    Phase,
    SeatKind,
    Table,
    TableError,
    TableOptions,
    decode_entry,
    encode_entry,
)
from voicedomino.players import Level

T0 = 1_000_000.0


def new_table(settings: Settings | None = None, **options: Any) -> Table:
    table, _ = Table.create("4721", settings or Settings("blocco", 4), TableOptions(**options),
                            "Anna", T0)  # fmt: skip
    return table


def events(entries: list[LogEntry]) -> list[AnyEvent]:
    return [entry.event for entry in entries]


def play_out(table: Table, now: float = T0) -> None:
    """Every seat to move plays the engine's first legal action until the round ends."""
    assert table.match is not None
    while table.phase is Phase.PLAYING:
        table._apply(table.match.to_move, table.match.legal_actions()[0], now, [])


def test_joining_fills_seats_partner_first_in_pairs_then_takes_over_computers() -> None:
    table = new_table(Settings("coppie", 4, pairs=True))
    bruno = table.join("Bruno", player=True, now=T0)
    assert bruno.seat == 2  # opposite Anna: her partner
    assert events(bruno.entries) == [PlayerJoined(2, "Bruno")]
    table.add_computer(0, Level.DIFFICILE, None, T0)
    table.start(0, fill=True, now=T0, seed=3)
    assert [s.kind for s in table.seats] == [SeatKind.HUMAN, SeatKind.COMPUTER] * 2
    carla = table.join("Carla", player=True, now=T0)
    assert carla.seat == 1  # the first computer's hand, mid-match
    assert events(carla.entries)[0].took_over == "Marco"
    assert table.seat_of(carla.token) == 1 and table.seat_of("wrong") is None


def test_names_are_kept_apart_and_spectators_have_no_seat() -> None:
    table = new_table()
    second = table.join("anna", player=True, now=T0)
    assert second.seat is not None and table.seats[second.seat].name == "anna 2"
    watcher = table.join("Dario", player=False, now=T0)
    assert watcher.seat is None and table.spectator_name(watcher.token) == "Dario"


def test_only_the_host_runs_the_table_unless_the_host_is_away() -> None:
    table = new_table()
    bruno = table.join("Bruno", player=True, now=T0).seat
    with pytest.raises(TableError) as refused:
        table.add_computer(bruno, None, None, T0)
    assert refused.value.code == "not_host"
    table.set_connected(0, False, T0)
    assert events(table.add_computer(bruno, None, None, T0)) == [ComputerAdded(2, "Marco", "medio")]


def test_a_closed_table_takes_no_newcomer_and_empty_seats_need_filling() -> None:
    table = new_table()
    table.close(0, True, T0)
    with pytest.raises(TableError, match="closed"):
        table.join("Bruno", player=True, now=T0)
    with pytest.raises(TableError, match="seats_empty"):
        table.start(0, fill=False, now=T0)
    table.add_computer(0, Level.FACILE, 3, T0)
    table.remove_computer(0, 3, T0)
    assert table.seats[3].kind is SeatKind.EMPTY
    entries = table.start(0, fill=True, now=T0, seed=1)
    assert isinstance(events(entries)[3], MatchStarted)
    with pytest.raises(TableError, match="match_running"):
        table.add_computer(0, None, None, T0)


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    table = new_table(Settings("classica", 2))
    table.start(0, fill=True, now=T0, seed=5)
    assert table.match is not None
    before = json.dumps(table.to_document(), sort_keys=True)
    wrong = 1 - table.match.to_move if table.seats[table.match.to_move].is_human else 1
    with pytest.raises(TableError) as refused:
        table.act(wrong, Pass(), T0)
    assert refused.value.code in ("illegal", "not_playing")
    assert json.dumps(table.to_document(), sort_keys=True) == before


def test_computers_play_by_themselves_only_while_someone_is_connected() -> None:
    table = new_table(Settings("blocco", 4))
    table.start(0, fill=True, now=T0, seed=11)
    assert table.match is not None
    for _ in range(200):
        due = table.due(computer_pause=1.0)
        if due is None:
            break
        assert due.kind == "computer" and due.at == table.last_action_at + 1.0
        table.run_due(due, table.decide(due.seat), due.at)
    assert table.phase is Phase.ROUND_OVER or table.match.to_move == 0
    table.set_connected(0, False, T0 + 500)
    assert table.due(1.0) is None  # nobody there: the table sleeps


def test_the_turn_timer_warns_then_plays_for_the_player() -> None:
    table = new_table(Settings("classica", 2), turn_timer=30)
    table.start(0, fill=True, now=T0, seed=2)
    assert table.match is not None
    while table.match.to_move != 0:
        due = table.due(0.0)
        assert due is not None
        table.run_due(due, table.decide(due.seat), T0)
    warning = table.due(0.0)
    assert warning is not None and (warning.kind, warning.at) == ("warning", T0 + 20)
    assert events(table.run_due(warning, None, T0 + 20)) == [TimerWarning(0, "Anna", 10)]
    timeout = table.due(0.0)
    assert timeout is not None and (timeout.kind, timeout.at) == ("timeout", T0 + 30)
    told = events(table.run_due(timeout, table.decide(0), T0 + 30))
    assert told[0] == TimedOut(0, "Anna") and len(told) > 1


def test_an_absent_player_gets_a_stand_in_after_the_delay_and_back_on_return() -> None:
    table = new_table(Settings("blocco", 2), absent=Absent.COMPUTER, absent_delay=20)
    bruno = table.join("Bruno", player=True, now=T0).seat
    assert bruno == 1
    table.start(0, fill=False, now=T0, seed=4)
    assert table.match is not None
    if table.match.to_move == 0:
        table.act(0, table.match.legal_actions()[0], T0)
    table.set_connected(1, False, T0 + 5)
    due = table.due(0.0)
    assert due is not None and (due.kind, due.at) == ("stand_in", T0 + 25)
    told = events(table.run_due(due, table.decide(1), T0 + 25))
    assert told[0] == StandIn(1, "Bruno", on=True)
    back = events(table.set_connected(1, True, T0 + 40))
    assert back == [ConnectionChanged(1, "Bruno", True), StandIn(1, "Bruno", on=False)]


def test_leaving_mid_match_hands_the_seat_to_a_computer_and_the_host_passes_on() -> None:
    table = new_table(Settings("blocco", 3))
    table.join("Bruno", player=True, now=T0)
    table.start(0, fill=True, now=T0, seed=9)
    told = events(table.leave(0, "", T0))
    assert told == [PlayerLeft(0, "Anna", "Giulia"), HostChanged(1, "Bruno")]
    assert table.seats[0].kind is SeatKind.COMPUTER and table.host == 1


def test_next_round_waits_for_every_player_present_then_a_new_match_can_start() -> None:
    table = new_table(Settings("blocco", 2, target=0))  # one round decides the match
    bruno = table.join("Bruno", player=True, now=T0).seat
    assert bruno is not None
    table.start(0, fill=False, now=T0, seed=6)
    play_out(table)
    assert table.phase is Phase.MATCH_OVER
    table.start(0, fill=False, now=T0, seed=7)
    assert table.match_number == 2
    table2, b2 = round_over_for_two()
    assert table2.ready(0, T0)[-1].event.seat == 0
    assert table2.phase is Phase.ROUND_OVER  # Bruno is not ready yet
    table2.ready(b2, T0)
    assert table2.phase is Phase.PLAYING


SEEN_TABLES = [Settings(variant, seats, pairs) for variant, seats, pairs in TABLES] + [
    Settings("blocco", 4, spinner=True),
    Settings("pesca", 3, tile_set=9, spinner=True),
    Settings("coppie", 4, pairs=True, tile_set=9),
]


@pytest.mark.parametrize("settings", SEEN_TABLES, ids=str)
def test_a_seat_sees_only_its_hand_and_a_spectator_none_until_the_round_ends(
    settings: Settings,
) -> None:
    table = new_table(settings)
    seats = settings.seats
    table.start(0, fill=True, now=T0, seed=seats * 31 + len(settings.variant))
    match = table.match
    assert match is not None
    rng = random.Random(1)
    while table.phase is Phase.PLAYING:
        for seat in (*range(seats), SPECTATOR):
            view = table.view_for(seat)
            assert view is not None
            hidden = {t for s, hand in enumerate(match.round.hands) if s != seat for t in hand}
            hidden |= set(match.round.boneyard) | set(match.round.set_aside)
            hidden.discard(match.round.lead_tile)  # who must open with it is public
            names = [f'"{tile.low}-{tile.high}"' for tile in hidden]
            told = [json.dumps(wire.encode(view))]
            told += [json.dumps(wire.encode(table.visible_to(seat, e.event))) for e in table.log]
            assert not any(name in text for name in names for text in told)
        seat = match.to_move
        table._apply(seat, rng.choice(match.legal_actions()), T0, [])
    assert any(isinstance(entry.event, RoundEnded) for entry in table.log)
    spectator = table.view_for(SPECTATOR)
    assert spectator is not None and spectator.revealed_hands is not None


def test_the_document_brings_the_table_back_exactly() -> None:
    table = new_table(Settings("pesca", 3), turn_timer=60, absent=Absent.COMPUTER)
    table.join("Bruno", player=True, now=T0)
    table.join("Dario", player=False, now=T0)
    table.start(0, fill=True, now=T0, seed=8)
    assert table.match is not None
    for _ in range(5):
        table._apply(table.match.to_move, table.match.legal_actions()[-1], T0 + 1, [])
    document = json.loads(json.dumps(table.to_document()))
    log = [decode_entry(json.loads(json.dumps(encode_entry(e)))) for e in table.log]
    back = Table.from_document(document, 7, log)
    assert back.to_document() == table.to_document()
    assert list(back.log) == list(table.log) and back.version == 7
    for seat in (0, 1, 2, SPECTATOR):
        assert back.view_for(seat) == table.view_for(seat)
    seat = table.match.to_move
    assert back.decide(seat) == table.decide(seat)
    with pytest.raises(ValueError):
        Table.from_document({**document, "seats": document["seats"][:1]}, 1)


def test_actions_as_clients_send_them() -> None:
    assert wire.decode_action({"type": "draw"}) == Draw()
    play = wire.decode_action({"type": "play", "tile": "3-5", "side": "head", "outer": None})
    assert isinstance(play, Play) and str(play.tile) == "3-5"
    for bad in (
        None, [], {"type": "play"}, {"type": "play", "tile": "5-3"},
        {"type": "play", "tile": "9-10"},
        {"type": "play", "tile": "3-5", "side": "left"}, {"type": "draw", "x": 1},
        {"type": "play", "tile": "３-５"}, {"type": "play", "tile": "3-5", "outer": True},
    ):  # fmt: skip
        with pytest.raises(wire.WireError):
            wire.decode_action(bad)


def round_over_for_two() -> tuple[Table, int]:
    table = new_table(Settings("blocco", 2, target=500))
    bruno = table.join("Bruno", player=True, now=T0).seat
    assert bruno is not None
    table.start(0, fill=False, now=T0, seed=6)
    play_out(table)
    assert table.phase is Phase.ROUND_OVER
    return table, bruno


def test_a_ready_player_whose_connection_drops_and_comes_back_is_still_ready() -> None:
    """Anna said she is ready; her connection drops and her client takes the seat back by
    itself: she believes she is ready, so Bruno's ready deals (it waited for her for ever)."""
    table, bruno = round_over_for_two()
    table.ready(0, T0)
    table.set_connected(0, False, T0 + 1)
    table.set_connected(0, True, T0 + 2)
    table.ready(bruno, T0 + 3)
    assert table.phase is Phase.PLAYING


def test_ready_said_again_deals_when_every_player_present_is_ready() -> None:
    """Everyone present is ready and the deal is only due (a player went away a moment ago,
    another process claimed the deal and died): a player saying ready again deals at once."""
    table, bruno = round_over_for_two()
    table.ready(0, T0)
    table.set_connected(bruno, False, T0 + 1)
    assert table.phase is Phase.ROUND_OVER
    due = table.due(0.0)
    assert due is not None and due.kind == "next_round"
    table.ready(0, T0 + 2)
    assert table.phase is Phase.PLAYING
