"""Italian utterances -> intents: phrasings, normalisation, fillers, keys, the whole grammar."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voicedomino.dialog.parser import (
    INTENT_SLOTS,
    OPTIONAL_SLOTS,
    Intent,
    grammar,
    grammar_sentences,
    keyboard_shortcuts,
    parse,
    vocabulary,
)
from voicedomino.grammar.normalize import normalize, normalize_words
from voicedomino.italian import phrases

# --- normalisation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Di chi è il turno?", "di chi e il turno"),
        ("SÌ", "si"),
        ("più veloce!", "piu veloce"),
        ("l'ultima mossa", "l ultima mossa"),
        ("l’ultima mossa", "l ultima mossa"),  # typographic apostrophe
        ("cosa c'è sul tavolo?", "cosa c e sul tavolo"),
        ("  tre,   cinque...  ", "tre cinque"),
        ("tre\tcinque\n", "tre cinque"),
        ("perché è così", "perche e cosi"),
        ("Ｔｒｅ　ＣＩＮＱＵＥ", "tre cinque"),  # full-width letters and space
        ("tre_cinque", "tre cinque"),
        ("35t", "35t"),
        ("«gioca» — tre", "gioca tre"),
        ("", ""),
        ("?!", ""),
    ],
)
def test_normalize(text: str, expected: str) -> None:
    assert normalize(text) == expected


def test_normalize_is_idempotent_on_vosk_style_text() -> None:
    assert normalize("gioca tre cinque in testa") == "gioca tre cinque in testa"
    assert normalize_words("Gioca  TRE") == ("gioca", "tre")


# --- phrasings of every intent --------------------------------------------------------------

H, T = "head", "tail"

EXPECTED: list[tuple[str, str, dict[str, Any]]] = [
    # play
    ("gioca tre cinque", "play", {"tile": (3, 5)}),
    ("metti il tre cinque", "play", {"tile": (3, 5)}),
    ("tre cinque", "play", {"tile": (3, 5)}),
    ("tre e cinque", "play", {"tile": (3, 5)}),
    ("cinque tre", "play", {"tile": (5, 3)}),
    ("doppio sei", "play", {"tile": (6, 6)}),
    ("sei sei", "play", {"tile": (6, 6)}),
    ("il doppio uno", "play", {"tile": (1, 1)}),
    ("gioca il doppio bianco", "play", {"tile": (0, 0)}),
    ("doppio zero", "play", {"tile": (0, 0)}),
    ("metti doppio vuoto in coda", "play", {"tile": (0, 0), "side": T}),
    ("bianco e bianco", "play", {"tile": (0, 0)}),
    ("bianco quattro", "play", {"tile": (0, 4)}),
    ("due zero", "play", {"tile": (2, 0)}),
    ("gioca tre cinque in testa", "play", {"tile": (3, 5), "side": H}),
    ("gioca tre cinque in coda", "play", {"tile": (3, 5), "side": T}),
    ("gioca tre cinque a sinistra", "play", {"tile": (3, 5), "side": H}),
    ("Gioca tre cinque a destra.", "play", {"tile": (3, 5), "side": T}),
    ("metti il sei e quattro in testa", "play", {"tile": (6, 4), "side": H}),
    ("35", "play", {"tile": (3, 5)}),
    ("53", "play", {"tile": (5, 3)}),
    ("35t", "play", {"tile": (3, 5), "side": H}),
    ("35c", "play", {"tile": (3, 5), "side": T}),
    ("35 t", "play", {"tile": (3, 5), "side": H}),
    ("3 5 c", "play", {"tile": (3, 5), "side": T}),
    ("66", "play", {"tile": (6, 6)}),
    ("00", "play", {"tile": (0, 0)}),
    ("50", "play", {"tile": (5, 0)}),  # two digits are a tile; targets need context
    ("gioca 3 5", "play", {"tile": (3, 5)}),
    ("gioca 35 in testa", "play", {"tile": (3, 5), "side": H}),
    ("3-5", "play", {"tile": (3, 5)}),
    ("tre\u0301 cinque\u0300", "play", {"tile": (3, 5)}),  # stray combining marks
    # number
    ("tre", "number", {"number": 3}),
    ("bianco", "number", {"number": 0}),
    ("vuoto", "number", {"number": 0}),
    ("il sei", "number", {"number": 6}),
    ("gioca il tre", "number", {"number": 3}),
    ("tre in testa", "number", {"number": 3, "side": H}),
    ("4", "number", {"number": 4}),
    ("4t", "number", {"number": 4, "side": H}),
    # side
    ("testa", "side", {"side": H}),
    ("in testa", "side", {"side": H}),
    ("sinistra", "side", {"side": H}),
    ("a sinistra", "side", {"side": H}),
    ("coda", "side", {"side": T}),
    ("in coda", "side", {"side": T}),
    ("destra", "side", {"side": T}),
    ("a destra", "side", {"side": T}),
    # queries
    ("estremi", "ends", {}),
    ("quali sono gli estremi", "ends", {}),
    ("testa e coda", "ends", {}),
    ("quali sono le estremità?", "ends", {}),
    ("c", "ends", {}),
    ("mano", "hand", {}),
    ("la mia mano", "hand", {}),
    ("le mie tessere", "hand", {}),
    ("che tessere ho", "hand", {}),
    ("cosa ho in mano?", "hand", {}),
    ("h", "hand", {}),
    ("cosa posso giocare", "playable", {}),
    ("che cosa posso giocare?", "playable", {}),
    ("mosse possibili", "playable", {}),
    ("quali tessere posso giocare", "playable", {}),
    ("g", "playable", {}),
    ("consiglio", "hint", {}),
    ("suggerimento", "hint", {}),
    ("aiutami", "hint", {}),
    ("cosa mi consigli", "hint", {}),
    ("dammi un consiglio", "hint", {}),
    ("k", "hint", {}),
    ("serpente", "line", {}),
    ("tavolo", "line", {}),
    ("il serpente", "line", {}),
    ("cosa c'è sul tavolo", "line", {}),
    ("Che c’è sul tavolo?", "line", {}),
    ("v", "line", {}),
    ("pozzo", "boneyard", {}),
    ("quante tessere nel pozzo", "boneyard", {}),
    ("quante tessere ci sono nel pozzo?", "boneyard", {}),
    ("w", "boneyard", {}),
    ("avversario", "opponents", {}),
    ("avversari", "opponents", {}),
    ("quante tessere ha l'avversario", "opponents", {}),
    ("quante tessere hanno gli avversari", "opponents", {}),
    ("o", "opponents", {}),
    ("punteggio", "score", {}),
    ("punti", "score", {}),
    ("quanti punti ho", "score", {}),
    ("s", "score", {}),
    ("di chi è il turno", "turn", {}),
    ("a chi tocca?", "turn", {}),
    ("turno", "turn", {}),
    ("tocca a me?", "turn", {}),
    ("t", "turn", {}),
    ("ultima mossa", "last_move", {}),
    ("l'ultima mossa", "last_move", {}),
    ("cosa ha giocato", "last_move", {}),
    ("che cosa hanno giocato?", "last_move", {}),
    ("u", "last_move", {}),
    # actions
    ("pesca", "draw", {}),
    ("pesco", "draw", {}),
    ("pesca una tessera", "draw", {}),
    ("prendo un'altra tessera", "draw", {}),
    ("vado al pozzo", "draw", {}),
    ("passo", "pass", {}),
    ("passa", "pass", {}),
    ("salto", "pass", {}),
    ("busso", "pass", {}),
    ("passo il turno", "pass", {}),
    ("p", "draw_or_pass", {}),
    ("P", "draw_or_pass", {}),
    # message history and voice
    ("ripeti", "repeat", {}),
    ("come?", "repeat", {}),
    ("puoi ripetere?", "repeat", {}),
    ("r", "repeat", {}),
    ("precedente", "previous", {}),
    ("messaggio precedente", "previous", {}),
    ("successivo", "next_message", {}),
    ("messaggio successivo", "next_message", {}),
    ("aiuto", "help", {}),
    ("cosa posso dire", "help", {}),
    ("comandi", "help", {}),
    ("?", "help", {}),
    (" ? ", "help", {}),
    ("più lento", "slower", {}),
    ("parla più lentamente", "slower", {}),
    ("più veloce", "faster", {}),
    ("più forte", "louder", {}),
    ("alza il volume", "louder", {}),
    ("più piano", "quieter", {}),
    ("abbassa il volume", "quieter", {}),
    ("breve", "brief", {}),
    ("dettagliato", "detailed", {}),
    ("basta", "stop_speech", {}),
    ("zitto", "stop_speech", {}),
    ("silenzio", "stop_speech", {}),
    ("b", "stop_speech", {}),
    # game flow
    ("nuova partita", "new_game", {}),
    ("ricomincia", "new_game", {}),
    ("un'altra partita", "new_game", {}),
    ("esci", "quit", {}),
    ("fine", "quit", {}),
    ("q", "quit", {}),
    ("sì", "yes", {}),
    ("si", "yes", {}),
    ("certo", "yes", {}),
    ("va bene", "yes", {}),
    ("ok", "yes", {}),
    ("OK!", "yes", {}),
    ("d'accordo", "yes", {}),
    ("no", "no", {}),
    ("annulla", "no", {}),
    ("no grazie", "no", {}),
    ("continua", "continue", {}),
    ("avanti", "continue", {}),
    ("prossima mano", "continue", {}),
    ("vai", "continue", {}),
    # start menu
    ("classica", "set_variant", {"variant": "classica"}),
    ("variante classica", "set_variant", {"variant": "classica"}),
    ("blocco", "set_variant", {"variant": "blocco"}),
    ("block", "set_variant", {"variant": "blocco"}),
    ("a blocco", "set_variant", {"variant": "blocco"}),
    ("variante pesca", "set_variant", {"variant": "pesca"}),
    ("con la pesca", "set_variant", {"variant": "pesca"}),
    ("draw", "set_variant", {"variant": "pesca"}),
    ("jolly", "set_variant", {"variant": "jolly"}),
    ("capra", "set_variant", {"variant": "capra"}),
    ("coppie", "set_variant", {"variant": "coppie"}),
    ("variante coppie", "set_variant", {"variant": "coppie"}),
    ("la variante a coppie", "set_variant", {"variant": "coppie"}),
    ("a coppie", "set_pairs", {}),
    ("gioco a coppie", "set_pairs", {}),
    ("due giocatori", "set_players", {"count": 2}),
    ("tre giocatori", "set_players", {"count": 3}),
    ("in quattro", "set_players", {"count": 4}),
    ("quattro giocatori", "set_players", {"count": 4}),
    ("giochiamo in tre", "set_players", {"count": 3}),
    ("2 giocatori", "set_players", {"count": 2}),
    ("facile", "set_level", {"level": "facile"}),
    ("medio", "set_level", {"level": "medio"}),
    ("livello difficile", "set_level", {"level": "difficile"}),
    ("a cento punti", "set_target", {"target": 100}),
    ("obiettivo centouno", "set_target", {"target": 101}),
    ("punteggio centoventuno", "set_target", {"target": 121}),
    ("cinquanta punti", "set_target", {"target": 50}),
    ("fino a centocinquanta punti", "set_target", {"target": 150}),
    ("duecento", "set_target", {"target": 200}),
    ("100", "set_target", {"target": 100}),
    ("121", "set_target", {"target": 121}),
    ("a 50 punti", "set_target", {"target": 50}),
    ("bianco jolly", "set_wildcard", {"on": True}),
    ("con jolly", "set_wildcard", {"on": True}),
    ("con il jolly", "set_wildcard", {"on": True}),
    ("senza jolly", "set_wildcard", {"on": False}),
    ("inizia", "start", {}),
    ("gioca", "start", {}),
    ("comincia", "start", {}),
    ("via", "start", {}),
    ("iniziamo la partita", "start", {}),
    ("impostazioni", "settings", {}),
    ("le impostazioni", "settings", {}),
]


@pytest.mark.parametrize(("utterance", "name", "slots"), EXPECTED)
def test_phrasings(utterance: str, name: str, slots: dict[str, Any]) -> None:
    intent = parse(utterance)
    assert intent is not None, utterance
    assert (intent.name, dict(intent.slots)) == (name, slots)


def test_every_intent_has_phrasings_in_this_test() -> None:
    assert {name for _, name, _ in EXPECTED} == set(INTENT_SLOTS)


@pytest.mark.parametrize(
    ("utterance", "expected_text"),
    [
        ("per favore gioca tre cinque", "gioca tre cinque"),
        ("allora, tre cinque", "tre cinque"),
        ("ehm... pesca", "pesca"),
        ("ok gioca tre cinque per favore", "gioca tre cinque"),
        ("allora ehm tre ehm cinque in testa grazie", "tre cinque in testa"),
        ("dai passo", "passo"),
        ("senti, di chi è il turno?", "di chi e il turno"),
        ("ok ok", "ok"),
        ("sì grazie", "si"),
    ],
)
def test_fillers_are_ignored(utterance: str, expected_text: str) -> None:
    intent = parse(utterance)
    assert intent is not None
    assert intent.text == expected_text


@pytest.mark.parametrize(
    "utterance",
    [
        "",
        "   ",
        "...",
        "ehm",
        "per favore",
        "allora",
        "grazie",
        "banana",
        "gioca banana",
        "gioca tre banana",
        "sette",
        "sette otto",
        "gioca sette otto",
        "tre sette",
        "doppio sette",
        "doppio",
        "gioca il",
        "tre cinque sei",
        "tre cinque tre cinque",
        "gioca gioca tre cinque",
        "tre cinque in",
        "tre cinque in mezzo",
        "zero bianco",  # a double is the same word twice
        "gica tre cinqe",  # typos
        "pescaa",
        "x",
        "z",
        "e",
        "a",
        "7",
        "77",
        "356",
        "35x",
        "3t5",
        "999",
        "35tt",
        "??",
        "tre cinque " * 30,
        "a" * 10_000,
        "gioca " + "tre " * 500,
        "你好",
        "тре пять",
        "🂡 🁣",
        "\x00\x01\x02",
        "\u200b\u200b",
    ],
)
def test_not_understood(utterance: str) -> None:
    assert parse(utterance) is None


def test_intent_text_is_the_matched_normalised_text() -> None:
    spoken = parse("Metti il tre e cinque, in testa!")
    typed = parse("gioca 3 5")
    keyed = parse("35T")
    assert spoken is not None and typed is not None and keyed is not None
    assert spoken.text == "metti il tre e cinque in testa"
    assert typed.text == "gioca tre cinque"
    assert keyed.text == "35t"


def test_typed_accessors() -> None:
    play = parse("cinque tre in coda")
    assert play is not None
    assert play.tile() == (5, 3)
    assert play.str_slot("side") == "tail"
    assert play.int_slot("tile") is None
    wild = parse("senza jolly")
    assert wild is not None and wild.bool_slot("on") is False
    assert wild.int_slot("on") is None  # a bool is not a count
    count = parse("tre giocatori")
    assert count is not None and count.int_slot("count") == 3 and count.tile() is None


def test_intent_slots_are_read_only() -> None:
    intent = parse("tre cinque")
    assert intent is not None
    with pytest.raises(TypeError):
        intent.slots["tile"] = (1, 1)  # type: ignore[index]


# --- keyboard -------------------------------------------------------------------------------


def test_every_single_key_parses_to_its_intent() -> None:
    for shortcut in phrases.KEYBOARD_SHORTCUTS:
        for key in {shortcut.key, shortcut.key.upper()}:
            intent = parse(key)
            assert intent is not None and intent.name == shortcut.intent, key
            assert dict(intent.slots) == {}


def test_keyboard_shortcuts_list_keys_and_meanings() -> None:
    listed = keyboard_shortcuts()
    keys = [s.key for s in listed]
    assert len(keys) == len(set(keys))
    expected_keys = set("cvhsgtkpruwob") | {"?", "q", "35", "35t"}
    assert set(keys) == expected_keys
    assert all(s.description and s.intent in INTENT_SLOTS for s in listed)
    for shortcut in listed:  # the examples in the help text really work
        intent = parse(shortcut.key)
        assert intent is not None and intent.name == shortcut.intent


def test_all_typed_tiles() -> None:
    for a in range(7):
        for b in range(7):
            for suffix, side in (("", None), ("t", "head"), ("c", "tail"), (" T", "head")):
                intent = parse(f"{a}{b}{suffix}")
                assert intent is not None and intent.name == "play"
                assert intent.tile() == (a, b)
                assert intent.slots.get("side") == side


def test_keys_are_not_speech() -> None:
    keys = {s.key for s in keyboard_shortcuts()}
    sentences = grammar_sentences()
    assert not keys & set(sentences)
    assert not any(re.search(r"\d", s) for s in sentences)


# --- the whole grammar ----------------------------------------------------------------------


def test_every_sentence_parses_back_to_its_template_meaning() -> None:
    expansions = grammar().expansions()
    assert len(expansions) == len(grammar_sentences())
    mismatches = []
    for expansion in expansions:
        intent = parse(expansion.text)
        got = None if intent is None else (intent.name, dict(intent.slots), intent.text)
        if got != (expansion.intent, dict(expansion.slots), expansion.text):
            mismatches.append((expansion.text, got))
    assert mismatches == []


def test_sentences_are_normalised_sorted_and_unique() -> None:
    sentences = grammar_sentences()
    assert sentences == sorted(set(sentences))
    assert all(normalize(s) == s and s for s in sentences)
    assert 1000 < len(sentences) < 8000  # a closed grammar of a few thousand sentences


def test_sentences_limited_to_a_recogniser_vocabulary() -> None:
    known = vocabulary() - {"draw", "block"}
    limited = grammar_sentences(known)
    assert "draw" not in limited and "variante draw" not in limited
    assert "variante pesca" in limited
    assert limited == [s for s in grammar_sentences() if "draw" not in s and "block" not in s]
    assert grammar_sentences(set()) == []


def test_vocabulary_is_the_words_of_the_sentences() -> None:
    words = {w for s in grammar_sentences() for w in s.split()}
    assert vocabulary() == words
    assert {"gioca", "doppio", "bianco", "testa", "coda", "pozzo", "jolly"} <= words
    assert all(w.isalpha() for w in words)


def test_slot_values_have_the_declared_types() -> None:
    for expansion in grammar().expansions():
        declared = INTENT_SLOTS[expansion.intent]
        required = {s for s in declared if (expansion.intent, s) not in OPTIONAL_SLOTS}
        assert required <= set(expansion.slots) <= set(declared), expansion.text
        for name, value in expansion.slots.items():
            assert type(value) is declared[name], (expansion.text, name)
        if "tile" in expansion.slots:
            tile = expansion.slots["tile"]
            assert isinstance(tile, tuple) and len(tile) == 2
            assert all(isinstance(n, int) and 0 <= n <= 6 for n in tile)
        if "side" in expansion.slots:
            assert expansion.slots["side"] in ("head", "tail")


def test_every_ordered_tile_can_be_spoken() -> None:
    spoken = {
        e.slots["tile"] for e in grammar().expansions() if e.intent == "play" and len(e.words) <= 3
    }
    assert spoken == {(a, b) for a in range(7) for b in range(7)}


def test_menu_values_cover_the_documented_choices() -> None:
    found: dict[str, set[object]] = {}
    for expansion in grammar().expansions():
        for name, value in expansion.slots.items():
            found.setdefault(name, set()).add(value)
    assert found["variant"] == {"classica", "blocco", "pesca", "jolly", "capra", "coppie"}
    assert found["count"] == {2, 3, 4}
    assert found["level"] == {"facile", "medio", "difficile"}
    assert found["target"] == {50, 100, 101, 121, 150, 200}
    assert found["on"] == {True, False}
    assert found["number"] == set(range(7))


def test_intents_reachable_only_by_keyboard() -> None:
    spoken = {e.intent for e in grammar().expansions()}
    assert set(INTENT_SLOTS) - spoken == {"draw_or_pass"}


# --- robustness -----------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=200))
def test_parse_never_raises(text: str) -> None:
    intent = parse(text)
    assert intent is None or isinstance(intent, Intent)
    if intent is not None:
        assert intent.name in INTENT_SLOTS


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*sorted(vocabulary()), "3", "35", "per", "ehm"]), max_size=12))
def test_parse_of_grammar_word_salad_is_consistent(words: list[str]) -> None:
    """Random mixes of grammar words give None or an intent matching a grammar sentence."""
    intent = parse(" ".join(words))
    if intent is not None and not re.fullmatch(r"[0-6] ?[0-6]? ?[tc]?|[a-z?]", intent.text):
        found = grammar().match(intent.text.split())
        assert found is not None
        assert (found.intent, dict(found.slots)) == (intent.name, dict(intent.slots))
