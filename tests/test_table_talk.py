"""What a seat hears of a network table's own events: names as they are, "tu" for the player,
nothing read back of the player's own chat."""

from __future__ import annotations

from voicedomino.dialog.narration import Narrator
from voicedomino.dialog.response import Verbosity
from voicedomino.dialog.table_talk import tell
from voicedomino.engine import Passed, Settings, Side, Tile, TilePlayed
from voicedomino.italian import messages as it
from voicedomino.net.events import (
    ChatMessage,
    ConnectionChanged,
    HostChanged,
    PlayerJoined,
    PlayerLeft,
    StandIn,
    TimedOut,
    TimerWarning,
)
from voicedomino.net.table import SPECTATOR, Table, TableOptions


def said(event: object, me: int | None) -> str:
    return " ".join(message.text for message in tell(event, me))  # type: ignore[arg-type]


def test_table_events_name_the_people_and_speak_to_the_player() -> None:
    assert said(PlayerJoined(2, "Bruno"), 0) == "Bruno entra al tavolo."
    assert said(PlayerJoined(1, "Carla", took_over="Marco"), 0) == (
        "Carla arriva e prende il posto di Marco."
    )
    assert said(PlayerLeft(1, "Carla", replaced_by="Giulia"), 3) == (
        "Carla ha lasciato il tavolo: al suo posto gioca Giulia."
    )
    assert said(ConnectionChanged(1, "Carla", False), 0) == (
        "Carla ha perso la connessione: il posto resta suo."
    )
    assert said(ConnectionChanged(1, "Carla", True), 1) == ""  # the player knows
    assert said(StandIn(1, "Carla", True), 0) == (
        "Carla è assente: gioca il computer al suo posto."
    )
    assert said(TimerWarning(2, "Bruno", 10), 2) == "Restano dieci secondi per la tua mossa."
    assert said(TimerWarning(2, "Bruno", 10), 0) == "A Bruno restano dieci secondi."
    assert said(TimedOut(2, "Bruno"), 2) == "Tempo scaduto: il computer ha giocato per te."
    assert said(HostChanged(3, "Dario"), 3) == "Adesso ospiti tu il tavolo."
    assert said(ChatMessage(None, "Elsa", "forza!"), 0) == "Elsa (guarda) dice: forza!"
    assert said(ChatMessage(0, "Anna", "ciao"), 0) == ""  # not read back to who wrote it


def test_a_spectator_hears_the_game_by_names_through_the_narration() -> None:
    """A spectator's view has no seat: the same Narrator tells it, by the table's names."""
    table, _ = Table.create("4721", Settings("classica", 2), TableOptions(), "Anna", 0.0)
    table.join("Bruno", player=True, now=0.0)
    table.start(0, False, 0.0, seed=1)
    view = table.view_for(SPECTATOR)
    assert view is not None
    narrator = Narrator(Verbosity.NORMAL, 0.0)
    played = TilePlayed(1, Tile(3, 5), Side.TAIL, None, None, False)  # type: ignore[call-arg]
    with it.seated(SPECTATOR, table.names()):
        opening = [m.text for m in narrator.tell(view, list(view.history))]
        passed = [m.text for m in narrator.tell(view, [Passed(0, 3, 5)])]  # type: ignore[call-arg]
        play = [m.text for m in narrator.tell(view, [played])]
    assert opening == ["Mano uno. Inizia Bruno, con il doppio bianco."]  # no hand to tell
    assert passed == ["Anna passa."]
    assert play[0].startswith("Bruno, ")
