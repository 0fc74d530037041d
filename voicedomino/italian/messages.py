"""Everything the game says, in Italian: the only place output wording lives.

Functions take plain facts (numbers, tiles, names) and return short sentences meant to be
heard: numbers as words, no symbols, one idea per sentence.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace

from voicedomino.engine import VARIANTS, Action, Draw, Play, Reason, Rules, Settings, Side, Tile
from voicedomino.italian.numbers import cardinal, pip_word, tile_phrase

COMPUTER_NAMES = ("Marco", "Giulia", "Luca")
VARIANT_NAMES = {
    "classica": "classica",
    "blocco": "blocco",
    "pesca": "pesca",
    "jolly": "jolly, con il bianco jolly",
    "capra": "capra",
    "coppie": "coppie",
}
PLACES = ("primo", "secondo", "terzo", "quarto")  # "al primo posto": the same for everyone
PARTNER_SEAT = 2  # in pairs the partner sits opposite
SIDE_WORDS = {Side.HEAD: "testa", Side.TAIL: "coda", Side.UP: "sopra", Side.DOWN: "sotto"}
# The keys that choose an arm in key mode (a: in alto, b: in basso), as the prompts name them.
ARM_KEYS = {Side.HEAD: "t", Side.TAIL: "c", Side.UP: "a", Side.DOWN: "b"}
# The spinner (a lead double that opens four arms) is called the cross: its arms make one.
SPINNER_NAME = "croce"
TILE_SET_NAMES = {6: "doppio sei", 9: "doppio nove"}
OPENING_NAMES = {
    "variant": "chi apre lo decide la variante",
    "highest_double": "apre il doppio più alto",
    "heaviest": "apre la tessera più pesante",
    "top_double": "apre il doppio massimo del set",
    "random": "apre un giocatore a caso",
    "last_winner": "apre chi ha vinto la mano prima",
}


@dataclass(frozen=True)
class Inputs:
    """How the player gives commands right now, so that every prompt names what works: words
    (spoken, or typed a line at a time), single keys (key mode), or both (key mode with a
    microphone listening)."""

    words: bool = True
    keys: bool = False


WORDS = Inputs()
KEYS = Inputs(words=False, keys=True)
KEYS_AND_WORDS = Inputs(words=True, keys=True)


def _by(inputs: Inputs, *, words: str, keys: str, both: str) -> str:
    """The prompt for how the player gives commands now."""
    if inputs.keys:
        return both if inputs.words else keys
    return words


def yes_or_no(inputs: Inputs = WORDS) -> str:
    """The end of every yes/no question: the words, or the keys that answer it."""
    return _by(inputs, words="Sì o no.", keys="s per sì, n per no.", both="Sì o no: tasti s e n.")


# How Italian is written where only ASCII can be shown (an old terminal, LANG=C): the accent
# as an apostrophe, as Italians type it, and the typographic signs as plain ones.
_ASCII_SPELLINGS = {
    "à": "a'", "è": "e'", "é": "e'", "ì": "i'", "ò": "o'", "ó": "o'", "ù": "u'",
    "À": "A'", "È": "E'", "É": "E'", "Ì": "I'", "Ò": "O'", "Ù": "U'",
    "…": "...", "«": '"', "»": '"', "’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-",
}  # fmt: skip


def ascii_spelling(char: str) -> str:
    """*char* written with ASCII letters: "e'" for "è", "..." for "…", "?" when unknown."""
    if char in _ASCII_SPELLINGS:
        return _ASCII_SPELLINGS[char]
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return plain or "?"


# --- pieces -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seating:
    """Who sits where at a network table: the player's own seat and everyone's names."""

    me: int
    names: tuple[str, ...]


# At a local table the player is seat 0 and the computers are Marco, Giulia and Luca; at a
# network table the dialog sets the seating, and every sentence names people as they are.
_SEATING: ContextVar[Seating | None] = ContextVar("seating", default=None)


@contextmanager
def seated(me: int, names: Sequence[str]) -> Iterator[None]:
    """Speak, inside the block, as the player at seat *me* of a table with these *names*."""
    token = _SEATING.set(Seating(me, tuple(names)))
    try:
        yield
    finally:
        _SEATING.reset(token)


def partner_name(seat: int) -> str:
    """ "La tua compagna Giulia" at a local table; at a network table the partner's name,
    whoever they are."""
    if _SEATING.get() is None:
        return f"La tua compagna {seat_name(seat)}"
    return f"{seat_name(seat)}, in coppia con te,"


def is_you(seat: int) -> bool:
    seating = _SEATING.get()
    return seat == (0 if seating is None else seating.me)


def seat_name(seat: int) -> str:
    if is_you(seat):
        return "tu"
    seating = _SEATING.get()
    if seating is not None and 0 <= seat < len(seating.names):
        return seating.names[seat]
    return COMPUTER_NAMES[seat - 1]


def to_name(name: str) -> str:
    """ "a" before a name, "ad" before one that begins with a ("tocca ad Anna"), as Italian
    is spoken and written."""
    return f"ad {name}" if name[:1].casefold() in ("a", "à") else f"a {name}"


def article(phrase: str) -> str:
    """The Italian definite article for a number or tile phrase: "il tre", "l'uno"."""
    return ("l'" if phrase[0] in "aeiou" else "il ") + phrase


def bare_tile(t: Tile) -> str:
    """A tile named higher number first, the way it is grouped in the hand: "sei tre"."""
    return tile_phrase(t.high, t.low)


def tile(t: Tile) -> str:
    return article(bare_tile(t))


def number(n: int) -> str:
    return article(pip_word(n))


def count(n: int, one: str, many: str) -> str:
    return f"{'una' if n == 1 and one.endswith('a') else cardinal(n)} {one if n == 1 else many}"


def tiles_count(n: int) -> str:
    return count(n, "tessera", "tessere")


def points(n: int) -> str:
    return "un punto" if n == 1 else f"{cardinal(n)} punti"


def join_list(items: Sequence[str], last: str = "e") -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def side_word(side: Side) -> str:
    return SIDE_WORDS[side]


def side_place(side: Side) -> str:
    """Where a tile goes, said after it: "in testa", "in coda", "sopra", "sotto"."""
    return f"in {SIDE_WORDS[side]}" if side in (Side.HEAD, Side.TAIL) else SIDE_WORDS[side]


# --- start and menu ---------------------------------------------------------------------


def welcome() -> str:
    return "Benvenuto a VoceDomino."


def table_summary(
    variant: str, seats: int, pairs: bool, level: str, target: int, wildcard: bool = False
) -> str:
    players = "a coppie, in quattro" if pairs else f"{cardinal(seats)} giocatori"
    goal = "una sola mano" if target == 0 else f"a {cardinal(target)} punti"
    name = VARIANT_NAMES[variant]
    if variant == "jolly" and not wildcard:
        name = "jolly, senza bianco jolly"
    elif variant != "jolly" and wildcard:
        name += ", con il bianco jolly"  # said every time: a misheard phrase changes the rules
    return f"Variante {name}, {players}, livello {level}, {goal}."


def table_options(highest: int, spinner: bool, opening: str, always: bool) -> str:
    """The table options (issue 21): every one, explained, when *always* ("impostazioni"),
    else only those that differ from the default, so the usual game is said as it always was."""
    parts = []
    if always or highest != 6:
        parts.append(f"Tessere fino al {TILE_SET_NAMES[highest]}.")
    if spinner and always:
        parts.append(
            f"Con la {SPINNER_NAME}, cioè lo spinner: il doppio che apre la mano si attacca "
            "da quattro parti, testa, coda, sopra e sotto."
        )
    elif spinner:
        parts.append(f"Con la {SPINNER_NAME}.")
    elif always:
        parts.append(f"Senza {SPINNER_NAME}: si gioca in linea.")
    if always or opening != "variant":
        name = _opening_name(opening, highest)
        parts.append(f"{name[0].upper()}{name[1:]}.")
    return " ".join(parts)


def _opening_name(opening: str, highest: int) -> str:
    if opening == "top_double":
        return f"apre il {TILE_SET_NAMES[highest]}, o il doppio più alto"
    return OPENING_NAMES[opening]


def tile_set_set(highest: int) -> str:
    count = (highest + 1) * (highest + 2) // 2
    return f"Si gioca con il {TILE_SET_NAMES[highest]}: {cardinal(count)} tessere."


def spinner_set(on: bool) -> str:
    if on:
        return (
            f"Con la {SPINNER_NAME}: il doppio che apre la mano si attacca da quattro parti, "
            "testa, coda, sopra e sotto."
        )
    return f"Senza {SPINNER_NAME}: si gioca in linea, testa e coda."


def opening_set(opening: str, highest: int) -> str:
    name = _opening_name(opening, highest)
    return f"{name[0].upper()}{name[1:]}."


def partnership() -> str:
    return (
        f"Giochi in coppia con {seat_name(PARTNER_SEAT)}, di fronte a te, "
        f"contro {seat_name(1)} e {seat_name(3)}."
    )


def seats_kept(variant: str, allowed: Sequence[int], seats: int) -> str:
    """A player count chosen before the variant that allows it: kept for later."""
    counts = join_list([cardinal(n) for n in allowed], "o")
    return (
        f"La {VARIANT_NAMES[variant]} si gioca in {counts}: terrò {cardinal(seats)} giocatori "
        "se scegli una variante che lo permette."
    )


def seats_changed(variant: str, seats: int) -> str:
    return f"Variante {VARIANT_NAMES[variant]}: si gioca in {cardinal(seats)}."


def menu_prompt(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words=(
            "Di' inizia per giocare, oppure cambia variante, giocatori o livello. "
            "Aiuto per i comandi."
        ),
        keys="Invio per giocare. Punto interrogativo per i tasti di variante, giocatori e livello.",
        both=(
            "Invio o di' inizia per giocare, oppure cambia variante, giocatori o livello. "
            "Punto interrogativo per i tasti."
        ),
    )


def menu_help() -> str:
    return (
        "Puoi dire: inizia. Una variante: classica, blocco, pesca, jolly, capra, coppie. "
        "Il numero di giocatori, per esempio tre giocatori. A coppie. "
        "Il livello: facile, medio o difficile. L'obiettivo, per esempio a cento punti. "
        "Con jolly o senza jolly. Con il doppio nove o con il doppio sei. "
        f"Con la {SPINNER_NAME} o senza {SPINNER_NAME}. Chi apre: apre il doppio più alto, "
        "apre la tessera più pesante, apre un giocatore a caso, apre chi ha vinto, "
        "apertura normale. Impostazioni, per sentire le scelte. Esci."
    )


def variant_set(variant: str) -> str:
    return f"Variante {VARIANT_NAMES[variant]}."


def seats_not_allowed(variant: str, allowed: Sequence[int]) -> str:
    counts = join_list([cardinal(n) for n in allowed], "o")
    return f"La {VARIANT_NAMES[variant]} si gioca in {counts}."


def seats_set(seats: int) -> str:
    return f"{cardinal(seats).capitalize()} giocatori."


def pairs_set() -> str:
    return f"Variante coppie, in quattro a coppie. {partnership()}"


def level_set(level: str) -> str:
    return f"Livello {level}."


def target_set(target: int) -> str:
    return f"Si gioca a {cardinal(target)} punti."


def wildcard_set(on: bool) -> str:
    return "Il bianco è jolly." if on else "Il bianco non è jolly."


def resume_offer(inputs: Inputs = WORDS, behind: int = 0) -> str:
    if behind:
        return (
            "C'è una partita in corso, ma salvata "
            f"{moves_count(behind)} prima di dove eri arrivato: le ultime non si erano potute "
            f"salvare. Vuoi riprenderla da lì? {yes_or_no(inputs)}"
        )
    return f"C'è una partita in corso: vuoi riprenderla? {yes_or_no(inputs)}"


def resumed(behind: int = 0) -> str:
    if behind:
        return f"Partita ripresa, {moves_count(behind)} prima di dove eri arrivato."
    return "Partita ripresa."


def resume_declined() -> str:
    return "Va bene, la partita salvata è stata messa da parte."


# --- confirmations --------------------------------------------------------------------


def confirm_quit(in_game: bool, inputs: Inputs = WORDS) -> str:
    kept = " La partita resta salvata." if in_game else ""
    return f"Vuoi uscire?{kept} {yes_or_no(inputs)}"


def confirm_new_game(inputs: Inputs = WORDS) -> str:
    return f"Vuoi lasciare questa partita e cominciarne una nuova? {yes_or_no(inputs)}"


def confirm_yes_no(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="Rispondi sì o no.",
        keys="Rispondi con s per sì, n per no.",
        both="Rispondi sì o no, o con i tasti s e n.",
    )


def cancelled() -> str:
    return "Va bene, continuiamo."


def confirm_say_yes() -> str:
    return "Per confermare di' sì; per restare, no."


def listening_prompt() -> str:
    return "Ti ascolto."


# --- voice commands read back before they act ------------------------------------------------


def readback_play(a: int, b: int, side: Side | None) -> str:
    """ "Tre cinque in coda.": the tile as the player said it."""
    where = f" {side_place(side)}" if side is not None else ""
    return f"{tile_phrase(a, b).capitalize()}{where}."


def readback_draw() -> str:
    return "Pesco."


def readback_pass() -> str:
    return "Passo."


def readback_draw_or_pass() -> str:
    return "Pesco, o passo."


def readback_start() -> str:
    return "Comincio la partita."


def readback_next_round() -> str:
    return "Prossima mano."


def readback_mic_check() -> str:
    return "Provo il microfono."


def readback_undo() -> str:
    return "Annullo la tua ultima mossa."


def readback_voice_change(change: str) -> str:
    """A change of the voice said by voice, read back before it is made (`VoiceChange` value)."""
    return {
        "slower": "Rallento la voce.",
        "faster": "Accelero la voce.",
        "louder": "Alzo il volume.",
        "quieter": "Abbasso il volume.",
    }[change]


def readback_verbosity(verbosity: str) -> str:
    """A change of how much the game says (`Verbosity` value), read back before it is made."""
    return {
        "breve": "Passo ai messaggi brevi.",
        "normale": "Passo ai messaggi normali.",
        "dettagliato": "Passo ai messaggi dettagliati.",
    }[verbosity]


def readback_use_voice(number: int) -> str:
    return f"Cambio voce: la numero {cardinal(number)}."


def readback_auto_forced(on: bool) -> str:
    return "Pesco e passo io per te." if on else "Le mosse obbligate le farai tu."


def readback_ask_yes(readback: str) -> str:
    """A command heard as one word, or unsurely: it waits for a plain "sì"."""
    return f"{readback.removesuffix('.')}? Di' sì per confermare, o no."


def readback_ask_domino_yes(readback: str) -> str:
    """As `readback_ask_yes`, in a room full of speech: "sì" counts only after "domino"."""
    return f"{readback.removesuffix('.')}? Di' domino sì per confermare, o no."


def command_cancelled() -> str:
    return "Annullato."


def nothing_to_undo(moved: bool = False) -> str:
    """No move to take back; *moved*: the player has moves this hand, no longer undoable (one
    undo only, the last move only, and none carried over a resume)."""
    if moved:
        return "Non posso più annullare: si annulla solo la tua ultima mossa, e una volta sola."
    return "Non c'è una tua mossa da annullare."


def no_undo_match_over(inputs: Inputs = WORDS) -> str:
    """Undo asked once the match is over: its result stands."""
    return "La partita è finita: le mosse non si annullano più. " + match_over_prompt(inputs)


def undone(action: Action, *, lead: bool = False, replies: bool = True) -> str:
    """What "annulla l'ultima mossa" took back: the player's move (a lead has no side) and,
    when the others had answered it, their replies."""
    if isinstance(action, Play):
        where = f" {side_place(action.side)}" if action.side and not lead else ""
        what = tile(action.tile) + where
    elif isinstance(action, Draw):
        what = "la pescata"
    else:
        what = "il passo"
    others = ", e le risposte degli altri" if replies else ""
    return f"Mossa annullata: {what}{others}. Si torna a prima."


def goodbye() -> str:
    return "Arrivederci."


# --- round flow -------------------------------------------------------------------------


def round_started(
    round_number: int, leader: int, lead_tile: Tile | None, redeals: int, by_lot: bool = False
) -> str:
    """The round's number and who leads with what; *by_lot*: the leader was drawn at random
    (said, or the tile would sound like the reason)."""
    parts = [f"Mano {cardinal(round_number)}."]
    if redeals:
        parts.append("Nessuno aveva un doppio: tessere rimescolate.")
    if is_you(leader):
        who = (
            f"Inizi tu, con {tile(lead_tile)}."
            if lead_tile
            else "Inizi tu, con la tessera che vuoi."
        )
    else:
        how = f"con {tile(lead_tile)}" if lead_tile else "con una tessera a scelta"
        who = f"Inizia {seat_name(leader)}, {how}."
    parts.append(f"Per sorteggio {who[0].lower()}{who[1:]}" if by_lot else who)
    return " ".join(parts)


def your_hand_size(n: int) -> str:
    return f"Hai {tiles_count(n)}."


def you_played(t: Tile, side: Side, lead: bool) -> str:
    return f"Hai giocato {tile(t)}." if lead else f"Hai giocato {tile(t)} {side_place(side)}."


def other_played(seat: int, t: Tile, side: Side, lead: bool) -> str:
    where = "" if lead else f" {side_place(side)}"
    return f"{seat_name(seat)} gioca {tile(t)}{where}."


def ends(head: int, tail: int) -> str:
    if head == tail:
        return f"Testa e coda: {pip_word(head)}."
    return f"Testa {pip_word(head)}, coda {pip_word(tail)}."


def table_ends(open_ends: Sequence[tuple[Side, int]]) -> str:
    """Every open arm in one sentence: "Testa tre, coda cinque, sopra sei, sotto sei." (a line
    is said as ever, by its two ends)."""
    if len(open_ends) == 2:
        return ends(open_ends[0][1], open_ends[1][1])
    numbers = {number for _, number in open_ends}
    if len(numbers) == 1:
        names = join_list([side_word(side) for side, _ in open_ends])
        return f"{names.capitalize()}: {pip_word(numbers.pop())}."
    said = ", ".join(f"{side_word(side)} {pip_word(number)}" for side, number in open_ends)
    return f"{said[0].upper()}{said[1:]}."


def spinner_opened(n: int) -> str:
    """The lead double became the spinner: four arms are open."""
    where = "in testa, in coda, sopra e sotto"
    return f"Il doppio {pip_word(n)} fa {SPINNER_NAME}: si attacca {where}."


def you_drew(drawn: Sequence[Tile]) -> str:
    if not drawn:
        return "Il pozzo è vuoto."
    if len(drawn) == 1:
        return f"Hai pescato {tile(drawn[0])}."
    return f"Hai pescato {tiles_count(len(drawn))}: {join_list([bare_tile(t) for t in drawn])}."


def other_drew(seat: int, n: int) -> str:
    return f"{seat_name(seat)} pesca {tiles_count(n)}."


def you_passed() -> str:
    return "Passi."


def other_passed(seat: int) -> str:
    return f"{seat_name(seat)} passa."


def your_bonus() -> str:
    return "Hai giocato un doppio: tocca ancora a te."


def other_bonus(seat: int) -> str:
    return f"Doppio: {seat_name(seat)} gioca ancora."


def your_turn() -> str:
    return "Tocca a te."


def nothing_to_play(can_draw: bool, inputs: Inputs = WORDS) -> str:
    """No tile fits: what to do now, by the words or the key (p draws, or passes)."""
    verb, infinitive = ("pesca", "pescare") if can_draw else ("passa", "passare")
    return "Niente da giocare: " + _by(
        inputs, words=f"{verb}.", keys=f"p per {infinitive}.", both=f"{verb}, o premi p."
    )


def only_one_play(
    t: Tile, both_sides: bool | Sequence[Side] = False, inputs: Inputs = WORDS
) -> str:
    """The only playable tile; with the arms it fits when they show different numbers (True:
    testa and coda), where, by the words or the keys of the moment."""
    sides = [Side.HEAD, Side.TAIL] if both_sides is True else list(both_sides or [])
    if not sides:
        return f"Solo {tile(t)}."
    places = join_list([side_place(s) for s in sides], "o")
    keys = join_list([ARM_KEYS[s] for s in sides], "o")
    where = _by(
        inputs,
        words=f", {places}: di' dove",
        keys=f", {places}: {keys}",
        both=f", {places}: di' dove, o {keys}",
    )
    return f"Solo {tile(t)}{where}."


def compact_you_played(t: Tile, side: Side, lead: bool) -> str:
    """Your own move, in few words, with its side: the game may have chosen it (the only end
    the tile fits), so it is always said; the new ends come when the turn is back to you."""
    name = bare_tile(t).capitalize()
    return f"{name}." if lead else f"{name}, {side_place(side)}."


def brief_you_played(side: Side, lead: bool) -> str:
    """Brief mode: the player named the tile, so only where it went (nothing for a lead)."""
    return "" if lead else f"{side_place(side).capitalize()}."


def compact_other_played(seat: int, t: Tile, side: Side, lead: bool) -> str:
    """ "Marco, sei quattro, coda.": who, what, where; the ends come once, at your turn."""
    where = "" if lead else f", {side_word(side)}"
    return f"{seat_name(seat)}, {bare_tile(t)}{where}."


def one_tile_left(seat: int, partner: bool = False) -> str:
    if is_you(seat):
        return "Ti resta l'ultima tessera."
    who = partner_name(seat) if partner else seat_name(seat)
    return f"{who} ha l'ultima tessera."


def turn_order(seats_from_leader: Sequence[int]) -> str:
    names = [seat_name(seat) for seat in seats_from_leader]
    return f"Ordine di gioco: {join_list(names)}."


def cannot_draw_or_pass(playable_text: str) -> str:
    return f"Non puoi pescare né passare. {playable_text}"


def forced_draw() -> str:
    return "Non puoi giocare: peschi."


def forced_pass() -> str:
    return "Non puoi giocare: passi."


# --- end of round and match -------------------------------------------------------------


def round_domino(out_seat: int) -> str:
    return (
        "Domino! Hai finito le tessere."
        if is_you(out_seat)
        else f"{seat_name(out_seat)} ha finito le tessere."
    )


def round_blocked() -> str:
    return "Mano bloccata: nessuno può giocare."


def penalties(values: Sequence[int]) -> str:
    parts: list[str] = []
    for seat, value in enumerate(values):
        # At a network table the player may sit anywhere: "tu" is capitalised only first.
        you = "Tu hai" if not parts else "tu hai"
        who = you if is_you(seat) else f"{seat_name(seat)} ha"
        parts.append(f"{who} {points(value)} in mano")
    return join_list(parts) + "."


# Verb forms for "you", "you two", "they" and a named player.
_CONJUGATION = {
    "tu": ("Vinci", "prendi", "Hai vinto"),
    "noi": ("Vinciamo", "prendiamo", "Abbiamo vinto"),
    "loro": ("Vincono", "prendono", "Hanno vinto"),
}


def _forms(label: str) -> tuple[str, str, str]:
    if " e " in label:  # a pair named by its members, as a spectator hears it: "Anna e Bruno"
        return "vincono", "prendono", "hanno vinto"
    return _CONJUGATION.get(label, ("vince", "prende", "ha vinto"))


def _subject(label: str, verb: str) -> str:
    """ "Marco vince", "Vinci tu", "Vinciamo noi": a name goes first, as Italians say it."""
    return f"{verb} {label}" if label in _CONJUGATION else f"{label} {verb}"


def round_winner(label: str, gained: int) -> str:
    win, take, _ = _forms(label)
    text = f"{_subject(label, win)} la mano"
    return f"{text} e {take} {points(gained)}." if gained else f"{text}."


def round_draw() -> str:
    return "Pareggio: nessuno prende punti."


def capra_round(clean_seat: int) -> str:
    who = "Tu non prendi" if is_you(clean_seat) else f"{seat_name(clean_seat)} non prende"
    return f"{who} punti; gli altri aggiungono i punti che hanno in mano."


def scores(
    labels: Sequence[str],
    values: Sequence[int],
    target: int,
    lower_wins: bool,
    members: Sequence[str] | None = None,
) -> str:
    named = (
        [f"{label}, {who}," for label, who in zip(labels, members, strict=True)]
        if members
        else labels
    )
    parts = [f"{label} {cardinal(value)}" for label, value in zip(named, values, strict=True)]
    text = "Punteggio: " + ("; " if members else ", ").join(parts) + "."
    if target:
        text += (
            f" Perde chi arriva a {cardinal(target)}."
            if lower_wins
            else f" Si gioca a {cardinal(target)}."
        )
    return text


def next_round_prompt(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="Di' continua per la prossima mano.",
        keys="Invio per la prossima mano.",
        both="Invio o di' continua per la prossima mano.",
    )


def match_won(label: str, members: str | None = None) -> str:
    """Who won the match; a pair is named by its members ("Marco e Luca hanno vinto")."""
    won = _forms(label)[2]
    if label == "tu":
        return f"{won} la partita!"
    if label == "noi":
        return f"{won} la partita, {members}!" if members else f"{won} la partita, noi!"
    if label == "loro":
        return f"{members} hanno vinto la partita!" if members else f"{won} la partita, loro!"
    return f"{label} {won} la partita!"


def ranking(labels: Sequence[str], values: Sequence[int]) -> str:
    pairs = zip(PLACES, labels, values, strict=False)
    parts = [f"al {place} posto {label}, con {points(value)}" for place, label, value in pairs]
    return "Classifica: " + "; ".join(parts) + "."


def match_over_prompt(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="Di' nuova partita per giocare ancora, oppure esci.",
        keys="Invio per giocare ancora, oppure q per uscire.",
        both="Invio o di' nuova partita per giocare ancora, oppure esci.",
    )


# --- answers to questions ---------------------------------------------------------------


def end_value(side: Side, value: int | None) -> str:
    if value is None:
        return "Il tavolo è vuoto."
    return f"{side_place(side).capitalize()} c'è {number(value)}."


def no_such_arm(side: Side) -> str:
    return f"Non c'è il braccio di {side_word(side)}: sul tavolo ci sono solo testa e coda."


def spinner_table(
    spinner: int, arms: Sequence[tuple[Side, Sequence[tuple[int, int]]]], compress_over: int
) -> str:
    """ "Tutto il serpente" on a spinner table: the cross, then each arm from it outward; an
    arm longer than *compress_over* is told by its first and last tiles."""
    total = 1 + sum(len(tiles) for _, tiles in arms)
    parts = [f"Tavolo di {tiles_count(total)}, {SPINNER_NAME} sul doppio {pip_word(spinner)}."]
    for side, tiles in arms:
        words = [tile_phrase(a, b) for a, b in tiles]
        if not words:
            said = "niente"
        elif len(words) <= compress_over:
            said = ", ".join(words)
        else:
            hidden = len(words) - 2
            said = f"{words[0]}, poi altre {cardinal(hidden)}, fino a {words[-1]}"
        parts.append(f"{side_word(side).capitalize()}: {said}.")
    return " ".join(parts)


def empty_table() -> str:
    return "Il tavolo è vuoto."


def line(tiles: Sequence[tuple[int, int]], compress_over: int) -> str:
    n = len(tiles)
    if n == 0:
        return empty_table()
    words = [tile_phrase(a, b) for a, b in tiles]
    intro = f"Serpente di {tiles_count(n)}, dalla testa alla coda"
    if n <= compress_over:
        return f"{intro}: {', '.join(words)}."
    keep = compress_over // 2
    hidden = n - 2 * keep
    first, last = ", ".join(words[:keep]), ", ".join(words[-keep:])
    return f"{intro}: {first}, poi altre {cardinal(hidden)}, fino a {last}."


def hand(doubles: Sequence[Tile], groups: Sequence[tuple[int, Sequence[Tile]]]) -> str:
    total = len(doubles) + sum(len(ts) for _, ts in groups)
    if total == 0:
        return "Non hai tessere."
    parts = [f"Hai {tiles_count(total)}."]
    if doubles:
        names = [pip_word(t.low) for t in doubles]
        label = "Un doppio" if len(doubles) == 1 else "Doppi"
        parts.append(f"{label}: {join_list(names)}.")
    for high, ts in groups:
        parts.append(f"Con {number(high)}: {join_list([tile_phrase(t.high, t.low) for t in ts])}.")
    return " ".join(parts)


def playable(options: Sequence[tuple[Tile, Sequence[Side]]]) -> str:
    if not options:
        return "Non hai tessere da giocare."
    parts = []
    for t, sides in options:
        where = " o ".join(side_place(s) for s in sides)
        parts.append(f"{bare_tile(t)} {where}".rstrip())
    return "Puoi giocare: " + join_list(parts) + "."


def playable_with_number(n: int, tiles: Sequence[Tile]) -> str:
    if not tiles:
        return f"Non hai tessere giocabili con {number(n)}."
    return f"Con {number(n)} puoi giocare: {join_list([bare_tile(t) for t in tiles])}."


def hint_play(t: Tile, side: Side, lead: bool) -> str:
    return f"Ti consiglio {tile(t)}." if lead else f"Ti consiglio {tile(t)} {side_place(side)}."


def hint_draw() -> str:
    return "Ti consiglio di pescare."


def hint_pass() -> str:
    return "Puoi solo passare."


def boneyard(n: int, drawable: bool) -> str:
    if not drawable:
        return f"In questa variante non si pesca: {tiles_count(n)} restano fuori dal gioco."
    if n == 0:
        return "Il pozzo è vuoto."
    return f"Nel pozzo {'resta' if n == 1 else 'restano'} {tiles_count(n)}."


def opponents(counts: Sequence[tuple[int, int]]) -> str:
    return join_list([f"{seat_name(seat)} ha {tiles_count(n)}" for seat, n in counts]) + "."


def partner_count(seat: int, n: int) -> str:
    return f"{partner_name(seat)} ha {tiles_count(n)}."


def turn_of(seat: int) -> str:
    return your_turn() if is_you(seat) else f"Tocca {to_name(seat_name(seat))}."


def no_moves_yet() -> str:
    return "Nessuna mossa ancora in questa mano."


def not_in_game(inputs: Inputs = WORDS) -> str:
    start = _by(inputs, words="Di' inizia", keys="Invio", both="Invio o di' inizia")
    return f"Non c'è una partita in corso. {start} per giocare."


def settings_in_the_menu(inputs: Inputs = WORDS) -> str:
    back = _by(
        inputs,
        words="di' nuova partita per tornarci",
        keys="scrivi barra, nuova partita, per tornarci",
        both="di' nuova partita per tornarci",
    )
    return f"Regole, giocatori e livello si scelgono nel menu, prima della partita: {back}."


def round_is_over() -> str:
    return "La mano è finita."


def line_from_tail(tiles: Sequence[tuple[int, int]]) -> str:
    if not tiles:
        return empty_table()
    words = [tile_phrase(b, a) for a, b in reversed(tiles)]
    return f"Serpente di {tiles_count(len(tiles))}, dalla coda alla testa: {', '.join(words)}."


def number_status(
    n: int, on_table: Sequence[Tile], mine: Sequence[Tile], unseen: Sequence[Tile]
) -> str:
    """Where the tiles with one number are: played, in the player's hand, not seen yet."""

    def listed(tiles: Sequence[Tile]) -> str:
        return f"{tiles_count(len(tiles))}: {join_list([bare_tile(t) for t in tiles])}"

    parts = [
        f"Tessere con {number(n)}: sul tavolo " + (listed(on_table) if on_table else "nessuna")
    ]
    parts.append("in mano a te " + (listed(mine) if mine else "nessuna"))
    parts.append("non ancora viste " + (listed(unseen) if unseen else "nessuna"))
    return "; ".join(parts) + "."


