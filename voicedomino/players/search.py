"""Alpha-beta on one determinized world, with a transposition table: depth-limited with a
static evaluation, or exact to the end of the round.

Two sides: the deciding seat's team maximises, every other seat minimises (team minimax for
pairs, "paranoid" for three or four lone players). Draws are not chance nodes here: the world
fixes the boneyard's order. A forced action (one choice) costs no depth. The budget is counted
in nodes, never in seconds, so the result is reproducible.

Below the root the state is a few ints passed down the recursion (make/unmake without undo
records): the hands packed into one int (seat s in bits s*T.., T the set's tile count), the
union of the hands, the packed open ends and the mask of their numbers, the mover, the
boneyard count and the turn's flags. Only the root's actions go through ``SimRound.apply``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from voicedomino.players.fastsim import POLICY_NONE, POLICY_ONCE, SimRound, SimRules
from voicedomino.players.scoring import Objective, final_value, score, utility
from voicedomino.players.tables import end_unit

INFINITY = 1e9
EXACT, LOWER, UPPER = 0, 1, 2
UNLIMITED = 1 << 30  # a depth no round reaches: the search runs to the end


class OutOfNodes(Exception):
    """The node budget ran out in the middle of an iteration."""


class Searcher:
    def __init__(
        self,
        state: SimRound,
        team: int,
        leader: int,
        node_limit: int,
        objective: Objective = utility,
        heaviest: tuple[float, ...] = (),
        partner_heaviest: float = 0.0,
    ) -> None:
        self.state = state
        self.team = team
        self.leader = leader
        self.node_limit = node_limit
        self.objective = objective
        self.nodes = 0
        self.depth_cut = False
        # (hands, ends, turn) -> (depth, flag, value, best action)
        self.table: dict[tuple[int, int, int], tuple[int, int, float, int]] = {}
        rules = state.rules
        self.mine = tuple(rules.team_of[seat] == team for seat in range(rules.seats))
        self.my_seats = tuple(seat for seat in range(rules.seats) if self.mine[seat])
        self.other_seats = tuple(seat for seat in range(rules.seats) if not self.mine[seat])
        self.capra = rules.variant == "capra"
        tiles = rules.tiles
        self._full = tiles.full
        self._mask_pips = tiles.mask_pips
        self._shifts = tuple(seat * tiles.count for seat in range(rules.seats))
        self._seat_sides = tuple(zip(self._shifts, self.mine, strict=True))
        self._side_sizes = (len(self.my_seats), len(self.other_seats))
        # Per seat, the chance that it plays its heaviest tile rather than its best move (the
        # deciding seat's team always plays its best).
        self.heaviest = tuple(
            0.0 if self.mine[seat] or seat >= len(heaviest) else heaviest[seat]
            for seat in range(rules.seats)
        )
        # The deciding seat's partners, who do not see its hand: the chance that one plays
        # its heaviest tile rather than the best move of a seat that saw every hand.
        if partner_heaviest:
            self.heaviest = tuple(
                partner_heaviest if self.mine[seat] and seat != state.mover else chance
                for seat, chance in enumerate(self.heaviest)
            )

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

    def exact_values(self, actions: list[int]) -> list[float]:
        """The exact value of each root action, searched to the end of the round.

        OutOfNodes when the budget does not suffice (the nodes spent stay counted).
        """
        return [self._after(action, UNLIMITED) for action in actions]

    def _after(self, action: int, depth: int) -> float:
        state = self.state
        undo = state.apply(action)
        try:
            if state.over:
                return self._final_state()
            return self._tree(depth)
        finally:
            state.undo(undo)

    def _static_after(self, action: int) -> float:
        state = self.state
        undo = state.apply(action)
        value = self._final_state() if state.over else self._evaluate_state()
        state.undo(undo)
        return value

    def _final_state(self) -> float:
        state = self.state
        return final_value(
            state.rules,
            state.hands,
            state.out_seat,
            state.last_mover,
            self.leader,
            self.team,
            self.objective,
        )

    def _evaluate_state(self) -> float:
        state = self.state
        return self.evaluate(state.hands, state.fits_open[state.open], state.mover)

    # --- the tree ---------------------------------------------------------------------

    def _tree(self, depth: int) -> float:
        """The value of the (unfinished) state, searched *depth* decision plies deep."""
        state = self.state
        rules = state.rules
        tiles = state.tiles
        layout = _layout(rules)
        full = tiles.full
        policy = rules.policy
        fits_open = state.fits_open
        bone = [1 << tile for tile in state.bone]
        shifts = layout.shifts
        seat_bits = layout.seat_bits
        next_seat = layout.next_seat
        double_mask = layout.double_mask
        ways = layout.ways
        rank = layout.rank
        mine = self.mine
        table = self.table
        keep_last = self.capra
        objective = self.objective
        evaluate = self._evaluate_packed
        team, leader = self.team, self.leader
        once = policy == POLICY_ONCE
        drawing = policy != POLICY_NONE
        habit = self.heaviest
        mask_pips = tiles.mask_pips
        results: dict[tuple[int, ...], float] = {}

        def finish(packed: int, out_seat: int, last_mover: int) -> float:
            penalties = [mask_pips(packed >> shift & full) for shift in shifts]
            key = (*penalties, out_seat, last_mover if keep_last else 0)
            value = results.get(key)
            if value is None:
                winner, points = score(rules, out_seat, last_mover, tuple(penalties), leader)
                value = results[key] = objective(rules, winner, points, team)
            return value

        budget = self.node_limit - self.nodes
        spent = 0
        cut = False

        def search(
            packed: int,
            held: int,
            ends: int,
            open_: int,
            mover: int,
            bone_n: int,
            drew: bool,
            bonus: bool,
            last_mover: int,
            depth: int,
            alpha: float,
            beta: float,
        ) -> float:
            nonlocal spent, cut
            spent += 1
            if spent > budget:
                raise OutOfNodes
            fits = fits_open[open_]
            if not (drawing and bone_n) and not held & fits:
                return finish(packed, -1, last_mover)  # blocked
            if depth <= 0:
                cut = True
                return evaluate(packed, fits, mover)
            turn = mover | bone_n << 3 | drew << 9 | bonus << 10
            if keep_last:
                turn |= (last_mover + 1) << 11
            key = (packed, ends, turn)
            entry = table.get(key)
            hint = -3
            if entry is not None:
                stored_depth, flag, stored, hint = entry
                if stored_depth >= depth:
                    if flag == EXACT:
                        return stored
                    if flag == LOWER and stored >= beta:
                        return stored
                    if flag == UPPER and stored <= alpha:
                        return stored
            shift = shifts[mover]
            hand = packed >> shift & full
            playable = hand & fits
            if not playable:
                if drawing and bone_n and not (once and drew):
                    # Draw: one tile, or until one fits; the same seat moves again.
                    drawn = 0
                    n = bone_n
                    while n:
                        n -= 1
                        tile_bit = bone[n]
                        drawn |= tile_bit
                        if once or tile_bit & fits:
                            break
                    return search(
                        packed | drawn << shift,
                        held | drawn,
                        ends,
                        open_,
                        mover,
                        n,
                        True,
                        bonus,
                        last_mover,
                        depth,
                        alpha,
                        beta,
                    )
                return search(
                    packed,
                    held,
                    ends,
                    open_,
                    next_seat[mover],
                    bone_n,
                    False,
                    False,
                    last_mover,
                    depth,
                    alpha,
                    beta,
                )
            # The plays, heaviest tiles first (higher indices), the remembered best first.
            moves: list[tuple[int, int, int, int, int, int]] = []
            rest = playable
            while rest:
                tile = rest.bit_length() - 1
                rest ^= 1 << tile
                for end_bit, code, change, end, outer_bit in ways[tile]:
                    if end_bit & open_:
                        if code == hint:
                            moves.insert(0, (code, tile, end_bit, change, end, outer_bit))
                        else:
                            moves.append((code, tile, end_bit, change, end, outer_bit))
            child_depth = depth if len(moves) == 1 else depth - 1
            seat_bit = seat_bits[mover]
            maximise = mine[mover]
            best = -INFINITY if maximise else INFINITY
            best_action = -3
            original_alpha, original_beta = alpha, beta
            next_mover = next_seat[mover]
            heaviest = habit[mover]
            if heaviest and len(moves) > 1:
                top = max(rank[move[1]] for move in moves)
                heavy = [move for move in moves if rank[move[1]] == top]
                if len(heavy) < len(moves):
                    state = (packed, held, ends, open_, mover, hand, bone_n, child_depth)
                    best, flag, best_action = modelled(
                        state, moves, heavy, heaviest, alpha, beta, maximise
                    )
                    table[key] = (depth, flag, best, best_action)
                    return best
            for code, tile, end_bit, change, end, outer_bit in moves:
                bit = seat_bit[tile]
                if hand == 1 << tile:
                    value = finish(packed ^ bit, mover, mover)  # domino
                else:
                    new_open = open_
                    if ends >> (3 * end) & 7 == 1:
                        new_open ^= end_bit
                    again = double_mask >> tile & 1
                    value = search(
                        packed ^ bit,
                        held ^ (1 << tile),
                        ends + change,
                        new_open | outer_bit,
                        mover if again else next_mover,
                        bone_n,
                        False,
                        bool(again),
                        mover,
                        child_depth,
                        alpha,
                        beta,
                    )
                if maximise:
                    if value > best:
                        best = value
                        best_action = code
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
                elif value < best:
                    best = value
                    best_action = code
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
            table[key] = (depth, flag, best, best_action)
            return best

        def after(
            move: tuple[int, int, int, int, int, int],
            position: tuple[int, int, int, int, int, int, int, int],
            alpha: float,
            beta: float,
        ) -> float:
            """The value once the mover makes *move* (the main loop's step, as a function)."""
            packed, held, ends, open_, mover, hand, bone_n, depth = position
            _code, tile, end_bit, change, end, outer_bit = move
            bit = seat_bits[mover][tile]
            if hand == 1 << tile:
                return finish(packed ^ bit, mover, mover)
            new_open = open_
            if ends >> (3 * end) & 7 == 1:
                new_open ^= end_bit
            again = double_mask >> tile & 1
            return search(
                packed ^ bit,
                held ^ (1 << tile),
                ends + change,
                new_open | outer_bit,
                mover if again else next_seat[mover],
                bone_n,
                False,
                bool(again),
                mover,
                depth,
                alpha,
                beta,
            )

        def extreme(
            position: tuple[int, int, int, int, int, int, int, int],
            moves: list[tuple[int, int, int, int, int, int]],
            best: float,
            best_action: int,
            alpha: float,
            beta: float,
            maximise: bool,
        ) -> tuple[float, int]:
            """The greatest (or least) value of *moves*, starting from *best*, with alpha-beta
            cut-offs."""
            if maximise:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            for move in moves:
                if alpha >= beta:
                    break
                value = after(move, position, alpha, beta)
                if value > best if maximise else value < best:
                    best, best_action = value, move[0]
                    if maximise:
                        alpha = max(alpha, value)
                    else:
                        beta = min(beta, value)
            return best, best_action

        def modelled(
            position: tuple[int, int, int, int, int, int, int, int],
            moves: list[tuple[int, int, int, int, int, int]],
            heavy: list[tuple[int, int, int, int, int, int]],
            heaviest: float,
            alpha: float,
            beta: float,
            maximise: bool,
        ) -> tuple[float, int, int]:
            """A seat that plays its heaviest tile with chance *heaviest* (placing it as suits
            its side best), else its side's best move: an opponent (minimising) or the
            partner (maximising). The mixture of the two values, with its alpha-beta flag and
            the best action."""
            if maximise:
                heavy_value, heavy_action = extreme(
                    position, heavy, -INFINITY, -3, -INFINITY, beta, True
                )
                if heavy_value >= beta:
                    return heavy_value, LOWER, heavy_action  # the mixture is at least this
            else:
                heavy_value, heavy_action = extreme(
                    position, heavy, INFINITY, -3, alpha, INFINITY, False
                )
                if heavy_value <= alpha:
                    return heavy_value, UPPER, heavy_action  # the mixture is at most this
            if heaviest >= 1.0:
                return heavy_value, EXACT, heavy_action
            # The mixture heaviest * heavy + (1 - heaviest) * best must fall in (alpha, beta).
            rest = 1.0 - heaviest
            best_alpha = (alpha - heaviest * heavy_value) / rest
            best_beta = (beta - heaviest * heavy_value) / rest
            others = [move for move in moves if move not in heavy]
            best, best_action = extreme(
                position, others, heavy_value, heavy_action, best_alpha, best_beta, maximise
            )
            value = heaviest * heavy_value + rest * best
            if best <= best_alpha:
                return value, UPPER, best_action
            if best >= best_beta:
                return value, LOWER, best_action
            return value, EXACT, best_action

        packed = 0
        held = 0
        for seat, hand in enumerate(state.hands):
            packed |= hand << shifts[seat]
            held |= hand
        try:
            return search(
                packed,
                held,
                state.ends,
                state.open,
                state.mover,
                state.bone_n,
                state.drew,
                state.bonus,
                state.last_mover,
                depth,
                -INFINITY,
                INFINITY,
            )
        finally:
            self.nodes += min(spent, budget)
            self.depth_cut = self.depth_cut or cut

    # --- the static evaluation --------------------------------------------------------

    def evaluate(self, hands: list[int], open_fits: int, mover: int) -> float:
        """An estimate in (-0.9, 0.9) of the result for the team: tiles, pips and mobility."""
        packed = 0
        for shift, hand in zip(self._shifts, hands, strict=True):
            packed |= hand << shift
        return self._evaluate_packed(packed, open_fits, mover)

    def _evaluate_packed(self, packed: int, open_fits: int, mover: int) -> float:
        mask_pips = self._mask_pips
        full = self._full
        my_count = other_count = 1 << 10
        my_pips = other_pips = my_moves = other_moves = 0
        for shift, mine in self._seat_sides:
            hand = packed >> shift & full
            count = hand.bit_count()
            if mine:
                if count < my_count:
                    my_count = count
                my_pips += mask_pips(hand)
                my_moves += (hand & open_fits).bit_count()
            else:
                if count < other_count:
                    other_count = count
                other_pips += mask_pips(hand)
                other_moves += (hand & open_fits).bit_count()
        mine_n, others_n = self._side_sizes
        pips = other_pips / others_n - my_pips / mine_n
        mobility = my_moves / mine_n - other_moves / others_n
        if self.capra:
            x = 0.04 * pips + 0.2 * (other_count - my_count) + 0.08 * mobility
        else:
            x = 0.45 * (other_count - my_count) + 0.025 * pips + 0.12 * mobility
            x += 0.2 if self.mine[mover] else -0.2
        return 0.9 * x / (1.0 + abs(x))


@dataclass(frozen=True, eq=False)
class _Layout:
    """The search's tables for one rules object, built once."""

    shifts: tuple[int, ...]  # where each seat's hand lies in the packed hands
    seat_bits: tuple[tuple[int, ...], ...]  # [seat][tile]: the tile's bit in the packed hands
    next_seat: tuple[int, ...]
    double_mask: int  # the doubles that earn another turn (none without the bonus rule)
    # Per tile, every way to lay it: (end mask bit, code, the packed ends' change, the end's
    # number, the new end's bit).
    ways: tuple[tuple[tuple[int, int, int, int, int], ...], ...]
    rank: tuple[int, ...]  # the heaviest-first order: pips, then a double first


@cache
def _layout(rules: SimRules) -> _Layout:
    tiles = rules.tiles
    count, seats = tiles.count, rules.seats
    joins = tiles.joins[rules.wildcard]
    outers = tiles.outers[rules.wildcard]
    units = tuple(end_unit(number) for number in range(tiles.highest + 1))
    return _Layout(
        shifts=tuple(seat * count for seat in range(seats)),
        seat_bits=tuple(
            tuple(1 << (seat * count + tile) for tile in range(count)) for seat in range(seats)
        ),
        next_seat=tuple((seat + 1) % seats for seat in range(seats)),
        double_mask=tiles.double_mask if rules.double_bonus else 0,
        ways=tuple(
            tuple(
                (1 << end, tile << 8 | end << 4 | outer, units[outer] - units[end], end, 1 << outer)
                for end in range(tiles.highest + 1)
                if joins[tile] >> end & 1
                for outer in outers[tile][end]
            )
            for tile in range(count)
        ),
        rank=tuple(2 * tiles.pips[tile] + tiles.is_double[tile] for tile in range(count)),
    )
