"""Reverberation (speech/reverb.py): the room's ringing measured from what the microphone
hears, and the late echo taken out before the real recogniser (the Korean stand-in of the
game's table grammar) when, and only when, the room is reverberant."""

from __future__ import annotations

import time
from typing import Any

import home_corpus as home
import numpy as np
import pytest
from korean_speech import KO_MODEL_PATH, RATE, Int16, ko_model
from korean_standin import game_standin, say
from room_corpus import room_tone

from voicedomino.dialog.menu import Table
from voicedomino.frontend.voice import TableShape, table_sentences
from voicedomino.speech.endpoint import SpeechEndDetector, SpeechEvent
from voicedomino.speech.listener import Listener
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance
from voicedomino.speech.reverb import LateReverbSuppressor, RoomReverb
from voicedomino.speech.sources import AudioFrame, EndOfAudio
from voicedomino.speech.vad import SileroVad

COMMANDS = (
    "pesca", "passo", "gioca sei e cinque a destra", "aiuto", "metti il doppio sei",
    "quanti punti ho", "leggimi il tavolo", "gioca tre e due a sinistra",
)  # fmt: skip
DOUBLE_SIX = TableShape(Table().rules().highest, Table().rules().spinner)


def in_room(audio: Int16, room: home.Room | None, level_db: float, seed: int) -> Int16:
    said = home.reverberate(audio, room, seed) if room is not None else audio
    return home.louder(said, level_db)


