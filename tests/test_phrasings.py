"""Italian as it is spoken at the domino table: a corpus of natural phrasings, each parsed.

`data/phrasings_it.tsv` holds several hundred phrasings grouped by intent, as Italians say
them: first-person moves ("metto il sei quattro", "butto il doppio sei", "attacco in testa"),
questions ("cosa c'è in testa", "quante tessere ha Marco", "chi ha vinto", "quanti punti
mancano"), colloquial menu choices ("giochiamo a blocco", "in tre") and the short everyday
forms of the voice commands. Each row gives the typed intent the phrase must parse to, NONE
for a phrase that must be refused (what is not a command, and near misses such as "non passo"
that must never act), or NEW for a phrasing that needs an intent or template the game does
not have yet: those are expected to fail (strictly, so a row that starts to work is moved).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from voicedomino.dialog import intents
from voicedomino.dialog.parser import grammar, grammar_sentences, parse
from voicedomino.dialog.response import Verbosity
from voicedomino.engine import Side
from voicedomino.players import Level

CORPUS = Path(__file__).parent / "data" / "phrasings_it.tsv"
MINIMUM_ROWS = 300
# The grammar Vosk gets, "domino ..." variants included: tiles 0..9 and four arms (issue 21).
MAX_RECOGNISER_SENTENCES = 80_000

# What the expected column may name: the typed intents and the values they carry.
NAMES: dict[str, Any] = {
    **{name: value for name, value in vars(intents).items() if not name.startswith("_")},
    "Side": Side,
    "Level": Level,
    "Verbosity": Verbosity,
}


@dataclass(frozen=True)
class Row:
    line: int
    phrase: str
    expected: str  # a Python expression of the typed intents, "NONE" or "NEW"
    note: str

    @property
    def id(self) -> str:
        return f"{self.line}:{self.phrase}"


def read_corpus() -> list[Row]:
    rows = []
    for number, line in enumerate(CORPUS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        phrase, expected, *note = line.split("\t")
        rows.append(Row(number, phrase, expected, note[0] if note else ""))
    return rows


ROWS = read_corpus()


def meaning(expression: str) -> object:
    return eval(expression, {"__builtins__": {}}, NAMES)  # the test's own data


def rows_of(kind: str) -> list[Any]:
    selected = [r for r in ROWS if (r.expected if r.expected in ("NONE", "NEW") else "") == kind]
    return [pytest.param(r, id=r.id) for r in selected]


# --- the corpus itself ----------------------------------------------------------------------


def test_corpus_is_large_and_well_formed() -> None:
    assert len(ROWS) >= MINIMUM_ROWS
    phrases = [row.phrase for row in ROWS]
    assert len(phrases) == len(set(phrases)), "a phrase listed twice"
    kinds = {"NONE": 0, "NEW": 0}
    for row in ROWS:
        assert row.phrase.strip() == row.phrase and row.phrase, row
        if row.expected in kinds:
            kinds[row.expected] += 1
        else:
            assert isinstance(meaning(row.expected), intents.Intent), row  # type: ignore[arg-type]
        assert (row.expected == "NEW") == bool(row.note), row  # a NEW row names what it needs
    assert kinds["NONE"] >= 25  # refusals are part of understanding
    understood = len(ROWS) - kinds["NONE"] - kinds["NEW"]
    print(f"{len(ROWS)} phrasings: {understood} commands, {kinds['NONE']} refused, "
          f"{kinds['NEW']} waiting for a new intent")  # fmt: skip


def test_every_intent_kind_has_natural_phrasings() -> None:
    said = [meaning(r.expected) for r in ROWS if r.expected not in ("NONE", "NEW")]
    kinds = {type(intent) for intent in said}
    keyboard_only = {intents.DrawOrPass, intents.ChatLine}  # chat is typed ("> ...")
    assert set(intents.Intent.__args__) - kinds - keyboard_only == set()  # type: ignore[attr-defined]
    queries = {intent.query for intent in said if isinstance(intent, intents.Ask)}
    assert queries == set(intents.Query)


# --- each phrasing --------------------------------------------------------------------------


@pytest.mark.parametrize("row", rows_of(""))
def test_phrasing_is_understood(row: Row) -> None:
    assert parse(row.phrase) == meaning(row.expected), row.phrase


@pytest.mark.parametrize("row", rows_of("NONE"))
def test_wrong_phrasing_is_refused(row: Row) -> None:
    assert parse(row.phrase) is None, row.phrase


def test_no_phrasing_waiting_for_a_new_intent_works_already() -> None:
    """A NEW row waits for the intent (or template) its note names: once the phrase parses to
    it, the row is moved among the understood ones (its expected column gets the expression).
    One test over every NEW row, not one per row: with none waiting, nothing is skipped."""
    assert [row.phrase for row in rows_of_new() if works_already(row)] == []


def rows_of_new() -> list[Row]:
    return [row for row in ROWS if row.expected == "NEW"]


def works_already(row: Row) -> bool:
    try:
        wanted = meaning(row.note.split(":")[0])
    except (NameError, AttributeError, TypeError):
        return False  # the intent it needs does not exist yet
    return parse(row.phrase) == wanted


# --- the grammar they grow ------------------------------------------------------------------


def test_grammar_stays_a_reasonable_size() -> None:
    expansions = len(grammar().expansions())
    sentences = len(grammar_sentences())
    print(f"grammar: {expansions} sentences, {sentences} with the attention word")
    assert sentences < MAX_RECOGNISER_SENTENCES
