"""Every level on the table options of issue 21: a spinner's four arms, the double-nine set and
the opening rules. Legal play throughout, the simulator and the exact search agreeing with the
engine, sound inferences, and choices made from the seat's view alone."""

from __future__ import annotations

import random

import pytest
from test_players import QUICK_SEARCH, checked_choice, hidden_swap
from test_players_search import consistent_deals, distinct, minimax

from voicedomino.engine import Match, Settings
from voicedomino.players import make_player
from voicedomino.players.base import Player
from voicedomino.players.difficile import SearchPlayer
from voicedomino.players.fastsim import from_engine, round_state
from voicedomino.players.knowledge import infer
from voicedomino.players.sampling import every_world
from voicedomino.players.search import Searcher

# (variant, seats, pairs, set, spinner, opening rule)
OPTION_TABLES = (
    ("blocco", 4, False, 6, True, None),
    ("blocco", 2, False, 9, True, None),
    ("coppie", 4, True, 9, False, None),
    ("coppie", 4, True, 9, True, None),
    ("coppie", 4, True, 6, True, "random"),
    ("classica", 2, False, 9, True, None),
    ("pesca", 3, False, 9, False, "heaviest"),
    ("jolly", 2, False, 6, True, None),
    ("capra", 3, False, 9, True, "top_double"),
    ("blocco", 3, False, 6, True, "highest_double"),
)
IDS = [
    f"{v}-{s}{'-pairs' if p else ''}-d{n}{'-spinner' if sp else ''}{'-' + o if o else ''}"
    for v, s, p, n, sp, o in OPTION_TABLES
]
Table = tuple[str, int, bool, int, bool, "str | None"]


def settings(table: Table, target: int | None = 0) -> Settings:
    variant, seats, pairs, highest, spinner, opening = table
    return Settings(
        variant=variant,
        seats=seats,
        pairs=pairs,
        target=target,
        tile_set=highest,
        spinner=spinner,
        opening=opening,
    )


def play_round(match: Match, players: dict[int, Player], seed: int) -> None:
    moves = 0
    while not match.round.is_over:
        seat = match.to_move
        action = checked_choice(players[seat], match.view(seat), random.Random(seed + moves))
        match.apply(action, seat)  # type: ignore[arg-type]
        moves += 1


@pytest.mark.parametrize("table", OPTION_TABLES, ids=IDS)
def test_every_level_plays_legally(table: Table) -> None:
    """Whole matches among the cheap levels; two rounds of the hard level (a small search)
    against them; one round of the hard level as it plays."""
    match = Match(settings(table, target=None), seed=11)
    names = ["facile", "medio", "pesante", "casuale"]
    players = {seat: make_player(names[seat % 4]) for seat in range(table[1])}
    while True:
        play_round(match, players, seed=len(match.round.history))
        if match.is_over:
            break
        match.next_round()
    match = Match(settings(table, target=500), seed=5)
    players = {seat: make_player(names[seat % 4]) for seat in range(table[1])}
    players[0] = SearchPlayer(QUICK_SEARCH)
    play_round(match, players, seed=1)
    if not match.is_over:
        match.next_round()
        play_round(match, players, seed=2)
    match = Match(settings(table), seed=6)
    players[0] = make_player("difficile")
    play_round(match, players, seed=3)


@pytest.mark.parametrize("table", OPTION_TABLES, ids=IDS)
def test_simulator_and_inference_agree_with_the_engine(table: Table) -> None:
    """Random rounds: the simulator's moves are the engine's legal moves (one per distinct
    number shown), it reaches the engine's states, and every hidden tile a seat holds is one
    the others' inference allows."""
    for seed in range(12):
        match = Match(settings(table), seed=seed)
        round_ = match.round
        rng = random.Random(seed)
        while not round_.is_over:
            sim = round_state(round_)
            legal = round_.legal_actions()
            assert {from_engine(a, round_.layout, sim.tiles) for a in legal} == set(sim.moves())
            for seat in range(match.rules.seats):
                knowledge = infer(match.view(seat))
                for other in range(match.rules.seats):
                    if other != seat:
                        held = knowledge.tiles.mask_of(round_.hands[other])
                        assert held & ~knowledge.possible(other) == 0
            action = rng.choice(legal)
            sim.apply(from_engine(action, round_.layout, sim.tiles))
            match.apply(action)
            after = round_state(round_)
            assert (sim.hands, sim.ends, sim.over) == (after.hands, after.ends, after.over)


NO_DRAWING = [t for t in OPTION_TABLES if t[0] == "blocco" and t[5] is None]


@pytest.mark.parametrize("table", NO_DRAWING, ids=lambda t: f"{t[0]}-{t[1]}-d{t[3]}")
def test_exact_search_and_every_deal_on_arms(table: Table) -> None:
    """Late positions of spinner tables: the exact search equals the engine's minimax, and
    the deals searched are every deal the engine's replay of the history allows."""
    pesante = make_player("pesante")
    checked = compared = 0
    for seed in range(200):
        match = Match(settings(table), seed=seed)
        round_ = match.round
        while not round_.is_over and sum(map(len, round_.hands)) > table[1] + 2:
            match.apply(pesante.choose(match.view(round_.to_move), random.Random(seed)))
        if round_.is_over or len(distinct(round_)) < 2:
            continue
        state = round_state(round_)
        team = match.rules.team_of(round_.to_move)
        actions = distinct(round_)
        codes = [from_engine(a, round_.layout, state.tiles) for a in actions]
        values = Searcher(state, team, round_.leader, 10**7).exact_values(codes)
        for action, value in zip(actions, values, strict=True):
            child = round_.copy()
            child.apply(action)
            assert value == pytest.approx(minimax(child, team)), action
        view = match.view(round_.to_move)
        knowledge = infer(view)
        worlds = every_world(view, knowledge, 5_000)
        if worlds is not None:
            tiles = knowledge.tiles
            found = {tuple(tuple(sorted(tiles.tiles_of(h))) for h in w.hands) for w in worlds}
            assert found == consistent_deals(view)
            compared += 1
        checked += 1
        if checked == 3:
            break
    assert checked == 3
    assert compared >= 1


@pytest.mark.parametrize("table", OPTION_TABLES[:5], ids=IDS[:5])
def test_choice_depends_only_on_the_view(table: Table) -> None:
    checked = 0
    for seed in range(40):
        match = Match(settings(table), seed=seed)
        medio = make_player("medio")
        for ply in range(6):
            if match.round.is_over:
                break
            match.apply(medio.choose(match.view(match.to_move), random.Random(seed + ply)))
        if match.round.is_over or len(match.legal_actions()) < 2:
            continue
        twin = hidden_swap(match, random.Random(seed))
        if twin is None:
            continue
        view, twin_view = match.view(match.to_move), twin.view(match.to_move)
        assert view == twin_view
        for name in ("facile", "medio", "difficile"):
            first = make_player(name).choose(view, random.Random(9))
            assert first == make_player(name).choose(twin_view, random.Random(9)), name
        checked += 1
        if checked == 2:
            break
    assert checked == 2
