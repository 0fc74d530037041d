"""What the network tables say in Italian: the server's refusals (also shown by the browser
page), the quick messages, and the lines the server prints for whoever starts it."""

from __future__ import annotations

import errno
import socket
import sqlite3
import ssl

from voicedomino.italian.messages import to_name
from voicedomino.italian.numbers import cardinal

QUICK_KEYS = {"f2": "bella_mossa", "f3": "grazie", "f4": "un_momento", "f5": "ciao"}
TABLE_KEY_HELP: tuple[tuple[str, str], ...] = (
    ("F2, F3, F4 e F5", "bella mossa, grazie, un momento e ciao, a tutto il tavolo"),
    ("i", "chi c'è al tavolo"),
    ("barra", "un messaggio scritto: barra, poi scrivi seguito dal testo"),
)
TABLE_LOBBY_KEY_HELP: tuple[tuple[str, str], ...] = (
    ("Invio", "fa iniziare la partita, se ospiti"),
    ("a", "aggiungi un computer"),
    ("d", "togli un computer"),
)
QUICK_TEXTS = {
    "bella_mossa": "Bella mossa!",
    "grazie": "Grazie!",
    "un_momento": "Un momento!",
    "ciao": "Ciao!",
}

_ERRORS = {
    "version": "Il server usa un'altra versione del gioco: aggiorna VoceDomino.",
    "hello_first": "Il primo messaggio deve essere il saluto con la versione.",
    "not_text": "Messaggio non valido: il server accetta solo testo.",
    "too_big": "Messaggio troppo lungo: il server lo ha ignorato.",
    "not_json": "Messaggio non valido: non è JSON.",
    "not_an_object": "Messaggio non valido: serve un oggetto JSON.",
    "bad_field": "Messaggio non valido: un campo ha un valore sbagliato.",
    "unknown_type": "Messaggio non valido: richiesta sconosciuta.",
    "bad_code": "Il codice di un tavolo è fatto di sole cifre.",
    "bad_name": "Serve un nome fatto di lettere o cifre.",
    "bad_token": "Quel posto non risulta più tuo: entra di nuovo al tavolo.",
    "no_table": "Il tavolo non c'è più: il server lo ha chiuso.",
    "illegal": "Questa mossa non si può fare adesso.",
    "closed": "Il tavolo è chiuso ai nuovi arrivati.",
    "full": "Il tavolo è pieno: puoi entrare come spettatore.",
    "seat_taken": "Quel posto non è libero.",
    "not_host": "Solo chi ospita il tavolo può farlo.",
    "match_running": "La partita è in corso: si può fare quando è finita.",
    "not_a_computer": "Su quel posto non c'è un computer.",
    "seats_empty": "Ci sono posti vuoti: aggiungi un computer o aspetta gli amici.",
    "not_playing": "Adesso non si gioca: aspetta l'inizio della mano.",
    "round_not_over": "La mano non è ancora finita.",
    "not_at_table": "Il server non ti ha a nessun tavolo.",
    "already_at_table": "Sei già a un tavolo: prima esci.",
    "spectator": "Chi guarda non può giocare.",
    "bad_settings": "Con queste impostazioni non si può fare un tavolo.",
    "too_many": "Troppi messaggi insieme: rallenta un poco.",
    "too_many_tables": "Troppi tavoli creati da qui in poco tempo: aspetta qualche minuto.",
    "too_many_joins": "Troppi tentativi di entrare in un tavolo: aspetta un minuto.",
    "too_many_connections": "Troppe connessioni da questo indirizzo in poco tempo.",
    "too_many_open": "Troppe connessioni aperte da questo indirizzo: chiudine qualcuna.",
    "not_saved": "Il server non è riuscito a salvare: non è cambiato nulla, riprova.",
    "busy": "Il tavolo è occupato in questo momento: riprova.",
    "server_full": "Il server ha troppi tavoli aperti: riprova più tardi.",
    "internal": "Errore interno del server: non è cambiato nulla.",
}


def page_not_found() -> str:
    """The server's answer to a browser asking for a page it does not have."""
    return "Pagina non trovata: la pagina del gioco è all'indirizzo del server, senza altro."


