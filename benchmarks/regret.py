"""Regret: how many points a level's decisions throw away, judged by a player who sees every hand.

The arena's games are played (the same deals, seats and seeds as benchmarks/arena.py), and at
every real decision of side A (more than one distinct move) the true position, every hand and
the boneyard's order visible, is searched exactly to the end of the round by alpha-beta for
each distinct move; the other seats are assumed to play perfectly too (team minimax in pairs,
every other seat against A's team with three or four lone seats; ``--judge-heaviest 1``
against pesante expects B's seats to play their heaviest tile instead, as they do; A's partner
is always taken to play perfectly, seeing every hand, which it does not: a change in how the
hard player models its partner or the other seats is judged by the arena, not here). A move's
value is the round's points margin for A's team: its points less the best other team's (capra:
the others' mean penalty less its own). The regret of a decision is the best move's value less
the chosen one's: 0 when the choice was perfect.

    python benchmarks/regret.py --variant coppie --seats 4 --pairs --b pesante --deals 100
    python benchmarks/regret.py --variant classica --a difficile --b difficile-v1 --deals 200
    python benchmarks/regret.py --pairs --also difficile-v1 --also difficile:nodes=80000

Printed: mean regret per decision (95% interval, deals as the independent unit), the share of
decisions losing 10 points or more, and both split by phase (the deciding hand's size: start
5 or more tiles, middle 3-4, end 1-2) and by kind of move (the one played and the best one:
double, heavy tile = 8 pips or more on the double-six set, other). Forced moves (a single
distinct choice: every draw and pass, and a lone playable tile) cost nothing and are counted
apart. ``--also LEVEL`` (repeatable; ``difficile:samples=48,nodes=80000`` for the hard player
with other settings) judges that level's choice on the same positions too, compared decision by
decision with A's (a much narrower interval than two arena runs). The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena import Config, config_of, parse_search, play_hand, searching_player, table_parser

from voicedomino.engine import Action, Draw, Match, Pass, Play
from voicedomino.players import Level, Player, make_player
from voicedomino.players.fastsim import from_engine, round_state
from voicedomino.players.scoring import margin
from voicedomino.players.search import OutOfNodes, Searcher

BIG = 10.0  # a decision losing this many points or more is a big mistake
KINDS = ("double", "heavy", "other")
PHASES = ("start", "middle", "end")


@dataclass(frozen=True)
class Decision:
    phase: str
    kind: str  # of the move played
    best_kind: str  # of the best move (the first best, in the searched order)
    regret: float
    moves: int  # distinct moves
    nodes: int
    also_regret: tuple[float, ...] = ()  # the regret of each --also level's choice, same place


@dataclass
class DealDecisions:
    decisions: list[Decision] = field(default_factory=list)
    forced: dict[str, int] = field(default_factory=dict)  # draw, pass, play
    unsolved: int = 0  # positions the node cap did not let the search finish


def kind_of(action: Action, heavy: int) -> str:
    assert isinstance(action, Play)
    if action.tile.is_double:
        return "double"
    return "heavy" if action.tile.pips >= heavy else "other"


def phase_of(hand_size: int) -> str:
    if hand_size >= 5:
        return "start"
    return "middle" if hand_size >= 3 else "end"


class Judge:
    """Watches the arena's games and judges side A's decisions with every hand visible."""

    def __init__(
        self,
        level: str,
        node_cap: int,
        also: Sequence[str] = (),
        deal: int = 0,
        heaviest: float = 0.0,
    ) -> None:
        self.level = level
        self.node_cap = node_cap
        self.heaviest = heaviest  # B's chance of playing its heaviest tile, else its best
        self.also = [also_player(name) for name in also]
        self.deal_number = deal
        self.deal = DealDecisions()

    def __call__(self, match: Match, seat: int, level: str, action: Action) -> None:
        if level != self.level:
            return
        round_ = match.round
        legal = round_.legal_actions()
        state = round_state(round_)
        tiles = state.tiles
        layout = round_.layout
        codes: dict[int, Action] = {}
        for option in legal:
            codes.setdefault(from_engine(option, layout, tiles), option)
        if len(codes) == 1:
            name = (
                "draw"
                if isinstance(action, Draw)
                else "pass"
                if isinstance(action, Pass)
                else "play"
            )
            self.deal.forced[name] = self.deal.forced.get(name, 0) + 1
            return
        team = state.rules.team_of[seat]
        searcher = Searcher(
            state,
            team,
            round_.leader,
            self.node_cap,
            objective=margin,
            heaviest=(self.heaviest,) * state.rules.seats,  # A's team always plays its best
        )
        order = list(codes)
        try:
            values = searcher.exact_values(order)
        except OutOfNodes:
            self.deal.unsolved += 1
            return
        chosen = values[order.index(from_engine(action, layout, tiles))]
        best_index = max(range(len(order)), key=lambda i: values[i])
        also_regret: list[float] = []
        view = match.view(seat)
        for player in self.also:
            rng = random.Random(f"{self.deal_number}:{seat}:{len(view.history)}")
            other = from_engine(player.choose(view, rng), layout, tiles)
            also_regret.append(values[best_index] - values[order.index(other)])
        heavy = 8 * tiles.highest // 6
        self.deal.decisions.append(
            Decision(
                phase=phase_of(len(round_.hands[seat])),
                kind=kind_of(action, heavy),
                best_kind=kind_of(codes[order[best_index]], heavy),
                regret=values[best_index] - chosen,
                moves=len(order),
                nodes=searcher.nodes,
                also_regret=tuple(also_regret),
            )
        )


def also_player(name: str) -> Player:
    """A level, or ``difficile:samples=48,nodes=80000``: the hard player with other settings."""
    level, _, search = name.partition(":")
    if not search:
        return make_player(level)
    if level != Level.DIFFICILE:
        raise SystemExit(f"--also {name}: only {Level.DIFFICILE} takes settings")
    return searching_player(parse_search(search))


def judge_deal(job: tuple[Config, int, int, tuple[str, ...], float]) -> DealDecisions:
    config, deal, node_cap, also, heaviest = job
    judge = Judge(config.a, node_cap, also, deal, heaviest)
    for swapped in (False, True):
        play_hand(config, deal, swapped, {}, observer=judge)
    return judge.deal


def ratio_ci(pairs: Sequence[tuple[float, int]]) -> tuple[float, float]:
    """Sum of values over sum of counts, with a 95% half-width that treats each deal (a pair
    of value sum and count) as the independent unit (the delta method)."""
    total = sum(value for value, _ in pairs)
    count = sum(n for _, n in pairs)
    if count == 0:
        return math.nan, math.nan
    mean = total / count
    deals = [(value, n) for value, n in pairs if n]
    if len(deals) < 2:
        return mean, math.nan
    mean_count = count / len(deals)
    residuals = [(value - mean * n) / mean_count for value, n in deals]
    spread = statistics.stdev(residuals) if len(residuals) > 1 else math.nan
    return mean, 1.96 * spread / math.sqrt(len(deals))


def summary(results: list[DealDecisions], keep: str = "", value: str = "") -> dict[str, float]:
    """Mean regret and the share of big mistakes over the decisions matching a filter."""

    def chosen(decision: Decision) -> bool:
        return not keep or getattr(decision, keep) == value

    regret = [
        (sum(d.regret for d in deal.decisions if chosen(d)), sum(chosen(d) for d in deal.decisions))
        for deal in results
    ]
    big = [
        (sum(d.regret >= BIG for d in deal.decisions if chosen(d)), n)
        for deal, (_, n) in zip(results, regret, strict=True)
    ]
    mean, mean_ci = ratio_ci(regret)
    share, share_ci = ratio_ci([(float(b), n) for b, n in big])
    return {
        "decisions": sum(n for _, n in regret),
        "mean_regret": mean,
        "mean_regret_ci": mean_ci,
        "share_big": share,
        "share_big_ci": share_ci,
    }


def line(label: str, figures: dict[str, float]) -> str:
    if not figures["decisions"]:
        return f"{label:<22} {0:>6}"
    return (
        f"{label:<22} {int(figures['decisions']):>6}  "
        f"{figures['mean_regret']:6.2f} +/- {figures['mean_regret_ci']:4.2f}  "
        f"{100 * figures['share_big']:5.1f}% +/- {100 * figures['share_big_ci']:3.1f}"
    )


def also_figures(results: list[DealDecisions], index: int) -> dict[str, float]:
    """The regret of the *index*-th --also level's choices, and its difference from A's
    decision by decision, over all decisions and those at the start of the hand."""
    figures: dict[str, float] = {}
    for label, phases in (("all", PHASES), ("start", ("start",))):
        deals = [[d for d in deal.decisions if d.phase in phases] for deal in results]
        regret = [(sum(d.also_regret[index] for d in ds), len(ds)) for ds in deals]
        change = [(sum(d.also_regret[index] - d.regret for d in ds), len(ds)) for ds in deals]
        big = [(float(sum(d.also_regret[index] >= BIG for d in ds)), len(ds)) for ds in deals]
        prefix = "" if label == "all" else f"{label}_"
        for name, pairs in (("mean_regret", regret), ("change", change), ("share_big", big)):
            figures[prefix + name], figures[prefix + name + "_ci"] = ratio_ci(pairs)
    return figures


def also_line(level: str, a: str, f: dict[str, float]) -> str:
    return (
        f"{level} on the same positions: mean regret {f['mean_regret']:.2f} +/- "
        f"{f['mean_regret_ci']:.2f}, share >= 10 points {100 * f['share_big']:.1f}% +/- "
        f"{100 * f['share_big_ci']:.1f}; less {a}: {f['change']:+.2f} +/- {f['change_ci']:.2f} "
        f"points (start of the hand {f['start_change']:+.2f} +/- {f['start_change_ci']:.2f})"
    )


def report(
    config: Config,
    results: list[DealDecisions],
    elapsed: float,
    also_levels: Sequence[str] = (),
) -> tuple[str, dict]:
    table = config.table()
    overall = summary(results)
    rows = [("all", overall)]
    rows += [(f"phase {p}", summary(results, "phase", p)) for p in PHASES]
    rows += [(f"played {k}", summary(results, "kind", k)) for k in KINDS]
    rows += [(f"best was {k}", summary(results, "best_kind", k)) for k in KINDS]
    forced: dict[str, int] = {}
    for deal in results:
        for name, count in deal.forced.items():
            forced[name] = forced.get(name, 0) + count
    decisions = [d for deal in results for d in deal.decisions]
    kept = sum(d.best_kind == "double" and d.kind != "double" and d.regret > 0 for d in decisions)
    shed = sum(d.kind == "double" and d.best_kind != "double" and d.regret > 0 for d in decisions)
    nodes = sorted(d.nodes for d in decisions) or [0]
    lines = [
        f"regret: {table}; A = {config.a} judged, B = {config.b}; {len(results)} deals x 2 sides; "
        f"seed {config.seed}; {elapsed:.0f} s",
        f"{'decisions':<22} {'count':>6}  {'mean regret':>16}  {'share >= 10 points':>18}",
        *(line(label, figures) for label, figures in rows),
        f"double kept when playing it was best: {kept}; double played when another was best: "
        f"{shed} (decisions with regret > 0)",
        "forced moves, not counted: "
        + ", ".join(f"{name} {count}" for name, count in sorted(forced.items())),
        f"positions left unsolved by the node cap: {sum(deal.unsolved for deal in results)}",
        f"exact search nodes per decision: median {statistics.median(nodes):.0f}, max {nodes[-1]}",
    ]
    compared: dict[str, dict[str, float]] = {}
    for index, level in enumerate(also_levels):
        compared[level] = also_figures(results, index)
        lines.append(also_line(level, config.a, compared[level]))
    figures = {label.replace(" ", "_"): f for label, f in rows}
    payload = {
        "table": table,
        "a": config.a,
        "b": config.b,
        "deals": len(results),
        "seed": config.seed,
        "mean_regret": round(overall["mean_regret"], 3),
        "mean_regret_ci": round(overall["mean_regret_ci"], 3),
        "share_big": round(overall["share_big"], 4),
        "share_big_ci": round(overall["share_big_ci"], 4),
        "by": {
            label: {key: round(value, 4) for key, value in f.items()}
            for label, f in figures.items()
            if label != "all"
        },
        "double_kept": kept,
        "double_shed": shed,
        "also": {
            level: {key: round(value, 4) for key, value in f.items()}
            for level, f in compared.items()
        },
    }
    return "\n".join(lines), payload


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = table_parser(__doc__.split("\n\n")[0])
    parser.set_defaults(variant="coppie", seats=4, deals=50, b="pesante")  # A is the level judged
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        help="judge this level's choice too, on the same positions (repeatable; "
        "difficile:samples=48,nodes=80000 for other settings)",
    )
    parser.add_argument(
        "--judge-heaviest",
        type=float,
        default=0.0,
        help="the judge expects B's seats to play their heaviest tile with this chance "
        "(1 against pesante), else their best move with every hand seen (0: always their best)",
    )
    parser.add_argument(
        "--node-cap", type=int, default=20_000_000, help="exact search nodes per position"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    config = config_of(args)
    also = tuple(args.also)
    for name in also:
        also_player(name)  # fail early
    jobs = [(config, deal, args.node_cap, also, args.judge_heaviest) for deal in range(args.deals)]
    started = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        results = list(pool.imap(judge_deal, jobs, chunksize=1))
    text, payload = report(config, results, time.perf_counter() - started, also)
    payload["judge_heaviest"] = args.judge_heaviest
    if args.judge_heaviest:
        share = f"{args.judge_heaviest:.0%}"
        text += f"\n(the judge expected B to play its heaviest tile {share} of the time)"
    print(text)
    print(json.dumps(payload))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
