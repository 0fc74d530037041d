"""Key mode, when standard input is a terminal: single keys without Enter.

Up/Down browse the hand, z / Z jump to the next / previous playable tile, Enter plays the
selected tile, Left/Right say what is at the head/tail, Escape stops the speech, "/" opens a
line for a full command, and the letters are the line mode's shortcuts.

No key plays what the player has not heard: a digit is said back at once ("sei…") and waits
for a second digit (a tile, said back with where it would go, or why it cannot be played),
Enter, or a short pause (dropped, with a sound); any other key after it keeps its own meaning.
Left/Right only ever tell; at "In testa o in coda?" t and c choose.

The reader thread only turns bytes into key names; the Game thread turns key names into
utterances or spoken answers, so the dialog manager is only ever touched by one thread.
"""

from __future__ import annotations

import contextlib
import os
import select
import termios
import threading
import time
import tty
from collections.abc import Callable
from typing import Any

from voicedomino.audio.cue_names import Cue
from voicedomino.dialog import answers
from voicedomino.dialog.intents import (
    AdjustVoice,
    Continue,
    Intent,
    PlayNumber,
    PlayTile,
    Quit,
    Remind,
    SetLevel,
    SetOpening,
    SetPairs,
    SetPlayers,
    SetSpinner,
    SetTarget,
    SetTileSet,
    SetVariant,
    SetWildcard,
    ShowSettings,
    SideWord,
    Start,
    StopSpeech,
)
from voicedomino.dialog.manager import Phase
from voicedomino.dialog.network import (
    AddComputer,
    NetRequest,
    QuickMessage,
    RemoveComputer,
    WhoIsThere,
)
from voicedomino.dialog.parser import answer_key, key_intents
from voicedomino.dialog.response import Response
from voicedomino.engine import IllegalAction, Opening, Play, Reason, Side, Tile
from voicedomino.engine.legality import playable_moves, resolve
from voicedomino.frontend.app import Game
from voicedomino.frontend.console import (
    FOREGROUND_LOOK,
    MAX_LINE,
    Nudge,
    bytes_waiting,
    in_foreground,
    stopped_as_a_read_would,
    without_flow_control,
)
from voicedomino.frontend.signals import hear_continuations_here
from voicedomino.italian import messages as it
from voicedomino.italian import network as it_net
from voicedomino.italian.numbers import MAX_PIPS
from voicedomino.italian.phrases import (
    KEY_MODE_HELP,
    KEYBOARD_SHORTCUTS,
    MENU_KEY_HELP,
    MENU_VARIANT_KEYS,
    SCORE_TARGETS,
    TILE_SIDE_KEYS,
)
from voicedomino.players import LEVELS

DIGITS = "0123456789"  # typed tiles: ASCII digits only, never "²" or "٣"
DIGIT_WAIT_S = 3.0  # a lone digit waits this long for the second one, then is dropped
ESCAPE_WAIT = 0.05  # seconds to tell a lone Escape from the start of an arrow sequence...
# ...on a local terminal. A slow link (ssh) may split a key's bytes further apart: the next
# byte of a sequence may lag this much, and what lagged is a key only when it is a known one.
SLOW_SEQUENCE_WAIT = 0.4
# Pasted text comes between these when the terminal is asked for it ("bracketed paste"): it
# is a command to read and confirm with Enter, never a burst of single keys ("quattro sei"
# would be q, the quit question, then s, yes).
PASTE_ON, PASTE_OFF = "\x1b[?2004h", "\x1b[?2004l"
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
PASTE_WAIT = 1.0  # seconds without a byte inside a paste: its end was lost
# A terminal that cannot mark a paste (the Linux console) gives it all at once: this many
# visible characters already waiting together are a paste, as no fingers type between two reads.
PASTE_BURST = 3
BURST_GAP = 0.01  # a paste's next part follows within this; a key after it (Enter) is later
PASTED = "incollato:"  # the key name of a paste is this and its text (no key has a colon)
AT_ONCE = "insieme:"  # characters that came together unmarked: a paste, or keys read late
SEQUENCES = {
    "\x1b[A": "up",
    "\x1b[B": "down",
    "\x1b[C": "right",
    "\x1b[D": "left",
    "\x1bOA": "up",
    "\x1bOB": "down",
    "\x1bOC": "right",
    "\x1bOD": "left",
    "\x1bOP": "f1",  # xterm
    "\x1b[11~": "f1",  # rxvt
    "\x1b[[A": "f1",  # the Linux console
    # F2 to F5: the quick messages at a network table (xterm, rxvt, the Linux console).
    "\x1bOQ": "f2",
    "\x1bOR": "f3",
    "\x1bOS": "f4",
    "\x1b[12~": "f2",
    "\x1b[13~": "f3",
    "\x1b[14~": "f4",
    "\x1b[15~": "f5",
    "\x1b[[B": "f2",
    "\x1b[[C": "f3",
    "\x1b[[D": "f4",
    "\x1b[[E": "f5",
}
HELP_KEYS = ("?", "f1")
VOICE_INTENTS = (StopSpeech, Remind, AdjustVoice)  # about the speech, not the game
PLAYING_PHASES = (Phase.PLAYING, Phase.CHOOSE_SIDE)


