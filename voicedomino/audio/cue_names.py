"""The names of the game's cue sounds, without any audio dependency (the dialog imports this)."""

from __future__ import annotations

from enum import StrEnum


class Cue(StrEnum):
    """Every cue the game can play; the value is the WAV file's stem."""

    YOUR_TURN = "your_turn"
    PLACE_HEAD_YOU = "place_head_you"
    PLACE_TAIL_YOU = "place_tail_you"
    PLACE_HEAD_OTHER = "place_head_other"
    PLACE_TAIL_OTHER = "place_tail_other"
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
