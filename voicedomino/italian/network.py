"""What the network tables say in Italian: the server's refusals (also shown by the browser
page), the quick messages, and the lines the server prints for whoever starts it."""

from __future__ import annotations

from voicedomino.italian.numbers import cardinal

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
    "closed": "Il tavolo è chiuso ai nuovi arrivati.",
    "full": "Il tavolo è pieno: puoi entrare come spettatore.",
    "seat_taken": "Quel posto non è libero.",
    "not_host": "Solo chi ospita il tavolo può farlo.",
    "match_running": "La partita è in corso: si può fare quando è finita.",
    "not_a_computer": "Su quel posto non c'è un computer.",
    "seats_empty": "Ci sono posti vuoti: aggiungi un computer o aspetta gli amici.",
    "not_playing": "Adesso non si gioca: aspetta l'inizio della mano.",
    "round_not_over": "La mano non è ancora finita.",
    "not_at_table": "Non sei seduto a nessun tavolo.",
    "already_at_table": "Sei già a un tavolo: prima esci.",
    "spectator": "Chi guarda non può giocare.",
    "bad_settings": "Con queste impostazioni non si può fare un tavolo.",
    "too_many": "Troppi messaggi insieme: rallenta un poco.",
    "too_many_joins": "Troppi tentativi di entrare in un tavolo: aspetta un minuto.",
    "too_many_connections": "Troppe connessioni da questo indirizzo.",
    "not_saved": "Il server non è riuscito a salvare: non è cambiato nulla, riprova.",
    "busy": "Il tavolo è occupato in questo momento: riprova.",
    "server_full": "Il server ha troppi tavoli aperti: riprova più tardi.",
    "internal": "Errore interno del server: non è cambiato nulla.",
}


def code_words(code: str) -> str:
    """A table code said digit by digit: "quattro sette due uno"."""
    return " ".join(cardinal(int(digit)) for digit in code if digit.isdigit())


def no_table(code: str) -> str:
    return f"Non c'è nessun tavolo con il codice {code_words(code)}."


def not_your_turn(name: str) -> str:
    return f"Non è il tuo turno: tocca a {name}."


def error_text(code: str) -> str:
    """The sentence for a refusal *code* (docs/protocol.md lists them)."""
    return _ERRORS.get(code, _ERRORS["internal"])


def error_codes() -> tuple[str, ...]:
    return tuple(_ERRORS)


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


def server_cannot_listen(address: str, reason: str) -> str:
    return f"Non riesco ad ascoltare su {address}: {reason}."


def server_tls_problem(reason: str) -> str:
    return f"Il certificato o la chiave TLS non vanno: {reason}."


def server_store_problem(reason: str) -> str:
    return f"Non riesco ad aprire i tavoli salvati: {reason}."


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
}


def bad_port(text: str) -> str:
    return f"{text!r} non va bene: la porta è un numero da 0 (una libera) a 65535"


def server_tls_pair() -> str:
    return "Per il TLS servono tutti e due: --tls-cert e --tls-key."
