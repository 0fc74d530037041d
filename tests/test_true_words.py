"""Every word true and Italian: your own move says where it went in every mode, who had no
tiles left, which pair won, what an undo took back (a lone draw has no replies, a lead no
side), and an empty line is not scolded as "Non ho capito"."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from dialog_driver import play_scripted_match
from engine_helpers import make_round, match_of, rules_for

from voicedomino.audio.cue_names import Cue
from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.menu import Table
from voicedomino.dialog.response import Verbosity
from voicedomino.engine import Tile
from voicedomino.italian import messages as it
from voicedomino.players import Level, Player, make_player


def quick_player(level: Level) -> Player:
    return make_player(Level.MEDIO)


def playing(state_hands: list[str], line: str, verbosity: Verbosity, **kw: str) -> DialogManager:
    """A manager in a match whose round is the hand-made one (the player to move)."""
    manager = DialogManager(
        Table(kw.get("variant", "blocco"), 2), computer_pause=0, seed=5, verbosity=verbosity,
        player_factory=quick_player,
    )  # fmt: skip
    manager.start()
    manager.handle("inizia")
    assert manager.session is not None
    rules = rules_for(kw.get("variant", "blocco"))
    draws = kw.get("draws", "")
    manager.session.match = match_of(make_round(rules, state_hands, line=line, draws=draws))
    return manager


@pytest.mark.parametrize("verbosity", list(Verbosity), ids=lambda v: v.value)
def test_your_own_move_says_its_side_even_when_the_game_chose_it(verbosity: Verbosity) -> None:
    # The line shows 3 at the head and 4 at the tail: the two blank fits the tail only.
    manager = playing(["4-0 1-1 2-2", "5-5 6-6 1-6"], "3-5 5-4", verbosity)
    said = manager.handle("gioca quattro bianco").messages[0]
    assert "in coda" in said.text.lower(), said  # never the tile alone: where did it go?
    assert said.cue == "place_tail_you"


def test_revealed_hands_say_plainly_who_had_no_tiles_left() -> None:
    text = it.hands_revealed([(0, []), (1, [Tile(4, 6)]), (2, [])])
    assert "nessuna tessera" not in text
    assert "Tu non avevi più tessere" in text and "Giulia non aveva più tessere" in text


def test_a_pair_that_wins_the_match_is_named() -> None:
    manager = DialogManager(
        Table("coppie", 4, pairs=True), computer_pause=0, seed=3, player_factory=quick_player
    )
    manager.start()
    said: list[str] = []
    play_scripted_match(
        manager, ["a coppie"], 3, lambda c: said.extend(m.text for m in manager.handle(c).messages)
    )
    [won] = [line for line in said if "vinto la partita" in line]
    assert "loro!" not in won and "noi!" not in won
    assert ("Marco e Luca" in won) or ("tu e Giulia" in won), won


def test_undoing_a_lone_draw_does_not_mention_replies() -> None:
    # Classica: nothing fits 3 or 4, the draw brings the 3-6 and the turn stays with you.
    manager = playing(["0-0 1-1", "5-5 6-6 1-6"], "3-5 5-4", Verbosity.NORMAL,
                      variant="classica", draws="3-6")  # fmt: skip
    manager.handle("pesca")
    undone = manager.handle("annulla l'ultima mossa").messages[0].text
    assert undone == "Mossa annullata: la pescata. Si torna a prima."


def test_an_undone_lead_has_no_side() -> None:
    manager = DialogManager(Table(), computer_pause=0, seed=4, player_factory=quick_player)
    manager.start()
    manager.handle("inizia")  # you lead with the double six, and play again after it
    manager.handle("gioca doppio sei")
    undone = manager.handle("annulla l'ultima mossa").messages[0].text
    assert undone == "Mossa annullata: il doppio sei. Si torna a prima."


def test_an_undone_move_with_replies_says_so() -> None:
    # Marco answers the tail's blank with his six blank.
    manager = playing(["4-0 1-1 2-2", "5-5 6-6 0-6"], "3-5 5-4", Verbosity.NORMAL)
    manager.handle("gioca quattro bianco")
    undone = manager.handle("annulla l'ultima mossa").messages[0].text
    assert undone == "Mossa annullata: il quattro bianco in coda, e le risposte degli altri. " + (
        "Si torna a prima."
    )


def test_empty_lines_get_the_prompt_not_non_ho_capito(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env |= {"VOICEDOMINO_DATA_DIR": str(tmp_path / "d"), "VOICEDOMINO_CONFIG_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--righe", "--no-voice", "--tastiera",
         "--senza-salvataggio", "--seme", "4", "--pausa", "0"],
        input="\n   \ninizia\n\n\t\nesci\nsì\n", capture_output=True, text=True, env=env,
        timeout=60,
    )  # fmt: skip
    lines = result.stdout.splitlines()
    assert not any(line.startswith("Non ho capito") for line in lines), lines
    assert lines.count(it.menu_prompt()) >= 3  # the first question, then once per empty line
    assert lines.count(it.your_turn()) >= 3  # in the match: "tocca a te", with the ends
    assert result.returncode == 0


def test_a_second_undo_says_the_move_can_no_longer_be_taken_back() -> None:
    """After one undo, or for a move made before the match was resumed, the player did move:
    "there is no move of yours" would be false."""
    manager = DialogManager(
        Table("classica", 2), computer_pause=0, seed=4, player_factory=quick_player
    )
    manager.start()
    manager.handle("inizia")
    assert (
        manager.handle("annulla la mia mossa").messages[0].text == it.nothing_to_undo()
    )  # no move yet
    manager.handle("gioca sei sei")
    manager.handle("gioca sei due in testa")
    assert "annullata" in manager.handle("annulla la mia mossa").messages[0].text.lower()
    again = manager.handle("annulla la mia mossa").messages[0].text
    assert again == it.nothing_to_undo(moved=True) and again != it.nothing_to_undo(), again


def playing_to(target: int, hands: list[str], line: str) -> DialogManager:
    """A blocco match to *target* points whose round is the hand-made one (the player to move)."""
    manager = playing(hands, line, Verbosity.NORMAL)
    assert manager.session is not None
    rules = rules_for("blocco", target=target)
    manager.session.match = match_of(make_round(rules, hands, line=line), target)
    return manager


def _undo_said(manager: DialogManager) -> str:
    return " ".join(m.text for m in manager.handle("annulla l'ultima mossa").messages)


def test_undo_after_the_match_winning_move_is_refused_and_the_match_stays_won() -> None:
    """The match was scored and announced ("Hai vinto la partita!", the ranking): taking the
    move back would reopen it under the player's feet. Refused with the reason, nothing
    changes: scores, phase and the next prompt stay those of the finished match."""
    manager = playing_to(10, ["4-0", "5-5 6-6 1-6"], "3-5 5-4")
    assert manager.session is not None
    won = " ".join(m.text for m in manager.handle("gioca quattro bianco").messages)
    assert "vinto la partita" in won and manager.phase is Phase.MATCH_OVER, won
    refused = manager.handle("annulla l'ultima mossa")
    assert refused.messages[0].text == it.no_undo_match_over()
    assert refused.messages[0].cue == Cue.INVALID and not refused.state_changed
    assert "finita" in refused.messages[0].text and "nuova partita" in refused.messages[0].text
    assert manager.phase is Phase.MATCH_OVER
    view = manager.session.view()
    assert view.match_result is not None and view.scores == (29, 0)
    assert manager.handle("quanti punti ho").messages[0].text.startswith("Punteggio: tu ventinove")


def test_undo_after_a_reply_that_won_the_match_is_refused() -> None:
    """The computer's reply to the player's move ended the match: the same, the player's
    move is not taken back with the others' winning reply."""
    manager = playing_to(2, ["4-0 1-1", "0-2"], "3-5 5-4")
    assert manager.session is not None
    lost = " ".join(m.text for m in manager.handle("gioca quattro bianco").messages)
    assert "Marco" in lost and manager.phase is Phase.MATCH_OVER, lost
    assert manager.session.undoable is None and manager.session.undo() is None
    assert _undo_said(manager) == it.no_undo_match_over()
    assert manager.session.view().match_result is not None


