"""How Italian players say things to the game: words to concepts, concepts to meanings.

This is the understanding side of the Italian input (`voicedomino.grammar.meaning` explains
the method); `phrases.py` holds the sentences the recogniser listens for, and a test checks
that every one of them is understood here to the meaning its template gives.

- `ENTRIES`: phrases (normalised words; template syntax without slots) and their concept.
  Synonyms and regional words are more phrases of one concept: "monte", "mucchio",
  "tallone" are all POOL. Articles, prepositions and pronouns are FUNCTION words, courtesy
  and hesitations FILLER: no frame is blocked by them. A phrase has one concept; where a
  word means two things ("pesca": draw, or the variant), the longer phrase decides ("la
  pesca", "a pesca" are the variant) or a frame allows both.
- `FRAMES`: which concepts make which meaning (the names are the template names of
  `phrases.INTENTS`), in any order, with the framing words ("voglio", "dimmi",
  "facciamo") each kind of meaning allows.
- `CLAUSE_WORDS`: question words, the words that open a remark ("tanto", "che"), negation.

A new word: a phrase in `ENTRIES` under the concept it means (the recogniser's word list
takes its words from here too). A new meaning: its template name in `phrases.INTENTS` and
the parser's builders, and a frame here.
"""

from __future__ import annotations

from voicedomino.engine import Side
from voicedomino.grammar.meaning import (
    FILLER,
    FUNCTION,
    ClauseWords,
    Entry,
    Frame,
    Kind,
    Together,
)
from voicedomino.italian.numbers import PIP_WORDS
from voicedomino.italian.phrases import PLAYER_COUNTS
from voicedomino.players import Level


def _any(*phrases: str) -> str:
    """Alternatives for one concept, written one phrase (or "a|b" group) per argument."""
    return "|".join(phrases)


# The set said by how many tiles it has ("quello da 55 tessere", "il set da ventotto pezzi").
_SET_BY_SIZE = (
    "[il|al|col] (set|domino|mazzo|gioco|quello|quelle|quelli)"
    " [(normale|classico|solito|piccolo|grande|grosso)] (da|di|con|coi)"
)
_SET_PIECES = "(tessere|pezzi|pedine|tasselli)"


# --- numbers and tiles -----------------------------------------------------------------------

# Plural and other names of the numbers, said when counting them or naming a tile.
_PIP_EXTRA: dict[int, tuple[str, ...]] = {0: ("bianchi", "vuoti"), 1: ("asso", "assi")}
# Regional names of a number, said alone or in a tile ("el doppio sie", Venetian).
_PIP_REGIONAL: dict[int, tuple[str, ...]] = {4: ("quatro",), 5: ("sinque",), 6: ("sie",)}
# "il sei-niente": the blank, in a tile, in some regions.
_TILE_ONLY: dict[int, tuple[str, ...]] = {0: ("niente",)}
# Numbers that are no pips: voice numbers ("la voce otto"). With the double-nine set (issue 21)
# every one of them is a pip, so none is left; kept for a voice list that grows past nine.
_CARDINALS = {
    n: word for n, word in {7: "sette", 8: "otto", 9: "nove"}.items() if n not in PIP_WORDS
}


def _pip_words(n: int) -> tuple[str, ...]:
    return (*PIP_WORDS[n], *_PIP_EXTRA.get(n, ()), *_PIP_REGIONAL.get(n, ()))


def _tile_entries() -> list[Entry]:
    """Tiles in spoken order: "tre cinque", "tre e cinque", "il tre col cinque", "doppio
    sei", "sei e sei" (a double is the same word twice, never "zero bianco")."""
    # "e el", "e u", "e lu": the article of the Venetian, Sicilian, Salentine ("er" is
    # read as "il")
    links: tuple[str, ...] = ("", "e ", "e il ", "e l ", "col ", "con il ", "con l ", "con ")
    links += ("e un ", "e o ", "e el ", "e u ", "e lu ")
    links += ("e col ", "e con il ", "e con ")  # "quello col due e col cinque"
    links += ("e del ", "e dell ")  # "quella del tre e dell'uno"
    singular = {
        n: (*PIP_WORDS[n], *(("asso",) if n == 1 else ()), *_PIP_REGIONAL.get(n, ()))
        for n in PIP_WORDS
    }
    entries: list[Entry] = []
    for a in sorted(PIP_WORDS):
        for b in sorted(PIP_WORDS):
            for first in singular[a]:
                for second in (*singular[b], *_TILE_ONLY.get(b, ())):
                    if a == b and first != second:
                        continue
                    phrases = _any(*(f"{first} {link}{second}" for link in links))
                    entries.append(Entry(phrases, "TILE", (a, b)))
        for word in _pip_words(a):
            entries.append(Entry(f"doppio {word}|{word} doppio|doppia {word}", "TILE", (a, a)))
    return entries


def _clitic_entries() -> list[Entry]:
    """The imperatives of playing with the pronoun joined ("mettila", "buttamelo")."""
    verbs = ("gioca", "metti", "butta", "attacca", "cala", "appoggia", "piazza", "posa")
    clitics = ("lo", "la", "li", "le", "ne", "mi", "melo", "mela", "celo", "cela")
    # the infinitive too: "sarebbe così gentile da metterci a coppie?"
    infinitives = ("giocar", "metter", "buttar", "attaccar", "calar", "appoggiar", "piazzar")
    joined = [verb + clitic for verb in verbs for clitic in clitics]
    joined += [verb + clitic for verb in infinitives for clitic in (*clitics, "ci")]
    return [Entry(_any(*joined), "PLAY")]


_HOW_MANY = "(mettine|mettane|ne metti|ne metta|fanne|ne faccia|ne voglio|ne vorrei|ne mettiamo)"


def _number_entries() -> list[Entry]:
    entries = [Entry(_any(*_pip_words(n)), "NUM", n) for n in sorted(PIP_WORDS)]
    # "mettine tre", "ne voglio quattro": how many players, not a tile
    entries += [Entry(f"{_HOW_MANY} ({'|'.join(_pip_words(n))})", "COUNT", n) for n in (2, 3, 4)]
    entries += [Entry(word, "CARD", n) for n, word in _CARDINALS.items()]
    return entries


# Score targets: their words, and the ways people split them.
_TARGETS = {
    50: "cinquanta",
    100: "cento|i cento",
    101: "centouno|centuno|cento e uno|cento uno|i centouno",
    121: "centoventuno|cento ventuno|cento e ventuno|i centoventuno",
    150: "centocinquanta|cento cinquanta|cento e cinquanta|i centocinquanta",
    200: "duecento|due cento|i duecento",
}
# Any number at all, as a blank that counts as a wildcard does ("vale qualsiasi numero").
_ANY_NUMBER = (
    "((qualsiasi|qualunque|ogni) numero|tutti i numeri|tutti li numeri|un numero qualsiasi)"
)
# The arm of a spinner a tile goes on, as named beside "above" or "below".
_ARM = "[sul|nel|al|dal] (braccio|ramo|lato|braccetto|ramo della croce|braccio della croce)"
_SEATS = {"marco": 1, "giulia": 2, "luca": 3}
# One level up or down said as a step ("scendi di un livello", "alza la difficoltà di uno").
_ONE_STEP = "(un|uno|nu) (livello|gradino)"
_BY_ONE = "(uno|un livello|un gradino)"
_THE_LEVEL = "(il livello|la difficolta|lu livello|u livello|el livello)"
_STEP_UP = "(sali|saliamo|vai su|andiamo su|alza|alziamo|aumenta|aumentiamo|porta su|tira su)"
_STEP_DOWN = (
    "(scendi|scendiamo|vai giu|andiamo giu|torna giu|cala|caliamo|abbassa|abbassiamo"
    "|diminuisci|riduci|porta giu|scala)"
)
# The same seats by their number, as a player who does not use the names says them ("il
# giocatore tre", "il secondo avversario"); the player's own seat has no number of its own.
_SEAT_ORDINALS = {1: "primo", 2: "secondo", 3: "terzo"}


def _seat_by_number(seat: int) -> str:
    said = _any(*_pip_words(seat))
    ordinal = _SEAT_ORDINALS[seat]
    return _any(
        f"[il|al|del] (giocatore|avversario) [numero] ({said})",
        f"[il|al|del] {ordinal} (giocatore|avversario)",
    )


# Turn timers of a network table, as said: "trenta secondi (per mossa)", "due minuti".
_TURN_TIMER_WORDS = {
    10: "dieci secondi",
    15: "quindici secondi",
    20: "venti secondi",
    30: "trenta secondi|mezzo minuto",
    40: "quaranta secondi",
    45: "quarantacinque secondi",
    60: "sessanta secondi|un minuto",
    90: "novanta secondi|un minuto e mezzo",
    120: "centoventi secondi|due minuti",
    180: "centottanta secondi|tre minuti",
}
TURN_TIMERS = tuple(_TURN_TIMER_WORDS)
# After a turn timer: the time is each player's ("un minuto a testa", where "testa" is no
# side of the line).
_EACH_PLAYER = "(a testa|a cranio)"


def _count_by_opponents(count: int) -> str:
    """The number of players said by the opponents against the player ("io e un computer",
    "contro due bot") or by who sits ("noi tre", "siamo in tre al tavolo")."""
    opponents = count - 1
    if opponents == 1:
        against = "(un|un solo|solo un) (computer|bot|avversario) [solo]"
    else:
        named = _any(*_pip_words(opponents))
        against = f"({named}) (computer|bot|avversari) [soli]"
    said = _any(*_pip_words(count))
    return _any(
        f"(io e|io contro|io con|contro|con|io piu) {against}",
        f"noi ({said})|siamo [in] ({said}) (al tavolo|in tutto)|({said}) in tutto",
    )


# --- words -----------------------------------------------------------------------------------

# Whom a helper at the table speaks for: "la nonna chiede...", "pesca per il nonno".
_FAMILY = (
    "(la nonna|il nonno|nonna|nonno|mia moglie|mio marito|mia madre|mio padre|la mamma|il papa"
    "|mamma|papa|mia figlia|mio figlio|mia nipote|mio nipote|mia sorella|mio fratello|lo zio"
    "|la zia|mia zia|mio zio|mia cugina|mio cugino)"
)

_FILLERS = _any(
    "per favore|per piacere|per cortesia|cortesemente|gentilmente",
    "ti prego|la prego|ecco|allora|beh|be|boh|mah|bah|oh|ohi|ehi|ehila|ue",
    "ueh|uela|ao|aho|senti|senta|sentite|ascolta|ascolti|vediamo|vediamo un po|insomma",
    "praticamente|diciamo|raga|ragazzi|zio|bro|frate|amico|amica|caro|cara|neh|va|pure",
    "un po|un poco|un pochino|un attimino|magari|forse|anche|soltanto|proprio|davvero",
    "stavolta|questa volta|sta volta|per ora|adesso|ora|mo|subito|intanto|quindi|dunque",
    "poi|gia|pls|plz|please|jamme|jammo|jamu|amuni|mbe|embe|invece|per caso",
    "secondo te|se puoi|se puo|se non ti dispiace|se non le dispiace|se possibile",
    "quando puoi|finalmente|oggi|stasera|forza|orsu|dai|daje|ma|tipo|su dai|dai su",
    "mi raccomando|una buona volta|sul serio|sai|guarda|guardi|solo|soli",
    "si vada|si andra",  # "e si vada fino a cento": as "si va", no voice ("vada piano")
    "allora vediamo|ecco qua|sempre|e basta|finora|fino ad ora|fino adesso|fin qui",
    "alla fine|infine|in fin dei conti|buongiorno|buonasera|salve|compare|comare",
    "ops|oops|ups|opla|x favore|x piacere|cmq|pero|varda|talia|accussi|scialla",
    "pota|ja|jamme ja|va la|iamme|jammo|iammo|vien qua|vieni qua|vien qui|signor|signora",
    "rega|sciur|bimbi|andemm|andemo|daje su|solamente|bon|in (questa|codesta|sta) situazione",
    "un filo|un filino|un tantino|un pelo|un pelino",
    "molto gentile|gentile|troppo gentile|sei gentile|e tutto|tutto qui",
    "nient altro|niente altro|per gentilezza|di grazia|se non disturbo|se posso|se permetti",
    "se permette|con permesso|permesso|e adesso|e ora|allora ecco|dunque vediamo",
    "sig|aspetta che|aspe che|un attimo che|aspetta un attimo che|se non sbaglio",
    "se non mi sbaglio|mi sembra|mi pare",
    # the manner named before what it is ("parla in modo normale", "alla maniera classica")
    "in modo|in maniera|alla maniera|nella maniera|abbia la compiacenza di",
    # a thing named by its name ("la variante chiamata jolly")
    "chiamata|chiamato|che si chiama",
    # "a caso deve essere": "essere" is read as "e" (lexicon.REGIONAL, the learner's infinitive)
    "deve e|dev e|ha da e",
    "attuale|attuali|corrente|correnti|totale|totali|in totale|complessivo|complessiva",
    "complessivamente|preciso|precisa|precisamente|di preciso|con precisione|principale",
    "principali|generale|generali|in generale|veramente|realmente|effettivamente|circa",
    "piu o meno|all incirca|al momento|in questo momento|per adesso|ora come ora",
    "attualmente|oramai|ormai|fino ad adesso|qui adesso",
    "a questo punto|in tutto|nel complesso|infatti|eccomi|ah|ahh|lo stesso",
    "in effetti",
    # thinking aloud before a move
    "aspetta che (guardo|vedo|controllo)|fammi controllare|vediamo un attimo",
    "uaglio|uaglioni|picciotti|belin|bona|ahoo|aoh",
    "bella (fra|zio|raga|bro|li)",
    "da parte mia|da parte nostra|poco|un pochettino",
    # the formal "lei"'s courtesy, a challenge to the opponent ("mi faccia vedere cosa sa fare")
    "(sarebbe|e|sia|sii|saresti|sareste) [cosi] (gentile|cortese) (da|di)|se e cosi gentile",
    "abbia la bonta di",
    "mi (farebbe|fa|faccia|fai|faresti) la cortesia di|se e possibile|se si puo|se vuoi|se vuole",
    "(fammi|mi faccia|facci|ci faccia|mi fai|fatemi) vedere cosa (sai|sa|sapete) fare",
    "vediamo cosa (sai|sa|sapete) fare",
    f"{_FAMILY} ha (scelto|deciso|impostato) tutto|da parte (del|della|di) {_FAMILY}",
    "come si fa da noi|come facciamo noi|come facevamo noi|come si usa da noi|come da noi",
    "figlio mio|figlia mia|bello mio|bella mia|giovanotto|signorina",
)
_FUNCTION = _any(
    "il|lo|la|i|gli|le|l|un|una|del|dello|della|dei|degli|delle|dell|al|allo|alla|ai",
    "agli|alle|all|dal|dallo|dalla|dagli|dalle|dall|nel|nello|nella|nei|negli|nelle",
    "nell|sul|sullo|sulla|sui|sugli|sulle|sull|col|coi|colla|con|per|di|d|a|ad|da|in",
    "su|tra|fra|e|ed|o|oppure|io|tu|lui|lei|noi|voi|loro|me|te|mi|ti|ci|vi|ne|ce|se",
    "mio|mia|miei|mie|tuo|tua|tuoi|tue|suo|sua|suoi|sue|nostro|nostra|nostri|nostre",
    "questo|questa|questi|queste|sto|sta|ste|sti|st|quel|quello|quella|quelli|quelle",
    "c|c e|ci sono|ci stanno|ce ne sono|sono|siamo|na|nu|el|ghe|lu|u|qui|qua|li|contro",
    "stiamo|stata|stato|e stata|e stato|sara|sarebbe|era|arrivati|arrivata|arrivato|piu",
    "anch|anch io|chisto|chesta|chisti|cheste|codesto|codesta|cca|lla|stamo|stamme",
    "cose|le cose|lunghezza|quella cosa|questa cosa|la cosa",
    "la storia (del|della|dei|delle)|la faccenda (del|della)|la questione (del|della)",
    "siano|fossero|vengano|xe|chillo|chella|chiddu|chidda|stu|sti|i|dame|n",
    "ncopp (o|a|al|alla|ai)|ncoppa (o|a|al|alla|ai)|ngopp|meje|meo|mije",
    "si trova|si trovano|trovo|abbia|ci sia|x|pe",
    "per noi|anche io|pure io|e poi|e allora|stanno|un po di|a me",
    "son|glielo|gliela|glieli|gliele",
)
# Verb forms said to the game: imperative (tu, lei, noi), first person, infinitive,
# conditional, with the clitics people attach.
# The verbs that also start a match when said alone ("giochiamo!").
_PLAY_START = "gioca|gioco|giochiamo|giocare|giochiamo pure|gioca pure|giocate"
_PLAY = _any(
    "giochi|giocherei|giocala|giocalo",
    "droppo|droppa|droppare|droppala|droppalo",
    "metto|mettere|metterei|mettila|mettilo|meto",
    "butta|butto|butti|buttare|buttiamo|butterei|buttala|buttalo|sbatto|sbatti",
    "butta giu|butto giu|butti giu|buttare giu|metti giu|metto giu|mettere giu|cala giu",
    "attacca|attacco|attacchi|attaccare|attacchiamo|attaccala|attaccalo",
    "cala|calo|cali|calare|caliamo|appoggia|appoggio|appoggi|appoggiare|posa|poso|posare",
    "piazza|piazzo|piazzare|piazzala|piazzalo|scendo con|scendo col|scendi con",
    "vado con|vado col|chiudo con|chiudo col|chiudi con|chiudi col|apro con|apro col",
    "esco con|esco col|rispondo con|rispondo col|gioco con|gioco col|metto su|provo con|provo col",
    "proviamo con|proviamo col|attaccherei|calerei|appoggerei|piazzerei|poserei|scarterei",
    "caccia|caccio|cacciamo|mena|menammo|menate|zoghemo|zogo|zoga",
    "userei|giochero|mettero|buttero|attacchero|calero|appoggero|piazzero|giocheremo",
    "metteremo|jucammo|jucamme",
    "scarto|scarta|scartare|tiro|tira|tirare|uso|infilo|infila",
    "giocarla|giocarlo|buttarla|buttarlo|attaccarla|attaccarlo",
    "giocando|stiamo giocando|sto giocando|giocato io|metterla|metterlo",
    "aggiungilo|aggiungila",
)
# The top double that names a set: said alone it is the set (before a hand; in a hand, the
# tile). The double six stays a tile: every table has it, and players name it as a move far
# more often than the set it tops.
SET_NAMED_BY_ITS_DOUBLE = 9
# The concept of a person named or called ("zia Pina", "mamma"), not a player of the game.
NAME = "NAME"
# "metti", "mettiamo": said of a move and of a choice alike ("metti il livello difficile",
# "metti il doppio nove": the set, in the menu); the frames tell them apart by this kind.
PUT = Kind("put")
_PUT = "metti|metta|mettiamo|mettete|mettemo|metemo"
# Verbs that also add someone to the table: "aggiungi un computer", "mettici il computer".
ADD = Kind("add")
_ADD = (
    "aggiungo|aggiungi|aggiungine|aggiungiamo|aggiungere|aggiungete|mettici|metti dentro|aggiungici"
)
_DRAW = _any(
    "pesca|pesco|peschi|pescare|peschiamo|pescane|pescherei|ripesco|ripesca|peschero",
    "pescheremo|non posso fare altro che pescare|non mi resta che pescare",
    "tiro su|tira su|tiri su|tirare su|tiriamo su|piglio|piglia|pigli|pigliare|pijo",
    "vado al (pozzo|monte|mucchio|mazzo|banco)|vado a pescare",
    "ne prendo una|prendine una|ne pesco una|dammene una|ne tiro su una|me ne dai una",
    "ne tiro su un altra|ne prendo un altra|ne pesco un altra|dammene un altra",
    "ne prendo uno|ne pesco uno|prendine uno|ne tiro su uno|pescata|una pescata",
    "mi serve una tessera|mi serve un pezzo|pescarne|prenderne|pescarla|prenderla",
    "(prendo|piglio|pesco|tiro su) (una|un altra|un altro)",
)
_TAKE = _any(
    "prendo|prendi|prenda|prendere|prendiamo|prenderei|dammi|mi dia|mi dai|dammene",
    "me ne dai|ciapa|ciapo",
)
_PASS = _any(
    "passo|passa|passi|passare|passiamo|salto|salta|salti|saltare|saltiamo|busso|bussa",
    "bussare|skippo|skip|skippa|lascio passare|passo la mano|passo il giro|salto il giro",
    "passerei|passero|salterei|busserei|pass",
    "stavolta passo|per stavolta passo|questa volta passo",
)
# Said as the reason for passing; next to a draw they are its reason ("non ho niente, pesco").
_PASS_IDIOM = _any(
    "non ho (chi|che|cosa|niente da|niente che|nulla da) (mettere|giocare|attaccare|buttare)",
    "non ce l ho|non ce lho|non ce l abbiamo|non c ho niente|non ho niente|non ho nulla",
    "non posso|non posso giocare|non posso mettere|non posso attaccare|non ne ho",
    "non ho niente da (giocare|mettere|attaccare|buttare)|non ho tessere da (giocare|mettere)",
    "non ho niente che (vada|va|attacca|entra)|non mi entra niente|non attacca niente",
    "non posso (mettere|giocare|attaccare|fare|buttare) niente|non posso fare nulla",
    "non ci va niente|non attacca nulla|non mi va bene niente|niente da giocare",
    "niente da fare|nulla da fare",
    "non va niente|non mi va niente|non ho (tessere|pezzi) buone|non tengo niente",
    "non tengo nulla|non tengo niente|non ho la tessera|niente da fare per me",
)
_UNDO = _any(
    "torna indietro|torni indietro|tornare indietro|torniamo indietro|torna un passo indietro",
    "indietro di una mossa|un passo indietro|ritira|ritiro|ritirare|riprendi|riprendo",
    "riprendere|ripiglio|ripigliare|ripiglia|ripijo|rimetti com era|rimetti come prima",
    "rimetti a posto|rimettila|rimetti|ridammi|mi ridia|ridai|rendimi|restituiscimi",
    "cancella|cancellala|disfa|disfai|togli la mia mossa|tornare alla mossa precedente",
    "torna alla mossa precedente|torna com era|come era prima|com era prima|com era",
    "riporta|riportala|riporta indietro|riportalo indietro|riporta la tessera",
    "torna arreto|arreto|torna arret|torna arretro|torniamo alla mossa di prima",
    "torna alla mossa di prima|tornare alla mossa di prima|levala|toglila|riprendila",
    "rifammi giocare|fammi rigiocare|voglio rigiocare|rigioco|rifare la mossa",
    "rifaccio la mossa|rifai la mossa|togli l ultima tessera|togli la tessera|undo",
    "togli quella tessera|leva la tessera|leva l ultima tessera|riportala indietro",
    "rimangio|mi rimangio|rimangiare|rimangiarmi|rimetta|mi rimetta|rimetta com era",
    "torno indietro",
)
_MISTAKE = _any(
    "ho sbagliato|mi sono sbagliato|mi sono sbagliata|sbagliato|ho fatto un errore|errore",
    "non volevo|ho sbagliato tessera|ho sbagliato mossa|ho sbagliato pezzo|sbagliata",
    "abbiamo sbagliato|ho toppato|ho fatto una cavolata|ho fatto un casino",
    "mi sono confuso|mi sono confusa|ho confuso|ho fatto confusione|mi sono distratto",
    "mi sono distratta|non era quella|era sbagliata",
    "volevo mettere|volevo giocare|non volevo mettere|non volevo giocare",
    "non (la|lo|a|l) volevo (mettere|giocare)",
    "(me|mi) so sbagliato|(me|mi) so sbagliata",
    f"{_FAMILY} ha sbagliato|ha sbagliato",
    "ho messo quella sbagliata|ho messo la tessera sbagliata|ho giocato quella sbagliata",
)
_QUIT = _any(
    "esci|esco|uscire|usciamo|esca|chiudi|chiudo|chiudere|chiudiamo|chiuda|io vado",
    "abbandona|abbandoniamo",
    "fine|basta giocare|basta cosi per oggi|per oggi basta|basta per oggi|per stasera basta",
    "smetto|smettere|smettiamo|smetta|la smetto|la smettiamo|mi fermo|ci fermiamo",
    "mi ritiro|abbandono|abbandonare|ho finito|abbiamo finito|finiamo|finiamola",
    "finiamo qui|finisci|termina|terminare|terminiamo|spegni|spegnere|spegniamo|stacca",
    "arrivederci|buonanotte|buona notte|ci vediamo|addio",
    "me ne vado|mi ne vado|vado via|lascio il gioco|per oggi ho finito|per oggi e tutto",
    "per oggi abbiamo finito|chiudi tutto|chiudi il gioco|esci dal gioco",
    "esci dalla partita|lascia il gioco|basta cosi per stasera|chiudiamola qui",
    "andare via|andiamo via|me ne vado a casa|esci dal programma|chiudi il programma",
    "ho chiuso per oggi|chiudo qui|chiudo la partita|per oggi chiudo",
    "exit|quit|bye|bye bye",
    "finire|terminare|concludere|finirla|chiuderla",
)
_NEW_GAME = _any(
    "nuova partita|partita nuova|un altra partita|altra partita|n altra partita",
    "n atra partita|ricomincia|ricominciamo|ricominciare|ricominci|rincominciamo",
    "rivincita|la rivincita|rigiochiamo|rigiochiamola|rifacciamo",
    "[voglio|vorrei] rigiocare da capo|rigioco da capo",
    "rifacciamola|facciamone un altra|ne facciamo un altra|facciamo un altra|famo un altra",
    "giochiamo ancora|giochiamone un altra|ancora una partita|rifacciamo una partita",
    "nuovo gioco|nuova sfida|un altra sfida|ne facciamo n altra|ne facciamo n atra",
    "un altra partita ancora|ricominciamo da capo|ripartiamo da zero|azzera",
    "si ricomincia|si riparte|si rigioca|ripartiamo|restart|reset|new game|nuova",
    "n ata partita|nata partita|n ata|natra partita",
    "un altra partita|unaltra partita",
)
_CONTINUE = _any(
    "continua|continuiamo|continui|continuare|prosegui|proseguiamo|prosegua|proseguire",
    "procedi|procediamo|proceda|andiamo avanti|vai avanti|va avanti|vada avanti",
    "andiamo oltre|passiamo alla prossima|passiamo oltre|la prossima|alla prossima",
    "prossima mano|mano successiva|nuova mano|un altra mano|altra mano|n altra mano",
    "n atra mano|ancora una mano|la mano dopo|mano dopo|prossimo giro|un altro giro",
    "giro successivo|si va avanti|la prossima mano|passiamo alla prossima mano",
    "n ata mano|nata mano|natra mano|nuova smazzata|ridistribuisci|ridai le tessere",
    "rimischia",
    "prossimo round|prossimo giro|round successivo|giro dopo|mano nuova",
    "mano seguente|la mano seguente|la seguente|giro seguente",
)
_START = _any(
    "incominciare|incomincia|incominciamo|incominci|incominciate",
    "inizia|iniziamo|inizi|iniziare|comincia|cominciamo|cominci|cominciare|parti",
    "partiamo|partire|via|si parte|si comincia|si inizia|si gioca|avvia|avviamo",
    "pronti|sono pronto|sono pronta|siamo pronti|vai che si parte|diamoci dentro",
    "partenza|pronti partenza via|via libera",
    "iniziamo a giocare|cominciamo a giocare|a giocare|iniziamo la partita",
    "diamo inizio|diamo il via|si inizia a giocare|iniziamo pure|partiamo pure|start",
    "accumincia|accuminciamo|accumenza|cumincia|cuminciamo",
)

