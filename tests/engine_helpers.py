"""Shared helpers for the rules-engine tests: hand-made deals, a reference oracle, random play.

The oracle functions restate RULES.md independently of the engine, so the tests compare the
engine against the rules rather than against itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from voicedomino.engine import (
    ALL_TILES,
    Action,
    Draw,
    DrawPolicy,
    Event,
    Layout,
    Match,
    Opening,
    Pass,
    Play,
    RoundStarted,
    Rules,
    Settings,
    Side,
    Tile,
    TilePlayed,
    make_rules,
)
from voicedomino.engine.round import Round

# Every allowed (variant, seats, pairs) table.
TABLES: tuple[tuple[str, int, bool], ...] = (
    ("classica", 2, False),
    ("blocco", 2, False),
    ("blocco", 3, False),
    ("blocco", 4, False),
    ("pesca", 2, False),
    ("pesca", 3, False),
    ("pesca", 4, False),
    ("jolly", 2, False),
    ("capra", 2, False),
    ("capra", 3, False),
    ("capra", 4, False),
    ("coppie", 2, False),
    ("coppie", 3, False),
    ("coppie", 4, False),
    ("coppie", 4, True),
)
TABLE_IDS = [f"{v}-{s}{'-pairs' if p else ''}" for v, s, p in TABLES]
VARIANT_NAMES = ("classica", "blocco", "pesca", "jolly", "capra", "coppie")
DRAWING_VARIANTS = ("classica", "pesca", "jolly", "capra", "coppie")
UNTIL_PLAYABLE_VARIANTS = ("pesca", "jolly", "capra", "coppie")

# Rounds are finite: at most 55 plays and 55 draws (double-nine), and between two plays or
# draws every seat passes at most once before the round blocks. This bound is generous.
MAX_ACTIONS_PER_ROUND = 2 * 56 + 57 * 4


def t(text: str) -> Tile:
    """'3-5' -> Tile(3, 5)."""
    a, b = text.split("-")
    return Tile.of(int(a), int(b))


def ts(text: str) -> list[Tile]:
    """'0-0 3-5' -> [Tile(0, 0), Tile(3, 5)]."""
    return [t(part) for part in text.split()]


def rules_for(variant: str, seats: int = 2, **options: Any) -> Rules:
    return make_rules(Settings(variant=variant, seats=seats, **options))


def make_round(
    rules: Rules,
    hands: Sequence[str],
    *,
    draws: str = "",
    line: str = "",
    leader: int = 0,
    lead_tile: str | None = None,
    to_move: int | None = None,
    rest: str | None = None,
    spinner_at: int | None = None,
    up: str = "",
    down: str = "",
) -> Round:
    """A hand-made deal: *hands* per seat, *draws* the boneyard tiles in the order they are drawn,
    *line* tiles already laid as written ('3-5 5-1': head 3, tail 1); on a spinner table
    *spinner_at* is the spinner's index in *line* and *up*, *down* the arms above and below,
    from the spinner outward ('5-2 2-2': joined 5, then 2 open).

    The other tiles go to *rest* ('boneyard' under the *draws*, or 'aside'); by default to the
    boneyard when the variant draws, else set aside, so every tile of the set is accounted for.
    """
    hand_tiles = [ts(hand) for hand in hands]
    drawn = ts(draws)
    laid, above, below = (
        tuple((int(x), int(y)) for x, y in (part.split("-") for part in text.split()))
        for text in (line, up, down)
    )
    layout = Layout(laid, spinner_at, above, below)
    used = [tile for hand in hand_tiles for tile in hand] + drawn + layout.tiles()
    assert len(used) == len(set(used)), "a tile is used twice in the deal"
    others = [tile for tile in rules.tiles if tile not in used]
    if rest is None:
        rest = "boneyard" if rules.boneyard_drawable else "aside"
    if rest == "boneyard":
        boneyard, set_aside = others + drawn[::-1], []
    else:
        boneyard, set_aside = drawn[::-1], others
    state = Round(
        rules,
        hand_tiles,
        boneyard,
        set_aside,
        leader,
        None if lead_tile is None else t(lead_tile),
    )
    state.history.append(RoundStarted(1, leader, state.lead_tile, 0))
    state.to_move = leader if to_move is None else to_move
    if laid:
        state.layout = layout
        state.last_mover = (state.to_move - 1) % rules.seats
        # One TilePlayed per laid tile keeps the history consistent with the table for saving;
        # the lead first (the spinner, on a spinner table).
        head, tail = layout.head, layout.tail
        assert head is not None and tail is not None
        lead = laid[spinner_at or 0]
        rest_laid = [pair for pair in layout.pairs() if pair is not lead]
        for index, (a, b) in enumerate([lead, *rest_laid]):
            state.history.append(
                TilePlayed(
                    state.last_mover,
                    Tile.of(a, b),
                    Side.TAIL,
                    head,
                    tail,
                    index == 0,
                    layout.up_end,
                    layout.down_end,
                )
            )
    return state


def match_of(state: Round, target: int | None = None) -> Match:
    """A match whose current round is the hand-made *state*."""
    settings = Settings(
        variant=state.rules.name,
        seats=state.rules.seats,
        pairs=state.rules.pairs,
        hand_size=state.rules.settings.hand_size,
        target=target,
        wildcard=state.rules.settings.wildcard,
        tile_set=state.rules.settings.tile_set,
        spinner=state.rules.settings.spinner,
        opening=state.rules.settings.opening,
    )
    match = Match(settings, seed=0)
    match.round = state
    return match


def every_tile_once(state: Round) -> bool:
    """Every tile of the set is in the hands, the boneyard, the set-aside or on the table, once."""
    every = [tile for hand in state.hands for tile in hand] + state.boneyard + state.set_aside
    every += state.line_tiles()
    return sorted(every) == list(state.rules.tiles)


# --- the oracle: RULES.md restated ---------------------------------------------------------


def halves_join(rules: Rules, a: int, b: int) -> bool:
    return a == b or (rules.wildcard and 0 in (a, b))


def fits(rules: Rules, tile: Tile, head: int | None, tail: int | None) -> bool:
    if head is None or tail is None:
        return True
    return fits_ends(rules, tile, {Side.HEAD: head, Side.TAIL: tail})


def open_ends(state: Round) -> dict[Side, int]:
    """Testa, coda and, on a spinner table, sopra and sotto, read from the laid tiles."""
    layout = state.layout
    if not layout.line:
        return {}
    ends = {Side.HEAD: layout.line[0][0], Side.TAIL: layout.line[-1][1]}
    if layout.spinner_at is not None:
        number = layout.line[layout.spinner_at][0]
        ends[Side.UP] = layout.up[-1][1] if layout.up else number
        ends[Side.DOWN] = layout.down[-1][1] if layout.down else number
    return ends


def fits_ends(rules: Rules, tile: Tile, ends: dict[Side, int]) -> bool:
    """A tile fits an open arm when one of its halves joins that arm's number (RULES.md)."""
    if not ends:
        return True
    return any(
        halves_join(rules, half, end) for half in (tile.low, tile.high) for end in ends.values()
    )