def test_undoing_a_hand_winning_move_forgets_how_that_hand_ended() -> None:
    """A hand won and then taken back never ended: "com'è finita la mano" must not tell it,
    the scores are those before it, and playing again scores it once."""
    manager = playing(["4-0", "5-5 6-6 1-6"], "3-5 5-4", Verbosity.NORMAL)
    manager.handle("gioca quattro bianco")
    assert manager.phase is Phase.ROUND_OVER
    assert _undo_said(manager).startswith("Mossa annullata")
    assert manager.phase is Phase.PLAYING
    ended = manager.handle("com'è finita la mano").messages[0].text
    assert "Domino" not in ended and "ventinove" not in ended, ended
    assert manager.handle("quanti punti ho").messages[0].text.startswith("Punteggio: tu zero")
    manager.handle("gioca quattro bianco")
    assert manager.handle("quanti punti ho").messages[0].text.startswith("Punteggio: tu ventinove")


def test_voice_settings_without_a_voice_say_they_are_kept_for_when_it_speaks(
    tmp_path: Path,
) -> None:
    """With --muto nothing speaks: "Parlo più velocemente" would be untrue. The real program
    says the rate, volume and voice are kept for when the voice is on, and keeps them (the
    preferences file holds them), and says when a setting is already at its end."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env |= {"VOICEDOMINO_DATA_DIR": str(tmp_path / "d"), "VOICEDOMINO_CONFIG_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--righe", "--muto", "--tastiera",
         "--senza-salvataggio", "--pausa", "0"],
        input="più veloce\npiù forte\npiù forte\npiù piano\nusa la voce uno\n"
        + "più veloce\n" * 9 + "esci\n",
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    lines = result.stdout.splitlines()
    spoken = [it.slower(), it.faster(), it.louder(), it.quieter()]
    assert not set(spoken) & set(lines), lines
    assert it.voice_change_told("faster", voice="none") in lines
    assert it.voice_change_told("quieter", voice="none") in lines
    assert (
        lines.count(it.voice_change_told("louder", voice="none", changed=False)) == 1
    )  # 0.9, 1.0, then no higher
    assert it.voice_change_told("faster", voice="none", changed=False) in lines  # 400 wpm
    chosen = [line for line in lines if line.startswith("La voce è spenta: quando parlerà")]
    assert not any(line.startswith("Da ora parlo") for line in lines), lines
    kept = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert kept["rate_wpm"] == 400 and kept["volume"] < 1.0, kept
    if chosen:  # the system lists Italian voices (espeak-ng): the first one is kept
        assert kept["voice_name"] and it.voice_label(kept["voice_name"]) in chosen[0], chosen
    assert result.returncode == 0 and result.stderr == ""


def test_the_system_voices_are_named_in_italian_in_the_game(tmp_path: Path) -> None:
    """eSpeak lists its Italian voice as "Italian": the player hears it in Italian."""
    assert it.voice_label("Italian") == "italiana standard"
    assert it.voice_label("Microsoft Elsa Desktop - Italian (Italy)") == (
        "Microsoft Elsa Desktop - italiano (Italia)"
    )
    assert it.voice_label("Alice") == "Alice"
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env |= {"VOICEDOMINO_DATA_DIR": str(tmp_path / "d"), "VOICEDOMINO_CONFIG_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--righe", "--muto", "--tastiera",
         "--senza-salvataggio", "--pausa", "0"],
        input="che voci ci sono\nusa la voce uno\nesci\n", capture_output=True, text=True,
        env=env, timeout=60,
    )  # fmt: skip
    listed = [line for line in result.stdout.splitlines() if line.startswith("Voci italiane")]
    if not listed:
        pytest.skip(f"no Italian system voice listed here: {result.stdout}")
    assert "Italian" not in result.stdout, result.stdout
    assert "italiana standard" in listed[0], listed


def test_a_leader_drawn_by_lot_is_said_so_not_left_to_sound_like_the_tile() -> None:
    """With "apre un giocatore a caso" the round began "Inizia Marco, con il doppio cinque.",
    as if the double five were the reason while another player held the double six."""
    for opening, by_lot in (("apre un giocatore a caso", True), ("apre il doppio più alto", False)):
        manager = DialogManager(Table(), computer_pause=0, seed=3)
        manager.start()
        manager.handle(opening)
        said = [message.text for message in manager.handle("inizia").messages]
        started = next(text for text in said if text.startswith("Mano uno."))
        assert ("Per sorteggio" in started) is by_lot, started


RULES_TABLES = [
    Table("classica", 2, tile_set=9),
    Table("classica", 2, opening="heaviest", target=150),
    Table("blocco", 3, tile_set=9, spinner=True),
    Table("pesca", 4, tile_set=9, opening="top_double"),
    Table("jolly", 2, tile_set=9, opening="random"),
    Table("capra", 4, tile_set=9, target=0),
    Table("coppie", 4, pairs=True, tile_set=9, opening="last_winner"),
    Table("coppie", 2, tile_set=9, spinner=True, target=200),
]


@pytest.mark.parametrize("table", RULES_TABLES, ids=str)
def test_the_rules_told_are_those_of_the_table_chosen(table: Table) -> None:
    """ "regole" told the double-six deal, the variant's own opening and a hundred points
    whatever the table: ten tiles each said to be seven, 27 tiles in the boneyard said to be
    none. Each fact is compared with the engine's own match on that table."""
    from voicedomino.engine import Match
    from voicedomino.italian.numbers import cardinal

    manager = DialogManager(table, computer_pause=0, seed=3, player_factory=quick_player)
    manager.start()
    pages = manager.handle("regole").pages
    assert pages is not None
    text = " ".join(pages).lower()
    rules = table.rules()
    round_ = Match(table.settings(), seed=3).round
    each, left = len(round_.hands[0]), len(round_.boneyard) + len(getattr(round_, "out", []))
    number, seats = cardinal(each), cardinal(table.seats)
    for_all = rf"{number} tessere a testa[.;,]"  # the same deal however many play, or by count:
    for_these = rf"{number} (tessere a testa )?in ([a-z]+ o in )*{seats}\b"
    if table.variant not in ("pesca", "jolly"):  # "come il blocco", "come la pesca"
        assert re.search(for_all, text) or re.search(for_these, text), text
    if table.variant == "classica":
        assert f"le altre {cardinal(left)} nel pozzo" in text
    if table.variant == "capra" and table.seats == 4:
        assert ("non c'è pozzo" in text) == (len(round_.boneyard) == 0), text
    assert "doppio sei" not in text or rules.highest == 6
    assert ("croce" in text) == rules.spinner
    if table.opening is not None:
        assert it.opening_set(rules.opening.value, rules.highest).lower() in text
        assert "doppio bianco" not in text and "inizi tu" not in text
        assert "nella prima mano inizia chi ha il doppio" not in text
    if table.variant != "jolly":
        goal = cardinal(rules.target) if rules.target else "una sola mano"
        assert goal in text and (rules.target == 100 or not re.search(r"\bcento\b", text)), text
