"""The game in a room: does it act only on what the player meant?

One long recording is made at run time (tests/room_corpus.py): sound not addressed to the game
(speech in several languages and voices, Italian chatter, interjections, noise bursts, tones and
chords, clicks, silence) with the player's commands in between (Italian grammar sentences said
through the Korean stand-in, tests/korean_standin.py: clean, in 20 dB and in 10 dB pink noise;
as said in the listening window, and with the attention word "domino" in front when the
grammar has it). It goes through the project's real path:

    WavFileSource -> Listener (VAD end of speech) -> SpeechRecognizer (Korean stand-in of the
    full Italian grammar) -> Korean words mapped back to Italian -> frontend.voice.deliver
    -> Game (its inbox, run loop and DialogManager) -> output

Whatever `frontend.voice.deliver` and `Game` do (attention, read-back, grace period) is what is
measured: the bench calls them and nothing else. Audio runs at virtual time: while the game
answers a result, the listener waits, so each answer is attributed to the sound that caused it.

Figures:
- false_actions: match state changes (the save document before and after each input the game
  handled) caused by sound not addressed to the game; goal 0.
- addressed_clean / _20db / _10db: fractions of commands for which the game was handed text
  meaning the command said (same intent and slots).
- eos_to_readback_ms_median: end of the spoken command to the game's first output for it:
  detection lag in audio time plus the wall time from that frame's capture to the output.
- vad: frame accuracy of each voice activity detector on the same audio, end-of-speech lag,
  CPU per second of audio.

    PYTHONPATH=.:tests python benchmarks/bench_room.py --quick     # a few minutes of audio
    PYTHONPATH=.:tests python benchmarks/bench_room.py             # 30 minutes not addressed

The last line is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from korean_speech import KO_MODEL_PATH, RATE, Int16, ko_model, write_wav  # noqa: E402
from korean_standin import StandIn, espeak  # noqa: E402
from room_corpus import Clip, non_addressed, room_tone, with_noise  # noqa: E402

from voicedomino.audio.null import NullOutput  # noqa: E402
from voicedomino.dialog.intents import Intent, Quit  # noqa: E402
from voicedomino.dialog.manager import DialogManager, Phase  # noqa: E402
from voicedomino.dialog.menu import Table  # noqa: E402
from voicedomino.dialog.parser import (  # noqa: E402
    grammar,
    grammar_sentences,
    hear,
    parse,
    vocabulary,
)
from voicedomino.dialog.response import Response  # noqa: E402
from voicedomino.engine import Side  # noqa: E402
from voicedomino.engine.actions import Play  # noqa: E402
from voicedomino.frontend import voice  # noqa: E402
from voicedomino.frontend.app import Game  # noqa: E402
from voicedomino.frontend.attention import GateSettings  # noqa: E402
from voicedomino.frontend.inbox import (  # noqa: E402
    InputEnded,
    Source,
    Spoken,
    TimePassed,
    Typed,
)
from voicedomino.speech.endpoint import SpeechEndDetector, SpeechEvent  # noqa: E402
from voicedomino.speech.listener import Listener, Notice  # noqa: E402
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance  # noqa: E402
from voicedomino.speech.sources import AudioFrame, WavFileSource  # noqa: E402
from voicedomino.speech.vad import SileroVad, VoiceActivityDetector, WebRtcVad  # noqa: E402

ATTENTION_WORD = "domino"
CONDITIONS: dict[str, float | None] = {"clean": None, "20db": 20.0, "10db": 10.0}
# Quitting ends the run loop the bench drives; every other command is said.
LEFT_OUT_INTENTS = (Quit,)  # quitting ends the bench's game loop
MOVE_EVERY = 15.0  # seconds of audio between the player's own (typed) moves
NOISE_AROUND = (1.0, 0.6)  # seconds of the noise before and after a command said in noise
SPEECH_LEVEL = 100  # |sample| above this is voice when finding where a command ends


# --- the recording ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)  # pieces are told apart by identity
class Piece:
    clip: Clip
    start: float  # seconds into the recording
    end: float
    speech_end: float | None = None  # last audible sample of a command
    condition: str = ""  # clean, 20db, 10db
    mode: str = ""  # window, attention
    voice: Int16 | None = None  # a command's voice before noise was added

    @property
    def addressed(self) -> bool:
        return self.clip.kind == "command"


def command_sentences(
    count: int, seed: int, possible: Callable[[Intent], bool] | None = None
) -> list[str]:
    """Grammar sentences spread over the intents, `count` in all (only those `possible` at the
    table played, when given: a player does not say tiles the set has not)."""
    by_intent: dict[str, list[str]] = {}
    for sentence in grammar().sentences():  # plain: the attention word is added per mode
        intent = parse(sentence)
        if (
            intent is not None
            and not isinstance(intent, LEFT_OUT_INTENTS)
            and (possible is None or possible(intent))
        ):
            by_intent.setdefault(type(intent).__name__, []).append(sentence)
    rng = random.Random(seed)
    chosen: list[str] = []
    names = sorted(by_intent)
    while len(chosen) < count:
        rng.shuffle(names)
        for name in names:
            sentence = rng.choice(by_intent[name])
            if sentence not in chosen and len(chosen) < count:
                chosen.append(sentence)
    return chosen


def _zeros(seconds: float) -> Int16:
    return np.zeros(round(seconds * RATE), dtype=np.int16)


def command_clips(standin: StandIn, sentences: list[str], seed: int) -> list[Piece]:
    """Each sentence in each condition and mode, as pieces without a place yet."""
    modes = ["window", "attention"] if ATTENTION_WORD in standin.to_korean else ["window"]
    pieces = []
    for index, sentence in enumerate(sentences):
        for mode in modes:
            said = f"{ATTENTION_WORD} {sentence}" if mode == "attention" else sentence
            voice_alone = espeak(standin.korean(said))
            for condition, snr in CONDITIONS.items():
                # The noise of a room goes on around the command, not only under it.
                around = NOISE_AROUND if snr is not None else (0.0, 0.0)
                clean = np.concatenate([_zeros(around[0]), voice_alone, _zeros(around[1])]).astype(
                    np.int16
                )
                samples = with_noise(clean, snr, seed + index)
                clip = Clip("command", said, samples, expected=sentence)
                pieces.append(Piece(clip, 0.0, 0.0, condition=condition, mode=mode, voice=clean))
    return pieces


def lay_out(clips: list[Piece], seed: int) -> tuple[Int16, list[Piece]]:
    """The pieces one after another with room tone between (0.6-2.5 s)."""
    rng = random.Random(seed)
    nprng = np.random.default_rng(seed)
    parts: list[Int16] = [room_tone(1.0, nprng)]
    position = len(parts[0])
    placed = []
    for piece in clips:
        samples = piece.clip.samples
        start = position / RATE
        speech_end = None
        if piece.addressed:
            voice_only = samples if piece.voice is None else piece.voice  # not the noise
            audible = np.flatnonzero(np.abs(voice_only.astype(np.int32)) > SPEECH_LEVEL)
            tail = int(audible[-1]) + 1 if len(audible) else len(samples)
            speech_end = start + tail / RATE
        placed.append(
            dataclasses.replace(
                piece, start=start, end=start + len(samples) / RATE, speech_end=speech_end
            )
        )
        gap = room_tone(rng.uniform(0.6, 2.5), nprng)
        parts += [samples, gap]
        position += len(samples) + len(gap)
    return np.concatenate(parts), placed


# --- the game, measured --------------------------------------------------------------------


class TimedOutput(NullOutput):
    """A silent output that notes when each sentence or cue was handed to it."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[tuple[float, str]] = []

    def speak(self, text: str) -> None:
        self.events.append((time.monotonic(), text))

    def play_cue(self, name: str, pan: float = 0.0, volume: float = 1.0) -> None:
        self.events.append((time.monotonic(), f"<{name}>"))


