"""Leaving a network table, over a real server on 127.0.0.1: before the match, during it, as a
spectator and as the host. The player hears that they left and where they are now, and every
command afterwards behaves as off a table: "chi c'è al tavolo" says they are at none, "inizia"
starts a local game, "entra al tavolo ..." sits down again; the terminal program's front end
tells nothing more of the table left."""

from __future__ import annotations

import asyncio
import io
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess

from voicedomino.audio.null import NullOutput
from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.network import NetworkSettings
from voicedomino.dialog.parser import parse
from voicedomino.dialog.session import MatchSession
from voicedomino.frontend.app import Game
from voicedomino.frontend.inbox import TableNews
from voicedomino.italian import messages as it
from voicedomino.italian import network as it_net
from voicedomino.net.events import HostChanged, PlayerJoined

pytestmark = pytest.mark.timeout(150)

NOT_AT_A_TABLE = it_net.not_at_a_table()


class Terminal:
    """The terminal program's front end (frontend.app.Game) at a network table, driven as its
    loop drives it: typed lines, and the table's news whenever the link wakes it."""

    def __init__(self, manager: DialogManager) -> None:
        self.manager = manager
        self.out = io.StringIO()
        self.game = Game(manager, NullOutput(), autosave=None, out=self.out)

    def told(self) -> str:
        text = self.out.getvalue()
        self.out.seek(0)
        self.out.truncate()
        return text

    def type(self, line: str) -> str:
        self.news()
        self.game.handle_intent(self.manager.typed(line, parse(line)))
        return self.told() + self.news()

    def news(self) -> str:
        """Every TableNews the link has put in the inbox, handled as the loop handles it."""
        said = []
        while True:
            try:
                item = self.game.inbox.get_nowait()
            except queue.Empty:
                return "".join(said)
            if isinstance(item, TableNews):
                self.game._after(self.manager.table_news())
                said.append(self.told())

    def until(self, condition: Callable[[], bool], what: str) -> str:
        heard = []
        deadline = time.monotonic() + 30
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"never {what}: {''.join(heard)[-800:]}")
            time.sleep(0.02)
            heard.append(self.news())
        return "".join(heard)


