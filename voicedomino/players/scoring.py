"""Each variant's round scoring on plain ints, and what a finished round is worth to a team.

``score`` mirrors ``Rules.score_round`` (a test checks they agree); ``utility`` turns a result
into the number the search maximises: winning first, then the points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from voicedomino.players.fastsim import SimRules

WIN = 1.0
POINT = 1.0 / 200.0  # points matter, but never more than winning the hand


def _unique_minimum(values: tuple[int, ...] | list[int]) -> int:
    lowest = min(values)
    at_lowest = [index for index, value in enumerate(values) if value == lowest]
    return at_lowest[0] if len(at_lowest) == 1 else -1


def score(
    rules: SimRules, out_seat: int, last_mover: int, penalties: tuple[int, ...], leader: int
) -> tuple[int, tuple[int, ...]]:
    """(winning team or -1 for a drawn round, points per team); out_seat -1 means blocked."""
    variant = rules.variant
    seats = rules.seats
    if variant == "classica":
        winner = out_seat if out_seat >= 0 else _unique_minimum(penalties)
        points = [0, 0]
        if winner >= 0:
            points[winner] = penalties[1 - winner]
        return winner, tuple(points)
    if variant in ("blocco", "pesca", "jolly"):
        points = [0] * seats
        total = sum(penalties)
        if out_seat >= 0:
            points[out_seat] = total
            return out_seat, tuple(points)
        winner = _unique_minimum(penalties)
        if winner >= 0:
            own = penalties[winner]
            points[winner] = max(0, total - 2 * own)
        return winner, tuple(points)
    if variant == "capra":
        clean = out_seat if out_seat >= 0 else last_mover
        return clean, tuple(0 if seat == clean else p for seat, p in enumerate(penalties))
    if variant == "coppie":
        teams = rules.teams
        if out_seat >= 0:
            winner = rules.team_of[out_seat]
        else:
            team_pips = [sum(penalties[seat] for seat in team) for team in teams]
            lowest = min(team_pips)
            winner = next(
                rules.team_of[(leader + step) % seats]
                for step in range(seats)
                if team_pips[rules.team_of[(leader + step) % seats]] == lowest
            )
        points = [0] * len(teams)
        points[winner] = sum(
            p for seat, p in enumerate(penalties) if rules.pairs or seat not in teams[winner]
        )
        return winner, tuple(points)
    raise ValueError(f"unknown variant: {variant!r}")


def utility(rules: SimRules, winner: int, points: tuple[int, ...], team: int) -> float:
    """What the result is worth to *team*: about +1 for a win, -1 for a loss, plus points."""
    others = [p for index, p in enumerate(points) if index != team]
    if rules.variant == "capra":
        # Points are penalties: fewer than the others is good; going out clean is best.
        mean_others = sum(others) / len(others)
        value = (mean_others - points[team]) / 40.0
        return max(-1.0, min(1.0, value)) + (0.5 if winner == team else 0.0)
    if winner == team:
        outcome = WIN
    elif winner < 0:
        outcome = 0.0
    else:
        outcome = -WIN
    return outcome + (points[team] - max(others)) * POINT


def margin(rules: SimRules, winner: int, points: tuple[int, ...], team: int) -> float:
    """The result for *team* in points: its points less the best other team's (capra counts
    penalties, so there it is the others' mean less its own)."""
    others = [p for index, p in enumerate(points) if index != team]
    if rules.variant == "capra":
        return sum(others) / len(others) - points[team]
    return float(points[team] - max(others))


# What a result is worth to a team: utility (the players' aim) or margin (points, for judging).
Objective = Callable[[SimRules, int, tuple[int, ...], int], float]


def final_value(
    rules: SimRules,
    hands: Sequence[int],
    out_seat: int,
    last_mover: int,
    leader: int,
    team: int,
    objective: Objective = utility,
) -> float:
    """What a finished round (its last hands, who went out, -1 if blocked) is worth to *team*."""
    mask_pips = rules.tiles.mask_pips
    penalties = tuple(mask_pips(hand) for hand in hands)
    winner, points = score(rules, out_seat, last_mover, penalties, leader)
    return objective(rules, winner, points, team)
