"""Voice input wiring: the Italian model, the grammar made from the phrase templates, the
microphone (or a WAV file) and the listener, feeding recognised sentences to the game.

Every failure ends in a spoken notice and the keyboard, never in a crash.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from voicedomino.audio.api import SoundOutput
from voicedomino.dialog.intents import AskNumber, Intent, PlayNumber, PlayTile, SideWord
from voicedomino.dialog.parser import grammar, grammar_sentences, hear, sentence_table
from voicedomino.engine import TILE_SETS
from voicedomino.engine.actions import Side
from voicedomino.frontend.app import Game
from voicedomino.frontend.attention import calibrated
from voicedomino.frontend.inbox import Announcement, DeviceNotice, InputEnded, Source, Spoken
from voicedomino.italian import messages as it
from voicedomino.italian.phrases import ATTENTION_WORD
from voicedomino.speech.calibration import load_calibration
from voicedomino.speech.gain import AutomaticGain
from voicedomino.speech.listener import Listener, Notice
from voicedomino.speech.model import ModelLoadError, ModelProblem, load_model, locate_model
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance
from voicedomino.speech.sources import AudioSource, MicrophoneSource, SourceError, WavFileSource
from voicedomino.speech.vocabulary import commands_lost

if TYPE_CHECKING:
    from voicedomino.dialog.manager import DialogManager

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0  # how often a lost microphone is tried again
# Words that make no grammar sentence but mean a command ("vorrei giocare in tre") are never
# sure: below the gate's line (attention.DEFAULT_MIN_CONFIDENCE), what changes the game is
# read back and waits for "sì", as a sentence the recogniser mended does.
FREE_WORDS_CONFIDENCE = 0.6
# Fewer free words are mostly a sound of the room taken for one or two words: in the room
# benchmark the free words that meant something alone were "destra", "sinistra", "e quattro".
FREE_WORDS_MIN = 3
FOLLOW_TABLE_SECONDS = 0.5  # how often the table's set and arms are looked at


@dataclass(frozen=True)
class TableShape:
    """What tiles and arms can exist at the table: the recogniser listens for those moves only
    (on a double-six table without spinner "gioca nove e uno in basso" cannot be a command,
    and in noise such sentences were most of the wrong ones heard)."""

    highest: int  # the set's top number
    spinner: bool  # arms up and down (sopra, sotto)

    def allows(self, intent: Intent | None) -> bool:
        """Whether a sentence meaning `intent` can be a command at this table."""
        if _names_a_tile_set(intent):  # "doppio nove" chooses the set in the menu
            return True
        numbers: tuple[int, ...] = ()
        side: Side | None = None
        if isinstance(intent, PlayTile):
            numbers, side = (intent.first, intent.second), intent.side
        elif isinstance(intent, PlayNumber):
            numbers, side = (intent.number,), intent.side
        elif isinstance(intent, SideWord):
            side = intent.side
        elif isinstance(intent, AskNumber):
            numbers = (intent.number,)
        if any(number > self.highest for number in numbers):
            return False
        return self.spinner or side not in (Side.UP, Side.DOWN)

    def joined(self, other: TableShape) -> TableShape:
        """Both tables' tiles and arms."""
        return TableShape(max(self.highest, other.highest), self.spinner or other.spinner)


def _names_a_tile_set(intent: Intent | None) -> bool:
    return (
        isinstance(intent, PlayTile)
        and intent.first == intent.second in TILE_SETS
        and intent.side is None
    )


def table_shape(manager: DialogManager) -> TableShape:
    """The tiles and arms of the match being played and of the one the menu would start (the
    next match is set in the menu before it starts: its moves are heard from its first turn)."""
    rules = manager.table.rules()
    shape = TableShape(rules.highest, rules.spinner)
    session = manager.session
    if session is not None:
        try:
            playing = session.view().rules
        except Exception:  # a network table before its first match has no view yet
            return shape
        shape = shape.joined(TableShape(playing.highest, playing.spinner))
    return shape


def table_sentences(shape: TableShape) -> list[str]:
    """The grammar's sentences that can be commands at a table of this shape (sorted)."""
    return sorted(text for text, heard in sentence_table().items() if shape.allows(heard.intent))


# How the sentence decoder's prior shares the sentences out: each kind of command ("type", as
# PlayTile or Help) an equal share, or each meaning ("value": every tile at every end is one),
# or each kind an equal share split equally over its meanings ("type-value"); the share of a
# kind or meaning is split equally over its phrasings.
PRIOR_SHARES = ("type", "value", "type-value")
# Measured with benchmarks/bench_home.py (each against every sentence alike): "type-value"
# and "type" heard 3-15 more commands in 100 in the living room, at a distance, in babble and
# with a television on seed 29, "value" about half as many.
PRIOR = "type-value"
# The fair shares (0 would be every sentence alike), with recognizer.MENDED_MIN_WORDS 2 and the
# gate's guard against talk mended into a menu command (attention.WEAK_GUESS_MARGIN). On the
# held-out seeds 23 / 41 (bench_home, 60 commands a scene) against every sentence alike:
# commands right clean 88 -> 90% / 85 -> 87%, living room 38 -> 40% / 58 -> 55%, distant
# 17 -> 18% / 7 -> 10%, babble 20 dB 45 -> 50% / 25 -> 30%, television 33 -> 25% / 40 -> 40%;
# the room answered 7 -> 4 / 9 -> 7 times in 13 minutes (without the guard 7 / 15).
PRIOR_STRENGTH = 1.0


def sentence_priors(
    sentences: Iterable[str], shares: str = PRIOR, strength: float | None = None
) -> dict[str, float]:
    """Each sentence's prior weight in the sentence decoder: every command its fair share,
    spread over its phrasings (a player's choice of what to say does not depend on how many
    ways the grammar can say it; with all sentences alike, the tile moves' 20,000 phrasings
    would take four fifths of the prior from "pesca", "aiuto" and the menu). `strength`
    (by default PRIOR_STRENGTH) goes from all sentences alike (0) to the fair shares (1): the
    weights are the shares raised to it."""
    power = PRIOR_STRENGTH if strength is None else strength
    if shares not in PRIOR_SHARES:
        raise ValueError(f"unknown prior shares {shares!r}")
    table = sentence_table()
    groups: dict[str, dict[Intent | None, list[str]]] = {}
    unique = list(dict.fromkeys(sentences))
    for sentence in unique:
        heard = table.get(sentence)
        intent = heard.intent if heard is not None else None
        kind = type(intent).__name__ if shares != "value" else ""
        meaning = intent if shares != "type" else None
        groups.setdefault(kind, {}).setdefault(meaning, []).append(sentence)
    weights: dict[str, float] = {}
    for meanings in groups.values():
        for phrasings in meanings.values():
            share = 1.0 / (len(groups) * len(meanings) * len(phrasings))
            weights.update(dict.fromkeys(phrasings, share**power))
    return {sentence: weights[sentence] for sentence in unique}  # in the order given


def table_priors(shape: TableShape) -> dict[str, float]:
    """The table's sentences (`table_sentences`) with their priors (`sentence_priors`)."""
    return sentence_priors(table_sentences(shape))


# The sentences for a table's shape, or the same with each one's prior weight.
Narrowing = Callable[[TableShape], Iterable[str] | Mapping[str, float]]


def deliver(game: Game, utterance: Utterance) -> None:
    """Hand a final result to the game: "basta" at once, everything else in turn. It carries
    what the player can have heard as they began to say it."""
    said = game.heard() if utterance.began_at is None else game.heard_at(utterance.began_at)
    spoken = dataclasses.replace(to_spoken(utterance), said=said)
    game.urgent(spoken.heard)
    game.submit(spoken)


def to_spoken(utterance: Utterance) -> Spoken:
    """A final result as the game takes it.

    A grammar sentence's meaning is looked up (`sentence_table`). Words that make no grammar
    sentence (the recogniser's free words) are understood as typed text is (`parser.hear`),
    at most FREE_WORDS_CONFIDENCE sure, from FREE_WORDS_MIN words up. A result without words
    ("[unk]", sound without words, the beginning of a sentence) arrives without meaning.
    """
    sentence = utterance.sentence if utterance.understood else None
    heard = sentence_table().get(sentence) if sentence is not None else None
    confidence = utterance.confidence
    if heard is None and len((utterance.free_text or "").split()) >= FREE_WORDS_MIN:
        heard = hear(utterance.free_text or "")
        if heard is not None:
            confidence = min(FREE_WORDS_CONFIDENCE, confidence or FREE_WORDS_CONFIDENCE)
    return Spoken(
        utterance.text,
        heard,
        confidence,
        utterance.loudness,
        utterance.denoised,
        utterance.evidence,
    )


def pass_on_notice(game: Game, notice: Notice) -> None:
    """What the listener tells the game on its own: the room filled with speech or quiet
    again (the voice gate then wants "domino" before commands, or no longer)."""
    if notice.key in ROOM_NOTICES:
        game.submit(DeviceNotice(notice.key))


ROOM_NOTICES = ("busy_room", "quiet_room")


def start_voice(
    game: Game,
    output: SoundOutput,
    *,
    model_option: str | None,
    audio_in: Path | None,
    realtime: bool,
    barge_in: bool,
    input_device: int | str | None = None,
    fallback_notice: str | None = "keyboard_mode",
    offer_check: bool = False,
) -> VoiceInput | None:
    """Start voice input, or say why not and return None (the game goes on by keyboard).

    Finding the model is instant and said at once; loading it takes a second or more, so it
    happens on a thread of its own while the game already speaks.
    """
    location = locate_model(model_option)
    if isinstance(location, ModelProblem):
        log.info("no speech model: %s", location.detail)
        game.notice(location.key)
        return None
    voice = VoiceInput(
        game,
        output,
        model_path=location.path,
        audio_in=audio_in,
        realtime=realtime,
        barge_in=barge_in,
        input_device=input_device,
        fallback_notice=fallback_notice,
        offer_check=offer_check,
    )
    game.voice_active = True  # until the voice input says it cannot work
    voice.start()
    return voice


