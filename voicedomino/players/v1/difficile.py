"""The frozen hard player of before issue 22 (see the package): determinized alpha-beta
(perfect-information Monte Carlo).

Deal the unseen tiles many times consistently with what the seat knows, search each deal with
alpha-beta, and play the action with the best average value. The amount of search is fixed in
samples and nodes, so the same view and rng give the same action whatever the machine's speed
or load. A wall-clock limit stays only as a safety net, far above the slowest decision measured
(see ``SearchSettings.safety_seconds``); when it fires it is logged, because the choice then
depends on the clock.
"""

from __future__ import annotations

import logging
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from voicedomino.engine.actions import Action, Play, Side
from voicedomino.engine.view import SeatView
from voicedomino.players.base import legal_or_raise
from voicedomino.players.v1.fastsim import SimRound, SimRules, from_engine
from voicedomino.players.v1.heuristic import ranked_plays
from voicedomino.players.v1.inference import SHEDDING, likelihood, observations, resample
from voicedomino.players.v1.knowledge import Knowledge, infer
from voicedomino.players.v1.sampling import World, sample_world
from voicedomino.players.v1.search import Searcher
from voicedomino.players.v1.tables import INDEX, NO_END

MIN_NODES = 50

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SearchSettings:
    samples: int = 24  # determinized deals per decision
    nodes: int = 40_000  # node budget per decision, shared by the deals
    max_depth: int = 30  # decision plies; forced moves are free
    # Safety net only: the slowest default decision benchmarks/arena.py measured on the two-core
    # reference machine took 0.2 s of processor time and 1.6 s of wall clock at a load of 6-8.
    # Past this the remaining deals are skipped, and that is logged.
    safety_seconds: float = 10.0
    oversample: int = 4  # deals drawn per searched deal before weighting by the plays seen
    shedding: float = SHEDDING  # the model of the other seats: preference per pip shed


def _distinct(view: SeatView, actions: list[Action]) -> list[Action]:
    """Drop mirror duplicates: with both ends equal, a play at the head equals one at the tail."""
    if view.head is None or view.head != view.tail:
        return actions
    return [a for a in actions if not (isinstance(a, Play) and a.side is Side.HEAD)]


@dataclass(frozen=True)
class SearchOutcome:
    """One decision and the work behind it; equal outcomes mean an equal search."""

    action: Action
    values: tuple[float, ...]  # per candidate, in the order searched: summed weighted values
    deals_searched: int
    deals: int
    nodes: int
    seconds: float = field(compare=False)

    @property
    def cut_by_clock(self) -> bool:
        return self.deals_searched < self.deals


class SearchPlayer:
    """Determinized alpha-beta over deals weighted by the other seats' observed plays."""

    name = "difficile-v1"

    def __init__(self, settings: SearchSettings | None = None) -> None:
        self.settings = settings or SearchSettings()

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return self.search(view, rng).action

    def search(self, view: SeatView, rng: random.Random) -> SearchOutcome:
        """The choice for *view*, with how much was searched to make it."""
        if view.rules.highest != 6 or view.rules.spinner:
            raise ValueError("difficile-v1 plays only the double-six set on a line")
        started = time.perf_counter()
        actions = _distinct(view, legal_or_raise(view))
        if len(actions) == 1:
            return SearchOutcome(actions[0], (), 0, 0, 0, time.perf_counter() - started)
        settings = self.settings
        knowledge = infer(view)
        # The heuristic's order breaks ties and puts likely-best moves first.
        ranked = [action for _score, action in ranked_plays(view, knowledge)]
        actions = [action for action in ranked if action in actions]
        encoded = [from_engine(action) for action in actions]
        rules = SimRules.of(view.rules)
        team = rules.team_of[view.seat]
        totals = [0.0] * len(actions)
        head = NO_END if view.head is None else view.head
        tail = NO_END if view.tail is None else view.tail
        lead_tile = -1 if view.lead_tile is None else INDEX[view.lead_tile]
        last_play = view.last_play()
        last_mover = -1 if last_play is None else last_play.seat
        worlds = self._worlds(view, knowledge, rng)
        nodes_left = settings.nodes
        weight_left = sum(count for _world, count in worlds)
        searched = 0
        for world, count in worlds:
            state = SimRound(
                rules,
                world.hands,
                world.boneyard,
                head,
                tail,
                view.to_move,
                drew=view.drew_this_turn,
                bonus=view.bonus_turn,
                last_mover=last_mover,
                leader=view.leader,
                lead_tile=lead_tile,
            )
            # A deal drawn several times weighs more and gets more nodes; unused nodes go on.
            share = max(MIN_NODES, nodes_left * count // weight_left)
            weight_left -= count
            searcher = Searcher(state, team, view.leader, share)
            values = searcher.root_values(encoded, settings.max_depth)
            nodes_left -= searcher.nodes
            searched += 1
            for index, value in enumerate(values):
                totals[index] += count * value
            if searched < len(worlds) and time.perf_counter() - started > settings.safety_seconds:
                break
        best = max(range(len(actions)), key=lambda i: (totals[i], -i))
        outcome = SearchOutcome(
            actions[best],
            tuple(totals),
            searched,
            len(worlds),
            settings.nodes - nodes_left,
            time.perf_counter() - started,
        )
        if outcome.cut_by_clock:
            logger.warning(
                "hard player: the %.1f s safety net cut the search after %d of %d deals "
                "(%d nodes, %.1f s), so this choice depends on the clock",
                settings.safety_seconds,
                outcome.deals_searched,
                outcome.deals,
                outcome.nodes,
                outcome.seconds,
            )
        return outcome

    def _worlds(
        self, view: SeatView, knowledge: Knowledge, rng: random.Random
    ) -> list[tuple[World, int]]:
        """The deals to search, each with how many times it was drawn."""
        samples = self.settings.samples
        seen = observations(view)
        if not seen or self.settings.oversample <= 1:
            return [(sample_world(view, knowledge, rng), 1) for _ in range(samples)]
        candidates = [
            sample_world(view, knowledge, rng) for _ in range(samples * self.settings.oversample)
        ]
        weights = [likelihood(world.hands, seen, self.settings.shedding) for world in candidates]
        counts = Counter(resample(weights, samples, rng))
        return [(candidates[index], counts[index]) for index in sorted(counts)]
