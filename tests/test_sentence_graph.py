"""The sentence decoder: a graph of exactly the grammar's sentences, written for Vosk and
decoded by the real Korean model (the stand-in of the Italian grammar)."""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import stat
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from korean_speech import KO_MODEL_PATH, ko_model
from korean_standin import game_standin, say
from room_corpus import with_noise
from test_faults import mounted_read_only

from voicedomino.dialog.parser import grammar_sentences
from voicedomino.speech import recognizer as recognizer_module
from voicedomino.speech import sentence_graph
from voicedomino.speech.model import load_model
from voicedomino.speech.recognizer import (
    MENDED_CONFIDENCE,
    MENDED_MARGIN,
    MENDED_MARGIN_NOISY,
    SpeechRecognizer,
    Utterance,
    beginnings,
    judge,
)
from voicedomino.speech.sentence_graph import SentenceGraph, graph_model_folder

NUMBERS = {"gioca": 1, "tre": 2, "cinque": 3, "passo": 4, "in": 5, "coda": 6}


def read_fst(data: bytes) -> tuple[int, list[tuple[float, list[tuple[int, int, float, int]]]]]:
    """OpenFst's vector format read back independently of the writer."""
    at = 0

    def take(fmt: str) -> tuple[Any, ...]:
        nonlocal at
        values = struct.unpack_from(fmt, data, at)
        at += struct.calcsize(fmt)
        return values

    def text() -> str:
        nonlocal at
        (size,) = take("<i")
        value = data[at : at + size].decode()
        at += size
        return value

    assert take("<i") == (2125659606,)
    assert (text(), text()) == ("vector", "standard")
    version, flags, _properties, start, count, arcs = take("<iiQqqq")
    assert (version, flags) == (2, 0)  # no symbol tables: the words are in words.txt
    states = []
    for _ in range(count):
        final, size = take("<fq")
        states.append((final, [take("<iifi") for _ in range(size)]))
    assert at == len(data)
    assert sum(len(a) for _, a in states) == arcs
    return start, states


def path_cost(graph: SentenceGraph, phrase: str) -> float:
    state, cost = 0, 0.0
    for word in phrase.split():
        arc = next(a for a in graph.states[state].arcs if a.word == graph.words[word])
        cost += arc.cost
        state = arc.target
    return cost + graph.states[state].final_cost


def test_each_sentence_is_equally_likely_and_beginnings_cost_more() -> None:
    phrases = ["gioca tre cinque", "gioca tre cinque in coda", "passo", "gioca tre tre"]
    graph = sentence_graph.sentence_graph(phrases, lambda w: NUMBERS.get(w, 7))
    for phrase in phrases:
        assert path_cost(graph, phrase) == pytest.approx(math.log(len(phrases)))
    beginning = path_cost(graph, "gioca tre")  # not a sentence: may end, at a price
    assert beginning == pytest.approx(math.log(4 / 3) + sentence_graph.PREFIX_END_COST)
    assert graph.states[0].final_cost == math.inf  # silence is no sentence


def test_weighted_sentences_cost_their_share_and_unweighted_ones_the_lightest() -> None:
    weights = {"gioca tre cinque": 1.0, "gioca tre cinque in coda": 1.0, "passo": 6.0}
    phrases = [*weights, "gioca tre tre"]  # no weight given: as light as the lightest
    graph = sentence_graph.sentence_graph(phrases, lambda w: NUMBERS.get(w, 7), weights=weights)
    total = 9.0
    for phrase in phrases:
        expected = -math.log(weights.get(phrase, 1.0) / total)
        assert path_cost(graph, phrase) == pytest.approx(expected, abs=1e-9)
    beginning = path_cost(graph, "gioca tre")  # the beginning shares its sentences' weight
    assert beginning == pytest.approx(math.log(9 / 3) + sentence_graph.PREFIX_END_COST)


