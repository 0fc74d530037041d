"""The table as the players read it: the numbers its open arms show, in the engine's order of
the arms (testa, coda, then sopra and sotto on a spinner table).

The only module of the players that knows how the engine lays tiles out; every other reads
lists of open numbers (an empty list before the lead).
"""

from __future__ import annotations

from voicedomino.engine.actions import Play
from voicedomino.engine.events import Passed, TilePlayed, TilesDrawn, open_numbers
from voicedomino.engine.layout import Layout
from voicedomino.engine.round import Round
from voicedomino.engine.rules import Rules
from voicedomino.engine.view import SeatView


def view_ends(view: SeatView) -> list[int]:
    """The numbers the open arms show in the seat's view."""
    return list(view.layout.numbers())


def round_ends(round_: Round) -> list[int]:
    return list(round_.layout.numbers())


def ends_after(event: TilePlayed) -> list[int]:
    """The open arms' numbers once the tile was laid."""
    return list(open_numbers(event))


def ends_faced(event: TilesDrawn | Passed) -> list[int]:
    """The open arms' numbers the seat could not match when it drew or passed."""
    return list(open_numbers(event))


def joined_end(layout: Layout, play: Play) -> int | None:
    """The number of the arm *play* joins (None when it leads)."""
    if layout.is_empty:
        return None
    assert play.side is not None
    return layout.end(play.side)


def ends_after_play(rules: Rules, layout: Layout, play: Play) -> list[int]:
    """The open arms' numbers once *play* is laid on *layout*."""
    assert play.side is not None and play.outer is not None
    tile, outer = play.tile, play.outer
    if layout.is_empty:
        return list(Layout.opened_with(tile, outer, spinner=rules.spinner).numbers())
    numbers = list(layout.numbers())
    numbers[layout.sides().index(play.side)] = outer
    return numbers