def scene(room: home.Room | None, level_db: float = 0.0) -> tuple[Int16, list[float]]:
    """The commands one after the other in a room with its quiet hiss, and where each
    command's stretch of audio ends."""
    rng = np.random.default_rng(3)
    parts: list[np.ndarray] = []
    ends: list[float] = []
    length = 0
    for seed, command in enumerate(COMMANDS):
        voice = in_room(say(command, 165), room, level_db, seed).astype(np.float64)
        part = np.concatenate([np.zeros(RATE), voice, np.zeros(RATE * 3 // 2)])
        parts.append(part + room_tone(len(part) / RATE, rng))
        length += len(part)
        ends.append(length / RATE)
    whole = np.clip(np.concatenate(parts), -32768, 32767).astype(np.int16)
    return whole, ends


def frames(audio: Int16, size: int = 800) -> list[bytes]:
    pcm = audio.astype("<i2").tobytes()
    return [pcm[i : i + 2 * size] for i in range(0, len(pcm), 2 * size)]


@pytest.mark.parametrize(
    ("room", "level_db", "reverberant"),
    [
        (None, 0.0, False),
        (None, -25.0, False),  # a quiet voice ends more softly: still no echo
        (home.LIVING_ROOM, 0.0, True),
        (home.FAR_IN_LIVING_ROOM, -20.0, True),
        (home.LARGE_ROOM, 0.0, True),
    ],
)
def test_the_room_s_ringing_is_measured_from_the_ends_of_what_it_hears(
    room: home.Room | None, level_db: float, reverberant: bool
) -> None:
    measure = RoomReverb()
    audio, _ = scene(room, level_db)
    for pcm in frames(audio):
        measure.hear(pcm)
    assert measure.reverberant is reverberant, list(measure.decays)
    if room is not None:
        assert measure.rt60 == pytest.approx(room.rt60, rel=0.35), list(measure.decays)


def test_the_suppressor_takes_the_echo_after_a_word_out_and_leaves_the_word() -> None:
    """After the voice, the living room's tail falls by several decibels more; the voice
    itself keeps most of its level."""
    dry = say("gioca sei e cinque a destra", 165)
    wet = in_room(dry, home.LIVING_ROOM, 0.0, 1)
    padded = np.concatenate([wet, np.zeros(RATE // 2, dtype=np.int16)])
    suppressor = LateReverbSuppressor(home.LIVING_ROOM.rt60)
    out = np.frombuffer(b"".join(suppressor.process(pcm) for pcm in frames(padded)), "<i2")
    assert len(out) == len(padded)
    lag = 512  # the suppressor's delay
    out = out[lag:].astype(np.float64)
    heard = padded[: len(out)].astype(np.float64)
    voice_end = int(np.flatnonzero(np.abs(dry.astype(np.int32)) > 100)[-1])

    def db(samples: np.ndarray) -> float:
        return 10 * float(np.log10(np.mean(samples**2) + 1.0))

    tail = slice(voice_end + 1600, voice_end + 6400)  # 0.1 to 0.4 s after the voice
    voice = slice(0, voice_end)
    assert db(out[tail]) <= db(heard[tail]) - 6
    assert db(out[voice]) >= db(heard[voice]) - 4


class ArraySource:
    def __init__(self, audio: Int16) -> None:
        self.frames = frames(audio)
        self.at = 0

    def open(self) -> None:
        self.at = 0

    def read(self, timeout: float) -> AudioFrame | None:
        if self.at >= len(self.frames):
            raise EndOfAudio
        pcm = self.frames[self.at]
        start = self.at * 800 / RATE
        self.at += 1
        return AudioFrame(pcm, start, time.monotonic())

    def close(self) -> None:
        pass


def heard_commands(audio: Int16, ends: list[float], **options: Any) -> list[str]:
    """The commands the listener and the real recogniser got right, in a new listener."""
    standin = game_standin()
    recognizer = SpeechRecognizer(
        ko_model(), standin.sentences(table_sentences(DOUBLE_SIX)), model_path=KO_MODEL_PATH
    )
    got: list[Utterance] = []
    listener = Listener(ArraySource(audio), recognizer, got.append, **options)
    assert listener.start()
    assert listener.wait(120)
    right = []
    for index, command in enumerate(COMMANDS):
        start = ends[index - 1] if index else 0.0
        said = [
            standin.italian(u.sentence)
            for u in got
            if u.sentence and u.audio_end is not None and start < u.audio_end <= ends[index]
        ]
        if said == [command]:
            right.append(command)
    return right


def test_in_a_living_room_the_listener_hears_more_commands_with_the_echo_out() -> None:
    """The real path (voice detector, gain, recogniser) in a living room: the listener measures
    the room and takes the late echo out; without that, fewer commands come out right."""
    audio, ends = scene(home.LIVING_ROOM)
    with_echo = heard_commands(audio, ends, dereverb=None)
    echo_out = heard_commands(audio, ends)
    assert len(echo_out) >= len(COMMANDS) - 2, (echo_out, with_echo)
    assert len(echo_out) > len(with_echo), (echo_out, with_echo)


def test_in_a_dry_room_the_listener_hears_exactly_as_without_the_suppressor() -> None:
    """Near the microphone the room is measured dry and nothing is taken out."""
    audio, ends = scene(None)
    assert heard_commands(audio, ends) == heard_commands(audio, ends, dereverb=None)


def voice_end(audio: Int16) -> float:
    return (int(np.flatnonzero(np.abs(audio.astype(np.int32)) > 100)[-1]) + 1) / RATE


def speech_ends(audio: Int16, rt60: float | None) -> list[float]:
    """Where the speech-end detector (Silero) reports the end of speech in `audio` (seconds),
    told the room's reverberation time or not."""
    detector = SpeechEndDetector(vad=SileroVad())
    detector.room_rt60 = rt60
    lead = np.zeros(RATE // 2)
    quiet = np.concatenate([lead, audio, np.zeros(RATE)])
    hiss = room_tone(len(quiet) / RATE, np.random.default_rng(5))[: len(quiet)]
    padded = np.clip(quiet + hiss, -32768, 32767).astype(np.int16)
    ends = []
    for index, pcm in enumerate(frames(padded)):
        if detector.update(pcm) is SpeechEvent.ENDED:
            ends.append((index + 1) * 800 / RATE - len(lead) / RATE)
    return ends


@pytest.mark.parametrize(
    ("room", "level_db"), [(home.LIVING_ROOM, 0.0), (home.FAR_IN_LIVING_ROOM, -20.0)]
)
def test_in_a_reverberant_room_the_end_of_speech_does_not_wait_for_the_room_to_fall_silent(
    room: home.Room, level_db: float
) -> None:
    """The room rings on after the last word and the voice detector takes the ringing for
    voice: told the room's reverberation time, the detector hears the end of each command
    about as soon after the voice as in a dry room, and cuts none in two."""
    late: list[float] = []
    prompt: list[float] = []
    for seed, command in enumerate(COMMANDS):
        dry = say(command, 165)
        said = in_room(dry, room, level_db, seed)
        ringing = speech_ends(said, None)
        told = speech_ends(said, room.rt60)
        assert len(told) == len(ringing), (command, told, ringing)
        if told:  # (a short word from the sofa may not be taken for speech at all)
            assert len(told) == 1, (command, told)
            late.append(ringing[-1] - voice_end(dry))
            prompt.append(told[0] - voice_end(dry))
    assert len(prompt) >= len(COMMANDS) - 2
    dry_lags = [speech_ends(say(c, 165), None)[-1] - voice_end(say(c, 165)) for c in COMMANDS]
    assert np.median(prompt) <= np.median(late) - 0.08, (prompt, late)
    assert np.median(prompt) <= np.median(dry_lags) + 0.05, (prompt, dry_lags)


def test_the_listener_tells_the_detector_the_room_s_ringing_only_in_a_reverberant_room() -> None:
    """The listener measures the room (the first commands' decays) and hands the detector its
    reverberation time; near the microphone, none."""
    for room, reverberant in ((home.LIVING_ROOM, True), (None, False)):
        audio, _ = scene(room)
        listener = Listener(ArraySource(audio), NullRecognizer(), lambda utterance: None)
        assert listener.start()
        assert listener.wait(120)
        rt60 = listener.detector.room_rt60
        if reverberant:
            assert rt60 == pytest.approx(home.LIVING_ROOM.rt60, rel=0.35)
        else:
            assert rt60 is None


class NullRecognizer:
    """Hears nothing (the test looks at the listener's speech-end detector only)."""

    noisy_room = False

    def accept(self, pcm: bytes) -> Utterance | None:
        return None

    def finish(self) -> Utterance:
        return Utterance("", None)

    def reset(self) -> None:
        pass

    def expects_more(self, text: str) -> bool:
        return False

    def identify(self, utterance: Utterance) -> Utterance:
        return utterance
