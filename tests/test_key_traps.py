"""Key mode in a real terminal (tests/pty_terminal.py): Ctrl-D is a key, never the end of
the game unasked, and a held Enter never plays a tile the player has not heard."""

from __future__ import annotations

from pathlib import Path

from pty_terminal import GameTerminal

from voicedomino.italian import messages as it

CTRL_D = "\x04"


def started(tmp_path: Path, *args: str) -> GameTerminal:
    """The game on seed 4 at its first turn: the player leads with the double six."""
    game = GameTerminal.start(tmp_path, "--seme", "4", *args)
    game.until(it.notice("key_mode"))
    game.press("\r")
    game.until("Tocca a te.")
    return game


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
