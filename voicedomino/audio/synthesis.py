"""Italian speech synthesis to audio with pyttsx3 and the platform's system voice.

    synth = Synthesizer()                 # raises SpeechUnavailableError if TTS cannot work
    sound = synth.synthesize("Tocca a te.", rate_wpm=175)   # -> Sound, mono

The driver is the platform's (`voices.driver_for_platform`: sapi5, nsss or espeak) and the voice
the Italian one (`voices.choose_voice`), unless the player named another; `notice` then says
whether a fallback was needed. The project never lets pyttsx3 play audio itself (its espeak
`say()` shells out to `aplay` with erratic timing): each message is saved to a fresh temporary
file (WAV on sapi5 and espeak, AIFF on nsss), read back by `audio.wav` and deleted. Quirks
handled here (see AUDIO-NOTES): `runAndWait()` may return before the file is written, so we
wait for the `finished-utterance` callback; only the last queued command runs, so exactly one
`save_to_file` is queued per `runAndWait()`; the espeak driver prints `Audio saved to ...` on
stdout, which is the game's transcript, so that print is routed to logging instead.

pyttsx3 keeps one engine per driver per process, so every synthesis in the process is
serialised by a module lock.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from voicedomino.audio.api import RATE_DEFAULT_WPM, AudioNotice, clamp_rate
from voicedomino.audio.sound import Sound
from voicedomino.audio.voices import (
    VoiceInfo,
    VoiceListing,
    choose_voice,
    driver_for_platform,
    find_voice,
    make_listing,
)
from voicedomino.audio.wav import AudioFileError, read_sound

log = logging.getLogger(__name__)

# The file format each driver's save_to_file writes (nsss: AIFF whatever the name says).
OUTPUT_SUFFIX = {"nsss": ".aiff"}

_ENGINE_LOCK = threading.Lock()

# espeak-ng now and then ends an utterance before it starts (a lone "message terminated"
# event, no samples: seen about once in 150 syntheses on a loaded machine), so pyttsx3 writes an
# empty file. Saying the same text again works; a text that stays silent is an error.
EMPTY_RESULT_ATTEMPTS = 3


class SpeechError(RuntimeError):
    """Base class of speech synthesis failures."""


class SpeechUnavailableError(SpeechError):
    """Speech synthesis cannot work in this process (library, voice or engine missing/stuck)."""


class SpeechSynthesisError(SpeechError):
    """One message could not be synthesised; later messages may still work."""


def _log_print(*args: object, **_kwargs: object) -> None:
    """Stands in for `print` inside the pyttsx3 espeak driver: stdout is the game's transcript."""
    log.debug("pyttsx3: %s", " ".join(str(a) for a in args))


def _silence_driver_prints(driver_name: str) -> None:
    module = sys.modules.get(f"pyttsx3.drivers.{driver_name}")
    if module is not None:
        # A module global shadows the builtin for that module only, from every thread.
        module.print = _log_print  # type: ignore[attr-defined]


def _voices(engine: Any) -> list[VoiceInfo]:
    return [VoiceInfo.from_pyttsx3(voice) for voice in engine.getProperty("voices") or []]


def system_voices(driver_name: str | None = None) -> list[VoiceInfo]:
    """Every voice the platform's (or the named) pyttsx3 driver offers.

    Raises `SpeechUnavailableError` when the driver cannot start.
    """
    driver = driver_name or driver_for_platform()
    try:
        import pyttsx3

        with _ENGINE_LOCK:
            engine = pyttsx3.init(driver)
            _silence_driver_prints(driver)
            return _voices(engine)
    except Exception as exc:  # pyttsx3 raises RuntimeError, OSError, ImportError, ...
        raise SpeechUnavailableError(
            f"speech engine {driver!r} cannot start: {type(exc).__name__}: {exc}"
        ) from exc


def list_voices(voice_name: str | None = None, driver_name: str | None = None) -> VoiceListing:
    """The Italian system voices and the one the game would speak with (`voice_name` chosen).

    Raises `SpeechUnavailableError` when the platform's speech engine cannot start.
    """
    driver = driver_name or driver_for_platform()
    return make_listing(driver, system_voices(driver), voice_name)