# What the server answers when the websocket library refuses a request it cannot take (by the
# HTTP status): its own English text never reaches a browser or a player's client.
HANDSHAKE_REFUSALS = {
    400: "Richiesta non valida: il gioco si apre dalla sua pagina, all'indirizzo del server.",
    403: "Accesso negato: questa pagina non può aprire il gioco.",
    405: "Richiesta non valida: il gioco si apre dalla sua pagina, all'indirizzo del server.",
    414: "Richiesta troppo lunga: il server non la legge.",
    426: (
        "Questo indirizzo è per il collegamento del gioco: apri la pagina del gioco, "
        "all'indirizzo del server, senza altro."
    ),
    431: "Richiesta troppo lunga: il server non la legge.",
    500: "Errore interno del server: i dettagli sono nel registro del server.",
    503: "Il server si sta fermando: riprova tra poco.",
}


def handshake_refused(status: int) -> str:
    """The server's answer, in Italian, to a connection the websocket library refused."""
    return HANDSHAKE_REFUSALS.get(status, "Collegamento rifiutato dal server.")


def code_words(code: str) -> str:
    """A table code said digit by digit: "quattro sette due uno"."""
    return " ".join(cardinal(int(digit)) for digit in code if digit.isdigit())


def no_table(code: str) -> str:
    return f"Non c'è nessun tavolo con il codice {code_words(code)}."


def not_your_turn(name: str) -> str:
    return f"Non è il tuo turno: tocca {to_name(name)}."


# Refusals for going too fast: with the seconds to wait, when the server says them.
_WAIT_ERRORS = {
    "too_many_tables": "Troppi tavoli creati da qui in poco tempo",
    "too_many_joins": "Troppi tentativi di entrare in un tavolo",
    "too_many_connections": "Troppe connessioni da questo indirizzo in poco tempo",
    "server_full": "Il server è al completo",
}


def error_text(code: str, retry_after: int | None = None) -> str:
    """The sentence for a refusal *code* (docs/protocol.md lists them); *retry_after*: the
    seconds the server asked to wait before trying again."""
    if retry_after is not None and code in _WAIT_ERRORS:
        return f"{_WAIT_ERRORS[code]}: {try_again_in(retry_after)}"
    return _ERRORS.get(code, _ERRORS["internal"])


def try_again_in(seconds: int) -> str:
    if seconds >= 120:
        return f"riprova tra {cardinal(round(seconds / 60))} minuti."
    return f"riprova tra {seconds_words(seconds)}."


def seconds_words(seconds: int) -> str:
    return "un secondo" if seconds == 1 else f"{cardinal(seconds)} secondi"


_CONNECTION_REFUSALS = ("too_many_open", "too_many_connections", "server_full")


def refusal_sentences(retry_after: int | None) -> frozenset[str]:
    """What a VoceDomino server may answer instead of taking a connection."""
    texts = {error_text(code) for code in _CONNECTION_REFUSALS}
    if retry_after is not None:
        texts |= {error_text(code, retry_after) for code in _CONNECTION_REFUSALS}
    return frozenset(texts)


def turned_away(status: int, retry_after: int | None, seated: bool, reason: str = "") -> str:
    """The server refused the connection itself (HTTP 429 or 503, *reason* its own words):
    said as it is, with the wait it asked for, and what the game does now. Any other answer
    is not a VoceDomino server's."""
    if status == 426:  # Upgrade Required: the server speaks another version of the protocol
        return error_text("version")
    if status not in (429, 503):
        return not_a_game_server(status)
    reason = reason.strip().rstrip(".")
    if reason:
        why = f"Il server non accetta la connessione: {reason[:1].lower()}{reason[1:]}"
    elif status == 503:
        why = "Il server è al completo in questo momento"
    else:
        why = "Il server rifiuta per ora altre connessioni da questo indirizzo: troppe richieste"
    if seated:
        when = "tra poco" if retry_after is None else f"tra {seconds_words(retry_after)}"
        return f"{why}. Il posto resta tuo: riprovo da solo {when}."
    if retry_after is None:
        return f"{why}. Riprova tra un po'."
    return f"{why}. {try_again_in(retry_after).capitalize()}"


def error_codes() -> tuple[str, ...]:
    return tuple(_ERRORS)


