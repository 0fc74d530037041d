"""What every computer player offers: a name and a choice made from the seat's view alone."""

from __future__ import annotations

import random
from typing import Protocol

from voicedomino.engine.actions import Action
from voicedomino.engine.view import SeatView


class Player(Protocol):
    @property
    def name(self) -> str:
        """The level or baseline this player plays at."""
        ...

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """One of ``view.legal_actions()``; the same view and rng state give the same action."""
        ...


class NoLegalAction(ValueError):
    """Asked to choose when the seat has nothing to do (not its turn, or the round is over)."""


def legal_or_raise(view: SeatView) -> list[Action]:
    actions = view.legal_actions()
    if not actions:
        raise NoLegalAction(f"seat {view.seat} has no legal action now")
    return actions
