"""End of a round: blocked detection and each variant's scoring (RULES.md), on hand-made deals."""

from __future__ import annotations

import pytest
from engine_helpers import TABLE_IDS, TABLES, expected_points, make_round, match_of, rules_for, t

from voicedomino.engine import (
    BonusTurn,
    Draw,
    Match,
    MatchEnded,
    Outcome,
    Play,
    RoundEnded,
    RoundResult,
    TilePlayed,
    TurnStarted,
)


def play_and_end(match: Match, tile: str) -> RoundEnded:
    events = match.apply(Play(t(tile)))
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert len(ended) == 1 and match.round.is_over
    return ended[0]


# --- blocked rounds ----------------------------------------------------------------------------

BLOCKING_HANDS = ["5-6 4-4", "1-1 2-2", "1-2", "2-4"]  # after 5-6 on 3-5 nobody holds a 3 or 6


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_round_ends_at_once_when_nobody_can_play_and_nothing_can_be_drawn(
    variant: str, seats: int, pairs: bool
) -> None:
    rules = rules_for(variant, seats, pairs=pairs)
    state = make_round(rules, BLOCKING_HANDS[:seats], line="3-5", rest="aside")
    match = match_of(state)
    events = match.apply(Play(t("5-6")))
    assert [type(e) for e in events] == [TilePlayed, RoundEnded], "no turn after a block"
    result = state.result
    assert result is not None
    penalties = (8, 6, 3, 6)[:seats]
    assert result.penalties == penalties
    assert result.outcome in (Outcome.BLOCKED, Outcome.DRAW)
    assert result.last_mover == 0 and result.out_seat is None
    assert result.points == expected_points(rules, False, None, 0, penalties, 0)


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_stuck_table_with_a_drawable_boneyard_is_not_blocked(
    variant: str, seats: int, pairs: bool
) -> None:
    rules = rules_for(variant, seats, pairs=pairs)
    state = make_round(rules, BLOCKING_HANDS[:seats], line="3-5")
    state.apply(Play(t("5-6")))
    if rules.boneyard_drawable:
        assert not state.is_over and state.legal_actions() == [Draw()]
    else:  # blocco: set-aside tiles are never drawn, so the table is blocked
        assert state.is_over


def test_classica_blocking_double_gives_no_bonus_turn() -> None:
    state = make_round(rules_for("classica"), ["5-5 4-4", "1-1 2-2"], line="3-5", rest="aside")
    events = match_of(state).apply(Play(t("5-5")))
    assert [type(e) for e in events] == [TilePlayed, RoundEnded]
    assert not any(isinstance(e, BonusTurn | TurnStarted) for e in events)


# --- classica ----------------------------------------------------------------------------------


def test_classica_domino_winner_scores_the_losers_penalty() -> None:
    match = match_of(make_round(rules_for("classica"), ["1-5", "2-2 3-3"], line="3-5"))
    ended = play_and_end(match, "1-5")
    assert ended.result == RoundResult(Outcome.DOMINO, 0, 0, 0, (0, 10), (10, 0))
    assert ended.hands == ((), (t("2-2"), t("3-3")))
    assert ended.scores == (10, 0)
    assert match.scores == [10, 0]


