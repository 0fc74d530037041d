"""Vosk recognition restricted to the game's sentences, and what a final result means.

The runtime grammar is every accepted sentence (spelt as the model knows it) plus "[unk]", so
the recogniser can answer "none of these". Only final results become `Utterance`s; partial
results change until the end and are never acted on. An empty or "[unk]" result is an
utterance that was not understood (the game answers "Non ho capito" and a hint). Word
confidences are passed along as Vosk gives them: upstream they are known to be unreliable.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from voicedomino.speech.sources import SAMPLE_RATE
from voicedomino.speech.stderr_capture import capture_fd2
from voicedomino.speech.vocabulary import UNKNOWN_WORD, GrammarFit, fit_grammar

log = logging.getLogger(__name__)

_MISSING_WORD_LINE = re.compile(r"Ignoring word missing in vocabulary: '(.*)'")


@dataclass(frozen=True)
class RecognizedWord:
    word: str
    start: float  # seconds into the current utterance stream, as Vosk counts them
    end: float
    confidence: float


@dataclass(frozen=True)
class Utterance:
    text: str  # the recognised sentence ("" when nothing matched)
    confidence: float | None  # mean of the word confidences, None without words
    words: list[RecognizedWord] = field(default_factory=list)
    understood: bool = True
    audio_end: float | None = None  # source time (s) at which it was complete
    sentence: str | None = None  # the grammar sentence recognised, exactly as it was given
    loudness: tuple[float, int] | None = None  # (RMS of its loudest part, peak), 16-bit scale

    @classmethod
    def from_vosk(cls, result_json: str) -> Utterance:
        """Read a Vosk final result ({"text": ..., "result": [{"word", "conf", ...}]})."""
        try:
            result = json.loads(result_json)
        except json.JSONDecodeError:
            return cls("", None, [], understood=False)
        if not isinstance(result, dict):
            return cls("", None, [], understood=False)
        words = [_word(item) for item in result.get("result", []) if isinstance(item, dict)]
        text = " ".join(str(result.get("text", "")).split())
        tokens = text.split()
        confidence = sum(w.confidence for w in words) / len(words) if words else None
        return cls(text, confidence, words, _understood(tokens))

    def joined(self, more: Utterance) -> Utterance:
        """This utterance continued by `more` (a sentence said with a pause in the middle)."""
        text = " ".join(f"{self.text} {more.text}".split())
        words = [*self.words, *more.words]
        confidence = sum(w.confidence for w in words) / len(words) if words else None
        audio_end = more.audio_end if more.audio_end is not None else self.audio_end
        return Utterance(text, confidence, words, _understood(text.split()), audio_end)


def _understood(tokens: list[str]) -> bool:
    return bool(tokens) and UNKNOWN_WORD not in tokens


def _word(item: dict[str, Any]) -> RecognizedWord:
    return RecognizedWord(
        word=str(item.get("word", "")),
        start=float(item.get("start", 0.0)),
        end=float(item.get("end", 0.0)),
        confidence=float(item.get("conf", 0.0)),
    )


class SpeechRecognizer:
    """One Vosk recogniser with the game's grammar.

    `missing_words` lists grammar words the model does not know: those found by looking the
    words up before building the grammar, plus any Vosk itself reported while building it
    (except "[unk]", which models without it report harmlessly).
    """

    def __init__(self, model: Any, sentences: Iterable[str], *, sample_rate: int = SAMPLE_RATE):
        import vosk

        self.fit: GrammarFit = fit_grammar(sentences, lambda word: _knows(model, word))
        if not self.fit.phrases:
            raise ValueError("no grammar sentence uses only words the model knows")
        self.grammar: list[str] = [*self.fit.phrases, UNKNOWN_WORD]
        self._sentences = frozenset(self.fit.phrases)
        self._beginnings = frozenset(
            " ".join(words[:end])
            for words in (phrase.split() for phrase in self.fit.phrases)
            for end in range(1, len(words))
        )
        with capture_fd2(lambda line: bool(_MISSING_WORD_LINE.search(line))) as lines:
            self._vosk = vosk.KaldiRecognizer(
                model, sample_rate, json.dumps(self.grammar, ensure_ascii=False)
            )
        self.vosk_missing: tuple[str, ...] = tuple(
            match.group(1) for line in lines if (match := _MISSING_WORD_LINE.search(line))
        )
        reported = {*self.fit.missing_words, *self.vosk_missing} - {UNKNOWN_WORD}
        self.missing_words: tuple[str, ...] = tuple(sorted(reported))
        if self.missing_words:
            log.warning("grammar words the speech model does not know: %s", self.missing_words)
        self._vosk.SetWords(True)

    def accept(self, pcm: bytes) -> Utterance | None:
        """Feed audio; return an utterance when Vosk's own endpointing closed one."""
        if self._vosk.AcceptWaveform(pcm):
            return self.identify(Utterance.from_vosk(self._vosk.Result()))
        return None

    def finish(self) -> Utterance:
        """Close the current utterance now (decodes the audio fed so far)."""
        utterance = Utterance.from_vosk(self._vosk.FinalResult())
        self._vosk.Reset()
        return self.identify(utterance)

    def identify(self, utterance: Utterance) -> Utterance:
        """The utterance in the grammar's words (the model may join or split some: "cento
        ventuno") and the exact grammar sentence it is; no sentence when it is only part of
        one, or nothing at all."""
        return replace(
            utterance,
            text=self.fit.grammar_text(utterance.text),
            sentence=self.fit.sentence_of.get(utterance.text),
        )

    def expects_more(self, text: str) -> bool:
        """True if `text` is only the beginning of a grammar sentence, not a sentence itself."""
        return text in self._beginnings and text not in self._sentences

    def partial(self) -> str:
        try:
            return str(json.loads(self._vosk.PartialResult()).get("partial", ""))
        except (json.JSONDecodeError, AttributeError):
            return ""

    def reset(self) -> None:
        """Forget the audio of the current utterance, including audio not yet decoded.

        Vosk's Reset() alone keeps the feature pipeline, whose buffered frames (the last few
        tenths of a second) would then be decoded into the next utterance. FinalResult() drops
        the pipeline; its result is thrown away.
        """
        self._vosk.FinalResult()
        self._vosk.Reset()


def _knows(model: Any, word: str) -> bool:
    return int(model.vosk_model_find_word(word)) >= 0
