"""The medium player's judgement of a play, from the seat's view and its inferences.

Each play is scored by: pips shed, doubles placed, the ends left (ones the seat holds many of,
ones opponents lack, none the partner lacks), variety kept in hand, and what a block would do.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicedomino.engine.actions import Action, Play
from voicedomino.engine.rules import DrawPolicy
from voicedomino.engine.view import SeatView
from voicedomino.players.knowledge import Knowledge, infer
from voicedomino.players.open_ends import ends_after_play

DOMINO = 1000.0


@dataclass(frozen=True)
class Weights:
    pips: float = 1.0
    double: float = 3.0
    bonus_double: float = 1.0  # a double that also earns another turn
    holding: float = 1.5  # per own tile showing one of the new ends
    playable_after: float = 1.0  # per own tile that will still fit
    variety: float = 0.7  # per distinct number kept in hand
    opponent_void: float = 2.5  # per end the next opponent is known to lack
    opponent_stuck: float = 4.0  # both ends lacked by an opponent
    partner_void: float = 2.0
    partner_stuck: float = 4.0
    lock: float = 3.0  # nobody else can have tiles for the new ends
    block: float = 25.0  # the play ends the round blocked: won or lost


MEDIUM = Weights()
CAPRA = Weights(pips=2.0, double=2.0, opponent_void=1.5, opponent_stuck=2.5)


def _next_seats(view: SeatView) -> list[int]:
    seats = view.rules.seats
    return [(view.seat + step) % seats for step in range(1, seats)]


def score_play(view: SeatView, knowledge: Knowledge, play: Play) -> float:
    rules = view.rules
    weights = CAPRA if rules.name == "capra" else MEDIUM
    tiles = knowledge.tiles
    fits = tiles.fits[rules.wildcard]
    tile = tiles.index(play.tile)
    hand = tiles.mask_of(view.hand)
    rest = hand & ~tiles.bit[tile]
    if not rest:
        return DOMINO
    ends = ends_after_play(rules, view.layout, play)
    open_fits = 0
    for end in ends:
        open_fits |= fits[end]
    score = weights.pips * tiles.pips[tile]
    if tiles.is_double[tile]:
        score += weights.double + (weights.bonus_double if rules.double_bonus else 0.0)
    number_mask = tiles.number_mask
    score += weights.holding * sum((rest & number_mask[end]).bit_count() for end in ends)
    score += weights.playable_after * (rest & open_fits).bit_count()
    score += weights.variety * sum(1 for mask in number_mask if rest & mask)

    partner = rules.partner_of(view.seat)
    for distance, seat in enumerate(_next_seats(view)):
        possible = knowledge.possible(seat)
        voids = sum(1 for end in ends if not possible & fits[end])
        stuck = voids == len(ends)
        nearness = 1.0 if distance == 0 else 0.5
        if seat == partner:
            score -= weights.partner_void * voids
            if stuck:
                score -= weights.partner_stuck
        else:
            score += nearness * weights.opponent_void * voids
            if stuck:
                score += nearness * weights.opponent_stuck

    can_draw = rules.draw_policy is not DrawPolicy.NONE and view.boneyard_count > 0
    others_can_fit = knowledge.unseen & open_fits
    if not others_can_fit and not can_draw:
        if rest & open_fits:
            score += weights.lock  # the ends are ours alone
        else:
            score += _block_value(view, knowledge, rest, weights)
    return score


def _block_value(view: SeatView, knowledge: Knowledge, rest: int, weights: Weights) -> float:
    """The round will end blocked after this play: good if the seat would win it."""
    if view.rules.name == "capra":
        return weights.block  # the last mover before a block scores nothing
    unseen_tiles = knowledge.unseen.bit_count()
    mask_pips = knowledge.tiles.mask_pips
    mean_pips = mask_pips(knowledge.unseen) / unseen_tiles if unseen_tiles else 0.0
    own = float(mask_pips(rest))
    if view.rules.pairs:
        partner = view.rules.partner_of(view.seat)
        assert partner is not None
        own += view.hand_counts[partner] * mean_pips
        others = sum(
            view.hand_counts[s] for s in range(view.rules.seats) if s not in (view.seat, partner)
        )
        return weights.block if own < others * mean_pips else -weights.block
    lowest_other = min(
        view.hand_counts[s] * mean_pips for s in range(view.rules.seats) if s != view.seat
    )
    return weights.block if own < lowest_other else -weights.block


def ranked_plays(view: SeatView, knowledge: Knowledge | None = None) -> list[tuple[float, Action]]:
    """The legal actions, best first by the heuristic (a draw or pass alone scores 0)."""
    actions = view.legal_actions()
    if not actions or not isinstance(actions[0], Play):
        return [(0.0, action) for action in actions]
    knowledge = knowledge or infer(view)
    scored = [
        (score_play(view, knowledge, action), action)
        for action in actions
        if isinstance(action, Play)
    ]
    # Stable: equal scores keep the engine's order, so the choice is reproducible.
    return sorted(scored, key=lambda pair: -pair[0])
