"""Everything the game says, in Italian: the only place output wording lives.

Functions take plain facts (numbers, tiles, names) and return short sentences meant to be
heard: numbers as words, no symbols, one idea per sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from voicedomino.engine import Reason, Side, Tile
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
LEVEL_NAMES = {"facile": "facile", "medio": "medio", "difficile": "difficile"}
ORDINALS = ("primo", "secondo", "terzo", "quarto")
SIDE_WORDS = {Side.HEAD: "testa", Side.TAIL: "coda"}

# --- pieces -------------------------------------------------------------------------------


def seat_name(seat: int) -> str:
    return "tu" if seat == 0 else COMPUTER_NAMES[seat - 1]


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


# --- start and menu ---------------------------------------------------------------------


def welcome() -> str:
    return "Benvenuto a VoceDomino."


def table_summary(variant: str, seats: int, pairs: bool, level: str, target: int) -> str:
    players = "a coppie, in quattro" if pairs else f"{cardinal(seats)} giocatori"
    goal = "una sola mano" if target == 0 else f"a {cardinal(target)} punti"
    return f"Variante {VARIANT_NAMES[variant]}, {players}, livello {level}, {goal}."


def menu_prompt() -> str:
    return (
        "Di' inizia per giocare, oppure cambia variante, giocatori o livello. Aiuto per i comandi."
    )


def menu_help() -> str:
    return (
        "Puoi dire: inizia. Una variante: classica, blocco, pesca, jolly, capra, coppie. "
        "Il numero di giocatori, per esempio tre giocatori. A coppie. "
        "Il livello: facile, medio o difficile. L'obiettivo, per esempio a cento punti. "
        "Con jolly o senza jolly. Impostazioni, per sentire le scelte. Esci."
    )


def variant_set(variant: str) -> str:
    return f"Variante {VARIANT_NAMES[variant]}."


def seats_not_allowed(variant: str, allowed: Sequence[int]) -> str:
    counts = join_list([cardinal(n) for n in allowed], "o")
    return f"La {VARIANT_NAMES[variant]} si gioca in {counts}."


def seats_set(seats: int) -> str:
    return f"{cardinal(seats).capitalize()} giocatori."


def pairs_set() -> str:
    return "Variante coppie, in quattro a coppie: la tua compagna è Giulia, di fronte a te."


def level_set(level: str) -> str:
    return f"Livello {level}."


def target_set(target: int) -> str:
    return f"Si gioca a {cardinal(target)} punti."


def wildcard_set(on: bool) -> str:
    return "Il bianco è jolly." if on else "Il bianco non è jolly."


def resume_offer() -> str:
    return "C'è una partita in corso: vuoi riprenderla? Sì o no."


def resumed() -> str:
    return "Partita ripresa."


def resume_declined() -> str:
    return "Va bene, la partita salvata è stata messa da parte."


# --- confirmations --------------------------------------------------------------------


def confirm_quit(in_game: bool) -> str:
    return "Vuoi uscire? La partita resta salvata. Sì o no." if in_game else "Vuoi uscire? Sì o no."


def confirm_new_game() -> str:
    return "Vuoi lasciare questa partita e cominciarne una nuova? Sì o no."


def confirm_yes_no() -> str:
    return "Rispondi sì o no."


def cancelled() -> str:
    return "Va bene, continuiamo."


def goodbye() -> str:
    return "Arrivederci."


# --- round flow -------------------------------------------------------------------------


def round_started(round_number: int, leader: int, lead_tile: Tile | None, redeals: int) -> str:
    parts = [f"Mano {cardinal(round_number)}."]
    if redeals:
        parts.append("Nessuno aveva un doppio: tessere rimescolate.")
    if leader == 0:
        parts.append(
            f"Inizi tu, con {tile(lead_tile)}."
            if lead_tile
            else "Inizi tu, con la tessera che vuoi."
        )
    else:
        how = f"con {tile(lead_tile)}" if lead_tile else "con una tessera a scelta"
        parts.append(f"Inizia {seat_name(leader)}, {how}.")
    return " ".join(parts)


def your_hand_size(n: int) -> str:
    return f"Hai {tiles_count(n)}."


def you_played(t: Tile, side: Side, lead: bool) -> str:
    return f"Hai giocato {tile(t)}." if lead else f"Hai giocato {tile(t)} in {side_word(side)}."


def other_played(seat: int, t: Tile, side: Side, lead: bool) -> str:
    where = "" if lead else f" in {side_word(side)}"
    return f"{seat_name(seat)} gioca {tile(t)}{where}."


def ends(head: int, tail: int) -> str:
    if head == tail:
        return f"Testa e coda: {pip_word(head)}."
    return f"Testa {pip_word(head)}, coda {pip_word(tail)}."


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


def nothing_to_play(can_draw: bool) -> str:
    return (
        "Non hai tessere da giocare: pesca." if can_draw else "Non hai tessere da giocare: passa."
    )


def only_one_play(t: Tile) -> str:
    return f"Puoi giocare solo {tile(t)}."


# --- end of round and match -------------------------------------------------------------


def round_domino(out_seat: int) -> str:
    return (
        "Domino! Hai finito le tessere."
        if out_seat == 0
        else f"{seat_name(out_seat)} ha finito le tessere."
    )


def round_blocked() -> str:
    return "Partita bloccata: nessuno può giocare."


def penalties(values: Sequence[int]) -> str:
    parts = []
    for seat, value in enumerate(values):
        who = "Tu hai" if seat == 0 else f"{seat_name(seat)} ha"
        parts.append(f"{who} {points(value)} in mano")
    return join_list(parts) + "."


# Verb forms for "you", "you two", "they" and a named player.
_CONJUGATION = {
    "tu": ("Vinci", "prendi", "Hai vinto"),
    "voi": ("Vincete", "prendete", "Avete vinto"),
    "loro": ("Vincono", "prendono", "Hanno vinto"),
}


def _forms(label: str) -> tuple[str, str, str]:
    return _CONJUGATION.get(label, ("Vince", "prende", "Ha vinto"))


def round_winner(label: str, gained: int) -> str:
    win, take, _ = _forms(label)
    text = f"{win} {label} la mano"
    return f"{text} e {take} {points(gained)}." if gained else f"{text}."


def round_draw() -> str:
    return "Pareggio: nessuno prende punti."


def capra_round(clean_seat: int) -> str:
    who = "Tu non prendi" if clean_seat == 0 else f"{seat_name(clean_seat)} non prende"
    return f"{who} punti; gli altri aggiungono i punti che hanno in mano."


def scores(labels: Sequence[str], values: Sequence[int], target: int, lower_wins: bool) -> str:
    parts = [f"{label} {cardinal(value)}" for label, value in zip(labels, values, strict=True)]
    text = "Punteggio: " + ", ".join(parts) + "."
    if target:
        text += (
            f" Perde chi arriva a {cardinal(target)}."
            if lower_wins
            else f" Si gioca a {cardinal(target)}."
        )
    return text


def next_round_prompt() -> str:
    return "Di' continua per la prossima mano."


def match_won(label: str) -> str:
    return f"{_forms(label)[2]} {label} la partita!"


def ranking(labels: Sequence[str], values: Sequence[int]) -> str:
    pairs = zip(ORDINALS, labels, values, strict=False)
    parts = [f"{place} {label} con {points(value)}" for place, label, value in pairs]
    return "Classifica: " + ", ".join(parts) + "."


def match_over_prompt() -> str:
    return "Di' nuova partita per giocare ancora, oppure esci."


# --- answers to questions ---------------------------------------------------------------


def end_value(side: Side, value: int | None) -> str:
    if value is None:
        return "Il tavolo è vuoto."
    return f"In {side_word(side)} c'è {number(value)}."


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
        parts.append(
            f"Con il {pip_word(high)}: {join_list([tile_phrase(t.high, t.low) for t in ts])}."
        )
    return " ".join(parts)


def playable(options: Sequence[tuple[Tile, Sequence[Side]]]) -> str:
    if not options:
        return "Non hai tessere da giocare."
    parts = []
    for t, sides in options:
        where = " o ".join(f"in {side_word(s)}" for s in sides)
        parts.append(f"{bare_tile(t)} {where}".rstrip())
    return "Puoi giocare: " + join_list(parts) + "."


def playable_with_number(n: int, tiles: Sequence[Tile]) -> str:
    if not tiles:
        return f"Non hai tessere giocabili con {number(n)}."
    return f"Con {number(n)} puoi giocare: {join_list([bare_tile(t) for t in tiles])}."


def hint_play(t: Tile, side: Side, lead: bool) -> str:
    return f"Ti consiglio {tile(t)}." if lead else f"Ti consiglio {tile(t)} in {side_word(side)}."


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


def turn_of(seat: int) -> str:
    return your_turn() if seat == 0 else f"Tocca a {seat_name(seat)}."


def no_moves_yet() -> str:
    return "Nessuna mossa ancora in questa mano."


def not_in_game() -> str:
    return "Non c'è una partita in corso. Di' inizia per giocare."


def round_is_over() -> str:
    return "La mano è finita."


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
) -> str:
    """One short sentence saying why an action was refused (``acting``: play, draw, pass)."""
    t = tile(tile_) if tile_ else "questa tessera"
    p = tile(playable_) if playable_ else ""
    if reason is Reason.NOT_YOUR_TURN:
        return f"Non è il tuo turno: tocca a {seat_name(expected_seat or 0)}."
    if reason is Reason.ROUND_OVER:
        return "La mano è finita: di' continua."
    if reason is Reason.MATCH_OVER:
        return "La partita è finita: di' nuova partita o esci."
    if reason is Reason.TILE_NOT_IN_HAND:
        return f"Non hai {t}."
    if reason is Reason.MUST_LEAD_WITH:
        return f"Devi iniziare con {t}."
    if reason is Reason.DOES_NOT_FIT:
        if head == tail:
            return f"{t.capitalize()} non si attacca: alle due estremità c'è {number(head or 0)}."
        at_head, at_tail = number(head or 0), number(tail or 0)
        return f"{t.capitalize()} non si attacca: in testa c'è {at_head}, in coda {at_tail}."
    if reason is Reason.DOES_NOT_FIT_SIDE:
        end = head if side is Side.HEAD else tail
        where = side_word(side) if side else "quella parte"
        return f"{t.capitalize()} non va in {where}: lì c'è {number(end or 0)}."
    if reason is Reason.SIDE_NEEDED:
        return ask_side()
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


def ask_side() -> str:
    return "In testa o in coda?"


def side_choice_cancelled() -> str:
    return "Va bene, scegli un'altra mossa."


# --- help and misunderstanding ------------------------------------------------------------


def not_understood(hint: str) -> str:
    return f"Non ho capito. {hint}"


def hint_menu() -> str:
    return "Prova: inizia, oppure aiuto."


def hint_playing() -> str:
    return "Prova: gioca tre cinque, pesca, passo, mano, oppure aiuto."


def hint_side() -> str:
    return "Di' testa o coda, oppure annulla."


def hint_round_over() -> str:
    return "Prova: continua, punteggio, oppure esci."


def hint_match_over() -> str:
    return "Prova: nuova partita, oppure esci."


def help_playing(can_draw: bool, drawable: bool) -> str:
    draw = "pesca, " if drawable else ""
    return (
        "Per giocare: gioca seguito dalla tessera, per esempio gioca tre cinque in testa. "
        f"Poi: {draw}passo. Domande: testa, coda, estremi, serpente, mano, cosa posso giocare, "
        "consiglio, pozzo, avversari, punteggio, di chi è il turno, ultima mossa. "
        "Voce: ripeti, precedente, più lento, più veloce, più forte, più piano, breve, "
        "dettagliato, basta. Partita: nuova partita, esci."
    )


def help_side() -> str:
    return "Di' testa o coda per scegliere dove mettere la tessera, oppure annulla."


def help_round_over() -> str:
    return "La mano è finita. Di' continua per la prossima, punteggio, nuova partita o esci."


def help_match_over() -> str:
    return "La partita è finita. Di' nuova partita per giocare ancora, punteggio, oppure esci."


def help_confirm() -> str:
    return "Rispondi sì o no."


def keyboard_help(shortcuts: Sequence[tuple[str, str]]) -> str:
    return "Tasti: " + "; ".join(f"{key}, {meaning}" for key, meaning in shortcuts) + "."


# --- key mode ---------------------------------------------------------------------------


def key_unknown() -> str:
    return "Questo tasto non fa nulla. Punto interrogativo per l'aiuto."


def key_line_prompt() -> str:
    return "Scrivi il comando e premi invio. Esc annulla."


def key_tile_typed(a: int, b: int) -> str:
    return f"{tile_phrase(a, b)}: invio per giocarla, t in testa, c in coda."


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


def brief() -> str:
    return "Messaggi brevi."


def detailed() -> str:
    return "Messaggi dettagliati."


def nothing_to_repeat() -> str:
    return "Non c'è niente da ripetere."


def history_start() -> str:
    return "Questo è il primo messaggio."


def history_end() -> str:
    return "Questo è l'ultimo messaggio."


# --- notices from the devices -------------------------------------------------------------

NOTICES = {
    "audio_unavailable": "Nessuna uscita audio: continuo solo con il testo.",
    "audio_lost": "L'uscita audio non risponde: continuo solo con il testo.",
    "audio_device_missing": "Il dispositivo audio scelto non c'è: uso quello predefinito.",
    "tts_unavailable": "La sintesi vocale non è disponibile: continuo con il testo e i suoni.",
    "tts_failed": "Un messaggio non è stato pronunciato: lo trovi scritto.",
    "cues_missing": "Alcuni suoni del gioco mancano: continuo senza quei suoni.",
    "microphone_unavailable": "Il microfono non risponde: continua con la tastiera.",
    "microphone_back": "Il microfono è di nuovo attivo.",
    "audio_input_error": "Non riesco a leggere l'audio in ingresso: continua con la tastiera.",
    "audio_format": "Il file audio non è in un formato che conosco: continua con la tastiera.",
    "listener_error": "Il riconoscimento vocale ha avuto un problema: continuo ad ascoltare.",
    "model_missing": (
        "Il modello vocale italiano non è installato: si gioca con la tastiera. "
        "Per installarlo: voicedomino scarica-modello."
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
    "settings_repaired": "Alcune impostazioni non erano valide: le ho corrette.",
    "settings_unreadable": "Non riesco a leggere le impostazioni: uso quelle predefinite.",
    "listening": "Ti ascolto.",
    "key_mode": (
        "Modalità tasti: frecce su e giù per la mano, invio per giocare, sinistra e destra "
        "per testa e coda, zeta per la prossima tessera giocabile, barra per scrivere un "
        "comando, punto interrogativo per l'aiuto."
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
}


def model_download_start(target: str) -> str:
    return f"Scarico il modello vocale italiano in {target}."


def model_download_progress(percent: int) -> str:
    return f"{cardinal(percent)} per cento."


def model_download_failed(key: str, detail: str) -> str:
    why = DOWNLOAD_FAILURES.get(key, key)
    return f"Modello non installato: {why}. Nessun file parziale è rimasto. Dettagli: {detail}"


def model_download_done(path: str) -> str:
    return f"Modello installato e verificato in {path}."


# --- the command line -------------------------------------------------------------------

COMMAND_LINE_HELP = {
    "description": "Domino in italiano, a voce e a orecchio.",
    "scarica-modello": "scarica e verifica il modello vocale italiano (Vosk)",
    "prova-voce": "prova il microfono: di' un comando e senti se il volume va bene",
    "--destinazione": "cartella dei modelli",
    "--url": "indirizzo dello zip del modello",
    "--se-manca": "non fare nulla se il modello c'è già",
    "--no-voice": "niente voce né suoni",
    "--tastiera": "niente microfono",
    "--model": "cartella del modello Vosk",
    "--audio-in": "file WAV da usare come microfono",
    "--veloce": "con --audio-in: leggi il file senza attese",
    "--variante": "variante iniziale",
    "--giocatori": "numero di giocatori",
    "--livello": "livello del computer",
    "--pausa": "secondi di pausa prima delle mosse altrui",
    "--seme": "seme delle mescolate (partite ripetibili)",
    "--senza-salvataggio": "non salvare né riprendere la partita",
    "--righe": "tastiera a righe anche in un terminale",
    "--cuffie": "con le cuffie: ascolta anche mentre il gioco parla (di' basta per interromperlo)",
    "--debug": "log dettagliato su stderr",
}


def internal_error() -> str:
    return "Si è verificato un errore interno, la partita continua."


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


def mic_check_result(heard: str | None, level: str) -> str:
    said = f"Ho sentito: {heard}." if heard else "Non ho riconosciuto nessun comando."
    return f"{said} {MIC_LEVELS.get(level, MIC_LEVELS['good'])}"