def number_missing(n: int, unseen: Sequence[Tile]) -> str:
    if not unseen:
        return f"Non manca nessuna tessera con {number(n)}: le hai viste tutte."
    names = join_list([bare_tile(t) for t in unseen])
    verb = "manca" if len(unseen) == 1 else "mancano"
    return f"Con {number(n)} {verb} {tiles_count(len(unseen))}: {names}."


def player_status(seat: int, count: int, last: str | None, partner: bool = False) -> str:
    who = partner_name(seat) if partner else seat_name(seat)
    text = f"{who} ha {tiles_count(count)}."
    return f"{text} Ultima mossa: {last}" if last else text


def no_such_player(seat: int) -> str:
    return f"{seat_name(seat)} non gioca in questa partita."


def nothing_new() -> str:
    return "Niente di nuovo dal tuo ultimo turno."


def since_your_turn(moves: Sequence[str]) -> str:
    return "Dal tuo ultimo turno: " + " ".join(moves)


def no_round_finished() -> str:
    return "Nessuna mano è ancora finita."


def hands_revealed(hands: Sequence[tuple[int, Sequence[Tile]]]) -> str:
    parts: list[str] = []
    for seat, tiles in hands:
        you = "Tu" if not parts else "tu"  # the player may sit anywhere at a network table
        if not tiles:  # who went out: "Marco non aveva più tessere"
            parts.append(f"{you} non avevi più tessere" if is_you(seat) else
                         f"{seat_name(seat)} non aveva più tessere")  # fmt: skip
            continue
        who = f"{you} avevi" if is_you(seat) else f"{seat_name(seat)} aveva"
        parts.append(f"{who} {join_list([bare_tile(t) for t in tiles])}")
    return "; ".join(parts) + "."


