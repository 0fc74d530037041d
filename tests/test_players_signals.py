"""The partnership's convention in pairs: the hard player, among moves of about equal worth,
leaves showing the number it holds most of, and reads its partner's plays the same way (and
only its partner's), while a partner who plays otherwise is still read by its habit."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable

from voicedomino.engine import Action, Match, Play, SeatView, Settings, Tile
from voicedomino.players import make_player
from voicedomino.players.difficile import SearchPlayer, SearchSettings
from voicedomino.players.fastsim import from_engine, play_joined, play_outer, play_tile
from voicedomino.players.inference import (
    DEFAULT_HABITS,
    Habits,
    Observation,
    observations,
    weigh,
)
from voicedomino.players.knowledge import infer
from voicedomino.players.posterior import DealChain
from voicedomino.players.tables import NO_END, TileSet, tile_set_of

PAIRS = Settings(variant="coppie", seats=4, pairs=True, target=0)
# The model with the keeper's habit for the other seats (not the default: README).
KEEPING = Habits(keeper=0.25, soft=0.20)


def mask(tiles: TileSet, *pairs: tuple[int, int]) -> int:
    return tiles.mask_of([Tile(low, high) for low, high in pairs])


def test_a_partner_who_shows_a_number_is_read_as_holding_it() -> None:
    """Ends 1 and 4; the partner (seat 2) laid 4-6, leaving 6 showing, when 1-2 also fitted.
    A hand rich in sixes now weighs more than one rich in twos: for the partner (the
    convention); for an opponent who made the same play only with the keeper's habit in the
    model (a player who keeps its long number showing, without any convention), and less."""
    tiles = tile_set_of(Match(PAIRS, seed=0).rules)
    laid = tiles.index(Tile(4, 6))
    fitted = mask(tiles, (4, 6), (1, 2))
    sixes = mask(tiles, (1, 2), (6, 6), (5, 6), (3, 6), (0, 0), (0, 3))
    twos = mask(tiles, (1, 2), (2, 2), (2, 5), (2, 3), (0, 0), (0, 3))
    play = Observation(seat=2, tile=laid, fits=fitted, played_later=0, ends=(1, 4))
    empty = (0, 0, 0, 0)

    def weight(hand: int, partner: int | None, habits: Habits = DEFAULT_HABITS) -> float:
        hands = (0, 0, hand, 0)
        return weigh(tiles, hands, [play], habits, partner)[0]

    as_partner = weight(sixes, 2) / weight(twos, 2)
    assert as_partner > 1.3
    assert weight(sixes, None) == weight(twos, None)
    as_opponent = weight(sixes, None, KEEPING) / weight(twos, None, KEEPING)
    assert as_partner > as_opponent > 1.05
    assert weight(sixes, 2, Habits(keeper=0.25)) == weight(sixes, 2)  # not the partner's habit
    assert weigh(tiles, empty, [], DEFAULT_HABITS, 2)[0] == 1.0
    # Without the convention in the model the partner is read like anyone else.
    unsignalled = Habits(signals=0.0)
    assert weight(sixes, 2, unsignalled) == weight(sixes, None)


def conventional(view: SeatView, rng: random.Random) -> Action:
    """A partner who always leaves showing the number it holds most of (a lead: shows it)."""
    tiles = tile_set_of(view.rules)
    hand = tiles.mask_of(view.hand)
    actions = view.legal_actions()
    plays = [action for action in actions if isinstance(action, Play)]
    if not plays:
        return actions[0]

    def shown(play: Play) -> int:
        code = from_engine(play, view.layout, tiles)
        tile = play_tile(code)
        rest = hand & ~tiles.bit[tile]
        outers = tiles.pairs[tile] if play_joined(code) == NO_END else (play_outer(code),)
        return max((rest & tiles.number_mask[number]).bit_count() for number in outers)

    return max(plays, key=shown)


Chooser = Callable[[SeatView, random.Random], Action]


def partner_found(
    partner: Chooser, habits: Habits, seeds: range, reader: int = 0, read: int = 2
) -> float:
    """Over early positions (seat *reader* to move with five tiles left, seat *read*, played
    by *partner*, having chosen at least once), the mean share of seat *read*'s true tiles
    that the deals seat *reader* draws put in its hand."""
    others = make_player("medio")
    found: list[float] = []
    for seed in seeds:
        match = Match(PAIRS, seed=seed)
        round_ = match.round
        while not round_.is_over and (round_.to_move != reader or len(round_.hands[reader]) > 5):
            seat = match.to_move
            chooser = partner if seat == read else others.choose
            match.apply(chooser(match.view(seat), random.Random(seed)), seat)
        if round_.is_over:
            continue
        view = match.view(reader)
        knowledge = infer(view)
        truth = knowledge.tiles.mask_of(round_.hands[read])
        partner_seat = match.rules.partner_of(reader)
        seen = observations(view)
        chain = DealChain(view, knowledge, seen, random.Random(seed), habits, partner_seat)
        worlds = chain.draw(24, SearchSettings().burn, SearchSettings().thin)
        found.extend(
            (world.hands[read] & truth).bit_count() / truth.bit_count() for world in worlds
        )
    assert len(found) >= 24 * 30
    return statistics.fmean(found)


def test_the_deals_drawn_find_a_conventional_partners_tiles() -> None:
    """After two or so plays each, chance alone finds a third of the partner's tiles; the
    convention read finds more of them than the same chain without it."""
    without = Habits(signals=0.0)
    seeds = range(40)
    reading = partner_found(conventional, DEFAULT_HABITS, seeds)
    assert reading > partner_found(conventional, without, seeds) + 0.01


def test_the_deals_drawn_find_the_tiles_of_an_opponent_who_keeps_its_long_number() -> None:
    """An opponent (seat 1) who leaves showing the number it holds most of, as good players
    do without any convention: the deals seat 0 draws find more of its tiles with the keeper's
    habit in the model than without it (the default)."""
    seeds = range(40)
    reading = partner_found(conventional, KEEPING, seeds, reader=0, read=1)
    assert reading > partner_found(conventional, DEFAULT_HABITS, seeds, reader=0, read=1) + 0.01


def test_a_partner_who_ignores_the_convention_is_still_read_by_its_habit() -> None:
    """A heaviest-first partner (as many people play) is still taken for one once it has
    chosen twice, and the convention costs the reading of its hand little (about 2 tiles in
    100 after its first two plays: the convention is one habit among the others, weighed by
    how well it explains the partner's plays)."""
    without = Habits(signals=0.0)
    seeds = range(40)
    heaviest = make_player("pesante").choose
    assert partner_found(heaviest, DEFAULT_HABITS, seeds) > (
        partner_found(heaviest, without, seeds) - 0.03
    )
    tiles = tile_set_of(Match(PAIRS, seed=0).rules)
    # Ends 1 and 4: the partner laid 4-6 over 1-2, then with 6 and 1 showing, 6-5 over 1-3.
    later = mask(tiles, (5, 6))
    plays = [
        Observation(2, tiles.index(Tile(4, 6)), mask(tiles, (4, 6), (1, 2)), later, (1, 4)),
        Observation(2, tiles.index(Tile(5, 6)), mask(tiles, (5, 6), (1, 3)), 0, (1, 6)),
    ]
    hand = mask(tiles, (1, 2), (1, 3), (0, 0), (0, 2), (3, 3))
    _weight, habit = weigh(tiles, (0, 0, hand, 0), plays, DEFAULT_HABITS, 2)
    assert habit[2] > DEFAULT_HABITS.heaviest


def shown_by(view: SeatView, action: Action) -> int:
    """How many tiles left in the seat's hand show the number *action* leaves showing."""
    tiles = tile_set_of(view.rules)
    if not isinstance(action, Play):
        return -1
    code = from_engine(action, view.layout, tiles)
    tile = play_tile(code)
    rest = tiles.mask_of(view.hand) & ~tiles.bit[tile]
    outers = tiles.pairs[tile] if play_joined(code) == NO_END else (play_outer(code),)
    return max((rest & tiles.number_mask[number]).bit_count() for number in outers)


def test_the_hard_player_signals_only_among_moves_about_as_good() -> None:
    """On the same search, the player with the convention plays the plain best move, or one
    within the margin of it that shows a number it holds more of; and it does signal."""
    margin = 0.05
    plain = SearchPlayer(SearchSettings(samples=6, nodes=4_000, signal_margin=0.0))
    signalling = SearchPlayer(SearchSettings(samples=6, nodes=4_000, signal_margin=margin))
    players = make_player("medio")
    differed = 0
    for seed in range(12):
        match = Match(PAIRS, seed=seed)
        while not match.round.is_over:
            seat = match.to_move
            view = match.view(seat)
            if seat % 2 == 0 and len(view.legal_actions()) > 1:
                best = plain.search(view, random.Random(seed))
                chosen = signalling.search(view, random.Random(seed))
                assert chosen.values == best.values
                if chosen.action != best.action:
                    differed += 1
                    value = dict(zip(chosen.candidates, chosen.values, strict=True))
                    assert value[chosen.action] >= value[best.action] - margin * chosen.weight
                    assert shown_by(view, chosen.action) > shown_by(view, best.action)
                action = chosen.action
            else:
                action = players.choose(view, random.Random(seed))
            match.apply(action, seat)
    assert differed >= 5
