"""A resumed match is told as it stands: what the others did since the player's last move
(the game may have been killed, or left, before it said them), and how the last hand ended,
never "no hand has ended yet" in a match whose hands have.

The real program in line mode resumes a position the engine reached and saved
(tests/pty_terminal.saved_position).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pty_terminal import saved_position

from voicedomino.dialog import answers
from voicedomino.engine import Match, Settings, TilePlayed
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import SAVE_NAME


def resumed_with(tmp_path: Path, *lines: str) -> str:
    """What the game shows when it resumes the saved match and hears *lines*, then quits."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env |= {"VOICEDOMINO_DATA_DIR": str(tmp_path / "data"), "VOICEDOMINO_CONFIG_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--righe", "--muto", "--tastiera", "--pausa", "0"],
        input="\n".join(["sì", *lines, "esci", "sì", ""]), capture_output=True, text=True,
        env=env, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return result.stdout


def others_moved_last_in_a_later_hand(match: Match) -> bool:
    played = [e for e in match.round.history if isinstance(e, TilePlayed)]
    return match.round.round_number > 1 and bool(played) and played[-1].seat != 0


def test_the_others_moves_since_your_last_one_are_said_on_resume(tmp_path: Path) -> None:
    match = saved_position(tmp_path, Settings(), others_moved_last_in_a_later_hand)
    view = match.view(0)
    told = resumed_with(tmp_path, "com'è finita la mano", "chi ha vinto")
    resume = told.split(it.resumed())[1]
    assert answers.last_move(view) in resume.split(it.your_turn())[0], resume  # before the turn
    for asked in (it.no_round_finished(), it.nobody_won_yet()):  # hands have ended
        assert asked not in told, told
    assert told.count(answers.scores(view)) >= 3  # on resume, then with each answer


def test_a_match_saved_at_a_finished_hand_tells_how_it_ended(tmp_path: Path) -> None:
    saved_position(tmp_path, Settings(), lambda match: match.round.is_over)
    told = resumed_with(tmp_path, "com'è finita la mano")
    resume = told.split(it.resumed())[1]
    ended = resume.split(it.next_round_prompt())[0]
    assert "punti" in ended and "Marco" in ended, resume  # who won, the points, the hands
    assert it.no_round_finished() not in told, told


def test_leaving_at_the_resume_question_says_the_saved_match_is_kept(tmp_path: Path) -> None:
    """The input ends (Ctrl-D) while "vuoi riprenderla?" waits: the match is neither resumed
    nor set aside, and the player is told it is still there, not a bare goodbye."""
    saved_position(tmp_path, Settings(), lambda match: match.round.round_number > 1)
    save = tmp_path / "data" / SAVE_NAME
    before = save.read_bytes()
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env |= {"VOICEDOMINO_DATA_DIR": str(tmp_path / "data"), "VOICEDOMINO_CONFIG_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--righe", "--muto", "--tastiera"],
        input="", capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    lines = result.stdout.splitlines()
    assert lines[-2:] == [it.saved_match_kept(), it.goodbye()], lines
    assert save.read_bytes() == before
