"""Voice input end to end with the real Korean Vosk model and espeak-ng speech:
WAV file source -> SpeechRecognizer -> Listener -> on_utterance.
"""

from __future__ import annotations

import dataclasses
import io
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from korean_speech import (
    KO_MODEL_PATH,
    KOREAN_GRAMMAR,
    RELIABLE,
    SPEECH_LEVEL,
    Segment,
    ko_model,
    read_wav,
    sequence_file,
    speech,
    write_wav,
)
from korean_standin import game_standin, say
from room_corpus import with_noise

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.menu import Table
from voicedomino.frontend.voice import TableShape, table_sentences
from voicedomino.speech.endpoint import SpeechEndDetector, SpeechEvent
from voicedomino.speech.listener import Listener, Notice
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance
from voicedomino.speech.sources import (
    AudioFileMissing,
    AudioFormatError,
    AudioFrame,
    WavFileSource,
    iterate,
)
from voicedomino.speech.stderr_capture import capture_fd2
from voicedomino.speech.vocabulary import fit_grammar, grammar_form


@pytest.fixture(scope="module")
def model() -> Any:
    return ko_model()


@pytest.fixture()
def recognizer(model: Any) -> SpeechRecognizer:
    return SpeechRecognizer(model, KOREAN_GRAMMAR)


class Collector:
    """on_utterance / on_notice callbacks that remember what they got and when."""

    def __init__(self) -> None:
        self.utterances: list[Utterance] = []
        self.times: list[float] = []
        self.notices: list[Notice] = []

    def utterance(self, utterance: Utterance) -> None:
        self.utterances.append(utterance)
        self.times.append(time.monotonic())

    def notice(self, notice: Notice) -> None:
        self.notices.append(notice)

    @property
    def texts(self) -> list[str]:
        return [u.text for u in self.utterances]


def listen_to(
    path: Path, recognizer: SpeechRecognizer, *, realtime: bool = False, **options: Any
) -> tuple[Collector, Listener]:
    got = Collector()
    listener = Listener(
        WavFileSource(path, realtime=realtime),
        recognizer,
        got.utterance,
        on_notice=got.notice,
        **options,
    )
    assert listener.start()
    assert listener.wait(60)
    assert listener.state == "finished"
    return got, listener


# --- grammar and vocabulary ---------------------------------------------------------------


def test_grammar_keeps_known_sentences_and_reports_unknown_words(
    model: Any, capfd: pytest.CaptureFixture[str]
) -> None:
    recognizer = SpeechRecognizer(model, [*KOREAN_GRAMMAR, "오른쪽 qzxw", "Ｑzx"])

    assert recognizer.grammar == [*KOREAN_GRAMMAR, "[unk]"]
    assert recognizer.fit.dropped == ("오른쪽 qzxw", "Ｑzx")
    assert set(recognizer.missing_words) == {"qzxw", "ｑzx"}
    # Vosk's own complaint (from C++, on fd 2) was captured and parsed, not printed.
    assert recognizer.vosk_missing == ("[unk]",)
    assert "Ignoring word missing" not in capfd.readouterr().err


def test_no_usable_sentence_is_an_error(model: Any) -> None:
    with pytest.raises(ValueError, match="no grammar sentence"):
        SpeechRecognizer(model, ["qzxw"])


def test_sentences_are_spelt_as_the_model_knows_them() -> None:
    assert grammar_form("  Gioca L’Asso,  per favore! ") == "gioca l'asso per favore"
    assert grammar_form("perche\u0301") == "perché"  # combining accent composed
    vocabulary = {"gioca", "l'", "asso", "più", "perché", "dell'", "sei", "tre"}

    fit = fit_grammar(
        ["gioca l'asso", "gioca l asso", "piu", "perche", "dell asso", "Sei, tre", "sette e mezzo"],
        vocabulary.__contains__,
    )

    assert fit.phrases == ("gioca l' asso", "più", "perché", "dell' asso", "sei tre")
    assert fit.missing_words == ("sette", "e", "mezzo")
    assert fit.dropped == ("sette e mezzo",)