def test_leaving_a_network_table_goes_back_to_the_menu(tmp_path: Path) -> None:
    with ServerProcess(tmp_path) as server:
        address = [f"127.0.0.1:{server.port}"]
        loop = asyncio.new_event_loop()
        anna = Player("Anna")
        code = loop.run_until_complete(
            anna.create(server.url, {"variant": "blocco", "seats": 3, "target": 0})
        )
        bruno = DialogManager(computer_pause=0, network=NetworkSettings(address, "Bruno", code))
        carla = DialogManager(computer_pause=0, network=NetworkSettings(address, "Carla"))
        terminal = Terminal(bruno)
        try:
            # Before the match, through the terminal's front end.
            terminal.game._after(bruno.start())
            assert "Sei al tavolo" in terminal.told() and bruno.phase is Phase.TABLE
            left = terminal.type("esci dal tavolo")
            assert "Hai lasciato il tavolo" in left and it.menu_prompt(bruno.inputs) in left, left
            assert bruno.phase is Phase.MENU and not bruno.network.seated
            loop.run_until_complete(anna.until(lambda m: _has(m, "PlayerLeft", "Bruno")))
            loop.run_until_complete(anna.send({"type": "chat", "text": "ci sei ancora?"}))
            loop.run_until_complete(anna.until(lambda m: _has(m, "ChatMessage", "Anna")))
            after = terminal.type("chi c'è al tavolo")
            assert after.startswith(NOT_AT_A_TABLE), after
            assert "Anna" not in after and "Bruno" not in after  # no news of the table left
            # Back to the same table.
            again = terminal.type(f"entra al tavolo {code}")
            assert "Sei al tavolo" in again and bruno.phase is Phase.TABLE, again
            assert "secondo posto, tu" in terminal.type("chi c'è al tavolo")

            # A spectator comes, the match starts; the player leaves during it.
            watching = carla.handle(f"guarda il tavolo {code}").text
            assert carla.phase is Phase.TABLE, watching
            loop.run_until_complete(anna.send({"type": "start", "fill": True}))
            terminal.until(lambda: bruno.phase is not Phase.TABLE, "the match started")
            assert bruno.network.remote is not None and bruno.session is bruno.network.remote
            left = terminal.type("esci dal tavolo")
            assert "Hai lasciato il tavolo" in left and it.menu_prompt(bruno.inputs) in left, left
            assert bruno.phase is Phase.MENU and bruno.session is None
            # A computer goes on with Bruno's hand.
            loop.run_until_complete(anna.until(lambda m: _has(m, "PlayerLeft", "Bruno", True)))
            after = terminal.type("chi c'è al tavolo")
            assert after.startswith(NOT_AT_A_TABLE) and "Anna" not in after, after
            assert bruno.handle("quante tessere ho").text == it.not_in_game()
            started = terminal.type("inizia")  # a local game, as from the menu
            assert isinstance(bruno.session, MatchSession) and bruno.phase in (
                Phase.PLAYING, Phase.CHOOSE_SIDE, Phase.ROUND_OVER,
            ), started  # fmt: skip
            assert "Anna" not in started and "Anna" not in terminal.news()

            # The spectator leaves.
            left = carla.handle("esci dal tavolo").text
            assert "Hai lasciato il tavolo" in left and carla.phase is Phase.MENU, left
            assert carla.handle("chi c'è al tavolo").text.startswith(NOT_AT_A_TABLE)
            assert not carla.table_news().text  # nothing more from the table watched

            # The host leaves: the table passes to the next person there.
            created = carla.handle("crea un tavolo").text
            assert carla.phase is Phase.TABLE and carla.network.remote is not None, created
            new_code = carla.network.remote.state.code
            assert new_code is not None
            dario = Player("Dario")
            loop.run_until_complete(dario.join(server.url, new_code))
            elena = DialogManager(computer_pause=0, network=NetworkSettings(address, "Elena"))
            elena_news = threading.Event()
            elena.network.wake = elena_news.set
            elena.handle(f"guarda il tavolo {new_code}")
            assert elena.phase is Phase.TABLE
            left = carla.handle("esci dal tavolo").text
            assert "Hai lasciato il tavolo" in left and carla.phase is Phase.MENU, left
            loop.run_until_complete(dario.until(lambda m: _has(m, "HostChanged", "Dario")))
            assert dario.state.is_host
            assert any(isinstance(e, HostChanged) for e in dario.events)
            assert carla.handle("chi c'è al tavolo").text.startswith(NOT_AT_A_TABLE)
            carla.handle("gioca")  # a local game, as from the menu
            assert isinstance(carla.session, MatchSession) and carla.phase is not Phase.TABLE
            # The last player leaves: the spectator still there hears the table is no more.
            loop.run_until_complete(dario.send({"type": "leave"}))
            told = ""
            deadline = time.monotonic() + 30
            while elena.phase is Phase.TABLE and time.monotonic() < deadline:
                elena_news.wait(0.5)
                elena_news.clear()
                told += elena.table_news().text
            assert it_net.everyone_left() in told and elena.phase is Phase.MENU, told
            assert it_net.back_in_the_menu() in told
            assert elena.handle("chi c'è al tavolo").text.startswith(NOT_AT_A_TABLE)
            elena.close()
            loop.run_until_complete(dario.close())
        finally:
            bruno.close()
            carla.close()
            loop.run_until_complete(anna.close())
            loop.close()
    assert any(isinstance(e, PlayerJoined) and e.name == "Bruno" for e in anna.events)


def _has(message: dict[str, object], kind: str, name: str, replaced: bool = False) -> bool:
    """The server's message tells *kind* about *name* (a computer taking the seat, if
    *replaced*)."""
    events = message.get("events")
    if not isinstance(events, list):
        return False
    return any(
        e["event"].get("kind") == kind
        and e["event"].get("name") == name
        and (not replaced or e["event"].get("replaced_by"))
        for e in events
    )
