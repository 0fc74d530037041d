"""Italian number words: pips for input and speech, cardinals for scores."""

from __future__ import annotations

import pytest

from voicedomino.grammar.normalize import normalize
from voicedomino.italian.numbers import (
    cardinal,
    pip_word,
    tile_phrase,
)


@pytest.mark.parametrize(
    ("n", "word"),
    [
        (0, "zero"),
        (1, "uno"),
        (3, "tre"),
        (10, "dieci"),
        (17, "diciassette"),
        (20, "venti"),
        (21, "ventuno"),
        (23, "ventitré"),
        (28, "ventotto"),
        (33, "trentatré"),
        (48, "quarantotto"),
        (50, "cinquanta"),
        (99, "novantanove"),
        (100, "cento"),
        (101, "centouno"),
        (103, "centotré"),
        (108, "centotto"),
        (121, "centoventuno"),
        (150, "centocinquanta"),
        (180, "centottanta"),
        (200, "duecento"),
        (999, "novecentonovantanove"),
        (1000, "mille"),
        (1003, "milletré"),
        (2000, "duemila"),
        (3000, "tremila"),
        (21000, "ventunmila"),
        (23000, "ventitremila"),
        (-5, "meno cinque"),
        (1_000_000, "1000000"),
    ],
)
def test_cardinal(n: int, word: str) -> None:
    assert cardinal(n) == word


def test_cardinals_are_distinct_words() -> None:
    words = [normalize(cardinal(n)) for n in range(0, 1000)]
    assert len(set(words)) == 1000
    assert all(w.isalpha() for w in words)


def test_spoken_pips_and_tiles() -> None:
    assert pip_word(0) == "bianco"
    assert cardinal(0) == "zero"
    assert [pip_word(n) for n in range(1, 7)] == ["uno", "due", "tre", "quattro", "cinque", "sei"]
    assert tile_phrase(6, 6) == "doppio sei"
    assert tile_phrase(0, 0) == "doppio bianco"
    assert tile_phrase(3, 5) == "tre cinque"
    assert tile_phrase(5, 0) == "cinque bianco"
    assert [pip_word(n) for n in range(7, 10)] == ["sette", "otto", "nove"]  # double-nine
    for bad in (-1, 10):
        with pytest.raises(ValueError):
            pip_word(bad)
