"""Print how long the Italian grammar takes to build and an utterance to parse.

Run from the project root: PYTHONPATH=. python benchmarks/bench_parser.py
(or plain python once the package is installed, e.g. pip install -e .)
"""

from __future__ import annotations

import time

from voicedomino.dialog import parser

UTTERANCES = (
    "gioca tre cinque in testa",
    "per favore metti il doppio bianco a destra grazie",
    "di chi è il turno?",
    "35t",
    "c",
    "gioca 3 5",
    "ehm allora tre ehm cinque",
    "domino, quante tessere ha Marco?",
    "questa frase non vuol dire niente per il gioco",
)


def main() -> None:
    start = time.perf_counter()
    grammar = parser.grammar()
    built = time.perf_counter() - start
    start = time.perf_counter()
    table = parser.sentence_table()
    tabled = time.perf_counter() - start
    print(
        f"grammar: {len(grammar)} sentences, {len(parser.vocabulary())} words, "
        f"built in {built * 1000:.1f} ms; recogniser table of {len(table)} sentences "
        f"(with the attention word) in {tabled * 1000:.1f} ms"
    )
    rounds = 2000
    for utterance in UTTERANCES:
        start = time.perf_counter()
        for _ in range(rounds):
            parser.parse(utterance)
        per_call = (time.perf_counter() - start) / rounds
        print(f"{per_call * 1e6:8.1f} µs  {utterance!r} -> {parser.parse(utterance)}")
    start = time.perf_counter()
    sentences = parser.grammar_sentences()
    for sentence in sentences:
        parser.parse(sentence)
    elapsed = time.perf_counter() - start
    print(f"all {len(sentences)} grammar sentences parsed in {elapsed * 1000:.1f} ms")


if __name__ == "__main__":
    main()
