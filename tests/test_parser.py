"""Italian utterances -> intents: phrasings, normalisation, fillers, keys, the whole grammar."""

from __future__ import annotations

import dataclasses
import re
import typing

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from voicedomino.dialog.intents import (
    AddComputer,
    AdjustVoice,
    Answer,
    Ask,
    AskNumber,
    AskPlayer,
    ChatLine,
    CheckMicrophone,
    CloseTable,
    Continue,
    CreateTable,
    DrawOrPass,
    DrawTile,
    ExplainRules,
    Help,
    Intent,
    JoinTable,
    LeaveTable,
    Listen,
    ListVoices,
    NewGame,
    NumberQuestion,
    PassTurn,
    PlayerQuestion,
    PlayNumber,
    PlayOnline,
    PlayTile,
    Query,
    QuickMessage,
    Quit,
    Recall,
    Remind,
    RemoveComputer,
    SetAutoForced,
    SetLevel,
    SetOpening,
    SetPairs,
    SetPlayers,
    SetSpinner,
    SetTarget,
    SetTileSet,
    SetVariant,
    SetVerbosity,
    SetWildcard,
    SeveralChoices,
    ShowSettings,
    SideWord,
    Start,
    StepLevel,
    StopSpeech,
    Undo,
    UseVoice,
    VoiceChange,
    WhoIsThere,
)
from voicedomino.dialog.parser import (
    grammar,
    grammar_sentences,
    hear,
    intent_of,
    key_intents,
    keyboard_shortcuts,
    meaning_words,
    parse,
    sentence_table,
    understanding,
    vocabulary,
)
from voicedomino.dialog.response import Verbosity
from voicedomino.engine import Opening, Side, Tile
from voicedomino.grammar.normalize import normalize, normalize_words
from voicedomino.italian import phrases
from voicedomino.players import Level

INTENT_TYPES: tuple[type, ...] = typing.get_args(Intent)

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