def no_partner() -> str:
    return "Giochi da solo: non hai un compagno in questa partita."


def target_status(target: int, needed: int | None, lower_wins: bool) -> str:
    if target == 0:
        return "Si gioca una sola mano."
    if lower_wins:
        return f"Perde chi arriva a {cardinal(target)} punti."
    text = f"Si gioca a {cardinal(target)} punti."
    if needed is not None:
        text += f" Ti mancano {points(needed)}." if needed > 0 else " Hai raggiunto l'obiettivo."
    return text


def leader(seat: int, opened_with: Tile | None) -> str:
    who = "Hai cominciato tu" if is_you(seat) else f"Ha cominciato {seat_name(seat)}"
    return f"{who}, con {tile(opened_with)}." if opened_with else f"{who}."


def round_number(n: int) -> str:
    return f"Siamo alla mano {cardinal(n)}."


def player_score(seat: int, points_: int, pairs: bool) -> str:
    whose = f"La coppia di {seat_name(seat)}" if pairs else seat_name(seat)
    return f"{whose} ha {points(points_)}."


def level_unchanged(level: str, up: bool) -> str:
    edge = "il più difficile" if up else "il più facile"
    return f"Il livello {level} è già {edge}."


def nobody_won_yet() -> str:
    return "Nessuno ha ancora vinto una mano."


