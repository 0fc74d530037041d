"""Turns: placing tiles, the double bonus, drawing and passing, per variant (RULES.md)."""

from __future__ import annotations

import pytest
from engine_helpers import (
    DRAWING_VARIANTS,
    UNTIL_PLAYABLE_VARIANTS,
    VARIANT_NAMES,
    make_round,
    rules_for,
    t,
    ts,
)

from voicedomino.engine import (
    BonusTurn,
    Draw,
    IllegalAction,
    Outcome,
    Pass,
    Passed,
    Play,
    Reason,
    Side,
    TilePlayed,
    TilesDrawn,
    TurnStarted,
)
from voicedomino.engine.round import Round


def refusal_reason(state: Round, action: Play | Draw | Pass) -> Reason:
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    return refused.value.reason


# --- placing a tile ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_matching_half_joins_and_other_number_becomes_the_end(variant: str) -> None:
    rules = rules_for(variant, wildcard=False)
    state = make_round(rules, ["1-2 6-6", "3-6 2-4"], line="3-5 5-1", to_move=1)
    events = state.apply(Play(t("3-6")))
    assert state.line == [(6, 3), (3, 5), (5, 1)]
    assert events[0] == TilePlayed(1, t("3-6"), Side.HEAD, 6, 1, False)
    assert (state.head, state.tail) == (6, 1)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_tile_fitting_both_equal_ends_goes_to_the_tail(variant: str) -> None:
    rules = rules_for(variant, wildcard=False)
    state = make_round(rules, ["4-2 6-6", "1-1"], line="4-5 5-6 6-4")
    events = state.apply(Play(t("2-4")))
    assert state.line == [(4, 5), (5, 6), (6, 4), (4, 2)]
    played = events[0]
    assert isinstance(played, TilePlayed) and played.side is Side.TAIL
    assert (played.head, played.tail) == (4, 2)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_tile_fitting_both_equal_ends_may_go_to_the_head_when_said(variant: str) -> None:
    rules = rules_for(variant, wildcard=False)
    state = make_round(rules, ["4-2 6-6", "1-1"], line="4-5 5-6 6-4")
    state.apply(Play(t("2-4"), Side.HEAD))
    assert state.line == [(2, 4), (4, 5), (5, 6), (6, 4)]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_tile_fitting_both_different_ends_needs_a_side(variant: str) -> None:
    rules = rules_for(variant, wildcard=False)
    state = make_round(rules, ["3-1 6-6", "2-2"], line="3-5 5-1")
    with pytest.raises(IllegalAction) as refused:
        state.apply(Play(t("1-3")))
    refusal = refused.value.refusal
    assert (refusal.reason, refusal.tile, refusal.head, refusal.tail) == (
        Reason.SIDE_NEEDED,
        t("1-3"),
        3,
        1,
    )
    state.apply(Play(t("1-3"), Side.HEAD))
    assert state.line[0] == (1, 3)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_tile_fitting_one_end_needs_no_side(variant: str) -> None:
    rules = rules_for(variant, wildcard=False)
    state = make_round(rules, ["1-6 2-2", "2-3"], line="3-5 5-1")
    state.apply(Play(t("6-1")))
    assert state.line[-1] == (1, 6)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_legal_plays_list_every_fitting_tile_with_side_and_outer(variant: str) -> None:
    rules = rules_for(variant, wildcard=False)
    state = make_round(rules, ["1-3 1-6 2-2", "2-3"], line="3-5 5-1")
    assert state.legal_actions() == [
        Play(t("1-3"), Side.HEAD, 1),
        Play(t("1-3"), Side.TAIL, 3),
        Play(t("1-6"), Side.TAIL, 6),
    ]


# --- the wildcard -----------------------------------------------------------------------------


def wild_round(variant: str, hands: list[str], line: str, **options: bool) -> Round:
    return make_round(rules_for(variant, **options), hands, line=line)


@pytest.mark.parametrize(
    ("variant", "options"),
    [("jolly", {}), ("pesca", {"wildcard": True}), ("classica", {"wildcard": True})],
)
def test_blank_half_matches_any_end(variant: str, options: dict[str, bool]) -> None:
    state = wild_round(variant, ["0-4 6-6", "1-1"], "3-5 5-2", **options)
    assert {(a.side, a.outer) for a in state.legal_actions() if isinstance(a, Play)} >= {
        (Side.HEAD, 4),
        (Side.TAIL, 4),
    }
    state.apply(Play(t("0-4"), Side.TAIL))
    assert state.line[-1] == (0, 4) and state.tail == 4


@pytest.mark.parametrize(
    ("variant", "options"),
    [("jolly", {}), ("blocco", {"wildcard": True}), ("coppie", {"wildcard": True})],
)
def test_blank_end_accepts_any_tile_with_either_half_outside(
    variant: str, options: dict[str, bool]
) -> None:
    state = wild_round(variant, ["3-6 1-1", "2-2"], "2-5 5-0", **options)
    plays = [a for a in state.legal_actions() if isinstance(a, Play) and a.tile == t("3-6")]
    assert set(plays) == {Play(t("3-6"), Side.TAIL, 3), Play(t("3-6"), Side.TAIL, 6)}
    state.apply(Play(t("3-6"), Side.TAIL, 3))
    assert state.line[-1] == (6, 3) and state.tail == 3


@pytest.mark.parametrize(("variant", "options"), [("jolly", {}), ("capra", {"wildcard": True})])
def test_wildcard_default_outer_prefers_the_exact_match(
    variant: str, options: dict[str, bool]
) -> None:
    # 0-3 at tail 3: exact match joins the 3 and leaves the blank; the other way leaves 3.
    state = wild_round(variant, ["0-3 6-6", "1-1"], "5-5 5-3", **options)
    state.apply(Play(t("0-3"), Side.TAIL))
    assert state.line[-1] == (3, 0)


@pytest.mark.parametrize(("variant", "options"), [("jolly", {}), ("pesca", {"wildcard": True})])
def test_wildcard_outer_choice_and_impossible_outer(variant: str, options: dict[str, bool]) -> None:
    state = wild_round(variant, ["0-3 6-6", "1-1"], "5-5 5-3", **options)
    with pytest.raises(IllegalAction) as refused:
        state.apply(Play(t("0-3"), Side.HEAD, 0))  # head 5: only the blank can join
    refusal = refused.value.refusal
    assert (refusal.reason, refusal.tile, refusal.head, refusal.tail) == (
        Reason.OUTER_NOT_POSSIBLE,
        t("0-3"),
        5,
        3,
    )
    state.apply(Play(t("0-3"), Side.TAIL, 3))
    assert state.line[-1] == (0, 3)


@pytest.mark.parametrize("variant", ["classica", "pesca", "coppie"])
def test_without_wildcard_blanks_are_ordinary(variant: str) -> None:
    state = wild_round(variant, ["0-4 6-6", "1-1"], "3-5 5-0", wildcard=False)
    assert [a for a in state.legal_actions() if isinstance(a, Play)] == [
        Play(t("0-4"), Side.TAIL, 4)
    ]
    assert refusal_reason(state, Play(t("6-6"))) is Reason.DOES_NOT_FIT


def test_jolly_has_the_wildcard_by_default_others_do_not() -> None:
    assert rules_for("jolly").wildcard
    for variant in ("classica", "blocco", "pesca", "capra", "coppie"):
        assert not rules_for(variant).wildcard
        assert rules_for(variant, wildcard=True).wildcard
    assert not rules_for("jolly", wildcard=False).wildcard


# --- the double bonus (classica) ---------------------------------------------------------------


def test_classica_double_earns_a_compulsory_bonus_turn() -> None:
    state = make_round(rules_for("classica"), ["5-5 5-1 2-3", "4-4"], line="3-5")
    events = state.apply(Play(t("5-5")))
    assert events == [TilePlayed(0, t("5-5"), Side.TAIL, 3, 5, False), BonusTurn(0)]
    assert state.to_move == 0 and state.bonus_turn
    with pytest.raises(IllegalAction) as refused:
        state.apply(Pass())
    assert refused.value.reason is Reason.MUST_PLAY_BONUS
    assert refused.value.refusal.playable in ts("5-1 2-3")
    with pytest.raises(IllegalAction) as refused:
        state.apply(Draw())
    assert refused.value.reason is Reason.MUST_PLAY_BONUS
    events = state.apply(Play(t("5-1")))
    assert events[-1] == TurnStarted(1)
    assert not state.bonus_turn


def test_classica_lead_double_earns_the_bonus_too() -> None:
    state = make_round(rules_for("classica"), ["0-0 0-5 2-3", "4-4"], lead_tile="0-0")
    events = state.apply(Play(t("0-0")))
    assert events[-1] == BonusTurn(0) and state.to_move == 0


def test_classica_bonus_without_playable_draws_once_then_plays_the_fitting_tile() -> None:
    state = make_round(rules_for("classica"), ["5-5 2-3", "4-4"], line="3-5", draws="5-6 1-1")
    state.apply(Play(t("5-5"), Side.TAIL))  # ends 3 and 5; 2-3 fits the head
    assert state.legal_actions() == [Play(t("2-3"), Side.HEAD, 2)]
    state2 = make_round(rules_for("classica"), ["5-5 2-2", "4-4"], line="3-5", draws="5-6 1-1")
    state2.apply(Play(t("5-5")))
    assert state2.legal_actions() == [Draw()]
    events = state2.apply(Draw())
    assert events == [TilesDrawn(0, 1, (t("5-6"),), 3, 5, len(state2.boneyard))]
    assert refusal_reason(state2, Pass()) is Reason.MUST_PLAY_BONUS
    state2.apply(Play(t("5-6")))
    assert state2.to_move == 1


def test_classica_bonus_draw_that_does_not_fit_ends_in_a_pass() -> None:
    state = make_round(rules_for("classica"), ["5-5 2-2", "4-4"], line="3-5", draws="1-1 5-6")
    state.apply(Play(t("5-5")))
    state.apply(Draw())
    assert t("1-1") in state.hands[0]
    assert refusal_reason(state, Draw()) is Reason.ALREADY_DREW
    assert state.legal_actions() == [Pass()]
    events = state.apply(Pass())
    assert events == [Passed(0, 3, 5), TurnStarted(1)]


def test_classica_bonus_with_empty_boneyard_and_nothing_playable_passes() -> None:
    state = make_round(rules_for("classica"), ["5-5 2-2", "3-4"], line="3-5", rest="aside")
    state.apply(Play(t("5-5")))
    assert state.legal_actions() == [Pass()]
    assert refusal_reason(state, Draw()) is Reason.BONEYARD_EMPTY
    state.apply(Pass())
    assert state.to_move == 1


def test_classica_double_played_as_bonus_earns_another() -> None:
    state = make_round(rules_for("classica"), ["5-5 5-3 3-3 1-2", "4-4"], line="1-5")
    assert state.apply(Play(t("5-5")))[-1] == BonusTurn(0)
    assert state.apply(Play(t("5-3")))[-1] == TurnStarted(1)
    state = make_round(rules_for("classica"), ["5-5 3-3 1-2", "4-4 4-6"], line="3-5")
    state.apply(Play(t("5-5")))
    events = state.apply(Play(t("3-3")))
    assert events == [TilePlayed(0, t("3-3"), Side.HEAD, 3, 5, False), BonusTurn(0)]
    assert state.to_move == 0 and state.bonus_turn


def test_classica_going_out_on_a_double_ends_the_round() -> None:
    state = make_round(rules_for("classica"), ["5-5", "4-4 1-2"], line="3-5")
    events = state.apply(Play(t("5-5")))
    assert not any(isinstance(e, BonusTurn | TurnStarted) for e in events)
    assert state.result is not None and state.result.outcome is Outcome.DOMINO
    assert state.result.out_seat == 0


@pytest.mark.parametrize("variant", ["blocco", "pesca", "jolly", "capra", "coppie"])
def test_no_double_bonus_outside_classica(variant: str) -> None:
    state = make_round(rules_for(variant), ["5-5 5-1", "4-4 1-6"], line="3-5")
    events = state.apply(Play(t("5-5")))
    assert events[-1] == TurnStarted(1) and not state.bonus_turn


# --- drawing ------------------------------------------------------------------------------------


def test_classica_draws_one_tile_once_per_turn_then_passes() -> None:
    state = make_round(rules_for("classica"), ["1-1 2-2", "4-4"], line="3-5", draws="6-6 5-1")
    events = state.apply(Draw())
    assert events == [TilesDrawn(0, 1, (t("6-6"),), 3, 5, len(state.boneyard))]
    assert state.to_move == 0 and state.drew_this_turn
    with pytest.raises(IllegalAction) as refused:
        state.apply(Draw())
    refusal = refused.value.refusal
    assert (refusal.reason, refusal.head, refusal.tail, refusal.seat) == (
        Reason.ALREADY_DREW,
        3,
        5,
        0,
    )
    assert state.legal_actions() == [Pass()]
    assert state.apply(Pass()) == [Passed(0, 3, 5), TurnStarted(1)]
    assert not state.drew_this_turn


