"""The medium player: the best play by the heuristic of ``heuristic``, no search."""

from __future__ import annotations

import random

from voicedomino.engine.actions import Action
from voicedomino.engine.view import SeatView
from voicedomino.players.base import legal_or_raise
from voicedomino.players.heuristic import ranked_plays
from voicedomino.players.levels import Level


class HeuristicPlayer:
    name = Level.MEDIO

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        actions = legal_or_raise(view)
        if len(actions) == 1:
            return actions[0]
        ranked = ranked_plays(view)
        best = ranked[0][0]
        # Equal scores: the first in the engine's order, so the choice depends on the view only.
        return next(action for score, action in ranked if score == best)
