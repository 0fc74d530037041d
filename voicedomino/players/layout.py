"""The table as the players read it: the numbers its open ends show, in the engine's order.

The only module of the players that knows how the engine lays tiles out; every other reads
lists of open numbers (an empty list before the lead).
"""

from __future__ import annotations

from voicedomino.engine.actions import Play, Side
from voicedomino.engine.events import Passed, TilePlayed, TilesDrawn
from voicedomino.engine.round import Round
from voicedomino.engine.view import SeatView


def line_ends(head: int | None, tail: int | None) -> list[int]:
    """The open ends' numbers of a line (none before the lead)."""
    if head is None or tail is None:
        return []
    return [head, tail]


def view_ends(view: SeatView) -> list[int]:
    """The numbers the open ends show in the seat's view."""
    return line_ends(view.head, view.tail)


def round_ends(round_: Round) -> list[int]:
    return line_ends(round_.head, round_.tail)


def ends_after(event: TilePlayed) -> list[int]:
    """The open ends once the tile was laid."""
    return [event.head, event.tail]


def ends_faced(event: TilesDrawn | Passed) -> list[int]:
    """The open ends the seat could not match when it drew or passed."""
    return line_ends(event.head, event.tail)


def joined_end(ends: list[int], play: Play) -> int | None:
    """The number of the end *play* joins (None when it leads)."""
    if not ends:
        return None
    return ends[0] if play.side is Side.HEAD else ends[-1]


def ends_after_play(ends: list[int], play: Play) -> list[int]:
    """The open ends once *play* is laid on a table showing *ends*."""
    assert play.outer is not None
    if not ends:
        return [play.tile.other(play.outer), play.outer]
    if play.side is Side.HEAD:
        return [play.outer, *ends[1:]]
    return [*ends[:-1], play.outer]
