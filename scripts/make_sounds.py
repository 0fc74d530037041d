"""Synthesise the game's audio cues (deterministic numpy) into WAV files.

    python scripts/make_sounds.py            # writes voicedomino/data/sounds/ and sounds/
    python scripts/make_sounds.py --out DIR  # writes only DIR

Design, so that cues are told apart by ear alone:
- every seat lays its tiles with a timbre of its own: you a bright marimba; the first computer
  seat a soft reed; the second a ringing bell; the third a dull low wooden pluck. They differ
  in register (spectral centroid) and in envelope (slow reed swell, long bell ring, short thuds);
- head (testa) is a rising two-note figure that ends high, tail (coda) a falling one that ends
  low, so head and tail differ on one earphone too;
- the spinner's arms have a figure of their own: three notes, an octave leap and the top (or
  bottom) note struck again, up for sopra and down for sotto, so no arm sounds like another;
- placement files are centred (left = right): the game pans each one to its seat's place;
- every tile placement starts with a short click of a tile on the table.
All files are 16-bit stereo at 22050 Hz (the speech rate, so the mixer never resamples).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from voicedomino.audio.cue_names import ARM_CUES, PLACE_CUES, Cue  # noqa: E402
from voicedomino.audio.sound import Sound  # noqa: E402
from voicedomino.audio.wav import write_wav  # noqa: E402

RATE = 22050
PEAK = 0.7
LOUDNESS_RMS = 0.18  # caps steady sounds (the buzz) so no cue is much louder than the others
SEED = 20240607
# Placement cues are panned by the mixer, up to +3 dB in one channel at the sides: keep the
# peak below 1/sqrt(2), and give every seat the same A-weighted loudness.
PLACEMENT_PEAK = 0.68
PLACEMENT_A_RMS = 0.1
Signal = npt.NDArray[np.float64]

# Note frequencies (Hz), equal temperament.
C4, E4, F4, FS4, G4 = 261.63, 329.63, 349.23, 369.99, 392.00
EB4 = 311.13
A3 = 220.00
C5, E5, G5, C6, E6, G6, C7 = 523.25, 659.26, 783.99, 1046.50, 1318.51, 1567.98, 2093.00

FIFTH = 1.5  # the interval of the head (up) and tail (down) figures
OCTAVE = 2.0  # the leap of the arms above (up) and below (down) a spinner


def _t(duration: float) -> Signal:
    return np.arange(round(duration * RATE), dtype=np.float64) / RATE


def _envelope(duration: float, tau: float, attack: float = 0.004) -> Signal:
    t = _t(duration)
    env = np.exp(-t / tau)
    ramp = np.minimum(1.0, t / attack)
    release = np.minimum(1.0, (duration - t) / 0.01)  # no click at the end
    shaped: Signal = env * ramp * np.clip(release, 0.0, 1.0)
    return shaped


def _partials(
    freq: float, duration: float, partials: list[tuple[float, float]], spread: bool = False
) -> Signal:
    """Sum of sine partials `(multiple of freq, amplitude)`; `spread` staggers their phases so
    their crests do not line up (a lower peak for the same loudness)."""
    t = _t(duration)
    out = np.zeros_like(t)
    for index, (mult, amp) in enumerate(partials):
        phase = index * index * np.pi / len(partials) if spread else 0.0
        out += amp * np.sin(2 * np.pi * freq * mult * t + phase)
    return out


def marimba(freq: float, duration: float = 0.25) -> Signal:
    """Bright, pure, quickly decaying: the player's own voice."""
    body = _partials(freq, duration, [(1, 1.0), (3.9, 0.3), (9.2, 0.06)])
    return body * _envelope(duration, tau=0.09)


def reed(freq: float, duration: float = 0.3) -> Signal:
    """Buzzy odd harmonics, slower decay: the computer's voice."""
    harmonics = [(float(k), 1.0 / k) for k in (1, 3, 5, 7, 9)]
    return _partials(freq, duration, harmonics) * 0.6 * _envelope(duration, tau=0.16, attack=0.02)


def soft_reed(freq: float, duration: float = 0.3) -> Signal:
    """A clarinet-like swell, odd harmonics and a little vibrato: the first computer seat."""
    t = _t(duration)
    vibrato = 0.004 * np.sin(2 * np.pi * 5.5 * t)
    phase = 2 * np.pi * freq * (t + np.cumsum(vibrato) / RATE)
    tone = np.zeros_like(t)
    for k in (1, 3, 5, 7, 9, 11):
        tone += np.sin(k * phase) / np.sqrt(k)
    return tone * _envelope(duration, tau=0.6, attack=0.045)


