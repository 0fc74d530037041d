"""Understanding by meaning: words tagged with concepts, then matched to frames.

The template engine (`templates.py`) accepts exactly the sentences it enumerates; people do
not speak in enumerated sentences. Here an utterance is understood in three steps:

1. **Tagging.** A `Lexicon` maps phrases (templates without slots, so "(tiro|tira) su" is two
   phrases) to a concept and an optional value: "monte", "mucchio" and "pozzo" are all the
   concept POOL; "tre e cinque" is TILE with the value (3, 5). The words are tagged left to
   right, longest phrase first; a word the lexicon does not know is tagged `UNKNOWN`.
2. **Frames.** A `Frame` says which concepts make a meaning (`needs`, alternatives), which
   others may come with it (`may`) and what the meaning carries (`fixed` slots, plus the
   values of the tagged concepts). A clause matches a frame when one alternative of its
   needs is present and every tag is needed, allowed, or a filler: so word order is free,
   the framing words and articles a frame allows never block it, and a word no frame
   allows (an unknown word, a negation) refuses the clause. Of the frames that match, the
   one needing most wins; between equals, the first listed.
3. **Clauses.** A whole utterance is matched first. If it does not match, it is cut into
   clauses (at punctuation, and before the words that open an aside, such as "che" or
   "tanto") and each is matched alone: one clearly meant command, with remarks around it,
   is understood; short answers ("sì", "no") next to words that mean nothing to the game
   are not (they are what people say on the telephone), nor is anything with a negated
   move in it.

The engine knows no language: the lexicon's phrases, the concepts, the frames and the
clause words are data (`voicedomino.italian.lexicon` for Italian).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from voicedomino.grammar.templates import TemplateError, expand_phrase

Words = tuple[str, ...]

UNKNOWN = "?"
# Concepts every frame skips: words that carry no meaning at all ("per favore", "allora").
FILLER = "_"
# Concepts every frame skips, but which count as words said: articles, prepositions,
# pronouns ("il", "della", "mi").
FUNCTION = "fn"


class LexiconConflictError(TemplateError):
    """The same phrase tagged with two different concepts."""


class Kind(str):
    """A value that tells phrases of one concept apart for the frames' needs ("PLAY=start")
    without being a slot of the meaning."""


@dataclass(frozen=True)
class Tag:
    """Words of an utterance and what they stand for."""

    concept: str
    value: object = None
    words: Words = ()


@dataclass(frozen=True)
class Entry:
    """A lexicon line: every phrase of `phrases` (a template, no slots) means `concept`."""

    phrases: str
    concept: str
    value: object = None


class Lexicon:
    """Phrases to concepts; tags a word sequence by longest match, left to right. A word no
    phrase has may still be known by its ending (`endings`: "-mente" makes an adverb), a
    word of digits ("4721", a code) is the concept `digits`, its value the digits, and a word
    no phrase has right after a word of `titles` ("compare Michele", "la mia amica Franca") is
    a person's name, the concept `name`."""

    def __init__(
        self,
        entries: Iterable[Entry],
        endings: Mapping[str, str] | None = None,
        digits: str | None = None,
        titles: Iterable[str] = (),
        name: str | None = None,
    ) -> None:
        table: dict[Words, tuple[str, object]] = {}
        conflicts: list[str] = []
        for entry in entries:
            for words in expand_phrase(entry.phrases):
                meaning = (entry.concept, entry.value)
                known = table.setdefault(words, meaning)
                if known != meaning:
                    conflicts.append(f"{' '.join(words)!r}: {known} vs {meaning}")
        if conflicts:
            raise LexiconConflictError("phrases with two meanings: " + "; ".join(conflicts[:40]))
        self._table = table
        self.longest = max((len(words) for words in table), default=0)
        self._vocabulary = frozenset(word for words in table for word in words)
        concepts_of: dict[str, set[str]] = {}
        for words, (concept, _) in table.items():
            for word in words:
                concepts_of.setdefault(word, set()).add(concept)
        self._word_concepts = {word: frozenset(found) for word, found in concepts_of.items()}
        self._endings = dict(endings or {})
        self._digits = digits
        self._titles = frozenset(titles)
        self._name = name

    def tag(self, words: Sequence[str]) -> list[Tag]:
        tags: list[Tag] = []
        index = 0
        while index < len(words):
            for size in range(min(self.longest, len(words) - index), 0, -1):
                phrase = tuple(words[index : index + size])
                found = self._table.get(phrase)
                if found is not None:
                    tags.append(Tag(found[0], found[1], phrase))
                    index += size
                    break
            else:
                word = words[index]
                if self._digits is not None and word.isascii() and word.isdigit():
                    tags.append(Tag(self._digits, word, (word,)))
                elif self._name is not None and (
                    word in self._titles or (tags and tags[-1].words[-1] in self._titles)
                ):
                    tags.append(Tag(self._name, None, (word,)))  # "zia", "(zia) Pina"
                else:
                    tags.append(Tag(self._by_ending(word), None, (word,)))
                index += 1
        return tags

    def _by_ending(self, word: str) -> str:
        for ending, concept in self._endings.items():
            if word.endswith(ending) and len(word) > len(ending) + 2:
                return concept
        return UNKNOWN

    def only_titles(self, words: Sequence[str]) -> bool:
        """Whether the words are only titles ("signora", "zio"): said alone, to that person."""
        return bool(words) and all(word in self._titles for word in words)

    def meaning_of(self, phrase: str) -> tuple[str, object] | None:
        return self._table.get(tuple(phrase.split()))

    def vocabulary(self) -> frozenset[str]:
        """Every word of every phrase."""
        return self._vocabulary

    def concepts_of_word(self, word: str) -> frozenset[str]:
        """The concepts of every phrase the word is part of."""
        return self._word_concepts.get(word, frozenset())

    def concepts(self) -> set[str]:
        known = {concept for concept, _ in self._table.values()}
        made = {self._digits, self._name} - {None}
        return known | {concept for concept in made if concept is not None}


# --- frames ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Need:
    """One concept a frame needs, optionally with a given value ("NUM=0", "TILE=(6,6)": the
    value as printed, without spaces)."""

    concept: str
    value: str | None = None

    def met_by(self, tag: Tag) -> bool:
        if tag.concept != self.concept:
            return False
        return self.value is None or str(tag.value).replace(" ", "") == self.value

    @classmethod
    def parse(cls, text: str) -> Need:
        concept, _, value = text.partition("=")
        return cls(concept, value or None)


