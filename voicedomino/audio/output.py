"""The game's sound: speech and cues mixed into one stereo output stream.

Usage (all calls are non-blocking and safe from the game thread)::

    out = AudioOutput(device=None, rate=175, volume=0.9, on_notice=print_notice_key)
    out.start()                      # opens the device; never raises
    out.speak("Tocca a te.")         # queued: synthesised on a worker thread, then played
    out.play_cue("place_head_you")   # plays at once, over speech and other cues
    out.stop_speech()                # "basta": cuts the current message, clears the queue
    out.is_sounding()                # True from speak()/play_cue() until the sound has ended
    out.quiet_for(0.3)               # silent for at least 0.3 s (for unmuting the microphone)
    out.wait_idle(timeout=10.0)      # block until silent; False on timeout
    out.rate = 200; out.volume = 0.5 # words per minute (next message); volume 0..1 (at once)
    out.close()

Notices (`AudioNotice` keys) go to `on_notice`, each at most once, from whichever thread found
the problem: keep the callback quick and thread-safe. Without a device, or after the device
fails, every call still works and simply makes no sound; if speech synthesis fails, cues go on.
Listeners added with `add_listener` hear `True`/`False` when sound starts/stops (from a
background thread, within about 20 ms).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from voicedomino.audio.api import AudioNotice, SoundingListener
from voicedomino.audio.cues import CueLibrary
from voicedomino.audio.devices import AudioDeviceError, DeviceSpec, open_output_stream
from voicedomino.audio.mixer import Mixer
from voicedomino.audio.sound import FloatArray, Sound
from voicedomino.speech.tts import (
    MAX_RATE_WPM,
    MIN_RATE_WPM,
    SpeechUnavailableError,
    Synthesizer,
)

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
        rate: int = 175,
        volume: float = 1.0,
        on_notice: NoticeCallback | None = None,
        synthesizer_factory: Callable[[], SpeechSynthesizer] = Synthesizer,
        cues: CueLibrary | None = None,
        sample_rate: int = SPEECH_SAMPLE_RATE,
        latency: float | str = "high",  # PortAudio default: 35 ms here, no underruns
        stall_timeout_s: float = 2.0,
        synthesis_timeout_s: float = 10.0,
    ) -> None:
        self._device = device
        self._rate = self._clamp_rate(rate)
        self._volume = max(0.0, min(1.0, float(volume)))
        self._on_notice = on_notice
        self._synthesizer_factory = synthesizer_factory
        self._cues = cues
        self._preferred_rate = sample_rate
        self._latency = latency
        self._stall_timeout_s = stall_timeout_s
        self._synthesis_timeout_s = synthesis_timeout_s

        self._lock = threading.Lock()
        self._requests: queue.Queue[tuple[int, str] | None] = queue.Queue()
        self._wake = threading.Event()
        self._mixer = Mixer(sample_rate)
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
        self._listeners: list[SoundingListener] = []
        self._reported_sounding = False  # the state listeners were last told
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
        self._mixer = Mixer(opened.sample_rate)
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
        self._audio_ok = True
        self._speech_ok = True
        self._spawn(self._speech_worker, "voicedomino-speech")
        self._spawn(self._monitor, "voicedomino-audio-monitor")

    def close(self) -> None:
        """Stop all sound and release the device; safe to call more than once."""
        with self._lock:
            if self._closing:
                return
            self._closing = True
            self._audio_ok = False
            self._speech_ok = False
            self._drop_speech_locked()
        self._requests.put(None)
        self._wake.set()
        self._close_stream()
        for thread in self._threads:
            thread.join(timeout=1.0)
        if self._reported_sounding:  # listeners must not be left believing sound goes on
            self._tell_listeners(False)

    # ----------------------------------------------------------------- game-side API

    @property
    def available(self) -> bool:
        """True while sound can actually come out of a device."""
        return self._audio_ok

    @property
    def speech_available(self) -> bool:
        return self._audio_ok and self._speech_ok

    @property
    def rate(self) -> int:
        return self._rate

    @rate.setter
    def rate(self, value: int) -> None:
        self._rate = self._clamp_rate(value)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = max(0.0, min(1.0, float(value)))
        self._mixer.volume = self._volume

    def speak(self, text: str) -> None:
        """Queue `text` to be spoken after any message already queued."""
        text = text.strip()
        if not text:
            return
        with self._lock:
            if not (self._audio_ok and self._speech_ok):
                return
            self._queued += 1
            self._requests.put((self._generation, text))
        self._wake.set()

    def play_cue(self, name: str, pan: float = 0.0, volume: float = 1.0) -> None:
        """Play cue `name` now; `pan` -1 (left) .. +1 (right) on top of the cue's own panning."""
        if not self._audio_ok or self._cues is None:
            return
        sound = self._cues.get(str(name))
        if sound is None:
            log.warning("unknown or missing cue %r", name)
            return
        self._mixer.add_cue(sound.samples, pan=pan, gain=max(0.0, min(1.0, volume)))
        self._wake.set()

    def stop_speech(self) -> None:
        """Cut the message being spoken at once and forget the queued ones (cues go on)."""
        with self._lock:
            self._drop_speech_locked()
        self._wake.set()

    def is_sounding(self) -> bool:
        """True while speech is queued, being synthesised or audible, or a cue is audible."""
        with self._lock:
            if (self._queued > 0 or self._in_flight) and self._audio_ok and self._speech_ok:
                return True
        return self._audio_ok and self._mixer.sounding()

    @property
    def last_sound_end(self) -> float:
        """Monotonic time at which the most recent sound stopped (or will stop) being audible."""
        return self._mixer.audible_until

    def quiet_for(self, seconds: float) -> bool:
        """True when nothing is sounding and nothing has sounded for `seconds`."""
        if self.is_sounding():
            return False
        return time.monotonic() - self.last_sound_end >= seconds

    def wait_idle(self, timeout: float) -> bool:
        """Block until nothing is sounding; False if still sounding after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while self.is_sounding():
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        return True

    def add_listener(self, listener: SoundingListener) -> None:
        with self._lock:
            self._listeners.append(listener)

    def remove_listener(self, listener: SoundingListener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)

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

    @staticmethod
    def _clamp_rate(value: int) -> int:
        return max(MIN_RATE_WPM, min(MAX_RATE_WPM, int(value)))

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
        self._notice(AudioNotice.TTS_UNAVAILABLE)
        self._wake.set()

    def _lose_audio(self, reason: str) -> None:
        log.warning("audio output lost: %s", reason)
        with self._lock:
            if not self._audio_ok:
                return
            self._audio_ok = False
            self._drop_speech_locked()
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
        try:
            synthesizer = self._synthesizer_factory()
        except Exception as exc:  # SpeechUnavailableError, or anything a factory may raise
            self._disable_speech(f"{type(exc).__name__}: {exc}")
            return
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
            self._wake.set()
            if not speech_ok:
                return

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
        while not self._closing:
            self._wake.wait(0.02 if self._reported_sounding else 0.25)
            self._wake.clear()
            if self._closing:
                return
            self._check_watchdogs()
            sounding = self.is_sounding()
            if sounding != self._reported_sounding:
                self._tell_listeners(sounding)

    def _tell_listeners(self, sounding: bool) -> None:
        self._reported_sounding = sounding
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(sounding)
            except Exception:
                log.exception("sounding listener failed")

    def _check_watchdogs(self) -> None:
        now = time.monotonic()
        if self._audio_ok and self._stream_died:
            self._lose_audio("the stream stopped")
        elif self._audio_ok and now - self._last_callback > self._stall_timeout_s:
            self._lose_audio(f"no audio callback for {now - self._last_callback:.1f} s")
        began = self._synthesis_began
        if self._speech_ok and began is not None and now - began > self._synthesis_timeout_s:
            self._disable_speech(f"synthesis stuck for {now - began:.1f} s")
