"""Key mode and signals in a real terminal: no key plays what the player did not hear, a key
means the same everywhere, every prompt names keys, and Ctrl-Z, Ctrl-\\ and a closed terminal
leave the game and the terminal as they should.

Each test runs the real program in a pseudo-terminal (tests/pty_terminal.py), reads what it
prints and sends real keys and signals; where a test needs a position (a tile that fits both
ends, a round just over), a seeded match is played with the engine and saved for the program
to resume.
"""

from __future__ import annotations

import os
import pty
import re
import signal
import sys
import time
from pathlib import Path

import pytest
from pty_terminal import GAME, GameTerminal, ShellTerminal, environment, saved_position

from voicedomino.cli import LOG_LIMIT
from voicedomino.engine import Match, Play, Settings, Side, Tile
from voicedomino.engine import save as engine_save
from voicedomino.italian import messages as it
from voicedomino.italian.numbers import tile_phrase
from voicedomino.persistence.autosave import SAVE_NAME
from voicedomino.persistence.lock import DataLock, LockState

UP, DOWN, LEFT, RIGHT, F1 = "\x1b[A", "\x1b[B", "\x1b[D", "\x1b[C", "\x1bOP"
CTRL_BACKSLASH = "\x1c"
# Bracketed paste (xterm's mode 2004): asked for, given back, and the marks around a paste.
PASTE_ON, PASTE_OFF, PASTE_START, PASTE_END = "\x1b[?2004h", "\x1b[?2004l", "\x1b[200~", "\x1b[201~"
RESUME = "vuoi riprenderla?"


def started(tmp_path: Path, *args: str) -> GameTerminal:
    """The game on seed 4 at its first turn: the player leads with the double six."""
    game = GameTerminal.start(tmp_path, "--seme", "4", *args)
    game.until(it.notice("key_mode"))
    game.press("\r")
    game.until("Tocca a te.")
    return game


def resumed(tmp_path: Path) -> GameTerminal:
    """The game resuming the match saved in *tmp_path* (the player answered s)."""
    game = GameTerminal.start(tmp_path)
    try:
        game.until(RESUME)
        game.press("s")
    except BaseException:
        game.close()
        raise
    return game


def keys_play_the_double_six(game: GameTerminal) -> None:
    """6, 6 and Enter, typed now, play the double six (seed 4's first turn)."""
    game.press("6", "6")
    game.until(it.key_tile_typed(6, 6, either_end=False))
    game.press("\r")
    assert "Doppio sei." in game.until("tocca ancora a te.")


def plays_of(match: Match) -> list[Play]:
    return [a for a in match.legal_actions() if isinstance(a, Play)]


def digits(tile: Tile) -> str:
    return f"{tile.high}{tile.low}"


# --- 1. a digit, then a query key ---------------------------------------------------------------


def test_a_digit_is_said_back_and_a_query_key_after_it_stays_a_query(tmp_path: Path) -> None:
    game = started(tmp_path, "--senza-salvataggio")
    try:
        game.press("6")
        game.until(it.key_digit_typed(6))  # "Sei…" at once
        game.press("c")  # the ends: a query, never "6c", the six at the tail
        answer = game.until(it.empty_table())
        assert it.key_digits_dropped() in answer and "Doppio sei" not in answer
        game.press("4", "t")  # "4t" once played "a four at the head": now whose turn it is
        assert "Doppio sei" not in game.until(it.turn_of(0))
        game.press("6")
        game.until(it.key_digit_typed(6))
        game.until(it.key_digits_dropped(), timeout=10)  # a lone digit is dropped after a pause
        game.press("h")
        game.until(it.your_hand_size(7))  # nothing was played
    finally:
        game.close()


def test_backspace_after_a_digit_gives_it_up_and_says_nothing_untrue(tmp_path: Path) -> None:
    """Backspace after a digit gave the digit up, then said "Questo tasto non fa nulla": two
    sentences, the second untrue. It says the digit is given up, and the next digits are a
    tile of their own."""
    game = started(tmp_path, "--senza-salvataggio")
    try:
        game.press("5")
        game.until("Cinque")
        game.press("\x7f")
        said = game.until(it.key_digits_dropped())
        assert it.key_unknown() not in said + game.quiet(0.5)
        keys_play_the_double_six(game)
    finally:
        game.close()


