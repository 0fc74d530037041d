"""Reading the partner: how well models of the other seats' plays explain the hard player's
own choices, and how many of the other hands' tiles the deals it draws place right.

Games of coppie in pairs, side A (seats 0 and 2) the hard player, side B a baseline. At each
real choice of seat 0 with 3 to 6 tiles in hand, the true hands are kept; then, for each model
of plays (``--habits``, as arena's ``--search`` names the fields of ``inference.Habits``):

- nats per choice over chance: the log-likelihood of the partner's (seat 2's) free plays
  under the model, with its true hand, less that of a random choice among the tiles it could
  play;
- tiles placed right: the mean share of the partner's and of the opponents' true tiles that
  the deals drawn (``posterior.DealChain``, as the hard player draws them) put in their hand;
  "chance" draws consistent deals without reading any play;
- the partner modelled as itself: how often its play is its heaviest tile, or the top of the
  one-ply ranking the hard player's search starts from (``heuristic.score_play``'s terms that
  depend on the hand), and the nats per choice of that ranking softmaxed at a few
  temperatures (with a slip of 0.1), for comparison with today's model; and how often seat
  0, searching the same view again with another random stream, chooses as it did: no model
  of the hard player's plays can foresee them more often than it foresees itself.

    python benchmarks/reading.py --games 40 --habits keeper=0.25,soft=0.2
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicedomino.engine import Match, SeatView, Settings
from voicedomino.players import make_player
from voicedomino.players.difficile import SearchSettings
from voicedomino.players.heuristic import DOMINO, MEDIUM
from voicedomino.players.inference import DEFAULT_HABITS, Habits, observations, seat_odds
from voicedomino.players.knowledge import infer
from voicedomino.players.posterior import DealChain
from voicedomino.players.tables import TileSet, indices, tile_set_of

PAIRS = Settings(variant="coppie", seats=4, pairs=True, target=0)
CHANCE = Habits(random=1.0, soft=0.0, heaviest=0.0, signals=0.0)
READER, PARTNER = 0, 2


@dataclass(frozen=True)
class Position:
    game: int
    view: SeatView
    hands: tuple[int, ...]  # every seat's true hand, as masks
    same_again: bool  # the hard player chose the same with another random stream


def positions(games: range, opponent: str) -> list[Position]:
    hard, other = make_player("difficile"), make_player(opponent)
    found: list[Position] = []
    for game in games:
        match = Match(PAIRS, seed=game)
        tiles = tile_set_of(match.rules)
        while not match.round.is_over:
            seat = match.to_move
            view = match.view(seat)
            rng = random.Random(game * 1000 + len(view.history))
            player = hard if seat % 2 == 0 else other
            action = player.choose(view, rng)
            if seat == READER and 3 <= len(view.hand) <= 6 and len(view.legal_actions()) > 1:
                hands = tuple(tiles.mask_of(hand) for hand in match.round.hands)
                again = hard.choose(view, random.Random(game * 1000 + len(view.history) + 10**6))
                found.append(Position(game, view, hands, again == action))
            match.apply(action, seat)
    return found


def prior_mass(habits: Habits) -> float:
    return habits.random + habits.soft + habits.heaviest + habits.signals


def nats_per_choice(found: Sequence[Position], habits: Habits) -> tuple[float, int]:
    """The partner's free plays (each once: from the last position of its game)."""
    last = {position.game: position for position in found}
    gains: list[float] = []
    for position in last.values():
        tiles = tile_set_of(position.view.rules)
        for obs in observations(position.view):
            if obs.seat != PARTNER:
                continue
            choices = (position.hands[PARTNER] | obs.played_later | 1 << obs.tile) & obs.fits
            if choices.bit_count() < 2:
                continue
            value, _heaviest = seat_odds(tiles, position.hands[PARTNER], [obs], habits)
            gains.append(math.log(value / prior_mass(habits) * choices.bit_count()))
    return statistics.fmean(gains), len(gains)


def placed_right(found: Sequence[Position], habits: Habits, deals: int) -> tuple[float, float]:
    settings = SearchSettings()
    partner_share: list[float] = []
    opponent_share: list[float] = []
    for index, position in enumerate(found):
        view = position.view
        chain = DealChain(
            view, infer(view), observations(view), random.Random(index), habits, PARTNER
        )
        for world in chain.draw(deals, settings.burn, settings.thin):
            for seat, shares in (
                (PARTNER, partner_share),
                (1, opponent_share),
                (3, opponent_share),
            ):
                truth = position.hands[seat]
                if truth:
                    shares.append((world.hands[seat] & truth).bit_count() / truth.bit_count())
    return statistics.fmean(partner_share), statistics.fmean(opponent_share)


def ranking_scores(
    tiles: TileSet, held: int, playable: int, ends: tuple[int, ...]
) -> dict[int, float]:
    """Per playable tile, the one-ply ranking of laying it at its best placing for a seat
    holding *held*; *ends* are the numbers the open ends showed (none to lead)."""
    weights = MEDIUM
    number_mask = tiles.number_mask
    fits = tiles.fits[0]
    scores: dict[int, float] = {}
    for tile in indices(playable):
        rest = held & ~(1 << tile)
        if not rest:
            scores[tile] = DOMINO
            continue
        fixed = weights.pips * tiles.pips[tile] + weights.variety * sum(
            1 for mask in number_mask if rest & mask
        )
        if tiles.is_double[tile]:
            fixed += weights.double
        best = -math.inf
        for new_ends in ends_after(tiles, tile, ends):
            open_fits = 0
            for end in new_ends:
                open_fits |= fits[end]
            holding = sum((rest & number_mask[end]).bit_count() for end in new_ends)
            score = weights.holding * holding
            best = max(best, score + weights.playable_after * (rest & open_fits).bit_count())
        scores[tile] = fixed + best
    return scores


def ends_after(tiles: TileSet, tile: int, ends: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The numbers the open ends may show after laying *tile* on *ends* (a lead: its two)."""
    if not ends:
        return [tiles.pairs[tile]]
    outers = tiles.outers[0][tile]
    after: list[tuple[int, ...]] = []
    for end in ends:
        others = tuple(number for number in ends if number != end) or (end,)
        after.extend((outer, *others) for outer in outers[end])
    return after or [tiles.pairs[tile]]


def self_model(found: Sequence[Position], slip: float = 0.1) -> str:
    """The partner's free plays against its heaviest tile and the one-ply ranking."""
    last = {position.game: position for position in found}
    count = 0
    chance = heaviest = top = 0.0
    temperatures = (1.0, 2.0, 4.0, 8.0)
    nats = dict.fromkeys(temperatures, 0.0)
    for position in last.values():
        tiles = tile_set_of(position.view.rules)

        def rank(tile: int, tiles: TileSet = tiles) -> tuple[int, bool]:
            return tiles.pips[tile], tiles.is_double[tile]

        for obs in observations(position.view):
            held = position.hands[PARTNER] | obs.played_later | 1 << obs.tile
            playable = held & obs.fits
            choices = playable.bit_count()
            if obs.seat != PARTNER or choices < 2:
                continue
            count += 1
            chance += 1 / choices
            heaviest += rank(obs.tile) == max(rank(tile) for tile in indices(playable))
            scores = ranking_scores(tiles, held, playable, obs.ends)
            best = max(scores.values())
            top += scores[obs.tile] == best
            for temperature in temperatures:
                mass = sum(math.exp((score - best) / temperature) for score in scores.values())
                chosen = math.exp((scores[obs.tile] - best) / temperature) / mass
                nats[temperature] += math.log(((1 - slip) * chosen + slip / choices) * choices)
    softmaxed = ", ".join(f"T={t:g}: {total / count:+.3f}" for t, total in nats.items())
    return (
        f"partner as itself ({count} free plays): its heaviest tile {100 * heaviest / count:.0f}%,"
        f" the ranking's top {100 * top / count:.0f}% (chance {100 * chance / count:.0f}%);"
        f" the ranking softmaxed, nats per choice over chance {softmaxed}"
    )


def parse_habits(text: str) -> Habits:
    names = {field.name for field in fields(Habits)}
    changes: dict[str, float] = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        if name not in names:
            raise SystemExit(f"unknown habit field {name!r}")
        changes[name] = float(value)
    return replace(DEFAULT_HABITS, **changes)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--b", default="difficile-v1", help="side B's level")
    parser.add_argument("--deals", type=int, default=24, help="deals drawn per position")
    parser.add_argument("--habits", action="append", default=[], help="a model to compare")
    args = parser.parse_args(argv)
    found = positions(range(args.seed, args.seed + args.games), args.b)
    print(f"{len(found)} positions of seat {READER} with 3-6 tiles, {args.games} games vs {args.b}")
    models = [("chance", CHANCE), ("today", DEFAULT_HABITS)]
    models += [(text, parse_habits(text)) for text in args.habits]
    for label, habits in models:
        partner, opponents = placed_right(found, habits, args.deals)
        line = f"{label:40s} placed right: partner {100 * partner:.1f}%, "
        line += f"opponents {100 * opponents:.1f}%"
        if label != "chance":
            nats, count = nats_per_choice(found, habits)
            line += f"; partner's plays {nats:+.3f} nats per choice over chance ({count})"
        print(line, flush=True)
    print(self_model(found))
    same = statistics.fmean(position.same_again for position in found)
    print(f"the hard player chose as before with another random stream: {100 * same:.0f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
