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
- `min_score_per_second` and `min_score_to_answer`: the sentence decoder's score lines of the
  gate (attention.MIN_SCORE_PER_SECOND, MIN_SCORE_TO_ANSWER), whose scale is the model's. Set
  between the best score of what the room said while the player kept silent and the player's
  weakest command heard right (`score_lines`); None (the game's defaults) when the evidence
  is thin or odd.
- `weak_guess_score`, `busy_weak_guess_score`: the score lines of the gate's guard against
  talk mended into a menu command (attention.WEAK_GUESS_SCORE, BUSY_WEAK_GUESS_SCORE), on the
  same scale: the first is the acting line measured here (by default 42), the busy room's
  moves with the acting line (25 at 42).
- `acting_word_confidence`: the line for a command's least sure word (attention.
  MIN_WORD_CONFIDENCE), set as `acting_confidence` is, from the least sure words of the
  player's commands heard right, within WORD_FLOOR and the default.

The guard's margin (attention.WEAK_GUESS_MARGIN, how much a mended sentence beats the free
words) is not measured here: five commands said in a quiet moment are heard by both decoders
alike, so the session shows no mended command of the player's to place it by.

Kept as JSON beside the settings (`calibration-<model folder>.json`); a missing or damaged file
means the defaults. A file without a version (older) loads, its missing lines the defaults; a
file of a newer version is read for what this version knows and never rewritten.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal, get_args

from voicedomino.persistence.files import atomic_write, read_regular
from voicedomino.persistence.preferences import config_dir

log = logging.getLogger(__name__)

DEFAULT_ACTING_CONFIDENCE = 0.8  # the gate's own line (attention.DEFAULT_MIN_CONFIDENCE)
ACTING_FLOOR = 0.7
ACTING_SHARE = 0.9  # the line lets this share of the player's right commands act alone
# 1 (no "version" key): no score lines; 2: no guard line nor word line
CALIBRATION_VERSION = 3
CALIBRATION_LIMIT = 64 * 1024  # a few hundred bytes written: a bigger file is none of ours
# The least sure word's line (attention.MIN_WORD_CONFIDENCE) moves as the acting confidence
# does, never under this floor: on bench_home seed 19 the wrong results it stopped sat at 0.65
# or under.
DEFAULT_WORD_CONFIDENCE = 0.65
WORD_FLOOR = 0.55

# The score lines' defaults: the gate's own (attention.MIN_SCORE_PER_SECOND,
# MIN_SCORE_TO_ANSWER), measured on the stand-in with the room benchmark.
DEFAULT_SCORE_TO_ACT = 42.0
DEFAULT_SCORE_TO_ANSWER = 15.0
DEFAULT_WEAK_GUESS_SCORE = DEFAULT_SCORE_TO_ACT  # attention.WEAK_GUESS_SCORE
DEFAULT_BUSY_WEAK_GUESS_SCORE = 25.0  # attention.BUSY_WEAK_GUESS_SCORE


MIN_SCORED_COMMANDS = 3  # fewer of the player's commands scored: the evidence is thin
# Where the lines sit in the gap between the room's best score and the player's weakest
# command: the answer line just over the room (right commands the two decoders did not agree
# on scored from 15.6 per second in the room benchmark: a line far over the room would give
# them only the cue), the acting line halfway.
ANSWER_IN_GAP = 0.15
ACT_IN_GAP = 0.5
# The gap must be at least this share of the weakest command's score, else the room sounded
# too much like the player's commands to tell them apart by score: the defaults stay.
MIN_GAP_SHARE = 0.2
# With a silent room (nothing it said was scored) only the player's side is known: the lines
# may rise with the model's scale (this share of the weakest command, which on the stand-in
# stays under the defaults: there the weakest of the five commands scored 59 to 73 per second
# in benchmarks/bench_calibration.py), never fall below the defaults.
ACT_SHARE_OF_WEAKEST = 0.35
ANSWER_SHARE_OF_WEAKEST = 0.12

# How the score lines came about: set in the gap; raised over the defaults by the player's
# commands alone (a silent room); the defaults kept with a silent room, with too few
# commands, or with a room that scored like the player's commands.
ScoreVerdict = Literal["set", "raised", "quiet_room", "few_commands", "room_like_voice"]
Saved = Literal["saved", "newer", "failed"]


