"""The dialog manager: the phase machine over a match session, fed with intents, answering in
Italian.

It knows nothing of audio, keyboards or message history: the front ends hand it intents
(parsed once, in `dialog.parser`) and get back one Response each time. Each phase has one
handler; what every phase shares (the voice, help, stopping speech) is answered before.
"""

from __future__ import annotations

import contextlib
import logging
import random
from collections.abc import Callable
from enum import Enum
from typing import Any

from voicedomino.audio.cue_names import Cue
from voicedomino.dialog import answers
from voicedomino.dialog.intents import (
    MENU_CHOICES,
    MOVES,
    AddComputer,
    AdjustVoice,
    Answer,
    Ask,
    AskNumber,
    AskPlayer,
    CheckMicrophone,
    CloseTable,
    Continue,
    DrawOrPass,
    DrawTile,
    ExplainRules,
    Help,
    Intent,
    LeaveTable,
    Listen,
    ListVoices,
    NewGame,
    NumberQuestion,
    PassTurn,
    PlayerQuestion,
    PlayNumber,
    PlayTile,
    Query,
    QuickMessage,
    Quit,
    Remind,
    RemoveComputer,
    SetAutoForced,
    SetTileSet,
    SetVariant,
    SetVerbosity,
    ShowSettings,
    SideWord,
    Start,
    StopSpeech,
    Undo,
    UseVoice,
    VoiceChange,
)
from voicedomino.dialog.menu import Table, choose
from voicedomino.dialog.narration import Narrator
from voicedomino.dialog.network import (
    CreateTable,
    JoinTable,
    NetRequest,
    NetworkPlay,
    NetworkSettings,
    PlayOnline,
    chat_line,
)
from voicedomino.dialog.parser import answer_key, keyboard_shortcuts, parse
from voicedomino.dialog.response import Response, Verbosity
from voicedomino.dialog.saving import SaveKeeper
from voicedomino.dialog.session import MatchSession, PlayerFactory, TableSeat
from voicedomino.dialog.turns import Turns, only_tile_with
from voicedomino.engine import (
    TILE_SETS,
    Action,
    Draw,
    IllegalAction,
    Pass,
    Play,
    Reason,
    SaveError,
    SeatView,
    Side,
)
from voicedomino.engine.legality import fitting_sides, resolve
from voicedomino.italian import messages as it
from voicedomino.italian import network as it_net
from voicedomino.net.remote import TableRefused
from voicedomino.net.table import SPECTATOR
from voicedomino.players import make_player

log = logging.getLogger(__name__)


_VOICE_CHANGE_TEXT: dict[VoiceChange, Callable[[], str]] = {
    VoiceChange.SLOWER: it.slower,
    VoiceChange.FASTER: it.faster,
    VoiceChange.LOUDER: it.louder,
    VoiceChange.QUIETER: it.quieter,
}
_VERBOSITY_TEXT: dict[Verbosity, Callable[[], str]] = {
    Verbosity.BRIEF: it.brief,
    Verbosity.NORMAL: it.normal,
    Verbosity.DETAILED: it.detailed,
}


class Phase(Enum):
    RESUME_OFFER = "resume_offer"
    MENU = "menu"
    PLAYING = "playing"
    CHOOSE_SIDE = "choose_side"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
    CONFIRM = "confirm"
    TABLE = "table"  # at a network table, before its match starts


