"""The table options by ear (issue 21): a whole spinner match and a whole double-nine match
played through the real program in line mode, every end it says checked against the state;
the arms by voice, text and keys; "Dove?" listing only the arms a tile fits; the options in the
menu, on the command line, in the save, and said back at the start of the match."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_line_interface import run_by_keyboard
from test_table_by_ear import Played

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.menu import Table
from voicedomino.dialog.session import HUMAN_SEAT
from voicedomino.engine import Draw, Layout, Match, Play, Side, TilePlayed
from voicedomino.engine.legality import default_side, fitting_sides
from voicedomino.italian import messages as it
from voicedomino.italian.numbers import PIP_WORDS, pip_word, tile_phrase

SPOKEN_NUMBER = {"bianco": 0, **{words[0]: n for n, words in PIP_WORDS.items() if n}}
ARM_NAMES = {"testa": Side.HEAD, "coda": Side.TAIL, "sopra": Side.UP, "sotto": Side.DOWN}
NUMBER = "(" + "|".join(sorted(SPOKEN_NUMBER, key=len, reverse=True)) + ")"
# "Testa tre, coda cinque, sopra sei, sotto sei." / "Testa e coda: tre." /
# "Testa, coda, sopra e sotto: sei."
EACH_ARM = re.compile(rf"^Testa {NUMBER}, coda {NUMBER}(?:, sopra {NUMBER}, sotto {NUMBER})?\.$")
ALL_ALIKE = re.compile(rf"^(Testa e coda|Testa, coda, sopra e sotto): {NUMBER}\.$")


def spoken_ends(sentence: str) -> dict[Side, int] | None:
    """The ends a sentence says, arm by arm; None when it is not an ends sentence."""
    if match := EACH_ARM.match(sentence):
        numbers = [SPOKEN_NUMBER[w] for w in match.groups() if w is not None]
        return dict(zip((Side.HEAD, Side.TAIL, Side.UP, Side.DOWN), numbers, strict=False))
    if match := ALL_ALIKE.match(sentence):
        sides = [Side.HEAD, Side.TAIL] if match.group(1) == "Testa e coda" else list(Side)
        return dict.fromkeys(sides, SPOKEN_NUMBER[match.group(2)])
    return None


def ends_of(layout: Layout) -> dict[Side, int]:
    return dict(layout.ends())


# --- a scripted player that names arms ---------------------------------------------------


ARM_WORDS = {
    Side.HEAD: ("in testa", "a sinistra"),
    Side.TAIL: ("in coda", "a destra"),
    Side.UP: ("sopra", "in alto"),
    Side.DOWN: ("sotto", "in basso"),
}
ANSWER_WORDS = {
    Side.HEAD: ("testa",),
    Side.TAIL: ("coda",),
    Side.UP: ("sopra", "sul braccio di sopra", "in alto"),
    Side.DOWN: ("sotto", "sul braccio di sotto", "in basso"),
}
ARM_KEYS = {Side.HEAD: "t", Side.TAIL: "c", Side.UP: "a", Side.DOWN: "b"}


class Script:
    """Turns the player's chosen action into a command: by voice words or typed keys, naming
    the arm, or leaving it to "Dove?" and answering it."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.pending_side: Side | None = None  # the arm to answer "Dove?" with

    def command(self, match: Match) -> str:
        legal = match.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return "pesca" if legal == [Draw()] else "passo"
        play = max(plays, key=lambda p: (p.tile.pips, self.rng.random()))
        assert play.side is not None and play.outer is not None
        tile = play.tile
        first, second = (
            (tile.low, tile.high) if tile.is_double else (tile.other(play.outer), play.outer)
        )
        layout = match.round.layout
        if layout.is_empty:
            return f"gioca {tile_phrase(first, second)}"
        fitting = fitting_sides(match.rules, layout, tile)
        needs_arm = default_side(layout, fitting) != play.side
        roll = self.rng.random()
        if needs_arm and roll < 0.3:  # leave it to the question, and answer it
            self.pending_side = play.side
            return f"gioca {tile_phrase(first, second)}"
        if roll < 0.55:
            return f"{first}{second}{ARM_KEYS[play.side] if needs_arm else ''}"
        where = self.rng.choice(ARM_WORDS[play.side]) if needs_arm else ""
        return f"gioca {tile_phrase(first, second)} {where}".strip()

    def answer(self) -> str:
        assert self.pending_side is not None
        side, self.pending_side = self.pending_side, None
        return self.rng.choice(ANSWER_WORDS[side])


class CheckedMatch:
    """A whole match in-process, its transcript kept, each answer checked against the state."""

    def __init__(self, menu: list[str], seed: int) -> None:
        self.manager = DialogManager(Table(), computer_pause=0, seed=seed)
        self.transcript = [m.text for m in self.manager.start().messages]
        self.commands: list[str] = []
        self.script = Script(seed)
        self.ends_checked = 0
        self.asked_where = 0
        self.arms_named = 0
        for command in menu:
            self.say(command)

    @property
    def match(self) -> Match:
        assert self.manager.session is not None
        return self.manager.session.match

    def say(self, command: str) -> list[str]:
        history_before = len(self.match.round.history) if self.manager.session else 0
        round_before = self.match.round.round_number if self.manager.session else 0
        self.commands.append(command)
        said = [m.text for m in self.manager.handle(command).messages]
        self.transcript.extend(said)
        if self.manager.session is not None:
            self.check(said, history_before if self.match.round.round_number == round_before else 0)
        return said

    def check(self, said: list[str], history_before: int) -> None:
        """Every ends sentence that closes an answer is the table as it stands; every placement
        by a computer names its arm."""
        layout = self.match.round.layout
        human_to_move = self.manager.phase is Phase.PLAYING and self.match.to_move == HUMAN_SEAT
        told = [(i, spoken_ends(text)) for i, text in enumerate(said)]
        told = [(i, ends) for i, ends in told if ends is not None]
        if told and human_to_move and it.your_turn() in said[told[-1][0] :]:
            assert told[-1][1] == ends_of(layout), (said, layout)
            self.ends_checked += 1
        for event in self.match.round.history[history_before:]:
            if isinstance(event, TilePlayed) and not event.lead and event.seat != HUMAN_SEAT:
                name = f"{it.seat_name(event.seat)}, {it.bare_tile(event.tile)}, "
                placed = [text for text in said if text.startswith(name)]
                assert placed and placed[0].endswith(f", {it.side_word(event.side)}."), said
                self.arms_named += event.side in (Side.UP, Side.DOWN)

    def play_to_the_end(self) -> None:
        self.say("inizia")
        for step in range(4000):
            phase = self.manager.phase
            if phase is Phase.MATCH_OVER:
                break
            if phase is Phase.ROUND_OVER:
                self.say("continua")
                continue
            if phase is Phase.CHOOSE_SIDE:
                assert self.transcript[-1].startswith(("Dove?", "In testa o in coda?"))
                self.asked_where += 1
                self.say(self.script.answer())
                continue
            if step % 9 == 4:
                said = self.say("estremi")  # asked at any moment: the table as it stands
                layout = self.match.round.layout
                if layout.is_empty:
                    assert said == [it.empty_table()]
                else:
                    assert spoken_ends(said[-1]) == ends_of(layout), said
                    self.ends_checked += 1
                continue
            if step % 13 == 6:
                self.check_whole_table(self.say("tutto il serpente")[-1])
                continue
            self.say(self.script.command(self.match))
        assert self.manager.phase is Phase.MATCH_OVER
        for command in ("esci", "sì"):
            self.say(command)

    def check_whole_table(self, text: str) -> None:
        """ "tutto il serpente": on a spinner table the cross, then each arm from it outward."""
        layout = self.match.round.layout
        if not layout.has_spinner:
            assert text.startswith(("Serpente di", "Il tavolo è vuoto")), text
            return
        spinner = layout.spinner
        assert spinner is not None
        assert text.startswith(f"Tavolo di {it.tiles_count(len(layout))}, croce sul doppio "), text
        assert pip_word(spinner.low) in text.split(".")[0]
        for side in layout.sides():
            tiles = ", ".join(tile_phrase(a, b) for a, b in layout.arm(side)) or "niente"
            assert f"{it.side_word(side).capitalize()}: {tiles}." in text, (side, text)


def program_env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "VOICEDOMINO_DATA_DIR": str(tmp_path / "data"),
        "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "config"),
    }


WHOLE_MATCHES = {
    "spinner-blocco-4": (["blocco", "quattro giocatori", "con la croce", "facile"], 31),
    "double-nine-pesca-3": (
        ["variante pesca", "tre giocatori", "doppio nove", "facile", "a cinquanta punti"],
        47,
    ),
    "double-nine-spinner-classica": (
        ["classica", "giochiamo col doppio nove", "con lo spinner", "facile", "a cinquanta"],
        5,
    ),
}