@dataclass(frozen=True)
class Calibration:
    model: str
    acting_confidence: float = DEFAULT_ACTING_CONFIDENCE
    voice_rms: float | None = None
    room_dbfs: float | None = None
    commands_heard: int = 0  # of the commands asked for, heard right
    commands_asked: int = 0
    min_score_per_second: float | None = None  # None: the gate's default
    min_score_to_answer: float | None = None
    scores: ScoreVerdict = "few_commands"  # how the score lines came about (said to the player)
    # What they came from, for the record: the player's weakest command heard right, and the
    # best of what the room said (None: it said nothing the listener took up).
    weakest_command_score: float | None = None
    room_best_score: float | None = None
    weak_guess_score: float | None = None  # None: the gate's default
    acting_word_confidence: float | None = None  # None: the gate's default
    busy_weak_guess_score: float | None = None  # None: the gate's default


@dataclass(frozen=True)
class ScoreLines:
    to_act: float | None  # None: the default
    to_answer: float | None
    verdict: ScoreVerdict

    @property
    def weak_guess(self) -> float | None:
        """The guard's line: the acting line (a guess is answered only with a score that
        would let a command act alone)."""
        return None if self.to_answer is None else self.to_act

    @property
    def busy_weak_guess(self) -> float | None:
        """The guard's line in a room full of speech: the default's share of the acting line
        (the model's scale), never under the answer line. Not placed by the room heard during
        the calibration: a television under every word lowers every score, the room's and the
        player's (bench_home: the room's "domino" guesses 3-21 per second, the player's
        commands 20-53), which a few seconds of the room in a calm moment do not show."""
        if self.to_act is None or self.to_answer is None:
            return None
        scaled = DEFAULT_BUSY_WEAK_GUESS_SCORE * self.to_act / DEFAULT_SCORE_TO_ACT
        return round(max(self.to_answer, scaled), 1)


def score_lines(command_scores: list[float], room_scores: list[float]) -> ScoreLines:
    """The gate's score lines from the scores per second of the player's commands heard right
    and of what the room said while the player kept silent (the listener's utterances, any
    sentence): between the room's best and the player's weakest command, looser than a
    default only where the default would turn the player's own commands down; never looser
    than the defaults when the room gave nothing to compare with; the defaults when the
    player's commands are too few or the room scored like them."""
    commands = [s for s in command_scores if math.isfinite(s) and s > 0]
    room = [s for s in room_scores if math.isfinite(s)]
    if len(commands) < MIN_SCORED_COMMANDS:
        return ScoreLines(None, None, "few_commands")
    weakest = min(commands)
    if not room:
        to_act = max(DEFAULT_SCORE_TO_ACT, weakest * ACT_SHARE_OF_WEAKEST)
        to_answer = max(DEFAULT_SCORE_TO_ANSWER, weakest * ANSWER_SHARE_OF_WEAKEST)
        if to_act == DEFAULT_SCORE_TO_ACT and to_answer == DEFAULT_SCORE_TO_ANSWER:
            return ScoreLines(None, None, "quiet_room")
        return ScoreLines(round(to_act, 1), round(min(to_answer, to_act), 1), "raised")
    loudest_room = max(max(room), 0.0)
    gap = weakest - loudest_room
    if gap < MIN_GAP_SHARE * weakest:
        return ScoreLines(None, None, "room_like_voice")
    to_act = loudest_room + ACT_IN_GAP * gap
    to_answer = loudest_room + ANSWER_IN_GAP * gap
    # A line falls below its default only when the default would turn the player's own right
    # commands down (a model scoring lower than the stand-in): a few seconds of the room do not
    # show every sound that can pass for a command (in the room benchmark a misheard sentence
    # scored 39.6 per second, where this room's best may be 10).
    if weakest >= DEFAULT_SCORE_TO_ACT:
        to_act = max(to_act, DEFAULT_SCORE_TO_ACT)
    if weakest >= DEFAULT_SCORE_TO_ANSWER:
        to_answer = max(to_answer, DEFAULT_SCORE_TO_ANSWER)
    return ScoreLines(round(to_act, 1), round(min(to_answer, to_act), 1), "set")


def calibration_path(model_path: Path) -> Path:
    return config_dir() / f"calibration-{Path(model_path).name}.json"


