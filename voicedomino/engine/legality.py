"""Which actions a seat may take, computed only from what that seat can see.

The round state and the seat's view both call these functions, so an opponent deciding from its
view gets exactly the engine's legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicedomino.engine.actions import Action, Draw, Pass, Play, Side
from voicedomino.engine.errors import IllegalAction, Reason, Refusal
from voicedomino.engine.rules import DrawPolicy, Rules
from voicedomino.engine.tiles import Tile


@dataclass(frozen=True)
class Turn:
    """What the seat to move knows that matters for legality."""

    seat: int
    hand: tuple[Tile, ...]
    head: int | None  # None while the line is empty
    tail: int | None
    lead_tile: Tile | None  # the compulsory opening tile, if any
    boneyard_count: int
    drew_this_turn: bool
    bonus_turn: bool

    @property
    def is_lead(self) -> bool:
        return self.head is None


def end_number(turn: Turn, side: Side) -> int:
    end = turn.head if side is Side.HEAD else turn.tail
    assert end is not None
    return end


def plays_of(rules: Rules, turn: Turn, tile: Tile) -> list[Play]:
    """Every fully specified play of *tile* (it need not be in the hand)."""
    if turn.is_lead:
        if turn.lead_tile is not None and tile != turn.lead_tile:
            return []
        return [Play(tile, Side.TAIL, tile.high)]
    return [
        Play(tile, side, outer)
        for side in (Side.HEAD, Side.TAIL)
        for outer in rules.outers(tile, end_number(turn, side))
    ]


def playable_moves(rules: Rules, turn: Turn) -> list[Play]:
    return [play for tile in sorted(set(turn.hand)) for play in plays_of(rules, turn, tile)]


def can_draw(rules: Rules, turn: Turn) -> bool:
    if rules.draw_policy is DrawPolicy.NONE or turn.boneyard_count == 0:
        return False
    return not (rules.draw_policy is DrawPolicy.ONCE and turn.drew_this_turn)


def legal_actions(rules: Rules, turn: Turn) -> list[Action]:
    plays: list[Action] = list(playable_moves(rules, turn))
    if plays:
        return plays
    return [Draw()] if can_draw(rules, turn) else [Pass()]


def resolve(rules: Rules, turn: Turn, action: Action) -> Action:
    """The action made fully specific, or IllegalAction with the reason."""
    if isinstance(action, Play):
        return _resolve_play(rules, turn, action)
    playable = playable_moves(rules, turn)
    if playable:
        reason = Reason.MUST_PLAY_BONUS if turn.bonus_turn else Reason.MUST_PLAY
        raise _refuse(turn, reason, playable=playable[0].tile)
    if isinstance(action, Draw):
        if rules.draw_policy is DrawPolicy.NONE:
            raise _refuse(turn, Reason.NO_DRAWING)
        if rules.draw_policy is DrawPolicy.ONCE and turn.drew_this_turn:
            raise _refuse(turn, Reason.ALREADY_DREW)
        if turn.boneyard_count == 0:
            raise _refuse(turn, Reason.BONEYARD_EMPTY)
        return action
    if can_draw(rules, turn):
        raise _refuse(turn, Reason.MUST_DRAW)
    return action


def _resolve_play(rules: Rules, turn: Turn, play: Play) -> Play:
    tile = play.tile
    if tile not in turn.hand:
        raise _refuse(turn, Reason.TILE_NOT_IN_HAND, tile=tile)
    if turn.is_lead:
        options = plays_of(rules, turn, tile)
        if not options:
            raise _refuse(turn, Reason.MUST_LEAD_WITH, tile=turn.lead_tile)
        return options[0]
    fitting = [
        side for side in (Side.HEAD, Side.TAIL) if rules.outers(tile, end_number(turn, side))
    ]
    if not fitting:
        raise _refuse(turn, Reason.DOES_NOT_FIT, tile=tile)
    side = play.side
    if side is None:
        if len(fitting) == 1:
            side = fitting[0]
        elif turn.head == turn.tail:
            side = Side.TAIL  # same number at both ends: the tile goes to the tail
        else:
            raise _refuse(turn, Reason.SIDE_NEEDED, tile=tile)
    elif side not in fitting:
        raise _refuse(turn, Reason.DOES_NOT_FIT_SIDE, tile=tile)
    end = end_number(turn, side)
    outer = play.outer
    if outer is None:
        outer = rules.default_outer(tile, end)
    elif outer not in rules.outers(tile, end):
        raise _refuse(turn, Reason.OUTER_NOT_POSSIBLE, tile=tile)
    return Play(tile, side, outer)


def _refuse(
    turn: Turn, reason: Reason, *, tile: Tile | None = None, playable: Tile | None = None
) -> IllegalAction:
    return IllegalAction(
        Refusal(
            reason, seat=turn.seat, tile=tile, head=turn.head, tail=turn.tail, playable=playable
        )
    )