class VoiceInput:
    """Voice input being set up, then listening; a lost microphone is tried again meanwhile.

    Everything it has to say goes through the game's inbox, in turn with the player's input.
    """

    def __init__(
        self,
        game: Game,
        output: SoundOutput,
        *,
        model_path: Path,
        audio_in: Path | None,
        realtime: bool,
        barge_in: bool,
        input_device: int | str | None,
        fallback_notice: str | None,
        offer_check: bool = False,
        sentences: Sequence[str] | None = None,
        narrowing: Narrowing | None = None,
    ) -> None:
        self.game = game
        self.sentences = sentences  # the grammar; None: every sentence the dialog accepts
        # The sentences for a table's shape (the recogniser follows the table), with their
        # priors or not; by default the dialog's own, when the grammar is; None: the grammar
        # as given, always.
        self.narrowing = narrowing if narrowing is not None or sentences else table_priors
        self.heard_for: TableShape | None = None  # the shape the recogniser was built for
        self.output = output
        self.model_path = model_path
        self.audio_in = audio_in
        self.realtime = realtime
        self.barge_in = barge_in
        self.input_device = input_device
        self.fallback_notice = fallback_notice
        self.offer_check = offer_check  # the first start: offer "prova microfono"
        self.listener: Listener | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._told: set[str] = set()
        self._settled = threading.Event()  # set once listening began or voice gave up
        self._thread = threading.Thread(target=self._run, name="voice", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        with self._lock:
            self._stop.set()
            listener = self.listener
        if listener is not None:
            listener.stop()

    def wait_ready(self, timeout: float) -> bool:
        """Wait until the model is loaded and listening began (or voice gave up)."""
        return self._settled.wait(timeout)

    def _run(self) -> None:
        try:
            listener = self._start_listening()
        finally:
            self._settled.set()
        if listener is None:
            return
        if self.audio_in is not None:  # a file ends: this source is done
            listener.wait()
            self.game.submit(InputEnded(Source.VOICE))
            return
        while not self._stop.wait(RETRY_SECONDS):
            if listener.state == "unavailable":
                listener.resume()

    def _start_listening(self) -> Listener | None:
        """The listener, started; None (and the player told why) when voice cannot work."""
        try:
            listener = self._listener()
        except Exception as error:  # voice can fail in many ways; the game must hear of each
            if isinstance(error, ModelLoadError | SourceError | _VoiceUnavailable):
                log.warning("voice input unavailable: %s", error)
                key = error.key
            else:
                log.exception("voice input could not start")
                key = "audio_input_error"
            self.game.submit(DeviceNotice(key))
            if self.fallback_notice:
                self.game.submit(DeviceNotice(self.fallback_notice))
            self.game.submit(InputEnded(Source.VOICE))  # the game no longer waits for this source
            return None
        with self._lock:
            if self._stop.is_set():
                return None
            self.listener = listener
        if self.narrowing is not None:
            threading.Thread(
                target=self._follow_table,
                args=(listener.recognizer, self.narrowing),
                name="voice-table",
                daemon=True,
            ).start()
        if listener.start():  # else the listener has said why: tried again in _run
            self.game.submit(DeviceNotice("listening"))
            if self.offer_check and self.audio_in is None:
                self.game.submit(DeviceNotice("mic_check_offer"))
        return listener

    def _listener(self) -> Listener:
        # The input first: a missing or unusable --audio-in file is said whatever the model.
        source: AudioSource
        if self.audio_in is not None:
            source = WavFileSource(self.audio_in, realtime=self.realtime)
        else:
            source = MicrophoneSource(self.input_device)
        model = load_model(self.model_path)  # ModelLoadError carries its notice key
        try:
            sentences: Iterable[str] | Mapping[str, float]
            sentences = grammar_sentences() if self.sentences is None else self.sentences
            if self.narrowing is not None:  # the moves of the table from the start
                shape = table_shape(self.game.manager)
                sentences = self.narrowing(shape)
                self.heard_for = shape
            sentences = sentences if isinstance(sentences, Mapping) else list(sentences)
            recognizer = SpeechRecognizer(model, sentences, model_path=self.model_path)
        except ValueError as error:  # a model that knows none of the game's words
            log.warning("speech model unusable: %s", error)
            raise _VoiceUnavailable("model_unusable") from error
        self._tell_lost_commands(recognizer, list(sentences))
        gain = AutomaticGain()
        calibration = load_calibration(self.model_path)
        if calibration is not None:  # measured by "prova-voce --calibra" for this model
            log.info("calibration for this model: %s", calibration)
            gain.voice_rms = calibration.voice_rms
            gate = self.game.gate
            if gate is not None:
                gate.settings = calibrated(gate.settings, calibration)
        return Listener(
            source,
            recognizer,
            lambda utterance: deliver(self.game, utterance),
            is_sounding=self.output.is_sounding,
            barge_in=self.barge_in,
            on_notice=self._notice,
            gain=gain,
        )

    def _follow_table(self, recognizer: SpeechRecognizer, narrowing: Narrowing) -> None:
        """Keep the recogniser on the moves of the table's set and arms: narrowed again when
        the table's shape changes (the decoders it had listen while the new ones are built)."""
        while True:
            try:
                shape = table_shape(self.game.manager)
                if shape != self.heard_for:
                    recognizer.narrow(narrowing(shape))
                    log.info("recogniser narrowed to %s", shape)
                    self.heard_for = shape
            except Exception:  # the grammar it has keeps listening
                log.exception("recogniser not narrowed to the table")
                return
            if self._stop.wait(FOLLOW_TABLE_SECONDS):
                return

    def _tell_lost_commands(self, recognizer: SpeechRecognizer, sentences: Sequence[str]) -> None:
        """A model without some of the game's words: say which commands it cannot hear."""
        if not recognizer.missing_words:
            return
        lost = commands_lost(sentences, recognizer.fit, _template_name)
        entirely = [command.meaning for command in lost if command.entirely]
        partly = [command.meaning for command in lost if not command.entirely]
        text = it.words_unknown_to_model(recognizer.missing_words, entirely, partly)
        self.game.submit(Announcement(text))

    def _notice(self, event: Notice) -> None:
        log.info("listener notice %s: %s", event.key, event.detail)
        if event.key in ROOM_NOTICES:
            pass_on_notice(self.game, event)
            return
        if event.key == "listener_error":  # said once: a failing device may repeat it often
            if event.key in self._told:
                return
            self._told.add(event.key)
        self.game.submit(DeviceNotice(event.key))


def _template_name(sentence: str) -> str | None:
    """Which command a grammar sentence belongs to (its template's name)."""
    words = sentence.split()
    if words and words[0] == ATTENTION_WORD:
        words = words[1:]
    found = grammar().match(words)
    return found.intent if found is not None else None


class _VoiceUnavailable(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key
