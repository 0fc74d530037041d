"""A grammar word missing from the model: the commands it takes away are found and told, and
alternative spellings are used where the model has them. Real Korean model, stand-in grammar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from korean_speech import ko_model
from korean_standin import StandIn, espeak

from voicedomino.dialog.parser import grammar
from voicedomino.italian import messages as it
from voicedomino.speech.recognizer import SpeechRecognizer
from voicedomino.speech.vocabulary import commands_lost, fit_grammar

ITALIAN = ["pesco", "passo", "gioca sei tre", "gioca tre sei", "gioca sei sei", "tre"]
WORDS = sorted({w for s in ITALIAN for w in s.split()})


def meaning(standin: StandIn, korean: str) -> str | None:
    found = grammar().match(standin.italian(korean).split())
    return None if found is None else found.intent  # the template's name, as the game groups


def test_a_missing_word_names_the_commands_lost(tmp_path: Path) -> None:
    standin = StandIn.for_vocabulary(WORDS, [["오른쪽", "왼쪽", "아래", "여섯", "아니요"]])
    # "passo" and "tre" are said by words the model does not have.
    broken = StandIn(
        {**standin.to_korean, "passo": "qzxwa", "tre": "qzxwb"},
        {**standin.to_italian, "qzxwa": "passo", "qzxwb": "tre"},
    )
    sentences = broken.sentences(ITALIAN)
    recognizer = SpeechRecognizer(ko_model(), sentences)

    lost = commands_lost(sentences, recognizer.fit, lambda s: meaning(broken, s))

    assert set(recognizer.missing_words) == {"qzxwa", "qzxwb"}
    assert [(c.meaning, c.dropped, c.total, c.entirely) for c in lost] == [
        ("number", 1, 1, True),  # "tre" alone: a number
        ("pass", 1, 1, True),
        ("play", 2, 3, False),  # "gioca sei sei" is left
    ]
    notice = it.words_unknown_to_model(
        ["passo", "tre"],
        [c.meaning for c in lost if c.entirely],
        [c.meaning for c in lost if not c.entirely],
    )
    assert notice == (
        "Il modello vocale non conosce le parole passo e tre. A voce non potrai scegliere "
        "una tessera dicendo un numero e passare. Alcune frasi per giocare una tessera non "
        "funzioneranno. Questi comandi restano disponibili dalla tastiera."
    )


def test_joined_and_split_spellings() -> None:
    known = {"l'ultima", "cento", "ventuno", "ripeti", "a"}
    fit = fit_grammar(["ripeti l ultima", "a centoventuno"], known.__contains__)
    assert fit.phrases == ("ripeti l'ultima", "a cento ventuno")
    assert fit.missing_words == ()
    assert fit.grammar_text("ripeti l'ultima") == "ripeti l ultima"
    assert fit.grammar_text("a cento ventuno a cento ventuno") == "a centoventuno a centoventuno"
    unelided = fit_grammar(["ripeti l ultima"], {"lultima", "ripeti"}.__contains__)
    assert unelided.phrases == ("ripeti lultima",)


def test_the_recogniser_hears_a_split_word_as_the_grammar_word() -> None:
    model: Any = ko_model()
    # "오른쪽왼쪽" is not a word of the model; its two halves are.
    recognizer = SpeechRecognizer(model, ["오른쪽왼쪽", "아래"])
    assert recognizer.grammar[:2] == ["오른쪽 왼쪽", "아래"]
    quiet = np.zeros(4000, dtype=np.int16)
    recognizer.accept(np.concatenate([quiet, espeak("오른쪽 왼쪽"), quiet, quiet]).tobytes())
    assert recognizer.finish().text == "오른쪽왼쪽"