@dataclass(frozen=True)
class Frame:
    """A meaning and the concepts that say it.

    `needs` is a list of alternatives, each a space-separated set of concepts ("TAKE POOL"),
    all of which must be there; `may` the concepts allowed beside them. Concepts carrying a
    value become slots, named by `slots` (concept -> slot name; default: the concept in
    lower case). `question` says what the frame becomes when the clause is a question:
    "keep" (it is one, or may be asked as one), "refuse", or the name of another frame's
    meaning (a move asked about becomes the question about it). `weak` meanings (a bare
    "sì", "come?") are not taken when words the game does not know are said around them.
    """

    intent: str
    needs: tuple[tuple[Need, ...], ...]
    may: frozenset[str]
    fixed: Mapping[str, object] = field(default_factory=dict)
    slots: Mapping[str, str] = field(default_factory=dict)
    question: str = "keep"
    weak: bool = False
    repeatable: frozenset[str] = frozenset()
    bare_alone: bool = False  # bare when said with nothing but what it needs ("tre", "capra")
    acts: bool = False  # changes the game at once (a move, starting): never after chatter
    # Concepts that make the frame a remark unless asked: "Marco ha pescato di nuovo" says what
    # Marco did; "Marco ha pescato?" asks about him.
    only_asked_with: frozenset[str] = frozenset()

    @classmethod
    def of(
        cls,
        intent: str,
        needs: str,
        may: str = "",
        *,
        fixed: Mapping[str, object] | None = None,
        slots: Mapping[str, str] | None = None,
        question: str = "keep",
        weak: bool = False,
        repeatable: str = "",
        bare_alone: bool = False,
        acts: bool = False,
        only_asked_with: str = "",
    ) -> Frame:
        alternatives = tuple(
            sorted(  # the most specific first: it is the one a clause is matched with
                (
                    tuple(Need.parse(item) for item in alternative.split())
                    for alternative in needs.split("|")
                ),
                key=len,
                reverse=True,
            )
        )
        if any(not alternative for alternative in alternatives):
            raise TemplateError(f"frame {intent!r}: an empty alternative in {needs!r}")
        return cls(
            intent,
            alternatives,
            frozenset(may.split()),
            MappingProxyType(dict(fixed or {})),
            MappingProxyType(dict(slots or {})),
            question,
            weak,
            frozenset(repeatable.split()),
            bare_alone,
            acts,
            frozenset(only_asked_with.split()),
        )

    def __post_init__(self) -> None:
        needed = {need.concept for alternative in self.needs for need in alternative}
        object.__setattr__(self, "_concepts", frozenset(needed | self.may))
        # concepts needed only with a given value, and allowed no other way ("PLAY=put"):
        # said with another value, they refuse the frame
        plain = {n.concept for a in self.needs for n in a if n.value is None} | self.may
        object.__setattr__(self, "_valued_only", frozenset(needed - plain))

    def admits(self, tag: Tag) -> bool:
        """Whether a tag of a concept the frame needs only with given values has one."""
        only: frozenset[str] = getattr(self, "_valued_only")  # noqa: B009 (__post_init__)
        return tag.concept not in only or any(
            need.met_by(tag) for alternative in self.needs for need in alternative
        )

    def concepts(self) -> frozenset[str]:
        """Every concept the frame needs or allows."""
        concepts: frozenset[str] = getattr(self, "_concepts")  # noqa: B009 (set in __post_init__)
        return concepts


@dataclass(frozen=True)
class Match:
    """A clause understood: the frame's meaning and the slots filled from the words."""

    intent: str
    slots: Mapping[str, object]
    frame: Frame
    specificity: int
    words: int  # the words that carried the meaning (fillers not counted)
    weak: bool = False  # a short answer ("sì", "come?"): not taken among other words
    bare: bool = False  # only a value ("tre", "capra"): not taken among other clauses
    asked: bool = False  # said as a question ("?" or a question word)
    said: frozenset[str] = frozenset()  # the concepts of the words that carried it
    requested: bool = False  # asked of the game as a request ("mi apri un tavolo?")


def _match(
    frame: Frame, tags: Sequence[Tag], skip: frozenset[str], repeatable: frozenset[str]
) -> Match | None:
    content = [tag for tag in tags if tag.concept not in skip]
    if not content:
        return None
    present = {tag.concept for tag in content}
    for alternative in frame.needs:
        used: set[int] = set()
        for need in alternative:
            index = next(
                (i for i, tag in enumerate(content) if i not in used and need.met_by(tag)), None
            )
            if index is None:
                break
            used.add(index)
        else:
            if not present <= frame.concepts() or not all(frame.admits(t) for t in content):
                return None
            seen: set[str] = set()
            slots: dict[str, object] = {}
            repeated = False
            for tag in content:
                if tag.concept in seen and tag.concept not in frame.repeatable | repeatable:
                    repeated = True
                    break
                seen.add(tag.concept)
                if tag.value is not None and not isinstance(tag.value, Kind):
                    slots[frame.slots.get(tag.concept, tag.concept.lower())] = tag.value
            if repeated:
                continue
            slots.update(frame.fixed)
            words = sum(
                len(tag.words) for tag in tags if tag.concept == FUNCTION or tag.concept not in skip
            )
            bare = frame.bare_alone and len(content) == len(alternative)
            return Match(
                frame.intent,
                MappingProxyType(slots),
                frame,
                len(alternative),
                words,
                frame.weak,
                bare,
                said=frozenset(present),
            )
    return None


@dataclass(frozen=True)
class ClauseWords:
    """The vocabulary of clauses: which concepts make a question, open a remark, negate."""

    interrogatives: frozenset[str]  # "chi", "quanto", "o no": the clause is a question
    exclamatives: frozenset[str]  # "che", "quanto" opening a clause ended by "!": no question
    question_tags: frozenset[str]  # "o no", "vero": make a question, mean nothing else
    requests: frozenset[str]  # "puoi...?": a request, not a question, where a frame allows it
    framing: frozenset[str]  # "ho deciso:", "dimmi una cosa:": a clause of these says nothing
    aside_openers: frozenset[str]  # "tanto", "perché": what follows is a remark
    relative: str  # "che": opens a remark when it is not the clause's first word
    negation: str  # "non": a clause with it and a move in it refuses the utterance
    moves: frozenset[str]  # the concepts of moves (for the negation rule)
    reported: frozenset[str]  # "ha detto": someone else's words, never a command
    correction: str  # "cioè": only what follows counts
    repeatable: frozenset[str]  # may be said twice in any frame ("che gioco e a che livello")
    soft: frozenset[str]  # said before a command without changing it ("ok", "no", "scusa")
    dangling: frozenset[str] = frozenset()  # function words that cannot end a sentence ("il")
    # "uffa", "mannaggia": said with a command ("uffa, passo") or alone, never meaning it; a
    # bare value or short answer said with one is no command ("mannaggia, il doppio sei").
    interjections: frozenset[str] = frozenset()
    # "quando" after a command ("raccontami tutto quando giocano gli altri"): opens a remark
    # when it is not its clause's first word, and the remark asks nothing.
    subordinators: frozenset[str] = frozenset()
    # "no" alone between two clauses takes the first back ("il tre... no, il cinque")
    retractions: frozenset[str] = frozenset()
    # said with that "no" without changing it ("tre giocatori, no scusate, due")
    beside_retractions: frozenset[str] = frozenset()
    # a negation said of a past move ("non dovevo metterlo"): a remark, no negated command
    regrets: frozenset[str] = frozenset()
    # endings of a verb that only supposes ("se avessi il tre... passerei"): after thinking
    # aloud it decides nothing
    hedges: tuple[str, ...] = ()
    # "comunque", "ad ogni modo": the talk before is over, what follows is said to the game
    turns: frozenset[str] = frozenset()
    # a person's name ("zia Pina"): said first, on its own, the rest is said to that person
    names: frozenset[str] = frozenset()
    # the turn handed over ("gioca tu", "tocca a te"): said to someone called, an order to
    # that person, not the player's pass
    handovers: frozenset[str] = frozenset()
    # words that tell the game to pass words on ("digli", "scrivi"), and that say to whom
    # ("a compare Turi"): a message beside a person named without them is said to that person
    # ("grazie tesoro", "ciao nonna"), not sent to the table
    tellers: frozenset[str] = frozenset()
    datives: frozenset[str] = frozenset()
    # words that end a clause where a dictated sentence has no punctuation ("ho il tre e il
    # quattro quindi metto il tre e quattro"), when words come before and after them
    breaks: frozenset[str] = frozenset()
    # words that open an apposition ("il set fino a sei, quello classico"): the clause says
    # again what the one before named, in other words
    appositives: frozenset[str] = frozenset()
    # "vorrei che aprisse chi ha vinto": after only a wish, the relative word introduces what
    # is wished, not a remark
    wishes: frozenset[str] = frozenset()
    # "a blocco o in tre": words that offer alternatives, never several choices made together
    alternatives: frozenset[str] = frozenset()
    # meanings said to the person named right after them ("ciao, Toni, ..."): not to the game
    said_to_someone: frozenset[str] = frozenset()
    # meanings that are courtesy beside a clause the game does not understand ("togli quello
    # al posto tre, grazie", "grazie, il cane dorme"): no message then, unless that clause
    # speaks of the message too ("ringrazia tutti, manda grazie")
    courtesies: frozenset[str] = frozenset()
    # a preposition left at the end of a clause, after a value or said alone, is an adverb:
    # the words it stands for ("il quattro su", "su!": "in su", the arm up)
    stranded: Mapping[str, str] = field(default_factory=dict)
    # a player at the table named alone in a clause of its own ("Giulia, parla più forte"):
    # the sentence is said to that player; only a question about them in the third person
    # ("Giulia, quante ne ha?") or a message for them is for the game
    seats: frozenset[str] = frozenset()
    # words and endings that speak to "tu" ("hai", "faresti"): said to the player named
    second_person: frozenset[str] = frozenset()
    second_person_endings: tuple[str, ...] = ()
    # words before a name that still only call ("e Giulia, ...", "ehi Luca")
    call_openers: frozenset[str] = frozenset()


