"""The voice path understands what the text path does: words that make no grammar sentence.

The recogniser listens for the grammar's sentences; when what was said is none of them, its
word list still hears the words ("passo, non ho niente"). Those free words are understood as
typed text is, and handed to the game unsure, so what changes the game is read back and waits
for "sì" (frontend/attention.py). Real parts: the Korean stand-in of the Italian grammar said
by espeak-ng, through the project's recogniser (tests/korean_standin.py).
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from korean_standin import StandIn, game_standin, heard_in_italian, korean_recognizer

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.intents import Ask, AskPlayer, PassTurn, Query, SetPlayers
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.dialog.parser import grammar_sentences, vocabulary
from voicedomino.frontend.app import Game
from voicedomino.frontend.attention import DEFAULT_MIN_CONFIDENCE
from voicedomino.frontend.inbox import Spoken
from voicedomino.frontend.voice import FREE_WORDS_CONFIDENCE, deliver
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance


def quiet_game() -> Game:
    manager = DialogManager(Table(), computer_pause=0, seed=5)
    return Game(manager, NullOutput(), autosave=None, out=io.StringIO())


def spoken_items(game: Game) -> list[Spoken]:
    items = []
    while not game.inbox.empty():
        item = game.inbox.get_nowait()
        if isinstance(item, Spoken):
            items.append(item)
    return items


@pytest.fixture(scope="module")
def recognizer() -> SpeechRecognizer:
    return korean_recognizer()


def heard_as_the_game_gets_it(
    recognizer: SpeechRecognizer, standin: StandIn, italian: str
) -> list[Spoken]:
    """`italian` said through the stand-in; every result mapped back to Italian, delivered."""
    game = quiet_game()
    for utterance in heard_in_italian(recognizer, italian, standin):
        deliver(game, utterance)
    return [s for s in spoken_items(game) if s.heard is not None]


@pytest.mark.parametrize(
    ("italian", "meaning"),
    [
        ("passo non ho niente", PassTurn()),
        ("mettiamo tre giocatori", SetPlayers(3)),
        ("quali tessere posso giocare adesso", Ask(Query.PLAYABLE)),
    ],
)
def test_free_words_are_understood_and_never_sure(
    recognizer: SpeechRecognizer, italian: str, meaning: object
) -> None:
    assert set(italian.split()) <= vocabulary()  # words the recogniser knows...
    assert italian not in grammar_sentences()  # ...in no sentence of its grammar
    understood = heard_as_the_game_gets_it(recognizer, game_standin(), italian)
    assert [s.heard.intent for s in understood if s.heard] == [meaning]
    confidence = understood[0].confidence
    assert confidence is not None and confidence <= FREE_WORDS_CONFIDENCE
    assert FREE_WORDS_CONFIDENCE < DEFAULT_MIN_CONFIDENCE  # the gate reads it back, asks "sì"


def delivered(**fields: Any) -> Spoken:
    game = quiet_game()
    text = fields.pop("text", "")
    deliver(game, Utterance(text, fields.pop("confidence", 0.9), [], **fields))
    (spoken,) = spoken_items(game)
    return spoken


def test_a_grammar_sentence_is_looked_up_as_before() -> None:
    spoken = delivered(text="quante tessere ha marco", sentence="quante tessere ha marco")
    assert spoken.heard is not None and spoken.heard.intent == AskPlayer(1)
    assert spoken.confidence == 0.9  # a sentence keeps the recogniser's confidence


def test_free_words_that_are_no_command_stay_not_understood() -> None:
    for chatter in ("il mio gatto gioca sempre", "non passo", "marco ha detto passo"):
        spoken = delivered(text="tre cinque", understood=False, free_text=chatter)
        assert spoken.heard is None, chatter


def test_free_words_with_the_attention_word_are_addressed() -> None:
    spoken = delivered(text="", understood=False, free_text="domino quanti punti ho fatto")
    assert spoken.heard is not None
    assert (spoken.heard.intent, spoken.heard.addressed) == (Ask(Query.SCORE), True)
    assert spoken.confidence == FREE_WORDS_CONFIDENCE


def test_one_or_two_free_words_are_too_few() -> None:
    """A sound of the room is easily taken for a word or two ("destra", "e quattro")."""
    for few in ("destra", "e quattro", "pesco ancora"):
        assert delivered(text="", understood=False, free_text=few).heard is None, few
