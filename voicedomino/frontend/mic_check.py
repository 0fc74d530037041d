"""The spoken microphone check (`voicedomino prova-voce`): the game asks for a command, then
says what it heard and whether the input level is too low, too high or good.

The level is judged on the loudest tenths of a second of what was captured (the voice, not the
pauses around it): RMS below `LOW_RMS` is too quiet for reliable recognition, a peak at the top
of the 16-bit range (or RMS above `HIGH_RMS`) means the input clips or is about to.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from voicedomino.audio.api import SoundOutput
from voicedomino.italian import messages as it
from voicedomino.speech.calibration import Calibration, calibrate, save_calibration
from voicedomino.speech.listener import Listener, Recognizer
from voicedomino.speech.recognizer import Utterance
from voicedomino.speech.sources import SAMPLE_RATE, AudioFrame, AudioSource

Level = Literal["too_low", "too_high", "good", "silent"]

LOW_RMS = 400.0  # about -38 dBFS
HIGH_RMS = 10000.0  # about -10 dBFS
CLIPPING_PEAK = 32000
_WINDOW = SAMPLE_RATE // 10  # 100 ms
_LOUDEST_SHARE = 0.3  # the share of windows taken as the voice
SILENT_RMS = 30.0  # nothing but the noise of the input itself


@dataclass(frozen=True)
class CheckResult:
    heard: str | None  # the command understood, None when nothing was
    level: Level
    rms: float
    peak: int
    noisy_room: bool = False  # the sound between words was loud: the noise suppressor is used
    confidence: float | None = None  # the recogniser's, for the command heard
    score_per_second: float | None = None  # the sentence decoder's, for the command heard
    least_word_confidence: float | None = None  # the word list's least sure word in it


def judge_level(samples: np.ndarray) -> tuple[Level, float, int]:
    """The level verdict for captured 16-bit audio, with the voice's RMS and the peak."""
    if len(samples) == 0:
        return "silent", 0.0, 0
    audio = samples.astype(np.float64)
    peak = int(np.max(np.abs(audio)))
    windows = len(audio) // _WINDOW
    if windows == 0:
        levels = np.array([np.sqrt(np.mean(audio**2))])
    else:
        blocks = audio[: windows * _WINDOW].reshape(windows, _WINDOW)
        levels = np.sort(np.sqrt(np.mean(blocks**2, axis=1)))
    loudest = levels[-max(1, round(len(levels) * _LOUDEST_SHARE)) :]
    rms = float(np.mean(loudest))
    return verdict(rms, peak), rms, peak


def verdict(rms: float, peak: int) -> Level:
    """Too high (clipping), silent, too low or good, from the voice's RMS and the peak."""
    if peak >= CLIPPING_PEAK or rms > HIGH_RMS:
        return "too_high"
    if rms < SILENT_RMS:
        return "silent"
    if rms < LOW_RMS:
        return "too_low"
    return "good"


class _Recording:
    """The source, keeping a copy of everything it delivered; once `held`, it delivers nothing
    more (what follows a command heard is the next check's: a file is read faster than the
    listener can be stopped)."""

    def __init__(self, source: AudioSource) -> None:
        self.source = source
        self.blocks: list[bytes] = []
        self.held = threading.Event()

    def open(self) -> None:
        self.source.open()

    def read(self, timeout: float) -> AudioFrame | None:
        if self.held.wait(0):
            time.sleep(min(timeout, 0.01))
            return None
        frame = self.source.read(timeout)
        if frame is not None:
            self.blocks.append(frame.pcm)
        return frame

    def close(self) -> None:
        self.source.close()

    def samples(self) -> np.ndarray:
        return np.frombuffer(b"".join(self.blocks), dtype="<i2")


def check(
    source: AudioSource,
    recognizer: Recognizer,
    *,
    timeout: float = 8.0,
    to_grammar: Callable[[str], str] = lambda text: text,
) -> CheckResult:
    """Listen until the first result (or `timeout` s, or the end of a file) and judge it."""
    recording = _Recording(source)
    results: list[Utterance] = []
    got = threading.Event()

    def on_utterance(utterance: Utterance) -> None:
        results.append(utterance)
        if utterance.understood and utterance.text:
            recording.held.set()
        got.set()

    listener = Listener(recording, recognizer, on_utterance)
    if not listener.start():
        return CheckResult(None, "silent", 0.0, 0)
    deadline = time.monotonic() + timeout
    while not got.is_set() and listener.running and time.monotonic() < deadline:
        got.wait(0.05)
    listener.stop()
    understood = next((u for u in results if u.understood and u.text), None)
    heard = to_grammar(understood.text) if understood is not None else None
    level, rms, peak = judge_level(recording.samples())
    noisy = listener.room.noisy or any(u.denoised for u in results)
    confidence = understood.confidence if understood is not None else None
    evidence = understood.evidence if understood is not None else None
    score = evidence.score_per_second if evidence is not None else None
    least = evidence.min_word_confidence if evidence is not None else None
    return CheckResult(heard, level, rms, peak, noisy, confidence, score, least)


class _KeptOpen:
    """A source opened once for several checks in a row (a file is not read again)."""

    def __init__(self, source: AudioSource) -> None:
        self.source = source
        self._open = False

    def open(self) -> None:
        if not self._open:
            self.source.open()
            self._open = True

    def read(self, timeout: float) -> AudioFrame | None:
        return self.source.read(timeout)

    def close(self) -> None:
        pass  # closed by `finish`

    def finish(self) -> None:
        if self._open:
            self.source.close()


CALIBRATION_COMMANDS = ("pesco", "gioca sei tre", "quante tessere ho", "passo", "ripeti")
SILENCE_S = 3.0


