"""What a player at a network table hears must be true, over a real server on 127.0.0.1:
after a restart that lost the table, a request (leaving among them) is answered with what
happened and the player is back in the menu, with nothing of the table pending; the help at a
table says what works there, by voice and typed, including that a free message is typed."""

from __future__ import annotations

import tempfile
import threading
import time
from pathlib import Path

import pytest
from net_helpers import ServerProcess

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.network import NetworkSettings
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
        server.kill()
        before = bruno.table_news().text
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
        assert it_net.code_words(code) not in before
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
