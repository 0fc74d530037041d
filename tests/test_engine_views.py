"""Seat views: a seat sees its own hand and what is public, never another seat's hidden tiles."""

from __future__ import annotations

import dataclasses
import random

import pytest
from engine_helpers import TABLE_IDS, TABLES, make_round, match_of, new_match, rules_for, t, ts

from voicedomino.engine import (
    ALL_TILES,
    Draw,
    Match,
    Play,
    SeatView,
    Tile,
    TilesDrawn,
)

GAMES_PER_TABLE = 12


def tiles_in(value: object) -> set[Tile]:
    """Every Tile reachable from a view's fields (the rules object holds only settings)."""
    if isinstance(value, Tile):
        return {value}
    if isinstance(value, tuple | list):
        return set().union(*(tiles_in(item) for item in value)) if value else set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(
            *(tiles_in(getattr(value, field.name)) for field in dataclasses.fields(value))
        )
    return set()


def public_tiles(match: Match, seat: int) -> set[Tile]:
    """What *seat* may know by tile: its hand, the line, and a lead tile the rules announce."""
    state = match.round
    known = set(state.hands[seat]) | set(state.line_tiles())
    if state.lead_tile is not None:
        known.add(state.lead_tile)
    return known


def swapped_copy(match: Match, seat: int, rng: random.Random) -> tuple[Match, int] | None:
    """A copy where one tile hidden from *seat* trades places with another hidden tile.

    Returns the copy and the opponent whose hand changed, or None when nothing can be swapped.
    """
    copy = match.copy()
    state = copy.round
    unannounced = state.lead_tile if not state.line else None
    owners = [
        other
        for other in range(state.rules.seats)
        if other != seat and any(tile != unannounced for tile in state.hands[other])
    ]
    if not owners:
        return None
    owner = rng.choice(owners)
    mine = rng.choice([tile for tile in state.hands[owner] if tile != unannounced])
    pools: list[list[Tile]] = [state.boneyard, state.set_aside]
    pools += [
        state.hands[other]
        for other in range(state.rules.seats)
        if other not in (seat, owner) and any(tile != unannounced for tile in state.hands[other])
    ]
    pools = [pool for pool in pools if any(tile != unannounced for tile in pool)]
    if not pools:
        return None
    pool = rng.choice(pools)
    index = rng.choice([i for i, tile in enumerate(pool) if tile != unannounced])
    theirs = pool[index]
    pool[index] = mine
    hand = state.hands[owner]
    hand[hand.index(mine)] = theirs
    hand.sort()
    for other_hand in state.hands:
        other_hand.sort()
    return copy, owner


def check_view_hides(match: Match, rng: random.Random) -> None:
    state = match.round
    seat = rng.randrange(state.rules.seats)
    view = match.view(seat)
    assert view.hand == tuple(state.hands[seat])
    assert view.hand_counts == tuple(len(hand) for hand in state.hands)
    assert view.line == tuple(state.line)
    assert (view.head, view.tail) == (state.head, state.tail)
    assert view.boneyard_count == len(state.boneyard)
    assert view.scores == tuple(match.scores) and view.to_move == state.to_move
    assert view.unseen_tiles() == [
        tile for tile in ALL_TILES if tile not in set(state.hands[seat]) | set(state.line_tiles())
    ]
    for event in view.history:
        if isinstance(event, TilesDrawn) and event.seat != seat:
            assert event.tiles == () and event.count >= 1
    if state.is_over:
        assert view.revealed_hands == tuple(tuple(hand) for hand in state.hands)
        assert view.round_result == state.result
        return
    assert view.revealed_hands is None and view.round_result is None
    assert tiles_in(view) <= public_tiles(match, seat)
    others = set(ALL_TILES) - public_tiles(match, seat)
    text = repr(view)
    assert not any(repr(tile) in text for tile in others)
    swapped = swapped_copy(match, seat, rng)
    if swapped is not None:
        copy, owner = swapped
        assert copy.view(seat) == view, "a view changed when only hidden tiles changed"
        if owner != seat:
            assert copy.view(owner) != match.view(owner), "the swap did change a hidden hand"


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_views_never_expose_hidden_tiles(variant: str, seats: int, pairs: bool) -> None:
    for seed in range(GAMES_PER_TABLE):
        rng = random.Random(seed)
        match = new_match(variant, seats, pairs, seed, target=0)
        check_view_hides(match, rng)
        while not match.round.is_over:
            match.apply(rng.choice(match.legal_actions()))
            check_view_hides(match, rng)


def test_others_draws_are_masked_and_own_draws_are_not() -> None:
    state = make_round(rules_for("pesca"), ["1-1 2-2", "4-4 1-6"], line="3-5", draws="6-6 5-2")
    match = match_of(state)
    match.apply(Draw())
    mine, theirs = match.view(0), match.view(1)
    drawn_mine = [e for e in mine.history if isinstance(e, TilesDrawn)]
    drawn_theirs = [e for e in theirs.history if isinstance(e, TilesDrawn)]
    assert drawn_mine[0].tiles == tuple(ts("6-6 2-5")) and drawn_mine[0].count == 2
    assert drawn_theirs[0].tiles == () and drawn_theirs[0].count == 2
    assert (drawn_theirs[0].head, drawn_theirs[0].tail) == (3, 5)
    assert drawn_theirs[0].boneyard_left == len(state.boneyard)


def test_partner_hand_is_hidden_in_pairs() -> None:
    match = Match(rules_for("coppie", 4, pairs=True).settings, seed=5)
    view = match.view(0)
    partner = match.round.hands[2]
    assert not set(partner) & tiles_in(view) - {match.round.lead_tile}
    assert view.team == 0 and view.hand_counts == (7, 7, 7, 7)


def test_revealed_hands_at_the_end_of_the_round() -> None:
    match = match_of(make_round(rules_for("classica"), ["1-5", "2-2 3-3"], line="3-5"))
    assert match.view(1).revealed_hands is None
    match.apply(Play(t("1-5")))
    view = match.view(1)
    assert view.revealed_hands == ((), (t("2-2"), t("3-3")))
    assert view.round_result is not None and view.round_result.points == (10, 0)
    assert not view.is_my_turn and view.legal_actions() == []


def test_view_is_a_frozen_snapshot() -> None:
    match = Match(seed=1)
    view = match.view(0)
    assert isinstance(view, SeatView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    match.apply(match.legal_actions()[0])
    assert view.line == ()