def unknown_refusal() -> str:
    """A refusal whose code this game does not know (a server of another version, or not
    VoceDomino's): what the server wrote is not repeated, it may be in any language."""
    return (
        "Il server ha rifiutato la richiesta per un motivo che questa versione del gioco "
        "non conosce."
    )


def unreadable_message() -> str:
    """The server sent something that is not what the protocol says."""
    return (
        "Il server ha mandato un messaggio che questo gioco non sa leggere: forse è di "
        "un'altra versione, o non è un server di VoceDomino. Quel messaggio è stato ignorato."
    )


def not_a_game_server(status: int) -> str:
    """The address answered, but not as a VoceDomino server does (a web page, another
    program; *status* 0: not even in HTTP, as a server wanting an encrypted connection
    answers a plain one): trying again would not help."""
    if status:
        what = f"un server che non è di VoceDomino (codice {status})"
    else:
        what = (
            "un programma che non parla come un server di VoceDomino, o che vuole una "
            "connessione cifrata (un indirizzo che comincia con wss://)"
        )
    return f"A quell'indirizzo risponde {what}: controlla l'indirizzo e la porta."


# --- what the server prints -------------------------------------------------------------------


def server_listening(address: str, secure: bool) -> str:
    scheme = "https" if secure else "http"
    return (
        f"Server di VoceDomino in ascolto su {address}. "
        f"Pagina per il browser: {scheme}://{address}/"
    )


def server_in_clear() -> str:
    return (
        "Attenzione: il server è aperto alla rete senza TLS. I nomi, i messaggi e le mosse "
        "viaggiano in chiaro: per giocare fuori casa usa --tls-cert e --tls-key."
    )


def server_restored(count: int) -> str:
    if count == 1:
        return "Ripreso un tavolo dal salvataggio."
    if count == 0:
        return "Nessun tavolo aperto."
    return f"Ripresi {cardinal(count)} tavoli dal salvataggio."


def server_folder_in_use(folder: str) -> str:
    return f"Un altro server usa già la cartella {folder}: ne basta uno."


# Why the system refused, in words for whoever starts the server: the system's own text is
# English (and the library's even more so), so it goes only to the log.
_SQLITE_REASONS = {
    sqlite3.SQLITE_FULL: "il disco è pieno",
    sqlite3.SQLITE_NOTADB: "il file dei tavoli non è un database",
    sqlite3.SQLITE_CORRUPT: "il file dei tavoli è danneggiato",
    sqlite3.SQLITE_CANTOPEN: "non riesco ad aprire il file dei tavoli",
    sqlite3.SQLITE_READONLY: "il file dei tavoli è in sola lettura",
    sqlite3.SQLITE_PERM: "non ho il permesso",
    sqlite3.SQLITE_IOERR: "il disco non ha letto o scritto il file dei tavoli",
}
_SYSTEM_REASONS = {
    errno.ENOENT: "il file o la cartella non esiste",
    errno.EACCES: "non ho il permesso",
    errno.EPERM: "non ho il permesso",
    errno.EADDRINUSE: "la porta è già in uso: forse c'è già un server acceso",
    errno.EADDRNOTAVAIL: "questo indirizzo non appartiene a questa macchina",
    errno.EEXIST: "al posto della cartella c'è un file",
    errno.ENOTDIR: "al posto della cartella c'è un file",
    errno.EISDIR: "al posto del file c'è una cartella",
    errno.ENOSPC: "il disco è pieno",
    errno.EROFS: "il disco è in sola lettura",
    errno.ECONNREFUSED: "a quell'indirizzo non risponde nessuno",
    errno.ETIMEDOUT: "a quell'indirizzo non risponde nessuno in tempo",
    errno.EHOSTUNREACH: "quella macchina non si raggiunge",
    errno.ENETUNREACH: "la rete non raggiunge quell'indirizzo",
}


def system_reason(error: BaseException) -> str:
    """Why *error* happened, in Italian, looking through the exceptions it was raised from."""
    from_redis = False
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, socket.gaierror):
            return "non conosco questo nome o indirizzo"
        if isinstance(seen, ssl.SSLError):
            return "non sono file PEM validi, o la chiave non è quella del certificato"
        if isinstance(seen, OSError) and seen.errno in _SYSTEM_REASONS:
            return _SYSTEM_REASONS[seen.errno]
        if isinstance(seen, sqlite3.Error):  # the tables' database: its own error codes
            reason = _SQLITE_REASONS.get(getattr(seen, "sqlite_errorcode", 0) & 0xFF)
            if reason is not None:
                return reason
        from_redis = from_redis or type(seen).__module__.startswith("redis")
        seen = seen.__cause__ or seen.__context__
    if from_redis:  # the store wraps redis-py's errors: its class says where, not its English
        return "il server Redis non risponde o ha rifiutato la richiesta"
    return "il sistema ha dato un errore; i dettagli sono nel registro del server"