def round_before_resume(score: str) -> str:
    """Asked about the last hand when it ended before this session (a match resumed from its
    save, a table joined): the hand is over, its details were not kept, the *score* was."""
    return f"La mano di prima è finita prima di questa sessione: non so dirti com'è andata. {score}"


def rules_more(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="Di' successivo per continuare, precedente per tornare indietro.",
        keys="Parentesi chiusa per continuare, aperta per tornare indietro.",
        both=(
            "Di' successivo per continuare, precedente per tornare indietro; o le parentesi quadre."
        ),
    )


def rules(variant: str, table: Rules | None = None) -> tuple[str, ...]:
    """The rules of a variant, a short paragraph a page; with *table* (the rules of the table
    being chosen or played), true of it: its set's deal and boneyard, its opening rule, the
    cross, its target. Without, the usual table: the double-six set and the variant's own."""
    if table is None or table.name != variant:
        settings = Settings(variant, VARIANTS[variant].allowed_seats[0])
        if table is not None:  # another variant asked about: at this table's options
            options = table.settings
            settings = replace(settings, tile_set=table.highest, spinner=table.spinner,
                               opening=options.opening)  # fmt: skip
        table = VARIANTS[variant](settings)
    deals = []
    for seats in table.allowed_seats:
        dealt = VARIANTS[variant](
            replace(table.settings, variant=variant, seats=seats, pairs=False)
        )
        deals.append((seats, dealt.hand_size, len(dealt.tiles) - seats * dealt.hand_size))
    return _RULE_PAGES[variant](_TableFacts(table, tuple(deals)))


@dataclass(frozen=True)
class _TableFacts:
    """What the rules' pages say that depends on the table, from the engine's rules."""

    rules: Rules
    deals: tuple[tuple[int, int, int], ...]  # seats, tiles each, tiles left: each seat count

    def deal(self) -> str:
        """ "Sette tessere a testa", or by the number of players when that changes it."""
        sizes: dict[int, list[int]] = {}
        for seats, each, _left in self.deals:
            sizes.setdefault(each, []).append(seats)
        parts: list[str] = []
        for each, seat_counts in sizes.items():
            among = " o in ".join(cardinal(seats) for seats in seat_counts)
            if parts:
                parts.append(f"{cardinal(each)} in {among}")
            elif len(sizes) == 1:  # the same deal however many play
                parts.append(f"{cardinal(each)} tessere a testa")
            else:
                parts.append(f"{cardinal(each)} tessere a testa in {among}")
        return ", ".join(parts)

    def left(self, seats: int) -> int:
        return next(left for count, _each, left in self.deals if count == seats)

    def opening(self, own: str) -> str:
        """The variant's own opening (*own*), or the table's opening rule instead."""
        opening = self.rules.opening.value
        return own if opening == "variant" else opening_set(opening, self.rules.highest)

    def cross(self) -> str:
        return f" {spinner_set(True)}" if self.rules.spinner else ""

    def goal(self) -> str:
        target = self.rules.target
        return f"Si gioca a {cardinal(target)} punti." if target else "Si gioca una sola mano."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _classica_rules(table: _TableFacts) -> tuple[str, ...]:
    target = table.rules.target
    own = (
        "Inizia chi ha il doppio bianco; se nessuno lo ha, il doppio più alto; altrimenti la "
        "tessera con più punti."
    )
    return (
        f"Classica, in due. {_capital(table.deal())}, le altre {cardinal(table.left(2))} nel "
        f"pozzo. {table.opening(own)}{table.cross()}",
        "Dopo un doppio si gioca ancora, per forza. Chi non può giocare pesca una sola tessera: "
        "se va bene la può giocare, altrimenti passa.",
        "La mano finisce quando qualcuno resta senza tessere, o quando nessuno può giocare. "
        "Il vincitore prende i punti rimasti in mano all'altro. "
        + (f"Vince la partita chi arriva a {cardinal(target)}." if target else table.goal()),
    )


def _blocco_rules(table: _TableFacts) -> tuple[str, ...]:
    top = TILE_SET_NAMES[table.rules.highest]
    own = (
        f"Inizia chi ha il doppio più alto, partendo dal {top}; se nessuno ha un doppio si "
        "rimescola."
    )
    return (
        f"Blocco, da due a quattro giocatori. {_capital(table.deal())}; le altre restano fuori "
        f"e non si pesca.{table.cross()}",
        f"{table.opening(own)} Chi non può giocare passa.",
        "Chi finisce le tessere prende i punti rimasti in mano agli altri. Se il gioco si blocca, "
        f"vince chi ha meno punti e prende la differenza. {table.goal()}",
    )


def _pesca_rules(table: _TableFacts) -> tuple[str, ...]:
    opening = table.opening("")
    return (
        "Pesca: come il blocco, ma le tessere rimaste formano il pozzo."
        + (f" {opening}" if opening else "")
        + table.cross(),
        "Chi non può giocare pesca una tessera alla volta finché ne trova una giocabile, o "
        "finché il pozzo è vuoto; allora passa.",
        "Chi finisce le tessere prende i punti degli altri; se il gioco si blocca vince chi ha "
        f"meno punti. {table.goal()}",
    )


def _jolly_rules(table: _TableFacts) -> tuple[str, ...]:
    own = "Nella prima mano inizi tu, con la tessera che vuoi."
    return (
        f"Jolly, in due, come la pesca. {table.opening(own)}{table.cross()}",
        "Il bianco è jolly: una metà bianca va bene su qualunque numero, e su un bianco si può "
        "attaccare qualunque tessera.",
        "La mano finisce quando qualcuno resta senza tessere, o quando tutti e due passano con "
        "il pozzo vuoto: vince chi ha meno punti in mano.",
    )


def _capra_rules(table: _TableFacts) -> tuple[str, ...]:
    target = table.rules.target
    no_boneyard = "; in quattro non c'è pozzo" if table.left(4) == 0 else ""
    opening = table.opening("")
    return (
        f"Capra, da due a quattro giocatori, {table.deal()}{no_boneyard}."
        + (f" {opening}" if opening else "")
        + table.cross(),
        "Chi non può giocare pesca finché trova una tessera giocabile, o passa a pozzo vuoto.",
        "Quando la mano finisce, chi ha chiuso o ha fatto l'ultima mossa prende zero; gli altri "
        "aggiungono i punti che hanno in mano. "
        + (
            f"Chi arriva a {cardinal(target)} perde: la classifica va da chi ha meno punti."
            if target
            else "Si gioca una sola mano: vince chi ha meno punti."
        ),
    )


def _coppie_rules(table: _TableFacts) -> tuple[str, ...]:
    own = (
        "Nella prima mano inizia chi ha il doppio più alto; poi inizia il giocatore dopo chi "
        "aveva iniziato, con la tessera che vuole."
    )
    return (
        "Coppie: da due a quattro da soli, o in quattro a coppie con il compagno di fronte. "
        f"{_capital(table.deal())}.{table.cross()}",
        f"{table.opening(own)} Chi non può giocare pesca finché può.",
        "Chi chiude prende i punti in mano agli avversari; a coppie, la coppia prende i punti "
        "di tutte le altre tre mani. Se il gioco si blocca vince chi ha meno punti; a parità, "
        f"chi ha iniziato o il più vicino a lui. {table.goal()}",
    )


