"""What reaches the game loop, in order, from every input thread: typed lines, spoken
utterances, single keys, device notices, and the end of a source. Text is parsed on the
input thread, once; the game thread only dispatches."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from voicedomino.dialog.parser import Heard
from voicedomino.speech.recognizer import Evidence


class Source(Enum):
    KEYBOARD = "keyboard"
    VOICE = "voice"


@dataclass(frozen=True)
class Typed:
    """A line typed (line mode, or after "/" in key mode); heard None: not understood. *said*:
    how many of the game's messages had been heard when a person typed it at a terminal (None:
    a script's line, or one that answers whatever was said)."""

    text: str
    heard: Heard | None
    said: int | None = None


@dataclass(frozen=True)
class Spoken:
    """A final result of the recogniser; heard None: sound that matched no command."""

    text: str
    heard: Heard | None
    confidence: float | None = None
    loudness: tuple[float, int] | None = None  # (voice RMS, peak), for the microphone check
    noisy_room: bool = False  # heard through the noise suppressor
    evidence: Evidence | None = None  # how sure the recogniser is, beyond the confidence
    said: int | None = None  # how many messages the player had heard when it came (Game.heard)


@dataclass(frozen=True)
class KeyPressed:
    name: str
    said: int | None = None  # how many messages the player had heard when it came (Game.heard)


@dataclass(frozen=True)
class DeviceNotice:
    key: str  # a notice key of italian.messages.notice


@dataclass(frozen=True)
class Announcement:
    """A sentence an input thread has to say (already in Italian), in turn with the rest."""

    text: str


@dataclass(frozen=True)
class TimePassed:
    """A source's clock moved (an audio file read faster than real time): the loop looks at
    the time (listening window, grace period) as it does when no input comes."""


@dataclass(frozen=True)
class TableNews:
    """Something happened at the network table (a friend moved, somebody arrived): the
    dialog tells it in turn with the rest."""


@dataclass(frozen=True)
class InputEnded:
    source: Source


@dataclass(frozen=True)
class Resumed:
    """The game continues after a suspension (Ctrl-Z, then fg): say where the player is, and
    whether what was typed while it was stopped was dropped."""

    typed_dropped: bool = False


@dataclass(frozen=True)
class StopAsked:
    """Ctrl-C, Ctrl-\\, SIGTERM or a closed terminal (SIGHUP): leave as at the end of input."""

    signal_number: int


InboxItem = (
    Typed
    | Spoken
    | KeyPressed
    | DeviceNotice
    | Announcement
    | TimePassed
    | InputEnded
    | Resumed
    | StopAsked
    | TableNews
)