def server_cannot_listen(address: str, error: BaseException) -> str:
    reason = system_reason(error)
    if isinstance(error, OSError) and error.errno in (errno.EACCES, errno.EPERM):
        reason += ": le porte sotto la 1024 sono riservate all'amministratore"
    return f"Non riesco ad ascoltare su {address}: {reason}."


def server_tls_problem(error: BaseException) -> str:
    return f"Il certificato o la chiave TLS non vanno: {system_reason(error)}."


def server_tls_not_a_file(path: str) -> str:
    return (
        f"Il certificato o la chiave TLS non vanno: {path} non è un file (è una FIFO, un "
        "dispositivo o una cartella)."
    )


def server_store_problem(error: BaseException) -> str:
    return f"Non riesco ad aprire i tavoli salvati: {system_reason(error)}."


def server_store_not_a_file(path: str) -> str:
    return (
        f"Non riesco ad aprire i tavoli salvati: al posto del file {path} c'è qualcosa che non "
        "è un file (una FIFO, un dispositivo o una cartella). Spostalo o scegli un'altra "
        "cartella con --cartella."
    )


def server_stopped() -> str:
    return "Server fermato. I tavoli sono salvati."


SERVER_HELP = {
    "server": "ospita tavoli in rete: amici al computer, con il gioco o con il browser",
    "--porta": "la porta su cui ascoltare (normalmente 8765)",
    "--indirizzo": "l'indirizzo su cui ascoltare (normalmente 127.0.0.1, solo questo computer; "
    "0.0.0.0 per la rete)",
    "--cartella": "la cartella dei tavoli salvati (normalmente quella dei dati del gioco)",
    "--tls-cert": "certificato TLS (con --tls-key): i dati viaggiano cifrati",
    "--tls-key": "chiave del certificato TLS",
    "--redis": "indirizzo di un server Redis per dividere i tavoli tra più processi "
    "(redis://127.0.0.1:6379/0)",
    "--pausa-computer": "secondi di attesa prima di ogni mossa di un computer (da 0 a 10)",
    "--connessioni-per-indirizzo": "connessioni aperte al massimo da un solo indirizzo",
    "--nuove-connessioni-al-secondo": "nuove connessioni al secondo da un solo indirizzo",
    "--tavoli-al-minuto": "tavoli nuovi al minuto da un solo indirizzo (dopo i primi dieci)",
    "--processi-computer": "processi che calcolano le mosse del livello difficile "
    "(normalmente uno meno dei processori, almeno uno)",
    "--scadenza-processo": "con --redis: secondi senza notizie da un processo prima che i suoi "
    "giocatori siano dati per disconnessi (da 1 a 60, normalmente 6)",
    "--server": "il server dei tavoli in rete (indirizzo:porta; più indirizzi separati da virgole)",
    "--tavolo": "il codice del tavolo in rete a cui sedersi subito",
    "--nome": "il tuo nome al tavolo in rete",
}


def bad_code(text: str) -> str:
    return f"{text!r} non va bene: il codice di un tavolo è fatto di cifre"


def bad_per_minute(text: str) -> str:
    return f"{text!r} non va bene: serve un numero al minuto, da 0,1 a un milione"


def bad_workers(text: str) -> str:
    return f"{text!r} non va bene: i processi per i computer sono da 1 a 16"


def bad_port(text: str) -> str:
    return f"{text!r} non va bene: la porta è un numero da 0 (una libera) a 65535"


def server_tls_pair() -> str:
    return "Per il TLS servono tutti e due: --tls-cert e --tls-key."


# --- what the player hears at a network table ---------------------------------------------------


def table_created(code: str) -> str:
    return (
        f"Tavolo creato. Il codice è {code_words(code)}: dallo ai tuoi amici. "
        "Di' aggiungi un computer per un avversario del computer, inizia per cominciare."
    )


