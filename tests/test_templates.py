"""The language-agnostic template engine: syntax, expansion, slots, conflicts, matching."""

from __future__ import annotations

import pytest

from voicedomino.grammar.templates import (
    Grammar,
    GrammarConflictError,
    IntentSpec,
    SlotValue,
    TemplateError,
    parse_template,
)


def sentences(*templates: str, slots: dict[str, list[SlotValue]] | None = None) -> list[str]:
    return Grammar([IntentSpec("x", templates)], slots or {}).sentences()


def test_plain_words() -> None:
    assert sentences("gioca tre") == ["gioca tre"]


def test_alternatives() -> None:
    assert sentences("(gioca|metti) tre") == ["gioca tre", "metti tre"]


def test_top_level_alternatives() -> None:
    assert sentences("passo|salto il turno") == ["passo", "salto il turno"]


def test_optional_word_and_optional_choice() -> None:
    assert sentences("metti [il] tre") == ["metti il tre", "metti tre"]
    assert sentences("[il|la] tre") == ["il tre", "la tre", "tre"]


def test_nested_groups() -> None:
    assert sentences("a [b (c|d [e])]") == ["a", "a b c", "a b d", "a b d e"]


def test_whitespace_is_insignificant() -> None:
    assert sentences("  a   ( b |c )  ") == ["a b", "a c"]


def test_duplicate_expansions_with_same_meaning_collapse() -> None:
    assert sentences("a [b]", "a b", "(a) b") == ["a", "a b"]


def test_slots_bind_typed_values() -> None:
    slots = {"n": [SlotValue("uno|one", 1), SlotValue("due", 2)]}
    grammar = Grammar([IntentSpec("num", ("dammi {n}",))], slots)
    assert grammar.sentences() == ["dammi due", "dammi one", "dammi uno"]
    found = grammar.match(["dammi", "one"])
    assert found is not None
    assert (found.intent, dict(found.slots), found.text) == ("num", {"n": 1}, "dammi one")


def test_slot_phrases_may_use_optional_words() -> None:
    slots = {"side": [SlotValue("[in] testa", "head")]}
    grammar = Grammar([IntentSpec("s", ("{side}",))], slots)
    assert grammar.sentences() == ["in testa", "testa"]


def test_fixed_slots_are_added_to_every_match() -> None:
    grammar = Grammar([IntentSpec("wild", ("con jolly",), {"on": True})], {})
    found = grammar.match(("con", "jolly"))
    assert found is not None
    assert dict(found.slots) == {"on": True}


def test_optional_slot_is_absent_when_not_said() -> None:
    slots = {"a": [SlotValue("x", 1)], "b": [SlotValue("y", 2)]}
    grammar = Grammar([IntentSpec("i", ("{a} [{b}]",))], slots)
    short, long = grammar.match(["x"]), grammar.match(["x", "y"])
    assert short is not None and long is not None
    assert dict(short.slots) == {"a": 1}
    assert dict(long.slots) == {"a": 1, "b": 2}


def test_match_is_exact() -> None:
    grammar = Grammar([IntentSpec("i", ("gioca tre",))], {})
    assert grammar.match(["gioca", "tre"]) is not None
    assert grammar.match(["gioca"]) is None
    assert grammar.match(["gioca", "tre", "tre"]) is None
    assert grammar.match([]) is None


def test_vocabulary_and_length() -> None:
    grammar = Grammar([IntentSpec("i", ("(a|b) c", "d"))], {})
    assert grammar.vocabulary() == {"a", "b", "c", "d"}
    assert len(grammar) == 3
    assert grammar.max_words == 2


def test_expansions_are_sorted_by_text() -> None:
    grammar = Grammar([IntentSpec("i", ("b|a|c",))], {})
    assert [e.text for e in grammar.expansions()] == ["a", "b", "c"]


def test_conflicting_meanings_are_rejected() -> None:
    with pytest.raises(GrammarConflictError, match="'pesca'"):
        Grammar([IntentSpec("draw", ("pesca",)), IntentSpec("variant", ("pesca",))], {})


def test_conflicting_slot_values_are_rejected() -> None:
    slots = {"n": [SlotValue("tre", 3), SlotValue("tre", 4)]}
    with pytest.raises(GrammarConflictError):
        Grammar([IntentSpec("n", ("{n}",))], slots)


@pytest.mark.parametrize(
    "template",
    [
        "",
        "   ",
        "(a|b",
        "a|b)",
        "[a",
        "a]",
        "(a|)",
        "(|a)",
        "[]",
        "()",
        "{}",
        "{n",
        "{ }",
        "Gioca",
        "gioca è",
        "c'è",
        "gioca, tre",
    ],
)
def test_malformed_templates_raise(template: str) -> None:
    with pytest.raises(TemplateError):
        Grammar([IntentSpec("i", (template,))], {"n": [SlotValue("x", 1)]})


def test_unknown_slot_raises() -> None:
    with pytest.raises(TemplateError, match="unknown slot"):
        Grammar([IntentSpec("i", ("{missing}",))], {})


def test_slot_filled_twice_raises() -> None:
    with pytest.raises(TemplateError, match="twice"):
        Grammar([IntentSpec("i", ("{n} {n}",))], {"n": [SlotValue("x", 1)]})


def test_fixed_slot_colliding_with_template_slot_raises() -> None:
    with pytest.raises(TemplateError, match="twice"):
        Grammar([IntentSpec("i", ("{n}",), {"n": 5})], {"n": [SlotValue("x", 1)]})


def test_empty_slot_list_raises() -> None:
    with pytest.raises(TemplateError, match="empty"):
        Grammar([IntentSpec("i", ("a",))], {"n": []})


def test_slot_phrase_with_slot_raises() -> None:
    with pytest.raises(TemplateError):
        Grammar([IntentSpec("i", ("a",))], {"n": [SlotValue("{m}", 1)], "m": []})


def test_size_guard() -> None:
    many = " ".join(["(a|b)"] * 12)  # 4096 sentences
    with pytest.raises(TemplateError, match="exceeds"):
        Grammar([IntentSpec("i", (many,))], {}, max_sentences=1000)
    assert len(Grammar([IntentSpec("i", (many,))], {})) == 4096


def test_parse_template_returns_a_tree() -> None:
    tree = parse_template("(a|b) [c]")
    assert tree is not None
    with pytest.raises(TemplateError, match="in template"):
        parse_template("(a")
