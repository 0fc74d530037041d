"""The hard player: determinized alpha-beta (perfect-information Monte Carlo).

Deal the unseen tiles consistently with what the seat knows (the numbers a pass or a draw shows
a seat lacks), weigh each deal by how likely it makes the other seats' plays (``inference``),
search each deal with alpha-beta, and play the action with the best weighted value (in pairs,
of the moves about as good, the one that tells the partner the seat's strong number; the
partner, who does not see every hand, is expected to play its heaviest tile some of the time
rather than always the team's best move in the deal searched). When few tiles are unseen,
every consistent deal is searched instead of a sample, and a deal small enough is searched
exactly to the end of the round rather than to a depth.

The amount of search is fixed in deals and nodes, so the same view and rng give the same action
whatever the machine's speed or load. A wall-clock limit stays only as a safety net, far above
the slowest decision measured (see ``SearchSettings.safety_seconds``); when it fires it is
logged, because the choice then depends on the clock.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass, field

from voicedomino.engine.actions import Action
from voicedomino.engine.view import SeatView
from voicedomino.players.base import legal_or_raise
from voicedomino.players.fastsim import (
    SimRound,
    SimRules,
    from_engine,
    pack_ends,
    play_joined,
    play_outer,
    play_tile,
)
from voicedomino.players.heuristic import ranked_plays
from voicedomino.players.inference import (
    DEFAULT_HABITS,
    Habits,
    observations,
    strong_number_shown,
    weigh,
)
from voicedomino.players.knowledge import Knowledge, infer
from voicedomino.players.levels import Level
from voicedomino.players.open_ends import view_ends
from voicedomino.players.posterior import DealChain
from voicedomino.players.sampling import World, every_world, sample_world
from voicedomino.players.search import OutOfNodes, Searcher
from voicedomino.players.tables import NO_END, TileSet

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
    # The deals are drawn by a Metropolis chain (``posterior``): its steps before the first
    # deal, and between two deals.
    burn: int = 1000
    thin: int = 40
    every_deal: int = 48  # search every consistent deal when there are at most this many
    most_deals: int = 96  # more deals, a batch of *samples* at a time, while nodes are left
    habits: Habits = DEFAULT_HABITS  # the model of the other seats' plays
    # Whether the search expects a seat that seems to play heaviest first to go on doing so.
    model_habits: bool = True
    # The partnership's convention, in pairs: among moves worth within this much of the best
    # (in the search's utility: 1 a hand won, 1/200 a point) the one that leaves showing the
    # number the seat holds most of (the partner is expected to follow it: ``Habits.signals``).
    signal_margin: float = 0.08
    # In pairs, the chance that the partner is expected to play its heaviest tile rather than
    # the team's best move in the deal searched: the partner does not see every hand, and a
    # search that takes it for a seat that does counts on help that will not come. (Against
    # pesante, deal by deal, 0.3 won more hands than 0: see the README.)
    partner_heaviest: float = 0.3


def _distinct(view: SeatView, actions: list[Action], tiles: TileSet) -> list[Action]:
    """One action per distinct move: plays on ends showing the same number are the same."""
    first: dict[int, Action] = {}
    for action in actions:
        first.setdefault(from_engine(action, view.layout, tiles), action)
    return list(first.values())


@dataclass(frozen=True)
class SearchOutcome:
    """One decision and the work behind it; equal outcomes mean an equal search."""

    action: Action
    values: tuple[float, ...]  # per candidate, in the order searched: summed weighted values
    deals_searched: int
    deals: int
    nodes: int
    seconds: float = field(compare=False)
    every_deal: bool = False  # every consistent deal was searched, not a sample
    exact_deals: int = 0  # deals searched to the end of the round
    candidates: tuple[Action, ...] = ()  # the distinct actions searched, in the values' order
    weight: float = 0.0  # the searched deals' total weight (the values are sums over them)

    @property
    def cut_by_clock(self) -> bool:
        return self.deals_searched < self.deals


class SearchPlayer:
    """Determinized alpha-beta over deals weighted by the other seats' observed plays."""

    name = Level.DIFFICILE

    def __init__(self, settings: SearchSettings | None = None) -> None:
        self.settings = settings or SearchSettings()

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return self.search(view, rng).action

    def knowledge(self, view: SeatView) -> Knowledge:
        """What the seat infers about the other hands from its view."""
        return infer(view)

    def search(self, view: SeatView, rng: random.Random) -> SearchOutcome:
        """The choice for *view*, with how much was searched to make it."""
        started = time.perf_counter()
        rules = SimRules.of(view.rules)
        tiles = rules.tiles
        actions = _distinct(view, legal_or_raise(view), tiles)
        if len(actions) == 1:
            return SearchOutcome(actions[0], (), 0, 0, 0, time.perf_counter() - started)
        settings = self.settings
        knowledge = self.knowledge(view)
        # The heuristic's order breaks ties and puts likely-best moves first.
        ranked = [action for _score, action in ranked_plays(view, knowledge)]
        actions = [action for action in ranked if action in actions]
        ends = view_ends(view)
        encoded = [from_engine(action, view.layout, tiles) for action in actions]
        team = rules.team_of[view.seat]
        totals = [0.0] * len(actions)
        weight_total = 0.0
        lead_tile = -1 if view.lead_tile is None else tiles.index(view.lead_tile)
        last_play = view.last_play()
        last_mover = -1 if last_play is None else last_play.seat
        deals = _Deals(view, knowledge, rng, settings)

        def searcher_of(state: SimRound, nodes: int, heaviest: tuple[float, ...]) -> Searcher:
            return Searcher(
                state,
                team,
                view.leader,
                nodes,
                heaviest=heaviest,
                partner_heaviest=settings.partner_heaviest,
            )

        nodes_left = settings.nodes
        searched = planned = exact_deals = 0
        exact_hopeful = True  # until a deal proves too big to search to the end
        batch = deals.first()
        while batch:
            planned += len(batch)
            batch_nodes = nodes_left
            weight_left = sum(weight for _world, weight, _heaviest in batch)
            for world, weight, heaviest in batch:
                state = SimRound(
                    rules,
                    world.hands,
                    world.boneyard,
                    pack_ends(ends),
                    view.to_move,
                    drew=view.drew_this_turn,
                    bonus=view.bonus_turn,
                    last_mover=last_mover,
                    leader=view.leader,
                    lead_tile=lead_tile,
                )
                # A likelier deal gets more nodes; unused nodes go on to the next.
                share = max(MIN_NODES, int(nodes_left * weight / weight_left))
                values: list[float] | None = None
                if exact_hopeful:
                    searcher = searcher_of(state, share, heaviest)
                    try:
                        values = searcher.exact_values(encoded)
                        exact_deals += 1
                    except OutOfNodes:
                        exact_hopeful = False
                    nodes_left -= searcher.nodes
                if values is None:
                    share = max(MIN_NODES, int(nodes_left * weight / weight_left))
                    searcher = searcher_of(state, share, heaviest)
                    values = searcher.root_values(encoded, settings.max_depth)
                    nodes_left -= searcher.nodes
                weight_left -= weight
                weight_total += weight
                searched += 1
                for index, value in enumerate(values):
                    totals[index] += weight * value
                if time.perf_counter() - started > settings.safety_seconds:
                    break
            else:
                # Nodes to spare for as many deals again: more deals, a steadier average.
                if searched < settings.most_deals and nodes_left >= batch_nodes - nodes_left:
                    batch = deals.more()
                    continue
            break
        best = max(range(len(actions)), key=lambda i: (totals[i], -i))
        if rules.pairs and settings.signal_margin > 0 and weight_total > 0:
            floor = max(totals) - settings.signal_margin * weight_total
            best = _conventional(tiles, tiles.mask_of(view.hand), encoded, totals, floor)
        outcome = SearchOutcome(
            actions[best],
            tuple(totals),
            searched,
            planned,
            settings.nodes - nodes_left,
            time.perf_counter() - started,
            deals.every,
            exact_deals,
            tuple(actions),
            weight_total,
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


def _conventional(
    tiles: TileSet,
    hand: int,
    encoded: list[int],
    totals: list[float],
    floor: float,
) -> int:
    """The partnership's convention: of the moves valued at least *floor* (about as good as
    the best), the one that leaves showing the number the seat holds most of (a lead: shows),
    so that the partner reads it; the best move when it is clearly better."""

    def signal(index: int) -> int:
        action = encoded[index]
        if action < 0:  # a draw or a pass signals nothing
            return -1
        tile = play_tile(action)
        outer = -1 if play_joined(action) == NO_END else play_outer(action)
        return strong_number_shown(tiles, hand & ~tiles.bit[tile], tile, outer)

    close = [index for index in range(len(encoded)) if totals[index] >= floor]
    return max(close, key=lambda i: (signal(i), totals[i], -i))


Weighed = list[tuple[World, float, tuple[float, ...]]]  # deal, weight, heaviest-first chances


class _Deals:
    """The deals to search, batch by batch: every consistent deal when they are few (one
    batch), else deals drawn from the posterior; each with its weight and, per seat, the
    chance that it plays its heaviest tile by habit."""

    def __init__(
        self, view: SeatView, knowledge: Knowledge, rng: random.Random, settings: SearchSettings
    ) -> None:
        self.view = view
        self.knowledge = knowledge
        self.rng = rng
        self.settings = settings
        self.seen = observations(view)
        rules = view.rules
        self.partner = rules.partner_of(view.seat) if rules.pairs else None
        self.every = False
        self.chain: DealChain | None = None

    def _weighed(self, world: World) -> tuple[float, tuple[float, ...]]:
        weight, heaviest = weigh(
            self.knowledge.tiles, world.hands, self.seen, self.settings.habits, self.partner
        )
        return weight, heaviest if self.settings.model_habits else ()

    def first(self) -> Weighed:
        every = every_world(self.view, self.knowledge, self.settings.every_deal)
        if every:
            self.every = True
            judged = [self._weighed(world) for world in every]
            # Scaled to add up to the number of deals, like drawn deals (each weighing 1).
            scale = len(every) / sum(weight for weight, _heaviest in judged)
            return [
                (world, weight * scale, heaviest)
                for world, (weight, heaviest) in zip(every, judged, strict=True)
                if weight
            ]
        settings = self.settings
        if self.seen:
            self.chain = DealChain(
                self.view, self.knowledge, self.seen, self.rng, settings.habits, self.partner
            )
            for _ in range(settings.burn):
                self.chain.step()
        return self.more()

    def more(self) -> Weighed:
        if self.every:
            return []
        settings = self.settings
        if self.chain is None:
            worlds = [
                sample_world(self.view, self.knowledge, self.rng) for _ in range(settings.samples)
            ]
            return [(world, 1.0, ()) for world in worlds]
        worlds = self.chain.draw(settings.samples, 0, settings.thin)
        return [(world, 1.0, self._weighed(world)[1]) for world in worlds]
