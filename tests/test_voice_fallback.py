"""Voice input as the game sees it: Italian results in Vosk's format, and the keyboard fallback.

The Italian model cannot be had here, so Italian understanding is checked at the text level:
every sentence of the generated grammar is dressed as a Vosk final result, read by the same
code that reads the recogniser's results and handed to a real Game the way the listener hands
it. The fallback tests start the real program with no model, a damaged one and a model that
knows none of the game's words (the Korean one): each time the player is told why, and the
game goes on by keyboard.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from korean_speech import KO_MODEL_PATH, KOREAN_GRAMMAR, sequence_file

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.dialog.parser import grammar, grammar_sentences, hear, intent_of, sentence_table
from voicedomino.frontend.app import Game
from voicedomino.frontend.inbox import InputEnded, Source, Spoken, Typed
from voicedomino.frontend.voice import VoiceInput, deliver
from voicedomino.italian import messages as it
from voicedomino.italian import phrases
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance
from voicedomino.speech.vocabulary import GrammarFit, fit_grammar

# How an Italian model spells some grammar words: the recogniser returns "più", never "piu".
MODEL_SPELLING = {"piu": "più", "si": "sì", "e": "è", "modalita": "modalità", "cosi": "così"}


def vosk_result(text: str, confidence: float = 0.8) -> str:
    """A final result as Vosk writes it with SetWords(True)."""
    words = [
        {"conf": confidence, "end": 0.3 * (i + 1), "start": 0.3 * i, "word": word}
        for i, word in enumerate(text.split())
    ]
    return json.dumps({"result": words, "text": text}, ensure_ascii=False)


def quiet_game() -> Game:
    manager = DialogManager(Table(), computer_pause=0, seed=5)
    return Game(manager, NullOutput(), autosave=None, out=io.StringIO())


def italian_model_fit() -> GrammarFit:
    """The grammar fitted to a model that spells a few words with accents, as Vosk's Italian
    model does (the model itself cannot be had here)."""
    accented = set(MODEL_SPELLING.values())
    return fit_grammar(
        grammar_sentences(), lambda word: word in accented or word not in MODEL_SPELLING
    )


def identified(fit: GrammarFit, text: str, confidence: float = 0.8) -> Utterance:
    """A Vosk final result, identified by the recogniser's own code."""
    utterance = Utterance.from_vosk(vosk_result(text, confidence))
    return SpeechRecognizer.identify(fitted(fit), utterance)


def fitted(fit: GrammarFit) -> SpeechRecognizer:
    """A recogniser with only its grammar fit: `identify` needs nothing else."""
    recognizer = SpeechRecognizer.__new__(SpeechRecognizer)
    recognizer.fit = fit
    return recognizer


def spoken_item(game: Game) -> Spoken:
    item = game.inbox.get_nowait()
    assert isinstance(item, Spoken)
    return item


def test_every_grammar_sentence_as_a_vosk_result_reaches_its_intent() -> None:
    game = quiet_game()
    fit = italian_model_fit()
    assert fit.dropped == () and fit.missing_words == ()
    assert "più veloce" in fit.phrases and "piu veloce" not in fit.phrases
    meanings = {e.text: intent_of(e.intent, e.slots) for e in grammar().expansions()}
    wrong = []
    for spelt, sentence in fit.sentence_of.items():
        deliver(game, identified(fit, spelt))
        item = spoken_item(game)
        addressed = sentence.startswith(f"{phrases.ATTENTION_WORD} ")
        plain = sentence.removeprefix(f"{phrases.ATTENTION_WORD} ") if addressed else sentence
        expected = meanings.get(plain)
        heard = item.heard
        got = None if heard is None else (heard.intent, heard.addressed)
        if sentence == phrases.ATTENTION_WORD:
            continue  # the attention word alone: checked below
        if got != (expected, addressed) or heard != sentence_table()[sentence]:
            wrong.append((spelt, got))
    assert wrong == []
    assert game.inbox.empty()
    assert len(fit.sentence_of) == len(grammar_sentences()) > 2000
    deliver(game, identified(fit, phrases.ATTENTION_WORD))
    alone = spoken_item(game).heard
    assert alone is not None and alone.addressed and alone == hear(phrases.ATTENTION_WORD)


def test_a_result_that_is_no_whole_sentence_has_no_meaning() -> None:
    game = quiet_game()
    fit = italian_model_fit()
    for text in ("tre cinque in", "quante tessere ha", "alza il"):  # beginnings of sentences
        deliver(game, identified(fit, text))
        assert spoken_item(game).heard is None, text


@pytest.mark.parametrize(
    "result",
    [
        vosk_result("[unk]"),
        vosk_result("gioca [unk]"),
        json.dumps({"text": ""}),
        "not json at all",
        json.dumps(["text", "gioca"]),
    ],
)
def test_unknown_or_garbled_results_are_answered_with_not_understood(result: str) -> None:
    game = quiet_game()
    game.handle("inizia")
    before = game.manager.save_document()
    deliver(game, fitted(italian_model_fit()).identify(Utterance.from_vosk(result)))
    item = spoken_item(game)
    assert item.heard is None
    response = game.handle_intent(None)
    assert response.messages[0].text.startswith("Non ho capito")
    assert game.manager.save_document() == before


