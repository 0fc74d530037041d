"""A match: rounds to the target score, cumulative scores per team, the final ranking."""

from __future__ import annotations

import random
from collections.abc import Sequence

from voicedomino.engine.actions import Action
from voicedomino.engine.errors import IllegalAction, Reason, Refusal
from voicedomino.engine.events import Event, MatchEnded, RoundEnded, TurnStarted, masked_for
from voicedomino.engine.round import Round
from voicedomino.engine.rules import MatchResult, PreviousRound, Settings, make_rules
from voicedomino.engine.view import SeatView


class Match:
    """Same settings and seed, same deals, same game."""

    def __init__(self, settings: Settings | None = None, seed: int | None = None) -> None:
        self.settings = settings or Settings()
        self.rules = make_rules(self.settings)
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self.rng = random.Random(self.seed)
        self.scores: list[int] = [0] * len(self.rules.teams)
        self.round = Round.deal(self.rules, self.rng)

    @classmethod
    def restore(
        cls, round_: Round, *, seed: int, rng: random.Random, scores: Sequence[int]
    ) -> Match:
        """A match resumed at *round_*, its rules and settings those of the round; *rng* is
        the dealer's generator as it stood (it deals the rounds still to come).

        ValueError when *scores* does not have one score per team.
        """
        rules = round_.rules
        if len(scores) != len(rules.teams):
            raise ValueError(f"{len(scores)} scores for {len(rules.teams)} teams")
        match = cls.__new__(cls)
        match.settings = rules.settings
        match.rules = rules
        match.seed = seed
        match.rng = rng
        match.scores = list(scores)
        match.round = round_
        return match

    # --- reading ------------------------------------------------------------------------

    @property
    def rounds_played(self) -> int:
        return self.round.round_number - (0 if self.round.is_over else 1)

    @property
    def result(self) -> MatchResult | None:
        if not self.round.is_over:
            return None
        return self.rules.match_result(self.scores, self.rounds_played)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def to_move(self) -> int:
        return self.round.to_move

    def legal_actions(self) -> list[Action]:
        return self.round.legal_actions()

    def opening_events(self) -> list[Event]:
        """The events that open the current round, for narration."""
        return [self.round.history[0], TurnStarted(self.round.leader)]

    def view(self, seat: int) -> SeatView:
        round_ = self.round
        over = round_.is_over
        return SeatView(
            seat=seat,
            rules=self.rules,
            round_number=round_.round_number,
            hand=tuple(round_.hands[seat]),
            layout=round_.layout,
            hand_counts=tuple(len(hand) for hand in round_.hands),
            boneyard_count=len(round_.boneyard),
            set_aside_count=len(round_.set_aside),
            to_move=round_.to_move,
            leader=round_.leader,
            lead_tile=round_.lead_tile,
            drew_this_turn=round_.drew_this_turn,
            bonus_turn=round_.bonus_turn,
            history=tuple(masked_for(event, seat) for event in round_.history),
            scores=tuple(self.scores),
            round_result=round_.result,
            match_result=self.result,
            revealed_hands=tuple(tuple(hand) for hand in round_.hands) if over else None,
        )

    # --- acting -------------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        if self.is_over:
            raise IllegalAction(Refusal(Reason.MATCH_OVER, seat=seat))
        events = self.round.apply(action, seat)
        result = self.round.result
        if result is not None:
            for team, points in enumerate(result.points):
                self.scores[team] += points
            hands = tuple(tuple(hand) for hand in self.round.hands)
            events.append(RoundEnded(result, hands, tuple(self.scores)))
            final = self.result
            if final is not None:
                events.append(MatchEnded(final))
        return events

    def next_round(self) -> list[Event]:
        """Deal the next round once the current one is over and the match is not."""
        if not self.round.is_over:
            raise IllegalAction(Refusal(Reason.ROUND_NOT_OVER, expected_seat=self.to_move))
        if self.is_over:
            raise IllegalAction(Refusal(Reason.MATCH_OVER))
        previous = self.round
        assert previous.result is not None
        winner = self.rules.winning_seat(previous.result, previous.hands)
        self.round = Round.deal(
            self.rules,
            self.rng,
            previous.round_number + 1,
            previous=PreviousRound(previous.leader, winner),
        )
        return self.opening_events()

    def copy(self) -> Match:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return Match.restore(self.round.copy(), seed=self.seed, rng=rng, scores=self.scores)