def can_anyone_move(state: Round) -> bool:
    if state.rules.boneyard_drawable and state.boneyard:
        return True
    ends = open_ends(state)
    return any(fits_ends(state.rules, tile, ends) for h in state.hands for tile in h)


def expected_points(
    rules: Rules,
    outcome_domino: bool,
    out_seat: int | None,
    last_mover: int | None,
    penalties: Sequence[int],
    leader: int,
) -> tuple[int, ...]:
    """What each team adds to its score, by RULES.md."""
    seats = len(penalties)
    name = rules.name
    if name == "classica":
        winner = out_seat if outcome_domino else _unique_min(penalties)
        points = [0, 0]
        if winner is not None:
            points[winner] = penalties[1 - winner]
        return tuple(points)
    if name in ("blocco", "pesca", "jolly"):
        points = [0] * seats
        if outcome_domino:
            assert out_seat is not None
            points[out_seat] = sum(penalties)
            return tuple(points)
        winner = _unique_min(penalties)
        if winner is not None:
            own = penalties[winner]
            points[winner] = max(0, sum(penalties) - own - own)
        return tuple(points)
    if name == "capra":
        clean = out_seat if outcome_domino else last_mover
        return tuple(0 if seat == clean else p for seat, p in enumerate(penalties))
    assert name == "coppie"
    teams = [(0, 2), (1, 3)] if rules.pairs else [(seat,) for seat in range(seats)]
    team_of = {seat: index for index, team in enumerate(teams) for seat in team}
    team_pips = [sum(penalties[s] for s in team) for team in teams]
    if outcome_domino:
        assert out_seat is not None
        winner = team_of[out_seat]
    else:
        lowest = min(team_pips)
        winner = next(
            team_of[(leader + step) % seats]
            for step in range(seats)
            if team_pips[team_of[(leader + step) % seats]] == lowest
        )
    points = [0] * len(teams)
    if rules.pairs:
        points[winner] = sum(penalties)
    else:
        points[winner] = sum(p for seat, p in enumerate(penalties) if seat != winner)
    return tuple(points)