class _For:
    """The source for `seconds` of its audio, then its end (the listener then closes the
    utterance it was hearing)."""

    def __init__(self, source: AudioSource, seconds: float) -> None:
        self.source = source
        self.left = seconds
        self.blocks: list[bytes] = []
        self._deadline = 0.0

    def open(self) -> None:
        self.source.open()
        self._deadline = time.monotonic() + self.left + 2.0

    def read(self, timeout: float) -> AudioFrame | None:
        from voicedomino.speech.sources import EndOfAudio

        if self.left <= 0 or time.monotonic() > self._deadline:
            raise EndOfAudio
        frame = self.source.read(timeout)
        if frame is not None:
            self.blocks.append(frame.pcm)
            self.left -= frame.duration
        return frame

    def close(self) -> None:
        self.source.close()


@dataclass(frozen=True)
class RoomHeard:
    dbfs: float | None  # the room's level; None if the source gave nothing
    scores: list[float]  # the scores per second of whatever the listener heard in it


def listen_to_room(
    source: AudioSource, recognizer: Recognizer, seconds: float = SILENCE_S
) -> RoomHeard:
    """`seconds` of the room while the player keeps silent, through the real listener: its
    level, and the scores of what the room said (a television, a voice, a clatter)."""
    from voicedomino.speech.denoise import level_dbfs

    timed = _For(source, seconds)
    scores: list[float] = []

    def on_utterance(utterance: Utterance) -> None:
        evidence = utterance.evidence
        if evidence is not None and evidence.score_per_second is not None:
            scores.append(evidence.score_per_second)

    listener = Listener(timed, recognizer, on_utterance)
    if listener.start():
        listener.wait(seconds + 10.0)
        listener.stop()
    level = level_dbfs(b"".join(timed.blocks)) if timed.blocks else None
    return RoomHeard(level, scores)


def calibrate_voice(
    source: AudioSource,
    recognizer: Recognizer,
    model_path: Path,
    tell: Callable[[str], None],
    *,
    to_grammar: Callable[[str], str] = lambda text: text,
    timeout: float = 8.0,
) -> Calibration:
    """`prova-voce --calibra`: the room in silence, then the player says each of
    CALIBRATION_COMMANDS; what depends on model, voice and room is computed and saved."""
    kept = _KeptOpen(source)
    try:
        tell(it.calibration_silence())
        room = listen_to_room(kept, recognizer)
        confidences: list[float] = []
        levels: list[float] = []
        scores: list[float] = []
        least_words: list[float] = []
        for command in CALIBRATION_COMMANDS:
            tell(it.calibration_say(command))
            result = check(kept, recognizer, timeout=timeout, to_grammar=to_grammar)
            if result.heard == command and result.confidence is not None:
                confidences.append(result.confidence)
                levels.append(result.rms)
                if result.score_per_second is not None:
                    scores.append(result.score_per_second)
                if result.least_word_confidence is not None:
                    least_words.append(result.least_word_confidence)
    finally:
        kept.finish()
    calibration = calibrate(
        model_path, confidences, levels, room.dbfs, len(CALIBRATION_COMMANDS),
        command_scores=scores, room_scores=room.scores, least_word_confidences=least_words,
    )  # fmt: skip
    saved = save_calibration(model_path, calibration)
    tell(
        it.calibration_result(
            calibration.commands_heard, calibration.commands_asked, calibration.acting_confidence,
            saved, calibration.scores,
        )
    )  # fmt: skip
    return calibration


def run(
    output: SoundOutput,
    *,
    model_option: str | None,
    audio_in: Path | None,
    input_device: int | str | None = None,
    say: Callable[[str], None] = print,
    calibrate: bool = False,
) -> int:
    """The `prova-voce` command: 0 when a command was heard at a good level, else 1. With
    `calibrate`, the calibration instead: 0 when most of its commands were heard."""
    from voicedomino.dialog.parser import grammar_sentences
    from voicedomino.speech.model import ModelLoadError, ModelProblem, load_model, locate_model
    from voicedomino.speech.recognizer import SpeechRecognizer
    from voicedomino.speech.sources import MicrophoneSource, SourceError, WavFileSource

    def tell(text: str) -> None:
        say(text)
        output.speak(text)
        output.wait_idle(15.0)

    # The input first: no microphone, or a missing or unusable file, is said whatever the model.
    try:
        source: AudioSource = (
            WavFileSource(audio_in) if audio_in is not None else MicrophoneSource(input_device)
        )
        if audio_in is None:
            source.open()  # is there a microphone at all?
            source.close()
    except SourceError as error:
        tell(it.notice("microphone_missing" if audio_in is None else error.key))
        return 1
    location = locate_model(model_option)
    if isinstance(location, ModelProblem):
        tell(it.notice(location.key))
        return 1
    try:
        recognizer = SpeechRecognizer(
            load_model(location.path), grammar_sentences(), model_path=location.path
        )
    except ModelLoadError as error:
        tell(it.notice(error.key))
        return 1
    except ValueError:  # a model that knows none of the game's words
        tell(it.notice("model_unusable"))
        return 1
    if calibrate:
        try:
            done = calibrate_voice(source, recognizer, location.path, tell)
        except SourceError as error:
            tell(it.notice(error.key))
            return 1
        return 0 if done.commands_heard * 2 > done.commands_asked else 1
    tell(it.mic_check_prompt())
    try:
        result = check(source, recognizer)
    except SourceError as error:
        tell(it.notice(error.key))
        return 1
    tell(it.mic_check_result(result.heard, result.level, result.noisy_room))
    return 0 if result.heard is not None and result.level == "good" else 1
