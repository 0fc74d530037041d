"""The recogniser narrowed to the table: only moves of the table's set and arms are heard.

On a double-six table without spinner, "gioca nove e uno in basso" cannot be a command; in
noise such sentences were most of the wrong ones heard. The narrowing must never lose a
command the table can take: checked against the engine's own set and arms for every sentence
of the grammar, and with the real recogniser (the Korean stand-in) on real audio.
"""

from __future__ import annotations

import io
import time
from pathlib import Path

import numpy as np
import pytest
from korean_speech import KO_MODEL_PATH, ko_model, write_wav
from korean_standin import game_recognizer_sentences, game_standin, say

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.intents import AskNumber, PlayNumber, PlayTile, SideWord
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.dialog.parser import parse, sentence_table
from voicedomino.engine import Side
from voicedomino.frontend.app import Game
from voicedomino.frontend.voice import TableShape, VoiceInput, table_sentences, table_shape
from voicedomino.speech.recognizer import SpeechRecognizer

SHAPES = [TableShape(highest, spinner) for highest in (6, 9) for spinner in (False, True)]
_FRAME = 3200  # bytes: 0.1 s of 16 kHz int16


def engine_takes(table: Table, intent: object) -> bool:
    """Whether the engine's rules for `table` have the tile, number and arm the intent names
    (an independent statement of what the narrowing must keep)."""
    rules = table.rules()
    numbers = {n for tile in rules.tiles for n in (tile.low, tile.high)}
    arms = {Side.HEAD, Side.TAIL} | ({Side.UP, Side.DOWN} if rules.spinner else set())
    match intent:
        case PlayTile(first, second, side):
            tiles = {(tile.low, tile.high) for tile in rules.tiles}
            return (min(first, second), max(first, second)) in tiles and side in {None, *arms}
        case PlayNumber(number, side):
            return number in numbers and side in {None, *arms}
        case SideWord(side):
            return side in arms
        case AskNumber(number, _):
            return number in numbers
    return True


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_every_sentence_the_table_can_take_is_kept_and_only_impossible_moves_go(
    shape: TableShape,
) -> None:
    table = Table(tile_set=shape.highest, spinner=shape.spinner)
    kept = set(table_sentences(shape))
    for text, heard in sentence_table().items():
        menu_set_choice = (
            isinstance(heard.intent, PlayTile)
            and heard.intent.first == heard.intent.second in (6, 9)
            and heard.intent.side is None
        )
        expected = engine_takes(table, heard.intent) or menu_set_choice
        assert (text in kept) == expected, (text, heard.intent)
    # Every other command is untouched: only moves, numbers and arms are narrowed.
    assert {type(sentence_table()[t].intent) for t in set(sentence_table()) - kept} <= {
        PlayTile,
        PlayNumber,
        SideWord,
        AskNumber,
    }


def test_the_shape_follows_the_menu_and_the_match_being_played() -> None:
    manager = DialogManager(Table(), computer_pause=0.0, seed=3)
    assert table_shape(manager) == TableShape(6, False)
    manager.handle("doppio nove")  # the set, said in the menu
    assert table_shape(manager) == TableShape(9, False)
    manager.handle("con lo spinner")
    assert table_shape(manager) == TableShape(9, True)
    manager.handle("inizia")
    assert manager.session is not None
    assert table_shape(manager) == TableShape(9, True)


def heard(recognizer: SpeechRecognizer, italian: str, speed: int = 175) -> list[str]:
    """What the recogniser makes of `italian` said through the stand-in, in Italian."""
    standin = game_standin()
    silence = np.zeros(8000, dtype=np.int16)
    audio = np.concatenate([silence, say(italian, speed, standin), silence, silence]).tobytes()
    results = [
        u for i in range(0, len(audio), _FRAME) if (u := recognizer.accept(audio[i : i + _FRAME]))
    ]
    results.append(recognizer.finish())
    return [standin.italian(u.sentence) for u in results if u.sentence]


