"""Sound in a room, made at run time and the same every time: what the game must ignore, and
commands the player gives it.

Not addressed to the game: speech in several languages and voices (espeak-ng, with pitch and
speed varied), Italian chatter that is not a command, short interjections, noise bursts (sox
white, pink and brown noise), music-like tones and chords, clicks and silence. Addressed:
Italian grammar sentences said through the Korean stand-in (tests/korean_standin.py), clean or
in pink noise at a given signal-to-noise ratio.

Everything is synthesised by espeak-ng and sox from a seed; nothing large is committed.
"""

from __future__ import annotations

import random
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
from korean_speech import RATE, Int16
from korean_standin import espeak

ITALIAN_CHATTER = (
    "Domani piove, ha detto il meteo, meglio prendere l'ombrello.",
    "Hai visto che bella partita ieri sera alla televisione?",
    "Passami il sale, per favore, la pasta è sciapa.",
    "Mia sorella arriva stasera con il treno delle otto.",
    "Il telegiornale dice che il traffico in autostrada è bloccato.",
    "Ho comprato il pane fresco e un po' di formaggio.",
    "Chissà se il dottore riceve anche il sabato mattina.",
    "Questa canzone la ballavamo da ragazzi, te la ricordi?",
    "Il gatto è salito di nuovo sul tetto del vicino.",
    "Chiudi la finestra che entra freddo, brrr.",
    "Allora ci vediamo giovedì al bar della piazza.",
    "Il nipote ha vinto la gara di nuoto della scuola.",
    "Non trovo più gli occhiali, li hai visti da qualche parte?",
    "La bolletta della luce quest'anno è carissima.",
    "Stasera facciamo le lasagne come le faceva la nonna.",
    "Il pullman delle nove è passato in ritardo anche oggi.",
    "Secondo me quel film era più bello al cinema.",
    "Ricordati di annaffiare i gerani sul balcone.",
    "La partita a carte dal circolo comincia alle quattro.",
    "Ha telefonato Giuseppe, richiama quando puoi.",
)
OTHER_SPEECH = {
    "en": (
        "The weather will be cloudy tomorrow with a chance of rain in the north.",
        "Could you turn the television down a little, please?",
        "Breaking news: the minister will speak at noon today.",
        "I think we should leave before the traffic gets worse.",
    ),
    "de": (
        "Morgen wird es im Süden sonnig und warm.",
        "Kannst du bitte das Fenster zumachen?",
        "Die Nachrichten beginnen um acht Uhr.",
    ),
    "fr": (
        "Le train de dix heures est annoncé avec du retard.",
        "Tu veux encore un peu de café?",
        "La météo prévoit de la pluie pour le week-end.",
    ),
    "es": (
        "Mañana vamos al mercado a comprar fruta.",
        "¿Has visto las noticias de esta mañana?",
        "El partido empieza a las nueve de la noche.",
    ),
    "pt": ("O jantar está pronto, venham para a mesa.", "Amanhã vai fazer muito calor."),
    "ko": (
        "오늘 저녁에 친구들이랑 밥 먹기로 했어.",
        "내일은 비가 온다고 하니까 우산 챙겨.",
        "뉴스에서 교통 상황이 안 좋다고 하네요.",
        "커피 한 잔 더 마실래요?",
    ),
}
INTERJECTIONS = {
    "it": ("eh", "oh", "mah", "boh", "ecco", "dai", "uffa", "mamma mia", "ah sì", "mh", "beh"),
    "ko": ("아", "어", "음", "네", "와", "헐", "아이고", "그래"),
    "en": ("hmm", "wow", "oops", "yeah", "oh no"),
}
VOICE_VARIANTS = ("", "+m1", "+m3", "+f1", "+f3", "+m7", "+f4")


@dataclass(frozen=True, eq=False)  # audio arrays: clips are told apart by identity
class Clip:
    kind: str  # "speech", "interjection", "noise", "tones", "click", "silence", "command"
    label: str  # what it is, for the report
    samples: Int16
    expected: str | None = None  # the Italian sentence of a command

    @property
    def seconds(self) -> float:
        return len(self.samples) / RATE


def sox(*effects: str, seconds: float) -> Int16:
    """Audio made by `sox -n`: `synth` and other effects, 16 kHz mono int16."""
    command = ["sox", "-R", "-n", "-t", "raw", "-r", str(RATE), "-c", "1", "-b", "16"]
    command += ["-e", "signed-integer", "-L", "-", "synth", f"{seconds:.3f}", *effects]
    raw = subprocess.run(command, check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype="<i2").copy()


def at_level(samples: Int16, rms: float) -> Int16:
    """`samples` scaled to the given RMS (clipped to 16 bits)."""
    current = float(np.sqrt(np.mean(samples.astype(np.float64) ** 2))) or 1.0
    scaled = samples.astype(np.float64) * (rms / current)
    return np.clip(scaled, -32768, 32767).astype(np.int16)


def pink_noise(seconds: float, seed: int) -> Int16:
    # sox -R repeats the same noise for the same call, so a seeded slice of a long run is taken.
    base = _pink_base()
    start = random.Random(seed).randrange(0, max(1, len(base) - round(seconds * RATE)))
    return base[start : start + round(seconds * RATE)]


