"""The understanding engine (grammar/meaning.py) on a small made-up language: how words become
concepts, how a clause finds its frame, and how clauses make one meaning or none."""

from __future__ import annotations

import pytest

from voicedomino.grammar.meaning import (
    FILLER,
    FUNCTION,
    UNKNOWN,
    ClauseWords,
    Entry,
    Frame,
    Kind,
    Lexicon,
    LexiconConflictError,
    Understanding,
)
from voicedomino.grammar.templates import TemplateError

ENTRIES = [
    Entry("please|well", FILLER),
    Entry("the|a|to|at", FUNCTION),
    Entry("play|put", "PLAY"),
    Entry("go", "PLAY", Kind("start")),
    Entry("draw|take one", "DRAW"),
    Entry("pass", "PASS"),
    Entry("one", "NUM", 1),
    Entry("two", "NUM", 2),
    Entry("one two", "TILE", (1, 2)),
    Entry("left", "SIDE", "head"),
    Entry("right", "SIDE", "tail"),
    Entry("what|which", "WHAT"),
    Entry("can i", "CANI"),
    Entry("can you", "CANYOU"),
    Entry("score|points", "SCORE"),
    Entry("tell me", "TELL"),
    Entry("yes", "YES"),
    Entry("ok", "OK"),
    Entry("not", "NOT"),
    Entry("said", "SAID"),
    Entry("because|since", "ASIDE"),
    Entry("that", "THAT"),
    Entry("actually", "FIX"),
    Entry("damn", "OUCH"),
    Entry("or not", "QTAG"),
    Entry("when", "WHEN"),
    Entry("double six", "TILE", (6, 6)),
    Entry("who opens", "OPENER"),
    Entry("nope", "NOPE"),
]
FRAMES = [
    Frame.of("yes", "YES", "OK", weak=True),
    Frame.of("ok", "OK", weak=True),
    Frame.of("play", "TILE", "PLAY SIDE", question="playable", bare_alone=True, acts=True),
    Frame.of("number", "NUM", "PLAY SIDE", question="number_question", bare_alone=True, acts=True),
    Frame.of("number_question", "NUM CANI|NUM WHAT", "PLAY"),
    Frame.of("draw", "DRAW", "CANYOU", question="playable", acts=True),
    Frame.of("pass", "PASS", question="playable", acts=True),
    Frame.of("playable", "WHAT CANI PLAY|CANI PLAY", "TILE"),
    Frame.of("score", "SCORE", "WHAT TELL"),
    Frame.of("start", "PLAY=start", acts=True),
    Frame.of("top_double_opens", "OPENER TILE=(6,6)"),
]
WORDS = ClauseWords(
    interrogatives=frozenset({"WHAT", "QTAG", "WHEN"}),
    exclamatives=frozenset({"WHAT"}),
    question_tags=frozenset({"QTAG"}),
    requests=frozenset({"CANYOU"}),
    framing=frozenset({"TELL"}),
    aside_openers=frozenset({"ASIDE"}),
    relative="THAT",
    negation="NOT",
    moves=frozenset({"PLAY", "DRAW", "PASS", "TILE"}),
    reported=frozenset({"SAID"}),
    correction="FIX",
    repeatable=frozenset({"WHAT"}),
    soft=frozenset({"OK"}),
    dangling=frozenset({"the", "a", "to", "at"}),
    interjections=frozenset({"OUCH"}),
    subordinators=frozenset({"WHEN"}),
    retractions=frozenset({"NOPE"}),
)
ENGINE = Understanding(Lexicon(ENTRIES), FRAMES, WORDS, precedence=[("draw", "pass")])


def meaning(*clauses: str) -> tuple[str, dict[str, object]] | None:
    """The meaning of clauses given as text, each ending with its mark ("?" or "!")."""
    split = []
    for clause in clauses:
        mark = clause[-1] if clause[-1] in "?!" else ""
        split.append((tuple(clause.rstrip("?!").split()), mark))
    found = ENGINE.understand(split)
    return None if found is None else (found.intent, dict(found.slots))


def test_longest_phrase_wins_and_unknown_words_stay_unknown() -> None:
    tags = ENGINE.lexicon.tag(["put", "one", "two", "left", "banana"])
    assert [(t.concept, t.value) for t in tags] == [
        ("PLAY", None), ("TILE", (1, 2)), ("SIDE", "head"), (UNKNOWN, None)
    ]  # fmt: skip


