"""The table by ear (issue 12): key mode without traps, the facts a blind player asks for,
Italian as it is said, narration that fits in few words. The real dialog and front end."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.menu import Table
from voicedomino.dialog.response import Verbosity
from voicedomino.dialog.session import HUMAN_SEAT
from voicedomino.engine import Draw, Pass, Play, Side, Tile
from voicedomino.engine import save as engine_save
from voicedomino.frontend.app import Game
from voicedomino.frontend.inbox import InputEnded, Source
from voicedomino.frontend.keys import KeyNavigator
from voicedomino.italian import messages as it
from voicedomino.italian.numbers import pip_word


class Played:
    """A game in line mode: commands in, the printed transcript out."""

    def __init__(self, table: Table | None = None, seed: int = 1, **options: object) -> None:
        self.out = io.StringIO()
        self.manager = DialogManager(table, seed=seed, computer_pause=0.0, **options)  # type: ignore[arg-type]
        self.game = Game(self.manager, NullOutput(), autosave=None, out=self.out)
        self.game._after(self.manager.start())
        self.keys = KeyNavigator(self.game)

    def said(self) -> str:
        text = self.out.getvalue()
        self.out.seek(0)
        self.out.truncate()
        return text

    def __call__(self, command: str) -> str:
        self.said()
        self.game.handle(command)
        return self.said()

    def press(self, *names: str) -> str:
        self.said()
        for name in names:
            self.keys.press(name)
        return self.said()

    @property
    def view(self):  # type: ignore[no-untyped-def]
        view = self.manager.view()
        assert view is not None
        return view


def _to_human_turn_with(played: Played, wanted: object, limit: int = 60) -> bool:
    """Play on (first legal action) until `wanted(view)` holds at the human's turn."""
    for _ in range(limit):
        if played.manager.phase is Phase.ROUND_OVER:
            played("continua")
            continue
        if played.manager.phase is not Phase.PLAYING:
            return False
        view = played.view
        if wanted(view):  # type: ignore[operator]
            return True
        action = view.legal_actions()[0]
        if isinstance(action, Play):
            key = "t" if action.side is Side.HEAD else "c"
            played(f"{action.tile.high}{action.tile.low}{key if view.line else ''}")
        else:
            played("p")
    return False


# --- key mode -----------------------------------------------------------------------------


def test_first_down_arrow_selects_the_first_tile() -> None:
    played = Played(Table("blocco", 2), seed=4)
    played("inizia")
    hand = sorted(played.view.hand, key=lambda t: (t.high, t.low), reverse=True)
    said = played.press("down")
    assert it.bare_tile(hand[0]) in said
    assert played.keys.selected == hand[0]


def test_enter_never_plays_a_tile_not_announced_this_turn() -> None:
    played = Played(Table("blocco", 2), seed=21)
    played("inizia")
    assert _to_human_turn_with(played, lambda v: len(v.legal_actions()) >= 1 and v.line)
    played.press("z")  # announce a playable tile, then play it by keys
    selected = played.keys.selected
    assert selected is not None
    before = engine_save.to_document(played.manager.session.match)  # type: ignore[union-attr]
    played.press("enter")
    after_first = engine_save.to_document(played.manager.session.match)  # type: ignore[union-attr]
    assert after_first != before
    if played.manager.phase is not Phase.PLAYING or not played.view.is_my_turn:
        pytest.skip("the round ended on that move")
    # A new turn: Enter announces a tile instead of playing one the player never heard.
    said = played.press("enter")
    assert engine_save.to_document(played.manager.session.match) == after_first  # type: ignore[union-attr]
    assert said.strip()
    assert played.keys.selected is not None and played.keys.selected in played.view.hand


def test_in_the_side_question_t_and_c_mean_testa_and_coda() -> None:
    played = Played(Table("classica", 2), seed=3)
    played("inizia")
    found = _to_human_turn_with(
        played,
        lambda v: (
            v.head != v.tail
            and any(
                len({a.side for a in v.legal_actions() if isinstance(a, Play) and a.tile == t}) == 2
                for t in v.hand
            )
        ),
    )
    if not found:
        pytest.skip("no tile fitting both ends in this deal")
    view = played.view
    tile = next(
        t
        for t in view.hand
        if len({a.side for a in view.legal_actions() if isinstance(a, Play) and a.tile == t}) == 2
    )
    played(f"{tile.high}{tile.low}")
    assert played.manager.phase is Phase.CHOOSE_SIDE
    played.press("c")
    assert played.manager.phase is not Phase.CHOOSE_SIDE
    assert tile not in played.view.hand


def test_menu_choices_by_single_keys_and_phase_help() -> None:
    played = Played()
    played.press("b")
    assert played.manager.table.variant == "blocco"
    played.press("3")
    assert played.manager.table.seats == 3
    played.press("l")
    assert played.manager.table.level == "difficile"
    help_text = played.press("?")
    assert "Tasti adesso" in help_text and "variante classica, blocco" in help_text
    played.press("enter")
    assert played.manager.phase is Phase.PLAYING
    help_text = played.press("?")
    assert "frecce su e giù" in help_text and "Esc" in help_text and "barra" in help_text