def table_joined(code: str, seat: int | None, host: str | None) -> str:
    where = "guardi la partita" if seat is None else f"sei al {_place(seat)} posto"
    by = f", ospita {host}" if host else ""
    return f"Sei al tavolo {code_words(code)}{by}: {where}."


def seated_late(code: str, seat: int | None, host: str | None) -> str:
    """A slow server answered a create or join after the player was told it was slow."""
    return f"Il server ha risposto. {table_joined(code, seat, host)}"


def seat_taken_back(code: str) -> str:
    """The game had ended without leaving the table; started again, it took the seat back."""
    return f"Di nuovo al tuo posto al tavolo {code_words(code)}: ti ha aspettato."


def table_back(code: str) -> str:
    return f"Di nuovo al tavolo {code_words(code)}."


def while_away() -> str:
    return "Mentre eri via:"


def nothing_while_away() -> str:
    return "Mentre eri via non è successo niente."


def link_lost() -> str:
    return "Connessione al server persa: il posto resta tuo, riprovo da solo."


def link_trying(attempt: int) -> str:
    return f"Ancora nessuna risposta dal server: tentativo {cardinal(attempt)}."


def seat_taken_elsewhere() -> str:
    return (
        "Il tuo posto al tavolo è passato a un'altra finestra o a un altro computer: "
        "qui il gioco al tavolo si ferma."
    )


def lost_before_the_answer(seated: bool) -> str:
    """The connection dropped while a request waited: whether it was carried out is not
    known here."""
    if seated:
        return (
            "La connessione al server è caduta prima della risposta: non so se la richiesta "
            "è arrivata. Il posto resta tuo: mi ricollego da solo e ti dico cosa è successo."
        )
    return (
        "La connessione al server è caduta prima della risposta: non so se la richiesta è "
        "arrivata. Riprova tra poco."
    )


def no_answer_yet() -> str:
    """Connected, but the server is slow: the request may still be carried out."""
    return (
        "Il server è lento e non ha ancora risposto: non ripetere il comando, "
        "appena risponde ti dico com'è andata."
    )


def not_connected() -> str:
    return "Il server non risponde: riprovo da solo. Ripeti il comando tra poco."


def cannot_reach(address: str) -> str:
    return (
        f"Non riesco a raggiungere il server {address}: controlla l'indirizzo e che il server "
        "sia acceso, poi riprova."
    )


def server_silent(address: str) -> str:
    """The address took the connection and then said nothing (no greeting, not even HTTP)."""
    return (
        f"All'indirizzo {address} qualcosa accetta la connessione ma non risponde: forse il "
        "server è bloccato, o non è un server VoceDomino. Riprova più tardi o controlla "
        "l'indirizzo."
    )


def connecting(address: str) -> str:
    return f"Mi collego al server {address}."


# Read back before a request said by voice is carried out (the voice gate waits, or asks "sì").
def readback_play_online() -> str:
    return "Gioco in rete."


def readback_create_table(turn_timer: int | None) -> str:
    if turn_timer is None:
        return "Creo un tavolo."
    return f"Creo un tavolo con {cardinal(turn_timer)} secondi per mossa."


def readback_join_table(code: str, spectator: bool) -> str:
    if spectator:
        return f"Guardo il tavolo {code_words(code)}."
    return f"Entro al tavolo {code_words(code)}."


def readback_add_computer(level: str | None) -> str:
    return "Aggiungo un computer." if level is None else f"Aggiungo un computer {level}."


def readback_remove_computer(seat: int | None) -> str:
    if seat is None:
        return "Tolgo un computer."
    return f"Tolgo il computer al posto {cardinal(seat + 1)}."


def readback_quick_message(key: str) -> str:
    return f"Dico a tutti: {QUICK_TEXTS[key]}"


def readback_leave_table() -> str:
    return "Lascio il tavolo."


def readback_close_table(closed: bool) -> str:
    return "Chiudo il tavolo ai nuovi arrivati." if closed else "Riapro il tavolo."


def courtesy(key: str) -> str:
    """A quick message said to the game itself, off a network table."""
    return {"grazie": "Prego.", "bella_mossa": "Grazie."}.get(key, QUICK_TEXTS[key])


