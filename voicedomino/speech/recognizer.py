"""Vosk recognition restricted to the game's sentences, and what a final result means.

Two decoders hear the same audio:
- the word list: Vosk's runtime grammar, a loop of the grammar's words in any order (plus
  "[unk]"), with word confidences: what the recogniser heard before the sentence graph;
- the sentence decoder (speech/sentence_graph.py) can only give a grammar sentence, or the
  beginning of one: it finds the command even when a word is unclear.
When they differ, the word list decodes the utterance once more, scored (its log likelihood),
to weigh what the sentence decoder mended.
When the word list heard the sentence itself, it counts as the word list alone would count it
(its confidence; the gate acts from 0.8). When only the sentence decoder found it (a word
mended), it is unsure and waits for "sì" (frontend/attention.py); and how much better the free
words fit the audio than that sentence (the margin) says whether it is a sentence at all: a
command fits a sentence about as well as any string of its words, chatter and other languages
do not. So the sentence decoder adds commands that are read back and asked, and never makes
the game act alone on more than the word list did.

Without a graph (its folder cannot be written) the word list works alone, with Vosk's word
confidences, as they are: upstream they are known to be unreliable.

Only final results become `Utterance`s; partial results change until the end and are never
acted on. An empty or "[unk]" result is an utterance that was not understood.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from voicedomino.speech import sentence_graph
from voicedomino.speech.model import load_model
from voicedomino.speech.sources import SAMPLE_RATE
from voicedomino.speech.stderr_capture import capture_fd2
from voicedomino.speech.vocabulary import UNKNOWN_WORD, GrammarFit, fit_grammar

log = logging.getLogger(__name__)

_MISSING_WORD_LINE = re.compile(r"Ignoring word missing in vocabulary: '(.*)'")

MENDED_CONFIDENCE = 0.6  # below the gate's line (0.8): a mended sentence waits for "sì"
# A mended sentence is no sentence when the free words fit the audio better than it by more
# than this (log likelihood). Measured on the room benchmark's commands and 6 minutes of sound
# not addressed to the game: at 1.0, 12% of clean commands are mended right and 27 of 186 other
# sounds are taken for a sentence; at 4.0, 14% and 51.
MENDED_MARGIN = 1.0
# In a noisy room (heard through the noise suppressor) the free words fit the noise too, and a
# command's margin grows: at 10 dB a third of the commands the sentence decoder heard right
# were over 1.0 and dropped. There it is wider; such a sentence still waits for "sì". But one
# word mended there is mostly the noise itself, so there a one-word command must be heard by
# the word list itself. benchmarks/bench_margin.py (120 commands in each noise, 459 other sounds
# in the same noise): at margin 8, counting mended single words would add 2 commands at 10 dB
# and 2 at 20 dB, and 50 other sounds taken for commands. Against the former line (4, single
# words counted): 10 dB 0.75 -> 0.783, 20 dB 0.833 -> 0.842, other sounds taken 90 -> 88.
MENDED_MARGIN_NOISY = 8.0
MENDED_MIN_WORDS_NOISY = 2
# With every sentence alike a mended single word counted in a quiet room (a short command in a
# quiet room is mostly heard). With the sentence decoder's fair shares (frontend/voice.py
# PRIOR_STRENGTH 1) it is 2: a laugh or a word of talk is then often taken for a short command
# with few phrasings ("fermo"). benchmarks/bench_home.py, seeds 19 and 29, sound not addressed
# taken for a mended one-word sentence against commands right only as one: every sentence
# alike 11 against 2, with the shares 26 against 5.
MENDED_MIN_WORDS = 2


@dataclass(frozen=True)
class RecognizedWord:
    word: str
    start: float  # seconds into the current utterance stream, as Vosk counts them
    end: float
    confidence: float


@dataclass(frozen=True)
class Evidence:
    """How the two decoders agreed on a sentence: what the gate's acting rule weighs beside
    the word confidence (which alone reached 1.0 on wrong results)."""

    agreed: bool  # the word list heard the sentence decoder's very sentence
    score_per_second: float | None = None  # the sentence decoder's score over its words' time
    min_word_confidence: float | None = None  # the word list's least sure word
    # How much better the free words fit the audio than a mended sentence (log likelihood);
    # None when not weighed.
    margin: float | None = None

    def joined(self, more: Evidence | None) -> Evidence | None:
        if more is None:
            return None

        def least(a: float | None, b: float | None) -> float | None:
            known = [x for x in (a, b) if x is not None]
            return min(known) if known else None

        margins = [m for m in (self.margin, more.margin) if m is not None]
        return Evidence(
            self.agreed and more.agreed,
            least(self.score_per_second, more.score_per_second),
            least(self.min_word_confidence, more.min_word_confidence),
            max(margins) if margins else None,
        )


@dataclass(frozen=True)
class Utterance:
    text: str  # the recognised sentence ("" when nothing matched)
    confidence: float | None  # mean of the word confidences, None without words
    words: list[RecognizedWord] = field(default_factory=list)
    understood: bool = True
    audio_end: float | None = None  # source time (s) at which it was complete
    sentence: str | None = None  # the grammar sentence recognised, exactly as it was given
    loudness: tuple[float, int] | None = None  # (RMS of its loudest part, peak), 16-bit scale
    denoised: bool = False  # heard in a noisy room, through the noise suppressor
    # The word list's own words where the sentence decoder's sentence did not hold: words
    # that make no grammar sentence, for the dialog to understand freely (and read back).
    free_text: str | None = None
    evidence: Evidence | None = None  # None: the word list alone, or no sentence
    began_at: float | None = None  # time.monotonic() as its voice began (None: not seen)

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
        return Utterance(
            text,
            confidence,
            words,
            _understood(text.split()),
            audio_end,
            denoised=self.denoised or more.denoised,
            evidence=self.evidence.joined(more.evidence) if self.evidence else None,
        )


@dataclass(frozen=True)
class _Decoding:
    """Everything the recogniser decodes one list of sentences with."""

    fit: GrammarFit
    grammar: list[str]  # the word list's phrases
    words: Any  # the word list's Vosk recogniser
    vosk_missing: tuple[str, ...]
    sentences: Any  # the sentence decoder, or None
    scored: Any  # the word list scored, beside the sentence decoder


def _free(words: Utterance) -> Utterance:
    """The word list's result, its words offered as free words (those that make a grammar
    sentence are looked up as that sentence first)."""
    return replace(words, free_text=words.text if words.understood else None)


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
    """The game's recogniser: the word list and the sentence decoder (see above).

    `model_path` is the folder `model` was loaded from: with it the sentence decoder is built
    (its graph cached under `graph_cache`); without it, or when the graph cannot be written or
    loaded, the word list works alone (`sentence_decoding` is False).

    `missing_words` lists grammar words the model does not know: those found by looking the
    words up before building the grammar, plus any Vosk itself reported while building it
    (except "[unk]", which models without it report harmlessly).
    """

    def __init__(
        self,
        model: Any,
        sentences: Iterable[str] | Mapping[str, float],
        *,
        sample_rate: int = SAMPLE_RATE,
        model_path: Path | None = None,
        graph_cache: Path | None = None,
    ):
        self._model = model
        self._sample_rate = sample_rate
        self._model_path = model_path
        self._graph_cache = graph_cache
        self._in_utterance = False  # audio fed since the last finish() or reset()
        self._lock = threading.Lock()
        self._narrowed: _Decoding | None = None  # waiting for the next utterance
        self._use(self._decoding(sentences))
        self.noisy_room = False  # set by the listener: this utterance comes through a suppressor
        self._finisher: ThreadPoolExecutor | None = None
        self._scored_closing: Future[str] | None = None  # the scored word list closing

    def _decoding(self, sentences: Iterable[str] | Mapping[str, float]) -> _Decoding:
        """The decoders for `sentences` (a mapping: each sentence with its prior weight in the
        sentence decoder's graph; else all equally likely): seconds for a large grammar (Vosk
        builds its word loop, the sentence graph is written or found in the cache and its model
        folder loaded)."""
        import vosk

        model = self._model
        fit = fit_grammar(sentences, lambda word: _knows(model, word))
        weights = fit.phrase_weights(sentences) if isinstance(sentences, Mapping) else None
        if not fit.phrases:
            raise ValueError("no grammar sentence uses only words the model knows")
        grammar = [*fit.phrases, UNKNOWN_WORD]

        def word_list() -> tuple[Any, list[str]]:
            """A Vosk recogniser on the word list, and the words Vosk said it lacks."""
            with capture_fd2(lambda line: bool(_MISSING_WORD_LINE.search(line))) as lines:
                recogniser = vosk.KaldiRecognizer(
                    model, self._sample_rate, json.dumps(grammar, ensure_ascii=False)
                )
            return recogniser, lines

        words, lines = word_list()
        vosk_missing = tuple(
            match.group(1) for line in lines if (match := _MISSING_WORD_LINE.search(line))
        )
        words.SetWords(True)  # the words with their confidences
        # The sentence decoder, and the same word list scored (its log likelihood) to weigh
        # what the sentence decoder mended; None: the word list alone.
        sentence_vosk: Any = None
        scored_vosk: Any = None
        if self._model_path is not None:
            sentence_vosk = _sentence_decoder(
                model, self._model_path, fit.phrases, weights, self._sample_rate, self._graph_cache
            )
        if sentence_vosk is not None:
            scored_vosk, _ = word_list()
            scored_vosk.SetMaxAlternatives(1)
        return _Decoding(fit, grammar, words, vosk_missing, sentence_vosk, scored_vosk)

    def _use(self, decoding: _Decoding) -> None:
        self.fit: GrammarFit = decoding.fit
        self.grammar: list[str] = decoding.grammar
        self._beginnings = beginnings(decoding.fit.phrases)
        self._vosk = decoding.words
        self.vosk_missing: tuple[str, ...] = decoding.vosk_missing
        reported = {*decoding.fit.missing_words, *decoding.vosk_missing} - {UNKNOWN_WORD}
        self.missing_words: tuple[str, ...] = tuple(sorted(reported))
        if self.missing_words:
            log.warning("grammar words the speech model does not know: %s", self.missing_words)
        self._sentence_vosk: Any = decoding.sentences
        self._scored_vosk: Any = decoding.scored

    def narrow(self, sentences: Iterable[str] | Mapping[str, float]) -> None:
        """Listen for `sentences` from the next utterance on (the moves that can exist at the
        current table, say): fewer sentences to choose from, fewer wrong ones heard in noise.

        Builds the decoders here (seconds for the whole grammar: call it off the listener's
        thread); the current ones listen meanwhile, and an utterance already begun ends with
        them. Raises ValueError when the model knows none of the sentences.
        """
        decoding = self._decoding(sentences)
        with self._lock:
            self._narrowed = decoding

    @property
    def sentence_decoding(self) -> bool:
        return self._sentence_vosk is not None

    def _decoders(self) -> list[Any]:
        return [d for d in (self._vosk, self._sentence_vosk) if d is not None]

    def accept(self, pcm: bytes) -> Utterance | None:
        """Feed audio; return an utterance when Vosk's own endpointing closed one."""
        if not self._in_utterance:
            self._scored_closed()
            with self._lock:  # the narrowed decoders are taken between utterances only
                narrowed, self._narrowed = self._narrowed, None
            if narrowed is not None:
                self._use(narrowed)
            self._in_utterance = True
        closed = [decoder.AcceptWaveform(pcm) for decoder in self._decoders()]
        if self._sentence_vosk is None:
            if not closed[0]:
                return None
            self._in_utterance = False
            return self.identify(_free(Utterance.from_vosk(self._vosk.Result())))
        if self._scored_vosk is not None:
            # The scored word list hears the utterance as it comes, as the other two do: when
            # the sentence decoder mends a sentence, weighing it then costs only the final
            # step (decoding the whole utterance again after its end took 170-280 ms, on the
            # way to the read-back of every mended command).
            self._scored_vosk.AcceptWaveform(pcm)
        return self.finish() if any(closed) else None

    def finish(self) -> Utterance:
        """Close the current utterance now (decodes the audio fed so far)."""
        # A finish right after one Vosk's own endpoint made (the listener's end of speech
        # meets it) must not close the scored word list while the last closing still runs:
        # two threads in one Vosk recogniser crash the process.
        self._scored_closed()
        self._in_utterance = False
        if self._sentence_vosk is None:
            words = self._vosk.FinalResult()
            self._vosk.Reset()
            return self.identify(_free(Utterance.from_vosk(words)))
        # The decoders finish at once (Vosk lets go of the interpreter while it decodes): the
        # read-back waits for the slowest one, not for each in turn.
        if self._finisher is None:
            self._finisher = ThreadPoolExecutor(2, thread_name_prefix="sentence-decoder")
        sentence_done = self._finisher.submit(self._sentence_vosk.FinalResult)
        words = self._vosk.FinalResult()
        sentence = sentence_done.result()
        for decoder in self._decoders():
            decoder.Reset()
        weighed: list[str] = []

        def scored() -> str:
            weighed.append(self._scored())  # only its last step is left: it heard it all
            return weighed[0]

        utterance = judge(sentence, scored, words, self._beginnings, noisy_room=self.noisy_room)
        if not weighed and self._scored_vosk is not None:
            # Not needed (most commands): closed after the result is handed over.
            self._scored_closing = self._finisher.submit(_final_result, self._scored_vosk)
        return self.identify(utterance)

    def _scored(self) -> str:
        """The word list's best result for the utterance, with its log likelihood (weighed
        only when the sentence decoder mended a sentence; "" without a scored word list)."""
        if self._scored_vosk is None:
            return ""
        self._scored_closed()
        return _final_result(self._scored_vosk)

    def _scored_closed(self) -> None:
        """Wait for the scored word list to close the last utterance, if it still is."""
        closing, self._scored_closing = self._scored_closing, None
        if closing is not None:
            closing.result()

    def identify(self, utterance: Utterance) -> Utterance:
        """The utterance in the grammar's words (the model may join or split some: "cento
        ventuno") and the exact grammar sentence it is; no sentence when it is only part of
        one, or nothing at all."""
        free = utterance.free_text
        return replace(
            utterance,
            text=self.fit.grammar_text(utterance.text),
            sentence=self.fit.sentence_of.get(utterance.text) if utterance.understood else None,
            free_text=self.fit.grammar_text(free) if free is not None else None,
        )

    def expects_more(self, text: str) -> bool:
        """True if `text` is only the beginning of a grammar sentence, not a sentence itself."""
        return text in self._beginnings

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
        self._scored()  # (its feature pipeline dropped too)
        for decoder in self._decoders():
            decoder.FinalResult()
            decoder.Reset()
        self._in_utterance = False