_RULE_PAGES = {
    "classica": _classica_rules,
    "blocco": _blocco_rules,
    "pesca": _pesca_rules,
    "jolly": _jolly_rules,
    "capra": _capra_rules,
    "coppie": _coppie_rules,
}


def auto_forced_set(on: bool) -> str:
    if on:
        return "Quando puoi solo pescare o passare, lo faccio io per te."
    return "Le mosse obbligate le fai tu."


# --- refusals ---------------------------------------------------------------------------


def refusal(
    reason: Reason,
    *,
    acting: str,
    tile_: Tile | None,
    head: int | None,
    tail: int | None,
    playable_: Tile | None,
    side: Side | None = None,
    expected_seat: int | None = None,
    inputs: Inputs = WORDS,
    up: int | None = None,
    down: int | None = None,
    sides: Sequence[Side] = (),
) -> str:
    """One short sentence saying why an action was refused (``acting``: play, draw, pass).
    On a spinner table *up* and *down* are the numbers of the arms above and below; *sides*
    the arms the tile fits."""
    t = tile(tile_) if tile_ else "questa tessera"
    p = tile(playable_) if playable_ else ""
    if reason is Reason.NOT_YOUR_TURN:
        return f"Non è il tuo turno: tocca {to_name(seat_name(expected_seat or 0))}."
    if reason is Reason.ROUND_OVER:
        return "La mano è finita. " + next_round_prompt(inputs)
    if reason is Reason.MATCH_OVER:
        return "La partita è finita. " + match_over_prompt(inputs)
    if reason is Reason.TILE_NOT_IN_HAND:
        return f"Non hai {t}."
    if reason is Reason.MUST_LEAD_WITH:
        return f"Devi iniziare con {t}."
    arm_numbers = {Side.HEAD: head, Side.TAIL: tail, Side.UP: up, Side.DOWN: down}
    if reason is Reason.DOES_NOT_FIT and up is not None and down is not None:
        open_ends = [(s, n) for s, n in arm_numbers.items() if n is not None]
        return f"{t.capitalize()} non si attacca. {table_ends(open_ends)}"
    if reason is Reason.DOES_NOT_FIT:
        if head == tail:
            return f"{t.capitalize()} non si attacca: alle due estremità c'è {number(head or 0)}."
        at_head, at_tail = number(head or 0), number(tail or 0)
        return f"{t.capitalize()} non si attacca: in testa c'è {at_head}, in coda {at_tail}."
    if reason is Reason.DOES_NOT_FIT_SIDE:
        end = arm_numbers[side] if side else None
        where = side_place(side) if side else "lì"
        fits = f" Va {join_list([side_place(s) for s in sides], 'o')}." if len(sides) else ""
        return f"{t.capitalize()} non va {where}: lì c'è {number(end or 0)}.{fits}"
    if reason is Reason.NO_SUCH_SIDE:
        return no_such_arm(side or Side.UP)
    if reason is Reason.SIDE_NEEDED:
        return ask_side(inputs, sides)
    if reason is Reason.OUTER_NOT_POSSIBLE:
        return f"{t.capitalize()} non si può girare così."
    if reason is Reason.MUST_PLAY_BONUS:
        return f"Dopo un doppio devi giocare ancora: puoi giocare {p}."
    if reason is Reason.MUST_PLAY:
        verb = "pescare" if acting == "draw" else "passare"
        return f"Non puoi {verb}: puoi giocare {p}."
    if reason is Reason.ALREADY_DREW:
        return "Hai già pescato in questo turno: se non puoi giocare, passa."
    if reason is Reason.BONEYARD_EMPTY:
        return "Il pozzo è vuoto: passa."
    if reason is Reason.NO_DRAWING:
        return "In questa variante non si pesca: passa."
    if reason is Reason.MUST_DRAW:
        return "Prima di passare devi pescare."
    if reason is Reason.ROUND_NOT_OVER:
        return "La mano non è ancora finita."
    raise ValueError(reason)


def _arm_choice(sides: Sequence[Side]) -> tuple[str, str]:
    """The arms to choose from, said ("testa, sopra o sotto") and as keys ("t, a o b")."""
    names = join_list([side_word(s) for s in sides], "o")
    return names, join_list([ARM_KEYS[s] for s in sides], "o")


def tile_not_in_set(t: Tile, highest: int) -> str:
    top = pip_word(highest)
    return f"Nel {TILE_SET_NAMES[highest]} non c'è {tile(t)}: i numeri vanno da bianco a {top}."


def ask_side(inputs: Inputs = WORDS, sides: Sequence[Side] = ()) -> str:
    """Where the tile goes, listing only the arms it fits: "In testa o in coda?" on a line,
    "Dove? testa, coda, sopra o sotto?" on a spinner table (with the keys of the moment)."""
    if set(sides) <= {Side.HEAD, Side.TAIL}:
        return _by(
            inputs,
            words="In testa o in coda?",
            keys="In testa o in coda? t per la testa, c per la coda.",
            both="In testa o in coda? Anche con t o c.",
        )
    names, letters = _arm_choice(sides)
    keys = ", ".join(f"{ARM_KEYS[s]} per {side_word(s)}" for s in sides)
    return _by(
        inputs,
        words=f"Dove? {names}?",
        keys=f"Dove? {keys}.",
        both=f"Dove? {names}? Anche con {letters}.",
    )


def side_choice_cancelled() -> str:
    return "Va bene, scegli un'altra mossa."


# --- help and misunderstanding ------------------------------------------------------------


def not_understood(hint: str) -> str:
    return f"Non ho capito. {hint}"


def hint_menu(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="Prova: inizia, oppure aiuto.",
        keys="Prova: Invio per giocare, oppure punto interrogativo.",
        both="Prova: Invio o inizia, oppure aiuto.",
    )


def hint_playing(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="Prova: gioca tre cinque, pesca, passo, mano, oppure aiuto.",
        keys="Prova: frecce su e giù per la mano, Invio per giocare, oppure punto interrogativo.",
        both="Prova: gioca tre cinque, pesca, passo, mano, oppure punto interrogativo.",
    )


def hint_side(inputs: Inputs = WORDS, sides: Sequence[Side] = ()) -> str:
    if set(sides) <= {Side.HEAD, Side.TAIL}:
        return _by(
            inputs,
            words="Di' testa o coda, oppure annulla.",
            keys="Premi t per la testa, c per la coda, oppure scegli un'altra tessera.",
            both="Di' testa o coda, o premi t o c, oppure annulla.",
        )
    names, letters = _arm_choice(sides)
    return _by(
        inputs,
        words=f"Di' {names}, oppure annulla.",
        keys=f"Premi {letters}, oppure scegli un'altra tessera.",
        both=f"Di' {names}, o premi {letters}, oppure annulla.",
    )


def hint_round_over(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="Prova: continua, punteggio, oppure esci.",
        keys="Prova: Invio per la prossima mano, s per il punteggio, oppure q per uscire.",
        both="Prova: continua o Invio, punteggio, oppure esci.",
    )


def hint_match_over(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="Prova: nuova partita, oppure esci.",
        keys="Prova: Invio per una nuova partita, oppure q per uscire.",
        both="Prova: nuova partita o Invio, oppure esci.",
    )


def help_playing(drawable: bool, arms: bool = False, at_network_table: bool = False) -> str:
    """What can be said during a match; at a network table a move is not taken back and the
    match is not started again (the table's help follows)."""
    draw = "pesca, " if drawable else ""
    undo = "" if at_network_table else " Annulla l'ultima mossa, per ripensarci."
    match_words = "esci" if at_network_table else "nuova partita, esci"
    cross = (
        f"Con la {SPINNER_NAME} di' anche dove: gioca tre sei sopra, o sotto; "
        "sopra e sotto dicono cosa c'è lì. "
        if arms
        else ""
    )
    return cross + (
        "Per giocare: gioca seguito dalla tessera, per esempio gioca tre cinque in testa. "
        f"Poi: {draw}passo.{undo} Domande: testa, coda, "
        "estremi, serpente, mano, cosa posso giocare, consiglio, pozzo, avversari, punteggio, "
        "di chi è il turno, ultima mossa. Voce: ripeti, precedente, più lento, più veloce, "
        f"più forte, più piano, breve, normale, dettagliato, basta. Partita: {match_words}."
    )


def help_side(inputs: Inputs = WORDS, sides: Sequence[Side] = ()) -> str:
    if set(sides) <= {Side.HEAD, Side.TAIL}:
        return _by(
            inputs,
            words="Di' testa o coda per scegliere dove mettere la tessera, oppure annulla.",
            keys="Premi t per mettere la tessera in testa, c in coda, o scegli un'altra tessera.",
            both="Di' testa o coda, o premi t o c, per scegliere dove mettere la tessera.",
        )
    names, letters = _arm_choice(sides)
    return _by(
        inputs,
        words=f"Di' {names} per scegliere il braccio dove mettere la tessera, oppure annulla.",
        keys=f"Premi {letters} per scegliere il braccio, o scegli un'altra tessera.",
        both=f"Di' {names}, o premi {letters}, per scegliere il braccio dove mettere la tessera.",
    )


def help_round_over(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="La mano è finita. Di' continua per la prossima, punteggio, nuova partita o esci.",
        keys="La mano è finita. Invio per la prossima, s per il punteggio, q per uscire.",
        both="La mano è finita. Invio o di' continua per la prossima, punteggio, oppure esci.",
    )


def help_match_over(inputs: Inputs = WORDS) -> str:
    return _by(
        inputs,
        words="La partita è finita. Di' nuova partita per giocare ancora, punteggio, oppure esci.",
        keys="La partita è finita. Invio per giocare ancora, s per il punteggio, q per uscire.",
        both="La partita è finita. Invio o di' nuova partita per giocare ancora, oppure esci.",
    )


def help_confirm(inputs: Inputs = WORDS) -> str:
    return confirm_yes_no(inputs)


def keyboard_help(shortcuts: Sequence[tuple[str, str]]) -> str:
    return "Tasti: " + "; ".join(f"{key}, {meaning}" for key, meaning in shortcuts) + "."


# --- key mode ---------------------------------------------------------------------------


def key_mode_help(phase_keys: Sequence[tuple[str, str]]) -> str:
    return "Tasti adesso: " + "; ".join(f"{key}, {meaning}" for key, meaning in phase_keys) + "."