# Words of talk that make a clause more than a word or two beside a courtesy.
_TALK_WORDS = 3

# A clause: its words and the mark that ended its sentence ("?", "!" or ""), or PAUSE on the
# last clause of a sentence broken off ("ho il tre... metto il tre").
Clause = tuple[Words, str]
PAUSE = "…"


@dataclass(frozen=True)
class Together:
    """Meanings that may be said together in one sentence ("a quattro, a coppie, livello
    difficile": the menu's choices), and the meaning of saying several: `intent`, its slot
    `choices` the (intent, slots) of each, in the order said."""

    intent: str
    intents: frozenset[str]
    # the longest run of tags one choice is said in, where a clause is cut into choices
    longest: int = 8


@dataclass(frozen=True)
class Reading:
    """What one clause is: a match, or words the game does not understand (`chatter`), or
    only fillers (neither). An `aside` follows a word that opens a remark ("tanto...")."""

    match: Match | None
    chatter: bool
    aside: bool = False
    refuses: bool = False  # a negated move, someone else's words: the utterance is refused
    unknown: bool = False  # it has words the lexicon does not know (talk about other things)
    asking: bool = False  # not understood, but holds a question word ("abbandona, perché chi...")
    said: frozenset[str] = frozenset()  # the concepts of its words
    # the values its words name ("capra": VARIANT), where it was not understood
    values: Mapping[str, object] = field(default_factory=dict)
    words: int = 0  # how many words it has, where it was not understood