def test_classica_blocked_lower_penalty_wins_the_others_penalty() -> None:
    state = make_round(rules_for("classica"), ["5-6 4-4", "1-1 2-2"], line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result == RoundResult(Outcome.BLOCKED, 1, None, 0, (8, 6), (0, 8))
    assert ended.scores == (0, 8)


def test_classica_blocked_equal_penalties_is_a_draw() -> None:
    state = make_round(rules_for("classica"), ["5-6 2-4", "1-1 2-2"], line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result == RoundResult(Outcome.DRAW, None, None, 0, (6, 6), (0, 0))
    assert ended.scores == (0, 0)


# --- blocco, pesca, jolly: difference scoring ----------------------------------------------------


@pytest.mark.parametrize("variant", ["blocco", "pesca"])
def test_domino_scores_all_opponents_pips(variant: str) -> None:
    rules = rules_for(variant, 3)
    state = make_round(rules, ["1-5", "2-2 6-6", "0-1 4-4"], line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "1-5")
    assert ended.result == RoundResult(Outcome.DOMINO, 0, 0, 0, (0, 16, 9), (25, 0, 0))


def test_jolly_domino_wins_by_the_difference() -> None:
    state = make_round(rules_for("jolly"), ["1-5", "2-2 6-6"], line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "1-5")
    assert ended.result == RoundResult(Outcome.DOMINO, 0, 0, 0, (0, 16), (16, 0))


@pytest.mark.parametrize("variant", ["blocco", "pesca"])
def test_blocked_fewest_pips_scores_opponents_total_minus_own(variant: str) -> None:
    rules = rules_for(variant, 3)
    hands = ["5-6 0-1", "1-1 2-2", "4-4 0-2"]
    state = make_round(rules, hands, line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result == RoundResult(Outcome.BLOCKED, 0, None, 0, (1, 6, 10), (15, 0, 0))


@pytest.mark.parametrize("variant", ["blocco", "pesca", "jolly"])
def test_blocked_two_players_lower_total_wins_by_the_difference(variant: str) -> None:
    state = make_round(rules_for(variant), ["5-6 1-2", "1-1 2-2"], line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result == RoundResult(Outcome.BLOCKED, 0, None, 0, (3, 6), (3, 0))


@pytest.mark.parametrize("variant", ["blocco", "pesca"])
def test_blocked_tie_for_fewest_scores_nothing(variant: str) -> None:
    rules = rules_for(variant, 3)
    state = make_round(rules, ["5-6 1-2", "0-1 0-2", "4-4"], line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result == RoundResult(Outcome.DRAW, None, None, 0, (3, 3, 8), (0, 0, 0))


def test_jolly_blocked_equal_totals_is_a_draw() -> None:
    state = make_round(rules_for("jolly"), ["5-6 2-4", "1-1 2-2"], line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result == RoundResult(Outcome.DRAW, None, None, 0, (6, 6), (0, 0))


# --- capra ---------------------------------------------------------------------------------------


def test_capra_domino_out_seat_scores_nothing_others_add_their_own() -> None:
    state = make_round(rules_for("capra", 3), ["1-5", "2-2 6-6", "0-1 4-4"], line="3-5")
    ended = play_and_end(match_of(state), "1-5")
    assert ended.result.points == (0, 16, 9)
    assert ended.result.winner == 0 and ended.result.outcome is Outcome.DOMINO


def test_capra_blocked_last_mover_scores_nothing_even_with_more_pips() -> None:
    hands = ["5-6 4-4", "1-1 0-0", "2-2"]
    state = make_round(rules_for("capra", 3), hands, line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result == RoundResult(Outcome.BLOCKED, 0, None, 0, (8, 2, 4), (0, 2, 4))


def test_capra_player_reaching_101_loses_and_ranking_is_by_fewest_points() -> None:
    state = make_round(rules_for("capra", 3), ["1-5", "2-2 6-6", "0-1 4-4"], line="3-5")
    match = match_of(state)
    match.scores = [40, 90, 92]
    events = match.apply(Play(t("1-5")))
    assert match.scores == [40, 106, 101]
    ended = events[-1]
    assert isinstance(ended, MatchEnded)
    assert ended.result.ranking == (0, 2, 1) and ended.result.scores == (40, 106, 101)
    assert ended.result.winner == 0


def test_capra_match_goes_on_below_101() -> None:
    state = make_round(rules_for("capra", 3), ["1-5", "2-2 6-6", "0-1 4-4"], line="3-5")
    match = match_of(state)
    match.scores = [40, 84, 91]
    events = match.apply(Play(t("1-5")))
    assert match.scores == [40, 100, 100]
    assert not match.is_over and not any(isinstance(e, MatchEnded) for e in events)


# --- coppie --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_coppie_alone_domino_scores_the_opponents_pips(seats: int) -> None:
    hands = ["1-5", "2-2 6-6", "0-1 4-4", "0-2"][:seats]
    state = make_round(rules_for("coppie", seats), hands, line="3-5")
    ended = play_and_end(match_of(state), "1-5")
    assert ended.result.points == (sum((16, 9, 2)[: seats - 1]),) + (0,) * (seats - 1)
    assert ended.result.winner == 0


def test_coppie_pair_domino_scores_every_hand_including_the_partners() -> None:
    hands = ["1-5", "2-2 6-6", "0-1 4-4", "0-2"]
    state = make_round(rules_for("coppie", 4, pairs=True), hands, line="3-5")
    ended = play_and_end(match_of(state), "1-5")
    assert ended.result == RoundResult(Outcome.DOMINO, 0, 0, 0, (0, 16, 9, 2), (27, 0))
    assert ended.scores == (27, 0)


def test_coppie_pair_domino_by_the_second_pair() -> None:
    hands = ["2-2 6-6", "1-5", "0-1 4-4", "0-2"]
    state = make_round(rules_for("coppie", 4, pairs=True), hands, line="3-5", to_move=1)
    ended = play_and_end(match_of(state), "1-5")
    assert ended.result.winner == 1 and ended.result.points == (0, 27)


def test_coppie_alone_blocked_fewest_pips_wins_the_others_pips() -> None:
    hands = ["5-6 4-4", "1-1 0-0", "2-2"]
    state = make_round(rules_for("coppie", 3), hands, line="3-5", rest="aside")
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result == RoundResult(Outcome.BLOCKED, 1, None, 0, (8, 2, 4), (0, 12, 0))


@pytest.mark.parametrize(("leader", "winner"), [(0, 0), (1, 3), (2, 3), (3, 3)])
def test_coppie_alone_blocked_tie_goes_to_leader_or_nearest_after(leader: int, winner: int) -> None:
    # Seats 0 and 3 tie on 3 pips after the blocking play; seats 1 and 2 hold more.
    hands = ["5-6 1-2", "4-4", "0-5", "0-2 0-1"]
    state = make_round(
        rules_for("coppie", 4), hands, line="3-5", rest="aside", leader=leader, to_move=0
    )
    ended = play_and_end(match_of(state), "5-6")
    penalties = (3, 8, 5, 3)
    assert ended.result.penalties == penalties
    assert ended.result.winner == winner
    expected = [0, 0, 0, 0]
    expected[winner] = sum(penalties) - penalties[winner]
    assert ended.result.points == tuple(expected)


@pytest.mark.parametrize(("leader", "winner"), [(0, 0), (1, 1), (2, 0), (3, 1)])
def test_coppie_pairs_blocked_tie_goes_to_the_leaders_pair(leader: int, winner: int) -> None:
    hands = ["5-6 0-1", "1-4", "2-2", "0-0"]  # pair 0: 1 + 4, pair 1: 5 + 0
    state = make_round(
        rules_for("coppie", 4, pairs=True),
        hands,
        line="3-5",
        rest="aside",
        leader=leader,
        to_move=0,
    )
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result.penalties == (1, 5, 4, 0)
    assert ended.result.winner == winner
    assert ended.result.points == ((10, 0) if winner == 0 else (0, 10))


def test_coppie_pairs_blocked_fewest_summed_pips_wins() -> None:
    hands = ["5-6 0-1", "1-4", "2-2", "1-1"]  # pair 0: 5, pair 1: 7
    state = make_round(
        rules_for("coppie", 4, pairs=True), hands, line="3-5", rest="aside", leader=1, to_move=0
    )
    ended = play_and_end(match_of(state), "5-6")
    assert ended.result.winner == 0 and ended.result.points == (12, 0)
    assert ended.result.outcome is Outcome.BLOCKED


def test_round_ended_scores_accumulate_over_rounds() -> None:
    state = make_round(rules_for("classica"), ["1-5", "2-2 3-3"], line="3-5")
    match = match_of(state)
    match.scores = [50, 20]
    ended = play_and_end(match, "1-5")
    assert ended.scores == (60, 20) and match.scores == [60, 20]
    assert not match.is_over
