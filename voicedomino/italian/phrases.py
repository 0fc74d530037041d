"""Every Italian input phrase: intent templates, slot lists, fillers and keyboard keys.

This is the only place where Italian input words live. Templates use the syntax of
`voicedomino.grammar.templates` and must contain normalised words only (no accents, no
apostrophes: "c'è" is written "c e", "l'ultima" is "l ultima").
"""

from __future__ import annotations

from dataclasses import dataclass

from voicedomino.engine import Side
from voicedomino.grammar.normalize import normalize
from voicedomino.grammar.templates import IntentSpec, SlotValue
from voicedomino.italian.numbers import MAX_PIPS, PIP_WORDS, cardinal
from voicedomino.players import Level

PLAYER_COUNTS = (2, 3, 4)
SCORE_TARGETS = (50, 100, 101, 121, 150, 200)
# Said before a command outside the listening window: "domino, gioca tre cinque".
ATTENTION_WORD = "domino"


def _pip_choice(value: int) -> str:
    words = PIP_WORDS[value]
    return words[0] if len(words) == 1 else "(" + "|".join(words) + ")"


def _tile_values() -> list[SlotValue]:
    """Tiles in spoken order: "tre cinque" is (3, 5) and "cinque tre" is (5, 3)."""
    values: list[SlotValue] = []
    for a in range(MAX_PIPS + 1):
        for b in range(MAX_PIPS + 1):
            if a != b:
                values.append(SlotValue(f"{_pip_choice(a)} [e] {_pip_choice(b)}", (a, b)))
                continue
            values.append(SlotValue(f"doppio {_pip_choice(a)}", (a, a)))
            # "sei sei", "bianco e bianco": the same word twice, never "zero bianco".
            values.extend(SlotValue(f"{word} [e] {word}", (a, a)) for word in PIP_WORDS[a])
    return values


# A number counted across the table: plural forms too ("quanti bianchi", "quanti assi").
_PLURAL_PIPS = {0: "zero|bianco|bianchi|vuoto|vuoti", 1: "uno|assi|asso"}
# The computers by name; seat numbers as in italian.messages.COMPUTER_NAMES.
_SEAT_NAMES = {"marco": 1, "giulia": 2, "luca": 3}

SLOT_LISTS: dict[str, list[SlotValue]] = {
    "tile": _tile_values(),
    "number": [SlotValue(_pip_choice(n), n) for n in range(MAX_PIPS + 1)],
    # Where to play, after a tile: sinistra is the head of the line, destra its tail.
    "side": [
        SlotValue("in testa|a sinistra", Side.HEAD),
        SlotValue("in coda|a destra", Side.TAIL),
    ],
    "count": [SlotValue(cardinal(n), n) for n in PLAYER_COUNTS],
    "target": [SlotValue(normalize(cardinal(n)), n) for n in SCORE_TARGETS],
    "level": [
        SlotValue("facile", Level.FACILE),
        SlotValue("medio|media", Level.MEDIO),
        SlotValue("difficile", Level.DIFFICILE),
    ],
    "pips": [SlotValue(_PLURAL_PIPS.get(n, _pip_choice(n)), n) for n in range(MAX_PIPS + 1)],
    "seat": [SlotValue(name, seat) for name, seat in _SEAT_NAMES.items()],
    "voice": [SlotValue(cardinal(n), n) for n in range(1, 10)],
    # After "variante"/"modalita"; bare variant names are in _BARE_VARIANTS.
    "variant": [
        SlotValue("classica|classico", "classica"),
        SlotValue("[a] blocco|block", "blocco"),
        SlotValue("[con [la]|a] pesca|draw", "pesca"),
        SlotValue("[con [il]] jolly", "jolly"),
        SlotValue("[alla] capra", "capra"),
        SlotValue("[a] coppie", "coppie"),
    ],
}

# Variant names said alone. Bare "pesca" is the draw command, bare "a coppie" chooses
# partnerships (set_pairs), and "con jolly" is the wildcard option: only prefixed there.
_BARE_VARIANTS = {
    "classica": ("classica|classico",),
    "blocco": ("[a] blocco|block",),
    "pesca": ("con la pesca|a pesca|draw",),
    "jolly": ("jolly",),
    "capra": ("[alla] capra",),
    "coppie": ("coppie",),
}