EXPECTED: list[tuple[str, Intent]] = [
    # play
    ("gioca tre cinque", PlayTile(3, 5)),
    ("metti il tre cinque", PlayTile(3, 5)),
    ("tre cinque", PlayTile(3, 5)),
    ("tre e cinque", PlayTile(3, 5)),
    ("cinque tre", PlayTile(5, 3)),
    ("doppio sei", PlayTile(6, 6)),
    ("sei sei", PlayTile(6, 6)),
    ("il doppio uno", PlayTile(1, 1)),
    ("gioca il doppio bianco", PlayTile(0, 0)),
    ("doppio zero", PlayTile(0, 0)),
    ("metti doppio vuoto in coda", PlayTile(0, 0, Side.TAIL)),
    ("bianco e bianco", PlayTile(0, 0)),
    ("bianco quattro", PlayTile(0, 4)),
    ("due zero", PlayTile(2, 0)),
    ("gioca tre cinque in testa", PlayTile(3, 5, Side.HEAD)),
    ("gioca tre cinque in coda", PlayTile(3, 5, Side.TAIL)),
    ("gioca tre cinque a sinistra", PlayTile(3, 5, Side.HEAD)),
    ("Gioca tre cinque a destra.", PlayTile(3, 5, Side.TAIL)),
    ("metti il sei e quattro in testa", PlayTile(6, 4, Side.HEAD)),
    ("35", PlayTile(3, 5)),
    ("53", PlayTile(5, 3)),
    ("35t", PlayTile(3, 5, Side.HEAD)),
    ("35c", PlayTile(3, 5, Side.TAIL)),
    ("35 t", PlayTile(3, 5, Side.HEAD)),
    ("3 5 c", PlayTile(3, 5, Side.TAIL)),
    ("66", PlayTile(6, 6)),
    ("00", PlayTile(0, 0)),
    ("50", PlayTile(5, 0)),  # two digits are a tile; targets need context
    ("gioca 3 5", PlayTile(3, 5)),
    ("gioca 35 in testa", PlayTile(3, 5, Side.HEAD)),
    ("3-5", PlayTile(3, 5)),
    ("tre\u0301 cinque\u0300", PlayTile(3, 5)),  # stray combining marks
    # number
    ("tre", PlayNumber(3)),
    ("bianco", PlayNumber(0)),
    ("vuoto", PlayNumber(0)),
    ("il sei", PlayNumber(6)),
    ("gioca il tre", PlayNumber(3)),
    ("tre in testa", PlayNumber(3, Side.HEAD)),
    ("4", PlayNumber(4)),
    ("4t", PlayNumber(4, Side.HEAD)),
    # side
    ("testa", SideWord(Side.HEAD)),
    ("in testa", SideWord(Side.HEAD)),
    ("sinistra", SideWord(Side.HEAD)),
    ("a sinistra", SideWord(Side.HEAD)),
    ("coda", SideWord(Side.TAIL)),
    ("in coda", SideWord(Side.TAIL)),
    ("destra", SideWord(Side.TAIL)),
    ("a destra", SideWord(Side.TAIL)),
    # queries
    ("estremi", Ask(Query.ENDS)),
    ("quali sono gli estremi", Ask(Query.ENDS)),
    ("testa e coda", Ask(Query.ENDS)),
    ("quali sono le estremità?", Ask(Query.ENDS)),
    ("c", Ask(Query.ENDS)),
    ("mano", Ask(Query.HAND)),
    ("la mia mano", Ask(Query.HAND)),
    ("le mie tessere", Ask(Query.HAND)),
    ("che tessere ho", Ask(Query.HAND)),
    ("cosa ho in mano?", Ask(Query.HAND)),
    ("h", Ask(Query.HAND)),
    ("cosa posso giocare", Ask(Query.PLAYABLE)),
    ("che cosa posso giocare?", Ask(Query.PLAYABLE)),
    ("mosse possibili", Ask(Query.PLAYABLE)),
    ("quali tessere posso giocare", Ask(Query.PLAYABLE)),
    ("g", Ask(Query.PLAYABLE)),
    ("consiglio", Ask(Query.HINT)),
    ("suggerimento", Ask(Query.HINT)),
    ("aiutami", Ask(Query.HINT)),
    ("cosa mi consigli", Ask(Query.HINT)),
    ("dammi un consiglio", Ask(Query.HINT)),
    ("k", Ask(Query.HINT)),
    ("serpente", Ask(Query.LINE)),
    ("tavolo", Ask(Query.LINE)),
    ("il serpente", Ask(Query.LINE)),
    ("cosa c'è sul tavolo", Ask(Query.LINE)),
    ("Che c’è sul tavolo?", Ask(Query.LINE)),
    ("v", Ask(Query.LINE)),
    ("pozzo", Ask(Query.BONEYARD)),
    ("quante tessere nel pozzo", Ask(Query.BONEYARD)),
    ("quante tessere ci sono nel pozzo?", Ask(Query.BONEYARD)),
    ("w", Ask(Query.BONEYARD)),
    ("avversario", Ask(Query.OPPONENTS)),
    ("avversari", Ask(Query.OPPONENTS)),
    ("quante tessere ha l'avversario", Ask(Query.OPPONENTS)),
    ("quante tessere hanno gli avversari", Ask(Query.OPPONENTS)),
    ("o", Ask(Query.OPPONENTS)),
    ("punteggio", Ask(Query.SCORE)),
    ("punti", Ask(Query.SCORE)),
    ("quanti punti ho", Ask(Query.SCORE)),
    ("s", Ask(Query.SCORE)),
    ("di chi è il turno", Ask(Query.TURN)),
    ("a chi tocca?", Ask(Query.TURN)),
    ("turno", Ask(Query.TURN)),
    ("tocca a me?", Ask(Query.TURN)),
    ("t", Ask(Query.TURN)),
    ("ultima mossa", Ask(Query.LAST_MOVE)),
    ("l'ultima mossa", Ask(Query.LAST_MOVE)),
    ("cosa ha giocato", Ask(Query.LAST_MOVE)),
    ("che cosa hanno giocato?", Ask(Query.LAST_MOVE)),
    ("u", Ask(Query.LAST_MOVE)),
    ("tutto il serpente", Ask(Query.WHOLE_LINE)),
    ("il serpente dalla coda", Ask(Query.LINE_FROM_TAIL)),
    ("cosa è successo?", Ask(Query.SINCE_MY_TURN)),
    ("com'è finita la mano?", Ask(Query.LAST_ROUND)),
    ("la mia compagna", Ask(Query.PARTNER)),
    ("a quanti punti si gioca?", Ask(Query.TARGET)),
    ("chi ha vinto?", Ask(Query.WINNER)),
    ("quanti sei sono usciti", AskNumber(6, NumberQuestion.PLAYED)),
    ("quali bianchi mancano", AskNumber(0, NumberQuestion.MISSING)),
    ("quante tessere ha Marco?", AskPlayer(1)),
    ("cosa ha giocato Giulia", AskPlayer(2)),
    ("spiegami le regole", ExplainRules()),
    # actions
    ("pesca", DrawTile()),
    ("pesco", DrawTile()),
    ("pesca una tessera", DrawTile()),
    ("prendo un'altra tessera", DrawTile()),
    ("vado al pozzo", DrawTile()),
    ("passo", PassTurn()),
    ("passa", PassTurn()),
    ("salto", PassTurn()),
    ("busso", PassTurn()),
    ("passo il turno", PassTurn()),
    ("p", DrawOrPass()),
    ("P", DrawOrPass()),
    # message history and voice
    ("ripeti", Remind(Recall.REPEAT)),
    ("come?", Remind(Recall.REPEAT)),
    ("puoi ripetere?", Remind(Recall.REPEAT)),
    ("r", Remind(Recall.REPEAT)),
    ("precedente", Remind(Recall.PREVIOUS)),
    ("messaggio precedente", Remind(Recall.PREVIOUS)),
    ("successivo", Remind(Recall.NEXT)),
    ("messaggio successivo", Remind(Recall.NEXT)),
    ("aiuto", Help()),
    ("cosa posso dire", Help()),
    ("comandi", Help()),
    ("?", Help(with_keys=True)),
    (" ? ", Help(with_keys=True)),
    ("più lento", AdjustVoice(VoiceChange.SLOWER)),
    ("parla più lentamente", AdjustVoice(VoiceChange.SLOWER)),
    ("più veloce", AdjustVoice(VoiceChange.FASTER)),
    ("più forte", AdjustVoice(VoiceChange.LOUDER)),
    ("alza il volume", AdjustVoice(VoiceChange.LOUDER)),
    ("più piano", AdjustVoice(VoiceChange.QUIETER)),
    ("abbassa il volume", AdjustVoice(VoiceChange.QUIETER)),
    ("breve", SetVerbosity(Verbosity.BRIEF)),
    ("dettagliato", SetVerbosity(Verbosity.DETAILED)),
    ("normale", SetVerbosity(Verbosity.NORMAL)),
    ("modalità normale", SetVerbosity(Verbosity.NORMAL)),
    ("basta", StopSpeech()),
    ("zitto", StopSpeech()),
    ("silenzio", StopSpeech()),
    ("b", StopSpeech()),
    ("che voci ci sono?", ListVoices()),
    ("usa la voce due", UseVoice(2)),
    ("mosse obbligate automatiche", SetAutoForced(True)),
    ("faccio io", SetAutoForced(False)),
    # game flow
    ("nuova partita", NewGame()),
    ("ricomincia", NewGame()),
    ("un'altra partita", NewGame()),
    ("esci", Quit()),
    ("fine", Quit()),
    ("q", Quit()),
    ("sì", Answer(yes=True)),
    ("si", Answer(yes=True)),
    ("certo", Answer(yes=True)),
    ("va bene", Answer(yes=True, firm=False)),
    ("ok", Answer(yes=True, firm=False)),
    ("OK!", Answer(yes=True, firm=False)),
    ("d'accordo", Answer(yes=True, firm=False)),
    ("no", Answer(yes=False)),
    ("annulla", Undo()),
    ("no grazie", Answer(yes=False)),
    ("aspetta", Answer(yes=False)),
    ("si certo", Answer(yes=True)),
    ("conferma", Answer(yes=True)),
    ("perfetto", Answer(yes=True, firm=False)),
    ("giusto", Answer(yes=True, firm=False)),
    ("annulla l'ultima mossa", Undo()),
    ("annulla la mossa", Undo()),
    ("ritira la mia mossa", Undo()),
    ("x", Undo()),
    ("domino", Listen()),
    ("continua", Continue()),
    ("avanti", Continue()),
    ("prossima mano", Continue()),
    ("vai", Continue()),
    # start menu
    ("classica", SetVariant("classica")),
    ("variante classica", SetVariant("classica")),
    ("blocco", SetVariant("blocco")),
    ("block", SetVariant("blocco")),
    ("a blocco", SetVariant("blocco")),
    ("variante pesca", SetVariant("pesca")),
    ("con la pesca", SetVariant("pesca")),
    ("draw", SetVariant("pesca")),
    ("jolly", SetVariant("jolly")),
    ("capra", SetVariant("capra")),
    ("coppie", SetVariant("coppie")),
    ("variante coppie", SetVariant("coppie")),
    ("la variante a coppie", SetVariant("coppie")),
    ("a coppie", SetPairs()),
    ("gioco a coppie", SetPairs()),
    ("due giocatori", SetPlayers(2)),
    ("tre giocatori", SetPlayers(3)),
    ("in quattro", SetPlayers(4)),
    ("quattro giocatori", SetPlayers(4)),
    ("a blocco in tre", SeveralChoices((SetVariant("blocco"), SetPlayers(3)))),
    ("in quattro livello difficile", SeveralChoices((SetPlayers(4), SetLevel(Level.DIFFICILE)))),
    ("giochiamo in tre", SetPlayers(3)),
    ("2 giocatori", SetPlayers(2)),
    ("facile", SetLevel(Level.FACILE)),
    ("medio", SetLevel(Level.MEDIO)),
    ("livello difficile", SetLevel(Level.DIFFICILE)),
    ("più difficile", StepLevel(up=True)),
    ("un livello più facile", StepLevel(up=False)),
    ("quanti punti ha Giulia", AskPlayer(2, PlayerQuestion.SCORE)),
    ("chi ha cominciato la mano", Ask(Query.LEADER)),
    ("a che mano siamo", Ask(Query.ROUND_NUMBER)),
    ("spiegami le regole della capra", ExplainRules("capra")),
    ("usa la terza voce", UseVoice(3)),
    ("prova il microfono", CheckMicrophone()),
    ("a cento punti", SetTarget(100)),
    ("obiettivo centouno", SetTarget(101)),
    ("punteggio centoventuno", SetTarget(121)),
    ("cinquanta punti", SetTarget(50)),
    ("fino a centocinquanta punti", SetTarget(150)),
    ("duecento", SetTarget(200)),
    ("100", SetTarget(100)),
    ("121", SetTarget(121)),
    ("a 50 punti", SetTarget(50)),
    ("bianco jolly", SetWildcard(True)),
    ("con jolly", SetWildcard(True)),
    ("con il jolly", SetWildcard(True)),
    ("senza jolly", SetWildcard(False)),
    # issue 21: the table options and the spinner's arms
    ("con il doppio nove", SetTileSet(9)),
    ("giochiamo col doppio nove", SetTileSet(9)),
    ("set doppio sei", SetTileSet(6)),
    ("con lo spinner", SetSpinner(True)),
    ("con la croce", SetSpinner(True)),
    ("croce", SetSpinner(True)),  # the option's name alone, as "jolly"
    ("senza spinner", SetSpinner(False)),
    ("senza croce", SetSpinner(False)),
    ("apre il doppio più alto", SetOpening("highest_double")),
    ("apre la tessera più pesante", SetOpening("heaviest")),
    ("apre il doppio massimo", SetOpening("top_double")),
    ("apre un giocatore a caso", SetOpening("random")),
    ("apre chi ha vinto la mano", SetOpening("last_winner")),
    ("apertura normale", SetOpening("variant")),
    ("gioca tre sei sopra", PlayTile(3, 6, Side.UP)),
    ("metti il sette nove sotto", PlayTile(7, 9, Side.DOWN)),
    ("gioca otto otto in alto", PlayTile(8, 8, Side.UP)),
    ("doppio nove in basso", PlayTile(9, 9, Side.DOWN)),
    ("tre sei in basso", PlayTile(3, 6, Side.DOWN)),
    ("sul braccio di sotto", SideWord(Side.DOWN)),
    ("sopra", SideWord(Side.UP)),
    ("in basso", SideWord(Side.DOWN)),
    ("mettilo sopra", SideWord(Side.UP)),
    ("gioca il sette sopra", PlayNumber(7, Side.UP)),
    ("79a", PlayTile(7, 9, Side.UP)),
    ("36b", PlayTile(3, 6, Side.DOWN)),
    ("inizia", Start()),
    ("gioca", Start()),
    ("comincia", Start()),
    ("via", Start()),
    ("iniziamo la partita", Start()),
    ("impostazioni", ShowSettings()),
    ("le impostazioni", ShowSettings()),
    # at a network table (issue 23): understood like every command, carried out by
    # dialog.network; "ciao" and "un momento" mean what they mean at a table (the dialog reads
    # them otherwise off one: DialogManager.in_context)
    ("gioca in rete", PlayOnline()),
    ("vorrei giocare online con gli amici", PlayOnline()),
    ("crea un tavolo", CreateTable()),
    ("apriamo un tavolo nuovo con un minuto per mossa", CreateTable(60)),
    ("crea un tavolo con 30 secondi per mossa", CreateTable(30)),
    ("entra al tavolo quattro sette due uno", JoinTable("4721")),
    ("mi siedo al tavolo 4 7 2 1, grazie", JoinTable("4721")),
    ("voglio entrare come spettatore al 90210", JoinTable("90210", spectator=True)),
    ("aggiungi un computer difficile", AddComputer(Level.DIFFICILE)),
    ("mettiamo un bot al posto vuoto", AddComputer()),
    ("togli il computer", RemoveComputer()),
    ("togli il computer tre", RemoveComputer(2)),
    ("chi c'è al tavolo?", WhoIsThere()),
    ("bella mossa!", QuickMessage("bella_mossa")),
    ("grazie a tutti", QuickMessage("grazie")),
    ("un attimo, ci sto pensando", QuickMessage("un_momento")),
    ("ciao a tutti", QuickMessage("ciao")),
    ("esco dal tavolo", LeaveTable()),
    ("chiudi il tavolo", CloseTable(True)),
    ("riapri il tavolo", CloseTable(False)),
]