def key_unknown() -> str:
    return "Questo tasto non fa nulla. Punto interrogativo per l'aiuto."


def key_line_prompt() -> str:
    return "Scrivi il comando e premi invio. Esc annulla."


def key_pasted(line: str) -> str:
    """Text pasted in key mode: a command that waits for Enter, never keys (a long paste is
    said by its beginning)."""
    shown = line if len(line) <= 80 else line[:80].rstrip() + "…"
    return f"Hai incollato: {shown}. Invio per darlo come comando, Esc annulla."


def key_line_waiting(line: str) -> str:
    """Ctrl-D on a command typed after "/": the command stays, said as it stands."""
    shown = line if len(line) <= 80 else line[:80].rstrip() + "…"
    return f"Il comando aspetta: {shown}. Invio per darlo, Esc annulla."


def key_digit_typed(n: int) -> str:
    """A first digit, said back at once: the second one, or Enter, is awaited."""
    return f"{pip_word(n).capitalize()}…"


def key_digits_dropped() -> str:
    return "Cifra annullata."


def key_tile_typed(
    a: int,
    b: int,
    side: Side | None = None,
    *,
    either_end: bool = True,
    arms: Sequence[Side] = (Side.HEAD, Side.TAIL),
) -> str:
    """Two digits said back with where the tile would go: the only end it fits, or the keys
    that choose among the *arms* it fits (none for the first tile of the round). Only the keys
    named here place the tile; any other key keeps its own meaning."""
    if side is not None:
        return f"{tile_phrase(a, b).capitalize()}: invio per giocarla, va {side_place(side)}."
    if either_end:
        keys = ", ".join(f"{ARM_KEYS[arm]} {side_place(arm)}" for arm in arms)
        return f"{tile_phrase(a, b).capitalize()}: invio per giocarla, {keys}."
    return f"{tile_phrase(a, b).capitalize()}: invio per giocarla."


def back_in_game() -> str:
    return "Di nuovo in gioco."


def voice_command_dropped_on_resume() -> str:
    """A voice command read back just before Ctrl-Z: not carried out on the way back."""
    return "Il comando a voce ripetuto prima della pausa non è stato eseguito: ridillo se vuoi."


def key_nothing_to_select(has_tiles: bool) -> str:
    return "Nessuna tessera giocabile." if has_tiles else "Non hai tessere."


def key_selected(t: Tile, playable: bool, position: int, total: int) -> str:
    state = "giocabile" if playable else "non giocabile"
    return f"{bare_tile(t)}, {state}, {cardinal(position)} di {cardinal(total)}."


# --- voice and settings ----------------------------------------------------------------


def slower() -> str:
    return "Parlo più lentamente."


def faster() -> str:
    return "Parlo più velocemente."


def louder() -> str:
    return "Volume più alto."


def quieter() -> str:
    return "Volume più basso."


def voice_change_told(change: str, *, voice: str, changed: bool = True) -> str:
    """What a change of rate or volume (`VoiceChange` value) did, said truly. *voice*: "own"
    (the game's voice speaks), "reader" (a screen reader speaks, with its own rate and volume;
    the game's cues follow the volume), "cues" (no voice, the cues sound), "none" (nothing
    sounds: the setting is kept for when it does); *changed* False at the end of the range."""
    rate = change in ("slower", "faster")
    up = change in ("faster", "louder")
    if not changed:
        what = "La velocità della voce" if rate else "Il volume"
        return f"{what} è già al {'massimo' if up else 'minimo'}."
    if rate:
        if voice == "own":
            return faster() if up else slower()
        kept = f"la velocità più {'alta' if up else 'bassa'}"
        if voice == "reader":
            reader = "Parla il lettore di schermo, con la sua velocità"
            return f"{reader}: tengo {kept} per la mia voce."
        return f"La voce è spenta: tengo {kept} per quando parlerà."
    if voice == "own":
        return louder() if up else quieter()
    if voice == "reader":
        return f"Suoni più {'alti' if up else 'bassi'}: il lettore di schermo ha il suo volume."
    if voice == "cues":
        return f"Suoni più {'alti' if up else 'bassi'}: la voce è spenta."
    return f"L'audio è spento: tengo il volume più {'alto' if up else 'basso'} per quando ci sarà."


def voice_kept_for_later(name: str, *, reader: bool) -> str:
    """ "usa la voce N" while the game's own voice does not speak: chosen for when it does."""
    if reader:
        return (
            f"Parla il lettore di schermo: quando parlerò io, sarà con la voce {voice_label(name)}."
        )
    return f"La voce è spenta: quando parlerà, sarà la voce {voice_label(name)}."


def brief() -> str:
    return "Messaggi brevi."


def detailed() -> str:
    return "Messaggi dettagliati."


def normal() -> str:
    return "Messaggi normali."


def nothing_to_repeat() -> str:
    return "Non c'è niente da ripetere."


def history_start() -> str:
    return "Questo è il primo messaggio."


def history_end() -> str:
    return "Questo è l'ultimo messaggio."


# --- notices from the devices -------------------------------------------------------------

NOTICES = {
    "mic_check_offer": "È la prima volta: per provare il microfono di' prova microfono.",
    "microphone_off": "Il microfono non è attivo: si gioca con la tastiera.",
    "audio_unavailable": "Nessuna uscita audio: continuo solo con il testo.",
    "audio_lost": "L'uscita audio non risponde: continuo solo con il testo.",
    "audio_device_missing": "Il dispositivo audio scelto non c'è: uso quello predefinito.",
    "tts_unavailable": "La sintesi vocale non è disponibile: continuo con il testo e i suoni.",
    "tts_failed": "Un messaggio non è stato pronunciato: lo trovi scritto.",
    "cues_missing": "Alcuni suoni del gioco mancano: continuo senza quei suoni.",
    "voice_not_italian": (
        "Non ho trovato una voce italiana nel sistema: parlo con un'altra voce. "
        "Per vedere le voci: voicedomino voci."
    ),
    "voice_not_found": "La voce scelta non c'è: uso la voce italiana predefinita.",
    "screen_reader_unavailable": (
        "Non riesco a parlare con il lettore di schermo: uso la voce del gioco."
    ),
    "microphone_unavailable": "Il microfono non risponde: continua con la tastiera.",
    "microphone_back": "Il microfono è di nuovo attivo.",
    "audio_input_error": "Non riesco a leggere l'audio in ingresso: continua con la tastiera.",
    "audio_format": "Il file audio non è in un formato che conosco: continua con la tastiera.",
    "audio_file_missing": "Il file audio indicato non c'è: continua con la tastiera.",
    "audio_file_unusable": (
        "Non riesco a leggere il file audio indicato: non è un file audio normale, è troppo "
        "grande o non ho il permesso. Continua con la tastiera."
    ),
    "microphone_missing": "Non trovo nessun microfono: collegane uno e riprova.",
    "listener_error": "Il riconoscimento vocale ha avuto un problema: continuo ad ascoltare.",
    "model_missing": (
        "Il modello vocale italiano non è installato: si gioca con la tastiera. "
        "Per installarlo: voicedomino scarica-modello."
    ),
    "model_not_a_folder": (
        "Il modello vocale indicato non è una cartella: si gioca con la tastiera. Indica la "
        "cartella del modello (un archivio va prima estratto), oppure: voicedomino scarica-modello."
    ),
    "model_corrupt": (
        "Il modello vocale italiano è danneggiato: si gioca con la tastiera. "
        "Per scaricarlo di nuovo: voicedomino scarica-modello."
    ),
    "model_unusable": (
        "Il modello vocale non conosce le parole del gioco: si gioca con la tastiera. "
        "Serve il modello italiano: voicedomino scarica-modello."
    ),
    "save_corrupt": "Il salvataggio era danneggiato: l'ho messo da parte e ricominciamo.",
    "save_newer": (
        "Il salvataggio è di una versione più nuova del gioco: l'ho messo da parte e ricominciamo."
    ),
    "settings_corrupt": "Le impostazioni erano danneggiate: uso quelle predefinite.",
    "seats_set_aside": (
        "Il file dei tuoi posti ai tavoli in rete era danneggiato: l'ho messo da parte, "
        "senza cancellarlo, e ne ho cominciato uno nuovo."
    ),
    "seats_unsaved": (
        "Non riesco a scrivere il tuo posto al tavolo in rete nella cartella dei dati: si "
        "gioca lo stesso, ma se il gioco si chiude questo posto non sarà ricordato."
    ),
    "seats_not_kept": (
        "Non riesco a leggere il file dei tuoi posti ai tavoli in rete: non lo sovrascrivo, "
        "ma se il gioco si chiude questo posto non sarà ricordato."
    ),
    "settings_repaired": "Alcune impostazioni non erano valide: le ho corrette.",
    "settings_unreadable": "Non riesco a leggere le impostazioni: uso quelle predefinite.",
    "save_corrupt_kept": (
        "Il salvataggio è danneggiato e non riesco a spostarlo, forse la cartella è in sola "
        "lettura: l'ho lasciato dov'è e ricominciamo."
    ),
    "save_newer_kept": (
        "Il salvataggio è di una versione più nuova del gioco e non riesco a spostarlo: "
        "l'ho lasciato dov'è e ricominciamo."
    ),
    "data_in_use": (
        "Un'altra copia del gioco sta usando la stessa cartella dei dati: questa partita non "
        "verrà salvata, e quella dell'altra copia resta com'è."
    ),
    "settings_unsaved": "Non riesco a salvare le impostazioni: valgono solo per ora.",
    "save_unusable": (
        "Al posto del salvataggio c'era qualcosa che non è un salvataggio, come una cartella o "
        "un file enorme: l'ho messo da parte e ricominciamo."
    ),
    "save_unusable_kept": (
        "Al posto del salvataggio c'è qualcosa che non è un salvataggio, e non riesco a "
        "spostarlo: l'ho lasciato dov'è e ricominciamo."
    ),
    "save_unreadable": (
        "Non riesco a leggere il salvataggio, per i permessi o per un errore del disco: l'ho "
        "messo da parte e ricominciamo."
    ),
    "save_unreadable_kept": (
        "Non riesco a leggere il salvataggio né a spostarlo: l'ho lasciato dov'è e ricominciamo."
    ),
    "settings_unusable": (
        "Al posto delle impostazioni c'era qualcosa che non è un file di impostazioni: l'ho "
        "messo da parte e uso quelle predefinite."
    ),
    "settings_newer_kept": (
        "Le impostazioni salvate sono di una versione più nuova del gioco, quindi non le "
        "sovrascrivo: questa modifica vale solo per ora."
    ),
    "settings_not_overwritten": (
        "Le impostazioni salvate non si possono leggere, quindi non le sovrascrivo: questa "
        "modifica vale solo per ora."
    ),
    "lock_set_aside": (
        "Al posto del lucchetto della cartella dei dati c'era qualcosa di strano: l'ho messo da "
        "parte."
    ),
    "lock_unavailable": (
        "Non riesco a usare il lucchetto della cartella dei dati: se apri un'altra copia del "
        "gioco, le due copie possono sovrascriversi il salvataggio."
    ),
    "listening": "Ti ascolto.",
    "busy_room": "C'è molto parlato: dimmi 'domino' prima di un comando.",
    "quiet_room": "Ora si parla meno: puoi di nuovo darmi i comandi senza dire domino.",
    "key_mode": (
        "Modalità tasti: frecce su e giù per la mano, invio per giocare, sinistra e destra "
        "per testa e coda, zeta per la prossima tessera giocabile, barra per scrivere un "
        "comando, punto interrogativo per l'aiuto."
    ),
    "keyboard_closed": (
        "Il gioco non riceve niente dalla tastiera: il suo ingresso è chiuso. Senza microfono "
        "non si può giocare: avvialo da un terminale."
    ),
    "line_too_long": (
        "Quella riga era troppo lunga per essere un comando: l'ho saltata. Scrivi un comando "
        "alla volta."
    ),
    "keyboard_mode": (
        "Modalità tastiera: scrivi un comando e premi invio. Punto interrogativo per l'aiuto."
    ),
}