def test_two_digits_say_at_once_a_tile_cannot_be_played(tmp_path: Path) -> None:
    game = started(tmp_path, "--senza-salvataggio")
    try:
        game.press("4", "5")  # not in the hand: said now, not after "invio per giocarla"
        said = game.until(f"Non hai {it.tile(Tile(4, 5))}.")
        assert "invio per giocarla" not in said
        game.press("\r")  # nothing pending: Enter says the first playable tile, plays nothing
        game.until("doppio sei, giocabile, uno di sette.")
        game.press("6", "6")
        game.until(it.key_tile_typed(6, 6, either_end=False))
        game.press("\r")
        game.until("tocca ancora a te.")
    finally:
        game.close()


def test_after_a_whole_tile_only_the_keys_said_back_place_it(tmp_path: Path) -> None:
    """A lead is said back with Enter alone: c is then the ends and b "basta", never a move;
    a tile for either end names t and c, and a (the arm above, on a cross) is no key then."""
    game = started(tmp_path, "--senza-salvataggio")
    try:
        game.press("6", "6")
        game.until(it.key_tile_typed(6, 6, either_end=False))
        game.press("c")  # the ends, as the help says: the double six stays in the hand
        answer = game.until(it.empty_table())
        assert it.key_digits_dropped() in answer and "Doppio sei." not in answer
        game.press("6", "6")
        game.until(it.key_tile_typed(6, 6, either_end=False))
        game.press("b")  # basta: stops the voice, plays nothing
        game.until(it.key_digits_dropped())
        game.press("h")
        game.until(it.your_hand_size(7))
        game.press("6", "6", "\r")
        game.until("tocca ancora a te.")
        game.press("?")  # the help gives each key one meaning ("b" was both "basta" and "sotto")
        listed = game.until("esci.").split("Tasti adesso: ")[-1]
        letters = [
            key
            for entry in listed.split("; ")
            for key in re.split(r" e | o |, ", entry.split(", ")[0])
            if len(key) == 1
        ]
        assert len(letters) == len(set(letters)), listed
        game.press("6", "2")
        game.until(it.key_tile_typed(6, 2))  # "t in testa, c in coda"
        game.press("a")
        assert it.key_unknown() in game.until(it.key_unknown())
        game.press("h")
        game.until(it.your_hand_size(6))
    finally:
        game.close()


def test_enter_pressed_the_moment_the_tile_is_said_plays_it(tmp_path: Path) -> None:
    """A player (or a screen reader's script) who presses Enter again the instant the first
    playable tile is said plays it: a quick second press is not taken for a held key."""
    game = GameTerminal.start(tmp_path, "--seme", "4", "--senza-salvataggio")
    try:
        game.until(it.notice("key_mode"))
        game.press("\r")
        game.until("Tocca a te.")
        game.quiet(0.5)
        os.write(game.fd, b"\r")
        seen = ""
        while "giocabile" not in seen:  # read as it comes, and answer at once
            seen += os.read(game.fd, 4096).decode("utf-8", errors="replace")
        os.write(game.fd, b"\r")
        game.until("tocca ancora a te.")
    finally:
        game.close()


def test_a_tile_announced_in_a_match_left_is_not_played_by_enter_in_the_next(
    tmp_path: Path,
) -> None:
    """The selection heard in a match left for a new one once counted as heard in the new
    match's first turn (the same round and move counts): Enter played it unannounced."""
    game = started(tmp_path, "--senza-salvataggio")
    try:
        game.press(DOWN)
        game.until("doppio sei, giocabile, uno di sette.")
        game.press("/", *"nuova partita", "\r")
        game.until(it.confirm_new_game(it.KEYS))
        game.press("s")
        game.until(it.menu_prompt(it.KEYS))
        game.press("\r")
        game.until("Tocca a te.")
        game.quiet(0.5)
        game.press("\r")  # a new match: its first Enter says the tile, never plays it
        game.until(", giocabile, uno di sette.")
        game.press("h")
        game.until(it.your_hand_size(7))
    finally:
        game.close()