# "the one": a variant said by what happens in it ("quella dove si pesca").
_THE_ONE = "(quella|quello|la variante|la partita)"

ENTRIES: list[Entry] = [
    *_tile_entries(),
    *_clitic_entries(),
    *_number_entries(),
    Entry(_FILLERS, FILLER),
    Entry(_FUNCTION, FUNCTION),
    # --- where to play, and the two ends
    Entry(
        _any(
            "testa|in testa|alla testa|sulla testa|di testa|a testa|verso la testa|in capo",
            "a capo|capo|sinistra|a sinistra|alla sinistra|sulla sinistra|verso sinistra",
            "n capo|ncapo|n testa|dalla parte di sinistra|dal lato di sinistra",
            "all inizio della fila|all inizio del serpente|all inizio della linea",
            "in cima al serpente|in cima alla fila|dalla parte dell inizio",
            "in cima (a sinistra|alla sinistra|in testa|alla testa|sulla sinistra)",
            "a manca|verso la sinistra|lato sinistro|sul lato sinistro|dal lato sinistro",
            "al principio|in principio|all inizio",
            "al lato sinistro|dalla parte sinistra|sulla parte sinistra|parte sinistra",
            "dalla parte della testa|dal lato della testa|lato testa|dalla testa|in cima",
            "all inizio|a sx|sx|dalla parte di testa|sul lato della testa",
            "(in|a) (capo|testa) (alla|della) (fila|linea|catena)|(in|a) (capo|testa) al serpente",
        ),
        "SIDE",
        Side.HEAD,
    ),
    Entry(
        _any(
            "coda|in coda|alla coda|sulla coda|di coda|a coda|verso la coda|destra|a destra",
            # "dalla coda": the answer to "Dove?", as "dalla testa" (the line read from the
            # tail is asked for with a word of reading: "leggi dalla coda")
            "dalla coda",
            "alla destra|sulla destra|verso destra|verso la destra|lato destro",
            "sul lato destro|dal lato destro|al lato destro|dalla parte destra",
            "sulla parte destra|parte destra|dalla parte della coda|dal lato della coda",
            "lato coda|in fondo|in fondo alla fila|a dx|dx|dalla parte di coda",
            "sul lato della coda|dalla parte di destra|dal lato di destra",
            "alla fine della fila|alla fine del serpente|alla fine della linea",
            "in fondo al serpente|in fondo alla linea|dalla parte della fine",
            "in fondo (a destra|alla destra|in coda|alla coda|sulla destra)",
            "in coda (alla|della) (fila|linea|catena)|in coda al serpente",
        ),
        "SIDE",
        Side.TAIL,
    ),
    # Issue 21: the arms a spinner (la croce) opens above and below the line.
    Entry(
        _any(
            "sopra|di sopra|in alto|verso l alto|[sul|nel|al] braccio (di sopra|in alto|alto)",
            "ncoppa|ncopp",
            "[dalla] parte di sopra|sul lato di sopra",
            f"{_ARM} (di sopra|in alto|alto|superiore)",
            "sopra (la croce|lo spinner|alla croce|allo spinner)",
        ),
        "SIDE",
        Side.UP,
    ),
    Entry(
        _any(
            "sotto|di sotto|in basso|verso il basso|[sul|nel|al] braccio (di sotto|in basso|basso)",
            "[dalla] parte di sotto|sul lato di sotto",
            f"{_ARM} (di sotto|in basso|basso|inferiore)",
            "sotto (la croce|lo spinner|alla croce|allo spinner)",
        ),
        "SIDE",
        Side.DOWN,
    ),
    Entry(
        _any(
            "partendo dalla coda|a partire dalla coda|dal fondo|dalla fine",
            "al contrario|alla rovescia|da destra|da destra a sinistra|dalla coda alla testa",
            "all indietro|dalla destra|cominciando dalla coda|iniziando dalla coda",
            "partendo da destra|dall ultima|al rovescio|partendo dalla fine",
            "cominciando dalla fine|iniziando dalla fine|a partire dalla fine",
        ),
        "FROM_TAIL",
    ),
    Entry(
        _any(
            "testa e coda|la testa e la coda|in testa e in coda|testa e la coda|estremi",
            "estremita|estremo|capi|due capi|punte|due punte|lati|due lati|due estremita",
            "due estremi|le due parti|da una parte e dall altra|i bordi|agli estremi",
            "alle estremita|ai lati|ai capi|alle punte|alle due estremita|ai due capi",
            "ai due lati|dove si attacca|dove posso attaccare|dove attacco|le due teste",
            "in cima e in fondo|a sinistra e a destra|le uscite",
        ),
        "ENDS",
    ),
    Entry("numero|numeri|numeretti|[i] due numeri|[i] numeri (ai lati|agli estremi)", "NUMERI"),
    Entry("aperti|liberi|scoperti|in gioco|buoni|esposti|aperte|giocabili ai lati", "APERTI"),
    # --- moves
    Entry(_PLAY, "PLAY"),
    Entry(_PLAY_START, "PLAY", Kind("start")),
    Entry(_PUT, "PLAY", PUT),
    Entry(_ADD, "PLAY", ADD),
    Entry("giu|fuori", "GIU"),
    # "sei" is also "you are": "sei sicuro?" says nothing to the game.
    Entry(
        _any(
            "sei sicuro|sei sicura|sei pronto|sei pronta|ci sei|sei bravo|sei brava",
            "sei forte|sei scemo|sei matto|sei stato|sei stata|dove sei|come sei|sei un|sei una",
            "sei proprio|sei davvero|sei sempre",
        ),
        "YOU_ARE",
    ),
    # praise said of a player, to someone in the room ("la Giulia è brava, mica come te"): a
    # remark, not the compliment sent to the table ("brava Giulia!", "e brava!")
    Entry(
        _any(
            "[il] (marco|luca) e (bravo|bravissimo|proprio bravo|davvero bravo|cosi bravo)",
            "[la] giulia e (brava|bravissima|proprio brava|davvero brava|cosi brava)",
            "(lei|lui) e (brava|bravo|bravissima|bravissimo)",
            "e (proprio|davvero|cosi) (brava|bravo|bravi|brave)",
            "e stata (brava|bravissima)|e stato (bravo|bravissimo)",
            "sono (bravi|brave|bravissimi|proprio bravi|davvero bravi)",
        ),
        "PRAISE_TOLD",
    ),
    Entry(_DRAW, "DRAW"),
    Entry(_TAKE, "TAKE"),
    Entry(_PASS, "PASS"),
    Entry(_PASS_IDIOM, "PASS_IDIOM"),
    Entry(_UNDO, "UNDO"),
    Entry(_MISTAKE, "MISTAKE"),
    # regret said of a move ("il cinque quattro non dovevo metterlo lì"): a remark, which an
    # undo asked beside it explains ("..., annulla")
    Entry(
        "non dovevo [proprio] [(metterlo|metterla|giocarlo|giocarla|buttarlo|buttarla)]"
        "|non avrei dovuto [(metterlo|metterla|giocarlo|giocarla)]",
        "REGRET",
    ),
    Entry("ripensandoci|ripensandoci bene|a pensarci bene|pensandoci bene|a ben pensarci", FILLER),
    # what a decision is said with, after thinking aloud ("metto il quattro, ecco, deciso",
    # "il cinque in coda e incrociamo le dita")
    Entry(
        "deciso|e deciso|ho deciso cosi|incrociamo le dita|incrocio le dita|speriamo|speriamo bene"
        "|e speriamo|e speriamo bene|la va o la spacca|o la va o la spacca"
        "|tie|toh|tentiamo|tentiamo la sorte",
        FILLER,
    ),
    Entry("annulla|annullare|annulli|annulliamo|annullala|annullalo|annullami", "ANNULLA"),
    Entry("mossa|mosse|la mia mossa|mossa mia", "MOSSA"),
    Entry(
        "tessera|tessere|pezzo|pezzi|pedina|pedine|tesserina|mattonella|pietra|pietre|pietrine",
        "TESSERA",
    ),
    Entry(
        _any(
            "pozzo|mucchio|monte|mazzo|tallone|banco|riserva|cimitero|mucchietto|scorta",
            "tessere coperte|pezzi coperti|coperte|pescaggio|pila|montagnola",
        ),
        "POOL",
    ),
    Entry(
        _any(
            "un altra|una altra|n altra|n atra|un atra|un altra ancora|ancora una",
            "un altro pezzo|un altro|una nuova",
        ),
        "ONE_MORE",
    ),
    Entry("indietro", "BACK"),
    Entry("velocita|la velocita|ritmo|il ritmo|velocita della voce", "VELOCITA"),
    Entry("a disposizione|disponibili|disponibile|a portata|utilizzabili", "AVAILABLE"),
    Entry(
        "dall inizio|da capo|dal principio|da principio|da zero|dalla prima|daccapo|d accapo",
        "FROM_START",
    ),
    Entry("tocca a te|a te|vai tu|gioca tu|tocca a voi|tocca al prossimo", "HANDOVER"),
    Entry(
        f"per me|al mio posto|in vece mia|per {_FAMILY}|al posto (di|del|della) {_FAMILY}", "PER_ME"
    ),
    Entry(
        "e vuoto|e vuota|e esaurito|sono finite|e ancora pieno|vuoto ormai|e finito",
        "EMPTY",
    ),
    # --- the match
    Entry(_QUIT, "QUIT"),
    Entry(_NEW_GAME, "NEW_GAME"),
    Entry(_CONTINUE, "CONTINUE"),
    Entry("avanti|vai|andiamo|va pure|vai pure|procedi pure|andiamo pure|annamo|namo", "GO_ON"),
    Entry(
        _any(
            "distribuisci|dai le tessere|mescola|mescoli|mescolate|rimescola|rimescoli",
            "rimescolate|mischia|mischiale|mescola le tessere|dai le carte|smazza",
            "distribuisci le tessere|rimescoliamo|mescoliamo",
        ),
        "SHUFFLE",
    ),
    Entry(_START, "START"),
    Entry(
        "partita|partite|partitella|partitina|match|sfida|game|programma|applicazione|app"
        "|coso|aggeggio|macchinetta"
        "|domino|a domino|al domino|di domino|il domino"
        # its length, said beside the points it is played to ("partita lunga, a duecento")
        "|partita (lunga|corta|breve)|una partita (lunga|corta|breve)|una cosa (corta|lunga)",
        "PARTITA",
    ),
    Entry(
        "a che gioco|quale gioco|che tipo di gioco|che variante|quale variante|che partita",
        "GAME_Q",
    ),
    Entry("mano|mani|smazzata|round", "MANO"),
    Entry("giro|giri|il giro|questo giro", "GIRO"),
    Entry(
        "mani di tutti|le mani di tutti|mani degli altri|le mani degli altri|cosa avevano tutti"
        "|le tessere degli altri alla fine",
        "OTHERS_HANDS",
    ),
    Entry("in mano|in mano mia|nelle mani|in pugno", "IN_MANO"),
    Entry("in giro|in circolazione|in gioco ancora", "AROUND"),
    # --- the menu
    Entry(
        _any(
            "classica|classico|alla classica|la classica|il classico|quella classica",
            "quella normale|la normale|tradizionale|la tradizionale|partita normale",
            "domino normale|gioco normale|quella solita|la solita partita|base classica",
        ),
        "VARIANT",
        "classica",
    ),
    Entry(
        _any(
            "blocco|block|a blocco|al blocco|il blocco|bloccata|a bloccare",
            "partita bloccata|domino a blocco",
        ),
        "VARIANT",
        "blocco",
    ),
    Entry(
        _any(
            "la pesca|a pesca|alla pesca|con la pesca|col pescaggio|draw|domino a pesca",
            "con pesca|quella con la pesca|variante pesca|modalita pesca|la variante pesca",
            "variante della pesca|variante con la pesca|la variante con la pesca",
        ),
        "VARIANT",
        "pesca",
    ),
    Entry("capra|la capra|alla capra|a capra|della capra", "VARIANT", "capra"),
    Entry("coppie|delle coppie|le coppie|alle coppie", "VARIANT", "coppie"),
    # A variant said by what happens in it: "quella dove si pesca dal mucchio", "quella col
    # jolly" (longer than the remark "quella dove...", so it is read first).
    *(
        Entry(f"{_THE_ONE} {said}", "VARIANT", variant)
        for variant, said in (
            ("pesca", "(dove|in cui|che) si pesca [(dal|dalla|nel) (mucchio|monte|pozzo|mazzo)]"),
            ("pesca", "(dove|in cui) (bisogna|devi|si deve) pescare"),
            ("blocco", "(dove|in cui|che) (non si pesca|ci si blocca|si blocca|si resta bloccati)"),
            ("jolly", "(col|con il|coi|con i|con la|con le|dei|della|del) (jolly|matta|matte)"),
            ("coppie", "(dove|in cui|che) si gioca (a coppie|in coppia|due contro due)"),
            ("capra", "(dove|in cui|che) (chi arriva a cento uno perde|i punti sono penalita)"),
        )
    ),
    Entry("jolly|matta|matte|jolli", "JOLLY"),
    Entry(
        _any(
            "col jolly|con il jolly|con jolly|con i jolly|coi jolly|con la matta",
            "jolly attivo|jolly si|si jolly|il jolly attivo|come jolly|da jolly|per jolly",
            "fa da jolly|fanno da jolly|faccia da jolly|vale jolly|vale come jolly",
            "valga jolly|valgono jolly|valere jolly|conta come jolly|contano come jolly",
            "sono jolly|e jolly|jolly attivato|jolly acceso|fare da jolly",
            "valere come jolly|usato come jolly|come un jolly|da matta|jolly col bianco",
            "[che] (vale|valgono|conta|contano) (per|da|come) jolly",
            "vale tutto|vale qualsiasi numero|vale qualunque numero|va con tutto",
            "si attacca a tutto|attacca con tutto|vale per tutti|buono per tutto",
            "fosse jolly|sia jolly|diventi jolly|valesse jolly|valga come jolly",
            "facesse da jolly|fosse un jolly|sia un jolly",
            "(valesse|valga|valere|contasse|conti) (come|da|per) jolly",
            "[che] (vada|vadano|andasse|va) bene (su|con|per) tutto",
            # "col bianco che va su tutto": it goes with, is worth, sticks to any number
            "[che] (va|vanno|vada|vadano|vale|valgono|si attacca|si attaccano|attacca|attaccano"
            "|sta|stanno|entra|entrano|puo andare) ((su|con|per|a) (tutto|tutti|tutte"
            "|tutti i numeri|qualsiasi numero|qualunque numero|ogni numero)|dappertutto|ovunque)",
            "[che] (vale|valgono|valga|valgano|conta|contano|conti|contino) [per|come|da]"
            f" {_ANY_NUMBER}",
            f"[che] (va|vanno|vada|vadano) bene (con|per|su) {_ANY_NUMBER}",
        ),
        "WITH_JOLLY",
    ),
    Entry(
        _any(
            "senza jolly|senza il jolly|senza i jolly|niente jolly|no jolly|jolly no",
            "jolly disattivato|jolly spento|senza la matta|via il jolly|non jolly",
            "bianco normale|bianchi normali|vale vuoto|vale zero|non vale jolly",
            "conta zero|conta come zero|conta niente|vale niente",
            "non e jolly|non sono jolly|niente matta|niente jolly col bianco",
        ),
        "NO_JOLLY",
    ),
    # Issue 21: the table options (set, spinner, opening rule).
    Entry(
        _any(
            "(con il|col) doppio nove|[il] set [del|da] doppio nove|doppio nove come set",
            "[le] tessere (del|fino al|dal) doppio nove|(fino al|fino a) nove|domino doppio nove",
            # "torna al doppio sei", "i domino col nove", "quelli fino al nove"
            "al doppio nove|[i|il] domino (col|con il|con|del|fino al|fino a) nove",
            "(le tessere|i pezzi|quelli|quelle) (col|con il|fino al|fino a) nove",
            "[che] (arrivano|vanno|arrivino|vadano|salgono|arriva|va) (fino al|fino a|al) nove",
            "[il|al|col|con il] (set|domino) (grande|grosso|lungo|esteso|da nove|piu grande)",
            "[il|al|col|con il] set piu grosso",  # "il domino più grosso" is the heaviest tile
            # the set said by its size: "quello da 55 tessere", "le tessere da zero a nove"
            f"{_SET_BY_SIZE} cinquantacinque [{_SET_PIECES}]|cinquantacinque {_SET_PIECES}",
            f"[{_SET_PIECES}] (da|dallo) zero (a|al|fino a|fino al) nove",
            "[il|al|col|con il] mazzo (grande|grosso|piu grande|piu grosso|da nove)",
            "[il|al|col|con il] (set|mazzo) (col|con il|del) doppio nove",
            "(le pedine|i tasselli) (col|con il|fino al|fino a) nove",
            "[(le tessere|i pezzi|le pedine|quelli|quelle|quello)] (coi|con i) numeri"
            " (fino al|fino a|al) nove",
        ),
        "TILE_SET",
        9,
    ),
    Entry(
        _any(
            "(con il|col) doppio sei|[il] set [del|da] doppio sei|doppio sei come set",
            "[le] tessere (del|fino al|dal) doppio sei|(fino al|fino a) sei|domino doppio sei",
            # "torna al doppio sei", "i domino col nove", "quelli fino al nove"
            "al doppio sei|[i|il] domino (col|con il|con|del|fino al|fino a) sei",
            "(le tessere|i pezzi|quelli|quelle) (col|con il|fino al|fino a) sei",
            "[che] (arrivano|vanno|arrivino|vadano|salgono|arriva|va) (fino al|fino a|al) sei",
            "[il|al|col|con il] set (normale|piccolo|classico|solito|standard|da sei|piu piccolo)",
            "[il|al|col|con il] domino (piccolo|da sei|piu piccolo)",
            "[il|al|col|con il] set (normale|piccolo|classico|solito) (del|col) doppio sei",
            f"{_SET_BY_SIZE} ventotto [{_SET_PIECES}]|ventotto {_SET_PIECES}",
            f"[{_SET_PIECES}] (da|dallo) zero (a|al|fino a|fino al) sei",
            "[il|al|col|con il] mazzo (piccolo|normale|solito|classico|piu piccolo|da sei)",
            "[il|al|col|con il] (set|mazzo) (col|con il|del) doppio sei",
            "(le pedine|i tasselli) (col|con il|fino al|fino a) sei",
            "[(le tessere|i pezzi|le pedine|quelli|quelle|quello)] (coi|con i) numeri"
            " (fino al|fino a|al) sei",
        ),
        "TILE_SET",
        6,
    ),
    Entry("[lo] spinner|[la] croce", "SPINNER"),
    Entry(
        _any(
            "con [lo] spinner|col spinner|con [la] croce|a croce|[i] doppi a croce",
            "(spinner|croce) (si|attivo|attiva)",
        ),
        "WITH_SPINNER",
    ),
    Entry(
        _any(
            "senza [lo] spinner|senza [la] croce|niente (spinner|croce)|no (spinner|croce)",
            "(spinner|croce) (no|disattivato|disattivata|spento|spenta)",
            "solo (i due capi|le due estremita|testa e coda|due lati|due direzioni|due punte)",
        ),
        "NO_SPINNER",
    ),
    Entry(
        _any(
            "(apre|inizia|comincia) il doppio piu alto|apertura [con il|col] doppio piu alto",
            "apre chi ha il doppio piu alto",
        ),
        "OPENING",
        "highest_double",
    ),
    Entry(
        _any(
            "(apre|inizia|comincia|parte) la (tessera|pedina) piu (pesante|alta|grossa|carica)",
            "apertura [con la] tessera piu (pesante|alta)|apre la piu pesante",
        ),
        "OPENING",
        "heaviest",
    ),
    Entry(
        _any(
            "(apre|inizia|comincia) il doppio (massimo|nove)",
            "apertura [con il|col] doppio (massimo|nove)",
        ),
        "OPENING",
        "top_double",
    ),
    Entry(
        _any(
            "(apre|inizia|comincia|apra|inizi|cominci|esca|parta) (uno|un giocatore) a caso",
            "(apertura|inizio|partenza) (a caso|casuale|a sorte)|il primo (sorteggiato|a caso)",
            "(apre|inizia|comincia) chi capita|chi esce esce|chi capita capita|a chi tocca tocca",
        ),
        "OPENING",
        "random",
    ),
    Entry(
        _any(
            "(apre|inizia|comincia|parte) chi ha vinto [la mano]"
            "|(apre|inizia|comincia|parte) il vincitore",
            # the opener said first, in one breath: "chi ha vinto l'ultima mano comincia"
            "(chi ha vinto|chi vince|il vincitore) [(la mano|l ultima mano|la mano prima"
            "|l ultima|la mano precedente|la mano di prima|della mano|dell ultima mano"
            "|della mano prima|della mano precedente)] (apre|inizia|comincia|parte)",
            "(apre|inizia|comincia) chi ha vinto (la mano prima|prima|l ultima mano)",
            "apertura al vincitore",
        ),
        "OPENING",
        "last_winner",
    ),
    Entry(
        "a caso|casuale|a sorte|sorteggiato|estratto a sorte|la sorte|sorteggio|a sorteggio"
        "|il caso|la fortuna|a sorti|(tirati|tiratu|tirato|tirata|tira) a (sorte|sorti)"
        "|per sorteggio|tira a sorte|tiriamo a sorte|sorteggia|sorteggiare|sorteggialo",
        "RANDOM",
    ),
    # Who opens, said by what he holds: "comincia chi ha la tessera più pesante", "apre sempre
    # chi tiene il doppio sei", "che esca chi ha vinto la mano prima" (frames: LEADER + these).
    Entry(
        _any(
            "[la|il] (tessera|pezzo|pedina|domino) (piu pesante|piu grossa|piu grosso"
            "|piu alta|piu alto|piu carica|piu ricca|che vale di piu|di maggior valore)",
            "[la|il] (tessera|pezzo|pedina|domino) (con|che ha) piu (punti|puntini|pallini)",
            "con piu (punti|puntini|pallini)|la piu pesante|il piu pesante|piu pesante",
            "la somma piu alta|somma piu alta|piu punti in mano",
            "(quella|quello) (coi|con i|con) piu (punti|puntini|pallini)",
            "piu (punti|puntini|pallini) (in una|su una|nella|sulla|in un|su un|nel|sul)"
            " (tessera|pedina|pezzo|tessera sola|pezzo solo)",
        ),
        "HEAVIEST",
    ),
    Entry(
        "[il] (doppio|doppione) (piu alto|piu grosso|piu grande|maggiore|piu forte|piu pesante"
        "|piu ricco|piu alto che ha|piu alto in mano)|[i] doppi piu alti",
        "HIGHEST_DOUBLE",
    ),
    Entry(
        "[il] (doppio|doppione) (massimo|piu alto del set|piu alto di tutti|piu alto possibile"
        "|piu alto che ci sia|in assoluto)"
        "|[il] (doppio|doppione) piu (alto|grosso|grande) (del set|del mazzo|di tutto il set)",
        "TOP_DOUBLE",
    ),
    Entry(
        _any(
            "come (dice|vuole|prevede|da) la (regola|variante)|come da regola|come da regole",
            "secondo la (regola|variante)|come dicono le regole|di regola",
            "come da regolamento|come dice il regolamento|come (e|sta) scritto nelle regole",
            "come (la|da) regola [normale] [del gioco]|come regola [normale] [del gioco]",
        ),
        "BY_RULE",
    ),
    # Said of an option to choose or keep: "chi apre lo decidi a caso", "lascialo com'è".
    Entry(
        _any(
            "decidi|decide|decidere|decidilo|decidete|sceglie|sceglilo",
            "decidiamo|lo decidiamo|lo decide|lo scegliamo|lo sceglie",
            "stabilisci|stabilire",
        ),
        "DECIDE",
    ),
    Entry("lascialo|lasciala|lasciali|tienilo|tienila|mantieni|mantienilo|mantienila", "KEEP"),
    # The double a spinner table opens with, and its four ways.
    Entry(
        # never "il doppio": "il doppio sei" is a tile
        "doppio|doppi|doppione|doppio (di partenza|iniziale|d apertura|di apertura|che apre)"
        "|primo doppio|il primo doppio",
        "DOUBLE",
    ),
    Entry(
        _any(
            "[in|da|su|per|a] quattro (direzioni|parti|lati|vie|braccia|bracci|strade|rami"
            "|punte|lati diversi)",
            "fa croce|fa la croce|a forma di croce|in croce|si incrocia",
            "[il|del|col|con il] sopra e [il] sotto|[in] alto e [in] basso",
        ),
        "FOUR_WAYS",
    ),
    Entry(
        "apertura (normale|della variante)|(apre|inizia|comincia) chi dice la variante",
        "OPENING",
        "variant",
    ),
    Entry("attiva|attivare|accendi|attiviamo|abilita|abilitare|attivalo|attivala|on", "WILD_ON"),
    Entry(
        _any(
            "disattiva|disattivare|disattiviamo|togli|togliere|togliamo|leva|levami|levare",
            "leviamo|elimina|senza|disabilita|disabilitare|levalo|toglilo|off",
        ),
        "WILD_OFF",
    ),
    Entry(
        "variante|modalita|versione|tipo di gioco|tipo di partita|specialita|il gioco|regola"
        "|la regola|varianti",
        "VARIANTE",
    ),
    Entry(
        _any(
            "a coppie|in coppia|in coppie|due contro due|a squadre|in squadra|a squadra",
            "a due a due|due coppie|in due coppie|in due squadre|due squadre|squadre",
            "con la compagna|con il compagno|col compagno|con la socia|col socio",
            "con un compagno|con una compagna|con il socio|con la partner|in coppia con",
            "io e giulia|io con giulia|io e la giulia|io con la giulia|giulia e io|giulia con me",
            "insieme a giulia|con giulia in coppia|in coppia con giulia|giulia come compagna",
            "facciamo coppia|fare coppia|facciamo squadra|fare squadra|coppia|in squadra con",
            "io e (la mia|il mio|mia|mio) (socia|socio|compagna|compagno|partner)",
        ),
        "PAIRS",
    ),
    Entry(
        _any(
            "in due|a due|due giocatori|due persone|solo io e te|io e te|uno contro uno",
            "io contro te|testa a testa|contro uno|contro un avversario|un avversario",
            "un solo avversario|contro il computer|io e il computer|io contro il computer",
            "solo noi due|noi due|io e un avversario|da solo contro il computer|io da solo",
            "solo contro il computer|io e lui|io e la macchina|contro la macchina|siamo due",
            "un altra persona|un altro giocatore|un solo giocatore",
            "io e il bot|solo io e il bot|io contro il bot|contro il bot|contro un bot",
            "giocare contro uno|contro uno solo",
            # "io e un altro", "contro un'altra": the other is a player, not another game
            "(io e|io piu|io contro|contro) (un altro|un altra|uno|una|un computer)"
            " [persona|giocatore|giocatrice|avversario|avversaria] [solo|sola]",
            # one opponent: "un solo computer", "io e l'avversario"
            "(un solo|solo un|un unico) (computer|bot|robot|avversario|avversaria) [solo]",
            "(un computer|un bot|un avversario|un avversaria) solo",
            "io e l (avversario|avversaria|altro|altra)",
        ),
        "COUNT",
        2,
    ),
    Entry(
        _any(
            "in tre|a tre|tre giocatori|tre persone|io e due avversari|contro due avversari",
            "due avversari|contro due|due computer|con due avversari|io e altri due",
            "io piu due|siamo tre|siamo in tre|altri due|altre due|altre due persone",
            "due altri|altri due giocatori",
        ),
        "COUNT",
        3,
    ),
    Entry(
        _any(
            "in quattro|a quattro|quattro giocatori|quattro persone|tre avversari",
            "contro tre avversari|contro tre|tre computer|con tre avversari|io e altri tre",
            "siamo quattro|altri tre|altre tre|altre tre persone|tre altri|altri tre giocatori",
        ),
        "COUNT",
        4,
    ),
    *(Entry(_count_by_opponents(count), "COUNT", count) for count in PLAYER_COUNTS),
    Entry(
        "giocatori|giocatore|persone|partecipanti|[il] numero (di|dei) giocatori"
        "|numero giocatori|quanti giocatori siamo",
        "GIOCATORI",
    ),
    Entry(
        _any(
            "facile|semplice|facilissimo|principiante|principianti|per principianti|scarso",
            "facili|semplici|scarsi|deboli",
            "tranquillo|base|debole|livello uno|il piu facile|il livello piu facile",
            "al livello piu facile|al livello piu basso",
            "difficolta bassa|bassa difficolta|livello minimo|minimo|livello base",
            "difficolta minima|minima difficolta",
            "il livello piu basso|il piu debole",
        ),
        "LEVEL",
        Level.FACILE,
    ),
    Entry(
        _any(
            "medio|media|intermedio|intermedia|livello normale|difficolta normale|medi|intermedi",
            "via di mezzo|ne troppo ne poco|livello due|livello di mezzo|di mezzo",
            # the middle named by the two ends it is not
            "ne [troppo] facile ne [troppo] difficile|ne [troppo] difficile ne [troppo] facile",
        ),
        "LEVEL",
        Level.MEDIO,
    ),
    Entry(
        _any(
            "difficile|difficilissimo|tosto|esperto|esperti|avanzato|forte|duro",
            "difficili|tosti|avanzati|forti|duri",
            "impegnativo|livello tre|il massimo|al massimo|il piu difficile",
            "il livello piu difficile|il livello piu alto|il piu forte|difficolta alta",
            "al livello piu alto|al livello piu difficile",
            "alta difficolta|livello massimo|massimo|livello avanzato|livello esperto",
            "difficolta massima|massima difficolta",
            "[il livello|il] piu (alto|difficile|forte) (che c e|che ci sia|possibile)",
        ),
        "LEVEL",
        Level.DIFFICILE,
    ),
    Entry("livello|livelli|difficolta|bravura", "LIVELLO"),
    Entry(
        _any(
            "piu difficile|piu tosto|avversario piu forte|avversari piu forti",
            "computer piu forte|piu bravo|piu bravi|avversario piu bravo|avversari piu bravi",
            "piu duro|piu cattivo|piu impegnativo|alza il livello|alzare il livello",
            "aumenta il livello|aumenta la difficolta|sali di livello|livello piu alto",
            "livello superiore|un livello in piu|piu esperto|piu tosti|alza la difficolta",
            "livello piu difficile|piu in gamba|avversari piu tosti|avversario piu tosto",
            "troppo facile|e troppo facile|troppo scarso|troppo debole|troppo semplice",
            "un avversario piu forte|un avversario piu bravo|un computer piu forte",
            "avversari piu bravi|un avversario piu tosto|piu forte il computer|piu forti",
            "[un] (avversario|computer) (un po|un poco|un pochino) piu (forte|bravo|tosto)",
            "avversari (un po|un poco|un pochino) piu (forti|bravi|tosti)",
            "[un] livello piu su|[un] livello sopra|piu su di livello|[un] gradino piu su",
            "alza [un|nu] (po|poco|pochino) (il livello|la difficolta|u livello)",
            f"{_STEP_UP} [di] {_ONE_STEP}|{_STEP_UP} {_THE_LEVEL} di {_BY_ONE}",
        ),
        "LEVEL_UP",
    ),
    Entry(
        _any(
            "piu facile|piu semplice|meno difficile|piu debole|piu scarso",
            "abbassa il livello|abbassare il livello|diminuisci il livello|livello piu basso",
            "scendi di livello|livello inferiore|meno forte|meno bravo|abbassa la difficolta",
            "livello piu facile|piu deboli|meno tosto|un livello in meno|troppo difficile",
            "e troppo difficile|troppo bravo|troppo tosto|troppo bravi",
            "avversario piu debole|avversari piu deboli|avversario piu scarso",
            "un avversario piu debole|un avversario piu scarso|un computer piu debole",
            "[un] (avversario|computer) (un po|un poco|un pochino) piu (debole|scarso|facile)",
            "avversari (un po|un poco|un pochino) piu (deboli|scarsi|facili)",
            "[un] livello piu giu|[un] livello sotto|piu giu di livello|[un] gradino piu giu",
            "abbassa [un|nu] (po|poco|pochino) (il livello|la difficolta|u livello)",
            f"{_STEP_DOWN} [di] {_ONE_STEP}|{_STEP_DOWN} {_THE_LEVEL} di {_BY_ONE}",
        ),
        "LEVEL_DOWN",
    ),
    *(Entry(phrases, "TARGET", points) for points, phrases in _TARGETS.items()),
    Entry("punti|punto", "PUNTI"),
    Entry(
        _any(
            "obiettivo|traguardo|soglia|limite|fino a|fino ai|arriviamo a|arrivare a",
            "arriviamo ai|arrivare ai|si arriva a|arriva a|chi arriva a|chi arriva prima a",
            "arriva|arriviamo|si arriva|si ferma|finisce|termina a|finisce a|chi fa prima",
            "a chi fa prima|chi fa per primo|chi arriva per primo|raggiungere|da raggiungere",
            "raggiungiamo|raggiunge|target|traguardo|il traguardo|soglia|la soglia",
            "punteggio finale|il punteggio finale|punteggio da raggiungere|punti da fare",
            "chi totalizza|chi raggiunge|finche uno fa|finche qualcuno fa",
            "finche qualcuno arriva a|finche uno arriva a|finche non si arriva a",
        ),
        "OBIETTIVO",
    ),
    Entry(
        _any(
            "impostazioni|impostazione|opzioni|opzione|configurazione|scelte|settaggi",
            "impostato|impostata|scelto|scelta|abbiamo scelto|ho scelto|come e impostata",
            "com e impostata|come sta impostato|com e che sta impostato|come e impostato",
            "com e impostato|come sta impostata|riepilogo|impostazioni attuali",
            "cosa abbiamo scelto|cosa ho scelto|settings|configurata|configurato",
            "impostate|impostati|sistemato|sistemata|sistemate|regolato|regolata",
        ),
        "IMPOSTAZIONI",
    ),
    # --- questions
    Entry("chi|chi e che|chi e", "CHI"),
    Entry("cosa|che cosa|cos|che cos|cosa c|che c|che e che|soccu", "COSA"),
    Entry("che", "CHE"),
    Entry(
        "quanto|quanta|quanti|quante|a quanto|a quanti|tante|tanti|molte|molti|poche|pochi|quant",
        "QUANTO",
    ),
    Entry("quale|quali|qual|qual e|quale e|quali sono", "QUALE"),
    Entry("come|com|com e|come e|in che modo|in quale modo|com e che|come e che", "COME"),
    Entry(
        _any(
            "come sta messo|come sta messa|come e messo|come e messa|com e messo|com e messa",
            "come sta|come se la cava|come sta andando|sta messo|sta messa|e messo|e messa",
        ),
        "STANDING",
    ),
    Entry("dove|dov|dov e|dove e|addo|unni", "DOVE"),
    Entry("quando|quand|quanno", "QUANDO"),
    Entry(
        _any(
            "dimmi|dimmelo|dicci|mi dici|mi dica|dica|dici|ditemi|mi dite|sai dirmi",
            "mi sai dire|sapresti dirmi|mi puoi dire|puoi dirmi|potresti dirmi",
            "mi potresti dire|mi potrebbe dire|vorrei sapere|voglio sapere|volevo sapere",
            "fammi sapere|mi fai sapere|fammi sentire|fammi capire|leggi|leggimi|leggere",
            "mi leggi|mi legga|legga|rileggi|rileggimi|rileggere|ricordami|mi ricordi",
            "leggermi|leggerci|rileggermi|rammentami|mi rammenti|mi rammenta|rammenta",
            "mi ricorda|ricorda|raccontami|mi racconti|racconta|mi racconta|elencami",
            "raccontare|raccontarmi|raccontarci",
            "elenca|vedi|fammi vedere|dimmi un po|mi dici un po|sentiamo|sapere|dire",
            "mi diresti|leggimela|leggimelo|leggimele|leggimeli|mi legge|elencare|dimmeli",
            "dimmele|descrivi|descrivimi|fammi il punto|a voce|ad alta voce|mi aggiorni",
            "aggiornami|annunciami|sentire|vorrei sentire|fammi sentire|mi fai sentire",
            "voglio sentire|posso sapere|potrei sapere|si puo sapere|mi interessa sapere",
            "ascoltare|fai sentire|fammi ascoltare|mi fai ascoltare|fammi un po sentire",
            "mi chiedevo|mi domandavo|mi chiedo|mi domando|vorrei capire|volevo capire",
            "mi faccia sapere|mi fa sapere|faccia sapere|mi fa sentire|mi faccia sentire",
            "dirmi|dircelo|dirci|dirmelo|sapermi dire|dicesse|dicessi|leggesse|dimme",
            "conoscere|vedere|vorrei vedere|informami|indicami|mi indichi|mi indica|indica",
            "indicare|mi comunichi|comunicami|riferiscimi|mi riferisci|mi puoi elencare",
            "specificami|mi specifichi|mi elenchi|elenchi|enumera|enumerami|mi sa dire",
            "sa dirmi|saprebbe dirmi|mi saprebbe dire|mi potrebbe dire|puo dirmi",
            "mi informi|mi fai vedere|fai vedere",
            "voglio capire|sono curioso di sapere|sono curiosa di sapere|curioso di sapere",
            "fammi capire una cosa|dimmi una cosa|una domanda|ho una domanda",
            # a question passed on by whoever helps the player: a question, never a move
            f"[{_FAMILY}] (chiede|domanda|vuole sapere|vorrebbe sapere|chiedeva|mi chiede)",
            "mi ha chiesto|ha chiesto|chiede|mi dice",
            "descrivere|descrivi|descriva|descrivimi|mi descrivi|mi descriva",
            "riepilogami|riepiloga|mi riepiloghi|ricapitola|ricapitolami",
        ),
        "ASKF",
    ),
    Entry(
        _any(
            "voglio|vorrei|volevo|vorremmo|vogliamo|preferisco|preferirei|preferiamo",
            "mi piacerebbe|ci piacerebbe|desidero|ho voglia di|mi va di|mi piace|ci piace",
            "lo vorrei|la vorrei|li vorrei|le vorrei|fammelo|fammela|famme|fammi|fallo",
            "falla|facci|fateci|lasciami|vorrei che|voglio che|preferisco che|lascia che",
            "direi di|direi che|direi|penso di|penso che|credo di|credo che|mi sa che",
            "provo a|proviamo a|opterei per|opto per|scelgo di|decido di|ho deciso di",
            "ho deciso|vorrei provare a|voler|volere|intendo|pensavo di|avevo pensato di",
            "adesso provo a|allora provo a|vado a|ci vuole|ci serve",
            "mi piacerebbe che|preferirei che",
            "gradirei|gradisco|gradirei che|desidererei|mi andrebbe|ci andrebbe|avrei voglia di",
        ),
        "WANT",
    ),
    Entry(
        "facciamo|fai|faccia|fare|famo|facimme|facciamola|fate|facciamoci|facciamolo|faccio"
        "|dare"
        "|facciamo che|mettiamo che|diciamo che|facciamo conto che",
        "DO",
    ),
    Entry(
        _any(
            "imposta|impostiamo|imposto|impostare|seleziona|selezioniamo|seleziono|scegli",
            "scegliamo|scelgo|scegliere|cambia|cambiamo|cambiare|passa a|passiamo a|imposti",
            "scelga|cambi|selezioni",
            "opta per|optiamo per|mettiamoci|rendi|rendilo|rendila|rendiamo|rendere",
            "organizziamo|organizza|organizzare|prepara|prepariamo|preparare|apriamo",
            "apri una|apriamo una",
            "passiamo alla|passa alla|passiamo al|passa al",
        ),
        "SET",
    ),
    Entry(
        "puoi|potresti|puo|potrebbe|riesci a|riesce a|sapresti|vuoi|ti dispiace|le dispiace"
        "|vi dispiace|mi faresti il favore di|per piacere puoi",
        "CAN_YOU",
    ),
    Entry(
        "sfidare|sfido|sfidiamo|affrontare|affronto|affrontiamo|giocare contro|gioco contro",
        "VERSUS",
    ),
    Entry("posso|potrei|possiamo|potremmo|posso ancora", "POSSO"),
    Entry("si puo|si potrebbe|si puo ancora|e possibile|sarebbe possibile", "SI_PUO"),
    Entry(
        "devo|devo per forza|per forza|bisogna|mi tocca|tocca|dobbiamo|deve|devono|dovrebbe"
        "|dover|dovere"
        "|non posso fare altro che|non mi resta che|non resta che|non ho altra scelta che",
        "DEVO",
    ),
    Entry("ho|tengo|c ho|ce l ho|ce lho|abbiamo|ho ancora|ho io|teniamo|ci ho|aggio", "HO"),
    Entry(
        _any(
            "ha|tiene|c ha|ce l ha|ha ancora|hai|hai tu|gli restano|le restano",
            "gli rimangono|le rimangono|gli sono rimaste|le sono rimaste|tieni",
        ),
        "HA",
    ),
    Entry("hanno|tengono|c hanno|ce l hanno|hanno ancora|avete|avete voi", "HANNO"),
    Entry(
        _any(
            "avevano|aveva|avevate|avevo|tenevano|teneva|c avevano|erano rimaste",
            "gli erano rimaste|gli erano rimasti|restavano|rimanevano",
        ),
        "AVEVANO",
    ),
    Entry(
        _any(
            "qualcosa|qualche cosa|qualcosina|qualche tessera|qualche pezzo|niente da",
            "nulla da|qualcuna|qualcosa da|qualche mossa|da qualche parte|in qualche posto",
        ),
        "QUALCOSA",
    ),
    Entry(
        _any(
            "restano|rimangono|ci sono ancora|ci stanno ancora|c e ancora|ce ne sono ancora",
            "avanzano|rimaste|rimasti|restanti|rimanenti|resta|rimane|ne restano",
            "ne rimangono|sono rimaste|sono rimasti|ce ne restano",
        ),
        "RESTANO",
    ),
    Entry(
        "mi restano|mi rimangono|mi sono rimaste|mi sono rimasti|mi resta|mi rimane|ce ne ho"
        "|mi e (rimasto|rimasta|restato|restata|avanzato|avanzata)|mi avanza|mi avanzano",
        "MY_REMAINING",
    ),
    Entry(
        _any(
            "la mia mano|mia mano|mie tessere|le mie tessere|i miei pezzi|miei pezzi",
            "il mio gioco|mano mia|tessere mie|pezzi miei|il mio mazzo",
        ),
        "MY_HAND",
    ),
    Entry(
        _any(
            "giocabili|giocabile|mosse possibili|mosse valide|mosse legali|vanno bene",
            "va bene da giocare|ci va|ci vanno|ci sta|ci stanno bene|attaccano|ci entra",
            "entrano|vanno|che vada|che vanno|che si attaccano|valide|possibili",
            "secondo le regole|cosa attacca|che attacca|cosa ci attacca",
            "che cosa attacca|che cosa ci va|che cosa ci attacca",
            "che mosse ho|cosa posso buttare|posso attaccare qualcosa|legali",
        ),
        "PLAYABLE",
    ),
    Entry(
        _any(
            "consiglio|consigli|consigliami|mi consigli|consigliare|suggerimento",
            "suggerimenti|suggerisci|suggeriscimi|mi suggerisci|aiutino|un aiutino",
            "aiutami|mi aiuti|aiutami tu|dritta|una dritta|al posto mio|tu cosa faresti",
            "cosa faresti|che faresti|cosa metteresti|che metteresti|cosa giocheresti",
            "cosa metterebbe|che metterebbe|cosa farebbe|che farebbe|cosa giocherebbe",
            "mossa migliore|la migliore|la mossa giusta|conviene|mi conviene|converrebbe",
            "mossa piu furba|la mossa piu furba|mossa buona|la mossa buona|mossa furba",
            "la scelta migliore|scelta migliore|la cosa migliore|cosa migliore",
            "dovrei|cosa dovrei|che dovrei|e meglio|cosa e meglio|strategia",
            "tu che faresti|tu cosa metteresti|cosa mi consiglieresti|che si fa|cosa si fa",
            "e ora che si fa|e adesso che si fa|che faccio ora|che faccio adesso",
            "butteresti|giocheresti|metteresti|attaccheresti|useresti|sceglieresti",
        ),
        "HINT",
    ),
    Entry(
        _any(
            "tavolo|tavola|serpente|linea|fila|catena|serpentone|tavoliere|sul tavolo|tavolata",
            "in tavola|sulla tavola|in giro sul tavolo|sul tavolo in giro|sopra (il|al|lu) tavolo",
            "la situazione sul tavolo|situazione|giocate finora|in mezzo|per terra",
            "tessere giocate|pezzi giocati|tessere uscite|gioco in tavola",
            # "cosa c'è giù?": what has been put down
            "e giu|sta giu|stanno giu|ci sta giu|messo giu|messe giu|e stato messo giu",
        ),
        "TABLE",
    ),
    Entry(
        _any(
            "tutto|tutta|tutti|tutte|intero|intera|completo|completa|per intero",
            "una per una|uno per uno|pezzo per pezzo|tessera per tessera|una alla volta",
            "uno alla volta|dall inizio alla fine|da cima a fondo|una ad una|uno a uno",
            "una a una|per esteso|in ordine|tutte quante|tutti quanti|tutto quanto",
            "tutte le tessere",
            "tutte le tessere giocate|tutti i pezzi giocati|tutte le tessere uscite|ogni",
            "ciascuna|ciascun|completi|complete",
        ),
        "ALL",
    ),
    Entry(
        _any(
            "avversario|avversari|gli altri|altri|l altro|gli altri giocatori|computer",
            "i computer|il computer|gli avversari|quegli altri|gli altri due|le altre",
            "gli altri tre|i miei avversari|altri giocatori|gli amici|agli amici|i miei amici",
            "bot|il bot|i bot|robot|il robot|la macchina",
        ),
        "OPP",
    ),
    Entry(
        _any(
            "compagna|compagno|socia|socio|partner|la mia compagna|il mio compagno",
            "la mia socia|il mio socio|mia compagna|mio compagno|la mia squadra",
            "il mio partner|la mia partner|compagna di squadra|con chi gioco|con chi sono",
            "con chi sto|chi gioca con me|chi e con me|con chi faccio coppia",
            "[il|la] [mio|mia] (compagno|compagna|socio|socia|partner) di (coppia|squadra|gioco)",
        ),
        "PARTNER",
    ),
    *(Entry(f"{name}|il {name}|la {name}", "SEAT", seat) for name, seat in _SEATS.items()),
    *(Entry(_seat_by_number(seat), "SEAT", seat) for seat in _SEAT_ORDINALS),
    Entry(
        _any(
            "punteggio|punteggi|classifica|risultato|risultati|conteggio|come siamo messi",
            "a quanto siamo|quanto stiamo|a quanto stiamo|come stiamo|come va la partita",
            "come va|chi vince|chi sta vincendo|chi e in vantaggio|chi e avanti",
            "chi sta sopra|quanto abbiamo fatto|quanto ho fatto|quanti punti abbiamo",
            "chi e in testa|chi conduce|chi sta davanti|come sto andando|come vado|come sto",
            "quanti punti ho|come sto messo|come sto messa|come siamo|a che punto siamo",
            "quanto hanno fatto|come stiamo messi|il conto dei punti|i conti|score",
            "quanto stamo|a quanto stamo|come stamo|come stamo messi",
        ),
        "PUNTEGGIO",
    ),
    Entry(
        _any(
            "turno|di chi e il turno|di chi e|a chi tocca|a chi sta|chi tocca|tocca a me",
            "sta a me|tocca a chi|chi deve giocare|e il mio turno|e il turno mio",
            "devo giocare io|gioco io|chi gioca|chi gioca adesso|chi e di turno",
            "chi e che deve giocare|a chi la mano|chi deve muovere|chi muove|tocca a noi",
            "chi e che tocca|mio turno|il mio turno|a chi tocca adesso",
            "tocchi a me|tocchi a te|che tocchi a me",
            "giocatore di turno|di turno|chi e il giocatore di turno",
            "a chi spetta|chi spetta|spetta a me|a chi spetta giocare|spetta a me giocare",
        ),
        "TURNO",
    ),
    Entry(
        _any(
            "ultima|ultimo|per ultimo|per ultima|l ultima|l ultimo|ultimamente|prima di me",
            "appena|appena giocato|appena messo|ultime|ultimi|le ultime|gli ultimi",
            "quello che ho fatto|quello che ho giocato|quello che ho messo",
            "quella che ho messo|quella che ho giocato|l ultima cosa che ho fatto",
        ),
        "LAST",
    ),
    Entry(
        _any(
            "giocato|giocata|fatto|fatta|buttato|buttata|calato|calata|piazzato|posato|messo",
            "preso|presi|guadagnato|fatti|passato|pescato|bussato|ha passato|ha pescato",
            "ha bussato|hanno passato|hanno pescato",
            "messa",
            "attaccato|attaccata|combinato|stato messo|stato giocato|stata giocata",
            "stata messa|stato fatto|e stato messo|e stato giocato|e stata giocata",
            "e stata messa|e stato fatto|uscito|uscita",
        ),
        "DONE",
    ),
    Entry(
        _any(
            "successo|e successo|capitato|e capitato|accaduto|cosa mi sono perso",
            "mi sono perso|riassunto|riassunti|riassumi|riassumimi|novita|le novita",
            "nel frattempo|intanto che|mentre|dall ultima volta|dopo la mia mossa",
            "dal mio turno|dall ultimo mio turno|dal mio ultimo turno|da quando ho giocato",
            "dopo di me|che ho giocato io|dopo che ho giocato|ultimo giro|in questo giro",
            "aspettavo|aspettavamo|mentre aspettavo|ero distratto|ero distratta|non c ero",
        ),
        "SUCCESSO",
    ),
    Entry(
        _any(
            "finita|finito|andata|andato|conclusa|chiusa|terminata|e finita|e andata",
            "com e finita|com e andata|come e finita|come e andata|come e finito",
            "com e andata a finire|come e andata a finire|come e finita la mano",
            "conclusione|finale|esito|chiusura|finiti|finite|andati|andate",
        ),
        "FINITA",
    ),
    Entry(
        _any(
            "a quanto si gioca|a quanti punti si gioca|a quanto giochiamo",
            "a quanti punti giochiamo|fino a quanto|fino a quanto si gioca|quanto manca",
            "quanti punti mancano|quanti punti ci mancano|quanti punti mi mancano",
            "quanti punti servono|quanti punti ci vogliono|quanto ci vuole",
            "quanto manca alla fine|a quanto arriviamo|a quanti arriviamo",
            "a quanto si arriva|quanti punti per vincere|per vincere|a quanto e la partita",
            "per chiudere|per chiudere la partita|per finire la partita|per arrivare in fondo",
            "quanto ci manca|quanto mi manca|quanto manca ancora|quanti ci mancano",
        ),
        "TARGET_Q",
    ),
    Entry(
        _any(
            "vinto|vinta|vince|ha vinto|chi ha vinto|vincitore|vincitrice|chi ha chiuso",
            "chi vince (la|una) mano",
            "spuntata|l ha spuntata|l abbiamo spuntata|ha trionfato|ha stravinto|ha prevalso",
            "aggio vinto|agg vinto|amm vinto",
            "ha chiuso|chi ha fatto domino|fatto domino|chi ha preso i punti|ho vinto",
            "abbiamo vinto|hai vinto|hanno vinto|ha vinto la mano|vittoria",
            "chi e il vincitore|chi ha perso|ho perso|abbiamo perso|perso",
        ),
        "VINTO",
    ),
    Entry(
        _any(
            "chi ha cominciato|chi ha iniziato|chi ha aperto|chi apre|chi comincia",
            "chi inizia|chi e uscito per primo|chi e partito|chi parte|chi e di mano",
            "ha aperto|ha cominciato|ha iniziato|ha aperto la mano|per primo|per prima",
            "prima tessera|apertura|chi ha giocato per primo|chi ha messo per primo",
            "chi ha aperto la mano|aperto|cominciato|iniziato|con che tessera ha aperto",
            "con cosa ha aperto|chi e partito per primo|si e aperta|e stata aperta|aperta",
            "chi era di mano|chi era di turno all inizio",
            # "comincia chi ha...", "che esca chi ha vinto": the relative "chi" is no question
            "(apre|apra|aprisse|inizia|inizi|iniziasse|comincia|cominci|cominciasse|esce|esca"
            "|uscisse|parte|parta|partisse|gioca|giochi|giocasse|va|vada|aprire"
            "|iniziare|cominciare|partire|uscire|giocare) [sempre]"
            " [per primo|per prima|prima] (chi|quello che|quella che|colui che|colei che)",
            # "tocca chi?" alone asks whose turn it is
            "(tocca|tocchi) [sempre] (per primo|per prima|prima) (chi|quello che|quella che)",
            "(tocca|tocchi) [sempre] [per primo|per prima|prima] [a] (chi|quello che|quella che)"
            " (ha|tiene)",
            "apre|apre sempre|inizia sempre|comincia sempre|esce per primo|va per primo",
            "gioca per primo|chi deve aprire|chi deve iniziare|chi deve cominciare",
            "la prima mossa [la fa]|prima mossa|il primo a (giocare|partire|aprire)",
            "primo a (giocare|partire|aprire)|si apre|si aprono|si apra",
            # said after who it is ("chi ha il doppio più alto parte lui")
            "(apre|inizia|comincia|parte|esce|gioca|va) (lui|lei|per primo|per prima)",
            # "chi ha vinto, quello comincia": who, then that he opens
            "(quello|quella|lui|lei) (apre|inizia|comincia|parte|esce) [per primo|per prima]",
        ),
        "LEADER",
    ),
    Entry(
        _any(
            "che mano e|a che mano siamo|a che mano stiamo|quale mano e|quante mani",
            "quante mani abbiamo fatto|quante mani abbiamo giocato|numero della mano",
            "a che giro siamo|che giro e|quanti giri|la mano numero|mano numero",
            "quale mano stiamo giocando|che mano stiamo giocando|che mano si gioca",
            "quale mano si gioca|la prima mano|prima mano|e la prima mano",
        ),
        "ROUND_Q",
    ),
    Entry(
        _any(
            "usciti|uscite|sono usciti|sono uscite|sono stati giocati|sono state giocate",
            "stati giocati|state giocate|giocati|passati|sono passati|visti",
            "sono gia usciti|gia usciti|sono stati messi|messi|ne sono usciti|siano usciti",
            "siano stati giocati|sono gia stati giocati|gia giocati|e gia uscito|e uscito",
            "sono uscite tutte|e uscito tutto|e gia stato giocato",
            "ne sono stati giocati|sono stati buttati|buttati|calati|ne sono passati",
            "ne sono stati messi|ne sono uscite|sono andati",
        ),
        "USCITI",
    ),
    Entry(
        _any(
            "mancano|manca|mancano ancora|manca ancora|non sono usciti|non sono uscite",
            "non si sono visti|non si sono viste|non si sono ancora visti",
            "non si sono ancora viste|non ancora visti|non ancora viste|ancora da uscire",
            "manca ancora da uscire|mancano ancora da uscire",
            "da uscire|restano fuori|ancora in giro|non ancora usciti|non sono ancora usciti",
            "non sono ancora uscite|non si sono visti ancora|non ho visto|non abbiamo visto",
            "chi ha i|chi ce li ha|dove sono|dove stanno|chi li ha|chi ce l ha|ancora fuori",
            "non sono stati giocati|non sono ancora stati giocati|non e ancora uscito",
            "non e uscito|mancanti",
        ),
        "MISSING",
    ),
    Entry(
        _any(
            "regole|regola del gioco|regolamento|le regole del gioco|istruzioni del gioco",
            "come si gioca|come funziona|come si fa|come funziona il gioco",
            "regole della variante|come si vince|come si fanno i punti|come si contano i punti",
            "come funzionano i punti|come si conta|come si fa a vincere|cosa succede se",
            "che succede se|cosa succede quando|che succede quando|lo scopo del gioco",
            "scopo del gioco|qual e lo scopo|quanto vale|quanto valgono|quanto conta",
            "quanti punti vale|quanti punti valgono|cosa devo fare per vincere",
            "come faccio a vincere|come si chiude|come finisce una mano",
            "(com e|come e) che (si gioca|funziona|si fa)",
        ),
        "REGOLE",
    ),
    Entry(
        _any(
            "spiegami|spiega|mi spieghi|mi spiega|spiegare|mi spiegherebbe",
            "mi spiegheresti|spiegaci|ci spieghi|rispiegami|spieghi|ci spiega",
        ),
        "EXPLAIN",
    ),
    Entry(
        _any(
            "aiuto|help|comandi|i comandi|istruzioni|cosa posso dire|che posso dire",
            "cosa si puo dire|che si puo dire|cosa devo dire|che devo dire|come si usa",
            "non so cosa dire|non so che dire|non so cosa fare|non so che fare",
            "non so come funziona|non so come si fa|non ci capisco niente|sono perso",
            "ho bisogno di aiuto|mi serve aiuto|guida|cosa si puo fare|che si puo fare",
            "che comandi ci sono|quali sono i comandi|che cosa devo dire|che cosa posso dire",
            "che cosa si puo dire|mi serve una mano|serve una mano|dammi una mano",
            "mi dai una mano|mi serve aiuto|non ci capisco",
            "cosa capisci|che cosa capisci|quali comandi|come faccio|come faccio a giocare",
            "cosa posso chiederti|cosa ti posso chiedere|cosa posso chiedere|cosa sai fare",
            "che domande posso fare|che cosa posso chiedere|che cosa sai fare",
            "come si fa a giocare",
            "aiutare|aiutatemi|mi aiuta|aiutarmi",
        ),
        "HELP",
    ),
    # --- the voice and the messages
    Entry(
        "parla|parli|parlare|parlate|parlando|volume|il volume|vada|fa|sei un po|audio|l audio"
        "|parole|le parole|con le parole|chiacchiere|le chiacchiere|chiacchierare|blabla"
        "|sii|sia|siate|torna|torni|tornare|torniamo|torna a|torna ai|torni a|torni ai",
        "PARLA",
    ),
    Entry(
        _any(
            "piu lento|piu lenta|piu lentamente|piu adagio|piu piano a parlare|rallenta",
            "rallentare|rallenti|rallentiamo|troppo veloce|troppo in fretta",
            "non ti sto dietro|non le sto dietro|non ci sto dietro|non vi sto dietro",
            "vai piu piano|va piu piano|vada piu piano|vai piu lento|va piu lento",
            "vai piano|va piano|piano piano|con calma|calma|meno veloce|meno in fretta",
            "troppo rapido|corri troppo|vai troppo veloce|parli troppo veloce",
            "a rilento|scandisci|scandisci meglio|parli troppo in fretta|piu chiaro",
            "lentamente|parla lentamente|parli lentamente|adagio|parla adagio|parli adagio",
            "sei troppo veloce|sei veloce|sei velocissimo|vai veloce|sei velocissima|lento",
            "lenta",
            "non correre|non andare cosi veloce|non parlare cosi veloce|non cosi veloce",
            "non cosi in fretta|piu calma",
            "piu chiaramente|parla chiaro|parli chiaro",
        ),
        "SLOWER",
    ),
    Entry(
        _any(
            "piu veloce|piu velocemente|piu svelto|piu svelta|piu in fretta|piu rapido",
            "piu rapida|piu spedito|piu spedita|accelera|accelerare|acceleri|troppo lento",
            "troppo lenta|meno lento|velocizza",
            "velocemente|parla velocemente|parli velocemente|rapidamente|sei lentissimo",
            "sei lentissima|sei troppo lenta|sei lenta|lentissimo|veloce|rapido|svelto",
            "piu sciolto|vai piu veloce|parli troppo lento|sei lento|sei troppo lento",
            "va piu veloce|vai piu svelto",
        ),
        "FASTER",
    ),
    Entry(
        _any(
            "piu forte|piu alto|alza|alza il volume|alza la voce|alzare il volume|aumenta",
            "aumenta il volume|alzi il volume|alzi la voce|volume piu alto|non ti sento",
            "non la sento|non ci sento|non sento|non sento niente|non sento bene",
            "non si sente|non si sente niente|sento poco|ti sento poco|parla piu forte",
            "parli piu forte|voce piu alta|a volume piu alto|piu volume|tira su il volume",
            "volume su|su il volume|su col volume|sento troppo basso|sento basso",
            "si sente basso|si sente poco|sento pochissimo|alzi|aumenti|alzare",
        ),
        "LOUDER",
    ),
    Entry(
        _any(
            "piu piano|piu basso|abbassa|abbassa il volume|abbassa la voce",
            "abbassare il volume|abbassi il volume|abbassi la voce|diminuisci il volume",
            "troppo forte|troppo alto|volume piu basso|voce piu bassa|non urlare|urli",
            "stai urlando|meno forte di volume|meno volume|a volume piu basso",
            "non cosi forte|non cosi alto|non urlare cosi|non gridare|gridi|stai gridando",
            "volume giu|giu il volume|giu col volume|mi stai assordando|assordante|mi assordi",
            "piu bassa|piano",
            "sottovoce|piu sottovoce|a bassa voce|diminuisci|riduci|riduci il volume",
            "mi spacchi le orecchie|abbassalo|abbassala|abbassi|abbassare|diminuisca",
        ),
        "QUIETER",
    ),
    Entry(
        _any(
            "breve|brevi|piu breve|piu brevi|sintetico|sintetica|piu sintetico|parla meno",
            "parli meno|meno parole|meno chiacchiere|piu corto|piu corta|corto",
            "dimmi solo l essenziale|solo l essenziale|l essenziale|essenziale",
            "taglia corto|in breve|poche parole|meno dettagli|meno roba|stringato|conciso",
            "piu conciso|messaggi brevi|modalita breve|sii breve|sia breve|fai breve",
            "fai piu corto|parla di meno|chiacchiera meno|meno prolisso|senza tanti giri",
            "stringi|meno lungo|meno chiacchierone|meno cose|di meno|piu in breve",
            "solo le cose importanti|solo l importante|le cose importanti",
            "solo quello che serve|meno commenti|niente commenti|senza commenti|commenta meno",
            "non serve che mi dici tutto|non dirmi tutto|non c e bisogno di dire tutto",
            "corte|cose corte|le cose corte|senza tanti discorsi|senza discorsi|meno discorsi",
        ),
        "BRIEF",
    ),
    Entry(
        _any(
            "normale|normali|come prima|come al solito|torna normale|messaggi normali",
            "modalita normale|verbosita normale|normalmente|come sempre|parla normale",
            "torni a parlare come prima|standard|la solita",
        ),
        "NORMAL",
    ),
    Entry(
        _any(
            "dettagliato|dettagliata|dettagliati|piu dettagli|piu dettagliato|dimmi tutto",
            "con piu particolari|piu particolari|racconta tutto|racconti tutto",
            "piu informazioni|piu info|spiega meglio|con tutti i dettagli|tutti i dettagli",
            "nel dettaglio|modalita dettagliata|messaggi dettagliati|piu lungo|piu lunga",
            "parla di piu|dimmi di piu|piu completo|piu preciso|dettagli|approfondito",
            "piu lunghi|piu lunghe|piu estesi|piu estese|messaggi lunghi|piu dettagliati",
            "messaggi completi|messaggi piu completi|sapere tutto|tutto quello che succede",
            "ogni cosa|ogni mossa|spiegami bene ogni mossa|raccontami ogni mossa",
            "spiegami tutto [per bene]|spiegami bene tutto|spiegami per bene",
            "con tutti i particolari",
            "raccontami tutto|mi racconti tutto|per filo e per segno|in modo piu dettagliato",
            "in modo dettagliato|piu nel dettaglio|con dovizia di particolari",
            "tutto dettaglio|tutto in dettaglio|in dettaglio",
        ),
        "DETAILED",
    ),
    Entry(
        _any(
            "basta|zitto|zitta|zitti|silenzio|stop|taci|smettila|stai zitto|stai zitta",
            "spegni la voce|spegniti|spegni l audio",
            "sta zitto|sta zitta|fai silenzio|fa silenzio|shh|sst|ssh|shhh|basta parlare",
            "basta cosi|chiudi il becco|smetti di parlare|non parlare|zitto un attimo",
            "zitto un momento|taci un attimo|fermati|stai muto|muto|muta|basta chiacchiere",
            "statti zitto|statte zitto|statti zitta|statte zitta|abbozzala|shut up|tasi",
            "stai bona|stai buono",
            "interrompi|interrompiti|smetti|puoi smettere|smetti di parlare|zitto zitto",
            "stia zitto|stia zitta|faccia silenzio|la smetta|smetta di parlare|la finisca",
            "taccia|stia muto|stia muta|si zittisca|zittisciti",
        ),
        "STOP",
    ),
    Entry(
        _any(
            "ripeti|ripeta|ripetere|ripetimelo|ripetilo|ridillo|ridici|ridimmi",
            "dillo di nuovo|dillo ancora|puoi ripetere|me lo ripeti|non ho capito",
            f"{_FAMILY} non ha (capito|sentito)",
            "non ho sentito|non ho capito bene|non ho sentito bene|non ho capito niente",
            "cosa hai detto|che hai detto|come hai detto|come ha detto|cosa ha detto",
            "che ha detto|prego|come dici|come dice",
            "ripetimi|mi ripeti|mi ripete|cos hai detto|eh|che cosa hai detto|repeat",
            "risentire|fammi risentire|rifammi sentire|fallo risentire|fammelo risentire",
            "ridire|puoi ridire|ridirlo|ridimmelo",
            "cosa hai appena detto|che hai appena detto|che cosa hai appena detto",
            "che cosa ha detto|cos ha detto|cosa ha detto|che ha detto",
        ),
        "REPEAT",
    ),
    Entry(
        "scusa|scusi|scusami|mi scusi|scusate|mi scusa|perdona|perdonami|perdoni|pardon",
        "SCUSA",
    ),
    # Apologies of a shy or formal player, said around what is asked; alone they ask nothing
    # (no "say it again", as "scusa?" does)
    Entry(
        _any(
            "scusatemi|mi scusate|perdonate|perdonatemi|mi perdoni|mi perdonate|chiedo scusa",
            "chiedo perdono|le chiedo scusa|vi chiedo scusa|ti chiedo scusa|scusate tanto",
            "scusa tanto|mi scusi tanto|scusate il disturbo|scusa il disturbo",
            "perdonate il disturbo|mi dispiace|mi spiace|sono desolata|sono desolato",
            "chiedo venia|scusateme|scusateci|scusatemi tanto|perdonatemi tanto",
        ),
        "APOLOGY",
    ),
    Entry(
        "ancora|ancora una volta|un altra volta|di nuovo|nuovamente|un altra volta ancora"
        "|n altra volta|n atra volta|nata volta",
        "ANCORA",
    ),
    Entry(
        _any(
            "precedente|messaggio precedente|il messaggio precedente|messaggio di prima",
            "di prima|quello di prima|cosa hai detto prima|che hai detto prima",
            "cosa aveva detto prima|cosa avevi detto prima|prima|detto prima|quello prima",
            "che cosa hai detto prima|che cosa avevi detto prima",
            "messaggio prima|il messaggio prima|torna al messaggio precedente",
            "prima di questo|quello precedente|l altro messaggio|indietro di un messaggio",
            "torna indietro di un messaggio|torna al messaggio di prima|torna al messaggio prima",
            "cosa mi avevi detto|cosa avevi detto|che mi avevi detto|cosa mi hai detto prima",
            "precedente|la precedente",
            # the one before that: "e prima ancora?", "quello che hai detto prima ancora"
            "prima ancora|ancora prima|quello prima ancora|quel che disse prima ancora",
        ),
        "PREV",
    ),
    Entry(
        _any(
            "successivo|seguente|messaggio successivo|messaggio seguente|dopo",
            "il prossimo messaggio|prossimo messaggio|messaggio dopo|al messaggio dopo",
            "quello dopo|quello successivo|avanti un messaggio|il prossimo|che viene dopo",
            "quello che viene dopo",
        ),
        "NEXT",
    ),
    Entry(
        "messaggio|messaggi|frase|frasi|ultimo messaggio|detto|l ultima cosa|ultima cosa"
        "|descrizione|descrizioni|narrazione|racconto|commento|spiegazioni|commenti"
        "|quello che hai detto|l ultimo messaggio|l ultima frase|ultima frase",
        "MESSAGGIO",
    ),
    Entry(
        _any(
            "voci|che voci|quali voci|le voci|voci italiane|voci disponibili",
            "che voci ci sono|altre voci|le voci che hai",
            "cambia voce|cambiare voce|elenca le voci|le voci italiane|cambia la voce",
            "le altre voci",
            "cambiami la voce|un altra voce|voce diversa|altra voce",
        ),
        "VOICES",
    ),
    Entry("voce|la voce|voce numero|la voce numero", "VOCE"),
    *(
        Entry(f"{word} voce|la {word} voce|voce {word}|la voce {word}", "VOICE_ORDINAL", n)
        for n, word in enumerate(
            ("prima", "seconda", "terza", "quarta", "quinta", "sesta", "settima", "ottava"),
            start=1,
        )
    ),
    Entry("usa|usi|usare|usiamo", "USE"),
    Entry(
        _any(
            "microfono|il microfono|micro|mic|microfono funziona|mi senti|mi senti bene",
            "mi sente|mi sente bene|mi senti ora|ci senti|mi sentite|mi sentite bene",
            "sentimi|il microfono mi sente|senti la mia voce|mi senti bene|senti bene",
            "senti quello che dico|senti cosa dico|capisci quello che dico|mi capisci",
            "mi senti o no|se mi senti",
        ),
        "MIC",
    ),
    Entry(
        _any(
            "prova|prova il|provare|proviamo|controlla|verifica|verificare|test",
            "controllare|testare|se funziona|funziona|funzioni|vedere se|acceso|attivo|provi",
            "funzionante|controlliamo|verifichiamo|facciamo una prova|fai una prova",
        ),
        "TEST",
    ),
    Entry(
        _any(
            "automatico|automatiche|automatica|automatici|da solo|da sola",
            "per me quando devo|in automatico|automaticamente|fai tu|fallo tu|pensaci tu",
            "al posto mio quando devo|lo fai tu|le fai tu|falle tu|automatico si",
            "automatiche si|si automatico|automatica si|mosse automatiche|pesca tu|passa tu",
            "attiva le mosse automatiche|le faccia il gioco|le fa il gioco|le fa il computer",
            "le faccia il computer|lo faccia il gioco|pesca al posto mio|passa al posto mio",
            "pesca tu al posto mio|passa tu al posto mio|fallo fare al gioco",
            "falli|falle|falli tu|falle tu|falli da solo|falle da sola|le fai da solo",
            "(fallo|falle|falli|fagli|lascialo|lasciale|lasciali) fare da (solo|sola)",
            "[gli|l] (automatismi|automatismo)",
            "(metti|mettimi|imposta) (l automatico|gli automatismi|le mosse automatiche)",
            "(falle|falli|fallo|lasciale|lasciali|lascialo) fare"
            " (al computer|al gioco|alla macchina)",
        ),
        "AUTO",
    ),
    # the one move left, done by the game ("quando c'è una sola mossa giocala tu"): only
    # beside the forced move it is about; alone it is said to someone at the table
    Entry(
        "(giocala|giocalo|mettila|mettilo|buttala|buttalo) (tu|da solo|da sola)",
        "PLAY_IT_FOR_ME",
    ),
    Entry(
        _any(
            "manuale|manuali|a mano|faccio io|le faccio io|lo faccio io|farle io|farlo io",
            "preferisco farle io|ci penso io|decido io|li faccio io|automatico no",
            "automatiche no|niente automatico|no automatico|automatica no|tutto io",
            "faccio tutto io|fare tutto io|non pescare da solo|non passare da solo",
            "non fare da solo|non farlo da solo|non giocare da solo|niente mosse automatiche",
            "senza automatico|mosse automatiche no|no mosse automatiche|toglile|levale",
            "disattiva le mosse automatiche|togli le mosse automatiche|disattivale",
            "non (farle|farli|farla) da (solo|sola)|non (le|li|lo) fare da (solo|sola)",
            "(le|li|lo) voglio fare io|voglio (farle|farli|farlo) io",
            "fare io|fare da me|faccio da me|le faccio da me|ci penso da me",
            "(falli|falle|fallo|lasciali|lasciale|lascialo|lascia) fare a me|fare a me",
            # "da solo" said of oneself ("li faccio da solo"); of the game it is AUTO ("fai
            # da solo", "fallo fare da solo")
            "[(li|le|lo)] faccio [io] da (solo|sola)|voglio fare [io] da (solo|sola)",
            "voglio (farle|farli|farlo) [io] da (solo|sola)|(le|li|lo) voglio fare da (solo|sola)",
            "preferisco fare da (solo|sola)|(li|le|lo) faccio per conto mio",
            # "spegni l'automatico", "lascia stare gli automatismi"
            "(spegni|togli|levami|lascia stare|lascia perdere) (l automatico|gli automatismi"
            "|le mosse automatiche|le pescate automatiche)",
        ),
        "MANUAL",
    ),
    Entry(
        _any(
            "mosse obbligate|mossa obbligata|pescate obbligate|pescata obbligata",
            "obbligate|obbligata|forzate|mosse forzate|pescate|passaggi obbligati",
            "quando devo|quando serve|quando tocca|quando non posso giocare",
            "le pescate|quando devo pescare|quando devo passare|le mosse forzate",
            "se devo pescare per forza|quando devo pescare per forza|se devo passare per forza",
            "quando non ho scelta|se non ho scelta|quando sono obbligato|quando sono costretto",
            "(quando|se) (sono|siamo|sei|si e) (obbligato|obbligata|obbligati|costretto|costretta"
            "|costretti|forzato|forzata)",
            "obbligato|obbligati|obbligatorie|obbligatori|forzati|forzato|forzata|costretto",
            "costretta|passi obbligati|i passi obbligati",
            # "quando c'è una sola mossa", "se posso fare solo una mossa": no choice left
            "(quando|se) (c e|ce|ho|resta|rimane|mi resta|mi rimane) (una sola|solo una|un unica"
            "|una unica) (mossa|tessera|possibilita|scelta) [possibile|giocabile|da giocare]",
            "(quando|se) (posso|si puo) (fare|giocare) (solo|soltanto) una (mossa|tessera)",
        ),
        "FORCED",
    ),
    # --- answers
    Entry(
        _any(
            "si|si si|sisi|si certo|si sicuro|conferma|confermo|confermato|si confermo",
            "certo che si|esatto si|affermativo|si si si|ma si|si esatto|assolutamente si",
            "si giusto|si va bene|si voglio|si certamente|sicuramente si|proprio si",
            "si certo certo|sono sicuro|sono sicura|si sono sicuro|yes",
            "sissignore|si signore|sissi|sicurissimo|sicurissima|certissimo|certissima",
        ),
        "YES",
    ),
    # "certo", "sicuro": a yes alone; said twice over ("certo, certo") or with a mere "va bene"
    # ("certo, va bene") it only agrees (the frames "yes" and "agree")
    Entry("certo|certamente|esatto|esattamente|sicuro|sicuramente|assolutamente", "SURE"),
    Entry(
        _any(
            "giusto|perfetto|benissimo|volentieri",
            "va bene|va benissimo|ok|okay|okey|oki|d accordo|vabbe|vabbuo|vabbuono|va be",
            "va ben|vabene|faccia pure|fai pure|fate pure|come vuoi|come vuole|ovvio",
            "ovviamente|naturalmente|senz altro|bene|benone|ottimo|d accordissimo",
            "va bon|vabbon|e va bene|e vabbe|direi di si|penso di si|credo di si|vabbuo",
            "capito|ho capito|ricevuto|inteso|chiaro|come no|d accordo allora",
            "per me va bene|a me va bene|mi va bene|va bene per me|per me ok",
        ),
        "AGREE",
    ),
    Entry(
        _any(
            "no|no no|no grazie|assolutamente no|no no no|nah|noo|ma no|macche|negativo",
            "nossignore|no signore|ma per carita|ci mancherebbe altro",
            "di no|direi proprio di no|proprio no",
            "ho sbagliato a dire|ho detto male|ho detto una cosa sbagliata",
        ),
        "NO",
    ),
    Entry(
        _any(
            "meglio di no|non voglio|non ancora|nemmeno per sogno|neanche per sogno",
            "manco per idea|manco per sogno|per niente|niente affatto|lascia stare",
            "lascia perdere|lasciamo stare|lasciamo perdere|non importa|non fa niente",
            "fa niente|niente|nulla|non se ne parla",
            "ma quando mai|annulla tutto|direi di no|penso di no|credo di no",
            "ho cambiato idea|cambiato idea|ci ho ripensato|ho cambiato parere",
            "neanche per idea|nemmeno per idea",
        ),
        "NO_ANSWER",
    ),
    # Staying in the game: the answer "no" to "Vuoi uscire?", which an undo word beside it
    # only calls off ("no aspetta, annulla, non voglio uscire" leaves nothing to take back).
    Entry(
        _any(
            "resto|rimango|resto qui|rimango qui|resto ancora|ci resto|rimaniamo|restiamo",
            "continuo a giocare|voglio continuare a giocare|voglio continuare",
            "non voglio uscire|non esco|non voglio smettere|non voglio chiudere|non uscire",
            "non voglio andare via|non voglio andarmene|non me ne vado|non vado via",
            "non volevo uscire|non volevo chiudere|non volevo smettere",
            "gioco ancora|voglio giocare ancora|voglio restare",
            "voglio rimanere|resto in partita|rimango in partita",
        ),
        "STAY",
    ),
    Entry(
        _any(
            "aspetta|aspe|aspetti|fermo|ferma",
            "fermi|alt|frena|aspetta un attimo|aspetta un momento|attendi",
            "pausa",
        ),
        "WAIT",
    ),
    Entry("non|mica|manco|nemmeno|neanche|nn|minga", "NON"),
    # a plea around a request ("abbassa un po' il livello, per carità"); "ma per carità" is no
    Entry("per carita|per pieta|vi prego", FILLER),
    # how it should be ("solo testa e coda, come si deve"); to whom a table opens
    Entry("come si deve|come dio comanda", FILLER),
    # "quello grande, fino al nove": the set said by its size beside its top number
    Entry("(quello|quella|quelle|quelli) (grande|grandi|grosso|grossi|piccolo|piccoli)", FUNCTION),
    # the game named as a thing ("cosa si può dire a questo coso?")
    Entry("[a|con|di|da] (questo|sto|quel) (coso|aggeggio|affare|arnese|trabiccolo)", FILLER),
    Entry("(a|per) chi vuole (entrare|venire|unirsi|giocare)", "NEWCOMERS"),
    Entry("(apri|crea|fai|fammi) una (stanza|sala|stanzetta) [nuova]", "A_TABLE"),
    # "tiro fuori il doppio bianco": a tile taken out of the hand is played
    Entry("tiro fuori|tira fuori|tirare fuori|tiriamo fuori|caccio fuori|caccia fuori", "PLAY"),
    # the elided "mi" ("icché tu m'hai impostato?")
    Entry("m", FUNCTION),
    Entry("colleghi|mi colleghi|connetti|mi connetti|collegarmi|connettermi", "ONLINE"),
    Entry("lista [dei] comandi|elenco [dei] comandi|la lista dei comandi", "HELP"),
    Entry("ridice|me lo ridice|lo ridice|ridica|me lo ridica|ridirmelo|mi ridice", "REPEAT"),
    Entry("la sintesi|sintesi vocale|la sintesi vocale|il sintetizzatore", "VOCE"),
    Entry(
        "(tiralo|tirala|tiratelo|sorteggialo|sorteggiala|estrailo|estraila) a sorte"
        "|(sorteggialo|sorteggiala|estrailo|estraila)",
        "RANDOM",
    ),
    Entry("[cosa|che] (c e|ce) (gente|qualcuno)|chi c e collegato", "WHO_THERE"),
    Entry("pescate obbligate|le pescate obbligate|pescate forzate|le pescate forzate", "FORCED"),
    Entry("cioe|volevo dire|intendevo|anzi no|no scusa|anzi", "CORRECTION"),
    # The talk is over, now the game: "oggi fa un caldo, comunque passo".
    Entry(
        "comunque|comunque sia|ad ogni modo|in ogni caso|detto questo|tornando a noi|e niente"
        "|va be dai|vabbe dai",
        "TURN_TO",
    ),
    Entry("non so|non lo so|non saprei|non ricordo|non mi ricordo|ho dimenticato", "DONT_KNOW"),
    Entry(
        _any(
            "uffa|mannaggia|accidenti|porca miseria|porca vacca|porca paletta|cavolo|cavoli",
            "caspita|perbacco|accipicchia|mamma mia|madonna|madonna mia|oddio|oh dio|dio mio",
            "santo cielo|ahi|ahia|ahime|peccato|che peccato|evvai|evviva|urra|che sfiga",
            "che fortuna|che palle|che barba|che noia|che rabbia|accidenti a me|maledizione",
            "ostrega|orpo|mizzica|minchia|cazzarola|acciderba|oh no|oh ma|ma dai|ma va",
            "(sempre|ogni volta) la stessa storia|la solita storia|sempre cosi",
            "gesu|gesu mio|gesu maria|madonna santa|mamma mia bella",
            "lol|ahah|ahahah|haha|hahaha|xd|lmao|gg|ez|sigh|uffi",
        ),
        "EXCL",
    ),
    # A question said without a question word: "devo pescare o no".
    Entry("o no|oppure no|si o no|vero|o sbaglio|giusto o no|no vero|o cosa", "QTAG"),
    # Someone else's words: "Marco ha detto passo", "dice che pesca".
    Entry(
        _any(
            "ha detto|dice|diceva|disse|ha detto di|mi ha detto|gli ho detto|le ho detto",
            "ho detto di|dicono|hanno detto|aveva detto|dice che|ha detto che|ho detto che",
            "gli dico|le dico|ti ho detto|ti dico che|mi diceva|secondo lui",
            "secondo lei|ha risposto|risponde",
        ),
        "REPORT",
    ),
    # Whoever helps at the table passing on the player's words or wish: "la nonna dice il tre
    # e sei", "il nonno vuole le coppie" (someone at the table, "Marco ha detto", stays REPORT).
    Entry(
        f"{_FAMILY} (dice|ha detto|dice di|ha detto di|vuole|vorrebbe|preferisce|desidera"
        "|sceglie|ha scelto|decide|ha deciso|fa|vuole fare|vorrebbe fare)",
        "RELAY",
    ),
    # Fed up: said to leave ("basta, mi sono rotto").
    Entry(
        _any(
            "mi sono rotto|mi sono rotta|mi sono stufato|mi sono stufata|mi sono stancato",
            "mi sono stancata|sono stanco|sono stanca|sono stufo|sono stufa|sono cotto",
            "non ne posso piu|ne ho abbastanza|ne ho avuto abbastanza|sono distrutto",
            "(ho|abbiamo) giocato (abbastanza|troppo|a sufficienza)",
            "me ne vado a (dormire|letto|nanna)|e ora di (dormire|andare a letto) per me",
            "per (oggi|stasera) (e abbastanza|puo bastare)|per stasera (ho|abbiamo) finito",
        ),
        "FED_UP",
    ),
    # Said of how one played: never a command ("ho giocato abbastanza bene" is no "basta").
    Entry(
        "(ho|abbiamo|hai|ha|hanno) giocato [abbastanza|molto|proprio|davvero|troppo] (bene|male)",
        "REMARK",
    ),
    # --- at a network table (issue 23: dialog.network carries these out)
    Entry(
        _any(
            "in rete|online|on line|per internet|su internet|via internet|in internet|rete",
            "internet|a distanza|da remoto|in remoto|sul server|al server|server",
            "collegati|collegami|connettiti|connettimi|collegarsi|mi collego|colleghiamoci",
            "connettersi|collegarmi|connettermi|collegato|connesso|connessi|in linea",
            "(vado|andiamo|andare|annamo) (online|on line|in rete|su internet)",
            "(entra|entro|entriamo|entrare) (online|on line|in rete|su internet)",
        ),
        "ONLINE",
    ),
    Entry(
        _any(
            "con gli amici|con i miei amici|con amici|con gli altri amici|con altre persone",
            "con persone vere|con gente vera|con i parenti|con gli amici in rete",
            "con l amici|coi miei|con i miei|coi miei amici|con le amiche|con l amiche",
            f"con {_FAMILY}|con i (miei|nostri) (parenti|cugini|figli|nipoti|fratelli)",
        ),
        "FRIENDS",
    ),
    Entry("crea|creare|crei|creiamo|creo|creami|apri|apro|aprire|apra|nuovo", "CREATE"),
    # A table (not "il tavolo", the tiles on it): one to make.
    Entry(
        "un tavolo|un nuovo tavolo|un tavolo nuovo|un altro tavolo|una stanza|una stanza nuova"
        "|una nuova stanza|una sala|un tavolo (privato|riservato|tutto nostro|solo per noi)",
        "A_TABLE",
    ),
    Entry("riempi|riempire|riempiamo|completare|completiamo", "FILL"),
    *(Entry(phrases, "TIMER", seconds) for seconds, phrases in _TURN_TIMER_WORDS.items()),
    # the time said as each player's ("un minuto a testa", "due minuti ciascuno"): "a testa"
    # after a time is no side
    *(
        Entry(f"({phrases}) {_EACH_PLAYER}", "TIMER", seconds)
        for seconds, phrases in _TURN_TIMER_WORDS.items()
    ),
    # "un tavolo dove ognuno c'ha un minuto": who has the time, said before it
    Entry(
        "[dove|in cui|e|che|cosi] (ognuno|ciascuno|ogni giocatore|ognuno di noi|ciascuno di noi"
        "|tutti|ognuno dei giocatori) (ha|c ha|ci ha|abbia|hanno|abbiano|avra|avranno|tiene"
        "|ha a disposizione|ha al massimo|ha massimo|gioca con|giochi con|deve giocare in"
        "|deve giocare entro|gioca in|giochi in)",
        "TIMER_WORD",
    ),
    Entry(
        "dove si ha|dove si hanno|dove si gioca con|dove si gioca in|in cui si ha|dove hai"
        "|per pensare|per decidere|per rispondere|per la mossa|per fare la mossa"
        "|di riflessione|per riflettere|a persona|per persona|a giocatore|a ciascuno"
        "|per ciascuno|ciascuno|a ognuno|per ognuno",
        "TIMER_WORD",
    ),
    Entry(
        _any(
            "timer|col timer|con il timer|con timer|cronometro|col cronometro|a tempo",
            "tempo per mossa|tempo a mossa|limite di tempo|tempo limite|per ogni mossa|tempo",
            "il tempo|tempo massimo",
        ),
        "TIMER_WORD",
    ),
    Entry(
        _any(
            "entra|entro|entrare|entriamo|entri|entrate|siediti|mi siedo|sediamoci|siedimi",
            "unisciti|mi unisco|uniamoci|unirmi|portami|mettimi al|mettimi nel|mettimi li",
            "accedi|accedo",
            "(mettimi|portami|mandami|fammi entrare) (a|al|in|nel) (quel|questo)",
            # "vado al tavolo 1234", "partecipa al tavolo", "aggiungimi al tavolo"
            "(partecipa|partecipo|partecipare|partecipiamo|aggiungimi)",
            "(vado|andiamo|vai|andare) (al|nel|sul) tavolo",
        ),
        "JOIN",
    ),
    Entry(
        "codice|il codice e|codice del tavolo|col codice|con il codice|con codice|il numero e"
        "|il numero del tavolo e|numero del tavolo",
        "CODE_WORD",
    ),
    Entry(
        _any(
            "come spettatore|come spettatrice|da spettatore|da spettatrice|spettatore",
            "spettatrice|solo a guardare|a guardare|per guardare|guardare|solo per guardare",
            "senza giocare|guarda il tavolo|guardo il tavolo|fammi guardare|voglio guardare",
        ),
        "SPECTATOR",
    ),
    Entry(
        _any(
            "un computer|un bot|un altro computer|un altro bot|un robot|un giocatore computer",
            "un giocatore del computer|una macchina|un computer in piu|computer in piu",
            "altro computer|altro bot|un giocatore virtuale",
        ),
        "A_COMPUTER",
    ),
    # A seat of a network table by its place, as the game names it ("il computer al terzo
    # posto", "quello del posto tre"): its number counts from one
    *(
        Entry(
            f"[quello|che (sta|e|gioca)] [il|al|dal|del|nel|sul] posto [numero]"
            f" ({_any(*_pip_words(place))})"
            f"|[quello|che (sta|e|gioca)] [il|al|dal|del|nel|sul] {ordinal} posto",
            "PLACE",
            place,
        )
        for place, ordinal in enumerate(("primo", "secondo", "terzo", "quarto"), start=1)
    ),
    Entry(
        _any(
            "al posto vuoto|nel posto vuoto|posto vuoto|posti vuoti|ai posti vuoti",
            "al posto libero|posto libero|posti liberi|che manca uno|ne manca uno",
            "manca un giocatore|ci manca uno",
        ),
        "EMPTY_SEAT",
    ),
    Entry(
        _any(
            "chi c e|chi ce|chi ci sta|chi ci sono|chi sta giocando|chi c e a giocare",
            "chi ci sta a giocare|chi e seduto|chi e collegato|chi e connesso|chi e arrivato",
            "chi e entrato|chi siede|chi sono gli altri|chi gioca con noi|chi c e con me",
            "chi ci sta con me|chi gioca al tavolo|chi gioca a questo tavolo|chi e presente",
            "chi e qui|chi sta al tavolo|chi c e seduto|chi ce seduto|chi sta seduto",
            "chi si e seduto",
        ),
        "WHO_THERE",
    ),
    Entry(
        _any(
            "bella mossa|bel colpo|bella giocata|ben fatto|ben giocato|ottima mossa|gran mossa",
            "grande mossa|complimenti|bravo|brava|bravi|bravissimo|bravissima|che mossa",
            "che bella mossa|ha fatto una bella mossa|hai fatto una bella mossa|bella partita",
            "ottimo colpo|gran colpo|colpo da maestro|ottima giocata|bella questa",
        ),
        "PRAISE",
    ),
    Entry(
        _any(
            "grazie|grazie mille|grazie tante|grazie davvero|grazie a tutti|grazie ragazzi",
            "grazie a tutti quanti|grazie a voi",
            "ringrazia|ringrazia tutti|ringraziali|grazie di tutto|grazie della partita",
            "grazie per la partita|mille grazie|ti ringrazio|vi ringrazio|grazie infinite",
            "ve ringrazio|la ringrazio|le ringrazio|grazie assai|grazie di cuore|tante grazie",
        ),
        "THANKS",
    ),
    Entry(
        _any(
            "un momento|un attimo|un secondo|momento|attimo|solo un attimo|solo un momento",
            "aspettate|aspettatemi|aspettami|aspettate un attimo|aspettate un momento",
            "attendete|fatemi pensare|lasciatemi pensare|aspettare|datemi un attimo",
            "dammi un attimo|dammi un secondo|un attimo di pazienza|pazienza",
            "datemi un secondo|datemi un momento|dammi un momento|abbiate pazienza|abbi pazienza",
            # told to the others ("scrivi agli altri di aspettare un attimo")
            "aspettare un attimo|aspettare un momento|aspettare un secondo|aspettare un po",
            # a wait asked while thinking: "un attimo che ci penso" (thinking alone is none)
            "(un attimo|un momento|un secondo|un mom) che (ci penso|ci sto pensando|ci ragiono)",
        ),
        "MOMENT",
    ),
    # Thinking aloud ("fammi pensare", "ci sto pensando") is said to oneself: a message only
    # beside a wait ("un attimo, ci penso") or when told to the others ("digli che ci penso").
    Entry(
        _any(
            "ci penso|ci devo pensare|devo pensarci|fammi pensare|fammici pensare|ci ragiono",
            "fammi ragionare|ci sto a pensare|sto a pensare",
        ),
        "THINK",
    ),
    Entry(
        _any(
            "ciao|ciao ciao|ciao a tutti|ciao ragazzi|saluta|saluta tutti|saluti|salutali",
            "saluta gli altri|un saluto|un saluto a tutti|salutami tutti",
        ),
        "GREET",
    ),
    # Said to pass a message on: "digli", "mandaglielo" (a clause of these says nothing).
    Entry(
        _any(
            "digli|dille|diglielo|di agli altri|dite|dillo a tutti|dillo agli altri|manda",
            "mandalo|mandaglielo|mandagli|manda a tutti|invia|invialo|scrivi agli altri",
            "fai sapere agli altri|fagli sapere|agli altri|a tutti|a l altri|all altri|a li altri",
            "scrivigli|scrivile|scrivi loro|scriviglielo|mandagli a dire",
            "(digli|dille|dicci|ditegli|di loro|dite|di a tutti|di agli altri|fagli sapere) che",
            f"(di|dici|dica|dicci|digli|dille|dillo|diglielo|manda|mandalo) a {_FAMILY} [che]",
            "fai sapere agli altri che|dillo a tutti che|dillo agli altri che",
        ),
        "TELL_THEM",
    ),
    Entry(
        "lascio|lascia|lasciare|lasciamo|lasciate|mi alzo|alzati|ci alziamo|alzami|fammi alzare"
        "|tirami fuori|portami via|fammi uscire|mi tolgo|mi levo",
        "LEAVE",
    ),
    Entry(
        _any(
            "chiudi il tavolo|chiudere il tavolo|chiudiamo il tavolo|chiudo il tavolo",
            # the article as the regions say it ("chiudi lu tavulu", "chiudi u tavolo")
            "(chiudi|chiudere|chiudiamo|chiudo) (lu|u|el) tavolo",
            "chiudi le porte|chiudi l accesso|blocca il tavolo|tavolo chiuso",
            "non far entrare nessuno|non fare entrare nessuno|niente nuovi arrivi",
            "siamo al completo|siamo completi|al completo|non far entrare altri",
            "non fare entrare altri|non far entrare piu nessuno|nessun altro",
            "non (fate|fare|far) entrare (piu nessuno|nessuno|altri|piu|nessun altro)",
            "chiudi le iscrizioni|niente iscrizioni|basta iscrizioni|chiudi le porte",
        ),
        "CLOSE_TABLE",
        True,
    ),
    Entry(
        _any(
            "riapri il tavolo|riaprire il tavolo|riapriamo il tavolo|riapri|apri il tavolo",
            "apri le porte|tavolo aperto|fai entrare altri|lascia entrare|lasciali entrare",
            "fai entrare chi vuole|riapri l accesso|riapri le porte|riapri le iscrizioni",
            "apri le iscrizioni|(riapri|riaprire|riapriamo) (lu|u|el) tavolo",
        ),
        "CLOSE_TABLE",
        False,
    ),
    # Words that open a remark: what follows them is no command ("a cento, tanto...").
    Entry(
        _any(
            "tanto|perche|perche tanto|siccome|visto che|dato che|come al|come si faceva",
            "come una volta|come al bar|come al circolo|cosi almeno|almeno|che cosi",
            "che tanto|io con|che so|che sono|non ho|non tengo|non c ho|non trovo",
            "quella con|quello con|quella dove|quello dove|quella in cui|quello in cui",
            "quella che|quello che|quella dei|quello dei|quella del|quello del",
            "al posto di|al posto del|al posto della|invece di|invece del|invece della",
        ),
        "ASIDE",
    ),
    # --- issue 20, third round: more of the words people use for the same things
    # the formal register's framing: "le sarei grata se potesse", "se fosse possibile"
    Entry(
        _any(
            "(le|ti|vi) sarei (grato|grata|riconoscente|obbligato|obbligata) [se]",
            "se fosse possibile|se fosse cosi gentile|quando e pronto|quando e pronta",
            "quando sei pronto|quando sei pronta|quando vuoi|quando vuole|quando volete",
            "purtroppo|per fortuna|temo di dover|temo di|pian piano",
            "mi sembrerebbe|sembrerebbe|mi sembrava|mi parrebbe|direi quasi",
            "(mi|ci) (faccia|fai|fate|faresti|farebbe) il piacere di|fammi il piacere di",
            "ajo|aio|ajoo|bonu",
        ),
        FILLER,
    ),
    Entry("vorrebbe|vorreste|vuole|potesse|potrebbe gentilmente|sarebbe cosi gentile", "CAN_YOU"),
    Entry("mi farebbe sapere|mi fareste sapere|fammi sapere|mi fa vedere", "ASKF"),
    Entry("fissa|fissare|fissiamo|fissate|passare a|passare alla|passare al", "SET"),
    Entry("colloca|colloco|collocare|collochi|pongo|poniamo|porre", "PLAY"),
    Entry("ringrazia|ringrazio|ringraziare|ringraziali|ringrazia tutti|ringraziamo", "THANKS"),
    Entry(
        "sto pensando|ci sto pensando|sto riflettendo|sto ragionando|fammi riflettere",
        "THINK",
    ),
    # thinking aloud about a choice: "sto pensando se pescare o no" is no request
    Entry("sto pensando se|ci sto pensando se|pensavo se|stavo pensando se", "ASIDE"),
    Entry("sono [un po|troppo|molto] (lento|lenta|lenti|lente)", "ASIDE"),
    # a complaint about one's lot names a move, and asks for none: "uffa, sempre io devo
    # pescare", "tocca sempre a me passare" ("devo pescare" alone stays the draw)
    Entry(
        "(sempre|ogni volta|tutte le volte|sempre e solo) (io|a me|tocca a me)|tocca sempre a me",
        "ASIDE",
    ),
    # whom a message is for: "a chi ha giocato", "tutti al tavolo"
    Entry("a chi ha (giocato|fatto la mossa|appena giocato)", "TELL_THEM"),
    Entry(
        _any(
            "per [i] nuovi|ai nuovi|ai nuovi arrivati|a nuovi giocatori|ai nuovi giocatori",
            "a chi arriva|per chi arriva|agli ospiti|altri ospiti|nuovi ospiti|ospiti",
        ),
        "NEWCOMERS",
    ),
    Entry("chiuda il tavolo|chiudete il tavolo|chiuderei il tavolo", "CLOSE_TABLE", True),
    Entry("via il|via l|via i|fuori il|fuori l|fuori i", "WILD_OFF"),
    Entry(
        "giocatore automatico|il giocatore automatico|giocatore virtuale|il giocatore virtuale",
        "A_COMPUTER",
    ),
    Entry("guardo|guardiamo|assistere|assisto|assistiamo|osservare|osservo", "SPECTATOR"),
    Entry("raggiungerla|raggiungerlo|raggiungerli|raggiungo|raggiungi", "JOIN"),
    Entry("mi ha dato il codice|mi hanno dato il codice|ho il codice", "CODE_WORD"),
    Entry(
        _any(
            "in collegamento|collegamento|attraverso internet|via internet|su internet",
            "per internet|col computer in rete",
        ),
        "ONLINE",
    ),
    Entry(
        _any(
            "con persone|con gente|con altri giocatori|con giocatori veri|con delle persone",
            "con le (mie|nostre) amiche|con le amiche|con amiche",
            "con (i|le) (miei|mie) (amici|amiche)",
            # "una stanza per me e i miei nipoti"
            "per me e (i|le) (miei|mie) (amici|amiche|nipoti|figli|cugini|parenti)",
            "(per|e) (i|le) (miei|mie|nostri|nostre) (amici|amiche|nipoti|figli|cugini|parenti)",
        ),
        "FRIENDS",
    ),
    # questions in everyday words
    Entry(
        "se la (cava|sta cavando|cavano|stanno cavando)|come sta andando|come se la passa",
        "STANDING",
    ),
    Entry("si e aggiudicato|si e aggiudicata|si e aggiudicato la|ha conquistato", "VINTO"),
    Entry("rimasto|rimasta|restato|restata|rimasti da|rimaste da", "RESTANO"),
    Entry("sono state|sono stati|e stata scelta|e stato scelto", FUNCTION),
    Entry("mi sente bene|mi senti bene|mi sentite bene|ci sente bene|sente bene", "MIC"),
    Entry("non conosco|non le conosco|non conosco bene|non so bene", "DONT_KNOW"),
    # answers
    Entry("ancora no|no ancora|per ora no|adesso no", "NO"),
    Entry(
        "restare|rimanere|preferisco restare|preferisco rimanere|io resto|io rimango",
        "STAY",
    ),
    Entry("come (preferisci|preferisce|preferite|credi|crede|ritieni|ritiene)", "AGREE"),
    # a move: "non avendo niente da giocare"
    Entry("non avendo (nulla|niente) [da (giocare|mettere|attaccare)]", "PASS_IDIOM"),
    # the arms of a spinner in other words: "in su", "sul braccio superiore"
    Entry(
        "in su|verso su|verso l alto|superiore|[sul|nel|al] braccio superiore|di sopra in su",
        "SIDE",
        Side.UP,
    ),
    Entry(
        "in giu|verso giu|verso il basso|inferiore|[sul|nel|al] braccio inferiore",
        "SIDE",
        Side.DOWN,
    ),
    # options: "più punti nel pezzo", "uno a caso", "apertura a quattro braccia"
    Entry("[con] piu punti (nel pezzo|nella tessera|sulla tessera|sul pezzo)", "HEAVIEST"),
    Entry("uno a caso|qualcuno a caso|chi capita|a sorte|a caso uno", "RANDOM"),
    Entry(
        "[l] apertura (a|in) quattro (braccia|bracci|direzioni|lati)"
        "|[si] (apre|apra|aprisse|aprira|aprire) in quattro"
        " [direzioni|parti|lati|bracci|braccia|vie]",
        "FOUR_WAYS",
    ),
    Entry(
        "[le|alle] (tessere|pedine) (normali|solite|di sempre)",
        "TILE_SET",
        6,
    ),
    Entry("[il] set fino (al|a) nove|[il] set col nove", "TILE_SET", 9),
    Entry("[il] set fino (al|a) sei|[il] set col sei", "TILE_SET", 6),
    Entry("al gioco|del gioco|nel gioco", "VARIANTE"),
    Entry(
        "piu giusto che|meglio che|e meglio che|sarebbe meglio che|sarebbe giusto che"
        "|preferirei che",
        "WANT",
    ),
    Entry("come (facevamo|facciamo sempre|si fa sempre|si faceva sempre)", "ASIDE"),
    Entry("non (corra|correre|correte) [cosi|tanto]|non andare cosi veloce|vai piano", "SLOWER"),
    # thinking aloud before a move: "eh niente, pesco"; luck bemoaned
    Entry("eh niente|ah niente|niente niente|e niente niente", "TURN_TO"),
    Entry(
        "che sfortuna|sfortuna|che iella|iella|che scalogna|scalogna|che sfiga|orcocan|ciumbia"
        "|bedda matri|mamma mia bedda",
        "EXCL",
    ),
    Entry("(andiamo|annamo|vado|torno|ce ne andiamo) a casa", "FED_UP"),
    Entry(
        "avrei bisogno di|ho bisogno di|mi serve di|mi servirebbe|(credo|penso) proprio (che|di)",
        "WANT",
    ),
    Entry(
        "per me basta [cosi]|(per oggi|per stasera) basta cosi|basta cosi per me"
        "|mi arrendo|getto la spugna|alzo bandiera bianca",
        "FED_UP",
    ),
    Entry(
        "in vantaggio|in svantaggio|siamo avanti|siamo indietro|chi e avanti"
        "|(sto|stiamo) (perdendo|vincendo)|chi sta perdendo|come sto messo|come sto messa"
        "|come sto andando|come stiamo andando",
        "PUNTEGGIO",
    ),
    Entry("rematch|revenge|la rivincita subito", "NEW_GAME"),
    Entry("[il] computer piu (bravo|cattivo)", "LEVEL_UP"),
    # "nu pozzu" (Sicilian): I cannot play
    Entry("nu posso|nu tengo niente|nu ho niente", "PASS_IDIOM"),
    # "che mano è, la terza?"
    Entry("[la] (seconda|terza|quarta|quinta|sesta|settima|ottava|nona|decima)", "ORDINAL"),
    # the double that opens ("che il primo doppio si apra in croce")
    Entry("aprisse|si aprisse|si aprira|aprira", "OPENS"),
    # "attiva lo spinner, così la nonna si diverte": after a command, what it is for
    Entry("cosi", "SO_THAT"),
    # hurrying the others along: no request to the game ("avanti, muoviti" goes on)
    Entry("sbrigati|sbrigatevi|si sbrighi|muoviti|muovetevi|dai su muoviti", "HURRY"),
    # the rules asked in other words: "come si conta il punteggio?", "a cosa serve il jolly?"
    Entry(
        "come si (conta|contano|calcola|calcolano|fanno) [i punti|il punteggio]|quando si vince"
        "|come si vince|quando finisce la partita|come finisce la partita",
        "REGOLE",
    ),
    Entry(
        "cosa vuol dire|che vuol dire|cosa significa|che significa|a cosa serve|a che serve",
        "EXPLAIN",
    ),
    Entry(
        "non capisco|non ti capisco|non si capisce|non ti ho capito|non ho sentito bene", "REPEAT"
    ),
    # a new match like the last: "con le stesse regole"
    Entry("con le stesse (regole|impostazioni)|uguale a prima|come quella di prima", FILLER),
    # not for the game: "a tavola!" is dinner
    Entry("a tavola", "REMARK"),
    # (issue 20, writers 15-16) the ceremonious register: courtesy that says nothing more
    Entry(
        _any(
            "mi duole|mi rincresce|mi permetta|mi consenta|la prego|sarei grato se",
            "sarei grata se|le sarei grato se|se non le spiace|se non ti spiace|se non vi spiace",
            "se non le reca disturbo|se per lei va bene|quando lei e pronto|quando sei pronto",
            "in questa situazione|a questo punto|ho detto|l ho detto|te l ho detto",
            "ue|cara|caro|correnti|attuali|di la|di qua|per di la|di li",
        ),
        FILLER,
    ),
    # (issue 20) someone in the room called by a word of kin or affection: what the sentence
    # says is said to them ("tesoro, abbassa la voce", "parla più forte, mamma")
    Entry("mamma|mammina|papa|papi|babbo|amore|amore mio|tesoro|tesoro mio|tesoruccio", NAME),
    Entry("volesse|mi voglia|voglia|desidero|desidererei|meglio", "WANT"),
    # "senza jucà": the cut infinitive of a dialect read as the verb it is ("gioca")
    Entry("semplice spettatore|come semplice spettatore|senza gioca|solo guardare", "SPECTATOR"),
    Entry("potrebbe|potreste|potrebbero", "CAN_YOU"),
    Entry("domando se|chiedo se|mi domando se", "ASKF"),
    Entry("mi sia consentito|mi e consentito|e consentito|sia consentito|mi e permesso", "POSSO"),
    Entry("mi conceda|concedimi|mi concede", "TAKE"),
    Entry("riepilogare|riepiloga|riepilogami|ricapitolare", "ASKF"),
    Entry("rivolgere|rivolgerle|rivolgerti|rivolgervi|darle|darti", FUNCTION),
    Entry("consigliami|mi consigli|consiglia|consigli|consigliare|mi consiglia", "HINT"),
    Entry("dare inizio|diamo inizio|dai inizio|dia inizio|diamo il via|dai il via", "START"),
    Entry("congedarmi|congedarsi|mi congedo|ritirarmi|mi ritiro", "QUIT"),
    Entry("dispongo|disponi|disponga", "PLAY"),
    Entry("piu agguerrito|piu agguerrita|piu tosto|piu tosta|piu sveglio", "LEVEL_UP"),
    Entry("piu sommesso|piu sommessa|piu sommessi|piu zitto|piu zitta|piu zitti", "QUIETER"),
    Entry("bianco matto|bianchi matti|matto", "JOLLY"),
    Entry("squadra|in squadra|a squadre", "PAIRS"),
    Entry("davanti|di fronte", FUNCTION),
    Entry("porga|porgi", "TELL_THEM"),
    Entry("presenti|ai presenti", "ALL"),
    Entry("portami|portami li|portami la", "JOIN"),
    Entry("concedendo|dando", FUNCTION),
    Entry("braccio|al braccio|sul braccio|nel braccio", FUNCTION),
    Entry(
        "ctrl z|control z|controllo z|control zeta|controllo zeta|ctrl zeta|comando zeta", "UNDO"
    ),
    # "voglio solo guardare il tavolo 2219, non gioco": watching, not a negated move
    Entry("non gioco|non giocare|non per giocare|non giochero|io non gioco", "NOT_PLAYING"),
    Entry("seduto|seduti|seduta|assittati", FUNCTION),
    Entry("deve aprire|deve aprire sempre|deve iniziare|deve cominciare|deve partire", "LEADER"),
    # a young player's English made Italian verbs ("startiamo", "quitto", "joina il tavolo")
    Entry("startiamo|starta|startare|startiamo la partita", "START"),
    Entry("quitto|quitta|quittare|quittiamo", "QUIT"),
    Entry("joina|joino|joinare|joiniamo", "JOIN"),
    Entry("hosto|hostare|hosta", "CREATE"),
    Entry("hint|un hint", "HINT"),
    Entry("next", "GO_ON"),
    Entry("decida|decidera", "DECIDE"),
    # "ne lunghe ne corte": the messages as they were
    Entry(
        "ne (lunghe|lunghi|lunga|lungo) ne (corte|corti|corta|corto)"
        "|ne (corte|corti|corta|corto) ne (lunghe|lunghi|lunga|lungo)",
        "NORMAL",
    ),
    Entry("se proprio|se proprio insiste|se proprio insisti|se proprio devo", "AGREE"),
    Entry("figurati|si figuri", "NO_ANSWER"),
    # "mentre pensavo", "finche non si riesce": what follows says when, and asks nothing
    Entry("finche|fino a quando|fin quando", "SO_THAT"),
    Entry("l ha chiusa|l ha chiuso|ha chiuso la", "VINTO"),
    Entry("in coda alla fila|in fondo alla fila", "SIDE", Side.TAIL),
    Entry("in testa alla fila|all inizio della fila", "SIDE", Side.HEAD),
    Entry("di su|in su", "SIDE", Side.UP),
    Entry("(che|se) il microfono (funziona|funzioni|va|vada|sente|senta)", "MIC"),
    Entry("partendo|partendo da|cominciando da|a partire da", FUNCTION),
    Entry("pensavo|ai fatti miei", FILLER),
    Entry("dopo questa mano|dopo la mano|dopo quest ultima mano", "MANO"),
    Entry("tono|il tono", "VOCE"),
    Entry("scatola|la scatola|scatola classica|la scatola classica", "USE"),
    Entry("l opzione dello|l opzione del|l opzione della|opzione dello|opzione del", FUNCTION),
    Entry("per arrivare|ad arrivare|per arrivarci|arrivare", FUNCTION),
    Entry("consueto|consueta", "NORMAL"),
    # "rimetti la verbosità normale": the messages put back as they were
    Entry(
        "(rimetti|rimettimi|rimetta) (la verbosita|la narrazione|le spiegazioni|le descrizioni"
        "|i messaggi|i commenti) [normale|normali]",
        "NORMAL",
    ),
    Entry("tolgo|lo tolgo|la tolgo|li tolgo|levo|lo levo|la levo", "WILD_OFF"),
    Entry("tavolo numero|il tavolo numero|al tavolo numero", "TABLE"),
    Entry("a ciascuna mossa|per ciascuna mossa|a ciascun turno|per ciascun turno", "MOSSA"),
    Entry("come di solito|di solito|al solito|solito|solita", FILLER),
    Entry("sia il vincitore|sia chi ha vinto", "VINTO"),
    Entry("random", "RANDOM"),
    Entry("c e posto|c e spazio|ci sta posto", "PLAYABLE"),
    Entry("primo di mano|il primo di mano", "LEADER"),
    Entry("ad aprire|a aprire|ad iniziare|a iniziare|a cominciare", "LEADER"),
    Entry("la successiva|successiva|quella successiva", "NEXT"),
    Entry("che fa piu punti|che vale piu punti|che vale piu|che fa piu", "HEAVIEST"),
]