def notice(key: str) -> str:
    # A key without wording must still reach the player as a sentence, never as a code.
    return NOTICES.get(key, "C'è stato un problema tecnico, ma il gioco continua.")


# --- the model download command ---------------------------------------------------------

DOWNLOAD_FAILURES = {
    "network_error": "non riesco a raggiungere il sito dei modelli",
    "download_incomplete": "lo scaricamento si è interrotto",
    "bad_zip": "il file scaricato non è un archivio valido",
    "unsafe_archive": "l'archivio contiene percorsi non sicuri",
    "size_mismatch": "un file ha la dimensione sbagliata",
    "hash_mismatch": "un file non corrisponde alla firma attesa",
    "missing_file": "manca un file del modello",
    "unexpected_file": "l'archivio contiene file inattesi",
    "manifest_error": "l'elenco di verifica del modello è danneggiato",
    "disk_error": "non riesco a scrivere sul disco",
    "disk_full": "il disco è pieno",
    "read_only": "il disco è in sola lettura",
    "no_permission": "non ho il permesso di scrivere in quella cartella",
    "not_a_folder": "al posto della cartella c'è un file",
    "file_too_big": "il sistema non mi lascia scrivere un file così grande",
    "bad_url": "l'indirizzo non è scritto bene",
    "not_http": "l'indirizzo non è valido, serve un indirizzo http o https",
    "not_found": "a quell'indirizzo il sito non ha il modello",
    "access_denied": "il sito non dà il permesso di scaricarlo",
    "server_refused": "il sito ha risposto con un errore",
    "stalled": "il server ha smesso di mandare dati",
    "no_answer": "il sito non risponde",
    "interrupted": "lo scaricamento è stato interrotto",
    "archive_too_big": "il file scaricato è molto più grande del modello atteso",
}


def model_download_start(target: str) -> str:
    return f"Scarico il modello vocale italiano in {target}."


def model_download_progress(percent: int) -> str:
    return f"{cardinal(percent)} per cento."


def model_download_failed(key: str) -> str:
    """Why the model was not installed; the technical details go to the log only."""
    why = DOWNLOAD_FAILURES.get(key, "c'è stato un problema")
    return f"Modello non installato: {why}. Nessun file parziale è rimasto."


def model_download_done(path: str) -> str:
    return f"Modello installato e verificato in {path}."


# --- the command line -------------------------------------------------------------------

