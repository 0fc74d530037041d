"""The table options of RULES.md: the spinner's four arms, the double-nine set, the opening
rules, and saves written before they existed (version 1) loading and playing on unchanged."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import make_round, match_of, rules_for, t, ts

from voicedomino.engine import (
    Draw,
    IllegalAction,
    Match,
    Opening,
    Outcome,
    Pass,
    Passed,
    Play,
    Reason,
    RoundResult,
    SaveError,
    Settings,
    Side,
    TilePlayed,
    make_rules,
    tile_set,
)
from voicedomino.engine.save import VERSION, dumps, from_document, loads

SAVES = Path(__file__).parent / "data" / "saves"


def spinner_match(hands: list[str], line: str = "", **deal: Any) -> Match:
    rules = rules_for(deal.pop("variant", "blocco"), len(hands), spinner=True)
    return match_of(make_round(rules, hands, line=line, **deal))


# --- the spinner ---------------------------------------------------------------------------


def test_a_lead_double_opens_four_arms_showing_its_number() -> None:
    match = spinner_match(["5-5 5-1 2-3", "5-6 4-4"], lead_tile="5-5")
    events = match.apply(Play(t("5-5")))
    assert events[0] == TilePlayed(0, t("5-5"), Side.TAIL, 5, 5, True, 5, 5)
    layout = match.view(1).layout
    assert layout.ends() == ((Side.HEAD, 5), (Side.TAIL, 5), (Side.UP, 5), (Side.DOWN, 5))
    assert layout.spinner == t("5-5")


def test_without_the_option_a_lead_double_is_a_line_as_ever() -> None:
    rules = rules_for("blocco", 2)
    match = match_of(make_round(rules, ["5-5 5-1 2-3", "5-6 4-4"], lead_tile="5-5"))
    events = match.apply(Play(t("5-5")))
    assert events[0] == TilePlayed(0, t("5-5"), Side.TAIL, 5, 5, True)
    assert match.view(1).layout.sides() == (Side.HEAD, Side.TAIL)
    with pytest.raises(IllegalAction) as refused:
        match.apply(Play(t("5-6"), Side.UP))
    assert refused.value.reason is Reason.NO_SUCH_SIDE


def test_a_lead_that_is_not_a_double_makes_no_spinner() -> None:
    match = spinner_match(["5-6 5-1", "6-6 4-4"], variant="coppie", lead_tile="5-6")
    match.apply(Play(t("5-6")))
    assert match.view(1).layout.sides() == (Side.HEAD, Side.TAIL)
    assert [a.side for a in match.legal_actions() if isinstance(a, Play)] == [Side.TAIL]


def test_each_arm_grows_on_its_own_and_the_others_keep_their_numbers() -> None:
    match = spinner_match(
        ["4-2 4-1 4-0 1-1", "4-3 4-6 6-6 2-2"], line="4-4", spinner_at=0, lead_tile=None
    )
    match.apply(Play(t("4-2"), Side.UP))
    assert dict(match.view(0).layout.ends()) == {
        Side.HEAD: 4,
        Side.TAIL: 4,
        Side.UP: 2,
        Side.DOWN: 4,
    }
    match.apply(Play(t("4-3"), Side.DOWN))
    match.apply(Play(t("4-1"), Side.HEAD))
    match.apply(Play(t("4-6"), Side.TAIL))
    layout = match.view(0).layout
    assert layout.ends() == ((Side.HEAD, 1), (Side.TAIL, 6), (Side.UP, 2), (Side.DOWN, 3))
    assert layout.line == ((1, 4), (4, 4), (4, 6)) and layout.spinner_at == 1
    assert layout.arm(Side.HEAD) == ((4, 1),) and layout.arm(Side.UP) == ((4, 2),)
    # A double on an arm continues it: it opens nothing new.
    match.apply(Play(t("1-1"), Side.HEAD))
    match.apply(Play(t("2-2"), Side.UP))
    assert match.view(0).layout.sides() == (Side.HEAD, Side.TAIL, Side.UP, Side.DOWN)
    assert match.view(0).layout.ends()[2] == (Side.UP, 2)


def test_a_tile_fitting_arms_with_different_numbers_asks_which_listing_only_those() -> None:
    match = spinner_match(
        ["3-5 1-1", "6-6 4-4"], line="3-0 0-0 0-5", spinner_at=1, up="0-2 2-3", down="0-6 6-5"
    )
    with pytest.raises(IllegalAction) as refused:
        match.apply(Play(t("3-5")))
    assert refused.value.reason is Reason.SIDE_NEEDED
    assert refused.value.refusal.sides == (Side.HEAD, Side.TAIL, Side.UP, Side.DOWN)
    assert (refused.value.refusal.up, refused.value.refusal.down) == (3, 5)
    plays = [a for a in match.legal_actions() if isinstance(a, Play)]
    assert [(p.side, p.outer) for p in plays] == [
        (Side.HEAD, 5),
        (Side.TAIL, 3),
        (Side.UP, 5),
        (Side.DOWN, 3),
    ]


def test_a_tile_fitting_arms_with_one_number_goes_to_coda_then_testa_sopra_sotto() -> None:
    # Every arm shows 5: coda first.
    match = spinner_match(["5-2 1-1", "6-6 4-4"], line="5-5", spinner_at=0)
    match.apply(Play(t("5-2")))
    assert match.view(0).layout.tail == 2
    # Coda and testa lead elsewhere: sopra before sotto.
    match = spinner_match(["5-2 1-1", "6-6 4-4"], line="3-5 5-5 5-4", spinner_at=1)
    match.apply(Play(t("5-2")))
    assert match.view(0).layout.up_end == 2 and match.view(0).layout.down_end == 5


def test_naming_an_arm_the_tile_does_not_fit_says_which_arms_it_fits() -> None:
    match = spinner_match(["3-1 1-1", "6-6 4-4"], line="3-5 5-5", spinner_at=1)
    with pytest.raises(IllegalAction) as refused:
        match.apply(Play(t("3-1"), Side.DOWN))
    assert refused.value.reason is Reason.DOES_NOT_FIT_SIDE
    assert refused.value.refusal.sides == (Side.HEAD,)
    assert refused.value.refusal.side is Side.DOWN


def test_blocked_only_when_no_arm_can_be_played() -> None:
    # Testa 3, coda 4 and sopra 5 are dead, but sotto still shows 2: the round goes on.
    match = spinner_match(["2-0 0-6", "6-6 1-1"], line="3-2 2-2 2-4", spinner_at=1, up="2-5")
    assert not match.round.is_over
    assert match.legal_actions() == [Play(t("2-0"), Side.DOWN, 0)]
    events = match.apply(Play(t("2-0"), Side.DOWN))
    assert events[0] == TilePlayed(0, t("2-0"), Side.DOWN, 3, 4, False, 5, 0)
    assert match.legal_actions() == [Pass()]
    events = match.apply(Pass())
    assert events[0] == Passed(1, 3, 4, 5, 0)
    assert match.legal_actions() == [Play(t("0-6"), Side.DOWN, 6)]


def test_the_last_open_arm_closing_blocks_the_round() -> None:
    match = spinner_match(["2-0 1-6", "6-6 1-1"], line="3-2 2-2 2-4", spinner_at=1, up="2-5")
    match.apply(Play(t("2-0"), Side.DOWN))
    assert match.round.result is not None and match.round.result.outcome is Outcome.BLOCKED


def test_blank_wildcard_matches_any_arm() -> None:
    rules = rules_for("jolly", 2, spinner=True)
    state = make_round(rules, ["0-6 1-2", "4-4 5-5"], line="3-3", spinner_at=0)
    match = match_of(state)
    sides = {a.side for a in match.legal_actions() if isinstance(a, Play) and a.tile == t("0-6")}
    assert sides == {Side.HEAD, Side.TAIL, Side.UP, Side.DOWN}


def test_drawing_stops_at_a_tile_that_fits_only_sopra() -> None:
    rules = rules_for("pesca", 2, spinner=True)
    state = make_round(
        rules, ["1-1", "6-6"], line="3-2 2-2 2-4", spinner_at=1, up="2-5", draws="0-0 5-6 0-1"
    )
    match = match_of(state)
    events = match.apply(Draw())
    assert events[0].tiles == tuple(ts("0-0 5-6"))  # type: ignore[union-attr]
    assert events[0].up == 5 and events[0].down == 2  # type: ignore[union-attr]


def test_classica_double_bonus_still_applies_to_the_spinner() -> None:
    rules = rules_for("classica", 2, spinner=True)
    match = match_of(make_round(rules, ["0-0 0-3 5-5", "1-2 6-6"], lead_tile="0-0"))
    match.apply(Play(t("0-0")))
    assert match.round.bonus_turn and match.to_move == 0
    assert match.view(0).layout.has_spinner


# --- the double-nine set -------------------------------------------------------------------


def test_double_nine_set_has_55_tiles_and_ten_doubles() -> None:
    tiles = tile_set(9)
    assert len(tiles) == 55 == len(set(tiles))
    assert sum(tile.is_double for tile in tiles) == 10
    assert max(tile.high for tile in tiles) == 9
    assert len(tile_set(6)) == 28
    with pytest.raises(ValueError):
        tile_set(12)


@pytest.mark.parametrize(
    ("variant", "seats", "hand", "boneyard", "aside"),
    [
        ("classica", 2, 10, 35, 0),
        ("blocco", 2, 10, 0, 35),
        ("blocco", 3, 7, 0, 34),
        ("blocco", 4, 7, 0, 27),
        ("pesca", 4, 7, 27, 0),
        ("capra", 4, 7, 27, 0),
        ("coppie", 4, 7, 27, 0),
        ("jolly", 2, 10, 35, 0),
    ],
)
def test_double_nine_deal_sizes(
    variant: str, seats: int, hand: int, boneyard: int, aside: int
) -> None:
    match = Match(Settings(variant=variant, seats=seats, tile_set=9), seed=5)
    state = match.round
    assert [len(h) for h in state.hands] == [hand] * seats
    assert (len(state.boneyard), len(state.set_aside)) == (boneyard, aside)
    assert sorted(
        [*state.boneyard, *state.set_aside, *(x for h in state.hands for x in h)]
    ) == list(tile_set(9))


def test_double_nine_leads_search_from_nine_nine_down_and_classica_keeps_zero_zero() -> None:
    rules = make_rules(Settings(variant="coppie", seats=2, tile_set=9))
    lead = rules.find_lead([ts("9-9 1-2"), ts("6-6 7-7")], None)
    assert lead is not None and (lead.seat, lead.tile) == (0, t("9-9"))
    lead = rules.find_lead([ts("8-8 1-2"), ts("6-6 7-7")], None)
    assert lead is not None and (lead.seat, lead.tile) == (0, t("8-8"))
    classica = make_rules(Settings(variant="classica", tile_set=9))
    lead = classica.find_lead([ts("9-9 1-2"), ts("0-0 7-7")], None)
    assert lead is not None and (lead.seat, lead.tile) == (1, t("0-0"))


def test_a_double_nine_tile_is_not_in_a_double_six_game() -> None:
    match = Match(Settings(variant="classica"), seed=1)
    with pytest.raises(IllegalAction) as refused:
        match.apply(Play(t("7-9")))
    assert refused.value.reason in (Reason.TILE_NOT_IN_HAND, Reason.NOT_YOUR_TURN)
    assert all(tile.high <= 6 for tile in match.view(0).unseen_tiles())


def test_bad_table_options_are_refused() -> None:
    with pytest.raises(ValueError):
        make_rules(Settings(tile_set=7))
    with pytest.raises(ValueError):
        make_rules(Settings(opening="whoever"))
    with pytest.raises(ValueError):
        make_rules(Settings(variant="blocco", seats=4, hand_size=14, tile_set=9))


# --- the opening rule ------------------------------------------------------------------------


def rules_with(opening: Opening, variant: str = "coppie", seats: int = 3, **more: Any) -> Any:
    return make_rules(Settings(variant=variant, seats=seats, opening=opening.value, **more))


def test_opening_highest_double_then_heaviest() -> None:
    rules = rules_with(Opening.HIGHEST_DOUBLE, "classica", 2)
    rng = random.Random(0)
    lead = rules.opening_lead([ts("0-0 1-2"), ts("3-3 5-6")], None, rng)
    assert lead is not None and (lead.seat, lead.tile) == (1, t("3-3"))  # not classica's 0-0
    lead = rules.opening_lead([ts("0-1 1-2"), ts("3-4 5-6")], None, rng)
    assert lead is not None and (lead.seat, lead.tile) == (1, t("5-6"))


def test_opening_heaviest_tile_even_over_a_double() -> None:
    rules = rules_with(Opening.HEAVIEST)
    lead = rules.opening_lead([ts("6-6"), ts("5-6"), ts("1-1")], None, random.Random(0))
    assert lead is not None and (lead.seat, lead.tile) == (0, t("6-6"))
    lead = rules.opening_lead([ts("4-4"), ts("5-6"), ts("1-1")], None, random.Random(0))
    assert lead is not None and (lead.seat, lead.tile) == (1, t("5-6"))


def test_opening_top_double_of_the_set_else_highest_else_a_new_deal() -> None:
    rules = rules_with(Opening.TOP_DOUBLE, tile_set=9)
    rng = random.Random(0)
    lead = rules.opening_lead([ts("6-6"), ts("9-9"), ts("1-1")], None, rng)
    assert lead is not None and (lead.seat, lead.tile) == (1, t("9-9"))
    lead = rules.opening_lead([ts("6-6"), ts("8-9"), ts("1-1")], None, rng)
    assert lead is not None and (lead.seat, lead.tile) == (0, t("6-6"))
    assert rules.opening_lead([ts("5-6"), ts("8-9"), ts("1-2")], None, rng) is None


def test_opening_random_player_is_fixed_by_the_deal_seed_and_leads_their_heaviest() -> None:
    leaders = set()
    for seed in range(40):
        first = Match(Settings(variant="pesca", seats=4, opening="random"), seed=seed)
        again = Match(Settings(variant="pesca", seats=4, opening="random"), seed=seed)
        state = first.round
        assert (state.leader, state.lead_tile) == (again.round.leader, again.round.lead_tile)
        assert state.lead_tile == max(state.hands[state.leader], key=lambda x: x.rank())
        leaders.add(state.leader)
    assert leaders == {0, 1, 2, 3}


def test_opening_last_winner_leads_the_next_round_with_any_tile() -> None:
    settings = Settings(variant="blocco", seats=3, opening="last_winner", target=500)
    match = Match(settings, seed=3)
    # Round one: the variant's own rule (the highest double).
    assert match.round.lead_tile is not None and match.round.lead_tile.is_double
    rng = random.Random(3)
    winners = []
    for _ in range(6):
        while not match.round.is_over:
            match.apply(rng.choice(match.legal_actions()))
        result = match.round.result
        assert result is not None
        winner = match.rules.winning_seat(result, match.round.hands)
        match.next_round()
        if winner is None:  # a drawn round: the variant's rule again
            assert match.round.lead_tile is not None
        else:
            assert (match.round.leader, match.round.lead_tile) == (winner, None)
            winners.append(winner)
    assert winners


def test_blocked_pairs_winner_leads_with_the_fewest_pips_of_the_pair() -> None:
    rules = make_rules(Settings(variant="coppie", seats=4, pairs=True, opening="last_winner"))
    result = RoundResult(Outcome.BLOCKED, 1, None, 0, (9, 5, 9, 3), (0, 26))
    hands = [ts("4-5"), ts("1-4"), ts("4-5"), ts("1-2")]
    assert rules.winning_seat(result, hands) == 3


# --- saves -------------------------------------------------------------------------------------


def action_text(action: object) -> str:
    if isinstance(action, Play):
        assert action.side is not None
        return f"play {action.tile} {action.side.value} {action.outer}"
    return type(action).__name__.lower()


EXPECTED_V1 = json.loads((SAVES / "v1_expected.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED_V1))
def test_a_version_1_save_loads_and_plays_on_exactly_as_it_did(name: str) -> None:
    """Written by the engine before the table options (see the test data's commit); its legal
    actions and a seeded random play-out to the end are what that engine produced."""
    expected = EXPECTED_V1[name]
    document = json.loads((SAVES / name).read_text())
    assert document["version"] == 1
    match = from_document(document)
    assert [action_text(a) for a in match.legal_actions()] == expected["legal"]
    assert [list(pair) for pair in match.round.line] == expected["line"]
    assert match.rules.tiles == tile_set(6) and not match.rules.spinner
    # Written again, it is a current document that loads back identically.
    text = dumps(match)
    assert json.loads(text)["version"] == VERSION
    assert dumps(loads(text)) == text
    rng = random.Random(0)
    moves = []
    while not match.is_over:
        if match.round.is_over:
            match.next_round()
            moves.append("next")
            continue
        action = rng.choice(match.legal_actions())
        moves.append(action_text(action))
        match.apply(action)
    assert moves == expected["moves_to_end"]
    assert match.scores == expected["final_scores"]


def played_spinner_match(seed: int, steps: int, **options: Any) -> Match:
    settings = Settings(variant="blocco", seats=4, spinner=True, tile_set=9, **options)
    match = Match(settings, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.round.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_a_spinner_double_nine_save_loads_back_identically() -> None:
    for seed in range(30):
        match = played_spinner_match(seed, 14)
        text = dumps(match)
        loaded = loads(text)
        assert dumps(loaded) == text
        assert loaded.view(0) == match.view(0)
        assert loaded.legal_actions() == match.legal_actions()


def spinner_document() -> dict[str, Any]:
    for seed in range(100):
        match = played_spinner_match(seed, 12)
        layout = match.round.layout
        if layout.up and layout.down and not match.round.is_over:
            document: dict[str, Any] = json.loads(dumps(match))
            return document
    raise AssertionError("no spinner game with both arms used")


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["round"].update(spinner_at=None),  # arms without a spinner
        lambda d: d["round"].update(spinner_at=len(d["round"]["line"])),
        lambda d: d["round"]["up"].__setitem__(0, d["round"]["up"][0][::-1]),  # joined wrong
        lambda d: d["round"]["down"].append(d["round"]["down"][0]),  # a tile twice
        lambda d: d["settings"].update(spinner=False),  # arms on a table without the option
        lambda d: d["settings"].update(tile_set=6),  # double-nine tiles in a double-six game
        lambda d: d["round"]["up"].append([10, 10]),
        lambda d: d["round"].update(up="2-5"),
        lambda d: d["settings"].update(opening=3),
    ],
)
def test_a_damaged_spinner_save_is_refused(damage: Any) -> None:
    document = spinner_document()
    damage(document)
    with pytest.raises(SaveError):
        from_document(document)


def test_the_views_layout_is_the_tables() -> None:
    match = played_spinner_match(4, 20)
    assert match.view(2).layout == match.round.layout
    assert set(match.view(0).unseen_tiles()) | set(match.round.hands[0]) | set(
        match.round.line_tiles()
    ) == set(tile_set(9))