# A word the lexicon lacks right after one of these is a person's name ("la mia amica Franca",
# "compare Michele", "zia Pina"): said of someone, it changes no command ("dillo a compare
# Michele"); said first, alone, it makes the rest said to that person.
TITLES = frozenset(
    _any(
        "amica|amico|compare|comare|commare|signor|signora|signorina|sig|zio|zia|cugino",
        "cugina|nonna|nonno|sorella|fratello|dottore|dottor|dottoressa|professore",
        "professoressa|sora|sor|don|donna|nipote|moglie|marito|figlio|figlia",
    ).split("|")
)

# Punctuation said aloud to a dictation keyboard ("passo punto", "tocca a me punto
# interrogativo"): the mark it stands for. A bare "punto" only ends the utterance ("a che punto
# siamo" is no full stop).
DICTATED_MARKS = {
    "punto interrogativo": "?", "punto di domanda": "?", "punto esclamativo": "!",
    "punto e virgola": ";", "virgola": ",", "punto e a capo": ".", "a capo": ".",
}  # fmt: skip
DICTATED_END = "punto"

# A word of digits: a table's code, typed ("4721") or said digit by digit (the parser joins
# "quattro sette due uno" into one word).
DIGITS = "CODE"

# Words the lexicon lacks, known by their ending: an adverb ("gentilmente", "subitamente")
# says how, never what.
ENDINGS = {"mente": FILLER}

