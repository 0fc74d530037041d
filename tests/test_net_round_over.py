"""The end of a round over real sockets: the next round is dealt once every player present
has said they are ready, whatever happened to a connection in between."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from net_helpers import ServerProcess, at_round_over, telling

pytestmark = pytest.mark.timeout(120)


def test_a_ready_player_whose_connection_drops_is_still_ready_when_back(tmp_path: Path) -> None:
    """Anna says she is ready, her connection drops, her client takes the seat back: she
    still believes she is ready, so Bruno's ready deals the next round (it used to wait for
    a second ready from her that nobody would ever send)."""

    async def scenario(url: str) -> dict[str, Any]:
        anna, bruno = await at_round_over(url, url, seats=2, seed=3)
        await anna.send({"type": "ready"})
        await bruno.until(telling("PlayerReady", "Anna"))
        await anna.close()
        await bruno.until(telling("ConnectionChanged", "Anna"))
        back = await anna.resumed(url)
        await bruno.send({"type": "ready"})
        dealt = await bruno.until(telling("PlayerReady", "Bruno"))
        await back.close()
        await bruno.close()
        return dealt

    with ServerProcess(tmp_path) as server:
        dealt = asyncio.run(scenario(server.url))
    assert dealt["phase"] == "playing", [e["event"]["kind"] for e in dealt["events"]]


def test_the_last_player_not_ready_going_away_deals_for_those_who_are(tmp_path: Path) -> None:
    """Bruno is ready and Anna, the only one who is not, goes away: the round is dealt for
    the players present without anyone saying ready again."""

    async def scenario(url: str) -> dict[str, Any]:
        anna, bruno = await at_round_over(url, url, seats=3, seed=4)
        await bruno.send({"type": "ready"})
        await anna.until(telling("PlayerReady", "Bruno"))
        await anna.close()
        dealt = await bruno.until(lambda m: m.get("type") == "update" and m["phase"] == "playing")
        await bruno.close()
        return dealt

    with ServerProcess(tmp_path) as server:
        dealt = asyncio.run(scenario(server.url))
    assert any(e["event"]["kind"] == "RoundStarted" for e in dealt["events"]), dealt["events"]
