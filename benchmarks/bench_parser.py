"""How large the Italian grammar and the understanding are, how long they take to build, and
how long an utterance takes to understand.

Run from the project root: PYTHONPATH=. python benchmarks/bench_parser.py
(or plain python once the package is installed, e.g. pip install -e .)

Figures: the recogniser's grammar (template sentences, with the attention word, its words,
the sentence graph the recogniser builds from them: states and arcs), the understanding
(lexicon phrases and words, concepts, frames), the build times (processor time), the time to
understand a few utterances and every grammar sentence. The last line is one JSON object.
"""

from __future__ import annotations

import json
import time

from voicedomino.dialog import parser
from voicedomino.italian import lexicon
from voicedomino.speech.sentence_graph import sentence_graph

UTTERANCES = (
    "gioca tre cinque in testa",
    "per favore metti il doppio bianco a destra grazie",
    "di chi è il turno?",
    "35t",
    "c",
    "gioca 3 5",
    "ehm allora tre ehm cinque",
    "domino, quante tessere ha Marco?",
    "Vorrei giocare in tre, io e due avversari",
    "Mi scusi, quali numeri ci sono alle due estremità?",
    "Non ho niente che vada, ne tiro su un'altra",
    "questa frase non vuol dire niente per il gioco",
)


def _timed(build):  # type: ignore[no-untyped-def]
    start = time.process_time()
    result = build()
    return result, (time.process_time() - start) * 1000


def main() -> None:
    understanding, understanding_ms = _timed(parser.understanding)
    grammar, grammar_ms = _timed(parser.grammar)
    table, table_ms = _timed(parser.sentence_table)
    sentences = parser.grammar_sentences()
    numbers: dict[str, int] = {}
    graph, graph_ms = _timed(
        lambda: sentence_graph(sentences, lambda word: numbers.setdefault(word, len(numbers) + 1))
    )
    arcs = sum(len(state.arcs) for state in graph.states)
    lexicon_words = understanding.lexicon.vocabulary()
    print(
        f"recogniser grammar: {len(grammar)} sentences ({len(table)} with the attention word), "
        f"{len(parser.vocabulary())} words; built in {grammar_ms:.0f} ms, its table in "
        f"{table_ms:.0f} ms; sentence graph {len(graph.states)} states, {arcs} arcs, "
        f"{len(graph.to_fst()) / 1e6:.1f} MB, built in {graph_ms:.0f} ms"
    )
    print(
        f"understanding: {len(lexicon.ENTRIES)} lexicon entries, {len(lexicon_words)} words, "
        f"{len(understanding.lexicon.concepts())} concepts, {len(understanding.frames)} frames; "
        f"built in {understanding_ms:.0f} ms (processor time)"
    )
    rounds = 500
    for utterance in UTTERANCES:
        start = time.process_time()
        for _ in range(rounds):
            parser.parse(utterance)
        per_call = (time.process_time() - start) / rounds
        print(f"{per_call * 1e6:8.1f} µs  {utterance!r} -> {parser.parse(utterance)}")
    start = time.process_time()
    for sentence in sentences:
        parser.parse(sentence)
    every_ms = (time.process_time() - start) * 1000
    print(f"all {len(sentences)} recogniser sentences understood in {every_ms:.0f} ms")
    print(
        json.dumps(
            {
                "grammar_sentences": len(grammar),
                "recogniser_sentences": len(table),
                "recogniser_words": len(parser.vocabulary()),
                "grammar_build_ms": round(grammar_ms),
                "table_build_ms": round(table_ms),
                "graph_states": len(graph.states),
                "graph_arcs": arcs,
                "graph_build_ms": round(graph_ms),
                "lexicon_words": len(lexicon_words),
                "frames": len(understanding.frames),
                "understanding_build_ms": round(understanding_ms),
                "understand_every_sentence_ms": round(every_ms),
            }
        )
    )


if __name__ == "__main__":
    main()