def no_undo_at_table() -> str:
    return "A un tavolo in rete una mossa fatta non si riprende."


def not_at_a_table() -> str:
    return "Non sei a un tavolo in rete: di' crea un tavolo, oppure entra al tavolo e il codice."


def say_the_code() -> str:
    return "Dimmi il codice del tavolo, una cifra alla volta, poi di' fatto."


def code_so_far(digits: str) -> str:
    return f"Codice: {code_words(digits)}."


def no_hand_watching() -> str:
    """A spectator asks about their own hand, what they can play or a hint."""
    return "Non hai tessere in mano: stai guardando la partita, chi guarda non gioca."


def watching() -> str:
    return (
        "Stai guardando la partita: chi guarda non gioca. Puoi chiedere chi c'è al tavolo, "
        "testa, coda, serpente, punteggio, o uscire dal tavolo."
    )


def waiting_to_start(host: bool) -> str:
    if host:
        return "Quando volete, di' inizia: i posti vuoti vanno ai computer."
    return "Aspettiamo che chi ospita faccia iniziare la partita."


def who_is_there(people: list[str], spectators: list[str]) -> str:
    text = "Al tavolo: " + "; ".join(people) + "."
    if spectators:
        text += " Guardano: " + ", ".join(spectators) + "."
    return text


def seat_line(place: int, name: str, kind: str, level: str | None, you: bool,
              connected: bool | None, host: bool) -> str:  # fmt: skip
    parts = [f"{_place(place)} posto"]
    if kind == "empty":
        parts.append("libero")
    else:
        parts.append("tu" if you else name)
        if kind == "computer":
            parts.append(f"computer {level}")
        if host:
            parts.append("ospita")
        if connected is False:
            parts.append("senza connessione")
    return ", ".join(parts)


def _place(seat: int) -> str:
    return ("primo", "secondo", "terzo", "quarto", "quinto", "sesto")[seat] if seat < 6 else "altro"


def player_joined(name: str, took_over: str | None) -> str:
    if took_over:
        return f"{name} arriva e prende il posto di {took_over}."
    return f"{name} entra al tavolo."  # people's names: said without a gender


def player_left(name: str, replaced_by: str | None) -> str:
    if replaced_by:
        return f"{name} ha lasciato il tavolo: al suo posto gioca {replaced_by}."
    return f"{name} ha lasciato il tavolo."


def spectator_joined(name: str) -> str:
    return f"{name} guarda la partita."


def spectator_left(name: str) -> str:
    return f"{name} non guarda più."


def connection_changed(name: str, connected: bool) -> str:
    if connected:
        return f"{name} è di nuovo al tavolo."
    return f"{name} ha perso la connessione: il posto resta suo."


def stand_in(name: str, on: bool, you: bool) -> str:
    if you:
        return "Eri assente: ha giocato il computer per te." if on else "Riprendi a giocare tu."
    if on:
        return f"{name} è assente: gioca il computer al suo posto."
    return f"{name} riprende a giocare."


def computer_added(name: str, level: str) -> str:
    return f"Si siede il computer {name}, livello {level}."


def computer_removed(name: str) -> str:
    return f"Il computer {name} lascia il tavolo."


def seat_changed(name: str, seat: int) -> str:
    return f"{name} passa al {_place(seat)} posto."


def host_changed(name: str, you: bool) -> str:
    return "Adesso ospiti tu il tavolo." if you else f"Adesso ospita il tavolo {name}."


def table_closed(closed: bool) -> str:
    return "Il tavolo è chiuso ai nuovi arrivati." if closed else "Il tavolo è di nuovo aperto."


def match_started(number: int, names: list[str]) -> str:
    which = "la partita" if number == 1 else f"la partita numero {cardinal(number)}"
    return f"Comincia {which}. Al tavolo, in ordine: {', '.join(names)}."


def player_ready(name: str) -> str:
    return f"{name} aspetta la prossima mano."


def timer_warning(name: str, seconds: int, you: bool) -> str:
    if you:
        return f"Restano {cardinal(seconds)} secondi per la tua mossa."
    to = to_name(name)
    return f"{to[:1].upper()}{to[1:]} restano {cardinal(seconds)} secondi."


def timed_out(name: str, you: bool) -> str:
    if you:
        return "Tempo scaduto: il computer ha giocato per te."
    return f"Tempo scaduto per {name}: gioca il computer."