@pytest.mark.parametrize("name", sorted(WHOLE_MATCHES))
def test_whole_match_through_the_real_program_says_every_end_right(
    name: str, tmp_path: Path
) -> None:
    menu, seed = WHOLE_MATCHES[name]
    played = CheckedMatch(menu, seed)
    played.play_to_the_end()
    rules = played.match.rules
    assert played.ends_checked > 20
    if rules.spinner:
        assert played.arms_named > 0, "computers played on sopra or sotto"
        assert played.asked_where > 0, "a tile fitting several arms was asked about"
    if rules.highest == 9:
        assert any("nove" in text for text in played.transcript)
    # The same commands through the real program, in line mode, give the same transcript.
    result = run_by_keyboard(played.commands, seed, program_env(tmp_path))
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    greeting = lines.index("Modalità tastiera: scrivi un comando e premi invio. Punto "
                           "interrogativo per l'aiuto.")  # fmt: skip
    assert lines[:greeting] + lines[greeting + 1 :] == played.transcript


# --- the arms by voice, text and keys ------------------------------------------------------


def to_a_choice_of_arms(played: Played) -> Play | None:
    """Play on until the human holds a tile fitting arms with different numbers."""
    rng = random.Random(0)
    for _ in range(200):
        view = played.view
        if view.round_result is not None:
            return None
        if view.is_my_turn and not view.layout.is_empty:
            for action in view.legal_actions():
                if isinstance(action, Play):
                    fitting = fitting_sides(view.rules, view.layout, action.tile)
                    if default_side(view.layout, fitting) is None:
                        return action
        action = rng.choice(view.legal_actions()) if view.is_my_turn else None
        if action is None:
            return None
        if isinstance(action, Play):
            a, b = action.tile.low, action.tile.high
            played(f"{a}{b}{ARM_KEYS[action.side] if action.side and view.line else ''}")
        else:
            played("pesca" if isinstance(action, Draw) else "passo")
    return None


def test_a_spinner_opens_and_the_ends_are_said_with_arm_names() -> None:
    played = Played(Table(variant="blocco", seats=2, spinner=True), seed=8)
    said = played("inizia")
    view = played.view
    assert view.layout.has_spinner, said
    spinner = view.layout.spinner
    assert spinner is not None
    assert it.spinner_opened(spinner.low) in said
    assert played("estremi").strip() == it.table_ends(view.layout.ends())
    assert played("sopra").strip() == f"Sopra c'è {it.number(view.layout.end(Side.UP))}."


def test_where_lists_only_the_arms_the_tile_fits_and_each_answer_form_places_it() -> None:
    for seed in range(40):
        played = Played(Table(variant="blocco", seats=2, spinner=True), seed=seed)
        played("inizia")
        choice = to_a_choice_of_arms(played)
        if choice is None:
            continue
        view = played.view
        fitting = fitting_sides(view.rules, view.layout, choice.tile)
        said = played(f"gioca {tile_phrase(choice.tile.low, choice.tile.high)}")
        assert played.manager.phase is Phase.CHOOSE_SIDE
        assert said.strip() == it.ask_side(sides=fitting)
        if set(fitting) - {Side.HEAD, Side.TAIL}:
            assert said.startswith("Dove? ")
            for side in set(Side) - set(fitting):
                assert it.side_word(side) not in said
        target = fitting[-1]
        before = len(view.layout)
        said = played(ANSWER_WORDS[target][-1])
        assert len(played.view.layout) >= before + 1
        placed = next(
            e
            for e in reversed(played.view.history)
            if isinstance(e, TilePlayed) and e.seat == HUMAN_SEAT
        )
        assert (placed.tile, placed.side) == (choice.tile, target), said
        return
    raise AssertionError("no deal gave a tile fitting arms with different numbers")