def bell(freq: float, duration: float = 0.3) -> Signal:
    """A struck metal bell (FM, inharmonic): bright, instant and long ringing: the second."""
    t = _t(duration)
    index = 2.2 * np.exp(-t / 0.25)  # bright at the strike, purer as it rings
    tone = np.sin(2 * np.pi * freq * t + index * np.sin(2 * np.pi * freq * 3.5 * t))
    return tone * _envelope(duration, tau=0.4, attack=0.001)


def wood_bass(freq: float, duration: float = 0.3) -> Signal:
    """A low, dull wooden pluck that dies at once: the third computer seat. Its few upper
    partials keep it audible on small speakers that cannot play the fundamental."""
    partials = [(1.0, 1.0), (2.0, 0.9), (3.0, 0.6), (4.2, 0.25), (5.4, 0.1)]
    body = _partials(freq, duration, partials, spread=True)
    return body * _envelope(duration, tau=0.1, attack=0.008)


def click(rng: np.random.Generator, duration: float = 0.015) -> Signal:
    """A tile laid on the table: a high, very short noise tick."""
    noise = rng.standard_normal(round(duration * RATE))
    bright = np.diff(noise, prepend=0.0)
    return 0.15 * bright * _envelope(duration, tau=0.003, attack=0.0005)


def knock(rng: np.random.Generator) -> Signal:
    """A knuckle on wood: a damped low thump plus a little noise."""
    duration = 0.12
    t = _t(duration)
    thump = np.sin(2 * np.pi * 150 * t) * np.exp(-t / 0.025)
    wood = 0.4 * np.sin(2 * np.pi * 620 * t) * np.exp(-t / 0.012)
    noise = 0.2 * rng.standard_normal(t.size) * np.exp(-t / 0.005)
    return (thump + wood + noise) * np.minimum(1.0, t / 0.001)


def buzz(freq: float, duration: float) -> Signal:
    """A soft square wave: the 'not allowed' sound."""
    t = _t(duration)
    square = np.sign(np.sin(2 * np.pi * freq * t))
    smooth = np.convolve(square, np.ones(8) / 8, mode="same")
    return 0.5 * smooth * _envelope(duration, tau=1.0, attack=0.005)


def glide(start: float, end: float, duration: float = 0.15) -> Signal:
    """A sine sweeping from `start` to `end` Hz: listening earcons."""
    t = _t(duration)
    freq = np.geomspace(start, end, t.size)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return np.sin(phase) * np.sin(np.pi * t / duration)


def shuffle(rng: np.random.Generator, duration: float = 0.4) -> Signal:
    """A tile slid out of the boneyard: band-limited noise with three bumps."""
    t = _t(duration)
    noise = rng.standard_normal(t.size)
    band = np.convolve(np.diff(noise, prepend=0.0), np.ones(6) / 6, mode="same")
    bumps = np.abs(np.sin(np.pi * 3 * t / duration)) * np.exp(-t / 0.3)
    shaped: Signal = 0.8 * band * bumps
    return shaped


def sequence(parts: list[tuple[float, Signal]], duration: float | None = None) -> Signal:
    """Mix `(start seconds, signal)` parts into one signal."""
    end = max(round(start * RATE) + sig.size for start, sig in parts)
    if duration is not None:
        end = max(end, round(duration * RATE))
    out = np.zeros(end)
    for start, sig in parts:
        i = round(start * RATE)
        out[i : i + sig.size] += sig
    return out


def stereo(signal: Signal) -> Sound:
    """Centred (left = right); scaled to `PEAK`, or less if it would be loud."""
    peak = float(np.max(np.abs(signal))) or 1.0
    rms = float(np.sqrt(np.mean(signal**2))) or 1.0
    return _centred(signal * min(PEAK / peak, LOUDNESS_RMS / rms))


def _centred(signal: Signal) -> Sound:
    return Sound(np.stack([signal, signal], axis=1).astype(np.float32), RATE)


def a_weighted_rms(signal: Signal) -> float:
    """RMS after the A-weighting curve: roughly how loud the ear finds it, low notes included."""
    spectrum = np.fft.rfft(signal)
    f2 = np.fft.rfftfreq(signal.size, 1 / RATE) ** 2
    curve = (12194.0**2 * f2**2) / (
        (f2 + 20.6**2) * np.sqrt((f2 + 107.7**2) * (f2 + 737.9**2)) * (f2 + 12194.0**2)
    )
    curve /= curve[np.argmin(np.abs(f2 - 1000.0**2))]  # 0 dB at 1 kHz
    weighted = np.fft.irfft(spectrum * curve, n=signal.size)
    return float(np.sqrt(np.mean(weighted**2)))


