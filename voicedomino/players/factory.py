"""Players by level name, and the hint (consiglio) offered to the human."""

from __future__ import annotations

import random

from voicedomino.engine.actions import Action
from voicedomino.engine.view import SeatView
from voicedomino.players.base import Player
from voicedomino.players.difficile import SearchPlayer, SearchSettings
from voicedomino.players.levels import LEVELS
from voicedomino.players.medio import HeuristicPlayer
from voicedomino.players.simple import BeginnerPlayer, HeaviestFirstPlayer, RandomPlayer

BASELINES = ("pesante", "casuale")
DEFAULT_TIME_BUDGET = 1.2
HINT_SETTINGS = SearchSettings(samples=12, nodes=12_000, time_budget=0.45)


def make_player(level: str, *, time_budget: float = DEFAULT_TIME_BUDGET) -> Player:
    """A computer player: one of LEVELS, or a baseline of BASELINES. ValueError otherwise.

    *time_budget* caps the hard player's thinking in seconds; its search is sized in samples
    and nodes so that it finishes well within the cap and stays reproducible.
    """
    if level == "facile":
        return BeginnerPlayer()
    if level == "medio":
        return HeuristicPlayer()
    if level == "difficile":
        return SearchPlayer(SearchSettings(time_budget=time_budget))
    if level == "pesante":
        return HeaviestFirstPlayer()
    if level == "casuale":
        return RandomPlayer()
    raise ValueError(f"unknown level: {level!r} (expected one of {(*LEVELS, *BASELINES)})")


_HINT_PLAYER = SearchPlayer(HINT_SETTINGS)


def suggest(view: SeatView, rng: random.Random) -> Action:
    """The consiglio: what the strongest level would play, thinking at most about half a second."""
    return _HINT_PLAYER.choose(view, rng)
