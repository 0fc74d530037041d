"""Engine events told to the human: who did what, with cues that say it by ear.

Narration sees the match only through the human seat's view, taken after the events.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicedomino.audio.cue_names import ARM_CUES, PLACE_CUES, Cue, seat_pan
from voicedomino.dialog import table_talk
from voicedomino.dialog.response import Message, Verbosity
from voicedomino.engine import (
    BonusTurn,
    Event,
    MatchEnded,
    Opening,
    Outcome,
    Passed,
    RoundEnded,
    RoundStarted,
    Rules,
    SeatView,
    Side,
    TilePlayed,
    TilesDrawn,
    TurnStarted,
)
from voicedomino.engine.legality import can_draw, default_side, fitting_sides, playable_moves
from voicedomino.italian import messages as it
from voicedomino.net.events import TableEvent


def team_labels(rules: Rules, me: int = 0) -> list[str]:
    """How each team is called by the player at seat *me*: "noi"/"loro" in pairs, else "tu"
    and the others' names. A spectator (no seat) calls pairs by their members."""
    if rules.pairs and not 0 <= me < rules.seats:
        return team_members(rules) or []
    if rules.pairs:
        ours = rules.team_of(me)
        return ["noi" if team == ours else "loro" for team in range(len(rules.teams))]
    return [it.seat_name(team[0]) for team in rules.teams]


def team_members(rules: Rules) -> list[str] | None:
    """Who is in each pair ("tu e Giulia"), said beside "noi" and "loro"; None without pairs."""
    if not rules.pairs:
        return None
    return [it.join_list([it.seat_name(seat) for seat in team]) for team in rules.teams]


def _seated(view: SeatView) -> bool:
    """The view is a player's (a spectator's view at a network table has no seat)."""
    return 0 <= view.seat < view.rules.seats


def place_cue(seat: int, side: Side) -> Cue:
    if side in (Side.UP, Side.DOWN):
        return ARM_CUES[(seat, side.value)]
    return PLACE_CUES[(seat, side is Side.HEAD)]


OpenEnds = tuple[tuple[Side, int], ...]


def event_ends(event: TilePlayed) -> OpenEnds:
    """The open arms after a play, testa, coda and, with a spinner, sopra and sotto."""
    arms: list[tuple[Side, int | None]] = [
        (Side.HEAD, event.head),
        (Side.TAIL, event.tail),
        (Side.UP, event.up),
        (Side.DOWN, event.down),
    ]
    return tuple((side, number) for side, number in arms if number is not None)