@dataclass
class Handled:
    intent: Intent | None
    cause: int | None  # index of the delivered result it came from; None: typed
    changed: bool


class MeasuredGame(Game):
    """The real game and voice gate; each intent carried out is noted with the match state
    around it and the heard result it came from (through the gate's grace period too)."""

    def __init__(self, manager: DialogManager, output: TimedOutput) -> None:
        super().__init__(manager, output, autosave=None, out=io.StringIO())
        self.timed = output
        self.handled: list[Handled] = []
        self.cause: int | None = None  # the delivery being heard, None while typing
        self.first_output: dict[int, float] = {}  # delivery -> its first output (read-back)
        self._pending_cause: int | None = None
        self.asked: list[tuple[int, Intent]] = []  # read back, waiting for a plain "sì"
        self._hearing = False
        self.typing = False  # a typed line is being answered
        self.stopped = threading.Event()  # the run loop ended
        self.stopped_at: int | None = None  # deliveries made before it did
        self.failure = ""
        self.quits = 0

    def on_spoken(self, spoken: Spoken) -> None:
        outputs = len(self.timed.events)
        waiting_before = self.gate.pending if self.gate is not None else None
        self._hearing = True
        try:
            super().on_spoken(spoken)
        finally:
            self._hearing = False
        self.typing = False  # a typed line is being answered
        gate = self.gate
        # A command read back by this utterance (not one still waiting from before it, which
        # keeps its own cause while another sound is heard during its grace period).
        if gate is not None and gate.pending is not None and gate.pending is not waiting_before:
            self._pending_cause = self.cause  # carried out later, when its grace has run out
            if gate.pending.needs_yes and self.cause is not None:
                self.asked.append((self.cause, gate.pending.intent))
        new = self.timed.events[outputs:]
        if new and self.cause is not None:
            self.first_output.setdefault(self.cause, new[0][0])

    def handle_intent(self, intent: Intent | None, *, quiet_refusal: bool = False) -> Response:
        if self._hearing:
            cause = self.cause
        elif self.typing:
            cause = None
        else:  # the gate's grace ran out: the command read back earlier
            cause = self._pending_cause
        before = json.dumps(self.manager.save_document(), sort_keys=True)
        response = super().handle_intent(intent, quiet_refusal=quiet_refusal)
        after = json.dumps(self.manager.save_document(), sort_keys=True)
        # Quitting is a change too: the match the player was in is left.
        changed = before != after or self.finished
        self.handled.append(Handled(intent, cause, changed))
        self.quits += self.finished
        return response

    def settle(self, timeout: float = 5.0) -> None:
        """Wait until every queued input has been handled."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.stopped.is_set():
            if self.inbox.unfinished_tasks == 0:
                return
            time.sleep(0.0005)


def keyboard_move(manager: DialogManager) -> str | None:
    """What the player types to take the turn (the first legal action), None if not theirs.

    The match must move on through many positions: a falsely heard tile is a legal move in
    only some of them, and the opening position allows a single move.
    """
    if manager.wants_answer:  # a heard "nuova partita" asked to confirm: keep this match
        return "no"
    if manager.phase is Phase.CHOOSE_SIDE:
        return "testa"
    view = manager.view()
    if view is None or view.match_result is not None:
        return "inizia"
    if view.round_result is not None:
        return "avanti"  # on to the next round
    if not view.is_my_turn:
        return None
    action = view.legal_actions()[0]
    if isinstance(action, Play):
        side = "t" if action.side is Side.HEAD else "c"
        return f"{action.tile.low}{action.tile.high}{side}"
    return "p"  # draw, or pass when the boneyard is empty


class TimedSource(WavFileSource):
    """The file source, remembering when each frame was handed over and how far into the audio
    it is (the game's clock); every `every` seconds of audio it calls `on_time` (the player's
    own typed moves), and every `tick` seconds `on_tick` (time passes for the game)."""

    def __init__(
        self,
        path: Path,
        every: float,
        on_time: Callable[[], None],
        on_tick: Callable[[], None],
        tick: float = 0.25,
    ) -> None:
        super().__init__(path)
        self.captured: dict[float, float] = {}
        self.now = 0.0
        self.every = every
        self.on_time = on_time
        self.on_tick = on_tick
        self.tick = tick
        self._next = every
        self._next_tick = tick

    def read(self, timeout: float) -> AudioFrame | None:
        frame = super().read(timeout)
        if frame is not None:
            self.captured[round(frame.end, 3)] = frame.captured_at
            self.now = frame.end
            if frame.end >= self._next_tick:
                self._next_tick += self.tick
                self.on_tick()
            if frame.end >= self._next:
                self._next += self.every
                self.on_time()
        return frame


@dataclass
class Delivery:
    utterance: Utterance
    italian: str
    delivered_at: float


@dataclass
class RunResult:
    deliveries: list[Delivery] = field(default_factory=list)
    handled: list[Handled] = field(default_factory=list)
    first_output: dict[int, float] = field(default_factory=dict)
    transcript: str = ""
    asked: list[tuple[int, Intent]] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    dropped_not_voice: int = 0
    quits: int = 0
    ignored: int = 0
    cancelled: int = 0
    wall_seconds: float = 0.0


def grace_seconds() -> float:
    """The read-back grace period the game uses by default."""
    return GateSettings().grace_s


def type_line(game: MeasuredGame, text: str) -> None:
    """The player types `text` (a move between the spoken commands): caused by nothing heard."""
    game.cause = None
    game.typing = True
    game.submit(Typed(text, hear(text)))
    game.settle()
    game.typing = False


def in_italian(utterance: Utterance, italian: str, standin: StandIn) -> Utterance:
    """The stand-in's result as the game's voice path gets it from an Italian model: the
    sentence and the free words in Italian."""
    free = standin.italian(utterance.free_text) if utterance.free_text else None
    return dataclasses.replace(utterance, text=italian, sentence=italian, free_text=free)


def run_game(
    wav: Path, recognizer: SpeechRecognizer, standin: StandIn, seed: int, pieces: list[Piece]
) -> tuple[RunResult, TimedSource]:
    manager = DialogManager(Table(), computer_pause=0.0, seed=seed)
    game = MeasuredGame(manager, TimedOutput())
    game.voice_active = True
    result = RunResult()
    clock = [0.0]
    gate = game.listen_with_gate(GateSettings(), clock=lambda: clock[0])  # audio time

    def serve() -> None:
        try:
            # A heard "esci" followed by "si" ends the run loop: count it and go on listening,
            # as a player would start the game again.
            game.run()
            while game.finished:
                game.finished = False
                game.run()
        except Exception as error:  # reported at the end: the figures after it mean nothing
            game.failure = repr(error)
            raise
        finally:
            game.stopped_at = len(result.deliveries)
            game.stopped.set()

    def typed(text: str) -> None:
        type_line(game, text)

    runner = threading.Thread(target=serve, name="game", daemon=True)
    runner.start()
    typed("inizia")  # a match in progress: moves are possible

    def on_utterance(utterance: Utterance) -> None:
        italian = standin.italian(utterance.text)
        delivery = Delivery(utterance, italian, time.monotonic())
        game.cause = len(result.deliveries)
        result.deliveries.append(delivery)
        voice.deliver(game, in_italian(utterance, italian, standin))
        game.settle()

    def take_turn() -> None:
        move = keyboard_move(manager)
        if move is not None:
            typed(move)

    # A player who speaks without the attention word waits for the listening window: it is
    # open when such a command begins (as after the game's "Tocca a te").
    window_starts = sorted(p.start for p in pieces if p.addressed and p.mode == "window")

    def tick() -> None:
        before, clock[0] = clock[0], source.now
        if any(before < start <= clock[0] + 0.25 for start in window_starts):
            gate.open_window()  # the game thread is idle: every input is answered
        game.submit(TimePassed())
        game.settle()

    source = TimedSource(wav, MOVE_EVERY, take_turn, tick)
    listener = Listener(source, recognizer, on_utterance, on_notice=result.notices.append)
    started = time.monotonic()
    listener.start()
    listener.wait()
    game.settle()
    result.wall_seconds = time.monotonic() - started
    game.submit(InputEnded(Source.KEYBOARD))
    game.submit(InputEnded(Source.VOICE))
    runner.join(5)
    result.handled = game.handled
    result.transcript = game.out.getvalue()
    result.asked = game.asked
    result.first_output = game.first_output
    result.quits = game.quits
    result.ignored = gate.ignored
    result.cancelled = gate.cancelled
    if game.stopped_at is not None and game.stopped_at < len(result.deliveries):
        print(
            f"THE GAME STOPPED after {game.stopped_at} of {len(result.deliveries)} results "
            f"(finished: {game.finished}, failure: {game.failure or 'none'})",
            flush=True,
        )
    result.dropped_not_voice = listener.dropped_not_voice
    return result, source


def piece_at(pieces: list[Piece], moment: float) -> Piece | None:
    """The last piece that began before `moment` (a result closes after its sound)."""
    before = [p for p in pieces if p.start <= moment]
    return before[-1] if before else None


# --- voice activity detectors, side by side --------------------------------------------------


def vad_report(samples: Int16, pieces: list[Piece]) -> dict[str, Any]:
    """Frame accuracy (speech where voice is, not elsewhere), end-of-speech lag, CPU."""
    labels = np.zeros(len(samples), dtype=bool)
    for piece in pieces:
        if piece.clip.kind in ("speech", "interjection", "command"):
            begin = round(piece.start * RATE)
            # The voice alone, without the noise added to commands.
            voice_only = piece.clip.samples if piece.voice is None else piece.voice
            clip = voice_only.astype(np.float64)
            window = 320  # 20 ms
            energy = np.convolve(clip**2, np.ones(window) / window, mode="same")
            labels[begin : begin + len(clip)] = np.sqrt(energy) > 0.1 * np.sqrt(np.mean(clip**2))
    report: dict[str, Any] = {}
    for detector in (SileroVad(), WebRtcVad()):
        report[detector.name] = judge(detector, samples, labels, pieces)
    return report


def judge(
    detector: VoiceActivityDetector, samples: Int16, labels: Any, pieces: list[Piece]
) -> dict[str, float]:
    size = detector.frame_samples
    frames = len(samples) // size
    started = time.process_time()
    decided = np.array(
        [
            detector.speech_probability(samples[i * size : (i + 1) * size]) >= 0.5
            for i in range(frames)
        ]
    )
    cpu = time.process_time() - started
    truth = labels[: frames * size].reshape(frames, size).mean(axis=1) >= 0.5
    lags = []
    for piece in pieces:
        if piece.speech_end is None or piece.condition != "clean":
            continue
        detector.reset()
        endpoint = SpeechEndDetector(vad=detector)
        begin = round(piece.start * RATE)
        stop = round((piece.speech_end + 1.0) * RATE)
        for at in range(begin, stop, 800):
            if endpoint.update(samples[at : at + 800].tobytes()) is SpeechEvent.ENDED:
                lags.append((at + 800) / RATE - piece.speech_end)
                break
    return {
        "frame_accuracy": round(float(np.mean(decided == truth)), 4),
        "speech_recall": round(float(np.mean(decided[truth])), 4),
        "non_speech_rejected": round(float(np.mean(~decided[~truth])), 4),
        "end_lag_ms_median": round(1000 * statistics.median(lags)) if lags else -1,
        "cpu_per_audio_second": round(cpu / (len(samples) / RATE), 5),
    }


# --- the whole run ------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few minutes of audio")
    parser.add_argument("--minutes", type=float, help="minutes of sound not addressed")
    parser.add_argument("--commands", type=int, help="command sentences (each said 3-6 times)")
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--no-vad-report", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="list every wrong outcome")
    parser.add_argument("--transcript", type=Path, help="write what the game said to this file")
    args = parser.parse_args(argv)
    minutes = args.minutes or (2.5 if args.quick else 30.0)
    count = args.commands or (24 if args.quick else 120)
    began = time.monotonic()

    standin = StandIn.for_vocabulary(vocabulary())
    sentences = command_sentences(count, args.seed)
    commands = command_clips(standin, sentences, args.seed)
    others = [Piece(clip, 0.0, 0.0) for clip in non_addressed(minutes, args.seed)]
    rng = random.Random(args.seed)
    mixed = others + commands
    rng.shuffle(mixed)
    samples, pieces = lay_out(mixed, args.seed)
    print(
        f"recording: {len(samples) / RATE / 60:.1f} min, {len(others)} clips not addressed "
        f"({sum(p.clip.seconds for p in others) / 60:.1f} min), {len(commands)} commands "
        f"({len(sentences)} sentences x {len(commands) // len(sentences)}); "
        f"made in {time.monotonic() - began:.0f} s",
        flush=True,
    )

    model = ko_model()
    korean_grammar = standin.sentences(grammar_sentences())
    recognizer = SpeechRecognizer(model, korean_grammar, model_path=KO_MODEL_PATH)
    with tempfile.TemporaryDirectory(prefix="bench-room-") as folder:
        wav = write_wav(Path(folder) / "room.wav", samples)
        result, source = run_game(wav, recognizer, standin, args.seed, pieces)
    if args.transcript is not None:
        args.transcript.write_text(result.transcript, encoding="utf-8")
    print(
        f"listened: {result.wall_seconds:.0f} s wall for {len(samples) / RATE:.0f} s of audio, "
        f"{len(result.deliveries)} results delivered, {result.dropped_not_voice} dropped as "
        f"not voice, {len(result.handled)} inputs handled, the game quit {result.quits} times",
        flush=True,
    )

    # Which sound each delivered result came from.
    sources: list[Piece | None] = []
    for delivery in result.deliveries:
        end = delivery.utterance.audio_end
        sources.append(piece_at(pieces, end - 0.05) if end is not None else None)
    false_actions: dict[str, int] = {}
    false_commands: dict[str, int] = {}
    carried: dict[int, bool] = {}
    latencies: list[float] = []
    detection_lags: list[float] = []
    addressed_changes = 0  # shows the measurement sees changes at all
    by_condition: dict[str, list[float]] = {}
    waiting = [Handled(intent, cause, False) for cause, intent in result.asked]
    local_game = DialogManager(Table(), computer_pause=0.0)
    confirmed_by_yes: set[int] = set()  # pieces read back right, waiting for "sì"
    for handled in [*result.handled, *waiting]:
        if handled.cause is None:
            continue
        piece = sources[handled.cause]
        if piece is None or not piece.addressed:
            kind = "room tone" if piece is None else piece.clip.kind
            if handled.changed:
                false_actions[kind] = false_actions.get(kind, 0) + 1
                if args.verbose:
                    said = result.deliveries[handled.cause].utterance
                    print(
                        f"FALSE ACTION {handled.intent!r} from {piece} (heard {said.text!r}, "
                        f"confidence {said.confidence}, denoised {said.denoised})",
                        flush=True,
                    )
            if handled.intent is not None:
                false_commands[kind] = false_commands.get(kind, 0) + 1
                if args.verbose:
                    said = result.deliveries[handled.cause].utterance
                    print(
                        f"command from {kind}: {handled.intent!r} changed={handled.changed} "
                        f"confidence={said.confidence}"
                    )
            continue
        index = next(i for i, p in enumerate(pieces) if p is piece)
        addressed_changes += handled.changed
        # What the sentence means in this local game (off a network table "un attimo" is a "no").
        expected = local_game.in_context(parse(piece.clip.expected or ""))
        if expected is not None and handled.intent == expected and not carried.get(index):
            carried[index] = True
            if args.verbose:
                said = result.deliveries[handled.cause].utterance
                print(f"right from command: confidence={said.confidence}")
            if any(handled is w for w in waiting):
                confirmed_by_yes.add(index)
            delivery = result.deliveries[handled.cause]
            audio_end = delivery.utterance.audio_end
            captured = source.captured.get(round(audio_end or -1, 3))
            first = result.first_output.get(handled.cause)
            if first is not None and captured and piece.speech_end and audio_end:
                lag = audio_end - piece.speech_end
                latencies.append(lag + first - captured)
                detection_lags.append(lag)
                by_condition.setdefault(piece.condition, []).append(latencies[-1])
    fractions: dict[str, float] = {}
    for condition in CONDITIONS:
        said = [i for i, p in enumerate(pieces) if p.addressed and p.condition == condition]
        right = sum(carried.get(i, False) for i in said)
        fractions[condition] = round(right / len(said), 3) if said else 0.0
        by_mode = {
            mode: sum(carried.get(i, False) for i in said if pieces[i].mode == mode)
            for mode in ("window", "attention")
        }
        asking = sum(i in confirmed_by_yes for i in said)
        print(
            f"addressed {condition}: {right} of {len(said)} carried out or read back right "
            f"{by_mode}; of them {asking} wait for a plain 'sì' (one word or unsure)"
        )
        fractions[f"{condition}_asking_yes"] = round(asking / len(said), 3) if said else 0.0
        if args.verbose:
            for i in said:
                if not carried.get(i):
                    heard = [
                        (d.italian, d.utterance.confidence, d.utterance.denoised)
                        for d, s in zip(result.deliveries, sources, strict=True)
                        if s is pieces[i]
                    ]
                    done = [
                        (h.intent, h.changed)
                        for h in [*result.handled, *waiting]
                        if h.cause is not None and sources[h.cause] is pieces[i]
                    ]
                    print(f"  missed {pieces[i].clip.label!r}: heard {heard}, done {done}")
    if latencies:
        print(
            f"end of speech -> first output: median {1000 * statistics.median(latencies):.0f} ms"
            f" (detection lag in audio time {1000 * statistics.median(detection_lags):.0f} ms); "
            + ", ".join(
                f"{name} {1000 * statistics.median(values):.0f} ms"
                for name, values in by_condition.items()
            )
        )
    typed = [h for h in result.handled if h.cause is None]
    print(
        f"gate: {result.ignored} utterances ignored as not addressed, "
        f"{result.cancelled} read-backs cancelled"
    )
    print(
        f"state changes from addressed commands: {addressed_changes}; the player typed "
        f"{len(typed)} moves, {sum(h.changed for h in typed)} changed the match"
    )
    print(f"false actions by kind: {false_actions}; commands parsed from them: {false_commands}")
    vads = {} if args.no_vad_report else vad_report(samples, pieces)
    for name, figures in vads.items():
        print(f"vad {name}: {figures}")
    summary = {
        "false_actions": sum(false_actions.values()),
        "false_commands_handed_to_dialog": sum(false_commands.values()),
        "addressed_state_changes": addressed_changes,
        "non_addressed_minutes": round(sum(p.clip.seconds for p in others) / 60, 2),
        "addressed_clean": fractions["clean"],
        "addressed_20db": fractions["20db"],
        "addressed_10db": fractions["10db"],
        "addressed_waiting_for_yes": {
            c: fractions[f"{c}_asking_yes"] for c in ("clean", "20db", "10db")
        },
        "addressed_count": len(commands),
        "attention_word_in_grammar": ATTENTION_WORD in standin.to_korean,
        "eos_to_readback_ms_median": (
            round(1000 * statistics.median(latencies)) if latencies else None
        ),
        "grace_s": grace_seconds(),
        "ignored_not_addressed": result.ignored,
        "vad": vads,
        "wall_s": round(time.monotonic() - began, 1),
    }
    print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
