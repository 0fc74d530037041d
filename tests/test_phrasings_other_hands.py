"""Italian written by other hands: phrasings of players who never saw the game's phrase list.

`data/phrasings_other_hands_dev.tsv` was written by three writers in different registers (an
older player from central Italy, a young player, regional Italian from the south and the
north) who saw neither the code, nor the phrase list, nor the earlier corpus. Each row is a
phrase, the meaning its writer expected (or NONE: not for the game), the situation and the
writer. It is the part of their work the parser's rules were written against; a held-out part
of the same writers' (and a fourth writer's) phrasings is kept aside as its own test.

Besides every row's meaning, the properties that matter most are checked over the whole set:
no question or remark is ever taken as a move, and everything not said to the game is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from voicedomino.dialog import intents
from voicedomino.dialog.parser import parse
from voicedomino.dialog.response import Verbosity
from voicedomino.engine import Side
from voicedomino.players import Level

CORPUS = Path(__file__).parent / "data" / "phrasings_other_hands_dev.tsv"

NAMES: dict[str, Any] = {
    **{name: value for name, value in vars(intents).items() if not name.startswith("_")},
    "Side": Side,
    "Level": Level,
    "Verbosity": Verbosity,
}

# Rows whose expected meaning the game deliberately does not give, and why.
DISAGREEMENTS = {
    "annulla": "alone, 'annulla' stops a command being read back (the voice gate's 'no'); "
    "undoing a move says what to undo ('annulla la mossa')",
}

MOVES = (
    intents.PlayTile,
    intents.DrawTile,
    intents.PassTurn,
    intents.Undo,
    intents.Quit,
    intents.NewGame,
    intents.Start,
    intents.Continue,
)


@dataclass(frozen=True)
class Row:
    line: int
    phrase: str
    expected: str
    situation: str
    writer: str

    @property
    def meaning(self) -> object:
        if self.expected == "NONE":
            return None
        return eval(self.expected, {"__builtins__": {}}, NAMES)  # the test's own data


def read_rows() -> list[Row]:
    rows = []
    for number, line in enumerate(CORPUS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        phrase, expected, situation, writer = line.split("\t")
        rows.append(Row(number, phrase, expected, situation, writer))
    return rows


ROWS = read_rows()


def is_move(meaning: object) -> bool:
    """A meaning that changes the game (a move, starting, leaving): never from a question."""
    if isinstance(meaning, intents.PlayNumber):
        return meaning.side is not None
    return isinstance(meaning, MOVES)


def test_the_corpus_is_what_the_writers_wrote() -> None:
    assert len(ROWS) == 230
    assert {row.writer for row in ROWS} == {"writer1", "writer2", "writer3"}
    assert sum(row.expected == "NONE" for row in ROWS) == 24
    for row in ROWS:
        assert row.expected == "NONE" or isinstance(row.meaning, intents.Intent), row
    assert set(DISAGREEMENTS) <= {row.phrase for row in ROWS}


@pytest.mark.parametrize(
    "row",
    [
        pytest.param(
            row,
            id=f"{row.line}:{row.phrase}",
            marks=[pytest.mark.xfail(strict=True, reason=DISAGREEMENTS[row.phrase])]
            if row.phrase in DISAGREEMENTS
            else [],
        )
        for row in ROWS
    ],
)
def test_phrasing_means_what_its_writer_meant(row: Row) -> None:
    assert parse(row.phrase) == row.meaning, (row.phrase, row.situation)


def test_no_question_or_remark_is_taken_as_a_move() -> None:
    taken = [
        (row.phrase, parse(row.phrase))
        for row in ROWS
        if not is_move(row.meaning) and is_move(parse(row.phrase))
    ]
    assert taken == []


def test_everything_not_said_to_the_game_is_refused() -> None:
    understood = [(r.phrase, parse(r.phrase)) for r in ROWS if r.expected == "NONE"]
    assert [pair for pair in understood if pair[1] is not None] == []
