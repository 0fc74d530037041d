"""Hands-free in a living room, with the real recogniser (the Korean stand-in of the full
Italian grammar) and the real listener, gate and dialog: the automatic gain for a quiet
player, the busy-room mode and what it says, voice settings read back and cancelled, and the
acting rule that asks instead of acting on a guess.

The recordings here are espeak-ng's plain Korean voice at its default speed; the room
benchmark (benchmarks/bench_home.py) never uses it, so these are not the recordings it tunes
on."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import numpy as np
import pytest
from korean_speech import RATE, Int16, write_wav
from korean_standin import StandIn, espeak, game_standin, korean_recognizer, say
from room_corpus import OTHER_SPEECH, at_level, room_tone

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.manager import DialogManager
from voicedomino.frontend import voice
from voicedomino.frontend.app import Game
from voicedomino.frontend.attention import GateSettings, VoiceGate
from voicedomino.italian import messages as it
from voicedomino.speech.busy import RoomSpeech
from voicedomino.speech.gain import AutomaticGain
from voicedomino.speech.listener import Listener, Notice
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance
from voicedomino.speech.sources import AudioFrame, WavFileSource


def quieter(samples: Int16, db: float) -> Int16:
    return np.clip(samples.astype(np.float64) * 10 ** (-db / 20), -32768, 32767).astype(np.int16)


def with_hiss(samples: Int16, rng: np.random.Generator) -> Int16:
    """The microphone's own hiss under the voice, as under everything."""
    return (samples.astype(np.int32) + room_tone(len(samples) / RATE, rng)).astype(np.int16)


@pytest.fixture(scope="module")
def recognizer() -> SpeechRecognizer:
    return korean_recognizer()


def listen(path: Path, recognizer: SpeechRecognizer, **options: object) -> list[str]:
    """What the real listener delivers for a file, in Italian."""
    standin = game_standin()
    heard: list[Utterance] = []
    listener = Listener(WavFileSource(path), recognizer, heard.append, **options)  # type: ignore[arg-type]
    listener.start()
    listener.wait()
    return [standin.italian(u.text) for u in heard]


# --- automatic gain ---------------------------------------------------------------------------


def test_the_gain_follows_the_voice_only_and_never_takes_a_loud_voice_down() -> None:
    gain = AutomaticGain()
    assert gain.gain == 1.0  # nothing heard yet: nothing changed
    quiet = (np.sin(np.arange(512) / 5) * 300).astype("<i2").tobytes()  # ~212 RMS
    for _ in range(40):
        gain.hear_voice(quiet)
    assert 14.0 < gain.gain_db <= 18.0  # up towards 1600 RMS, within the ceiling
    out = np.frombuffer(gain.apply(quiet), dtype="<i2")
    assert len(out) * 2 == len(quiet) and np.max(np.abs(out)) > 300
    loud = AutomaticGain()
    for _ in range(40):
        loud.hear_voice((np.sin(np.arange(512) / 5) * 9000).astype("<i2").tobytes())
    assert loud.gain == 1.0
    frame = (np.arange(512) % 200).astype("<i2").tobytes()
    assert loud.apply(frame) == frame


