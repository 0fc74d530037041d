"""The names of the game's cue sounds, without any audio dependency (the dialog imports this)."""

from __future__ import annotations

from enum import StrEnum


class Cue(StrEnum):
    """Every cue the game can play; the value is the WAV file's stem."""

    YOUR_TURN = "your_turn"
    PLACE_HEAD_YOU = "place_head_you"
    PLACE_TAIL_YOU = "place_tail_you"
    # Each computer seat has a timbre of its own; the game pans it to the seat's place.
    PLACE_HEAD_SEAT1 = "place_head_seat1"
    PLACE_TAIL_SEAT1 = "place_tail_seat1"
    PLACE_HEAD_SEAT2 = "place_head_seat2"
    PLACE_TAIL_SEAT2 = "place_tail_seat2"
    PLACE_HEAD_SEAT3 = "place_head_seat3"
    PLACE_TAIL_SEAT3 = "place_tail_seat3"
    # The spinner's arms above and below the line: their own figure (an octave, three notes).
    PLACE_UP_YOU = "place_up_you"
    PLACE_DOWN_YOU = "place_down_you"
    PLACE_UP_SEAT1 = "place_up_seat1"
    PLACE_DOWN_SEAT1 = "place_down_seat1"
    PLACE_UP_SEAT2 = "place_up_seat2"
    PLACE_DOWN_SEAT2 = "place_down_seat2"
    PLACE_UP_SEAT3 = "place_up_seat3"
    PLACE_DOWN_SEAT3 = "place_down_seat3"
    DRAW = "draw"
    PASS = "pass"
    INVALID = "invalid"
    BONUS = "bonus"
    ROUND_WON = "round_won"
    ROUND_LOST = "round_lost"
    BLOCKED = "blocked"
    MATCH_WON = "match_won"
    MATCH_LOST = "match_lost"
    LISTENING = "listening"
    LISTENING_END = "listening_end"


PLACE_CUES: dict[tuple[int, bool], Cue] = {
    (0, True): Cue.PLACE_HEAD_YOU,
    (0, False): Cue.PLACE_TAIL_YOU,
    (1, True): Cue.PLACE_HEAD_SEAT1,
    (1, False): Cue.PLACE_TAIL_SEAT1,
    (2, True): Cue.PLACE_HEAD_SEAT2,
    (2, False): Cue.PLACE_TAIL_SEAT2,
    (3, True): Cue.PLACE_HEAD_SEAT3,
    (3, False): Cue.PLACE_TAIL_SEAT3,
}
"""(seat, at the head) -> the cue of a tile placed there by that seat."""

ARM_CUES: dict[tuple[int, str], Cue] = {
    (0, "up"): Cue.PLACE_UP_YOU,
    (0, "down"): Cue.PLACE_DOWN_YOU,
    (1, "up"): Cue.PLACE_UP_SEAT1,
    (1, "down"): Cue.PLACE_DOWN_SEAT1,
    (2, "up"): Cue.PLACE_UP_SEAT2,
    (2, "down"): Cue.PLACE_DOWN_SEAT2,
    (3, "up"): Cue.PLACE_UP_SEAT3,
    (3, "down"): Cue.PLACE_DOWN_SEAT3,
}
"""(seat, "up" or "down") -> the cue of a tile placed on the spinner's arm above or below."""


def seat_pan(seat: int, seats: int) -> float:
    """Where a seat sits in the stereo image: left to right in turn order (with four seats:
    left, centre-left, centre-right, right); you are always on the left."""
    if seats < 2:
        return 0.0
    return -1.0 + 2.0 * seat / (seats - 1)
