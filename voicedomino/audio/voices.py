"""Which system voice speaks: the pyttsx3 driver for the platform and the Italian voice in it.

pyttsx3 describes every voice with `id`, `name` and `languages`, but each driver fills them
differently (shapes as the drivers build them):

- sapi5 (Windows): id "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\
  TTS_MS_IT-IT_ELSA_11.0", name "Microsoft Elsa Desktop - Italian", languages ["it-IT"]
  (from the voice's LCID; an unknown one gives "Unknown Locale: ...").
- nsss (macOS): id "com.apple.voice.compact.it-IT.Alice" (older systems:
  "com.apple.speech.synthesis.voice.alice"), name "Alice", languages ["it_IT"].
- espeak (Linux and others): id "roa/it", name "Italian", languages ["it"].

So a voice is Italian when its languages say so; when a driver gives no usable language, its
id or name decides. The player may name another voice (`voice_name`); a name that matches
nothing, or a system without an Italian voice, falls back with a notice the game speaks.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from voicedomino.audio.api import AudioNotice

DRIVERS_BY_PLATFORM = {"win32": "sapi5", "cygwin": "sapi5", "darwin": "nsss"}
FALLBACK_DRIVER = "espeak"

# Names of Italian system voices whose driver may report no language: macOS and Windows.
KNOWN_ITALIAN_NAMES = ("alice", "federica", "luca", "paola", "elsa", "cosimo")

_ID_TOKENS = re.compile(r"[\\/._\s]+")


def driver_for_platform(platform: str | None = None) -> str:
    """The pyttsx3 driver that speaks on `platform` (a `sys.platform` value)."""
    return DRIVERS_BY_PLATFORM.get(platform or sys.platform, FALLBACK_DRIVER)


@dataclass(frozen=True)
class VoiceInfo:
    """One system voice, as pyttsx3 lists it."""

    id: str
    name: str
    languages: tuple[str, ...] = ()
    gender: str | None = None

    @classmethod
    def from_pyttsx3(cls, voice: Any) -> VoiceInfo:
        """Read a pyttsx3 `Voice` of any driver (languages may be str, bytes or missing)."""
        languages = tuple(
            _language_text(language) for language in (getattr(voice, "languages", None) or [])
        )
        name = getattr(voice, "name", None)
        gender = getattr(voice, "gender", None)
        return cls(
            id=str(voice.id),
            name=str(name) if name else str(voice.id),
            languages=tuple(language for language in languages if language),
            gender=str(gender) if gender else None,
        )


def _language_text(language: object) -> str:
    if isinstance(language, bytes):
        # Old espeak bindings give b"\x05it": a priority byte, then the code.
        language = language[1:].decode("utf-8", "ignore")
    return str(language).strip()


def _language_tag(language: str) -> str | None:
    """ "it_IT" / "it-it" / "IT" -> "it-it" / "it"; None for what is not a language tag."""
    tag = language.strip().lower().replace("_", "-")
    return tag if re.fullmatch(r"[a-z]{2,3}(-[a-z0-9]+)*", tag) else None


def italian_rank(voice: VoiceInfo) -> int | None:
    """0 for Italian of Italy, 1 for other Italian (Switzerland, variants), None: not Italian."""
    tags = [tag for tag in map(_language_tag, voice.languages) if tag is not None]
    if tags:  # the driver said which language: trust it
        italian = [tag for tag in tags if tag == "it" or tag.startswith("it-")]
        if not italian:
            return None
        return 0 if any(tag in ("it", "it-it") for tag in italian) else 1
    tokens = {token.lower() for token in _ID_TOKENS.split(voice.id) if token}
    name = voice.name.lower()
    if tokens & {"it", "it-it"}:
        return 0
    if "italian" in name or "italiano" in name or name.split(" ")[0] in KNOWN_ITALIAN_NAMES:
        return 0
    return None


def italian_voices(voices: Iterable[VoiceInfo]) -> list[VoiceInfo]:
    """The Italian voices, Italy's first, otherwise in the driver's order."""
    ranked = [(rank, voice) for voice in voices if (rank := italian_rank(voice)) is not None]
    return [voice for _, voice in sorted(ranked, key=lambda item: item[0])]


def find_voice(voices: Iterable[VoiceInfo], wanted: str) -> VoiceInfo | None:
    """The voice the player named: exact name or id, then the start of a name, then a part."""
    key = wanted.strip().lower()
    if not key:
        return None
    candidates = list(voices)
    tests = (
        lambda voice: key in (voice.name.lower(), voice.id.lower()),
        lambda voice: voice.name.lower().startswith(key),
        lambda voice: key in voice.name.lower(),
    )
    for matches in tests:
        found = next((voice for voice in candidates if matches(voice)), None)
        if found is not None:
            return found
    return None


@dataclass(frozen=True)
class VoiceChoice:
    """The voice to use (None: the engine's own default) and the notice to give, if any."""

    voice: VoiceInfo | None
    notice: AudioNotice | None = None


def choose_voice(voices: Sequence[VoiceInfo], wanted: str | None = None) -> VoiceChoice:
    """The named voice if it exists, else the best Italian voice, else the system default."""
    missing_named = False
    if wanted:
        named = find_voice(voices, wanted)
        if named is not None:
            return VoiceChoice(named)
        missing_named = True
    italian = italian_voices(voices)
    if italian:
        return VoiceChoice(italian[0], AudioNotice.VOICE_NOT_FOUND if missing_named else None)
    return VoiceChoice(voices[0] if voices else None, AudioNotice.VOICE_NOT_ITALIAN)


@dataclass(frozen=True)
class VoiceListing:
    """What `voicedomino voci` (and the dialog's "che voci ci sono") tells the player."""

    driver: str
    italian: tuple[VoiceInfo, ...]  # the Italian voices, best first
    in_use: VoiceInfo | None  # the voice the game speaks with, Italian or not
    notice: AudioNotice | None  # why `in_use` is a fallback, if it is one


def make_listing(driver: str, voices: Sequence[VoiceInfo], wanted: str | None) -> VoiceListing:
    choice = choose_voice(voices, wanted)
    return VoiceListing(driver, tuple(italian_voices(voices)), choice.voice, choice.notice)