class Understanding:
    """A lexicon, frames and clause words: utterances (normalised words) to meanings."""

    def __init__(
        self,
        lexicon: Lexicon,
        frames: Sequence[Frame],
        clause_words: ClauseWords,
        precedence: Sequence[tuple[str, str]] = (),
        together: Together | None = None,
    ) -> None:
        self.lexicon = lexicon
        self.frames = tuple(frames)
        self.clause_words = clause_words
        # (winner, loser): two clauses meaning these, the first wins ("ho sbagliato, annulla")
        self.precedence = frozenset(precedence)
        self.together = together
        self._combinable = tuple(
            frame for frame in self.frames if together and frame.intent in together.intents
        )
        # the concepts that say a combinable choice: a clause needs two to be cut into choices
        self._choice_concepts = frozenset(
            need.concept for frame in self._combinable for option in frame.needs for need in option
        )
        unknown = set().union(*(f.concepts() for f in self.frames)) - lexicon.concepts()
        if unknown:
            raise TemplateError(f"frames use concepts no phrase has: {sorted(unknown)}")

    def understand(
        self, clauses: Sequence[Clause], max_words: int = 40, *, heed_calls: bool = True
    ) -> Match | None:
        """The meaning of an utterance given as clauses, or None (`heed_calls`: whether a
        clause that calls someone makes the sentence said to them)."""
        cw = self.clause_words
        # "il nove e... il nove e sette": a clause begun again is dropped
        clauses = [
            (clause, mark)
            for (clause, mark), (following, _) in zip(
                clauses, [*clauses[1:], ((), "")], strict=False
            )
            if not _begun_again(clause, following)
        ]
        clauses = [(self._unstranded(clause, len(clauses) == 1), mark) for clause, mark in clauses]
        clauses = self._joined_over_pauses(clauses)
        words = [w for clause, _ in clauses for w in clause]
        if not words or len(words) > max_words:
            return None
        # a phrase is said within one clause: "a chi tocca? tocca a me?" holds no "a chi tocca
        # tocca" (who opens, at random)
        tagged = [tag for clause, _ in clauses for tag in self.lexicon.tag(clause)]
        if all(mark != "?" for _, mark in clauses):
            # "tre giocatori, no quattro, anzi due": values said again in place of others
            in_place = self._corrected_in_place(tagged, clauses[-1][1])
            if in_place is not None:
                return in_place
        retracted = [
            index
            for index in range(1, len(clauses) - 1)
            if self._retracts(clauses[index][0])
            and clauses[index - 1][1] != "?"
            and not self._negates(clauses[index - 1][0])  # "non la metto, no": said again
        ]
        if retracted:  # "il tre... no, il cinque": what follows the "no" is meant
            return self.understand(clauses[retracted[-1] + 1 :], max_words)
        tags = tagged
        corrected = [i for i, tag in enumerate(tags) if tag.concept == cw.correction]
        corrected += self._taken_back(tags)
        if corrected and max(corrected) + 1 < len(tags):  # "ghe meto... cioè metto il..."
            last = max(corrected)
            if self._asks(tags[:last]):
                return None  # "chi... cioè abbandona": a question, then who knows what
            following = [t for t in tags[last + 1 :] if t.concept != FILLER]
            if following and following[0].concept in cw.aside_openers:
                # "la pesca, cioè quella dove peschi...": what follows explains what was said
                kept = sum(len(tag.words) for tag in tags[:last])
                return self.understand(_keep_words(clauses, kept), max_words)
            cut = sum(len(tag.words) for tag in tags[: last + 1])
            meant = self.understand(_drop_words(clauses, cut), max_words)
            kept = sum(len(tag.words) for tag in tags[:last])
            named = {(t.concept, repr(t.value)) for t in tags[:last] if _valued(t)}
            again = {(t.concept, repr(t.value)) for t in following if _valued(t)}
            if tags[last].concept == cw.correction and named & again:
                # "fino a centocinquanta, cioè si gioca finché uno fa centocinquanta": the
                # value said again explains what was said, it corrects nothing
                return self.understand(_keep_words(clauses, kept), max_words)
            if meant is None and self._only_names(following):
                # "il doppio massimo, cioè il doppio sei o il doppio nove": values that say
                # nothing alone explain what was named
                return self.understand(_keep_words(clauses, kept), max_words)
            if tags[last].concept == cw.correction and kept:
                before = self.understand(_keep_words(clauses, kept), max_words)
                if before is not None:
                    return self._said_with_i_mean(before, meant, following)
            return meant
        if tags[-1].concept == FUNCTION and tags[-1].words[-1] in cw.dangling:
            return None  # "gioca il", "tre cinque in": the rest is missing
        reported = [i for i, (clause, _) in enumerate(clauses) if self._reports(clause)]
        if reported and (reported[0] == 0 or clauses[reported[0] - 1][1] != "?"):
            return None  # "Marco ha detto passo": someone else's words
        if reported:  # "ho vinto io? mia nipote dice di sì": the question, and a remark on it
            found = self.understand(clauses[: reported[0]], max_words)
            return found if found is not None and found.asked and not found.frame.acts else None
        if len(clauses) > 1 and self._is_vocative(self.lexicon.tag(clauses[0][0]), clauses[0][1]):
            return None  # "Teresa, ...", "zia Pina, ...": said to someone else
        if len(clauses) > 1 and self._is_vocative(self.lexicon.tag(clauses[1][0]), clauses[1][1]):
            greeting = self.match(self.lexicon.tag(clauses[0][0]), clauses[0][1])
            if greeting is not None and greeting.intent in cw.said_to_someone:
                return None  # "mandi, Toni, ci vediamo domani": a greeting to someone else
        called = [i for i, (clause, _) in enumerate(clauses) if self._calls(clause)]
        if len(clauses) > 1 and called and heed_calls:
            return self._said_to_a_player(clauses, called, max_words)
        exclaimed = any(tag.concept in cw.interjections for tag in tags)
        whole = self.match(tags, clauses[-1][1])  # "tocca a me? allora passo" ends a move
        said_after = self.lexicon.tag(clauses[-1][0])
        if whole is None and len(clauses) > 2 and [t.concept for t in said_after] == [UNKNOWN]:
            # "chi apre, a caso deve essere, Zufall": a word the game does not know said after
            # the sentence (a name, a word of another language) leaves it whole
            whole = self.match(tags[: len(tags) - 1], clauses[-2][1])
            whole = whole if whole is not None and not whole.bare else None
        if whole is not None:
            return None if exclaimed and (whole.weak or whole.bare) else whole
        readings: list[Reading] = []
        moving = {tag.concept for tag in tags} & cw.moves  # a move said anywhere in it
        refused = False  # a negated move said, or someone else's words
        game_talk = paused = False  # values of the game said; a pause after the last clause
        said_before: Words = ()
        for clause, mark in _broken(clauses, cw.breaks, self._asks_in):
            tags = self.lexicon.tag(clause)
            echoed, said_before = _echoes(clause, said_before), clause
            if echoed and readings and readings[-1].match is None and readings[-1].chatter:
                # "ero il più forte del circolo, il più forte!": words of a remark said again
                readings.append(Reading(None, True, True, unknown=True))
                continue
            if next((t.concept for t in tags if t.concept != FILLER), None) in cw.turns:
                # "oggi fa un caldo, comunque passo": the talk before was about other things
                readings = [replace(r, unknown=False) for r in readings]
            elif paused and game_talk and not self._supposes(clause):
                # "lassù c'è il tre libero, nessuno l'ha toccato... metto il tre otto sopra":
                # reasoning about the game, then after a pause the decision; a whole move
                # after the pause ("in testa c'è il quattro... metto il quattro uno in testa")
                # leaves what came before as reasoning
                decision = self.match(tags, mark)
                if decision is not None and decision.frame.acts and not decision.bare:
                    readings = [Reading(None, False, True) for _ in readings]
                readings = [replace(r, unknown=False) for r in readings]
                # a move decided ends the reasoning's negations ("non si pesca... passo")
                refused = refused and not (decision is not None and decision.said & cw.moves)
            paused = mark == PAUSE
            game_talk = game_talk or any(_valued(tag) for tag in tags)
            # ", che coi principianti non gioco": a reason given for what was said before;
            # ", così la nonna si diverte": what it is for
            opener = next((i for i, t in enumerate(tags) if t.concept != FILLER), 0)
            reason = self._gives_reason(tags[opener:], mark) and any(
                r.match is not None or r.chatter for r in readings
            )
            purpose = tags[opener].concept in cw.subordinators and bool(readings)
            said = tags[opener + 1 :]
            if (reason or purpose) and mark != "?" and not self._acts(said, mark):
                # "dammi un consiglio, che non so che fare": no second request (a move stays:
                # "passa tu per me, che non ho niente"); in the game's own words no chatter
                # either ("ripeti, che non ho capito")
                chatter = any(tag.concept == UNKNOWN for tag in said)
                asking = self._asks(said) and not purpose
                readings.append(Reading(None, chatter, True, asking=asking))
                continue
            request = next((r.match for r in readings if r.match and r.match.requested), None)
            if mark == "?" and request is not None:
                # "mi apriresti un tavolo, con due minuti per mossa?": the question mark is
                # the request's; a detail of it in a clause of its own is no question
                detail = self.match(tags, "")
                if detail is not None and _detail_of(detail, request):
                    readings.append(Reading(detail, False))
                    continue
            if self._contrasted(readings, tags, mark):
                readings.append(Reading(None, False, True))  # "in coda, non in testa"
                continue
            if clause[0] in cw.appositives:
                described = self._apposition(readings, tags, mark)
                if described is not None:
                    readings = described
                    continue
            held = self._held_together(tags, mark)
            if held:
                # "..., con i bianchi che fanno da jolly", "blocco con i bianchi che fanno da
                # jolly": a "che" its meaning takes opens no remark
                readings.extend(Reading(found, False) for found in held)
                continue
            for part, aside in self._parts(tags):
                if aside:
                    # "quando" opening the remark asks nothing; another question word does
                    opened = 1 if part[0].concept in cw.subordinators else 0
                    # "..., che c'è la televisione accesa" gives a reason, asks nothing
                    asking = self._asks(part[opened:]) and not self._gives_reason(part, mark)
                    # "puoi ripetere che non ho sentito": a reason in the game's own words
                    chatter = self._has_content(part) and (
                        part[0].concept != cw.relative or any(t.concept == UNKNOWN for t in part)
                    )
                    readings.append(Reading(None, chatter, True, asking=asking))
                    continue
                read = self._read(part, mark, bool(moving))
                if read[0].refuses and reason:
                    readings.append(Reading(None, True, True))
                    continue
                if read[0].refuses:
                    refused = True  # "non passo mica, aspetta"
                    break
                readings.extend(read)
        if refused:
            return None
        # "a blocco, o in tre": alternatives offered, not choices made together
        offered = any(clause[:1] and clause[0] in cw.alternatives for clause, _ in clauses[1:])
        found = self._combine(readings, offered)
        if found is not None and exclaimed and (found.weak or found.bare):
            return None
        return found

    def match(
        self, tags: Sequence[Tag], mark: str = "", frames: Sequence[Frame] | None = None
    ) -> Match | None:
        """The best frame (of `frames`, else all) for these tags as one clause: a question if
        `mark` is "?" or it has an interrogative word; nothing if it is an exclamation ("che
        mano!")."""
        cw = self.clause_words
        content = [tag for tag in tags if tag.concept not in (FILLER, FUNCTION)]
        if mark == "!" and content and content[0].concept in cw.exclamatives:
            return None
        question = mark == "?" or any(tag.concept in cw.interrogatives for tag in tags)
        if not question and self._offers_alternatives(tags):
            return None  # "in tre o in quattro": the choice is not made yet ("... o ...?" asks)
        # "che ha fatto Luca": "che" and "come" ask too, where a frame asks for a question
        # "chi ha vinto ancora": the question word inside a phrase of its own
        asking = question or any(
            tag.concept in cw.exclamatives
            or (len(tag.words) > 1 and self._word_concept(tag.words[0]) in cw.interrogatives)
            for tag in tags
        )
        skip = frozenset({FILLER, FUNCTION}) | cw.question_tags | cw.interjections
        present = {tag.concept for tag in tags} - skip
        best: Match | None = None
        for frame in self.frames if frames is None else frames:
            allowed = frame.concepts()
            if not present <= allowed | cw.soft:
                continue  # a word this frame does not allow
            found = _match(frame, tags, skip | (cw.soft - allowed), cw.repeatable)
            if found is None or (frame.only_asked_with & present and not asking):
                continue
            requested = any(
                tag.concept in cw.requests and tag.concept in frame.concepts() for tag in tags
            )
            if question and frame.question != "keep" and not requested:
                if frame.question == "refuse":
                    continue
                alias = self._alias(frame.question)
                found = replace(found, intent=alias.intent, frame=alias)
            found = replace(found, requested=question and requested)
            if best is None or found.specificity > best.specificity:
                best = found
        if best is not None and best.intent in cw.said_to_someone and self._to_the_room(tags):
            return None
        return replace(best, asked=question) if best is not None else None

    def _to_the_room(self, tags: Sequence[Tag]) -> bool:
        """Whether a person named in a clause is spoken to, not the one a message goes to:
        named with no word that tells the game to pass it on and not after "a"."""
        cw = self.clause_words
        if any(tag.concept in cw.tellers for tag in tags):
            return False
        said = [tag for tag in tags if tag.concept != FILLER]
        for index, tag in enumerate(said):
            if tag.concept not in cw.names or (index and said[index - 1].concept in cw.names):
                continue  # a name of several words ("zia Pina") is judged by its first
            before = said[index - 1] if index else None
            if before is None or before.concept != FUNCTION or before.words[-1] not in cw.datives:
                return True
        return False

    def _alias(self, intent: str) -> Frame:
        for frame in self.frames:
            if frame.intent == intent:
                return frame
        raise TemplateError(f"a frame becomes {intent!r} when asked, but no frame means it")

    def _parts(self, tags: list[Tag]) -> list[tuple[list[Tag], bool]]:
        """A clause cut before each word that opens a remark: (tags, is a remark)."""
        cw = self.clause_words
        parts: list[tuple[list[Tag], bool]] = [([], False)]
        for index, tag in enumerate(tags):
            if tag.concept == cw.relative and all(
                t.concept == FILLER or t.concept in cw.wishes for t in tags[:index]
            ):
                tag = Tag(FILLER, None, tag.words)  # "dai che partiamo": "come on, let's go"
            elif tag.concept in cw.aside_openers and self._describes_a_move(tags[index + 1 :]):
                tag = Tag(FUNCTION, None, tag.words)  # "quello con il tre e il bianco"
            elif (
                tag.concept in cw.aside_openers
                or (index and tag.concept in {cw.relative} | cw.subordinators)
                or (index and self._gives_reason(tags[index:], ""))
            ):
                # "alza la voce che c'è la televisione accesa": "che c'è" and talk of other
                # things after a request is its reason
                parts.append(([], True))
            parts[-1][0].append(tag)
        return [(part, aside) for part, aside in parts if part]

    def _said_with_i_mean(
        self, before: Match, meant: Match | None, following: Sequence[Tag]
    ) -> Match | None:
        """What a sentence means where "cioè" follows a meaning (`before`) and opens words
        meaning `meant`: a filler of a talker ("tipo, le regole della capra, cioè non le ho
        mai capite": what follows says nothing to the game and no move) or a detail of it
        ("il due, cioè in testa"); else a correction, and only what follows counts."""
        cw = self.clause_words
        concepts = {tag.concept for tag in following}
        if meant is None:
            return before if not concepts & cw.moves and not self._asks(following) else None
        if _detail_of(meant, before):
            slots = MappingProxyType({**before.slots, **meant.slots})
            return replace(before, slots=slots, said=before.said | meant.said)
        return meant

    def _held_together(self, tags: list[Tag], mark: str) -> list[Match]:
        """A clause with a relative "che" inside that one meaning, or menu choices, take
        whole ("i bianchi che fanno da jolly"): those; else [] (the "che" opens a remark)."""
        cw = self.clause_words
        empty = (FILLER, FUNCTION)
        if not any(
            tag.concept == cw.relative and any(t.concept not in empty for t in tags[:index])
            for index, tag in enumerate(tags)
        ):
            return []  # "e mo' che faccio?": the "che" opens the clause
        found = self.match(tags, mark)
        if found is not None and cw.relative in found.frame.concepts():
            return [found]
        return self._choices(tags, mark) if found is None else []

    def _read(self, tags: list[Tag], mark: str, beside_move: bool = False) -> list[Reading]:
        found = self.match(tags, mark)
        if found is not None:
            return [Reading(found, False)]
        choices = self._choices(tags, mark)
        if choices:  # "in quattro a coppie livello difficile": choices said without a pause
            return [Reading(choice, False) for choice in choices]
        cw = self.clause_words
        concepts = {tag.concept for tag in tags}
        # "non voglio pescare": a negation inside a phrase of its own ("non voglio") too
        negating = any(
            tag.concept not in cw.moves | cw.regrets
            and len(tag.words) > 1
            and self._word_concept(tag.words[0]) == cw.negation
            for tag in tags
        )
        # "non gioco" said as one phrase is a negated move by itself beside a request that is
        # no move ("entro al tavolo 2219, non gioco"); beside a move it is that move's reason
        # ("passo, non gioco")
        negated_move = not beside_move and any(self._negates_a_move(tag.words) for tag in tags)
        negated = negated_move or (
            (cw.negation in concepts or negating) and bool(concepts & cw.moves)
        )
        unknown = any(tag.concept == UNKNOWN for tag in tags)
        asking = self._asks(tags)
        said = frozenset(tag.concept for tag in tags) - {FILLER, FUNCTION}
        # "vorrei mettere, ..., quello con il tre e il bianco": a verb of a move alone announces
        # the move the other clauses name; it is no talk of other things
        announces = not negated and said - cw.framing <= cw.moves - {"TILE"}
        chatter = self._has_content(tags) and not announces
        values = {tag.concept: tag.value for tag in tags if _valued(tag)}
        words = sum(len(tag.words) for tag in tags)
        return [Reading(None, chatter, False, negated, unknown, asking, said, values, words)]

    def _choices(self, tags: list[Tag], mark: str) -> list[Match]:
        """The clause cut into runs that each say one combinable choice, the fewest runs
        (words that only join, "e", "con", go with either side); [] where it cannot be."""
        together = self.together
        said = [tag for tag in tags if tag.concept in self._choice_concepts]
        offered = any(word in self.clause_words.alternatives for tag in tags for word in tag.words)
        if together is None or len(said) < 2 or offered:
            return []
        empty = frozenset({FILLER, FUNCTION})
        # best[end]: the fewest choices that say tags[:end], and them
        best: list[list[Match] | None] = [[]] + [None] * len(tags)
        for end in range(1, len(tags) + 1):
            for start in range(max(0, end - together.longest), end):
                before = best[start]
                if before is None:
                    continue
                run = tags[start:end]
                if all(tag.concept in empty for tag in run):
                    found: list[Match] = []
                else:
                    one = self.match(run, mark, self._combinable)
                    if one is None:
                        continue
                    found = [one]
                known = best[end]
                if known is None or len(before) + len(found) < len(known):
                    best[end] = before + found
        chosen = best[len(tags)]
        if chosen is None or len(chosen) < 2:
            return []
        return chosen

    def _contrasted(self, readings: list[Reading], tags: Sequence[Tag], mark: str) -> bool:
        """Whether the clause is "non" and another value of what was just said ("in coda, non
        in testa", "il tre, non il quattro"): it only says what is not meant."""
        said = [tag for tag in tags if tag.concept not in (FILLER, FUNCTION)]
        before = next((r.match for r in reversed(readings) if r.match is not None), None)
        if before is None or len(said) < 2 or said[0].concept != self.clause_words.negation:
            return False
        denied = self.match(said[1:], mark)
        return (
            denied is not None
            and denied.intent == before.intent
            and dict(denied.slots) != dict(before.slots)
        )

    def _offers_alternatives(self, tags: Sequence[Tag]) -> bool:
        """Whether the words offer two values of one thing ("in tre o in quattro")."""
        if not any(tag.words[0] in self.clause_words.alternatives for tag in tags):
            return False
        values: dict[str, object] = {}
        for tag in tags:
            if tag.value is None or isinstance(tag.value, Kind):
                continue
            if values.setdefault(tag.concept, tag.value) != tag.value:
                return True
        return False

    def _asked_again(self, said: frozenset[str], question: Match) -> bool:
        """Whether words of these concepts only ask again, in part, what the question asked."""
        asked = question.said | self.clause_words.interrogatives
        return (
            question.asked
            and not question.frame.acts
            and bool(said)
            and said < asked
            and not question.said <= said
        )

    def _only_names(self, tags: Sequence[Tag]) -> bool:
        """Whether the words only name values: no negation, question, move or unknown word."""
        cw = self.clause_words
        refusing = {cw.negation, UNKNOWN} | cw.interrogatives | (cw.moves - {"TILE"})
        return bool(tags) and not any(tag.concept in refusing for tag in tags)

    def _corrected_in_place(self, tags: Sequence[Tag], mark: str) -> Match | None:
        """The meaning of a sentence corrected by values alone ("tre giocatori, no quattro,
        anzi due", "il cinque in testa, no in coda"): each correction ("anzi", "cioè", "no")
        that only names values puts them in place of the values of the same kind said before
        it, and the sentence so corrected is understood. None where no correction is made so
        (another rule reads the sentence)."""
        cw = self.clause_words
        segments: list[tuple[str, list[Tag]]] = [("", [])]
        for index, tag in enumerate(tags):
            if index and tag.concept in {cw.correction} | cw.retractions:
                segments.append((tag.concept, []))
            else:
                segments[-1][1].append(tag)
        current = segments[0][1]
        replaced = False
        for concept, said in segments[1:]:
            # "no scusate, due": the apology said with the "no" corrects nothing
            segment = [tag for tag in said if tag.concept not in cw.beside_retractions]
            put = _in_place(current, segment)
            if put is not None:
                current, replaced = put, True
            elif concept == cw.correction:
                current = segment  # "passo, anzi pesco": what follows is meant
            else:
                return None  # a "no" that takes nothing back in place
        return self.match(current, mark) if replaced else None

    def _joined_over_pauses(self, clauses: Sequence[Clause]) -> list[Clause]:
        """A clause broken off by a pause and the next as one clause where the sentence went
        on over the pause: "giocatori... tre" (a topic, then its value), "il sei... sei e
        bianco" (the last word said again, and more). Only where the words are understood
        together and the first clause is no whole command of its own."""
        joined: list[Clause] = []
        for clause, mark in clauses:
            opening = self.lexicon.tag(clause[:1])
            taken_back = {self.clause_words.correction} | self.clause_words.retractions
            if joined and joined[-1][1] == PAUSE and opening[0].concept not in taken_back:
                before = joined[-1][0]
                alone = self.match(self.lexicon.tag(before))
                said_again = before[-1] == clause[0]
                if said_again or alone is None or alone.bare or not alone.frame.acts:
                    went_on = before[:-1] if said_again else before
                    together = (*went_on, *clause)
                    if self.match(self.lexicon.tag(together), mark) is not None:
                        joined[-1] = (together, mark)
                        continue
            joined.append((clause, mark))
        return joined

    def _unstranded(self, clause: Words, alone: bool) -> Words:
        """The clause with a preposition left at its end read as the adverb it is there:
        after a value ("il quattro su"), or as the whole utterance ("su!")."""
        stranded = self.clause_words.stranded
        if not clause or clause[-1] not in stranded:
            return clause
        before = [tag for tag in self.lexicon.tag(clause[:-1]) if tag.concept != FILLER]
        if (alone and len(clause) == 1) or (before and _valued(before[-1])):
            return (*clause[:-1], *stranded[clause[-1]].split())
        return clause

    def _supposes(self, clause: Words) -> bool:
        """Whether a clause holds a verb that only supposes ("se avessi il tre... passerei")."""
        hedges = self.clause_words.hedges
        return bool(hedges) and any(word.endswith(hedges) for word in clause)

    def _describes_a_move(self, tags: Sequence[Tag]) -> bool:
        """Whether the words after an aside's opener name a tile ("quello con il tre e il
        bianco"): the thing meant, described, not a remark."""
        said = next((tag for tag in tags if tag.concept not in (FILLER, FUNCTION)), None)
        return said is not None and _valued(said) and said.concept in self.clause_words.moves

    def _negates(self, clause: Words) -> bool:
        """Whether a clause holds the negation, alone or opening a phrase ("non voglio")."""
        negation = self.clause_words.negation
        return any(
            tag.concept == negation or self._word_concept(tag.words[0]) == negation
            for tag in self.lexicon.tag(clause)
        )

    def _negates_a_move(self, words: Words) -> bool:
        """Whether a phrase is the negation and then words that alone say a move ("non
        gioco", "io non gioco")."""
        negation = self.clause_words.negation
        return any(
            self._word_concept(word) == negation
            and self._word_concept(" ".join(words[index + 1 :])) in self.clause_words.moves
            for index, word in enumerate(words[:-1])
        )

    def _word_concept(self, word: str) -> str:
        """The concept a word has said alone ("" if none)."""
        return (self.lexicon.meaning_of(word) or ("", None))[0]

    def _gives_reason(self, tags: Sequence[Tag], mark: str) -> bool:
        """Whether a clause opens with the relative word: alone, or as the start of a phrase
        ("che c'è") followed by talk of other things ("..., che c'è mia sorella che impara")."""
        relative = self.clause_words.relative
        if tags[0].concept == relative:
            return True
        said = self._word_concept(tags[0].words[0])
        return said == relative and mark != "?" and any(tag.concept == UNKNOWN for tag in tags[1:])

    def _apposition(
        self, readings: list[Reading], tags: Sequence[Tag], mark: str
    ) -> list[Reading] | None:
        """The readings after an apposition that names another choice than the clause it
        describes ("il set fino a sei, quello classico"): an adjective only qualifies what
        was named (the set, classic), a relative clause defines it ("il domino tradizionale,
        quello che arriva al sei" is the set); None where it is read as any clause."""
        named = next((i for i in reversed(range(len(readings))) if readings[i].match), None)
        openers = self.clause_words.aside_openers
        defines = any(tag.concept in openers for tag in tags[:1])  # "quello che..."
        # a qualifier ends where a remark begins ("quella in due, che col doppio...")
        said = [tag for tag in tags if tag.concept not in openers] if defines else []
        said = said or self._parts(list(tags))[0][0]
        described = self.match(said, mark)
        if named is None or described is None or self.together is None:
            return None
        before = readings[named].match
        choices = self.together.intents
        if before is None or described.intent == before.intent:
            return None
        if before.intent not in choices or (defines and described.intent not in choices):
            return None
        if defines:
            return [*readings[:named], Reading(described, False), *readings[named + 1 :]]
        return [*readings, Reading(None, False, True)]

    def _is_vocative(self, tags: Sequence[Tag], mark: str) -> bool:
        """A clause that only names someone: an unknown word alone, or a name."""
        if not tags or self.match(tags, mark) is not None:
            return False
        if len(tags) == 1 and tags[0].concept == UNKNOWN:
            return True
        if self.lexicon.only_titles([word for tag in tags for word in tag.words]):
            return True  # "Signora, aspettare, io chiudere finestra"
        said = [tag.concept for tag in tags if tag.concept not in (FILLER, FUNCTION)]
        return bool(said) and set(said) <= self.clause_words.names

    def _calls(self, clause: Words) -> str | None:
        """Whom a clause only calls ("e Giulia", "mamma", "tesoro mio"): the concept of a
        player at the table (a seat) or of a person in the room (a word of kin or affection,
        as the lexicon names them: a title alone, "figlio", is often said to the game);
        else None."""
        cw = self.clause_words
        said = [t for t in self.lexicon.tag(clause) if t.concept != FILLER]
        if said and said[0].concept == FUNCTION and said[0].words[-1] in cw.call_openers:
            said = said[1:]
        if len(said) == 1 and said[0].concept in cw.seats:
            return said[0].concept
        named = [self.lexicon.meaning_of(" ".join(tag.words)) for tag in said]
        if said and all(meaning is not None and meaning[0] in cw.names for meaning in named):
            return said[0].concept
        return None

    def _said_to_a_player(
        self, clauses: Sequence[Clause], called: Sequence[int], max_words: int
    ) -> Match | None:
        """The meaning of a sentence with clauses that call someone ("parla più forte, mamma",
        "Giulia, quante tessere hai?"): said to that person, not to the game (None). A move
        said while calling someone after it stays the player's move ("metto il doppio sei!
        mamma, guarda!"); a player at the table called, or the partner, may be sent a message
        ("bella mossa, socio!"), or asked about in the third person ("E Giulia, la mia
        compagna, come sta messa?")."""
        cw = self.clause_words
        rest = [clause for index, clause in enumerate(clauses) if index not in called]
        to_players = all(self._calls(clauses[i][0]) in cw.seats for i in called)
        message = self.understand(rest, max_words) if to_players else None
        if message is not None and message.intent in cw.said_to_someone:
            return message  # "bella mossa, socio!": a message to the player called
        found = self.understand(clauses, max_words, heed_calls=False)
        rest_tags = [tag for clause, _ in rest for tag in self.lexicon.tag(clause)]
        if found is not None and _only_hands_over(rest_tags, found, cw.handovers):
            return None  # "gioca tu, Luca": told to Luca
        if found is None or (found.frame.acts and called[0] > 0):
            return found
        if not to_players:
            return None
        if found.intent in cw.said_to_someone:
            return found
        spoken_to = any(
            word in cw.second_person or word.endswith(cw.second_person_endings)
            for clause, _ in rest
            for word in clause
        )
        return found if found.asked and not found.frame.acts and not spoken_to else None

    def _retracts(self, clause: Words) -> bool:
        """A clause that is only a retraction ("no", "no no") between two others."""
        cw = self.clause_words
        tags = [t for t in self.lexicon.tag(clause) if t.concept != FILLER]
        return any(t.concept in cw.retractions for t in tags) and all(
            t.concept in cw.retractions | cw.beside_retractions for t in tags
        )

    def _acts(self, tags: Sequence[Tag], mark: str) -> bool:
        found = self.match(tags, mark) if tags else None
        return found is not None and found.frame.acts

    def _taken_back(self, tags: Sequence[Tag]) -> list[int]:
        """Where a "no" inside a clause takes back what it follows: the same kind of thing (or
        two moves) on both sides ("il cinque e due no il cinque e tre")."""
        cw = self.clause_words
        found = []
        for index, tag in enumerate(tags):
            if tag.concept not in cw.retractions or index == 0:
                continue
            before = {t.concept for t in tags[:index]} - {FILLER, FUNCTION}
            after = {t.concept for t in tags[index + 1 :]} - {FILLER, FUNCTION}
            if cw.negation in before:
                continue  # "non pesco no, qualcosa attacco": the negation said again
            if before & after - cw.retractions or (before & cw.moves and after & cw.moves):
                found.append(index)
        return found

    def _reports(self, clause: Words) -> bool:
        return any(tag.concept in self.clause_words.reported for tag in self.lexicon.tag(clause))

    def _asks_in(self, words: Words) -> bool:
        return self._asks(self.lexicon.tag(words))

    def _asks(self, tags: Sequence[Tag]) -> bool:
        return any(tag.concept in self.clause_words.interrogatives for tag in tags)

    def _has_content(self, tags: Sequence[Tag]) -> bool:
        """Whether the words say anything (not only fillers or framing: "ho deciso:")."""
        cw = self.clause_words
        empty = {FILLER, FUNCTION} | cw.framing | cw.interjections
        return any(tag.concept not in empty for tag in tags)

    def _combine(self, readings: list[Reading], offered: bool = False) -> Match | None:
        """One meaning from the clauses: a command said with remarks after it (not before
        it: "mia figlia, quando gioca, passa sempre" is no command), the stronger of two
        commands where one is the other's reason, none where they disagree."""
        first = next((i for i, r in enumerate(readings) if r.match is not None), None)
        if first is None:
            return None
        # Talk before a move: about other things ("mia figlia, quando gioca, passa sempre") it
        # says the move is no command; in the game's words it is thinking aloud ("ho il sei e
        # il tre... metto il sei in testa").
        leading = any(r.chatter and not r.aside and r.unknown for r in readings[:first])
        matches = [r.match for r in readings if r.match is not None]
        strong = [m for m in matches if not m.weak]
        # A weak meaning stays only where it beats a strong one ("sì, voglio uscire").
        candidates = [
            m
            for m in matches
            if not m.weak
            or not strong
            or any((m.intent, s.intent) in self.precedence for s in strong)
        ]
        # "giocatori tre, facciamo tre": a value said again alone is the choice it was said in
        candidates = [m for m in candidates if not any(self._says_again(m, o) for o in candidates)]
        options = _merged(candidates)
        # "Luca quanti punti ha? Luca, i punti, quanti?": a question said again in pieces
        options = [
            m
            for m in options
            if not any(
                o is not m and self._asked_again(m.said, o) and _agree(m.slots, o.slots)
                for o in options
            )
        ]
        if len(options) > 1 and any(not m.bare for m in options):
            # "quattro, a coppie"; but "il nove, con la croce" are two choices
            # "procediamo: il doppio sei": a bare value stays where it beats the other
            options = [
                m
                for m in options
                if not m.bare
                or self._said_together(options)
                or any((m.intent, o.intent) in self.precedence for o in options)
            ]
        acting = [m for m in options if m.frame.acts]
        others = [m for m in options if not m.frame.acts]
        # "Marco ha pescato, io passo": a remark about the game, then a move; but a list of
        # choices ("tre giocatori, pesca, a cento") is no remark: asked again
        if (
            len(acting) == 1
            and len(others) == 1
            and not others[0].asked
            and (others[0].intent, acting[0].intent) not in self.precedence
        ):
            options = acting
        while len(options) > 1:
            beaten = {
                loser.intent
                for winner in options
                for loser in options
                if (winner.intent, loser.intent) in self.precedence
            }
            remaining = [m for m in options if m.intent not in beaten]
            if len(remaining) == len(options) and self._said_together(options) and not offered:
                options = [self._together(options)]  # "a quattro, a coppie, livello difficile"
                break
            if len(remaining) in (0, len(options)):
                return None  # two different commands at once: ask again
            options = remaining
        chosen = self._referred(options[0], readings)
        if leading and (chosen.frame.acts or chosen.weak or chosen.bare):
            return None  # "mia figlia, quando gioca, passa sempre": not said to the game
        if any(r.asking and not self._asked_again(r.said, chosen) for r in readings) and (
            not chosen.asked or chosen.frame.question == "keep"
        ):
            # A command beside a question not understood ("abbandona, perché chi?"): said
            # again rather than carried out; only a question the frame turns into one stays.
            return None
        chatter = any(r.chatter and not r.aside for r in readings)
        remark = any(r.chatter and r.aside for r in readings)
        if chosen.weak and (chatter or remark):
            return None  # "sì, pronto? sono io": a short answer among other words
        if chosen.bare and chatter:
            return None  # "la capra, mio nonno la allevava": a word among other words
        if chosen.intent in self.clause_words.courtesies and any(
            self._talk_beside_courtesy(r, chosen) for r in readings
        ):
            return None  # "grazie, il cane dorme": courtesy around talk, no message
        return chosen

    def _talk_beside_courtesy(self, reading: Reading, courtesy: Match) -> bool:
        """Whether a clause not understood beside a courtesy ("grazie") is what was said to
        the game, so the courtesy sends no message: a command the game did not understand
        ("togli quello al posto tre, grazie"), or talk of other things ("un attimo che
        rispondo al telefono"), not a word or two about the message itself ("Grüß Gott")."""
        if not reading.chatter or reading.aside or reading.said & courtesy.frame.concepts():
            return False
        of_the_game = reading.said - {UNKNOWN}
        return bool(of_the_game) or reading.words >= _TALK_WORDS

    def _referred(self, chosen: Match, readings: Sequence[Reading]) -> Match:
        """A question or explanation asked of what was named in a clause before it that was
        not understood ("nella capra si perde a centouno, giusto? me la spieghi?"): the value
        it lacks, where that clause named one of its kind, and only one."""
        if chosen.frame.acts:
            return chosen
        before = [r for r in readings if r.match is None and r.values]
        filled = dict(chosen.slots)
        for concept in chosen.frame.concepts():
            slot = chosen.frame.slots.get(concept, concept.lower())
            named = {
                repr(r.values[concept]): r.values[concept] for r in before if concept in r.values
            }
            if slot not in filled and len(named) == 1:
                filled[slot] = next(iter(named.values()))
        if len(filled) == len(chosen.slots):
            return chosen
        return replace(chosen, slots=MappingProxyType(filled))

    def _says_again(self, value: Match, choice: Match) -> bool:
        """Whether a clause only says again, alone, a value another clause chose with its
        meaning ("tre" after "giocatori tre")."""
        values = list(choice.slots.values())
        return (
            value.intent != choice.intent
            and not choice.asked
            and bool(value.slots)
            and all(v in values for v in value.slots.values())
            and len(value.said - self.clause_words.framing) == 1
            and len(choice.said - self.clause_words.framing) > 1
        )

    def _said_together(self, options: Sequence[Match]) -> bool:
        """Whether these meanings are choices one sentence may make together, each once."""
        intents = [m.intent for m in options]
        together = self.together
        return (
            together is not None
            and set(intents) <= together.intents
            and len(set(intents)) == len(intents)
        )

    def _together(self, options: Sequence[Match]) -> Match:
        together = self.together
        assert together is not None
        choices = tuple((m.intent, m.slots) for m in options)
        return replace(
            options[0],
            intent=together.intent,
            slots=MappingProxyType({"choices": choices}),
            words=sum(m.words for m in options),
            weak=False,
            bare=False,
            asked=any(m.asked for m in options),
        )


