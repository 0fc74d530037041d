"""The Korean stand-in of the Italian grammar: a one-to-one mapping from the screened pool that
a growing vocabulary does not reshuffle, and real sentences through the real recogniser."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from korean_speech import ko_model
from korean_standin import StandIn, game_standin, korean_recognizer, pinned, pool, say

from voicedomino.dialog.parser import grammar_sentences, parse, vocabulary


def test_the_pool_is_large_enough_and_holds_no_repeats() -> None:
    words = pool()
    assert len(words) >= 450
    assert len(set(words)) == len(words)
    assert len(words) >= len(vocabulary()) + 100  # room for the grammar to grow


def test_the_mapping_is_one_to_one_and_stable_as_the_vocabulary_grows() -> None:
    standin = game_standin()
    assert set(standin.to_korean) == vocabulary()
    assert len(set(standin.to_korean.values())) == len(standin.to_korean)
    grown = StandIn.for_vocabulary({*vocabulary(), "domino", "aspetta", "annullare"})
    # New words take free pool words; old words move only where places collide.
    moved = [w for w, k in standin.to_korean.items() if grown.to_korean[w] != k]
    assert len(moved) <= 3 * 3, moved
    assert StandIn.for_vocabulary(sorted(vocabulary(), reverse=True)) == standin
    # a pinned word keeps its Korean word whatever words join the grammar
    assert {w: k for w, k in pinned().items() if w in standin.to_korean} == {
        w: standin.to_korean[w] for w in pinned() if w in standin.to_korean
    }
    assert {w: grown.to_korean[w] for w in pinned() if w in grown.to_korean} == {
        w: k for w, k in pinned().items() if w in grown.to_korean
    }
    for sentence in grammar_sentences()[::97]:
        assert standin.italian(standin.korean(sentence)) == sentence


@pytest.fixture(scope="module")
def model() -> Any:
    return ko_model()


def test_stand_in_commands_come_back_as_the_italian_command(model: Any) -> None:
    recognizer = korean_recognizer(model)
    assert recognizer.missing_words == ()
    assert len(recognizer.fit.phrases) == len(grammar_sentences())
    standin = game_standin()
    commands = ["pesco", "passo", "gioca sei tre", "quante tessere ha l avversario", "ripeti"]
    right = 0
    quiet = np.zeros(4000, dtype=np.int16)
    for sentence in commands:
        recognizer.reset()
        recognizer.accept(np.concatenate([quiet, say(sentence), quiet, quiet]).tobytes())
        heard = standin.italian(recognizer.finish().text)
        said, got = parse(sentence), parse(heard)
        assert said is not None
        right += got is not None and got == said
    assert right >= len(commands) - 1
