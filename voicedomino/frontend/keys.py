"""Key mode, when standard input is a terminal: single keys without Enter.

Up/Down browse the hand, z / Z jump to the next / previous playable tile, Enter plays the
selected tile, Left/Right say (or choose) the head/tail, Escape stops the speech, "/" opens a
line for a full command, and the letters are the line mode's shortcuts.

The reader thread only turns bytes into key names; the Game thread turns key names into
utterances or spoken answers, so the dialog manager is only ever touched by one thread.
"""

from __future__ import annotations

import os
import select
import termios
import threading
import tty
from collections.abc import Callable
from typing import Any

from voicedomino.dialog.intents import (
    Continue,
    Help,
    Intent,
    PlayNumber,
    PlayTile,
    SetLevel,
    SetPairs,
    SetPlayers,
    SetTarget,
    SetVariant,
    SetWildcard,
    ShowSettings,
    SideWord,
    Start,
)
from voicedomino.dialog.manager import Phase
from voicedomino.dialog.parser import answer_key, key_intents
from voicedomino.engine import Side, Tile
from voicedomino.engine.legality import playable_moves
from voicedomino.frontend.app import Game
from voicedomino.italian import messages as it
from voicedomino.italian.numbers import MAX_PIPS
from voicedomino.italian.phrases import (
    KEY_MODE_HELP,
    MENU_KEY_HELP,
    MENU_VARIANT_KEYS,
    SCORE_TARGETS,
    TILE_SIDE_KEYS,
)
from voicedomino.players import LEVELS

DIGITS = "0123456789"  # typed tiles: ASCII digits only, never "²" or "٣"
ESCAPE_WAIT = 0.05  # seconds to tell a lone Escape from the start of an arrow sequence
SEQUENCES = {
    "\x1b[A": "up",
    "\x1b[B": "down",
    "\x1b[C": "right",
    "\x1b[D": "left",
    "\x1bOA": "up",
    "\x1bOB": "down",
    "\x1bOC": "right",
    "\x1bOD": "left",
}


def key_name(sequence: str) -> str:
    """The name of one key press read from the terminal."""
    if sequence in SEQUENCES:
        return SEQUENCES[sequence]
    if sequence == "\x1b":
        return "escape"
    if sequence in ("\r", "\n"):
        return "enter"
    if sequence in ("\x7f", "\x08"):
        return "backspace"
    if sequence == "\x04":
        return "eof"
    if sequence == "\x03":
        return "interrupt"
    return sequence if len(sequence) == 1 and sequence.isprintable() else "unknown"


class KeyReader:
    """Reads single keys from a terminal file descriptor in cbreak mode on a daemon thread."""

    def __init__(self, fd: int, on_key: Callable[[str], None]) -> None:
        self.fd = fd
        self.on_key = on_key
        self._saved: list[Any] | None = None
        self._thread = threading.Thread(target=self._run, name="keys", daemon=True)

    def start(self) -> None:
        self._saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        self._thread.start()

    def restore(self) -> None:
        if self._saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
            self._saved = None

    def _read(self) -> str:
        data = os.read(self.fd, 1)
        if not data:
            return "\x04"
        text = data.decode("utf-8", errors="replace")
        if text == "\x1b":
            while select.select([self.fd], [], [], ESCAPE_WAIT)[0]:
                more = os.read(self.fd, 1).decode("utf-8", errors="replace")
                text += more
                if more.isalpha() or more == "~":
                    break
        return text

    def _run(self) -> None:
        try:
            while True:
                name = key_name(self._read())
                self.on_key(name)
                if name in ("eof", "interrupt"):
                    return
        except OSError:
            self.on_key("eof")