def narrowed(shape: TableShape) -> list[str]:
    return game_standin().sentences(table_sentences(shape))


@pytest.fixture(scope="module")
def double_six() -> SpeechRecognizer:
    """The real recogniser on the stand-in of a double-six table without spinner."""
    return SpeechRecognizer(ko_model(), narrowed(TableShape(6, False)), model_path=KO_MODEL_PATH)


@pytest.mark.parametrize(
    "command",
    [
        "gioca sei e cinque a destra",
        "metti il doppio sei",
        "pesca",
        "quanti cinque sono usciti",
        "doppio nove",  # the set chosen in the menu
    ],
)
def test_the_table_s_commands_are_heard_through_the_narrowed_grammar(
    double_six: SpeechRecognizer, command: str
) -> None:
    assert heard(double_six, command) == [command]


def test_a_move_the_table_cannot_have_is_never_heard_as_itself(
    double_six: SpeechRecognizer,
) -> None:
    for command in ("gioca nove e uno in basso", "metti il sette sopra"):
        assert command not in heard(double_six, command)
        assert parse(command) not in [parse(h) for h in heard(double_six, command)]


def test_narrowing_takes_effect_between_utterances_never_inside_one() -> None:
    """A double-nine table with spinner hears its moves; narrowed to double-six while a
    command is being said, that command still ends on the old grammar; the next is heard on
    the new one, where the same move cannot be."""
    recognizer = SpeechRecognizer(
        ko_model(), narrowed(TableShape(9, True)), model_path=KO_MODEL_PATH
    )
    command = "gioca nove e uno in basso"
    assert heard(recognizer, command) == [command]
    standin = game_standin()
    audio = np.concatenate([np.zeros(8000, np.int16), say(command, standin=standin)]).tobytes()
    half = len(audio) // 2 // _FRAME * _FRAME
    for i in range(0, half, _FRAME):
        recognizer.accept(audio[i : i + _FRAME])
    recognizer.narrow(narrowed(TableShape(6, False)))  # the match ended, a new one is chosen
    rest = audio[half:] + bytes(32000)
    results = [
        u for i in range(0, len(rest), _FRAME) if (u := recognizer.accept(rest[i : i + _FRAME]))
    ]
    results.append(recognizer.finish())
    assert [standin.italian(u.sentence) for u in results if u.sentence] == [command]
    assert command not in heard(recognizer, command)
    assert heard(recognizer, "gioca sei e cinque a destra") == ["gioca sei e cinque a destra"]
    assert standin.korean(command) not in recognizer.fit.phrases


def test_the_voice_input_follows_the_table_as_the_player_changes_it(tmp_path: Path) -> None:
    """The game's own voice wiring: built for the menu's double-six table, narrowed again to
    the double-nine set the player chooses, whose moves are then heard."""
    standin = game_standin()
    wav = write_wav(tmp_path / "quiete.wav", np.zeros(8000, dtype=np.int16))
    game = Game(DialogManager(Table(), computer_pause=0, seed=5), NullOutput(), autosave=None,
                out=io.StringIO())  # fmt: skip
    voice = VoiceInput(
        game, game.output, model_path=KO_MODEL_PATH, audio_in=wav, realtime=False,
        barge_in=False, input_device=None, fallback_notice=None,
        sentences=game_recognizer_sentences(),
        narrowing=lambda shape: standin.sentences(table_sentences(shape)),
    )  # fmt: skip
    voice.start()
    try:
        assert voice.wait_ready(120) and voice.listener is not None
        assert voice.heard_for == TableShape(6, False)
        recognizer = voice.listener.recognizer
        voice.listener.wait()  # the file is heard: the recogniser is free for this test
        command = "quanti nove sono usciti"
        assert command not in heard(recognizer, command)
        game.manager.handle("doppio nove")  # the game loop is not running: no other caller
        deadline = time.monotonic() + 120
        while voice.heard_for != TableShape(9, False) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert voice.heard_for == TableShape(9, False)
        assert heard(recognizer, command) == [command]
    finally:
        voice.stop()