def calibrate(
    model_path: Path,
    right_confidences: list[float],
    voice_levels: list[float],
    room_dbfs: float | None,
    asked: int,
    *,
    command_scores: list[float] | None = None,
    room_scores: list[float] | None = None,
    least_word_confidences: list[float] | None = None,
) -> Calibration:
    """The calibration from the player's commands heard right (their confidences, voice
    levels, scores per second and least sure words) and the room while the player kept silent
    (its level and the scores of what it said)."""
    line = _line_under(right_confidences, DEFAULT_ACTING_CONFIDENCE, ACTING_FLOOR)
    words = [c for c in least_word_confidences or [] if math.isfinite(c)]
    word_line = _line_under(words, DEFAULT_WORD_CONFIDENCE, WORD_FLOOR) if words else None
    voice = None
    if voice_levels:
        logs = sorted(math.log(max(level, 1.0)) for level in voice_levels)
        voice = math.exp(logs[len(logs) // 2])
    lines = score_lines(command_scores or [], room_scores or [])
    commands = [s for s in command_scores or [] if math.isfinite(s)]
    room = [s for s in room_scores or [] if math.isfinite(s)]
    return Calibration(
        Path(model_path).name,
        round(line, 3),
        None if voice is None else round(voice, 1),
        None if room_dbfs is None else round(room_dbfs, 1),
        len(right_confidences),
        asked,
        lines.to_act,
        lines.to_answer,
        lines.verdict,
        round(min(commands), 1) if commands else None,
        round(max(room), 1) if room else None,
        lines.weak_guess,
        None if word_line is None else round(word_line, 3),
        lines.busy_weak_guess,
    )


def _line_under(values: list[float], default: float, floor: float) -> float:
    """A line just under ACTING_SHARE of the player's `values` (their commands heard right),
    never above `default` (never acting on weaker evidence than the room benchmark allows) nor
    under `floor`; the default without values."""
    if not values:
        return default
    ordered = sorted(values)
    at = ordered[math.floor((1 - ACTING_SHARE) * (len(ordered) - 1))]
    return min(default, max(floor, at - 0.02))


def _newer_file(path: Path) -> bool:
    """A calibration written by a newer version of the game: never rewritten."""
    try:
        version = _document(path).get("version")
    except (OSError, ValueError, AttributeError, RecursionError):
        return False  # none, or damaged: a new calibration replaces it
    return type(version) is int and version > CALIBRATION_VERSION


def save_calibration(model_path: Path, calibration: Calibration) -> Saved:
    path = calibration_path(model_path)
    if _newer_file(path):
        log.warning("calibration %s is of a newer version: not rewritten", path)
        return "newer"
    try:
        document = {"version": CALIBRATION_VERSION, **asdict(calibration)}
        atomic_write(path, json.dumps(document, indent=2).encode("utf-8"))
    except OSError as error:
        log.warning("calibration not saved: %s", error)
        return "failed"
    return "saved"


def _document(path: Path) -> Any:
    """The JSON at *path*, read without trusting what stands there (a FIFO would hang the
    voice's start, /dev/zero fill the memory: UnusableFile, an OSError)."""
    return json.loads(read_regular(path, CALIBRATION_LIMIT).decode("utf-8"))


def _line(data: dict[str, Any], key: str) -> float | None:
    value = data.get(key)
    if value is None:
        return None
    line = float(value)
    if not math.isfinite(line) or line <= 0:
        raise ValueError(f"{key} out of range: {value!r}")
    return line


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) else None  # for the record only


def _verdict(value: object) -> ScoreVerdict:
    for verdict in get_args(ScoreVerdict):
        if value == verdict:
            return verdict  # type: ignore[no-any-return]
    return "few_commands"  # an older file, or a newer version's verdict: nothing said of it


def load_calibration(model_path: Path) -> Calibration | None:
    """The calibration saved for this model, or None (none, or not readable)."""
    path = calibration_path(model_path)
    try:
        data = _document(path)
        calibration = Calibration(
            model=str(data["model"]),
            acting_confidence=float(data["acting_confidence"]),
            voice_rms=_line(data, "voice_rms"),  # a gain's divisor: positive and finite
            room_dbfs=None if data.get("room_dbfs") is None else float(data["room_dbfs"]),
            commands_heard=int(data.get("commands_heard", 0)),
            commands_asked=int(data.get("commands_asked", 0)),
            min_score_per_second=_line(data, "min_score_per_second"),
            min_score_to_answer=_line(data, "min_score_to_answer"),
            scores=_verdict(data.get("scores")),
            weakest_command_score=_number(data.get("weakest_command_score")),
            room_best_score=_number(data.get("room_best_score")),
            weak_guess_score=_line(data, "weak_guess_score"),
            acting_word_confidence=_line(data, "acting_word_confidence"),
            busy_weak_guess_score=_line(data, "busy_weak_guess_score"),
        )
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError, OverflowError,
            RecursionError) as error:  # fmt: skip
        log.warning("calibration %s not used: %r", path, error)
        return None
    if not ACTING_FLOOR <= calibration.acting_confidence <= DEFAULT_ACTING_CONFIDENCE:
        log.warning("calibration %s out of range: not used", path)
        return None
    act, answer = calibration.min_score_per_second, calibration.min_score_to_answer
    if act is not None and answer is not None and answer > act:
        log.warning("calibration %s: score lines crossed, not used", path)
        return None
    word = calibration.acting_word_confidence
    if word is not None and not WORD_FLOOR <= word <= DEFAULT_WORD_CONFIDENCE:
        log.warning("calibration %s: word line out of range, not used", path)
        return None
    return calibration
