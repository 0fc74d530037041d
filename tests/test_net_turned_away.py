"""A server that turns a connection away (HTTP 429: too many connections from this address,
or opened too fast) over real sockets on 127.0.0.1: the player hears what is true (too many
connections, and in how many seconds to try again when the server says it), not that the
server cannot be reached; and the client does not hammer the server with new attempts."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.network import NetworkSettings
from voicedomino.italian import network as it_net

pytestmark = pytest.mark.timeout(120)

OPEN_REFUSED = "too many open connections"


def _attempts(folder: Path, line: str) -> int:
    return (folder / "server.log").read_text(encoding="utf-8").count(line)


def test_too_many_open_connections_is_said_as_it_is_and_tried_once(tmp_path: Path) -> None:
    with ServerProcess(tmp_path, "--connessioni-per-indirizzo", "1") as server:
        loop = asyncio.new_event_loop()
        holder = Player("Anna")  # holds the one connection this address may have
        loop.run_until_complete(holder.connect(server.url))
        bruno = DialogManager(
            computer_pause=0, network=NetworkSettings([f"127.0.0.1:{server.port}"], "Bruno")
        )
        try:
            said = bruno.handle("crea un tavolo").text
            unreachable = it_net.cannot_reach(f"127.0.0.1:{server.port}")
            assert said != unreachable and "raggiungere" not in said, said
            assert "troppe connessioni aperte" in said.lower(), said
            assert bruno.phase is Phase.MENU and not bruno.network.seated
            time.sleep(2.0)  # a client that kept trying would be refused again meanwhile
            assert _attempts(tmp_path, OPEN_REFUSED) == 1
            # Once the other connection is closed, asking again works.
            loop.run_until_complete(holder.close())
            time.sleep(0.3)
            created = bruno.handle("crea un tavolo").text
            assert bruno.network.seated and "Tavolo creato" in created, created
        finally:
            bruno.close()
            loop.run_until_complete(holder.close())
            loop.close()


def test_connecting_too_fast_says_in_how_many_seconds_to_try_again(tmp_path: Path) -> None:
    with ServerProcess(tmp_path, "--nuove-connessioni-al-secondo", "0.1") as server:
        loop = asyncio.new_event_loop()

        async def use_up_the_burst() -> None:
            for _ in range(40):  # the burst an address may open at once
                player = await Player("x").connect(server.url)
                await player.close()

        loop.run_until_complete(use_up_the_burst())
        loop.close()
        bruno = DialogManager(
            computer_pause=0, network=NetworkSettings([f"127.0.0.1:{server.port}"], "Bruno")
        )
        try:
            said = bruno.handle(f"entra al tavolo {'1234'}").text
            wait = re.search(r"[Rr]iprova tra (\w+) second", said)
            assert wait is not None and "raggiungere" not in said, said
            assert wait.group(1) in ("un", "dieci", "nove", "otto", "sette")  # 0.1 a second
            assert "troppe connessioni" in said.lower()
            time.sleep(1.5)
            assert _attempts(tmp_path, "connecting too fast") == 1
        finally:
            bruno.close()


def test_a_seated_player_turned_away_on_coming_back_hears_it_once(tmp_path: Path) -> None:
    """The server restarts with room for one connection from here, taken by someone else:
    the seated player hears that coming back is refused for now and that the seat stays
    theirs; the client waits instead of trying again and again."""
    server = ServerProcess(tmp_path).start()
    loop = asyncio.new_event_loop()
    bruno = DialogManager(
        computer_pause=0, network=NetworkSettings([f"127.0.0.1:{server.port}"], "Bruno")
    )
    holder = Player("Anna")
    try:
        assert "Tavolo creato" in bruno.handle("crea un tavolo").text
        server.kill()
        server = ServerProcess(tmp_path, "--connessioni-per-indirizzo", "1", port=server.port)
        server.start()
        loop.run_until_complete(holder.connect(server.url))
        heard = ""
        deadline = time.monotonic() + 30
        while "riprovo da solo" not in heard or "non accetta" not in heard:
            assert time.monotonic() < deadline, heard
            time.sleep(0.05)
            heard += bruno.table_news().text
        assert "troppe connessioni aperte" in heard.lower() and "posto resta tuo" in heard
        assert bruno.network.seated and bruno.phase is Phase.TABLE
        time.sleep(3.0)
        heard += bruno.table_news().text
        assert heard.lower().count("troppe connessioni aperte") == 1, heard
        assert _attempts(tmp_path, OPEN_REFUSED) == 1
        said = bruno.handle("chi c'è al tavolo").text  # answered from what the client knows
        assert "primo posto, tu" in said, said
        said = bruno.handle("aggiungi un computer").text
        assert "troppe connessioni aperte" in said.lower() and "riprovo da solo" in said, said
    finally:
        bruno.close()
        loop.run_until_complete(holder.close())
        loop.close()
        server.stop()
