"""Why an action is refused: a reason code plus the facts the dialog needs to say it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from voicedomino.engine.actions import Side
from voicedomino.engine.tiles import Tile


class Reason(Enum):
    NOT_YOUR_TURN = "not_your_turn"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
    ROUND_NOT_OVER = "round_not_over"
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    MUST_LEAD_WITH = "must_lead_with"
    DOES_NOT_FIT = "does_not_fit"  # fits no open arm
    DOES_NOT_FIT_SIDE = "does_not_fit_side"  # fits other arms only (``sides``)
    NO_SUCH_SIDE = "no_such_side"  # the arm named is not on this table (sopra without spinner)
    SIDE_NEEDED = "side_needed"  # fits several arms (``sides``) showing different numbers
    OUTER_NOT_POSSIBLE = "outer_not_possible"
    MUST_PLAY_BONUS = "must_play_bonus"  # a bonus turn with a playable tile in hand
    MUST_PLAY = "must_play"  # cannot draw or pass while holding a playable tile
    ALREADY_DREW = "already_drew"
    BONEYARD_EMPTY = "boneyard_empty"
    NO_DRAWING = "no_drawing"  # the variant has no boneyard to draw from
    MUST_DRAW = "must_draw"  # cannot pass while the boneyard still has tiles


@dataclass(frozen=True)
class Refusal:
    """The facts behind a refusal; every field the reason needs is set."""

    reason: Reason
    seat: int | None = None
    tile: Tile | None = None
    head: int | None = None
    tail: int | None = None
    playable: Tile | None = None  # one tile the seat could play instead
    expected_seat: int | None = None
    up: int | None = None  # the spinner's other arms, when the table has them
    down: int | None = None
    sides: tuple[Side, ...] = ()  # the arms the tile fits (refusals about a play's arm)
    side: Side | None = None  # the arm the player named


class IllegalAction(Exception):
    """Raised by ``apply`` for a refused action; the state is unchanged."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(f"illegal action: {refusal}")
        self.refusal = refusal

    @property
    def reason(self) -> Reason:
        return self.refusal.reason


class SaveError(ValueError):
    """A saved document that cannot be loaded: malformed, inconsistent or from a future version.

    `key` names the problem for the front ends (which word it), as other errors' keys do.
    """

    key: ClassVar[str] = "save_corrupt"


class NewerSaveError(SaveError):
    """A document written by a newer version of the game: whole, perhaps, but not readable here."""

    key: ClassVar[str] = "save_newer"