def test_typing_after_slash_echoes() -> None:
    played = Played()
    said = played.press("/", "a", "i", "u", "t", "o")
    assert "aiuto" in said.replace(it.key_line_prompt(), "")


def test_history_and_rate_keys() -> None:
    played = Played()
    rate = played.game.output.rate
    played.press("+")
    assert played.game.output.rate > rate
    played("impostazioni")
    said = played.press("[")
    assert said.strip()


def test_key_mode_notice_comes_after_the_greeting() -> None:
    out = io.StringIO()
    manager = DialogManager(computer_pause=0.0)
    game = Game(manager, NullOutput(), autosave=None, out=out)
    game.notice("key_mode")  # said by the key reader before the loop starts
    game.submit(InputEnded(Source.KEYBOARD))
    game.run()
    lines = out.getvalue().splitlines()
    assert lines[0] == it.welcome()
    # the notices after the greeting, the question last: the player answers what was asked last
    assert lines.index(it.notice("key_mode")) == 1
    assert lines.index(it.notice("key_mode")) < lines.index(it.menu_prompt())


# --- bugs of the conversation ---------------------------------------------------------------


def test_p_when_a_tile_must_be_played_names_every_playable_tile_with_the_right_verb() -> None:
    played = Played(Table("classica", 2), seed=11)
    played("inizia")
    assert _to_human_turn_with(
        played,
        lambda v: v.line and len({a.tile for a in v.legal_actions() if isinstance(a, Play)}) > 1,
    )
    said = played("p")
    assert "Non puoi pescare né passare" in said
    tiles = {a.tile for a in played.view.legal_actions() if isinstance(a, Play)}
    assert all(it.bare_tile(t) in said for t in tiles)


def test_wildcard_choice_is_said_back_in_settings_and_at_the_start() -> None:
    played = Played()
    played("con jolly")
    assert "bianco jolly" in played("impostazioni")
    assert "bianco jolly" in played("inizia")


def test_normal_verbosity_can_be_chosen_again() -> None:
    played = Played()
    played("breve")
    assert played.manager.verbosity is Verbosity.BRIEF
    assert "normali" in played("normale")
    assert played.manager.verbosity is Verbosity.NORMAL


def _one_fitting(view) -> tuple[int, Side, Tile] | None:  # type: ignore[no-untyped-def]
    """A number and an end where exactly one tile of the hand with that number fits."""
    if not view.line:
        return None
    for number in range(7):
        for side in Side:
            tiles = {
                a.tile
                for a in view.legal_actions()
                if isinstance(a, Play) and a.side is side and a.tile.has(number)
            }
            if len(tiles) == 1:
                return number, side, tiles.pop()
    return None


def test_a_number_with_a_side_plays_the_one_tile_that_fits_there() -> None:
    played = Played(Table("classica", 2), seed=5)
    played("inizia")
    assert _to_human_turn_with(played, lambda v: _one_fitting(v) is not None)
    found = _one_fitting(played.view)
    assert found is not None
    number, side, tile = found
    where = "in testa" if side is Side.HEAD else "in coda"
    played(f"gioca il {pip_word(number)} {where}")
    assert tile not in played.view.hand or played.view.round_result is not None


def test_resume_during_a_bonus_turn_says_it_is_your_turn() -> None:
    played = Played(Table("classica", 2), seed=2)
    played("inizia")
    assert _to_human_turn_with(
        played,
        lambda v: (
            any(isinstance(a, Play) and a.tile.is_double for a in v.legal_actions()) and v.line
        ),
    )
    view = played.view
    double = next(a for a in view.legal_actions() if isinstance(a, Play) and a.tile.is_double)
    played(f"{double.tile.high}{double.tile.low}{'t' if double.side is Side.HEAD else 'c'}")
    if not played.view.bonus_turn:
        pytest.skip("no bonus turn after that double")
    document = played.manager.save_document()
    resumed = Played(saved=document)
    said = resumed("si")
    assert it.your_turn() in said


def test_players_chosen_before_the_variant_are_kept() -> None:
    played = Played()
    said = played("quattro giocatori")
    assert "terrò quattro giocatori" in said
    said = played("blocco")
    assert played.manager.table.seats == 4 and "quattro" in said
    said = played("jolly")
    assert played.manager.table.seats == 2 and "si gioca in due" in said


def test_italian_wording() -> None:
    assert "Con l'uno" in it.hand([], [(1, [Tile.of(1, 0)])])
    assert "al primo posto Giulia" in it.ranking(["Giulia", "tu"], [10, 20])
    assert it.round_blocked().startswith("Mano bloccata")
    assert it.match_won("Marco") == "Marco ha vinto la partita!"
    assert it.match_won("tu") == "Hai vinto la partita!"


