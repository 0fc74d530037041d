"""The sentence decoder's prior: every command its fair share, whatever its number of phrasings
(voice.PRIOR_STRENGTH 1, the game's).

With every sentence equally likely, the tile moves (28 tiles, two ends, dozens of phrasings
each) took four fifths of the prior, and in a busy or reverberant room a menu command or a
question was heard as a tile move. Checked on the grammar's own sentences, on the graph Vosk
decodes with, and with the real recogniser (the Korean stand-in) on commands said in babble
and in a reverberant room that the equal graph mishears.
"""

from __future__ import annotations

import dataclasses
import io
import math
from collections import defaultdict

import home_corpus as home
import numpy as np
import pytest
from korean_speech import KO_MODEL_PATH, Int16, ko_model
from korean_standin import game_standin, say

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.intents import Intent, PlayTile
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.dialog.parser import sentence_table
from voicedomino.frontend.app import Game
from voicedomino.frontend.voice import (
    TableShape,
    VoiceInput,
    sentence_priors,
    table_priors,
    table_sentences,
)
from voicedomino.speech import sentence_graph
from voicedomino.speech.recognizer import Evidence, SpeechRecognizer

DOUBLE_SIX = TableShape(6, False)
_FRAME = 3200  # bytes: 0.1 s of 16 kHz int16


def shares_by(weights: dict[str, float], key: object) -> dict[object, float]:
    table = sentence_table()
    totals: dict[object, float] = defaultdict(float)
    for sentence, weight in weights.items():
        totals[key(table[sentence].intent)] += weight  # type: ignore[operator]
    return totals


def kind(intent: Intent | None) -> str:
    return type(intent).__name__


def test_each_kind_of_command_has_an_equal_share_split_over_its_meanings_and_phrasings() -> None:
    sentences = table_sentences(DOUBLE_SIX)
    weights = sentence_priors(sentences, "type-value", strength=1.0)
    assert table_priors(DOUBLE_SIX) == sentence_priors(sentences)  # the game's own
    assert set(weights) == set(sentences)  # nothing the table takes is left out
    assert sum(weights.values()) == pytest.approx(1.0)
    kinds = shares_by(weights, kind)
    assert len(kinds) > 20
    for share in kinds.values():
        assert share == pytest.approx(1 / len(kinds))
    tile_sentences = sum(isinstance(sentence_table()[s].intent, PlayTile) for s in sentences)
    assert tile_sentences > 0.7 * len(sentences)  # what the equal prior gave the tile moves
    # Within a kind each meaning has the same share, within a meaning each phrasing.
    meanings = shares_by(weights, lambda intent: (kind(intent), intent))
    for (name, _), share in meanings.items():
        count = sum(1 for other, _ in meanings if other == name)
        assert share == pytest.approx(kinds[name] / count)
    table = sentence_table()
    phrasings: dict[object, int] = defaultdict(int)
    for sentence in weights:
        phrasings[table[sentence].intent] += 1
    for sentence, weight in weights.items():
        meaning = table[sentence].intent
        assert weight == pytest.approx(meanings[(kind(meaning), meaning)] / phrasings[meaning])


def test_the_shares_can_be_by_kind_or_by_meaning_alone_and_tempered() -> None:
    sentences = table_sentences(DOUBLE_SIX)
    by_kind = shares_by(sentence_priors(sentences, "type", strength=1.0), kind)
    assert len(set(round(share, 12) for share in by_kind.values())) == 1
    by_meaning = shares_by(sentence_priors(sentences, "value", 1.0), lambda intent: intent)
    assert len(set(round(share, 12) for share in by_meaning.values())) == 1
    fair = sentence_priors(sentences, strength=1.0)
    half = sentence_priors(sentences, strength=0.5)
    assert all(half[s] == pytest.approx(fair[s] ** 0.5) for s in sentences)
    assert len(set(sentence_priors(sentences, strength=0.0).values())) == 1  # all alike
    with pytest.raises(ValueError):
        sentence_priors(sentences, "words")


def test_the_decoder_s_graph_costs_each_sentence_its_prior() -> None:
    """The graph Vosk decodes with, from the stand-in's model numbers: a sentence's path costs
    minus the log of its prior, so "pesca" costs less than with every sentence alike and a
    tile move more."""
    standin = game_standin()
    fair = sentence_priors(table_sentences(DOUBLE_SIX), strength=1.0)
    weights = {standin.korean(s): w for s, w in fair.items()}
    graph = sentence_graph.sentence_graph(weights, ko_model().vosk_model_find_word, weights=weights)
    equal = math.log(len(weights))
    for italian in ("pesca", "aiuto", "esci dal tavolo", "gioca sei e cinque a destra"):
        phrase = standin.korean(italian)
        state, cost = 0, 0.0
        for word in phrase.split():
            arc = next(a for a in graph.states[state].arcs if a.word == graph.words[word])
            cost, state = cost + arc.cost, arc.target
        cost += graph.states[state].final_cost
        assert cost == pytest.approx(-math.log(weights[phrase]), abs=1e-4)
        assert cost > equal if italian.startswith("gioca") else cost < equal


def recogniser(shape: TableShape, priors: bool) -> SpeechRecognizer:
    """The real recogniser on the stand-in of a table's sentences, with the game's priors or
    with every sentence alike (as before them); new, so that no earlier utterance has adapted
    it."""
    standin = game_standin()
    if priors:
        fair = sentence_priors(table_sentences(shape), strength=1.0)
        weights = {standin.korean(s): w for s, w in fair.items()}
        return SpeechRecognizer(ko_model(), weights, model_path=KO_MODEL_PATH)
    return SpeechRecognizer(
        ko_model(), standin.sentences(table_sentences(shape)), model_path=KO_MODEL_PATH
    )