# How words are typed short, in chats and text messages: read as the words they stand for.
ABBREVIATIONS = {
    "nn": "non", "x": "per", "ke": "che", "k": "che", "xke": "perche", "xche": "perche",
    "pk": "perche", "cmq": "comunque", "qlc": "qualcosa", "qlcs": "qualcosa", "tt": "tutto",
    "cm": "come", "sn": "sono", "qnd": "quando", "qnt": "quanto", "qnti": "quanti",
    "msg": "messaggio", "prox": "prossima", "grz": "grazie", "xfavore": "per favore",
    "pf": "per favore", "dv": "dove", "xpiacere": "per piacere", "cn": "con", "bn": "bene",
    "xk": "perche", "qst": "questo", "qsta": "questa", "qll": "quello", "cs": "cosa",
    "tnx": "grazie", "thx": "grazie", "okk": "ok", "okok": "ok", "dp": "dopo",
    "lvl": "livello", "qndo": "quando", "qnte": "quante", "pc": "computer", "sec": "secondi",
    "mom": "momento", "cpu": "computer", "vs": "contro",
}  # fmt: skip

# A word typed in a hurry (a letter left out, one too many, two swapped) is read as the one
# word of the lexicon it misses by that, from this many letters: "bloco", "spiner", "gicoa".
TYPO_MIN_LETTERS = 3
# Consonants the regions double between vowels where Italian does not ("sòccia", "robba",
# "subbito"): such a word is a word as said, never read as that letter typed twice.
DOUBLED_IN_DIALECT = frozenset("bcdfglmnprstvz")