def test_the_written_graph_reads_back_with_sorted_arcs() -> None:
    graph = sentence_graph.sentence_graph(
        ["gioca tre cinque", "passo", "gioca cinque tre"],
        NUMBERS.__getitem__,
        other_speech_words=["coda", "in"],
    )
    start, states = read_fst(graph.to_fst())
    assert start == 0 and len(states) == len(graph.states)
    for final, arcs in states:
        labels = [a[0] for a in arcs]
        assert labels == sorted(labels)
        assert all(a[0] == a[1] for a in arcs)  # an acceptor
        assert final == math.inf or final >= 0
    loop = len(states) - 1  # other speech: any string of its words, each at a cost
    assert sorted(a[0] for a in states[loop][1]) == [5, 6]
    assert all(a[3] == loop for a in states[loop][1])
    assert graph.words_txt().splitlines()[0] == "<eps> 0"


def test_a_word_without_a_number_is_refused() -> None:
    with pytest.raises(ValueError, match="qzx"):
        sentence_graph.sentence_graph(["gioca qzx"], lambda w: NUMBERS.get(w, -1))


def result(text: str, likelihood: float) -> str:
    """A Vosk result with one alternative and its log likelihood."""
    words = [{"word": w, "start": i / 10, "end": i / 10 + 0.1} for i, w in enumerate(text.split())]
    return json.dumps({"alternatives": [{"confidence": likelihood, "text": text, "result": words}]})


def words_result(text: str, confidence: float) -> str:
    """A Vosk result with word confidences (no alternatives)."""
    words = [{"word": w, "conf": confidence, "start": i / 10} for i, w in enumerate(text.split())]
    return json.dumps({"text": text, "result": words})


BEGINNINGS = frozenset({"gioca", "gioca tre"})


def chatter(starts: frozenset[str]) -> Utterance:
    """Other speech the sentence decoder forced into "gioca tre cinque": the free words fit
    it far better."""
    return judge(
        result("gioca tre cinque", 120.0),
        lambda: result("coda in tre passo", 120.0 + MENDED_MARGIN + 0.5),
        words_result("coda in tre passo", 0.99),
        starts,
    )


@pytest.mark.parametrize("confidence", [0.9, 0.5])
def test_what_the_word_list_heard_too_keeps_its_own_confidence(confidence: float) -> None:
    heard = judge(
        result("gioca tre cinque", 120.0),
        lambda: pytest.fail("no second look needed"),
        words_result("gioca tre cinque", confidence),
        BEGINNINGS,
    )
    assert (heard.text, heard.confidence, heard.understood) == (
        "gioca tre cinque",
        pytest.approx(confidence),
        True,
    )


def test_a_mended_sentence_is_unsure_and_far_worse_words_make_no_sentence() -> None:
    mended = judge(
        result("gioca tre cinque", 120.0),
        lambda: result("gioca tre in", 120.0 + MENDED_MARGIN),
        words_result("gioca tre in", 0.99),
        BEGINNINGS,
    )
    assert (mended.text, mended.confidence, mended.understood) == (
        "gioca tre cinque",
        MENDED_CONFIDENCE,
        True,
    )
    assert [w.word for w in mended.words] == ["gioca", "tre", "cinque"]
    assert not chatter(BEGINNINGS).understood


def test_in_a_noisy_room_a_mended_sentence_may_fit_less_well() -> None:
    """Noise fits the free words too: what is dropped in a quiet room is asked in a noisy one."""
    sentence = result("gioca tre cinque", 120.0)
    words = words_result("gioca tre in", 0.99)

    def scored() -> str:
        return result("gioca tre in", 120.0 + (MENDED_MARGIN + MENDED_MARGIN_NOISY) / 2)

    assert not judge(sentence, scored, words, BEGINNINGS).understood
    noisy = judge(sentence, scored, words, BEGINNINGS, noisy_room=True)
    assert (noisy.understood, noisy.confidence) == (True, MENDED_CONFIDENCE)
    too_far = judge(
        sentence,
        lambda: result("gioca tre in", 120.0 + MENDED_MARGIN_NOISY + 0.5),
        words,
        BEGINNINGS,
        noisy_room=True,
    )
    assert not too_far.understood


