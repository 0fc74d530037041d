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

from voicedomino.engine import Tile
from voicedomino.engine.legality import playable_moves
from voicedomino.frontend.app import Game
from voicedomino.italian import messages as it
from voicedomino.italian.numbers import MAX_PIPS

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
    """Turns key names into commands for the game; runs on the game thread."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.cursor = 0
        self.line: str | None = None  # text typed after "/"
        self.digits = ""

    def press(self, name: str) -> None:
        if self.line is not None:
            self._typing(name)
            return
        if name == "escape":
            self.game.output.stop_speech()
        elif name in ("up", "down"):
            self._browse(1 if name == "down" else -1, playable_only=False)
        elif name in ("z", "Z"):
            self._browse(1 if name == "z" else -1, playable_only=True)
        elif name == "enter":
            self._play_selected()
        elif name in ("left", "right"):
            self.game.handle("testa" if name == "left" else "coda")
        elif name == "/":
            self.line = ""
            self.game.say(it.key_line_prompt())
        elif len(name) == 1 and name in DIGITS:
            self._digit(name)
        elif len(name) == 1:
            if self.digits and name in "tc":
                self.game.handle(self.digits + name)
                self.digits = ""
            else:
                self.digits = ""
                self.game.handle(name)
        elif name:  # a function key, Tab, Backspace...: never silence for a key press
            self.digits = ""
            self.game.say(it.key_unknown())

    def _digit(self, digit: str) -> None:
        self.digits += digit
        if len(self.digits) == 2:
            a, b = int(self.digits[0]), int(self.digits[1])
            if max(a, b) > MAX_PIPS:  # not a tile ("78"): the manager says it did not understand
                typed, self.digits = self.digits, ""
                self.game.handle(typed)
            else:
                self.game.say(it.key_tile_typed(a, b))
        elif len(self.digits) > 2:
            self.digits = digit

    def _typing(self, name: str) -> None:
        assert self.line is not None
        if name == "enter":
            text, self.line = self.line, None
            self.game.handle(text)
        elif name == "escape":
            self.line = None
            self.game.say(it.cancelled())
        elif name == "backspace":
            self.line = self.line[:-1]
        elif len(name) == 1:
            self.line += name

    def _hand(self) -> tuple[list[Tile], set[Tile]]:
        match = self.game.manager.match
        if match is None:
            return [], set()
        hand = sorted(match.round.hands[0], key=lambda t: (t.high, t.low), reverse=True)
        if match.round.is_over or match.to_move != 0:
            return hand, set()
        playable = {p.tile for p in playable_moves(match.rules, match.round.turn(0))}
        return hand, playable

    def _browse(self, step: int, *, playable_only: bool) -> None:
        if self.digits and len(self.digits) == 2:
            self.digits = ""
        hand, playable = self._hand()
        candidates = [i for i, t in enumerate(hand) if t in playable or not playable_only]
        if not candidates:
            self.game.say(it.key_nothing_to_select(bool(hand)))
            return
        ordered = candidates if step > 0 else candidates[::-1]
        current = self.cursor if self.cursor < len(hand) else -1
        following = [i for i in ordered if (i - current) * step > 0]
        self.cursor = (following or ordered)[0]
        tile = hand[self.cursor]
        self.game.say(it.key_selected(tile, tile in playable, self.cursor + 1, len(hand)))

    def _play_selected(self) -> None:
        if len(self.digits) == 2:
            text, self.digits = self.digits, ""
            self.game.handle(text)
            return
        hand, _ = self._hand()
        if not hand or self.cursor >= len(hand):
            self.game.say(it.key_nothing_to_select(bool(hand)))
            return
        tile = hand[self.cursor]
        self.game.handle(f"{tile.high}{tile.low}")  # the typed form: no wording here