def test_pasted_text_is_a_command_that_waits_for_enter_never_single_keys(tmp_path: Path) -> None:
    """A paste arrived as single keys: "quattro sei" was q (the quit question), then s (yes).
    The terminal is asked to mark pastes; a marked paste waits on the command line."""
    game = started(tmp_path)
    try:
        assert game.transcript.startswith(PASTE_ON)
        os.write(game.fd, f"{PASTE_START}quattro sei{PASTE_END}".encode())
        game.until(it.key_pasted("quattro sei"))
        assert it.confirm_quit(True, it.KEYS) not in game.quiet(0.5)
        game.press("\x1b")
        game.until(it.cancelled())
        os.write(game.fd, f"{PASTE_START}gioca sei sei\r\n{PASTE_END}".encode())  # its Enter too
        game.until(it.key_pasted("gioca sei sei"))
        assert "Doppio sei" not in game.quiet(0.5)  # nothing played before the player's Enter
        game.press("\r")
        game.until("tocca ancora a te.")
        game.press("/", *"gioca")  # a paste into a command begun by hand is a word of its own
        os.write(game.fd, f"{PASTE_START}sei quattro{PASTE_END}".encode())
        game.until(it.key_pasted("gioca sei quattro"))
        game.press("\x1b")
        game.until(it.cancelled())
        game.press("q")
        game.until("Vuoi uscire?")  # s answers the question once it was said
        game.press("s")
        game.until(it.goodbye())
        assert game.wait() == 0
        assert game.transcript.rstrip("\n").endswith(PASTE_OFF)  # the terminal as it was
    finally:
        game.close()


def test_an_answer_typed_before_its_question_answers_nothing(tmp_path: Path) -> None:
    """q and s typed together: s came before "Vuoi uscire? Questa partita non viene salvata."
    was said, so it answers nothing (the player never heard that the match would be lost);
    the question waits, and s typed after it answers it."""
    game = started(tmp_path, "--senza-salvataggio")
    try:
        os.write(game.fd, b"qs")  # one write: s is read before the question is said
        game.until(it.confirm_quit_without_saving(it.KEYS))
        assert it.goodbye() not in game.quiet(1.0)
        game.press("s")
        game.until(it.goodbye())
        assert game.wait() == 0
    finally:
        game.close()


def test_a_paste_no_mark_announces_is_a_command_too(tmp_path: Path) -> None:
    """The Linux console cannot mark a paste: the text comes all at once, faster than fingers
    type. It waits on the command line as a marked paste does, its letters never keys (q, the
    quit question, then s, yes; or "gioca sei sei" with its Enter playing a tile unconfirmed);
    keys typed one by one, and a command begun by "/", are keys as before."""
    game = started(tmp_path)
    try:
        os.write(game.fd, b"quattro sei")
        game.until(it.key_pasted("quattro sei"))
        assert "Vuoi uscire?" not in game.quiet(0.5)
        game.press("\x1b")
        game.until(it.cancelled())
        os.write(game.fd, "gioca sei sei, più in là\r".encode())
        game.until(it.key_pasted("gioca sei sei, più in là"))
        assert "Doppio sei" not in game.quiet(0.5)  # nothing played before the player's Enter
        game.press("\x1b")
        game.until(it.cancelled())
        os.write(game.fd, b"/gioca sei sei\r")  # a command typed after "/": read at its Enter
        game.until("tocca ancora a te.")
        game.press("/")
        game.until(it.key_line_prompt())
        os.write(game.fd, b"quante tessere ho")  # into the open line: its letters, read late
        assert "Hai incollato" not in game.quiet(0.5)
        game.press("\r")
        game.until(it.your_hand_size(6))
        game.press("q")
        game.until("Vuoi uscire?")
        game.press("s")
        game.until(it.goodbye())
        assert game.wait() == 0
    finally:
        game.close()


# --- 2. suspend, resume, quit, hang up ----------------------------------------------------------


def test_ctrl_z_and_fg_in_a_shell_take_key_mode_back_and_drop_what_was_typed(
    tmp_path: Path,
) -> None:
    shell = ShellTerminal.start(tmp_path)
    try:
        shell.first_turn("--senza-salvataggio")
        shell.suspend()
        shell.press("66")  # typed at the shell: never a move of the game
        shell.press("\r")
        shell.until("$ ")
        shell.press("fg\r")
        resumed = shell.until("Tocca a te.")
        assert it.back_in_game() in resumed
        assert shell.modes() == (False, False)  # single keys again, no echo
        shell.press("6", "6")  # keys typed now are keys
        shell.until(it.key_tile_typed(6, 6, either_end=False))
        shell.press("\r")
        assert "Doppio sei." in shell.until("tocca ancora a te.")
        shell.quit_game()
    finally:
        shell.close()