def test_classica_drawn_tile_that_fits_must_be_played() -> None:
    state = make_round(rules_for("classica"), ["1-1 2-2", "4-4"], line="3-5", draws="5-6 6-6")
    state.apply(Draw())
    assert state.legal_actions() == [Play(t("5-6"), Side.TAIL, 6)]
    assert refusal_reason(state, Pass()) is Reason.MUST_PLAY


@pytest.mark.parametrize("variant", UNTIL_PLAYABLE_VARIANTS)
def test_draw_until_a_playable_tile_comes(variant: str) -> None:
    rules = rules_for(variant, wildcard=False)
    state = make_round(rules, ["1-1 2-2", "4-4"], line="3-5", draws="6-6 1-2 4-5 0-0")
    before = len(state.boneyard)
    events = state.apply(Draw())
    assert events == [TilesDrawn(0, 3, tuple(ts("6-6 1-2 4-5")), 3, 5, before - 3)]
    assert state.to_move == 0
    assert state.legal_actions() == [Play(t("4-5"), Side.TAIL, 4)]
    assert refusal_reason(state, Pass()) is Reason.MUST_PLAY
    assert refusal_reason(state, Draw()) is Reason.MUST_PLAY


@pytest.mark.parametrize("variant", UNTIL_PLAYABLE_VARIANTS)
def test_draw_until_the_boneyard_is_empty_then_pass(variant: str) -> None:
    rules = rules_for(variant, wildcard=False)
    state = make_round(rules, ["1-1 2-2", "4-5"], line="3-5", draws="6-6 1-2", rest="aside")
    events = state.apply(Draw())
    assert events == [TilesDrawn(0, 2, tuple(ts("6-6 1-2")), 3, 5, 0)]
    assert state.legal_actions() == [Pass()]
    assert refusal_reason(state, Draw()) is Reason.BONEYARD_EMPTY
    assert state.apply(Pass()) == [Passed(0, 3, 5), TurnStarted(1)]


@pytest.mark.parametrize("variant", UNTIL_PLAYABLE_VARIANTS)
def test_draw_stops_at_a_wildcard_tile_when_the_wildcard_is_on(variant: str) -> None:
    rules = rules_for(variant, wildcard=True)
    state = make_round(rules, ["1-1 2-2", "4-4"], line="3-5", draws="6-6 0-1 4-5")
    events = state.apply(Draw())
    assert events[0] == TilesDrawn(0, 2, tuple(ts("6-6 0-1")), 3, 5, len(state.boneyard))


def test_blocco_has_no_drawing_and_passes() -> None:
    for seats in (2, 3, 4):
        rules = rules_for("blocco", seats)
        hands = ["1-1 2-2", "4-5", "6-6", "0-6"][:seats]
        state = make_round(rules, hands, line="3-5")
        assert state.boneyard == [] and len(state.set_aside) > 0
        assert state.legal_actions() == [Pass()]
        with pytest.raises(IllegalAction) as refused:
            state.apply(Draw())
        assert refused.value.reason is Reason.NO_DRAWING
        assert refused.value.refusal.head == 3 and refused.value.refusal.tail == 5
        assert state.apply(Pass()) == [Passed(0, 3, 5), TurnStarted(1)]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_player_with_a_playable_tile_may_not_draw_or_pass(variant: str) -> None:
    state = make_round(rules_for(variant), ["1-1 5-2", "4-4"], line="3-5")
    for action in (Draw(), Pass()):
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert refused.value.reason is Reason.MUST_PLAY
        assert refused.value.refusal.playable == t("2-5")


@pytest.mark.parametrize("variant", DRAWING_VARIANTS)
def test_no_pass_while_the_boneyard_can_be_drawn(variant: str) -> None:
    state = make_round(rules_for(variant), ["1-1 2-2", "4-4"], line="3-5")
    assert state.legal_actions() == [Draw()]
    with pytest.raises(IllegalAction) as refused:
        state.apply(Pass())
    refusal = refused.value.refusal
    assert (refusal.reason, refusal.head, refusal.tail) == (Reason.MUST_DRAW, 3, 5)


@pytest.mark.parametrize(("variant", "seats"), [("pesca", 3), ("capra", 4), ("coppie", 4)])
def test_turns_go_round_the_table_in_seat_order(variant: str, seats: int) -> None:
    hands = ["5-1 6-6", "1-2 6-5", "2-3 6-4", "3-4 6-3"][:seats]
    state = make_round(rules_for(variant, seats), hands, line="5-5", rest="aside")
    order = []
    for _ in range(seats):
        order.append(state.to_move)
        state.apply(state.legal_actions()[-1])
    assert order == list(range(seats))
    assert state.to_move == 0
