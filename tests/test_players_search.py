"""The hard player's exact endgame and its reading of the other seats, checked against
references built on the engine itself: a plain minimax over ``Round.copy()``/``apply`` for the
value of a deal, and the engine replaying the round's history for which deals are consistent.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from voicedomino.engine import (
    Action,
    IllegalAction,
    Match,
    Pass,
    Passed,
    Play,
    Round,
    SeatView,
    Settings,
    Side,
    Tile,
    TilePlayed,
)
from voicedomino.players import make_player
from voicedomino.players.difficile import SearchPlayer, SearchSettings
from voicedomino.players.fastsim import from_engine, round_state
from voicedomino.players.inference import Habits, Observation, habit_tables, observations, weigh
from voicedomino.players.knowledge import infer
from voicedomino.players.posterior import DealChain
from voicedomino.players.sampling import World, every_world, sample_world
from voicedomino.players.search import Searcher

# The tables of these tests: no boneyard is left to draw from once the tiles are dealt.
NO_DRAW_TABLES = (("coppie", 4, True), ("blocco", 2, False), ("blocco", 3, False))


def distinct(round_: Round) -> list[Action]:
    """The legal actions, one per distinct move (equal ends make head and tail the same)."""
    seen: dict[int, Action] = {}
    state = round_state(round_)
    for action in round_.legal_actions():
        seen.setdefault(from_engine(action, round_.layout, state.tiles), action)
    return list(seen.values())


def outcome(round_: Round, team: int) -> float:
    """The hard player's aim, restated: +1 for a won round, -1 lost, 0 drawn, plus the
    points margin over the best other team / 200 (never capra here)."""
    result = round_.result
    assert result is not None
    won = 0.0 if result.winner is None else 1.0 if result.winner == team else -1.0
    others = max(p for index, p in enumerate(result.points) if index != team)
    return won + (result.points[team] - others) / 200


def minimax(
    round_: Round, team: int, heaviest: float = 0.0, partner: float = 0.0, seat: int = -1
) -> float:
    """The exact value for *team* with every hand visible: its seats maximise, the others
    minimise; with *heaviest* > 0 each other seat plays its heaviest tile (wherever suits it)
    with that chance, and with *partner* > 0 so does each seat of the team but *seat*."""
    if round_.is_over:
        return outcome(round_, team)
    values: dict[Action, float] = {}
    for action in distinct(round_):
        child = round_.copy()
        child.apply(action)
        values[action] = minimax(child, team, heaviest, partner, seat)
    ours = round_.rules.team_of(round_.to_move) == team
    best = max(values.values()) if ours else min(values.values())
    chance = (0.0 if round_.to_move == seat else partner) if ours else heaviest
    plays = [a for a in values if isinstance(a, Play)]
    if not chance or not plays:
        return best
    top = max((a.tile.pips, a.tile.is_double) for a in plays)
    pick = max if ours else min
    heavy = pick(values[a] for a in plays if (a.tile.pips, a.tile.is_double) == top)
    return chance * heavy + (1 - chance) * best


def late_positions(table: tuple[str, int, bool], tiles_left: int, count: int) -> Iterator[Match]:
    """Rounds played by the heaviest-first baseline until few tiles are left in the hands,
    at a real choice of the seat to move."""
    variant, seats, pairs = table
    found = 0
    pesante = make_player("pesante")
    for seed in range(500):
        match = Match(Settings(variant=variant, seats=seats, pairs=pairs, target=0), seed=seed)
        round_ = match.round
        rng = random.Random(seed)
        while not round_.is_over and sum(map(len, round_.hands)) > tiles_left:
            view = match.view(round_.to_move)
            # Mostly heaviest first, sometimes anything: the inference has both to read.
            if rng.random() < 0.8:
                action = pesante.choose(view, rng)
            else:
                action = rng.choice(view.legal_actions())
            match.apply(action)
        if not round_.is_over and len(distinct(round_)) > 1:
            yield match
            found += 1
            if found == count:
                return


@pytest.mark.parametrize("table", NO_DRAW_TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
@pytest.mark.parametrize("heaviest", [0.0, 0.7, 1.0])
def test_exact_search_equals_the_engines_minimax(
    table: tuple[str, int, bool], heaviest: float
) -> None:
    for match in late_positions(table, 9, 3):
        round_ = match.round
        state = round_state(round_)
        team = match.rules.team_of(round_.to_move)
        actions = distinct(round_)
        codes = [from_engine(a, round_.layout, state.tiles) for a in actions]
        habit = tuple(heaviest for _ in range(match.rules.seats))
        searcher = Searcher(state, team, round_.leader, 10**7, heaviest=habit)
        values = searcher.exact_values(codes)
        for action, value in zip(actions, values, strict=True):
            child = round_.copy()
            child.apply(action)
            assert value == pytest.approx(minimax(child, team, heaviest)), action


@pytest.mark.parametrize(("heaviest", "partner"), [(0.0, 0.4), (0.6, 0.3), (0.0, 1.0)])
def test_a_partner_expected_to_play_heaviest_first_is_searched_exactly(
    heaviest: float, partner: float
) -> None:
    """In pairs the partner, who does not see every hand, may be expected to play its heaviest
    tile (placed as suits the team) with some chance: the search's values are the reference's
    with the same mixture at the partner's turns (and at the opponents' with *heaviest*)."""
    for match in late_positions(("coppie", 4, True), 9, 4):
        round_ = match.round
        state = round_state(round_)
        seat = round_.to_move
        team = match.rules.team_of(seat)
        actions = distinct(round_)
        codes = [from_engine(a, round_.layout, state.tiles) for a in actions]
        habit = (heaviest,) * 4
        searcher = Searcher(
            state, team, round_.leader, 10**7, heaviest=habit, partner_heaviest=partner
        )
        values = searcher.exact_values(codes)
        for action, value in zip(actions, values, strict=True):
            child = round_.copy()
            child.apply(action)
            assert value == pytest.approx(minimax(child, team, heaviest, partner, seat)), action


@pytest.mark.parametrize(
    "table", [("classica", 2, False), ("blocco", 2, False), ("coppie", 3, False)], ids=str
)
def test_without_a_partner_the_partner_model_changes_nothing(table: tuple[str, int, bool]) -> None:
    """Lone seats have no partner to expect anything of: the default hard player searches
    exactly as one that takes a partner for a seat that sees every hand."""
    default = SearchPlayer()
    assert default.settings.partner_heaviest > 0
    omniscient = SearchPlayer(SearchSettings(partner_heaviest=0.0))
    for match in late_positions(table, 12, 3):
        view = match.view(match.to_move)
        assert default.search(view, random.Random(1)) == omniscient.search(view, random.Random(1))


def replayed(view: SeatView, hands: tuple[tuple[Tile, ...], ...]) -> bool:
    """Whether the round could have gone as the view tells with these hands now: dealt the
    hands plus the tiles each seat played, the engine names the same lead and accepts every
    play and pass of the history."""
    rules = view.rules
    played: list[list[Tile]] = [[] for _ in range(rules.seats)]
    for event in view.history:
        if isinstance(event, TilePlayed):
            played[event.seat].append(event.tile)
    dealt = [list(hand) + played[seat] for seat, hand in enumerate(hands)]
    if any(len(hand) != rules.hand_size for hand in dealt):
        return False
    lead = rules.find_lead(dealt, None)
    if lead is None or (lead.seat, lead.tile) != (view.leader, view.lead_tile):
        return False
    dealt_tiles = {tile for hand in dealt for tile in hand}
    unused = [tile for tile in view.unseen_tiles() if tile not in dealt_tiles]
    round_ = Round(rules, dealt, [], unused, view.leader, view.lead_tile)
    try:
        for event in view.history:
            if isinstance(event, TilePlayed):
                arms = {Side.HEAD: event.head, Side.TAIL: event.tail}
                arms |= {Side.UP: event.up, Side.DOWN: event.down}
                outer = arms[event.side]
                round_.apply(Play(event.tile, event.side, outer), event.seat)
            elif isinstance(event, Passed):
                round_.apply(Pass(), event.seat)
    except IllegalAction:
        return False
    return True


def consistent_deals(view: SeatView) -> set[tuple[tuple[Tile, ...], ...]]:
    """Every assignment of the unseen tiles to the other hands that the engine's replay of
    the history accepts (found by brute force, knowing nothing of the players' inference)."""
    seats = view.rules.seats
    unseen = view.unseen_tiles()
    others = [seat for seat in range(seats) if seat != view.seat]
    found: set[tuple[tuple[Tile, ...], ...]] = set()

    def deal(index: int, left: list[Tile], hands: list[tuple[Tile, ...]]) -> None:
        if index == len(others):
            if replayed(view, tuple(hands)):
                found.add(tuple(hands))
            return
        seat = others[index]
        for chosen in itertools.combinations(left, view.hand_counts[seat]):
            hands[seat] = tuple(sorted(chosen))
            deal(index + 1, [t for t in left if t not in chosen], hands)
        hands[seat] = ()

    hands: list[tuple[Tile, ...]] = [() for _ in range(seats)]
    hands[view.seat] = tuple(sorted(view.hand))
    deal(0, unseen, hands)
    return found


@pytest.mark.parametrize("table", NO_DRAW_TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_every_deal_is_every_deal_the_history_allows(table: tuple[str, int, bool]) -> None:
    checked = 0
    # Tiles left in the hands: the deals to compare stay in the hundreds (blocco's set-aside
    # tiles are unseen too).
    tiles_left = {4: 10, 2: 6, 3: 4}[table[1]]
    for match in late_positions(table, tiles_left, 6):
        view = match.view(match.to_move)
        knowledge = infer(view)
        worlds = every_world(view, knowledge, 10_000)
        assert worlds is not None
        tiles = knowledge.tiles
        ours = {tuple(tuple(sorted(tiles.tiles_of(hand))) for hand in w.hands) for w in worlds}
        assert len(ours) == len(worlds), "each deal once"
        assert ours == consistent_deals(view)
        checked += 1
    assert checked == 6


@pytest.mark.parametrize("table", NO_DRAW_TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_every_deal_gives_up_within_its_steps_and_never_gives_fewer_deals(
    table: tuple[str, int, bool],
) -> None:
    # Passes can hide a few deals among millions of dead ends: the enumeration is bounded in
    # steps (so the wait is bounded and the same position gives the same answer), and within
    # its steps it finds exactly the deals the unbounded one finds.
    tiles_left = {4: 10, 2: 6, 3: 4}[table[1]]
    gave_up = 0
    for match in late_positions(table, tiles_left, 6):
        view = match.view(match.to_move)
        knowledge = infer(view)
        unbounded = every_world(view, knowledge, 10_000, steps=10**9)
        assert unbounded is not None
        assert every_world(view, knowledge, 10_000) in (None, unbounded)
        assert every_world(view, knowledge, 10_000, steps=len(unbounded) * 1000) == unbounded
        few = every_world(view, knowledge, 10_000, steps=2)
        assert few is None or few == unbounded
        gave_up += few is None
    assert gave_up > 0


def reference_values(view: SeatView, actions: list[Action]) -> list[float]:
    """Per action, the sum over every consistent deal of the deal's exact value times how
    likely the deal makes the other seats' plays, each play being any playable tile alike."""
    totals = [0.0] * len(actions)
    team = view.rules.team_of(view.seat)
    last = view.last_play()
    for hands in consistent_deals(view):
        weight = uniform_likelihood(view, hands)
        round_ = Round(view.rules, hands, [], [], view.leader, view.lead_tile)
        round_.layout = view.layout
        round_.to_move = view.to_move
        round_.last_mover = None if last is None else last.seat
        for index, action in enumerate(actions):
            child = round_.copy()
            child.apply(action)
            totals[index] += weight * minimax(child, team)
    return totals


def uniform_likelihood(view: SeatView, hands: tuple[tuple[Tile, ...], ...]) -> float:
    """The chance of the other seats' plays in this deal if each played any playable tile
    alike: the product over their plays (the lead tile is compulsory here) of 1 / the number
    of tiles they could play then."""
    rules = view.rules
    held = [set(hand) for hand in hands]
    for event in view.history:  # back to the hands dealt
        if isinstance(event, TilePlayed):
            held[event.seat].add(event.tile)
    value = 1.0
    head: int | None = None
    tail: int | None = None
    for event in view.history:
        if isinstance(event, TilePlayed):
            if event.seat != view.seat and not event.lead:
                value /= sum(1 for tile in held[event.seat] if rules.outers_any(tile, head, tail))
            held[event.seat].discard(event.tile)
            head, tail = event.head, event.tail
    return value


@pytest.mark.parametrize("table", [("coppie", 4, True), ("blocco", 2, False)])
def test_endgame_plays_the_best_move_over_every_deal(table: tuple[str, int, bool]) -> None:
    """Few tiles left: the hard player searches every consistent deal to the end, weighs each
    by its plays' likelihood, and its values and choice are the reference's."""
    # Any playable tile alike; no partnership convention; the partner taken to play the
    # team's best move, as in the reference.
    uniform = Habits(random=1.0, soft=0.0, heaviest=0.0, signals=0.0, keeper=0.0)
    settings = SearchSettings(
        habits=uniform, nodes=400_000, signal_margin=0.0, partner_heaviest=0.0
    )
    player = SearchPlayer(settings)
    checked = 0
    for match in late_positions(table, {4: 7, 2: 3}[table[1]], 4):
        view = match.view(match.to_move)
        outcome = player.search(view, random.Random(0))
        assert outcome.every_deal
        assert outcome.exact_deals == outcome.deals_searched == outcome.deals
        reference = reference_values(view, list(outcome.candidates))
        # The player scales the weights to add up to the number of deals.
        scale = outcome.deals / sum(
            uniform_likelihood(view, hands) for hands in consistent_deals(view)
        )
        assert outcome.values == pytest.approx([scale * v for v in reference], rel=1e-9)
        assert reference[outcome.candidates.index(outcome.action)] == max(reference)
        checked += 1
    assert checked == 4


def test_plays_of_a_heaviest_first_seat_are_read() -> None:
    """An opponent who plays heaviest first: the deals the hard player draws mostly agree with
    that (it held no heavier tile that fitted when it played a lighter one), far more than
    deals drawn blindly; and the seat is then expected to go on playing its heaviest tile,
    while a seat seen to pass over a heavier tile is not."""
    blind = drawn = 0.0
    read = 0
    for seed in range(40):
        match = Match(Settings(variant="coppie", seats=4, pairs=True, target=0), seed=seed)
        players = {seat: make_player("medio") for seat in (0, 2, 3)}
        players[1] = make_player("pesante")
        round_ = match.round
        while not round_.is_over and (round_.to_move != 0 or len(round_.hands[0]) > 4):
            seat = match.to_move
            match.apply(players[seat].choose(match.view(seat), random.Random(seed)), seat)
        if round_.is_over:
            continue
        view = match.view(0)
        seen = observations(view)
        knowledge = infer(view)
        tiles = knowledge.tiles
        truth = tuple(tiles.mask_of(hand) for hand in round_.hands)
        above = habit_tables(tiles, Habits().shedding).above
        if len(with_choice(seen, truth, 1)) < 2:
            continue
        read += 1
        _weight, habit = weigh(tiles, truth, seen)
        assert habit[1] > Habits().heaviest  # more likely than before its plays
        # Seat 3 plays by the medium player's judgement: once it passed over a heavier tile
        # that fitted, it is no longer taken for a heaviest-first player (the prior is 0.4).
        if any(passed_over(obs, truth[3], above) for obs in with_choice(seen, truth, 3)):
            assert habit[3] < 0.2

        plays_1 = [obs for obs in seen if obs.seat == 1]
        rng = random.Random(seed)
        blindly = [sample_world(view, knowledge, rng) for _ in range(100)]
        chain = DealChain(view, knowledge, seen, random.Random(seed))
        worlds = chain.draw(24, SearchSettings().burn, SearchSettings().thin)
        blind += contradicted(blindly, plays_1, above)
        drawn += contradicted(worlds, plays_1, above)
    assert read >= 5
    assert drawn < 0.5 * blind


def passed_over(obs: Observation, hand: int, above: tuple[int, ...]) -> bool:
    """The seat held a heavier tile that fitted when it played this one."""
    return bool((hand | obs.played_later) & obs.fits & above[obs.tile])


def contradicted(worlds: list[World], plays: list[Observation], above: tuple[int, ...]) -> float:
    """The share of the deals in which seat 1 passed over a heavier tile in one of *plays*."""
    wrong = sum(any(passed_over(obs, world.hands[1], above) for obs in plays) for world in worlds)
    return wrong / len(worlds)


def with_choice(seen: list[Observation], hands: tuple[int, ...], seat: int) -> list[Observation]:
    """The seat's plays that had an alternative, had it held *hands[seat]*."""
    return [
        obs
        for obs in seen
        if obs.seat == seat
        and ((hands[seat] | obs.played_later | 1 << obs.tile) & obs.fits).bit_count() > 1
    ]
