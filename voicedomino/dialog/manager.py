"""The dialog manager: a state machine over the engine, fed with utterances, answering in Italian.

It knows nothing of audio or keyboards: the keyboard loop and the voice loop both hand it text
(or an already parsed Intent) and get back one Response each time. The human sits at seat 0;
the other seats are computer players that decide from their own view only.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from voicedomino.dialog import answers
from voicedomino.dialog.narration import HUMAN, Narrator
from voicedomino.dialog.parser import Intent, keyboard_shortcuts, parse
from voicedomino.dialog.response import Message, Response, Verbosity
from voicedomino.engine import (
    VARIANTS,
    Action,
    Draw,
    IllegalAction,
    Match,
    Pass,
    Play,
    Reason,
    SaveError,
    Settings,
    Side,
    Tile,
)
from voicedomino.engine import save as engine_save
from voicedomino.italian import messages as it
from voicedomino.players import LEVELS, Player, make_player

log = logging.getLogger(__name__)

MAX_COMPUTER_ACTIONS = 500  # a round never needs this many; guards the loop
SIDES = {"head": Side.HEAD, "tail": Side.TAIL}
YES_NO_KEYS = {"s": "yes", "y": "yes", "n": "no"}
QUERY_INTENTS = frozenset(
    {
        "ends", "hand", "playable", "hint", "line", "boneyard", "opponents", "score", "turn",
        "last_move", "number", "side",
    }
)  # fmt: skip
VOICE_INTENTS = frozenset(
    {
        "repeat", "previous", "next_message", "slower", "faster", "louder", "quieter",
        "brief", "detailed", "stop_speech",
    }
)  # fmt: skip


class Phase(Enum):
    RESUME_OFFER = "resume_offer"
    MENU = "menu"
    PLAYING = "playing"
    CHOOSE_SIDE = "choose_side"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
    CONFIRM = "confirm"


@dataclass(frozen=True)
class Table:
    """The choices made in the start menu."""

    variant: str = "classica"
    seats: int = 2
    pairs: bool = False
    level: str = "medio"
    target: int | None = None
    wildcard: bool | None = None

    def settings(self) -> Settings:
        return Settings(self.variant, self.seats, self.pairs, None, self.target, self.wildcard)


PlayerFactory = Callable[[str], Player]


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
    ) -> None:
        self.table = table or Table()
        self.narrator = Narrator(verbosity, computer_pause)
        self.seed = seed
        self.player_factory = player_factory
        self.match: Match | None = None
        self.players: dict[int, Player] = {}
        self.phase = Phase.RESUME_OFFER if saved is not None else Phase.MENU
        self._saved = saved
        self._pending_tile: tuple[int, int] | None = None
        self._confirming: str | None = None
        self._return_phase = Phase.MENU
        self._last: list[Message] = []
        self._log: list[str] = []
        self._cursor = 0
        self.internal_errors = 0

    # --- public ---------------------------------------------------------------------

    @property
    def verbosity(self) -> Verbosity:
        return self.narrator.verbosity

    def start(self) -> Response:
        """The greeting: the resume question when a saved match exists, else the menu."""
        response = Response()
        response.say(it.welcome())
        if self.phase is Phase.RESUME_OFFER:
            response.say(it.resume_offer())
        else:
            self._menu_summary(response)
        return self._remember(response)

    def handle(self, utterance: str) -> Response:
        """Answer one utterance; never raises."""
        if self.phase in (Phase.CONFIRM, Phase.RESUME_OFFER):
            key = utterance.strip().lower()
            if key in YES_NO_KEYS:  # a single key answers a yes/no question
                return self.handle_intent(Intent(YES_NO_KEYS[key], {}, key))
        return self.handle_intent(parse(utterance))

    def handle_intent(self, intent: Intent | None) -> Response:
        try:
            response = self._dispatch(intent)
        except Exception:  # the game must go on whatever breaks; the log keeps the details
            log.exception("internal error handling %r", intent)
            self.internal_errors += 1
            response = Response().say(it.internal_error())
        if intent is None or intent.name not in VOICE_INTENTS:
            self._remember(response)
        return response

    def save_document(self) -> dict[str, Any] | None:
        """The whole match, as the engine's versioned JSON plus the table choices."""
        if self.match is None or self.match.is_over:
            return None
        document = engine_save.to_document(self.match)
        document["table"] = {"level": self.table.level}
        return document

    def hint_text(self) -> str:
        return {
            Phase.MENU: it.hint_menu(),
            Phase.PLAYING: it.hint_playing(),
            Phase.CHOOSE_SIDE: it.hint_side(),
            Phase.ROUND_OVER: it.hint_round_over(),
            Phase.MATCH_OVER: it.hint_match_over(),
            Phase.CONFIRM: it.confirm_yes_no(),
            Phase.RESUME_OFFER: it.confirm_yes_no(),
        }[self.phase]

    # --- dispatch -------------------------------------------------------------------

    def _dispatch(self, intent: Intent | None) -> Response:
        if intent is None:
            return Response(understood=False).say(it.not_understood(self.hint_text()), "invalid")
        name = intent.name
        if name in VOICE_INTENTS:
            return self._voice(name)
        if name == "help":
            response = self._help()
            if intent.text == "?":  # asked from the keyboard: the keys too
                keys = [(k.key, k.description) for k in keyboard_shortcuts()]
                response.say(it.keyboard_help(keys))
            return response
        if self.phase is Phase.RESUME_OFFER:
            return self._resume_offer(name)
        if self.phase is Phase.CONFIRM:
            return self._confirm(name)
        if name == "quit":
            return self._ask_confirm("quit")
        if name == "new_game":
            if self.phase in (Phase.MENU, Phase.MATCH_OVER):
                return self._new_game()
            return self._ask_confirm("new_game")
        if name in ("yes", "no") and self.phase is not Phase.CHOOSE_SIDE:
            return Response().say(it.not_understood(self.hint_text()), "invalid")
        if self.phase is Phase.MENU:
            return self._menu(intent)
        if self.phase is Phase.CHOOSE_SIDE:
            return self._choose_side(intent)
        if name in QUERY_INTENTS:
            return self._query(intent)
        if self.phase is Phase.PLAYING:
            return self._playing(intent)
        if self.phase is Phase.ROUND_OVER and name == "continue":
            return self._next_round()
        if name == "start" and self.phase is Phase.MATCH_OVER:
            return self._start_match()
        if name in ("play", "draw", "pass", "draw_or_pass"):
            reason = Reason.ROUND_OVER if self.phase is Phase.ROUND_OVER else Reason.MATCH_OVER
            return Response().say(self._refusal_text(reason), "invalid")
        return Response(understood=False).say(it.not_understood(self.hint_text()), "invalid")

    # --- voice preferences and message history ------------------------------------

    def _voice(self, name: str) -> Response:
        if name == "stop_speech":
            return Response(stop_speech=True)
        if name == "repeat":
            if not self._last:
                return Response().say(it.nothing_to_repeat())
            return Response(messages=[replace(m, pause=0.0) for m in self._last])
        if name in ("previous", "next_message"):
            return self._browse(-1 if name == "previous" else 1)
        if name in ("brief", "detailed"):
            self.narrator.verbosity = Verbosity.BRIEF if name == "brief" else Verbosity.DETAILED
        text = {
            "slower": it.slower(),
            "faster": it.faster(),
            "louder": it.louder(),
            "quieter": it.quieter(),
            "brief": it.brief(),
            "detailed": it.detailed(),
        }[name]
        return Response(preference=name).say(text)

    def _browse(self, step: int) -> Response:
        if not self._log:
            return Response().say(it.nothing_to_repeat())
        target = self._cursor + step
        if target < 0:
            return Response().say(it.history_start())
        if target >= len(self._log):
            return Response().say(it.history_end())
        self._cursor = target
        return Response().say(self._log[target])

    def _remember(self, response: Response) -> Response:
        if response.messages:
            self._last = list(response.messages)
            self._log.extend(m.text for m in response.messages)
            self._cursor = len(self._log) - 1
        return response

    def _help(self) -> Response:
        if self.phase in (Phase.MENU,):
            return Response().say(it.menu_help())
        if self.phase is Phase.CHOOSE_SIDE:
            return Response().say(it.help_side())
        if self.phase is Phase.ROUND_OVER:
            return Response().say(it.help_round_over())
        if self.phase is Phase.MATCH_OVER:
            return Response().say(it.help_match_over())
        if self.phase in (Phase.CONFIRM, Phase.RESUME_OFFER):
            return Response().say(it.help_confirm())
        assert self.match is not None
        return Response().say(it.help_playing(False, self.match.rules.boneyard_drawable))

    # --- confirmation and resume ------------------------------------------------------

    def _ask_confirm(self, what: str) -> Response:
        in_game = self.phase not in (Phase.MENU, Phase.MATCH_OVER)
        self._confirming = what
        self._return_phase = self.phase
        self.phase = Phase.CONFIRM
        text = it.confirm_quit(in_game) if what == "quit" else it.confirm_new_game()
        return Response().say(text)

    def _confirm(self, name: str) -> Response:
        if name not in ("yes", "no"):
            return Response().say(it.confirm_yes_no())
        what, self._confirming = self._confirming, None
        self.phase = self._return_phase
        if name == "no":
            return Response().say(it.cancelled())
        if what == "quit":
            return Response(quit=True).say(it.goodbye())
        return self._new_game()

    def _resume_offer(self, name: str) -> Response:
        if name not in ("yes", "no"):
            return Response().say(it.confirm_yes_no())
        saved, self._saved = self._saved, None
        if name == "no" or saved is None:
            self.phase = Phase.MENU
            response = Response(discard_save=True).say(it.resume_declined())
            return self._menu_summary(response)
        try:
            self.match = engine_save.from_document(saved)
        except SaveError as error:  # a damaged save: set it aside and start from the menu
            log.warning("cannot resume the saved match: %s", error)
            self.phase = Phase.MENU
            response = Response(discard_save=True).say(it.notice(error.key))
            return self._menu_summary(response)
        table = saved.get("table")
        level = table.get("level") if isinstance(table, dict) else None
        rules = self.match.rules
        self.table = Table(
            rules.name, rules.seats, rules.pairs,
            level if level in LEVELS else self.table.level,
            self.match.settings.target, self.match.settings.wildcard,
        )  # fmt: skip
        self._make_players()
        response = Response().say(it.resumed())
        view = self.match.view(HUMAN)
        response.say(answers.scores(view))
        if self.match.is_over:  # only a hand-edited save stops here: there is no next round
            self.phase = Phase.MATCH_OVER
            return response.say(it.match_over_prompt())
        if self.match.round.is_over:
            self.phase = Phase.ROUND_OVER
            return response.say(it.next_round_prompt())
        self.phase = Phase.PLAYING
        if view.line:
            response.say(answers.ends(view))
        response.say(answers.hand(view))
        return self._continue_play(response)

    # --- menu --------------------------------------------------------------------------

    def _menu_summary(self, response: Response) -> Response:
        rules = VARIANTS[self.table.variant](self.table.settings())
        response.say(
            it.table_summary(rules.name, rules.seats, rules.pairs, self.table.level, rules.target)
        )
        return response.say(it.menu_prompt())

    def _menu(self, intent: Intent) -> Response:
        name, slots = intent.name, intent.slots
        table = self.table
        if name in ("start", "continue"):
            return self._start_match()
        if name == "settings":
            return self._menu_summary(Response())
        if name == "set_variant":
            variant = str(slots["variant"])
            cls = VARIANTS[variant]
            seats = table.seats if table.seats in cls.allowed_seats else cls.allowed_seats[0]
            self.table = replace(table, variant=variant, seats=seats, pairs=False)
            return Response().say(it.variant_set(variant))
        if name == "set_players":
            seats = int(str(slots["count"]))
            allowed = VARIANTS[table.variant].allowed_seats
            if seats not in allowed:
                text = it.seats_not_allowed(table.variant, allowed)
                return Response().say(text, "invalid")
            self.table = replace(table, seats=seats, pairs=False)
            return Response().say(it.seats_set(seats))
        if name == "set_pairs":
            self.table = replace(table, variant="coppie", seats=4, pairs=True)
            return Response().say(it.pairs_set())
        if name == "set_level":
            self.table = replace(table, level=str(slots["level"]))
            return Response().say(it.level_set(self.table.level))
        if name == "set_target":
            self.table = replace(table, target=int(str(slots["target"])))
            return Response().say(it.target_set(self.table.target or 0))
        if name == "set_wildcard":
            on = bool(slots["on"])
            self.table = replace(table, wildcard=on)
            return Response().say(it.wildcard_set(on))
        if name == "draw":  # "pesca" alone, before a game, names the variant
            self.table = replace(table, variant="pesca", pairs=False)
            return Response().say(it.variant_set("pesca"))
        if name in QUERY_INTENTS or name in ("play", "pass", "draw_or_pass"):
            return Response().say(it.not_in_game(), "invalid")
        return Response(understood=False).say(it.not_understood(it.hint_menu()), "invalid")

    def _start_match(self) -> Response:
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**32)
        if self.seed is not None:
            self.seed += 1  # the next match of this session deals differently
        self.match = Match(self.table.settings(), seed)
        self._make_players()
        self.phase = Phase.PLAYING
        response = Response(state_changed=True)
        rules = self.match.rules
        response.say(
            it.table_summary(rules.name, rules.seats, rules.pairs, self.table.level, rules.target)
        )
        response.messages.extend(self.narrator.tell(self.match, self.match.opening_events()))
        return self._continue_play(response)

    def _new_game(self) -> Response:
        self.match = None
        self.phase = Phase.MENU
        return self._menu_summary(Response(state_changed=True))

    def _make_players(self) -> None:
        assert self.match is not None
        self.players = {
            seat: self.player_factory(self.table.level) for seat in range(1, self.match.rules.seats)
        }

    # --- playing -----------------------------------------------------------------------

    def _playing(self, intent: Intent) -> Response:
        name, slots = intent.name, intent.slots
        assert self.match is not None
        if name == "play":
            tile = intent.tile()
            assert tile is not None
            a, b = tile
            side = SIDES.get(str(slots.get("side")))
            return self._try_play(a, b, side)
        if name == "draw":
            return self._act(Draw(), "draw")
        if name == "pass":
            return self._act(Pass(), "pass")
        if name == "draw_or_pass":
            legal = self.match.legal_actions()
            if Draw() in legal:
                return self._act(Draw(), "draw")
            return self._act(Pass(), "pass")
        if name == "continue":
            return Response().say(it.turn_of(self.match.to_move))
        if name == "start":
            return Response().say(it.turn_of(self.match.to_move))
        return Response(understood=False).say(it.not_understood(it.hint_playing()), "invalid")

    def _choose_side(self, intent: Intent) -> Response:
        assert self._pending_tile is not None
        name = intent.name
        if name == "side":
            a, b = self._pending_tile
            self._pending_tile = None
            self.phase = Phase.PLAYING
            return self._try_play(a, b, SIDES[str(intent.slots["side"])])
        if name in ("no", "continue") or name == "yes":
            self._pending_tile = None
            self.phase = Phase.PLAYING
            return Response().say(it.side_choice_cancelled())
        if name in ("play", "draw", "pass", "draw_or_pass"):
            self._pending_tile = None
            self.phase = Phase.PLAYING
            return self._playing(intent)
        if name in QUERY_INTENTS:
            return self._query(intent).say(it.ask_side())
        return Response(understood=False).say(it.not_understood(it.hint_side()), "invalid")

    def _try_play(self, a: int, b: int, side: Side | None) -> Response:
        assert self.match is not None
        tile = Tile.of(a, b)
        play = Play(tile, side, self._spoken_outer(tile, b, side))
        try:
            return self._act(play, "play")
        except _SideNeeded:
            self._pending_tile = (a, b)
            self.phase = Phase.CHOOSE_SIDE
            return Response().say(it.ask_side())

    def _spoken_outer(self, tile: Tile, said_last: int, side: Side | None) -> int | None:
        """With blanks wild, a tile may join either way: the number said last stays outside."""
        assert self.match is not None
        rules, state = self.match.rules, self.match.round
        if not rules.wildcard or state.head is None or state.tail is None:
            return None
        sides = (
            [side]
            if side
            else [s for s in Side if rules.outers(tile, _end(state.head, state.tail, s))]
        )
        if len(sides) != 1:
            return None
        options = rules.outers(tile, _end(state.head, state.tail, sides[0]))
        return said_last if len(options) > 1 and said_last in options else None

    def _act(self, action: Action, acting: str) -> Response:
        assert self.match is not None
        try:
            events = self.match.apply(action, HUMAN)
        except IllegalAction as error:
            if error.reason is Reason.SIDE_NEEDED:
                raise _SideNeeded from None
            refusal = error.refusal
            side = action.side if isinstance(action, Play) else None
            text = it.refusal(
                refusal.reason,
                acting=acting,
                tile_=refusal.tile,
                head=refusal.head,
                tail=refusal.tail,
                playable_=refusal.playable,
                side=side,
                expected_seat=refusal.expected_seat,
            )
            return Response().say(text, "invalid")
        response = Response(state_changed=True)
        response.messages.extend(self.narrator.tell(self.match, events))
        if (
            isinstance(action, Draw)
            and self.match.to_move == HUMAN
            and not self.match.round.is_over
        ):
            response.messages.extend(self.narrator.situation(self.match))
        return self._continue_play(response)

    def _continue_play(self, response: Response) -> Response:
        """Let the computers move until it is the human's turn or the round is over."""
        assert self.match is not None
        match = self.match
        for _ in range(MAX_COMPUTER_ACTIONS):
            if match.round.is_over or match.to_move == HUMAN:
                break
            seat = match.to_move
            view = match.view(seat)
            action = self.players[seat].choose(view, self._decision_rng(seat))
            events = match.apply(action, seat)
            response.messages.extend(self.narrator.tell(match, events))
            response.state_changed = True
        if match.round.is_over:
            self.phase = Phase.MATCH_OVER if match.is_over else Phase.ROUND_OVER
        return response

    def _decision_rng(self, seat: int) -> random.Random:
        """A generator fixed by the state, so a resumed match plays on exactly as it would have."""
        assert self.match is not None
        state = self.match.round
        return random.Random(f"{self.match.seed}:{state.round_number}:{len(state.history)}:{seat}")

    def _next_round(self) -> Response:
        assert self.match is not None
        self.phase = Phase.PLAYING
        response = Response(state_changed=True)
        response.messages.extend(self.narrator.tell(self.match, self.match.next_round()))
        return self._continue_play(response)

    # --- questions ---------------------------------------------------------------------

    def _query(self, intent: Intent) -> Response:
        assert self.match is not None
        view = self.match.view(HUMAN)
        name = intent.name
        detailed = self.verbosity is Verbosity.DETAILED
        if name == "side":
            text = answers.end(view, SIDES[str(intent.slots["side"])])
        elif name == "ends":
            text = answers.ends(view)
        elif name == "line":
            text = answers.line(view, detailed)
        elif name == "hand":
            text = answers.hand(view)
        elif name == "playable":
            text = answers.playable(view) if view.is_my_turn else answers.turn(view)
        elif name == "number":
            text = answers.playable_with(view, int(str(intent.slots["number"])))
        elif name == "hint":
            text = (
                answers.hint(view, self._decision_rng(HUMAN))
                if view.is_my_turn
                else answers.turn(view)
            )
        elif name == "boneyard":
            text = answers.boneyard(view)
        elif name == "opponents":
            text = answers.opponents(view)
        elif name == "score":
            text = answers.scores(view)
        elif name == "turn":
            text = answers.turn(view)
        else:
            text = answers.last_move(view)
        return Response().say(text)

    def _refusal_text(self, reason: Reason) -> str:
        return it.refusal(reason, acting="play", tile_=None, head=None, tail=None, playable_=None)


class _SideNeeded(Exception):
    """The tile fits both ends, which differ: the player must say which."""


def _end(head: int, tail: int, side: Side) -> int:
    return head if side is Side.HEAD else tail