_PLAY_PREFIX = "[gioca|metti] [il]"

INTENTS: list[IntentSpec] = [
    IntentSpec("play", (f"{_PLAY_PREFIX} {{tile}} [{{side}}]",)),
    # A lone number ("tre", "gioca il sei in testa"): the dialog resolves it from the hand.
    IntentSpec("number", (f"{_PLAY_PREFIX} {{number}} [{{side}}]",)),
    IntentSpec("side", ("[in] testa", "[a] sinistra"), {"side": Side.HEAD}),
    IntentSpec("side", ("[in] coda", "[a] destra"), {"side": Side.TAIL}),
    IntentSpec(
        "ends",
        (
            "[(quali sono|dimmi)] [gli] estremi",
            "[(quali sono|dimmi)] [le] estremita",
            "testa e coda",
            "[che] cosa c e (in testa e in coda|agli estremi)",
            "quali numeri sono aperti",
        ),
    ),
    IntentSpec(
        "draw",
        (
            "(pesca|pesco) [(una|un altra) tessera] [dal pozzo]",
            "(prendi|prendo) (una|un altra) tessera [dal pozzo]",
            "vado al pozzo",
        ),
    ),
    IntentSpec(
        "pass",
        (
            "passo|passa|salto|salta|busso",
            "(passo|salto) [il] turno",
            "non posso giocare",
            "non ho niente",
        ),
    ),
    IntentSpec(
        "hand",
        (
            "[(dimmi|leggi)] [la] [mia] mano",
            "[le] mie tessere",
            "(che|quali) tessere ho",
            "[che] cosa ho [in mano]",
        ),
    ),
    IntentSpec(
        "playable",
        (
            "[che] cosa posso (giocare|mettere)",
            "che posso giocare",
            "quali [tessere] posso giocare",
            "[le] mosse (possibili|valide)",
            "[le] tessere giocabili",
        ),
    ),
    IntentSpec(
        "hint",
        (
            "[un] (consiglio|suggerimento)",
            "dammi un (consiglio|suggerimento)",
            "aiutami",
            "[che] cosa mi consigli",
            "che mi consigli",
            "[che] cosa (gioco|dovrei giocare)",
        ),
    ),
    IntentSpec(
        "line",
        (
            "[(il|leggi il)] (serpente|tavolo)",
            "[la] linea",
            "[che] cosa c e sul tavolo",
            "che c e sul tavolo",
            "[le] tessere (sul tavolo|giocate)",
        ),
    ),
    IntentSpec(
        "boneyard",
        (
            "[il] pozzo",
            "quante tessere [(ci sono|restano)] nel pozzo",
            "quante [tessere] ne restano [nel pozzo]",
            "quante tessere restano",
        ),
    ),
    IntentSpec(
        "opponents",
        (
            "[l] avversario",
            "[gli] avversari",
            "quante tessere ha l avversario",
            "quante tessere hanno (gli avversari|gli altri)",
            "[le] tessere (dell avversario|degli avversari)",
        ),
    ),
    IntentSpec(
        "score",
        (
            "[(il|dimmi il)] punteggio",
            "[i] punti",
            "[la] classifica",
            "quanti punti (ho|abbiamo|hanno)",
            "chi (vince|sta vincendo)",
        ),
    ),
    IntentSpec(
        "turn",
        (
            "di chi e il turno",
            "[il] turno",
            "a chi tocca",
            "tocca a me",
            "e il mio turno",
            "chi (gioca|deve giocare)",
        ),
    ),
    IntentSpec(
        "last_move",
        (
            "[l] ultima (mossa|giocata)",
            "mossa precedente",
            "[che] cosa (ha|hanno) (giocato|fatto)",
            "che ha giocato",
        ),
    ),
    IntentSpec(
        "whole_line",
        (
            "tutto il (serpente|tavolo)",
            "[il] serpente (completo|intero)",
            "leggi tutto il serpente",
            "tutte le tessere sul tavolo",
        ),
    ),
    IntentSpec(
        "line_from_tail",
        ("[il] serpente dalla coda", "[leggi] dalla coda", "dalla coda alla testa"),
    ),
    IntentSpec(
        "since_my_turn",
        (
            "[che] cosa e successo",
            "che e successo",
            "riassunto",
            "cosa hanno fatto gli altri",
            "cosa mi sono perso",
        ),
    ),
    IntentSpec(
        "last_round",
        (
            "com e finita [la] [ultima] mano",
            "[il] riassunto della mano",
            "[la] mano precedente",
            "[l] ultima mano",
            "[le] mani (degli altri|di tutti)",
        ),
    ),
    IntentSpec(
        "partner",
        (
            "[la] mia (compagna|socia)",
            "[il] mio (compagno|socio)",
            "quante tessere ha [la] mia compagna",
            "quante tessere ha [il] mio compagno",
        ),
    ),
    IntentSpec(
        "target",
        (
            "a quanto si gioca",
            "a quanti punti si gioca",
            "quanti punti mancano",
            "quanti punti (mi|ci) mancano",
            "[qual e] l obiettivo",
        ),
    ),
    IntentSpec(
        "winner",
        ("chi ha vinto [la mano|la partita]", "chi ha chiuso", "chi ha fatto domino"),
    ),
    IntentSpec(
        "ask_number",
        (
            "quanti {pips} (sono usciti|sono stati giocati|ci sono sul tavolo)",
            "quanti {pips} (sono|ne sono) (usciti|passati)",
        ),
        {"question": "played"},
    ),
    IntentSpec(
        "ask_number",
        (
            "quali {pips} mancano",
            "quali {pips} (non sono usciti|restano)",
            "quanti {pips} mancano",
            "dove sono i {pips}",
        ),
        {"question": "missing"},
    ),
    IntentSpec(
        "ask_player",
        (
            "quante tessere ha {seat}",
            "(cosa|che) ha giocato {seat}",
            "(cosa|che) ha fatto {seat}",
            "e {seat}",
            "[e] {seat} quante ne ha",
        ),
    ),
    IntentSpec(
        "rules",
        (
            "[le] regole",
            "spiegami [le] regole",
            "(quali|come) sono le regole",
            "come si gioca",
            "regole della variante",
        ),
    ),
    IntentSpec(
        "set_auto_forced",
        (
            "mosse obbligate automatiche",
            "(pesca|passa) (da solo|per me) [quando devo]",
            "automatico si",
        ),
        {"on": True},
    ),
    IntentSpec(
        "set_auto_forced",
        ("mosse obbligate (manuali|a mano)", "automatico no", "faccio io"),
        {"on": False},
    ),
    IntentSpec(
        "list_voices",
        (
            "che voci ci sono",
            "quali voci (ci sono|hai)",
            "elenca le voci",
            "[le] voci [italiane]",
        ),
    ),
    IntentSpec(
        "use_voice",
        ("usa la voce {voice}", "(voce|passa alla voce|cambia voce) {voice}"),
    ),
    IntentSpec(
        "repeat",
        ("ripeti|ripetere|come|cosa", "puoi ripetere", "non ho capito", "di nuovo|ancora"),
    ),
    IntentSpec("previous", ("[il] [messaggio] precedente", "[torna] indietro")),
    IntentSpec(
        "next_message",
        ("[il] [messaggio] (successivo|seguente)", "[il] prossimo messaggio"),
    ),
    IntentSpec(
        "help",
        (
            "aiuto",
            "[che] cosa posso dire",
            "che posso dire",
            "[i] comandi",
            "quali sono i comandi",
            "[le] istruzioni",
        ),
    ),
    IntentSpec("slower", ("[parla] piu (lento|lentamente|adagio)", "rallenta")),
    IntentSpec("faster", ("[parla] piu (veloce|velocemente|svelto)", "accelera")),
    IntentSpec("louder", ("[parla] piu forte", "alza [il] volume", "[volume] piu alto")),
    IntentSpec("quieter", ("[parla] piu piano", "abbassa [il] volume", "[volume] piu basso")),
    IntentSpec(
        "brief",
        ("breve", "piu breve", "[messaggi] brevi", "modalita breve", "sii breve", "sintetico"),
    ),
    IntentSpec(
        "normal",
        (
            "normale",
            "[messaggi] normali",
            "modalita normale",
            "verbosita normale",
            "[torna] normale",
        ),
    ),
    IntentSpec(
        "detailed",
        (
            "dettagliato",
            "piu dettagliato",
            "[messaggi] dettagliati",
            "modalita dettagliata",
            "piu dettagli",
        ),
    ),
    IntentSpec("stop_speech", ("basta [cosi]", "zitto|zitta|silenzio|stop|taci")),
    IntentSpec(
        "new_game",
        (
            "nuova partita|partita nuova",
            "[un] altra partita",
            "ricomincia [da capo]",
            "ricominciamo",
        ),
    ),
    IntentSpec("quit", ("esci [dal gioco]", "fine", "chiudi [il gioco]", "termina")),
    # Only a firm "sì" confirms what cannot be taken back (quitting, a new game).
    IntentSpec("yes", ("si [certo|sicuro]", "conferma|confermo", "si confermo")),
    IntentSpec(
        "agree",
        ("certo|certamente|esatto|giusto|perfetto", "va bene", "ok|okay", "d accordo"),
    ),
    IntentSpec(
        "no",
        (
            "no [no|grazie]",
            "annulla",
            "aspetta|aspetta un attimo|un attimo|fermo|ferma",
            "niente",
            "lascia stare",
            "non importa",
        ),
    ),
    IntentSpec(
        "undo",
        (
            "annulla [la] [mia] mossa",
            "annulla l ultima mossa",
            "(riprendi|ritira) [la] [mia] mossa",
            "torna alla mossa precedente",
        ),
    ),
    IntentSpec(
        "continue",
        (
            "continua|continuiamo|prosegui",
            "avanti",
            "vai [avanti]",
            "andiamo",
            "(prossima|nuova) mano",
            "mano successiva",
        ),
    ),
    IntentSpec("set_variant", ("[la] (variante|modalita) {variant}",)),
    *(
        IntentSpec("set_variant", templates, {"variant": variant})
        for variant, templates in _BARE_VARIANTS.items()
    ),
    IntentSpec(
        "set_players",
        (
            "{count} giocatori",
            "[(giochiamo|gioco|siamo)] in {count}",
            "partita a {count} [giocatori]",
        ),
    ),
    IntentSpec(
        "set_pairs",
        ("a coppie", "(gioco|giochiamo|partita) a coppie", "in coppia"),
    ),
    IntentSpec("set_level", ("[(livello|difficolta)] {level}",)),
    IntentSpec(
        "set_target",
        (
            "[fino] a {target} [punti]",
            "{target} [punti]",
            "(obiettivo|punteggio|traguardo) [a] {target} [punti]",
            "partita a {target} [punti]",
        ),
    ),
    IntentSpec(
        "set_wildcard",
        (
            "bianco jolly",
            "con [il] jolly",
            "jolly (si|attivo)",
            "attiva [il] jolly",
        ),
        {"on": True},
    ),
    IntentSpec(
        "set_wildcard",
        (
            "senza [il] jolly",
            "jolly (no|disattivato)",
            "niente jolly",
            "disattiva [il] jolly",
            "bianco normale",
        ),
        {"on": False},
    ),
    IntentSpec(
        "start",
        (
            "gioca|giochiamo|inizia|iniziamo|comincia|cominciamo|via|partiamo",
            "(inizia|comincia|iniziamo|cominciamo) [la] partita",
            "(inizia|comincia) a giocare",
        ),
    ),
    IntentSpec(
        "settings",
        (
            "[le] (impostazioni|opzioni)",
            "(quali sono|leggi) le impostazioni",
            "configurazione",
        ),
    ),
]