def _final_result(decoder: Any) -> str:
    """A Vosk recogniser's final result, the recogniser then ready for a new utterance."""
    result = str(decoder.FinalResult())
    decoder.Reset()
    return result


def beginnings(sentences: Iterable[str]) -> frozenset[str]:
    """The beginnings of `sentences` that are no sentence themselves: they wait for the rest.

    A sentence that also begins a longer one ("gioca tre cinque") is judged as a sentence,
    never kept as a beginning: else whatever the margin drops would come back through it.
    """
    phrases = frozenset(sentences)
    return frozenset(
        " ".join(words[:end])
        for words in (phrase.split() for phrase in phrases)
        for end in range(1, len(words))
    ).difference(phrases)


def judge(
    sentence_json: str,
    scored_json: Callable[[], str],
    words_json: str,
    beginnings: frozenset[str],
    *,
    noisy_room: bool = False,
) -> Utterance:
    """The sentence decoder's result judged against the word list's: `words_json` (the words
    with confidences) and, asked for only when needed, `scored_json()` (one alternative, with
    its log likelihood).

    - The word list heard this very sentence: its own confidence, as the word list alone
      would give it (sure from 0.8 up, as the gate reads it).
    - The sentence decoder mended it and the free words fit the audio little better (by at
      most MENDED_MARGIN, for a sentence of MENDED_MIN_WORDS words or more; in a `noisy_room`
      MENDED_MARGIN_NOISY and MENDED_MIN_WORDS_NOISY): unsure (MENDED_CONFIDENCE), it waits
      for "sì".
    - Else it is no sentence (chatter, another language), unless it is only a beginning
      (`beginnings`, none of them a sentence itself), which waits for the rest.
    """
    best, likelihood = _best_alternative(sentence_json)
    words = Utterance.from_vosk(words_json)
    text = " ".join(str(best.get("text", "")).split()) if best is not None else ""
    if best is None or likelihood is None or not text:
        return _free(words)  # no sentence at all: what the word list made of it
    timed = [item for item in best.get("result", []) if isinstance(item, dict)]
    spoken_for = (
        float(timed[-1].get("end", 0.0)) - float(timed[0].get("start", 0.0)) if timed else 0
    )
    per_second = likelihood / spoken_for if spoken_for > 0 else None
    if words.text == text:
        least = min((w.confidence for w in words.words), default=None)
        return replace(words, evidence=Evidence(True, per_second, least))
    margin, min_words = (
        (MENDED_MARGIN_NOISY, MENDED_MIN_WORDS_NOISY)
        if noisy_room
        else (MENDED_MARGIN, MENDED_MIN_WORDS)
    )

    weighed: list[float] = []

    def free_likelihood() -> float | None:
        free = _best_alternative(scored_json())[1]
        if free is not None:
            weighed.append(free - likelihood)
        return free

    holds = mended_sentence_holds(text, likelihood, free_likelihood, margin, min_words)
    confidence = MENDED_CONFIDENCE if holds else 0.0
    mended = [
        replace(_word(item), confidence=confidence)
        for item in best.get("result", [])
        if isinstance(item, dict)
    ]
    understood = confidence > 0.0 or text in beginnings
    free = words.text if not holds and words.understood else None  # a beginning's too
    return Utterance(
        text,
        confidence,
        mended,
        understood and _understood(text.split()),
        free_text=free,
        evidence=Evidence(False, per_second, margin=weighed[0] if weighed else None),
    )


