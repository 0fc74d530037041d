"""The rules engine: a pure, deterministic core with no audio, no I/O and no wording.

match = Match(Settings(variant="classica"), seed=7)
match.legal_actions()          # [Play(Tile(0, 0), Side.TAIL, 0), ...]: a Play names its arm
match.view(seat).layout        # the table: testa, coda and, with a spinner, sopra and sotto
events = match.apply(action)   # IllegalAction(refusal) leaves everything unchanged
match.view(seat)               # what that seat may know; opponents get only this
match.result                   # MatchResult once the match is over
Match.restore(Round.restore(rules, round_state), seed=..., rng=..., scores=...)  # a saved match
"""

from voicedomino.engine.actions import Action, Draw, Pass, Play, Side
from voicedomino.engine.errors import IllegalAction, NewerSaveError, Reason, Refusal, SaveError
from voicedomino.engine.events import (
    BonusTurn,
    Event,
    MatchEnded,
    Passed,
    RoundEnded,
    RoundStarted,
    TilePlayed,
    TilesDrawn,
    TurnStarted,
    open_numbers,
)
from voicedomino.engine.layout import Layout
from voicedomino.engine.match import Match
from voicedomino.engine.round import Round, RoundState
from voicedomino.engine.rules import (
    VARIANTS,
    DrawPolicy,
    MatchResult,
    Opening,
    Outcome,
    RoundResult,
    Rules,
    Settings,
    make_rules,
)
from voicedomino.engine.tiles import ALL_TILES, TILE_SETS, Tile, tile_set
from voicedomino.engine.view import SeatView

__all__ = [
    "ALL_TILES",
    "TILE_SETS",
    "VARIANTS",
    "Action",
    "BonusTurn",
    "Draw",
    "DrawPolicy",
    "Event",
    "IllegalAction",
    "Layout",
    "Match",
    "MatchEnded",
    "MatchResult",
    "NewerSaveError",
    "Opening",
    "Outcome",
    "Pass",
    "Passed",
    "Play",
    "Reason",
    "Refusal",
    "Round",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "RoundState",
    "Rules",
    "SaveError",
    "SeatView",
    "Settings",
    "Side",
    "Tile",
    "TilePlayed",
    "TilesDrawn",
    "TurnStarted",
    "make_rules",
    "open_numbers",
    "tile_set",
]
