"""Italian written by other hands that the rules were never written against.

Eight writers who saw neither the code nor the phrase list wrote what players would say to the
game, each with the meaning they expected (or NONE: not for the game). Part of their work
(`phrasings_other_hands_dev.tsv`, `phrasings_other_hands_dev2.tsv`) was open to whoever wrote
the lexicon; the rest (`phrasings_other_hands_held_out*.tsv`) was kept aside and measured only
as figures until the rules were finished, and is committed here as the regression guard of
those figures: a change to the lexicon must not lose what the held-out phrasings show. The
eighth writer's (`phrasings_other_hands_dev3.tsv`, a grandchild speaking for grandparents, with
Neapolitan and Sicilian) was measured unseen first (106 of 167 understood) and then opened; so
were the eleventh's (`phrasings_other_hands_dev4.tsv`: Sardinian, Apulian, Sicilian, voice
dictation, the Italian of a Spanish speaker; 145 of 176 unseen) and the twelfth's
(`phrasings_other_hands_dev5.tsv`: an elderly lady's formal register, a young player's short
forms; 125 of 178 unseen), the fifteenth's (`phrasings_other_hands_dev6.tsv`: Trentino, Friulian,
Ligurian and Venetian speech, a ceremonious register, English loans; 183 of 231 unseen) and the
sixteenth's (`phrasings_other_hands_dev7.tsv`: Neapolitan and Roman speech, corrections said
aloud; 148 of 187 unseen), the eighteenth's (`phrasings_other_hands_dev8.tsv`: Sardinian and
Calabrian speech, a child from Umbria, a student from Bologna, hesitations; 154 of 185 unseen)
and the nineteenth's (`phrasings_other_hands_dev9.tsv`: Milanese, Florentine, an Apulian
grandfather hard of hearing, one-word answers, a command buried in thinking aloud; 166 of 190
unseen) and the twenty-first's (`phrasings_other_hands_dev10.tsv`: a Palermitan fisherman, a
young woman from Messina who puts the verb last, a Roman cab driver and a Roman teenager; 121
of 221 unseen), the twenty-second's (`phrasings_other_hands_dev11.tsv`: Neapolitan, Sardinian,
Venetian and Turinese speech, a player born in Romania; 152 of 220 unseen) and the
twenty-third's (`phrasings_other_hands_dev12.tsv`: Barese, Abruzzese, Ligurian and Friulian
speech, a player who stammers and begins again, a fast typist, a child; 119 of 212 unseen),
the twenty-fifth's (`phrasings_other_hands_dev13.tsv`: Calabrian, Salentine and Umbrian speech,
a South Tyrolean German speaker, an Albanian-born carer, an old man who hears badly and says
things twice; 145 of 209 unseen) and the twenty-sixth's (`phrasings_other_hands_dev14.tsv`: a
Milanese manager mixing English, a Palermo grandmother, a Roman teenager, a Molise farmer, a
Moroccan-born learner, a player talking to the game as to a voice assistant; 173 of 224 unseen)
and the thirty-first's (`phrasings_other_hands_dev15.tsv`: Abruzzese, Marchigiano, Ticinese and
Triestine speech, a shy woman from Basilicata, a Chinese-born shopkeeper in Prato; 183 of 236
unseen), the thirty-second's (`phrasings_other_hands_dev16.tsv`: an old Milanese, a woman from
Bergamo, a Bologna railwayman, a Calabrian grandmother, a Perugia student who says "tipo" and
"cioè", a man from Cagliari; 195 of 232 unseen) and the thirty-third's
(`phrasings_other_hands_dev17.tsv`: a Roman couple talking over each other, a Florentine
pensioner's ceremonious Italian, a deafblind player typing, a twelve-year-old from Turin, a
Romanian-born carer in Padua, a man from Salerno who says things twice; 190 of 230 unseen).

What a line means is what the game takes from it typed outside a yes/no question: a network
request when the line asks for one, else the parser's intent.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from phrasing_corpus import is_action, read_rows, understand


@dataclass(frozen=True)
class Corpus:
    file: str
    rows: int
    writers: frozenset[str]
    # The share understood when the corpus was committed, rounded down: the floor it guards.
    understood_floor: float


CORPORA = (
    Corpus("phrasings_other_hands_dev2.tsv", 162, frozenset({"writer5", "writer6"}), 0.99),
    Corpus("phrasings_other_hands_dev3.tsv", 167, frozenset({"writer8"}), 0.98),
    Corpus("phrasings_other_hands_dev4.tsv", 176, frozenset({"writer11"}), 0.98),
    Corpus("phrasings_other_hands_dev5.tsv", 178, frozenset({"writer12"}), 0.98),
    Corpus("phrasings_other_hands_dev6.tsv", 231, frozenset({"writer15"}), 0.99),
    Corpus("phrasings_other_hands_dev7.tsv", 187, frozenset({"writer16"}), 0.97),
    Corpus("phrasings_other_hands_dev8.tsv", 185, frozenset({"writer18"}), 0.98),
    Corpus("phrasings_other_hands_dev9.tsv", 190, frozenset({"writer19"}), 0.99),
    Corpus("phrasings_other_hands_dev10.tsv", 221, frozenset({"writer21"}), 0.91),
    Corpus("phrasings_other_hands_dev11.tsv", 220, frozenset({"writer22"}), 0.87),
    Corpus("phrasings_other_hands_dev12.tsv", 212, frozenset({"writer23"}), 0.84),
    Corpus("phrasings_other_hands_dev13.tsv", 209, frozenset({"writer25"}), 0.87),
    Corpus("phrasings_other_hands_dev14.tsv", 224, frozenset({"writer26"}), 0.87),
    Corpus("phrasings_other_hands_dev15.tsv", 236, frozenset({"writer31"}), 0.86),
    Corpus("phrasings_other_hands_dev16.tsv", 232, frozenset({"writer32"}), 0.88),
    Corpus("phrasings_other_hands_dev17.tsv", 230, frozenset({"writer33"}), 0.86),
    Corpus(
        "phrasings_other_hands_held_out.tsv",
        401,
        frozenset({"writer1", "writer2", "writer3", "writer4"}),
        0.99,
    ),
    Corpus(
        "phrasings_other_hands_held_out2.tsv",
        327,
        frozenset({"writer5", "writer6", "writer7"}),
        0.99,
    ),
)


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda corpus: corpus.file)
def test_the_corpus_is_what_the_writers_wrote(corpus: Corpus) -> None:
    rows = read_rows(corpus.file)
    assert len(rows) == corpus.rows
    assert {row.writer for row in rows} == corpus.writers
    for row in rows:
        assert row.expected == "NONE" or row.meaning is not None, row


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda corpus: corpus.file)
def test_the_understood_share_does_not_fall(corpus: Corpus) -> None:
    rows = read_rows(corpus.file)
    missed = [(row.phrase, row.expected) for row in rows if understand(row.phrase) != row.meaning]
    understood = 1 - len(missed) / len(rows)
    assert understood >= corpus.understood_floor, missed


# Lines of the held-out phrasings that, read out of their situation, give an action their writer
# did not mean, as found when the corpus was committed. Each is answered by the situation or
# asks before it acts; the test fails as soon as one more appears, or one of these is mended.
KNOWN_ACTIONS_OUT_OF_CONTEXT = {
    "Un momento, che mi metto gli occhiali": "at a table it is the quick message 'un momento' "
    "the writer did not mean; off a table (in_context) it is a 'no'",
    "doppio sei": "in the menu the writer meant the set; read alone it is the tile 6-6, which "
    "the menu does not play (only the double nine named alone is the set: issue 20, left)",
}


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda corpus: corpus.file)
def test_no_question_or_remark_is_taken_as_an_action(corpus: Corpus) -> None:
    rows = read_rows(corpus.file)
    taken = {
        row.phrase: understand(row.phrase)
        for row in rows
        if not is_action(row.meaning) and is_action(understand(row.phrase))
    }
    known = {row.phrase for row in rows} & set(KNOWN_ACTIONS_OUT_OF_CONTEXT)
    assert {phrase: got for phrase, got in taken.items() if phrase not in known} == {}
    assert set(taken) >= known, "mended: take it out of KNOWN_ACTIONS_OUT_OF_CONTEXT"