@pytest.mark.parametrize(("utterance", "expected"), EXPECTED)
def test_phrasings(utterance: str, expected: Intent) -> None:
    assert parse(utterance) == expected, utterance


def test_every_intent_has_phrasings_in_this_test() -> None:
    said = [intent for _, intent in EXPECTED]
    # A chat line is typed only ("> ..."), read by dialog.network, never understood here.
    assert {type(intent) for intent in said} == set(INTENT_TYPES) - {ChatLine}
    assert {i.query for i in said if isinstance(i, Ask)} == set(Query)
    assert {i.change for i in said if isinstance(i, AdjustVoice)} == set(VoiceChange)
    assert {i.what for i in said if isinstance(i, Remind)} == set(Recall)
    assert {i.question for i in said if isinstance(i, AskNumber)} == set(NumberQuestion)
    assert {i.verbosity for i in said if isinstance(i, SetVerbosity)} == set(Verbosity)
    assert {(i.yes, i.firm) for i in said if isinstance(i, Answer)} == {
        (True, True),
        (True, False),
        (False, True),
    }


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
        ("ok, grazie", "ok"),
        ("sì grazie", "si"),
    ],
)
def test_fillers_are_ignored(utterance: str, expected_text: str) -> None:
    heard = hear(utterance)
    assert heard is not None
    assert heard == hear(expected_text)
    assert heard.words == len(expected_text.split())  # only the core words carried meaning