def test_spoken_commands_play_through_the_game() -> None:
    game = quiet_game()
    fit = italian_model_fit()
    deliver(game, identified(fit, "inizia"))
    heard = spoken_item(game).heard
    assert heard is not None
    game.handle_intent(heard.intent)
    assert game.manager.session is not None
    match = game.manager.session.match
    deliver(game, identified(fit, "pozzo", confidence=0.2))
    heard = spoken_item(game).heard
    assert heard is not None
    response = game.handle_intent(heard.intent)
    assert response.understood
    count = len(match.round.boneyard)
    assert it.cardinal(count) in response.text or str(count) in response.text


def run_game(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> list[str]:
    """The real program without --tastiera (so it tries to listen), fed by standard input.

    The commands are typed once the game has said it goes on by keyboard: a model is loaded
    while the game already talks, so that can come after the welcome.
    """
    environment = {
        **os.environ,
        "VOICEDOMINO_DATA_DIR": str(tmp_path / "data"),
        "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "config"),
        **(env or {}),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "voicedomino", "--no-voice", "--pausa", "0", "--seme", "4", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        lines: list[str] = []
        while it.notice("keyboard_mode") not in lines:
            line = process.stdout.readline()
            assert line, f"the program ended before going on by keyboard: {lines}"
            lines.append(line.rstrip("\n"))
        process.stdin.write("inizia\npozzo\nq\nsì\n")
        process.stdin.close()
        lines += process.stdout.read().splitlines()
        assert process.wait(timeout=120) == 0
    finally:
        process.kill()
        process.wait()
    return lines


def assert_told_then_keyboard(lines: list[str], key: str) -> None:
    assert it.notice(key) in lines
    assert it.notice("keyboard_mode") in lines  # how to go on
    assert it.notice("listening") not in lines
    # The game goes on by keyboard: the match starts and "pozzo" is answered.
    assert any("pozzo" in line.lower() for line in lines[2:])
    assert lines[-1] == it.goodbye()


def test_no_model_is_said_and_the_keyboard_takes_over(tmp_path: Path) -> None:
    lines = run_game(tmp_path, "--model", str(tmp_path / "nessun-modello"))
    assert_told_then_keyboard(lines, "model_missing")


def test_model_from_the_environment_that_is_missing(tmp_path: Path) -> None:
    lines = run_game(tmp_path, env={"VOICEDOMINO_MODEL": str(tmp_path / "altrove")})
    assert_told_then_keyboard(lines, "model_missing")


def test_damaged_model_is_said_and_the_keyboard_takes_over(tmp_path: Path) -> None:
    model = tmp_path / "rotto"
    for name in ("am/final.mdl", "conf/model.conf", "graph/HCLr.fst", "graph/Gr.fst"):
        (model / name).parent.mkdir(parents=True, exist_ok=True)
        (model / name).write_bytes(b"\x00garbage" * 64)
    lines = run_game(tmp_path, "--model", str(model))
    assert_told_then_keyboard(lines, "model_corrupt")


def test_model_that_knows_no_game_word_is_said(tmp_path: Path) -> None:
    # A real model (Korean) loads, but none of the Italian sentences fits its vocabulary.
    lines = run_game(tmp_path, "--model", str(KO_MODEL_PATH))
    assert_told_then_keyboard(lines, "model_unusable")


def test_every_notice_a_component_can_give_has_italian_wording() -> None:
    from typing import get_args

    from voicedomino.audio.api import AudioNotice
    from voicedomino.persistence import preferences as settings
    from voicedomino.speech import sources
    from voicedomino.speech.model import ModelProblemKey

    keys = {str(key) for key in AudioNotice}
    keys |= set(get_args(ModelProblemKey)) | {"model_unusable", "listening"}
    keys |= {"microphone_back", "listener_error", "save_corrupt", "keyboard_mode", "key_mode"}
    keys |= {settings.NOTICE_CORRUPT, settings.NOTICE_REPAIRED, settings.NOTICE_UNREADABLE}
    keys |= {
        error.key
        for error in vars(sources).values()
        if isinstance(error, type) and issubclass(error, sources.SourceError)
    }
    missing = sorted(key for key in keys if key not in it.NOTICES)
    assert missing == []
    assert "_" not in it.notice("a_key_nobody_worded")  # never a code read aloud


def test_a_device_notice_during_the_game_is_said_in_turn() -> None:
    import threading

    from voicedomino.cli import NoticeRelay

    out = io.StringIO()
    game = Game(DialogManager(Table(), computer_pause=0, seed=5), NullOutput(), autosave=None,
                out=out)  # fmt: skip
    relay = NoticeRelay(["settings_repaired"])  # reported before the game existed
    relay.attach(game)
    assert out.getvalue() == ""  # kept until the game has greeted the player
    # The audio output reports from its own thread while the game waits for input.
    reporter = threading.Thread(target=relay.tell, args=("audio_lost",))
    reporter.start()
    reporter.join()
    game.submit(Typed("pozzo", hear("pozzo")))
    game.submit(InputEnded(Source.KEYBOARD))  # the keyboard closes: the game loop ends
    game.run()
    lines = out.getvalue().splitlines()
    assert it.notice("audio_lost") in lines
    assert lines[0] == "Benvenuto a VoceDomino."
    # a notice from before the game: right after the greeting, before the menu's question;
    # one reported while the game waits: in turn, before the answer to the next command
    assert lines[1] == it.notice("settings_repaired")
    assert lines.index(it.notice("audio_lost")) > lines.index(it.menu_prompt())


def started_voice(
    out: io.StringIO, *, audio_in: Path | None, sentences: list[str] | None
) -> tuple[Game, VoiceInput]:
    """A quiet game with voice input from the Korean model, started as the program does."""
    game = Game(DialogManager(Table(), computer_pause=0, seed=5), NullOutput(), autosave=None,
                out=out)  # fmt: skip
    voice = VoiceInput(
        game, game.output, model_path=KO_MODEL_PATH, audio_in=audio_in, realtime=False,
        barge_in=False, input_device=None, fallback_notice="keyboard_mode", sentences=sentences,
    )  # fmt: skip
    game.voice_active = True
    voice.start()
    return game, voice


def test_voice_input_loads_off_the_game_thread_and_feeds_the_game(tmp_path: Path) -> None:
    """The real wiring with the real Korean model: load, listen to a file, deliver, finish."""
    wav = tmp_path / "parole.wav"
    sequence_file(wav, ["오른쪽", "아래", "왼쪽"], gap=0.8, lead=0.5)
    out = io.StringIO()
    game, voice = started_voice(out, audio_in=wav, sentences=KOREAN_GRAMMAR)
    game.submit(
        InputEnded(Source.KEYBOARD)
    )  # the keyboard is closed at once: only the voice keeps the game going
    game.run()  # returns when the whole file has been heard
    voice.stop()
    lines = out.getvalue().splitlines()
    assert lines[0] == "Benvenuto a VoceDomino."  # said before the model had loaded
    heard = lines[lines.index(it.notice("listening")) + 1 :]
    # Three Korean words, recognised by Vosk and handed over: not Italian commands, so each
    # gets one "Non ho capito" and nothing else happens.
    assert sum(line.startswith("Non ho capito") for line in heard) == 3
    assert game.manager.session is None


def test_voice_input_with_an_unusable_model_hands_over_to_the_keyboard() -> None:
    out = io.StringIO()
    game, voice = started_voice(out, audio_in=None, sentences=None)  # the Italian grammar
    assert voice.wait_ready(60)
    game.submit(Typed("pozzo", hear("pozzo")))
    game.submit(InputEnded(Source.KEYBOARD))
    game.run()  # ends: the keyboard closed and the voice gave up
    lines = out.getvalue().splitlines()
    assert it.notice("model_unusable") in lines and it.notice("keyboard_mode") in lines
    assert it.notice("listening") not in lines


def test_an_audio_file_that_is_not_wav_is_said_and_the_game_goes_on(tmp_path: Path) -> None:
    bogus = tmp_path / "non-audio.wav"
    bogus.write_text("questo non è un file audio")
    out = io.StringIO()
    game, voice = started_voice(out, audio_in=bogus, sentences=KOREAN_GRAMMAR)
    assert voice.wait_ready(60)
    game.submit(Typed("pozzo", hear("pozzo")))
    game.submit(InputEnded(Source.KEYBOARD))
    game.run()  # ends: the keyboard closed and the file source is done
    voice.stop()
    lines = out.getvalue().splitlines()
    assert it.notice("audio_format") in lines
    assert it.notice("listening") not in lines


def test_words_missing_from_the_model_are_said_with_the_commands_lost(tmp_path: Path) -> None:
    """A model without some grammar words (here Korean, with two Italian sentences in the
    grammar): at start-up the game says which words and which commands voice cannot reach."""
    wav = tmp_path / "silenzio.wav"
    sequence_file(wav, ["오른쪽"], gap=0.5, lead=0.5)
    out = io.StringIO()
    game, voice = started_voice(
        out, audio_in=wav, sentences=[*KOREAN_GRAMMAR, "passo", "gioca tre cinque"]
    )
    game.submit(InputEnded(Source.KEYBOARD))
    game.run()
    voice.stop()
    text = out.getvalue()
    assert "Il modello vocale non conosce le parole" in text
    assert "passo" in text and "cinque" in text
    assert "A voce non potrai" in text and "passare" in text and "giocare una tessera" in text
