"""Speech timing figures: synthesis time, speak() to first audio, stop_speech() to silence.

    python benchmarks/bench_speech.py [--repeats 10] [--latency low]

Synthesis is timed directly (pyttsx3 + espeak-ng). Playback is timed on a private virtual
sound card (PulseAudio null sink, as in the tests) when PulseAudio is installed; otherwise on
the default device if there is one; otherwise it is reported as unavailable.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from voicedomino.audio.output import AudioOutput  # noqa: E402
from voicedomino.audio.synthesis import Synthesizer  # noqa: E402

SENTENCES = [
    "Tocca a te.",
    "Il computer ha giocato il sei tre in testa.",
    "Hai pescato il due cinque.",
    "Passo.",
    "In testa c'è il quattro, in coda il sei.",
    "Non puoi giocare il tre uno: in testa c'è il cinque e in coda il due.",
    "Hai giocato il doppio sei: tocca ancora a te.",
    "Nel pozzo restano nove tessere.",
    "Il computer ha tre tessere in mano.",
    "Hai vinto la mano con ventisette punti.",
    "Il gioco è bloccato: si contano i punti.",
    "Le tue tessere: zero zero, uno quattro, due due, tre sei, cinque sei.",
    "Il computer pesca una tessera.",
    "Il computer passa.",
    "Vuoi metterla in testa o in coda?",
    "Punteggio: tu quarantadue, computer trentotto.",
    "Partita a cento punti, livello medio.",
    "Hai vinto la partita! Vuoi giocarne un'altra?",
    "Non ho capito. Puoi dire per esempio: gioca il tre due in coda.",
    "Il serpente va dal quattro al sei, con dodici tessere.",
    "Parlo più lentamente.",
    "Volume più alto.",
    "Il computer ha giocato il doppio zero: gioca ancora.",
    "Nessuna tessera si attacca: peschi dal pozzo.",
    "Il pozzo è vuoto: devi passare.",
    "Ultima tessera giocata: il cinque uno in coda dal computer.",
    "Hai sette tessere: tre doppi e quattro tessere miste.",
    "La mano è finita. Il computer aveva undici punti in mano.",
    "Inizia il computer con il doppio sei.",
    "Buona partita! Di' aiuto quando vuoi sapere cosa puoi dire.",
]
LONG = " ".join(SENTENCES[1:8])


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def summary(label: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{label}: median {statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
        f"max {max(ms):.1f} ms (n={len(ms)})"
    )


def bench_synthesis(repeats: int) -> None:
    began = time.perf_counter()
    synth = Synthesizer()
    started_ms = 1000 * (time.perf_counter() - began)
    print(f"synthesizer start (pyttsx3 init + first synthesis): {started_ms:.0f} ms")
    times: list[float] = []
    audio: list[float] = []
    for _ in range(repeats):
        for sentence in SENTENCES:
            began = time.perf_counter()
            sound = synth.synthesize(sentence, rate_wpm=175)
            times.append(time.perf_counter() - began)
            audio.append(sound.duration)
    summary(f"synthesis per sentence ({len(SENTENCES)} sentences x {repeats})", times)
    ratio = sum(times) / sum(audio)
    print(f"synthesis speed: {1 / ratio:.0f}x real time")


def bench_playback(out: AudioOutput, card: Any, repeats: int) -> None:
    to_callback: list[float] = []
    to_audible: list[float] = []
    stop_to_callback_silence: list[float] = []
    stop_to_audible_silence: list[float] = []
    for i in range(repeats):
        sentence = SENTENCES[i % len(SENTENCES)]
        recorder = card.recorder() if card else None
        if recorder:
            recorder.wait_started()
        time.sleep(0.1)
        began = time.monotonic()
        out.speak(sentence)
        while out.speech_started_at is None or out.speech_started_at < began:
            time.sleep(0.0005)
        to_callback.append(out.speech_started_at - began)
        out.wait_idle(15)
        if recorder:
            span = recorder.stop().sounding_span()
            if span:
                to_audible.append(span[0] - began)

        recorder = card.recorder() if card else None
        if recorder:
            recorder.wait_started()
        began = time.monotonic()
        out.speak(LONG)
        while out.speech_started_at is None or out.speech_started_at < began:
            time.sleep(0.0005)
        time.sleep(0.5)
        stop = time.monotonic()
        out.stop_speech()
        out.wait_idle(5)
        # wait_idle ends when the last rendered block has left the speaker (latency included).
        stop_to_callback_silence.append(time.monotonic() - stop)
        time.sleep(0.1)
        if recorder:
            span = recorder.stop().sounding_span()
            if span:
                stop_to_audible_silence.append(span[1] - stop)
    summary("speak() to first speech frame in the stream callback", to_callback)
    if to_audible:
        summary("speak() to speech heard on the virtual card", to_audible)
    summary("stop_speech() to idle (is_sounding() false)", stop_to_callback_silence)
    if stop_to_audible_silence:
        summary("stop_speech() to silence on the virtual card", stop_to_audible_silence)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--latency", default="high", help="PortAudio latency: low, high or seconds")
    args = parser.parse_args()
    latency: float | str = args.latency
    with contextlib.suppress(ValueError):
        latency = float(args.latency)

    bench_synthesis(max(1, args.repeats // 3))

    card = None
    try:
        from virtual_audio import VirtualSoundCard, VirtualSoundCardError

        card = VirtualSoundCard(Path(tempfile.mkdtemp(prefix="vd-bench-")))
        card.start()
        print("playback on: virtual sound card (PulseAudio null sink)")
    except (ImportError, VirtualSoundCardError) as exc:
        card = None
        print(f"virtual sound card unavailable ({exc}); using the default device")
    try:
        notices: list[str] = []
        out = AudioOutput(on_notice=notices.append, latency=latency)
        out.start()
        if not out.available:
            print(f"playback timing unavailable: no output device ({', '.join(notices)})")
            return 0
        print(f"output stream: {out.sample_rate} Hz, latency {1000 * out.output_latency_s:.1f} ms")
        bench_playback(out, card, args.repeats)
        out.close()
    finally:
        if card:
            card.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
