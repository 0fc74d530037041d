"""What depends on the speech model, the player's voice and the room, measured by the
microphone check (`voicedomino prova-voce --calibra`) and kept per model.

- `acting_confidence`: the word confidence from which a command may act without "sì". The
  game's default (frontend/attention.py) was measured on the stand-in recogniser; another
  model gives the same player's right commands other confidences. The calibration takes the
  confidences of the player's own commands heard right and sets the line just under most of
  them, never below ACTING_FLOOR nor above the default (a calibration can only make the game
  ask less often for a voice it hears well, never act on weaker evidence than the room
  benchmark allows).
- `voice_rms`: the player's usual voice level, so the automatic gain starts right from the
  first command of a game instead of learning it over the first one.
- `room_dbfs`: the room's level in silence, for the record (and the microphone check's
  verdict).

Kept as JSON beside the settings (`calibration-<model folder>.json`); a missing or damaged file
means the defaults.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import asdict, dataclass
from pathlib import Path

from voicedomino.persistence.files import atomic_write
from voicedomino.persistence.preferences import config_dir

log = logging.getLogger(__name__)

DEFAULT_ACTING_CONFIDENCE = 0.8  # the gate's own line (attention.DEFAULT_MIN_CONFIDENCE)
ACTING_FLOOR = 0.7
ACTING_SHARE = 0.9  # the line lets this share of the player's right commands act alone


@dataclass(frozen=True)
class Calibration:
    model: str
    acting_confidence: float = DEFAULT_ACTING_CONFIDENCE
    voice_rms: float | None = None
    room_dbfs: float | None = None
    commands_heard: int = 0  # of the commands asked for, heard right
    commands_asked: int = 0


def calibration_path(model_path: Path) -> Path:
    return config_dir() / f"calibration-{Path(model_path).name}.json"


def calibrate(
    model_path: Path,
    right_confidences: list[float],
    voice_levels: list[float],
    room_dbfs: float | None,
    asked: int,
) -> Calibration:
    """The calibration from the player's commands heard right (their confidences and voice
    levels) and the room's level in silence."""
    line = DEFAULT_ACTING_CONFIDENCE
    if right_confidences:
        ordered = sorted(right_confidences)
        at = ordered[math.floor((1 - ACTING_SHARE) * (len(ordered) - 1))]
        line = min(DEFAULT_ACTING_CONFIDENCE, max(ACTING_FLOOR, at - 0.02))
    voice = None
    if voice_levels:
        logs = sorted(math.log(max(level, 1.0)) for level in voice_levels)
        voice = math.exp(logs[len(logs) // 2])
    return Calibration(
        Path(model_path).name,
        round(line, 3),
        None if voice is None else round(voice, 1),
        None if room_dbfs is None else round(room_dbfs, 1),
        len(right_confidences),
        asked,
    )


def save_calibration(model_path: Path, calibration: Calibration) -> bool:
    try:
        atomic_write(
            calibration_path(model_path),
            json.dumps(asdict(calibration), indent=2).encode("utf-8"),
        )
    except OSError as error:
        log.warning("calibration not saved: %s", error)
        return False
    return True


def load_calibration(model_path: Path) -> Calibration | None:
    """The calibration saved for this model, or None (none, or not readable)."""
    path = calibration_path(model_path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        calibration = Calibration(
            model=str(data["model"]),
            acting_confidence=float(data["acting_confidence"]),
            voice_rms=None if data.get("voice_rms") is None else float(data["voice_rms"]),
            room_dbfs=None if data.get("room_dbfs") is None else float(data["room_dbfs"]),
            commands_heard=int(data.get("commands_heard", 0)),
            commands_asked=int(data.get("commands_asked", 0)),
        )
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as error:
        log.warning("calibration %s not used: %r", path, error)
        return None
    if not ACTING_FLOOR <= calibration.acting_confidence <= DEFAULT_ACTING_CONFIDENCE:
        log.warning("calibration %s out of range: not used", path)
        return None
    return calibration
