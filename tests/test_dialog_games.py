"""Whole matches played through the dialog manager, as a player would by keyboard or voice.

Every command is Italian text; every answer is checked against the engine's state; illegal
commands must be refused with the right reason and change nothing.
"""

from __future__ import annotations

import random

import pytest
from dialog_driver import choose_action, command_for, current_match, in_play, unheld_tile
from engine_helpers import make_round, match_of, rules_for

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.menu import Table
from voicedomino.engine import Play, Side
from voicedomino.engine import save as engine_save
from voicedomino.engine.legality import playable_moves
from voicedomino.italian import messages as it
from voicedomino.italian.numbers import cardinal
from voicedomino.players import Level, Player, make_player

TABLES = [
    Table("classica", 2),
    Table("blocco", 2),
    Table("blocco", 3),
    Table("blocco", 4),
    Table("pesca", 2),
    Table("pesca", 4),
    Table("jolly", 2),
    Table("capra", 3),
    Table("capra", 4),
    Table("coppie", 4, pairs=True),
    Table("coppie", 3),
]


def quick_player(level: Level) -> Player:
    return make_player(Level.MEDIO)


def fingerprint(manager: DialogManager) -> str:
    match = current_match(manager)
    assert match is not None
    return engine_save.dumps(match)


def check_queries(manager: DialogManager) -> None:
    """Ask about the table and compare each answer with the engine's state."""
    match = current_match(manager)
    assert match is not None
    state = match.round
    before = fingerprint(manager)
    if state.head is not None and state.tail is not None:
        assert manager.handle("estremi").text == it.ends(state.head, state.tail)
        assert manager.handle("testa").text == f"In testa c'è {it.number(state.head)}."
        assert manager.handle("c").text == it.ends(state.head, state.tail)
    partner = match.rules.partner_of(0)
    counts = [
        (seat, len(hand)) for seat, hand in enumerate(state.hands) if seat not in (0, partner)
    ]
    expected = it.opponents(counts)
    if partner is not None:  # the partner is named on its own, never among the opponents
        expected += " " + it.partner_count(partner, len(state.hands[partner]))
    assert manager.handle("avversari").text == expected
    bones = manager.handle("pozzo").text
    if match.rules.boneyard_drawable:
        assert it.tiles_count(len(state.boneyard)) in bones or "vuoto" in bones
    hand_text = manager.handle("mano").text
    assert hand_text.startswith(f"Hai {it.tiles_count(len(state.hands[0]))}")
    score = manager.handle("punteggio").text
    for value in match.scores:
        assert cardinal(value) in score
    assert manager.handle("di chi è il turno").text == it.turn_of(state.to_move)
    can = manager.handle("cosa posso giocare").text
    plays = playable_moves(match.rules, state.turn(0))
    if plays:
        for tile in {p.tile for p in plays}:
            assert it.bare_tile(tile) in can
    else:
        assert can == "Non hai tessere da giocare."
    assert manager.handle("serpente").text.startswith("Serpente") or not state.line
    assert fingerprint(manager) == before, "a question changed the game"


def check_refusals(manager: DialogManager) -> None:
    match = current_match(manager)
    assert match is not None
    state = match.round
    before = fingerprint(manager)
    missing = unheld_tile(match)
    answer = manager.handle(f"gioca {it.bare_tile(missing)}")
    assert answer.text == f"Non hai {it.tile(missing)}.", answer.text
    assert answer.messages[0].cue == "invalid"
    plays = playable_moves(match.rules, state.turn(0))
    if plays:
        assert manager.handle("passo").text.startswith(("Non puoi passare", "Dopo un doppio"))
        assert manager.handle("pesca").text.startswith(("Non puoi pescare", "Dopo un doppio"))
    if state.line:
        unfit = [t for t in state.hands[0] if not match.rules.outers_any(t, state.head, state.tail)]
        if unfit:
            text = manager.handle(f"gioca {it.bare_tile(unfit[0])}").text
            assert "non si attacca" in text, text
    assert manager.handle("gioca dieci undici").text.startswith("Non ho capito")
    if match.rules.highest == 6:  # a double-nine tile at a double-six table
        assert manager.handle("gioca sette otto").text.startswith("Nel doppio sei non c'è")
    # Settings are understood, and refused with the reason: they belong to the menu.
    for setting in ("piu facile", "variante capra", "jolly si", "tre giocatori"):
        answer = manager.handle(setting)
        assert answer.text == it.settings_in_the_menu(), (setting, answer.text)
        assert answer.messages[0].cue == "invalid"
    assert fingerprint(manager) == before, "a refused command changed the game"


@pytest.mark.parametrize(
    "table", TABLES, ids=lambda t: f"{t.variant}-{t.seats}{'-pairs' if t.pairs else ''}"
)
def test_whole_match_by_voice_commands(table: Table) -> None:
    rng = random.Random(f"{table}")
    manager = DialogManager(table, computer_pause=0, seed=11, player_factory=quick_player)
    greeting = manager.start().text
    assert "Benvenuto" in greeting
    opening = manager.handle(rng.choice(("inizia", "gioca", "comincia")))
    assert opening.state_changed and current_match(manager) is not None
    checks = 0
    for _step in range(5000):
        if manager.phase is Phase.MATCH_OVER:
            break
        if manager.phase is Phase.ROUND_OVER:
            scores = manager.handle("punteggio").text
            assert scores.startswith("Punteggio")
            manager.handle(rng.choice(("continua", "avanti", "prossima mano")))
            continue
        assert in_play(manager)
        match = current_match(manager)
        assert match is not None and match.to_move == 0
        if checks < 6 and rng.random() < 0.2:
            check_queries(manager)
            check_refusals(manager)
            checks += 1
        action = choose_action(manager, rng)
        command = command_for(action, match, rng)
        before = fingerprint(manager)
        response = manager.handle(command)
        if manager.phase is Phase.CHOOSE_SIDE:
            assert response.text == it.ask_side()
            assert isinstance(action, Play) and fingerprint(manager) == before
            response = manager.handle("testa" if action.side is Side.HEAD else "coda")
        assert response.state_changed, f"{command!r} -> {response.text}"
    else:
        pytest.fail("the match did not end")
    match = current_match(manager)
    assert match is not None and match.is_over
    final = manager.handle("punteggio").text
    assert final.startswith("Punteggio")
    assert manager.handle("esci").text.startswith("Vuoi uscire")
    assert manager.handle("sì").quit
    assert checks > 0


def test_side_question_when_tile_fits_both_different_ends() -> None:
    manager = DialogManager(
        Table("blocco", 2), computer_pause=0, seed=5, player_factory=quick_player
    )
    manager.start()
    manager.handle("inizia")
    state = make_round(
        rules_for("blocco"), ["3-4 0-1 2-2", "5-5 6-6 1-1"], line="3-5 5-4", to_move=0
    )
    assert manager.session is not None
    manager.session.match = match_of(state)
    before = fingerprint(manager)
    assert manager.handle("gioca tre quattro").text == it.ask_side()
    assert fingerprint(manager) == before
    assert manager.handle("punteggio").text.endswith(it.ask_side())
    response = manager.handle("coda")
    assert response.messages[0].text == "Quattro tre, in coda."  # always with its side
    assert response.messages[0].cue == "place_tail_you"
    assert manager.session.match.round.tail == 3
