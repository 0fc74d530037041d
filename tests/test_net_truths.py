"""What a player at a network table hears must be true, over a real server on 127.0.0.1:
after a restart that lost the table, a request (leaving among them) is answered with what
happened and the player is back in the menu, with nothing of the table pending; the help at a
table says what works there, by voice and typed, including that a free message is typed."""

from __future__ import annotations

import asyncio
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.network import NetworkSettings
from voicedomino.italian import messages as it
from voicedomino.italian import network as it_net
from voicedomino.net.link import LinkState

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("request_said", ["esci dal tavolo", "aggiungi un computer"])
def test_a_request_after_a_restart_that_lost_the_table_is_answered_with_the_truth(
    tmp_path: Path, request_said: str
) -> None:
    """The server comes back without its tables (another folder); the player speaks the
    moment the link is back, while the server is still refusing to give the seat back: the
    answer says the table is no more on the server, the player is in the menu, no 'the seat
    stays yours' is told afterwards, and a new table can be made at once."""
    server = ServerProcess(tmp_path / "first").start()
    bruno = DialogManager(
        computer_pause=0, network=NetworkSettings([f"127.0.0.1:{server.port}"], "Bruno")
    )
    answers: list[str] = []
    try:
        assert "Tavolo creato" in bruno.handle("crea un tavolo").text
        remote = bruno.network.remote
        assert remote is not None and remote.state.code is not None
        code = remote.state.code
        told_link = remote._on_link

        def speak_when_back(state: LinkState, attempt: int) -> None:
            told_link(state, attempt)
            if state is LinkState.CONNECTED:  # said as soon as the server is there again
                threading.Thread(target=lambda: answers.append(bruno.handle(request_said).text),
                                 daemon=True).start()  # fmt: skip

        remote._on_link = speak_when_back
        server.kill()  # the news is not read until the answer: the drop's notice waits
        server = ServerProcess(Path(tempfile.mkdtemp(dir=tmp_path)), port=server.port).start()
        deadline = time.monotonic() + 30
        while not answers:
            assert time.monotonic() < deadline, "the request was never answered"
            time.sleep(0.02)
        said = answers[0]
        assert it_net.seat_gone(code, "no_table") in said, said
        assert it_net.back_in_the_menu() in said and bruno.phase is Phase.MENU, said
        assert it_net.error_text("not_at_table") not in said and it_net.not_at_a_table() not in said
        assert not bruno.network.seated and bruno.session is None
        time.sleep(1.0)
        later = bruno.table_news().text
        assert "il posto resta tuo" not in later and it_net.code_words(code) not in later, later
        created = bruno.handle("crea un tavolo").text
        assert "Tavolo creato" in created and bruno.phase is Phase.TABLE, created
    finally:
        bruno.close()
        server.stop()


def test_the_help_at_a_network_table_says_what_works_there(tmp_path: Path) -> None:
    with ServerProcess(tmp_path) as server:
        bruno = DialogManager(
            computer_pause=0, network=NetworkSettings([f"127.0.0.1:{server.port}"], "Bruno")
        )
        try:
            bruno.handle("crea un tavolo")
            assert bruno.phase is Phase.TABLE
            before_match = bruno.handle("aiuto")
            help_text = before_match.text
            assert bruno.internal_errors == 0, help_text
            for words in ("chi c'è al tavolo", "aggiungi un computer", "inizia", "esci dal tavolo",
                          it_net.QUICK_BY_VOICE, "non si può dettare", "scrivi"):  # fmt: skip
                assert words in help_text, (words, help_text)
            not_understood = bruno.handle("fammi un caffè").text
            assert bruno.internal_errors == 0 and "Non ho capito" in not_understood
            assert "chi c'è al tavolo" in not_understood  # the hint names what works here
            bruno.handle("inizia")
            deadline = time.monotonic() + 30
            while bruno.phase is Phase.TABLE:
                assert time.monotonic() < deadline
                bruno.table_news()
                time.sleep(0.05)
            in_match = bruno.handle("aiuto").text
            assert "gioca" in in_match and it_net.QUICK_BY_VOICE in in_match, in_match
            assert "aggiungi un computer" not in in_match  # not while the match is on
            assert bruno.internal_errors == 0
        finally:
            bruno.close()


