"""The simple players: random (casuale), heaviest-first (pesante) and the beginner (facile)."""

from __future__ import annotations

import random

from voicedomino.engine.actions import Action, Play
from voicedomino.engine.view import SeatView
from voicedomino.players.base import legal_or_raise
from voicedomino.players.levels import Level


class RandomPlayer:
    """Any legal action, uniformly at random."""

    name = "casuale"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(legal_or_raise(view))


class HeaviestFirstPlayer:
    """The classic baseline: play the tile with the most pips (the first listed way of it)."""

    name = "pesante"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        actions = legal_or_raise(view)
        return max(
            actions,
            key=lambda a: (a.tile.pips, a.tile.is_double) if isinstance(a, Play) else (-1, False),
        )


class BeginnerPlayer:
    """A beginner: mostly random, with a slight preference for heavier tiles."""

    name = Level.FACILE

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        actions = legal_or_raise(view)
        weights = [1.0 + a.tile.pips / 8.0 if isinstance(a, Play) else 1.0 for a in actions]
        return rng.choices(actions, weights=weights)[0]
