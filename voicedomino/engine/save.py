"""Save and load a whole match (settings, scores, round, RNG position) as versioned JSON.

Loading checks every field and the consistency of the whole (every tile of the table's set
exactly once, arms whose halves join, counts that fit the variant), then that the match is one a
game can reach: the round is dealt again from its history and replayed through the engine's own
rules, and the scores must fit the rounds played (see `check_reachable`). Anything else raises
SaveError with a clear message. The round's result is not stored: it is derived again from the
state.

Versions: 1 knew only the double-six line; 2 adds the table options (set, spinner, opening)
to the settings, the spinner's arms to the round and the arms' ends to the events. An older
document is migrated on loading (``migrate``); documents are always written at VERSION.
"""

from __future__ import annotations

import dataclasses
import json
import random
import types
import typing
from collections import Counter
from typing import Any

from voicedomino.engine.actions import Action, Draw, Pass, Play, Side
from voicedomino.engine.errors import IllegalAction, NewerSaveError, SaveError
from voicedomino.engine.events import BonusTurn, Event, Passed, RoundStarted, TilePlayed, TilesDrawn
from voicedomino.engine.match import Match
from voicedomino.engine.round import Round, RoundState
from voicedomino.engine.rules import Lead, Opening, PreviousRound, Rules, Settings, make_rules
from voicedomino.engine.tiles import MAX_NUMBER, Tile

FORMAT = "voicedomino-match"
VERSION = 2
HISTORY_EVENTS: dict[str, type[Any]] = {
    cls.__name__: cls for cls in (RoundStarted, TilePlayed, TilesDrawn, Passed, BonusTurn)
}


# --- writing ---------------------------------------------------------------------------------


def to_document(match: Match) -> dict[str, Any]:
    state = match.round.state()
    version, internal, gauss = match.rng.getstate()
    return {
        "format": FORMAT,
        "version": VERSION,
        "settings": match.settings.to_dict(),
        "seed": match.seed,
        "rng": [version, list(internal), gauss],
        "scores": list(match.scores),
        "round": {
            "number": state.round_number,
            "hands": [[_tile_out(t) for t in hand] for hand in state.hands],
            "boneyard": [_tile_out(t) for t in state.boneyard],
            "set_aside": [_tile_out(t) for t in state.set_aside],
            "line": [list(pair) for pair in state.line],
            "spinner_at": state.spinner_at,
            "up": [list(pair) for pair in state.up],
            "down": [list(pair) for pair in state.down],
            "leader": state.leader,
            "lead_tile": None if state.lead_tile is None else _tile_out(state.lead_tile),
            "to_move": state.to_move,
            "drew_this_turn": state.drew_this_turn,
            "bonus_turn": state.bonus_turn,
            "last_mover": state.last_mover,
            "history": [_event_out(event) for event in state.history],
        },
    }


def dumps(match: Match) -> str:
    return json.dumps(to_document(match), separators=(",", ":"))


def _tile_out(tile: Tile) -> list[int]:
    return [tile.low, tile.high]


def _event_out(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type(event).__name__}
    for field in dataclasses.fields(event):
        out[field.name] = _value_out(getattr(event, field.name))
    return out


def _value_out(value: object) -> object:
    if isinstance(value, Tile):
        return _tile_out(value)
    if isinstance(value, Side):
        return value.value
    if isinstance(value, tuple):
        return [_value_out(item) for item in value]
    return value


# --- reading ---------------------------------------------------------------------------------


def loads(text: str) -> Match:
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveError(f"not JSON: {error}") from None
    return from_document(document)


def from_document(document: object) -> Match:
    doc = _mapping(document, "document")
    if doc.get("format") != FORMAT:
        raise SaveError("not a voicedomino save")
    version = _int(doc.get("version"), "version")
    if version > VERSION:
        raise NewerSaveError(f"saved by a newer version ({version})")
    if version < 1:
        raise SaveError(f"unknown version {version}")
    doc = migrate(doc, version)
    settings_doc = _mapping(doc.get("settings"), "settings")
    try:
        settings = Settings(**settings_doc)
        _check_settings_types(settings)
        rules = make_rules(settings)
    except (TypeError, ValueError) as error:
        raise SaveError(f"bad settings: {error}") from None

    seed = _int(doc.get("seed"), "seed")
    rng = _rng(doc.get("rng"))
    scores = _list(doc.get("scores"), "scores")
    if len(scores) != len(rules.teams):
        raise SaveError("scores do not match the teams")
    state = _round_state(rules, _mapping(doc.get("round"), "round"))
    _check_consistency(rules, state)
    # The round's result is not stored: restoring derives it from the state.
    match = Match.restore(
        Round.restore(rules, state),
        seed=seed,
        rng=rng,
        scores=[_int(score, "score", low=0) for score in scores],
    )
    check_reachable(match)
    return match


# --- reachability: the saved match is one the engine could have played -------------------------


def check_reachable(match: Match) -> None:
    """SaveError unless *match* is a position a game reaches: its round is the deal its history
    starts from, played move by move by the engine's rules, and its scores fit the rounds
    before it (none before the first, a match not yet over before this round).

    A hand-edited or damaged save (another player to move, a hand one tile short, a score
    past the target while a round goes on) passes every field check and still is no game.
    """
    state = match.round.state()
    replayed = replay_round(match.rules, state)
    if _comparable(replayed.state()) != _comparable(state):
        raise SaveError("the round is not where its moves lead")
    _check_scores(match, replayed)


def replay_round(rules: Rules, state: RoundState) -> Round:
    """The round dealt again (its hands before any move, from its history) and played through
    its history with the engine's own `apply`; SaveError at the first move it refuses."""
    start = state.history[0]
    assert isinstance(start, RoundStarted)  # _check_consistency has seen to it
    if start.round_number != state.round_number:
        raise SaveError("the round's number differs from its start")
    hands, boneyard = _dealt(rules, state)
    if Lead(start.leader, start.lead_tile) not in _possible_leads(rules, hands, state.round_number):
        raise SaveError("the round was not opened by the player the rules name")
    round_ = Round(
        rules, hands, boneyard, state.set_aside, start.leader, start.lead_tile, state.round_number
    )
    round_.history.append(start)
    for number, event in enumerate(state.history[1:], start=1):
        move = _move_of(event)
        if move is None:
            continue  # a consequence of the move before (a bonus turn), replayed with it
        try:
            round_.apply(*move)
        except IllegalAction as error:
            raise SaveError(f"move {number} of the round is not legal: {error}") from None
    return round_


def _possible_leads(rules: Rules, hands: list[list[Tile]], round_number: int) -> list[Lead | None]:
    """Every opening the table's rule could have given these hands. The round before (its
    leader and winner) is not saved, nor the generator of a random opening: any is allowed."""
    if rules.opening is Opening.RANDOM:
        return [Lead(seat, max(hand, key=Tile.rank)) for seat, hand in enumerate(hands)]
    seats = range(rules.seats)
    previous: list[PreviousRound | None] = [None]
    if round_number > 1:
        previous = [PreviousRound(leader, winner) for leader in seats for winner in [None, *seats]]
    unused = random.Random(0)  # only the random opening, handled above, draws from it
    return [rules.opening_lead(hands, before, unused) for before in previous]


def _dealt(rules: Rules, state: RoundState) -> tuple[list[list[Tile]], list[Tile]]:
    """The hands and boneyard as dealt: the moves of the history undone, the last one first."""
    hands = [list(hand) for hand in state.hands]
    boneyard = list(state.boneyard)
    for event in reversed(state.history):
        if isinstance(event, TilePlayed):
            hands[event.seat].append(event.tile)
        elif isinstance(event, TilesDrawn):
            if event.count != len(event.tiles):
                raise SaveError("a draw whose tiles are not all named")
            for tile in event.tiles:
                if tile not in hands[event.seat]:
                    raise SaveError("a drawn tile is not where the draw put it")
                hands[event.seat].remove(tile)
            boneyard.extend(reversed(event.tiles))  # drawn from the end: put back on it
    if any(len(hand) != rules.hand_size for hand in hands):
        raise SaveError(f"the hands were not dealt {rules.hand_size} tiles each")
    return hands, boneyard


def _move_of(event: Event) -> tuple[Action, int] | None:
    """The action that made *event* and who made it; None for an event that follows from the
    move before it (a bonus turn)."""
    match event:
        case TilePlayed(seat, tile, side, head, tail, _lead, up, down):
            outer = {Side.HEAD: head, Side.TAIL: tail, Side.UP: up, Side.DOWN: down}[side]
            return Play(tile, side, outer), seat
        case TilesDrawn(seat):
            return Draw(), seat
        case Passed(seat):
            return Pass(), seat
        case BonusTurn():
            return None
    raise SaveError("an event in the middle of a round that is not a move")


def _comparable(state: RoundState) -> RoundState:
    """The state with each hand in sorted order: the order a hand is held in is not a fact."""
    return dataclasses.replace(state, hands=tuple(tuple(sorted(hand)) for hand in state.hands))