def heard(recognizer: SpeechRecognizer, audio: Int16) -> list[str]:
    standin = game_standin()
    silence = np.zeros(8000, dtype=np.int16)
    data = np.concatenate([silence, audio, silence, silence]).tobytes()
    results = [
        u for i in range(0, len(data), _FRAME) if (u := recognizer.accept(data[i : i + _FRAME]))
    ]
    results.append(recognizer.finish())
    return [standin.italian(u.sentence) for u in results if u.sentence]


def in_babble(italian: str) -> Int16:
    """Three to six people talking 20 dB under the player, all through the command."""
    standin = game_standin()
    voice = say(italian, 175, standin)
    talk = home.babble(len(voice) / 16000 + 1.0, 7, standin, home.voiced_rms(voice) / 10)
    return np.clip(voice.astype(np.int32) + talk[: len(voice)], -32768, 32767).astype(np.int16)


MENU_AND_QUESTIONS = (
    "esci dal tavolo", "aiuto", "basta cosi", "leggimi il tavolo", "pesca", "passo", "ripeti",
    "vorrei giocare in rete", "prossima mano", "quanti punti ho",
    "che numeri ci sono alle estremita", "nuova partita", "cosa posso fare", "pesco dal mucchio",
    "torna indietro", "ho sbagliato", "mano successiva", "riapri il tavolo", "grazie",
    "livello piu difficile",
)  # fmt: skip
TILE_MOVES = ("gioca sei e cinque a destra", "metti il doppio sei")


def test_in_babble_the_priors_hear_more_commands_and_still_the_tile_moves() -> None:
    """Twenty commands and questions that are no tile move, said in babble 20 dB under the
    player: with every sentence alike 10 to 12 were heard (the others as nothing, or as
    another command: "basta così" as "a centouno punti"), with the priors 13. The order is
    fixed (the recogniser adapts to what it heard before)."""
    said = [in_babble(command) for command in (*MENU_AND_QUESTIONS, *TILE_MOVES)]
    right: dict[bool, list[str]] = {}
    for priors in (False, True):
        recognizer = recogniser(DOUBLE_SIX, priors)
        right[priors] = [
            command
            for command, audio in zip((*MENU_AND_QUESTIONS, *TILE_MOVES), said, strict=True)
            if heard(recognizer, audio) == [command]
        ]
    menu = {
        priors: [c for c in heard_right if c not in TILE_MOVES]
        for priors, heard_right in right.items()
    }
    # 13 alone; in the whole suite run in parallel 11 was seen once (cause not found): the
    # comparisons below are the behaviour, the count only keeps it from collapsing.
    assert len(menu[True]) >= 10, right
    assert len(menu[True]) >= len(menu[False]), right
    assert set(menu[True]) - set(menu[False]), right  # "basta così", "esci dal tavolo"
    assert set(TILE_MOVES) <= set(right[True]), right


def test_the_game_s_voice_input_listens_with_the_priors() -> None:
    """VoiceInput's own narrowing (the grammar the dialog accepts) gives the priors."""
    game = Game(DialogManager(Table(), computer_pause=0, seed=5), NullOutput(), autosave=None,
                out=io.StringIO())  # fmt: skip
    voice = VoiceInput(
        game, game.output, model_path=KO_MODEL_PATH, audio_in=None, realtime=False,
        barge_in=False, input_device=None, fallback_notice=None,
    )  # fmt: skip
    assert voice.narrowing is not None
    assert voice.narrowing(DOUBLE_SIX) == table_priors(DOUBLE_SIX)


def test_menu_commands_the_real_recogniser_mends_in_babble_are_no_weak_guess_for_the_gate() -> None:
    """The gate's guard against talk mended into a menu command (attention.WEAK_GUESS_MARGIN)
    keeps the player's menu commands: said in babble and heard right only by the sentence
    decoder (the decoders disagree), their real evidence still gets an answer in a window."""
    from test_attention import Table

    recognizer = recogniser(DOUBLE_SIX, True)
    standin = game_standin()
    silence = np.zeros(8000, dtype=np.int16)
    mended = []
    for command in MENU_AND_QUESTIONS:
        data = np.concatenate([silence, in_babble(command), silence, silence]).tobytes()
        results = [
            u for i in range(0, len(data), _FRAME) if (u := recognizer.accept(data[i : i + _FRAME]))
        ]
        results.append(recognizer.finish())
        for utterance in results:
            evidence = utterance.evidence
            if (
                utterance.sentence
                and standin.italian(utterance.sentence) == command
                and evidence is not None
                and not evidence.agreed
                and evidence.margin is not None
            ):
                mended.append((command, utterance.confidence, evidence))
    assert len(mended) >= 3, mended

    def answer(command: str, confidence: float | None, evidence: Evidence) -> str:
        table = Table()
        table.type("inizia")
        table.gate.open_window()
        table.said()
        table.hear(command, confidence=confidence, evidence=evidence)
        return table.said()

    answered = 0
    for command, confidence, evidence in mended:
        clear = dataclasses.replace(evidence, margin=-100.0)  # far over the free words
        said = answer(command, confidence, evidence)
        assert said == answer(command, confidence, clear), (command, evidence)
        answered += said != ""
    assert answered >= 2, mended
