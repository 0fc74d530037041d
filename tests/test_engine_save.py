"""The save loader: valid documents load back identically; anything else is a SaveError."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from engine_helpers import TABLE_IDS, TABLES, new_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voicedomino.engine import Match, NewerSaveError, Round, SaveError, Settings
from voicedomino.engine.save import FORMAT, VERSION, dumps, from_document, loads

Doc = dict[str, Any]


def played(variant: str = "classica", seats: int = 2, pairs: bool = False, steps: int = 8) -> Match:
    match = new_match(variant, seats, pairs, seed=3)
    rng = random.Random(3)
    for _ in range(steps):
        if match.round.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def document(variant: str = "classica", seats: int = 2, steps: int = 8) -> Doc:
    doc: Doc = json.loads(dumps(played(variant, seats, steps=steps)))
    return doc


def rejected(doc: object) -> SaveError:
    with pytest.raises(SaveError) as error:
        loads(json.dumps(doc))
    assert str(error.value), "a SaveError says what is wrong"
    return error.value


# --- valid documents ---------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_round_trip_is_identical(variant: str, seats: int, pairs: bool) -> None:
    for steps in (0, 5, 200):
        match = played(variant, seats, pairs, steps)
        text = dumps(match)
        loaded = loads(text)
        assert dumps(loaded) == text
        assert loaded.settings == match.settings and loaded.seed == match.seed
        assert loaded.round.result == match.round.result
        assert loaded.result == match.result


def test_document_names_its_format_and_version() -> None:
    doc = document()
    assert doc["format"] == FORMAT and doc["version"] == VERSION
    assert set(doc) == {"format", "version", "settings", "seed", "rng", "scores", "round"}


def test_finished_round_result_is_derived_again() -> None:
    match = played("blocco", 3, steps=200)
    assert match.round.result is not None and any(match.round.result.points)
    loaded = loads(dumps(match))
    assert loaded.round.result == match.round.result
    assert loaded.scores == match.scores == list(match.round.result.points)


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_restoring_a_round_state_gives_the_same_round(
    variant: str, seats: int, pairs: bool
) -> None:
    """The engine's public way back from plain values, which the loader uses."""
    for steps in (0, 5, 200):
        match = played(variant, seats, pairs, steps)
        state = match.round.state()
        restored = Round.restore(match.rules, state)
        assert restored.state() == state
        assert restored.result == match.round.result
        assert restored.legal_actions() == match.round.legal_actions()
        resumed = Match.restore(restored, seed=match.seed, rng=match.rng, scores=match.scores)
        assert resumed.result == match.result
        assert resumed.view(0) == match.view(0)


def test_restoring_a_match_refuses_scores_that_do_not_fit_the_teams() -> None:
    match = played("coppie", 4, True)
    with pytest.raises(ValueError, match="2 teams"):
        Match.restore(match.round, seed=1, rng=random.Random(1), scores=[0, 0, 0, 0])


# --- malformed and inconsistent documents -----------------------------------------------------


def mutate(change: Callable[[Doc], object]) -> Doc:
    doc = document()
    change(doc)
    return doc


def set_in(path: tuple[Any, ...], value: object) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def delete(path: tuple[Any, ...]) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def duplicate_a_tile(doc: Doc) -> None:
    doc["round"]["boneyard"][0] = doc["round"]["hands"][0][0]


def drop_a_tile(doc: Doc) -> None:
    doc["round"]["boneyard"].pop()


def break_the_line(doc: Doc) -> None:
    line = doc["round"]["line"]
    assert len(line) >= 2 and line[0][0] != line[0][1]
    line[0].reverse()


def lead_tile_elsewhere(doc: Doc) -> None:
    fresh = json.loads(dumps(Match(Settings(), seed=3)))
    leader = fresh["round"]["leader"]
    fresh["round"]["lead_tile"] = fresh["round"]["hands"][1 - leader][0]
    doc.clear()
    doc.update(fresh)


def two_empty_hands(doc: Doc) -> None:
    hands = doc["round"]["hands"]
    doc["round"]["boneyard"] += hands[0] + hands[1]
    hands[0].clear()
    hands[1].clear()


def unknown_event(doc: Doc) -> None:
    doc["round"]["history"].append({"type": "Cheated", "seat": 0})


def history_without_start(doc: Doc) -> None:
    doc["round"]["history"].pop(0)


def extra_play_in_history(doc: Doc) -> None:
    history = doc["round"]["history"]
    history.append(next(e for e in history if e["type"] == "TilePlayed"))


