"""Computer players: legal play everywhere, decisions from the view alone, the medium player's
memory of voids, the fast simulator's agreement with the engine, and the hint."""

from __future__ import annotations

import random

import pytest
from engine_helpers import TABLE_IDS, TABLES

from voicedomino.engine import (
    ALL_TILES,
    Match,
    Pass,
    Play,
    Round,
    SeatView,
    Settings,
    Side,
    Tile,
)
from voicedomino.players import LEVELS, Level, make_player, suggest
from voicedomino.players.base import NoLegalAction, Player
from voicedomino.players.difficile import SearchPlayer, SearchSettings
from voicedomino.players.fastsim import SimRules, from_engine, round_state
from voicedomino.players.heuristic import ranked_plays
from voicedomino.players.knowledge import Knowledge, infer
from voicedomino.players.sampling import sample_world
from voicedomino.players.scoring import score

ALL_NAMES = (*LEVELS, "pesante", "casuale")
QUICK_SEARCH = SearchSettings(samples=4, nodes=1_500)


def settings_of(table: tuple[str, int, bool], target: int | None = None) -> Settings:
    variant, seats, pairs = table
    return Settings(variant=variant, seats=seats, pairs=pairs, target=target)


def checked_choice(player: Player, view: SeatView, rng: random.Random) -> Play | object:
    action = player.choose(view, rng)
    legal = view.legal_actions()
    assert action in legal, f"{player.name} chose {action} not in {legal}"
    if isinstance(action, Play):
        assert action.side is not None and action.outer is not None
    return action


def play_round(match: Match, players: dict[int, Player], seed: int) -> int:
    """Play the current round to its end with legality checked; return the number of moves."""
    moves = 0
    while not match.round.is_over:
        seat = match.to_move
        view = match.view(seat)
        action = checked_choice(players[seat], view, random.Random(seed * 1000 + moves))
        match.apply(action, seat)  # type: ignore[arg-type]
        moves += 1
    return moves


# --- every level plays legally --------------------------------------------------------


@pytest.mark.parametrize("table", TABLES, ids=TABLE_IDS)
def test_cheap_levels_play_whole_matches_legally(table: tuple[str, int, bool]) -> None:
    """A full match to the variant's target, every seat a different cheap level."""
    names = ["facile", "medio", "pesante", "casuale"]
    match = Match(settings_of(table), seed=11)
    players = {seat: make_player(names[seat % len(names)]) for seat in range(table[1])}
    rounds = 0
    while True:
        play_round(match, players, seed=rounds)
        rounds += 1
        if match.is_over:
            break
        match.next_round()
    assert match.result is not None
    assert rounds >= 1