def _placement(
    rng: np.random.Generator, voice: Callable[[float, float], Signal], base: float, head: bool
) -> Sound:
    """A click, then two notes from `base`: a fifth up for the head, a fifth down for the tail.
    Centred, since the mixer pans it to the seat that played. Scaled to one A-weighted loudness
    for every seat, unless the peak would pass `PLACEMENT_PEAK` (the low wood reaches it first)."""
    second = base * FIFTH if head else base / FIFTH
    tick = click(rng)
    signal = sequence([(0.0, tick), (0.02, voice(base, 0.16)), (0.17, voice(second, 0.33))])
    peak = float(np.max(np.abs(signal)))
    return _centred(signal * min(PLACEMENT_PEAK / peak, PLACEMENT_A_RMS / a_weighted_rms(signal)))


def _arm_placement(
    rng: np.random.Generator, voice: Callable[[float, float], Signal], base: float, up: bool
) -> Sound:
    """A click, then three notes: an octave leap from `base` (up for sopra, down for sotto) and
    the far note struck again. Loudness as for the head and tail figures."""
    far = base * OCTAVE if up else base / OCTAVE
    tick = click(rng)
    signal = sequence(
        [(0.0, tick), (0.02, voice(base, 0.12)), (0.13, voice(far, 0.12)), (0.24, voice(far, 0.3))]
    )
    peak = float(np.max(np.abs(signal)))
    return _centred(signal * min(PLACEMENT_PEAK / peak, PLACEMENT_A_RMS / a_weighted_rms(signal)))


SEAT_VOICES: dict[int, tuple[Callable[[float, float], Signal], float]] = {
    0: (marimba, C5),
    1: (soft_reed, G4),
    2: (bell, E5),
    3: (wood_bass, A3),
}
"""Seat -> (voice, first note) of its placement cues."""


def build_cues() -> dict[str, Sound]:
    """Every cue by name; the same bytes on every run."""
    rng = np.random.default_rng(SEED)
    cues: dict[str, Sound] = {}
    for (seat, head), cue in PLACE_CUES.items():
        voice, base = SEAT_VOICES[seat]
        cues[cue] = _placement(rng, voice, base, head)
    cues[Cue.YOUR_TURN] = stereo(
        sequence([(0.0, marimba(G5)), (0.09, marimba(C6)), (0.18, marimba(E6, 0.3))])
    )
    cues[Cue.DRAW] = stereo(shuffle(rng))
    cues[Cue.PASS] = stereo(sequence([(0.0, knock(rng)), (0.16, knock(rng))]))
    cues[Cue.INVALID] = stereo(sequence([(0.0, buzz(196, 0.12)), (0.17, buzz(165, 0.16))]))
    cues[Cue.BONUS] = stereo(
        sequence([(0.05 * i, marimba(f, 0.2)) for i, f in enumerate((C6, E6, G6, C7))])
    )
    cues[Cue.ROUND_WON] = stereo(
        sequence(
            [(0.0, marimba(C5)), (0.12, marimba(E5)), (0.24, marimba(G5)), (0.36, marimba(C6, 0.5))]
        ),
    )
    cues[Cue.ROUND_LOST] = stereo(
        sequence([(0.0, reed(G4, 0.3)), (0.22, reed(EB4, 0.3)), (0.44, reed(C4, 0.45))])
    )
    cues[Cue.BLOCKED] = stereo(
        sequence([(0.0, knock(rng)), (0.12, knock(rng)), (0.3, reed(C4, 0.45) + reed(FS4, 0.45))]),
    )
    chord = marimba(C6, 0.7) + marimba(E6, 0.7) + marimba(G6, 0.7)
    cues[Cue.MATCH_WON] = stereo(
        sequence(
            [
                (0.0, marimba(C5)),
                (0.1, marimba(E5)),
                (0.2, marimba(G5)),
                (0.3, marimba(C6)),
                (0.45, chord),
            ]
        ),
    )
    cues[Cue.MATCH_LOST] = stereo(
        sequence(
            [
                (0.0, reed(G4, 0.3)),
                (0.25, reed(FS4, 0.3)),
                (0.5, reed(F4, 0.3)),
                (0.75, reed(E4, 0.6)),
            ]
        ),
    )
    cues[Cue.LISTENING] = stereo(glide(660, 990))
    cues[Cue.LISTENING_END] = stereo(glide(990, 660))
    # Last, so that the generator gives every older cue the same bytes as before.
    for (seat, arm), cue in ARM_CUES.items():
        voice, base = SEAT_VOICES[seat]
        cues[cue] = _arm_placement(rng, voice, base, arm == "up")
    return cues


def write_cues(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, sound in build_cues().items():
        path = folder / f"{name}.wav"
        write_wav(path, sound)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, action="append", help="output folder (repeatable)")
    args = parser.parse_args(argv)
    folders = args.out or [ROOT / "voicedomino" / "data" / "sounds", ROOT / "sounds"]
    for folder in folders:
        for path in write_cues(folder):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