MALFORMED: dict[str, Callable[[Doc], object]] = {
    "wrong format tag": set_in(("format",), "chess-game"),
    "future version": set_in(("version",), VERSION + 1),
    "version zero": set_in(("version",), 0),
    "version as text": set_in(("version",), "1"),
    "settings not an object": set_in(("settings",), [1, 2]),
    "unknown setting": set_in(("settings", "speed"), 3),
    "seats as text": set_in(("settings", "seats"), "2"),
    "seats as a boolean": set_in(("settings", "seats"), True),
    "pairs as a number": set_in(("settings", "pairs"), 1),
    "wildcard as text": set_in(("settings", "wildcard"), "yes"),
    "three seats in classica": set_in(("settings", "seats"), 3),
    "unknown variant": set_in(("settings", "variant"), "briscola"),
    "target as a float": set_in(("settings", "target"), 100.5),
    "seed as text": set_in(("seed",), "3"),
    "scores not a list": set_in(("scores",), 0),
    "too few scores": set_in(("scores",), [0]),
    "negative score": set_in(("scores",), [-5, 0]),
    "score as a float": set_in(("scores",), [1.5, 0]),
    "round not an object": set_in(("round",), None),
    "hands not a list": set_in(("round", "hands"), "0-0"),
    "wrong number of hands": set_in(("round", "hands"), [[]]),
    "tile as text": set_in(("round", "boneyard", 0), "3-4"),
    "tile with three numbers": set_in(("round", "boneyard", 0), [1, 2, 3]),
    "tile number out of range": set_in(("round", "boneyard", 0), [1, 7]),
    "tile high first": set_in(("round", "hands", 0, 0), [6, 0]),
    "duplicated tile": duplicate_a_tile,
    "missing tile": drop_a_tile,
    "line that does not join": break_the_line,
    "line pair out of range": set_in(("round", "line", 0), [0, 9]),
    "to_move out of range": set_in(("round", "to_move"), 2),
    "leader negative": set_in(("round", "leader"), -1),
    "last mover out of range": set_in(("round", "last_mover"), 7),
    "last mover missing with a line": set_in(("round", "last_mover"), None),
    "round number zero": set_in(("round", "number"), 0),
    "drew_this_turn as a number": set_in(("round", "drew_this_turn"), 0),
    "bonus_turn as text": set_in(("round", "bonus_turn"), "no"),
    "set-aside tiles in a drawing variant": lambda d: d["round"]["set_aside"].append(
        d["round"]["boneyard"].pop()
    ),
    "lead tile not in the leader's hand": lead_tile_elsewhere,
    "two empty hands": two_empty_hands,
    "unknown event": unknown_event,
    "event not an object": lambda d: d["round"]["history"].append(3),
    "event seat out of range": set_in(("round", "history", 1, "seat"), 5),
    "event side unknown": lambda d: next(
        e for e in d["round"]["history"] if e["type"] == "TilePlayed"
    ).update(side="left"),
    "history without a start": history_without_start,
    "history with an extra play": extra_play_in_history,
    "rng not a list": set_in(("rng",), {"state": 1}),
    "rng of two parts": lambda d: d["rng"].pop(),
    "rng with a short state": lambda d: d["rng"][1].pop(),
    "rng with a negative word": set_in(("rng", 1, 0), -1),
    "rng with a huge word": set_in(("rng", 1, 0), 2**70),
    "rng with a text word": set_in(("rng", 1, 3), "x"),
    "rng of unknown version": set_in(("rng", 0), 99),
    "rng position out of range": set_in(("rng", 1, -1), 10_000),
    "rng gauss as text": set_in(("rng", 2), "0.5"),
}
for key in ("format", "version", "settings", "seed", "rng", "scores", "round"):
    MALFORMED[f"missing {key}"] = delete((key,))
for key in (
    "number",
    "hands",
    "boneyard",
    "set_aside",
    "line",
    "leader",
    "to_move",
    "drew_this_turn",
    "bonus_turn",
    "history",
):
    MALFORMED[f"missing round {key}"] = delete(("round", key))


@pytest.mark.parametrize("change", MALFORMED.values(), ids=list(MALFORMED))
def test_malformed_document_is_rejected(change: Callable[[Doc], object]) -> None:
    doc = mutate(lambda d: None)
    loads(json.dumps(doc))  # the unchanged document loads
    rejected(mutate(change))