@pytest.mark.parametrize(
    "utterance",
    [
        "",
        "   ",
        "...",
        "ehm",
        "per favore",
        "allora",
        "banana",
        "gioca banana",
        "gioca tre banana",
        "dieci",
        "dieci undici",
        "gioca dieci undici",
        "tre dieci",
        "doppio dieci",
        "doppio",
        "gioca il",
        "tre cinque sei",
        "tre cinque tre cinque",
        "gioca gioca tre cinque",
        "tre cinque in",
        "tre cinque in mezzo",
        "zero bianco",  # a double is the same word twice
        "gioqa tre cimque",  # a letter typed for another: no slip read ("gica", "cinqe" are)
        "pezca",
        "y",
        "z",
        "e",
        "a",
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


def test_heard_counts_the_words_that_carried_the_meaning() -> None:
    assert hear("Metti il tre e cinque, in testa!") == hear("metti il tre e cinque in testa")
    spoken = hear("Metti il tre e cinque, in testa!")
    typed = hear("gioca 3 5")
    keyed = hear("35T")
    assert spoken is not None and typed is not None and keyed is not None
    assert (spoken.intent, spoken.words) == (PlayTile(3, 5, Side.HEAD), 7)
    assert (typed.intent, typed.words) == (PlayTile(3, 5), 3)
    assert (keyed.intent, keyed.words) == (PlayTile(3, 5, Side.HEAD), 1)
    assert not (spoken.addressed or typed.addressed or keyed.addressed)


def test_attention_word_in_front_marks_the_utterance_addressed() -> None:
    assert hear("domino") == hear("Domino!")
    heard = hear("domino, gioca tre cinque in coda")
    assert heard is not None
    assert (heard.intent, heard.addressed, heard.words) == (PlayTile(3, 5, Side.TAIL), True, 5)
    alone = hear("domino")
    assert alone is not None and (alone.intent, alone.addressed) == (Listen(), True)


def test_play_intents_carry_the_tile_in_spoken_order() -> None:
    play = parse("cinque tre in coda")
    assert play == PlayTile(5, 3, Side.TAIL)
    assert isinstance(play, PlayTile) and play.tile == Tile.of(3, 5)
    assert parse("senza jolly") == SetWildcard(False)
    assert parse("tre giocatori") == SetPlayers(3)


def test_intents_are_frozen_and_hashable() -> None:
    intent = parse("tre cinque")
    assert isinstance(intent, PlayTile)
    with pytest.raises(dataclasses.FrozenInstanceError):
        intent.first = 1  # type: ignore[misc]
    assert len({parse("tre cinque"), parse("35"), parse("gioca tre cinque")}) == 1


# --- keyboard -------------------------------------------------------------------------------


def test_every_single_key_parses_to_its_intent() -> None:
    for shortcut in phrases.KEYBOARD_SHORTCUTS:
        expected = Help(with_keys=True) if shortcut.key == "?" else intent_of(shortcut.intent, {})
        assert key_intents()[shortcut.key] == expected
        for key in {shortcut.key, shortcut.key.upper()}:
            assert parse(key) == expected, key


def test_keyboard_shortcuts_list_keys_and_meanings() -> None:
    listed = keyboard_shortcuts()
    keys = [s.key for s in listed]
    assert len(keys) == len(set(keys))
    expected_keys = set("cvhsgtkpruwobx+-<>[]") | {"?", "q", "35", "35t"}
    assert set(keys) == expected_keys
    assert all(s.description for s in listed)
    for shortcut in listed:  # the examples in the help text really work
        intent = parse(shortcut.key)
        if shortcut.intent == "play":
            assert isinstance(intent, PlayTile) and intent.tile == Tile.of(3, 5)
        else:
            assert intent == key_intents()[shortcut.key]


def test_all_typed_tiles() -> None:
    typed_sides = (("", None), ("t", Side.HEAD), ("c", Side.TAIL), (" T", Side.HEAD))
    typed_sides += (("a", Side.UP), ("b", Side.DOWN))  # the spinner's arms: in alto, in basso
    for a in range(10):
        for b in range(10):
            for suffix, side in typed_sides:
                assert parse(f"{a}{b}{suffix}") == PlayTile(a, b, side)


def test_keys_are_not_speech() -> None:
    keys = {s.key for s in keyboard_shortcuts()}
    sentences = grammar_sentences()
    assert not keys & set(sentences)
    assert not any(re.search(r"\d", s) for s in sentences)


# --- the whole grammar ----------------------------------------------------------------------


def test_every_sentence_parses_back_to_its_template_meaning() -> None:
    expansions = grammar().expansions()
    # each sentence alone and with the attention word in front, and the attention word alone
    assert len(grammar_sentences()) == 2 * len(expansions) + 1
    mismatches = []
    for expansion in expansions:
        heard = hear(expansion.text)
        got = None if heard is None else (heard.intent, heard.words)
        expected = (intent_of(expansion.intent, expansion.slots), meaning_words(expansion.words))
        if got != expected:
            mismatches.append((expansion.text, got))
    assert mismatches == []


def test_every_recogniser_sentence_parses_to_its_table_meaning() -> None:
    mismatches = [(s, hear(s)) for s, heard in sentence_table().items() if hear(s) != heard]
    assert mismatches == []
    assert set(sentence_table()) == set(grammar_sentences())


def test_sentences_are_normalised_sorted_and_unique() -> None:
    sentences = grammar_sentences()
    assert sentences == sorted(set(sentences))
    assert all(normalize(s) == s and s for s in sentences)
    # a closed grammar of a few thousand sentences, each also said after the attention word
    assert 1000 < len(grammar().expansions()) < 40_000  # tiles 0..9 and four arms (issue 21)
    assert len(sentences) < 80_000  # tiles 0..9 and four arms (issue 21)


def test_sentences_limited_to_a_recogniser_vocabulary() -> None:
    known = vocabulary() - {"draw", "block"}
    limited = grammar_sentences(known)
    assert "draw" not in limited and "variante draw" not in limited
    assert "variante pesca" in limited and "domino variante pesca" in limited
    assert limited == [s for s in grammar_sentences() if "draw" not in s and "block" not in s]
    assert grammar_sentences(set()) == []


def test_vocabulary_is_the_words_of_the_sentences() -> None:
    words = {w for s in grammar_sentences() for w in s.split()}
    assert vocabulary() == words | set(phrases.TABLE_CODE_WORDS)  # "entra al tavolo" + a code
    assert {"gioca", "doppio", "bianco", "testa", "coda", "pozzo", "jolly"} <= words
    assert phrases.ATTENTION_WORD in words
    assert all(w.isalpha() for w in words)


SLOT_TYPES: dict[str, type] = {
    "tile": tuple,
    "number": int,
    "side": Side,
    "count": int,
    "target": int,
    "level": Level,
    "variant": str,
    "on": bool,
    "pips": int,
    "seat": int,
    "voice": int,
    "voice_ordinal": int,
    "variant_name": str,
    "question": str,
    "tile_set": int,
    "opening": str,
    "turn_timer": int,
    "message": str,
    "closed": bool,
    "pairs": bool,
    "named": bool,  # a tile named with no verb of one's own move and no side
}


def test_slot_values_have_the_declared_types() -> None:
    for expansion in grammar().expansions():
        for name, value in expansion.slots.items():
            assert type(value) is SLOT_TYPES[name], (expansion.text, name)
        if "tile" in expansion.slots:
            tile = expansion.slots["tile"]
            assert isinstance(tile, tuple) and len(tile) == 2
            assert all(isinstance(n, int) and 0 <= n <= 9 for n in tile)
        intent = intent_of(expansion.intent, expansion.slots)
        assert isinstance(intent, INTENT_TYPES), expansion.text
        if isinstance(intent, PlayTile | PlayNumber):
            assert intent.side == expansion.slots.get("side"), expansion.text


def test_every_ordered_tile_can_be_spoken() -> None:
    spoken = {
        e.slots["tile"] for e in grammar().expansions() if e.intent == "play" and len(e.words) <= 3
    }
    assert spoken == {(a, b) for a in range(10) for b in range(10)}


def test_menu_values_cover_the_documented_choices() -> None:
    found: dict[str, set[object]] = {}
    for expansion in grammar().expansions():
        for name, value in expansion.slots.items():
            found.setdefault(name, set()).add(value)
    assert found["variant"] == {"classica", "blocco", "pesca", "jolly", "capra", "coppie"}
    assert found["count"] == {2, 3, 4}
    assert found["level"] == set(Level)
    assert found["target"] == {50, 100, 101, 121, 150, 200}
    assert found["on"] == {True, False}
    assert found["number"] == set(range(10))
    assert found["side"] == set(Side)
    assert found["tile_set"] == {6, 9}
    assert found["opening"] == {opening.value for opening in Opening}


def test_intents_reachable_only_by_keyboard() -> None:
    spoken = {type(heard.intent) for heard in sentence_table().values()}
    # A table's code is said as free words (no sentence lists every code); chat is typed.
    assert set(INTENT_TYPES) - spoken == {DrawOrPass, JoinTable, ChatLine}


# --- robustness -----------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=200))
def test_parse_never_raises(text: str) -> None:
    heard = hear(text)
    assert heard is None or isinstance(heard.intent, INTENT_TYPES)


def _typed_meanings() -> set[Intent]:
    """What typed keys can mean: single keys, and digit tiles/numbers with a side key."""
    sides = (None, *Side)
    meanings: set[Intent] = set(key_intents().values())
    meanings |= {PlayTile(a, b, s) for a in range(10) for b in range(10) for s in sides}
    meanings |= {PlayNumber(n, s) for n in range(10) for s in sides}
    return meanings


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*sorted(vocabulary()), "3", "35", "per", "ehm"]), max_size=12))
def test_parse_of_grammar_word_salad_is_consistent(words: list[str]) -> None:
    """Random mixes of grammar words give None or the meaning of a grammar sentence (or of a
    typed key), carried by the words said."""
    heard = hear(" ".join(words))
    if heard is not None:
        spoken = {h.intent for h in sentence_table().values()}
        # several menu choices at once: each the meaning of a sentence of its own
        intent = heard.intent
        said = intent.choices if isinstance(intent, SeveralChoices) else (intent,)
        assert set(said) <= spoken | _typed_meanings()
        assert 1 <= heard.words <= 2 * len(words)  # a typed "35" reads as two words