# "ri-" says again a verb of telling the lexicon knows ("rispiegami", "ridicci", "rimostrami"):
# a word the lexicon lacks with this prefix, when the rest is a phrase of one of these concepts
# (only telling: "ritira" is no "tira").
AGAIN_PREFIX = "ri"
AGAIN_CONCEPTS = frozenset({"EXPLAIN", "ASKF", "REPEAT", "REGOLE"})

# Verb forms of the formal and wishful register ("aggiungerei", "chiuda", "disattivi",
# "giocassimo", "descriverebbe") read as the form the lexicon knows ("aggiungi", "chiudi",
# "disattiva", "gioca", "descrivi"): (ending, what replaces it), tried in order on a word the
# lexicon lacks; the first result the lexicon knows is taken.
VERB_FORMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # conditional: -erei/-irei and the other persons
    *(
        (ending, ("i", "a", "ia", "e", "ere", "ire", "are"))
        for ending in ("erei", "eresti", "erebbe", "eremmo", "ereste", "erebbero")
    ),
    *((ending, ("i", "ire")) for ending in ("irei", "iresti", "irebbe", "iremmo", "irebbero")),
    *((ending, ("", "re")) for ending in ("rei", "resti", "rebbe", "remmo", "rebbero")),
    # imperfect subjunctive: "che giocassimo", "se aprisse"
    *((ending, ("a",)) for ending in ("assi", "asse", "assimo", "assero")),
    *((ending, ("i",)) for ending in ("essi", "esse", "essimo", "essero")),
    *((ending, ("i",)) for ending in ("issi", "isse", "issimo", "issero")),
    # the "lei" imperative: "chiuda", "aggiunga" (-ere, -ire); "disattivi", "ringrazi" (-are)
    ("ga", ("gi",)),
    ("a", ("i",)),
    ("hi", ("a",)),
    ("i", ("a", "ia")),
    # future: "passerò", "pescherò" (the word typed without its accent)
    ("ero", ("o",)),
    ("hero", ("o",)),
    # third person plural: "aprano", "giochino"
    ("ano", ("i",)),
    ("hino", ("a",)),
    ("ino", ("a",)),
)