def chat_line(name: str, text: str, spectator: bool) -> str:
    return f"{name}{' (guarda)' if spectator else ''} dice: {text}"


def chat_sent() -> str:
    return "Messaggio inviato."


def left_table(code: str, computer_plays_on: bool = False) -> str:
    on = ": la tua mano la gioca un computer" if computer_plays_on else ""
    return f"Hai lasciato il tavolo {code_words(code)}{on}."


def confirm_quit_at_table(code: str, computer_plays_on: bool, yes_or_no: str) -> str:
    """Quitting the game while seated at a network table: the seat cannot be taken back once
    the game is closed, so the player leaves the table too (the others do not wait for a seat
    nobody can come back to)."""
    then = ": la tua mano la gioca un computer" if computer_plays_on else ""
    return f"Vuoi uscire dal gioco? Lasci anche il tavolo {code_words(code)}{then}. {yes_or_no}"


def no_new_game_at_table() -> str:
    return (
        "A un tavolo in rete la partita non si ricomincia: si gioca fino alla fine. "
        "Per andartene di' esci dal tavolo."
    )


def left_unreachable(code: str) -> str:
    """Leaving a table while its server does not answer: the player is off it here, and is
    told what the others will find."""
    return (
        f"Il server non risponde: lascio il tavolo {code_words(code)} senza poterlo dire agli "
        "altri. Per loro il tuo posto resta vuoto."
    )


def seat_gone(code: str, reason: str) -> str:
    """The server no longer has the table the player sat at (*reason* no_table: deleted, or
    lost with a restart of the server) or their seat at it (bad_token)."""
    table = f"tavolo {code_words(code)}"
    if reason == "bad_token":
        return (
            f"Il server non ti ha più al {table}: il tuo posto non c'è più. "
            "Per tornarci, entra di nuovo al tavolo con il suo codice."
        )
    return (
        f"Il {table} non c'è più sul server: è stato chiuso, oppure il server è stato "
        "riavviato senza i suoi tavoli. Il tuo posto lì non c'è più."
    )


def everyone_left() -> str:
    return "Tutti i giocatori hanno lasciato il tavolo: il tavolo non c'è più."


def back_in_the_menu() -> str:
    return "Sei di nuovo nel menu."


def ready_waiting() -> str:
    return "Bene: la mano comincia quando tutti hanno detto continua."


def nobody_called(name: str) -> str:
    return f"Al tavolo nessuno si chiama {name}."


# --- help at a network table -------------------------------------------------------------------

QUICK_BY_VOICE = "bella mossa, grazie, un momento, ciao"


def help_at_table(hosting: bool, watching: bool, in_match: bool, keys: bool) -> str:
    """What works at a network table, by voice and typed (and by key in key mode). The
    recogniser knows only the game's words: a free message cannot be dictated, it is typed;
    the quick messages are said."""
    parts = ["Al tavolo in rete puoi dire: chi c'è al tavolo, esci dal tavolo."]
    if hosting and not in_match and not watching:
        parts.append(
            "Tu ospiti: aggiungi un computer, anche facile, medio o difficile; togli un "
            "computer; chiudi il tavolo, o riapri il tavolo; inizia, e i posti vuoti vanno ai "
            "computer."
        )
    parts.append(
        f"Per parlare a tutti, a voce: {QUICK_BY_VOICE}. Un messaggio libero non si può "
        "dettare, il riconoscimento conosce solo le parole del gioco: scrivilo su una riga "
        "che comincia con scrivi, oppure con il segno maggiore."
    )
    if keys:
        parts.append(
            "Con i tasti: F2 bella mossa, F3 grazie, F4 un momento, F5 ciao, i chi c'è al "
            "tavolo; barra, poi scrivi e il testo, per un messaggio libero."
        )
    return " ".join(parts)


def hint_at_table(hosting: bool, keys: bool) -> str:
    if keys:
        return "Prova: Invio per iniziare, i per chi c'è, oppure punto interrogativo."
    if hosting:
        return "Prova: inizia, aggiungi un computer, chi c'è al tavolo, oppure aiuto."
    return "Prova: chi c'è al tavolo, bella mossa, esci dal tavolo, oppure aiuto."
