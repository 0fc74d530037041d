"""The game loop: inputs (typed lines, keys, recognised speech) in, the dialog manager's
responses out as printed lines, speech and cues; the match saved after every change.
"""

from __future__ import annotations

import bisect
import collections
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol, TextIO

from voicedomino.audio.api import SoundOutput, clamp_rate
from voicedomino.audio.cue_names import Cue
from voicedomino.dialog.intents import (
    AdjustVoice,
    Answer,
    Intent,
    ListVoices,
    Recall,
    SetAutoForced,
    SetVerbosity,
    StopSpeech,
    UseVoice,
    VoiceChange,
)
from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.network import NetRequest
from voicedomino.dialog.parser import Heard
from voicedomino.dialog.response import Message, Response
from voicedomino.dialog.saving import SaveStatus
from voicedomino.frontend.attention import GateSettings, VoiceGate
from voicedomino.frontend.history import MessageHistory
from voicedomino.frontend.inbox import (
    Announcement,
    DeviceNotice,
    InboxItem,
    InputEnded,
    KeyPressed,
    Resumed,
    Source,
    Spoken,
    StopAsked,
    TableNews,
    TimePassed,
    Typed,
)
from voicedomino.italian import messages as it
from voicedomino.persistence.autosave import AutoSave
from voicedomino.persistence.files import failure_kind

log = logging.getLogger(__name__)

RATE_STEP = 25  # words per minute per "più lento" / "più veloce"
VOLUME_STEP = 0.15
# Messages whose time is kept for heard_at: minutes of a game, more than one command can span.
PRINTED_KEPT = 256
MAX_WAIT_FOR_SPEECH = 15.0  # seconds; a stuck device never holds the game longer


@dataclass
class Preferences:
    """The voice preferences the player can change by voice; the caller persists them."""

    rate: int
    volume: float
    verbosity: str
    auto_forced: bool | None = None
    voice_name: str | None = None  # a system voice chosen by voice ("usa la voce due")


class Inbox(queue.Queue[InboxItem]):
    """The game's input queue. Typed lines wait while KEYBOARD_BACKLOG of them are unanswered,
    so piped input is read no faster than it is answered (a million lines once sat here at
    once); notices, speech and the end of input never wait, so no thread can block on it."""

    def __init__(self, keyboard_backlog: int = 256) -> None:
        super().__init__()
        self.keyboard_backlog = keyboard_backlog
        self._keyboard_pending = 0
        self._keyboard_room = threading.Condition(self.mutex)

    def put(self, item: InboxItem, block: bool = True, timeout: float | None = None) -> None:
        if _is_typed(item):
            with self._keyboard_room:
                while self._keyboard_pending >= self.keyboard_backlog:
                    self._keyboard_room.wait()
                self._keyboard_pending += 1
        super().put(item, block, timeout)

    def _get(self) -> InboxItem:  # called by Queue.get with self.mutex held
        item = super()._get()
        if _is_typed(item):
            self._keyboard_pending -= 1
            self._keyboard_room.notify()
        return item


def _is_typed(item: InboxItem) -> bool:
    return isinstance(item, Typed)


class KeyHandler(Protocol):
    """Key mode's navigator, as the game loop drives it (frontend.keys.KeyNavigator)."""

    def press(self, name: str, said: int | None = None) -> None: ...

    def next_timeout(self) -> float | None: ...

    def tick(self) -> None: ...

    def reset(self) -> str | None: ...