# --- well-formed documents of positions no game reaches -----------------------------------------


def in_second_round(variant: str = "classica", seats: int = 2, steps: int = 6) -> Doc:
    """A match in its second round, a few moves in (target 100: not over)."""
    match = new_match(variant, seats, False, seed=11)
    rng = random.Random(11)
    while not match.round.is_over:
        match.apply(rng.choice(match.legal_actions()))
    assert not match.is_over
    match.next_round()
    for _ in range(steps):
        if not match.round.is_over:
            match.apply(rng.choice(match.legal_actions()))
    doc: Doc = json.loads(dumps(match))
    return doc


def other_player_to_move(doc: Doc) -> None:
    doc["round"]["to_move"] = 1 - doc["round"]["to_move"]


def tile_from_one_hand_to_the_other(doc: Doc) -> None:
    hands = doc["round"]["hands"]
    hands[1].append(hands[0].pop())
    hands[1].sort()


def hand_tile_into_the_boneyard(doc: Doc) -> None:
    doc["round"]["boneyard"].insert(0, doc["round"]["hands"][0].pop())


def boneyard_tile_into_a_hand(doc: Doc) -> None:
    doc["round"]["hands"][0].append(doc["round"]["boneyard"].pop(0))
    doc["round"]["hands"][0].sort()


def flip(key: str) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc["round"][key] = not doc["round"][key]

    return change


def last_mover_changed(doc: Doc) -> None:
    doc["round"]["last_mover"] = 1 - doc["round"]["last_mover"]


def play_by_the_other_seat(doc: Doc) -> None:
    event = next(e for e in doc["round"]["history"] if e["type"] == "TilePlayed")
    event["seat"] = 1 - event["seat"]


def two_moves_swapped(doc: Doc) -> None:
    history = doc["round"]["history"]
    history[1], history[2] = history[2], history[1]


def opened_by_the_other_player(doc: Doc) -> None:
    fresh: Doc = json.loads(dumps(Match(Settings(), seed=3)))
    leader = 1 - fresh["round"]["leader"]
    fresh["round"]["leader"] = fresh["round"]["to_move"] = leader
    fresh["round"]["history"][0]["leader"] = leader
    fresh["round"]["lead_tile"] = fresh["round"]["history"][0]["lead_tile"] = None
    doc.clear()
    doc.update(fresh)


def points_before_the_first_round(doc: Doc) -> None:
    doc["scores"] = [12, 0]


def finished_match_score_in_round_two(doc: Doc) -> None:
    doc.clear()
    doc.update(in_second_round())
    doc["scores"] = [150, 0]


def more_points_than_one_round_gives(doc: Doc) -> None:
    doc.clear()
    doc.update(in_second_round())
    doc["settings"]["target"] = 1000
    doc["scores"] = [400, 0]


UNREACHABLE: dict[str, Callable[[Doc], object]] = {
    "the other player to move": other_player_to_move,
    "a tile moved from one hand to the other": tile_from_one_hand_to_the_other,
    "a hand tile put in the boneyard": hand_tile_into_the_boneyard,
    "a boneyard tile put in a hand": boneyard_tile_into_a_hand,
    "drew this turn flipped": flip("drew_this_turn"),
    "bonus turn flipped": flip("bonus_turn"),
    "the other last mover": last_mover_changed,
    "a play made by the other seat": play_by_the_other_seat,
    "two moves swapped": two_moves_swapped,
    "opened by the player the rules do not name": opened_by_the_other_player,
    "points before the first round": points_before_the_first_round,
    "a finished match's score in a round still played": finished_match_score_in_round_two,
    "more points than one round gives": more_points_than_one_round_gives,
}


@pytest.mark.parametrize("change", UNREACHABLE.values(), ids=list(UNREACHABLE))
def test_well_formed_but_unreachable_document_is_rejected(change: Callable[[Doc], object]) -> None:
    """Every field is valid and the tiles add up, but no game gets there: the history replayed
    through the engine says so."""
    loads(json.dumps(in_second_round()))  # the second-round base loads
    doc = mutate(change)
    error = rejected(doc)
    assert not isinstance(error, NewerSaveError)