class Narrator:
    """Tells events compactly: who played what where, and the ends once, when the turn comes
    back to the player (after every placement in detailed mode, never in brief mode)."""

    def __init__(self, verbosity: Verbosity, computer_pause: float) -> None:
        self.verbosity = verbosity
        self.computer_pause = computer_pause
        self.inputs = it.WORDS  # how the player gives commands: the prompts name it
        self._ends_due: OpenEnds | None = None

    def tell(self, view: SeatView, events: Sequence[object]) -> list[Message]:
        """The events as the seat of *view* hears them: the game's, and at a network table
        the table's own (arrivals, timers, chat), in the order they happened."""
        out: list[Message] = []
        for event in events:
            if isinstance(event, TableEvent):
                out.extend(table_talk.tell(event, view.seat))
            else:
                out.extend(self._one(view, event))  # type: ignore[arg-type]
        return out

    def ends_due(self) -> list[Message]:
        """The ends, if anything changed or happened since they were last said."""
        due, self._ends_due = self._ends_due, None
        if due is None or self.verbosity is Verbosity.BRIEF:
            return []
        return [Message(it.table_ends(due))]

    def _one(self, view: SeatView, event: Event) -> list[Message]:
        brief = self.verbosity is Verbosity.BRIEF
        detailed = self.verbosity is Verbosity.DETAILED
        pause = self.computer_pause
        if isinstance(event, RoundStarted):
            self._ends_due = None
            text = it.round_started(
                event.round_number, event.leader, event.lead_tile, event.redeals,
                by_lot=view.rules.opening is Opening.RANDOM,
            )  # fmt: skip
            said = [Message(text)]
            if view.rules.seats > 2 and not brief:
                order = [(event.leader + k) % view.rules.seats for k in range(view.rules.seats)]
                said.append(Message(it.turn_order(order)))
            if _seated(view):  # a spectator has no hand
                said.append(Message(it.your_hand_size(len(view.hand))))
            return said
        if isinstance(event, TilePlayed):
            cue = place_cue(event.seat, event.side)
            pan = seat_pan(event.seat, view.rules.seats)
            if event.seat == view.seat:  # always with its side: the game may have chosen it
                text = (
                    it.brief_you_played(event.side, event.lead)
                    if brief
                    else (it.you_played if detailed else it.compact_you_played)(
                        event.tile, event.side, event.lead
                    )
                )
                said = [Message(text, cue, pan=pan)]
            else:
                text = (it.other_played if detailed else it.compact_other_played)(
                    event.seat, event.tile, event.side, event.lead
                )
                said = [Message(text, cue, pause, pan)]
            if event.lead and event.up is not None:
                said.append(Message(it.spinner_opened(event.tile.low)))
            self._ends_due = event_ends(event)
            if detailed:
                said.extend(self.ends_due())
            if view.round_result is None and view.hand_counts[event.seat] == 1:
                partner = _seated(view) and view.rules.partner_of(view.seat) == event.seat
                said.append(Message(it.one_tile_left(event.seat, partner)))
            return said
        if isinstance(event, TilesDrawn):
            if event.seat == view.seat:
                return [Message(it.you_drew(event.tiles), Cue.DRAW)]
            self._note_ends(view)
            pan = seat_pan(event.seat, view.rules.seats)
            return [Message(it.other_drew(event.seat, event.count), Cue.DRAW, pause, pan)]
        if isinstance(event, Passed):
            if event.seat == view.seat:
                return [Message(it.you_passed(), Cue.PASS)]
            self._note_ends(view)
            pan = seat_pan(event.seat, view.rules.seats)
            return [Message(it.other_passed(event.seat), Cue.PASS, pause, pan)]
        if isinstance(event, BonusTurn):
            if event.seat == view.seat:
                said = [*self.ends_due(), Message(it.your_bonus(), Cue.BONUS)]
                if view.is_my_turn:
                    said.extend(self.situation(view))  # as at any turn: can I play at all?
                return said
            return [] if brief else [Message(it.other_bonus(event.seat), Cue.BONUS)]
        if isinstance(event, TurnStarted):
            return self._turn_started(view, event.seat)
        if isinstance(event, RoundEnded):
            self._ends_due = None
            return self._round_ended(view, event)
        if isinstance(event, MatchEnded):
            labels, members = team_labels(view.rules, view.seat), team_members(view.rules)
            winner = event.result.winner
            ending: Cue | None = None  # a spectator's: nobody of theirs won or lost
            if _seated(view):
                ending = Cue.MATCH_WON if winner == view.team else Cue.MATCH_LOST
            ordered = [labels[team] for team in event.result.ranking]
            values = [event.result.scores[team] for team in event.result.ranking]
            said = [
                Message(it.match_won(labels[winner], members[winner] if members else None), ending),
                Message(it.ranking(ordered, values)),
            ]
            if _seated(view):
                said.append(Message(it.match_over_prompt(self.inputs)))
            return said
        return []

    def _note_ends(self, view: SeatView) -> None:
        if not view.layout.is_empty and self._ends_due is None:
            self._ends_due = view.layout.ends()

    def _turn_started(self, view: SeatView, seat: int) -> list[Message]:
        if seat != view.seat or view.round_result is not None:
            return []
        said = [*self.ends_due(), Message(it.your_turn(), Cue.YOUR_TURN)]
        said.extend(self.situation(view))
        return said

    def situation(self, view: SeatView) -> list[Message]:
        """What the human needs to hear at the start of a turn to act without asking."""
        turn = view.turn()
        rules = view.rules
        plays = playable_moves(rules, turn)
        if not plays:
            return [Message(it.nothing_to_play(can_draw(rules, turn), self.inputs))]
        tiles = {play.tile for play in plays}
        if len(tiles) == 1 and self.verbosity is not Verbosity.BRIEF and view.line:
            tile = plays[0].tile
            sides = fitting_sides(rules, view.layout, tile)
            must_say = len(sides) > 1 and default_side(view.layout, sides) is None
            return [Message(it.only_one_play(tile, sides if must_say else (), self.inputs))]
        return []

    def _round_ended(self, view: SeatView, event: RoundEnded) -> list[Message]:
        result = event.result
        rules = view.rules
        labels = team_labels(rules, view.seat)
        said: list[Message] = []
        if result.outcome is Outcome.DOMINO and result.out_seat is not None:
            head = it.round_domino(result.out_seat)
        else:
            head = it.round_blocked()
        cue: Cue | None = None  # a spectator's: nobody of theirs won or lost
        if result.winner is None:
            cue = Cue.BLOCKED
        elif _seated(view):
            cue = Cue.ROUND_WON if result.winner == view.team else Cue.ROUND_LOST
        said.append(Message(head, cue))
        said.append(Message(it.penalties(result.penalties)))
        if result.winner is None:
            said.append(Message(it.round_draw()))
        elif rules.lower_score_wins:
            clean = result.out_seat if result.out_seat is not None else result.last_mover
            said.append(Message(it.capra_round(clean if clean is not None else view.seat)))
        else:
            said.append(
                Message(it.round_winner(labels[result.winner], result.points[result.winner]))
            )
        said.append(
            Message(
                it.scores(
                    labels,
                    event.scores,
                    rules.target,
                    rules.lower_score_wins,
                    team_members(rules) if _seated(view) else None,  # the labels name them
                )
            )
        )
        if view.match_result is None and _seated(view):
            said.append(Message(it.next_round_prompt(self.inputs)))
        return said
