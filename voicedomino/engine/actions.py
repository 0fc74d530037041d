"""Actions a seat can take: play a tile at an end, draw, pass. Immutable, like chess moves."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from voicedomino.engine.tiles import Tile


class Side(Enum):
    """The two ends of the line: the head (testa) is the left end, the tail (coda) the right."""

    HEAD = "head"
    TAIL = "tail"


@dataclass(frozen=True, slots=True)
class Play:
    """Play *tile* at *side*, leaving *outer* as the new end.

    *side* and *outer* may be left as None: the engine then resolves them by the rules
    (the only end the tile fits; the tail when both ends show the same number) or refuses
    with a reason asking for the missing choice. The actions listed by ``legal_actions()``
    always have both set.
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
