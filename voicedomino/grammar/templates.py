"""A small, language-agnostic sentence template engine in the style of hassil.

Template syntax (words must already be in the form `normalize` gives: lowercase, no accents,
no punctuation):

- ``gioca tre``        words in sequence
- ``(gioca|metti)``    one of the alternatives
- ``[il]``             optional; ``[il|la]`` is an optional choice
- ``{tile}``           a slot, filled from the slot list of that name
- ``a|b`` at top level is the same as ``(a|b)``

A slot list maps phrases (templates without slots) to typed values. From the same
templates the engine enumerates every accepted sentence (for a closed speech grammar) and
matches utterances. The grammar is finite and meant to stay small, so matching is an exact
lookup in the table of enumerated sentences: parsing is O(1) and can never disagree with the
enumeration. Building the table also proves the grammar unambiguous: two templates giving the
same words different meanings raise `GrammarConflictError`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from voicedomino.grammar.normalize import normalize

Words = tuple[str, ...]
_Bindings = tuple[tuple[str, object], ...]
_Expanded = list[tuple[Words, _Bindings]]

_SPECIAL = "()[]|{}"


class TemplateError(ValueError):
    """A template or slot list is malformed."""


class GrammarConflictError(TemplateError):
    """The same sentence would mean two different things."""


@dataclass(frozen=True)
class SlotValue:
    """One entry of a slot list: a phrase template (no slots inside) and its value."""

    phrase: str
    value: object


@dataclass(frozen=True)
class IntentSpec:
    """The templates of one intent; `fixed_slots` are added to every match."""

    name: str
    templates: tuple[str, ...]
    fixed_slots: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Expansion:
    """One accepted sentence and its meaning."""

    words: Words
    intent: str
    slots: Mapping[str, object] = field(hash=False)

    @property
    def text(self) -> str:
        return " ".join(self.words)


# --- template syntax tree -------------------------------------------------------------------


@dataclass(frozen=True)
class _Word:
    text: str


@dataclass(frozen=True)
class _SlotRef:
    name: str


@dataclass(frozen=True)
class _Sequence:
    items: tuple[_Node, ...]


@dataclass(frozen=True)
class _Choice:
    options: tuple[_Node, ...]


_Node = _Word | _SlotRef | _Sequence | _Choice


def _tokenize(template: str) -> list[str]:
    tokens: list[str] = []
    word: list[str] = []
    for ch in template:
        if ch.isspace() or ch in _SPECIAL:
            if word:
                tokens.append("".join(word))
                word = []
            if ch in _SPECIAL:
                tokens.append(ch)
        else:
            word.append(ch)
    if word:
        tokens.append("".join(word))
    return tokens


class _Parser:
    """Recursive descent over the template tokens."""

    def __init__(self, template: str) -> None:
        self.template = template
        self.tokens = _tokenize(template)
        self.pos = 0

    def error(self, message: str) -> TemplateError:
        return TemplateError(f"{message} in template {self.template!r}")

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def parse(self) -> _Node:
        node = self.alternatives(closing=None)
        if self.peek() is not None:
            raise self.error(f"unexpected {self.peek()!r}")
        return node

    def alternatives(self, closing: str | None) -> _Node:
        options = [self.sequence()]
        while self.peek() == "|":
            self.pos += 1
            options.append(self.sequence())
        if any(isinstance(o, _Sequence) and not o.items for o in options):
            raise self.error("empty alternative")
        if closing is not None:
            if self.peek() != closing:
                raise self.error(f"missing {closing!r}")
            self.pos += 1
        return options[0] if len(options) == 1 else _Choice(tuple(options))

    def sequence(self) -> _Node:
        items: list[_Node] = []
        while (token := self.peek()) is not None and token not in "|)]}":
            self.pos += 1
            if token == "(":
                items.append(self.alternatives(closing=")"))
            elif token == "[":
                items.append(_Choice((self.alternatives(closing="]"), _Sequence(()))))
            elif token == "{":
                items.append(self.slot())
            elif normalize(token) == token:
                items.append(_Word(token))
            else:
                raise self.error(f"word {token!r} is not normalised")
        return items[0] if len(items) == 1 else _Sequence(tuple(items))

    def slot(self) -> _SlotRef:
        name = self.peek()
        if name is None or name in _SPECIAL:
            raise self.error("slot without a name")
        self.pos += 1
        if self.peek() != "}":
            raise self.error("missing '}'")
        self.pos += 1
        return _SlotRef(name)


def parse_template(template: str) -> _Node:
    """Parse `template` into a syntax tree, raising `TemplateError` when malformed."""
    return _Parser(template).parse()


# --- expansion ------------------------------------------------------------------------------


def _expand(node: _Node, slots: Mapping[str, _Expanded]) -> _Expanded:
    if isinstance(node, _Word):
        return [((node.text,), ())]
    if isinstance(node, _SlotRef):
        if node.name not in slots:
            raise TemplateError(f"unknown slot {{{node.name}}}")
        return slots[node.name]
    if isinstance(node, _Choice):
        return [item for option in node.options for item in _expand(option, slots)]
    result: _Expanded = [((), ())]
    for child in node.items:
        tails = _expand(child, slots)
        result = [(w1 + w2, b1 + b2) for (w1, b1), (w2, b2) in itertools.product(result, tails)]
    return result


def expand_phrase(phrase: str) -> list[Words]:
    """Every word sequence a template without slots stands for ("(tiro|tira) su")."""
    expanded = []
    for words, bindings in _expand(parse_template(phrase), {}):
        if bindings:
            raise TemplateError(f"a phrase cannot contain slots: {phrase!r}")
        expanded.append(words)
    return expanded


def _expand_slot_list(name: str, values: Sequence[SlotValue]) -> _Expanded:
    if not values:
        raise TemplateError(f"slot list {name!r} is empty")
    expanded: _Expanded = []
    for entry in values:
        for words, bindings in _expand(parse_template(entry.phrase), {}):
            if bindings:
                raise TemplateError(f"slot list {name!r}: phrases cannot contain slots")
            expanded.append((words, ((name, entry.value),)))
    return expanded


class Grammar:
    """Every sentence of a set of intents, enumerated and indexed for exact matching."""

    def __init__(
        self,
        intents: Iterable[IntentSpec],
        slot_lists: Mapping[str, Sequence[SlotValue]],
        *,
        max_sentences: int = 100_000,
    ) -> None:
        slots = {name: _expand_slot_list(name, values) for name, values in slot_lists.items()}
        index: dict[Words, Expansion] = {}
        conflicts: list[str] = []
        for spec in intents:
            for template in spec.templates:
                for words, bindings in _expand(parse_template(template), slots):
                    names = [n for n, _ in bindings] + list(spec.fixed_slots)
                    if len(set(names)) != len(names):
                        raise TemplateError(f"slot filled twice in {template!r}")
                    meaning = MappingProxyType({**dict(bindings), **spec.fixed_slots})
                    known = index.get(words)
                    if known is None:
                        index[words] = Expansion(words, spec.name, meaning)
                    elif (known.intent, known.slots) != (spec.name, meaning):
                        conflicts.append(
                            f"{' '.join(words)!r}: {known.intent} {dict(known.slots)} "
                            f"vs {spec.name} {dict(meaning)}"
                        )
                    if len(index) > max_sentences:
                        raise TemplateError(f"grammar exceeds {max_sentences} sentences")
        if conflicts:
            raise GrammarConflictError("ambiguous sentences: " + "; ".join(conflicts[:10]))
        self._index = index
        self.max_words = max((len(w) for w in index), default=0)

    def match(self, words: Sequence[str]) -> Expansion | None:
        """Return the meaning of exactly these normalised words, or None."""
        return self._index.get(tuple(words))

    def expansions(self) -> list[Expansion]:
        """Every accepted sentence with its meaning, sorted by text."""
        return sorted(self._index.values(), key=lambda e: e.text)

    def sentences(self) -> list[str]:
        return sorted(e.text for e in self._index.values())

    def vocabulary(self) -> set[str]:
        return {word for words in self._index for word in words}

    def __len__(self) -> int:
        return len(self._index)
