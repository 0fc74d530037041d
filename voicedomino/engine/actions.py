"""Actions a seat can take: play a tile on an arm, draw, pass. Immutable, like chess moves."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from voicedomino.engine.tiles import Tile


class Side(Enum):
    """An arm of the table, named by the end it grows from.

    Every table has the line's two ends: the head (testa) on the left, the tail (coda) on the
    right. A spinner (a lead double, with the table's spinner option on) also opens UP (sopra)
    and DOWN (sotto).
    """

    HEAD = "head"
    TAIL = "tail"
    UP = "up"
    DOWN = "down"


LINE_SIDES: tuple[Side, ...] = (Side.HEAD, Side.TAIL)
SPINNER_SIDES: tuple[Side, ...] = (Side.HEAD, Side.TAIL, Side.UP, Side.DOWN)
# Where a tile goes when the player does not say and every arm it fits shows the same number.
DEFAULT_SIDE_ORDER: tuple[Side, ...] = (Side.TAIL, Side.HEAD, Side.UP, Side.DOWN)


@dataclass(frozen=True, slots=True)
class Play:
    """Play *tile* on the arm *side*, leaving *outer* as that arm's new end.

    *side* and *outer* may be left as None: the engine then resolves them by the rules
    (the only arm the tile fits; when every arm it fits shows the same number, the first of
    tail, head, up, down) or refuses with a reason asking for the missing choice. The actions
    listed by ``legal_actions()`` always have both set.
    """

    tile: Tile
    side: Side | None = None
    outer: int | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Take tiles from the boneyard: one, or until a playable one comes, per the variant."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up the turn: only when there is nothing to play and nothing left to draw."""


Action = Play | Draw | Pass
