"""The game loop: inputs (keyboard lines, recognised speech) in, the dialog manager's responses out
as printed lines, speech and cues; the match saved after every change.
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
from voicedomino.audio.cue_names import Cue
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.parser import parse
from voicedomino.dialog.response import Message, Response
from voicedomino.frontend.console import Input
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
        self.inbox: queue.Queue[Input] = queue.Queue()
        self.finished = False
        self.voice_active = False  # a listener feeds the inbox too
        self.on_key: Callable[[str], None] | None = None  # key mode's navigator

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
            self.output.play_cue(Cue(message.cue))
        self.output.speak(message.text)

    # --- input ---------------------------------------------------------------------

    def urgent(self, text: str) -> None:
        """Called by the input threads before queueing: "basta" must not wait its turn."""
        intent = parse(text)
        if intent is not None and intent.name == "stop_speech":
            self.output.stop_speech()

    def submit(self, text: str | None, source: str = "keyboard") -> None:
        self.inbox.put(Input(text, source))

    def handle(self, text: str) -> Response:
        response = self.manager.handle(text)
        self._after(response)
        return response

    def _after(self, response: Response) -> None:
        self.render(response)
        if response.preference:
            self._apply_preference(response.preference)
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

    def _apply_preference(self, name: str) -> None:
        output = self.output
        if name == "slower":
            output.rate = output.rate - RATE_STEP
        elif name == "faster":
            output.rate = output.rate + RATE_STEP
        elif name == "louder":
            output.volume = min(1.0, output.volume + VOLUME_STEP)
        elif name == "quieter":
            output.volume = max(0.1, output.volume - VOLUME_STEP)
        if self.on_preferences is not None:
            verbosity = self.manager.verbosity.value
            self.on_preferences(Preferences(output.rate, output.volume, verbosity))

    def run(self) -> None:
        """Serve inputs until the player quits or every input source has ended."""
        self.render(self.manager.start())
        open_sources = {"keyboard", "voice"} if self.voice_active else {"keyboard"}
        while not self.finished and open_sources:
            item = self.inbox.get()
            if item.source == "notice":
                self.notice(item.text or "")
            elif item.source == "key" and self.on_key is not None:
                if item.text in ("eof", "interrupt"):
                    open_sources.discard("keyboard")
                else:
                    self.on_key(item.text or "")
            elif item.text is None:
                open_sources.discard(item.source)
            else:
                self.handle(item.text)
        self.output.wait_idle(MAX_WAIT_FOR_SPEECH)