# --- understanding by meaning ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("utterance", "expected"),
    [
        # wishes, proposals, courtesy and framing around a command
        ("vorrei giocare in tre, per cortesia", SetPlayers(3)),
        ("allora, mettiamo il livello difficile", SetLevel(Level.DIFFICILE)),
        ("facciamo una partita a blocco dai", SetVariant("blocco")),
        ("mi sai dire quante tessere ha Marco?", AskPlayer(1)),
        ("scusa, qual è il punteggio?", Ask(Query.SCORE)),
        ("ok allora per favore pesco", DrawTile()),
        # other words for the same thing, regional words
        ("pesco dal monte", DrawTile()),
        ("piglio un pezzo dal tallone", DrawTile()),
        ("quante ne restano nel mucchio", Ask(Query.BONEYARD)),
        ("che tessere tengo?", Ask(Query.HAND)),
        ("la mia socia quante tessere ha", Ask(Query.PARTNER)),
        ("metto l'asso in capo", PlayNumber(1, Side.HEAD)),
        # word order and articles
        ("il cinque lo metto in coda", PlayNumber(5, Side.TAIL)),
        ("a sinistra l'asso", PlayNumber(1, Side.HEAD)),
        ("in testa il tre e il cinque", PlayTile(3, 5, Side.HEAD)),
        # a command inside a longer sentence, with its reason or a remark
        ("non ho niente che vada, ne tiro su un'altra", DrawTile()),
        ("a duecento punti, tanto non ho niente da fare", SetTarget(200)),
        ("parli più adagio, che non le sto dietro", AdjustVoice(VoiceChange.SLOWER)),
        ("uffa, passo", PassTurn()),
        ("ho sbagliato, torna indietro", Undo()),
        # questions about moves stay questions
        ("posso mettere il sei?", PlayNumber(6)),
        ("il quattro dove lo posso mettere?", PlayNumber(4)),
        ("devo pescare o no?", Ask(Query.PLAYABLE)),
        ("posso giocare il tre cinque?", Ask(Query.PLAYABLE)),
    ],
)
def test_italian_as_players_say_it(utterance: str, expected: Intent) -> None:
    assert parse(utterance) == expected


