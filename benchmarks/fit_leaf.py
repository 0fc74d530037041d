"""Fit the hard player's static evaluation for coppie in pairs on exact values.

Rounds of coppie in pairs are played by the medium player (one move in five at random, for
variety); at about half the turns with at most ``--tiles`` tiles left in the hands, the
position is searched exactly to the end of the round with every hand visible (the value for
the team to move: +1 a hand won, points / 200). The evaluation's shape, 0.9 x / (1 + |x|),
is fitted by least squares on x = a (fewest tiles, theirs less ours) + b (mean pips, theirs
less ours) + c (mean playable tiles, ours less theirs) + d (the side to move: ours +1) + e
(mean doubles held, theirs less ours). Deterministic: the same seeds give the same weights.
Measured in the arena and not adopted (README): the search keeps its hand-set evaluation.

    python benchmarks/fit_leaf.py --games 3000 --first 100000 --held-out 1000
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicedomino.engine import Match, Settings
from voicedomino.players import make_player
from voicedomino.players.fastsim import round_state
from voicedomino.players.search import OutOfNodes, Searcher

PAIRS = Settings(variant="coppie", seats=4, pairs=True, target=0)
TODAY = (0.45, 0.025, 0.12, 0.2, 0.0)  # the search's evaluation (no doubles term)


def positions(games: range, most_tiles: int) -> tuple[list[list[float]], list[float]]:
    medio = make_player("medio")
    features: list[list[float]] = []
    values: list[float] = []
    for seed in games:
        match = Match(PAIRS, seed=seed)
        rng = random.Random(seed)
        while not match.round.is_over:
            seat = match.to_move
            view = match.view(seat)
            state = round_state(match.round)
            if sum(hand.bit_count() for hand in state.hands) <= most_tiles and rng.random() < 0.5:
                rules = state.rules
                team = rules.team_of[state.mover]
                searcher = Searcher(state, team, match.round.leader, 300_000)
                try:
                    value = max(searcher.exact_values(state.moves()))
                except OutOfNodes:
                    value = None
                if value is not None:
                    tiles = rules.tiles
                    fits = state.fits_open[state.open]
                    sides: list[list[tuple[int, int, int, int]]] = [[], []]
                    for other, hand in enumerate(state.hands):
                        sides[rules.team_of[other] != team].append(
                            (
                                hand.bit_count(),
                                tiles.mask_pips(hand),
                                (hand & fits).bit_count(),
                                (hand & tiles.double_mask).bit_count(),
                            )
                        )
                    ours, theirs = sides

                    def mean(side: list[tuple[int, int, int, int]], index: int) -> float:
                        return sum(seat_figures[index] for seat_figures in side) / len(side)

                    features.append(
                        [
                            min(f[0] for f in theirs) - min(f[0] for f in ours),
                            mean(theirs, 1) - mean(ours, 1),
                            mean(ours, 2) - mean(theirs, 2),
                            1.0,
                            mean(theirs, 3) - mean(ours, 3),
                        ]
                    )
                    values.append(value)
            if rng.random() < 0.8:
                action = medio.choose(view, rng)
            else:
                action = rng.choice(view.legal_actions())
            match.apply(action, seat)
    return features, values


def predict(weights: np.ndarray, features: np.ndarray) -> np.ndarray:
    x: np.ndarray = features @ weights
    shaped: np.ndarray = 0.9 * x / (1 + np.abs(x))
    return shaped


def fit(features: np.ndarray, values: np.ndarray, steps: int = 20_000) -> np.ndarray:
    weights = np.array(TODAY, dtype=float)
    for _ in range(steps):
        x = features @ weights
        slope = 0.9 / (1 + np.abs(x)) ** 2
        weights -= 0.5 * ((predict(weights, features) - values) * slope) @ features / len(values)
    return weights


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument(
        "--first", type=int, default=0, help="the first game's seed (keep apart from the arena's)"
    )
    parser.add_argument("--tiles", type=int, default=16, help="most tiles left in the hands")
    parser.add_argument(
        "--held-out", type=int, default=0, help="games after the fit's, to judge it unseen"
    )
    args = parser.parse_args(argv)
    end = args.first + args.games
    rows, targets = positions(range(args.first, end), args.tiles)
    features, values = np.array(rows), np.array(targets)
    weights = fit(features, values)
    print(
        f"{len(values)} positions with at most {args.tiles} tiles, "
        f"{args.games} games from seed {args.first}"
    )
    print(f"before: {TODAY}, squared error {error(TODAY, features, values):.4f}")
    fitted = tuple(round(float(w), 4) for w in weights)
    print(f"fitted: {fitted}, squared error {error(weights, features, values):.4f}")
    if args.held_out:
        rows, targets = positions(range(end, end + args.held_out), args.tiles)
        unseen, unseen_values = np.array(rows), np.array(targets)
        print(
            f"held out, {len(unseen_values)} positions of {args.held_out} games from seed "
            f"{end}: squared error before {error(TODAY, unseen, unseen_values):.4f}, "
            f"fitted {error(weights, unseen, unseen_values):.4f}"
        )
    return 0


def error(weights: Sequence[float] | np.ndarray, features: np.ndarray, values: np.ndarray) -> float:
    return float(np.mean((predict(np.asarray(weights, dtype=float), features) - values) ** 2))


if __name__ == "__main__":
    raise SystemExit(main())
