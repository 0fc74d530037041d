"""Classes of Italian the understanding generalises over (issue 20).

Each class was found among the misses of the other hands' phrasings (a construction, a family of
words, a way of typing); the sentences here were written for this test, not taken from any
corpus, so they check the rule of the class and not the examples it was found with. Beside the
sentences each class must understand are the ones it must not: near misses that stay refused
and questions that stay questions (never an action).
"""

from __future__ import annotations

import pytest
from phrasing_corpus import is_action, understand

from voicedomino.dialog.intents import Ask, Query, SetOpening, SetSpinner, SetTileSet

UNDERSTOOD: dict[str, list[tuple[str, object]]] = {
    # Who opens, said by what the opener holds or did ("comincia chi ha...", relative "chi").
    "opening by the opener": [
        ("parte per primo chi ha il doppio più alto", SetOpening("highest_double")),
        ("voglio che inizi chi ha la pedina più pesante", SetOpening("heaviest")),
        ("fai aprire chi ha vinto l'ultima mano", SetOpening("last_winner")),
        ("comincia sempre chi tiene il doppio nove", SetOpening("top_double")),
        ("chi apre sceglilo tu a caso", SetOpening("random")),
        ("chi comincia, come dice la regola della variante", SetOpening("variant")),
    ],
    # The spinner described by its double and its four ways.
    "spinner described": [
        ("metti il doppio che si apre in quattro direzioni", SetSpinner(True)),
        ("gioca col doppio che fa la croce", SetSpinner(True)),
        ("senza il doppio in croce", SetSpinner(False)),
    ],
    # The set named by its top double or its highest number.
    "tile set by its double": [
        ("torniamo al doppio sei", SetTileSet(6)),
        ("usiamo il doppio sei", SetTileSet(6)),
        ("voglio le tessere fino al nove", SetTileSet(9)),
    ],
}

REFUSED: dict[str, list[str]] = {
    "opening by the opener": [
        "ieri ha aperto chi aveva il doppio sei",
        "chi ha il doppio più alto?",
    ],
    "tile set by its double": ["posso usare il doppio sei?", "ho il doppio sei"],
}

QUESTIONS: dict[str, list[tuple[str, object]]] = {
    "opening by the opener": [
        ("chi ha aperto la mano?", Ask(Query.LEADER)),
        ("apre sempre chi ha il doppio sei?", Ask(Query.LEADER)),
    ],
}


def _cases(table: dict[str, list[tuple[str, object]]]) -> list[object]:
    return [
        pytest.param(phrase, meaning, id=f"{cls}: {phrase}")
        for cls, rows in table.items()
        for phrase, meaning in rows
    ]


@pytest.mark.parametrize(("phrase", "meaning"), _cases(UNDERSTOOD))
def test_a_phrasing_of_the_class_is_understood(phrase: str, meaning: object) -> None:
    assert understand(phrase) == meaning


@pytest.mark.parametrize(
    "phrase",
    [pytest.param(p, id=f"{cls}: {p}") for cls, rows in REFUSED.items() for p in rows],
)
def test_a_near_miss_of_the_class_is_refused(phrase: str) -> None:
    assert understand(phrase) is None


@pytest.mark.parametrize(("phrase", "meaning"), _cases(QUESTIONS))
def test_a_question_of_the_class_stays_a_question(phrase: str, meaning: object) -> None:
    got = understand(phrase)
    assert got == meaning
    assert not is_action(got)
