"""The player's preferences, kept as JSON in the user's config folder.

    loaded = load_settings()            # never raises
    settings = loaded.settings          # UserSettings, every value valid
    for key in loaded.notices: ...      # "settings_corrupt" / "settings_repaired" / ...
    settings = settings.replace(rate_wpm=settings.rate_wpm + 20)   # clamped to its range
    save_settings(settings)             # atomic; False (and logged) if it could not be written

The folder is `platformdirs.user_config_dir("voicedomino")`, or `$VOICEDOMINO_CONFIG_DIR`.
A file that is not valid JSON is moved aside (never deleted) and defaults are used; a file
with wrong or out-of-range values is moved aside too, and the repaired values are saved.
Unknown keys are ignored, so a newer version's file does not upset an older version; such a
file is never rewritten either (its keys and values would be lost): changes last for this run.
What stands at the path is read through the bounded reader: a folder, a FIFO, a device or a
huge file there is moved aside. A file this run may not read stays the player's: it is never
overwritten (`LoadedSettings.writable` is False), and changes last only for this run.
"""

from __future__ import annotations

import json
import logging
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from voicedomino.audio.api import RATE_MAX_WPM, RATE_MIN_WPM, VOLUME_MAX, VOLUME_MIN
from voicedomino.dialog.response import Verbosity
from voicedomino.persistence.files import UnusableFile, atomic_write, move_aside, read_regular
from voicedomino.players import LEVELS

log = logging.getLogger(__name__)

CONFIG_DIR_ENV = "VOICEDOMINO_CONFIG_DIR"
SETTINGS_FILE = "settings.json"
FORMAT_VERSION = 1

# The synthesis' own bounds, so a saved rate is the rate heard.
RATE_RANGE = (RATE_MIN_WPM, RATE_MAX_WPM)  # words per minute
VOLUME_RANGE = (VOLUME_MIN, VOLUME_MAX)
PAUSE_RANGE = (0.0, 10.0)  # seconds before a computer move is told
LISTEN_WINDOW_RANGE = (2.0, 60.0)  # seconds
GRACE_RANGE = (0.3, 5.0)  # seconds
MAX_NAME = 200
MAX_DEVICE_NAME = 200
MAX_DEVICE_INDEX = 4096  # PortAudio numbers devices from 0; anything near this is nonsense

NOTICE_CORRUPT = "settings_corrupt"
NOTICE_REPAIRED = "settings_repaired"
NOTICE_UNREADABLE = "settings_unreadable"
NOTICE_UNUSABLE = "settings_unusable"
SETTINGS_LIMIT = 64 * 1024  # bytes; the file is a few hundred
ASIDE_LABEL = "danneggiate"

DeviceSetting = int | str | None


@dataclass(frozen=True)
class UserSettings:
    rate_wpm: int = 175
    volume: float = 0.9
    verbosity: Verbosity = Verbosity.NORMAL
    computer_pause_s: float = 1.0
    barge_in: bool = False  # headphones: the player may talk over the game's speech
    output_device: DeviceSetting = None  # PortAudio index or name part; None = default
    input_device: DeviceSetting = None
    level: str = "medio"
    voice_name: str | None = None  # the system voice chosen by name; None: the best Italian one
    screen_reader: bool = False  # speak through the player's screen reader
    listen_window_s: float = 8.0  # how long the game listens after handing over the turn
    grace_s: float = 1.2  # time to say "no" after a voice command is read back
    push_to_talk: bool = False  # listen only after a key or the attention word
    auto_forced: bool | None = None  # forced draws and passes made for the player; None: brief

    def replace(self, **changes: Any) -> UserSettings:
        """A copy with `changes` applied, each value clamped or reset to stay valid."""
        merged = {**self.to_json(), **changes}
        if isinstance(merged["verbosity"], Verbosity):
            merged["verbosity"] = merged["verbosity"].value
        settings, _problems = settings_from_mapping(merged)
        return settings

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["verbosity"] = self.verbosity.value
        return data


@dataclass(frozen=True)
class LoadedSettings:
    settings: UserSettings
    notices: tuple[str, ...] = ()
    moved_to: Path | None = None  # where a bad file was put aside
    # False: a file is there that this run could not read: it is the player's, never replaced
    writable: bool = True
    absent: bool = False  # no settings file at all: the first start
    newer: bool = False  # written by a newer version of the game: read, never rewritten


# --------------------------------------------------------------------- validation

Checker = Callable[[object, object], tuple[object, bool]]
"""(value, default) -> (valid value, whether the value had to be changed)."""