_PINK: list[Int16] = []


def _pink_base() -> Int16:
    if not _PINK:
        _PINK.append(sox("pinknoise", "vol", "0.5", seconds=30.0))
    return _PINK[0]


def with_noise(speech: Int16, snr_db: float | None, seed: int) -> Int16:
    """Speech in pink noise at `snr_db` (over the voiced part), or as it is when None."""
    if snr_db is None:
        return speech
    voiced = speech[np.abs(speech.astype(np.int32)) > 100].astype(np.float64)
    # (the level of the voice only: leading or trailing silence does not lower it)
    speech_rms = float(np.sqrt(np.mean(voiced**2))) if len(voiced) else 1000.0
    noise = at_level(pink_noise(len(speech) / RATE, seed), speech_rms / 10 ** (snr_db / 20))
    mixed = speech.astype(np.float64) + noise[: len(speech)]
    return np.clip(mixed, -32768, 32767).astype(np.int16)


def room_tone(seconds: float, rng: np.random.Generator, rms: float = 20.0) -> Int16:
    return rng.normal(0, rms, round(seconds * RATE)).astype(np.int16)


def _speech_clip(rng: random.Random) -> Clip:
    language = rng.choice(["it", "it", "it", "en", "de", "fr", "es", "pt", "ko", "ko"])
    text = rng.choice(ITALIAN_CHATTER if language == "it" else OTHER_SPEECH[language])
    voice = language + rng.choice(VOICE_VARIANTS)
    samples = espeak(text, voice, rng.randrange(130, 200, 10), rng.randrange(25, 80, 5))
    return Clip("speech", f"{voice}: {text}", at_level(samples, rng.uniform(300, 4000)))


def _interjection_clip(rng: random.Random) -> Clip:
    language = rng.choice(sorted(INTERJECTIONS))
    word = rng.choice(INTERJECTIONS[language])
    voice = language + rng.choice(VOICE_VARIANTS)
    samples = espeak(word, voice, rng.randrange(120, 200, 10), rng.randrange(25, 80, 5))
    return Clip("interjection", f"{voice}: {word}", at_level(samples, rng.uniform(300, 4000)))


def _noise_clip(rng: random.Random) -> Clip:
    color = rng.choice(["whitenoise", "pinknoise", "brownnoise"])
    seconds = rng.uniform(0.15, 2.0)
    fade = f"{min(0.05, seconds / 4):.3f}"
    samples = sox(color, "fade", "q", fade, f"{seconds:.3f}", fade, seconds=seconds)
    return Clip("noise", f"{color} {seconds:.2f}s", at_level(samples, rng.uniform(200, 5000)))


_NOTES = (220.0, 246.9, 261.6, 293.7, 329.6, 349.2, 392.0, 440.0, 493.9, 523.3, 587.3, 659.3)


def _tones_clip(rng: random.Random) -> Clip:
    shape = rng.choice(["sine", "triangle", "square", "sawtooth"])
    if rng.random() < 0.5:  # a chord
        notes = rng.sample(_NOTES, 3)
        seconds = rng.uniform(0.4, 2.5)
        synth = [part for note in notes for part in (shape, f"{note}")]
        samples = sox(*synth, "fade", "q", "0.02", f"{seconds:.3f}", "0.2", seconds=seconds)
        label = f"{shape} chord {notes}"
    else:  # a little tune, one note after another
        parts = []
        for note in rng.choices(_NOTES, k=rng.randrange(3, 9)):
            length = rng.choice([0.15, 0.25, 0.4])
            parts.append(
                sox(shape, f"{note}", "fade", "q", "0.01", f"{length}", "0.05", seconds=length)
            )
        samples = np.concatenate(parts)
        label = f"{shape} tune of {len(parts)} notes"
    return Clip("tones", label, at_level(samples, rng.uniform(200, 4000)))


def _click_clip(rng: random.Random, nprng: np.random.Generator) -> Clip:
    samples = room_tone(rng.uniform(0.3, 1.0), nprng)
    for _ in range(rng.randrange(1, 6)):
        at = rng.randrange(0, len(samples) - 160)
        width = rng.randrange(16, 160)
        samples[at : at + width] = rng.choice([-1, 1]) * rng.randrange(5000, 30000)
    return Clip("click", "clicks", samples)


def non_addressed(minutes: float, seed: int = 10) -> Iterator[Clip]:
    """Clips not meant for the game, `minutes` long in all (gaps not counted)."""
    rng = random.Random(seed)
    nprng = np.random.default_rng(seed)
    kinds = ["speech"] * 10 + ["interjection"] * 5 + ["noise"] * 3 + ["tones"] * 3
    kinds += ["click", "silence"]
    total = 0.0
    while total < minutes * 60:
        kind = rng.choice(kinds)
        if kind == "speech":
            clip = _speech_clip(rng)
        elif kind == "interjection":
            clip = _interjection_clip(rng)
        elif kind == "noise":
            clip = _noise_clip(rng)
        elif kind == "tones":
            clip = _tones_clip(rng)
        elif kind == "click":
            clip = _click_clip(rng, nprng)
        else:
            clip = Clip("silence", "silence", room_tone(rng.uniform(1.0, 4.0), nprng, 5.0))
        total += clip.seconds
        yield clip