# The concepts of verbs: a form made plain must be one of theirs ("tavolino" is no "tavola").
# The conditional said to the game ("mi aprirebbe un tavolo?", "apriresti") asks it to do
# something: read as "puoi" and the verb, a request, not a question about it.
POLITE_ENDINGS = ("eresti", "erebbe", "ereste", "iresti", "irebbe", "ireste", "resti", "rebbe")
REQUEST_WORD = "puoi"

VERB_CONCEPTS = frozenset(
    {"PLAY", "DRAW", "PASS", "UNDO", "QUIT", "NEW_GAME", "START", "CONTINUE", "SET", "DO"}
    | {"WANT", "CAN_YOU", "ASKF", "EXPLAIN", "REPEAT", "TELL_THEM", "CREATE", "LEAVE", "JOIN"}
    | {"WILD_ON", "WILD_OFF", "THANKS", "GREET", "MOMENT", "CLOSE_TABLE", "FILL", "TEST"}
    | {"SPECTATOR", "USE", "TAKE", "HELP", "STOP", "LEADER", "DECIDE", "KEEP", "PARLA", "MIC"}
    | {"HINT"}
)

# Regional forms of common words, read as the Italian word (Venetian "cossa xe", "ga vinto",
# Neapolitan "lassa", Roman "pija"): the lexicon then needs no second copy of each phrase
# (regional words that are phrases of their own, "jamme", "annamo", are in ENTRIES).
REGIONAL = {
    "cossa": "cosa", "ga": "ha", "gavemo": "abbiamo", "gave": "avete", "go": "ho", "mete": "metti",
    "zogar": "giocare", "lassa": "lascia", "lassamo": "lasciamo", "tenimmo": "abbiamo",
    "facimmo": "facciamo", "pigghia": "prendi", "pija": "prendi", "mettimo": "mettiamo",
    "haju": "ho", "aggiu": "ho", "nenti": "niente", "nente": "niente", "pigghiu": "piglio",
    "passu": "passo", "nun": "non", "mettiri": "mettere",
    "vulevo": "volevo", "vuoglio": "voglio", "vogghiu": "voglio",
    "semo": "siamo", "avemo": "abbiamo", "vojo": "voglio", "volemo": "vogliamo",
    "ca": "che", "joca": "gioca", "jocu": "gioco", "jucamu": "giochiamo", "iucamme": "giochiamo",
    "eja": "si", "gnorsi": "si", "gnorno": "no", "usci": "uscire", "bbuo": "bene", "buo": "bene",
    "nnanze": "avanti", "annanze": "avanti", "cchiu": "piu", "chiu": "piu",
    "ampressa": "in fretta", "comm": "come", "comme": "come", "saccio": "so", "sacciu": "so",
    "capa": "capo", "abbascio": "sotto", "abbasc": "sotto", "ngoppa": "sopra", "cu": "con",
    "accendilo": "accendi", "accendila": "accendi", "tornala": "riportala",
    "tornalo": "riportala", "figliolo": "allora", "figliola": "allora",
    "uff": "uffa", "aridaje": "dai", "ripija": "riprendi", "qualcossa": "qualcosa", "zo": "giu",
    "er": "il", "dormi": "dormire", "vara": "guarda", "sbajato": "sbagliato",
    "pozzu": "posso", "pescu": "pesco", "mmia": "me", "capisciu": "capisco",
    "muntone": "mucchio", "cogli": "con gli", "assittatu": "seduto",
    "ffa": "fare", "tene": "ha", "facimm": "facciamo", "fem": "facciamo",
    "vinciu": "vinto", "tri": "tre", "quattru": "quattro", "dui": "due", "cincu": "cinque",
    "piscu": "pesco",
    # Italian as spoken by a Spanish speaker ("quiero", "robar" is to draw in Spanish domino)
    # and participles made regular ("vincito"): read as the Italian word
    "quiero": "voglio", "cola": "coda", "robare": "pescare", "robo": "pesco", "robar": "pescare",
    "vincito": "vinto", "mettuto": "messo", "prenduto": "preso", "aprito": "aperto",
    # infinitives for every person, as a learner says them ("io non potere giocare")
    "potere": "posso", "essere": "e", "avere": "ha",
    # Ligurian, Venetian, Friulian, Neapolitan forms (writers 15-16)
    "alora": "allora", "anemmo": "andiamo", "femo": "facciamo", "sci": "si", "sine": "si",
    "damme": "dammi", "miettece": "mettici", "miette": "metti", "miettela": "mettila",
    "jetto": "butto", "mmano": "in mano", "gruosso": "grosso", "tavulo": "tavolo", "du": "due",
    "de": "di", "mandi": "ciao",
    # infinitives cut short in the north ("tocca pescar")
    "pescar": "pescare", "giocar": "giocare", "passar": "passare", "zugar": "giocare",
    # the South's "slowly" ("parla cchiù chianu", "chiano chiano", Sicilian "adasciu"): the
    # dialect word is the pace, not the volume of the Italian "piano"
    "chianu": "adagio", "chiano": "adagio", "adasciu": "adagio", "adaciu": "adagio",
    "adaggio": "adagio", "lentu": "lento", "lientu": "lento", "lienti": "lento",
    "parra": "parla", "parrari": "parlare", "parlari": "parlare",
    # Calabrian (writer 18): "mìntici 'a pesca", "iettu 'u quattru", "'u tri sutta", "'n manu"
    "mintici": "metti", "minti": "metti", "mintimu": "mettiamo", "iettu": "butto",
    "jettu": "butto", "ietta": "butta", "jetta": "butta", "unu": "uno", "sutta": "sotto",
    "supra": "sopra", "manu": "mano", "quantu": "quanto", "stamu": "stiamo", "zittu": "zitto",
    "mumentu": "momento", "livellu": "livello", "pocu": "poco",
    # Florentine: "icché", the "c" breathed ("in hoda"), "pole"
    "hoda": "coda", "hon": "con", "hol": "col", "hosa": "cosa", "pole": "puo", "icche": "cosa",
    "gnamo": "andiamo", "sinti": "senti", "vinciuto": "vinto", "vinciutu": "vinto",
    # Sicilian and Venetian wishes ("vulissi jucari a coppie", "voria zogar in tre")
    "vulissi": "vorrei", "vurrissi": "vorrei", "jucari": "giocare", "giucari": "giocare",
    "voria": "vorrei", "vorria": "vorrei", "metimo": "mettiamo", "livelo": "livello",
    "dificile": "difficile",
    # Sicilian articles, pronouns and question words (writer 21): "u sei", "chiddu", "unni",
    # "nta testa", "cu avi", "sunnu"; Roman prepositions with the article ("ar tavolo", "cor
    # doppio", "dar fondo"), "mo'", "'sta/'ste" once the apostrophe is gone
    "chiddi": "quelli", "chistu": "questo",
    "chista": "questa", "quannu": "quando", "comu": "come",
    "nta": "nella", "nto": "nel", "nna": "nella", "ntu": "nel", "sunnu": "sono", "avi": "ha",
    "haiu": "ho", "iu": "io", "ieu": "io", "ddocu": "li", "nzu": "no",
    "beni": "bene", "autri": "altri", "autra": "altra", "autru": "altro",
    "ar": "al", "dar": "dal", "ner": "nel", "cor": "col", "sur": "sul",
    "co": "con", "arto": "alto", "urtima": "ultima", "urtimo": "ultimo", "vorta": "volta",
    "pisca": "pesca", "piscari": "pescare", "piscati": "pescate",
    "jucau": "giocato",
    "nisciu": "uscito", "nesci": "esce", "nesciu": "esco", "nisceru": "usciti", "trasi": "entra",
    "taliari": "guardare", "sulu": "solo", "sbagghiai": "sbagliato", "narreri": "indietro",
    "cunsigghi": "consigli", "liggimilli": "leggimeli", "vuci": "voci",
    "dicisti": "hai detto", "successi": "successo", "finiu": "finita",
    "cuda": "coda", "principiu": "principio", "granni": "grande",
    "agghiunci": "aggiungi", "semu": "siamo", "misu": "messo", "misa": "messa",
    "novi": "nove", "setti": "sette", "ottu": "otto", "zeru": "zero",
    "assu": "asso", "biancu": "bianco", "doppiu": "doppio",
    "vaju": "vado", "ri": "di", "capu": "capo", "fari": "fare",
    "diri": "dire", "apriri": "aprire", "cruci": "croce", "facemu": "facciamo",
    "sugnu": "sono", "autu": "alto", "carrica": "carica", "iddu": "lui", "idda": "lei",
    "appressu": "dopo", "pi": "per", "nni": "ne", "novo": "nuovo", "nova": "nuova",
    "tavulinu": "tavolo", "secunni": "secondi", "zittiti": "zitto",
    "fattele": "falle", "fattelo": "fallo", "fammilli": "falli",
    "centuunu": "centouno", "ducentu": "duecento", "sissanta": "sessanta", "tempu": "tempo",
    "partenno": "partendo", "funnu": "fondo", "ultimu": "ultimo", "primu": "primo",
    "tornu": "torno", "mancanu": "mancano", "restanu": "restano", "hannu": "hanno",
    "rifamo": "rifacciamo", "antra": "altra", "antro": "altro", "indo": "dove", "ndo": "dove",
    "settiamo": "impostiamo", "setta": "imposta", "settare": "impostare", "setto": "imposto",
    # Venetian (writer 22): "zoghemo", "xe", "tochi", "coa", "sie", "verzi", "taca", single
    # consonants for doubles ("meto", "soto", "tuto")
    "zogà": "giocato",
    "gnente": "niente", "meti": "metti", "coa": "coda",
    "tochi": "pezzi", "toco": "pezzo", "sora": "sopra", "soto": "sotto", "tuto": "tutto",
    "tuti": "tutti", "messajo": "messaggio", "dopara": "usa", "verzi": "apri",
    "verze": "apre", "taca": "comincia", "sinquanta": "cinquanta", "fassile": "facile",
    "livel": "livello", "meteme": "mettimi", "desso": "adesso", "gheto": "hai",
    "dito": "detto", "partia": "partita", "quai": "quali", "normai": "normali",
    "stada": "stata", "dighe": "di", "detaja": "dettagliato", "vegnui": "usciti",
    "sucesso": "successo", "nevoda": "nipote",
    # Neapolitan (writer 22): "jucammo", "pezza/pezze", "aggia", "arape", "trasi", "vaco"
    "ciento": "cento", "pezze": "tessere",
    "aggia": "devo", "quatto": "quattro", "none": "no", "asci": "uscire", "arape": "apri",
    "cinche": "cinque", "vaco": "vado", "doje": "due", "accummencia": "comincia",
    "accumminciamme": "cominciamo", "aiutame": "aiutami", "dicere": "dire",
    "tenghe": "hai",
    # Abruzzese, Marchigiano, Triestine and Ticinese words (writer 31), a Calabrian "no", the
    # ceremonious Florentine "codesto"
    "facemo": "facciamo", "mettelo": "mettilo", "mettela": "mettila",
    "zonta": "aggiungi", "zontime": "aggiungimi", "piasi": "piace", "scalin": "gradino",
    "scalino": "gradino", "meio": "meglio", "picio": "piccolo", "leggime": "leggimi",
    "fazo": "faccio", "obligai": "obbligati", "nonsi": "no", "codesti": "questi",
    "grando": "grande", "accumencia": "comincia",
    "nudde": "niente", "vogghie": "voglio",
    # Ligurian (writer 23): "zughemmo", "pesso", "serra", "ciù", "atri", "doi"
    "zughemmo": "giochiamo", "pesso": "pezzo", "pesse": "pezzi", "serra": "chiudi",
    "ciu": "piu", "atri": "altri", "doi": "due", "sotta": "sotto",
    "vaddo": "vado", "cavo": "capo", "gianco": "bianco", "arvi": "apri",
    # Abruzzese: "la cape" is the head ("a la cape", "'n cape"), not the ends ("capi")
    "cape": "capo",
    # Salentine and Calabrian prepositions with the article ("allu domino", "sobbra")
    "allu": "al",
    # Barese and Abruzzese verbs and words (writer 23; other words by their final "e",
    # FINAL_E_ENDINGS)
    "mitte": "metti", "rimitte": "rimetti", "mittece": "mettici", "pigghie": "prendi",
    "passe": "passo", "jucheme": "giochiamo", "facemme": "facciamo", "cumincemme": "cominciamo",
    "vulesse": "vorrei", "aize": "alza", "spiegheme": "spiegami", "raccontame": "raccontami",
    "trase": "entra", "vache": "vado", "agghie": "ho", "arrete": "indietro", "avande": "avanti",
    "nan": "non", "pozze": "posso", "sope": "sopra", "piezze": "pezzo",
    "ji": "io", "ddu": "due", "jame": "andiamo", "vojje": "voglio", "sceje": "sceglie",
    # Turinese (writer 22): "cerea" greets
    "cerea": "ciao",
    # Calabrian, Salentine and Sicilian (writers 25, 26): "mintiri", "tegnu", "sobbra",
    # "rapi", "munzeddu", "havi", the Sicilian past "jucai"
    "facimu": "facciamo", "mintu": "metto", "mintiri": "mettere",
    "mintilu": "mettilo", "tegnu": "ho", "ndi": "ne", "vrazzu": "braccio",
    "mpostatu": "impostato", "moi": "adesso", "an": "in", "sobbra": "sopra", "noni": "no",
    "rapi": "apri", "novu": "nuovo", "munzeddu": "mucchio", "nummari": "numeri", "havi": "ha",
    "jucai": "ho giocato", "arripeti": "ripeti", "levacci": "togli", "nisciunu": "nessuno",
    "ogne": "ogni", "pezza": "pezzo",
    # Abruzzese and Molisan (writer 26): the final "e", "liegge", "angore", "recchie"
    "mandaje": "mandagli", "cumenzame": "cominciamo", "seme": "siamo",
    "cientuventune": "centoventuno", "piglie": "prendo", "mucchie": "mucchio", "liegge": "leggi",
    "cumenzanne": "partendo", "asciute": "uscite", "angore": "ancora", "nummere": "numero",
    "avante": "avanti", "recchie": "orecchie", "aiuteme": "aiutami", "joche": "gioco",
    "abbasce": "sotto", "nisciune": "nessuno",
    # Salentine "cce" ("what") and "ggh'è" ("c'è"); Roman "giocamo" and the "-me", "-ce" of
    # "metteme", "mettece", "leggeme" (mettimi, mettici, leggimi)
    "cce": "che", "ggh": "c", "giocamo": "giochiamo", "metteme": "mettimi", "mettece": "mettici",
    "leggeme": "leggimi",
    # English words of a manager ("fammi un check", "leave")
    "check": "prova", "leave": "esci",
    # a South Tyrolean's German words
    "nein": "no", "genau": "si", "bitte": "per favore", "also": "allora", "danke": "grazie",
    "zufall": "a caso",
}  # fmt: skip

# Ligurian prepositions joined to the article by a hyphen ("a-a classica", "co-o doppio
# nove", "chi gh'é a-o tavolo"): the Italian preposition with the article.
JOINED_ARTICLES = {
    "a-a": "alla", "a-o": "al", "a-i": "ai", "a-e": "alle", "co-o": "col", "co-a": "con la",
    "co-i": "coi", "da-o": "dal", "da-a": "dalla", "de-o": "del", "de-a": "della",
    "in-to": "nel", "in-ta": "nella", "pe-o": "per il", "pe-a": "per la",
}  # fmt: skip