def _unique_min(values: Sequence[int]) -> int | None:
    lowest = min(values)
    at = [i for i, v in enumerate(values) if v == lowest]
    return at[0] if len(at) == 1 else None


def expected_first_lead(
    rules: Rules, hands: Sequence[Sequence[Tile]]
) -> tuple[int | None, Tile | None]:
    """Who opens round one and with what, by RULES.md (the seat is None for the random
    opening: then the tile is the leader's heaviest, checked by the caller)."""
    opening = rules.opening
    held = {tile: seat for seat, hand in enumerate(hands) for tile in hand}
    top = rules.highest
    doubles = [Tile(n, n) for n in range(top, -1, -1)]
    heaviest = max(held, key=lambda tile: (tile.pips, tile.high))
    if opening is Opening.RANDOM:
        return None, None
    if opening is Opening.HEAVIEST:
        return held[heaviest], heaviest
    if opening in (Opening.HIGHEST_DOUBLE, Opening.TOP_DOUBLE):
        for tile in doubles:
            if tile in held:
                return held[tile], tile
        assert opening is Opening.HIGHEST_DOUBLE, "the top-double rule deals again"
        return held[heaviest], heaviest
    if rules.name == "jolly":
        return 0, None
    candidates: list[Tile] = []
    if rules.name in ("classica", "capra"):
        candidates.append(Tile(0, 0))
    candidates += doubles
    for tile in candidates:
        if tile in held:
            return held[tile], tile
    assert rules.name not in ("blocco", "pesca"), "blocco and pesca deal again without a double"
    return held[heaviest], heaviest


def expected_legal_tiles(state: Round) -> set[Tile]:
    hand = state.hands[state.to_move]
    if not state.line:
        return {state.lead_tile} if state.lead_tile is not None else set(hand)
    ends = open_ends(state)
    return {tile for tile in hand if fits_ends(state.rules, tile, ends)}


def expected_non_play(state: Round) -> Action:
    """With nothing playable: Draw when the variant and boneyard allow it, else Pass."""
    rules = state.rules
    if rules.draw_policy is DrawPolicy.NONE or not state.boneyard:
        return Pass()
    if rules.draw_policy is DrawPolicy.ONCE and state.drew_this_turn:
        return Pass()
    return Draw()


# --- random play ------------------------------------------------------------------------------


def random_action(
    rng: random.Random, seats: int, tiles: Sequence[Tile] = ALL_TILES
) -> tuple[Action, int | None]:
    """Any action at all, mostly illegal: random tile of *tiles*, arm, outer and seat."""
    roll = rng.random()
    action: Action
    if roll < 0.15:
        action = Draw()
    elif roll < 0.3:
        action = Pass()
    else:
        side = rng.choice([None, *Side])
        outer = rng.choice([None, *range(max(tiles).high + 1)])
        action = Play(rng.choice(tiles), side, outer)
    seat = rng.choice([None, *range(seats)])
    return action, seat


def play_out(match: Match, rng: random.Random, max_actions: int = 20_000) -> list[Event]:
    """Play the whole match with random legal actions; every event, in order."""
    events: list[Event] = list(match.opening_events())
    for _ in range(max_actions):
        if match.is_over:
            return events
        if match.round.is_over:
            events.extend(match.next_round())
            continue
        events.extend(match.apply(rng.choice(match.legal_actions())))
    raise AssertionError("the match did not end")


def new_match(variant: str, seats: int, pairs: bool, seed: int, **options: Any) -> Match:
    settings = Settings(variant=variant, seats=seats, pairs=pairs, **options)
    return Match(settings, seed=seed)
