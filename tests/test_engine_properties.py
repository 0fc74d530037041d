"""Property tests over thousands of random games, for every table the variants allow, with
the table options of RULES.md (double-nine set, spinner, opening rules) as well as without.

Each step is checked against the oracle in engine_helpers (RULES.md restated): tile census,
open arms, legal actions, events, termination, scoring; refused actions leave the state
identical; save/load round trips and equal seeds give identical games.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import (
    MAX_ACTIONS_PER_ROUND,
    TABLE_IDS,
    TABLES,
    can_anyone_move,
    every_tile_once,
    expected_first_lead,
    expected_legal_tiles,
    expected_non_play,
    expected_points,
    fits_ends,
    halves_join,
    new_match,
    open_ends,
    play_out,
    random_action,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voicedomino.engine import (
    Action,
    BonusTurn,
    Draw,
    DrawPolicy,
    Event,
    IllegalAction,
    Match,
    MatchEnded,
    Opening,
    Outcome,
    Pass,
    Passed,
    Play,
    Reason,
    RoundEnded,
    Side,
    TilePlayed,
    TilesDrawn,
    TurnStarted,
)
from voicedomino.engine.round import Round
from voicedomino.engine.save import dumps, loads

ROUNDS_PER_TABLE = 1000  # x 15 tables = 15000 single rounds fully checked
MATCHES_PER_TABLE = 8  # x 15 = 120 whole matches (several rounds each)
ROUNDS_WITH_OPTIONS = 60  # x 15 tables x 4 option sets = 3600 more rounds
# The table options of RULES.md; () is the game as it always was.
TABLE_OPTIONS: tuple[dict[str, object], ...] = (
    {},
    {"spinner": True},
    {"tile_set": 9},
    {"tile_set": 9, "spinner": True},
    {"spinner": True, "opening": "last_winner"},
)
TABLE_OPTION_IDS = ["as-ever", "spinner", "double-nine", "double-nine-spinner", "last-winner"]
OPENINGS = [opening.value for opening in Opening]


def check_state(match: Match) -> None:
    """Invariants that hold at every step."""
    state = match.round
    assert every_tile_once(state), "every tile of the set, each exactly once"
    layout = state.layout
    if state.line:
        assert state.head == state.line[0][0] and state.tail == state.line[-1][1]
        for (_, right), (left, _) in zip(state.line, state.line[1:], strict=False):
            assert halves_join(state.rules, right, left), f"line does not join: {state.line}"
        lead = next(e for e in state.history if isinstance(e, TilePlayed))
        spinner = state.rules.spinner and lead.tile.is_double
        assert (layout.spinner_at is not None) == spinner, "a spinner is exactly a double lead"
        if spinner:
            assert layout.spinner_at is not None
            number = state.line[layout.spinner_at][0]
            assert state.line[layout.spinner_at] == (number, number) == (lead.tile.low,) * 2
            heads = sum(isinstance(e, TilePlayed) and e.side is Side.HEAD for e in state.history)
            assert layout.spinner_at == heads, "the spinner stays where the lead was laid"
            for arm in (layout.up, layout.down):
                inner = number
                for joined, outer in arm:
                    assert halves_join(state.rules, inner, joined), f"arm does not join: {arm}"
                    inner = outer
        else:
            assert layout.up == layout.down == ()
        assert dict(layout.ends()) == open_ends(state)
    else:
        assert state.head is None and state.tail is None and len(layout) == 0
    if not state.rules.boneyard_drawable:
        assert state.boneyard == []
    else:
        assert state.set_aside == []
    if state.is_over:
        assert match.legal_actions() == []
        return
    assert all(state.hands), "nobody is out while the round goes on"
    assert can_anyone_move(state), "an unfinished round is never blocked"
    assert not (state.bonus_turn and not state.rules.double_bonus)


def check_legal_actions(match: Match) -> list[Action]:
    state = match.round
    legal = match.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    assert {p.tile for p in plays} == expected_legal_tiles(state)
    if not plays:
        assert legal == [expected_non_play(state)]
    else:
        assert len(plays) == len(legal), "no draw or pass while a tile is playable"
    ends = open_ends(state)
    for play in plays:
        assert play.side is not None and play.outer is not None
        assert play.tile.has(play.outer)
        if state.line:
            end = ends[play.side]
            assert halves_join(state.rules, play.tile.other(play.outer), end)
    assert len(set(legal)) == len(legal)
    # The seat's own view decides exactly like the engine; other seats have nothing to do.
    assert match.view(state.to_move).legal_actions() == legal
    assert match.view((state.to_move + 1) % state.rules.seats).legal_actions() == []
    return legal


def check_events(
    match: Match, old: Round, legal: list[Action], action: Action, events: list[Event]
) -> None:
    """The events of an accepted action tell exactly what changed."""
    state = match.round
    seat, seats = old.to_move, state.rules.seats
    ended = [e for e in events if isinstance(e, RoundEnded)]
    tail_events: list[Event] = []
    if state.is_over:
        assert len(ended) == 1
        check_round_end(match, ended[0], seat)
        position = events.index(ended[0])
        assert all(isinstance(e, MatchEnded) for e in events[position + 1 :])
        assert (match.result is not None) == any(isinstance(e, MatchEnded) for e in events)
        assert not any(isinstance(e, TurnStarted | BonusTurn) for e in events)
        events = events[:position]
    else:
        assert not ended
    first = events[0]
    if isinstance(action, Play):
        assert isinstance(first, TilePlayed)
        assert (first.seat, first.tile) == (seat, action.tile)
        ends = open_ends(state)
        assert (first.head, first.tail) == (state.head, state.tail)
        assert (first.up, first.down) == (ends.get(Side.UP), ends.get(Side.DOWN))
        assert first.lead == (not old.line)
        outer = ends[first.side] if old.line else action.tile.high
        assert Play(action.tile, first.side, outer) in legal, "accepted plays are legal plays"
        assert len(state.layout) == len(old.layout) + 1
        if old.line:  # the other arms did not move
            before = open_ends(old)
            assert {s: n for s, n in ends.items() if s is not first.side} == {
                s: n for s, n in before.items() if s is not first.side
            }
        assert state.hands[seat] == sorted(set(old.hands[seat]) - {action.tile})
        if not state.is_over:
            if action.tile.is_double and state.rules.double_bonus:
                tail_events = [BonusTurn(seat)]
                assert state.to_move == seat and state.bonus_turn
            else:
                tail_events = [TurnStarted((seat + 1) % seats)]
                assert state.to_move == (seat + 1) % seats
    elif isinstance(action, Draw):
        assert legal == [Draw()]
        assert isinstance(first, TilesDrawn)
        assert first.seat == seat and first.count == len(first.tiles) >= 1
        old_ends = open_ends(old)
        assert (first.head, first.tail) == (old.head, old.tail)
        assert (first.up, first.down) == (old_ends.get(Side.UP), old_ends.get(Side.DOWN))
        assert first.boneyard_left == len(state.boneyard) == len(old.boneyard) - first.count
        assert sorted(state.hands[seat]) == sorted(old.hands[seat] + list(first.tiles))
        rules = state.rules
        if rules.draw_policy is DrawPolicy.ONCE:
            assert first.count == 1
        else:
            *misses, last = first.tiles
            assert not any(fits_ends(rules, tile, old_ends) for tile in misses)
            assert fits_ends(rules, last, old_ends) or not state.boneyard
        assert state.is_over or state.to_move == seat
    else:
        assert isinstance(action, Pass) and legal == [Pass()]
        old_ends = open_ends(old)
        assert first == Passed(
            seat, old.head, old.tail, old_ends.get(Side.UP), old_ends.get(Side.DOWN)
        )
        tail_events = [TurnStarted((seat + 1) % seats)]
        assert state.to_move == (seat + 1) % seats
    assert events[1:] == tail_events


def check_round_end(match: Match, ended: RoundEnded, last_actor: int) -> None:
    state = match.round
    result = ended.result
    assert result == state.result
    assert result.penalties == tuple(sum(t.pips for t in hand) for hand in state.hands)
    assert ended.hands == tuple(tuple(hand) for hand in state.hands)
    assert ended.scores == tuple(match.scores)
    if result.outcome is Outcome.DOMINO:
        assert result.out_seat == last_actor and state.hands[last_actor] == []
    else:
        assert result.out_seat is None and not can_anyone_move(state)
        assert all(state.hands)
    assert (result.outcome is Outcome.DRAW) == (result.winner is None)
    assert result.last_mover == state.last_mover
    assert result.points == expected_points(
        state.rules,
        result.outcome is Outcome.DOMINO,
        result.out_seat,
        result.last_mover,
        result.penalties,
        state.leader,
    )


def checked_apply(match: Match, action: Action, seat: int | None = None) -> list[Event]:
    """Apply a legal action, checking legality, events and invariants."""
    events = attempt(match, action, seat, may_refuse=False)
    assert events is not None
    return events


def attempt(
    match: Match, action: Action, seat: int | None, *, may_refuse: bool = True
) -> list[Event] | None:
    """Apply *action*; a refusal must leave the saved state identical (None is returned)."""
    legal = check_legal_actions(match)
    before = match.round.copy()
    snapshot = dumps(match) if may_refuse else ""
    try:
        events = match.apply(action, seat)
    except IllegalAction as refused:
        if not may_refuse:
            raise
        assert dumps(match) == snapshot, f"refused {action} changed the state"
        if seat is not None and seat != before.to_move:
            assert refused.reason is Reason.NOT_YOUR_TURN
        else:
            assert refused.reason is not Reason.NOT_YOUR_TURN
            assert action not in legal, "a legal action was refused"
        return None
    assert seat is None or seat == before.to_move
    check_events(match, before, legal, action, events)
    check_state(match)
    return events


def check_first_lead(match: Match) -> None:
    state = match.round
    seat, tile = expected_first_lead(state.rules, state.hands)
    if seat is None:  # the random opening: any seat, with its heaviest tile
        assert state.lead_tile == max(state.hands[state.leader], key=lambda t: (t.pips, t.high))
    else:
        assert (state.leader, state.lead_tile) == (seat, tile)


def play_random_rounds(
    variant: str, seats: int, pairs: bool, rounds: int, **options: object
) -> None:
    for seed in range(rounds):
        rng = random.Random(seed)
        match = new_match(variant, seats, pairs, seed, target=0, **options)
        check_state(match)
        check_first_lead(match)
        tiles = match.rules.tiles
        probe_illegal = seed % 4 == 0  # a quarter of the games also throw illegal actions
        for _ in range(MAX_ACTIONS_PER_ROUND):
            if match.round.is_over:
                break
            if probe_illegal and attempt(match, *random_action(rng, seats, tiles)) is not None:
                continue
            checked_apply(match, rng.choice(match.legal_actions()))
        else:
            raise AssertionError("the round did not end within the bound")
        assert match.is_over


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_random_rounds_keep_every_invariant(variant: str, seats: int, pairs: bool) -> None:
    play_random_rounds(variant, seats, pairs, ROUNDS_PER_TABLE)


@pytest.mark.parametrize("options", TABLE_OPTIONS, ids=TABLE_OPTION_IDS)
@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_random_rounds_with_table_options(
    variant: str, seats: int, pairs: bool, options: dict[str, object]
) -> None:
    play_random_rounds(variant, seats, pairs, ROUNDS_WITH_OPTIONS, **options)


def test_spinner_games_really_open_and_use_four_arms() -> None:
    """The random games above do reach what they are meant to check."""
    arms_used = {Side.UP: 0, Side.DOWN: 0}
    blocked = 0
    for seed in range(60):
        rng = random.Random(seed)
        match = new_match("blocco", 4, False, seed, target=0, spinner=True, tile_set=9)
        while not match.round.is_over:
            for event in checked_apply(match, rng.choice(match.legal_actions())):
                if isinstance(event, TilePlayed) and event.side in arms_used:
                    arms_used[event.side] += 1
        blocked += (
            match.round.result is not None and match.round.result.outcome is not Outcome.DOMINO
        )
    assert min(arms_used.values()) > 20 and blocked > 0


@pytest.mark.parametrize("options", TABLE_OPTIONS, ids=TABLE_OPTION_IDS)
@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_random_whole_matches_score_by_the_variant(
    variant: str, seats: int, pairs: bool, options: dict[str, object]
) -> None:
    matches = MATCHES_PER_TABLE if not options else 2
    for seed in range(matches):
        rng = random.Random(1000 + seed)
        match = new_match(variant, seats, pairs, 1000 + seed, **options)
        totals = [0] * len(match.rules.teams)
        for _ in range(200):
            for _ in range(MAX_ACTIONS_PER_ROUND):
                if match.round.is_over:
                    break
                for event in checked_apply(match, rng.choice(match.legal_actions())):
                    if isinstance(event, RoundEnded):
                        totals = [a + b for a, b in zip(totals, event.result.points, strict=True)]
                        assert list(event.scores) == totals == match.scores
            else:
                raise AssertionError("the round did not end within the bound")
            # Between rounds (and after the match) any action is refused and changes nothing.
            reason = Reason.MATCH_OVER if match.is_over else Reason.ROUND_OVER
            before = dumps(match)
            action, seat = random_action(rng, seats, match.rules.tiles)
            with pytest.raises(IllegalAction) as refused:
                match.apply(action, seat)
            assert refused.value.reason is reason
            assert dumps(match) == before
            if match.is_over:
                break
            match.next_round()
            check_state(match)
        else:
            raise AssertionError("the match did not end")
        assert match.result is not None
        assert max(match.scores) >= match.rules.target
        assert match.result.scores == tuple(totals)


SAVE_OPTIONS: tuple[dict[str, object], ...] = (
    {},
    {"tile_set": 9, "spinner": True, "opening": "last_winner"},
    {"spinner": True, "opening": "random"},
)


@pytest.mark.parametrize("options", SAVE_OPTIONS, ids=["as-ever", "nine-spinner-winner", "random"])
@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_save_and_load_at_any_point_gives_the_same_game(
    variant: str, seats: int, pairs: bool, options: dict[str, object]
) -> None:
    for seed in range(12 if not options else 5):
        match = new_match(variant, seats, pairs, seed, target=60, **options)
        rng = random.Random(seed)
        stop = rng.randrange(120)
        for _ in range(stop):  # play to a random point, across rounds
            if match.is_over:
                break
            if match.round.is_over:
                match.next_round()
            else:
                match.apply(rng.choice(match.legal_actions()))
        text = dumps(match)
        loaded = loads(text)
        assert dumps(loaded) == text
        assert loaded.view(0) == match.view(0)
        assert loaded.legal_actions() == match.legal_actions()
        assert loaded.result == match.result
        assert loaded.round.result == match.round.result
        seed_after = rng.randrange(2**32)
        original_events = play_out(match, random.Random(seed_after))
        loaded_events = play_out(loaded, random.Random(seed_after))
        assert original_events == loaded_events
        assert dumps(loaded) == dumps(match)


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_same_seed_same_deal_and_same_game(variant: str, seats: int, pairs: bool) -> None:
    for seed in range(10):
        first = new_match(variant, seats, pairs, seed)
        second = new_match(variant, seats, pairs, seed)
        assert dumps(first) == dumps(second)
        assert play_out(first, random.Random(seed)) == play_out(second, random.Random(seed))
        assert dumps(first) == dumps(second)
    deals = {dumps(new_match(variant, seats, pairs, seed)) for seed in range(10)}
    assert len(deals) > 1, "different seeds deal differently"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=80),
    wildcard=st.booleans(),
)
def test_hypothesis_action_sequences(
    table: tuple[str, int, bool], seed: int, choices: list[int], wildcard: bool
) -> None:
    run_choices(table, seed, choices, wildcard=wildcard)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=120),
    wildcard=st.booleans(),
    tile_set=st.sampled_from([6, 9]),
    spinner=st.booleans(),
    opening=st.sampled_from([None, *OPENINGS]),
)
def test_hypothesis_spinner_and_double_nine_games(
    table: tuple[str, int, bool],
    seed: int,
    choices: list[int],
    wildcard: bool,
    tile_set: int,
    spinner: bool,
    opening: str | None,
) -> None:
    run_choices(
        table, seed, choices, wildcard=wildcard, tile_set=tile_set, spinner=spinner, opening=opening
    )


def run_choices(
    table: tuple[str, int, bool], seed: int, choices: list[int], **options: object
) -> None:
    """Play the actions *choices* pick (a third of them random, mostly illegal), checking each;
    the match then saves and loads back identically."""
    variant, seats, pairs = table
    match = new_match(variant, seats, pairs, seed, target=0, **options)
    check_state(match)
    check_first_lead(match)
    rng = random.Random(seed)
    for choice in choices:
        if match.round.is_over:
            break
        if choice % 3 == 0:
            attempt(match, *random_action(rng, seats, match.rules.tiles))
            continue
        legal = match.legal_actions()
        checked_apply(match, legal[choice % len(legal)])
    text = dumps(match)
    assert dumps(loads(text)) == text