# Words said around a command that carry no meaning. Hesitations are dropped anywhere;
# the other fillers only at the start or the end of an utterance.
HESITATIONS = frozenset({"eh", "ehm", "ehmm", "ehh", "uhm", "uh", "mh", "mmh", "mmm", "hmm"})
LEADING_FILLERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(p.split())
    for p in (
        *("per favore", "per piacere", "allora", "ok", "okay", "dai", "ecco", "senti"),
        *("beh", "bene", "adesso", "ora", "vabbe", "ehi"),
    )
)
TRAILING_FILLERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(p.split())
    for p in (
        *("per favore", "per piacere", "grazie", "dai", "ora", "adesso", "allora", "ok"),
        *("okay", "ecco"),
    )
)


@dataclass(frozen=True)
class KeyboardShortcut:
    """A typed key (or key pattern) and what it does, for the help text."""

    key: str
    intent: str
    description: str


# Single keys follow the conventions of accessible game rooms. Typed only: not speech.
KEYBOARD_SHORTCUTS: tuple[KeyboardShortcut, ...] = (
    KeyboardShortcut("c", "ends", "estremi: i numeri in testa e in coda"),
    KeyboardShortcut("v", "line", "il serpente sul tavolo"),
    KeyboardShortcut("h", "hand", "la tua mano"),
    KeyboardShortcut("g", "playable", "cosa puoi giocare"),
    KeyboardShortcut("k", "hint", "un consiglio"),
    KeyboardShortcut("s", "score", "il punteggio"),
    KeyboardShortcut("t", "turn", "di chi è il turno"),
    KeyboardShortcut("u", "last_move", "l'ultima mossa"),
    KeyboardShortcut("o", "opponents", "le tessere degli avversari"),
    KeyboardShortcut("w", "boneyard", "le tessere nel pozzo"),
    KeyboardShortcut("p", "draw_or_pass", "pesca, o passa se il pozzo è vuoto"),
    KeyboardShortcut("x", "undo", "annulla la tua ultima mossa"),
    KeyboardShortcut("r", "repeat", "ripeti l'ultimo messaggio"),
    KeyboardShortcut("b", "stop_speech", "basta: interrompe la voce"),
    KeyboardShortcut("+", "faster", "voce più veloce"),
    KeyboardShortcut("-", "slower", "voce più lenta"),
    KeyboardShortcut(">", "louder", "volume più alto"),
    KeyboardShortcut("<", "quieter", "volume più basso"),
    KeyboardShortcut("[", "previous", "il messaggio precedente"),
    KeyboardShortcut("]", "next_message", "il messaggio successivo"),
    KeyboardShortcut("?", "help", "aiuto"),
    KeyboardShortcut("q", "quit", "esci"),
)