# The command line's own words (argparse's, by their English message ids): usage, errors and
# the help's headings, so that nothing English reaches the player's terminal.
COMMAND_LINE_WORDS = {
    "usage: ": "uso: ",
    "positional arguments": "comandi",
    "options": "opzioni",
    "optional arguments": "opzioni",
    "show this help message and exit": "mostra questo aiuto ed esci",
    "show program's version number and exit": "mostra la versione del gioco ed esci",
    "%(prog)s: error: %(message)s\n": (
        "%(prog)s: errore: %(message)s\nPer l'elenco delle opzioni: %(prog)s --help\n"
    ),
    "argument %(argument_name)s: %(message)s": "opzione %(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "scelta non valida: %(value)r (si può scegliere tra %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": "valore non valido: %(value)r",
    "unrecognized arguments: %s": "opzioni sconosciute: %s",
    "the following arguments are required: %s": "mancano queste opzioni: %s",
    "one of the arguments %s is required": "serve una di queste opzioni: %s",
    "expected one argument": "serve un valore",
    "expected at most one argument": "serve al massimo un valore",
    "expected at least one argument": "serve almeno un valore",
    "expected %s argument": "servono %s valori",
    "expected %s arguments": "servono %s valori",
    "ambiguous option: %(option)s could match %(matches)s": (
        "opzione ambigua: %(option)s può essere %(matches)s"
    ),
    "not allowed with argument %s": "non si può usare insieme a %s",
    "ignored explicit argument %r": "questa opzione non vuole un valore: %r",
    "unexpected option string: %s": "opzione inattesa: %s",
    "can't open '%(filename)s': %(error)s": "non riesco ad aprire '%(filename)s': %(error)s",
}


COMMAND_LINE_HELP = {
    "description": "Domino in italiano, a voce e a orecchio.",
    "scarica-modello": "scarica e verifica il modello vocale italiano (Vosk)",
    "prova-voce": "prova il microfono: di' un comando e senti se il volume va bene",
    "--calibra": (
        "taratura per la tua voce, la tua stanza e il modello: cinque comandi, poi la salvo"
    ),
    "--destinazione": "cartella dei modelli",
    "--url": "indirizzo dello zip del modello",
    "--se-manca": "non fare nulla se il modello c'è già",
    "--muto": "niente voce né suoni",
    "--tastiera": "niente microfono",
    "--modello": "cartella del modello Vosk",
    "--file-audio": "file WAV da usare come microfono",
    "--veloce": "con --file-audio: leggi il file senza attese",
    "--variante": "variante iniziale",
    "--giocatori": "numero di giocatori",
    "--livello": "livello del computer",
    "--set": "le tessere: sei (doppio sei, 28 tessere) o nove (doppio nove, 55)",
    "--spinner": "sì: il doppio che apre fa croce (testa, coda, sopra e sotto); no: in linea",
    "--apertura": "chi apre la mano: variante, doppio-alto, pesante, doppio-massimo, caso, "
    "vincitore",
    "--pausa": "secondi di pausa prima delle mosse altrui",
    "--seme": "seme delle mescolate (partite ripetibili)",
    "--senza-salvataggio": "non salvare né riprendere la partita",
    "--righe": "tastiera a righe anche in un terminale",
    "--cuffie": "con le cuffie: ascolta anche mentre il gioco parla (di' basta per interromperlo)",
    "--diagnostica": "log dettagliato su stderr",
    "--version": "mostra la versione del gioco ed esci",
    "--finestra": "secondi di ascolto dopo che il gioco ti passa la parola (da 2 a 60)",
    "--grazia": "secondi per dire no dopo la rilettura di un comando vocale (da 0.3 a 5)",
    "--premi-per-parlare": "ascolta solo dopo la barra spaziatrice (o Invio) o la parola domino",
    "voci": "elenca le voci italiane del sistema",
    "--voce": "la voce del sistema da usare (il nome, o una sua parte); resta salvata",
    "--lettore-schermo": "parla attraverso il lettore di schermo (resta salvato)",
}


def bad_seconds(text: str, low: float, high: float) -> str:
    # Quoted as the other option errors are («abc»), never Python's repr ('abc'); the numbers
    # as they are typed on the command line (0.3).
    return f"«{text}» non va bene: servono dei secondi tra {low:g} e {high:g}"


# --- the voices command and "che voci ci sono" --------------------------------------------


# A system voice named by its language in English (eSpeak's "Italian", Windows' "... - Italian
# (Italy)"): those words said in Italian. The system's name still chooses it (--voce).
_VOICE_NAME_WORDS = {"italian": "italiano", "italy": "Italia", "switzerland": "Svizzera"}


def voice_label(name: str) -> str:
    """A system voice's name as the player hears it: eSpeak's "Italian" is "italiana standard"."""
    if name.strip().casefold() == "italian":
        return "italiana standard"
    return re.sub(
        r"[A-Za-z]+", lambda word: _VOICE_NAME_WORDS.get(word[0].casefold(), word[0]), name
    )


def voices_spoken(italian: Sequence[str], in_use: str | None) -> str:
    """ "che voci ci sono", answered by ear: numbered, so "usa la voce due" can choose."""
    if not italian:
        return "Non ho trovato voci italiane nel sistema."
    listed = "; ".join(
        f"{cardinal(n)}, {voice_label(name)}" for n, name in enumerate(italian, start=1)
    )
    text = f"Voci italiane: {listed}."
    if in_use:
        text += f" In uso: {voice_label(in_use)}."
    return text + " Per cambiare: usa la voce e il numero."


def voice_chosen(name: str) -> str:
    return f"Da ora parlo con la voce {voice_label(name)}."


def no_such_voice(number: int, count: int) -> str:
    if count == 0:
        return "Non ho trovato voci italiane da scegliere."
    if count == 1:
        return f"Non c'è una voce {cardinal(number)}: c'è una sola voce italiana."
    return f"Non c'è una voce {cardinal(number)}: le voci italiane sono {cardinal(count)}."


def voice_not_changed(name: str) -> str:
    """The game's voice speaks, but the system would not give the voice chosen."""
    return f"Non riesco a usare la voce {voice_label(name)}: continuo con quella di adesso."


def voices_unavailable() -> str:
    return "La sintesi vocale del sistema non risponde: non posso elencare le voci."


def voices_report(
    italian: list[str], in_use: str | None, in_use_is_italian: bool, engine_works: bool = True
) -> list[str]:
    """Lines for `voicedomino voci`: the Italian voices, the one in use, how to choose."""
    if not engine_works:
        return ["La sintesi vocale del sistema non funziona: il gioco parlerà solo con il testo."]
    if not italian:
        lines = ["Non ho trovato voci italiane nel sistema."]
        if in_use:
            lines.append(f"Il gioco parlerà con la voce {_labelled(in_use)}.")
        lines.append("Installa una voce italiana dalle impostazioni di sintesi vocale del sistema.")
        return lines
    count = "una voce italiana" if len(italian) == 1 else f"{len(italian)} voci italiane"
    lines = [f"Ho trovato {count}:"]
    lines += [f"  {_labelled(name)}" + (" (in uso)" if name == in_use else "") for name in italian]
    if in_use and not in_use_is_italian:
        lines.append(f"In uso c'è la voce {_labelled(in_use)}, scelta da te.")
    lines.append(
        "Per sceglierne un'altra: voicedomino --voce NOME (resta salvata), "
        "oppure durante il gioco di' che voci ci sono, poi usa la voce e il numero."
    )
    return lines


def _labelled(name: str) -> str:
    """A voice for `voicedomino voci`: in Italian, with the name --voce takes when it differs."""
    label = voice_label(name)
    return label if label == name else f"{label} (nome di sistema: {name})"


def internal_error() -> str:
    return "Si è verificato un errore interno, la partita continua."


# --- saving that failed, and the data folder shared by two copies -------------------------

# Why a file could not be written or moved (keys from voicedomino.persistence.files), with
# what the player can do about it.
WRITE_FAILURES = {
    "disk_full": "il disco è pieno; libera un po' di spazio",
    "file_too_big": "il sistema non mi lascia scrivere un file così grande",
    "read_only": "la cartella dei dati è in sola lettura; controlla il disco o la chiavetta",
    "no_permission": "non ho il permesso di scrivere nella cartella dei dati",
    "not_a_folder": "al posto della cartella dei dati c'è un file; spostalo o rinominalo",
    "disk_error": "il disco ha dato un errore; controlla che sia collegato bene",
    # The writer makes the folder first: ENOENT means it could not be made (a parent that
    # takes no folders, a drive gone), not always that it was there before.
    "folder_gone": "la cartella dei dati non c'è e non riesco a crearla; controlla il disco",
    "unknown": "il sistema ha rifiutato la scrittura",
}


def write_failure(kind: str) -> str:
    return WRITE_FAILURES.get(kind, WRITE_FAILURES["unknown"])


def moves_count(n: int) -> str:
    return count(n, "mossa", "mosse")


def save_failed(kind: str, behind: int = 0) -> str:
    """A save that failed; *behind*: the player's moves the older save on disk lacks (0: there
    is no older save, the match would be lost)."""
    if behind:
        return (
            f"Non riesco a salvare la partita: {write_failure(kind)}. Si continua a giocare, "
            f"ma il salvataggio resta indietro di {moves_count(behind)}."
        )
    return (
        f"Non riesco a salvare la partita: {write_failure(kind)}. "
        "Si continua a giocare, ma se esci adesso la partita va persa."
    )


def confirm_quit_unsaved(kind: str, inputs: Inputs = WORDS, behind: int = 0) -> str:
    lost = (
        f"La prossima volta la riprenderai {moves_count(behind)} prima."
        if behind
        else "La partita andrà persa."
    )
    return (
        f"Non riesco a salvare la partita: {write_failure(kind)}. "
        f"Vuoi uscire lo stesso? {lost} {yes_or_no(inputs)}"
    )


def confirm_quit_without_saving(inputs: Inputs = WORDS) -> str:
    return f"Vuoi uscire? Questa partita non viene salvata. {yes_or_no(inputs)}"


def resume_declined_kept(kind: str) -> str:
    return (
        "Va bene, ma non sono riuscito a mettere da parte la partita salvata: "
        f"{write_failure(kind)}. È rimasta dov'era."
    )


def crashed(log_file: str | None) -> str:
    """The program stopped on an error of its own (a saved match stays saved)."""
    where = f" I dettagli per chi lo sistema sono nel file {log_file}." if log_file else ""
    return f"Il gioco si è fermato per un errore interno.{where}"


def saved_goodbye() -> str:
    return "Partita salvata. Arrivederci."


def saved_match_kept() -> str:
    """Leaving at the resume question: the saved match is neither resumed nor set aside."""
    return "La partita salvata resta com'è: la ritrovi la prossima volta."


# --- the model download, interrupted ------------------------------------------------------


def model_download_interrupted() -> str:
    return "Scaricamento interrotto. Nessun file parziale è rimasto."


# --- the command line: values out of range -----------------------------------------------


def pause_not_a_number(text: str) -> str:
    return f"la pausa deve essere un numero di secondi tra zero e dieci, non «{text}»"


def model_download_megabytes(megabytes: int) -> str:
    return f"Scaricati {cardinal(megabytes)} megabyte."


# --- words the speech model does not know ---------------------------------------------------

COMMAND_DESCRIPTIONS = {
    "play": "giocare una tessera",
    "number": "scegliere una tessera dicendo un numero",
    "side": "scegliere testa o coda",
    "draw": "pescare",
    "pass": "passare",
    "draw_or_pass": "pescare o passare",
    "hand": "sentire la tua mano",
    "playable": "sentire le tessere giocabili",
    "ends": "sentire le estremità",
    "line": "sentire la linea",
    "score": "sentire il punteggio",
    "hint": "chiedere un consiglio",
    "repeat": "far ripetere",
    "help": "chiedere aiuto",
    "new_game": "cominciare una nuova partita",
    "quit": "uscire",
    "yes": "rispondere sì",
    "no": "rispondere no",
    "start": "iniziare la partita",
    "set_target": "scegliere i punti della partita",
    "set_variant": "scegliere la variante",
    "set_players": "scegliere il numero di giocatori",
    "set_level": "scegliere il livello",
    "stop_speech": "interrompere la voce",
    "undo": "annullare una mossa",
    "agree": "dire va bene",
    "normal": "tornare ai messaggi normali",
    "rules": "sentire le regole",
    "since_my_turn": "sapere cosa è successo",
    "ask_number": "chiedere di un numero",
    "ask_player": "chiedere di un giocatore",
}


def words_unknown_to_model(
    words: Sequence[str], lost_entirely: Sequence[str], lost_partly: Sequence[str]
) -> str:
    """Said at start-up when the speech model lacks grammar words. The lists hold intent names;
    those without a description are summed up as "altri comandi"."""

    def described(names: Sequence[str]) -> str:
        known = [COMMAND_DESCRIPTIONS[name] for name in names if name in COMMAND_DESCRIPTIONS]
        if len(known) < len(names):
            known.append("altri comandi")
        return join_list(known)

    plural = len(words) > 1
    text = (
        f"Il modello vocale non conosce {'le parole' if plural else 'la parola'} "
        f"{join_list(list(words))}."
    )
    if lost_entirely:
        text += f" A voce non potrai {described(lost_entirely)}."
    if lost_partly:
        text += f" Alcune frasi per {described(lost_partly)} non funzioneranno."
    return text + " Questi comandi restano disponibili dalla tastiera."


# --- the microphone check ---------------------------------------------------------------------

MIC_LEVELS = {
    "good": "Il volume del microfono va bene.",
    "too_low": "Il volume del microfono è troppo basso: avvicinati o alza il volume di ingresso.",
    "too_high": (
        "Il volume del microfono è troppo alto, la voce si distorce: allontanati un poco o "
        "abbassa il volume di ingresso."
    ),
    "silent": "Dal microfono non arriva alcun suono: controlla che sia collegato e acceso.",
}


def mic_check_prompt() -> str:
    return "Prova del microfono. Di' un comando, per esempio: pesco."


NOISY_ROOM = (
    "C'è rumore di fondo: lo tolgo prima di ascoltarti, ma se puoi avvicinati al microfono o "
    "spegni la fonte del rumore."
)


def calibration_silence() -> str:
    return "Taratura della voce. Prima resta in silenzio per tre secondi."


def calibration_say(command: str) -> str:
    return f"Ora di': {command}."


CALIBRATION_SAVED = {
    "saved": "L'ho salvata per questo modello.",
    "newer": (
        "Non l'ho salvata: c'è già una taratura fatta da una versione più nuova del gioco, e "
        "non la sovrascrivo. Resta valida quella."
    ),
    "failed": "Non sono riuscito a salvarla.",
}
# What the calibration did with the lines that tell the player's commands from the room's
# sounds (speech/calibration.py, score_lines), by how it came about.
CALIBRATION_SCORE_LINES = {
    "set": (
        "Ho confrontato i suoni della stanza con la tua voce: ora eseguo da solo soltanto i "
        "comandi che sento ben più chiari di quei suoni, e ai suoni confusi come quelli della "
        "stanza rispondo al massimo con il segnale breve."
    ),
    "raised": (
        "La stanza era in silenzio: ho solo reso più prudente l'ascolto, perché la tua voce "
        "mi arriva molto chiara, così un rumore confuso non passa per un comando."
    ),
    "quiet_room": (
        "La stanza era in silenzio: per distinguere i tuoi comandi dai rumori tengo l'ascolto "
        "normale, che per la tua voce va bene."
    ),
    "few_commands": (
        "Ho capito troppo pochi comandi per regolare come distinguo la tua voce dai rumori: "
        "tengo l'ascolto normale."
    ),
    "room_like_voice": (
        "I suoni della stanza mi arrivavano chiari quasi come la tua voce: per distinguerli "
        "tengo l'ascolto normale. Se puoi, riprova con meno rumore intorno."
    ),
}


def calibration_result(
    heard: int, asked: int, line: float, saved: str, score_lines: str = "few_commands"
) -> str:
    lines = CALIBRATION_SCORE_LINES.get(score_lines, CALIBRATION_SCORE_LINES["few_commands"])
    kept = CALIBRATION_SAVED.get(saved, CALIBRATION_SAVED["failed"])
    return (
        f"Taratura finita: ho capito {cardinal(heard)} comandi su {cardinal(asked)}. "
        f"Agirò senza chiederti conferma da una sicurezza di {round(line * 100)} su cento. "
        f"{lines} {kept}"
    )


def mic_check_result(heard: str | None, level: str, noisy_room: bool = False) -> str:
    said = f"Ho sentito: {heard}." if heard else "Non ho riconosciuto nessun comando."
    noise = f" {NOISY_ROOM}" if noisy_room and level != "silent" else ""
    return f"{said} {MIC_LEVELS.get(level, MIC_LEVELS['good'])}{noise}"


def typed_while_stopped_dropped() -> str:
    """Typed while the game was stopped from outside (SIGSTOP): shown by the terminal, never
    heard by the game, so not carried out."""
    return "Quello che hai scritto mentre il gioco era fermo non è stato eseguito."
