"""Depth-limited alpha-beta on one determinized world, with a transposition table.

Two sides: the deciding seat's team maximises, every other seat minimises (team minimax for
pairs, "paranoid" for three or four lone players). Draws are not chance nodes here: the world
fixes the boneyard's order. A forced action (one choice) costs no depth. The search deepens
one ply at a time until the game is solved or a node budget runs out; the budget is counted in
nodes, never in seconds, so the result is reproducible.
"""

from __future__ import annotations

from voicedomino.players.v1.fastsim import SimRound
from voicedomino.players.v1.scoring import final_utility
from voicedomino.players.v1.tables import IS_DOUBLE, PIPS, fits_either, mask_pips

INFINITY = 1e9
EXACT, LOWER, UPPER = 0, 1, 2


class OutOfNodes(Exception):
    """The node budget ran out in the middle of an iteration."""


def _order_key(action: int) -> int:
    """Heavy tiles and doubles first: usually the better plays, so earlier cut-offs."""
    if action < 0:
        return 0
    tile = action >> 4
    return -(PIPS[tile] + (6 if IS_DOUBLE[tile] else 0))


class Searcher:
    def __init__(self, state: SimRound, team: int, leader: int, node_limit: int) -> None:
        self.state = state
        self.team = team
        self.leader = leader
        self.node_limit = node_limit
        self.nodes = 0
        self.depth_cut = False
        self.table: dict[tuple[int, ...], tuple[int, int, float]] = {}
        rules = state.rules
        self.mine = tuple(rules.team_of[seat] == team for seat in range(rules.seats))
        self.my_seats = tuple(seat for seat in range(rules.seats) if self.mine[seat])
        self.other_seats = tuple(seat for seat in range(rules.seats) if not self.mine[seat])
        self.capra = rules.variant == "capra"

    # --- the root ---------------------------------------------------------------------

    def root_values(self, actions: list[int], max_depth: int) -> list[float]:
        """The value of each root action at the deepest depth completed within the budget.

        An iteration that would likely overrun the budget (it grows about as the last one
        did) is not started: its nodes are left to the next deals.
        """
        values = [self._static_after(action) for action in actions]
        previous_cost = 0
        for depth in range(1, max_depth + 1):
            self.depth_cut = False
            before = self.nodes
            try:
                values = [self._after(action, depth - 1) for action in actions]
            except OutOfNodes:
                self.nodes = self.node_limit
                break
            if not self.depth_cut:
                break  # solved to the end of the round
            cost = self.nodes - before
            growth = max(2.0, cost / previous_cost) if previous_cost else 3.0
            previous_cost = cost
            if self.nodes + cost * growth > self.node_limit:
                break
        return values

    def _after(self, action: int, depth: int) -> float:
        state = self.state
        undo = state.apply(action)
        try:
            return self._search(depth, -INFINITY, INFINITY)
        finally:
            state.undo(undo)

    def _static_after(self, action: int) -> float:
        state = self.state
        undo = state.apply(action)
        value = self._leaf()
        state.undo(undo)
        return value

    # --- the tree ---------------------------------------------------------------------

    def _leaf(self) -> float:
        state = self.state
        if state.over:
            return final_utility(state, self.team, self.leader)
        return self.evaluate()

    def _search(self, depth: int, alpha: float, beta: float) -> float:
        state = self.state
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfNodes
        if state.over:
            return final_utility(state, self.team, self.leader)
        if depth <= 0:
            self.depth_cut = True
            return self.evaluate()
        head, tail = state.head, state.tail
        if head > tail:
            head, tail = tail, head  # mirror images are the same position
        key = (
            *state.hands,
            state.bone_n,
            head,
            tail,
            state.mover,
            state.drew,
            state.bonus,
            state.last_mover if self.capra else 0,
        )
        entry = self.table.get(key)
        if entry is not None and entry[0] >= depth:
            _depth, flag, stored = entry
            if flag == EXACT:
                return stored
            if flag == LOWER and stored >= beta:
                return stored
            if flag == UPPER and stored <= alpha:
                return stored
        moves = state.moves()
        child_depth = depth if len(moves) == 1 else depth - 1
        if len(moves) > 1:
            moves.sort(key=_order_key)
        original_alpha, original_beta = alpha, beta
        if self.mine[state.mover]:
            best = -INFINITY
            for action in moves:
                undo = state.apply(action)
                value = self._search(child_depth, alpha, beta)
                state.undo(undo)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        else:
            best = INFINITY
            for action in moves:
                undo = state.apply(action)
                value = self._search(child_depth, alpha, beta)
                state.undo(undo)
                if value < best:
                    best = value
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            break
        if best <= original_alpha:
            flag = UPPER
        elif best >= original_beta:
            flag = LOWER
        else:
            flag = EXACT
        self.table[key] = (depth, flag, best)
        return best

    # --- the static evaluation --------------------------------------------------------

    def evaluate(self) -> float:
        """An estimate in (-0.9, 0.9) of the result for the team: tiles, pips and mobility."""
        state = self.state
        hands = state.hands
        open_fits = fits_either(state.head, state.tail, state.rules.wildcard)
        my_count = min(hands[s].bit_count() for s in self.my_seats)
        other_count = min(hands[s].bit_count() for s in self.other_seats)
        my_pips = sum(mask_pips(hands[s]) for s in self.my_seats) / len(self.my_seats)
        other_pips = sum(mask_pips(hands[s]) for s in self.other_seats) / len(self.other_seats)
        my_moves = sum((hands[s] & open_fits).bit_count() for s in self.my_seats)
        other_moves = sum((hands[s] & open_fits).bit_count() for s in self.other_seats)
        mobility = my_moves / len(self.my_seats) - other_moves / len(self.other_seats)
        if self.capra:
            x = 0.04 * (other_pips - my_pips) + 0.2 * (other_count - my_count) + 0.08 * mobility
        else:
            x = 0.45 * (other_count - my_count) + 0.025 * (other_pips - my_pips)
            x += 0.12 * mobility
            x += 0.2 if self.mine[state.mover] else -0.2
        return 0.9 * x / (1.0 + abs(x))
