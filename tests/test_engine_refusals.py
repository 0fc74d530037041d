"""Every refusal reason, with the facts it carries, and refused actions change nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from engine_helpers import make_round, match_of, rules_for, t

from voicedomino.engine import (
    Action,
    Draw,
    IllegalAction,
    Match,
    Pass,
    Play,
    Reason,
    Refusal,
    Settings,
    Side,
)
from voicedomino.engine.save import dumps

Attempt = Callable[[Match], object]


def apply(action: Action, seat: int | None = None) -> Attempt:
    return lambda match: match.apply(action, seat)


def next_round() -> Attempt:
    return lambda match: match.next_round()


def classica(hands: list[str], target: int | None = None, **deal: object) -> Match:
    state = make_round(rules_for("classica"), hands, **deal)  # type: ignore[arg-type]
    return match_of(state, target=target)


def finished_round_match(target: int) -> Match:
    match = classica(["1-5", "2-2 3-3"], target=target, line="3-5")
    match.apply(Play(t("1-5")))
    assert match.round.is_over
    return match


def finished_match() -> Match:
    return finished_round_match(target=0)


def bonus_match() -> Match:
    match = classica(["5-5 5-1 2-2", "4-4 6-6"], line="3-5")
    match.apply(Play(t("5-5")))
    return match


def drew_match() -> Match:
    match = classica(["1-1 2-2", "4-4 6-6"], line="3-5", draws="0-6")
    match.apply(Draw())
    return match


CASES: list[tuple[str, Callable[[], Match], Attempt, Refusal]] = [
    (
        "not your turn",
        lambda: classica(["3-4 1-1", "5-6"], line="3-5"),
        apply(Play(t("5-6")), seat=1),
        Refusal(Reason.NOT_YOUR_TURN, seat=1, expected_seat=0),
    ),
    (
        "round over",
        lambda: finished_round_match(target=100),
        apply(Pass()),
        Refusal(Reason.ROUND_OVER),
    ),
    (
        "match over: apply",
        finished_match,
        apply(Pass(), seat=1),
        Refusal(Reason.MATCH_OVER, seat=1),
    ),
    ("match over: next round", finished_match, next_round(), Refusal(Reason.MATCH_OVER)),
    (
        "round not over",
        lambda: classica(["3-4 1-1", "5-6"], line="3-5", to_move=1),
        next_round(),
        Refusal(Reason.ROUND_NOT_OVER, expected_seat=1),
    ),
    (
        "tile not in hand",
        lambda: classica(["3-4 1-1", "5-6"], line="3-5"),
        apply(Play(t("5-6"))),
        Refusal(Reason.TILE_NOT_IN_HAND, seat=0, tile=t("5-6"), head=3, tail=5),
    ),
    (
        "must lead with",
        lambda: classica(["0-0 6-6", "5-6"], lead_tile="0-0"),
        apply(Play(t("6-6"))),
        Refusal(Reason.MUST_LEAD_WITH, seat=0, tile=t("0-0")),
    ),
    (
        "does not fit",
        lambda: classica(["3-4 1-1", "5-6"], line="3-5"),
        apply(Play(t("1-1"), Side.TAIL)),
        Refusal(Reason.DOES_NOT_FIT, seat=0, tile=t("1-1"), head=3, tail=5),
    ),
    (
        "does not fit that side",
        lambda: classica(["3-4 1-1", "5-6"], line="3-5"),
        apply(Play(t("3-4"), Side.TAIL)),
        Refusal(
            Reason.DOES_NOT_FIT_SIDE,
            seat=0,
            tile=t("3-4"),
            head=3,
            tail=5,
            sides=(Side.HEAD,),
            side=Side.TAIL,
        ),
    ),
    (
        "no such arm: sopra on a table without a spinner",
        lambda: classica(["3-4 1-1", "5-6"], line="3-5"),
        apply(Play(t("3-4"), Side.UP)),
        Refusal(
            Reason.NO_SUCH_SIDE,
            seat=0,
            tile=t("3-4"),
            head=3,
            tail=5,
            sides=(Side.HEAD,),
            side=Side.UP,
        ),
    ),
    (
        "side needed",
        lambda: classica(["3-1 1-1", "5-6"], line="3-5 5-1"),
        apply(Play(t("1-3"))),
        Refusal(
            Reason.SIDE_NEEDED, seat=0, tile=t("1-3"), head=3, tail=1, sides=(Side.HEAD, Side.TAIL)
        ),
    ),
    (
        "outer not possible",
        lambda: classica(["3-4 1-1", "5-6"], line="3-5"),
        apply(Play(t("3-4"), Side.HEAD, 3)),
        Refusal(Reason.OUTER_NOT_POSSIBLE, seat=0, tile=t("3-4"), head=3, tail=5, side=Side.HEAD),
    ),
    (
        "must play the bonus",
        bonus_match,
        apply(Draw()),
        Refusal(Reason.MUST_PLAY_BONUS, seat=0, head=3, tail=5, playable=t("1-5")),
    ),
    (
        "must play",
        lambda: classica(["1-1 3-4", "5-6"], line="3-5"),
        apply(Pass()),
        Refusal(Reason.MUST_PLAY, seat=0, head=3, tail=5, playable=t("3-4")),
    ),
    (
        "already drew",
        drew_match,
        apply(Draw(), seat=0),
        Refusal(Reason.ALREADY_DREW, seat=0, head=3, tail=5),
    ),
    (
        "boneyard empty",
        lambda: classica(["1-1 2-2", "5-6"], line="3-5", rest="aside"),
        apply(Draw()),
        Refusal(Reason.BONEYARD_EMPTY, seat=0, head=3, tail=5),
    ),
    (
        "no drawing",
        lambda: match_of(make_round(rules_for("blocco", 3), ["1-1", "5-6", "2-2"], line="3-5")),
        apply(Draw()),
        Refusal(Reason.NO_DRAWING, seat=0, head=3, tail=5),
    ),
    (
        "must draw",
        lambda: match_of(make_round(rules_for("capra", 3), ["1-1", "5-6", "2-2"], line="3-5")),
        apply(Pass()),
        Refusal(Reason.MUST_DRAW, seat=0, head=3, tail=5),
    ),
]


@pytest.mark.parametrize(
    ("make", "attempt", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_refusal_carries_its_facts_and_changes_nothing(
    make: Callable[[], Match], attempt: Attempt, expected: Refusal
) -> None:
    match = make()
    before = dumps(match)
    with pytest.raises(IllegalAction) as refused:
        attempt(match)
    assert refused.value.refusal == expected
    assert refused.value.reason is expected.reason
    assert dumps(match) == before


def test_every_reason_has_a_case() -> None:
    assert {case[3].reason for case in CASES} == set(Reason)


def test_illegal_action_is_a_clear_exception() -> None:
    error = IllegalAction(Refusal(Reason.MUST_DRAW, seat=0, head=1, tail=2))
    assert "must_draw" in str(error)
    assert isinstance(error, Exception)


def test_wrong_seat_is_checked_before_the_action_itself() -> None:
    match = Match(Settings(variant="pesca", seats=3), seed=1)
    wrong = (match.to_move + 1) % 3
    with pytest.raises(IllegalAction) as refused:
        match.apply(Play(t("0-0")), seat=wrong)
    assert refused.value.reason is Reason.NOT_YOUR_TURN
    assert refused.value.refusal.expected_seat == match.to_move
    action = match.legal_actions()[0]
    match.apply(action, seat=match.to_move)  # the right seat named explicitly is fine
