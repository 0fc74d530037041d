"""The game in a home, not a lab: does it hear the player, and leave the room alone?

The room benchmark's real path (bench_room.py: WAV audio -> Listener -> SpeechRecognizer on the
Korean stand-in of the full Italian grammar -> frontend.voice.deliver -> Game with its voice
gate and DialogManager), on a recording of scenes, one per condition:

- clean: a quiet room, the player near the microphone;
- pink_20db, pink_10db: today's bench_room conditions (pink noise around each command);
- fan_10db: a fan's brown noise and hum, all through the scene;
- living_room, large_room: reverberation (synthetic room impulse responses, RT60 0.5 / 1.1 s);
- quiet_15db, quiet_25db: the player 15 / 25 dB quieter;
- distant: the player 3 m away on the sofa (living-room reverberation, little direct sound,
  20 dB quieter);
- babble_20db, babble_10db: three to six people talking all through the scene, 20 / 10 dB below
  the player, around and under the commands;
- tv_15db: a television (presenters over music) 15 dB below the player, all through the scene;
- conversation: people talking around the table one after the other (chatter with game words
  and "domino" in it, other languages), with a few commands.

Sound not addressed to the game: the backgrounds of the busy scenes, and clips between the
commands (tests/room_corpus.py and tests/home_corpus.py: speech in many voices and languages,
festival voices when installed, chatter in the recogniser's language with game words and the
attention word, interjections, coughs, laughter, doors, ringtones, noise bursts, tones).

The player (tests/home_corpus.PLAYER_VOICES: several espeak-ng voices, speeds and pitches) says
each command twice: once as soon as the game hands over the turn (the window opens as the
command begins), once with the attention word in front. When the game has said that the room
is too full of speech and asked for the attention word, the player puts "domino" in front of
every command, as asked.

Figures, per condition: commands right (the game was handed the command said: carried out,
read back, or, heard unsurely as a move the game cannot make now, turned down at once with the
invalid cue), end of speech -> first output (median, p95). Over the whole recording:
- false_actions: match changes caused by sound not addressed to the game;
- wrong_acts: state-changing commands the room caused or the game misheard, carried out;
- settings_changed_by_room: rate, volume, verbosity or voice changed by sound not addressed;
- stray_answers: sentences the game said in answer to sound not addressed to it (inside and
  outside listening windows), and the same per 30 minutes of such sound.

    PYTHONPATH=.:tests python benchmarks/bench_home.py --quick    # a few minutes of audio
    PYTHONPATH=.:tests python benchmarks/bench_home.py            # every condition, full size

The last line is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import ctypes
import dataclasses
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

import home_corpus as home  # noqa: E402
from bench_room import (  # noqa: E402
    MeasuredGame,
    TimedOutput,
    TimedSource,
    command_sentences,
    in_italian,
    keyboard_move,
    type_line,
)
from korean_speech import KO_MODEL_PATH, RATE, Int16, ko_model, write_wav  # noqa: E402
from korean_standin import StandIn  # noqa: E402
from room_corpus import Clip, at_level, non_addressed, pink_noise, room_tone  # noqa: E402

from voicedomino.dialog.intents import Intent  # noqa: E402
from voicedomino.dialog.manager import DialogManager  # noqa: E402
from voicedomino.dialog.menu import Table  # noqa: E402
from voicedomino.dialog.parser import (  # noqa: E402
    grammar_sentences,
    parse,
    sentence_table,
    vocabulary,
)
from voicedomino.frontend import voice  # noqa: E402
from voicedomino.frontend.attention import GateSettings  # noqa: E402
from voicedomino.frontend.inbox import (  # noqa: E402
    InputEnded,
    Source,
    Spoken,
    TimePassed,
)
from voicedomino.frontend.voice import TableShape, table_sentences, table_shape  # noqa: E402
from voicedomino.italian import messages as it  # noqa: E402
from voicedomino.speech import gain as gain_module  # noqa: E402
from voicedomino.speech import recognizer as recognizer_module  # noqa: E402
from voicedomino.speech import sentence_graph  # noqa: E402
from voicedomino.speech.listener import Listener, Notice  # noqa: E402
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance  # noqa: E402
from voicedomino.speech.sources import AudioFrame  # noqa: E402

ATTENTION_WORD = "domino"
MOVE_EVERY = 15.0  # seconds of audio between the player's own (typed) moves
NOISE_AROUND = (1.0, 0.6)  # pink noise before and after a command (as in bench_room)
LEAD_S = 20.0  # a busy scene's background plays this long before its first command
ATTRIBUTION_S = 2.0  # a result ending this long after a command's voice is still its own
SPEECH_LEVEL = 100  # |sample| above this is voice when finding where a command ends
# The table the bench plays (the menu's defaults): the player says only moves it can have.
PLAYED = TableShape(Table().rules().highest, Table().rules().spinner)


@dataclass(frozen=True)
class Condition:
    name: str
    level_db: float = 0.0  # the player's voice against the usual level
    room: home.Room | None = None
    background: str | None = None  # "pink" (around commands), "fan", "babble", "tv", "talk"
    snr_db: float | None = None  # the player's voice over the background
    goal: float | None = None  # the goal for commands right

    @property
    def busy(self) -> bool:
        return self.background in ("babble", "tv", "talk")


CONDITIONS = (
    Condition("clean", goal=0.93),
    Condition("pink_20db", background="pink", snr_db=20.0),
    Condition("pink_10db", background="pink", snr_db=10.0),
    Condition("fan_10db", background="fan", snr_db=10.0, goal=0.90),
    Condition("living_room", room=home.LIVING_ROOM, goal=0.90),
    Condition("large_room", room=home.LARGE_ROOM),
    Condition("quiet_15db", level_db=-15.0, goal=0.85),
    Condition("quiet_25db", level_db=-25.0),
    Condition("distant", level_db=-20.0, room=home.FAR_IN_LIVING_ROOM, goal=0.70),
    Condition("babble_20db", background="babble", snr_db=20.0, goal=0.75),
    Condition("babble_10db", background="babble", snr_db=10.0),
    Condition("tv_15db", background="tv", snr_db=15.0, goal=0.70),
    Condition("conversation", background="talk"),
)


# --- the recording ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)  # pieces are told apart by identity
class Piece:
    kind: str  # "command", or the kind of sound not addressed
    label: str
    start: float
    end: float
    condition: str
    mode: str = ""  # a command's: "window" (said in the open window) or "attention"
    expected: str | None = None  # a command's Italian sentence
    variants: dict[str, Int16] = field(default_factory=dict)  # "plain" / "attention" audio
    speech_ends: dict[str, float] = field(default_factory=dict)  # voice end in each variant
    dry: dict[str, Int16] = field(default_factory=dict)  # each variant said near the microphone

    @property
    def addressed(self) -> bool:
        return self.kind == "command"


@dataclass
class Scene:
    condition: Condition
    start: float
    end: float
    background: str | None  # the kind of continuous sound not addressed, if any


@dataclass
class Recording:
    base: Int16  # everything but the commands' voices, which are mixed in as the player speaks
    pieces: list[Piece]
    scenes: list[Scene]

    def non_addressed_seconds(self) -> float:
        """Clips not addressed, and the talk of busy scenes outside the commands."""
        clips = sum(p.end - p.start for p in self.pieces if not p.addressed)
        talking = {s.condition.name for s in self.scenes if s.background in ("babble", "tv")}
        commands = sum(
            p.end - p.start for p in self.pieces if p.addressed and p.condition in talking
        )
        busy = sum(s.end - s.start for s in self.scenes if s.condition.name in talking)
        return clips + busy - commands


def _voice_end(samples: Int16) -> float:
    audible = np.flatnonzero(np.abs(samples.astype(np.int32)) > SPEECH_LEVEL)
    return (int(audible[-1]) + 1) / RATE if len(audible) else len(samples) / RATE


@dataclass(frozen=True)
class CommandAudio:
    variants: dict[str, Int16]  # "plain" / "attention": in the condition's room, at its level
    ends: dict[str, float]  # where the voice ends in each
    level: float  # the dry voice's level (for the background's)
    dry: dict[str, Int16]  # each said near the microphone, at the usual level


def command_audio(
    standin: StandIn, sentence: str, condition: Condition, speaker: tuple[str, int, int], seed: int
) -> CommandAudio:
    """Both ways of saying a command, as the microphone gets them in the condition and dry."""
    variants: dict[str, Int16] = {}
    ends: dict[str, float] = {}
    dries: dict[str, Int16] = {}
    level = 0.0
    for name, said in (("plain", sentence), ("attention", f"{ATTENTION_WORD} {sentence}")):
        dry = home.say_as_player(standin.korean(said), speaker)
        dries[name] = dry
        ends[name] = _voice_end(dry)  # the voice, not the room's tail
        level = home.voiced_rms(dry)
        audio = home.reverberate(dry, condition.room, seed) if condition.room else dry
        variants[name] = home.louder(audio, condition.level_db)
    return CommandAudio(variants, ends, level, dries)


def build(
    standin: StandIn,
    per_condition: int,
    clip_minutes: float,
    seed: int,
    conditions: tuple[Condition, ...],
) -> Recording:
    """The recording: a scene per condition, its commands (each sentence in both modes) with
    clips not addressed between them, and the scene's background."""
    rng = random.Random(seed)
    nprng = np.random.default_rng(seed)
    sentences = command_sentences(per_condition * len(conditions), seed, PLAYED.allows)
    clips = [
        *non_addressed(clip_minutes / 2, seed),
        *home.home_clips(clip_minutes / 2, seed, standin),
    ]
    rng.shuffle(clips)
    talk = [c for c in clips if c.kind in ("speech", "chatter", "interjection")]
    # A quiet room hears a remark now and then; the conversation scene has most of the talk.
    conversation, talk = talk[: 2 * len(talk) // 3], talk[2 * len(talk) // 3 :]
    other = [c for c in clips if c.kind not in ("speech", "chatter", "interjection")] + talk
    rng.shuffle(other)
    quiet_count = sum(not c.busy for c in conditions)
    parts: list[np.ndarray] = [room_tone(1.0, nprng).astype(np.float64)]
    position = len(parts[0])
    pieces: list[Piece] = []
    scenes: list[Scene] = []
    backgrounds: list[tuple[int, Int16]] = []
    for index, condition in enumerate(conditions):
        mine = sentences[index :: len(conditions)]
        scene_start = position
        if condition.background == "talk":  # people talking, one after another, densely
            share, conversation = conversation, []
            gap = (0.2, 1.0)
        else:
            share = other[: len(other) // max(1, quiet_count)] if not condition.busy else []
            other = other[len(share) :]
            gap = (2.0, 5.0) if not condition.busy else (1.5, 4.0)
        if condition.busy and condition.background != "talk":
            lead = room_tone(LEAD_S, nprng).astype(np.float64)
            parts.append(lead)
            position += len(lead)
        items: list[tuple[str, Any]] = [("command", s) for s in mine for _ in (0, 1)]
        items += [("clip", c) for c in share]
        rng.shuffle(items)
        modes = {id(s): iter(["window", "attention"]) for s in mine}
        levels: list[float] = []
        for item_kind, item in items:
            if item_kind == "clip":
                clip: Clip = item
                # A door, a laugh or a remark in the room rings in it as the player's voice does.
                sound = (
                    home.reverberate(clip.samples, condition.room, seed + len(pieces))
                    if condition.room
                    else clip.samples
                )
                pieces.append(
                    Piece(
                        clip.kind,
                        clip.label,
                        position / RATE,
                        (position + len(sound)) / RATE,
                        condition.name,
                    )
                )
                parts.append(sound.astype(np.float64))
                position += len(sound)
            else:
                sentence: str = item
                mode = next(modes[id(sentence)])
                speaker = home.player_voice(rng)
                said_so = command_audio(standin, sentence, condition, speaker, seed + len(pieces))
                variants, ends = said_so.variants, said_so.ends
                levels.append(said_so.level)
                lead_in, tail = NOISE_AROUND if condition.background == "pink" else (0.0, 0.0)
                slot = max(len(v) for v in variants.values())
                length = round(lead_in * RATE) + slot + round(tail * RATE)
                voice_at = (position + round(lead_in * RATE)) / RATE
                pieces.append(
                    Piece(
                        "command",
                        sentence,
                        voice_at,
                        (position + length) / RATE,
                        condition.name,
                        mode,
                        sentence,
                        variants,
                        {name: voice_at + end for name, end in ends.items()},
                        said_so.dry,
                    )
                )
                if condition.background == "pink" and condition.snr_db is not None:
                    noise = at_level(
                        pink_noise(length / RATE, seed + len(pieces)),
                        said_so.level / 10 ** (condition.snr_db / 20),
                    )
                    backgrounds.append((position, noise))
                parts.append(room_tone(length / RATE, nprng).astype(np.float64))
                position += length
            pause = room_tone(rng.uniform(*gap), nprng).astype(np.float64)
            parts.append(pause)
            position += len(pause)
        scene_end = position
        seconds = (scene_end - scene_start) / RATE
        voice_level = statistics.median(levels) if levels else 1000.0
        background: Int16 | None = None
        if condition.snr_db is not None and condition.background in ("fan", "babble", "tv"):
            rms = voice_level / 10 ** (condition.snr_db / 20)
            if condition.background == "fan":
                background = home.fan(seconds, seed + index, rms)
            elif condition.background == "babble":
                background = home.babble(seconds, seed + index, standin, rms)
            else:
                background = home.television(seconds, seed + index, standin, rms)
            backgrounds.append((scene_start, background))
        kind = condition.background if condition.background in ("fan", "babble", "tv") else None
        scenes.append(Scene(condition, scene_start / RATE, scene_end / RATE, kind))
    base = np.concatenate(parts)
    for at, sound in backgrounds:
        base[at : at + len(sound)] += sound[: len(base) - at]
    return Recording(np.clip(base, -32768, 32767).astype(np.int16), pieces, scenes)


# --- the player, speaking as the game asks ---------------------------------------------------


class PlayerSource(TimedSource):
    """The recording, with each command mixed in as the player says it: with the attention
    word in front when the command has it, or when the game asked for it (`asked()`)."""

    def __init__(
        self,
        path: Path,
        pieces: list[Piece],
        asked: Callable[[], bool],
        on_time: Callable[[], None],
        on_tick: Callable[[], None],
    ) -> None:
        super().__init__(path, MOVE_EVERY, on_time, on_tick)
        self.mix = bytearray(self.pcm)
        self.pcm = self.mix  # type: ignore[assignment]  # read slices it as it goes
        self.commands = sorted((p for p in pieces if p.addressed), key=lambda p: p.start)
        self.asked = asked
        self.said: dict[int, str] = {}  # id of a piece -> the variant said
        self._next_command = 0

    def read(self, timeout: float) -> AudioFrame | None:
        upcoming = (self._offset + self._block_bytes) / 2 / RATE
        while (
            self._next_command < len(self.commands)
            and self.commands[self._next_command].start <= upcoming
        ):
            self._say(self.commands[self._next_command])
            self._next_command += 1
        frame = super().read(timeout)
        return None if frame is None else dataclasses.replace(frame, pcm=bytes(frame.pcm))

    def _say(self, piece: Piece) -> None:
        variant = "attention" if piece.mode == "attention" or self.asked() else "plain"
        self.said[id(piece)] = variant
        audio = piece.variants[variant]
        at = round(piece.start * RATE)
        end = min(len(self.mix) // 2, at + len(audio))
        span = np.frombuffer(self.mix[at * 2 : end * 2], dtype="<i2").astype(np.int32)
        mixed = np.clip(span + audio[: end - at], -32768, 32767).astype("<i2")
        self.mix[at * 2 : end * 2] = mixed.tobytes()


# --- the game, measured ----------------------------------------------------------------------


class HomeGame(MeasuredGame):
    """The measured game, noting also what each heard result made the game say, whether a
    window was open then, and voice settings changed."""

    def __init__(self, manager: DialogManager, output: TimedOutput) -> None:
        super().__init__(manager, output)
        self.said_for: dict[int, list[str]] = {}  # delivery -> sentences said for it
        self.in_window: dict[int, bool] = {}  # delivery -> a window was open when it came
        self.settings_changed: list[int | None] = []  # causes of voice-setting changes
        # cause, intent, whether it is a state-changing command, whether it changed the match
        self.acted: list[tuple[int | None, Intent, bool, bool]] = []
        # unsure moves the gate turned down at once, as the game would (nothing attempted)
        self.refused_at_once: list[tuple[int, Intent]] = []
        self.reopened: set[int] = set()  # deliveries that only opened the window (asked again)

    def _settings(self) -> tuple[Any, ...]:
        output = self.output
        return (output.rate, output.volume, self.manager.verbosity, output.voice)

    def on_spoken(self, spoken: Spoken) -> None:
        gate = self.gate
        if self.cause is not None and gate is not None:
            self.in_window[self.cause] = gate.window_open or gate.pending is not None
        before = len(self.timed.events)
        super().on_spoken(spoken)
        self._note_said(self.cause, before)

    def _note_said(self, cause: int | None, before: int) -> None:
        if cause is None:
            return
        spoken = [text for _, text in self.timed.events[before:] if not text.startswith("<")]
        self.said_for.setdefault(cause, []).extend(spoken)

    def handle_intent(self, intent: Intent | None, *, quiet_refusal: bool = False) -> Any:
        hearing = self._hearing
        cause = self.cause if hearing else (None if self.typing else self._pending_cause)
        settings = self._settings()
        changes_state = intent is not None and self.manager.readback(intent) is not None
        response = super().handle_intent(intent, quiet_refusal=quiet_refusal)
        if cause is not None and intent is not None:
            self.acted.append((cause, intent, changes_state, self.handled[-1].changed))
        if self._settings() != settings:
            self.settings_changed.append(cause)
        return response


@dataclass
class Run:
    deliveries: list[tuple[Utterance, str]] = field(default_factory=list)
    heard: list[Intent | None] = field(default_factory=list)  # what the game took each for
    notices: list[Notice] = field(default_factory=list)
    room_speech: list[tuple[float, float]] = field(default_factory=list)  # (time, share)
    busy: list[tuple[float, bool]] = field(default_factory=list)  # (time, game asks domino)
    narrowings: int = 0  # the recogniser narrowed again to a changed table
    wall_seconds: float = 0.0
    starts: dict[int, float] = field(default_factory=dict)  # delivery -> where its audio began
    heard_audio: dict[int, bytes] = field(default_factory=dict)  # delivery -> microphone audio


# What the game says when it wants "domino" before every command, and when it no longer does.
BUSY_ON = it.NOTICES.get("busy_room", "\0")
BUSY_OFF = it.NOTICES.get("quiet_room", "\0")


def recognised(
    standin: StandIn, italian: Iterable[str], prior: str | None
) -> list[str] | dict[str, float]:
    """The stand-in's sentences for the recogniser, with their prior weights (`prior`: one of
    voice.PRIOR_SHARES; None: all sentences alike)."""
    if prior is None:
        return standin.sentences(italian)
    priors = voice.sentence_priors(italian, prior)
    return {standin.korean(sentence): weight for sentence, weight in priors.items()}


def run_game(
    wav: Path,
    recording: Recording,
    recognizer: SpeechRecognizer,
    standin: StandIn,
    seed: int,
    gain: bool = True,
    dereverb: bool = True,
    narrowed: bool = True,
    prior: str | None = None,
) -> tuple[HomeGame, Run, PlayerSource]:
    manager = DialogManager(Table(), computer_pause=0.0, seed=seed)
    output = TimedOutput()
    game = HomeGame(manager, output)
    game.voice_active = True
    run = Run()
    clock = [0.0]
    changes_nothing = getattr(game, "changes_nothing", None)  # (absent before the gate asked)
    if changes_nothing is not None:

        def changes_nothing_noted(intent: Intent) -> bool:
            """A setting that would stay as it is (the volume at the top) is answered at once,
            or, heard unsurely, gets the invalid cue: heard right, handed over and answered."""
            unchanged = bool(changes_nothing(intent))
            if unchanged and game.cause is not None and game._hearing:
                game.refused_at_once.append((game.cause, intent))
            return unchanged

        game.changes_nothing = changes_nothing_noted  # type: ignore[method-assign]
    gate = game.listen_with_gate(GateSettings(), clock=lambda: clock[0])  # audio time
    gate_tick = gate.tick
    open_window = gate.open_window

    def open_window_noted() -> None:
        """A result that opens the window (with its cue) asks the player to say it again."""
        if game._hearing and game.cause is not None:
            game.reopened.add(game.cause)
        open_window()

    gate.open_window = open_window_noted  # type: ignore[method-assign]

    def tick_noted() -> None:
        """Time passing for the gate: what it says then (a command carried out when its
        grace ran out, one dropped for want of "sì") answers the result that was waiting."""
        cause = game._pending_cause if gate.pending is not None else None
        before = len(output.events)
        gate_tick()
        game._note_said(cause, before)

    gate.tick = tick_noted  # type: ignore[method-assign]
    refuses = getattr(manager, "refuses", None)  # (absent before the gate refused at once)

    def refuses_noted(intent: Intent) -> bool:
        """A move heard unsurely that the game cannot make gets the invalid cue at once: heard
        right, it is the command handed over and answered (like one read back)."""
        refused = bool(refuses(intent)) if refuses is not None else False
        if refused and game.cause is not None and game._hearing:
            game.refused_at_once.append((game.cause, intent))
        return refused

    manager.refuses = refuses_noted  # type: ignore[method-assign]

    def serve() -> None:
        try:
            game.run()
            while game.finished:  # a heard "esci" + "sì": the player starts again
                game.finished = False
                game.run()
        except Exception as error:
            game.failure = repr(error)
            raise
        finally:
            game.stopped.set()

    def typed(text: str) -> None:
        type_line(game, text)

    threading.Thread(target=serve, name="game", daemon=True).start()
    typed("inizia")

    def on_utterance(utterance: Utterance) -> None:
        italian = standin.italian(utterance.text)
        game.cause = len(run.deliveries)
        run.deliveries.append((utterance, italian))
        as_said = in_italian(utterance, italian, standin)
        heard = voice.to_spoken(as_said).heard
        run.heard.append(None if heard is None else heard.intent)
        voice.deliver(game, as_said)
        game.settle()

    def take_turn() -> None:
        move = keyboard_move(manager)
        if move is not None:
            typed(move)

    def asked() -> bool:
        """The game's last word on the room: "say domino first", or back to quiet."""
        said = [text for _, text in output.events if text in (BUSY_ON, BUSY_OFF)]
        return bool(said) and said[-1] == BUSY_ON

    window_starts = sorted(p.start for p in recording.pieces if p.addressed and p.mode == "window")

    heard_for = [table_shape(manager) if narrowed else None]

    def follow_table() -> None:
        """The recogniser follows the table's set and arms, as the game's voice input does."""
        shape = table_shape(manager)
        if narrowed and shape != heard_for[0]:
            recognizer.narrow(recognised(standin, table_sentences(shape), prior))
            heard_for[0] = shape
            run.narrowings += 1

    def tick() -> None:
        follow_table()
        before, clock[0] = clock[0], source.now
        if any(before < start <= clock[0] + 0.25 for start in window_starts):
            gate.open_window()  # the player speaks when the game hands the turn over
        game.submit(TimePassed())
        game.settle()
        speech = getattr(listener, "room_speech", None)
        if speech is not None:
            run.room_speech.append((clock[0], speech.share(clock[0])))
        run.busy.append((clock[0], asked()))

    source = PlayerSource(wav, recording.pieces, asked, take_turn, tick)

    def on_notice(notice: Notice) -> None:
        run.notices.append(notice)
        pass_on = getattr(voice, "pass_on_notice", None)  # (absent before the busy room)
        if pass_on is not None:
            pass_on(game, notice)
            game.settle()

    options: dict[str, Any] = {} if gain else {"gain": None}
    if not dereverb:
        options["dereverb"] = None
    listener = Listener(source, recognizer, on_utterance, on_notice=on_notice, **options)
    note_what_was_heard(listener, run)
    started = time.monotonic()
    listener.start()
    listener.wait()
    game.settle()
    run.wall_seconds = time.monotonic() - started
    game.submit(InputEnded(Source.KEYBOARD))
    game.submit(InputEnded(Source.VOICE))
    if game.failure:
        print(f"THE GAME FAILED: {game.failure}", flush=True)
    return game, run, source


def note_what_was_heard(listener: Listener, run: Run) -> None:
    """Note, for each result the listener delivers, where its audio began and the microphone's
    audio the recogniser was fed for it (both parts of a sentence said with a pause)."""
    heard = {"current": b"", "pending": b""}
    complete, flush, deliver = listener._complete, listener._flush_pending, listener._deliver

    def complete_noted(utterance: Utterance, frame: AudioFrame | None) -> None:
        audio = b"".join(listener._heard_pcm)
        if listener._pending is not None:
            audio = heard["pending"] + audio
        heard["current"] = audio
        complete(utterance, frame)
        if listener._pending is not None:
            heard["pending"] = audio

    def flush_noted(frame: AudioFrame | None = None) -> None:
        if listener._pending is not None:
            heard["current"] = heard["pending"]
        flush(frame)

    def deliver_noted(utterance: Utterance, start: float) -> None:
        run.starts[len(run.deliveries)] = start  # (on_utterance numbers it next)
        run.heard_audio[len(run.deliveries)] = heard["current"]
        deliver(utterance, start)

    listener._complete = complete_noted  # type: ignore[method-assign]
    listener._flush_pending = flush_noted  # type: ignore[method-assign]
    listener._deliver = deliver_noted  # type: ignore[method-assign]


# --- the figures ------------------------------------------------------------------------------


def attribute(recording: Recording, end: float | None) -> Piece | str:
    """The command a result came from, or the kind of sound not addressed that made it."""
    if end is None:
        return "room tone"
    for piece in recording.pieces:
        if piece.addressed and piece.start + 0.2 <= end:
            voice_end = max(piece.speech_ends.values())
            if end <= voice_end + ATTRIBUTION_S and end <= piece.end + ATTRIBUTION_S:
                return piece
    covering = [p for p in recording.pieces if not p.addressed and p.start <= end - 0.05]
    if covering and covering[-1].end + 0.8 >= end:
        return covering[-1]
    for scene in recording.scenes:
        if scene.start <= end <= scene.end + 1.0 and scene.background:
            return scene.background
    return "room tone"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(
    recording: Recording, game: HomeGame, run: Run, source: PlayerSource, verbose: bool
) -> dict[str, Any]:
    origins = [attribute(recording, u.audio_end) for u, _ in run.deliveries]
    index_of = {id(p): i for i, p in enumerate(recording.pieces)}
    right: set[int] = set()
    latencies: dict[str, list[float]] = {}
    answered = [*game.asked, *game.refused_at_once]  # read back, or refused as unplayable
    waiting = [(cause, intent, True, False) for cause, intent in answered]
    for cause, intent, _, _ in [*game.acted, *waiting]:
        origin = origins[cause]
        if not isinstance(origin, Piece) or not origin.addressed or index_of[id(origin)] in right:
            continue
        if intent != parse(origin.expected or ""):
            continue
        right.add(index_of[id(origin)])
        utterance = run.deliveries[cause][0]
        captured = source.captured.get(round(utterance.audio_end or -1, 3))
        first = game.first_output.get(cause)
        variant = source.said.get(id(origin), "plain")
        if first is not None and captured is not None and utterance.audio_end is not None:
            lag = utterance.audio_end - origin.speech_ends[variant]
            latencies.setdefault(origin.condition, []).append(lag + first - captured)
    false_actions: dict[str, int] = {}
    wrong_acts: dict[str, int] = {}
    for cause, intent, changes_state, handled in game.acted:
        origin = origins[cause] if cause is not None else None
        addressed = isinstance(origin, Piece) and origin.addressed
        kind = "misheard command" if addressed else str(getattr(origin, "kind", origin))
        if not addressed and handled:
            false_actions[kind] = false_actions.get(kind, 0) + 1
        wrong = not addressed or intent != parse(origin.expected or "")  # type: ignore[union-attr]
        if changes_state and wrong:
            wrong_acts[kind] = wrong_acts.get(kind, 0) + 1
            if verbose:
                utterance = run.deliveries[cause][0] if cause is not None else None
                print(
                    f"WRONG ACT {intent!r} from {kind} {getattr(origin, 'label', '')!r} (heard "
                    f"{utterance and utterance.text!r}, {utterance and utterance.confidence})"
                )
    stray_inside = stray_outside = 0
    stray_kinds: dict[str, int] = {}
    for cause, said in game.said_for.items():
        origin = origins[cause]
        if (isinstance(origin, Piece) and origin.addressed) or not said:
            continue
        kind = str(getattr(origin, "kind", origin))
        stray_kinds[kind] = stray_kinds.get(kind, 0) + len(said)
        if game.in_window.get(cause, False):
            stray_inside += len(said)
        else:
            stray_outside += len(said)
        if verbose:
            where = "inside" if game.in_window.get(cause, False) else "OUTSIDE"
            utterance = run.deliveries[cause][0]
            print(
                f"stray {where} window from {kind}: {run.deliveries[cause][1]!r} "
                f"({utterance.confidence}, {utterance.evidence}) -> {said}"
            )
    settings_by_room = sum(
        1
        for cause in game.settings_changed
        if cause is not None and not getattr(origins[cause], "addressed", False)
    )
    minutes = recording.non_addressed_seconds() / 60
    per_30 = 30.0 / minutes if minutes else 0.0
    conditions: dict[str, dict[str, Any]] = {}
    for scene in recording.scenes:
        name = scene.condition.name
        said = [i for i, p in enumerate(recording.pieces) if p.addressed and p.condition == name]
        shares = [v for t, v in run.room_speech if scene.start <= t < scene.end]
        busy = [b for t, b in run.busy if scene.start <= t < scene.end]
        lags = latencies.get(name, [])
        attention = sum(source.said.get(id(recording.pieces[i])) == "attention" for i in said)
        conditions[name] = {
            "right": round(sum(i in right for i in said) / len(said), 3) if said else None,
            "count": len(said),
            "goal": scene.condition.goal,
            "said_with_domino": attention,
            "eos_ms_median": round(1000 * statistics.median(lags)) if lags else None,
            "eos_ms_p95": round(1000 * percentile(lags, 0.95)) if lags else None,
            "room_speech_median": round(statistics.median(shares), 2) if shares else None,
            "room_speech_p90": round(percentile(shares, 0.9), 2) if shares else None,
            "busy_time": round(sum(busy) / len(busy), 2) if busy else None,
        }
        if verbose:
            for i in said:
                if i not in right:
                    piece = recording.pieces[i]
                    heard = [
                        (italian, u.confidence)
                        for (u, italian), o in zip(run.deliveries, origins, strict=True)
                        if o is piece
                    ]
                    print(
                        f"  missed [{name}/{piece.mode}/{source.said.get(id(piece))}] "
                        f"{piece.label!r}: heard {heard}"
                    )
    every_lag = [lag for lags in latencies.values() for lag in lags]
    busy_said = [t for _, t in game.timed.events if t in (BUSY_ON, BUSY_OFF)]
    return {
        "right_commands": sorted(right),  # (taken out before the figures are printed)
        "conditions": conditions,
        "false_actions": sum(false_actions.values()),
        "false_actions_by_kind": false_actions,
        "wrong_acts": sum(wrong_acts.values()),
        "wrong_acts_by_kind": wrong_acts,
        "settings_changed_by_room": settings_by_room,
        "stray_answers": stray_inside + stray_outside,
        "stray_answers_outside_window": stray_outside,
        "stray_answers_per_30min": round((stray_inside + stray_outside) * per_30, 1),
        "stray_outside_window_per_30min": round(stray_outside * per_30, 1),
        "stray_by_kind": stray_kinds,
        "busy_room_announcements": len(busy_said),
        "non_addressed_minutes": round(minutes, 2),
        "eos_to_readback_ms_median": round(1000 * statistics.median(every_lag))
        if every_lag
        else None,
        "eos_to_readback_ms_p95": round(1000 * percentile(every_lag, 0.95)) if every_lag else None,
    }


# --- where each miss comes from ---------------------------------------------------------------

# The causes of a command missed, in the order they are told apart (`miss_causes`).
CAUSES = (
    "recogniser, even clean",  # other words even on the dry voice, perfectly cut
    "recogniser, room/level",  # the voice alone in the condition's room, at its level
    "recogniser, background",  # the voice right alone, wrong with the room's sound under it
    "cut",  # the microphone's audio right when cut at the voice, wrong as the listener cut it
    "front end",  # right as the listener cut it (3 dither draws), wrong as the game heard it
    "gate, asked again",  # the words right, the gate only opened the window (say it again)
    "gate",  # the words right, the gate refused them (window, busy room, confidence)
    "mended rule",  # only the sentence decoder heard it right: the free words fit far better
    "dialog",  # the words right, the voice path took them for something else
    "not counted",  # carried out or read back as said, and not counted by the bench
)
CUT_MARGIN_S = 0.3  # a perfect cut: this much before the voice and after it
ORACLE_MAX_GAIN = 10 ** (18 / 20)  # the ideal level's gain, at most the automatic gain's


_C_LIBRARY = ctypes.CDLL(None)
# Kaldi dithers every frame with the C library's rand(): the same audio decoded twice may be
# heard two ways when it is barely heard. The recogniser decodes each piece again with these
# draws, and takes what most of them heard.
DITHER_DRAWS = (1, 2, 3)


def decode(recognizer: SpeechRecognizer, samples: Int16, draw: int) -> Utterance:
    """One utterance decoded on its own, as the listener would feed it, nothing before."""
    _C_LIBRARY.srand(draw)
    recognizer.reset()
    _C_LIBRARY.srand(draw)
    recognizer.noisy_room = False
    pcm = samples.astype("<i2").tobytes()
    step = 2 * RATE // 10
    heard: Utterance | None = None
    for at in range(0, len(pcm), step):
        closed = recognizer.accept(pcm[at : at + step])
        if closed is not None and closed.text:
            heard = closed if heard is None else recognizer.identify(heard.joined(closed))
    last = recognizer.finish()
    if last.text:
        heard = last if heard is None else recognizer.identify(heard.joined(last))
    return heard if heard is not None else last


def miss_causes(
    recording: Recording,
    game: HomeGame,
    run: Run,
    source: PlayerSource,
    recognizer: SpeechRecognizer,
    standin: StandIn,
    right: set[int],
    verbose: bool,
) -> dict[str, dict[str, int]]:
    """Each command missed, by where it was lost (CAUSES), per condition.

    The game's own results are looked at first: the command's words delivered right and then
    refused, misunderstood or not counted. Otherwise the recogniser decodes the command again
    on its own: the microphone's audio cut perfectly around the voice (brought to the level the
    automatic gain aims at); when that is wrong too, the voice alone in the room, then dry. When
    it is right, the listener's own cut of it, decoded as it is, tells the cut from the
    processing before the recogniser."""
    origins = [attribute(recording, u.audio_end) for u, _ in run.deliveries]
    microphone = np.frombuffer(bytes(source.mix), dtype="<i2")
    answered = {
        cause: intent
        for cause, intent, *_ in [*game.acted, *game.asked, *game.refused_at_once]
        if cause is not None
    }

    def words_right(italian: str, expected: Intent | None) -> bool:
        return parse(italian.removeprefix(ATTENTION_WORD + " ")) == expected

    def heard_right(samples: Int16, expected: Intent | None) -> bool:
        """Heard as the command by most dither draws."""
        right = 0
        for draw in DITHER_DRAWS:
            utterance = decode(recognizer, samples, draw)
            right += utterance.sentence is not None and words_right(
                standin.italian(utterance.text), expected
            )
        return 2 * right > len(DITHER_DRAWS)

    def span(begin: float, end: float, gain: float) -> Int16:
        cut = microphone[max(0, round(begin * RATE)) : round(end * RATE)].astype(np.float64)
        return np.clip(cut * gain, -32768, 32767).astype(np.int16)

    by_condition: dict[str, dict[str, int]] = {}
    for index, piece in enumerate(recording.pieces):
        if not piece.addressed:
            continue
        counts = by_condition.setdefault(piece.condition, {"right": 0})
        if index in right:
            counts["right"] += 1
            continue
        expected = parse(piece.expected or "")
        variant = source.said.get(id(piece), "plain")
        causes = [c for c, origin in enumerate(origins) if origin is piece]
        cause = None
        for c in causes:
            if words_right(run.deliveries[c][1], expected):
                if run.heard[c] != expected:
                    held = run.deliveries[c][0].understood
                    cause = "dialog" if held else "mended rule"
                elif answered.get(c) == expected:
                    cause = "not counted"
                elif c in game.reopened:
                    cause = "gate, asked again"
                else:
                    cause = "gate"
                break
        if cause is None:
            voice = piece.variants[variant]
            gain = min(ORACLE_MAX_GAIN, max(1.0, gain_module.TARGET_RMS / home.voiced_rms(voice)))
            voice_end = piece.speech_ends[variant]
            if not heard_right(
                span(piece.start - CUT_MARGIN_S, voice_end + CUT_MARGIN_S, gain), expected
            ):
                alone = np.clip(voice.astype(np.float64) * gain, -32768, 32767).astype(np.int16)
                if heard_right(
                    alone[: round((voice_end - piece.start + CUT_MARGIN_S) * RATE)], expected
                ):
                    cause = "recogniser, background"
                elif heard_right(piece.dry[variant], expected):
                    cause = "recogniser, room/level"
                else:
                    cause = "recogniser, even clean"
            elif not causes:
                cause = "cut"  # nothing delivered from it: dropped, or glued to other sound
            else:
                # The microphone's audio the recogniser was fed for each result, as it was.
                cut_right = any(
                    heard_right(np.frombuffer(run.heard_audio.get(c, b""), dtype="<i2"), expected)
                    for c in causes
                )
                cause = "front end" if cut_right else "cut"
        counts[cause] = counts.get(cause, 0) + 1
        if verbose:
            results = [
                (
                    run.deliveries[c][1],
                    round(run.starts.get(c, 0.0) - piece.start, 2),
                    round((run.deliveries[c][0].audio_end or 0.0) - piece.speech_ends[variant], 2),
                    game.said_for.get(c, []),
                )
                for c in causes
            ]
            print(f"  {cause}: [{piece.condition}/{variant}] {piece.expected!r} -> {results}")
    return by_condition


def print_causes(by_condition: dict[str, dict[str, int]]) -> None:
    short = (
        "right",
        "clean",
        "room",
        "backgr",
        "cut",
        "front",
        "again",
        "gate",
        "mended",
        "dialog",
        "uncount",
    )
    print("misses by cause (recogniser: clean / room-level / background; then the game's)")
    print(f"{'condition':<14}" + "".join(f"{name:>8}" for name in short))
    for name, counts in by_condition.items():
        print(f"{name:<14}" + "".join(f"{counts.get(c, 0):>8}" for c in ("right", *CAUSES)))


def dump_results(path: Path, recording: Recording, run: Run) -> None:
    """Every result delivered, with its evidence, where it came from and whether the room was
    taken for busy then (JSON lines)."""
    busy_at = run.busy
    with path.open("w", encoding="utf-8") as out:
        for (utterance, italian), heard in zip(run.deliveries, run.heard, strict=True):
            origin = attribute(recording, utterance.audio_end)
            addressed = isinstance(origin, Piece) and origin.addressed
            expected = origin.expected if isinstance(origin, Piece) else None
            at = utterance.audio_end or 0.0
            busy = next((b for t, b in reversed(busy_at) if t <= at), False)
            evidence = utterance.evidence
            row = {
                "italian": italian,
                "free": utterance.free_text,
                "sentence": utterance.sentence is not None,
                "heard": None if heard is None else repr(heard),
                "heard_right": addressed and heard is not None and heard == parse(expected or ""),
                "origin": origin.condition if isinstance(origin, Piece) else origin,
                "kind": origin.kind if isinstance(origin, Piece) else origin,
                "addressed": addressed,
                "expected": expected,
                "right_words": addressed
                and parse(italian.removeprefix(ATTENTION_WORD + " ")) == parse(expected or ""),
                "confidence": utterance.confidence,
                "evidence": dataclasses.asdict(evidence) if evidence else None,
                "busy": busy,
                "denoised": utterance.denoised,
            }
            out.write(json.dumps(row, ensure_ascii=False) + "\n")


def dump_commands(
    path: Path, recording: Recording, game: HomeGame, run: Run, source: PlayerSource
) -> None:
    """Each command said, and what became of it: every result the listener delivered from its
    audio (with its evidence), what the game did and said (to find where commands are lost:
    not heard at all, glued to the talk around them, decoded wrong, or turned down)."""
    origins = [attribute(recording, u.audio_end) for u, _ in run.deliveries]
    acted = {cause: intent for cause, intent, _, _ in game.acted if cause is not None}
    asked = dict(game.asked)
    refused = dict(game.refused_at_once)
    with path.open("w", encoding="utf-8") as out:
        for piece in recording.pieces:
            if not piece.addressed:
                continue
            variant = source.said.get(id(piece), "plain")
            results = []
            for cause, (utterance, italian) in enumerate(run.deliveries):
                if origins[cause] is not piece:
                    continue
                evidence = utterance.evidence
                results.append(
                    {
                        "italian": italian,
                        "free": utterance.free_text,
                        "sentence": utterance.sentence is not None,
                        "confidence": utterance.confidence,
                        "evidence": dataclasses.asdict(evidence) if evidence else None,
                        "denoised": utterance.denoised,
                        "end_after_voice": round(
                            (utterance.audio_end or 0.0) - piece.speech_ends[variant], 2
                        ),
                        "in_window": game.in_window.get(cause),
                        "acted": repr(acted[cause]) if cause in acted else None,
                        "asked": repr(asked[cause]) if cause in asked else None,
                        "refused": repr(refused[cause]) if cause in refused else None,
                        "said": game.said_for.get(cause, []),
                    }
                )
            row = {
                "condition": piece.condition,
                "mode": piece.mode,
                "variant": variant,
                "expected": piece.expected,
                "voice_s": round(piece.speech_ends[variant] - piece.start, 2),
                "results": results,
            }
            out.write(json.dumps(row, ensure_ascii=False) + "\n")


def dump_evidence(path: Path, recording: Recording, run: Run) -> None:
    """Each result that was a grammar sentence, with what the recogniser knew of it and whether
    it was the command said (to calibrate the gate's acting rule)."""
    table = sentence_table()
    with path.open("w", encoding="utf-8") as out:
        for utterance, italian in run.deliveries:
            heard = table.get(italian) if utterance.sentence is not None else None
            if heard is None:
                continue
            origin = attribute(recording, utterance.audio_end)
            addressed = isinstance(origin, Piece) and origin.addressed
            expected = parse(origin.expected or "") if isinstance(origin, Piece) else None
            evidence = utterance.evidence
            row = {
                "italian": italian,
                "origin": origin.condition if isinstance(origin, Piece) else origin,
                "kind": origin.kind if isinstance(origin, Piece) else origin,
                "addressed": addressed,
                "right": addressed and heard.intent == expected,
                "words": heard.words,
                "confidence": utterance.confidence,
                "min_word_confidence": min((w.confidence for w in utterance.words), default=None),
                "agreed": evidence.agreed if evidence else None,
                "score_per_second": evidence.score_per_second if evidence else None,
                "denoised": utterance.denoised,
                "loudness": utterance.loudness[0] if utterance.loudness else None,
            }
            out.write(json.dumps(row, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few minutes of audio")
    parser.add_argument("--commands", type=int, help="sentences per condition (said twice)")
    parser.add_argument("--minutes", type=float, help="minutes of clips not addressed")
    parser.add_argument("--conditions", help="comma-separated names (default: all)")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--verbose", action="store_true", help="list every wrong outcome")
    parser.add_argument(
        "--causes",
        action="store_true",
        help="split the commands missed by where they were lost (the recogniser decodes each "
        "again on its own: a few more minutes)",
    )
    parser.add_argument("--no-gain", action="store_true", help="without the automatic gain")
    parser.add_argument(
        "--no-dereverb", action="store_true", help="without the late reverberation taken out"
    )
    parser.add_argument(
        "--dump",
        type=Path,
        help="write each result's evidence (JSON lines; also <name>.all.jsonl: every result, "
        "<name>.commands.jsonl: every command and what became of it)",
    )
    parser.add_argument(
        "--full-grammar",
        action="store_true",
        help="the whole grammar always, not narrowed to the table's set and arms",
    )
    parser.add_argument(
        "--prior",
        choices=("uniform", *voice.PRIOR_SHARES),
        default=voice.PRIOR,
        help="how the sentence decoder's prior shares the sentences out (the game's by "
        "default; uniform: every sentence alike, as before)",
    )
    parser.add_argument(
        "--prior-strength",
        type=float,
        default=voice.PRIOR_STRENGTH,
        help="0: all sentences alike, 1: the fair shares (the weights are the shares to this)",
    )
    parser.add_argument(
        "--mended-min-words",
        type=int,
        default=recognizer_module.MENDED_MIN_WORDS,
        help="words a mended sentence needs in a quiet room (the fair prior wants 2)",
    )
    parser.add_argument(
        "--decoder",
        default="",
        help="the sentence decoder's options, e.g. --beam=13,--max-active=7000",
    )
    args = parser.parse_args(argv)
    for option in filter(None, args.decoder.split(",")):
        name, value = option.split("=", 1)
        sentence_graph.DECODER_OPTIONS[name] = value
    per_condition = args.commands or (4 if args.quick else 30)
    minutes = args.minutes or (4.0 if args.quick else 20.0)
    conditions = CONDITIONS
    if args.conditions:
        wanted = args.conditions.split(",")
        conditions = tuple(c for c in CONDITIONS if c.name in wanted)
    began = time.monotonic()
    standin = StandIn.for_vocabulary(vocabulary())
    recording = build(standin, per_condition, minutes, args.seed, conditions)
    print(
        f"recording: {len(recording.base) / RATE / 60:.1f} min, "
        f"{sum(p.addressed for p in recording.pieces)} commands in {len(conditions)} "
        f"conditions, {recording.non_addressed_seconds() / 60:.1f} min not addressed; "
        f"festival voices: {home.festival_available()}; made in {time.monotonic() - began:.0f} s",
        flush=True,
    )
    italian = grammar_sentences() if args.full_grammar else table_sentences(PLAYED)
    prior = None if args.prior == "uniform" else args.prior
    voice.PRIOR_STRENGTH = args.prior_strength
    recognizer_module.MENDED_MIN_WORDS = args.mended_min_words
    recognizer = SpeechRecognizer(
        ko_model(), recognised(standin, italian, prior), model_path=KO_MODEL_PATH
    )
    with tempfile.TemporaryDirectory(prefix="bench-home-") as folder:
        wav = write_wav(Path(folder) / "home.wav", recording.base)
        game, run, source = run_game(
            wav,
            recording,
            recognizer,
            standin,
            args.seed,
            gain=not args.no_gain,
            dereverb=not args.no_dereverb,
            narrowed=not args.full_grammar,
            prior=prior,
        )
    print(
        f"listened: {run.wall_seconds:.0f} s wall for {len(recording.base) / RATE:.0f} s of "
        f"audio, {len(run.deliveries)} results delivered, {len(italian)} sentences heard, "
        f"narrowed again {run.narrowings} times",
        flush=True,
    )
    figures = measure(recording, game, run, source, args.verbose)
    commands_right = set(figures.pop("right_commands"))
    if args.causes:
        by_cause = miss_causes(
            recording, game, run, source, recognizer, standin, commands_right, args.verbose
        )
        figures["misses_by_cause"] = by_cause
    if args.dump is not None:
        dump_evidence(args.dump, recording, run)
        dump_results(args.dump.with_suffix(".all.jsonl"), recording, run)
        dump_commands(args.dump.with_suffix(".commands.jsonl"), recording, game, run, source)
    print(
        f"{'condition':<14}{'right':>7}{'goal':>7}{'count':>7}{'domino':>8}"
        f"{'eos med':>9}{'eos p95':>9}{'talk':>6}{'talk90':>7}{'busy':>6}"
    )
    for name, row in figures["conditions"].items():
        goal = "" if row["goal"] is None else f"{row['goal']:.2f}"
        right = "" if row["right"] is None else f"{row['right']:.3f}"
        print(
            f"{name:<14}{right:>7}{goal:>7}{row['count']:>7}{row['said_with_domino']:>8}"
            f"{row['eos_ms_median'] or '':>9}{row['eos_ms_p95'] or '':>9}"
            f"{row['room_speech_median'] or '':>6}{row['room_speech_p90'] or '':>7}"
            f"{row['busy_time'] or '':>6}"
        )
    if args.causes:
        print_causes(figures["misses_by_cause"])
    for key in ("false_actions_by_kind", "wrong_acts_by_kind", "stray_by_kind"):
        print(f"{key}: {figures[key]}")
    print(
        f"false actions {figures['false_actions']}, wrong acts {figures['wrong_acts']}, "
        f"settings changed by the room {figures['settings_changed_by_room']}, stray answers "
        f"{figures['stray_answers']} ({figures['stray_answers_outside_window']} outside windows)"
        f" in {figures['non_addressed_minutes']} min not addressed"
    )
    figures["wall_s"] = round(time.monotonic() - began, 1)
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