def _only_hands_over(tags: Sequence[Tag], found: Match, handovers: frozenset[str]) -> bool:
    """Whether a move is said only by handing the turn over ("gioca tu", "tocca a te"),
    with no verb of the move itself ("passo, tocca a te" is the pass)."""
    said = {tag.concept for tag in tags if tag.concept not in (FILLER, FUNCTION)}
    verbs = {need.concept for option in found.frame.needs for need in option} - handovers
    return bool(said & handovers) and not said & verbs


def _in_place(said: Sequence[Tag], values: Sequence[Tag]) -> list[Tag] | None:
    """The tags `said` with each of `values` in place of the value of the same concept, or of
    the same kind where the concept differs ("tre giocatori" corrected by "quattro"); None
    unless `values` are values only, each with a place."""
    named = [tag for tag in values if tag.concept not in (FILLER, FUNCTION)]
    if not named or not all(_valued(tag) for tag in named):
        return None
    result = list(said)
    replaced: set[int] = set()
    for value in named:
        places = [i for i, tag in enumerate(result) if tag.concept == value.concept]
        if not places:
            places = [
                i
                for i, tag in enumerate(result)
                if _valued(tag) and _same_kind(tag.value, value.value)
            ]
        if len(places) != 1:
            return None
        index = places[0]
        if index in replaced and result[index].value != value.value:
            return None  # "centuno, cioè cento più uno": two values for one place
        replaced.add(index)
        result[index] = replace(result[index], value=value.value, words=value.words)
    return result