# Infinitives cut after their stressed vowel, as Rome and the South say them ("famme giocà",
# "pe' guardà", "che se po' dì"): the accented vowel as written, the ending it stands for.
CUT_INFINITIVES = {"à": "are", "é": "ere", "è": "ere", "ì": "ire"}

# Regional words whose meaning the word before decides: the Roman infinitive cut without its
# accent after a verb that wants one ("ce lo posso mette?"); the Sicilian "a mia" ("to me")
# ending what is said ("fammilli fari a mia"; "a mia sorella" stays "my").
REGIONAL_AFTER: dict[str, tuple[frozenset[str], str]] = {
    # the Roman impersonal "se" after a question word ("che se po' dì?", "'ndo' se mette?");
    # "chiede se po' giocà" stays "if"
    "se": (frozenset({"che", "cosa", "dove", "ndo", "indo"}), "si"),
    "mette": (
        frozenset({"posso", "puoi", "po", "devo", "voglio", "vojo", "fammi", "famme"}),
        "mettere",
    ),
    # the Ligurian article "o" after a verb that takes the table ("serra o tavolo", "arvi o
    # tavolo"): "il", not the Sicilian "al"
    "o": (frozenset({"serra", "chiudi", "apri", "riapri", "arvi", "verzi"}), "il"),
    # the Venetian "man" after an article or "che" ("che man xe questa?", "in man"); alone it
    # may be the English slang ("ciao man")
    "man": (frozenset({"che", "la", "in", "sta", "questa", "ultima"}), "mano"),
    # the Venetian "do" is "due" after "in" and "el" ("zoghemo in do", "el sie e el do")
    "do": (frozenset({"in", "el"}), "due"),
    # the Salentine and Calabrian "cu" after a wish is the infinitive's mark ("vogghiu cu
    # guardu": I want to watch), said by nothing in Italian
    "cu": (frozenset({"vogghiu", "vogliu", "voglio", "vulia", "vuliti"}), ""),
}
# A learner's "io" with the verb of "lui" ("io prende", "io non può"): read as "I" says it;
# other verbs by their ending (-a, -e as -o: "io esce", "io pensa"), when that form is known.
FIRST_PERSON_SAID_AS_THIRD = {
    "puo": "posso", "vuole": "voglio", "deve": "devo", "ha": "ho", "va": "vado",
    "fa": "faccio", "sa": "so", "sta": "sto", "esce": "esco",
}  # fmt: skip
FIRST_PERSON_BEFORE = frozenset({"non", "ne", "lo", "la", "li", "le", "ci", "mi", "gia", "solo"})
# The learner's "tu" with the verb of "lui" ("tu mette", "tu dice a me"): read as "tu" says it
# (the imperative where it is one: "metti", "di'"); other verbs by their ending (-e as -i:
# "tu toglie"), when that form is known.
SECOND_PERSON_SAID_AS_THIRD = {
    "puo": "puoi", "vuole": "vuoi", "deve": "devi", "ha": "hai", "va": "vai", "fa": "fai",
    "sa": "sai", "sta": "stai", "dice": "di", "esce": "esci", "toglie": "togli",
    "sceglie": "scegli",
}  # fmt: skip
AT_THE_END_AFTER: dict[str, tuple[frozenset[str], str]] = {
    "mia": (frozenset({"a"}), "me"),
    "tia": (frozenset({"a"}), "te"),
    # the North's "mi" for "io" after the verb ("li fazo mi", "pesco mi")
    "mi": (
        frozenset({"faccio", "gioco", "pesco", "passo", "metto", "decido", "scelgo"})
        | {"fazo", "zogo", "meto"},
        "io",
    ),
}

# "I have" said beside an infinitive is "I must" in the South ("piscari haju", "aggiu a
# passà", "haju a jucari"): these forms read so when the word before or after them is an
# infinitive (or the "a" before one).
MUST_BESIDE_INFINITIVE = {"haju": "devo", "haiu": "devo", "aggiu": "devo", "aju": "devo"}
INFINITIVE_ENDINGS = ("are", "ere", "ire", "ari", "iri")

# The Sicilian conditional ("mittissi", "vulissi"): read as the Italian one, then made plain
# as any conditional is (parser._plain_verb).
CONDITIONAL_SAID = "issi"

# Word endings of the South and of Rome, read as the Italian ending when the word so read is
# one the lexicon knows (and the word as said is not): the Sicilian final "u" and "i"
# ("tavulu", "difficili", "jucari"), the Roman "-amo/-emo" of "let us" ("famo", "partemo"),
# "-ce/-me" of the pronoun ("mettice", "famme", "spiegame"), "-eno" of the past ("aveveno").
DIALECT_ENDINGS: tuple[tuple[str, str], ...] = (
    ("ari", "are"), ("iri", "ire"), ("iri", "ere"), ("emu", "iamo"), ("amu", "iamo"),
    ("emo", "iamo"), ("amo", "iamo"), ("mme", "mmi"), ("ce", "ci"), ("me", "mi"),
    ("eno", "ano"), ("u", "o"), ("i", "e"), ("ti", "ci"), ("amolo", "alo"), ("amola", "ala"),
    ("emolo", "ilo"), ("emola", "ila"), (CONDITIONAL_SAID, "erei"),
    (CONDITIONAL_SAID, "irei"), ("erlo", "i"), ("erlo", ""),
    ("erla", "i"), ("arlo", "a"), ("arla", "a"), ("irlo", "i"),
)  # fmt: skip
# The Apulian and Abruzzese final vowel, said as an "e" whatever it is ("tavule", "pezze",
# "sotte", "blocche"): tried after every other reading, and never for a move ("pesce" is no
# "pesco").
FINAL_E_ENDINGS: tuple[tuple[str, str], ...] = (("e", "o"), ("e", "i"), ("e", "a"))
FINAL_E_NOT_FOR = frozenset(
    {"DRAW", "PLAY", "PASS", "UNDO", "ANNULLA", "QUIT", "START", "NEW_GAME", "CONTINUE"}
)

# Sounds of the South and of Rome inside a word, tried the same way: the Sicilian "dd" for
# "ll" ("chiddu"), "gghi" for "gli" ("vogghiu", "cunsigghi"), the Roman "r" for "l" before a
# consonant ("arto", "vorta").
DIALECT_SOUNDS: tuple[tuple[str, str], ...] = (
    ("dd", "ll"), ("gghi", "gli"), ("rt", "lt"), ("rc", "lc"), ("rp", "lp"), ("j", "gi"),
    ("i", "e"), ("u", "o"), ("nd", "nt"),
)  # fmt: skip

# The Tuscan "sie" is "sì" when nothing else is said ("sie, sie!", "sì, sie"); in a tile or
# beside a verb it stays the Venetian six ("metto el sie"). Said alone, a yes is the reading
# that changes nothing: the double six is never played on an answer.
YES_WHEN_ALONE = frozenset({"sie"})
YES_WORDS = frozenset({"si"}) | YES_WHEN_ALONE

# Words that take back the digits of a code just said ("il tavolo sette... no, nove tre due
# sei"): what follows them is the code meant.
CODE_CORRECTIONS = frozenset({"no", "anzi", "cioe", "scusa", "scusate", "pardon", "ops"})

# Giving up what one began to say ("Ehm... niente, lascia stare"): after a hesitation, or
# "niente" before another of them, these words alone say nothing to the game (not even "no",
# which they are alone or after a real "no": "no, lascia stare").
GIVING_UP = frozenset(
    {
        "niente", "nulla", "lascia stare", "lascia perdere", "lasciamo stare",
        "lasciamo perdere", "non importa", "fa niente", "non fa niente", "lascia correre",
        "niente niente", "e niente", "no niente", "non fa nulla",
    }
)  # fmt: skip
GIVING_UP_OPENERS = frozenset({"niente", "nulla", "e niente", "niente niente", "no niente"})
# "niente" after a value may name the blank ("il sei... niente", the six-blank in the South)
BLANK_OR_NOTHING = frozenset({"niente", "nulla"})
# said before giving up, besides the hesitations ("mah, lascia perdere")
HESITATING = frozenset({"boh", "mah", "beh", "bah", "uffa", "mh"})

# The game called by a name before what is said to it ("computer, che pezzi ho?"): a clause of
# only such a word, before others, is dropped, as the attention word is.
ADDRESSING = frozenset({"computer", "gioco", "coso", "macchina"})

# Words whose first letters an apostrophe stands for, written so ("'un si finisce più", the
# Tuscan "non"): the word they stand for. Without the apostrophe they are other words ("un").
CUT_AT_FRONT = {
    "un": "non", "nzomma": "insomma",
    # the South's and Rome's "this" and "a" cut short ("'sta mano", "'n po'", "'na partita")
    "sta": "questa", "sto": "questo", "ste": "queste", "sti": "questi", "na": "una",
    # the Neapolitan articles ("'a coda", "'e pezze", "'nu computer"; "'o" is read by
    # the next word, lexicon.REGIONAL_BEFORE)
    "a": "la", "e": "le", "nu": "un",
}  # fmt: skip

# Regional words whose meaning the next word decides: the Sicilian "cu" before a verb is "chi"
# ("cu è ca joca?", "cu c'è assittatu?"); before anything else it stays the Neapolitan "con".
# Words read otherwise before a count of players ("semo 'n quattro": "in"; "'n computer" is
# "un", REGIONAL_BEFORE).
REGIONAL_BEFORE_A_COUNT: dict[str, tuple[frozenset[str], str]] = {
    "n": (frozenset({"due", "tre", "quattro", "dui", "tri", "quattru", "doi", "quattre"}), "in"),
}
REGIONAL_BEFORE: dict[str, tuple[frozenset[str], str]] = {
    # a learner's "uno" before a thing is the article ("togliere uno computer")
    "uno": (frozenset({"computer", "avversario", "giocatore", "tavolo", "messaggio"}), "un"),
    # typed in a chat, the digit is the article ("1 mom ke ci penso", "1 attimo")
    "1": (frozenset({"momento", "mom", "attimo", "secondo", "sec", "minuto", "istante"}), "un"),
    "cu": (
        frozenset({"e", "c", "ce", "ha", "avi", "ave", "joca", "gioca", "tocca", "apre"})
        | {"vinci", "vince", "nisciu", "nesci", "esce", "jetta", "apri", "accumincia"},
        "chi",
    ),
    # the Sicilian "chi" is "what" before a noun or a verb of the one asking ("chi numeri ci
    # sunnu?", "chi haiu 'n manu?", "chi pozzu diri?", "chi dicisti?"); before anything else
    # it stays the Italian "who"
    "chi": (
        frozenset({"numeri", "numero", "haiu", "haju", "pozzu", "dicisti", "successi", "manu"})
        | {"pezzi", "tessere", "vuci", "cosa", "fazzu", "fari", "mancanu"},
        "che",
    ),
    # the Roman "'n" is "un" ("'n po'", "'n attimo"); the Sicilian "'n manu" is "in"
    "n": (
        frozenset({"po", "attimo", "momento", "pochino", "tavolo", "computer", "antra", "antro"}),
        "un",
    ),
    # (the Roman "'n" before a count of players is "in": REGIONAL_BEFORE_A_COUNT)
    # the Roman "so'" is "sono" before what one is ("so' rimasti", "so' usciti", "so' pronto")
    "so": (
        frozenset({"rimasti", "rimaste", "usciti", "uscite", "stati", "state", "pronto"})
        | {"pronta", "pronti", "passati", "andati", "finiti", "finite", "stanco", "stanca"},
        "sono",
    ),
    # the Roman "po'" is "può" before a verb ("che se po' dì?"); "un po'" stays "poco"
    "po": (frozenset({"dire", "fare", "giocare", "mettere", "mette", "usare", "sapere"}), "puo"),
    # the Sicilian "do" and "du" are "del" before a noun ("do tavulu", "du serpenti"); before
    # anything else "du" stays "due" (Venetian, Ligurian)
    "do": (frozenset({"tavulu", "tavolo", "serpenti", "serpente", "jocu", "gioco"}), "del"),
    "du": (frozenset({"tavulu", "tavolo", "serpenti", "serpente", "jocu", "gioco"}), "del"),
    # the Sicilian "o" is "al" before a noun ("o principiu", "o tavulu")
    "o": (frozenset({"principiu", "principio", "tavulu", "tavolo", "funnu", "fondo"}), "al"),
}

CLAUSE_WORDS = ClauseWords(
    interrogatives=frozenset({"CHI", "COSA", "QUANTO", "QUALE", "DOVE", "QUANDO", "QTAG"}),
    exclamatives=frozenset({"CHE", "COSA", "COME", "QUANTO", "CHI"}),
    question_tags=frozenset({"QTAG"}),
    requests=frozenset({"CAN_YOU", "POSSO", "TAKE"}),
    framing=frozenset(
        {"WANT", "ASKF", "CAN_YOU", "DONT_KNOW", "DO", "TELL_THEM", "TURN_TO", "RELAY", "NAME"}
    ),
    aside_openers=frozenset({"ASIDE"}),
    relative="CHE",
    negation="NON",
    moves=frozenset(
        {"PLAY", "DRAW", "PASS", "QUIT", "UNDO", "ANNULLA", "NEW_GAME", "START", "CONTINUE"}
        | {"TILE", "HANDOVER"}  # "non tocca a te": no pass
    ),
    reported=frozenset({"REPORT"}),
    correction="CORRECTION",
    interjections=frozenset({"EXCL"}),
    turns=frozenset({"TURN_TO"}),
    subordinators=frozenset({"QUANDO", "SO_THAT"}),
    names=frozenset({"NAME"}),
    handovers=frozenset({"HANDOVER"}),
    tellers=frozenset({"TELL_THEM", "ASKF"}),
    datives=frozenset({"a", "al", "alla", "ai", "alle", "allo", "agli"}),
    seats=frozenset({"SEAT", "PARTNER"}),
    second_person=frozenset(
        {"hai", "tu", "sei", "fai", "ti", "te", "tuo", "tua", "tuoi", "tue", "vuoi"}
        | {"puoi", "sai", "dici", "pensi", "giochi", "metti", "hai fatto", "avevi", "eri"}
    ),
    second_person_endings=("resti",),  # "faresti", "giocheresti"
    call_openers=frozenset({"e", "o", "ehi", "oh"}),
    breaks=frozenset({"quindi", "dunque", "percio", "allora"}),
    retractions=frozenset({"NO"}),
    beside_retractions=frozenset({"SCUSA", "APOLOGY", "WAIT"}),
    regrets=frozenset({"REGRET"}),
    hedges=("rei",),  # "passerei", "giocherei", "farei"
    wishes=frozenset({"WANT"}),
    alternatives=frozenset({"o", "oppure", "ovvero"}),
    said_to_someone=frozenset({"quick_message"}),
    courtesies=frozenset({"quick_message"}),
    stranded={"su": "in su"},
    appositives=frozenset({"quello", "quella", "quelli", "quelle"}),
    repeatable=frozenset(
        {"CHI", "COSA", "CHE", "QUANTO", "QUALE", "COME", "DOVE", "ASKF", "PARTITA", "TELL_THEM"}
        | {"NAME"}
    ),
    # Courtesy to the others at a network table too: "grazie, passo" is the move.
    soft=frozenset(
        {"AGREE", "SCUSA", "WAIT", "NO", "GO_ON", "YES", "SURE", "THANKS", "MOMENT", "GREET"}
        | {"PRAISE", "THINK"}
        | {"APOLOGY"}
        | {"TURN_TO", "RELAY", "HURRY", "SO_THAT"}
    ),
    dangling=frozenset(
        _any(
            "il|lo|la|i|gli|le|l|un|una|del|dello|della|dei|degli|delle|dell|al|allo|alla|ai",
            "agli|alle|all|dal|dallo|dalla|dagli|dalle|dall|nel|nello|nella|nei|negli|nelle",
            "nell|sul|sullo|sulla|sui|sugli|sulle|sull|col|coi|con|per|di|d|a|ad|da|in|su",
            "tra|fra|o|oppure",
        ).split("|")
    ),
)

# --- frames ----------------------------------------------------------------------------------

# What may frame a question: "dimmi", "mi sai dire", "vorrei sapere", "mi ripeti".
_ASK = (
    "CHI COSA CHE QUANTO QUALE COME DOVE QUANDO ASKF CAN_YOU WANT POSSO SI_PUO ANCORA REPEAT"
    " TAKE PARTITA MANO GIRO ALL TEST"
    " DONT_KNOW"
)
# What may frame a menu choice: "voglio", "facciamo", "mettiamo", "giochiamo".
_MENU = "WANT DO SET PLAY PARTITA START CAN_YOU POSSO SI_PUO VARIANTE ASKF TEST VERSUS USE"
# What may frame a move: "voglio", "adesso metto", "butto giù".
_MOVE = "WANT PLAY GIU DO CAN_YOU"
# What may come with who opens: "chi ha / chi tiene", "sempre", "della mano prima", "lo decidi".
# ("comincia chi ha il doppio sei, come sempre": "as always" says no rule of its own)
_OPENING_MAY = (
    "LEADER HA TESSERA PUNTI MANO PREV LAST DECIDE KEEP TILE NEXT CHI START DO LEAVE IN_MANO NORMAL"
)
# What may describe the spinner: "il doppio di partenza che apre in quattro direzioni".
_SPINNER_MAY = "DOUBLE CHE FOUR_WAYS LEADER WITH_SPINNER OPENS CREATE"
# What may frame a wish about the voice: "puoi parlare più lento?".
_VOICE = "PARLA CAN_YOU WANT VOCE ASKF PLAY SET DO GO_ON TAKE USE"