@pytest.mark.parametrize("mode", ["key mode", "line mode"])
def test_ctrl_z_bg_then_fg_says_back_in_game_once_and_only_at_fg(tmp_path: Path, mode: str) -> None:
    """bg continues the game at the shell's prompt: nothing is said there, and reading the
    terminal stops it again at once, before the player types at the shell; fg brings it back,
    said once, with key mode (or line mode) as before.

    In key mode the game, continued by bg, at times waited for a byte typed at the shell and
    only then read: "fg" typed in one go stopped it just as the shell gave it the terminal,
    and the shell, that had seen it running, said "Stopped" instead of continuing it."""
    shell = ShellTerminal.start(tmp_path)
    try:
        shell.press("set -b\r")  # the shell says at once when a job in the background stops
        shell.until("$ ")
        if mode == "key mode":
            shell.first_turn("--senza-salvataggio")
        else:
            shell.run("--seme", "4", "--senza-salvataggio", "--righe")
            shell.until(it.notice("keyboard_mode"))
            shell.press("inizia\r")
            shell.until("Tocca a te.")
        # The old code at times stopped only when "fg" was typed (one time in six), and from
        # the second time on often said "Di nuovo in gioco" twice.
        for _ in range(3):
            shell.suspend()
            shell.press("bg\r")
            said = shell.until("Stopped")  # nothing typed: it stopped reading the terminal
            assert it.back_in_game() not in said + shell.quiet(1.0)
            shell.press("fg\r")
            assert it.back_in_game() in shell.until("Tocca a te.")
            assert it.back_in_game() not in shell.quiet(1.0)
        assert shell.transcript.count(it.back_in_game()) == 3
        if mode == "key mode":
            assert shell.modes() == (False, False)
            shell.press("6", "6", "\r")
        else:
            shell.press("gioca sei sei\r")
        shell.until("tocca ancora a te.")
        if mode == "key mode":
            shell.quit_game()
    finally:
        shell.close()


def test_a_tile_selected_before_ctrl_z_is_said_again_before_enter_plays_it(
    tmp_path: Path,
) -> None:
    """Selected, then Ctrl-Z and fg (minutes or hours later): Enter says the tile again
    instead of playing what the player heard before leaving; the next Enter plays it."""
    shell = ShellTerminal.start(tmp_path)
    try:
        shell.first_turn("--senza-salvataggio")
        shell.press(DOWN)
        shell.until("uno di sette.")  # the double six, selected
        shell.suspend()
        shell.press("fg\r")
        shell.until("Tocca a te.")
        shell.press("\r")
        said = shell.until("di sette.")
        assert "Doppio sei." not in said and "doppio sei, giocabile" in said, said
        shell.press("\r")
        assert "Doppio sei." in shell.until("tocca ancora a te.")
        shell.quit_game()
    finally:
        shell.close()


def test_keys_typed_while_stopped_by_sigstop_are_never_played(tmp_path: Path) -> None:
    """SIGSTOP (from another terminal: the game cannot catch it) leaves the terminal in key
    mode, so the keys typed meanwhile wait for the game: at SIGCONT they were read before the
    game knew it had been stopped, and "6 6 Enter" played the double six unheard (one time in
    three). Now they are dropped as after Ctrl-Z, the game says it is back, a tile selected
    before is said again before Enter plays it, and keys typed afterwards are keys."""
    game = started(tmp_path, "--senza-salvataggio")
    try:
        game.press(DOWN)
        game.until("uno di sette.")  # the double six, selected and heard
        for _ in range(4):  # each time a race the old code lost one time in three
            os.kill(game.pid, signal.SIGSTOP)
            time.sleep(0.2)
            game.press("6", "6", "\r")  # typed while stopped
            os.kill(game.pid, signal.SIGCONT)
            said = game.until("Tocca a te.")
            assert it.back_in_game() in said, said
            assert it.typed_while_stopped_dropped() in said, said  # shown nowhere: said
            assert "Sei" not in said and "Doppio sei." not in said, said
        assert "Sei" not in game.quiet(0.5)
        game.press("\r")  # the selection is said again, not played
        said = game.until("di sette.")
        assert "Doppio sei." not in said and "doppio sei, giocabile" in said, said
        keys_play_the_double_six(game)  # typed now: keys
    finally:
        game.close()


