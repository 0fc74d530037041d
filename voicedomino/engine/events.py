"""What happened, told as events so that the dialog can narrate without diffing states."""

from __future__ import annotations

from dataclasses import dataclass, replace

from voicedomino.engine.actions import Side
from voicedomino.engine.rules import MatchResult, RoundResult
from voicedomino.engine.tiles import Tile


@dataclass(frozen=True)
class RoundStarted:
    round_number: int  # 1 for the first round
    leader: int
    lead_tile: Tile | None  # None: the leader may open with any tile
    redeals: int  # deals thrown in because nobody held a double (blocco, pesca)


@dataclass(frozen=True)
class TilePlayed:
    seat: int
    tile: Tile
    side: Side
    head: int  # the ends after the play
    tail: int
    lead: bool  # the first tile of the round
    up: int | None = None  # the spinner's other arms after the play; None without a spinner
    down: int | None = None


@dataclass(frozen=True)
class TilesDrawn:
    seat: int
    count: int
    tiles: tuple[Tile, ...]  # empty in the views of the other seats
    head: int | None  # the ends the seat could not match
    tail: int | None
    boneyard_left: int
    up: int | None = None  # the spinner's other arms; None without a spinner
    down: int | None = None


@dataclass(frozen=True)
class Passed:
    seat: int
    head: int | None  # the ends the seat could not match
    tail: int | None
    up: int | None = None  # the spinner's other arms; None without a spinner
    down: int | None = None


@dataclass(frozen=True)
class BonusTurn:
    """The seat played a double and plays again."""

    seat: int


@dataclass(frozen=True)
class TurnStarted:
    seat: int


@dataclass(frozen=True)
class RoundEnded:
    result: RoundResult
    hands: tuple[tuple[Tile, ...], ...]  # revealed at the end of the round
    scores: tuple[int, ...]  # per team, after this round


@dataclass(frozen=True)
class MatchEnded:
    result: MatchResult


Event = (
    RoundStarted
    | TilePlayed
    | TilesDrawn
    | Passed
    | BonusTurn
    | TurnStarted
    | RoundEnded
    | MatchEnded
)


def open_numbers(event: TilePlayed | TilesDrawn | Passed) -> tuple[int, ...]:
    """The numbers the table showed with the event (after a play; before a draw or a pass),
    arm by arm: testa, coda, then sopra and sotto on a spinner table."""
    ends = (event.head, event.tail, event.up, event.down)
    return tuple(number for number in ends if number is not None)


def masked_for(event: Event, seat: int) -> Event:
    """The event as *seat* may know it: other seats' drawn tiles are hidden."""
    if isinstance(event, TilesDrawn) and event.seat != seat:
        return replace(event, tiles=())
    return event