def _valued(tag: Tag) -> bool:
    return tag.value is not None and not isinstance(tag.value, Kind)


def _same_kind(value: object, other: object) -> bool:
    return type(value) is type(other)


def _agree(slots: Mapping[str, object], others: Mapping[str, object]) -> bool:
    """Whether two meanings give the same value to every slot both have."""
    return all(slots[name] == others[name] for name in slots.keys() & others.keys())


def _merged(matches: Sequence[Match]) -> list[Match]:
    """The clauses' meanings, one per intent where they agree: clauses meaning the same thing
    with details that do not clash are one request with all the details ("apri un tavolo, ma
    dammi un minuto per mossa"); the same meaning with clashing details stays twice (asked
    again)."""
    merged: list[Match] = []
    for found in matches:
        for index, known in enumerate(merged):
            if not _agree(known.slots, found.slots):
                continue
            if known.intent == found.intent:
                base = max(known, found, key=lambda m: len(m.slots))
            elif _detail_of(found, known):  # "aggiungi un computer, livello facile"
                base = known
            elif _detail_of(known, found):  # "in coda, il tre e cinque"
                base = found
            else:
                continue
            slots = MappingProxyType({**known.slots, **found.slots})
            merged[index] = replace(base, slots=slots, said=known.said | found.said)
            break
        else:
            merged.append(found)
    return merged