def test_no_english_log_line_reaches_the_terminal(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "VOICEDOMINO_DATA_DIR": str(tmp_path / "data"),
        "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "config"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "PULSE_SERVER": "unix:/nonexistent",  # no sound: the output logs a warning
    }
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--righe", "--tastiera", "--pausa", "0"],
        input="esci\nsi\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0
    assert "WARNING" not in result.stderr and "voicedomino." not in result.stderr
    assert "WARNING" not in result.stdout


# --- facts on request -----------------------------------------------------------------------


def test_ends_after_every_placement_the_players_own_included() -> None:
    played = Played(Table("classica", 2), seed=8)
    played("inizia")
    assert _to_human_turn_with(played, lambda v: bool(v.line) and len(v.legal_actions()) > 0)
    action = played.view.legal_actions()[0]
    if not isinstance(action, Play):
        pytest.skip("no play")
    said = played(f"{action.tile.high}{action.tile.low}{'t' if action.side is Side.HEAD else 'c'}")
    if played.view.is_my_turn and played.view.round_result is None:
        assert "Testa" in said


def test_per_number_whole_line_since_my_turn_and_rules() -> None:
    played = Played(Table("pesca", 3), seed=4)
    played("inizia")
    assert _to_human_turn_with(played, lambda v: len(v.line) >= 2)
    said = played("quanti sei sono usciti")
    assert "Tessere con il sei" in said and "non ancora viste" in said
    said = played("quali bianchi mancano")
    assert "bianco" in said
    line = played.view.line
    said = played("tutto il serpente")
    assert it.tiles_count(len(line)) in said and "poi altre" not in said
    said = played("serpente dalla coda")
    assert "dalla coda alla testa" in said
    said = played("cosa è successo")
    assert said.strip()
    said = played("spiegami le regole")
    pages = it.rules("pesca")
    assert pages[0] in said
    assert pages[1] in played("successivo")


def test_pairs_partner_named_and_never_among_opponents() -> None:
    played = Played(Table("coppie", 4, pairs=True), seed=3)
    said = played("inizia")
    assert "Giochi in coppia con Giulia" in said
    said = played("avversari")
    assert said.startswith("Marco ha") and "La tua compagna Giulia" in said
    assert "Giulia ha" not in said.split(".")[0]
    assert "La tua compagna Giulia ha" in played("la mia compagna")
    assert "noi, tu e Giulia" in played("punteggio")


def test_turn_order_said_at_the_start_of_each_round_with_three_or_four_seats() -> None:
    said = Played(Table("blocco", 4), seed=3)("inizia")
    assert "Ordine di gioco" in said
    assert "Ordine di gioco" not in Played(Table("classica", 2), seed=3)("inizia")


def test_last_round_summary_reveals_every_hand() -> None:
    played = Played(Table("blocco", 2), seed=6)
    played("inizia")
    for _ in range(80):
        if played.manager.phase is Phase.ROUND_OVER:
            break
        _to_human_turn_with(played, lambda v: False, limit=1)
    if played.manager.phase is not Phase.ROUND_OVER:
        pytest.skip("round did not end")
    said = played("com'è finita la mano")
    assert ("Tu avevi" in said or "Tu non avevi più tessere" in said) and "Marco " in said
    assert "nessuna tessera" not in said  # "Marco aveva nessuna tessera" is not Italian


def test_forced_moves_are_automatic_in_brief_mode() -> None:
    played = Played(Table("pesca", 2), seed=9, verbosity=Verbosity.BRIEF)
    played("inizia")
    for _ in range(40):
        view = played.view
        if played.manager.phase is not Phase.PLAYING:
            break
        legal = view.legal_actions()
        assert not (view.is_my_turn and len(legal) == 1 and isinstance(legal[0], Draw | Pass)), (
            "a forced move was left to the player in brief mode"
        )
        action = legal[0]
        if isinstance(action, Play):
            played(f"{action.tile.high}{action.tile.low}{'t' if action.side is Side.HEAD else 'c'}")
        else:
            played("p")


def test_four_seat_turn_narration_is_compact() -> None:
    played = Played(Table("blocco", 4), seed=2)
    played("inizia")
    words = []
    for _ in range(3):
        view = played.view
        if not view.is_my_turn or played.manager.phase is not Phase.PLAYING:
            break
        action = view.legal_actions()[0]
        if isinstance(action, Play):
            said = played(
                f"{action.tile.high}{action.tile.low}{'t' if action.side is Side.HEAD else 'c'}"
            )
        else:
            said = played("p")
        if played.manager.phase is Phase.PLAYING:
            words.append(len(said.split()))
    assert words and max(words) <= 34  # the mean is measured by benchmarks/bench_words.py
    assert HUMAN_SEAT == 0