def test_a_player_25_db_quieter_is_heard_through_the_gain(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    """Six commands 25 dB quieter than usual, over the microphone's hiss: the real listener
    hears them with the gain (and the suppressor it brings in), not without."""
    commands = ["gioca sei tre", "pesco", "quante tessere ho", "passo", "ripeti"]
    commands.append("gioca il quattro in testa")
    rng = np.random.default_rng(3)
    parts = [room_tone(1.0, rng)]
    for command in commands:
        parts += [with_hiss(quieter(say(command), 25), rng), room_tone(1.5, rng)]
    path = write_wav(tmp_path / "quiet.wav", np.concatenate(parts))
    with_gain = listen(path, recognizer)
    without = listen(path, recognizer, gain=None)
    assert sum(c in with_gain for c in commands) >= 5, with_gain
    assert sum(c in without for c in commands) <= 2, without  # the gain is what does it


# --- the game on real audio ---------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SpeakingOutput(NullOutput):
    """Silent, but sounding for as long as a sentence takes to say (15 characters a second of
    the game's clock): the grace period runs from the end of the read-back, as it does live."""

    def __init__(self, clock: Clock) -> None:
        super().__init__()
        self.clock = clock
        self.until = 0.0

    def speak(self, text: str) -> None:
        self.until = max(self.until, self.clock.now) + len(text) / 15

    def is_sounding(self) -> bool:
        return self.clock.now < self.until


class HeardGame:
    """A game with its voice gate, fed by the real listener on a file. Everything runs on the
    listener's thread, in audio time: the gate's clock is the audio's, it ticks every 0.1 s of
    audio, and each result goes to the game as `voice.deliver` hands it over."""

    def __init__(self, recognizer: SpeechRecognizer, *, window_s: float = 8.0) -> None:
        self.standin: StandIn = game_standin()
        self.recognizer = recognizer
        self.clock = Clock()
        self.output = SpeakingOutput(self.clock)
        self.out = io.StringIO()
        self.manager = DialogManager(seed=11, computer_pause=0.0)
        self.game = Game(self.manager, self.output, autosave=None, out=self.out)
        self.gate: VoiceGate = self.game.listen_with_gate(
            GateSettings(window_s=window_s, grace_s=1.2), clock=self.clock
        )
        self.game._after(self.manager.start())
        self.output.until = 0.0  # the greeting was heard before the recording begins
        self.windows: list[float] = []  # audio times at which the game hands the turn over

    def said(self) -> str:
        return self.out.getvalue()

    def run(self, samples: Int16, tmp_path: Path) -> None:
        path = write_wav(tmp_path / "room.wav", samples)
        game = self

        class Ticking(WavFileSource):
            def read(self, timeout: float) -> AudioFrame | None:
                frame = super().read(timeout)
                if frame is not None:
                    before, game.clock.now = game.clock.now, frame.end
                    if any(before < t <= frame.end for t in game.windows):
                        game.gate.open_window()
                    game.gate.tick()
                return frame

        def on_utterance(utterance: Utterance) -> None:
            italian = self.standin.italian(utterance.text)
            mapped = dataclasses.replace(utterance, text=italian, sentence=italian)
            self.game.on_spoken(voice.to_spoken(mapped))

        def on_notice(notice: Notice) -> None:
            if notice.key in voice.ROOM_NOTICES:  # as the game loop passes it to the gate
                self.gate.room_changed(notice.key == "busy_room")

        listener = Listener(Ticking(path), self.recognizer, on_utterance, on_notice=on_notice)
        listener.start()
        listener.wait()


def people_talking(seconds: float, rng: np.random.Generator) -> Int16:
    """Other people talking, one sentence after another, in other languages."""
    parts: list[Int16] = []
    languages = ["en", "de", "fr", "es"]
    while sum(len(p) for p in parts) < seconds * RATE:
        language = languages[len(parts) % len(languages)]
        text = OTHER_SPEECH[language][len(parts) % len(OTHER_SPEECH[language])]
        parts += [at_level(espeak(text, language + "+f3", 170, 50), 1500), room_tone(0.3, rng)]
    return np.concatenate(parts)


def test_a_room_full_of_speech_wants_domino_and_says_so_once_each_way(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    rng = np.random.default_rng(5)
    table = HeardGame(recognizer)
    table.game.handle("inizia")
    talk = people_talking(30.0, rng)
    plain = say("ripeti")
    addressed = say("domino quante tessere ho")
    later = say("quante tessere ho")
    start = 1.0 + len(talk) / RATE + 0.5
    table.windows = [start]  # the turn is the player's: a window opens as they speak
    parts = [room_tone(1.0, rng), talk, room_tone(0.5, rng), plain, room_tone(1.0, rng)]
    parts += [addressed, room_tone(35.0, rng)]
    table.windows.append(sum(len(p) for p in parts) / RATE)
    parts += [later, room_tone(2.0, rng)]
    ignored_before = table.gate.ignored
    table.run(np.concatenate(parts), tmp_path)
    said = table.said()
    busy, quiet = it.notice("busy_room"), it.notice("quiet_room")
    assert said.count(busy) == 1 and said.count(quiet) == 1, said
    assert said.index(busy) < said.index(quiet)
    # In the busy room "ripeti" in the open window was not taken; "domino ..." was.
    assert table.gate.ignored > ignored_before
    answers = said.split(busy, 1)[1].split(quiet, 1)[0]
    assert "tessere" in answers and "Non ho capito" not in answers, answers
    # Quiet again: a command in the window needs no "domino".
    assert "tessere" in said.split(quiet, 1)[1], said


def test_busy_and_quiet_need_enough_talk_to_change() -> None:
    room = RoomSpeech(window_s=20.0, busy_share=0.4, quiet_share=0.15)
    changes = []
    now = 0.0
    for step in range(400):  # 20 s: a command of 1.5 s every 5 s, in a quiet room
        now += 0.05
        changes.append(room.hear(now, 0.05 if step % 100 < 30 else 0.0))
    assert not room.busy and not any(c is not None for c in changes)
    for _ in range(300):  # 15 s of a television
        now += 0.05
        changes.append(room.hear(now, 0.04))
    assert room.busy and changes.count(True) == 1
    room.players_since(now - 15.0)  # it was the player after all
    assert room.share(now) < 0.4
    for _ in range(400):
        now += 0.05
        changes.append(room.hear(now, 0.0))
    assert not room.busy and changes.count(False) == 1


# --- settings read back ---------------------------------------------------------------------


def test_a_voice_setting_said_by_voice_is_read_back_and_can_be_cancelled(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    """ "Più lento" is two words: by the acting rule it is read back as a question; "annulla"
    drops it, "confermo" carries it out. The rate changes only then."""
    rng = np.random.default_rng(7)
    table = HeardGame(recognizer)
    rate = table.output.rate
    first = say("piu lento")
    parts = [room_tone(1.0, rng), first, room_tone(0.5, rng), say("annulla"), room_tone(3.0, rng)]
    table.windows = [1.0, 1.0 + (len(first) + len(parts[2])) / RATE]
    second_at = sum(len(p) for p in parts) / RATE
    table.windows.append(second_at)
    parts += [say("piu lento"), room_tone(2.5, rng), say("confermo"), room_tone(3.0, rng)]
    table.run(np.concatenate(parts), tmp_path)
    said = table.said()
    readback = it.readback_voice_change("slower").removesuffix(".")
    assert said.count(readback) == 2, said
    assert it.command_cancelled() in said.split(readback)[1]
    assert table.output.rate < rate  # the second one, confirmed, was carried out
    assert said.index(it.slower()) > said.rindex(readback)


# --- calibration per model ------------------------------------------------------------------


def test_prova_voce_calibrates_for_the_voice_and_saves_it_per_model(
    recognizer: SpeechRecognizer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from voicedomino.frontend import mic_check
    from voicedomino.speech import calibration

    monkeypatch.setenv("VOICEDOMINO_CONFIG_DIR", str(tmp_path / "config"))
    rng = np.random.default_rng(9)
    parts = [room_tone(mic_check.SILENCE_S + 0.5, rng)]
    for command in mic_check.CALIBRATION_COMMANDS:
        parts += [with_hiss(quieter(say(command), 12), rng), room_tone(1.5, rng)]
    path = write_wav(tmp_path / "calibration.wav", np.concatenate(parts))
    told: list[str] = []
    model = tmp_path / "vosk-model-it-0.22"
    done = mic_check.calibrate_voice(
        WavFileSource(path), recognizer, model, told.append, to_grammar=game_standin().italian
    )
    assert told[0] == it.calibration_silence()
    assert told[1] == it.calibration_say(mic_check.CALIBRATION_COMMANDS[0])
    assert done.commands_asked == len(mic_check.CALIBRATION_COMMANDS)
    assert done.commands_heard >= 3  # most of them: what the calibration needs
    assert calibration.ACTING_FLOOR <= done.acting_confidence <= 0.8
    assert done.voice_rms is not None and 500 < done.voice_rms < 3000  # 12 dB under espeak's
    assert done.room_dbfs is not None and done.room_dbfs < -55  # the hiss alone
    assert calibration.load_calibration(model) == done  # kept for this model only
    assert calibration.load_calibration(tmp_path / "another-model") is None
    assert "salvata" in told[-1]


def test_a_calibration_lowers_the_line_only_within_its_bounds() -> None:
    from voicedomino.speech.calibration import ACTING_FLOOR, calibrate

    sure = calibrate(Path("m"), [1.0, 0.98, 1.0, 0.99], [1500.0] * 4, -60.0, 5)
    assert sure.acting_confidence == 0.8  # never above the default: never acts on less
    unsure = calibrate(Path("m"), [0.72, 0.75, 0.8, 0.9, 0.95], [900.0] * 5, -50.0, 5)
    assert unsure.acting_confidence == 0.7 and unsure.acting_confidence >= ACTING_FLOOR
    nothing = calibrate(Path("m"), [], [], None, 5)
    assert nothing.acting_confidence == 0.8 and nothing.voice_rms is None