class KeyNavigator:
    """Turns key names into intents for the game; runs on the game thread.

    The selection follows a tile, not a position: when the hand changes under it, Enter never
    plays a tile the player did not hear. Each turn the selection starts again from the first
    playable tile, and Enter on a selection not announced this turn announces it instead.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.selected: Tile | None = None
        self._announced_at: tuple[int, int] | None = None  # the turn the selection was said in
        self.line: str | None = None  # text typed after "/"
        self.digits = ""

    def press(self, name: str) -> None:
        if self.line is not None:
            self._typing(name)
            return
        if (phase_intent := self._phase_key(name)) is not None:
            self.digits = ""
            self.game.handle_intent(phase_intent)
        elif name == "?":
            self.digits = ""
            self.game.handle_intent(Help(with_keys=True))
            self.game.say(it.key_mode_help(self._phase_help()))
        elif name == "escape":
            self.game.output.stop_speech()
        elif name in ("up", "down"):
            self._browse(1 if name == "down" else -1, playable_only=False)
        elif name in ("z", "Z"):
            self._browse(1 if name == "z" else -1, playable_only=True)
        elif name == "enter":
            self._play_selected()
        elif name in ("left", "right"):
            self.game.handle_intent(SideWord(Side.HEAD if name == "left" else Side.TAIL))
        elif name == "/":
            self.line = ""
            self.game.say(it.key_line_prompt())
        elif len(name) == 1 and name in DIGITS:
            self._digit(name)
        elif len(name) == 1:
            if self.digits and name in TILE_SIDE_KEYS:
                digits, self.digits = self.digits, ""
                side = TILE_SIDE_KEYS[name]
                if len(digits) == 2:  # "35t": the tile at the head
                    self.game.handle_intent(PlayTile(int(digits[0]), int(digits[1]), side))
                elif int(digits) <= MAX_PIPS:  # "3t": the one three that fits at the head
                    self.game.handle_intent(PlayNumber(int(digits), side))
                else:  # "8t": no such number on a tile
                    self.game.handle_intent(None)
            else:
                self.digits = ""
                self.game.handle_intent(key_intents().get(name))
        elif name:  # a function key, Tab, Backspace...: never silence for a key press
            self.digits = ""
            self.game.say(it.key_unknown())

    def _phase_key(self, name: str) -> Intent | None:
        """What a key means in this phase only: menu choices, answers, continuing."""
        manager = self.game.manager
        phase = manager.phase
        if phase is Phase.MENU:
            return self._menu_key(name)
        if manager.wants_answer:
            return answer_key(name) if len(name) == 1 else None
        if phase is Phase.CHOOSE_SIDE and name in TILE_SIDE_KEYS:
            return SideWord(TILE_SIDE_KEYS[name])
        if phase is Phase.ROUND_OVER and name == "enter":
            return Continue()
        if phase is Phase.MATCH_OVER and name in ("enter", "n"):
            return Start()
        return None

    def _menu_key(self, name: str) -> Intent | None:
        table = self.game.manager.table
        if name in ("enter", "i"):
            return Start()
        if name in MENU_VARIANT_KEYS:
            return SetVariant(MENU_VARIANT_KEYS[name])
        if name in ("2", "3", "4"):
            return SetPlayers(int(name))
        if name == "a":
            return SetPairs()
        if name == "l":
            return SetLevel(LEVELS[(LEVELS.index(table.level) + 1) % len(LEVELS)])
        if name == "o":
            target = table.rules().target
            later = [t for t in SCORE_TARGETS if t > target]
            return SetTarget(later[0] if later else SCORE_TARGETS[0])
        if name == "w":
            return SetWildcard(not table.rules().wildcard)
        if name == "s":
            return ShowSettings()
        return None

    def _phase_help(self) -> list[tuple[str, str]]:
        manager = self.game.manager
        phase = manager.phase
        if phase is Phase.MENU:
            return list(MENU_KEY_HELP)
        if manager.wants_answer:
            return [("s", "sì"), ("n", "no")]
        keys = list(KEY_MODE_HELP)
        if phase is Phase.CHOOSE_SIDE:
            keys.insert(0, ("t o c", "testa o coda"))
        elif phase is Phase.ROUND_OVER:
            keys.insert(0, ("Invio", "la prossima mano"))
        elif phase is Phase.MATCH_OVER:
            keys.insert(0, ("Invio o n", "una nuova partita"))
        return keys

    def _digit(self, digit: str) -> None:
        self.digits += digit
        if len(self.digits) == 2:
            a, b = int(self.digits[0]), int(self.digits[1])
            if max(a, b) > MAX_PIPS:  # not a tile ("78"): the manager says it did not understand
                self.digits = ""
                self.game.handle_intent(None)
            else:
                self.game.say(it.key_tile_typed(a, b))
        elif len(self.digits) > 2:
            self.digits = digit

    def _typing(self, name: str) -> None:
        assert self.line is not None
        if name == "enter":
            text, self.line = self.line, None
            self.game.echo("\n")
            self.game.handle(text)
        elif name == "escape":
            self.line = None
            self.game.say(it.cancelled())
        elif name == "backspace":
            if self.line:
                self.line = self.line[:-1]
                self.game.echo("\b \b")
        elif len(name) == 1:
            self.line += name
            self.game.echo(name)  # the terminal does not echo in key mode: the screen reader
            # reads what is typed only if it appears

    def _turn(self) -> tuple[int, int] | None:
        view = self.game.manager.view()
        if view is None:
            return None
        return (view.round_number, len(view.history))

    def _hand(self) -> tuple[list[Tile], set[Tile]]:
        view = self.game.manager.view()
        if view is None:
            return [], set()
        hand = sorted(view.hand, key=lambda t: (t.high, t.low), reverse=True)
        if not view.is_my_turn:
            return hand, set()
        playable = {p.tile for p in playable_moves(view.rules, view.turn())}
        return hand, playable

    def _announce(self, tile: Tile, hand: list[Tile], playable: set[Tile]) -> None:
        self.selected = tile
        self._announced_at = self._turn()
        position = hand.index(tile) + 1
        self.game.say(it.key_selected(tile, tile in playable, position, len(hand)))

    def _browse(self, step: int, *, playable_only: bool) -> None:
        if len(self.digits) == 2:
            self.digits = ""
        hand, playable = self._hand()
        candidates = [t for t in hand if t in playable or not playable_only]
        if not candidates:
            self.game.say(it.key_nothing_to_select(bool(hand)))
            return
        fresh = self.selected not in hand or self._announced_at != self._turn()
        if fresh:  # a new turn or a changed hand: start from the first (or last) tile
            self._announce(candidates[0] if step > 0 else candidates[-1], hand, playable)
            return
        assert self.selected is not None
        current = hand.index(self.selected)
        ordered = candidates if step > 0 else candidates[::-1]
        following = [t for t in ordered if (hand.index(t) - current) * step > 0]
        self._announce((following or ordered)[0], hand, playable)

    def _play_selected(self) -> None:
        if len(self.digits) == 2:
            a, b = int(self.digits[0]), int(self.digits[1])
            self.digits = ""
            self.game.handle_intent(PlayTile(a, b))
            return
        hand, playable = self._hand()
        selected = self.selected
        if selected is None or selected not in hand or self._announced_at != self._turn():
            # Never play a tile the player has not heard this turn: say the first playable one.
            candidates = [t for t in hand if t in playable] or hand
            if not candidates:
                self.game.say(it.key_nothing_to_select(False))
                return
            self._announce(candidates[0], hand, playable)
            return
        self.game.handle_intent(PlayTile(selected.high, selected.low))