def _detail_of(detail: Match, command: Match) -> bool:
    """Whether a clause only says a detail the command's own words may carry: a value its
    frame takes ("in coda" of a move, "livello facile" of a computer added)."""
    return (
        bool(detail.slots)
        and not detail.asked
        and (not command.asked or command.requested)
        and bool(detail.said)
        and detail.said <= command.frame.concepts()
        and detail.slots.keys() <= _slot_names(command.frame, detail.said)
    )


def _slot_names(frame: Frame, concepts: frozenset[str]) -> set[str]:
    """The names the frame gives the values of these concepts."""
    return {frame.slots.get(concept, concept.lower()) for concept in concepts}


def _echoes(clause: Words, before: Words) -> bool:
    """Whether a clause only says again, for emphasis, words the clause before said together
    ("ero il più forte del circolo, il più forte!")."""
    size = len(clause)
    return 0 < size < len(before) and any(
        before[start : start + size] == clause for start in range(len(before) - size + 1)
    )


def _begun_again(clause: Words, following: Words) -> bool:
    """Whether `following` starts again with the words `clause` started with (two at least)
    and says more: the speaker broke off and began anew."""
    return 2 <= len(clause) < len(following) and following[:2] == clause[:2]


def _broken(
    clauses: Sequence[Clause], breaks: frozenset[str], asks: Callable[[Words], bool]
) -> list[Clause]:
    """The clauses cut again before each break word inside them, unless what comes before
    is a question begun ("chi dunque abbandona?" asks who, it orders nothing)."""
    cut: list[Clause] = []
    for clause, mark in clauses:
        start = 0
        for index, word in enumerate(clause):
            if word in breaks and start < index < len(clause) - 1 and not asks(clause[:index]):
                cut.append((clause[start:index], mark))
                start = index
        cut.append((clause[start:], mark))
    return cut


def _keep_words(clauses: Sequence[Clause], count: int) -> list[Clause]:
    """The first `count` words of the clauses, in their clauses."""
    kept: list[Clause] = []
    for clause, mark in clauses:
        if count <= 0:
            break
        kept.append((clause[:count], mark))
        count -= len(clause)
    return kept


def _drop_words(clauses: Sequence[Clause], count: int) -> list[Clause]:
    kept: list[Clause] = []
    for clause, mark in clauses:
        if count >= len(clause):
            count -= len(clause)
            continue
        kept.append((clause[count:], mark))
        count = 0
    return kept
