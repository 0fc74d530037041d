"""Answers to the human's questions about the table, computed from the human seat's view only."""

from __future__ import annotations

import random

from voicedomino.dialog.intents import Query
from voicedomino.dialog.narration import team_labels
from voicedomino.dialog.session import HUMAN_SEAT as HUMAN
from voicedomino.engine import Draw, Passed, Play, SeatView, Side, Tile, TilePlayed, TilesDrawn
from voicedomino.engine.legality import playable_moves
from voicedomino.italian import messages as it
from voicedomino.players import suggest

LINE_COMPRESS_OVER = 8  # longer lines are told by their two ends only


def end(view: SeatView, side: Side) -> str:
    return it.end_value(side, view.head if side is Side.HEAD else view.tail)


def ends(view: SeatView) -> str:
    if view.head is None or view.tail is None:
        return it.empty_table()
    return it.ends(view.head, view.tail)


def line(view: SeatView, detailed: bool) -> str:
    return it.line(view.line, len(view.line) if detailed else LINE_COMPRESS_OVER)


def hand(view: SeatView) -> str:
    """Doubles first, then the other tiles grouped by their higher number."""
    doubles = sorted((t for t in view.hand if t.is_double), reverse=True)
    groups: dict[int, list[Tile]] = {}
    for t in sorted(view.hand, reverse=True):
        if not t.is_double:
            groups.setdefault(t.high, []).append(t)
    return it.hand(doubles, sorted(groups.items(), reverse=True))


def playable(view: SeatView) -> str:
    sides: dict[Tile, list[Side]] = {}
    for play in playable_moves(view.rules, view.turn()):
        assert play.side is not None
        found = sides.setdefault(play.tile, [])
        if play.side not in found:
            found.append(play.side)
    if not view.line or view.head == view.tail:  # one place only: no side to name
        return it.playable([(t, []) for t in sides])
    return it.playable(list(sides.items()))


def playable_with(view: SeatView, number: int) -> str:
    tiles = sorted({p.tile for p in playable_moves(view.rules, view.turn()) if p.tile.has(number)})
    return it.playable_with_number(number, tiles)


def hint(view: SeatView, rng: random.Random) -> str:
    action = suggest(view, rng)
    if isinstance(action, Play):
        assert action.side is not None
        return it.hint_play(action.tile, action.side, not view.line)
    if isinstance(action, Draw):
        return it.hint_draw()
    return it.hint_pass()


def boneyard(view: SeatView) -> str:
    if view.rules.boneyard_drawable:
        return it.boneyard(view.boneyard_count, True)
    return it.boneyard(view.set_aside_count, False)


def opponents(view: SeatView) -> str:
    return it.opponents([(seat, n) for seat, n in enumerate(view.hand_counts) if seat != HUMAN])


def scores(view: SeatView) -> str:
    rules = view.rules
    return it.scores(team_labels(rules), view.scores, rules.target, rules.lower_score_wins)


def turn(view: SeatView) -> str:
    if view.round_result is not None:
        return it.round_is_over()
    return it.turn_of(view.to_move)


def last_move(view: SeatView) -> str:
    for event in reversed(view.history):
        if isinstance(event, TilePlayed):
            if event.seat == HUMAN:
                return it.you_played(event.tile, event.side, event.lead)
            return it.other_played(event.seat, event.tile, event.side, event.lead)
        if isinstance(event, TilesDrawn):
            return (
                it.you_drew(event.tiles)
                if event.seat == HUMAN
                else it.other_drew(event.seat, event.count)
            )
        if isinstance(event, Passed):
            return it.you_passed() if event.seat == HUMAN else it.other_passed(event.seat)
    return it.no_moves_yet()


def answer(query: Query, view: SeatView, *, detailed: bool, rng: random.Random) -> str:
    """The spoken answer to one question about the table."""
    match query:
        case Query.ENDS:
            return ends(view)
        case Query.LINE:
            return line(view, detailed)
        case Query.HAND:
            return hand(view)
        case Query.PLAYABLE:
            return playable(view) if view.is_my_turn else turn(view)
        case Query.HINT:
            return hint(view, rng) if view.is_my_turn else turn(view)
        case Query.BONEYARD:
            return boneyard(view)
        case Query.OPPONENTS:
            return opponents(view)
        case Query.SCORE:
            return scores(view)
        case Query.TURN:
            return turn(view)
        case Query.LAST_MOVE:
            return last_move(view)
