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
from korean_standin import (
    StandIn,
    espeak,
    game_recognizer_sentences,
    game_standin,
    korean_recognizer,
    pool,
    say,
    speech,
)
from room_corpus import OTHER_SPEECH, at_level, room_tone

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.manager import DialogManager
from voicedomino.frontend import voice
from voicedomino.frontend.app import Game
from voicedomino.frontend.attention import GateSettings, VoiceGate
from voicedomino.italian import messages as it
from voicedomino.italian.numbers import pip_word
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

    available = speech_available = True  # the game's own voice, as far as the game can tell

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


def test_people_talking_are_not_noise_for_the_suppressor_before_the_room_is_judged_busy(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    """Three people talking at once, loud enough for the room to count as noisy: in the first
    seconds, before the room can be judged busy, the player's commands went through the noise
    suppressor, which takes a voice out with the voices around it (heard as one word, or
    nothing). Talk is told by how much of the room's sound is voice, from the start."""
    rng = np.random.default_rng(13)
    seconds = 14.0
    streams = [np.roll(people_talking(seconds, rng), shift * RATE) for shift in (0, 3, 7)]
    length = round(seconds * RATE)
    talk = at_level(np.sum([stream[:length] for stream in streams], axis=0), 400)
    audio = talk.astype(np.int32) + room_tone(seconds, rng)[:length]
    commands = {4.0: "gioca il quattro in testa", 8.5: "quanti punti mi mancano"}
    for start, command in commands.items():
        voice = say(command)
        audio[round(start * RATE) : round(start * RATE) + len(voice)] += voice
    path = write_wav(tmp_path / "talk.wav", np.clip(audio, -32768, 32767).astype(np.int16))
    standin = game_standin()
    heard: list[Utterance] = []
    listener = Listener(WavFileSource(path), recognizer, heard.append)
    listener.start()
    listener.wait()
    said = [u for u in heard if any(s < (u.audio_end or 0) < s + 3.5 for s in commands)]
    heard_as = [(standin.italian(u.text), u.denoised) for u in said]
    assert len(said) >= len(commands) and not any(u.denoised for u in said), heard_as


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


def test_outside_the_window_talk_mended_into_a_question_only_opens_the_window(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    """ "domino quante tessere" and a word outside the game's (talk with game words in it):
    the real recogniser mends it into a question only its sentence decoder heard. With no
    window open the game says nothing to the room, only opens the window; said again in it,
    the question is answered."""
    standin = game_standin()
    talk = standin.korean("domino quante tessere ho").split()
    spare = "보이카"  # a word of the stand-in's pool that no word of the grammar took
    assert spare in pool() and spare not in standin.to_italian
    talk[-1] = spare
    guess = speech(" ".join(talk))
    rng = np.random.default_rng(7)
    table = HeardGame(recognizer)
    table.game.handle("inizia")
    answers_before = table.said().count("restano")
    parts = [room_tone(30.0, rng), guess, room_tone(2.0, rng), guess, room_tone(2.0, rng)]
    table.run(np.concatenate(parts), tmp_path)
    answers = table.said().count("restano") - answers_before
    assert answers == 1, table.said()


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


def test_a_voice_setting_that_would_change_nothing_is_not_read_back_as_a_change(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    """The volume already at the top, a voice number the system lacks: the game does not say
    "Alzo il volume." or "Cambio voce: la numero nove." only to say then that nothing changed;
    heard clearly, it says at once how things stand; unsure, only the cue."""
    from voicedomino.audio.synthesis import list_voices

    rng = np.random.default_rng(7)
    table = HeardGame(recognizer)
    assert table.output.volume == 1.0
    voices = len(list_voices(None).italian)
    missing = voices + 1
    parts = [room_tone(1.0, rng), say("parla piu forte"), room_tone(4.0, rng)]
    table.windows = [1.0, sum(len(p) for p in parts) / RATE]
    parts += [say(f"usa la voce {pip_word(missing)}"), room_tone(4.0, rng)]
    table.run(np.concatenate(parts), tmp_path)
    said = table.said()
    assert it.readback_voice_change("louder").removesuffix(".") not in said, said
    assert it.readback_use_voice(missing).removesuffix(".") not in said, said
    assert table.output.volume == 1.0
    # The stand-in hears both unsurely (one word mended, one word under the word line): the
    # cue only, no question about a change that cannot be made.
    assert "Di' sì" not in said, said


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
    from voicedomino.speech.calibration import ACTING_FLOOR, WORD_FLOOR, calibrate

    sure = calibrate(Path("m"), [1.0, 0.98, 1.0, 0.99], [1500.0] * 4, -60.0, 5)
    assert sure.acting_confidence == 0.8  # never above the default: never acts on less
    unsure = calibrate(Path("m"), [0.72, 0.75, 0.8, 0.9, 0.95], [900.0] * 5, -50.0, 5)
    assert unsure.acting_confidence == 0.7 and unsure.acting_confidence >= ACTING_FLOOR
    nothing = calibrate(Path("m"), [], [], None, 5)
    assert nothing.acting_confidence == 0.8 and nothing.voice_rms is None
    assert nothing.acting_word_confidence is None  # the gate's default
    # The least sure word's line moves the same way, within its floor and default.
    words = [1.0, 0.98, 1.0, 0.99]
    sure_words = calibrate(Path("m"), words, [1.0] * 4, None, 5,
                           least_word_confidences=[0.9, 0.95, 0.99, 1.0])  # fmt: skip
    assert sure_words.acting_word_confidence == 0.65  # never above the default
    low_words = calibrate(Path("m"), words, [1.0] * 4, None, 5,
                          least_word_confidences=[0.5, 0.6, 0.62, 0.9])  # fmt: skip
    assert low_words.acting_word_confidence == WORD_FLOOR
    mid = calibrate(Path("m"), words, [1.0] * 4, None, 5, least_word_confidences=[0.6, 0.7])
    assert mid.acting_word_confidence == 0.58


def calibration_recording(
    tmp_path: Path, room: Int16, rng: np.random.Generator, commands: tuple[str, ...]
) -> Path:
    """The room while the player keeps silent (`room`, padded with its hiss), then `commands`
    at espeak's level, with hiss (12 dB quieter, 3 to 5 of the 5 are heard from run to run)."""
    from voicedomino.frontend import mic_check

    pad = room_tone(max(0.0, mic_check.SILENCE_S + 0.5 - len(room) / RATE), rng)
    parts = [room, pad]
    for command in commands:
        parts += [with_hiss(say(command), rng), room_tone(1.5, rng)]
    return write_wav(tmp_path / "calibration.wav", np.concatenate(parts))


def test_the_calibration_sets_the_score_lines_between_the_room_and_the_voice_and_the_game_uses_them(
    recognizer: SpeechRecognizer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """People talking while the player keeps silent, then the five commands: the gate's score
    lines sit between the room's best score and the player's weakest command, never under
    the defaults (the stand-in's commands clear them), are saved for the model, and the game
    started with that model uses them."""
    from korean_speech import KO_MODEL_PATH

    from voicedomino.frontend import mic_check
    from voicedomino.frontend.attention import (
        MIN_SCORE_PER_SECOND,
        MIN_SCORE_TO_ANSWER,
        MIN_WORD_CONFIDENCE,
        WEAK_GUESS_SCORE,
    )
    from voicedomino.speech import calibration

    monkeypatch.setenv("VOICEDOMINO_CONFIG_DIR", str(tmp_path / "config"))
    rng = np.random.default_rng(9)
    talk = np.concatenate(
        [
            at_level(espeak(OTHER_SPEECH[lang][0], lang + "+f3", 170, 50), 700)
            for lang in ("en", "de")
        ]
    )[: int(mic_check.SILENCE_S * RATE)]
    path = calibration_recording(tmp_path, talk, rng, mic_check.CALIBRATION_COMMANDS)
    told: list[str] = []
    done = mic_check.calibrate_voice(
        WavFileSource(path), recognizer, KO_MODEL_PATH, told.append,
        to_grammar=game_standin().italian,
    )  # fmt: skip
    assert done.scores == "set", done
    act, answer = done.min_score_per_second, done.min_score_to_answer
    room_best, weakest = done.room_best_score, done.weakest_command_score
    assert act is not None and answer is not None and room_best is not None and weakest
    assert room_best < answer <= act < weakest, done
    assert act >= MIN_SCORE_PER_SECOND and answer >= MIN_SCORE_TO_ANSWER  # never looser here
    # The guard against talk mended into a menu command is the acting line, moved with it.
    guard = done.weak_guess_score
    assert guard is not None and answer < guard == act, done
    assert guard >= WEAK_GUESS_SCORE  # the lines rose: the guard with them
    busy_guard = done.busy_weak_guess_score
    assert busy_guard is not None and answer <= busy_guard < guard, done
    word = done.acting_word_confidence
    assert word is not None and calibration.WORD_FLOOR <= word <= MIN_WORD_CONFIDENCE
    assert it.CALIBRATION_SCORE_LINES["set"] in told[-1] and "salvata" in told[-1]
    assert calibration.load_calibration(KO_MODEL_PATH) == done

    # The game with this model: its gate takes the lines saved for it.
    wav = write_wav(tmp_path / "quiet.wav", np.zeros(8000, dtype=np.int16))
    game = Game(DialogManager(seed=5, computer_pause=0.0), NullOutput(), autosave=None,
                out=io.StringIO())  # fmt: skip
    gate = game.listen_with_gate(GateSettings())
    hands_free = voice.VoiceInput(
        game, game.output, model_path=KO_MODEL_PATH, audio_in=wav, realtime=False,
        barge_in=False, input_device=None, fallback_notice=None,
        sentences=game_recognizer_sentences(),
    )  # fmt: skip
    listener = hands_free._listener()
    assert listener.gain is not None and listener.gain.voice_rms == done.voice_rms
    assert gate.settings.min_score_per_second == act
    assert gate.settings.min_score_to_answer == answer
    assert gate.settings.weak_guess_score == guard
    assert gate.settings.busy_weak_guess_score == busy_guard
    assert gate.settings.min_word_confidence == word


def test_thin_or_odd_evidence_keeps_the_default_score_lines(
    recognizer: SpeechRecognizer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A silent room with the stand-in's commands, a player heard too rarely, and a room that
    scored like the player: the lines stay the game's defaults, and the player is told why."""
    from voicedomino.frontend import mic_check
    from voicedomino.frontend.attention import GateSettings as Settings
    from voicedomino.frontend.attention import calibrated
    from voicedomino.speech.calibration import score_lines

    monkeypatch.setenv("VOICEDOMINO_CONFIG_DIR", str(tmp_path / "config"))
    rng = np.random.default_rng(9)
    silent = calibration_recording(
        tmp_path, room_tone(0.5, rng), rng, mic_check.CALIBRATION_COMMANDS
    )
    told: list[str] = []
    model = tmp_path / "vosk-model-it-0.22"
    quiet = mic_check.calibrate_voice(
        WavFileSource(silent), recognizer, model, told.append, to_grammar=game_standin().italian
    )
    assert quiet.scores == "quiet_room" and quiet.room_best_score is None
    assert quiet.min_score_per_second is None and quiet.min_score_to_answer is None
    assert quiet.weak_guess_score is None
    assert it.CALIBRATION_SCORE_LINES["quiet_room"] in told[-1]
    assert calibrated(Settings(), quiet) == dataclasses.replace(
        Settings(),
        min_confidence=quiet.acting_confidence,
        min_word_confidence=quiet.acting_word_confidence or Settings().min_word_confidence,
    )
    # Only one command said (the others silence): too few to set anything.
    few = calibration_recording(tmp_path, room_tone(0.5, rng), rng, ("passo",))
    told.clear()
    thin = mic_check.calibrate_voice(
        WavFileSource(few), recognizer, model, told.append, to_grammar=game_standin().italian,
        timeout=3.0,
    )  # fmt: skip
    assert thin.commands_heard <= 1 and thin.scores == "few_commands"
    assert thin.min_score_per_second is None and thin.min_score_to_answer is None
    assert thin.weak_guess_score is None
    assert it.CALIBRATION_SCORE_LINES["few_commands"] in told[-1]
    from voicedomino.frontend import attention
    from voicedomino.speech import calibration

    assert calibration.DEFAULT_SCORE_TO_ACT == attention.MIN_SCORE_PER_SECOND
    assert calibration.DEFAULT_SCORE_TO_ANSWER == attention.MIN_SCORE_TO_ANSWER
    assert calibration.DEFAULT_WEAK_GUESS_SCORE == attention.WEAK_GUESS_SCORE
    assert calibration.DEFAULT_BUSY_WEAK_GUESS_SCORE == attention.BUSY_WEAK_GUESS_SCORE
    assert calibration.DEFAULT_WORD_CONFIDENCE == attention.MIN_WORD_CONFIDENCE
    # The defaults' own lines give the default guard line back.
    assert score_lines([10.0] * 3, []).weak_guess is None
    default_lines = calibration.ScoreLines(42.0, 15.0, "set")
    assert default_lines.weak_guess == attention.WEAK_GUESS_SCORE
    assert default_lines.busy_weak_guess == attention.BUSY_WEAK_GUESS_SCORE
    # The room as sure as the voice, or odd numbers: the defaults.
    assert score_lines([110.0, 120.0, 130.0], [100.0]).verdict == "room_like_voice"
    assert score_lines([110.0, 120.0, 130.0], [100.0]).to_act is None
    assert score_lines([float("nan"), 120.0, float("inf")], [5.0]).verdict == "few_commands"
    assert score_lines([-3.0, -2.0, -1.0], []).to_act is None
    # A silent room never makes a line looser; a model scoring lower than the default line
    # may loosen it, but only down to above what the room said.
    assert score_lines([60.0, 70.0, 80.0], []).to_act is None
    assert score_lines([300.0, 320.0, 400.0], []).to_act == 105.0
    low = score_lines([30.0, 34.0, 40.0], [4.0])
    assert low.verdict == "set" and low.to_act is not None and low.to_answer is not None
    assert 4.0 < low.to_answer <= low.to_act < 30.0
    assert low.weak_guess is not None and low.to_answer <= low.weak_guess <= low.to_act


def test_calibration_files_of_older_and_newer_versions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older file (no version, no score lines) loads with the default lines; a newer
    version's file is read for what this version knows and never rewritten; crossed or
    nonsensical lines are not used."""
    import json

    from voicedomino.speech import calibration

    monkeypatch.setenv("VOICEDOMINO_CONFIG_DIR", str(tmp_path))
    model = tmp_path / "vosk-model-it-0.22"
    path = calibration.calibration_path(model)
    older = {"model": model.name, "acting_confidence": 0.75, "voice_rms": 900.0,
             "room_dbfs": -60.0, "commands_heard": 4, "commands_asked": 5}  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(older), encoding="utf-8")
    loaded = calibration.load_calibration(model)
    assert loaded is not None and loaded.acting_confidence == 0.75
    assert loaded.min_score_per_second is None and loaded.min_score_to_answer is None
    assert loaded.weak_guess_score is None and loaded.acting_word_confidence is None
    newer = {**older, "version": calibration.CALIBRATION_VERSION + 1, "min_score_per_second": 60,
             "min_score_to_answer": 20, "scores": "of the future", "new_key": [1]}  # fmt: skip
    path.write_text(json.dumps(newer), encoding="utf-8")
    loaded = calibration.load_calibration(model)
    assert loaded is not None and loaded.min_score_per_second == 60.0
    assert loaded.min_score_to_answer == 20.0
    text = path.read_text(encoding="utf-8")
    fresh = calibration.calibrate(model, [1.0] * 5, [1000.0] * 5, -60.0, 5)
    assert calibration.save_calibration(model, fresh) == "newer"
    assert path.read_text(encoding="utf-8") == text
    assert "versione più nuova" in it.calibration_result(5, 5, 0.8, "newer", fresh.scores)
    for crossed in ({"min_score_per_second": 20, "min_score_to_answer": 30},
                    {"min_score_per_second": "NaN"}, {"min_score_to_answer": -4},
                    {"acting_word_confidence": 0.9}, {"weak_guess_score": "alto"}):  # fmt: skip
        path.write_text(json.dumps({**older, **crossed}), encoding="utf-8")
        assert calibration.load_calibration(model) is None
    path.write_text("[1, 2]", encoding="utf-8")
    assert calibration.load_calibration(model) is None
    assert calibration.save_calibration(model, fresh) == "saved"  # a damaged file is replaced
    assert calibration.load_calibration(model) == fresh


def test_the_gate_acts_by_the_calibrated_acting_line(
    recognizer: SpeechRecognizer, tmp_path: Path
) -> None:
    """The same move said in the window: read back and carried out with the default line (or
    a calibrated one under its score), asked about ("sì?") with a calibrated line over it."""
    from voicedomino.engine import Play, Side
    from voicedomino.frontend.attention import calibrated
    from voicedomino.italian.numbers import pip_word
    from voicedomino.speech.calibration import Calibration

    asked: dict[float | None, bool] = {}
    for line in (None, 30.0, 1000.0):
        rng = np.random.default_rng(3)
        table = HeardGame(recognizer)
        table.game.handle("inizia")
        table.output.until = 0.0  # the deal was heard before the recording begins
        if line is not None:
            saved = Calibration("m", min_score_per_second=line, min_score_to_answer=15.0)
            table.gate.settings = calibrated(table.gate.settings, saved)
        view = table.manager.view()
        assert view is not None and view.is_my_turn
        play = next(a for a in view.legal_actions() if isinstance(a, Play))
        side = "in testa" if play.side is Side.HEAD else "in coda"
        move = f"gioca {pip_word(play.tile.high)} {pip_word(play.tile.low)} {side}"
        before = table.manager.view()
        table.windows = [1.0]
        start = len(table.said())
        table.run(np.concatenate([room_tone(1.0, rng), say(move), room_tone(8.0, rng)]), tmp_path)
        said = table.said()[start:]
        readback = it.readback_play(play.tile.high, play.tile.low, play.side).removesuffix(".")
        assert readback in said, (line, said)
        asked[line] = it.readback_ask_yes(readback + ".") in said
        moved = table.manager.view() != before
        assert moved != asked[line], (line, said)
    assert asked == {None: False, 30.0: False, 1000.0: True}
