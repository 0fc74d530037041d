"""The tiles on the table as a layout of open arms: a line (testa to coda) and, when the lead is
a spinner, two more arms (sopra, sotto) growing from it.

A layout is an immutable value: placing a tile gives a new layout. Without a spinner it is
exactly the line the game always had.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicedomino.engine.actions import LINE_SIDES, SPINNER_SIDES, Side
from voicedomino.engine.tiles import Tile

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Layout:
    """*line*: the tiles from the head to the tail, left half first (the spinner among them);
    *spinner_at*: the spinner's index in *line*, None without a spinner; *up*, *down*: the
    tiles of the two other arms from the spinner outward, as (joined half, outer half)."""

    line: tuple[Pair, ...] = ()
    spinner_at: int | None = None
    up: tuple[Pair, ...] = ()
    down: tuple[Pair, ...] = ()

    # --- reading ------------------------------------------------------------------------

    @property
    def is_empty(self) -> bool:
        return not self.line

    @property
    def has_spinner(self) -> bool:
        return self.spinner_at is not None

    @property
    def spinner(self) -> Tile | None:
        if self.spinner_at is None:
            return None
        return Tile.of(*self.line[self.spinner_at])

    @property
    def head(self) -> int | None:
        return self.line[0][0] if self.line else None

    @property
    def tail(self) -> int | None:
        return self.line[-1][1] if self.line else None

    @property
    def up_end(self) -> int | None:
        """The open number of the arm above the spinner; None without a spinner."""
        return self._spinner_arm_end(self.up)

    @property
    def down_end(self) -> int | None:
        return self._spinner_arm_end(self.down)

    def _spinner_arm_end(self, arm: tuple[Pair, ...]) -> int | None:
        if self.spinner_at is None:
            return None
        return arm[-1][1] if arm else self.line[self.spinner_at][1]

    def sides(self) -> tuple[Side, ...]:
        """The open arms, in the order testa, coda, sopra, sotto; none on an empty table."""
        if not self.line:
            return ()
        return SPINNER_SIDES if self.spinner_at is not None else LINE_SIDES

    def end(self, side: Side) -> int:
        """The open number of the arm *side*; ValueError when the table has no such arm."""
        number = {
            Side.HEAD: self.head,
            Side.TAIL: self.tail,
            Side.UP: self.up_end,
            Side.DOWN: self.down_end,
        }[side]
        if number is None:
            raise ValueError(f"no {side.value} arm on this table")
        return number

    def ends(self) -> tuple[tuple[Side, int], ...]:
        """Every open arm with its number, testa, coda, sopra, sotto."""
        return tuple((side, self.end(side)) for side in self.sides())

    def numbers(self) -> tuple[int, ...]:
        """The open numbers, arm by arm (a number shown by two arms is listed twice)."""
        return tuple(self.end(side) for side in self.sides())

    def arm(self, side: Side) -> tuple[Pair, ...]:
        """The tiles of one arm of a spinner table from the spinner outward, each as (joined
        half, outer half); the spinner itself is in none of them."""
        if self.spinner_at is None:
            raise ValueError("only a spinner table has arms")
        if side is Side.HEAD:
            return tuple((b, a) for a, b in reversed(self.line[: self.spinner_at]))
        if side is Side.TAIL:
            return self.line[self.spinner_at + 1 :]
        return self.up if side is Side.UP else self.down

    def pairs(self) -> tuple[Pair, ...]:
        """Every tile on the table as laid: the line, then the arm above, then the one below."""
        return self.line + self.up + self.down

    def tiles(self) -> list[Tile]:
        return [Tile.of(a, b) for a, b in self.pairs()]

    def __len__(self) -> int:
        return len(self.line) + len(self.up) + len(self.down)

    # --- placing --------------------------------------------------------------------------

    @classmethod
    def opened_with(cls, tile: Tile, outer: int, *, spinner: bool) -> Layout:
        """The table after the lead; a double opens four arms when *spinner* is on."""
        pair = (tile.other(outer), outer)
        return cls((pair,), 0 if spinner and tile.is_double else None)

    def placed(self, side: Side, joined: int, outer: int) -> Layout:
        """This layout with a tile joined at *side* by its *joined* half, *outer* left open."""
        if side not in self.sides():
            raise ValueError(f"no {side.value} arm on this table")
        if side is Side.HEAD:
            at = None if self.spinner_at is None else self.spinner_at + 1
            return Layout(((outer, joined), *self.line), at, self.up, self.down)
        if side is Side.TAIL:
            return Layout((*self.line, (joined, outer)), self.spinner_at, self.up, self.down)
        if side is Side.UP:
            return Layout(self.line, self.spinner_at, (*self.up, (joined, outer)), self.down)
        return Layout(self.line, self.spinner_at, self.up, (*self.down, (joined, outer)))
