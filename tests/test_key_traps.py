"""Key mode in a real terminal (tests/pty_terminal.py): Ctrl-D is a key, never the end of
the game unasked, and a held Enter never plays a tile the player has not heard."""

from __future__ import annotations

import io
import os
import pty
import queue
import termios
import threading
import time
from pathlib import Path

import pytest
from pty_terminal import GameTerminal, ShellTerminal, saved_position
from test_terminal_traps import RESUME, started
from virtual_audio import VirtualSoundCard

from voicedomino.audio.api import RATE_MAX_WPM
from voicedomino.audio.null import NullOutput
from voicedomino.audio.output import AudioOutput
from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.engine import Settings
from voicedomino.frontend.app import Game
from voicedomino.frontend.console import LineReader
from voicedomino.frontend.inbox import InboxItem, InputEnded, KeyPressed, StopAsked, Typed
from voicedomino.frontend.keys import KeyNavigator
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import SAVE_NAME, AutoSave

CTRL_D = "\x04"


def test_ctrl_d_keeps_a_typed_command_and_asks_before_leaving(tmp_path: Path) -> None:
    """Ctrl-D (a shell's end of input) once ended the game at once, a command half typed
    after "/" lost with it: a command typed stays, and leaving is asked as q asks it."""
    game = started(tmp_path)
    try:
        game.press("/", *"gioca sei")
        game.press(CTRL_D)
        game.until(it.key_line_waiting("gioca sei"))
        game.press(*" sei", "\r")  # the command as typed, carried out
        game.until("tocca ancora a te.")
        game.press("/", CTRL_D)  # an empty command line: closed, nothing else
        game.until(it.cancelled())
        game.press(CTRL_D)
        game.until(it.confirm_quit(True, it.KEYS))
        game.press("n")
        game.press("h")
        game.until(it.your_hand_size(6))  # still playing, the move kept
        game.press(CTRL_D, "s")
        game.until(it.goodbye())
        assert game.wait() == 0
    finally:
        game.close()


def test_a_held_enter_plays_one_tile_and_never_the_next_one_unheard(tmp_path: Path) -> None:
    """Enter held down: its repeats (about 30 a second) come while the computer's reply is
    still being told (here, its pause). The first after the reply once announced the next
    tile and the one after it played that tile, never heard. Now a key pressed before a tile
    was said never plays it; an Enter after hearing it does."""
    game = started(tmp_path, "--pausa", "1.5")
    try:
        game.press("6", "6", "\r")
        game.until("tocca ancora a te.")
        game.press("\r")
        game.until("sei due, giocabile, uno di sei.")
        game.press(*[b"\r"] * 12)  # the press, then its repeats while the reply waits its pause
        reply = game.until("Tocca a te.")
        assert "Sei due, in coda." in reply
        announced = game.until(", giocabile, ")  # the first repeat after it: the tile is said
        after = game.quiet(1.5)
        assert "in testa." not in after and "in coda." not in after, announced + after
        game.press("h")
        game.until(it.your_hand_size(5))  # two tiles played, both heard
        game.press("\r")  # a deliberate Enter, the tile heard: it plays
        game.until("Tocca a te.")
        game.press("h")
        game.until(it.your_hand_size(4))
    finally:
        game.close()


class Screen(io.StringIO):
    """The game's printed lines, read by the test while the game thread writes them."""

    def __init__(self) -> None:
        super().__init__()
        self.changed = threading.Condition()
        self.seen = 0

    def write(self, text: str) -> int:
        with self.changed:
            written = super().write(text)
            self.changed.notify_all()
            return written

    def until(self, text: str, timeout: float = 60.0) -> str:
        with self.changed:
            found = self.changed.wait_for(lambda: text in self.getvalue()[self.seen :], timeout)
            assert found, f"{text!r} never came:\n{self.getvalue()[self.seen :]}"
            end = self.getvalue().index(text, self.seen) + len(text)
            shown, self.seen = self.getvalue()[self.seen : end], end
            return shown


