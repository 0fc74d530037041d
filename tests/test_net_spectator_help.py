"""A spectator at a network match asks for help: they hear what a spectator can do, not how to
play, draw or ask for a hint (real server on 127.0.0.1, the real dialog)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess

from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.network import NetworkSettings
from voicedomino.italian import messages as it
from voicedomino.italian import network as it_net

pytestmark = pytest.mark.timeout(60)


def test_a_spectator_s_help_tells_what_a_spectator_can_do(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    anna = Player("Anna")
    with ServerProcess(tmp_path) as server:
        code = loop.run_until_complete(anna.create(server.url, {"variant": "classica", "seats": 2}))
        loop.run_until_complete(anna.send({"type": "start", "fill": True, "id": 1}))
        loop.run_until_complete(anna.until(lambda m: m.get("id") == 1))
        gigi = DialogManager(
            computer_pause=0, network=NetworkSettings([f"127.0.0.1:{server.port}"], "Gigi")
        )
        try:
            gigi.start()
            assert "guardi la partita" in gigi.handle(f"guarda il tavolo {code}").text
            deadline = time.monotonic() + 10
            while not gigi.network.remote or not gigi.network.remote.in_match:
                assert time.monotonic() < deadline
                time.sleep(0.1)
                gigi.table_news()
            help_text = gigi.handle("aiuto").text
            own_hand = [
                gigi.handle(asked).text
                for asked in ("quali tessere ho", "cosa posso giocare", "un consiglio", "il cinque")
            ]
        finally:
            gigi.close()
            loop.run_until_complete(anna.close())
            loop.close()
    playing = it.help_playing(True, False, True)
    assert playing.split(".")[0] not in help_text, help_text  # no "Per giocare: gioca..."
    assert "pesca" not in help_text and "consiglio" not in help_text, help_text
    assert help_text.startswith(it_net.watching()), help_text
    # A spectator has no hand: asking for it says why, not a bare "Non hai tessere".
    assert own_hand == [it_net.no_hand_watching()] * 4, own_hand
