"""What `prova-voce --calibra` sets on the Korean stand-in, by room and voice.

Each case is one calibration recording: the room while the player keeps silent (the hiss
alone, Italian chatter, people talking in other languages, loud or soft), then the five
calibration commands (speech/calibration.py, frontend/mic_check.py) in the stand-in's voice,
at espeak's level or quieter, with the microphone's hiss. It goes through the real listener
and recogniser as the microphone check hears it. Printed per case: the commands heard, the
room's best score and the player's weakest command (per second), the acting and answer lines
and the weak-guess guard's lines (quiet and busy room) set (or the defaults, and why) and the
least sure word's line, beside the gate's defaults.

    PYTHONPATH=.:tests python benchmarks/bench_calibration.py    # about 30 s

The last line is one JSON object with every case's lines.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import numpy as np
from korean_speech import RATE, Int16, write_wav
from korean_standin import espeak, game_standin, korean_recognizer, say
from room_corpus import ITALIAN_CHATTER, OTHER_SPEECH, at_level, room_tone

from voicedomino.frontend import attention, mic_check
from voicedomino.speech.calibration import Calibration
from voicedomino.speech.sources import WavFileSource


def quieter(samples: Int16, db: float) -> Int16:
    return np.clip(samples.astype(np.float64) * 10 ** (-db / 20), -32768, 32767).astype(np.int16)


def room(kind: str, rng: np.random.Generator) -> Int16:
    seconds = mic_check.SILENCE_S + 0.5
    if kind == "silent":
        return room_tone(seconds, rng)
    if kind == "italian chatter":
        said = [at_level(espeak(text, "it+m3", 170, 50), 900) for text in ITALIAN_CHATTER[:2]]
    else:
        level = 2500 if kind == "loud talk" else 700
        said = [
            at_level(espeak(OTHER_SPEECH[lang][0], lang + "+f3", 170, 50), level)
            for lang in ("en", "de")
        ]
    talk = np.concatenate(said)[: int(mic_check.SILENCE_S * RATE)]
    pad = room_tone(seconds - len(talk) / RATE, rng)
    return np.concatenate([talk + room_tone(len(talk) / RATE, rng), pad]).astype(np.int16)


def calibrate(kind: str, db: float, folder: Path, seed: int) -> Calibration:
    rng = np.random.default_rng(seed)
    parts = [room(kind, rng)]
    for command in mic_check.CALIBRATION_COMMANDS:
        voice = quieter(say(command), db)
        parts += [(voice + room_tone(len(voice) / RATE, rng)).astype(np.int16)]
        parts += [room_tone(1.5, rng)]
    path = write_wav(folder / "calibration.wav", np.concatenate(parts))
    return mic_check.calibrate_voice(
        WavFileSource(path), RECOGNIZER, folder / "model", lambda _: None,
        to_grammar=game_standin().italian,
    )  # fmt: skip


RECOGNIZER = korean_recognizer()


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-calibration-"))
    os.environ["VOICEDOMINO_CONFIG_DIR"] = str(folder / "config")
    print(
        f"defaults: acting line {attention.MIN_SCORE_PER_SECOND}, "
        f"answer line {attention.MIN_SCORE_TO_ANSWER} (per second)"
    )
    print(f"{'room':16} {'voice':>6} {'heard':>5} {'room best':>9} {'weakest':>8} "
          f"{'act':>6} {'answer':>6} {'guard':>6} {'busy':>5} {'word':>5}  verdict")  # fmt: skip
    cases = []
    for kind in ("silent", "italian chatter", "soft talk", "loud talk"):
        for db in (0.0, 12.0):
            done = calibrate(kind, db, folder, seed=9)

            def shown(value: float | None, default: float | None = None) -> str:
                if value is None:
                    return "-" if default is None else f"({default:g})"
                return f"{value:g}"

            print(
                f"{kind:16} {-db:>4g}dB {done.commands_heard:>3}/5 "
                f"{shown(done.room_best_score):>9} "
                f"{shown(done.weakest_command_score):>8} "
                f"{shown(done.min_score_per_second, attention.MIN_SCORE_PER_SECOND):>6} "
                f"{shown(done.min_score_to_answer, attention.MIN_SCORE_TO_ANSWER):>6} "
                f"{shown(done.weak_guess_score, attention.WEAK_GUESS_SCORE):>6} "
                f"{shown(done.busy_weak_guess_score, attention.BUSY_WEAK_GUESS_SCORE):>5} "
                f"{shown(done.acting_word_confidence, attention.MIN_WORD_CONFIDENCE):>5}  "
                f"{done.scores}"
            )
            cases.append(
                {"room": kind, "voice_db": -db, "heard": done.commands_heard,
                 "room_best": done.room_best_score, "weakest": done.weakest_command_score,
                 "act": done.min_score_per_second, "answer": done.min_score_to_answer,
                 "guard": done.weak_guess_score, "busy_guard": done.busy_weak_guess_score,
                 "word": done.acting_word_confidence,
                 "verdict": done.scores}
            )  # fmt: skip
    defaults = {
        "act": attention.MIN_SCORE_PER_SECOND,
        "answer": attention.MIN_SCORE_TO_ANSWER,
        "guard": attention.WEAK_GUESS_SCORE,
        "busy_guard": attention.BUSY_WEAK_GUESS_SCORE,
        "word": attention.MIN_WORD_CONFIDENCE,
    }
    print(json.dumps({"defaults": defaults, "cases": cases}))


if __name__ == "__main__":
    main()
