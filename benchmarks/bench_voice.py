"""Voice input latency: from the end of a spoken word to its result reaching `on_utterance`.

A WAV file of espeak-ng Korean words separated by silences is played at real-time pace through
WavFileSource -> SpeechRecognizer (real Korean Vosk model, Korean grammar) -> Listener. Where
each word ends in the file is known from the synthesis, so the latency of each result is
    (time on_utterance got it) - (time that point of the file was "captured").
Also printed: model load time, time from start until listening, peak RSS.

    PYTHONPATH=.:tests python benchmarks/bench_voice.py                 # 60 words, real time
    PYTHONPATH=.:tests python benchmarks/bench_voice.py --endpoint-silence none   # Vosk only
    PYTHONPATH=.:tests python benchmarks/bench_voice.py --fast          # as fast as possible

`--fast` skips real-time pacing: wall-clock latency is then meaningless, but the detection lag
(in audio time: where the result was closed minus where speech ended) is still measured, which
makes comparing end-of-speech settings quick.

`--handler module:factory` extends the measurement to the game's response: `factory()` must
return a callable `handle(utterance) -> float | None` run in the listener thread after each
result; it returns the monotonic time its response started (speech handed over, cue started),
and those latencies are printed too.

Targets: median <= 300 ms, p95 <= 500 ms, listening <= 2 s after start, RSS <= 300 MB.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from korean_speech import (  # noqa: E402
    KO_MODEL_PATH,
    KOREAN_GRAMMAR,
    RELIABLE,
    Segment,
    sequence_file,
)
from memory import peak_rss_mb, rss_mb  # noqa: E402

from voicedomino.speech.listener import DEFAULT_ENDPOINT_SILENCE, Listener, Notice  # noqa: E402
from voicedomino.speech.model import load_model  # noqa: E402
from voicedomino.speech.recognizer import SpeechRecognizer, Utterance  # noqa: E402
from voicedomino.speech.sources import DEFAULT_BLOCK_SECONDS, WavFileSource  # noqa: E402

Handler = Callable[[Utterance], float | None]


@dataclass
class Run:
    utterances: list[Utterance] = field(default_factory=list)
    delivered_at: list[float] = field(default_factory=list)
    responded_at: list[float | None] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)


def load_handler(spec: str | None) -> Handler | None:
    if not spec:
        return None
    module_name, _, factory_name = spec.partition(":")
    factory = getattr(importlib.import_module(module_name), factory_name or "make_handler")
    handler: Handler = factory()
    return handler


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(name: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{name}: no data"
    ms = [1000 * s for s in seconds]
    return (
        f"{name}: median {statistics.median(ms):.0f} ms, p95 {percentile(ms, 0.95):.0f} ms, "
        f"min {min(ms):.0f} ms, max {max(ms):.0f} ms (n={len(ms)})"
    )


def match(run: Run, segments: list[Segment]) -> list[tuple[int, Segment]]:
    """Pair each result with the word whose speech ended last before the result was closed."""
    pairs = []
    for index, utterance in enumerate(run.utterances):
        if utterance.audio_end is None:
            continue
        before = [s for s in segments if s.speech_end <= utterance.audio_end]
        if before:
            pairs.append((index, before[-1]))
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--utterances", type=int, default=60)
    parser.add_argument("--gap", type=float, default=0.8, help="silence after each word (s)")
    parser.add_argument("--block", type=float, default=DEFAULT_BLOCK_SECONDS, help="frame (s)")
    parser.add_argument(
        "--endpoint-silence",
        default=str(DEFAULT_ENDPOINT_SILENCE),
        help="quiet (s) that closes an utterance early, or 'none' for Vosk's endpointing only",
    )
    parser.add_argument("--fast", action="store_true", help="no real-time pacing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--handler", help="module:factory giving handle(utterance) -> time")
    args = parser.parse_args(argv)
    endpoint = None if args.endpoint_silence == "none" else float(args.endpoint_silence)
    handler = load_handler(args.handler)

    rng = random.Random(args.seed)
    texts = [RELIABLE[i % len(RELIABLE)] for i in range(args.utterances)]
    rng.shuffle(texts)
    with tempfile.TemporaryDirectory(prefix="bench-voice-") as folder:
        wav = Path(folder) / "speech.wav"
        segments = sequence_file(wav, texts, gap=args.gap, lead=0.5)

        started = time.monotonic()
        model = load_model(KO_MODEL_PATH)
        loaded = time.monotonic()
        rss_after_load = rss_mb()
        recognizer = SpeechRecognizer(model, KOREAN_GRAMMAR)
        source = WavFileSource(wav, realtime=not args.fast, block_seconds=args.block)
        run = Run()

        def on_utterance(utterance: Utterance) -> None:
            run.delivered_at.append(time.monotonic())
            run.utterances.append(utterance)
            if handler is not None:
                run.responded_at.append(handler(utterance))

        listener = Listener(
            source,
            recognizer,
            on_utterance,
            endpoint_silence=endpoint,
            on_notice=run.notices.append,
        )
        if not listener.start():
            print(f"listener did not start: {run.notices}")
            return 1
        listening = time.monotonic()
        listener.wait()

    pairs = match(run, segments)
    correct = sum(run.utterances[i].text == s.text for i, s in pairs)
    lags = [run.utterances[i].audio_end - s.speech_end for i, s in pairs]  # type: ignore[operator]
    peak_rss = peak_rss_mb()

    print(f"model: {KO_MODEL_PATH.name} (Korean), grammar of {len(recognizer.grammar)} entries")
    print(
        f"input: {len(texts)} words, {source.duration:.1f} s of audio, "
        f"{'as fast as possible' if args.fast else 'real-time pace'}, "
        f"frames of {1000 * args.block:.0f} ms, end-of-speech "
        f"{'Vosk only' if endpoint is None else f'after {1000 * endpoint:.0f} ms quiet'}"
    )
    print(f"model load: {1000 * (loaded - started):.0f} ms")
    print(f"listening after start: {1000 * (listening - started):.0f} ms")
    print(f"results: {len(run.utterances)} for {len(texts)} words, {correct} correct")
    print(summary("detection lag (audio time)", lags))
    if not args.fast:
        latencies = [run.delivered_at[i] - (source.started_at + s.speech_end) for i, s in pairs]
        print(summary("end of speech -> on_utterance", latencies))
        if pairs:
            first_index, first_segment = pairs[0]
            print(
                "first word recognised "
                f"{1000 * (run.delivered_at[first_index] - started):.0f} ms after start "
                f"(it ended {first_segment.speech_end:.2f} s into the audio)"
            )
        if handler is not None:
            responses = [
                responded - (source.started_at + s.speech_end)
                for (i, s) in pairs
                if (responded := run.responded_at[i]) is not None
            ]
            print(summary("end of speech -> response started", responses))
    print(f"RSS after model load: {rss_after_load:.0f} MB, at the end: {rss_mb():.0f} MB")
    print(f"peak RSS: {peak_rss:.0f} MB")
    if run.notices:
        print(f"notices: {[n.key for n in run.notices]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