def test_one_mended_word_is_the_noise_where_one_word_is_too_few(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a noisy room and in a quiet one (MENDED_MIN_WORDS 2, as the fair prior wants) a
    one-word command counts only when the word list heard that word itself; two words mended
    wait for "sì". With MENDED_MIN_WORDS 1 (every sentence alike) a quiet room's one word mended
    waits for "sì"."""

    def passo(word_list_heard: str, noisy_room: bool) -> Utterance:
        return judge(
            result("passo", 40.0),
            lambda: result(word_list_heard, 40.5),
            words_result(word_list_heard, 0.95),
            BEGINNINGS,
            noisy_room=noisy_room,
        )

    assert not passo("coda", noisy_room=True).understood
    assert not passo("coda", noisy_room=False).understood
    monkeypatch.setattr(recognizer_module, "MENDED_MIN_WORDS", 1)
    assert (passo("coda", noisy_room=False).confidence) == MENDED_CONFIDENCE
    monkeypatch.setattr(recognizer_module, "MENDED_MIN_WORDS", 2)
    for noisy_room in (True, False):
        heard = passo("passo", noisy_room=noisy_room)
        assert (heard.understood, heard.confidence) == (True, pytest.approx(0.95))
    in_coda = judge(
        result("in coda", 40.0), lambda: result("passo", 40.5), words_result("passo", 0.95),
        BEGINNINGS,
    )  # fmt: skip
    assert (in_coda.understood, in_coda.confidence) == (True, MENDED_CONFIDENCE)


def test_a_beginning_stays_to_wait_for_the_rest() -> None:
    heard = judge(
        result("gioca tre", 80.0),
        lambda: result("passo coda", 95.0),
        words_result("passo coda", 1),
        BEGINNINGS,
    )
    assert heard.understood and heard.text == "gioca tre"


def test_a_sentence_that_begins_a_longer_one_is_judged_as_a_sentence() -> None:
    """Chatter decoded as "gioca tre cinque" is dropped, though it begins "... in coda"."""
    starts = beginnings(["gioca tre cinque", "gioca tre cinque in coda", "passo"])
    assert starts == {"gioca", "gioca tre", "gioca tre cinque in"}
    assert not chatter(frozenset(starts)).understood


def test_broken_results_are_not_understood() -> None:
    for broken in ("", "{", "[]", json.dumps({"alternatives": "x"}), json.dumps({"text": ""})):
        heard = judge(broken, lambda b=broken: b, broken, BEGINNINGS)
        assert not heard.understood


# --- with the real recogniser -------------------------------------------------------------


@pytest.fixture(scope="module")
def model() -> Any:
    return ko_model()


@pytest.fixture(scope="module")
def korean_sentences() -> list[str]:
    return game_standin().sentences(grammar_sentences())


def heard(recognizer: SpeechRecognizer, samples: Any) -> str | None:
    pad = np.zeros(4000, dtype=np.int16)
    recognizer.reset()
    recognizer.accept(np.concatenate([pad, samples, pad]).astype("<i2").tobytes())
    return recognizer.finish().sentence


COMMANDS = [
    "domino passo il turno",
    "cosa posso fare",
    "gioca il sei e quattro in coda",
    "quante tessere ha luca",
    "metti il zero e sei",
    "pesco un altra tessera dal mucchio",
    "quali sono le impostazioni",
    "domino che cosa c e in testa e in coda",
    "un livello piu alto",
    "partita a due giocatori",
    "domino traguardo cinquanta",
    "che cosa c e in testa e in coda",
]


def test_the_sentence_decoder_hears_commands_the_word_list_garbles(
    model: Any, korean_sentences: list[str], tmp_path: Path
) -> None:
    """The same commands in 20 dB pink noise: the sentence graph gets more of them whole."""
    words = SpeechRecognizer(model, korean_sentences)
    sentences = SpeechRecognizer(
        model, korean_sentences, model_path=KO_MODEL_PATH, graph_cache=tmp_path
    )
    assert sentences.sentence_decoding and not words.sentence_decoding
    standin = game_standin()
    right = {"words": 0, "sentences": 0}
    for seed, command in enumerate(COMMANDS):
        audio = with_noise(say(command), 20.0, seed)
        expected = standin.korean(command)
        right["words"] += heard(words, audio) == expected
        right["sentences"] += heard(sentences, audio) == expected
    assert right["sentences"] >= right["words"] + 2, right
    assert right["sentences"] >= len(COMMANDS) - 2, right


@contextlib.contextmanager
def unwritable(folder: Path) -> Iterator[Path]:
    """*folder*, made so this process cannot write into it: its write bits off or, for root,
    whom permission bits do not stop, a read-only bind mount."""
    if os.geteuid() == 0:
        with mounted_read_only(folder):
            yield folder
        return
    folder.mkdir()
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        yield folder
    finally:
        folder.chmod(stat.S_IRWXU)


def test_a_cache_that_cannot_be_written_leaves_the_word_list(
    model: Any, korean_sentences: list[str], tmp_path: Path
) -> None:
    with unwritable(tmp_path / "cache") as cache:
        recognizer = SpeechRecognizer(
            model, korean_sentences, model_path=KO_MODEL_PATH, graph_cache=cache
        )
        assert not any(cache.iterdir())
    assert not recognizer.sentence_decoding
    command = "cosa posso fare"
    assert heard(recognizer, say(command)) == game_standin().korean(command)


def test_a_file_where_the_cache_should_be_leaves_the_word_list(
    model: Any, korean_sentences: list[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder")
    recognizer = SpeechRecognizer(
        model, korean_sentences, model_path=KO_MODEL_PATH, graph_cache=blocker / "grafi"
    )
    assert not recognizer.sentence_decoding
    assert blocker.read_text() == "not a folder"


def small_graph(model: Any, size: int) -> SentenceGraph:
    """A graph of the first `size` sentences of the grammar: one folder of its own per size."""
    phrases = game_standin().sentences(sorted(grammar_sentences())[:size])
    return sentence_graph.sentence_graph(phrases, model.vosk_model_find_word)


def last_used(folder: Path, seconds_ago: float) -> None:
    then = time.time() - seconds_ago
    os.utime(folder, (then, then))


UNUSED = sentence_graph.GRAPH_IN_USE_SECONDS + 60  # seconds: longer than any copy loads a graph


def test_the_graph_is_made_once_and_old_unused_ones_are_pruned(model: Any, tmp_path: Path) -> None:
    folders = []
    for size in range(2, 2 + sentence_graph.KEEP_GRAPHS + 2):
        graph = small_graph(model, size)
        folders.append(graph_model_folder(KO_MODEL_PATH, graph, tmp_path))
        assert graph_model_folder(KO_MODEL_PATH, graph, tmp_path) == folders[-1]
        last_used(folders[-1], UNUSED + 100 - size)  # the earlier made, the longer unused
    assert len(set(folders)) == len(folders)
    # Left by copies of the game killed while building or removing; one building right now.
    killed_build = Path(tempfile.mkdtemp(prefix=".building-", dir=tmp_path))
    last_used(killed_build, UNUSED)
    killed_removal = tmp_path / ".removing-0123"
    (killed_removal / "graph").mkdir(parents=True)
    building_now = Path(tempfile.mkdtemp(prefix=".building-", dir=tmp_path))
    newest = graph_model_folder(KO_MODEL_PATH, small_graph(model, 1), tmp_path)
    left = set(tmp_path.iterdir())
    assert left == {*folders[-(sentence_graph.KEEP_GRAPHS - 1) :], newest, building_now}


def test_a_graph_another_copy_of_the_game_just_asked_for_is_never_pruned(
    model: Any, tmp_path: Path
) -> None:
    """Two games at once on one cache: while one loads the graph it asked for, the other
    narrows its grammar table after table; the first must find its folder whole."""
    asked = graph_model_folder(KO_MODEL_PATH, small_graph(model, 2), tmp_path)
    others = [
        graph_model_folder(KO_MODEL_PATH, small_graph(model, size), tmp_path)
        for size in range(3, 3 + sentence_graph.KEEP_GRAPHS + 2)
    ]
    assert asked.is_dir() and all(folder.is_dir() for folder in others)
    assert load_model(asked) is not None
    # Once no copy has used it for long, it goes with the next graph made.
    last_used(asked, UNUSED)
    graph_model_folder(KO_MODEL_PATH, small_graph(model, 1), tmp_path)
    assert not asked.exists() and all(folder.is_dir() for folder in others)


def test_a_graph_removed_while_it_was_loading_is_made_again(
    model: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another copy that saw the folder unused removed it between its making and its loading:
    the recogniser still decodes with the sentence graph, never left on the word list."""
    loaded: list[Path] = []

    def removed_by_another_copy_first(folder: Path) -> Any:
        if not loaded:
            shutil.rmtree(folder)
        loaded.append(folder)
        return load_model(folder)

    monkeypatch.setattr(recognizer_module, "load_model", removed_by_another_copy_first)
    command = "gioca il sei e quattro in coda"
    sentences = game_standin().sentences([command, *sorted(grammar_sentences())[:40]])
    recognizer = SpeechRecognizer(model, sentences, model_path=KO_MODEL_PATH, graph_cache=tmp_path)
    assert recognizer.sentence_decoding
    assert len(loaded) == 2 and loaded[1].is_dir()
    assert heard(recognizer, say(command)) == game_standin().korean(command)


def test_without_symbolic_links_the_model_files_are_linked_or_copied(
    model: Any, korean_sentences: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on Windows without developer mode: the folder still loads and decodes."""

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise OSError("symbolic links are not allowed here")

    monkeypatch.setattr(Path, "symlink_to", refuse)
    recognizer = SpeechRecognizer(
        model, korean_sentences, model_path=KO_MODEL_PATH, graph_cache=tmp_path
    )
    assert recognizer.sentence_decoding
    (folder,) = tmp_path.iterdir()
    assert not (folder / "am").is_symlink()
    assert (folder / "am" / "final.mdl").stat().st_size == (
        KO_MODEL_PATH / "am" / "final.mdl"
    ).stat().st_size
    command = "gioca il sei e quattro in coda"
    assert heard(recognizer, say(command)) == game_standin().korean(command)


def test_the_sentence_decoder_searches_with_its_own_options_beside_the_model_s(
    tmp_path: Path,
) -> None:
    """conf/model.conf of the graph folder: the model's settings, the search widened by
    DECODER_OPTIONS; the model's own folder is left as it was."""
    own = (KO_MODEL_PATH / "conf" / "model.conf").read_text(encoding="utf-8")
    graph = sentence_graph.sentence_graph(["uno due"], {"uno": 1, "due": 2}.__getitem__)
    folder = graph_model_folder(KO_MODEL_PATH, graph, tmp_path)
    lines = (folder / "conf" / "model.conf").read_text(encoding="utf-8").splitlines()
    options = dict(line.split("=", 1) for line in lines)
    assert sentence_graph.DECODER_OPTIONS.items() <= options.items()
    for line in own.splitlines():
        name = line.split("=", 1)[0]
        if name not in sentence_graph.DECODER_OPTIONS:
            assert line in lines
    assert (folder / "conf" / "mfcc.conf").read_bytes() == (
        KO_MODEL_PATH / "conf" / "mfcc.conf"
    ).read_bytes()
    assert (KO_MODEL_PATH / "conf" / "model.conf").read_text(encoding="utf-8") == own


BUILD = """
import sys
from pathlib import Path
sys.path[:0] = [sys.argv[2]]
from korean_speech import KO_MODEL_PATH, ko_model
from korean_standin import game_standin
from voicedomino.dialog.parser import grammar_sentences
from voicedomino.speech import sentence_graph
graph = sentence_graph.sentence_graph(
    game_standin().sentences(grammar_sentences()), ko_model().vosk_model_find_word
)
print(sentence_graph.graph_model_folder(KO_MODEL_PATH, graph, Path(sys.argv[1])))
"""


def test_two_copies_building_the_same_graph_at_once(tmp_path: Path) -> None:
    tests = str(Path(__file__).parent)
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", BUILD, str(tmp_path), tests],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    assert outputs[0][0] == outputs[1][0]
    assert [p.name for p in tmp_path.iterdir()] == [Path(outputs[0][0].strip()).name]
