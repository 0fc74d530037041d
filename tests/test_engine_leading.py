"""Who leads a round and with which tile, per variant (RULES.md, each variant's lead rule)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import make_round, match_of, rules_for, t, ts

from voicedomino.engine import (
    ALL_TILES,
    IllegalAction,
    Match,
    Play,
    Reason,
    RoundStarted,
    Settings,
    Tile,
    TilePlayed,
)
from voicedomino.engine.round import Round
from voicedomino.engine.rules import Lead


def hands(*texts: str) -> list[list[Tile]]:
    return [ts(text) for text in texts]


# --- the blank double first: classica and capra -----------------------------------------------


@pytest.mark.parametrize(("variant", "seats"), [("classica", 2), ("capra", 2), ("capra", 3)])
def test_blank_double_leads_before_higher_doubles(variant: str, seats: int) -> None:
    rules = rules_for(variant, seats)
    deal = hands("6-6 5-5 1-2", "0-0 3-4 2-5", "1-1 4-4")[:seats]
    assert rules.find_lead(deal, None) == Lead(1, t("0-0"))


def test_capra_with_four_players_always_leads_with_blank_double() -> None:
    rules = rules_for("capra", 4)
    for seed in range(50):
        state = Round.deal(rules, random.Random(seed))
        assert state.boneyard == [] and state.set_aside == []
        assert state.lead_tile == t("0-0")
        assert t("0-0") in state.hands[state.leader]


@pytest.mark.parametrize(
    ("variant", "seats"),
    [("classica", 2), ("capra", 2), ("capra", 4), ("blocco", 3), ("pesca", 2), ("coppie", 3)],
)
def test_highest_double_leads_when_no_blank_double_applies(variant: str, seats: int) -> None:
    rules = rules_for(variant, seats)
    deal = hands("1-1 2-6", "4-4 5-6", "2-2 3-3", "0-1 0-2")[:seats]
    assert rules.find_lead(deal, None) == Lead(1, t("4-4"))


@pytest.mark.parametrize("variant", ["blocco", "pesca", "coppie"])
def test_blank_double_is_no_priority_outside_classica_and_capra(variant: str) -> None:
    rules = rules_for(variant, 2)
    deal = hands("0-0 5-6", "3-3 1-2")
    assert rules.find_lead(deal, None) == Lead(1, t("3-3"))


@pytest.mark.parametrize(("variant", "seats"), [("classica", 2), ("capra", 3), ("coppie", 2)])
def test_no_double_the_tile_with_most_pips_leads(variant: str, seats: int) -> None:
    rules = rules_for(variant, seats)
    deal = hands("1-2 0-3", "4-6 1-3", "2-5 0-6")[:seats]
    assert rules.find_lead(deal, None) == Lead(1, t("4-6"))


def test_most_pips_tie_goes_to_the_tile_with_the_larger_half() -> None:
    # RULES.md leaves ties open; the engine settles on the larger half: 3-6 before 4-5.
    rules = rules_for("classica")
    assert rules.find_lead(hands("4-5 0-1", "3-6 0-2"), None) == Lead(1, t("3-6"))
    assert rules.find_lead(hands("3-6 0-1", "4-5 0-2"), None) == Lead(0, t("3-6"))


@pytest.mark.parametrize("variant", ["blocco", "pesca"])
def test_no_double_asks_for_a_new_deal(variant: str) -> None:
    rules = rules_for(variant, 3)
    assert rules.find_lead(hands("1-2 0-3", "4-6 1-3", "2-5 0-6"), None) is None


def first_deal_without_double(seats: int, size: int) -> int:
    """A seed whose first shuffle deals no double to anyone."""
    for seed in range(10_000):
        tiles = list(ALL_TILES)
        random.Random(seed).shuffle(tiles)
        if not any(tile.is_double for tile in tiles[: seats * size]):
            return seed
    raise AssertionError("no such seed found")


# With four hands of five, a deal without doubles is too rare to find: smaller hands there.
@pytest.mark.parametrize(
    ("variant", "seats", "size"), [("blocco", 2, 7), ("blocco", 4, 3), ("pesca", 3, 5)]
)
def test_deal_without_double_is_dealt_again(variant: str, seats: int, size: int) -> None:
    rules = rules_for(variant, seats, hand_size=size)
    seed = first_deal_without_double(seats, rules.hand_size)
    first = list(ALL_TILES)
    random.Random(seed).shuffle(first)
    state = Round.deal(rules, random.Random(seed))
    started = state.history[0]
    assert isinstance(started, RoundStarted)
    assert started.redeals >= 1
    assert state.lead_tile is not None and state.lead_tile.is_double
    highest = max(tile for hand in state.hands for tile in hand if tile.is_double)
    assert state.lead_tile == highest and highest in state.hands[state.leader]
    assert state.hands != [
        sorted(first[s * rules.hand_size : (s + 1) * rules.hand_size]) for s in range(seats)
    ]


@pytest.mark.parametrize("variant", ["classica", "capra", "coppie"])
def test_same_deal_without_double_is_not_dealt_again_where_heaviest_leads(variant: str) -> None:
    rules = rules_for(variant, 2)
    seed = first_deal_without_double(2, 7)
    state = Round.deal(rules, random.Random(seed))
    started = state.history[0]
    assert isinstance(started, RoundStarted) and started.redeals == 0
    heaviest = max((tile for hand in state.hands for tile in hand), key=lambda x: x.pips)
    assert state.lead_tile is not None and state.lead_tile.pips == heaviest.pips


def test_jolly_seat_zero_leads_round_one_with_any_tile_then_seats_alternate() -> None:
    rules = rules_for("jolly")
    deal = hands("0-0 6-6", "5-5 1-2")
    assert rules.find_lead(deal, None) == Lead(0, None)
    assert rules.find_lead(deal, 0) == Lead(1, None)
    assert rules.find_lead(deal, 1) == Lead(0, None)
    match = Match(Settings(variant="jolly", target=500), seed=3)
    leaders = []
    for _ in range(4):
        leaders.append(match.round.leader)
        assert match.round.lead_tile is None
        while not match.round.is_over:
            match.apply(match.legal_actions()[0])
        if match.is_over:
            break
        match.next_round()
    assert leaders[:3] == [0, 1, 0]


def test_coppie_four_players_round_one_always_leads_with_double_six() -> None:
    for pairs in (False, True):
        rules = rules_for("coppie", 4, pairs=pairs)
        for seed in range(50):
            state = Round.deal(rules, random.Random(seed))
            assert state.lead_tile == t("6-6")
            assert t("6-6") in state.hands[state.leader]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_coppie_later_rounds_next_seat_after_last_leader_leads_with_any_tile(seats: int) -> None:
    rules = rules_for("coppie", seats)
    deal = [ts("6-6")] + [ts(f"{s}-{s}") for s in range(1, seats)]
    for previous in range(seats):
        assert rules.find_lead(deal, previous) == Lead((previous + 1) % seats, None)


@pytest.mark.parametrize(("variant", "seats"), [("classica", 2), ("capra", 3), ("blocco", 4)])
def test_later_rounds_use_the_first_round_rule(variant: str, seats: int) -> None:
    rules = rules_for(variant, seats)
    deal = hands("6-6 1-2", "3-3 0-4", "2-2", "1-1")[:seats]
    assert rules.find_lead(deal, 1) == rules.find_lead(deal, None)


@pytest.mark.parametrize(
    ("variant", "seats", "pairs"),
    [("classica", 2, False), ("blocco", 3, False), ("capra", 4, False), ("coppie", 4, True)],
)
def test_deal_follows_find_lead_and_deals_hands_by_variant(
    variant: str, seats: int, pairs: bool
) -> None:
    rules = rules_for(variant, seats, pairs=pairs)
    for seed in range(30):
        state = Round.deal(rules, random.Random(seed))
        lead = rules.find_lead(state.hands, None)
        assert lead == Lead(state.leader, state.lead_tile)
        assert all(len(hand) == rules.hand_size for hand in state.hands)
        undealt = 28 - seats * rules.hand_size
        if rules.boneyard_drawable:
            assert (len(state.boneyard), len(state.set_aside)) == (undealt, 0)
        else:
            assert (len(state.boneyard), len(state.set_aside)) == (0, undealt)


def test_blocco_hand_sizes_and_setting() -> None:
    assert [rules_for("blocco", n).hand_size for n in (2, 3, 4)] == [7, 5, 5]
    assert [rules_for("pesca", n).hand_size for n in (2, 3, 4)] == [7, 5, 5]
    assert rules_for("blocco", 4, hand_size=6).hand_size == 6
    assert [rules_for("coppie", n).hand_size for n in (2, 3, 4)] == [7, 7, 7]
    assert [rules_for("capra", n).hand_size for n in (2, 3, 4)] == [7, 7, 7]


# --- playing the lead -------------------------------------------------------------------------


def test_leader_must_open_with_the_lead_tile() -> None:
    state = make_round(rules_for("classica"), ["0-0 5-6", "1-2 3-4"], lead_tile="0-0")
    with pytest.raises(IllegalAction) as refused:
        state.apply(Play(t("5-6")))
    assert refused.value.reason is Reason.MUST_LEAD_WITH
    assert refused.value.refusal.tile == t("0-0")
    events = state.apply(Play(t("0-0")))
    assert isinstance(events[0], TilePlayed) and events[0].lead
    assert state.line == [(0, 0)]


@pytest.mark.parametrize("variant", ["jolly", "coppie"])
def test_lead_with_any_tile_needs_no_end_to_match(variant: str) -> None:
    state = make_round(rules_for(variant), ["2-5 1-1", "3-4 6-6"], lead_tile=None)
    assert {a.tile for a in state.legal_actions() if isinstance(a, Play)} == set(ts("1-1 2-5"))
    events = state.apply(Play(t("2-5")))
    played = events[0]
    assert isinstance(played, TilePlayed) and played.lead
    assert (played.head, played.tail) == (2, 5)


def test_match_round_one_lead_is_announced_in_opening_events() -> None:
    match = match_of(
        make_round(rules_for("classica"), ["1-1 0-6", "0-0 2-3"], leader=1, lead_tile="0-0")
    )
    opening = match.opening_events()
    assert opening[0] == RoundStarted(1, 1, t("0-0"), 0)
    assert match.to_move == 1
