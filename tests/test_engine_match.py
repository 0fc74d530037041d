"""Match flow: rounds to the target, cumulative scores, next leaders, settings validation."""

from __future__ import annotations

import random

import pytest
from engine_helpers import (
    TABLE_IDS,
    TABLES,
    make_round,
    match_of,
    new_match,
    play_out,
    rules_for,
    t,
)

from voicedomino.engine import (
    VARIANTS,
    IllegalAction,
    Match,
    MatchEnded,
    Play,
    Reason,
    RoundEnded,
    RoundStarted,
    Settings,
    TurnStarted,
    make_rules,
)


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_match_plays_rounds_to_the_target_with_cumulative_scores(
    variant: str, seats: int, pairs: bool
) -> None:
    for seed in range(4):
        match = new_match(variant, seats, pairs, seed)
        target = match.rules.target
        events = play_out(match, random.Random(seed))
        ended = [e for e in events if isinstance(e, RoundEnded)]
        totals = [0] * len(match.rules.teams)
        for number, round_end in enumerate(ended, start=1):
            totals = [a + b for a, b in zip(totals, round_end.result.points, strict=True)]
            assert list(round_end.scores) == totals
            finished = max(totals) >= target
            assert finished == (number == len(ended)), "the match ends at the target, not before"
        assert match.scores == totals
        final = [e for e in events if isinstance(e, MatchEnded)]
        assert len(final) == 1 and events[-1] == final[0]
        assert final[0].result == match.result
        assert final[0].result.scores == tuple(totals)
        assert match.rounds_played == len(ended)
        starts = [e for e in events if isinstance(e, RoundStarted)]
        assert [s.round_number for s in starts] == list(range(1, len(ended) + 1))


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_final_ranking_follows_the_variant(variant: str, seats: int, pairs: bool) -> None:
    match = new_match(variant, seats, pairs, seed=11)
    play_out(match, random.Random(5))
    result = match.result
    assert result is not None
    scores = result.scores
    ranked = [scores[team] for team in result.ranking]
    if variant == "capra":  # points are bad: the loser reached 101, fewest points first
        assert ranked == sorted(ranked) and max(scores) >= 101
    else:
        assert ranked == sorted(ranked, reverse=True) and max(scores) >= 100
    assert sorted(result.ranking) == list(range(len(match.rules.teams)))


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_next_round_leader_follows_the_variant(variant: str, seats: int, pairs: bool) -> None:
    match = new_match(variant, seats, pairs, seed=2, target=400)
    rng = random.Random(2)
    for _ in range(5):
        previous = match.round.leader
        while not match.round.is_over:
            match.apply(rng.choice(match.legal_actions()))
        if match.is_over:
            break
        opening = match.next_round()
        state = match.round
        assert opening == [state.history[0], TurnStarted(state.leader)]
        assert opening[0] == RoundStarted(
            state.round_number,
            state.leader,
            state.lead_tile,
            opening[0].redeals,  # type: ignore[union-attr]
        )
        if variant == "jolly":
            assert (state.leader, state.lead_tile) == (1 - previous, None)
        elif variant == "coppie":
            assert (state.leader, state.lead_tile) == ((previous + 1) % seats, None)
        else:
            lead = match.rules.find_lead(state.hands, None)
            assert lead is not None and (state.leader, state.lead_tile) == (lead.seat, lead.tile)


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_target_zero_plays_a_single_round(variant: str, seats: int, pairs: bool) -> None:
    match = new_match(variant, seats, pairs, seed=8, target=0)
    events = play_out(match, random.Random(8))
    assert sum(isinstance(e, RoundEnded) for e in events) == 1
    assert isinstance(events[-1], MatchEnded) and match.is_over
    with pytest.raises(IllegalAction) as refused:
        match.next_round()
    assert refused.value.reason is Reason.MATCH_OVER


def test_next_round_refused_while_the_round_is_going() -> None:
    match = Match(Settings(), seed=4)
    with pytest.raises(IllegalAction) as refused:
        match.next_round()
    assert refused.value.refusal.reason is Reason.ROUND_NOT_OVER
    assert refused.value.refusal.expected_seat == match.to_move


def test_round_over_match_not_over_waits_for_next_round() -> None:
    match = match_of(make_round(rules_for("classica"), ["1-5", "2-2 3-3"], line="3-5"))
    match.apply(Play(t("1-5")))
    assert match.round.is_over and not match.is_over and match.result is None
    assert match.legal_actions() == []
    assert match.rounds_played == 1
    match.next_round()
    assert match.round.round_number == 2 and match.rounds_played == 1


def test_default_targets_and_settings() -> None:
    assert Settings() == Settings(variant="classica", seats=2)
    assert {name: make_rules(Settings(variant=name)).target for name in VARIANTS} == {
        "classica": 100,
        "blocco": 100,
        "pesca": 100,
        "jolly": 100,
        "capra": 101,
        "coppie": 100,
    }
    assert make_rules(Settings(variant="blocco", target=121)).target == 121


@pytest.mark.parametrize(
    "settings",
    [
        Settings(variant="classica", seats=3),
        Settings(variant="classica", seats=4),
        Settings(variant="jolly", seats=3),
        Settings(variant="blocco", seats=1),
        Settings(variant="coppie", seats=5),
        Settings(variant="coppie", seats=2, pairs=True),
        Settings(variant="coppie", seats=3, pairs=True),
        Settings(variant="blocco", seats=4, pairs=True),
        Settings(variant="capra", seats=4, pairs=True),
        Settings(variant="classica", pairs=True),
        Settings(variant="briscola"),
        Settings(target=-1),
        Settings(hand_size=0),
        Settings(hand_size=-2),
        Settings(variant="coppie", seats=4, hand_size=8),
    ],
)
def test_settings_that_do_not_fit_the_variant_are_refused(settings: Settings) -> None:
    with pytest.raises(ValueError):
        Match(settings, seed=0)
    with pytest.raises(ValueError):
        make_rules(settings)


def test_custom_hand_size_is_dealt() -> None:
    match = Match(Settings(variant="blocco", seats=4, hand_size=6), seed=3)
    assert [len(hand) for hand in match.round.hands] == [6, 6, 6, 6]
    assert len(match.round.set_aside) == 4 and match.round.boneyard == []


def test_pairs_are_opposite_seats_in_coppie() -> None:
    rules = rules_for("coppie", 4, pairs=True)
    assert rules.teams == ((0, 2), (1, 3))
    assert [rules.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [rules.partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]
    alone = rules_for("coppie", 4)
    assert alone.teams == ((0,), (1,), (2,), (3,)) and alone.partner_of(1) is None


def test_match_without_seed_picks_one_and_records_it() -> None:
    first = Match()
    again = Match(Settings(), seed=first.seed)
    assert first.round.hands == again.round.hands


def test_copy_is_independent() -> None:
    match = Match(Settings(variant="pesca", seats=3), seed=9)
    copy = match.copy()
    copy.apply(copy.legal_actions()[0])
    assert match.round.line == [] and copy.round.line != []
    assert match.rng.getstate() == copy.rng.getstate()
