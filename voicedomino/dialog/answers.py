"""Answers to the human's questions about the table, computed from the human seat's view only."""

from __future__ import annotations

import random
from collections.abc import Callable

from voicedomino.dialog.intents import Query
from voicedomino.dialog.narration import team_labels, team_members
from voicedomino.engine import (
    Draw,
    Outcome,
    Passed,
    Play,
    RoundEnded,
    SeatView,
    Side,
    Tile,
    TilePlayed,
    TilesDrawn,
)
from voicedomino.engine.legality import playable_moves
from voicedomino.italian import messages as it
from voicedomino.players import suggest

LINE_COMPRESS_OVER = 8  # longer lines are told by their two ends only
ARM_COMPRESS_OVER = 3  # on a spinner table, longer arms are told by their first and last tiles


def end(view: SeatView, side: Side) -> str:
    layout = view.layout
    if layout.is_empty:
        return it.empty_table()
    if side not in layout.sides():
        return it.no_such_arm(side)
    return it.end_value(side, layout.end(side))


def ends(view: SeatView) -> str:
    if view.layout.is_empty:
        return it.empty_table()
    return it.table_ends(view.layout.ends())


def line(view: SeatView, detailed: bool) -> str:
    if view.layout.has_spinner:
        return spinner_table(view, len(view.layout) if detailed else ARM_COMPRESS_OVER)
    return it.line(view.line, len(view.line) if detailed else LINE_COMPRESS_OVER)


def spinner_table(view: SeatView, compress_over: int) -> str:
    """The cross and each arm from it outward: testa, coda, sopra, sotto."""
    layout = view.layout
    spinner = layout.spinner
    assert spinner is not None
    arms = [(side, layout.arm(side)) for side in layout.sides()]
    return it.spinner_table(spinner.low, arms, compress_over)


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
    if len(set(view.layout.numbers())) <= 1:  # one number everywhere: no arm to name
        return it.playable([(t, []) for t in sides])
    return it.playable(list(sides.items()))


def playable_tiles_with(view: SeatView, number: int) -> list[Tile]:
    return sorted({p.tile for p in playable_moves(view.rules, view.turn()) if p.tile.has(number)})


def playable_with(view: SeatView, number: int) -> str:
    return it.playable_with_number(number, playable_tiles_with(view, number))


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
    """The opponents' tile counts; in pairs the partner is named on its own, never among them."""
    partner = view.rules.partner_of(view.seat)
    others = [(s, n) for s, n in enumerate(view.hand_counts) if s not in (view.seat, partner)]
    text = it.opponents(others)
    if partner is not None:
        text += " " + it.partner_count(partner, view.hand_counts[partner])
    return text


def scores(view: SeatView) -> str:
    rules = view.rules
    return it.scores(
        team_labels(rules, view.seat),
        view.scores,
        rules.target,
        rules.lower_score_wins,
        team_members(rules),
    )


def turn(view: SeatView) -> str:
    if view.round_result is not None:
        return it.round_is_over()
    return it.turn_of(view.to_move)


def last_move(view: SeatView) -> str:
    for event in reversed(view.history):
        if isinstance(event, TilePlayed):
            if it.is_you(event.seat):
                return it.you_played(event.tile, event.side, event.lead)
            return it.other_played(event.seat, event.tile, event.side, event.lead)
        if isinstance(event, TilesDrawn):
            return (
                it.you_drew(event.tiles)
                if it.is_you(event.seat)
                else it.other_drew(event.seat, event.count)
            )
        if isinstance(event, Passed):
            return it.you_passed() if it.is_you(event.seat) else it.other_passed(event.seat)
    return it.no_moves_yet()


def whole_line(view: SeatView) -> str:
    if view.layout.has_spinner:
        return spinner_table(view, len(view.layout))
    return it.line(view.line, len(view.line))


def line_from_tail(view: SeatView) -> str:
    if view.layout.has_spinner:  # every arm is read from the cross outward, coda among them
        return spinner_table(view, len(view.layout))
    return it.line_from_tail(view.line)


def number_status(view: SeatView, number: int) -> str:
    on_table = sorted((t for t in view.line_tiles() if t.has(number)), reverse=True)
    mine = sorted((t for t in view.hand if t.has(number)), reverse=True)
    unseen = sorted((t for t in view.unseen_tiles() if t.has(number)), reverse=True)
    return it.number_status(number, on_table, mine, unseen)


def number_missing(view: SeatView, number: int) -> str:
    unseen = sorted((t for t in view.unseen_tiles() if t.has(number)), reverse=True)
    return it.number_missing(number, unseen)


def _told(event: object) -> str | None:
    """One public event, as narration says it."""
    if isinstance(event, TilePlayed):
        if it.is_you(event.seat):
            return it.you_played(event.tile, event.side, event.lead)
        return it.other_played(event.seat, event.tile, event.side, event.lead)
    if isinstance(event, TilesDrawn):
        if it.is_you(event.seat):
            return it.you_drew(event.tiles)
        return it.other_drew(event.seat, event.count)
    if isinstance(event, Passed):
        return it.you_passed() if it.is_you(event.seat) else it.other_passed(event.seat)
    return None


