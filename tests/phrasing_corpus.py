"""The corpora of phrasings written by other hands (tests/data/phrasings_other_hands_*.tsv):
their rows, the meaning each writer expected, what the game understands of a typed line, and
which meanings are actions. Shared by the tests that check them and by
benchmarks/bench_understanding.py, which prints their figures.

Each row is a phrase, the meaning its writer expected (a Python expression of the dialog's
intents, or NONE: not for the game), the situation and the writer.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from voicedomino.dialog import intents
from voicedomino.dialog.network import request_in
from voicedomino.dialog.parser import parse
from voicedomino.dialog.response import Verbosity
from voicedomino.engine import Side
from voicedomino.players import Level

DATA = Path(__file__).parent / "data"

# The names a row's expected meaning may use (the network-table requests are intents too).
NAMES: dict[str, Any] = {
    **{name: value for name, value in vars(intents).items() if not name.startswith("_")},
    "Side": Side,
    "Level": Level,
    "Verbosity": Verbosity,
}

# Meanings that change the game or the table: never from a question or a remark.
ACTIONS: tuple[type, ...] = (
    intents.PlayTile,
    intents.DrawTile,
    intents.PassTurn,
    intents.Undo,
    intents.Quit,
    intents.NewGame,
    intents.Start,
    intents.Continue,
    intents.CreateTable,
    intents.JoinTable,
    intents.AddComputer,
    intents.RemoveComputer,
    intents.LeaveTable,
    intents.CloseTable,
    intents.QuickMessage,
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


def read_rows(file: str) -> list[Row]:
    rows = []
    for number, line in enumerate((DATA / file).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        phrase, expected, situation, writer = line.split("\t")
        rows.append(Row(number, phrase, expected, situation, writer))
    return rows


def understand(text: str) -> object:
    """What the game takes from a typed line outside a yes/no question: a network request
    when the line asks for one, else the parser's intent."""
    return request_in(text) or parse(text)


def is_action(meaning: object) -> bool:
    if isinstance(meaning, intents.PlayNumber):
        return meaning.side is not None
    return isinstance(meaning, ACTIONS)