def voice_game(tmp_path: Path) -> GameTerminal:
    """The game with voice (the Korean stand-in model, which it loads on a thread of its own),
    in key mode at a terminal."""
    from korean_speech import KO_MODEL_PATH

    command = [sys.executable, "-m", "voicedomino", "--muto", "--pausa", "0",
               "--senza-salvataggio", "--modello", str(KO_MODEL_PATH)]  # fmt: skip
    # A log near its limit (as a player's log becomes): the model's loading writes past it, so
    # the log is set aside and begun again while the model loads.
    log = tmp_path / "state" / "voicedomino" / "log" / "voicedomino.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_bytes(b"x\n" * (LOG_LIMIT // 2 - 50))
    env = {**environment(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, command, env)
    return GameTerminal(pid, fd)


@pytest.mark.parametrize("after", [0.2, 0.5, 0.9])
def test_ctrl_c_while_the_game_loads_says_goodbye_in_italian(tmp_path: Path, after: float) -> None:
    """Ctrl-C while the program loads its modules (the first second or so): Python printed
    its English traceback, "KeyboardInterrupt", on the player's terminal. It says goodbye,
    and the terminal is as it was."""
    game = voice_game(tmp_path)
    try:
        time.sleep(after)
        game.press("\x03")
        assert game.wait() in (0, 130)
        assert "Traceback" not in game.transcript and "KeyboardInterrupt" not in game.transcript
        # On a loaded machine Ctrl-C may come before Python itself is up: it ends the program
        # with nothing said at all, never in English.
        said = game.transcript.replace("^C", "").strip()
        assert said == "" or it.goodbye() in said, game.transcript
        assert game.modes() == (True, True)
    finally:
        game.close()


def test_leaving_while_the_voice_model_loads_never_crashes(tmp_path: Path) -> None:
    """Ctrl-C as soon as the game speaks, while its thread still loads the voice model: the
    interpreter's exit tore down the BLAS library the model loading computes with, and the
    game ended in a segmentation fault (four times in nine, in the first 0.2 s; the shell
    says so, in English). Now it leaves at once, its own clean-up done."""
    for after in (0.0, 0.1, 0.2) * 3:
        game = voice_game(tmp_path)
        try:
            game.until("Benvenuto")
            time.sleep(after)
            game.press("\x03")
            assert game.wait() == 0, game.transcript  # 139: killed by SIGSEGV
            assert it.goodbye() in game.transcript
            assert game.modes() == (True, True)
        finally:
            game.close()


def test_ctrl_backslash_leaves_like_the_end_of_input_saved_and_terminal_restored(
    tmp_path: Path,
) -> None:
    game = started(tmp_path)
    try:
        assert game.modes() == (False, False)
        game.press("6", "6", "\r")
        game.until("tocca ancora a te.")
        game.press(CTRL_BACKSLASH)  # SIGQUIT: no core dump, no terminal left without echo
        game.until(it.saved_goodbye())
        assert game.wait() == 0
        assert game.modes() == (True, True)
    finally:
        game.close()
    saved = engine_save.loads((tmp_path / "data" / SAVE_NAME).read_text())
    assert saved.round.line == [(6, 6)]


def test_a_closed_terminal_ends_the_game_cleanly_with_the_match_saved(tmp_path: Path) -> None:
    errors = tmp_path / "stderr.txt"
    game = GameTerminal.start(tmp_path, "--seme", "4", stderr=errors)
    game.until(it.notice("key_mode"))
    game.press("\r")
    game.until("Tocca a te.")
    game.press("6", "6", "\r")
    game.until("tocca ancora a te.")
    os.close(game.fd)  # the terminal window is closed: SIGHUP
    _, status = os.waitpid(game.pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    assert errors.read_text() == ""  # no traceback, nothing at all
    saved = engine_save.loads((tmp_path / "data" / SAVE_NAME).read_text())
    assert saved.round.line == [(6, 6)]
    lock = DataLock(tmp_path / "data")
    assert lock.acquire() is LockState.HELD  # the folder is free for the next game
    lock.release()


def test_sigterm_leaves_saying_the_match_is_saved(tmp_path: Path) -> None:
    game = started(tmp_path)
    try:
        game.press("6", "6", "\r")
        game.until("tocca ancora a te.")
        os.kill(game.pid, signal.SIGTERM)
        game.until(it.saved_goodbye())
        assert game.wait() == 0
        assert game.modes() == (True, True)
    finally:
        game.close()


def test_a_terminal_left_non_blocking_still_waits_for_keys(tmp_path: Path) -> None:
    """O_NONBLOCK left on the terminal by a program that ran before: the key reader waits for
    a key instead of taking "nothing typed yet" for a closed terminal and quitting."""
    pid, fd = pty.fork()
    if pid == 0:
        os.set_blocking(0, False)
        os.execve(
            sys.executable, [*GAME, "--seme", "4", "--senza-salvataggio"], environment(tmp_path)
        )
    game = GameTerminal(pid, fd)
    try:
        game.until(it.notice("key_mode"))
        assert it.goodbye() not in game.quiet(1.5)
        game.press("\r")
        game.until("Tocca a te.")
    finally:
        game.close()


# --- 3. left and right only tell -----------------------------------------------------------------


def tiles_for_both_ends(match: Match) -> list[Tile]:
    round_ = match.round
    if round_.is_over or round_.head == round_.tail:
        return []
    sides = {t: {p.side for p in plays_of(match) if p.tile == t} for t in round_.hands[0]}
    return [tile for tile, where in sides.items() if len(where) == 2]


def test_at_the_side_question_arrows_tell_and_t_or_c_choose(tmp_path: Path) -> None:
    match = saved_position(tmp_path, Settings(), lambda m: bool(tiles_for_both_ends(m)))
    head, tail = match.round.head, match.round.tail
    assert head is not None and tail is not None
    tile = tiles_for_both_ends(match)[0]
    held = len(match.round.hands[0])
    game = resumed(tmp_path)
    try:
        game.until("Tocca a te.")
        game.press(*digits(tile))
        game.until(it.key_tile_typed(tile.high, tile.low))
        game.press("\r")
        game.until(it.ask_side(it.KEYS))  # the question names its keys
        game.press(LEFT)  # tells the head, and asks again: never plays
        told = game.until(it.ask_side(it.KEYS))
        assert it.end_value(Side.HEAD, head) in told
        game.press(RIGHT)
        assert it.end_value(Side.TAIL, tail) in game.until(it.ask_side(it.KEYS))
        game.press("h")  # still holding every tile
        game.until(it.your_hand_size(held))
        game.quiet(0.5)
        game.press("t")
        name = tile_phrase(tile.high, tile.low).capitalize()
        game.until(f"{name}, in testa.")  # your own move says its side
    finally:
        game.close()


def test_enter_at_the_side_question_asks_it_again_never_plays_the_tile_heard_before(
    tmp_path: Path,
) -> None:
    """A tile heard while browsing, then another typed for "In testa o in coda?": Enter there
    once played the browsed tile (heard this turn, but not the one asked about)."""

    def browsed_and_asked(match: Match) -> bool:
        playable = {p.tile for p in plays_of(match)}
        return bool(tiles_for_both_ends(match)) and len(playable) > 1

    match = saved_position(tmp_path, Settings(), browsed_and_asked)
    asked = tiles_for_both_ends(match)[0]
    playable = {p.tile for p in plays_of(match)}
    order = sorted(playable, key=lambda t: (t.high, t.low), reverse=True)  # as z goes
    browsed = next(t for t in order if t != asked)
    held = len(match.round.hands[0])
    game = resumed(tmp_path)
    try:
        game.until("Tocca a te.")
        for _ in range(order.index(browsed) + 1):
            game.press("z")
            game.quiet(0.3)
        game.press(*digits(asked), "\r")
        game.until(it.ask_side(it.KEYS))
        game.quiet(0.5)
        game.press("\r")  # no answer: the question again, and nothing played
        game.until(it.ask_side(it.KEYS))
        game.press("h")
        game.until(it.your_hand_size(held))
        game.press("t")  # the question's own key places the tile asked about
        game.until(f"{tile_phrase(asked.high, asked.low).capitalize()}, in testa.")
    finally:
        game.close()


# --- 4. your own move says its side ---------------------------------------------------------------


def fits_one_end_only(match: Match) -> bool:
    round_ = match.round
    if round_.is_over or not round_.line or round_.head == round_.tail:
        return False
    sides = {t: {p.side for p in plays_of(match) if p.tile == t} for t in round_.hands[0]}
    return any(len(s) == 1 for s in sides.values())


def test_a_tile_that_fits_one_end_is_said_with_that_end_before_and_after(tmp_path: Path) -> None:
    match = saved_position(tmp_path, Settings(), fits_one_end_only)
    play = next(
        p
        for p in plays_of(match)
        if len({q.side for q in plays_of(match) if q.tile == p.tile}) == 1
    )
    game = resumed(tmp_path)
    try:
        game.until("Tocca a te.")
        game.press(*digits(play.tile))
        where = it.side_word(play.side)
        game.until(it.key_tile_typed(play.tile.high, play.tile.low, play.side))
        game.press("\r")
        name = tile_phrase(play.tile.high, play.tile.low).capitalize()
        game.until(f"{name}, in {where}.")
    finally:
        game.close()


# --- 5. key mode never tells the player to speak ------------------------------------------------


def no_word_prompt(text: str) -> None:
    assert "Di' " not in text and "di' " not in text, text


def test_every_prompt_of_a_key_mode_session_names_keys(tmp_path: Path) -> None:
    """Menu, first turn, quitting question, a round just over, a match just over: the prompts
    name the keys ("Invio per ..."), never "Di' ..."."""
    game = started(tmp_path)
    try:
        game.press("?")
        keys = game.until("esci.")
        assert "inizia la partita" not in keys and "estremi" in keys  # the game's keys now
        game.press("q")
        game.until(it.confirm_quit(True, it.KEYS))
        game.press("n")
        game.until(it.cancelled())
        game.press("q")
        game.until("Vuoi uscire?")  # s answers the question once it was said
        game.press("s")
        game.until(it.goodbye())
        assert game.wait() == 0
        no_word_prompt(game.transcript)
    finally:
        game.close()

    round_over = saved_position(tmp_path, Settings(), lambda m: m.round.is_over)
    assert not round_over.is_over
    game = resumed(tmp_path)
    try:
        game.until(it.next_round_prompt(it.KEYS))  # "Invio per la prossima mano."
        game.press("\r")
        game.until("Mano due.")
        game.press("q")
        game.until("Vuoi uscire?")  # s answers the question once it was said
        game.press("s")
        game.until(it.goodbye())
        no_word_prompt(game.transcript)
    finally:
        game.close()


def stuck_at_turn_start(match: Match) -> bool:
    """The player's turn begins with no tile that fits (the opponent just moved)."""
    round_ = match.round
    last = round_.history[-1]
    return (
        not round_.is_over
        and bool(round_.line)
        and not plays_of(match)
        and getattr(last, "seat", 0) != 0  # not a draw of the player's own this turn
    )


@pytest.mark.parametrize(("variant", "key_word"), [("classica", "pescare"), ("blocco", "passare")])
def test_nothing_to_play_names_the_key(variant: str, key_word: str, tmp_path: Path) -> None:
    """The turn that starts with nothing to play once said "pesca" / "passa" in key mode."""
    saved_position(tmp_path, Settings(variant=variant), stuck_at_turn_start)
    game = resumed(tmp_path)
    try:
        said = game.until(f"Niente da giocare: p per {key_word}.")
        no_word_prompt(said)
        game.press("p")
        game.until("Hai pescato" if key_word == "pescare" else "Passi")
    finally:
        game.close()


def last_tile_wins_a_single_round(match: Match) -> bool:
    return not match.round.is_over and len(match.round.hands[0]) == 1 and bool(plays_of(match))


def test_the_end_of_a_match_names_its_keys(tmp_path: Path) -> None:
    match = saved_position(tmp_path, Settings(target=0), last_tile_wins_a_single_round)
    [tile] = match.round.hands[0]
    game = resumed(tmp_path)
    try:
        game.until("Tocca a te.")
        game.press(*digits(tile), "\r")
        game.until(it.match_over_prompt(it.KEYS))  # "Invio per giocare ancora, ..."
        game.press("\r")
        game.until("Mano uno.")
        no_word_prompt(game.transcript)
    finally:
        game.close()


def test_question_mark_and_f1_in_the_menu_list_the_menu_keys(tmp_path: Path) -> None:
    game = GameTerminal.start(tmp_path, "--senza-salvataggio")
    try:
        game.until(it.notice("key_mode"))
        game.quiet(0.5)
        for key in ("?", F1):
            game.press(key)
            listed = game.quiet(1.0)
            assert "inizia la partita" in listed and "variante classica" in listed, listed
            assert "estremi" not in listed and "annulla" not in listed  # not the game's keys
            assert "Non ho capito" not in listed
        game.press(" ")  # space: where we are, never "Non ho capito"
        said = game.quiet(1.0)
        assert "Variante classica, due giocatori" in said and "Non ho capito" not in said
    finally:
        game.close()


# --- 6. the resume question comes last, and stray keys ask it again ----------------------------


def test_resume_question_is_last_and_a_stray_key_asks_it_again(tmp_path: Path) -> None:
    saved_position(tmp_path, Settings(), lambda m: bool(m.round.line))
    game = GameTerminal.start(tmp_path)
    try:
        opening = game.until(RESUME)
        assert it.notice("key_mode") in opening  # the notices come before the question
        assert game.quiet(0.5).strip() in ("s per sì, n per no.", "")  # ... and nothing after
        for key in ("\r", DOWN, "z", "h", UP):
            game.press(key)
            again = game.until(it.resume_offer(it.KEYS))
            assert it.key_nothing_to_select(False) not in again and "Hai " not in again
        game.press("n")
        game.until(it.menu_prompt(it.KEYS))
    finally:
        game.close()


def test_a_latin1_terminal_types_its_accented_letters(tmp_path: Path) -> None:
    """A terminal sending Latin-1 ("ù" is one byte): the typed line still reads "più lento",
    and a lone accented byte never waits for bytes that will not come."""
    game = GameTerminal.start(tmp_path, "--senza-salvataggio")
    try:
        game.until(it.notice("key_mode"))
        game.press("/", b"pi\xf9 lento", "\r")
        game.until(it.voice_change_told("slower", voice="none"))  # --no-voice: kept for later
        game.press("q")
        game.until("Vuoi uscire?")
        game.press("/", b"s\xec", "\r")  # a whole command at the question: "/" works there too
        game.until(it.goodbye())
    finally:
        game.close()


# --- an arrow over a slow link -----------------------------------------------------------------


def slowly(game: GameTerminal, *parts: bytes, gap: float) -> None:
    """One key's bytes written *gap* seconds apart, as a slow ssh link may deliver them."""
    for part in parts:
        os.write(game.fd, part)
        time.sleep(gap)


def test_an_arrow_whose_bytes_arrive_apart_is_still_an_arrow(tmp_path: Path) -> None:
    """Over a slow link an arrow's bytes may come well over 50 ms apart: it is still the arrow,
    never Escape plus "[" (the previous message) and a letter; Escape alone still works."""
    game = started(tmp_path, "--senza-salvataggio")  # seed 4: seven tiles, the double six first
    try:
        slowly(game, b"\x1b", b"[", b"B", gap=0.15)  # down: the first tile of the hand
        first = game.until("di sette.")
        assert "doppio sei, giocabile, uno di sette." in first, first
        assert "Tocca a te" not in first  # "[" would have repeated an earlier message
        slowly(game, b"\x1b", b"O", b"B", gap=0.25)  # down, as SS3: the next tile
        assert "due di sette." in game.until("di sette.")
        slowly(game, b"\x1b[", b"B", gap=0.3)  # split after "ESC [": the third
        assert "tre di sette." in game.until("di sette.")
        assert "di sette" not in game.quiet(0.8)  # nothing more came of those bytes
        game.press("/", "pesca")
        game.press("\x1b")  # Escape alone still closes the typed line
        game.until(it.cancelled())
        game.press("\x1b")
        time.sleep(0.1)
        game.press("c")  # a key typed just after Escape is that key: the ends
        game.until(it.empty_table())
        game.press("q")
        game.until("Vuoi uscire?")
        game.press("s")
        game.until(it.goodbye())
    finally:
        game.close()


def test_a_line_typed_while_stopped_by_sigstop_is_said_and_never_carried_out(
    tmp_path: Path,
) -> None:
    """Line mode, stopped by SIGSTOP: the terminal echoed "gioca sei sei" typed meanwhile and
    kept it, and at SIGCONT the game read it and played the double six, though the player had
    heard nothing since the stop. As in key mode it is dropped; being shown on the screen, it
    is also said to be dropped, once, before where the player is; lines typed afterwards play."""
    game = GameTerminal.start(tmp_path, "--seme", "4", "--senza-salvataggio", "--righe")
    try:
        game.until(it.notice("keyboard_mode"))
        game.press("inizia\r")
        game.until("Tocca a te.")
        for _ in range(3):  # a race: each time the old code could lose it
            os.kill(game.pid, signal.SIGSTOP)
            time.sleep(0.2)
            game.press("gioca sei sei\r")  # typed while stopped
            os.kill(game.pid, signal.SIGCONT)
            said = game.until("Tocca a te.")
            assert it.back_in_game() in said, said
            assert said.count(it.typed_while_stopped_dropped()) == 1, said
            assert "Doppio sei." not in said + game.quiet(0.5), said
        game.press("gioca sei sei\r")  # typed now: carried out
        assert "Doppio sei." in game.until("tocca ancora a te.")
    finally:
        game.close()
