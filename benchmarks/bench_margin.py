"""Where the recogniser's mended-sentence lines come from (speech/recognizer.py).

The room benchmark's commands (bench_room.py: the Korean stand-in of Italian grammar
sentences, said in the window and after "domino", clean and in 20 and 10 dB pink noise) and
its sound not addressed to the game (clean, and mixed with pink noise at the level the 10 dB
commands have) go one by one through the real `SpeechRecognizer`, with RNNoise in front in
noise as in a noisy room. For every result it notes what the word list and the sentence
decoder heard and their log likelihoods; then it tries the lines:

- `margin`: a mended sentence counts (unsure, waiting for "sì") when the free words fit the
  audio better by at most this much;
- `one word`: whether a mended one-word sentence counts at all.

Printed per line: the fraction of commands heard right (said or mended) in each condition, and
how many of the other sounds were taken for a command. The recogniser uses the quiet room's
line for clean audio and the noisy room's for audio in noise.

    PYTHONPATH=.:tests python benchmarks/bench_margin.py              # 60 sentences, 15 min
    PYTHONPATH=.:tests python benchmarks/bench_margin.py --quick      # 12 sentences, 2 min

The last line is one JSON object with the figures of the recogniser's own lines.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

import bench_room  # noqa: E402
from korean_speech import KO_MODEL_PATH, RATE, Int16, ko_model  # noqa: E402
from korean_standin import StandIn  # noqa: E402
from room_corpus import at_level, non_addressed, pink_noise, room_tone  # noqa: E402

from voicedomino.dialog.parser import grammar_sentences, vocabulary  # noqa: E402
from voicedomino.speech import recognizer  # noqa: E402
from voicedomino.speech.denoise import RnNoiseSuppressor  # noqa: E402

LEAD_S = 0.3  # room tone before and after each clip, as the listener's look-back gives
NOISE_LEAD_S = 1.0  # noise before a clip in noise: the suppressor settles on it


@dataclass(frozen=True)
class Decoded:
    """One final result: the sentence decoder's sentence and log likelihood, the word list's
    words, and the log likelihood of the free words (the word list scored)."""

    sentence: str
    sentence_likelihood: float | None
    words: str
    free_likelihood: float | None


@dataclass(frozen=True)
class Row:
    kind: str  # command, or the kind of sound not addressed to the game
    condition: str  # clean, 20db, 10db
    truth: str  # the Korean sentence said; "" for other sound
    results: tuple[Decoded, ...]


class Recorder:
    """The real recogniser, with `judge` watched to keep what both decoders said."""

    def __init__(self, sentences: list[str]) -> None:
        self.recognizer = recognizer.SpeechRecognizer(
            ko_model(), sentences, model_path=KO_MODEL_PATH
        )
        self._seen: list[Decoded] = []
        real_judge = recognizer.judge

        def watched(
            sentence_json: str,
            scored_json: Callable[[], str],
            words_json: str,
            beginnings: frozenset[str],
            *,
            noisy_room: bool = False,
        ) -> recognizer.Utterance:
            best, likelihood = recognizer._best_alternative(sentence_json)
            _free, free_likelihood = recognizer._best_alternative(scored_json())
            self._seen.append(
                Decoded(
                    " ".join(str((best or {}).get("text", "")).split()),
                    likelihood,
                    recognizer.Utterance.from_vosk(words_json).text,
                    free_likelihood,
                )
            )
            return real_judge(
                sentence_json, scored_json, words_json, beginnings, noisy_room=noisy_room
            )

        recognizer.judge = watched  # type: ignore[assignment]

    def decode(self, samples: Int16, noisy: bool, rng: np.random.Generator) -> tuple[Decoded, ...]:
        lead = room_tone(LEAD_S, rng)
        pcm = np.concatenate([lead, samples, lead]).astype(np.int16).tobytes()
        if noisy:
            suppressor = RnNoiseSuppressor()
            step = 960  # 30 ms, as the listener's frames
            pcm = b"".join(suppressor.process(pcm[i : i + step]) for i in range(0, len(pcm), step))
            pcm = pcm[round(NOISE_LEAD_S * RATE) * 2 :]
        self.recognizer.noisy_room = noisy
        self._seen = []
        for at in range(0, len(pcm), 3200):
            self.recognizer.accept(pcm[at : at + 3200])
        self.recognizer.finish()
        return tuple(self._seen)


def accepted(result: Decoded, sentences: set[str], margin: float, one_word: bool) -> bool:
    """Whether the recogniser, with these lines, hands `result` over as a sentence (as
    `recognizer.judge` decides, with the lines tried here)."""
    if result.sentence not in sentences or result.sentence_likelihood is None:
        return False
    if result.words == result.sentence:
        return True  # the word list heard it itself
    return recognizer.mended_sentence_holds(
        result.sentence,
        result.sentence_likelihood,
        lambda: result.free_likelihood,
        margin,
        1 if one_word else recognizer.MENDED_MIN_WORDS_NOISY,
    )


def score(
    rows: list[Row], sentences: set[str], quiet: float, noisy: float, one_word_noisy: bool
) -> dict[str, float | int]:
    figures: dict[str, float | int] = {}
    for condition in bench_room.CONDITIONS:
        margin = quiet if condition == "clean" else noisy
        one_word = condition == "clean" or one_word_noisy
        said = [r for r in rows if r.kind == "command" and r.condition == condition]
        right = sum(
            any(
                d.sentence == r.truth and accepted(d, sentences, margin, one_word)
                for d in r.results
            )
            for r in said
        )
        figures[f"commands_{condition}"] = round(right / len(said), 3) if said else 0.0
    for condition, margin, one_word in (("clean", quiet, True), ("10db", noisy, one_word_noisy)):
        others = [r for r in rows if r.kind != "command" and r.condition == condition]
        taken = sum(
            any(accepted(d, sentences, margin, one_word) for d in r.results) for r in others
        )
        figures[f"other_sounds_taken_{condition}"] = taken
    figures["other_sounds"] = sum(1 for r in rows if r.kind != "command") // 2
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a couple of minutes")
    parser.add_argument("--seed", type=int, default=10)
    args = parser.parse_args(argv)
    count, minutes = (12, 2.0) if args.quick else (60, 15.0)
    began = time.monotonic()

    standin = StandIn.for_vocabulary(vocabulary())
    korean = standin.sentences(grammar_sentences())
    commands = bench_room.command_clips(
        standin, bench_room.command_sentences(count, args.seed), args.seed
    )
    voiced = [
        p.voice[np.abs(p.voice.astype(np.int32)) > 100] for p in commands if p.voice is not None
    ]
    voice_rms = float(np.median([np.sqrt(np.mean(v.astype(np.float64) ** 2)) for v in voiced]))
    noise_rms = voice_rms / 10 ** (10 / 20)  # the 10 dB commands' noise

    recorder = Recorder(korean)
    rng = np.random.default_rng(args.seed)
    rows = [
        Row(
            "command",
            p.condition,
            standin.korean(p.clip.label),
            recorder.decode(p.clip.samples, p.condition != "clean", rng),
        )
        for p in commands
    ]
    for index, clip in enumerate(non_addressed(minutes, args.seed)):
        rows.append(Row(clip.kind, "clean", "", recorder.decode(clip.samples, False, rng)))
        padded = np.concatenate(
            [np.zeros(round(NOISE_LEAD_S * RATE), np.int16), clip.samples, np.zeros(9600, np.int16)]
        )
        noise = at_level(pink_noise(len(padded) / RATE, args.seed + index), noise_rms)
        mixed = np.clip(padded.astype(np.float64) + noise[: len(padded)], -32768, 32767)
        rows.append(Row(clip.kind, "10db", "", recorder.decode(mixed.astype(np.int16), True, rng)))
    print(
        f"{len(commands)} commands, {len(rows) - len(commands)} other sounds (clean and in "
        f"noise), decoded in {time.monotonic() - began:.0f} s",
        flush=True,
    )

    sentences = set(korean)
    for margin in (1.0, 2.0, 4.0, 6.0, 8.0, 10.0):
        for one_word in (True, False):
            figures = score(rows, sentences, recognizer.MENDED_MARGIN, margin, one_word)
            print(f"noisy margin {margin:4.1f}, mended one-word {'yes' if one_word else 'no '}: "
                  + ", ".join(f"{k} {v}" for k, v in figures.items()))  # fmt: skip
    own = score(
        rows,
        sentences,
        recognizer.MENDED_MARGIN,
        recognizer.MENDED_MARGIN_NOISY,
        recognizer.MENDED_MIN_WORDS_NOISY <= 1,
    )
    print(json.dumps({"mended_margin": recognizer.MENDED_MARGIN,
                      "mended_margin_noisy": recognizer.MENDED_MARGIN_NOISY,
                      "mended_min_words_noisy": recognizer.MENDED_MIN_WORDS_NOISY,
                      **own, "wall_s": round(time.monotonic() - began, 1)}))  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