@pytest.mark.audio
def test_with_the_voice_a_held_enter_waits_for_the_tile_to_be_spoken(
    virtual_soundcard: VirtualSoundCard,
) -> None:
    """The game's own voice on a (virtual) sound card: a tile counts as heard once its words
    begin to sound. Enter held down after a play (its repeats come while the reply is still
    being spoken) plays nothing more; Enter pressed as soon as the next tile begins to be
    said plays it."""
    output = AudioOutput(rate=RATE_MAX_WPM)  # the test waits for the words: quick words
    output.start()
    assert output.available
    screen = Screen()
    game = Game(DialogManager(seed=4, computer_pause=0), output, autosave=None, out=screen)
    game.keys = KeyNavigator(game)
    loop = threading.Thread(target=game.run, daemon=True)
    loop.start()

    def press(name: str) -> None:  # as the key reader does it, on its own thread
        game.submit(KeyPressed(name, game.heard()))

    def hand() -> int:
        view = game.manager.view()
        assert view is not None
        return len(view.hand)

    try:
        screen.until(it.menu_prompt(it.KEYS))
        press("escape")  # the greeting, cut short as players do
        press("enter")
        screen.until("Tocca a te.")
        press("escape")
        press("enter")
        screen.until("doppio sei, giocabile, uno di sette.")
        assert output.wait_idle(60)
        for _ in range(12):  # the press, heard tile and all, then its repeats
            press("enter")
        screen.until("tocca ancora a te.")
        screen.until(", giocabile, ")  # one repeat says the next tile
        game.inbox.join()
        assert output.wait_idle(60)
        assert hand() == 6  # the double six only
        press("enter")  # pressed once the tile was heard: played
        screen.until("Tocca a te.")
        game.inbox.join()
        assert hand() == 5
        press("escape")
        press("z")  # and a tile played the moment its words begin to sound
        screen.until(", giocabile, ")
        while output.speech_waiting():
            time.sleep(0.01)
        press("enter")
        game.inbox.join()
        assert hand() == 4
    finally:
        game.submit(StopAsked(0))
        loop.join(30)
        output.close()


@pytest.mark.audio
@pytest.mark.parametrize("by", ["key", "voice"])
def test_with_the_voice_an_answer_before_its_question_sounds_answers_nothing(
    by: str, virtual_soundcard: VirtualSoundCard
) -> None:
    """The game's own voice on a (virtual) sound card: "q", then "s" (or "sì" said) while
    "Vuoi uscire?" still waits behind the words being spoken: the yes was not an answer to a
    question the player had not heard, and the game goes on; once the question was heard,
    "s" answers it."""
    from voicedomino.frontend.voice import deliver
    from voicedomino.speech.recognizer import Utterance

    output = AudioOutput(rate=RATE_MAX_WPM)
    output.start()
    assert output.available
    screen = Screen()
    game = Game(DialogManager(seed=4, computer_pause=0), output, autosave=None, out=screen)
    game.keys = KeyNavigator(game)
    if by == "voice":
        game.listen_with_gate()
    loop = threading.Thread(target=game.run, daemon=True)
    loop.start()

    def press(name: str) -> None:  # as the key reader does it, on its own thread
        game.submit(KeyPressed(name, game.heard()))

    try:
        screen.until(it.menu_prompt(it.KEYS))
        press("q")
        screen.until("Vuoi uscire?")
        assert output.speech_waiting() > 0  # printed, not yet sounding: the menu is said first
        if by == "key":
            press("s")
        else:
            deliver(game, Utterance("si", 0.95, sentence="si"))
        game.inbox.join()
        assert not game.finished and it.goodbye() not in screen.getvalue()
        assert output.wait_idle(60)  # the question heard
        press("s")
        screen.until(it.goodbye())
        loop.join(30)
        assert game.finished
    finally:
        game.submit(StopAsked(0))
        loop.join(30)
        output.close()


def test_a_command_typed_before_ctrl_z_is_still_there_after_fg(tmp_path: Path) -> None:
    """A command half typed after "/" was thrown away by Ctrl-Z and fg, unsaid: the rest of
    it, typed on, became single keys. It stays, and is said again with where the player is."""
    shell = ShellTerminal.start(tmp_path)
    try:
        shell.first_turn("--senza-salvataggio")
        shell.press("/", *"gioca sei")
        shell.suspend()
        shell.press("fg\r")
        shell.until(it.key_line_waiting("gioca sei"))
        shell.press(*" sei", "\r")
        shell.until("tocca ancora a te.")
        shell.quit_game()
    finally:
        shell.close()


def test_an_enter_pressed_before_the_end_of_a_hand_was_told_continues_nothing(
    tmp_path: Path,
) -> None:
    """The last tile played with a held Enter: a repeat pressed while the end of the hand was
    still being told went on to the next hand, unheard. Only an Enter after it continues."""
    saved_position(tmp_path, Settings(), lambda match: match.round.is_over)
    document = AutoSave(tmp_path / "data").load().document
    game = Game(DialogManager(saved=document, computer_pause=0), NullOutput(), autosave=None,
                out=io.StringIO())  # fmt: skip
    navigator = game.keys = KeyNavigator(game)
    game.handle("sì")  # resumed where the hand ended
    assert game.manager.phase is Phase.ROUND_OVER
    before_the_end = game.change_said - 1
    navigator.press("enter", said=before_the_end)
    assert game.manager.phase is Phase.ROUND_OVER
    navigator.press("enter", said=game.heard())
    assert game.manager.phase is not Phase.ROUND_OVER