@pytest.mark.parametrize(
    "utterance",
    [
        "non passo mica, aspetta che ci penso",  # a negated move
        "non gioco il tre cinque",
        "Marco ha detto che passa",  # someone else's words
        "mia figlia, quando gioca, passa sempre",  # a move after chatter
        "mio fratello col doppio sei apriva sempre",  # game words in a story
        "ieri al circolo a domino ho perso tutto",
        "Teresa, mi porti un bicchiere d'acqua?",  # said to someone else
        "sì, pronto? sono io, ti richiamo dopo",  # a short answer on the telephone
        "che bella mano!",  # an exclamation is no question
        "mannaggia, il doppio sei",
    ],
)
def test_what_is_not_a_command_is_refused(utterance: str) -> None:
    assert parse(utterance) is None


MOVES = (PlayTile, DrawTile, PassTurn, Undo, Quit, NewGame, Start, Continue)
QUESTION_WORDS = ("chi", "cosa", "quanto", "quante", "quale", "quali", "dove")


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(understanding().lexicon.vocabulary())), max_size=6),
    st.sampled_from(QUESTION_WORDS),
    st.integers(min_value=0, max_value=6),
)
@example(["abbandona", "perche"], "chi", 2)  # a question word in a remark after the command
@example(["passo", "perche"], "cosa", 2)
@example(["cioe", "abbandona"], "chi", 0)  # a question word before a correction
@example(["abbandona", "quand"], "chi", 2)  # a question word in a remark opened by "quando"
def test_a_question_is_never_taken_as_a_move(
    words: list[str], question_word: str, where: int
) -> None:
    words.insert(min(where, len(words)), question_word)
    for said in (" ".join(words), " ".join(words) + "?"):
        meaning = parse(said)
        assert not isinstance(meaning, MOVES), (said, meaning)
        assert not (isinstance(meaning, PlayNumber) and meaning.side is not None), said


def test_the_recogniser_hears_only_words_the_understanding_knows() -> None:
    """One source of truth: every word of the recogniser's sentences is a lexicon word."""
    assert vocabulary() <= understanding().lexicon.vocabulary()
