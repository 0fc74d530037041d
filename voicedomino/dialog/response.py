"""What the dialog manager hands back for each input: messages to say, cues, and flags."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Verbosity(Enum):
    BRIEF = "breve"
    NORMAL = "normale"
    DETAILED = "dettagliato"


@dataclass(frozen=True)
class Message:
    """One sentence to print and speak, with an optional cue played as it starts."""

    text: str
    cue: str | None = None
    pause: float = 0.0  # seconds of quiet before it: lets the player follow computer moves


@dataclass
class Response:
    """Exactly one per input."""

    messages: list[Message] = field(default_factory=list)
    stop_speech: bool = False  # "basta": silence the current message now
    quit: bool = False
    state_changed: bool = False  # the match changed: save it
    preference: str | None = None  # a voice preference changed: slower, faster, louder, ...
    discard_save: bool = False  # the player declined to resume: set the saved match aside
    understood: bool = True

    @property
    def text(self) -> str:
        return " ".join(message.text for message in self.messages)

    def say(self, text: str, cue: str | None = None, pause: float = 0.0) -> Response:
        self.messages.append(Message(text, cue, pause))
        return self