def _number(value: object) -> float | None:
    """A finite number, or None; an integer too big for a float counts as infinite."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # a 400-digit integer: beyond any range, on its side
        return math.inf if value > 0 else -math.inf
    return number if not math.isnan(number) else None


def _clamped(low: float, high: float, integer: bool) -> Checker:
    def check(value: object, default: object) -> tuple[object, bool]:
        number = _number(value)
        if number is None:
            return default, True
        clamped = min(float(high), max(float(low), number))  # infinities land on the bounds
        if integer:
            return round(clamped), clamped != number or not clamped.is_integer()
        return clamped, clamped != number

    return check


def _choice(choices: tuple[str, ...]) -> Checker:
    def check(value: object, default: object) -> tuple[object, bool]:
        return (value, False) if value in choices else (default, True)

    return check


def _boolean(value: object, default: object) -> tuple[object, bool]:
    return (value, False) if isinstance(value, bool) else (default, True)


def _optional_boolean(value: object, default: object) -> tuple[object, bool]:
    return (value, False) if value is None or isinstance(value, bool) else (default, True)


def _optional_name(value: object, default: object) -> tuple[object, bool]:
    if value is None or (isinstance(value, str) and value.strip() and len(value) <= MAX_NAME):
        return value, False
    return default, True


def _device(value: object, default: object) -> tuple[object, bool]:
    if value is None:
        return None, False
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_DEVICE_INDEX:
        return value, False
    if isinstance(value, str) and value.strip() and len(value) <= MAX_DEVICE_NAME:
        return value, False
    return default, True


_CHECKS: dict[str, Checker] = {
    "rate_wpm": _clamped(*RATE_RANGE, integer=True),
    "volume": _clamped(*VOLUME_RANGE, integer=False),
    "verbosity": _choice(tuple(v.value for v in Verbosity)),
    "computer_pause_s": _clamped(*PAUSE_RANGE, integer=False),
    "barge_in": _boolean,
    "output_device": _device,
    "input_device": _device,
    "level": _choice(tuple(str(level) for level in LEVELS)),
    "voice_name": _optional_name,
    "screen_reader": _boolean,
    "listen_window_s": _clamped(*LISTEN_WINDOW_RANGE, integer=False),
    "grace_s": _clamped(*GRACE_RANGE, integer=False),
    "push_to_talk": _boolean,
    "auto_forced": _optional_boolean,
}


def settings_from_mapping(data: Mapping[str, object]) -> tuple[UserSettings, list[str]]:
    """Valid settings from `data` and the names of the fields that had to be fixed.

    Missing fields take their defaults silently; unknown keys are ignored.
    """
    defaults = UserSettings().to_json()
    values: dict[str, Any] = {}
    problems: list[str] = []
    for field in fields(UserSettings):
        default = defaults[field.name]
        if field.name not in data:
            values[field.name] = default
            continue
        value, changed = _CHECKS[field.name](data[field.name], default)
        values[field.name] = value
        if changed:
            problems.append(field.name)
    values["verbosity"] = Verbosity(values["verbosity"])
    return UserSettings(**values), problems


# --------------------------------------------------------------------- files


def config_dir() -> Path:
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir("voicedomino"))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def _move_aside(path: Path) -> Path | None:
    """Keep a bad file for the player to look at; None if even that is impossible."""
    try:
        return move_aside(path, ASIDE_LABEL)
    except OSError as exc:
        log.warning("cannot move aside %s: %s", path, exc)
        return None


def save_settings(settings: UserSettings, path: Path | None = None) -> bool:
    """Write `settings` atomically (temp file, fsync, rename); False if that failed."""
    path = path if path is not None else settings_path()
    document = {"version": FORMAT_VERSION, **settings.to_json()}
    try:
        atomic_write(path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    except OSError as exc:
        log.warning("cannot save settings to %s: %s", path, exc)
        return False
    return True


def load_settings(path: Path | None = None) -> LoadedSettings:
    """Read the settings file; any problem yields valid settings and a notice, never an error."""
    path = path if path is not None else settings_path()
    try:
        raw = read_regular(path, SETTINGS_LIMIT)
    except (FileNotFoundError, NotADirectoryError):
        return LoadedSettings(UserSettings(), absent=True)
    except UnusableFile as exc:  # a folder, a FIFO, a device, a huge file: ours, set aside
        log.warning("settings %s unusable: %s", path, exc)
        moved = _move_aside(path)
        notice = NOTICE_UNUSABLE if moved is not None else NOTICE_UNREADABLE
        return LoadedSettings(UserSettings(), (notice,), moved, writable=moved is not None)
    except OSError as exc:  # unreadable (permissions, a disk error): the player's, left be
        log.warning("cannot read settings %s: %s", path, exc)
        return LoadedSettings(UserSettings(), (NOTICE_UNREADABLE,), writable=False)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError, MemoryError) as exc:
        data = None
        log.warning("settings %s are not valid JSON: %s", path, exc)
    if not isinstance(data, dict):
        moved = _move_aside(path)
        return LoadedSettings(UserSettings(), (NOTICE_CORRUPT,), moved)
    settings, problems = settings_from_mapping(data)
    version = data.get("version")
    if type(version) is int and version > FORMAT_VERSION:
        # What this version does not know (new keys, new values) is the newer one's: kept.
        log.warning("settings %s are of a newer version (%s): not rewritten", path, version)
        return LoadedSettings(settings, writable=False, newer=True)
    if not problems:
        return LoadedSettings(settings)
    log.warning("settings %s: fixed %s", path, ", ".join(problems))
    moved = _move_aside(path)
    if moved is not None:
        save_settings(settings, path)
    return LoadedSettings(settings, (NOTICE_REPAIRED,), moved)
