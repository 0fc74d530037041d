"""Voice input wiring: the Italian model, the grammar made from the phrase templates, the
microphone (or a WAV file) and the listener, feeding recognised sentences to the game.

Every failure ends in a spoken notice and the keyboard, never in a crash.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from voicedomino.audio.api import SoundOutput
from voicedomino.dialog.parser import grammar_sentences
from voicedomino.frontend.app import Game
from voicedomino.speech.listener import Listener, Notice
from voicedomino.speech.model import ModelLoadError, ModelProblem, load_model, locate_model
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance
from voicedomino.speech.sources import AudioSource, MicrophoneSource, WavFileSource

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0  # how often a lost microphone is tried again


class VoiceInput:
    """A running listener, retried in the background while its microphone is gone."""

    def __init__(self, listener: Listener, retry: bool) -> None:
        self.listener = listener
        self._stop = threading.Event()
        self._retry_thread: threading.Thread | None = None
        if retry:
            self._retry_thread = threading.Thread(target=self._retry, name="mic-retry", daemon=True)
            self._retry_thread.start()

    def _retry(self) -> None:
        while not self._stop.wait(RETRY_SECONDS):
            if self.listener.state == "unavailable":
                self.listener.resume()

    def stop(self) -> None:
        self._stop.set()
        self.listener.stop()


def deliver(game: Game, utterance: Utterance) -> None:
    """Hand a final result to the game: "basta" at once, everything else in turn.

    A result that was not understood ("[unk]", or sound without words) arrives as empty text,
    which the dialog answers with "Non ho capito" and a hint.
    """
    text = utterance.text if utterance.understood else ""
    game.urgent(text)
    game.submit(text, "voice")


def start_voice(
    game: Game,
    output: SoundOutput,
    *,
    model_option: str | None,
    audio_in: Path | None,
    realtime: bool,
    barge_in: bool,
    input_device: int | str | None = None,
) -> VoiceInput | None:
    """Start listening, or say why not and return None (the game goes on by keyboard)."""
    location = locate_model(model_option)
    if isinstance(location, ModelProblem):
        log.info("no speech model: %s", location.detail)
        game.notice(location.key)
        return None
    try:
        model = load_model(location.path)
    except ModelLoadError as error:
        log.warning("speech model damaged: %s", error)
        game.notice("model_corrupt")
        return None
    try:
        recognizer = SpeechRecognizer(model, grammar_sentences())
    except ValueError as error:  # a model that knows none of the game's words
        log.warning("speech model unusable: %s", error)
        game.notice("model_unusable")
        return None
    source: AudioSource
    if audio_in is not None:
        source = WavFileSource(audio_in, realtime=realtime)
    else:
        source = MicrophoneSource(input_device)

    told: set[str] = set()

    def notice(event: Notice) -> None:
        log.info("listener notice %s: %s", event.key, event.detail)
        if event.key == "listener_error":  # said once: a failing device may repeat it often
            if event.key in told:
                return
            told.add(event.key)
        game.submit(event.key, "notice")

    listener = Listener(
        source,
        recognizer,
        lambda utterance: deliver(game, utterance),
        is_sounding=output.is_sounding,
        barge_in=barge_in,
        on_notice=notice,
    )
    if not listener.start():
        return None
    game.voice_active = True
    game.notice("listening")
    if audio_in is not None:  # a file ends: tell the game that this source is done

        def wait_for_end() -> None:
            listener.wait()
            game.submit(None, "voice")

        threading.Thread(target=wait_for_end, name="wav-end", daemon=True).start()
    return VoiceInput(listener, retry=audio_in is None)