# Key mode, in the start menu: single keys for every choice (the letters of the game's
# questions mean nothing before a match).
MENU_KEY_HELP: tuple[tuple[str, str], ...] = (
    ("Invio o i", "inizia la partita"),
    ("c, b, p, j, k, x", "variante classica, blocco, pesca, jolly, capra, coppie"),
    ("2, 3, 4", "numero di giocatori"),
    ("a", "a coppie"),
    ("l", "cambia livello"),
    ("o", "cambia obiettivo"),
    ("w", "bianco jolly sì o no"),
    ("s", "le impostazioni"),
    ("q", "esci"),
)
MENU_VARIANT_KEYS = {
    "c": "classica", "b": "blocco", "p": "pesca", "j": "jolly", "k": "capra", "x": "coppie",
}  # fmt: skip
KEY_MODE_HELP: tuple[tuple[str, str], ...] = (
    ("frecce su e giù", "scorrono la mano"),
    ("z e Z maiuscola", "la tessera giocabile successiva o precedente"),
    ("Invio", "gioca la tessera scelta, o continua"),
    ("frecce sinistra e destra", "testa e coda"),
    ("Esc", "zittisce la voce"),
    ("barra", "scrivi un comando intero"),
)

# Typed tiles: two digits from 0 to 6, then optionally t (testa) or c (coda).
TILE_KEY_HELP = KeyboardShortcut(
    "35", "play", "due cifre giocano una tessera, per esempio 35 il tre cinque"
)
TILE_KEY_SIDE_HELP = KeyboardShortcut(
    "35t", "play", "aggiungi t per giocarla in testa o c per giocarla in coda: 35t, 35c"
)
TILE_SIDE_KEYS = {"t": Side.HEAD, "c": Side.TAIL}