def player(view: SeatView, seat: int) -> str:
    if seat >= view.rules.seats:
        return it.no_such_player(seat)
    last = next(
        (_told(e) for e in reversed(view.history) if getattr(e, "seat", None) == seat), None
    )
    partner = view.rules.partner_of(view.seat) == seat
    return it.player_status(seat, view.hand_counts[seat], last, partner)


def moves_since_my_turn(view: SeatView) -> list[str]:
    """Each move since the player's own last action (this round's), as narration says it."""
    history = list(view.history)
    mine = [i for i, e in enumerate(history) if getattr(e, "seat", None) == view.seat]
    start = mine[-1] + 1 if mine else 0
    return [t for t in (_told(e) for e in history[start:]) if t]


def since_my_turn(view: SeatView) -> str:
    """Everything since the player's own last action, as one answer."""
    told = moves_since_my_turn(view)
    if not told:
        return it.nothing_new()
    text = it.since_your_turn(told)
    if not view.layout.is_empty:
        text += " " + it.table_ends(view.layout.ends())
    return text


def player_score(view: SeatView, seat: int) -> str:
    if seat >= view.rules.seats:
        return it.no_such_player(seat)
    team = view.rules.team_of(seat)
    return it.player_score(seat, view.scores[team], view.rules.pairs)


def partner(view: SeatView) -> str:
    seat = view.rules.partner_of(view.seat)
    if seat is None:
        return it.no_partner()
    return it.partner_count(seat, view.hand_counts[seat])


def target(view: SeatView) -> str:
    rules = view.rules
    needed = None
    if rules.target and not rules.lower_score_wins:
        needed = max(0, rules.target - view.scores[view.team])
    return it.target_status(rules.target, needed, rules.lower_score_wins)


def last_round(view: SeatView, ended: RoundEnded | None) -> str:
    if ended is None:
        return it.no_round_finished() if view.round_number <= 1 else _ended_before(view)
    result = ended.result
    rules = view.rules
    labels = team_labels(rules, view.seat)
    if result.outcome is Outcome.DOMINO and result.out_seat is not None:
        head = it.round_domino(result.out_seat)
    else:
        head = it.round_blocked()
    if result.winner is None:
        outcome = it.round_draw()
    else:
        outcome = it.round_winner(labels[result.winner], result.points[result.winner])
    hands = it.hands_revealed(list(enumerate(ended.hands)))
    return " ".join((head, outcome, hands))


def _ended_before(view: SeatView) -> str:
    """The last hand ended before this session (a match resumed from its save, a table
    joined later): over, with only the score kept."""
    return it.round_before_resume(scores(view))


def winner(view: SeatView, ended: RoundEnded | None) -> str:
    labels, members = team_labels(view.rules, view.seat), team_members(view.rules)
    if view.match_result is not None:
        won = view.match_result.winner
        return it.match_won(labels[won], members[won] if members else None)
    if ended is None:
        return it.nobody_won_yet() if view.round_number <= 1 else _ended_before(view)
    if ended.result.winner is None:
        return it.round_draw()
    return it.round_winner(labels[ended.result.winner], ended.result.points[ended.result.winner])


def answer(
    query: Query,
    view: SeatView,
    *,
    detailed: bool,
    rng: random.Random,
    last_round_ended: RoundEnded | None = None,
) -> str:
    """The spoken answer to one question about the table."""
    match query:
        case Query.LINE:
            return line(view, detailed)
        case Query.PLAYABLE | Query.HINT if not view.is_my_turn:
            return turn(view)
        case Query.HINT:
            return hint(view, rng)
        case Query.LAST_ROUND:
            return last_round(view, last_round_ended)
        case Query.WINNER:
            return winner(view, last_round_ended)
    return _FROM_THE_VIEW[query](view)


def _leader_answer(view: SeatView) -> str:
    opened = next((e for e in view.history if isinstance(e, TilePlayed) and e.lead), None)
    return it.leader(view.leader, opened.tile if opened else None)


# The questions answered from the view alone.
_FROM_THE_VIEW: dict[Query, Callable[[SeatView], str]] = {
    Query.ENDS: ends,
    Query.HAND: hand,
    Query.PLAYABLE: playable,
    Query.BONEYARD: boneyard,
    Query.OPPONENTS: opponents,
    Query.SCORE: scores,
    Query.TURN: turn,
    Query.LAST_MOVE: last_move,
    Query.WHOLE_LINE: whole_line,
    Query.LINE_FROM_TAIL: line_from_tail,
    Query.SINCE_MY_TURN: since_my_turn,
    Query.PARTNER: partner,
    Query.TARGET: target,
    Query.LEADER: _leader_answer,
    Query.ROUND_NUMBER: lambda view: it.round_number(view.round_number),
}
