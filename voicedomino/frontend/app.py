"""The game loop: inputs (keyboard lines, recognised speech) in, the dialog manager's responses out
as printed lines, speech and cues; the match saved after every change.
"""

from __future__ import annotations

import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TextIO

from voicedomino.audio.api import SoundOutput
from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.parser import parse
from voicedomino.dialog.response import Message, Response
from voicedomino.frontend.console import Input
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import AutoSave
from voicedomino.persistence.files import failure_kind

log = logging.getLogger(__name__)

RATE_STEP = 25  # words per minute per "più lento" / "più veloce"
VOLUME_STEP = 0.15
MAX_WAIT_FOR_SPEECH = 15.0  # seconds; a stuck device never holds the game longer
# The dialog's "I moved the damaged save aside" sentences, and what is true when the move failed.
MOVED_ASIDE = {
    it.notice("save_corrupt"): "save_corrupt_kept",
    it.notice("save_newer"): "save_newer_kept",
}


@dataclass
class Preferences:
    """The voice preferences the player can change by voice; the caller persists them."""

    rate: int
    volume: float
    verbosity: str


class Inbox(queue.Queue[Input]):
    """The game's input queue. Typed lines wait while KEYBOARD_BACKLOG of them are unanswered,
    so piped input is read no faster than it is answered (a million lines once sat here at
    once); notices, speech and the end of input never wait, so no thread can block on it."""

    def __init__(self, keyboard_backlog: int = 256) -> None:
        super().__init__()
        self.keyboard_backlog = keyboard_backlog
        self._keyboard_pending = 0
        self._keyboard_room = threading.Condition(self.mutex)

    def put(self, item: Input, block: bool = True, timeout: float | None = None) -> None:
        if _is_typed(item):
            with self._keyboard_room:
                while self._keyboard_pending >= self.keyboard_backlog:
                    self._keyboard_room.wait()
                self._keyboard_pending += 1
        super().put(item, block, timeout)

    def _get(self) -> Input:  # called by Queue.get with self.mutex held
        item = super()._get()
        if _is_typed(item):
            self._keyboard_pending -= 1
            self._keyboard_room.notify()
        return item


def _is_typed(item: Input) -> bool:
    return item.source == "keyboard" and item.text is not None


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
        self.inbox: queue.Queue[Input] = Inbox()
        # The save file holds the match as it is now (False when a write failed, or when
        # nothing is saved at all): only then may a sentence say the match is saved.
        self.last_save_ok = autosave is not None
        self._failure_told = False  # a failing save is said once, then again only at the end
        self._failure_kind = "unknown"
        self.output_closed = False  # standard output went away (`| head -1`): stop quietly
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
        if not self._print(message.text):
            return
        if message.cue:
            self.output.play_cue(message.cue)
        self.output.speak(message.text)

    def _print(self, text: str) -> bool:
        """Print one line; False once the output is closed (the game then ends quietly)."""
        if self.output_closed:
            return False
        try:
            print(text, file=self.out, flush=True)
        except (BrokenPipeError, ValueError, OSError) as error:
            # The match is already saved (saving comes before printing): just stop.
            log.info("standard output closed (%s): ending the game", error)
            self.output_closed = True
            self.finished = True
            if self.out is sys.stdout:
                _silence_stdout()
            return False
        return True

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
        """Save first, then speak: what is said may depend on whether the save worked."""
        if response.preference:
            self._apply_preference(response.preference)
        archive_failure = self._archive() if response.discard_save else None
        if response.state_changed:
            self._save()
        self.render(self._truthful(response, archive_failure))
        if response.quit:
            self.finished = True

    def _archive(self) -> str | None:
        """Set the declined match aside; the failure kind when the rename did not happen."""
        if self.autosave is None:
            return None
        try:
            self.autosave.archive()
        except OSError as error:
            log.warning("cannot set the saved match aside: %s", error)
            return failure_kind(error)
        return None

    def _save(self) -> None:
        if self.autosave is None:
            return
        try:
            self.autosave.save(self.manager.save_document())
        except OSError as error:
            log.warning("autosave failed: %s", error)
            self.last_save_ok = False
            self._failure_kind = failure_kind(error)
            return
        self.last_save_ok = True
        self._failure_told = False  # a later failure is news again

    def _retry_save(self) -> None:
        """Leaving with a save that failed: one more try (the disk may have room again)."""
        if not self.last_save_ok and self.autosave is not None:
            self._save()

    def _truthful(self, response: Response, archive_failure: str | None) -> Response:
        """The dialog's sentences, corrected where they would claim a save that did not happen,
        with a failing save said once when it happens and again when the player would leave."""
        messages = []
        for message in response.messages:
            text = message.text
            if text == it.confirm_quit(True):
                text = self._quit_question()
            elif archive_failure is not None and text == it.resume_declined():
                text = it.resume_declined_kept(archive_failure)
            elif archive_failure is not None and text in MOVED_ASIDE:
                text = it.notice(MOVED_ASIDE[text])
            messages.append(replace(message, text=text))
        if self._save_failing() and not self._failure_told:
            messages.append(Message(it.save_failed(self._failure_kind)))
            self._failure_told = True
        response.messages = messages
        return response

    def _quit_question(self) -> str:
        """The quit question, saying the match is kept only if the save file really holds it."""
        if self.autosave is None:
            return it.confirm_quit_without_saving()
        self._retry_save()  # the disk may have room again
        if self.last_save_ok:
            return it.confirm_quit(True)
        self._failure_told = True  # said right here, with the reason
        return it.confirm_quit_unsaved(self._failure_kind)

    def _save_failing(self) -> bool:
        return self.autosave is not None and not self.last_save_ok and self._match_in_play()

    def _match_in_play(self) -> bool:
        return self.manager.save_document() is not None

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
        if not self.finished:
            self._farewell()
        self.output.wait_idle(MAX_WAIT_FOR_SPEECH)

    def _farewell(self) -> None:
        """Every input ended without "esci": say whether the match is kept, then goodbye."""
        response = Response()
        if self.autosave is not None and self._match_in_play():
            self._retry_save()
            if self.last_save_ok:
                response.say(it.saved_goodbye())
            else:  # still failing as the player leaves: said once more
                response.say(it.save_failed(self._failure_kind)).say(it.goodbye())
        else:
            response.say(it.goodbye())
        self.render(response)
        self.finished = True


def _silence_stdout() -> None:
    """Point descriptor 1 at the null device, so the interpreter's final flush of a closed
    pipe cannot print "Exception ignored ... BrokenPipeError" or change the exit status."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass
