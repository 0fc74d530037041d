"""Dereverberation against the game's: reverberant commands through the real listener.

The commands of benchmarks/bench_home.py's reverberant rooms (the stand-in recogniser, its player
voices, the same synthetic room impulse responses), one recording per room, each heard by the
real listener in turn:

- none: the voice as the microphone gives it;
- late: the game's late-reverberation suppressor (speech/reverb.py), as in play;
- wpe: weighted prediction error (nara_wpe, when installed: `pip install nara_wpe`), one
  microphone, over the whole recording at once, so at its best: offline, with all the audio.

Per room and variant: commands right (the grammar sentence said, heard) and the processor time
the dereverberation took per second of audio.

    PYTHONPATH=.:tests python benchmarks/bench_dereverb.py --seed 61 --commands 20

The last line is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

import home_corpus as home  # noqa: E402
from bench_home import PLAYED, recognised  # noqa: E402
from bench_room import command_sentences  # noqa: E402
from korean_speech import KO_MODEL_PATH, RATE, Int16, ko_model, write_wav  # noqa: E402
from korean_standin import StandIn  # noqa: E402
from room_corpus import room_tone  # noqa: E402

from voicedomino.dialog.parser import parse, vocabulary  # noqa: E402
from voicedomino.frontend import voice  # noqa: E402
from voicedomino.frontend.voice import table_sentences  # noqa: E402
from voicedomino.speech.listener import Listener  # noqa: E402
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance  # noqa: E402
from voicedomino.speech.sources import WavFileSource  # noqa: E402

ROOMS = {  # name: (room, the player's level against the usual), as in bench_home
    "living_room": (home.LIVING_ROOM, 0.0),
    "large_room": (home.LARGE_ROOM, 0.0),
    "distant": (home.FAR_IN_LIVING_ROOM, -20.0),
}
# WPE for one microphone and rooms ringing 0.5-1.1 s: 40 taps of 16 ms reach 0.66 s back. Of
# the settings tried on a living-room and a large-room command (512/128 with 10 or 30 taps,
# 1024/256 with 20 or 40), this took the most late echo out.
WPE_SIZE, WPE_SHIFT, WPE_TAPS, WPE_DELAY, WPE_ITERATIONS = 1024, 256, 40, 2, 3


def wpe_offline(samples: Int16) -> Int16:
    from nara_wpe.utils import istft, stft
    from nara_wpe.wpe import wpe

    spectrum = stft(samples.astype(np.float64), WPE_SIZE, WPE_SHIFT)  # (frames, bins)
    observed = spectrum.T[:, None, :]  # (bins, microphones, frames)
    clear = wpe(observed, taps=WPE_TAPS, delay=WPE_DELAY, iterations=WPE_ITERATIONS)
    audio = istft(clear[:, 0, :].T, WPE_SIZE, WPE_SHIFT)[: len(samples)]
    return np.clip(np.nan_to_num(audio), -32768, 32767).astype(np.int16)


def recording(
    standin: StandIn,
    sentences: list[str],
    room: home.Room,
    level_db: float,
    seed: int,
    rng: random.Random,
    nprng: np.random.Generator,
) -> tuple[Int16, list[tuple[float, float, str]]]:
    """The commands said in the room (by the voices `rng` draws next), with room tone between
    them, and where each is."""
    parts = [room_tone(1.0, nprng).astype(np.float64)]
    spans: list[tuple[float, float, str]] = []
    position = len(parts[0])
    for index, sentence in enumerate(sentences):
        dry = home.say_as_player(standin.korean(sentence), home.player_voice(rng))
        wet = home.louder(home.reverberate(dry, room, seed + index), level_db)
        parts.append(wet.astype(np.float64))
        spans.append((position / RATE, (position + len(wet)) / RATE, sentence))
        position += len(wet)
        pause = room_tone(rng.uniform(1.5, 3.0), nprng).astype(np.float64)
        parts.append(pause)
        position += len(pause)
    return np.clip(np.concatenate(parts), -32768, 32767).astype(np.int16), spans


def commands_right(
    path: Path,
    recognizer: SpeechRecognizer,
    standin: StandIn,
    spans: list[tuple[float, float, str]],
    **options: Any,
) -> int:
    heard: list[Utterance] = []
    listener = Listener(WavFileSource(path), recognizer, heard.append, **options)
    listener.start()
    listener.wait()
    right: set[int] = set()
    for utterance in heard:
        end = utterance.audio_end or 0.0
        for index, (start, stop, sentence) in enumerate(spans):
            if start + 0.2 <= end <= stop + 1.0:
                italian = standin.italian(utterance.text)
                if utterance.sentence is not None and parse(italian) == parse(sentence):
                    right.add(index)
                break
    return len(right)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--commands", type=int, default=20, help="commands per room")
    parser.add_argument("--rooms", default=",".join(ROOMS), help="comma-separated names")
    args = parser.parse_args(argv)
    try:
        import nara_wpe  # noqa: F401
    except ImportError:
        variants = ["none", "late"]
        print("nara_wpe is not installed: WPE left out (pip install nara_wpe)", flush=True)
    else:
        variants = ["none", "late", "wpe"]
    standin = StandIn.for_vocabulary(vocabulary())
    recognizer = SpeechRecognizer(
        ko_model(),
        recognised(standin, table_sentences(PLAYED), voice.PRIOR),
        model_path=KO_MODEL_PATH,
    )
    sentences = command_sentences(args.commands, args.seed, PLAYED.allows)
    figures: dict[str, dict[str, Any]] = {}
    rng, nprng = random.Random(args.seed), np.random.default_rng(args.seed)
    with tempfile.TemporaryDirectory(prefix="bench-dereverb-") as folder:
        for name in args.rooms.split(","):
            room, level = ROOMS[name]
            audio, spans = recording(standin, sentences, room, level, args.seed, rng, nprng)
            seconds = len(audio) / RATE
            for variant in variants:
                began = time.process_time()
                heard_audio = wpe_offline(audio) if variant == "wpe" else audio
                cpu = time.process_time() - began
                path = write_wav(Path(folder) / f"{name}-{variant}.wav", heard_audio)
                options = {} if variant == "late" else {"dereverb": None}
                right = commands_right(path, recognizer, standin, spans, **options)
                figures.setdefault(name, {})[variant] = {
                    "right": right,
                    "count": len(spans),
                    "cpu_per_audio_second": round(cpu / seconds, 3),
                }
                print(
                    f"{name:<12} {variant:<5} right {right}/{len(spans)}"
                    f"  (dereverberation outside the listener: {cpu / seconds:.2f} s CPU per s)",
                    flush=True,
                )
    print(json.dumps({"seed": args.seed, "rooms": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
