"""The game loop: inputs (typed lines, keys, recognised speech) in, the dialog manager's
responses out as printed lines, speech and cues; the match saved after every change.
"""

from __future__ import annotations

import logging
import queue
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from voicedomino.audio.api import SoundOutput
from voicedomino.dialog.intents import Intent, Recall, StopSpeech, VoiceChange
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.parser import Heard, parse
from voicedomino.dialog.response import Message, Response
from voicedomino.frontend.attention import GateSettings, VoiceGate
from voicedomino.frontend.history import MessageHistory
from voicedomino.frontend.inbox import (
    DeviceNotice,
    InboxItem,
    InputEnded,
    KeyPressed,
    Source,
    Spoken,
    Typed,
)
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import AutoSave

log = logging.getLogger(__name__)

RATE_STEP = 25  # words per minute per "più lento" / "più veloce"
VOLUME_STEP = 0.15
MAX_WAIT_FOR_SPEECH = 15.0  # seconds; a stuck device never holds the game longer


@dataclass
class Preferences:
    """The voice preferences the player can change by voice; the caller persists them."""

    rate: int
    volume: float
    verbosity: str


class Game:
    def __init__(
        self,
        manager: DialogManager,
        output: SoundOutput,
        *,
        autosave: AutoSave | None,
        out: TextIO = sys.stdout,
        on_preferences: Callable[[Preferences], None] | None = None,
        sequence_speech: bool = True,
    ) -> None:
        self.manager = manager
        self.output = output
        self.autosave = autosave
        self.out = out
        self.on_preferences = on_preferences
        self.sequence_speech = sequence_speech
        self.inbox: queue.Queue[InboxItem] = queue.Queue()
        self.history = MessageHistory()
        self.finished = False
        self.voice_active = False  # a listener feeds the inbox too
        self.on_key: Callable[[str], None] | None = None  # key mode's navigator
        self.gate: VoiceGate | None = None  # between the microphone and the dialog

    def listen_with_gate(
        self, settings: GateSettings | None = None, clock: Callable[[], float] = time.monotonic
    ) -> VoiceGate:
        """Spoken commands from now on pass the voice gate (attention, read-back, grace)."""
        self.gate = VoiceGate(
            self.manager, self.output, self.handle_intent, self._say_response,
            settings=settings, clock=clock,
        )  # fmt: skip
        return self.gate

    def _say_response(self, response: Response) -> None:
        self.render(response)
        self.history.remember(response.messages)

    # --- output --------------------------------------------------------------------

    def say(self, text: str) -> None:
        """A message of the front end itself (key mode), not of the dialog manager."""
        self.render(Response().say(text))

    def notice(self, key: str) -> None:
        """A device or file notice: printed and spoken like any message."""
        self.render(Response().say(it.notice(key)))

    def render(self, response: Response) -> None:
        if response.stop_speech:
            self.output.stop_speech()
        for message in response.messages:
            self._emit(message)

    def _emit(self, message: Message) -> None:
        # A cue belongs to its sentence: let the sentences before it finish first ("basta",
        # handled on the input threads, ends the wait at once).
        if self.sequence_speech and (message.cue or message.pause > 0):
            self.output.wait_idle(MAX_WAIT_FOR_SPEECH)
        if message.pause > 0:
            time.sleep(message.pause)
        print(message.text, file=self.out, flush=True)
        if message.cue:
            self.output.play_cue(message.cue)
        self.output.speak(message.text)

    # --- input ---------------------------------------------------------------------

    def urgent(self, heard: Heard | None) -> None:
        """Called by the input threads before queueing: "basta" must not wait its turn."""
        if heard is not None and isinstance(heard.intent, StopSpeech):
            self.output.stop_speech()

    def submit(self, item: InboxItem) -> None:
        self.inbox.put(item)

    def handle(self, text: str) -> Response:
        """A typed command (tests, scripts): parsed and carried out at once."""
        return self.handle_intent(parse(text))

    def handle_intent(self, intent: Intent | None) -> Response:
        """Carry out one intent now and say the answer."""
        response = self.manager.handle_intent(intent)
        self._after(response)
        return response

    def _after(self, response: Response) -> None:
        if response.recall is not None:
            self._recall(response.recall)
        else:
            self.render(response)
            if not (response.voice_change or response.verbosity_changed or response.stop_speech):
                self.history.remember(response.messages, response.pages)
        if response.voice_change is not None or response.verbosity_changed:
            self._apply_preference(response.voice_change)
        if self.autosave is not None:
            try:
                if response.discard_save:
                    self.autosave.archive()
                if response.state_changed:
                    self.autosave.save(self.manager.save_document())
            except OSError:
                log.exception("autosave failed")
        if response.quit:
            self.finished = True
        elif self.gate is not None:
            self.gate.after_response(response)

    def _recall(self, what: Recall) -> None:
        if what is Recall.REPEAT:
            for message in self.history.last():
                self._emit(message)
        else:
            self.say(self.history.step(-1 if what is Recall.PREVIOUS else 1))

    def _apply_preference(self, change: VoiceChange | None) -> None:
        output = self.output
        if change is VoiceChange.SLOWER:
            output.rate = output.rate - RATE_STEP
        elif change is VoiceChange.FASTER:
            output.rate = output.rate + RATE_STEP
        elif change is VoiceChange.LOUDER:
            output.volume = min(1.0, output.volume + VOLUME_STEP)
        elif change is VoiceChange.QUIETER:
            output.volume = max(0.1, output.volume - VOLUME_STEP)
        if self.on_preferences is not None:
            verbosity = self.manager.verbosity.value
            self.on_preferences(Preferences(output.rate, output.volume, verbosity))

    def run(self) -> None:
        """Serve inputs until the player quits or every input source has ended."""
        self._after(self.manager.start())
        open_sources = {Source.KEYBOARD, Source.VOICE} if self.voice_active else {Source.KEYBOARD}
        while not self.finished and open_sources:
            gate = self.gate
            try:
                item = self.inbox.get(timeout=gate.next_timeout() if gate else None)
            except queue.Empty:
                item = None
            if gate is not None:
                gate.tick()
            match item:
                case None:
                    pass
                case Typed(text="") if gate is not None and gate.settings.push_to_talk:
                    gate.push_to_talk()
                case Typed(heard=heard):
                    self.handle_intent(heard.intent if heard is not None else None)
                case Spoken() as spoken:
                    if gate is not None:
                        gate.on_spoken(spoken)
                    else:
                        self.handle_intent(spoken.heard.intent if spoken.heard else None)
                case KeyPressed(" ") if gate is not None and gate.settings.push_to_talk:
                    gate.push_to_talk()
                case KeyPressed(name):
                    if name in ("eof", "interrupt"):
                        open_sources.discard(Source.KEYBOARD)
                    elif self.on_key is not None:
                        self.on_key(name)
                case DeviceNotice(key):
                    self.notice(key)
                case InputEnded(source):
                    open_sources.discard(source)
                    if source is Source.VOICE:
                        self.gate = None  # no microphone any more: no window to keep
        self.output.wait_idle(MAX_WAIT_FOR_SPEECH)
