"""What the dialog manager hands back for each input: messages to say, cues, and flags."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from voicedomino.audio.cue_names import Cue

if TYPE_CHECKING:
    from voicedomino.dialog.intents import ListVoices, Recall, UseVoice, VoiceChange


class Verbosity(Enum):
    BRIEF = "breve"
    NORMAL = "normale"
    DETAILED = "dettagliato"


@dataclass(frozen=True)
class Message:
    """One sentence to print and speak, with an optional cue played as it starts."""

    text: str
    cue: Cue | None = None
    pause: float = 0.0  # seconds of quiet before it: lets the player follow computer moves
    pan: float = 0.0  # where its cue sounds: the seat that acted, -1 left .. +1 right


@dataclass
class Response:
    """Exactly one per input."""

    messages: list[Message] = field(default_factory=list)
    stop_speech: bool = False  # "basta": silence the current message now
    quit: bool = False
    state_changed: bool = False  # the match changed: save it
    voice_change: VoiceChange | None = None  # slower, faster, louder, quieter: the front end's
    preference_changed: bool = False  # verbosity or automatic forced moves: save the choice
    recall: Recall | None = None  # repeat / previous / next: the front end keeps the history
    discard_save: bool = False  # the saved match was declined or damaged: it was set aside
    understood: bool = True
    awaits_player: bool = False  # the turn is the player's, or a question was asked
    voices: ListVoices | UseVoice | None = None  # the system's voices: the front end's
    check_microphone: bool = False  # report the next utterance heard, with its level
    pages: list[str] | None = None  # a text read a page at a time ("successivo", "precedente")

    @property
    def text(self) -> str:
        return " ".join(message.text for message in self.messages)

    @property
    def refused(self) -> bool:
        """Not understood, or understood and turned down (its first message carries the
        invalid cue), with nothing changed."""
        if self.state_changed:
            return False
        return not self.understood or bool(self.messages and self.messages[0].cue is Cue.INVALID)

    def say(self, text: str, cue: Cue | None = None, pause: float = 0.0) -> Response:
        self.messages.append(Message(text, cue, pause))
        return self
