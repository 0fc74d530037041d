"""Arena: two player levels play single rounds against each other and the figures are printed.

Each deal is played twice with the same seed and the sides swapped, so deal luck cancels out.
With 3 or 4 seats, side A takes seats 0 and 2 and side B seats 1 and 3 (then swapped); in
coppie with pairs those are the two partnerships.

    python benchmarks/arena.py --variant classica --deals 2000 --a difficile --b medio --jobs 2
    python benchmarks/arena.py --variant coppie --seats 4 --pairs --deals 500 --b pesante

Hands won are reported with draws apart, and as a win rate counting a draw as half a win.
Points per hand are the points the variant awards (in capra they are penalties: lower is better).
Two runs on the same table, seed and deals can be compared deal by deal: ``--save FILE`` keeps
each deal's results, and ``--paired FILE`` prints this run's win rate and points less the saved
run's, with the 95% interval of the per-deal difference. When two versions of a player mostly
choose alike, most deals end the same way and this interval is much narrower than either run's
own; when they often choose differently it is about as wide as the two runs' together.

    python benchmarks/arena.py --variant coppie --seats 4 --pairs --b pesante --save before.json
    python benchmarks/arena.py --variant coppie --seats 4 --pairs --b pesante --paired before.json

``--partner-known`` is a diagnostic, never a way to play: side A's hard players are told
their partner's hand before each choice (the rest they infer as always), which measures what
a partnership able to say everything would win, the ceiling of any convention between partners.

Move times are wall-clock, and for real choices also processor time, which other programs
running at the same time do not stretch; the hard player's wall-clock safety net should never
fire (the count is printed).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicedomino.engine import Action, Match, SeatView, Settings, Tile, make_rules
from voicedomino.players import Level, Player, difficile, make_player
from voicedomino.players.difficile import SearchPlayer, SearchSettings
from voicedomino.players.inference import Habits
from voicedomino.players.knowledge import Knowledge


@dataclass(frozen=True)
class Config:
    variant: str
    seats: int
    pairs: bool
    a: str
    b: str
    seed: int
    search: tuple[tuple[str, float], ...] = ()  # overrides of the hard player's settings
    tile_set: int = 6  # the set's top number: 6 or 9
    spinner: bool = False  # a lead double opens four arms
    opening: str | None = None  # an engine Opening value; None: the variant's own rule
    # A diagnostic, never a level: side A's hard players are told their partner's hand.
    partner_known: bool = False

    def settings(self) -> Settings:
        return Settings(
            variant=self.variant,
            seats=self.seats,
            pairs=self.pairs,
            target=0,
            tile_set=self.tile_set,
            spinner=self.spinner,
            opening=self.opening,
        )

    def table(self) -> str:
        """The table in words, for the report."""
        words = [f"{self.variant}, {self.seats} seats" + (" in pairs" if self.pairs else "")]
        if self.tile_set != 6:
            words.append(f"double-{self.tile_set}")
        if self.spinner:
            words.append("spinner")
        if self.opening:
            words.append(f"opening {self.opening}")
        return ", ".join(words)


@dataclass
class HandResult:
    winner: str  # "a", "b" or "draw"
    a_points: int
    b_points: int


@dataclass
class DealResult:
    hands: list[HandResult]
    deal: int = 0  # the deal's number in the run
    times: dict[str, list[float]] = field(default_factory=dict)
    safety_net: int = 0  # decisions cut short by the hard player's wall-clock safety net


def sides(seats: int, swapped: bool) -> list[str]:
    """Which side plays each seat: alternating A, B, A, B (B first when swapped)."""
    first, second = ("b", "a") if swapped else ("a", "b")
    return [first if seat % 2 == 0 else second for seat in range(seats)]


class PartnerToldPlayer(SearchPlayer):
    """The hard player told its partner's hand before each choice (``--partner-known``): what
    a partnership that could say everything would win, the ceiling of any convention."""

    def __init__(self, settings: SearchSettings) -> None:
        super().__init__(settings)
        self.partner_hand: Sequence[Tile] = ()

    def knowledge(self, view: SeatView) -> Knowledge:
        knowledge = super().knowledge(view)
        partner = view.rules.partner_of(view.seat)
        if partner is None:
            return knowledge
        hand = knowledge.tiles.mask_of(self.partner_hand) & knowledge.unseen
        return knowledge.told(partner, hand)


def build_player(config: Config, level: str, side: str = "a") -> Player:
    if level != Level.DIFFICILE or not (config.search or config.partner_known):
        return make_player(level)
    player = searching_player(config.search)
    if config.partner_known and side == "a":
        return PartnerToldPlayer(player.settings)
    return player


def searching_player(search: tuple[tuple[str, float], ...]) -> SearchPlayer:
    """The hard player with these settings changed (``parse_search``)."""
    settings = SearchSettings()
    habits = settings.habits  # its fields are named as settings too: signal_strength=3
    changes = {
        key: type(getattr(settings, key))(value) for key, value in search if key not in HABITS
    }
    habit_changes = {
        key: type(getattr(habits, key))(value) for key, value in search if key in HABITS
    }
    return SearchPlayer(replace(settings, habits=replace(habits, **habit_changes), **changes))


HABITS = {f.name for f in fields(Habits)}  # the model of the other seats, in --search too


def parse_search(text: str) -> tuple[tuple[str, float], ...]:
    """'samples=32,nodes=100000' into pairs, checked against SearchSettings' fields."""
    if not text:
        return ()
    names = {f.name for f in fields(SearchSettings)} | HABITS
    pairs: list[tuple[str, float]] = []
    for item in text.split(","):
        key, _, value = item.partition("=")
        if key not in names:
            raise SystemExit(f"--search: unknown setting {key!r}; known: {sorted(names)}")
        pairs.append((key, float(value)))
    return tuple(pairs)


# Called before each move is applied: (match, seat, level of the seat, chosen action).
Observer = Callable[[Match, int, str, Action], None]


def play_hand(
    config: Config,
    deal: int,
    swapped: bool,
    times: dict[str, list[float]],
    observer: Observer | None = None,
) -> HandResult:
    seed = config.seed + deal
    match = Match(config.settings(), seed=seed)
    side_of_seat = sides(config.seats, swapped)
    levels = {"a": config.a, "b": config.b}
    players = {side: build_player(config, level, side) for side, level in levels.items()}
    ply = 0
    while not match.round.is_over:
        seat = match.to_move
        side = side_of_seat[seat]
        view = match.view(seat)
        rng = random.Random(f"{seed}:{int(swapped)}:{ply}")
        player = players[side]
        partner = match.rules.partner_of(seat)
        if isinstance(player, PartnerToldPlayer) and partner is not None:
            player.partner_hand = match.round.hands[partner]
        started, started_cpu = time.perf_counter(), time.process_time()
        action = player.choose(view, rng)
        elapsed = time.perf_counter() - started
        cpu = time.process_time() - started_cpu
        times.setdefault(levels[side], []).append(elapsed)
        if len(view.legal_actions()) > 1:
            times.setdefault(levels[side] + " (choices only)", []).append(elapsed)
            # Processor time is what the load of other programs does not stretch.
            times.setdefault(levels[side] + " (choices only, CPU)", []).append(cpu)
        if observer is not None:
            observer(match, seat, levels[side], action)
        match.apply(action, seat)  # an illegal action raises and fails the run
        ply += 1
    result = match.round.result
    assert result is not None
    rules = match.rules
    team_side = [side_of_seat[team[0]] for team in rules.teams]
    a_points = sum(p for team, p in enumerate(result.points) if team_side[team] == "a")
    b_points = sum(p for team, p in enumerate(result.points) if team_side[team] == "b")
    winner = "draw" if result.winner is None else team_side[result.winner]
    return HandResult(winner, a_points, b_points)


class WarningCounter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def play_deal(job: tuple[Config, int]) -> DealResult:
    config, deal = job
    times: dict[str, list[float]] = {}
    # The hard player warns when its wall-clock safety net cuts a search short.
    search_log = logging.getLogger(difficile.__name__)
    counter = WarningCounter()
    search_log.addHandler(counter)
    search_log.propagate = False
    try:
        hands = [play_hand(config, deal, swapped, times) for swapped in (False, True)]
    finally:
        search_log.removeHandler(counter)
    return DealResult(hands, deal, times, safety_net=counter.count)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, max(0, math.ceil(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def deal_scores(result: DealResult) -> tuple[float, float]:
    """A deal's win rate for A (a draw as half) and A's points less B's, over its two hands."""
    rate = sum(1.0 if h.winner == "a" else 0.5 if h.winner == "draw" else 0.0 for h in result.hands)
    margin = sum(h.a_points - h.b_points for h in result.hands)
    return rate / len(result.hands), margin / len(result.hands)


def report(config: Config, results: list[DealResult], elapsed: float) -> str:
    hands = [hand for deal in results for hand in deal.hands]
    a_wins = sum(hand.winner == "a" for hand in hands)
    b_wins = sum(hand.winner == "b" for hand in hands)
    draws = sum(hand.winner == "draw" for hand in hands)
    # The pair of hands of one deal is the independent unit for the confidence intervals.
    scores = [deal_scores(d) for d in results]
    rate, rate_ci = mean_ci([deal_rate for deal_rate, _margin in scores])
    a_pts, a_ci = mean_ci([sum(h.a_points for h in d.hands) / 2 for d in results])
    b_pts, b_ci = mean_ci([sum(h.b_points for h in d.hands) / 2 for d in results])
    margin, margin_ci = mean_ci([deal_margin for _rate, deal_margin in scores])
    n = len(hands)
    told = " (told its partner's hand)" if config.partner_known else ""
    lines = [
        f"arena: {config.table()}; A = {config.a}{told}, B = {config.b}; "
        f"{len(results)} deals x 2 sides = {n} hands; seed {config.seed}; {elapsed:.0f} s",
        f"hands won: A {a_wins} ({100 * a_wins / n:.1f}%), B {b_wins} ({100 * b_wins / n:.1f}%), "
        f"draws {draws} ({100 * draws / n:.1f}%)",
        f"A win rate, draws as half: {100 * rate:.1f}% +/- {100 * rate_ci:.1f}",
        f"points per hand: A {a_pts:.2f} +/- {a_ci:.2f}, B {b_pts:.2f} +/- {b_ci:.2f}, "
        f"A - B {margin:+.2f} +/- {margin_ci:.2f}",
        f"hard player's safety net fired: {sum(deal.safety_net for deal in results)} times",
    ]
    times: dict[str, list[float]] = {}
    for deal in results:
        for level, values in deal.times.items():
            times.setdefault(level, []).extend(values)
    for level, values in sorted(times.items()):
        values.sort()
        lines.append(
            f"move time {level}: median {1000 * statistics.median(values):.2f} ms, "
            f"p95 {1000 * percentile(values, 0.95):.2f} ms, max {1000 * values[-1]:.2f} ms "
            f"over {len(values)} moves"
        )
    return "\n".join(lines)


def save_run(path: Path, config: Config, results: list[DealResult]) -> None:
    """Each deal's scores, by deal number, with the table they were played on."""
    scores = {str(r.deal): deal_scores(r) for r in sorted(results, key=lambda r: r.deal)}
    played = {"table": config.table(), "b": config.b, "seed": config.seed}
    path.write_text(json.dumps({**played, "deals": scores}))


def paired_report(path: Path, config: Config, results: list[DealResult]) -> str:
    """This run less the saved one, deal by deal on the deals both played."""
    saved = json.loads(path.read_text())
    played = {"table": config.table(), "b": config.b, "seed": config.seed}
    if {key: saved.get(key) for key in played} != played:
        raise SystemExit(
            f"--paired: {path} was played on {saved.get('table')!r} against "
            f"{saved.get('b')!r}, seed {saved.get('seed')}: not comparable with this run"
        )
    rate_diffs: list[float] = []
    margin_diffs: list[float] = []
    for result in results:
        before = saved["deals"].get(str(result.deal))
        if before is not None:
            rate, margin = deal_scores(result)
            rate_diffs.append(rate - before[0])
            margin_diffs.append(margin - before[1])
    if not rate_diffs:
        return f"paired with {path}: no deal in common"
    rate, rate_ci = mean_ci(rate_diffs)
    margin, margin_ci = mean_ci(margin_diffs)
    return (
        f"paired with {path} over {len(rate_diffs)} deals: A win rate {100 * rate:+.1f} "
        f"+/- {100 * rate_ci:.1f}, A - B points per hand {margin:+.2f} +/- {margin_ci:.2f}"
    )


def table_parser(description: str) -> argparse.ArgumentParser:
    """The arguments shared with regret.py: the table, the two levels, the deals, the seed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--variant", default="classica")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--pairs", action="store_true", help="coppie with 4 seats in two pairs")
    parser.add_argument("--set", type=int, default=6, choices=(6, 9), help="double-six or nine")
    parser.add_argument("--spinner", action="store_true", help="a lead double opens four arms")
    parser.add_argument("--opening", default=None, help="an opening rule (engine Opening value)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--a", default="difficile", help="level of side A")
    parser.add_argument("--b", default="medio", help="level of side B")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--search", default="", help="difficile's settings, e.g. samples=32,nodes=100000"
    )
    parser.add_argument(
        "--partner-known",
        action="store_true",
        help="diagnostic: side A's hard players are told their partner's hand (pairs)",
    )
    return parser


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = table_parser(__doc__.split("\n\n")[0])
    parser.add_argument("--progress", type=int, default=0, help="print a line every N deals")
    parser.add_argument("--save", type=Path, help="keep each deal's results in this file")
    parser.add_argument(
        "--paired", type=Path, help="compare deal by deal with a run kept by --save"
    )
    return parser.parse_args(argv)


def config_of(args: argparse.Namespace) -> Config:
    """The run's configuration, its table and levels checked before any deal is played."""
    config = Config(
        args.variant,
        args.seats,
        args.pairs,
        args.a,
        args.b,
        args.seed,
        parse_search(args.search),
        tile_set=args.set,
        spinner=args.spinner,
        opening=args.opening,
        partner_known=args.partner_known,
    )
    make_rules(config.settings())  # fail early
    for level in (config.a, config.b):
        make_player(level)
    return config


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    config = config_of(args)
    jobs = [(config, deal) for deal in range(args.deals)]
    started = time.perf_counter()
    results: list[DealResult] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for result in pool.imap_unordered(play_deal, jobs, chunksize=2):
            results.append(result)
            if args.progress and len(results) % args.progress == 0:
                elapsed = time.perf_counter() - started
                print(report(config, results, elapsed), file=sys.stderr, flush=True)
    print(report(config, results, time.perf_counter() - started))
    if args.paired:
        print(paired_report(args.paired, config, results))
    if args.save:
        save_run(args.save, config, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