def test_native_stderr_is_captured_and_the_rest_passed_on(
    capfd: pytest.CaptureFixture[str],
) -> None:
    import os

    with capture_fd2(lambda line: line.startswith("WANTED")) as kept:
        os.write(2, b"WANTED one\nother line\nWANTED two\n")
    assert kept == ["WANTED one", "WANTED two"]
    assert capfd.readouterr().err == "other line\n"


# --- recogniser and result handling -------------------------------------------------------


@pytest.mark.parametrize("text", RELIABLE)
def test_each_word_is_recognised(text: str, recognizer: SpeechRecognizer, tmp_path: Path) -> None:
    path = tmp_path / "word.wav"
    sequence_file(path, [text], lead=0.2, gap=0.6)
    results = [u for frame in WavFileSource(path) if (u := recognizer.accept(frame.pcm))]
    results.append(recognizer.finish())
    spoken = [u for u in results if u.text]

    assert [u.text for u in spoken] == [text]
    utterance = spoken[0]
    assert utterance.understood
    assert [w.word for w in utterance.words] == text.split()
    assert all(0.0 <= w.confidence <= 1.0 and w.start < w.end for w in utterance.words)
    assert utterance.confidence is not None


def test_reset_forgets_the_utterance_in_progress(recognizer: SpeechRecognizer) -> None:
    first, second = speech("왼쪽").tobytes(), speech("여섯").tobytes()
    pause = np.zeros(1600, dtype=np.int16).tobytes()  # too short for Vosk to end the utterance
    after = np.zeros(8000, dtype=np.int16).tobytes()

    # Without a reset both words end up in one result (the grammar allows sequences)...
    for chunk in (first, pause, second, after):
        assert recognizer.accept(chunk) is None
    assert recognizer.finish().text == "왼쪽 여섯"

    # ...with a reset in between, the first word is forgotten,
    recognizer.accept(first + pause)
    assert recognizer.partial() == "왼쪽"
    recognizer.reset()
    assert recognizer.partial() == ""
    recognizer.accept(second + after)
    assert recognizer.finish().text == "여섯"

    # even the part of it that Vosk had buffered but not decoded yet.
    recognizer.accept(first)
    recognizer.reset()
    recognizer.accept(second + after)
    assert recognizer.finish().text == "여섯"

    # finish() starts afresh too: nothing is left to report.
    nothing = recognizer.finish()
    assert (nothing.text, nothing.understood) == ("", False)


def test_results_are_read_into_utterances() -> None:
    full = Utterance.from_vosk(
        '{"result": [{"conf": 0.5, "start": 1.0, "end": 1.4, "word": "gioca"},'
        ' {"conf": 1.0, "start": 1.4, "end": 1.9, "word": "sei"}], "text": "gioca sei"}'
    )
    assert (full.text, full.understood, full.confidence) == ("gioca sei", True, 0.75)
    assert [(w.word, w.start, w.end) for w in full.words] == [
        ("gioca", 1.0, 1.4),
        ("sei", 1.4, 1.9),
    ]
    for raw in ('{"text": ""}', '{"text": "[unk]"}', '{"text": "gioca [unk]"}', "garbage", "[]"):
        assert not Utterance.from_vosk(raw).understood, raw
    assert Utterance.from_vosk('{"text": ""}').confidence is None


# --- input files --------------------------------------------------------------------------


def test_other_wav_formats_are_converted(recognizer: SpeechRecognizer, tmp_path: Path) -> None:
    # espeak-ng's own 22050 Hz output, and copies made by sox: 44.1 kHz stereo 24-bit (an
    # "extensible" WAV header) and 48 kHz 32-bit float.
    native = tmp_path / "native.wav"
    subprocess.run(["espeak-ng", "-v", "ko", "-w", str(native), "왼쪽 아래"], check=True)
    stereo = tmp_path / "stereo.wav"
    subprocess.run(
        ["sox", str(native), "-r", "44100", "-c", "2", "-b", "24", str(stereo)], check=True
    )
    floats = tmp_path / "float.wav"
    subprocess.run(
        ["sox", str(native), "-r", "48000", "-e", "floating-point", "-b", "32", str(floats)],
        check=True,
    )
    for path in (native, stereo, floats):
        source = WavFileSource(path)
        assert abs(source.duration - float(_soxi_duration(native))) < 0.01
        for frame in iterate(source):
            recognizer.accept(frame.pcm)
        recognizer.accept(np.zeros(8000, dtype=np.int16).tobytes())
        assert recognizer.finish().text == "왼쪽 아래", path.name


