"""A decoding graph of exactly the game's sentences, for Vosk.

Vosk's runtime grammar (a JSON list of phrases) is only a word loop: any sequence of the
phrases' words can come out, so a misheard word gives word salad ("cosa posso usciti") and a
command is lost. A Vosk model with `graph/HCLr.fst` and `graph/Gr.fst` decodes with whatever
Gr.fst says, so the game writes its own: an acceptor of the grammar's sentences, each equally
likely unless the caller gives each its prior weight (voice.sentence_priors: every meaning
an equal share, whatever the number of its phrasings), beside the model's own acoustic files
(linked, not copied, where the system allows).

Two more paths keep the listener's behaviour:
- every beginning of a sentence may end, at a cost, so a command said with a pause in the
  middle comes out as its beginning and waits for the rest (`SpeechRecognizer.expects_more`);
- a loop of the grammar's words, at a cost per word, takes speech that is no command (the
  television, people talking), so it comes out as words that make no sentence and is dropped.

The graph is written in OpenFst's "vector" format (the words as Vosk numbers them, kept in
`graph/words.txt`) into a cache folder named after its content; a graph that cannot be
written leaves the recogniser on Vosk's word list, never without voice. Several copies of the
game may share the cache: a folder appears whole (built aside, then renamed), is removed whole
(renamed aside, then deleted), and only when no copy has used it for a while; one removed
while a copy was loading it is made again.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import shutil
import struct
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import platformdirs

from voicedomino.persistence.files import unusable_in

log = logging.getLogger(__name__)

CACHE_ENV = "VOICEDOMINO_CACHE_DIR"
# Costs in the graph's units (natural log): what ending at a beginning of a sentence, and each
# word of speech that is no sentence, cost beside the sentences' own (log of their number).
PREFIX_END_COST = 6.0
OTHER_SPEECH_WORD_COST = 7.0
KEEP_GRAPHS = 3  # graphs kept in the cache however old; older ones are removed...
# ...once no copy of the game has found or made them for this long (seconds): another copy
# (two games at once, a table narrowed meanwhile) may be loading one it just asked for.
GRAPH_IN_USE_SECONDS = 600.0
# The sentence decoder's search options over the model's own (conf/model.conf), none today.
# Measured with benchmarks/bench_home.py --decoder: a wider search on the Korean stand-in
# (beam 14, 8000 active, lattice beam 4, against 10, 3000, 2) heard more commands right on
# seed 19 (living room 40 -> 48%, distant 15 -> 28%, babble 20 dB 58 -> 65%, television
# 40 -> 48%, 20 commands said twice each) but, on the held-out seed 23, found sentences in the
# room's talk too: answers to sound not addressed 4 -> 14 in 13 minutes (2 outside listening
# windows), over the goal. Another model may want its own (measure with --decoder).
DECODER_OPTIONS: dict[str, str] = {}
GRAPH_FILE_LIMIT = 4 << 30  # bytes: no file of a model folder is read past this

_FST_MAGIC = 2125659606
_VECTOR_VERSION = 2
_PROPERTIES = 0x3  # expanded, mutable; everything else is left for OpenFst to compute
_NOT_FINAL = math.inf
# The model files the graph folder shares with the model (Gr.fst and words.txt are its own).
_SHARED = ("am", "ivector", "rescore", "rnnlm", "graph/HCLr.fst", "graph/phones")
_SHARED_FILES = ("graph/disambig_tid.int", "graph/phones.txt")
_BUILDING = ".building-"  # a folder being written, renamed to its graph's name when whole
_REMOVING = ".removing-"  # a folder being deleted, renamed away first

Loaded = TypeVar("Loaded")


@dataclass(frozen=True)
class Arc:
    word: int
    cost: float
    target: int


@dataclass(frozen=True)
class State:
    final_cost: float  # math.inf: not an end
    arcs: tuple[Arc, ...]


@dataclass(frozen=True)
class SentenceGraph:
    """An acceptor of word numbers: state 0 is the start."""

    states: tuple[State, ...]
    words: dict[str, int]  # every word on an arc, with the model's number for it

    def to_fst(self) -> bytes:
        """OpenFst's binary "vector" format, standard (tropical) arcs, no symbol tables."""
        out = bytearray(struct.pack("<i", _FST_MAGIC))
        for name in (b"vector", b"standard"):
            out += struct.pack("<i", len(name)) + name
        arcs = sum(len(state.arcs) for state in self.states)
        out += struct.pack("<iiQqqq", _VECTOR_VERSION, 0, _PROPERTIES, 0, len(self.states), arcs)
        for state in self.states:
            out += struct.pack("<fq", state.final_cost, len(state.arcs))
            for arc in state.arcs:
                out += struct.pack("<iifi", arc.word, arc.word, arc.cost, arc.target)
        return bytes(out)

    def words_txt(self) -> str:
        numbered = sorted({"<eps>": 0, **self.words}.items(), key=lambda item: item[1])
        return "".join(f"{word} {number}\n" for word, number in numbered)