def test_ctrl_s_does_not_freeze_the_game(tmp_path: Path) -> None:
    """Ctrl-S (next to Ctrl-D and Ctrl-Z) stopped the terminal's output: nothing more was
    shown or read out, and once the terminal's buffer filled the game itself stood still,
    until a Ctrl-Q the player never heard of. In key mode it is a key like any other; the
    terminal gets its flow control back when the game ends."""
    game = started(tmp_path, "--senza-salvataggio")
    try:
        game.press("\x13")  # Ctrl-S
        game.until(it.key_unknown())
        game.press("h")
        game.until(it.your_hand_size(7))
        game.press("q")
        game.until("Vuoi uscire?")  # s answers the question once it was said
        game.press("s")
        game.until(it.goodbye())
        assert game.wait() == 0
        assert termios.tcgetattr(game.fd)[0] & termios.IXON  # as it was
    finally:
        game.close()


def test_ctrl_s_does_not_freeze_the_game_in_line_mode_either(tmp_path: Path) -> None:
    """--righe on a terminal: the terminal edits the lines as always, without flow control."""
    game = GameTerminal.start(tmp_path, "--righe", "--seme", "4", "--senza-salvataggio")
    try:
        game.until(it.notice("keyboard_mode"))
        game.press("\x13")  # Ctrl-S
        game.press(*"inizia\r")
        game.until("Tocca a te.")
        game.press(*"esci\r", *"sì\r")
        game.until(it.goodbye())
        assert game.wait() == 0
        assert termios.tcgetattr(game.fd)[0] & termios.IXON  # as it was
    finally:
        game.close()


def test_lines_typed_together_count_as_heard_when_the_first_was_read() -> None:
    """A terminal in line mode gives one line per read: "esci" and "sì" typed in one go came
    to the reader one after the other, and the second was stamped with what the game had said
    by the time the reader came back for it (on a busy machine, "Vuoi uscire?" already): the
    "sì" typed ahead then answered it. Here the game says something after every line read."""
    master, slave = pty.openpty()
    heard = iter(range(100))  # each call: the game has said one more thing since
    inbox: queue.Queue[InboxItem] = queue.Queue()
    with os.fdopen(slave, encoding="utf-8") as stream:
        os.write(master, "esci\nsì\n".encode())
        time.sleep(0.2)  # both lines are in the terminal before the reader starts
        reader = LineReader(stream, inbox, said=lambda: next(heard))
        reader.start()
        typed = [inbox.get(timeout=10), inbox.get(timeout=10)]
        os.write(master, b"no\n")  # typed later, alone: stamped when it came
        typed.append(inbox.get(timeout=10))
        os.close(master)
        assert isinstance(inbox.get(timeout=10), InputEnded)
    assert all(isinstance(item, Typed) for item in typed)
    assert [(item.text, item.said) for item in typed if isinstance(item, Typed)] == [
        ("esci", 0),
        ("sì", 0),
        ("no", 1),
    ]


def test_in_line_mode_a_line_typed_before_its_question_answers_nothing(tmp_path: Path) -> None:
    """--righe at a terminal: "no" typed while the game was starting answered "vuoi
    riprenderla?" before it was said, and set the saved match aside; "esci" and "sì" typed
    together quit before "Vuoi uscire?" was said. Either waits for the question now."""
    saved_position(tmp_path, Settings(), lambda match: len(match.round.line) >= 2)
    game = GameTerminal.start(tmp_path, "--righe", "--pausa", "0")
    try:
        os.write(game.fd, b"no\n")  # typed ahead, before any question
        game.until(RESUME)
        assert "messa da parte" not in game.quiet(1.0)
        game.press(*"sì\r")
        game.until("Tocca a te")
        os.write(game.fd, "esci\nsì\n".encode())  # two lines at once: sì before the question
        game.until("Vuoi uscire?")
        assert it.goodbye() not in game.quiet(1.0)
        game.press(*"sì\r")
        game.until(it.goodbye())
        assert game.wait() == 0
    finally:
        game.close()
    assert (tmp_path / "data" / SAVE_NAME).is_file()