def _check_scores(match: Match, round_: Round) -> None:
    """The scores before this round: none before the first, each round adds at most the pips
    on the table, and the match was not over yet (else this round would not be dealt)."""
    rules = match.rules
    gained = round_.result.points if round_.result is not None else (0,) * len(match.scores)
    before = [score - points for score, points in zip(match.scores, gained, strict=True)]
    if min(before) < 0:
        raise SaveError("the scores are lower than this round's points")
    earlier = round_.round_number - 1
    most_per_round = sum(tile.pips for tile in _all_tiles(round_.state()))
    if sum(before) > earlier * most_per_round:
        raise SaveError("more points than the rounds played can give")
    if rules.match_result(before, earlier) is not None:
        raise SaveError("the match was over before this round")


def _all_tiles(state: RoundState) -> list[Tile]:
    held = [tile for hand in state.hands for tile in hand]
    return [*held, *state.boneyard, *state.set_aside, *state.line_tiles()]


def migrate(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """The document of an older *version* brought to VERSION (a new dict; *doc* is untouched).

    Version 1 had no table options (their defaults are the old game), no spinner arms, and
    events without the arms' ends (absent fields load as None).
    """
    if version >= VERSION:
        return doc
    migrated = dict(doc)
    round_doc = doc.get("round")
    if version < 2 and isinstance(round_doc, dict):
        migrated["round"] = {"spinner_at": None, "up": [], "down": [], **round_doc}
    migrated["version"] = VERSION
    return migrated


def _check_settings_types(settings: Settings) -> None:
    if not isinstance(settings.variant, str) or type(settings.seats) is not int:
        raise ValueError("variant and seats")
    if not isinstance(settings.pairs, bool):
        raise ValueError("pairs")
    for name in ("hand_size", "target"):
        value = getattr(settings, name)
        if value is not None and type(value) is not int:
            raise ValueError(name)
    for name in ("wildcard", "spinner"):
        value = getattr(settings, name)
        if value is not None and not isinstance(value, bool):
            raise ValueError(name)
    if settings.tile_set is not None and type(settings.tile_set) is not int:
        raise ValueError("tile_set")
    if settings.opening is not None and not isinstance(settings.opening, str):
        raise ValueError("opening")


def _rng(value: object) -> random.Random:
    parts = _list(value, "rng")
    if len(parts) != 3:
        raise SaveError("bad random state")
    internal = tuple(_int(x, "rng") for x in _list(parts[1], "rng"))
    gauss = parts[2]
    if gauss is not None and not isinstance(gauss, float):
        raise SaveError("bad random state")
    rng = random.Random()
    try:
        rng.setstate((_int(parts[0], "rng"), internal, gauss))
    except (TypeError, ValueError, OverflowError):
        raise SaveError("bad random state") from None
    return rng


def _round_state(rules: Rules, doc: dict[str, Any]) -> RoundState:
    seats = rules.seats
    hands = [_tiles(h, "hand") for h in _list(doc.get("hands"), "hands")]
    if len(hands) != seats:
        raise SaveError("wrong number of hands")
    lead_raw = doc.get("lead_tile")
    last = doc.get("last_mover")
    spinner_raw = doc.get("spinner_at")
    return RoundState(
        round_number=_int(doc.get("number"), "round number", low=1),
        hands=tuple(tuple(hand) for hand in hands),  # in the saved order
        boneyard=tuple(_tiles(doc.get("boneyard"), "boneyard")),
        set_aside=tuple(_tiles(doc.get("set_aside"), "set_aside")),
        line=tuple(_pair(p) for p in _list(doc.get("line"), "line")),
        leader=_seat(doc.get("leader"), seats, "leader"),
        lead_tile=None if lead_raw is None else _tile(lead_raw, "lead_tile"),
        to_move=_seat(doc.get("to_move"), seats, "to_move"),
        drew_this_turn=_bool(doc.get("drew_this_turn"), "drew_this_turn"),
        bonus_turn=_bool(doc.get("bonus_turn"), "bonus_turn"),
        last_mover=None if last is None else _seat(last, seats, "last_mover"),
        history=tuple(_event(e, seats) for e in _list(doc.get("history"), "history")),
        spinner_at=None if spinner_raw is None else _int(spinner_raw, "spinner_at", low=0),
        up=tuple(_pair(p) for p in _list(doc.get("up"), "up")),
        down=tuple(_pair(p) for p in _list(doc.get("down"), "down")),
    )


def _check_consistency(rules: Rules, state: RoundState) -> None:
    every = _all_tiles(state)
    counts = Counter(every)
    if len(every) != len(rules.tiles) or set(counts) != set(rules.tiles):
        raise SaveError(f"the tiles do not add up to one double-{rules.highest} set")
    if state.boneyard and not rules.boneyard_drawable:
        raise SaveError("a boneyard in a variant without drawing")
    if state.set_aside and rules.boneyard_drawable:
        raise SaveError("tiles set aside in a variant with a boneyard")
    _check_arms(rules, state)
    if not state.line and (state.last_mover is not None or state.to_move != state.leader):
        raise SaveError("an empty line with moves made")
    if state.line and state.last_mover is None:
        raise SaveError("a line without a last mover")
    if not state.line and state.lead_tile not in (None, *state.hands[state.leader]):
        # The leader could never open and the round would pass around for ever.
        raise SaveError("the lead tile is not in the leader's hand")
    if state.bonus_turn and not rules.double_bonus:
        raise SaveError("a bonus turn in a variant without one")
    plays = sum(isinstance(e, TilePlayed) for e in state.history)
    if (
        plays != len(state.layout)
        or not state.history
        or not isinstance(state.history[0], RoundStarted)
    ):
        raise SaveError("the history does not match the line")
    if sum(not hand for hand in state.hands) > 1:
        raise SaveError("more than one empty hand")


def _check_arms(rules: Rules, state: RoundState) -> None:
    """Every arm joins, from the spinner outward; only a spinner table has arms above and below."""

    def joins(right: int, left: int) -> bool:
        return right == left or (rules.wildcard and 0 in (right, left))

    for (_, right), (left, _) in zip(state.line, state.line[1:], strict=False):
        if not joins(right, left):
            raise SaveError("the line does not join")
    at = state.spinner_at
    lead = next((e for e in state.history if isinstance(e, TilePlayed)), None)
    if rules.spinner and lead is not None and lead.tile.is_double and at is None:
        raise SaveError("a double lead on a spinner table without its arms")
    if at is None:
        if state.up or state.down:
            raise SaveError("arms above or below without a spinner")
        return
    if not rules.spinner or at >= len(state.line):
        raise SaveError("a spinner where the table has none")
    spinner = state.line[at]
    if spinner[0] != spinner[1] or lead is None or lead.tile != Tile.of(*spinner):
        raise SaveError("the spinner is not the lead double")
    for arm in (state.up, state.down):
        inner = spinner[1]
        for joined, outer in arm:
            if not joins(inner, joined):
                raise SaveError("an arm does not join")
            inner = outer


def _event(value: object, seats: int) -> Event:
    doc = _mapping(value, "event")
    cls = HISTORY_EVENTS.get(str(doc.get("type")))
    if cls is None:
        raise SaveError("unknown event")
    hints = typing.get_type_hints(cls)
    kwargs: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        kwargs[field.name] = _typed(doc.get(field.name), hints[field.name], field.name)
    if "seat" in kwargs and not 0 <= kwargs["seat"] < seats:
        raise SaveError("an event names a seat that does not exist")
    event: Event = cls(**kwargs)
    return event


def _typed(value: object, hint: Any, name: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        (inner,) = [o for o in options if o is not type(None)]
        return _typed(value, inner, name)
    if origin is tuple:
        return tuple(_typed(v, typing.get_args(hint)[0], name) for v in _list(value, name))
    if hint is Tile:
        return _tile(value, name)
    if hint is Side:
        try:
            return Side(value)
        except ValueError:
            raise SaveError(f"bad side in {name}") from None
    if hint is bool:
        return _bool(value, name)
    if hint is int:
        return _int(value, name)
    raise SaveError(f"cannot read {name}")


def _mapping(value: object, name: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SaveError(f"{name}: expected an object")
    return value


def _list(value: object, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise SaveError(f"{name}: expected a list")
    return value


def _int(value: object, name: str, low: int | None = None) -> int:
    if type(value) is not int or (low is not None and value < low):
        raise SaveError(f"{name}: expected a whole number")
    return value


def _bool(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise SaveError(f"{name}: expected true or false")
    return value


def _seat(value: object, seats: int, name: str) -> int:
    seat = _int(value, name)
    if not 0 <= seat < seats:
        raise SaveError(f"{name}: no such seat")
    return seat


def _tile(value: object, name: str) -> Tile:
    pair = _pair(value)
    if pair[0] > pair[1]:
        raise SaveError(f"{name}: tiles are stored low number first")
    return Tile(*pair)


def _pair(value: object) -> tuple[int, int]:
    items = _list(value, "tile")
    if len(items) != 2:
        raise SaveError("a tile has two numbers")
    a, b = (_int(x, "tile") for x in items)
    if not (0 <= a <= MAX_NUMBER and 0 <= b <= MAX_NUMBER):
        raise SaveError(f"tile numbers go from 0 to {MAX_NUMBER}")
    return a, b


def _tiles(value: object, name: str) -> list[Tile]:
    return [_tile(v, name) for v in _list(value, name)]