def sentence_graph(
    phrases: Iterable[str],
    number_of: Callable[[str], int],
    *,
    weights: Mapping[str, float] | None = None,
    other_speech_words: Sequence[str] = (),
    prefix_end_cost: float = PREFIX_END_COST,
    other_speech_word_cost: float = OTHER_SPEECH_WORD_COST,
) -> SentenceGraph:
    """A prefix tree of the phrases (model spellings), each phrase with probability 1/N, or
    in proportion to its weight in `weights` (a phrase missing there, or weighing nothing or
    less, weighs as much as the lightest one given: never left out).

    `number_of` gives the model's number for a word (negative: unknown; such phrases must
    have been left out already). `other_speech_words` make the loop for speech that is no
    command (none: no loop).
    """
    unique = list(dict.fromkeys(phrases))
    weight_of = _positive_weights(unique, weights)
    children: list[dict[str, int]] = [{}]
    through = [0.0]  # the weight of the phrases passing through each node
    ends = [0.0]  # the weight of those ending there
    for phrase in unique:
        weight = weight_of(phrase)
        node = 0
        through[0] += weight
        for word in phrase.split():
            following = children[node].get(word)
            if following is None:
                following = len(children)
                children[node][word] = following
                children.append({})
                through.append(0.0)
                ends.append(0.0)
            node = following
            through[node] += weight
        ends[node] += weight
    words: dict[str, int] = {}

    def numbered(word: str) -> int:
        if word not in words:
            number = number_of(word)
            if number <= 0:
                raise ValueError(f"the model has no number for {word!r}")
            words[word] = number
        return words[word]

    states: list[State] = []
    for node, branches in enumerate(children):
        arcs = [
            Arc(numbered(word), math.log(through[node] / through[child]), child)
            for word, child in branches.items()
        ]
        if ends[node]:
            final = math.log(through[node] / ends[node])
        elif node:
            final = prefix_end_cost
        else:
            final = _NOT_FINAL
        states.append(State(final, tuple(arcs)))
    if other_speech_words and through[0]:
        loop = len(states)
        loop_arcs = tuple(
            Arc(numbered(word), other_speech_word_cost, loop)
            for word in dict.fromkeys(other_speech_words)
        )
        states[0] = State(states[0].final_cost, states[0].arcs + loop_arcs)
        states.append(State(0.0, loop_arcs))
    # OpenFst's composition wants each state's arcs in label order.
    ordered = tuple(
        State(state.final_cost, tuple(sorted(state.arcs, key=lambda arc: arc.word)))
        for state in states
    )
    return SentenceGraph(ordered, words)


def _positive_weights(
    phrases: Sequence[str], weights: Mapping[str, float] | None
) -> Callable[[str], float]:
    if weights is None:
        return lambda phrase: 1.0
    given = [w for phrase in phrases if (w := weights.get(phrase, 0.0)) > 0 and math.isfinite(w)]
    lightest = min(given, default=1.0)

    def weight(phrase: str) -> float:
        value = weights.get(phrase, 0.0)
        return value if value > 0 and math.isfinite(value) else lightest

    return weight


def default_cache() -> Path:
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else platformdirs.user_cache_path("voicedomino") / "grafi"


