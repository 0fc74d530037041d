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

import pytest
from phrasing_corpus import Row, is_action, read_rows

from voicedomino.dialog import intents
from voicedomino.dialog.parser import parse

# Rows whose expected meaning the game deliberately does not give, and why.
DISAGREEMENTS: dict[str, str] = {}

ROWS = read_rows("phrasings_other_hands_dev.tsv")


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
        if not is_action(row.meaning) and is_action(parse(row.phrase))
    ]
    assert taken == []


def test_everything_not_said_to_the_game_is_refused() -> None:
    understood = [(r.phrase, parse(r.phrase)) for r in ROWS if r.expected == "NONE"]
    assert [pair for pair in understood if pair[1] is not None] == []