def key_name(sequence: str) -> str:
    """The name of one key press read from the terminal."""
    if sequence.startswith((PASTED, AT_ONCE)):
        return sequence
    if sequence in SEQUENCES:
        return SEQUENCES[sequence]
    if sequence == "\x1b":
        return "escape"
    if sequence in ("\r", "\n"):
        return "enter"
    if sequence in ("\x7f", "\x08"):
        return "backspace"
    if sequence == "\x04":
        return "ctrl-d"  # a key like the others: the terminal is still there
    if sequence == "":
        return "eof"  # the terminal is gone (closed, hung up): nothing more will come
    if sequence == "\x03":
        return "interrupt"
    return sequence if len(sequence) == 1 and sequence.isprintable() else "unknown"


def _utf8_length(first: int) -> int:
    """How many bytes the UTF-8 character starting with byte *first* has (1 when not a lead)."""
    return 4 if first >= 0xF0 else 3 if first >= 0xE0 else 2 if first >= 0xC0 else 1


def _decoded(data: bytes) -> str:
    """Typed bytes as text: UTF-8, or a Latin-1 terminal's own letters ("ì" is one byte)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data":  # a long paste cut in a letter
            return data[: error.start].decode("utf-8", errors="replace")
        return data.decode("latin-1")


class KeyReader:
    """Reads single keys from a terminal file descriptor in cbreak mode on a daemon thread.

    The terminal's own modes are kept: given back while the game is suspended (Ctrl-Z) and at
    the end, taken again when the game continues in the foreground.
    """

    def __init__(self, fd: int, on_key: Callable[[str], None]) -> None:
        self.fd = fd
        self.on_key = on_key
        self._saved: list[Any] | None = None
        self._pushed = b""  # a byte read ahead that belongs to the next key
        # Readable when the game was continued (SIGCONT), and what relays it: see
        # watch_continuations.
        self._continued_fd: int | None = None
        self._take_continuation: Callable[[], int] = lambda: 0
        self._continuations = 0
        self._nudge = Nudge()  # continued in the background: see continued_in_background
        # Whether more was already typed when the last key was read: that next key was typed
        # with it ("q" and "s" in one go), before anything the game says in answer to this one.
        self.typed_with_next = False
        self._thread = threading.Thread(target=self._run, name="keys", daemon=True)

    def start(self) -> None:
        self._saved = termios.tcgetattr(self.fd)
        self._single_keys()
        self._bracketed_paste(True)
        self._thread.start()

    def _single_keys(self) -> None:
        """cbreak (each key at once, no echo), and no flow control: Ctrl-S is a key."""
        tty.setcbreak(self.fd)
        without_flow_control(self.fd)

    def _bracketed_paste(self, on: bool) -> None:
        """Ask the terminal to mark pasted text (terminals that cannot, ignore it)."""
        if os.environ.get("TERM", "") in ("", "dumb"):
            return
        with contextlib.suppress(OSError):  # a terminal gone, or not writable here
            os.write(self.fd, (PASTE_ON if on else PASTE_OFF).encode("ascii"))

    # --- the terminal's modes (called from signal handlers too: no locks here) ------------------

    def in_foreground(self) -> bool:
        return in_foreground(self.fd)

    def leave_key_mode(self) -> None:
        """The terminal as it was before the game (echo, lines), for the shell: on Ctrl-Z."""
        if self._saved is not None:
            self._bracketed_paste(False)
            with contextlib.suppress(OSError, termios.error):  # a terminal gone: nothing to do
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)

    def enter_key_mode(self) -> bool:
        """Single keys again, and what was typed meanwhile thrown away: it was typed for the
        shell, for a terminal in line mode, or while the game was stopped, never heard by the
        game. Whether something was waiting (keys typed while stopped: the game says so)."""
        if self._saved is None:
            return False
        waiting = bytes_waiting(self.fd) > 0
        with contextlib.suppress(OSError, termios.error):
            self._single_keys()
            termios.tcflush(self.fd, termios.TCIFLUSH)
        self._bracketed_paste(True)
        return waiting

    def restore(self) -> None:
        self.leave_key_mode()
        self._saved = None

    def watch_continuations(self, fd: int, take: Callable[[], int]) -> None:
        """*fd* turns readable when a signal came; *take* reads it, relays a continuation and
        answers how many there were so far (signals.SignalRelay.continuations). This reader
        takes SIGCONT itself, so its handler has run, and *fd* is readable, before a key typed
        while the game was stopped can be read: stopped by SIGSTOP, the terminal stayed in key
        mode and those keys waited for the game. They are dropped, never played unheard."""
        self._take_continuation = take
        self._continued_fd = fd

    def continued_in_background(self) -> None:
        """The reader waiting for a key stops the game at once (see console.Nudge)."""
        self._nudge.give()

    # --- reading ------------------------------------------------------------------------------

    def _byte(self) -> bytes:
        if self._pushed:
            data, self._pushed = self._pushed[:1], self._pushed[1:]
            return data
        while True:
            self._wait_for_keys()
            try:
                return os.read(self.fd, 1)
            except BlockingIOError:  # the terminal made non-blocking under us: nothing typed yet
                continue

    def _wait_for_keys(self) -> None:
        """Until a key waits; a continuation seen first has dropped what was typed while the
        game was stopped. In the background (bg) the game stops as reading the terminal would
        (SIGTTIN) until fg continues it, and the relay's thread says so then."""
        continued = self._continued_fd
        while continued is not None:
            if not self.in_foreground():
                if stopped_as_a_read_would(self._take_continuation):
                    continue
                return  # it did not stop (no shell to continue it): the read says why
            watched = [continued, self._nudge.fd, self.fd]
            ready, _, _ = select.select(watched, [], [], FOREGROUND_LOOK)
            self._nudge.take()  # the loop's test looks at the foreground again
            seen, self._continuations = self._continuations, self._take_continuation()
            if self._continuations != seen:
                self._pushed = b""  # continued: nothing read before it is a key any more
            elif self.fd in ready:
                return

    def _read(self) -> str:
        from_terminal = not self._pushed
        data = self._byte()
        if not data:
            return ""
        if data == b"\x1b":
            sequence = self._escape_sequence()
            return PASTED + self._pasted() if sequence == PASTE_START else sequence
        if from_terminal and data == b"/" and (waiting := bytes_waiting(self.fd)):
            self._pushed = os.read(self.fd, min(waiting, 4 * MAX_LINE))  # its command: keys
        elif from_terminal and (burst := self._burst(data)) is not None:
            return AT_ONCE + burst
        for _ in range(_utf8_length(data[0]) - 1):  # the rest of one character ("è")
            if not self._more():
                break
            following = self._byte()
            if following[0] & 0xC0 != 0x80:  # not UTF-8 after all: that is the next key
                self._pushed = following
                break
            data += following
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:  # a Latin-1 terminal ("ì" is one byte): its own letters
            return data.decode("latin-1")

    def _escape_sequence(self) -> str:
        """Escape alone, or a whole sequence: ESC [ ... final byte (CSI), ESC O x (SS3), or
        ESC and one key (Alt): read to its end, so no part of it becomes a key of its own."""
        text = "\x1b"
        slow = not self._more()
        if slow and not self._more(SLOW_SEQUENCE_WAIT):
            return text  # Escape alone
        second = self._byte().decode("latin-1")
        text += second
        complete = False
        if second == "O":
            if self._more(SLOW_SEQUENCE_WAIT):
                text += self._byte().decode("latin-1")
                complete = True
        elif second != "[":
            complete = not slow  # Alt and a key; a key typed after Escape: its own
        else:
            while self._more(SLOW_SEQUENCE_WAIT):
                char = self._byte().decode("latin-1")
                if char == "\x1b":  # the next key began: this one was cut short
                    self._pushed = b"\x1b" + self._pushed
                    break
                text += char
                # Final bytes are "@" to "~"; "[" after "ESC [" is the Linux console's F-keys.
                if "@" <= char <= "~" and not (char == "[" and text == "\x1b[["):
                    complete = True
                    break
                if len(text) > 16:  # no key sends this much: stop at a sane length
                    complete = True
                    break
        if complete and (not slow or text in SEQUENCES or len(text) > 3):
            return text  # a key's sequence (one it does not know is "unknown", never digits)
        # Escape, then keys typed after it ("[" the previous message): each its own key.
        self._pushed = text[1:].encode("latin-1") + self._pushed
        return "\x1b"

    def _pasted(self) -> str:
        """The text of a paste, up to its end mark (at most MAX_LINE characters are kept; the
        rest is read and dropped). A lost end mark ends it after PASTE_WAIT of quiet."""
        data = b""
        while not data.endswith(PASTE_END.encode("ascii")) and self._more(PASTE_WAIT):
            data += self._byte()
            if len(data) > 4 * MAX_LINE + len(PASTE_END):  # keep the tail: it holds the end
                data = data[: 4 * MAX_LINE] + data[-len(PASTE_END) :]
        text = data.removesuffix(PASTE_END.encode("ascii")).decode("utf-8", errors="replace")
        return text[:MAX_LINE]

    def _burst(self, first: bytes) -> str | None:
        """The text of a paste no mark announced: *first* and the bytes already waiting behind
        it, when they hold PASTE_BURST visible characters, not all one key (a held key's
        repeats read late); None otherwise, and those bytes are read as keys. (A burst begun by
        "/" is keys: the command line, read whole only at its Enter.)"""
        waiting = bytes_waiting(self.fd)
        if waiting < PASTE_BURST - 1:
            return None
        data = first + os.read(self.fd, min(waiting, 4 * MAX_LINE))
        escape = data.find(b"\x1b")  # a key's sequence after it is that key
        text = _decoded(data if escape < 0 else data[:escape])
        visible = [c for c in text if c.isprintable() and not c.isspace()]
        if len(visible) < PASTE_BURST or len(set(visible)) < 2:
            self._pushed = data[1:] + self._pushed
            return None
        if escape >= 0:
            self._pushed = data[escape:] + self._pushed
            return text[:MAX_LINE]
        tail = b""  # a long paste arrives in several reads, close together
        while self._more(BURST_GAP) and not self._pushed:
            chunk = os.read(self.fd, 4096)
            escape = chunk.find(b"\x1b")
            if escape >= 0:
                self._pushed = chunk[escape:]
                chunk = chunk[:escape]
            if not chunk:
                break
            tail = (tail + chunk)[: 4 * MAX_LINE]  # a paste of a book is not a command
        return _decoded(data + tail)[:MAX_LINE]

    def _more(self, wait: float = ESCAPE_WAIT) -> bool:
        return bool(self._pushed) or bool(select.select([self.fd], [], [], wait)[0])

    def _run(self) -> None:
        # Every key press acts, however soon after the last: a terminal cannot tell a held key's
        # repeats from a player (or a screen reader's script) pressing again at once on hearing
        # the tile, and dropping quick presses lost deliberate plays.
        hear_continuations_here()
        try:
            while True:
                name = key_name(self._read())
                self.typed_with_next = bool(self._pushed) or bytes_waiting(self.fd) > 0
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

    def __init__(self, game: Game, clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.clock = clock
        self.selected: Tile | None = None
        # The turn the selection was said in: the match itself (a new match starts again at
        # round one, its first turn as long as the last one's), the round and move counts, and
        # the side question waiting (a tile heard before "In testa o in coda?" is no answer).
        self._announced_at: tuple[object, int, int, object] | None = None
        self._announced_said = 0  # the game's count of messages said, once it was announced
        self._key_said: int | None = None  # that count when the key being handled came
        self.line: str | None = None  # text typed after "/"
        self.digits = ""
        self._typed_at: tuple[object, int, int, object] | None = None  # where digits began
        self._digit_deadline: float | None = None
        # The keys the read-back of a whole typed tile named ("t in testa, c in coda"): only
        # these place it; after a lead or a tile with one end, c is the ends again, b "basta".
        self._side_keys: dict[str, Side] = {}

    # --- time: a lone digit does not wait for ever ------------------------------------------------

    def next_timeout(self) -> float | None:
        """Seconds until a pending digit is dropped; None when none waits."""
        if self._digit_deadline is None:
            return None
        return max(0.0, self._digit_deadline - self.clock())

    def tick(self) -> None:
        if self._digit_deadline is not None and self.clock() >= self._digit_deadline:
            self._drop_digits()

    def reset(self) -> str | None:
        """Back after a suspension: a half-typed tile and the selection are dropped (the match
        may be heard anew: Enter then says a tile again before it plays one); a command typed
        after "/" is the player's words and stays: it is returned, to be said again."""
        self.digits, self._digit_deadline = "", None
        self._side_keys = {}
        self._announced_at = None
        return self.line

    # --- keys -----------------------------------------------------------------------------------

    def press(self, name: str, said: int | None = None) -> None:
        """One key; *said*: how many messages the game had said when it was pressed (None: the
        key answers all of them)."""
        self._key_said = said
        if name.startswith(PASTED):
            self._paste(name.removeprefix(PASTED))
            return
        if name.startswith(AT_ONCE):
            self._at_once(name.removeprefix(AT_ONCE))
            return
        if self.line is not None:
            self._typing(name)
            return
        if name == "escape":
            self.game.output.stop_speech()
            return
        if name == "backspace" and self.digits:
            self._drop_digits()  # what Backspace does: said as given up, never "does nothing"
            return
        if self.digits and not (self._continues_digits(name) and self._still(self._typed_at)):
            self._drop_digits()  # another key, or the match moved on (a voice command)
        if name == "enter" and self._unheard_end():
            return  # pressed before the end of the hand was said: it continues nothing
        if self.game.manager.wants_answer:
            self._answer(name)
        elif (request := self._table_key(name)) is not None:
            self.game.handle_intent(request)
        elif name in HELP_KEYS:
            self.game.say(it.key_mode_help(self._phase_help()))
        elif (phase_intent := self._phase_key(name)) is not None:
            self.game.handle_intent(phase_intent)
        elif name in ("up", "down"):
            self._browse(1 if name == "down" else -1, playable_only=False)
        elif name in ("z", "Z"):
            self._browse(1 if name == "z" else -1, playable_only=True)
        elif name == "enter":
            self._enter()
        elif name in ("left", "right"):
            self._tell_end(Side.HEAD if name == "left" else Side.TAIL)
        elif name == "/":
            self.line = ""
            self.game.say(it.key_line_prompt())
        elif name == " ":
            self.game.prompt()  # "where am I?": never "Non ho capito"
        elif name == "ctrl-d":  # a shell's "end of input": leaving is asked, as q asks it
            self.game.handle_intent(Quit())
        elif len(name) == 1 and name in DIGITS and self.game.manager.phase in PLAYING_PHASES:
            self._digit(name)
        elif len(self.digits) == 2 and name in self._side_keys:
            self._play_digits(self._side_keys[name])
        elif len(name) == 1 and name in key_intents():
            self.game.handle_intent(key_intents()[name])
        elif name:  # a function key, Tab, a letter that means nothing: never silence
            self.game.say(it.key_unknown())

    def _heard(self, said_then: int) -> bool:
        """Whether the key being handled came after the game had said *said_then* messages:
        only then can it answer the last of them."""
        return self._key_said is None or self._key_said >= said_then

    def _unheard_end(self) -> bool:
        """At the end of a hand or match, whether the key came before that end was told (a held
        Enter's repeats, pressed while the last replies were still being said)."""
        ended = self.game.manager.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        return ended and not self._heard(self.game.change_said)

    def _continues_digits(self, name: str) -> bool:
        """Keys that go on with typed digits: more digits, Enter, and the side keys the
        read-back of a whole tile named; everything else keeps its own meaning."""
        if name in DIGITS or name == "enter":
            return True
        return len(self.digits) == 2 and name in self._side_keys

    def _answer(self, name: str) -> None:
        """A yes/no question waits: s / n answer it, ? lists them, the voice's keys (repeat,
        slower, stop...) and "/" work, and any other key asks the question again with its keys."""
        answer = answer_key(name) if len(name) == 1 else None
        intent = key_intents().get(name)
        if answer is not None and not self._heard(self.game.question_said):
            return  # typed before the question was said ("q" and "s" at once): it is said now
        if answer is not None:
            self.game.handle_intent(answer)
        elif name in HELP_KEYS:
            self.game.say(it.key_mode_help(self._phase_help()))
        elif isinstance(intent, VOICE_INTENTS):
            self.game.handle_intent(intent)
        elif name == "/":  # a whole command, typed: "sì" too
            self.line = ""
            self.game.say(it.key_line_prompt())
        else:
            self.game.prompt()

    def _phase_key(self, name: str) -> Intent | None:
        """What a key means in this phase only: menu choices, the side, continuing."""
        phase = self.game.manager.phase
        if phase is Phase.MENU:
            return self._menu_key(name)
        if phase is Phase.CHOOSE_SIDE and name in TILE_SIDE_KEYS and not self.digits:
            view = self.game.manager.view()
            side = TILE_SIDE_KEYS[name]
            if view is not None and side in view.layout.sides():  # a and b only with the cross
                return SideWord(side)
        if phase is Phase.ROUND_OVER and name == "enter":
            return Continue()
        if phase is Phase.MATCH_OVER and name in ("enter", "n"):
            return Start()
        return None

    def _table_key(self, name: str) -> Intent | NetRequest | None:
        """At a network table: F2-F5 the quick messages, i who is there; before the match
        Enter starts it, a and d add or remove a computer (the host's)."""
        manager = self.game.manager
        if not manager.network.seated:
            return None
        if name in it_net.QUICK_KEYS:
            return QuickMessage(it_net.QUICK_KEYS[name])
        if name == "i":
            return WhoIsThere()
        if manager.phase is Phase.TABLE and name == "enter":
            return Start()
        if manager.phase is Phase.TABLE and name == "a":
            return AddComputer()
        if manager.phase is Phase.TABLE and name == "d":
            return RemoveComputer()
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
        if name in ("6", "9"):
            return SetTileSet(int(name))
        if name == "d":
            return SetSpinner(not table.rules().spinner)
        if name == "e":
            openings = list(Opening)
            return SetOpening(
                openings[(openings.index(table.rules().opening) + 1) % len(openings)].value
            )
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
        letters = [(k.key, k.description) for k in KEYBOARD_SHORTCUTS if k.key != "?"]
        if manager.network.seated:  # the table's own keys first
            table_keys = list(it_net.TABLE_KEY_HELP)
            if phase is Phase.TABLE:
                return [*it_net.TABLE_LOBBY_KEY_HELP, *table_keys, *letters]
            letters = [*table_keys, *letters]
        if phase is Phase.ROUND_OVER:
            return [("Invio", "la prossima mano"), *letters]
        if phase is Phase.MATCH_OVER:
            return [("Invio o n", "una nuova partita"), *letters]
        # a, b (the cross's arms), t and c place a typed tile only when its read-back names
        # them: listed here on their own they would clash with b "basta" and c "estremi".
        typed = "una tessera, per esempio 3 e 5: poi Invio, o la lettera del lato che ti dico"
        view = manager.view()
        if view is not None and view.rules.spinner:  # the cross's arms, by those letters
            typed += ": t testa, c coda, a sopra, b sotto"
        keys = [*KEY_MODE_HELP, ("due cifre", typed)]
        if phase is Phase.CHOOSE_SIDE:
            arms = view is not None and view.layout.has_spinner
            keys.insert(
                0,
                ("t, c, a o b", "testa, coda, sopra o sotto")
                if arms
                else ("t o c", "testa o coda"),
            )
        return keys + letters

    # --- the ends --------------------------------------------------------------------------------

    def _tell_end(self, side: Side) -> None:
        """Left/Right tell what is at that end, and nothing else, in every phase."""
        manager = self.game.manager
        view = manager.view()
        if view is None or manager.phase not in (*PLAYING_PHASES, Phase.ROUND_OVER):
            self.game.handle_intent(SideWord(side))  # outside a match: said why not
            return
        response = Response().say(answers.end(view, side))
        if manager.phase is Phase.CHOOSE_SIDE:
            response.say(it.ask_side(manager.inputs, manager.pending_sides()))
        self.game.render(response)

    # --- typed tiles ----------------------------------------------------------------------------

    def _digit(self, digit: str) -> None:
        if len(self.digits) != 1 and int(digit) > MAX_PIPS:  # no tile has an eight
            self.digits = ""
            self.game.handle_intent(None)
            return
        if len(self.digits) != 1:
            self.digits, self._side_keys, self._typed_at = digit, {}, self._turn()
            self._digit_deadline = self.clock() + DIGIT_WAIT_S
            self.game.say(it.key_digit_typed(int(digit)))
            return
        self.digits += digit
        self._digit_deadline = None  # a whole tile waits for Enter (or t / c), as said back
        a, b = int(self.digits[0]), int(self.digits[1])
        if max(a, b) > MAX_PIPS:  # not a tile ("78"): the manager says it did not understand
            self.digits = ""
            self.game.handle_intent(None)
            return
        refusal = self._refusal(Tile.of(a, b))
        if refusal is not None:  # said now, not after Enter: nothing is pending
            self.digits = ""
            self.game.render(Response().say(refusal, Cue.INVALID))
            return
        arms = self._arms(Tile.of(a, b))
        choices = arms if len(arms) > 1 else []
        self._side_keys = {key: side for key, side in TILE_SIDE_KEYS.items() if side in choices}
        self.game.say(
            it.key_tile_typed(
                a, b, arms[0] if len(arms) == 1 else None, either_end=len(arms) > 1, arms=arms
            )
        )

    def _refusal(self, tile: Tile) -> str | None:
        """Why Enter would not play *tile*, said by the engine's own rules; None if it would."""
        view = self.game.manager.view()
        if view is None:
            return None
        try:
            resolve(view.rules, view.turn(), Play(tile))
        except IllegalAction as error:
            if error.reason is Reason.SIDE_NEEDED:
                return None
            refusal = error.refusal
            return it.refusal(
                refusal.reason, acting="play", tile_=refusal.tile, head=refusal.head,
                tail=refusal.tail, playable_=refusal.playable,
                expected_seat=refusal.expected_seat, inputs=self.game.manager.inputs,
            )  # fmt: skip
        return None

    def _arms(self, tile: Tile) -> list[Side]:
        """The arms a playable tile goes to, in the table's order (none for a lead)."""
        view = self.game.manager.view()
        if view is None or not view.line:
            return []
        sides = {play.side for play in playable_moves(view.rules, view.turn()) if play.tile == tile}
        return [side for side in TILE_SIDE_KEYS.values() if side in sides]

    def _drop_digits(self) -> None:
        """A half-typed tile is given up: a short sound, and a word for the screen."""
        self.digits, self._digit_deadline, self._side_keys = "", None, {}
        self.game.render(Response().say(it.key_digits_dropped(), Cue.LISTENING_END))

    def _play_digits(self, side: Side | None) -> None:
        a, b = int(self.digits[0]), int(self.digits[1])
        self.digits, self._side_keys = "", {}
        self.game.handle_intent(PlayTile(a, b, side))

    def _enter(self) -> None:
        if len(self.digits) == 2:
            self._play_digits(None)
        elif self.digits:  # "3", Enter: what can be played with the three, as "tre" said alone
            number, self.digits, self._digit_deadline = int(self.digits), "", None
            self.game.handle_intent(PlayNumber(number))
        else:
            self._play_selected()

    def _paste(self, text: str) -> None:
        """Pasted text goes to the command line ("/"), shown and said, and waits for Enter:
        what the player has not confirmed does nothing."""
        if self.digits:
            self._drop_digits()
        words = " ".join("".join(c if c.isprintable() else " " for c in text).split())
        if not words:
            return
        joined = f"{self.line.rstrip()} {words}" if self.line and self.line.strip() else words
        self.line = joined[:MAX_LINE]
        self.game.say(it.key_pasted(self.line))  # the line as it stands, shown and said

    def _at_once(self, text: str) -> None:
        """Characters that came together, unmarked: a paste (a command waiting for Enter), or,
        in a command line already open, its letters typed faster than they were read (an Enter
        among them runs nothing: the line is said as it stands, for the player's own Enter)."""
        if self.line is None:
            self._paste(text)
            return
        first, *more = text.replace("\r", "\n").split("\n")
        for char in first:
            self._typing(char if char.isprintable() else " ")
        if more:
            self.game.say(it.key_line_waiting(self.line))

    def _typing(self, name: str) -> None:
        assert self.line is not None
        if name == "enter":
            text, self.line = self.line, None
            self.game.echo("\n")
            self.game.handle(text)
        elif name == "escape" or (name == "ctrl-d" and not self.line):
            self.line = None
            self.game.say(it.cancelled())
        elif name == "ctrl-d":  # a shell's "end of input": what is typed stays, said as it is
            self.game.say(it.key_line_waiting(self.line))
        elif name == "backspace":
            if self.line:
                self.line = self.line[:-1]
                self.game.echo("\b \b")
        elif len(name) == 1 and len(self.line) < MAX_LINE:  # a paste of a book is not a command
            self.line += name
            self.game.echo(name)  # the terminal does not echo in key mode: the screen reader
            # reads what is typed only if it appears

    # --- the selection ----------------------------------------------------------------------------

    def _turn(self) -> tuple[object, int, int, object] | None:
        manager = self.game.manager
        view = manager.view()
        if view is None:
            return None
        return (manager.session, view.round_number, len(view.history), manager.pending_tile)

    def _announced_this_turn(self) -> bool:
        return self._still(self._announced_at)

    def _still(self, mark: tuple[object, int, int, object] | None) -> bool:
        """Whether the match is where it was at *mark* (a _turn() taken then)."""
        turn = self._turn()
        if turn is None or mark is None:
            return False
        session, round_number, moves, question = turn
        return session is mark[0] and (round_number, moves) == mark[1:3] and question is mark[3]

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
        self._announced_said = self.game.said

    def _browse(self, step: int, *, playable_only: bool) -> None:
        hand, playable = self._hand()
        candidates = [t for t in hand if t in playable or not playable_only]
        if not candidates:
            self.game.say(it.key_nothing_to_select(bool(hand)))
            return
        fresh = self.selected not in hand or not self._announced_this_turn()
        if fresh:  # a new turn or a changed hand: start from the first (or last) tile
            self._announce(candidates[0] if step > 0 else candidates[-1], hand, playable)
            return
        assert self.selected is not None
        current = hand.index(self.selected)
        ordered = candidates if step > 0 else candidates[::-1]
        following = [t for t in ordered if (hand.index(t) - current) * step > 0]
        self._announce((following or ordered)[0], hand, playable)

    def _play_selected(self) -> None:
        hand, playable = self._hand()
        selected = self.selected
        if selected is None or selected not in hand or not self._announced_this_turn():
            if self.game.manager.phase is Phase.CHOOSE_SIDE:  # the question waits: asked again
                self.game.prompt()
                return
            # Never play a tile the player has not heard this turn: say the first playable one.
            candidates = [t for t in hand if t in playable] or hand
            if not candidates:
                self.game.say(it.key_nothing_to_select(False))
                return
            self._announce(candidates[0], hand, playable)
            return
        if not self._heard(max(self._announced_said, self.game.change_said)):
            return  # pressed before the tile was said (a held Enter): it is being said now
        self.game.handle_intent(PlayTile(selected.high, selected.low))