FRAMES: list[Frame] = [
    # --- answers
    Frame.of(
        "yes",
        "YES SURE|YES|SURE",  # "sì, certo, certo": a plain yes said first stays firm
        "AGREE WANT QUIT NEW_GAME YES SURE",
        weak=True,
        repeatable="YES AGREE SURE",
    ),
    Frame.of("agree", "AGREE", "", weak=True, repeatable="AGREE"),
    Frame.of("agree", "SURE AGREE|SURE SURE", "", weak=True, repeatable="AGREE SURE"),
    Frame.of(
        "no",
        "NO|NO_ANSWER|WAIT",
        "WAIT NO WANT",
        weak=True,
        repeatable="NO NO_ANSWER WAIT",
    ),
    # "annulla, non voglio uscire": staying, said with what calls the quitting off
    Frame.of(
        "stay",
        "STAY",
        "WAIT NO NO_ANSWER WANT STAY ANNULLA UNDO MISTAKE",
        weak=True,
        repeatable="NO NO_ANSWER WAIT STAY ANNULLA UNDO",
    ),
    # --- moves: a question about a move is the question of what can be played
    # The double nine named with no verb of one's own move and no side ("doppio nove",
    # "metti il doppio nove") is the set it tops: a menu choice (during a hand the dialog
    # takes it for the tile, DialogManager.in_context); the template sentences say the same
    # (parser._play)
    Frame.of(
        "set_tile_set",
        f"TILE=({SET_NAMED_BY_ITS_DOUBLE},{SET_NAMED_BY_ITS_DOUBLE})"
        f"|TILE=({SET_NAMED_BY_ITS_DOUBLE},{SET_NAMED_BY_ITS_DOUBLE}) PLAY=put",
        "WANT DO CAN_YOU TESSERA DOUBLE",
        fixed={"tile_set": SET_NAMED_BY_ITS_DOUBLE, "said_as_tile": True},
        question="playable",
        bare_alone=True,
    ),
    Frame.of(
        "play",
        "TILE",
        f"{_MOVE} SIDE TESSERA PER_ME HANDOVER DOUBLE",  # "cinque e cinque, il doppio"
        question="playable",
        bare_alone=True,
        acts=True,
    ),
    # "tengo il due e quattro, buttalo giù": the tile held, then played (never "ho il sei" alone)
    Frame.of(
        "play",
        "TILE HO PLAY",
        f"{_MOVE} SIDE TESSERA PER_ME HO",
        question="playable",
        acts=True,
    ),
    Frame.of(
        "number",
        "NUM",
        f"{_MOVE} SIDE TESSERA PER_ME DOUBLE",  # "il cinque sotto al doppio"
        question="number_question",
        slots={"NUM": "number"},
        bare_alone=True,
        acts=True,
    ),
    # "posso mettere il sei?", "cosa posso fare col tre?", "il quattro dove lo metto?"
    Frame.of(
        "number_question",
        "NUM POSSO|NUM QUALCOSA|NUM DOVE|NUM COSA|NUM CHE|NUM HO|NUM SI_PUO|NUM PLAYABLE",
        f"{_MOVE} {_ASK} HO TESSERA PLAYABLE SIDE QUALCOSA DEVO USE",
        slots={"NUM": "number"},
    ),
    # "sotto al doppio": the arm below the spinner
    Frame.of("side", "SIDE", f"{_MOVE} TESSERA DOUBLE", bare_alone=True, acts=True),
    # "giù!" alone: the arm below (with a verb it is part of the verb, "butta giù")
    Frame.of("side", "GIU", "", fixed={"side": Side.DOWN}, bare_alone=True, acts=True),
    # "nove e sei giù": without a verb of playing, "giù" is the down arm (with one, "butta giù
    # il sei", it is part of the verb)
    Frame.of(
        "play",
        "TILE GIU",
        "TESSERA PER_ME",
        fixed={"side": Side.DOWN},
        question="playable",
        acts=True,
    ),
    Frame.of(
        "number",
        "NUM GIU",
        "TESSERA PER_ME",
        fixed={"side": Side.DOWN},
        slots={"NUM": "number"},
        question="number_question",
        acts=True,
    ),
    Frame.of(
        "draw",
        "DRAW|TAKE TESSERA|TAKE POOL|TAKE ONE_MORE|POOL ONE_MORE|ONE_MORE DRAW",
        f"{_MOVE} TESSERA POOL ONE_MORE ANCORA DEVO QUALCOSA TAKE PASS_IDIOM PER_ME",
        question="playable",
        repeatable="DRAW TAKE",
        acts=True,
    ),
    Frame.of(
        "pass",
        "PASS|PASS_IDIOM|HANDOVER",
        f"{_MOVE} MANO TURNO PASS_IDIOM GO_ON HANDOVER GIRO DEVO PER_ME",
        question="playable",
        repeatable="PASS PASS_IDIOM",
        acts=True,
    ),
    Frame.of(
        "undo",
        # "annulla" alone: a move taken back; while a question or a command read back waits,
        # the dialog takes it as "no" (DialogManager.in_context)
        "UNDO|MISTAKE|ANNULLA|ANNULLA MOSSA|ANNULLA TESSERA|ANNULLA MISTAKE|BACK MOSSA|ANNULLA DONE"
        "|ANNULLA LAST|WILD_OFF LAST",  # "togli quella che ho messo"
        f"{_MOVE} MOSSA TESSERA LAST MISTAKE UNDO ANNULLA BACK CAN_YOU POSSO CHE HO DONE ONE_MORE"
        " TILE REGRET WILD_OFF",  # "il cinque quattro non dovevo metterlo, annulla": the move named
        question="refuse",
        repeatable="MISTAKE UNDO",
        acts=True,
    ),
    # --- questions about the table
    Frame.of(
        "ends",
        "ENDS|NUMERI APERTI|NUMERI COSA|NUMERI CHE|NUMERI QUALE|COSA SIDE|CHE SIDE|QUALE SIDE"
        "|DOVE SI_PUO PLAY"  # "dove si può attaccare?"
        "|NUMERI SIDE|NUMERI ENDS|ASKF NUMERI TABLE",  # "mi dici i numeri sul tavolo?"
        f"{_ASK} NUMERI APERTI SIDE TESSERA PLAY TABLE HO",
        repeatable="SIDE",
    ),
    Frame.of(
        "hand",
        "MY_HAND|MANO|COSA HO|CHE HO|QUALE HO|TESSERA HO|IN_MANO HO|QUANTO HO|ASKF TESSERA"
        "|QUANTO MY_REMAINING|MY_REMAINING|RESTANO IN_MANO",
        f"{_ASK} TESSERA IN_MANO HO MY_HAND ALL MANO MY_REMAINING AVAILABLE",
    ),
    Frame.of(
        "playable",
        "PLAYABLE|COSA POSSO PLAY|CHE POSSO PLAY|QUALE POSSO PLAY|QUALE PLAY|QUALCOSA PLAY"
        "|QUALCOSA HO|QUALCOSA POSSO|MOSSA HO|MOSSA QUALE|MOSSA CHE|TESSERA POSSO|POSSO PLAY"
        "|POSSO PASS|POSSO DRAW|COSA SI_PUO PLAY|CHE SI_PUO PLAY|QUALE SI_PUO PLAY"
        "|COSA HO PLAY|CHE HO PLAY|QUALE USE|COSA POSSO USE|QUALE POSSO USE",
        f"{_ASK} PLAY TESSERA HO QUALCOSA DEVO DRAW MOSSA PLAYABLE TILE GIU ALL SIDE TABLE MY_HAND",
        repeatable="PLAYABLE",
    ),
    Frame.of(
        "hint",
        "HINT|COSA PLAY|CHE PLAY|COSA DO|CHE DO|QUALE PLAY|QUALE MOSSA|COSA DEVO PLAY"
        "|COSA DEVO DO|CHE DEVO DO",
        f"{_ASK} PLAY DO DEVO MOSSA TESSERA HINT DRAW PASS PER_ME",
        repeatable="HINT",
    ),
    Frame.of(
        "line", "TABLE|COSA DONE|CHE DONE", f"{_ASK} TESSERA DONE STANDING", repeatable="TABLE"
    ),
    Frame.of(
        "whole_line",
        "TABLE ALL|ALL TESSERA DONE|TESSERA ALL ASKF|TABLE FROM_START|ALL ALL|ALL ASKF",
        f"{_ASK} TESSERA DONE ALL FROM_START",
        repeatable="ALL",
    ),
    Frame.of(
        "line_from_tail",
        "FROM_TAIL|SIDE=Side.TAIL ASKF|SIDE=Side.TAIL TABLE|SIDE=Side.TAIL ALL"
        "|SIDE=Side.TAIL REPEAT",
        f"{_ASK} TABLE TESSERA ALL SIDE",
    ),
    Frame.of(
        "boneyard",
        "POOL|QUANTO RESTANO|QUANTO DRAW|QUANTO RESTANO DRAW|RESTANO DRAW|POSSO DRAW"
        "|POOL RESTANO|SI_PUO DRAW",
        f"{_ASK} TESSERA RESTANO DRAW POOL QUALCOSA EMPTY MISSING NUMERI",
    ),
    Frame.of(
        "opponents",
        "OPP|QUANTO HA|QUANTO HANNO",
        f"{_ASK} TESSERA HA HANNO IN_MANO RESTANO GIOCATORI NUMERI",
    ),
    Frame.of(
        "score",
        "PUNTEGGIO|PUNTI|QUANTO HO PUNTI",
        f"{_ASK} PUNTI HO HA HANNO DONE MANO FINITA PAIRS",  # "io e la mia compagna"
        repeatable="PUNTEGGIO",
    ),
    Frame.of(
        "turn",
        "TURNO|CHI PLAY|CHI DEVO PLAY|DEVO PLAY|DEVO SEAT",  # "tocca a Giulia?"
        f"{_ASK} DEVO PLAY SEAT OPP MOSSA",
    ),
    # "mi tocca?": asked alone, whose turn it is ("mi tocca pescare" draws)
    Frame.of("turn", "DEVO", _ASK, only_asked_with="DEVO"),
    Frame.of(
        "last_move",
        "LAST|COSA HA DONE|CHE HA DONE|COSA DONE|CHE TESSERA HA DONE|QUALE TESSERA HA DONE"
        "|HA DONE|MOSSA PREV|COSA HA DONE OPP|COSA HANNO DONE|CHE HANNO DONE|COSA USCITI"
        "|CHE USCITI",
        f"{_ASK} MOSSA TESSERA DONE HA OPP GIOCATORI GIU LAST",
    ),
    Frame.of(
        "since_my_turn",
        "SUCCESSO|COSA HANNO DONE OPP|CHE HANNO DONE OPP|OPP HANNO DONE",
        f"{_ASK} HA HANNO DONE OPP MOSSA TURNO LAST GIRO",
        repeatable="SUCCESSO",
    ),
    Frame.of(
        "last_round",
        "FINITA|AVEVANO|MANO LAST|MANO OPP|FINITA MANO|OTHERS_HANDS|SUCCESSO MANO|MANO PREV",
        f"{_ASK} MANO IN_MANO OPP LAST TESSERA AVEVANO HA HANNO SEAT ALL",
    ),
    Frame.of(
        "partner",
        "PARTNER",
        f"{_ASK} HA IN_MANO TESSERA HO PUNTI STANDING PUNTEGGIO QUALCOSA PARLA DO SEAT",
    ),
    Frame.of(
        "target",
        "TARGET_Q|OBIETTIVO|QUANTO PUNTI PLAY|QUANTO PUNTI PARTITA|QUANTO PUNTI VINTO",
        f"{_ASK} PUNTI PLAY PARTITA PUNTEGGIO VINTO",
        repeatable="TARGET_Q",
    ),
    # "ha vinto Marco o ho vinto io?"
    # "ha chiuso di nuovo" says what happened; "ha chiuso di nuovo?" asks
    Frame.of(
        "winner",
        "VINTO",
        f"{_ASK} MANO PARTITA PUNTI LAST HA SEAT",
        repeatable="VINTO SEAT",
        only_asked_with="ANCORA",
    ),
    Frame.of("leader", "LEADER", f"{_ASK} MANO TESSERA PLAY HA DONE PARTITA START"),
    Frame.of(
        "round_number",
        "ROUND_Q|CHE MANO|QUALE MANO|QUALE NUMERI MANO|CHE NUMERI MANO|CHE MANO DO|ORDINAL MANO",
        f"{_ASK} MANO NUMERI GIRO DO ORDINAL",
    ),
    Frame.of(
        "ask_number",
        "QUANTO NUM USCITI|NUM USCITI|QUANTO NUM HO|QUANTO NUM IN_MANO|QUANTO NUM TABLE",
        f"{_ASK} TESSERA HO IN_MANO ALL TABLE",
        slots={"NUM": "pips"},
        fixed={"question": "played"},
    ),
    Frame.of(
        "ask_number",
        "NUM MISSING|QUALE NUM RESTANO|QUANTO NUM RESTANO|NUM AROUND|CHI HA NUM|RESTANO NUM",
        f"{_ASK} TESSERA HA HANNO ALL MISSING RESTANO AROUND",
        slots={"NUM": "pips"},
        fixed={"question": "missing"},
    ),
    Frame.of(
        "ask_player",
        "SEAT",
        f"{_ASK} TESSERA HA IN_MANO DONE MOSSA RESTANO LAST STANDING QUALCOSA FINITA",
        bare_alone=True,
        only_asked_with="DONE ANCORA",  # "Marco ha pescato di nuovo", "ancora Giulia!"
    ),
    Frame.of("ask_player_score", "SEAT PUNTI|SEAT PUNTEGGIO", f"{_ASK} HA DONE"),
    Frame.of(
        "rules",
        # "com'è che funziona il blocco?", "com'è la pesca?"
        "REGOLE|EXPLAIN|COME TEST|COME VARIANT",
        f"{_ASK} PARTITA VARIANTE VARIANT REGOLE DO PLAY PASS PASS_IDIOM NUM TILE VINTO PUNTI HA"
        " SPINNER WITH_SPINNER",
        slots={"VARIANT": "variant_name"},
        repeatable="REGOLE",  # "com'è che si gioca a capra? le regole"
    ),
    Frame.of(
        "rules",
        "REGOLE DRAW|EXPLAIN DRAW",
        f"{_ASK} PARTITA VARIANTE REGOLE DO PLAY HA",
        fixed={"variant_name": "pesca"},
    ),
    Frame.of(
        "rules",
        "REGOLE PAIRS|EXPLAIN PAIRS",
        f"{_ASK} PARTITA VARIANTE REGOLE DO PLAY HA",
        fixed={"variant_name": "coppie"},
    ),
    Frame.of(
        "rules",
        "REGOLE JOLLY|EXPLAIN JOLLY",
        f"{_ASK} PARTITA VARIANTE REGOLE DO PLAY HA",
        fixed={"variant_name": "jolly"},
    ),
    Frame.of(
        "settings",
        "IMPOSTAZIONI|GAME_Q|CHE VARIANTE|QUALE VARIANTE|CHE LIVELLO|QUALE LIVELLO"
        "|CHE PARTITA PLAY|QUALE PARTITA|QUANTO GIOCATORI|LIVELLO|VARIANTE|GIOCATORI",
        f"{_ASK} PARTITA VARIANTE LIVELLO PLAY DO HO HA DONE",
        repeatable="IMPOSTAZIONI",
    ),
    Frame.of(
        "help",
        "HELP|DONT_KNOW|COSA POSSO DO|CHE POSSO DO|COSA POSSO ASKF|DONT_KNOW REGOLE",
        f"{_ASK} DO USE REGOLE PLAY PARTITA VARIANTE",
        repeatable="HELP",
    ),
    # --- the match
    Frame.of(
        "start",
        "START|PLAY=start|DO PARTITA|PLAY PARTITA",
        f"{_MENU} SHUFFLE TESSERA",
        repeatable="START",
        acts=True,
    ),
    Frame.of(
        "continue",
        "CONTINUE|GO_ON|SHUFFLE",
        f"{_MENU} MANO GO_ON TESSERA GIRO",
        repeatable="CONTINUE GO_ON",
        acts=True,
    ),
    Frame.of(
        "new_game",
        "NEW_GAME|ONE_MORE|FROM_START",
        f"{_MENU} ANCORA FROM_START ALL",
        repeatable="NEW_GAME",
    ),
    Frame.of("quit", "QUIT|FED_UP", f"{_MENU} STOP", repeatable="QUIT"),
    # --- the menu
    # "mettere gioco jolly", "jolly jolly, voglio il jolly": the verb or the name said twice
    Frame.of("set_variant", "VARIANT", f"{_MENU} PARLA", repeatable="PLAY"),
    Frame.of(
        "set_variant",
        "JOLLY|VARIANTE WITH_JOLLY",
        _MENU,
        fixed={"variant": "jolly"},
        repeatable="PLAY JOLLY",
    ),
    Frame.of(
        "set_variant", "VARIANTE PAIRS", _MENU, fixed={"variant": "coppie"}, repeatable="PLAY"
    ),
    # "mettimi contro due computer"
    Frame.of("set_players", "COUNT", f"{_MENU} GIOCATORI AUTO OPP", repeatable="COUNT"),
    # "metti tre persone al tavolo"
    Frame.of("set_players", "COUNT TABLE", _MENU, repeatable="COUNT"),
    # "facciamo quattro": a number said bare after "facciamo" counts the players
    Frame.of(
        "set_players",
        "|".join(f"DO NUM={count}" for count in PLAYER_COUNTS),
        _MENU,
        slots={"NUM": "count"},
        question="refuse",
    ),
    # "avversari: uno": the opponents counted, and the player
    *(
        Frame.of(
            "set_players",
            f"OPP NUM={count - 1}",
            _MENU,
            fixed={"count": count},
            question="refuse",
        )
        for count in PLAYER_COUNTS
    ),
    # "giocatori... tre": the topic, then the number
    # (only a count the menu offers: "un giocatore", "assi giocatore" set nothing)
    Frame.of(
        "set_players",
        "|".join(f"GIOCATORI NUM={count}" for count in PLAYER_COUNTS),
        _MENU,
        slots={"NUM": "count"},
    ),
    Frame.of("set_pairs", "PAIRS", f"{_MENU} SEAT COUNT OPP", repeatable="PAIRS SEAT"),
    # "facciamo le coppie, io con Giulia": the pairs said with who plays with whom
    Frame.of("set_pairs", "VARIANT=coppie SEAT", f"{_MENU} SEAT COUNT PAIRS", repeatable="SEAT"),
    Frame.of("set_level", "LEVEL", f"{_MENU} LIVELLO OPP", repeatable="LEVEL"),
    # "più forte 'sto computer", "abbassa il livello": the voice's words said of the opponent
    # "dammi un avversario più forte"
    Frame.of(
        "level_up", "LEVEL_UP|LOUDER OPP|LOUDER LIVELLO", f"{_MENU} LIVELLO OPP LOUDER TAKE COUNT"
    ),
    Frame.of(
        "level_down",
        "LEVEL_DOWN|QUIETER OPP|QUIETER LIVELLO",
        f"{_MENU} LIVELLO OPP QUIETER TAKE COUNT",
    ),
    Frame.of("set_target", "TARGET", f"{_MENU} PUNTI OBIETTIVO PUNTEGGIO VINTO"),
    Frame.of(
        "set_wildcard",
        "WITH_JOLLY|JOLLY NUM=0|JOLLY WILD_ON",
        f"{_MENU} WILD_ON NUM JOLLY CHE DEVO",
        fixed={"on": True},
        slots={"NUM": "blank"},
    ),
    Frame.of(
        "set_wildcard",
        "NO_JOLLY|JOLLY WILD_OFF|WITH_JOLLY WILD_OFF|JOLLY NO_ANSWER|JOLLY NO|WITH_JOLLY NO"
        "|JOLLY UNDO|JOLLY NON|WITH_JOLLY NON",  # "non voglio il jolly"
        f"{_MENU} WILD_OFF NUM JOLLY WITH_JOLLY NO_JOLLY NO_ANSWER NO UNDO NON",
        fixed={"on": False},
        slots={"NUM": "blank"},
    ),
    # Issue 21: the table options.
    Frame.of(
        "set_tile_set", "TILE_SET", f"{_MENU} NORMAL PARLA TESSERA", slots={"TILE_SET": "tile_set"}
    ),
    # "usiamo il doppio nove": the set named by its top double ("posso usare il doppio sei?"
    # asks what can be played)
    *(
        Frame.of(
            "set_tile_set",
            f"USE TILE=({n},{n})",
            "WANT DO SET PARTITA CAN_YOU VARIANTE NORMAL USE",
            fixed={"tile_set": n},
            question="playable",
        )
        for n in (6, 9)
    ),
    Frame.of(
        "set_spinner",
        # "croce" alone in the menu, as "jolly"; "il doppio che apre in quattro direzioni"
        "WITH_SPINNER|SPINNER WILD_ON|SPINNER|FOUR_WAYS",
        f"{_MENU} WILD_ON SPINNER {_SPINNER_MAY}",
        fixed={"on": True},
        bare_alone=True,
    ),
    Frame.of(
        "set_spinner",
        "NO_SPINNER|SPINNER WILD_OFF|WITH_SPINNER WILD_OFF|SPINNER UNDO|FOUR_WAYS WILD_OFF"
        "|SPINNER NON|FOUR_WAYS NON|SPINNER NO_ANSWER|WITH_SPINNER NO_ANSWER|FOUR_WAYS NO_ANSWER",
        f"{_MENU} WILD_OFF SPINNER WITH_SPINNER NO_SPINNER UNDO NON NO_ANSWER {_SPINNER_MAY}",
        fixed={"on": False},
    ),
    Frame.of(
        "set_opening", "OPENING", f"{_MENU} PREV LAST MANO NEXT ALL", slots={"OPENING": "opening"}
    ),
    # "comincia chi ha la tessera più pesante", "apre sempre chi ha il doppio sei", "esca chi
    # ha vinto la mano prima": who opens, said by what he holds or did
    *(
        Frame.of(
            "set_opening",
            needs,
            f"{_MENU} {_OPENING_MAY}",
            fixed={"opening": opening},
            repeatable="TILE VARIANTE",
        )
        for opening, needs in (
            # "chi ha il doppio più grosso comincia": the opener said by "comincia" at the end
            ("heaviest", "LEADER HEAVIEST|START CHI HEAVIEST"),
            ("highest_double", "LEADER HIGHEST_DOUBLE|START CHI HIGHEST_DOUBLE"),
            (
                "top_double",
                "LEADER TOP_DOUBLE|LEADER TILE=(6,6)|LEADER TILE=(9,9)|START CHI TOP_DOUBLE"
                "|START CHI TILE=(6,6)|START CHI TILE=(9,9)",
            ),
            ("last_winner", "LEADER VINTO"),
            ("random", "LEADER DECIDE RANDOM"),
            ("variant", "LEADER BY_RULE|LEADER KEEP VARIANTE|LEADER NORMAL"),
        )
    ),
    # "chi apre mettilo a caso", "per chi apre usa la regola della variante"
    Frame.of(
        "set_opening",
        "LEADER RANDOM|START RANDOM",  # "fai iniziare uno a caso", "primo di mano a sorte"
        f"{_MENU} LEADER START MANO",
        fixed={"opening": "random"},
        repeatable="RANDOM",  # "random, a caso"
    ),
    # the opening rule named alone, as the menu names it ("il doppio più alto", "la più
    # pesante", "a caso"): never asked ("qual è la più pesante?" asks about tiles)
    *(
        Frame.of(
            "set_opening",
            needs,
            "WANT DO SET USE",
            fixed={"opening": opening},
            question="refuse",
            bare_alone=True,
        )
        for opening, needs in (
            ("heaviest", "HEAVIEST"),
            ("highest_double", "HIGHEST_DOUBLE"),
            ("random", "RANDOM"),
        )
    ),
    # "chi comincia lo decida la variante", "per chi apre lascia la regola della variante"
    Frame.of(
        "set_opening",
        "LEADER VARIANTE",
        f"{_MENU} LEADER NORMAL VARIANTE DECIDE KEEP LEAVE",
        fixed={"opening": "variant"},
        repeatable="VARIANTE",
        question="leader",  # "chi apre nella variante?" asks
    ),
    # --- the voice and the messages
    Frame.of("slower", "SLOWER|VELOCITA QUIETER", f"{_VOICE} VELOCITA", repeatable="SLOWER"),
    Frame.of("faster", "FASTER|VELOCITA LOUDER", f"{_VOICE} VELOCITA", repeatable="FASTER"),
    Frame.of("louder", "LOUDER", _VOICE),
    Frame.of("quieter", "QUIETER", _VOICE),
    Frame.of("brief", "BRIEF", f"{_VOICE} ASKF MESSAGGIO MOSSA", repeatable="BRIEF"),
    # "normale", "come sempre" alone name no setting among other words ("la nonna sta bene,
    # come sempre"; "il doppio sei, come sempre" is the tile): only said alone or of the speech
    Frame.of(
        "normal",
        "NORMAL",
        f"{_VOICE} BACK MESSAGGIO",
        repeatable="PARLA NORMAL",
        bare_alone=True,
    ),
    Frame.of("detailed", "DETAILED", f"{_VOICE} ASKF ALL MESSAGGIO MOSSA", repeatable="DETAILED"),
    Frame.of("stop_speech", "STOP", "PARLA WAIT CAN_YOU AGREE", repeatable="STOP"),
    Frame.of(
        "repeat",
        "REPEAT|ANCORA|COME|COSA|SCUSA",
        "CAN_YOU COME COSA MESSAGGIO ASKF LAST HA SLOWER QUIETER LOUDER",
        weak=True,
        repeatable="REPEAT",
    ),
    Frame.of(
        "previous",
        "PREV|BACK|MESSAGGIO UNDO|MESSAGGIO BACK",
        "CAN_YOU ASKF MESSAGGIO COSA REPEAT PARLA HA",
        repeatable="PREV",
    ),
    Frame.of(
        "next_message",
        "NEXT|MESSAGGIO CONTINUE|MESSAGGIO GO_ON",
        "CAN_YOU ASKF MESSAGGIO GO_ON CONTINUE",
    ),
    Frame.of(
        "list_voices",
        "VOICES|VOCE AVAILABLE",
        f"{_ASK} VOCE HO HA HANNO SET PLAY AVAILABLE USE TEST",
        repeatable="VOICES",
    ),
    Frame.of(
        "use_voice",
        "VOCE NUM|VOICES NUM" + ("|VOCE CARD|VOICES CARD" if _CARDINALS else ""),
        "USE CAN_YOU WANT PLAY SET TAKE NUMERI TEST",
        slots={"NUM": "voice", **({"CARD": "voice"} if _CARDINALS else {})},
    ),
    Frame.of(
        "use_voice",
        "VOICE_ORDINAL",
        "USE CAN_YOU WANT PLAY SET TAKE",
        slots={"VOICE_ORDINAL": "voice"},
    ),
    Frame.of("check_microphone", "MIC|TEST VOCE", "TEST WANT CAN_YOU DO AGREE"),
    Frame.of(
        "set_auto_forced",
        "AUTO|DRAW PER_ME FORCED|PASS PER_ME FORCED|DO FORCED|FORCED HANDOVER|FORCED HINT"
        "|FORCED PLAY_IT_FOR_ME",
        "FORCED DRAW PASS PARLA WANT HINT QUANDO PER_ME DEVO AUTO DO PASS_IDIOM PLAY_IT_FOR_ME"
        " WILD_ON",  # "attiva l'automatico"
        fixed={"on": True},
        repeatable="FORCED AUTO DRAW PASS",
    ),
    Frame.of(
        "set_auto_forced",
        "MANUAL|FORCED WILD_OFF|AUTO WILD_OFF",  # "disattiva le mosse obbligate automatiche"
        "FORCED DRAW PASS WANT DO ALL WILD_OFF AUTO",
        fixed={"on": False},
        repeatable="FORCED MANUAL",  # "le pescate obbligate le voglio fare io, a mano"
    ),
    # --- at a network table (issue 23); the dialog reads a greeting off a table as leaving,
    # a "wait" as a "no" (DialogManager.in_context)
    Frame.of(
        "play_online", "ONLINE|FRIENDS", f"{_MENU} GO_ON TABLE FRIENDS ONLINE", repeatable="ONLINE"
    ),
    Frame.of(
        "create_table",
        # "un minuto per mossa": a turn timer is a table's; "apri il tavolo coi trenta secondi"
        "CREATE TABLE|SET TABLE|TABLE TIMER|CREATE TIMER|A_TABLE|CREATE ONLINE|TIMER TIMER_WORD"
        "|TIMER MOSSA|CLOSE_TABLE=False TIMER",
        f"{_MENU} CREATE TABLE A_TABLE ONLINE FRIENDS TIMER TIMER_WORD MOSSA TURNO GIOCATORI"
        " COUNT NUM A_COMPUTER TAKE CLOSE_TABLE PER_ME OPP",
        slots={"TIMER": "turn_timer"},
        question="refuse",
        repeatable="CREATE TIMER_WORD",
    ),
    Frame.of(
        "join_table",
        "JOIN CODE|TABLE CODE|CODE_WORD CODE|JOIN TABLE TILE|JOIN TABLE NUM|CODE_WORD TILE",
        f"{_MENU} JOIN TABLE CODE_WORD ONLINE FRIENDS NAME",
        slots={"CODE": "code", "TILE": "code", "NUM": "code"},
        question="refuse",
        repeatable="TABLE",
    ),
    Frame.of(
        "join_table",
        "SPECTATOR CODE|SPECTATOR TILE|SPECTATOR NUM",
        f"{_MENU} JOIN TABLE CODE_WORD ONLINE SPECTATOR NOT_PLAYING",
        repeatable="SPECTATOR",
        slots={"CODE": "code", "TILE": "code", "NUM": "code"},
        fixed={"spectator": True},
        question="refuse",
    ),
    Frame.of(
        "add_computer",
        "A_COMPUTER PLAY|A_COMPUTER WANT|A_COMPUTER DO|A_COMPUTER SET|A_COMPUTER EMPTY_SEAT"
        "|OPP EMPTY_SEAT|FILL EMPTY_SEAT|FILL OPP|FILL A_COMPUTER|PLAY=add OPP",
        # "fai entrare un computer"
        f"{_MENU} A_COMPUTER OPP LEVEL LIVELLO EMPTY_SEAT TABLE FILL PER_ME JOIN",
        question="refuse",
        repeatable="LEVEL",  # "un computer forte, difficile"
    ),
    Frame.of(
        "remove_computer",
        "WILD_OFF OPP|WILD_OFF A_COMPUTER",
        f"{_MENU} OPP A_COMPUTER TABLE NUM LAST PLACE",
        slots={"NUM": "seat_number", "PLACE": "seat_number"},
        question="refuse",
    ),
    Frame.of(
        "who_is_there",
        "WHO_THERE|CHI TABLE|CHI GIOCATORI|CHI ONLINE|QUANTO GIOCATORI TABLE",
        f"{_ASK} TABLE PLAY GIOCATORI ONLINE FRIENDS",
    ),
    Frame.of(
        "quick_message",
        "PRAISE SEAT|PRAISE OPP|PRAISE",  # "bravo Marco": said to someone, not asking about them
        "TELL_THEM ALL OPP PARTNER MOSSA SEAT ASKF DO PREV NAME",  # "a quello di prima"
        fixed={"message": "bella_mossa"},
        question="refuse",  # "ma che mossa è?": no praise
        repeatable="PRAISE",
    ),
    Frame.of(
        "quick_message",
        "THANKS SEAT|THANKS OPP|THANKS",
        "TELL_THEM ALL OPP PARTNER PARTITA SEAT ASKF DO NAME",
        fixed={"message": "grazie"},
    ),
    Frame.of(
        "quick_message",
        "MOMENT|TELL_THEM THINK",
        "TELL_THEM ALL OPP DO WANT ASKF THINK NAME",
        fixed={"message": "un_momento"},
        repeatable="MOMENT",
    ),
    Frame.of(
        "quick_message",
        "GREET SEAT|GREET OPP|GREET TABLE|GREET",  # "saluta tutti al tavolo"
        "TELL_THEM ALL OPP PARTNER SEAT TABLE ASKF DO NAME",
        fixed={"message": "ciao"},
        repeatable="GREET",
    ),
    Frame.of("leave_table", "QUIT TABLE|LEAVE TABLE|QUIT ONLINE|LEAVE ONLINE", f"{_MENU} ONLINE"),
    Frame.of(
        "close_table",
        "CLOSE_TABLE",
        f"{_MENU} TABLE ALL TELL_THEM NEWCOMERS",
        slots={"CLOSE_TABLE": "closed"},
        repeatable="CLOSE_TABLE",
    ),
    # "chiuda pure il tavolo ai nuovi arrivati": closed to newcomers, not left
    Frame.of(
        "close_table",
        "QUIT TABLE NEWCOMERS",
        f"{_MENU} TABLE ALL TELL_THEM NEWCOMERS",
        fixed={"closed": True},
    ),
    Frame.of("quit", "STOP GREET", "STOP"),  # "basta, ciao"
]

# The menu's choices may be said several in one sentence ("a quattro, a coppie, livello
# difficile", "in tre a cento punti"): each is made, in the order said, and read back.
TOGETHER = Together(
    "several_choices",
    frozenset(
        {"set_variant", "set_players", "set_pairs", "set_level", "level_up", "level_down"}
        | {"set_target", "set_wildcard", "set_tile_set", "set_spinner", "set_opening"}
    ),
)

# Two clauses meaning these two things: the first is meant ("non ho niente, pesco").
PRECEDENCE: list[tuple[str, str]] = [
    ("draw", "pass"),
    ("leave_table", "quit"),  # "mi alzo dal tavolo, per oggi basta così"
    ("number_question", "playable"),  # "col due che ci faccio, c'è posto?"
    ("pass", "continue"),
    ("undo", "no"),
    ("stay", "undo"),  # "annulla, non voglio uscire": the quitting called off, no move
    ("stay", "no"),
    ("undo", "previous"),
    ("yes", "agree"),
    ("quit", "stop_speech"),
    ("help", "rules"),
    ("help", "repeat"),
    ("help", "hint"),
    ("partner", "ask_player"),
    ("normal", "previous"),
    ("level_down", "quieter"),
    ("level_up", "louder"),
    ("set_pairs", "set_players"),
    ("set_level", "level_up"),  # "è troppo facile, metti difficile": the level said
    ("set_level", "level_down"),
    # "il doppio più grosso, quello del mazzo, apre": the rule named, then that it opens
    ("set_opening", "leader"),
    # "torna a quelli normali, fino al sei": "normal" said of the set or the variant named
    ("set_tile_set", "normal"),
    ("set_variant", "normal"),
    ("play", "turn"),
    ("number", "turn"),
    ("draw", "turn"),
    ("pass", "turn"),
    ("no", "agree"),
    ("stay", "agree"),
    ("new_game", "continue"),
    ("yes", "quit"),
    ("yes", "new_game"),
    ("no", "quit"),
    ("stay", "quit"),
    ("no", "new_game"),
    ("stay", "new_game"),
    ("rules", "repeat"),  # "come si gioca? non ho capito bene"
    ("whole_line", "slower"),  # "leggimi tutte le tessere, piano piano"
    ("line", "slower"),
    # "Per oggi basta, ciao a tutti", "gioco il sei, grazie": a word to the table goes with
    # any command.
    *((frame.intent, "quick_message") for frame in FRAMES if frame.intent != "quick_message"),
    # "facciamo a blocco, procediamo", "un livello più su, via", "procediamo: il doppio sei":
    # "procediamo" and "via" beside a choice or a move only urge it on
    *(
        (intent, urging)
        for intent in (*TOGETHER.intents, "play", "number", "draw", "undo", "side")
        for urging in ("continue", "start")
    ),
]
