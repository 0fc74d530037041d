"""Players by level, and the hint (consiglio) offered to the human."""

from __future__ import annotations

import random

from voicedomino.engine.actions import Action
from voicedomino.engine.view import SeatView
from voicedomino.players.base import Player
from voicedomino.players.difficile import SearchPlayer, SearchSettings
from voicedomino.players.levels import LEVELS, Level
from voicedomino.players.medio import HeuristicPlayer
from voicedomino.players.simple import BeginnerPlayer, HeaviestFirstPlayer, RandomPlayer
from voicedomino.players.v1 import difficile as difficile_v1

# The arena's yardsticks: heaviest first, random, and the hard player before issue 22.
BASELINES = ("pesante", "casuale", "difficile-v1")
# About a third of the hard player's search: the hint comes at once, and is still the same
# for the same view and seed.
HINT_SETTINGS = SearchSettings(samples=12, nodes=12_000)


def make_player(level: Level | str) -> Player:
    """A computer player: a Level (or its name), or a baseline of BASELINES. ValueError otherwise.

    The hard player's search is sized in samples and nodes, so its choice does not depend on
    the machine's speed or load.
    """
    if level == Level.FACILE:
        return BeginnerPlayer()
    if level == Level.MEDIO:
        return HeuristicPlayer()
    if level == Level.DIFFICILE:
        return SearchPlayer()
    if level == "pesante":
        return HeaviestFirstPlayer()
    if level == "casuale":
        return RandomPlayer()
    if level == "difficile-v1":
        return difficile_v1.SearchPlayer()
    raise ValueError(f"unknown level: {level!r} (expected one of {LEVELS + BASELINES})")


_HINT_PLAYER = SearchPlayer(HINT_SETTINGS)


def suggest(view: SeatView, rng: random.Random) -> Action:
    """The consiglio: what the strongest level would play, on a smaller search."""
    return _HINT_PLAYER.choose(view, rng)
