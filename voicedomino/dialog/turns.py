"""Playing the turns of a match: the player's move (or its refusal), the computers' replies,
the moves the game makes for the player when there is no choice, a new round, and undo,
each told by the narrator. The phase machine above only decides when these happen.
"""

from __future__ import annotations

from dataclasses import dataclass

from voicedomino.audio.cue_names import Cue
from voicedomino.dialog import answers
from voicedomino.dialog.intents import PlayTile
from voicedomino.dialog.narration import Narrator
from voicedomino.dialog.response import Response, Verbosity
from voicedomino.dialog.session import TableSeat
from voicedomino.engine import (
    Draw,
    IllegalAction,
    Pass,
    Passed,
    Play,
    Reason,
    SeatView,
    Side,
    Tile,
    TilePlayed,
    TilesDrawn,
)
from voicedomino.engine.legality import fitting_sides, plays_of
from voicedomino.italian import messages as it

MAX_FORCED_MOVES = 100  # forced draws until the boneyard is empty are bounded by it anyway


def only_tile_with(view: SeatView, number: int, side: Side) -> tuple[int, int] | None:
    """The one tile of the hand with *number* that fits at *side*, as (number, other)."""
    if not view.is_my_turn:
        return None
    fitting = {
        play.tile
        for tile in view.hand
        if tile.has(number)
        for play in plays_of(view.rules, view.turn(), tile)
        if play.side is side
    }
    if len(fitting) != 1:
        return None
    tile = fitting.pop()
    return number, tile.low if tile.high == number else tile.high


def spoken_outer(view: SeatView, tile: Tile, said_last: int, side: Side | None) -> int | None:
    """With blanks wild, a tile may join either way: the number said last stays outside."""
    rules, layout = view.rules, view.layout
    if not rules.wildcard or layout.is_empty:
        return None
    if side is not None and side not in layout.sides():
        return None  # the engine refuses the arm with its reason
    sides = [side] if side else list(fitting_sides(rules, layout, tile))
    if len(sides) != 1:
        return None
    options = rules.outers(tile, layout.end(sides[0]))
    return said_last if len(options) > 1 and said_last in options else None


@dataclass
class Turns:
    narrator: Narrator
    auto_forced: bool | None = None  # forced draws and passes made for the player; None: brief

    def play_tile(self, session: TableSeat, intent: PlayTile) -> Response | None:
        """Play the tile as said; None when it fits both ends and the player must choose."""
        view = session.view()
        tile = intent.tile
        if tile not in view.rules.tiles:  # "sette otto" at a double-six table
            text = it.tile_not_in_set(tile, view.rules.highest)
            return Response(awaits_player=True).say(text, Cue.INVALID)
        play = Play(tile, intent.side, spoken_outer(view, tile, intent.second, intent.side))
        try:
            events = session.play(play)
        except IllegalAction as error:
            if error.reason is Reason.SIDE_NEEDED:
                return None
            return _refused(error, "play", intent.side)
        response = Response(state_changed=True)
        response.messages.extend(self.narrator.tell(session.view(), events))
        return self.continue_play(session, response)

    def act(self, session: TableSeat, action: Draw | Pass, acting: str) -> Response:
        try:
            events = session.play(action)
        except IllegalAction as error:
            return _refused(error, acting, None)
        response = Response(state_changed=True)
        view = session.view()
        response.messages.extend(self.narrator.tell(view, events))
        if isinstance(action, Draw) and view.is_my_turn:
            response.messages.extend(self.narrator.situation(view))
        return self.continue_play(session, response)

    def continue_play(self, session: TableSeat, response: Response) -> Response:
        """Let the computers move until it is the player's turn (with a choice to make) or the
        round is over."""
        for _ in range(MAX_FORCED_MOVES):
            for events in session.computer_turns():
                response.messages.extend(self.narrator.tell(session.view(), events))
                response.state_changed = True
            forced = self._forced_move(session.view())
            if forced is None:
                break
            self._make_forced(session, forced, response)
        response.awaits_player = True
        return response

    def next_round(self, session: TableSeat) -> Response:
        response = Response(state_changed=True)
        events = session.next_round()
        response.messages.extend(self.narrator.tell(session.view(), events))
        return self.continue_play(session, response)

    def undo(self, session: TableSeat) -> Response:
        """Take back the player's last move and what followed; state_changed when it was done."""
        played = session.view().history
        undone = session.undo()
        moves = (TilePlayed, TilesDrawn, Passed)
        if undone is None:
            seat = session.view().seat
            moved = any(isinstance(e, moves) and e.seat == seat for e in played)
            return Response().say(it.nothing_to_undo(moved), Cue.INVALID)
        view = session.view()
        # What followed the move in the same round: did anybody else answer it?
        after = played[len(view.history) :] if played[: len(view.history)] == view.history else ()
        replies = any(isinstance(e, moves) and e.seat != view.seat for e in after)
        response = Response(state_changed=True, awaits_player=True)
        response.say(it.undone(undone, lead=not view.line, replies=replies))
        if view.line:
            response.say(answers.ends(view))
        if view.is_my_turn:
            response.say(it.your_turn(), Cue.YOUR_TURN)
            response.messages.extend(self.narrator.situation(view))
        return response

    def _forced_move(self, view: SeatView) -> Draw | Pass | None:
        """The draw or pass the player cannot avoid, when the game makes it for them."""
        auto = self.auto_forced
        if auto is None:
            auto = self.narrator.verbosity is Verbosity.BRIEF
        if not auto or not view.is_my_turn:
            return None
        legal = view.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], Draw | Pass):
            return legal[0]
        return None

    def _make_forced(self, session: TableSeat, forced: Draw | Pass, response: Response) -> None:
        drawing = isinstance(forced, Draw)
        stuck = it.nothing_to_play(drawing, self.narrator.inputs)
        if response.messages and response.messages[-1].text == stuck:
            response.messages.pop()  # "you cannot play" is said by the forced move itself
        response.messages.extend(self.narrator.ends_due())
        text = it.forced_draw() if drawing else it.forced_pass()
        response.say(text, Cue.DRAW if drawing else Cue.PASS)
        events = session.play(forced, undoable=False)  # undo goes back past it
        told = self.narrator.tell(session.view(), events)
        response.messages.extend(told if drawing else told[1:])
        response.state_changed = True
        if session.view().is_my_turn:
            response.messages.extend(self.narrator.situation(session.view()))


def _refused(error: IllegalAction, acting: str, side: Side | None) -> Response:
    refusal = error.refusal
    text = it.refusal(
        refusal.reason,
        acting=acting,
        tile_=refusal.tile,
        head=refusal.head,
        tail=refusal.tail,
        playable_=refusal.playable,
        side=refusal.side or side,
        expected_seat=refusal.expected_seat,
        up=refusal.up,
        down=refusal.down,
        sides=refusal.sides,
    )
    return Response(awaits_player=True).say(text, Cue.INVALID)