def _soxi_duration(path: Path) -> str:
    return subprocess.run(
        ["soxi", "-D", str(path)], check=True, capture_output=True, text=True
    ).stdout


def test_a_file_that_is_not_wav_is_refused_clearly(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.wav"
    bogus.write_bytes(b"RIFF\x00\x00\x00\x00WAVEjunk" + bytes(100))
    with pytest.raises(AudioFormatError, match=r"not a sound file: .*No 'data' chunk"):
        WavFileSource(bogus)
    with pytest.raises(AudioFormatError, match="Format not recognised"):
        WavFileSource(Path(__file__))
    # A missing file is not a file in a wrong format: said as missing (issue 18).
    with pytest.raises(AudioFileMissing, match=r"no audio file at .*absent\.wav") as missing:
        WavFileSource(tmp_path / "absent.wav")
    assert missing.value.key == "audio_file_missing"


def test_frames_carry_timestamps(tmp_path: Path) -> None:
    path = write_wav(tmp_path / "s.wav", np.zeros(16000, dtype=np.int16))
    frames = list(WavFileSource(path, block_seconds=0.1))
    assert [round(f.start, 3) for f in frames] == [round(0.1 * i, 3) for i in range(10)]
    assert all(abs(f.duration - 0.1) < 1e-9 for f in frames)

    paced = WavFileSource(path, realtime=True, block_seconds=0.1)
    began = time.monotonic()
    captured = [f.captured_at - began for f in paced]
    assert captured[-1] == pytest.approx(1.0, abs=0.08)
    assert all(c >= f.end - 0.01 for c, f in zip(captured, frames, strict=True))


def detector_events(detector: SpeechEndDetector, signal: np.ndarray) -> list[tuple[float, str]]:
    """Feed 50 ms blocks; (time at the end of the block, event) for each event."""
    events = []
    for start in range(0, len(signal), 800):
        event = detector.update(signal[start : start + 800].astype("<i2").tobytes())
        if event is not None:
            events.append((round((start + 800) / 16000, 2), event.value))
    return events


def test_end_of_speech_is_noticed_after_the_quiet_time() -> None:
    rng = np.random.default_rng(3)
    word = speech("오른쪽 나무").astype(np.float64)
    audible = np.flatnonzero(np.abs(word) > 100)
    word = word[audible[0] : audible[-1] + 1]
    background = lambda seconds: rng.normal(0, 60, round(16000 * seconds))  # noqa: E731
    signal = np.concatenate(
        [background(1.0), word + background(len(word) / 16000), background(1.0)]
    )
    end_of_word = 1.0 + len(word) / 16000

    events = detector_events(SpeechEndDetector(silence_after=0.2), signal)

    assert [name for _, name in events] == [SpeechEvent.STARTED.value, SpeechEvent.ENDED.value]
    assert 1.0 <= events[0][0] <= 1.2
    assert end_of_word + 0.2 <= events[1][0] <= end_of_word + 0.3


def test_clicks_are_not_speech_and_a_loud_background_stops_being_speech() -> None:
    rng = np.random.default_rng(4)
    quiet = rng.normal(0, 40, 16000 * 2)
    quiet[8000:8160] = 20000  # a 10 ms click
    assert detector_events(SpeechEndDetector(), quiet) == []

    fan = np.concatenate([rng.normal(0, 40, 16000), rng.normal(0, 2000, 16000 * 20)])
    events = detector_events(SpeechEndDetector(), fan)
    # The fan starts like speech, but the detector learns it is background within seconds.
    assert [name for _, name in events] == ["started", "ended"]
    assert events[1][0] < 15


# --- the listener -------------------------------------------------------------------------


def test_listener_hears_a_sequence_in_order(recognizer: SpeechRecognizer, tmp_path: Path) -> None:
    order = [*RELIABLE, *reversed(RELIABLE)]
    segments = sequence_file(tmp_path / "seq.wav", order, gap=0.7)

    got, _ = listen_to(tmp_path / "seq.wav", recognizer)

    assert got.texts == order
    assert all(u.understood for u in got.utterances)
    assert got.notices == []
    # Each result was closed by the quick end-of-speech detector, soon after the word.
    for utterance, segment in zip(got.utterances, segments, strict=True):
        assert utterance.audio_end is not None
        assert segment.speech_end < utterance.audio_end < segment.speech_end + 0.45


def test_vosk_endpointing_alone_also_works(recognizer: SpeechRecognizer, tmp_path: Path) -> None:
    order = ["왼쪽", "아니요", "오른쪽 나무"]
    segments = sequence_file(tmp_path / "seq.wav", order, gap=1.0)

    got, _ = listen_to(tmp_path / "seq.wav", recognizer, endpoint_silence=None)

    assert got.texts == order
    # Vosk's own rule waits for at least 0.5 s of trailing silence.
    ends = [u.audio_end for u in got.utterances]
    lags = [end - s.speech_end for end, s in zip(ends, segments, strict=True) if end is not None]
    assert len(lags) == len(order) and all(lag >= 0.5 for lag in lags), lags


def test_long_silence_yields_nothing(recognizer: SpeechRecognizer, tmp_path: Path) -> None:
    # Vosk closes empty utterances on its own after seconds of silence; none may be reported.
    path = write_wav(tmp_path / "quiet.wav", np.zeros(16000 * 12, dtype=np.int16))
    got, listener = listen_to(path, recognizer)
    assert got.utterances == []
    assert listener.processed_frames > 200


def test_garbled_audio_does_not_stop_the_listener(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    rng = np.random.default_rng(7)
    noise = rng.integers(-32768, 32767, 16000, dtype=np.int16)  # full-scale white noise
    clipped = np.where(np.arange(8000) % 40 < 20, 32767, -32768).astype(np.int16)
    word = speech("왼쪽 아래")
    gap = np.zeros(12000, dtype=np.int16)
    path = write_wav(
        tmp_path / "garbled.wav", np.concatenate([noise, gap, clipped, gap, word, gap])
    )

    got, _ = listen_to(path, recognizer)

    assert got.texts[-1] == "왼쪽 아래"
    assert got.notices == []


def test_a_failing_callback_is_reported_and_listening_goes_on(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    sequence_file(tmp_path / "seq.wav", ["오른쪽", "왼쪽"])
    heard: list[str] = []
    notices: list[Notice] = []

    def fragile(utterance: Utterance) -> None:
        heard.append(utterance.text)
        if len(heard) == 1:
            raise RuntimeError("the dialog broke")

    listener = Listener(
        WavFileSource(tmp_path / "seq.wav"), recognizer, fragile, on_notice=notices.append
    )
    assert listener.start()
    assert listener.wait(30)

    assert heard == ["오른쪽", "왼쪽"]
    assert [n.key for n in notices] == ["listener_error"]
    assert "the dialog broke" in notices[0].detail


def test_a_sentence_said_with_a_pause_stays_one_utterance(model: Any, tmp_path: Path) -> None:
    # "왼쪽" alone is not a sentence of this grammar, only the start of "왼쪽 아래".
    grammar = ["왼쪽 아래", "오른쪽 나무", "여섯", "아니요"]
    segments = sequence_file(tmp_path / "seq.wav", ["왼쪽", "아래", "여섯"], gap=0.1)
    pause = segments[1].start - segments[0].speech_end
    assert 0.3 < pause < 0.6  # long enough for the quick end of speech to close "왼쪽"

    held, _ = listen_to(tmp_path / "seq.wav", SpeechRecognizer(model, grammar))
    split, _ = listen_to(tmp_path / "seq.wav", SpeechRecognizer(model, grammar), continuation=0)

    assert held.texts == ["왼쪽 아래", "여섯"]
    assert [w.word for w in held.utterances[0].words] == ["왼쪽", "아래"]
    assert split.texts == ["왼쪽", "아래", "여섯"]


def test_an_unfinished_sentence_is_delivered_after_the_pause(model: Any, tmp_path: Path) -> None:
    grammar = ["왼쪽 아래", "오른쪽 나무", "여섯", "아니요"]
    segments = sequence_file(tmp_path / "seq.wav", ["왼쪽", "여섯"], gap=1.5)

    got, _ = listen_to(tmp_path / "seq.wav", SpeechRecognizer(model, grammar))

    assert got.texts == ["왼쪽", "여섯"]
    first_end = got.utterances[0].audio_end
    assert first_end is not None
    # Closed by the end-of-speech detector, then held for the continuation window.
    assert 0.7 < first_end - segments[0].speech_end < 1.0


def sounding_during(source: WavFileSource, start: float, end: float) -> Any:
    """An is_sounding() that is True while the file's playback is between start and end."""

    def is_sounding() -> bool:
        position = time.monotonic() - source.started_at
        return start <= position < end

    return is_sounding


class LateSource(WavFileSource):
    """A microphone the listener fell behind: nothing is read until *late* seconds after the
    capture began; the frames waiting then come at once, each with the time it was captured."""

    def __init__(self, path: Path, late: float) -> None:
        super().__init__(path, realtime=True)
        self.late = late

    def read(self, timeout: float) -> AudioFrame | None:
        wait = self.started_at + self.late - time.monotonic()
        if wait > timeout:
            time.sleep(timeout)
            return None
        time.sleep(max(0.0, wait))
        return super().read(timeout)


@pytest.mark.parametrize("behind", [False, True], ids=["in time", "behind"])
def test_half_duplex_discards_what_is_heard_while_sounding(
    recognizer: SpeechRecognizer, tmp_path: Path, behind: bool
) -> None:
    segments = sequence_file(tmp_path / "seq.wav", ["오른쪽", "아니요", "왼쪽 아래"], gap=0.6)
    # The game "speaks" from just before the second word until just after it.
    window = (segments[1].start - 0.1, segments[1].speech_end + 0.1)
    # Behind (a busy machine), the listener reaches the second word after the game stopped
    # speaking over it: the output is silent by then, yet that word was the game's own.
    source = (
        LateSource(tmp_path / "seq.wav", late=window[1] + 0.5)
        if behind
        else WavFileSource(tmp_path / "seq.wav", realtime=True)
    )
    got = Collector()
    listener = Listener(
        source,
        recognizer,
        got.utterance,
        is_sounding=sounding_during(source, *window),
        on_notice=got.notice,
    )
    assert listener.start()
    assert listener.wait(30)

    assert got.texts == ["오른쪽", "왼쪽 아래"]
    muted_seconds = listener.discarded_frames * 0.05
    expected = window[1] - window[0] + listener.tail_margin
    assert expected - 0.1 <= muted_seconds <= expected + 0.15


def test_sounding_that_starts_mid_word_drops_the_word(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    # The first half of a word heard before the game starts talking must not be recognised
    # later together with what follows: the recogniser is reset when muting starts.
    segments = sequence_file(tmp_path / "seq.wav", ["오른쪽 나무", "여섯"], gap=0.7)
    source = WavFileSource(tmp_path / "seq.wav", realtime=True)
    first = segments[0]
    window = ((first.start + first.speech_end) / 2, first.speech_end + 0.3)
    got = Collector()
    listener = Listener(
        source, recognizer, got.utterance, is_sounding=sounding_during(source, *window)
    )
    assert listener.start()
    assert listener.wait(30)

    assert got.texts == ["여섯"]


class BehindSource(WavFileSource):
    """A microphone the listener fell behind: the audio up to `backlog_until` (seconds) was
    captured, and waited in the queue, before the listener read its first frame; the rest is
    captured as it is read."""

    def __init__(self, path: Path, backlog_until: float) -> None:
        super().__init__(path)
        self.backlog_until = backlog_until
        self.frames_read = 0

    def read(self, timeout: float) -> AudioFrame | None:
        frame = super().read(timeout)
        if frame is None:
            return None
        self.frames_read += 1
        if frame.end <= self.backlog_until:  # captured a moment before the listener began
            return dataclasses.replace(frame, captured_at=self.started_at - 10 + frame.end)
        return frame


def test_what_was_said_before_the_game_spoke_is_heard_when_the_listener_is_behind(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    """On a busy machine the listener gets to audio late: the player's word, captured before
    the game began to speak, was dropped when the game was sounding by the time the listener
    read it. What was captured while the game sounded is still thrown away."""
    segments = sequence_file(tmp_path / "seq.wav", ["오른쪽", "왼쪽 아래"], gap=0.6)
    source = BehindSource(tmp_path / "seq.wav", backlog_until=segments[1].start - 0.2)
    got = Collector()
    # The game starts speaking just after the listener read its first frame, and goes on.
    listener = Listener(
        source, recognizer, got.utterance, is_sounding=lambda: source.frames_read > 1
    )
    assert listener.start()
    assert listener.wait(30)

    assert got.texts == ["오른쪽"]  # the second word was captured while the game spoke
    assert listener.discarded_frames > 0


def test_barge_in_keeps_listening_while_sounding(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    sequence_file(tmp_path / "seq.wav", ["오른쪽", "아니요", "왼쪽 아래"])

    got, listener = listen_to(
        tmp_path / "seq.wav", recognizer, is_sounding=lambda: True, barge_in=True
    )

    assert got.texts == ["오른쪽", "아니요", "왼쪽 아래"]
    assert listener.discarded_frames == 0


def test_a_failing_is_sounding_is_reported_once(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    sequence_file(tmp_path / "seq.wav", ["왼쪽"])

    def broken() -> bool:
        raise OSError("output gone")

    got, _ = listen_to(tmp_path / "seq.wav", recognizer, is_sounding=broken)

    assert got.texts == ["왼쪽"]
    assert [n.key for n in got.notices] == ["listener_error"]


def test_stop_and_start_again(recognizer: SpeechRecognizer, tmp_path: Path) -> None:
    segments: list[Segment] = sequence_file(tmp_path / "seq.wav", ["오른쪽", "왼쪽"], gap=1.0)
    got = Collector()
    source = WavFileSource(tmp_path / "seq.wav", realtime=True)
    listener = Listener(source, recognizer, got.utterance)

    assert listener.start()
    time.sleep(segments[0].speech_end + 0.5)
    listener.stop()
    assert listener.state == "stopped" and not listener.running
    assert got.texts == ["오른쪽"]

    source.realtime = False  # no need to wait in real time again
    assert listener.start()  # opens the file again from the start
    assert listener.wait(10)
    assert got.texts == ["오른쪽", "오른쪽", "왼쪽"]


class CountingDecoder:
    """A Vosk recogniser that counts the audio it is given (the rest passes through)."""

    def __init__(self, decoder: Any) -> None:
        self.decoder = decoder
        self.fed = 0

    def AcceptWaveform(self, pcm: bytes) -> bool:
        self.fed += 1
        return bool(self.decoder.AcceptWaveform(pcm))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.decoder, name)


def table_recognizer(model: Any, graph_cache: Path) -> SpeechRecognizer:
    """The three decoders of the game's usual table (sentences, word list, scored word list)."""
    shape = TableShape(Table().rules().highest, Table().rules().spinner)
    return SpeechRecognizer(
        model,
        game_standin().sentences(table_sentences(shape)),
        model_path=KO_MODEL_PATH,
        graph_cache=graph_cache,
    )


def test_a_mended_sentence_is_weighed_without_decoding_the_utterance_again(
    model: Any, tmp_path: Path
) -> None:
    """The word list that weighs a mended sentence (its log likelihood against the free
    words) hears the utterance as it comes: at its end only the final step is left, so a
    mended command is read back as soon as one the two decoders agree on."""
    recognizer = table_recognizer(model, tmp_path)
    weighed = 0
    for seed, command in enumerate(("quanti punti ho", "aggiungi un computer medio", "passo")):
        recognizer.reset()
        counting = CountingDecoder(recognizer._scored_vosk)
        recognizer._scored_vosk = counting
        pad = np.zeros(4000, dtype=np.int16)
        audio = np.concatenate([pad, with_noise(say(command), 10.0, seed), pad])
        pcm = audio.astype("<i2").tobytes()
        for at in range(0, len(pcm), 3200):
            assert recognizer.accept(pcm[at : at + 3200]) is None
        fed = counting.fed
        assert fed == (len(pcm) + 3199) // 3200
        utterance = recognizer.finish()
        assert counting.fed == fed, command  # nothing decoded again at the end
        weighed += utterance.evidence is not None and utterance.evidence.margin is not None
    assert weighed >= 1


class OneAtATimeDecoder(CountingDecoder):
    """A Vosk recogniser whose final step takes a while and notes when two threads were in
    it at once (Vosk itself crashes the process then)."""

    def __init__(self, decoder: Any) -> None:
        super().__init__(decoder)
        self._inside = 0
        self._guard = threading.Lock()
        self.overlapped = False
        self.finished = 0

    def FinalResult(self) -> str:
        with self._guard:
            self._inside += 1
            self.overlapped |= self._inside > 1
        try:
            time.sleep(0.05)  # widens the window a second caller would fall into
            return str(self.decoder.FinalResult())
        finally:
            with self._guard:
                self._inside -= 1
                self.finished += 1


def test_finishing_twice_in_a_row_never_decodes_in_one_recogniser_from_two_threads(
    model: Any, tmp_path: Path
) -> None:
    """Vosk's own endpoint closes an utterance inside accept(), then the listener's end of
    speech finishes again at once: the word list kept for weighing was being closed in the
    background by both finishes together, and the process died (segmentation fault)."""
    recognizer = table_recognizer(model, tmp_path)
    watched = OneAtATimeDecoder(recognizer._scored_vosk)
    recognizer._scored_vosk = watched
    for command in ("passo", "pesca", "quanti punti ho"):
        pad = np.zeros(4000, dtype=np.int16)
        pcm = np.concatenate([pad, say(command), pad]).astype("<i2").tobytes()
        for at in range(0, len(pcm), 3200):
            recognizer.accept(pcm[at : at + 3200])
        recognizer.finish()
        recognizer.finish()
    heard = recognizer.finish()  # waits for the last closing too
    assert watched.finished >= 3
    assert not watched.overlapped
    assert heard.sentence is None  # nothing was left to hear


def test_a_command_is_weighed_by_what_was_said_as_its_voice_began(tmp_path: Path) -> None:
    """The game counted a spoken command as heard after every message said before it was
    recognised, a second or more after it began (longer on a loaded machine): a "sì" begun
    before "Vuoi uscire?" was said, and recognised after, answered it. The utterance now
    carries when its voice began, on the microphone's clock, and the game counts what had been
    said by then. Here the game says a message while the player speaks, with the listener
    running two seconds behind the microphone."""
    from voicedomino.dialog.manager import DialogManager
    from voicedomino.frontend.app import Game
    from voicedomino.frontend.inbox import Spoken
    from voicedomino.frontend.voice import deliver

    sequence_file(tmp_path / "seq.wav", ["오른쪽 나무"], lead=1.0, speed=80)
    samples = read_wav(tmp_path / "seq.wav")
    audible = np.flatnonzero(np.abs(samples.astype(np.int32)) > SPEECH_LEVEL)
    voice_began = audible[0] / 16000
    game = Game(DialogManager(Table(), computer_pause=0), NullOutput(), autosave=None,
                out=io.StringIO())  # fmt: skip
    game.say("Benvenuto.")
    recognised: list[Utterance] = []
    source = LateSource(tmp_path / "seq.wav", late=voice_began + 2.0)
    listener = Listener(source, SpeechRecognizer(ko_model(), KOREAN_GRAMMAR), recognised.append)
    opened = time.monotonic()
    assert listener.start()
    time.sleep(voice_began + 0.6)
    game.say("Vuoi uscire?")  # while the player speaks: they began before it
    question_at = time.monotonic()
    assert listener.wait(60)
    assert [u.text for u in recognised] == ["오른쪽 나무"]
    utterance = recognised[0]
    assert utterance.began_at is not None
    assert opened + voice_began - 0.1 < utterance.began_at < question_at
    deliver(game, utterance)
    spoken = game.inbox.get_nowait()
    assert isinstance(spoken, Spoken) and spoken.said == 1  # "Benvenuto." only
    assert game.heard_at(time.monotonic()) == game.heard() == 2
    deliver(game, dataclasses.replace(utterance, began_at=None))  # no beginning seen: now
    assert game.inbox.get_nowait().said == 2  # type: ignore[union-attr]
