"""Cross-checks of the rules engine against two public domino engines, game by game.

Random games are played in our engine and, from the same deal, in a public engine side by
side; at every step both must agree on what their rules share: the legal moves (the tiles and
the ends they fit), the open ends, who plays next (a seat that cannot play passes), when the
round is won or blocked, the pips left in each hand and the points, where the scoring
conventions coincide. Nothing in either engine is changed or patched: each is driven through
its own public interface, and only what truly corresponds is compared.

The public engines (both in the ``test`` extra of pyproject.toml):

* OpenSpiel (``open_spiel``), its Python games ``python_block_dominoes`` and
  ``python_team_dominoes`` (the only dominoes games its version 2 wheel registers). Both use
  the double-six set, deal 7 tiles each, never draw, let player 0 open with any tile, skip a
  player who cannot play (no pass action) and end when a hand is empty or nobody can play.
  Its action numbers are read with the game modules' own tables (``_DECK``, ``_ACTIONS``).

  - ``python_block_dominoes`` (2 players, 14 tiles set aside) is our **blocco at 2 seats**.
    Differences: our blocco opens with the highest double (a new deal when nobody holds one),
    OpenSpiel lets player 0 open with any tile: our leader is OpenSpiel's player 0 and plays
    our lead tile there (one of its legal openings); where our opening rule lets the leader
    play any tile (later rounds with the opening "last winner") the whole opening moves are
    compared. Scoring: a domino scores the loser's pips in both; when blocked OpenSpiel gives
    the winner (fewer pips) the loser's pips, our blocco the loser's pips minus the winner's
    own (RULES.md); a tie scores nothing in both.
  - ``python_team_dominoes`` (4 players in pairs 0+2 and 1+3, all 28 tiles dealt) is our
    **coppie at 4 seats in pairs**. Differences: the first lead (ours: [6|6]; later rounds the
    next leader with any tile, as OpenSpiel's player 0), and the scoring of a domino: OpenSpiel
    makes the pair with fewer pips the winner even when the other pair went out, ours (RULES.md)
    the pair that went out; so points are compared for blocked rounds only (fewer pips wins in
    both; OpenSpiel scores the losers' pips, ours every pip on the table), and a tie (ours goes
    to the leader's pair, OpenSpiel's scores nothing) is left out.

* ``dominoes`` (abw333/dominoes): its ``Game`` is four players, partners sitting opposite
  (0+2, 1+3), no drawing, a chosen player or a chosen domino opens, ends told as left/right
  (our testa/coda), passes recorded in ``moves`` as None. Its deal is a random double-six
  deal, so the same deal is handed to its constructor exactly as ``Game.new`` builds a game.
  Its rules code assumes neither the double-six set (``Domino`` documents values 0 to 6 or 9)
  nor 7 tiles a hand, which lets it check the double-nine set and smaller hands too. The
  passes it records must be the passes our engine made.

  - **coppie, 4 seats in pairs**: everything, the points too: a domino scores every pip left
    (the partner's included) for the pair that went out; blocked, the pair with fewer pips
    scores both pairs' pips. Difference: on a blocked tie our rules give the round to the
    leader's pair (RULES.md), ``dominoes`` scores nothing; that case checks exactly this.
  - **capra, 4 seats** (all 28 tiles dealt, no boneyard): play, and the seat that scores
    nothing: who went out, or who made the last move before the block, is ``Result.player``
    in ``dominoes``. Capra's other points (each seat its own pips) have no counterpart. Every
    opening rule of the table options is played (a rule only picks the leader and lead tile).
  - **blocco, 4 seats, no drawing**: with the double-nine set (7 tiles each, 27 set aside),
    with the double-six set (5 each, 8 set aside) and with 7 each (the hand size is a
    setting): play, the end of the round and who made the last move. Our blocco's
    individual scoring has no counterpart (``dominoes`` scores pairs).

Not cross-checked, because no public engine here implements them: drawing from the boneyard
(pesca, classica, capra and coppie with fewer than 4 seats or the double-nine set), classica's
double bonus, jolly's blank wildcard, 3-seat tables, and the spinner: OpenSpiel's and
``dominoes``' tables are lines, and neither knows the double-nine set except as noted above.
The spinner option is still exercised here: with it off (by default or said) every table must
match the line engines, and with it on a round whose lead is not a double is a plain line and
must match them too (rounds led by a double with the spinner on are played but not compared).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any, Protocol

import dominoes
import pyspiel
import pytest
from open_spiel.python.games import block_dominoes, team_dominoes

from voicedomino.engine import (
    Action,
    Match,
    Opening,
    Outcome,
    Pass,
    Passed,
    Play,
    RoundResult,
    Settings,
    Side,
    Tile,
    make_rules,
)
from voicedomino.engine.round import Round

# --- our side -------------------------------------------------------------------------------


def deals(settings_of: Callable[[int], Settings]) -> Iterator[Match]:
    """Whole matches with seeds 1, 2, ... (settings chosen by seed), yielded at each fresh
    deal; the caller plays each round out before asking for the next."""
    for seed in itertools.count(1):
        match = Match(settings_of(seed), seed=seed)
        while True:
            yield match
            if not match.round.is_over:
                raise AssertionError("the caller plays each round out")
            if match.is_over:
                break
            match.next_round()


def our_ends(round_: Round) -> tuple[int, int]:
    head, tail = round_.head, round_.tail
    assert head is not None and tail is not None
    return head, tail


def is_line_round(round_: Round) -> bool:
    """Whether the round is played on a line: no spinner, or the spinner option on with a lead
    that is no double (known once the lead is on the table)."""
    return not round_.layout.has_spinner


# --- the public engines, driven through their own interfaces ---------------------------------


class PublicTable(Protocol):
    def to_move(self) -> int: ...
    def legal(self) -> set[Any]: ...
    def play(self, play: Play, lead: bool) -> None: ...
    def ends(self) -> Any: ...
    def is_over(self) -> bool: ...


class OpenSpielTable:
    """An OpenSpiel dominoes state dealt our hands, our leader as its player 0."""

    def __init__(
        self, game_name: str, module: ModuleType, hands: list[list[Tile]], leader: int
    ) -> None:
        self.module = module
        self.seats = len(hands)
        self.leader = leader
        self.state = pyspiel.load_game(game_name).new_initial_state()
        players = [hands[(player + leader) % self.seats] for player in range(self.seats)]
        for tile in self._deal_order(players):
            assert self.state.is_chance_node()
            self.state.apply_action(module._DECK.index((float(tile.low), float(tile.high))))
        dealt = [sorted(Tile(int(a), int(b)) for a, b in hand) for hand in self.state.hands]
        assert dealt == [sorted(hand) for hand in players], "the deal did not land as meant"
        assert not self.state.is_chance_node()

    def _deal_order(self, players: list[list[Tile]]) -> list[Tile]:
        if self.seats == 2:  # python_block_dominoes fills player 0's hand, then player 1's
            return [tile for hand in players for tile in hand]
        # python_team_dominoes deals one tile to each player in turn
        return [hand[index] for index in range(len(players[0])) for hand in players]

    def seat_of(self, player: int) -> int:
        return (player + self.leader) % self.seats

    def to_move(self) -> int:
        return self.seat_of(self.state.current_player())

    def _actions(self) -> Iterator[tuple[int, Tile, int | None]]:
        for index in self.state.legal_actions():
            action = self.module._ACTIONS[index]
            edge = None if action.edge is None else int(action.edge)
            yield index, Tile(int(action.tile[0]), int(action.tile[1])), edge

    def legal(self) -> set[tuple[Tile, int | None]]:
        """(tile, the end number it covers), None on the empty table."""
        return {(tile, edge) for _, tile, edge in self._actions()}

    def play(self, play: Play, lead: bool) -> None:
        wanted = (play.tile, None if lead else play_end(play))
        index = next(i for i, tile, edge in self._actions() if (tile, edge) == wanted)
        self.state.apply_action(index)

    def ends(self) -> list[int]:
        return sorted(int(edge) for edge in self.state.open_edges)

    def is_over(self) -> bool:
        return bool(self.state.is_terminal())

    def pips_by_seat(self) -> list[int]:
        hands = self.state.hands
        return [pips_left(hands[(seat - self.leader) % self.seats]) for seat in range(self.seats)]

    def returns_by_seat(self) -> list[float]:
        returns = self.state.returns()
        return [returns[(seat - self.leader) % self.seats] for seat in range(self.seats)]


class Abw333Table:
    """A ``dominoes.Game`` dealt our hands, built as ``Game.new`` builds one."""

    def __init__(self, hands: list[list[Tile]], leader: int, lead_tile: Tile | None) -> None:
        deal = [dominoes.Hand([domino(tile) for tile in hand]) for hand in hands]
        if lead_tile is None:  # Game.new(starting_player=leader)
            valid = tuple((d, True) for d in deal[leader])
        else:  # Game.new(starting_domino=lead_tile), which then plays it at once (we do below)
            valid = ((domino(lead_tile), True),)
        self.game = dominoes.Game(dominoes.Board(), deal, [], leader, valid, leader, None)

    def to_move(self) -> int:
        return int(self.game.turn)

    def legal(self) -> set[tuple[Tile, bool]]:
        """(tile, placed on the left end)."""
        return {(Tile.of(d.first, d.second), bool(left)) for d, left in self.game.valid_moves}

    def play(self, play: Play, lead: bool) -> None:
        self.game.make_move(domino(play.tile), lead or play.side is Side.HEAD)

    def ends(self) -> tuple[int, int]:
        return self.game.board.left_end(), self.game.board.right_end()

    def is_over(self) -> bool:
        return self.game.result is not None

    def passes(self) -> int:
        return sum(1 for move in self.game.moves if move is None)


def domino(tile: Tile) -> Any:
    return dominoes.Domino(tile.low, tile.high)


def play_end(play: Play) -> int:
    """The number of the end *play* covers."""
    assert play.outer is not None
    return play.tile.other(play.outer)


def openspiel_legal(round_: Round, actions: list[Action]) -> set[tuple[Tile, int | None]]:
    lead = round_.layout.is_empty
    return {
        (action.tile, None if lead else play_end(action))
        for action in actions
        if isinstance(action, Play)
    }


def abw333_legal(round_: Round, actions: list[Action]) -> set[tuple[Tile, bool]]:
    """Ours as ``dominoes`` lists them: a tile fitting both ends when they show the same
    number is listed once, on the left (both placements give the same ends)."""
    if round_.layout.is_empty:
        return {(action.tile, True) for action in actions if isinstance(action, Play)}
    head, tail = our_ends(round_)
    return {
        (action.tile, action.side is Side.HEAD or head == tail)
        for action in actions
        if isinstance(action, Play)
    }


# --- the side-by-side game --------------------------------------------------------------------


def play_side_by_side(
    match: Match,
    public: PublicTable | None,
    ours_as_public: Callable[[Round, list[Action]], set[Any]],
    ends_as_public: Callable[[Round], Any],
    rng: random.Random,
    *,
    compare_opening: bool,
) -> bool:
    """Play the current round out with random legal moves, comparing every step; False when
    it was a spinner round, played without a public counterpart."""
    round_ = match.round
    steps = 0
    while not round_.is_over:
        legal = round_.legal_actions()
        if legal == [Pass()]:
            # Neither public engine has a pass: it moves on to the next seat that can play.
            match.apply(Pass())
            continue
        assert all(isinstance(action, Play) for action in legal), "no draws on these tables"
        play = rng.choice(legal)
        assert isinstance(play, Play)
        lead = round_.layout.is_empty
        if lead and round_.rules.spinner and play.tile.is_double:
            public = None  # this round has a spinner: no public engine plays one
        if public is not None:
            where = f"step {steps}, seat {round_.to_move}, table {round_.layout}"
            assert public.to_move() == round_.to_move, where
            ours = ours_as_public(round_, legal)
            if lead and not compare_opening:
                # The public engine may open with any tile; our rule names the lead tile.
                assert ours <= public.legal(), where
            else:
                assert ours == public.legal(), where
        match.apply(play)
        if public is not None:
            public.play(play, lead)
            steps += 1
            assert public.is_over() == round_.is_over, f"after step {steps}"
            assert public.ends() == ends_as_public(round_), f"after step {steps}"
    return public is not None


def openspiel_ends(round_: Round) -> list[int]:
    return sorted(our_ends(round_))


# --- OpenSpiel --------------------------------------------------------------------------------

BLOCK_ROUNDS = 300
TEAM_ROUNDS = 300


def test_blocco_at_two_seats_plays_as_openspiel_block_dominoes() -> None:
    rng = random.Random(21_01)
    any_tile_openings = blocked = dominos = 0
    # With the opening "last winner" later rounds open with any tile of the winner's.
    openings = (None, "last_winner")
    for compared, match in enumerate(
        deals(lambda seed: Settings("blocco", seats=2, spinner=False, opening=openings[seed % 2]))
    ):
        if compared == BLOCK_ROUNDS:
            break
        round_ = match.round
        hands = [list(hand) for hand in round_.hands]
        table = OpenSpielTable("python_block_dominoes", block_dominoes, hands, round_.leader)
        any_tile = round_.lead_tile is None
        play_side_by_side(
            match, table, openspiel_legal, openspiel_ends, rng, compare_opening=any_tile
        )
        any_tile_openings += any_tile
        result = round_.result
        assert result is not None
        assert list(result.penalties) == table.pips_by_seat()
        returns = table.returns_by_seat()
        check_block_scoring(result, returns)
        blocked += result.outcome is not Outcome.DOMINO
        dominos += result.outcome is Outcome.DOMINO
    # The sample reaches every case the comparison distinguishes.
    assert any_tile_openings >= 20 and blocked >= 20 and dominos >= 20


def check_block_scoring(result: RoundResult, returns: list[float]) -> None:
    if result.winner is None:  # blocked with equal pips
        assert result.outcome is Outcome.DRAW and returns == [0, 0]
        assert result.points == (0, 0)
        return
    winner, loser = result.winner, 1 - result.winner
    assert returns[winner] == result.penalties[loser] == -returns[loser]
    if result.outcome is Outcome.DOMINO:
        assert result.points[winner] == returns[winner]
    else:  # blocco scores the difference (RULES.md), OpenSpiel the loser's pips
        assert result.points[winner] == returns[winner] - result.penalties[winner]
    assert result.points[loser] == 0


def test_coppie_in_pairs_plays_as_openspiel_team_dominoes() -> None:
    rng = random.Random(21_02)
    compared = any_tile_openings = blocked_scored = spinner_line_rounds = 0
    # With the spinner on, rounds opened by no double are lines.
    for match in deals(lambda seed: Settings("coppie", seats=4, pairs=True, spinner=seed % 3 == 0)):
        if compared == TEAM_ROUNDS:
            break
        spinner = match.rules.spinner
        round_ = match.round
        hands = [list(hand) for hand in round_.hands]
        if spinner and round_.lead_tile is not None:  # [6|6]: the spinner
            play_side_by_side(
                match, None, openspiel_legal, openspiel_ends, rng, compare_opening=False
            )
            continue
        table = OpenSpielTable("python_team_dominoes", team_dominoes, hands, round_.leader)
        any_tile = round_.lead_tile is None
        if not play_side_by_side(
            match, table, openspiel_legal, openspiel_ends, rng, compare_opening=any_tile
        ):
            continue
        assert is_line_round(round_)
        spinner_line_rounds += spinner
        any_tile_openings += any_tile
        result = round_.result
        assert result is not None
        assert list(result.penalties) == table.pips_by_seat()
        team_pips = [sum(result.penalties[s] for s in team) for team in round_.rules.teams]
        returns = table.returns_by_seat()
        if result.outcome is not Outcome.DOMINO and team_pips[0] != team_pips[1]:
            winner = result.winner
            assert winner is not None
            seat = round_.rules.teams[winner][0]
            assert returns[seat] == team_pips[1 - winner] > 0
            assert result.points[winner] == returns[seat] + team_pips[winner]
            blocked_scored += 1
        compared += 1
    assert any_tile_openings >= 20 and blocked_scored >= 5 and spinner_line_rounds >= 5


def pips_left(hand: list[Any]) -> int:
    return int(sum(a + b for a, b in hand))


# --- abw333/dominoes --------------------------------------------------------------------------

ABW_COPPIE_ROUNDS = 200
ABW_CAPRA_ROUNDS = 150
ABW_BLOCCO_ROUNDS = 180
OPENINGS = (None, *(opening.value for opening in Opening))


def play_with_abw333(match: Match, rng: random.Random) -> Abw333Table | None:
    """Play the current round beside ``dominoes``; None when it was a spinner round."""
    round_ = match.round
    table = Abw333Table([list(hand) for hand in round_.hands], round_.leader, round_.lead_tile)
    # ``dominoes`` opens with the chosen domino, or any tile of the chosen player: as ours.
    if not play_side_by_side(match, table, abw333_legal, our_ends, rng, compare_opening=True):
        return None
    passes = sum(1 for event in round_.history if isinstance(event, Passed))
    result, theirs = round_.result, table.game.result
    assert result is not None and theirs is not None
    assert table.passes() == passes
    assert list(result.penalties) == [pips_left(hand) for hand in table.game.hands]
    assert theirs.won == (result.outcome is Outcome.DOMINO)
    if theirs.won:
        assert result.out_seat == theirs.player
    else:  # stuck: ``dominoes`` turns round the table back to the last mover
        assert result.last_mover == theirs.player
    return table


def test_coppie_in_pairs_plays_and_scores_as_abw333_dominoes() -> None:
    rng = random.Random(21_03)
    compared = ties = blocked = any_tile_openings = spinner_line_rounds = 0
    for match in deals(lambda seed: Settings("coppie", seats=4, pairs=True, spinner=seed % 3 == 0)):
        if compared == ABW_COPPIE_ROUNDS:
            break
        spinner = match.rules.spinner
        round_ = match.round
        any_tile = round_.lead_tile is None
        table = play_with_abw333(match, rng)
        if table is None:
            continue
        spinner_line_rounds += spinner
        any_tile_openings += any_tile
        result, theirs = round_.result, table.game.result
        assert result is not None and theirs is not None
        if not theirs.won and theirs.points == 0:
            # A blocked tie: nobody scores in ``dominoes``; ours goes to the leader's pair.
            assert result.outcome is Outcome.BLOCKED
            assert result.winner == round_.rules.team_of(round_.leader)
            ties += 1
        else:
            winner = 0 if theirs.points > 0 else 1
            assert result.winner == winner
            assert result.points[winner] == abs(theirs.points)
            assert result.points[1 - winner] == 0
        blocked += not theirs.won
        compared += 1
    assert ties >= 1 and blocked >= 10 and any_tile_openings >= 20 and spinner_line_rounds >= 5


def test_capra_at_four_seats_plays_as_abw333_dominoes() -> None:
    rng = random.Random(21_04)
    blocked = 0
    # The opening rule only picks the leader and the lead tile: every one must match.
    openings = OPENINGS
    for compared, match in enumerate(
        deals(lambda seed: Settings("capra", seats=4, opening=openings[seed % len(openings)]))
    ):
        if compared == ABW_CAPRA_ROUNDS:
            break
        round_ = match.round
        table = play_with_abw333(match, rng)
        assert table is not None
        result, theirs = round_.result, table.game.result
        assert result is not None and theirs is not None
        # Capra's clean seat: who went out, or who made the last move before the block.
        assert result.winner == theirs.player
        assert result.points[theirs.player] == 0
        blocked += not theirs.won
    assert blocked >= 10


BLOCCO_TABLES = [(9, None), (6, None), (6, 7)]  # (set, hand size): 7, 5 and 7 tiles each


@pytest.mark.parametrize(
    ("tile_set", "hand_size"),
    BLOCCO_TABLES,
    ids=["double-nine-7-each", "double-six-5-each", "double-six-7-each"],
)
def test_blocco_at_four_seats_plays_as_abw333_dominoes(
    tile_set: int, hand_size: int | None
) -> None:
    rng = random.Random(21_05 + tile_set + (hand_size or 0))
    settings = Settings("blocco", seats=4, hand_size=hand_size, tile_set=tile_set, spinner=False)
    rules = make_rules(settings)
    assert len(rules.tiles) == (55 if tile_set == 9 else 28)
    assert rules.hand_size == (hand_size or (7 if tile_set == 9 else 5))
    blocked = 0
    for compared, match in enumerate(deals(lambda seed: settings)):
        if compared == ABW_BLOCCO_ROUNDS // len(BLOCCO_TABLES):
            break
        round_ = match.round
        assert round_.lead_tile is not None and round_.lead_tile.is_double
        table = play_with_abw333(match, rng)
        assert table is not None
        blocked += not table.game.result.won
    assert blocked >= 5