@pytest.mark.parametrize(("variant", "seats", "pairs"), TABLES, ids=TABLE_IDS)
def test_every_position_of_whole_matches_loads(variant: str, seats: int, pairs: bool) -> None:
    """The replay never refuses a position a game reaches: every round of whole matches, at
    every move, a finished round and a finished match included."""
    for seed in range(1):  # one whole match per table: every kind of move, several rounds
        match = new_match(variant, seats, pairs, seed, target=60)
        rng = random.Random(seed)
        while True:
            assert dumps(loads(dumps(match))) == dumps(match)
            if match.is_over:
                break
            if match.round.is_over:
                match.next_round()
            else:
                match.apply(rng.choice(match.legal_actions()))


def test_boneyard_in_blocco_is_rejected() -> None:
    doc = document("blocco", 2)
    doc["round"]["boneyard"].append(doc["round"]["set_aside"].pop())
    rejected(doc)


def test_bonus_turn_outside_classica_is_rejected() -> None:
    doc = document("pesca", 2)
    doc["round"]["bonus_turn"] = True
    rejected(doc)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "{",
        '{"format": "voicedomino-match"',
        "[]",
        "42",
        '"voicedomino-match"',
        "null",
        "[" * 100_000,
        "1" * 10_000,
    ],
)
def test_not_a_save_at_all_is_rejected(text: str) -> None:
    with pytest.raises(SaveError):
        loads(text)


def test_truncated_save_is_rejected_at_every_length() -> None:
    text = dumps(played(steps=10))
    for end in range(0, len(text) - 1, 37):
        with pytest.raises(SaveError):
            loads(text[:end])


def test_from_document_rejects_non_objects() -> None:
    for value in (None, 3, "x", [1], 2.5):
        with pytest.raises(SaveError):
            from_document(value)


# --- fuzzing: anything at all gives a Match or a SaveError, nothing else -----------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**66), 2**66)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=25,
)
small_values = st.one_of(
    st.integers(-2, 30), st.booleans(), st.none(), st.just([]), st.just({}), json_values
)

BASES = [
    json.loads(dumps(played(variant, seats, pairs, steps)))
    for (variant, seats, pairs), steps in zip(
        TABLES, (0, 3, 9, 15, 4, 12, 30, 6, 200, 10, 20, 8, 16, 25, 2), strict=True
    )
]


def load_and_use(text: str) -> None:
    """Load; a loaded match must be playable to its end without errors."""
    try:
        match = loads(text)
    except SaveError:
        return
    assert isinstance(match, Match)
    assert dumps(match) == dumps(loads(dumps(match)))
    for seat in range(match.rules.seats):
        match.view(seat)
    rng = random.Random(0)
    for _ in range(3_000):
        if match.is_over:
            return
        if match.round.is_over:
            match.next_round()
            continue
        match.apply(rng.choice(match.legal_actions()))
    raise AssertionError("a loaded match did not end")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        json_values,
        st.fixed_dictionaries(
            {},
            optional={
                "format": st.just(FORMAT) | json_values,
                "version": st.just(VERSION) | json_values,
                "settings": st.just({"variant": "classica"}) | json_values,
                "seed": st.integers(),
                "rng": json_values,
                "scores": st.lists(st.integers(0, 200), max_size=4) | json_values,
                "round": json_values,
            },
        ),
    )
)
def test_arbitrary_json_loads_or_raises_save_error(doc: object) -> None:
    load_and_use(json.dumps(doc))


@st.composite
def mutated_documents(draw: st.DrawFn) -> Doc:
    doc: Doc = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        parent: Any = None
        key: Any = None
        node: Any = doc
        while isinstance(node, dict | list) and node and draw(st.integers(0, 3)) > 0:
            parent = node
            key = draw(
                st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node)))
            )
            node = node[key]
        if parent is None:
            continue
        operation = draw(st.sampled_from(["replace", "delete", "duplicate", "nudge"]))
        if operation == "replace":
            parent[key] = draw(small_values)
        elif operation == "delete":
            del parent[key]
        elif operation == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif operation == "nudge" and type(node) is int:
            parent[key] = node + draw(st.sampled_from([-1, 1, 7, -7]))
    return doc


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents())
def test_mutated_documents_load_or_raise_save_error(doc: Doc) -> None:
    load_and_use(json.dumps(doc))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.sampled_from(BASES),
    cuts=st.lists(st.tuples(st.integers(0, 20_000), st.text(max_size=3)), min_size=1, max_size=3),
)
def test_mutated_text_loads_or_raises_save_error(base: Doc, cuts: list[tuple[int, str]]) -> None:
    text = json.dumps(base)
    for position, insert in cuts:
        position %= len(text) + 1
        text = text[:position] + insert + text[position + 1 :]
    load_and_use(text)