class Continuations(Protocol):
    """How often the game was continued after a stop (frontend.signals.SignalRelay)."""

    def counted(self) -> int: ...

    def coming(self) -> bool: ...


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
        self.inbox: queue.Queue[InboxItem] = Inbox()
        self.history = MessageHistory()
        # The save file holds the match as it is now (False when a write failed, or when
        # nothing is saved at all): only then may a sentence say the match is saved.
        self.last_save_ok = autosave is not None
        self._failure_told = False  # a failing save is said once, then again only at the end
        self._failure_kind = "unknown"
        self.output_closed = False  # standard output went away (`| head -1`): stop quietly
        self.finished = False
        self._hurry = threading.Event()
        self._checking_microphone = False  # the next utterance is reported, not acted on
        self._greeted = False
        self._early_notices: list[str] = []
        # Messages said so far, and how many had been said once the latest change of the match
        # was told: a key carries the count of when it came, so what it acts on can be one the
        # player had heard (a held Enter's repeats, pressed while the replies were still being
        # said, never play the tile announced after them).
        self.said = 0
        # When each of the latest messages was said (the oldest dropped): a spoken command is
        # weighed by what had been said when its voice began.
        self._printed_times: collections.deque[float] = collections.deque(maxlen=PRINTED_KEPT)
        self.change_said = 0
        # That count once the yes/no question waiting was first asked: a key typed before it
        # ("q" and "s" together) never answers what the player has not heard ("this match is
        # not saved").
        self.question_said = 0
        self._asking = False
        self.suspended = False  # Ctrl-Z: stopped, or continued at the shell (bg), until fg
        # A stop the game cannot catch (SIGSTOP) is seen only by the continuation that ends it:
        # until the game is back (Resumed), the player was away just the same.
        self.continuations: Continuations | None = None
        self._continuations_back = 0  # those the game was back from
        self.voice_active = False  # a listener feeds the inbox too
        self.keys: KeyHandler | None = None  # key mode's navigator
        self.gate: VoiceGate | None = None  # between the microphone and the dialog
        manager.keeper = self  # the dialog asks before it says anything about the save
        manager.network.wake = lambda: self.submit(TableNews())  # news from a network table

    def listen_with_gate(
        self, settings: GateSettings | None = None, clock: Callable[[], float] = time.monotonic
    ) -> VoiceGate:
        """Spoken commands from now on pass the voice gate (attention, read-back, grace)."""
        self.gate = VoiceGate(
            self.manager, self.output, self.handle_intent, self._say_response,
            settings=settings, clock=clock, changes_nothing=self.changes_nothing,
        )  # fmt: skip
        return self.gate

    def _say_response(self, response: Response) -> None:
        self.render(response)
        self.history.remember(response.messages)

    # --- output --------------------------------------------------------------------

    def say(self, text: str) -> None:
        """A message of the front end itself (key mode), not of the dialog manager."""
        self.render(Response().say(text))

    def heard(self) -> int:
        """How many of the messages said so far the player can have heard: all those printed,
        less those the game's voice has not begun to say (a key pressed now answers only
        those). Called from the input threads too."""
        waiting = getattr(self.output, "speech_waiting", None)
        return self.said - (waiting() if callable(waiting) else 0)

    def heard_at(self, moment: float) -> int:
        """How many messages the player can have heard at *moment* (time.monotonic(), in the
        last minutes): no more than had been printed then, nor than `heard` now. Called from
        the input threads too."""
        printed = list(self._printed_times)  # then the count: a message printed meanwhile
        said = self.said  # counts as printed by then (never as not heard)
        then = bisect.bisect_right(printed, moment)  # printed by then, of those kept
        return max(0, min(said - (len(printed) - then), self.heard()))

    def echo(self, text: str) -> None:
        """Typed characters shown as they are typed (key mode turns the terminal's echo off)."""
        if not self.output_closed:
            try:
                self.out.write(text)
                self.out.flush()
            except (OSError, ValueError):
                pass  # a closed output is noticed, and handled, by the next printed line

    def notice(self, key: str) -> None:
        """A device or file notice: printed and spoken like any message; before the game has
        greeted the player, kept until just after the greeting (before its first question). A
        question waiting for a yes or a no is asked again after it: the question comes last."""
        if not self._greeted:
            self._early_notices.append(key)
            return
        self.render(Response().say(it.notice(key)))
        if self.manager.wants_answer:
            self.prompt()

    def prompt(self) -> None:
        """Where the player is and what to do now, as the dialog says it (a key that means
        nothing here, an empty line, coming back after a suspension)."""
        response = self.manager.prompt()
        self.render(response)
        self.history.remember(response.messages)

    def use_inputs(self) -> None:
        """Prompts name what works now: keys in key mode, words when a microphone listens or
        lines are typed."""
        keys = self.keys is not None
        self.manager.inputs = it.Inputs(words=self.voice_active or not keys, keys=keys)

    def render(self, response: Response) -> None:
        if response.stop_speech:
            self.output.stop_speech()
        for message in response.messages:
            self._emit(message)
        asking = self.manager.wants_answer
        if asking and not self._asking:  # a question was asked now (asked again: it stays)
            self.question_said = self.said
        self._asking = asking

    def _emit(self, message: Message) -> None:
        # A cue belongs to its sentence: let the sentences before it finish first ("basta",
        # handled on the input threads, ends the wait at once).
        if self.sequence_speech and (message.cue or message.pause > 0):
            self.output.wait_idle(MAX_WAIT_FOR_SPEECH)
        if message.pause > 0:  # the computer's pause; "basta" or Escape cuts it short
            self._hurry.wait(message.pause)
            self._hurry.clear()
        self._printed_times.append(time.monotonic())  # before the count: heard_at reads both
        self.said += 1
        if not message.text:  # a cue alone (your own move, in brief mode)
            if message.cue:
                self.output.play_cue(message.cue, message.pan)
            return
        self._print(message.text)
        if message.cue:
            self.output.play_cue(message.cue, message.pan)
        self.output.speak(message.text)

    def _print(self, text: str) -> None:
        """Print one line, unless the output is closed. The game goes on without printing: the
        player may still hear it, and every command already typed is carried out and saved
        (saving comes before printing), until the input ends."""
        if self.output_closed:
            return
        try:
            print(text, file=self.out, flush=True)
        except (BrokenPipeError, ValueError, OSError) as error:
            log.info("standard output closed (%s): playing on without printing", error)
            self.output_closed = True
            if self.out is sys.stdout:
                _silence_stdout()

    # --- input ---------------------------------------------------------------------

    def urgent(self, heard: Heard | None) -> None:
        """Called by the input threads before queueing: "basta" must not wait its turn."""
        if heard is not None and isinstance(heard.intent, StopSpeech):
            self.hurry()

    def hurry(self) -> None:
        """Silence the speech now and skip the pause before the next computer move."""
        self.output.stop_speech()
        self._hurry.set()

    def submit(self, item: InboxItem) -> None:
        self.inbox.put(item)

    def handle(self, text: str) -> Response:
        """A typed command (key mode's "/" line, tests): parsed and carried out at once."""
        response = self.manager.handle(text)
        self._after(response)
        return response

    def handle_intent(
        self, intent: Intent | NetRequest | None, *, quiet_refusal: bool = False
    ) -> Response:
        """Carry out one intent now and say the answer. With `quiet_refusal` (a voice result
        heard unsurely) a refusal or "not understood" is only its cue: most such results are
        the room, and the game must not argue with the television."""
        response = self.manager.handle_intent(intent)
        if quiet_refusal and response.refused:
            self.output.play_cue(Cue.INVALID)
            if self.gate is not None:
                self.gate.after_response(response)
            return response
        self._after(response)
        return response

    def _after(self, response: Response) -> None:
        """Save first, then speak: what is said may depend on whether the save worked."""
        if response.voice_change is not None or response.preference_changed:
            told = self._apply_preference(response.voice_change)
            if told is not None and response.messages:  # what the change did, said truly
                response.messages[0] = replace(response.messages[0], text=told)
        if response.state_changed:
            self._save()
        if response.recall is not None:
            self._recall(response.recall)
        elif response.voices is not None:
            self._voices(response.voices)
        else:
            self.render(self._with_save_failure(response))
            if response.state_changed:
                self.change_said = self.said
            if not (response.voice_change or response.preference_changed or response.stop_speech):
                self.history.remember(response.messages, response.pages)
        if response.check_microphone:
            self._checking_microphone = self.voice_active
            if not self.voice_active:
                self.say(it.notice("microphone_off"))
        if response.quit:
            self.finished = True
        elif self.gate is not None:
            if response.state_changed:  # a voice command read back on the position before
                self.gate.pending = None  # is stale: what the player did instead replaces it
            self.gate.after_response(response)

    def _voices(self, request: ListVoices | UseVoice) -> None:
        """The system's Italian voices, listed or chosen by number."""
        speaking = self.output.voice
        in_use = speaking.name if speaking is not None else None
        names = self._italian_voice_names()
        if names is None:
            self.say(it.voices_unavailable())
            return
        match request:
            case ListVoices():
                self.say(it.voices_spoken(names, in_use))
            case UseVoice(number) if not 1 <= number <= len(names):
                self.say(it.no_such_voice(number, len(names)))
            case UseVoice(number):
                name = names[number - 1]
                heard = self._voice_heard()
                if heard != "own":  # muted or a screen reader: chosen for when the voice speaks
                    self.say(it.voice_kept_for_later(name, reader=heard == "reader"))
                elif self.output.use_voice(name) is None:
                    self.say(it.voice_not_changed(name))
                    return
                else:
                    self.say(it.voice_chosen(name))
                self._remember_preferences(voice_name=name)

    def on_spoken(self, spoken: Spoken) -> None:
        """One recognised utterance: reported by the microphone check, else through the voice
        gate (or straight to the dialog when there is none)."""
        intent = spoken.heard.intent if spoken.heard is not None else None
        if self._checking_microphone:
            self._report_microphone(spoken)
        elif self._before_the_question(intent, spoken.said) and (
            self.gate is None or self.gate.pending is None
        ):
            return  # a yes said before the question began to sound: it answers nothing
        elif self.gate is not None:
            self.gate.on_spoken(spoken)
        else:
            self.handle_intent(intent)

    def _report_microphone(self, spoken: Spoken) -> None:
        """ "prova microfono": what was heard, and whether the level is right."""
        from voicedomino.frontend.mic_check import verdict

        self._checking_microphone = False
        heard = spoken.text if spoken.heard is not None else None
        rms, peak = spoken.loudness or (0.0, 0)
        self.say(it.mic_check_result(heard, verdict(rms, peak), spoken.noisy_room))

    def _recall(self, what: Recall) -> None:
        if what is Recall.REPEAT:
            for message in self.history.last():
                self._emit(message)
        else:
            self.say(self.history.step(-1 if what is Recall.PREVIOUS else 1))

    # --- the save, for the dialog (SaveKeeper) and the player ---------------------------------

    def set_aside(self) -> str | None:
        """Set the declined or damaged save aside; the failure kind when the rename failed."""
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

    def _with_save_failure(self, response: Response) -> Response:
        """A failing save is said once when it happens (and again when the player leaves)."""
        if self._save_failing() and not self._failure_told:
            response.say(it.save_failed(self._failure_kind, self._behind()))
            self._failure_told = True
        return response

    def status_for_quitting(self) -> SaveStatus:
        """The save as the player is about to leave, a failed one tried again first (the disk
        may have room now); the quit question says it, so it is not said again after."""
        if self.autosave is None:
            return SaveStatus(saving=False, kept=False)
        self._retry_save()
        if not self.last_save_ok:
            self._failure_told = True
        return SaveStatus(
            saving=True, kept=self.last_save_ok, failure=self._failure_kind, behind=self._behind()
        )

    def _behind(self) -> int:
        """How many of the player's moves the older save on disk lacks (0: none on disk)."""
        autosave = self.autosave
        return autosave.behind if autosave is not None and autosave.holds_a_match else 0

    def _save_failing(self) -> bool:
        return self.autosave is not None and not self.last_save_ok and self._match_in_play()

    def _match_in_play(self) -> bool:
        return self.manager.save_document() is not None

    def _apply_preference(self, change: VoiceChange | None) -> str | None:
        """Make the change and keep it; what it did to what the player hears (None: not a
        change of rate or volume)."""
        output = self.output
        before = (output.rate, output.volume)
        if change is not None:
            output.rate, output.volume = self._voice_after(change)
        self._remember_preferences()
        if change is None:
            return None
        changed = (output.rate, output.volume) != before
        return it.voice_change_told(change.value, voice=self._voice_heard(), changed=changed)

    def _voice_after(self, change: VoiceChange) -> tuple[int, float]:
        """The speech rate and volume `change` would give."""
        rate, volume = self.output.rate, self.output.volume
        match change:
            case VoiceChange.SLOWER:
                return clamp_rate(rate - RATE_STEP), volume
            case VoiceChange.FASTER:
                return clamp_rate(rate + RATE_STEP), volume
            case VoiceChange.LOUDER:
                return rate, min(1.0, volume + VOLUME_STEP)
            case VoiceChange.QUIETER:
                return rate, max(0.1, volume - VOLUME_STEP)
        return rate, volume

    def changes_nothing(self, intent: Intent) -> bool:
        """A setting said by voice that would stay as it is (the volume already at the top, no
        Italian voice of that number, the messages already brief): the voice gate does not read
        it back as a change ("Alzo il volume.") only to say then that nothing changed."""
        match intent:
            case AdjustVoice(change):
                return self._voice_after(change) == (self.output.rate, self.output.volume)
            case SetVerbosity(verbosity):
                return verbosity is self.manager.verbosity
            case SetAutoForced(on):
                return on is self.manager.auto_forced
            case UseVoice(number):
                names = self._italian_voice_names()  # None: no voice to choose, as said
                return names is None or not 1 <= number <= len(names)
        return False

    @staticmethod
    def _italian_voice_names() -> list[str] | None:
        """The names of the system's Italian voices, in the order they are numbered; None
        when the speech engine cannot start."""
        from voicedomino.audio.synthesis import SpeechUnavailableError, list_voices

        try:
            return [voice.name for voice in list_voices().italian]
        except SpeechUnavailableError as error:
            log.warning("no speech engine to list voices: %s", error)
            return None

    def _voice_heard(self) -> str:
        """Who speaks the game's words: "own" (its voice), "reader" (a screen reader), "cues"
        (no voice, the cues sound) or "none" (nothing sounds: --muto, no audio device)."""
        output = self.output
        speaks = bool(getattr(output, "speech_available", True))
        if speaks:
            return "own" if getattr(output, "screen_reader", None) is None else "reader"
        return "cues" if getattr(output, "available", True) else "none"

    def _remember_preferences(self, voice_name: str | None = None) -> None:
        if self.on_preferences is not None:
            output, manager = self.output, self.manager
            self.on_preferences(
                Preferences(
                    output.rate, output.volume, manager.verbosity.value, manager.auto_forced,
                    voice_name,
                )
            )  # fmt: skip

    def run(self) -> None:
        """Serve inputs until the player quits or every input source has ended."""
        self.use_inputs()
        # The greeting, then what the devices and files had to say, and the first question
        # last: the player answers what was asked last.
        self._after(self.manager.greeting())
        self._greeted = True
        for key in self._early_notices:
            self.render(Response().say(it.notice(key)))
        self._early_notices.clear()
        self._after(self.manager.opening())
        if self.manager.wants_answer:  # the resume question: said now, after the notices
            self.question_said = self.said
        open_sources = {Source.KEYBOARD, Source.VOICE} if self.voice_active else {Source.KEYBOARD}
        while not self.finished and open_sources:
            gate, keys = self.gate, self.keys
            try:
                item = self.inbox.get(timeout=_earliest(gate, keys))
            except queue.Empty:
                item = None
            away = self._away()  # nothing acts while the player is away
            if gate is not None and not away:
                gate.tick()
            if keys is not None and not away:
                keys.tick()
            match item:
                case None | TimePassed():
                    pass  # the gate and the keys have looked at the time
                case Typed(text="") if gate is not None and gate.settings.push_to_talk:
                    gate.push_to_talk()
                case Typed(text) if not text.strip():
                    self.prompt()  # an empty line asks nothing: say what can be done now
                case Typed(text, heard, said):
                    intent = self.manager.typed(text, heard.intent if heard else None)
                    if not self._before_the_question(intent, said):
                        self.handle_intent(intent)
                case Spoken() as spoken:
                    self.on_spoken(spoken)
                case KeyPressed(" ") if gate is not None and gate.settings.push_to_talk:
                    gate.push_to_talk()
                case KeyPressed(name, said):
                    if name in ("eof", "interrupt"):
                        open_sources.discard(Source.KEYBOARD)
                    elif keys is not None:
                        keys.press(name, said)
                case DeviceNotice("busy_room" | "quiet_room" as key):
                    if gate is not None:  # only the voice gate asks for "domino"
                        gate.room_changed(key == "busy_room")
                case DeviceNotice(key):
                    self.notice(key)
                case Announcement(text):
                    self.say(text)
                case TableNews():
                    self._after(self.manager.table_news())
                case InputEnded(source):
                    open_sources.discard(source)
                    if source is Source.VOICE:
                        self.gate = None  # no microphone any more: no window to keep
                        self.voice_active = False
                        self.use_inputs()
                case Resumed(typed_dropped):
                    self._resumed(typed_dropped)
                case StopAsked():
                    open_sources.clear()  # leave now, as when every input has ended
            if item is not None:
                self.inbox.task_done()  # inbox.join() waits until every input is answered
        if not self.finished:
            self._farewell()
        self.output.wait_idle(MAX_WAIT_FOR_SPEECH)

    def _before_the_question(self, intent: Intent | NetRequest | None, said: int | None) -> bool:
        """A yes or a no typed at a terminal, or said, before the question waiting was said
        (during the start, "no" answered "vuoi riprenderla?" and set the saved match aside; a
        "sì" said while "Vuoi uscire?" waited behind other words left the game): it answers
        nothing, and the question, said now, waits."""
        early = said is not None and said < self.question_said
        return early and self.manager.wants_answer and isinstance(intent, Answer)

    def _away(self) -> bool:
        """Suspended (Ctrl-Z), or continued after any stop and not yet back: stopped by
        SIGSTOP minutes ago, a read-back's grace must not run out the moment it continues."""
        if self.suspended:
            return True
        watch = self.continuations
        return watch is not None and (watch.coming() or watch.counted() != self._continuations_back)

    def suspending(self) -> None:
        """Ctrl-Z, from the signal handler (no locks): until the game is back in the
        foreground, no read-back's grace runs out and no typed digit times out."""
        self.suspended = True

    def _resumed(self, typed_dropped: bool = False) -> None:
        """Back from a suspension: say where the player is, and the command being typed
        after "/" (it stays); a half-typed tile does not survive it, nor a voice command read
        back before it (its grace would run out at once: carried out unconfirmed), nor what
        was typed while the game was stopped (the terminal may have shown it: said)."""
        self.suspended = False
        if self.continuations is not None:
            self._continuations_back = self.continuations.counted()
        line = self.keys.reset() if self.keys is not None else None
        self.say(it.back_in_game())
        if typed_dropped:
            self.say(it.typed_while_stopped_dropped())
        gate = self.gate
        if gate is not None and gate.pending is not None:  # stopped by Ctrl-Z or not
            gate.pending = None
            self.say(it.voice_command_dropped_on_resume())
        self.prompt()
        if line is not None:
            self.say(it.key_line_waiting(line) if line else it.key_line_prompt())

    def interrupted(self) -> None:
        """Asked twice to stop: goodbye at once (the match was saved after its last move)."""
        self._print(it.goodbye())

    def _farewell(self) -> None:
        """Every input ended without "esci": say whether the match is kept, then goodbye."""
        response = Response()
        if self.autosave is not None and self._match_in_play():
            self._retry_save()
            if self.last_save_ok:
                response.say(it.saved_goodbye())
            else:  # still failing as the player leaves: said once more
                response.say(it.save_failed(self._failure_kind, self._behind()))
                response.say(it.goodbye())
        elif self.autosave is not None and self.manager.phase is Phase.RESUME_OFFER:
            response.say(it.saved_match_kept())  # not answered: the saved match stays as it was
            response.say(it.goodbye())
        else:
            response.say(it.goodbye())
        self.render(response)
        self.finished = True


def _earliest(*clocks: VoiceGate | KeyHandler | None) -> float | None:
    """How long the loop may wait for input before one of *clocks* has to look at the time."""
    waits = [
        wait for clock in clocks if clock is not None and (wait := clock.next_timeout()) is not None
    ]
    return min(waits, default=None)


def _silence_stdout() -> None:
    """Point descriptor 1 at the null device, so the interpreter's final flush of a closed
    pipe cannot print "Exception ignored ... BrokenPipeError" or change the exit status."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass
