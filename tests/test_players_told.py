"""The arena's diagnostic of a partnership that could say everything: a seat's knowledge told
one other hand exactly (never in the game, where a seat sees only its view)."""

from __future__ import annotations

import random

from voicedomino.engine import Match, Settings
from voicedomino.players import make_player
from voicedomino.players.inference import observations
from voicedomino.players.knowledge import infer
from voicedomino.players.posterior import DealChain
from voicedomino.players.sampling import every_world, sample_world

PAIRS = Settings(variant="coppie", seats=4, pairs=True, target=0)


def test_every_deal_drawn_gives_the_told_hand_and_the_others_stay_unknown() -> None:
    pesante = make_player("pesante")
    for seed in range(6):
        match = Match(PAIRS, seed=seed)
        for _ply in range(5):  # a few plays in: the history says something already
            seat = match.to_move
            match.apply(pesante.choose(match.view(seat), random.Random(seed)), seat)
        seat = match.to_move
        view = match.view(seat)
        partner = match.rules.partner_of(seat)
        assert partner is not None
        knowledge = infer(view)
        truth = knowledge.tiles.mask_of(match.round.hands[partner])
        told = knowledge.told(partner, truth)
        assert told.possible(partner) == truth
        assert knowledge.possible(partner) != truth  # the view alone does not say it
        rng = random.Random(seed)
        worlds = [sample_world(view, told, rng) for _ in range(10)]
        chain = DealChain(view, told, observations(view), rng, partner=partner)
        worlds += chain.draw(10, 200, 10)
        assert all(world.hands[partner] == truth for world in worlds)
        opponent = (seat + 1) % 4
        assert len({world.hands[opponent] for world in worlds}) > 1


def test_late_in_a_hand_every_consistent_deal_keeps_the_told_hand() -> None:
    pesante = make_player("pesante")
    match = Match(PAIRS, seed=3)
    while len(match.view(match.to_move).unseen_tiles()) > 9 and not match.round.is_over:
        seat = match.to_move
        match.apply(pesante.choose(match.view(seat), random.Random(3)), seat)
    view = match.view(match.to_move)
    partner = match.rules.partner_of(view.seat)
    assert partner is not None
    knowledge = infer(view)
    truth = knowledge.tiles.mask_of(match.round.hands[partner])
    every = every_world(view, knowledge.told(partner, truth), 10_000)
    assert every
    assert all(world.hands[partner] == truth for world in every)
    assert len(every) < len(every_world(view, knowledge, 10_000) or [])
