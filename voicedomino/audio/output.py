"""The game's sound: speech and cues mixed into one stereo output stream.

Usage (all calls are non-blocking and safe from the game thread)::

    out = AudioOutput(device=None, rate=175, volume=0.9, on_notice=print_notice_key)
    out.start()                      # opens the device; never raises
    out.speak("Tocca a te.")         # queued: synthesised on a worker thread, then played
    out.play_cue(Cue.PLACE_HEAD_YOU) # plays at once, over speech and other cues
    out.stop_speech()                # "basta": cuts the current message, clears the queue
    out.is_sounding()                # True from speak()/play_cue() until the sound has ended
    out.wait_idle(timeout=10.0)      # block until silent; False on timeout
    out.rate = 200; out.volume = 0.5 # words per minute (next message); volume 0..1 (at once)
    out.close()

With `screen_reader` (a factory such as `screen_reader.open_screen_reader`), messages are spoken by
the player's screen reader instead of the game's own voice; cues still play here. When it cannot
be opened the game's voice speaks, after the `SCREEN_READER_UNAVAILABLE` notice.

Notices (`AudioNotice` keys) go to `on_notice`, each at most once, from whichever thread found
the problem: keep the callback quick and thread-safe. Without a device, or after the device
fails, every call still works and simply makes no sound; if speech synthesis fails, cues go on.
`wait_idle` sleeps on a condition that the speech worker and the audio callback signal when
the last message or cue has been handed over or rendered; no polling.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from voicedomino.audio.api import RATE_DEFAULT_WPM, AudioNotice, clamp_rate, clamp_volume
from voicedomino.audio.cue_names import Cue
from voicedomino.audio.cues import CueLibrary
from voicedomino.audio.devices import AudioDeviceError, DeviceSpec, open_output_stream
from voicedomino.audio.mixer import Mixer
from voicedomino.audio.screen_reader import ChangeCallback, ScreenReaderSpeech
from voicedomino.audio.sound import FloatArray, Sound
from voicedomino.audio.synthesis import SpeechUnavailableError, Synthesizer
from voicedomino.audio.voices import VoiceInfo

log = logging.getLogger(__name__)

SPEECH_SAMPLE_RATE = 22050  # espeak-ng's own rate: speech is then never resampled
NoticeCallback = Callable[[str], None]


class SpeechSynthesizer(Protocol):
    def synthesize(self, text: str, rate_wpm: int) -> Sound: ...


class AudioOutput:
    """One stereo output stream mixing a FIFO of speech messages with overlapping cues."""

    def __init__(
        self,
        *,
        device: DeviceSpec = None,
        rate: int = RATE_DEFAULT_WPM,
        volume: float = 1.0,
        on_notice: NoticeCallback | None = None,
        voice_name: str | None = None,
        synthesizer_factory: Callable[[], SpeechSynthesizer] | None = None,
        screen_reader: Callable[[ChangeCallback], ScreenReaderSpeech] | None = None,
        cues: CueLibrary | None = None,
        sample_rate: int = SPEECH_SAMPLE_RATE,
        latency: float | str = "high",  # PortAudio default: 35 ms here, no underruns
        stall_timeout_s: float = 2.0,
        synthesis_timeout_s: float = 10.0,
    ) -> None:
        self._device = device
        self._rate = clamp_rate(rate)
        self._volume = clamp_volume(volume)
        self._on_notice = on_notice
        self._synthesizer_factory: Callable[[], SpeechSynthesizer] = synthesizer_factory or (
            lambda: Synthesizer(voice_name=voice_name)
        )
        self._synthesizer: SpeechSynthesizer | None = None
        self._screen_reader_factory = screen_reader
        self._reader: ScreenReaderSpeech | None = None
        self._cues = cues
        self._preferred_rate = sample_rate
        self._latency = latency
        self._stall_timeout_s = stall_timeout_s
        self._synthesis_timeout_s = synthesis_timeout_s

        # Re-entrant: clearing the mixer under this lock signals `_changed`, which takes it too.
        self._lock = threading.RLock()
        # Signalled whenever sound may have ended: a message handed to the mixer, the mixer
        # drained, speech stopped or the device lost. `wait_idle` sleeps on it.
        self._changed = threading.Condition(self._lock)
        self._requests: queue.Queue[tuple[int, str] | None] = queue.Queue()
        self._wake = threading.Event()
        self._mixer = Mixer(sample_rate, on_drained=self._signal_change)
        self._mixer.volume = self._volume
        self._stream: Any = None
        self._generation = 0
        self._queued = 0  # messages waiting in `_requests`
        self._in_flight = False  # the worker holds a message (synthesising or handing over)
        self._started = False
        self._closing = False
        self._audio_ok = False
        self._speech_ok = False
        self._stream_died = False
        self._last_callback = 0.0
        self._synthesis_began: float | None = None
        self._callback_errors = 0
        self._notified: set[str] = set()
        self._threads: list[threading.Thread] = []

    # ----------------------------------------------------------------- lifecycle

    def __enter__(self) -> AudioOutput:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Load cues, open the output device and start the worker threads. Never raises."""
        if self._started:
            return
        self._started = True
        cues = self._cues if self._cues is not None else CueLibrary.load()
        if cues.missing:
            log.warning("missing cues: %s", ", ".join(cues.missing))
            self._notice(AudioNotice.CUES_MISSING)
        self._open_screen_reader()
        try:
            opened = open_output_stream(
                self._device,
                self._preferred_rate,
                self._callback,
                self._on_stream_finished,
                self._latency,
            )
        except AudioDeviceError as exc:
            log.warning("no audio output: %s", exc)
            self._notice(AudioNotice.AUDIO_UNAVAILABLE)
            return
        if opened.fell_back_to_default:
            self._notice(AudioNotice.AUDIO_DEVICE_MISSING)
        self._cues = cues.resampled(opened.sample_rate)
        self._mixer = Mixer(opened.sample_rate, on_drained=self._signal_change)
        self._mixer.volume = self._volume
        self._mixer.output_delay_s = opened.latency_s
        self._stream = opened.stream
        self._last_callback = time.monotonic()
        try:
            self._stream.start()
        except Exception as exc:  # PortAudioError and friends
            log.warning("cannot start audio output: %s", exc)
            self._close_stream()
            self._notice(AudioNotice.AUDIO_UNAVAILABLE)
            return
        with self._lock:
            self._audio_ok = True
        if self._reader is None:
            self._speech_ok = True
            self._spawn(self._speech_worker, "voicedomino-speech")
        self._spawn(self._monitor, "voicedomino-audio-monitor")

    def _open_screen_reader(self) -> None:
        """Speech through the screen reader, which needs no device of ours; else our voice."""
        if self._screen_reader_factory is None:
            return
        try:
            self._reader = self._screen_reader_factory(self._signal_change)
        except Exception as exc:  # ScreenReaderUnavailable, or anything a back end raises
            log.warning("screen reader unavailable: %s", exc)
            self._notice(AudioNotice.SCREEN_READER_UNAVAILABLE)
            return
        self._speech_ok = True
        self._spawn(self._speech_worker, "voicedomino-speech")

    def close(self) -> None:
        """Stop all sound and release the device; safe to call more than once."""
        with self._lock:
            if self._closing:
                return
            self._closing = True
            self._audio_ok = False
            self._speech_ok = False
            self._drop_speech_locked()
            self._changed.notify_all()
        self._requests.put(None)
        self._wake.set()
        self._close_stream()
        if self._reader is not None:
            self._reader.close()
        for thread in self._threads:
            thread.join(timeout=1.0)

    # ----------------------------------------------------------------- game-side API

    @property
    def available(self) -> bool:
        """True while sound can actually come out of a device."""
        return self._audio_ok

    @property
    def speech_available(self) -> bool:
        return self._speech_ok and (self._audio_ok or self._reader is not None)

    @property
    def screen_reader(self) -> str | None:
        """The name of the screen-reader back end speaking, None for the game's own voice."""
        return None if self._reader is None else self._reader.name

    @property
    def voice(self) -> VoiceInfo | None:
        """The system voice speaking (None before it has started, or with a screen reader)."""
        voice = getattr(self._synthesizer, "voice", None)
        return voice if isinstance(voice, VoiceInfo) else None

    def use_voice(self, name: str) -> VoiceInfo | None:
        """Speak from the next message with the system voice called `name` (None: no such voice).

        For the dialog's "usa la voce ...": the names come from `voices.list_voices()`.
        """
        use = getattr(self._synthesizer, "use_voice", None)
        if use is None:
            return None
        found = use(name)
        return found if isinstance(found, VoiceInfo) else None

    @property
    def rate(self) -> int:
        return self._rate

    @rate.setter
    def rate(self, value: int) -> None:
        self._rate = clamp_rate(value)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = clamp_volume(value)
        self._mixer.volume = self._volume

    def speak(self, text: str) -> None:
        """Queue `text` to be spoken after any message already queued."""
        text = text.strip()
        if not text:
            return
        with self._lock:
            if not self._speech_possible_locked():
                return
            self._queued += 1
            self._requests.put((self._generation, text))

    def play_cue(self, cue: Cue, pan: float = 0.0, volume: float = 1.0) -> None:
        """Play `cue` now, placed at `pan` -1 (left) .. +1 (right) with a constant-power law
        (`mixer.pan_gains`); the cue files are centred, so `pan` alone says where it sounds."""
        if not self._audio_ok or self._cues is None:
            return
        sound = self._cues.get(cue)
        if sound is None:
            log.warning("missing cue %r", cue)
            return
        self._mixer.add_cue(sound.samples, pan=pan, gain=clamp_volume(volume))

    def stop_speech(self) -> None:
        """Cut the message being spoken at once and forget the queued ones (cues go on)."""
        with self._lock:
            self._drop_speech_locked()
            self._changed.notify_all()
        if self._reader is not None:
            self._reader.cancel()

    def is_sounding(self) -> bool:
        """True while speech is queued, being synthesised or audible, or a cue is audible."""
        with self._lock:
            if self._speech_pending_locked():
                return True
        return self._audio_ok and self._mixer.sounding()

    def speech_waiting(self) -> int:
        """How many messages given to speak() have not begun to sound yet (queued, being
        synthesised, or waiting in the mixer); stop_speech() drops them all."""
        with self._lock:
            if not self._speech_possible_locked():
                return 0
            return self._queued + int(self._in_flight) + self._mixer.speech_waiting()

    @property
    def last_sound_end(self) -> float:
        """Monotonic time at which the most recent sound stopped (or will stop) being audible."""
        return self._mixer.audible_until

    def wait_idle(self, timeout: float) -> bool:
        """Block until nothing is sounding; False if still sounding after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                now = time.monotonic()
                if self._speech_pending_locked() or (self._audio_ok and self._mixer.pending):
                    wake_at = deadline  # until a signal
                elif self._audio_ok and now < self._mixer.audible_until:
                    wake_at = min(deadline, self._mixer.audible_until)  # the last block's tail
                else:
                    return True
                if now >= deadline:
                    return False
                self._changed.wait(wake_at - now)

    @property
    def sample_rate(self) -> int:
        """The output stream's sample rate (22050 Hz unless the device refused it)."""
        return self._mixer.sample_rate

    @property
    def output_latency_s(self) -> float:
        """The stream's output latency as reported by PortAudio (0 before start)."""
        return self._mixer.output_delay_s

    @property
    def speech_started_at(self) -> float | None:
        """Monotonic time at which the audio callback began the latest speech message."""
        return self._mixer.speech_started_at

    # ----------------------------------------------------------------- internals

    def _speech_possible_locked(self) -> bool:
        return self._speech_ok and (self._audio_ok or self._reader is not None)

    def _speech_pending_locked(self) -> bool:
        """A message waits, is being synthesised or the screen reader is saying it."""
        if not self._speech_possible_locked():
            return False
        reader_busy = self._reader is not None and self._reader.is_speaking()
        return self._queued > 0 or self._in_flight or reader_busy

    def _signal_change(self) -> None:
        with self._changed:
            self._changed.notify_all()

    def _spawn(self, target: Callable[[], None], name: str) -> None:
        thread = threading.Thread(target=target, name=name, daemon=True)
        self._threads.append(thread)
        thread.start()

    def _notice(self, key: AudioNotice) -> None:
        with self._lock:
            if key in self._notified:
                return
            self._notified.add(key)
        if self._on_notice is not None:
            try:
                self._on_notice(str(key))
            except Exception:
                log.exception("notice callback failed for %s", key)

    def _drop_speech_locked(self) -> None:
        """Forget every message not yet finished (caller holds `_lock`)."""
        self._generation += 1
        while True:
            try:
                item = self._requests.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                self._queued -= 1
            else:
                self._requests.put(None)  # keep the worker's stop signal
                break
        self._mixer.clear_speech()

    def _disable_speech(self, reason: str) -> None:
        log.warning("speech disabled: %s", reason)
        with self._lock:
            self._speech_ok = False
            self._drop_speech_locked()
            self._changed.notify_all()
        self._notice(AudioNotice.TTS_UNAVAILABLE)

    def _lose_audio(self, reason: str) -> None:
        log.warning("audio output lost: %s", reason)
        with self._lock:
            if not self._audio_ok:
                return
            self._audio_ok = False
            self._drop_speech_locked()
            self._changed.notify_all()
        self._mixer.clear_cues()
        self._close_stream()
        self._notice(AudioNotice.AUDIO_LOST)

    def _close_stream(self) -> None:
        stream, self._stream = self._stream, None
        if stream is None:
            return
        try:
            stream.abort()
            stream.close()
        except Exception as exc:
            log.info("closing the audio stream: %s", exc)

    def _callback(self, outdata: FloatArray, frames: int, _time: Any, _status: Any) -> None:
        # Runs on PortAudio's thread: no blocking, no exceptions out.
        self._last_callback = time.monotonic()
        try:
            self._mixer.render(outdata)
        except Exception:
            outdata.fill(0.0)
            self._callback_errors += 1
            if self._callback_errors == 1:
                log.exception("audio callback failed")

    def _on_stream_finished(self) -> None:
        if not self._closing:
            self._stream_died = True
            self._wake.set()

    def _speech_worker(self) -> None:
        reader = self._reader
        if reader is not None:
            self._serve_screen_reader(reader)
            return
        try:
            synthesizer = self._synthesizer_factory()
        except Exception as exc:  # SpeechUnavailableError, or anything a factory may raise
            self._disable_speech(f"{type(exc).__name__}: {exc}")
            return
        self._synthesizer = synthesizer
        notice = getattr(synthesizer, "notice", None)
        if isinstance(notice, AudioNotice):
            self._notice(notice)
        while True:
            item = self._requests.get()
            if item is None:
                return
            generation, text = item
            with self._lock:
                self._queued -= 1
                self._in_flight = True
                current = generation == self._generation
            samples = self._synthesize(synthesizer, text) if current else None
            with self._lock:
                # Checked again: stop_speech() may have come during synthesis.
                if samples is not None and generation == self._generation and self._speech_ok:
                    self._mixer.add_speech(samples)
                self._in_flight = False
                speech_ok = self._speech_ok
                self._changed.notify_all()
            if not speech_ok:
                return

    def _serve_screen_reader(self, reader: ScreenReaderSpeech) -> None:
        """Hand messages to the screen reader in order (its round trip stays off the game)."""
        while True:
            item = self._requests.get()
            if item is None:
                return
            generation, text = item
            with self._lock:
                self._queued -= 1
                self._in_flight = generation == self._generation
            if self._in_flight:
                try:
                    reader.speak(text)
                except Exception:  # a back end fault must never stop the game
                    log.exception("screen reader failed on %r", text)
            with self._lock:
                self._in_flight = False
                self._changed.notify_all()

    def _synthesize(self, synthesizer: SpeechSynthesizer, text: str) -> FloatArray | None:
        self._synthesis_began = time.monotonic()
        try:
            sound = synthesizer.synthesize(text, self._rate)
            mono = sound.to_mono().resampled(self._mixer.sample_rate)
            return np.ascontiguousarray(mono.samples[:, 0])
        except SpeechUnavailableError as exc:
            self._disable_speech(str(exc))
        except Exception as exc:  # SpeechError or a crash: a fault must never stop the game
            if self._speech_ok:  # a late failure after the watchdog gave up says nothing new
                log.warning("cannot speak %r: %s: %s", text, type(exc).__name__, exc)
                self._notice(AudioNotice.TTS_FAILED)
        finally:
            self._synthesis_began = None
        return None

    def _monitor(self) -> None:
        """Watchdogs: a dead or stalled stream, a synthesis that never returns."""
        while not self._closing:
            self._wake.wait(0.25)
            self._wake.clear()
            if self._closing:
                return
            self._check_watchdogs()

    def _check_watchdogs(self) -> None:
        now = time.monotonic()
        if self._audio_ok and self._stream_died:
            self._lose_audio("the stream stopped")
        elif self._audio_ok and now - self._last_callback > self._stall_timeout_s:
            self._lose_audio(f"no audio callback for {now - self._last_callback:.1f} s")
        began = self._synthesis_began
        if self._speech_ok and began is not None and now - began > self._synthesis_timeout_s:
            self._disable_speech(f"synthesis stuck for {now - began:.1f} s")