def test_a_phrase_with_two_meanings_is_refused() -> None:
    with pytest.raises(LexiconConflictError):
        Lexicon([Entry("pass", "PASS"), Entry("pass", "DRAW")])


def test_frames_may_only_name_concepts_the_lexicon_has() -> None:
    with pytest.raises(TemplateError, match="NOWHERE"):
        Understanding(Lexicon(ENTRIES), [Frame.of("x", "NOWHERE")], WORDS)


def test_order_fillers_and_articles_are_free() -> None:
    expected = ("play", {"tile": (1, 2), "side": "head"})
    assert meaning("put the one two left") == expected
    assert meaning("well left put one two please") == expected


def test_a_word_no_frame_allows_refuses_the_clause() -> None:
    assert meaning("put one two banana") is None
    assert meaning("put one two one two") is None  # a tile twice is no command


def test_values_that_only_tell_phrases_apart_are_no_slots() -> None:
    assert meaning("go") == ("start", {})
    assert meaning("put") is None  # "put" alone starts nothing: only "go" does


def test_a_question_about_a_move_becomes_the_question() -> None:
    assert meaning("put one two?") == ("playable", {"tile": (1, 2)})
    assert meaning("what one") == ("number_question", {"num": 1})
    assert meaning("draw or not") == ("playable", {})  # a question tag asks too
    assert meaning("can you draw?") == ("draw", {})  # a request is no question


def test_negated_moves_and_reported_words_are_refused() -> None:
    assert meaning("not pass") is None
    assert meaning("not pass", "draw") is None
    assert meaning("said pass") is None


def test_a_need_may_name_a_value() -> None:
    assert meaning("who opens double six") == ("top_double_opens", {"tile": (6, 6)})
    assert meaning("who opens one two") is None


def test_a_subordinate_after_the_command_is_a_remark_that_asks_nothing() -> None:
    assert meaning("pass when banana") == ("pass", {})
    assert meaning("pass what banana") is None  # a question beside a command: asked again
    assert meaning("when pass") is None
    assert meaning("pass when what") is None  # another question word in it still asks


def test_a_retraction_between_two_clauses_keeps_the_second() -> None:
    assert meaning("put one", "nope", "put two") == ("number", {"num": 2})
    assert meaning("put one", "nope", "not pass") is None


def test_a_clause_begun_again_is_dropped() -> None:
    assert meaning("put the", "put the one two left") == (
        "play",
        {"tile": (1, 2), "side": "head"},
    )


def test_a_reason_after_the_command_may_be_negated() -> None:
    assert meaning("draw", "that not pass") == ("draw", {})
    assert meaning("not pass", "that draw") is None


def test_reported_words_after_a_question_leave_the_question() -> None:
    assert meaning("score?", "said banana") == ("score", {})
    assert meaning("pass?", "said pass") == ("playable", {})  # still a question, no move
    assert meaning("pass", "said pass") is None
    assert meaning("said pass?") is None


def test_a_command_with_remarks_after_it_but_not_before() -> None:
    assert meaning("pass", "banana banana") == ("pass", {})
    assert meaning("pass because banana") == ("pass", {})
    assert meaning("banana banana", "pass") is None
    assert meaning("banana", "tell me the score") is None  # a name first: said to someone else
    assert meaning("banana banana", "tell me the score") == ("score", {})  # not a move


def test_short_answers_and_bare_values_among_other_words() -> None:
    assert meaning("yes") == ("yes", {})
    assert meaning("yes", "banana banana") is None
    assert meaning("one two", "banana banana") is None
    assert meaning("one two because banana") == ("play", {"tile": (1, 2)})
    assert meaning("damn", "one two") is None
    assert meaning("damn", "pass") == ("pass", {})


def test_clauses_agree_or_one_is_the_others_reason() -> None:
    assert meaning("pass", "draw") == ("draw", {})
    assert meaning("score", "draw") == ("draw", {})  # a remark about the game, then a move
    assert meaning("what score?", "draw") is None  # a question and a move: neither is taken
    assert meaning("score", "tell me what score") is not None  # the same thing twice
    assert meaning("ok", "pass") == ("pass", {})
    assert meaning("yes", "ok") == ("yes", {})


def test_a_correction_keeps_what_follows() -> None:
    assert meaning("pass actually draw") == ("draw", {})


def test_an_exclamation_is_no_question() -> None:
    assert meaning("what score!") is None
    assert meaning("what score?") == ("score", {})


def test_a_sentence_cut_short_is_refused() -> None:
    assert meaning("put the") is None
    assert meaning("put one two at") is None