class DialogManager:
    def __init__(
        self,
        table: Table | None = None,
        *,
        verbosity: Verbosity = Verbosity.NORMAL,
        computer_pause: float = 0.8,
        seed: int | None = None,
        saved: dict[str, Any] | None = None,
        player_factory: PlayerFactory = make_player,
        auto_forced: bool | None = None,
        saved_behind: int = 0,
        network: NetworkSettings | None = None,
    ) -> None:
        self.table = table or Table()
        self.narrator = Narrator(verbosity, computer_pause)
        self.turns = Turns(self.narrator, auto_forced)
        # Tables on a server, when the player plays over the network (--server, "gioca in rete").
        self.network = NetworkPlay(network or NetworkSettings(), self.narrator)
        self.seed = seed
        self.player_factory = player_factory
        self.session: TableSeat | None = None
        self.phase = Phase.RESUME_OFFER if saved is not None else Phase.MENU
        self._saved = saved
        self._saved_behind = saved_behind  # the player's moves the save lacks (saves failed)
        self._pending_tile: PlayTile | None = None  # waiting for "In testa o in coda?"
        self._confirming: Quit | NewGame | None = None
        self._question = ""  # the yes/no question waiting, asked again on a stray key
        self._return_phase = Phase.MENU
        self.keeper: SaveKeeper | None = None  # the front end that saves: asked before a claim
        self.internal_errors = 0
        self._handlers: dict[Phase, Callable[[Intent], Response]] = {
            Phase.RESUME_OFFER: self._on_resume_offer,
            Phase.MENU: self._on_menu,
            Phase.PLAYING: self._on_playing,
            Phase.CHOOSE_SIDE: self._on_choose_side,
            Phase.ROUND_OVER: self._on_round_over,
            Phase.MATCH_OVER: self._on_match_over,
            Phase.CONFIRM: self._on_confirm,
            Phase.TABLE: self._on_table,
        }

    # --- public ---------------------------------------------------------------------

    @property
    def verbosity(self) -> Verbosity:
        return self.narrator.verbosity

    @property
    def inputs(self) -> it.Inputs:
        """How the player gives commands now (keys, words): every prompt names what works."""
        return self.narrator.inputs

    @inputs.setter
    def inputs(self, inputs: it.Inputs) -> None:
        self.narrator.inputs = inputs

    @property
    def auto_forced(self) -> bool | None:
        """Forced draws and passes made for the player; None: only in brief mode."""
        return self.turns.auto_forced

    def view(self) -> SeatView | None:
        """The human seat's view of the match in progress, if any."""
        return self.session.view() if self.session is not None else None

    def start(self) -> Response:
        """The greeting and the first question: resume a saved match, or the menu."""
        response = self.greeting()
        response.messages.extend(self.opening().messages)
        return response

    def greeting(self) -> Response:
        return Response(awaits_player=True).say(it.welcome())

    def opening(self) -> Response:
        """The first question: the resume question when a saved match exists, else the menu
        (a front end says its notices between the greeting and this)."""
        if self.phase is Phase.RESUME_OFFER:
            text = it.resume_offer(self.inputs, self._saved_behind)
            return Response(awaits_player=True).say(text)
        code, self.network.settings.code = self.network.settings.code, None
        if code is not None:  # --tavolo: straight to that network table
            return self.handle_intent(JoinTable(code))
        return self._menu_summary(Response(awaits_player=True))

    def prompt(self) -> Response:
        """Where the player is and what can be done now, never "Non ho capito": for a key that
        means nothing in a question, an empty line, the game continuing after a suspension."""
        inputs = self.inputs
        response = Response(awaits_player=True)
        match self.phase:
            case Phase.MENU:
                return self._menu_summary(response)
            case Phase.RESUME_OFFER:
                return response.say(it.resume_offer(inputs, self._saved_behind))
            case Phase.CONFIRM:
                return response.say(self._question)
            case Phase.CHOOSE_SIDE:
                return response.say(it.ask_side(inputs, self.pending_sides()))
            case Phase.ROUND_OVER:
                return response.say(it.next_round_prompt(inputs))
            case Phase.MATCH_OVER:
                return response.say(it.match_over_prompt(inputs))
        assert self.session is not None
        view = self.session.view()
        if not view.is_my_turn:
            return response.say(it.turn_of(view.to_move))
        if view.line:
            response.say(answers.ends(view))
        response.say(it.your_turn())
        response.messages.extend(self.narrator.situation(view))
        return response

    @property
    def wants_answer(self) -> bool:
        """A yes/no question waits: a typed "s" or "n" answers it."""
        return self.phase in (Phase.CONFIRM, Phase.RESUME_OFFER)

    def typed(self, text: str, parsed: Intent | None) -> Intent | NetRequest | None:
        """What a typed line means now: "s" or "n" answers a waiting question (otherwise "s"
        is the score), a chat line ("> ...") goes to the table, else what it was parsed as,
        in context."""
        if self.wants_answer:
            return answer_key(text) or self.in_context(parsed)
        # Only the chat line is read here: what else the line means was parsed already.
        return chat_line(text) or self.in_context(parsed)

    def in_context(self, intent: Intent | None, *, waiting: bool = False) -> Intent | None:
        """What an understood intent means here and now. Words are understood as said at a
        network table ("ciao" greets the others, "un momento" asks them to wait); off a
        table "ciao" is goodbye, and "un momento" is a "no" there or whenever a question or
        a command read back (`waiting`, the voice gate's) waits for an answer. So is
        "annulla" (an undo) then, or while the side of a tile is asked: what waits is called
        off, no move is taken back. The set named by its top double ("doppio nove") is, in a
        hand whose set holds that double, that tile; at a double-six table it stays the set (a
        menu choice), never a tile the set has not."""
        if isinstance(intent, Undo) and (
            waiting or self.wants_answer or self.phase is Phase.CHOOSE_SIDE
        ):
            return Answer(yes=False)
        in_a_hand = self.session is not None and self.phase in (Phase.PLAYING, Phase.CHOOSE_SIDE)
        if isinstance(intent, SetTileSet) and intent.said_as_tile and in_a_hand:
            double = PlayTile(intent.tile_set, intent.tile_set)
            return double if self._in_the_set(double) else intent
        if not isinstance(intent, QuickMessage):
            return intent
        at_table = self.network.seated and not waiting and not self.wants_answer
        if intent.key == "ciao" and not self.network.seated:
            return Quit()
        if intent.key == "un_momento" and not at_table:
            return Answer(yes=False)
        return intent

    def handle(self, utterance: str) -> Response:
        """Answer one typed utterance; never raises."""
        return self.handle_intent(self.typed(utterance, parse(utterance)))

    def handle_intent(self, intent: Intent | NetRequest | None) -> Response:
        """Answer one intent (None: not understood); never raises."""
        try:
            with self._seating():
                if isinstance(intent, NetRequest):
                    return self._network_request(intent)
                return self._dispatch(intent)
        except TableRefused as refused:  # at a network table: the server said no, or is away
            text = refused.text or self.network.out_of_reach()
            response = Response(awaits_player=True).say(text, Cue.INVALID)
            if self._off_the_table():  # the table or the seat was no more: said in the text
                return self._back_in_the_menu(response)
            return response
        except Exception:  # the game must go on whatever breaks; the log keeps the details
            log.exception("internal error handling %r", intent)
            self.internal_errors += 1
            return Response().say(it.internal_error())

    def table_news(self) -> Response:
        """What happened at the network table since the player last heard (a friend's move,
        the server's computers, arrivals, the timer, chat), told as at a local table; the
        phase follows the match. Never raises."""
        try:
            with self._seating():
                return self._table_news()
        except Exception:
            log.exception("internal error telling the table's news")
            self.internal_errors += 1
            return Response().say(it.internal_error())

    def close(self) -> None:
        """Leave the network, if connected (the seat stays the player's)."""
        self.network.close()

    def _seating(self) -> contextlib.AbstractContextManager[None]:
        """At a network table every sentence names the people there, from the player's seat."""
        remote = self.network.remote
        if remote is None or remote.state.code is None:
            return contextlib.nullcontext()
        me = SPECTATOR if remote.seat is None else remote.seat  # a spectator is nobody's "tu"
        return it.seated(me, remote.names())

    def save_document(self) -> dict[str, Any] | None:
        """The whole match, as the engine's versioned JSON plus the table choices."""
        return self.session.save_document() if self.session is not None else None

    def hint_text(self) -> str:
        inputs = self.inputs
        if self.phase is Phase.TABLE:
            return it_net.hint_at_table(self._hosting(), inputs.keys and not inputs.words)
        return {
            Phase.MENU: it.hint_menu,
            Phase.PLAYING: it.hint_playing,
            Phase.CHOOSE_SIDE: lambda inputs: it.hint_side(inputs, self.pending_sides()),
            Phase.ROUND_OVER: it.hint_round_over,
            Phase.MATCH_OVER: it.hint_match_over,
            Phase.CONFIRM: it.confirm_yes_no,
            Phase.RESUME_OFFER: it.confirm_yes_no,
        }[self.phase](inputs)

    def readback(self, intent: Intent) -> str | None:
        """The few words that read a state-changing command back before it acts ("Tre cinque in
        coda.", "Rallento la voce."); None for what changes nothing (questions) or is confirmed
        by its own question (quitting, a new game)."""
        match self.phase, intent:
            case (Phase.PLAYING | Phase.CHOOSE_SIDE, PlayTile()) if not self._in_the_set(intent):
                return None  # "sette otto" at a double-six table: refused at once, never read back
            case (Phase.PLAYING | Phase.CHOOSE_SIDE, PlayTile(first, second, side)):
                return it.readback_play(first, second, side)
            case (Phase.PLAYING, PlayNumber(number, side)) if side is not None and self.session:
                tile = only_tile_with(self.session.view(), number, side)
                return it.readback_play(*tile, side) if tile is not None else None
            case (Phase.PLAYING | Phase.CHOOSE_SIDE, DrawTile()):
                return it.readback_draw()
            case (Phase.PLAYING | Phase.CHOOSE_SIDE, PassTurn()):
                return it.readback_pass()
            case (Phase.PLAYING | Phase.CHOOSE_SIDE, DrawOrPass()):
                return it.readback_draw_or_pass()
            case (Phase.CHOOSE_SIDE, SideWord(side)) if self._pending_tile is not None:
                pending = self._pending_tile
                return it.readback_play(pending.first, pending.second, side)
            case (Phase.PLAYING | Phase.CHOOSE_SIDE | Phase.ROUND_OVER, Undo()):
                undoable = self.session is not None and self.session.undoable is not None
                return it.readback_undo() if undoable else None
            case (Phase.MENU, Start() | Continue()) | (Phase.MATCH_OVER, Start()):
                return it.readback_start()
            case (Phase.MENU, DrawTile()):
                return choose(self.table, _PESCA).text
            case (Phase.MENU, PlayTile()) if (chosen_set := _tile_set_said(intent)) is not None:
                return choose(self.table, chosen_set).text
            case (Phase.MENU, _) if isinstance(intent, MENU_CHOICES):
                choice = choose(self.table, intent)
                return choice.text if choice.accepted else None
            case (Phase.ROUND_OVER, Continue()):
                return it.readback_next_round()
            case (_, CheckMicrophone()):  # the next thing said goes to the test, not the game
                return it.readback_mic_check()
            # Settings said by voice are taken back like moves: a voice in the room must not
            # slow the game's speech down unnoticed.
            case (_, AdjustVoice(change)):
                return it.readback_voice_change(change.value)
            case (_, SetVerbosity(verbosity)):
                return it.readback_verbosity(verbosity.value)
            case (_, UseVoice(number)):
                return it.readback_use_voice(number)
            case (_, SetAutoForced(on)):
                return it.readback_auto_forced(on)
            case (Phase.MENU | Phase.TABLE | Phase.MATCH_OVER, PlayOnline()):
                return it_net.readback_play_online()
            case (Phase.MENU | Phase.TABLE | Phase.MATCH_OVER, CreateTable(timer)):
                return it_net.readback_create_table(timer)
            case (Phase.MENU | Phase.TABLE | Phase.MATCH_OVER, JoinTable(code, spectator)):
                return it_net.readback_join_table(code, spectator)
            case (_, AddComputer(level)) if self.network.seated:
                return it_net.readback_add_computer(None if level is None else str(level))
            case (_, RemoveComputer(seat)) if self.network.seated:
                return it_net.readback_remove_computer(seat)
            case (_, QuickMessage(key)) if self.network.seated:
                return it_net.readback_quick_message(key)
            case (_, LeaveTable()) if self.network.seated:
                return it_net.readback_leave_table()
            case (_, CloseTable(closed)) if self.network.seated:
                return it_net.readback_close_table(closed)
        return None

    def _in_the_set(self, intent: PlayTile) -> bool:
        """The tile is one of the hand's set (True when no hand is being played)."""
        if self.session is None:
            return True
        return intent.tile in self.session.view().rules.tiles

    def refuses(self, intent: Intent) -> bool:
        """The move would be turned down as it stands (by the engine's own check, changing
        nothing): a tile not held, not fitting, an arm the table lacks, a draw or pass the
        rules forbid now. False whenever unsure (not the player's turn, another phase)."""
        if self.phase is not Phase.PLAYING or self.session is None:
            return False
        view = self.session.view()
        if not view.is_my_turn:
            return False
        action: Action
        match intent:
            case PlayTile(side=side) if intent.tile not in view.rules.tiles:
                return True
            case PlayTile(side=side):
                action = Play(intent.tile, side)
            case DrawTile():
                action = Draw()
            case PassTurn():
                action = Pass()
            case _:
                return False
        try:
            resolve(view.rules, view.turn(), action)
        except IllegalAction as error:
            return error.reason is not Reason.SIDE_NEEDED
        return False

    def not_understood(self) -> Response:
        return Response(understood=False).say(it.not_understood(self.hint_text()), Cue.INVALID)

    # --- dispatch -------------------------------------------------------------------

    def _dispatch(self, intent: Intent | None) -> Response:
        match intent:
            case None:
                return self.not_understood()
            case StopSpeech():
                return Response(stop_speech=True)
            case Remind(what):
                return Response(recall=what)
            case AdjustVoice(change):
                return Response(voice_change=change).say(_VOICE_CHANGE_TEXT[change]())
            case SetVerbosity(verbosity):
                self.narrator.verbosity = verbosity
                return Response(preference_changed=True).say(_VERBOSITY_TEXT[verbosity]())
            case Help(with_keys):
                response = self._help()
                if with_keys:
                    response.say(it.keyboard_help([(k.key, k.description)
                                                   for k in keyboard_shortcuts()]))  # fmt: skip
                return response
            case Listen():
                return Response(awaits_player=True).say(it.listening_prompt())
            case ExplainRules(variant):
                view = self.view()  # the rules of the table in play, or of the one chosen
                table = view.rules if view is not None else self.table.rules()
                pages = it.rules(variant or table.name, table)
                return Response(pages=list(pages)).say(pages[0]).say(it.rules_more(self.inputs))
            case CheckMicrophone():
                return Response(check_microphone=True, awaits_player=True).say(
                    it.mic_check_prompt()
                )
            case ListVoices() | UseVoice():
                return Response(voices=intent)
            case SetAutoForced(on):
                self.turns.auto_forced = on
                return Response(preference_changed=True).say(it.auto_forced_set(on))
            case _:
                return self._handlers[self.phase](intent)

    def _common(self, intent: Intent) -> Response:
        """What the match phases share: quitting, a new game, questions, undo."""
        match intent:
            case Quit():
                return self._ask_confirm(intent)
            case NewGame() if self._remote_match():  # the table's match, not this program's
                if self.phase is Phase.MATCH_OVER:  # another match at the same table
                    return self._follow_table(self.network.start())
                return Response(awaits_player=True).say(it_net.no_new_game_at_table(), Cue.INVALID)
            case NewGame():
                if self.phase in (Phase.MENU, Phase.MATCH_OVER):
                    return self._new_game()
                return self._ask_confirm(intent)
            case Ask(query) if self.session is not None:
                view = self.session.view()
                detailed = self.verbosity is Verbosity.DETAILED
                rng = self.session.decision_rng(view.seat)
                ended = self.session.last_round_ended
                text = answers.answer(
                    query, view, detailed=detailed, rng=rng, last_round_ended=ended
                )
                return Response().say(text)
            case AskNumber(number, question) if self.session is not None:
                view = self.session.view()
                if question is NumberQuestion.PLAYED:
                    return Response().say(answers.number_status(view, number))
                return Response().say(answers.number_missing(view, number))
            case AskPlayer(said, question) if self.session is not None:
                seat = self._seat_called(said)
                if seat is None:  # a network table where nobody has that name
                    return Response().say(it_net.nobody_called(it.COMPUTER_NAMES[said - 1]))
                if question is PlayerQuestion.SCORE:
                    return Response().say(answers.player_score(self.session.view(), seat))
                return Response().say(answers.player(self.session.view(), seat))
            case SideWord(side) if self.session is not None:
                return Response().say(answers.end(self.session.view(), side))
            case PlayNumber(number, side) if self.session is not None:
                return self._number(number, side)
            case Undo() if self.session is not None:
                return self._undo()
            case _ if isinstance(intent, MENU_CHOICES):  # understood, but not in a match
                text = it.settings_in_the_menu(self.inputs)
                return Response(awaits_player=True).say(text, Cue.INVALID)
        return self.not_understood()

    # --- a network table ------------------------------------------------------------------

    def _network_request(self, request: NetRequest) -> Response:
        if isinstance(request, QuickMessage) and not self.network.seated:
            return Response().say(it_net.courtesy(request.key))  # "grazie" to the game
        if self.phase not in (Phase.MENU, Phase.TABLE, Phase.MATCH_OVER) and isinstance(
            request, PlayOnline | CreateTable | JoinTable
        ):
            return Response(awaits_player=True).say(it.settings_in_the_menu(), Cue.INVALID)
        response = self.network.handle(request, self.table)
        if self.network.seated and self.phase in (Phase.MENU, Phase.MATCH_OVER):
            self.phase = Phase.TABLE
            self.session = None
        if self._off_the_table():  # left it ("esci dal tavolo"): said by the response
            return self._back_in_the_menu(response)
        return self._follow_table(response)

    def _table_news(self) -> Response:
        response = Response()
        response.messages.extend(self.network.news())
        if self.network.seated and self.phase is Phase.MENU:  # seated late by a slow server
            self.phase = Phase.TABLE
            self.session = None
        if self._off_the_table():
            # The seat is gone (the table closed, the seat taken from another window): said
            # in the news; the player is back in the menu.
            return self._back_in_the_menu(response)
        return self._follow_table(response)

    def _off_the_table(self) -> bool:
        """The dialog is still at a network table (waiting for its match, in it, or in a
        question asked there) that the player no longer sits at."""
        return not self.network.seated and (self.phase is Phase.TABLE or self._remote_match())

    def _back_in_the_menu(self, response: Response) -> Response:
        """Off the network table: nothing of it is pending; the player hears where they are."""
        self.phase = Phase.MENU
        self.session = None
        self._pending_tile = None
        self._confirming = None
        response.say(it_net.back_in_the_menu())
        return self._menu_summary(response)

    def _follow_table(self, response: Response) -> Response:
        """The phase a network table's match is in: it may have started, moved on or ended
        while the player said nothing."""
        remote = self.network.remote
        if remote is None or remote.state.code is None or not remote.in_match:
            return response
        if self.phase in (Phase.CONFIRM, Phase.CHOOSE_SIDE):
            return response  # the question asked stands; the news was told
        if self.session is not remote:
            self.session = remote
        if remote.seat is None:  # a spectator only listens
            self.phase = Phase.TABLE
            return response
        view = remote.view()
        if view.round_result is None and view.is_my_turn:
            response = self.turns.continue_play(remote, response)  # a forced move, if any
        return self._settled(response)

    def _on_table(self, intent: Intent) -> Response:
        """At a network table before the match (or as a spectator)."""
        match intent:
            case Start() | Continue() if self.network.remote is not None:
                if self.network.remote.seat is None:
                    return Response().say(it_net.error_text("spectator"), Cue.INVALID)
                return self._follow_table(self.network.start())
            case Quit():
                return self._common(intent)
            case Ask(Query.HAND | Query.PLAYABLE | Query.HINT) | PlayNumber() if (
                self.network.remote is not None and self.network.remote.seat is None
            ):  # a spectator's view has no hand: "Non hai tessere." alone would not say why
                return Response().say(it_net.no_hand_watching(), Cue.INVALID)
            case Ask() | AskNumber() | AskPlayer() | SideWord() | PlayNumber() | Undo() if (
                self.session is not None
            ):
                return self._common(intent)
        remote = self.network.remote
        if remote is not None and remote.in_match:  # a spectator, during the match
            return Response(awaits_player=True).say(it_net.watching(), Cue.INVALID)
        return Response(awaits_player=True).say(it_net.waiting_to_start(self._hosting()))

    def _seat_called(self, seat: int) -> int | None:
        """The seat a name said means: the grammar knows the local table's names (Marco is the
        second seat); at a network table the one who is called so, if anyone is."""
        remote = self.network.remote
        if not self._remote_match() or remote is None:
            return seat
        name = it.COMPUTER_NAMES[seat - 1].casefold()
        return next((s.seat for s in remote.seats if s.name.casefold() == name), None)

    def _remote_match(self) -> bool:
        """The match in play is at a network table."""
        return self.session is not None and self.session is self.network.remote

    def _hosting(self) -> bool:
        remote = self.network.remote
        return remote is not None and remote.state.is_host

    # --- phases -------------------------------------------------------------------------

    def _on_resume_offer(self, intent: Intent) -> Response:
        if not isinstance(intent, Answer):
            return Response(awaits_player=True).say(it.confirm_yes_no(self.inputs), Cue.INVALID)
        saved, self._saved = self._saved, None
        if not intent.yes or saved is None:
            self.phase = Phase.MENU
            failure = self._set_aside()
            text = it.resume_declined() if failure is None else it.resume_declined_kept(failure)
            return self._menu_summary(Response(discard_save=True, awaits_player=True).say(text))
        try:
            session = MatchSession.restore(saved, self.table.level, self.player_factory)
        except SaveError as error:  # a damaged save: set it aside and start from the menu
            log.warning("cannot resume the saved match: %s", error)
            self.phase = Phase.MENU
            key = error.key if self._set_aside() is None else f"{error.key}_kept"
            response = Response(discard_save=True, awaits_player=True).say(it.notice(key))
            return self._menu_summary(response)
        self.session = session
        rules = session.match.rules
        self.table = Table(
            rules.name, rules.seats, rules.pairs, session.level,
            session.match.settings.target, session.match.settings.wildcard,
            tile_set=session.match.settings.tile_set, spinner=session.match.settings.spinner,
            opening=session.match.settings.opening,
        )  # fmt: skip
        response = Response(awaits_player=True).say(it.resumed(self._saved_behind))
        view = session.view()
        response.say(answers.scores(view))
        if view.match_result is not None:  # the loader sets a finished match aside: not here
            self.phase = Phase.MATCH_OVER
            return response.say(it.match_over_prompt(self.inputs))
        if view.round_result is not None:
            self.phase = Phase.ROUND_OVER
            response.say(answers.last_round(view, session.last_round_ended))
            return response.say(it.next_round_prompt(self.inputs))
        self.phase = Phase.PLAYING
        if moves := answers.moves_since_my_turn(view):  # perhaps never heard before the save
            response.say(it.since_your_turn(moves))
        if view.line:
            response.say(answers.ends(view))
        response.say(answers.hand(view))
        if view.is_my_turn:  # as at any turn: say what can be played, a bonus turn included
            response.say(it.your_turn(), Cue.YOUR_TURN)
            response.messages.extend(self.narrator.situation(view))
        return self._settled(self.turns.continue_play(session, response))

    def _on_menu(self, intent: Intent) -> Response:
        match intent:
            case Start() | Continue():
                return self._start_match()
            case ShowSettings():
                response = Response(awaits_player=True).say(self.table.summary(every_option=True))
                return response.say(it.menu_prompt())
            case DrawTile():  # "pesca" alone, before a game, names the variant
                return self._on_menu(_PESCA)
            case PlayTile() if (chosen_set := _tile_set_said(intent)) is not None:
                return self._on_menu(chosen_set)  # "doppio nove", before a game, is the set
            case _ if isinstance(intent, MENU_CHOICES):
                choice = choose(self.table, intent)
                self.table = choice.table
                cue = None if choice.accepted else Cue.INVALID
                return Response(awaits_player=True).say(choice.text, cue)
            case Ask() | AskNumber() | AskPlayer() | SideWord() | PlayNumber() | Undo():
                return Response(awaits_player=True).say(it.not_in_game(self.inputs), Cue.INVALID)
            case PlayTile() | PassTurn() | DrawOrPass():
                return Response(awaits_player=True).say(it.not_in_game(self.inputs), Cue.INVALID)
            case Quit() | NewGame():
                return self._common(intent)
        return self.not_understood()

    def _on_playing(self, intent: Intent) -> Response:
        session = self.session
        assert session is not None
        match intent:
            case PlayTile():
                return self._try_play(intent)
            case DrawTile():
                return self._act(Draw(), "draw")
            case PassTurn():
                return self._act(Pass(), "pass")
            case DrawOrPass():
                legal = session.view().legal_actions()
                if Draw() in legal:
                    return self._act(Draw(), "draw")
                if Pass() in legal or not session.view().is_my_turn:
                    return self._act(Pass(), "pass")
                text = it.cannot_draw_or_pass(answers.playable(session.view()))
                return Response(awaits_player=True).say(text, Cue.INVALID)
            case Continue() | Start():
                return Response().say(it.turn_of(session.view().to_move))
            case Answer():
                return self.not_understood()
        return self._common(intent)

    def _on_choose_side(self, intent: Intent) -> Response:
        pending = self._pending_tile
        assert pending is not None
        match intent:
            case SideWord(side):
                self._leave_side_question()
                return self._try_play(PlayTile(pending.first, pending.second, side))
            case Answer() | Continue():
                self._leave_side_question()
                return Response(awaits_player=True).say(it.side_choice_cancelled())
            case _ if isinstance(intent, MOVES) and not isinstance(intent, PlayNumber):
                self._leave_side_question()
                return self._on_playing(intent)
            case Ask() | AskNumber() | AskPlayer() | PlayNumber() | Undo():
                response = self._common(intent)
                if self.phase is Phase.CHOOSE_SIDE:
                    response.say(it.ask_side(self.inputs, self.pending_sides()))
                return response
            case Quit() | NewGame():
                return self._common(intent)
        return self.not_understood()

    def _on_round_over(self, intent: Intent) -> Response:
        match intent:
            case Continue() if self._remote_match():
                session = self.session
                assert session is not None
                response = self.turns.next_round(session)
                return self._settled(response.say(it_net.ready_waiting()))
            case Continue():
                return self._next_round()
        return self._after_round(intent, Reason.ROUND_OVER)

    def _on_match_over(self, intent: Intent) -> Response:
        match intent:
            case Start() if self._remote_match():
                return self._follow_table(self.network.start())
            case Start():
                return self._start_match()
        return self._after_round(intent, Reason.MATCH_OVER)

    def _after_round(self, intent: Intent, reason: Reason) -> Response:
        if isinstance(intent, MOVES) and not isinstance(intent, PlayNumber):
            return Response().say(_refusal_text(reason, self.inputs), Cue.INVALID)
        if isinstance(intent, Answer):
            return self.not_understood()
        return self._common(intent)

    def _on_confirm(self, intent: Intent) -> Response:
        if not isinstance(intent, Answer):
            return Response(awaits_player=True).say(it.confirm_yes_no(self.inputs), Cue.INVALID)
        if intent.yes and not intent.firm:  # "ok", "va bene": not enough to leave a match
            return Response(awaits_player=True).say(it.confirm_say_yes())
        what, self._confirming = self._confirming, None
        self.phase = self._return_phase
        if not intent.yes:
            return Response(awaits_player=True).say(it.cancelled())
        if isinstance(what, Quit):
            response = Response(quit=True)
            if self.network.seated:  # the seat could not be taken back after closing the game
                response.messages.extend(self.network.handle(LeaveTable(), self.table).messages)
            return response.say(it.goodbye())
        return self._new_game()

    # --- confirmation, help, menu -----------------------------------------------------------

    def _ask_confirm(self, what: Quit | NewGame) -> Response:
        in_game = self.phase not in (Phase.MENU, Phase.MATCH_OVER)
        self._confirming = what
        self._return_phase = self.phase
        self.phase = Phase.CONFIRM
        if isinstance(what, Quit):
            self._question = self._quit_question(in_game)
        else:
            self._question = it.confirm_new_game(self.inputs)
        return Response(awaits_player=True).say(self._question)

    def _quit_question(self, in_game: bool) -> str:
        """ "Vuoi uscire?", saying the match is kept only when the save really holds it."""
        inputs = self.inputs
        remote = self.network.remote
        if remote is not None and remote.state.code is not None:  # the server keeps the match
            playing = remote.in_match and remote.seat is not None and remote.link.connected.is_set()
            return it_net.confirm_quit_at_table(remote.state.code, playing, it.yes_or_no(inputs))
        if not in_game or self.keeper is None:
            return it.confirm_quit(in_game, inputs)
        status = self.keeper.status_for_quitting()
        if not status.saving:
            return it.confirm_quit_without_saving(inputs)
        if status.kept:
            return it.confirm_quit(True, inputs)
        return it.confirm_quit_unsaved(status.failure, inputs, status.behind)

    def _set_aside(self) -> str | None:
        """The declined or damaged save moved out of the way: None, or why it could not be."""
        return self.keeper.set_aside() if self.keeper is not None else None

    def _help(self) -> Response:
        inputs = self.inputs
        match self.phase:
            case Phase.MENU:
                return Response().say(it.menu_help())
            case Phase.CHOOSE_SIDE:
                return Response().say(it.help_side(inputs, self.pending_sides()))
            case Phase.ROUND_OVER:
                return Response().say(it.help_round_over(inputs))
            case Phase.MATCH_OVER:
                return Response().say(it.help_match_over(inputs))
            case Phase.CONFIRM | Phase.RESUME_OFFER:
                return Response().say(it.help_confirm(inputs))
            case Phase.TABLE if not self._remote_match():  # waiting for the match to start
                return Response().say(self._table_help())
        remote = self.network.remote
        if self._remote_match() and remote is not None and remote.seat is None:
            # A spectator plays nothing: the moves, the draws and the hint are not for them.
            return Response().say(it_net.watching()).say(self._table_help())
        assert self.session is not None
        rules = self.session.view().rules
        response = Response().say(
            it.help_playing(rules.boneyard_drawable, rules.spinner, self._remote_match())
        )
        if self._remote_match():
            response.say(self._table_help())
        return response

    def _table_help(self) -> str:
        remote = self.network.remote
        return it_net.help_at_table(
            hosting=self._hosting(),
            watching=remote is not None and remote.seat is None,
            in_match=remote is not None and remote.in_match,
            keys=self.inputs.keys,
        )

    def _menu_summary(self, response: Response) -> Response:
        response.say(self.table.summary())
        return response.say(it.menu_prompt(self.inputs))

    def _start_match(self) -> Response:
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**32)
        if self.seed is not None:
            self.seed += 1  # the next match of this session deals differently
        session = MatchSession.new(
            self.table.settings(), self.table.level, seed, self.player_factory
        )
        self.session = session
        self.phase = Phase.PLAYING
        response = Response(state_changed=True)
        response.say(self.table.summary())
        if session.match.rules.pairs:
            response.say(it.partnership())
        response.messages.extend(self.narrator.tell(session.view(), session.match.opening_events()))
        return self._settled(self.turns.continue_play(session, response))

    def _new_game(self) -> Response:
        self.session = None
        self.phase = Phase.MENU
        return self._menu_summary(Response(state_changed=True, awaits_player=True))

    # --- playing ------------------------------------------------------------------------

    def _leave_side_question(self) -> None:
        self._pending_tile = None
        self.phase = Phase.PLAYING

    def _number(self, number: int, side: Side | None) -> Response:
        """ "tre": what can be played with the three. With a side ("il cinque in testa"), play
        the one tile with that number that fits there, when there is exactly one."""
        assert self.session is not None
        view = self.session.view()
        if side is not None and self.phase is Phase.PLAYING:
            tile = only_tile_with(view, number, side)
            if tile is not None:
                return self._try_play(PlayTile(*tile, side))
            if view.is_my_turn and not answers.playable_tiles_with(view, number):
                # A move that cannot be made at all: turned down (a voice result heard unsurely
                # gets only the cue), with what the number plays as the reason.
                return Response().say(answers.playable_with(view, number), Cue.INVALID)
        return Response().say(answers.playable_with(view, number))

    def _try_play(self, intent: PlayTile) -> Response:
        assert self.session is not None
        response = self.turns.play_tile(self.session, intent)
        if response is None:  # the tile fits arms showing different numbers: ask which
            self._pending_tile = intent
            self.phase = Phase.CHOOSE_SIDE
            return Response(awaits_player=True).say(it.ask_side(self.inputs, self.pending_sides()))
        return self._settled(response)

    @property
    def pending_tile(self) -> PlayTile | None:
        """The tile waiting for "Dove?" (a new object each time the question is asked)."""
        return self._pending_tile

    def pending_sides(self) -> tuple[Side, ...]:
        """The arms the tile waiting for "Dove?" fits: the only ones the question lists."""
        pending = self._pending_tile
        if pending is None or self.session is None:
            return ()
        view = self.session.view()
        return fitting_sides(view.rules, view.layout, pending.tile)

    def _act(self, action: Draw | Pass, acting: str) -> Response:
        assert self.session is not None
        return self._settled(self.turns.act(self.session, action, acting))

    def _settled(self, response: Response) -> Response:
        """The phase the match is in after the turns were played."""
        assert self.session is not None
        view = self.session.view()
        if view.round_result is None:
            self.phase = Phase.PLAYING
        else:
            self.phase = Phase.MATCH_OVER if view.match_result is not None else Phase.ROUND_OVER
        return response

    def _next_round(self) -> Response:
        assert self.session is not None
        return self._settled(self.turns.next_round(self.session))

    def _undo(self) -> Response:
        assert self.session is not None
        if self.phase is Phase.MATCH_OVER:  # scored and announced: the match stays finished
            return Response(awaits_player=True).say(it.no_undo_match_over(self.inputs), Cue.INVALID)
        response = self.turns.undo(self.session)
        if response.state_changed:
            self._pending_tile = None
            self._settled(response)
        return response


_PESCA = SetVariant("pesca")


def _tile_set_said(intent: PlayTile) -> SetTileSet | None:
    """ "doppio sei", "doppio nove" said in the menu: the set to play with, not a tile."""
    if intent.first == intent.second and intent.first in TILE_SETS and intent.side is None:
        return SetTileSet(intent.first)
    return None


def _refusal_text(reason: Reason, inputs: it.Inputs) -> str:
    return it.refusal(
        reason, acting="play", tile_=None, head=None, tail=None, playable_=None, inputs=inputs
    )