@pytest.mark.parametrize("form", ["gioca {a} {b} {arm}", "{a} {b} {arm}", "{keys}"])
def test_a_tile_can_be_played_on_sopra_and_sotto_by_voice_words_and_keys(form: str) -> None:
    for seed in range(60):
        played = Played(Table(variant="blocco", seats=2, spinner=True), seed=seed)
        played("inizia")
        view = played.view
        if not (view.is_my_turn and view.layout.has_spinner):
            continue
        options = [
            a
            for a in view.legal_actions()
            if isinstance(a, Play) and a.side in (Side.UP, Side.DOWN)
        ]
        if not options:
            continue
        play = options[0]
        assert play.side is not None and play.outer is not None
        a, b = play.tile.other(play.outer), play.outer
        arm = ARM_WORDS[play.side][seed % 2]
        command = form.format(
            a=pip_word(a), b=pip_word(b), arm=arm, keys=f"{a}{b}{ARM_KEYS[play.side]}"
        )
        said = played(command)
        placed = next(e for e in played.view.history if isinstance(e, TilePlayed) and not e.lead)
        assert (placed.seat, placed.tile, placed.side) == (HUMAN_SEAT, play.tile, play.side)
        assert f", {it.side_word(play.side)}." in said  # the placement names its arm
        return
    raise AssertionError("no deal let the player open sopra or sotto")


def test_sopra_on_a_line_table_says_there_is_no_such_arm() -> None:
    played = Played(Table(variant="blocco", seats=2), seed=2)
    played("inizia")
    view = played.view
    assert not view.layout.has_spinner
    assert played("sopra").strip() == it.no_such_arm(Side.UP)
    play = next((a for a in view.legal_actions() if isinstance(a, Play)), None)
    if play is not None and view.is_my_turn:
        said = played(f"{play.tile.low}{play.tile.high}a")
        assert it.no_such_arm(Side.UP) in said


def test_key_mode_reaches_every_arm_and_left_right_stay_testa_coda() -> None:
    played = Played(Table(variant="blocco", seats=2, spinner=True), seed=8)
    played("inizia")
    view = played.view
    assert view.layout.has_spinner
    assert played.press("left").strip() == it.end_value(Side.HEAD, view.layout.head)
    assert played.press("right").strip() == it.end_value(Side.TAIL, view.layout.tail)
    help_text = played.press("?")
    assert "sopra" in help_text and "sotto" in help_text


# --- the menu, the command line, the save ---------------------------------------------------


def test_menu_words_set_every_option_and_the_match_start_says_them_back() -> None:
    played = Played(Table(), seed=4)
    assert "cinquantacinque" in played("doppio nove")
    assert "croce" in played("con la croce")
    assert played("apre la tessera più pesante").strip() == "Apre la tessera più pesante."
    settings = played("impostazioni")
    assert "doppio nove" in settings and "croce" in settings and "spinner" in settings
    assert "tessera più pesante" in settings
    start = played("inizia")
    assert "Tessere fino al doppio nove. Con la croce. Apre la tessera più pesante." in start
    rules = played.manager.session.match.rules  # type: ignore[union-attr]
    assert (rules.highest, rules.spinner, rules.opening.value) == (9, True, "heaviest")
    # Saved in the table: the match resumes with its options.
    document = played.manager.save_document()
    assert document is not None and document["settings"]["tile_set"] == 9
    resumed = DialogManager(Table(), seed=4, computer_pause=0.0, saved=document)
    resumed.start()
    resumed.handle("sì")
    assert resumed.table.tile_set == 9 and resumed.table.spinner is True
    assert resumed.table.opening == "heaviest"


def test_menu_keys_choose_the_set_the_spinner_and_the_opening() -> None:
    played = Played(Table(), seed=4)
    assert "cinquantacinque" in played.press("9")
    assert "Con la croce" in played.press("d")
    opening = played.press("e")
    assert opening.strip() == "Apre il doppio più alto."
    assert "ventotto" in played.press("6")
    table = played.manager.table
    assert (table.tile_set, table.spinner, table.opening) == (6, True, "highest_double")


def test_command_line_options_choose_the_table(tmp_path: Path) -> None:
    env = program_env(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--no-voice", "--tastiera", "--righe",
         "--pausa", "0", "--seme", "3", "--variante", "coppie", "--set", "nove",
         "--spinner", "sì", "--apertura", "caso", "--livello", "facile"],
        input="impostazioni\nesci\nsì\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )  # fmt: skip
    out = result.stdout
    assert "Tessere fino al doppio nove." in out and "Apre un giocatore a caso." in out
    assert "Con la croce, cioè lo spinner" in out
    bad = subprocess.run(
        [sys.executable, "-m", "voicedomino", "--no-voice", "--set", "dodici"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert bad.returncode != 0 and "dodici" in bad.stderr


def test_a_double_nine_tile_at_a_double_six_table_is_explained() -> None:
    played = Played(Table(), seed=1)
    played("inizia")
    assert played("gioca sette nove").strip().startswith("Nel doppio sei non c'è il nove sette")