def mended_sentence_holds(
    text: str,
    likelihood: float,
    free_likelihood: Callable[[], float | None],
    margin: float,
    min_words: int,
) -> bool:
    """Whether a sentence only the sentence decoder heard counts (unsure) as a sentence: it has
    `min_words` words or more, and the free words fit the audio better than its `likelihood`
    by at most `margin`. `free_likelihood` is asked for only when the words are enough."""
    if len(text.split()) < min_words:
        return False
    free = free_likelihood()
    return free is not None and free - likelihood <= margin


def _sentence_decoder(
    model: Any,
    model_path: Path,
    phrases: Iterable[str],
    weights: Mapping[str, float] | None,
    sample_rate: int,
    cache: Path | None,
) -> Any:
    """A Vosk recogniser on a graph of exactly `phrases` (with their prior `weights`), or None
    (said in the log) when the graph cannot be made: the word list then works alone."""
    import vosk

    try:
        graph = sentence_graph.sentence_graph(phrases, model.vosk_model_find_word, weights=weights)
        graph_model = sentence_graph.load_graph_model(model_path, graph, load_model, cache)
        decoder = vosk.KaldiRecognizer(graph_model, sample_rate)
    except Exception as error:  # a full disk, a read-only cache, a model Vosk will not load
        log.warning("sentence graph unavailable, listening with the word list: %r", error)
        return None
    decoder.SetMaxAlternatives(1)
    decoder.SetWords(True)
    return decoder


def _best_alternative(result_json: str) -> tuple[dict[str, Any] | None, float | None]:
    """The first alternative of a Vosk result with alternatives, and its log likelihood."""
    try:
        result = json.loads(result_json)
    except json.JSONDecodeError:
        return None, None
    alternatives = result.get("alternatives") if isinstance(result, dict) else None
    if not isinstance(alternatives, list) or not alternatives:
        return None, None
    best = alternatives[0]
    if not isinstance(best, dict):
        return None, None
    try:
        return best, float(best["confidence"])
    except (KeyError, TypeError, ValueError):
        return best, None


def _knows(model: Any, word: str) -> bool:
    return int(model.vosk_model_find_word(word)) >= 0
