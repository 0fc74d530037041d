"""Which actions a seat may take, computed only from what that seat can see.

The round state and the seat's view both call these functions, so an opponent deciding from its
view gets exactly the engine's legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicedomino.engine.actions import DEFAULT_SIDE_ORDER, Action, Draw, Pass, Play, Side
from voicedomino.engine.errors import IllegalAction, Reason, Refusal
from voicedomino.engine.layout import Layout
from voicedomino.engine.rules import DrawPolicy, Rules
from voicedomino.engine.tiles import Tile


@dataclass(frozen=True)
class Turn:
    """What the seat to move knows that matters for legality."""

    seat: int
    hand: tuple[Tile, ...]
    layout: Layout  # the table
    lead_tile: Tile | None  # the compulsory opening tile, if any
    boneyard_count: int
    drew_this_turn: bool
    bonus_turn: bool

    @property
    def is_lead(self) -> bool:
        return self.layout.is_empty

    @property
    def head(self) -> int | None:
        return self.layout.head

    @property
    def tail(self) -> int | None:
        return self.layout.tail


def end_number(turn: Turn, side: Side) -> int:
    return turn.layout.end(side)


def plays_of(rules: Rules, turn: Turn, tile: Tile) -> list[Play]:
    """Every fully specified play of *tile* (it need not be in the hand)."""
    if turn.is_lead:
        if turn.lead_tile is not None and tile != turn.lead_tile:
            return []
        return [Play(tile, Side.TAIL, tile.high)]
    layout = turn.layout
    return [
        Play(tile, side, outer)
        for side in layout.sides()
        for outer in rules.outers(tile, layout.end(side))
    ]


def fitting_sides(rules: Rules, layout: Layout, tile: Tile) -> tuple[Side, ...]:
    """The open arms *tile* fits, in the order testa, coda, sopra, sotto."""
    return tuple(side for side in layout.sides() if rules.outers(tile, layout.end(side)))


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


def default_side(layout: Layout, fitting: tuple[Side, ...]) -> Side | None:
    """Where a tile fitting the arms *fitting* goes when the player does not say: the only arm;
    when every one shows the same number, the first of coda, testa, sopra, sotto; else None."""
    if len({layout.end(side) for side in fitting}) != 1:
        return None
    return next(side for side in DEFAULT_SIDE_ORDER if side in fitting)


def _resolve_play(rules: Rules, turn: Turn, play: Play) -> Play:
    tile = play.tile
    if tile not in turn.hand:
        raise _refuse(turn, Reason.TILE_NOT_IN_HAND, tile=tile)
    if turn.is_lead:
        options = plays_of(rules, turn, tile)
        if not options:
            raise _refuse(turn, Reason.MUST_LEAD_WITH, tile=turn.lead_tile)
        return options[0]
    fitting = fitting_sides(rules, turn.layout, tile)
    if not fitting:
        raise _refuse(turn, Reason.DOES_NOT_FIT, tile=tile)
    side = play.side
    if side is None:
        side = default_side(turn.layout, fitting)
        if side is None:
            raise _refuse(turn, Reason.SIDE_NEEDED, tile=tile, sides=fitting)
    elif side not in turn.layout.sides():
        raise _refuse(turn, Reason.NO_SUCH_SIDE, tile=tile, sides=fitting, side=side)
    elif side not in fitting:
        raise _refuse(turn, Reason.DOES_NOT_FIT_SIDE, tile=tile, sides=fitting, side=side)
    end = end_number(turn, side)
    outer = play.outer
    if outer is None:
        outer = rules.default_outer(tile, end)
    elif outer not in rules.outers(tile, end):
        raise _refuse(turn, Reason.OUTER_NOT_POSSIBLE, tile=tile, side=side)
    return Play(tile, side, outer)


def _refuse(
    turn: Turn,
    reason: Reason,
    *,
    tile: Tile | None = None,
    playable: Tile | None = None,
    sides: tuple[Side, ...] = (),
    side: Side | None = None,
) -> IllegalAction:
    layout = turn.layout
    return IllegalAction(
        Refusal(
            reason,
            seat=turn.seat,
            tile=tile,
            head=layout.head,
            tail=layout.tail,
            playable=playable,
            up=layout.up_end,
            down=layout.down_end,
            sides=sides,
            side=side,
        )
    )