@pytest.mark.parametrize("table", TABLES, ids=TABLE_IDS)
def test_hard_level_plays_rounds_legally(table: tuple[str, int, bool]) -> None:
    """The search on a small budget (same code path) against the other levels, two rounds."""
    match = Match(settings_of(table, target=500), seed=5)
    hard = SearchPlayer(QUICK_SEARCH)
    others = [make_player("medio"), make_player("facile"), make_player("pesante")]
    players: dict[int, Player] = {
        seat: hard if seat % 2 == 0 else others[seat // 2] for seat in range(table[1])
    }
    play_round(match, players, seed=1)
    if not match.is_over:
        match.next_round()
        play_round(match, players, seed=2)


def test_default_hard_player_plays_a_classica_round_legally() -> None:
    match = Match(Settings(target=0), seed=3)
    players = {0: make_player("difficile"), 1: make_player("medio")}
    assert play_round(match, players, seed=3) > 0


def test_levels_are_named_once_and_their_names_work_too() -> None:
    assert LEVELS == (Level.FACILE, Level.MEDIO, Level.DIFFICILE)
    assert [str(level) for level in LEVELS] == ["facile", "medio", "difficile"]
    for level in LEVELS:
        by_enum, by_name = make_player(level), make_player(level.value)
        assert type(by_enum) is type(by_name)
        assert by_enum.name == level


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        make_player("impossibile")


def test_choosing_out_of_turn_is_a_clear_error() -> None:
    match = Match(Settings(target=0), seed=1)
    idle = 1 - match.to_move
    for name in ALL_NAMES:
        with pytest.raises(NoLegalAction):
            make_player(name).choose(match.view(idle), random.Random(0))


# --- decisions depend on the view only -------------------------------------------------


def advance(match: Match, plies: int, seed: int) -> None:
    """Play some moves with the medium player, stopping early at the end of the round."""
    medio = make_player("medio")
    for ply in range(plies):
        if match.round.is_over:
            return
        seat = match.to_move
        match.apply(medio.choose(match.view(seat), random.Random(seed + ply)), seat)


def hidden_swap(match: Match, rng: random.Random) -> Match | None:
    """A copy of *match* in which one hidden tile of an opponent of the seat to move trades
    places with another hidden tile (boneyard, set-aside, or another opponent's hand)."""
    twin = match.copy()
    round_ = twin.round
    me = round_.to_move
    places: list[list[Tile]] = [round_.boneyard, round_.set_aside]
    places += [round_.hands[seat] for seat in range(twin.rules.seats) if seat != me]
    places = [place for place in places if place]
    if len(places) < 2:
        return None
    first, second = rng.sample(places, 2)
    i, j = rng.randrange(len(first)), rng.randrange(len(second))
    first[i], second[j] = second[j], first[i]
    for hand in round_.hands:
        hand.sort()
    return twin


FAIRNESS_CASES = [
    (("classica", 2, False), 3),
    (("classica", 2, False), 8),
    (("blocco", 2, False), 4),
    (("pesca", 3, False), 6),
    (("capra", 4, False), 5),
    (("jolly", 2, False), 5),
    (("coppie", 4, True), 6),
]


@pytest.mark.parametrize("case", FAIRNESS_CASES, ids=lambda c: f"{c[0][0]}-{c[0][1]}-{c[1]}")
def test_choice_depends_only_on_the_view(case: tuple[tuple[str, int, bool], int]) -> None:
    table, plies = case
    checked = 0
    for seed in range(40):
        match = Match(settings_of(table, target=0), seed=seed)
        advance(match, plies, seed)
        if match.round.is_over or len(match.legal_actions()) < 2:
            continue
        twin = hidden_swap(match, random.Random(seed))
        if twin is None:
            continue
        seat = match.to_move
        assert twin.round.hands != match.round.hands or twin.round.boneyard != match.round.boneyard
        view, twin_view = match.view(seat), twin.view(seat)
        assert view == twin_view
        for name in ALL_NAMES:
            player = make_player(name)
            first = player.choose(view, random.Random(99))
            second = make_player(name).choose(twin_view, random.Random(99))
            assert first == second, f"{name} decided differently on equal views"
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_hard_choice_is_reproducible_with_the_same_rng_seed() -> None:
    match = Match(Settings(variant="blocco", target=0), seed=2)
    advance(match, 3, 2)
    view = match.view(match.to_move)
    player = make_player("difficile")
    choices = {player.choose(view, random.Random(7)) for _ in range(3)}
    assert len(choices) == 1


# --- what the medium player remembers --------------------------------------------------


def void_position() -> Match:
    """Blocco: seat 0 leads [2|2], seat 1 passes (so it has no 2), then [1|2] and [1|4] are
    played; seat 0 may now play [2|5] on the 2 end or [3|4] on the 4 end, equal otherwise."""
    t = Tile.of
    hand0 = [t(2, 2), t(1, 2), t(2, 5), t(3, 4), t(0, 3), t(0, 6), t(5, 6)]
    hand1 = [t(1, 4), t(0, 1), t(1, 3), t(0, 4), t(4, 6), t(1, 5), t(1, 6)]
    rest = [tile for tile in ALL_TILES if tile not in hand0 + hand1]
    match = Match(Settings(variant="blocco", target=0), seed=1)
    match.round = Round(match.rules, [hand0, hand1], [], rest, 0, t(2, 2))
    match.apply(Play(t(2, 2), Side.TAIL, 2), 0)
    match.apply(Pass(), 1)
    match.apply(Play(t(1, 2), Side.TAIL, 1), 0)
    match.apply(Play(t(1, 4), Side.TAIL, 4), 1)
    return match


def test_medium_player_remembers_a_void_and_leaves_that_end_open() -> None:
    view = void_position().view(0)
    knowledge = infer(view)
    assert knowledge.lacks(1, 2)
    keep_two = Play(Tile.of(3, 4), Side.TAIL, 3)  # ends 2 and 3: seat 1 has no 2
    assert make_player("medio").choose(view, random.Random(0)) == keep_two
    # Without the memory the two plays tie and the other comes first: the void decides.
    forgetful = Knowledge(knowledge.seat, knowledge.unseen, ((), ((6, 0),)), knowledge.tiles)
    scores = dict((action, score) for score, action in ranked_plays(view, forgetful))
    assert len(set(scores.values())) == 1
    assert ranked_plays(view, forgetful)[0][1] != keep_two


def test_voids_are_forgotten_for_tiles_drawn_later() -> None:
    """Classica: a seat that drew on some ends lacked them then; the drawn tile may have them."""
    for seed in range(200):
        match = Match(Settings(target=0), seed=seed)
        medio = make_player("medio")
        while not match.round.is_over:
            seat = match.to_move
            view = match.view(1 - seat)
            knowledge = infer(view)
            hidden = knowledge.tiles.mask_of(match.round.hands[seat])
            # Sound inference: the tiles really held are always possible.
            assert hidden & ~knowledge.possible(seat) == 0
            match.apply(medio.choose(match.view(seat), random.Random(seed)), seat)


def test_sampled_deals_respect_counts_and_known_voids() -> None:
    match = void_position()
    view = match.view(0)
    knowledge = infer(view)
    rng = random.Random(3)
    for _ in range(50):
        world = sample_world(view, knowledge, rng)
        assert world.hands[0] == knowledge.tiles.mask_of(view.hand)
        assert world.hands[1].bit_count() == view.hand_counts[1]
        assert world.hands[1] & ~knowledge.possible(1) == 0
        assert not world.hands[0] & world.hands[1]


# --- the fast simulator agrees with the engine ----------------------------------------


STATE_FIELDS = ("hands", "ends", "open", "mover", "drew", "bonus", "last_mover", "over", "bone_n")


@pytest.mark.parametrize("table", TABLES, ids=TABLE_IDS)
def test_simulator_agrees_with_the_engine(table: tuple[str, int, bool]) -> None:
    """Random rounds: the same legal moves (plays on ends showing the same number are one),
    the same state after each action, undo restores it, and the same winner and points."""
    for seed in range(25):
        match = Match(settings_of(table, target=0), seed=seed)
        round_ = match.round
        rng = random.Random(seed)
        while not round_.is_over:
            sim = round_state(round_)
            layout = round_.layout
            legal = round_.legal_actions()
            assert {from_engine(a, layout, sim.tiles) for a in legal} == set(sim.moves())
            before = {name: getattr(sim, name) for name in STATE_FIELDS}
            before["hands"] = list(sim.hands)
            action = rng.choice(legal)
            undo = sim.apply(from_engine(action, layout, sim.tiles))
            round_.apply(action)
            after = round_state(round_)
            for name in STATE_FIELDS:
                if round_.is_over and name in ("mover", "drew", "bonus"):
                    continue
                assert getattr(sim, name) == getattr(after, name), name
            assert sim.bone[: sim.bone_n] == after.bone
            sim.undo(undo)
            assert {name: getattr(sim, name) for name in STATE_FIELDS} == before
        result = round_.result
        assert result is not None
        winner, points = score(
            SimRules.of(match.rules),
            -1 if result.out_seat is None else result.out_seat,
            -1 if result.last_mover is None else result.last_mover,
            result.penalties,
            round_.leader,
        )
        assert points == result.points
        assert (None if winner < 0 else winner) == result.winner


# --- the hint ---------------------------------------------------------------------------


@pytest.mark.parametrize("table", [("classica", 2, False), ("coppie", 4, True)])
def test_suggest_returns_a_legal_action(table: tuple[str, int, bool]) -> None:
    for seed in range(3):
        match = Match(settings_of(table, target=0), seed=seed)
        advance(match, 2 + seed, seed)
        view = match.view(match.to_move)
        action = suggest(view, random.Random(1))
        assert action in view.legal_actions()
        assert action == suggest(view, random.Random(1))