def test_a_player_at_a_network_table_is_never_held_or_told_untrue_things(tmp_path: Path) -> None:
    """Bruno plays at Anna's table through this program's dialog. The server restarts: Bruno
    hears he is back, that nothing happened meanwhile (never a dangling 'Mentre eri via:')
    and whose turn it is. 'nuova partita' cannot restart the table's match and says so; the
    help drops what does not work there (taking a move back). Quitting the game leaves the
    table, so Anna's table does not wait for a seat nobody can come back to; and when the
    server is gone for good, 'esci dal tavolo' still takes the player back to the menu."""
    server = ServerProcess(tmp_path).start()
    loop = asyncio.new_event_loop()
    anna = Player("Anna")
    code = loop.run_until_complete(anna.create(server.url, {"variant": "classica", "seats": 2}))
    address = [f"127.0.0.1:{server.port}"]
    bruno = DialogManager(computer_pause=0, network=NetworkSettings(address, "Bruno", code))
    carla = DialogManager(computer_pause=0, network=NetworkSettings(address, "Carla"))
    try:
        bruno.start()
        loop.run_until_complete(anna.send({"type": "start", "fill": True}))
        _until(bruno, lambda: bruno.phase is not Phase.TABLE)
        remote = bruno.network.remote
        assert remote is not None
        server.kill()
        _until(bruno, lambda: not remote.link.connected.is_set())
        bruno.table_news()
        server.start()
        so_far = [""]
        heard = _until(bruno, lambda: it_net.table_back(code) in so_far[0], so_far)
        back = heard[heard.index(it_net.table_back(code)) :]
        assert it_net.while_away() not in back or back.split(it_net.while_away())[1].strip(), back
        view = remote.view()
        with it.seated(1, remote.names()):
            assert it.turn_of(view.to_move) in back, back
        if view.to_move == 0:
            assert "Tocca ad Anna." in back  # "ad" before a name that begins with a

        again = bruno.handle("nuova partita").text
        assert again == it_net.no_new_game_at_table() and bruno.session is remote, again
        help_text = bruno.handle("aiuto").text
        assert "Annulla l'ultima mossa" not in help_text and "nuova partita" not in help_text

        carla.handle(f"guarda il tavolo {code}")  # Carla watches from now on
        assert carla.network.seated
        # A move said by someone who only watches is not met with 'waiting for the start'.
        assert carla.handle("gioca tre cinque").text == it_net.watching()
        question = bruno.handle("esci").text
        assert question.startswith("Vuoi uscire dal gioco? Lasci anche il tavolo"), question
        goodbye = bruno.handle("sì")
        assert goodbye.quit and it_net.left_table(code, True) in goodbye.text, goodbye.text
        so_far = [""]
        told = _until(
            carla, lambda: "Bruno ha lasciato il tavolo: al suo posto" in so_far[0], so_far
        )
        assert "Bruno" in told

        # The server goes for good while Carla watches: she can still leave.
        server.kill()
        _until(carla, lambda: not carla.network.remote.link.connected.is_set())  # type: ignore[union-attr]
        out = carla.handle("esci dal tavolo").text
        assert it_net.left_unreachable(code) in out and carla.phase is Phase.MENU, out
        assert not carla.network.seated and it_net.back_in_the_menu() in out
    finally:
        bruno.close()
        carla.close()
        loop.run_until_complete(anna.close())
        loop.close()
        server.stop()


def _until(manager: DialogManager, condition: Callable[[], bool],
           heard: list[str] | None = None) -> str:  # fmt: skip
    """Tell the table's news as the front end would, until *condition* holds; all heard."""
    heard = heard if heard is not None else [""]
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, heard[0][-800:]
        time.sleep(0.05)
        heard[0] += " " + manager.table_news().text
    return heard[0]


def test_people_are_named_without_a_gender_and_tu_is_capitalised_only_first() -> None:
    with it.seated(1, ("Anna", "Bruno")):
        assert it.penalties([11, 0]) == "Anna ha undici punti in mano e tu hai zero punti in mano."
        assert it.turn_of(0) == "Tocca ad Anna."
    with it.seated(0, ("Anna", "Bruno")):
        assert it.turn_of(1) == "Tocca a Bruno."
    assert it_net.not_your_turn("Alba") == "Non è il tuo turno: tocca ad Alba."
    assert it_net.timer_warning("Anna", 10, False) == "Ad Anna restano dieci secondi."
    assert it_net.timer_warning("Bruno", 10, False) == "A Bruno restano dieci secondi."
    for text in (it_net.player_joined("Anna", None), it_net.player_ready("Anna"),
                 it_net.left_table("1234"), it_net.seat_gone("1234", "no_table"),
                 it_net.ready_waiting(), it_net.error_text("not_at_table")):  # fmt: skip
        for gendered in ("arrivato", "pronto", "uscito", "seduto"):
            assert gendered not in text, text
