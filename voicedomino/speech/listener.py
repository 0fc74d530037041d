"""The listening thread: audio source -> recogniser -> `on_utterance(Utterance)`.

Half-duplex by default: while the game's own output is sounding (`is_sounding()`), and for a
short tail after it stops, input frames are thrown away and the recogniser is reset, so the
game never hears itself. Frames carry their capture time and the output is watched as it sounds
(speech/sounding.py), so a listener behind on a busy machine still mutes a sentence that ended
before it got there, and still hears audio captured before the output began.
With `barge_in` (headphones) it keeps listening while speaking, so the player can interrupt.

Utterances are closed either by Vosk's own endpointing or, sooner, when the speech-end detector
hears `endpoint_silence` seconds of quiet after speech. Closing that early could cut a command
said with a pause ("gioca ... sei tre"), so a result that is only the beginning of a grammar
sentence is held for `continuation` seconds: if the player goes on, the two parts are delivered
as one utterance. A final result that is empty counts as "not understood" only if there was
sound in it; the empty results Vosk gives after long silence are dropped.

In a reverberant room (speech/reverb.py: the room's ringing measured from the decays at the
ends of what it hears) the recogniser gets the voice with the late echo taken out, unless the
room is noisy or full of talk; near the microphone it gets it as it is. There the speech-end
detector does not take the room ringing after the last word for more voice, so the end of a
command is heard as soon as in a dry room.

The recogniser gets the audio through an automatic gain (speech/gain.py: a quiet or distant
player is brought up, a loud one down, following the voice's level only). In a noisy room, or
when the gain raises a quiet voice, it gets it with the noise taken out too (speech/denoise.py:
the suppressor hears every frame, `RoomNoise` judges the room between utterances, and the
choice is made as an utterance begins); not when the noise is people talking, which the
suppressor turns into worse than it was. The voice detector and the loudness measured for the
microphone check always get the audio as it is.

The listener also judges whether the room is full of speech (speech/busy.py: voice heard that
was no command) and says so through `on_notice` ("busy_room", "quiet_room"); meanwhile the
speech-end detector counts as the player's voice only what stands out of the room's talk, so
a command is not glued to the chatter around it.

Speech is told from other sound by a voice activity detector (speech/vad.py; `vad="auto"`
takes the best available, None the loudness rule alone). An utterance with less than
`min_voiced` seconds of voice in it (a cough, a door, music, a click) is dropped silently,
whatever the recogniser made of it: the game never answers sounds that were not speech. Sound
that is not speech is not left to pile up in the recogniser either: after `endpoint_silence`
without voice, what it was fed since the last utterance is forgotten, so a noise burst cannot
merge with the command that follows it.

Nothing here may take the game down: failures of the source, the recogniser or the callbacks
are reported through `on_notice(Notice)` and the thread goes on (or, when the microphone is
gone, stops cleanly until `resume()`).
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal, Protocol

import numpy as np

from voicedomino.speech.busy import RoomSpeech
from voicedomino.speech.denoise import RoomNoise, Suppressor, default_suppressor
from voicedomino.speech.endpoint import SpeechEndDetector, SpeechEvent
from voicedomino.speech.gain import AutomaticGain
from voicedomino.speech.recognizer import Utterance
from voicedomino.speech.reverb import LateReverbSuppressor, RoomReverb
from voicedomino.speech.sounding import SoundingWatch
from voicedomino.speech.sources import (
    BYTES_PER_SAMPLE,
    SAMPLE_RATE,
    AudioFrame,
    AudioSource,
    EndOfAudio,
    SourceError,
)
from voicedomino.speech.vad import VoiceActivityDetector, default_vad

log = logging.getLogger(__name__)

DEFAULT_TAIL_MARGIN = 0.15
DEFAULT_ENDPOINT_SILENCE = 0.2
DEFAULT_CONTINUATION = 0.6
# Less voice than this is not a command: the shortest stand-in words carry about 0.3 s.
DEFAULT_MIN_VOICED = 0.15
_READ_TIMEOUT = 0.1
_LOOKBACK = 0.3  # seconds of audio kept from before voice is detected
_MAX_CONSECUTIVE_ERRORS = 20
# A thread that gave up (the microphone lost, the audio over) still closes its source: a new
# start waits this long at most for it to end before trying the source again.
_ENDING_WAIT = 10.0
DENOISE_ABOVE_GAIN_DB = 6.0  # a voice raised more than this is heard through the suppressor
# Voice that was no command over this share of the last seconds: people talk in the room, and
# the suppressor would take the player's voice out with theirs. The quiet scenes of
# benchmarks/bench_home.py (a remark now and then) stay under it nine times in ten; babble and
# a television sit at 0.3-0.6 (speech/busy.py judges the room busy from 0.4).
TALK_SHARE_NOT_DENOISED = 0.25


def _seconds(blocks: Iterable[bytes]) -> float:  # of 16-bit mono audio
    return sum(len(block) for block in blocks) / (BYTES_PER_SAMPLE * SAMPLE_RATE)


ListenerState = Literal["stopped", "listening", "unavailable", "finished"]


@dataclass(frozen=True)
class Notice:
    key: str  # "microphone_unavailable", "microphone_back", "listener_error", ...
    detail: str = ""


class Recognizer(Protocol):
    noisy_room: bool  # the audio it is given comes through the noise suppressor

    def accept(self, pcm: bytes) -> Utterance | None: ...

    def finish(self) -> Utterance: ...

    def reset(self) -> None: ...

    def expects_more(self, text: str) -> bool: ...

    def identify(self, utterance: Utterance) -> Utterance: ...


class Listener:
    def __init__(
        self,
        source: AudioSource,
        recognizer: Recognizer,
        on_utterance: Callable[[Utterance], None],
        *,
        is_sounding: Callable[[], bool] | None = None,
        barge_in: bool = False,
        tail_margin: float = DEFAULT_TAIL_MARGIN,
        endpoint_silence: float | None = DEFAULT_ENDPOINT_SILENCE,
        continuation: float = DEFAULT_CONTINUATION,
        on_notice: Callable[[Notice], None] | None = None,
        vad: VoiceActivityDetector | Literal["auto"] | None = "auto",
        min_voiced: float = DEFAULT_MIN_VOICED,
        denoise: Suppressor | Literal["auto"] | None = "auto",
        gain: AutomaticGain | Literal["auto"] | None = "auto",
        dereverb: LateReverbSuppressor | Literal["auto"] | None = "auto",
    ) -> None:
        self.source = source
        self.dereverber = LateReverbSuppressor() if dereverb == "auto" else dereverb
        self.reverb = RoomReverb()
        self._dereverberating = False  # the recogniser hears the voice with the late echo out
        self.denoiser = default_suppressor() if denoise == "auto" else denoise
        self.gain = AutomaticGain() if gain == "auto" else gain
        self.room = RoomNoise()
        self.room_speech = RoomSpeech()  # a television, people talking: notices on change
        self._utterance_start = 0.0  # source time at which the current utterance began
        self._pending_start = 0.0
        # When the voice of the current utterance (and of the one waiting for its end) began,
        # on the capture clock: the game weighs a command by what had been said to the player
        # then, not a second or two later, when it was recognised (a "sì" begun before "Vuoi
        # uscire?" was said answered it). Taken from the frame, so a listener running behind
        # the microphone still tells it truly.
        self._began_at: float | None = None
        self._pending_began_at: float | None = None
        self._denoising = False  # this utterance goes to the recogniser with the noise out
        self.recognizer = recognizer
        self.on_utterance = on_utterance
        self.is_sounding = is_sounding
        self.barge_in = barge_in
        self.tail_margin = tail_margin
        self.on_notice = on_notice
        self.quick_endpoint = endpoint_silence is not None
        self.continuation = continuation
        self.detector = SpeechEndDetector(
            silence_after=endpoint_silence or DEFAULT_ENDPOINT_SILENCE,
            vad=default_vad() if vad == "auto" else vad,
        )
        self.min_voiced = min_voiced
        self.dropped_not_voice = 0  # utterances dropped for too little voice
        # With a voice detector, the recogniser is fed only from a little before voice begins
        # to the end of the utterance; meanwhile the last moments wait in `_lookback`.
        self._gated = self.detector.vad is not None
        self._feeding = not self._gated
        self._heard_pcm: list[bytes] = []  # this utterance as the microphone gave it
        # (as heard, with the gain, with the noise out too) for each frame
        self._lookback: collections.deque[tuple[bytes, bytes, bytes]] = collections.deque()
        self.discarded_frames = 0
        self.processed_frames = 0
        self._state: ListenerState = "stopped"
        self._lost_microphone = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._sounding = None if is_sounding is None else SoundingWatch(self._sounding_now)
        self._muted_before = False
        self._sounding_failed = False
        self._pending: Utterance | None = None  # the beginning of a sentence, said so far
        self._pending_until = 0.0  # source time after which it is delivered as it is

    @property
    def state(self) -> ListenerState:
        return self._state

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> bool:
        """Open the source and start listening; False (and a notice) if the source failed."""
        self._wait_for_thread_that_gave_up()
        with self._lock:
            if self.running:
                # Still listening, or stopped while busy in a callback (it keeps its place);
                # a thread that gave up and would not end listens to nothing.
                return self._state == "listening" or self._stop.is_set()
            try:
                self.source.open()
            except SourceError as error:
                self._unavailable(error)
                return False
            if self._lost_microphone:
                self._lost_microphone = False
                self._notify(Notice("microphone_back"))
            self._stop.clear()
            self._reset_utterance()
            self._state = "listening"
            self._thread = threading.Thread(target=self._run, name="voice-listener", daemon=True)
            self._thread.start()
            return True

    def _wait_for_thread_that_gave_up(self) -> None:
        """The thread sets its state and says why (the microphone lost) before it closes the
        source and ends: a resume told of it at once must not take it for one listening."""
        with self._lock:
            thread, gave_up = self._thread, self._state != "listening" and not self._stop.is_set()
        if gave_up and thread is not None and thread is not threading.current_thread():
            thread.join(_ENDING_WAIT)

    def resume(self) -> bool:
        """Try again after the microphone failed (or after `stop()`)."""
        return self.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop listening (safe from any thread, including inside `on_utterance`)."""
        with self._lock:
            self._stop.set()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        with self._lock:
            # A thread still busy in a callback keeps its place, so start() cannot double it.
            if self._thread is thread and (thread is None or not thread.is_alive()):
                self._thread = None
            if self._state == "listening":
                self._state = "stopped"

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end (a file source ran out); True if it has."""
        thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()

    # --- the thread ------------------------------------------------------------------------

    def _run(self) -> None:
        errors = 0
        if self._sounding is not None and not self.barge_in:
            self._sounding.start()
        try:
            while not self._stop.is_set():
                try:
                    frame = self.source.read(_READ_TIMEOUT)
                    if frame is not None:
                        self._process(frame)
                    errors = 0
                except EndOfAudio:
                    self._end_of_audio()
                    return
                except SourceError as error:
                    self._unavailable(error)
                    return
                except Exception as error:  # garbled audio, a Vosk failure: report, go on
                    errors += 1
                    log.exception("voice listener error")
                    self._notify(Notice("listener_error", repr(error)))
                    self._reset_utterance()
                    if errors >= _MAX_CONSECUTIVE_ERRORS:
                        self._state = "stopped"
                        return
        finally:
            if self._sounding is not None:
                self._sounding.stop()
            self.source.close()

    def _end_of_audio(self) -> None:
        self._state = "finished"
        try:
            self._complete(self.recognizer.finish(), None)
        except Exception as error:
            self._notify(Notice("listener_error", repr(error)))
        self._flush_pending()

    def _process(self, frame: AudioFrame) -> None:
        if self._muted(frame):
            self.discarded_frames += 1
            if not self._muted_before:
                self._flush_pending()
                self._reset_utterance()
            self._muted_before = True
            return
        self._muted_before = False
        self.processed_frames += 1
        voiced_before = self.detector.voiced_steps
        talk_before = self.detector.talk_steps
        self.detector.busy_room = self.room_speech.busy
        if not self.detector.in_speech and self.detector.voiced_steps == 0:
            self.detector.room_rt60 = self._ringing_rt60()
        event = self.detector.update(frame.pcm)
        if event is SpeechEvent.STARTED and self._began_at is None:
            self._began_at = frame.captured_at - frame.duration
        voiced = self.detector.voiced_steps - voiced_before
        talk = self.detector.talk_steps - talk_before
        busy = self.room_speech.hear(frame.end, talk * self.detector.step_seconds)
        if busy is not None:
            self._notify(Notice("busy_room" if busy else "quiet_room"))
        front = self._without_echo(frame.pcm)
        gained = front
        if self.gain is not None:
            if voiced:
                self.gain.hear_voice(frame.pcm)
            gained = self.gain.apply(front)
        quiet = gained if self.denoiser is None else self.denoiser.process(gained)
        if self._feeding:
            if not self._gated and not self.detector.in_speech:  # no voice detector
                self.room.hear_background(frame.pcm)
                self._choose_denoising(frame.end)
            heard = frame.pcm
            pcm = quiet if self._denoising else gained
        else:
            self._lookback.append((frame.pcm, gained, quiet))
            while len(self._lookback) > 1 and (
                _seconds(raw for raw, _, _ in self._lookback) - _seconds([self._lookback[0][0]])
                >= _LOOKBACK
            ):
                self._lookback.popleft()
            if self.detector.voiced_steps == 0:
                self.room.hear_background(frame.pcm)
                self._flush_if_done(frame)
                return
            # Voice begins: the recogniser gets it with the moments before, which the detector
            # may have heard too late; with the noise out if the room is noisy.
            self._choose_denoising(frame.end)
            heard = b"".join(raw for raw, _, _ in self._lookback)
            self._utterance_start = frame.end - _seconds([heard])
            pcm = b"".join(
                quiet if self._denoising else gained for _, gained, quiet in self._lookback
            )
            self._lookback.clear()
            self._feeding = True
        self._heard_pcm.append(heard)  # its loudness is the microphone's, noise and all
        utterance = self.recognizer.accept(pcm)
        if utterance is not None:
            self._complete(utterance, frame)
        elif event is SpeechEvent.ENDED and self.quick_endpoint:
            self._complete(self.recognizer.finish(), frame)
        elif self._only_noise_so_far():
            self._forget_noise()
        else:
            self._flush_if_done(frame)

    def _without_echo(self, pcm: bytes) -> bytes:
        """The frame with the room's late echo out when the room is reverberant (decided
        between utterances, never within one); the suppressor hears every frame, in order."""
        self.reverb.hear(pcm)
        if self.dereverber is None:
            return pcm
        clear = self.dereverber.process(pcm)
        if not self.detector.in_speech and self.detector.voiced_steps == 0:
            rt60 = self.reverb.rt60
            # Not in noise or talk: there the decays are the noise's, and the suppressor would
            # take the voice out with it.
            self._dereverberating = (
                self.reverb.reverberant and not self.room.noisy and not self.room_speech.busy
            )
            if rt60 is not None and self._dereverberating:
                self.dereverber.set_rt60(rt60)
        return clear if self._dereverberating else pcm

    def _ringing_rt60(self) -> float | None:
        """The room's reverberation time for the speech-end detector, which then does not take
        the room ringing after the voice for more voice (speech/endpoint.py); None in a dry
        room, and in noise or talk, where the decays are the noise's."""
        if not self.reverb.reverberant or self.room.noisy or self.room_speech.busy:
            return None
        return self.reverb.rt60

    def _choose_denoising(self, now: float) -> None:
        """The recogniser hears through the suppressor while the room is noisy, or when the
        gain brings a quiet voice up (and the hiss of the microphone with it), unless the noise
        is people talking. Measured with benchmarks/bench_home.py (30 commands each): babble
        and a television through RNNoise 3% and 17% right, 30% and 33% without; a player
        25 dB quieter with the gain 40% right, 70% with the gain and the suppressor, while the
        suppressor on every clean command costs a tenth of them. People talking are told by
        the share of the room's voice (TALK_SHARE_NOT_DENOISED), not only once the room is
        judged busy: before that, the player's commands in babble went through the suppressor
        and came out as one word or nothing (bench_home --causes, seed 41, babble 20 dB, the
        room judged busy half the time: 31 of 60 commands so, none of them heard right)."""
        talk = self.room_speech.busy or self.room_speech.share(now) >= TALK_SHARE_NOT_DENOISED
        raised = self.gain is not None and self.gain.gain_db > DENOISE_ABOVE_GAIN_DB
        self._denoising = self.denoiser is not None and (self.room.noisy or raised) and not talk
        self.recognizer.noisy_room = self._denoising

    def _flush_if_done(self, frame: AudioFrame) -> None:
        if (
            self._pending is not None
            and not self.detector.in_speech
            and frame.end >= self._pending_until
        ):
            self._flush_pending(frame)

    def _forget_noise(self) -> None:
        self._heard_pcm.clear()
        self._began_at = None
        self.recognizer.reset()
        self.detector.reset()
        self._feeding = not self._gated

    def _only_noise_so_far(self) -> bool:
        detector = self.detector
        return (
            self._gated
            and not detector.in_speech
            and not detector.heard_speech
            and detector.quiet_seconds >= detector.silence_after
        )

    def _muted(self, frame: AudioFrame) -> bool:
        if self.barge_in or self._sounding is None:
            return False
        self._sounding.look()  # as well as the watch's own looks: it may be late too
        # By capture time: echoes linger briefly after the output stops.
        began = frame.captured_at - frame.duration
        return self._sounding.sounded_between(began, frame.captured_at, self.tail_margin)

    def _sounding_now(self) -> bool:
        if self.is_sounding is None:
            return False
        try:
            return bool(self.is_sounding())
        except Exception as error:
            if not self._sounding_failed:
                self._sounding_failed = True
                self._notify(Notice("listener_error", f"is_sounding failed: {error!r}"))
            return False

    def _complete(self, utterance: Utterance, frame: AudioFrame | None) -> None:
        """A final result: deliver it, or hold it if it is only the start of a sentence."""
        began_at, self._began_at = self._began_at, None
        utterance = dataclasses.replace(
            utterance, loudness=_loudness(self._heard_pcm), denoised=self._denoising
        )
        self._heard_pcm.clear()
        heard = self.detector.heard_speech
        voiced = self.detector.voiced_seconds
        self.detector.reset()
        self._feeding = not self._gated
        if self.detector.vad is not None and voiced < self.min_voiced:
            if utterance.text:
                self.dropped_not_voice += 1
                log.debug("dropped %r: %.2f s of voice", utterance.text, voiced)
            return
        if not utterance.text and not heard:
            return  # silence closed by Vosk's rules: nothing was said
        if frame is not None:
            utterance = dataclasses.replace(utterance, audio_end=frame.end)
        start = self._utterance_start
        if not self._gated and frame is not None:  # without a detector: the next from here
            self._utterance_start = frame.end
        if self._pending is not None:
            utterance = self.recognizer.identify(self._pending.joined(utterance))
            self._pending = None
            start = self._pending_start
            if self._pending_began_at is not None:  # the sentence began with its first part
                began_at = self._pending_began_at
        if (
            frame is not None
            and self.quick_endpoint
            and self.recognizer.expects_more(utterance.text)
        ):
            self._pending = utterance
            self._pending_start = start
            self._pending_began_at = began_at
            self._pending_until = frame.end + self.continuation
            return
        self._deliver(utterance, start, began_at)

    def _flush_pending(self, frame: AudioFrame | None = None) -> None:
        pending, self._pending = self._pending, None
        if pending is not None:
            if frame is not None:  # the wait for more ended here
                pending = dataclasses.replace(pending, audio_end=frame.end)
            self._deliver(pending, self._pending_start, self._pending_began_at)

    def _deliver(self, utterance: Utterance, start: float, began_at: float | None) -> None:
        if utterance.sentence is not None:  # the player's command: not the room's talk
            self.room_speech.players_since(start)
        if began_at is not None:
            utterance = dataclasses.replace(utterance, began_at=began_at)
        try:
            self.on_utterance(utterance)
        except Exception as error:
            log.exception("on_utterance failed")
            self._notify(Notice("listener_error", f"on_utterance failed: {error!r}"))

    def _reset_utterance(self) -> None:
        self._heard_pcm.clear()
        self._pending = None
        self._began_at = self._pending_began_at = None
        self.detector.reset()
        self._feeding = not self._gated
        self._lookback.clear()
        try:
            self.recognizer.reset()
        except Exception as error:
            self._notify(Notice("listener_error", f"recogniser reset failed: {error!r}"))

    def _unavailable(self, error: SourceError) -> None:
        self._state = "unavailable"
        self._lost_microphone = error.key == "microphone_unavailable"
        self._notify(Notice(error.key, str(error)))

    def _notify(self, notice: Notice) -> None:
        log.info("listener notice %s: %s", notice.key, notice.detail)
        if self.on_notice is None:
            return
        try:
            self.on_notice(notice)
        except Exception:
            log.exception("on_notice failed")


_LOUDNESS_WINDOW = 1600  # 100 ms at 16 kHz, as the microphone check measures
_LOUDEST_SHARE = 0.3  # the voice, not the pauses around it


def _loudness(chunks: list[bytes]) -> tuple[float, int] | None:
    """(RMS of the loudest 30% of 100 ms windows, peak) of 16-bit mono audio."""
    if not chunks:
        return None
    audio = np.frombuffer(b"".join(chunks), dtype="<i2").astype(np.float64)
    if len(audio) == 0:
        return None
    windows = max(1, len(audio) // _LOUDNESS_WINDOW)
    if len(audio) >= _LOUDNESS_WINDOW:
        blocks = audio[: windows * _LOUDNESS_WINDOW].reshape(windows, -1)
    else:
        blocks = audio.reshape(1, -1)
    levels = np.sort(np.sqrt(np.mean(blocks**2, axis=1)))
    loudest = levels[-max(1, round(len(levels) * _LOUDEST_SHARE)) :]
    return float(np.mean(loudest)), int(np.max(np.abs(audio)))