def graph_model_folder(model_path: Path, graph: SentenceGraph, cache: Path | None = None) -> Path:
    """A model folder that decodes with `graph`: the model's own files, linked, and the graph.

    Made once per model and graph (the folder is named after both) and reused after; raises
    OSError when it cannot be written.
    """
    cache = cache if cache is not None else default_cache()
    model_path = model_path.resolve()
    fst = graph.to_fst()
    words_txt = graph.words_txt()
    digest = hashlib.sha256()
    digest.update(os.fsencode(model_path))
    model_graph = model_path / "graph" / "Gr.fst"
    digest.update(str(model_graph.stat().st_size if model_graph.exists() else 0).encode())
    digest.update(fst)
    digest.update(repr(sorted(DECODER_OPTIONS.items())).encode())
    digest.update(words_txt.encode("utf-8"))
    folder = cache / digest.hexdigest()[:24]
    if (folder / "graph" / "Gr.fst").is_file():
        strange = next(unusable_in(folder, GRAPH_FILE_LIMIT), None)
        if strange is None:
            try:
                os.utime(folder)  # the newest use: kept when the cache is pruned
                return folder
            except FileNotFoundError:  # another copy removed it just now: made again below
                pass
        else:
            # Something Kaldi would hang on (a FIFO, a device) or drown in: the cache is ours
            # and is made again.
            log.warning("cached graph folder unusable, made again: %s", strange)
            _remove(folder)
            if folder.exists():
                raise OSError(f"cannot remove the unusable graph folder {folder}")
    cache.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=_BUILDING, dir=cache))
    try:
        for name in (*_SHARED, *_SHARED_FILES):
            if (model_path / name).exists():
                _share(model_path / name, building / name)
        _write_conf(model_path / "conf", building / "conf")
        (building / "graph").mkdir(exist_ok=True)
        (building / "graph" / "Gr.fst").write_bytes(fst)
        (building / "graph" / "words.txt").write_text(words_txt, encoding="utf-8")
        try:
            building.rename(folder)
        except OSError:  # another copy of the game made it meanwhile
            if not (folder / "graph" / "Gr.fst").is_file():
                raise
    finally:
        shutil.rmtree(building, ignore_errors=True)
    _prune(cache, keep=folder)
    return folder


def load_graph_model(
    model_path: Path,
    graph: SentenceGraph,
    load: Callable[[Path], Loaded],
    cache: Path | None = None,
) -> Loaded:
    """`load` (Vosk's model loader) on `graph_model_folder(...)`. Another copy of the game that
    saw the folder unused may remove it between the two: it is then made again and loaded once
    more. Raises what `graph_model_folder` or `load` raise."""
    folder = graph_model_folder(model_path, graph, cache)
    try:
        return load(folder)
    except Exception:
        if (folder / "graph" / "Gr.fst").is_file():
            raise  # the folder is there: the model itself will not load
        log.warning("graph folder removed while it was loading, made again: %s", folder)
    return load(graph_model_folder(model_path, graph, cache))


def _write_conf(source: Path, target: Path) -> None:
    """The model's configuration folder, its model.conf with DECODER_OPTIONS in place."""
    if not source.is_dir():
        return
    target.mkdir(parents=True, exist_ok=True)
    for item in source.iterdir():
        if item.name != "model.conf":
            _share(item, target / item.name)
    model_conf = source / "model.conf"
    lines = model_conf.read_text(encoding="utf-8").splitlines() if model_conf.is_file() else []
    options = dict(DECODER_OPTIONS)
    kept = [line for line in lines if line.split("=", 1)[0].strip() not in options]
    kept += [f"{name}={value}" for name, value in options.items()]
    (target / "model.conf").write_text("\n".join(kept) + "\n", encoding="utf-8")


def _share(source: Path, target: Path) -> None:
    """A symbolic link where the system allows it (Windows often does not), else hard links,
    else a copy."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        target.symlink_to(source, target_is_directory=source.is_dir())
        return
    except OSError:
        pass
    if source.is_dir():
        shutil.copytree(source, target, copy_function=_link_or_copy)
    else:
        _link_or_copy(source, target)


def _link_or_copy(source: str | Path, target: str | Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _prune(cache: Path, keep: Path) -> None:
    """Remove the graph folders beyond the newest KEEP_GRAPHS (`keep` among them) that no copy
    has used for GRAPH_IN_USE_SECONDS, builds left as long by a killed copy, and removals a
    killed copy left half done."""
    now = time.time()
    graphs: list[tuple[float, Path]] = []
    try:
        entries = [p for p in cache.iterdir() if p != keep]
    except OSError:
        return
    for entry in entries:
        try:
            if not entry.is_dir():
                continue
            used = entry.stat().st_mtime
        except OSError:
            continue  # removed meanwhile by another copy
        if entry.name.startswith(_REMOVING):
            shutil.rmtree(entry, ignore_errors=True)
        elif entry.name.startswith(_BUILDING):
            if now - used >= GRAPH_IN_USE_SECONDS:
                _remove(entry)
        else:
            graphs.append((used, entry))
    graphs.sort(reverse=True)
    for used, old in graphs[KEEP_GRAPHS - 1 :]:
        if now - used >= GRAPH_IN_USE_SECONDS:
            _remove(old)


def _remove(folder: Path) -> None:
    """Delete a folder of the cache whole: renamed aside first, so no copy ever finds half of
    it (a copy loading it meanwhile fails and makes it again)."""
    aside = folder.with_name(f"{_REMOVING}{uuid.uuid4().hex}")
    try:
        folder.rename(aside)
    except OSError:
        return  # gone already, or another copy is removing it
    shutil.rmtree(aside, ignore_errors=True)