class Synthesizer:
    """Turns Italian text into a `Sound` (mono, at the engine's sample rate)."""

    def __init__(
        self,
        voice_name: str | None = None,
        driver_name: str | None = None,
        timeout_s: float = 5.0,
    ) -> None:
        self._driver_name = driver_name or driver_for_platform()
        self._timeout_s = timeout_s
        self._finished = threading.Event()
        try:
            import pyttsx3

            with _ENGINE_LOCK:
                self._engine: Any = pyttsx3.init(self._driver_name)
                _silence_driver_prints(self._driver_name)
                self.voices = _voices(self._engine)
        except Exception as exc:  # pyttsx3 raises RuntimeError, OSError, ImportError, ...
            raise SpeechUnavailableError(
                f"speech engine {self._driver_name!r} cannot start: {type(exc).__name__}: {exc}"
            ) from exc
        choice = choose_voice(self.voices, voice_name)
        if choice.voice is None:
            raise SpeechUnavailableError(f"no voice at all in {self._driver_name}")
        self.voice: VoiceInfo = choice.voice
        self.notice: AudioNotice | None = choice.notice
        """`VOICE_NOT_FOUND` or `VOICE_NOT_ITALIAN` when the voice is a fallback."""
        # pyttsx3's own binding of espeak-ng, used only to know when espeak is idle.
        self._espeak: Any = sys.modules.get(f"pyttsx3.drivers._{self._driver_name}")
        # A first synthesis proves the engine works and leaves pyttsx3's command queue idle
        # (a new engine queues property changes until its first run), so later property
        # changes apply at once.
        self.synthesize("pronto", rate_wpm=RATE_DEFAULT_WPM)

    @property
    def voice_id(self) -> str:
        return self.voice.id

    @property
    def driver_name(self) -> str:
        return self._driver_name

    def use_voice(self, name: str) -> VoiceInfo | None:
        """Speak from the next message with the voice called `name`; None if there is none."""
        found = find_voice(self.voices, name)
        if found is not None:
            self.voice = found
        return found

    def synthesize(self, text: str, rate_wpm: int = RATE_DEFAULT_WPM) -> Sound:
        """Synthesise `text` at `rate_wpm` words per minute (clamped by `api.clamp_rate`).

        Raises `SpeechSynthesisError` for a message that yields no audio, and
        `SpeechUnavailableError` when the engine does not answer within the timeout.
        """
        if not text.strip():
            raise SpeechSynthesisError("empty text")
        rate = clamp_rate(rate_wpm)
        for attempt in range(1, EMPTY_RESULT_ATTEMPTS + 1):
            sound = self._synthesize_once(text, rate)
            if sound.frames > 0:
                return sound.to_mono()
            log.info("speech engine gave an empty utterance (attempt %d): %r", attempt, text)
        raise SpeechSynthesisError("synthesis produced no audio")

    def _synthesize_once(self, text: str, rate: int) -> Sound:
        suffix = OUTPUT_SUFFIX.get(self._driver_name, ".wav")
        fd, name = tempfile.mkstemp(prefix="voicedomino-tts-", suffix=suffix)
        os.close(fd)
        path = Path(name)
        try:
            with _ENGINE_LOCK:
                self._run_engine(text, rate, path)
            return self._read_result(path)
        finally:
            path.unlink(missing_ok=True)

    def _run_engine(self, text: str, rate: int, path: Path) -> None:
        self._finished.clear()
        token = self._engine.connect("finished-utterance", self._on_finished)
        try:
            self._engine.setProperty("voice", self.voice.id)  # another user may have changed it
            self._engine.setProperty("rate", rate)
            # pyttsx3's run loop cancels espeak when espeak is still busy, which silently
            # drops a rate change still queued inside espeak-ng: let espeak finish first.
            self._wait_espeak_idle()
            self._engine.save_to_file(text, str(path))
            self._engine.runAndWait()
            # Scale the wait with the text: espeak needs about 3 ms per second of speech.
            timeout = self._timeout_s + 0.002 * len(text)
            if not self._finished.wait(timeout):
                raise SpeechUnavailableError(f"speech engine gave no audio within {timeout:.1f} s")
            self._wait_espeak_idle()
        except SpeechError:
            raise
        except Exception as exc:
            raise SpeechSynthesisError(f"{type(exc).__name__}: {exc}") from exc
        finally:
            self._engine.disconnect(token)

    def _wait_espeak_idle(self) -> None:
        if self._espeak is None:
            return
        deadline = time.monotonic() + self._timeout_s
        while self._espeak.IsPlaying():
            if time.monotonic() > deadline:
                raise SpeechUnavailableError("espeak-ng stays busy")
            time.sleep(0.001)

    def _on_finished(self, **_kwargs: object) -> None:
        self._finished.set()

    @staticmethod
    def _read_result(path: Path) -> Sound:
        try:
            sound = read_sound(path)
        except AudioFileError as exc:
            raise SpeechSynthesisError(f"unreadable synthesis output: {exc}") from exc
        return sound
