"""The table server over real sockets on 127.0.0.1: whole matches with the hidden information
checked in every message, kill -9 and restart, hostile clients, the page on the same port."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess, play_until_over, tiles_named
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from voicedomino.engine import Tile
from voicedomino.net import wire
from voicedomino.net.events import ChatMessage, PlayerJoined

pytestmark = pytest.mark.timeout(120)


def check_no_other_hand(player: Player) -> int:
    """Every message this player received names no tile it could not see: only its own hand,
    the tiles on the table and the tile everyone knows opens the round, until the round ends.
    Returns how many messages were checked."""
    hand: set[tuple[int, int]] = set()
    public: set[tuple[int, int]] = set()
    checked = 0
    for text in player.raw:
        message = json.loads(text)
        view = message.get("view")
        if view is not None:
            if view["round_result"] is not None:
                continue  # the round is over: every hand is shown to everyone
            hand = {(t.low, t.high) for t in map(wire.decode_tile, view["hand"])}
            layout = view["layout"]
            pairs = [*layout["line"], *layout["up"], *layout["down"]]
            public = {(min(a, b), max(a, b)) for a, b in pairs}
            if view["lead_tile"] is not None:
                public.add((lambda t: (t.low, t.high))(wire.decode_tile(view["lead_tile"])))
        named = tiles_named(text)
        assert named <= hand | public, (player.name, named - hand - public, text[:300])
        checked += 1
    return checked


def check_hands_disjoint(players: list[Player]) -> None:
    """The seats' own views agree with each other: no tile in two hands, counts as told."""
    views = [p.state.view for p in players if p.state.view is not None and p.state.seat is not None]
    if not views or any(v.round_result is not None for v in views):
        return
    seen: set[Tile] = set()
    for view in views:
        assert not seen & set(view.hand)
        seen |= set(view.hand)
        assert all(len(view.hand) == other.hand_counts[view.seat] for other in views)


def test_whole_matches_never_show_a_seat_or_a_spectator_another_hand(tmp_path: Path) -> None:
    async def scenario(url: str) -> list[Player]:
        rng = random.Random(23)
        anna, bruno, carla, dario = (Player(n) for n in ("Anna", "Bruno", "Carla", "Dario"))
        code = await anna.create(url, {"variant": "pesca", "seats": 4, "target": 40,
                                       "tile_set": 9, "spinner": True})  # fmt: skip
        for friend in (bruno, carla, dario):
            await friend.join(url, code)
        watcher = Player("Elsa")
        await watcher.join(url, code, role="spectator")
        # A second table at the same time: two partners and two computers.
        ugo, vera = Player("Ugo"), Player("Vera")
        pairs = await ugo.create(url, {"variant": "coppie", "seats": 4, "pairs": True,
                                       "target": 30})  # fmt: skip
        joined = await vera.join(url, pairs)
        assert joined["seat"] == 2  # opposite Ugo: his partner
        await ugo.send({"type": "start", "fill": True})
        await anna.send({"type": "start"})
        first = [anna, bruno, carla, dario]
        await asyncio.gather(play_until_over(first, rng), play_until_over([ugo, vera], rng))
        check_hands_disjoint(first)
        await watcher.until(lambda m: m.get("phase") == "match_over")
        for player in [*first, watcher, ugo, vera]:
            await player.close()
        return [*first, watcher, ugo, vera]

    with ServerProcess(tmp_path) as server:
        players = asyncio.run(scenario(server.url))
    for player in players:
        assert not player.errors, player.errors
        assert check_no_other_hand(player) > 10
    anna, watcher = players[0], players[4]
    assert anna.state.match_number == 1 and anna.state.view is not None
    assert anna.state.view.match_result is not None
    rounds = sum(type(e).__name__ == "RoundEnded" for e in anna.events)
    assert rounds >= 1 and watcher.state.seat is None
    assert any(isinstance(e, PlayerJoined) and e.name == "Dario" for e in anna.events)
    # Every seat heard the same public story, in the same order.
    stories = []
    for player in players[:4]:
        kinds = [type(e).__name__ for e in player.events]
        stories.append(kinds[kinds.index("MatchStarted") : kinds.index("MatchEnded") + 1])
    assert stories[0] == stories[1] == stories[2] == stories[3]


def test_kill_minus_9_mid_match_loses_no_accepted_action(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path).start()

    async def before_kill() -> tuple[str, list[Player]]:
        rng = random.Random(5)
        anna, bruno = Player("Anna"), Player("Bruno")
        code = await anna.create(server.url, {"variant": "blocco", "seats": 3, "target": 60})
        await bruno.join(server.url, code)
        await anna.send({"type": "start", "fill": True})
        task = asyncio.create_task(play_until_over([anna, bruno], rng, timeout=30))
        while sum(p.state.seq for p in (anna, bruno)) < 40:  # well into the match
            await asyncio.sleep(0.01)
        server.kill()  # while both are playing
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return code, [anna, bruno]

    code, players = asyncio.run(before_kill())
    heard = {p.name: (p.state.seq, p.state.token, p.state.view, list(p.events)) for p in players}
    with sqlite3.connect(tmp_path / "tavoli.sqlite3") as db:
        (stored_seq,) = db.execute("SELECT max(seq) FROM log WHERE code = ?", (code,)).fetchone()
    assert stored_seq >= max(seq for seq, *_ in heard.values())  # saved before told
    server.start()  # the same folder and port
    assert "Ripreso un tavolo" in "".join(server.output)

    async def after_restart() -> None:
        backs = []
        for player in players:
            seq, _, view, _ = heard[player.name]
            back = Player(player.name)
            back.state = player.state  # what the client knew; a new connection
            await back.connect(server.url)
            mark = back.mark()
            await back.send({"type": "resume", "code": code, "token": back.state.token,
                             "last_seq": seq})  # fmt: skip
            snapshot = await back.next("table", mark)
            assert snapshot["seq"] >= seq
            restored = wire.decode_view(snapshot["view"])
            assert view is not None
            if restored.round_number == view.round_number:  # nothing heard was undone
                assert restored.history[: len(view.history)] == view.history
            missed = [entry["seq"] for entry in snapshot["missed"]]
            assert missed == list(range(seq + 1, snapshot["seq"] + 1))
            backs.append(back)
        await play_until_over(backs, random.Random(6))
        for back in backs:
            await back.close()

    try:
        asyncio.run(after_restart())
    finally:
        output = server.stop()
    assert "Server fermato" in output


def test_hostile_clients_get_errors_and_never_stop_another_table(tmp_path: Path) -> None:
    async def scenario(url: str) -> dict[str, object]:
        found: dict[str, object] = {}
        anna, bruno = Player("Anna"), Player("Bruno")
        code = await anna.create(url, {"variant": "classica", "seats": 2, "target": 0})
        await bruno.join(url, code)
        await anna.send({"type": "start"})
        game = asyncio.create_task(play_until_over([anna, bruno], random.Random(2), timeout=60))

        async with connect(url) as ws:
            replies = []
            for text in [
                json.dumps({"type": "join", "code": code, "name": "x"}),  # before hello
                json.dumps({"type": "hello", "version": 99}),
                json.dumps({"type": "hello", "version": 1}),
                "not json",
                "[]",
                "[" * 2000 + "]" * 2000,
                json.dumps({"type": 7}),
                json.dumps({"type": "create", "name": "Zed", "settings": {"variant": "nope"}}),
                json.dumps({"type": "create", "name": "Zed", "settings": {"seats": "2"}}),
                json.dumps({"type": "create", "name": "\u202e\u0007", "settings": {}}),
                json.dumps({"type": "act", "action": {"type": "draw"}}),
                json.dumps({"type": "join", "code": "12ab", "name": "Zed"}),
                json.dumps({"type": "resume", "code": code, "token": "guess"}),
                json.dumps({"type": "chat", "text": "x" * 1000}),
                "x" * 5000,
            ]:
                await ws.send(text)
                replies.append(json.loads(await ws.recv()))
            await ws.send(b"\x00\x01binary")
            replies.append(json.loads(await ws.recv()))
            found["codes"] = [r.get("code") for r in replies]
            found["all_italian_errors"] = all(r["type"] in ("error", "welcome") and
                                             (r["type"] == "welcome" or r["text"])
                                             for r in replies)  # fmt: skip
            # A cleaned name reaches the others cleaned.
            await ws.send(json.dumps({"type": "join", "code": code, "role": "spectator",
                                      "name": "Ze\u200bd\u202e <script>\n"}))  # fmt: skip
            joined = json.loads(await ws.recv())
            found["spectators"] = joined.get("spectators")
            await ws.send(json.dumps({"type": "chat", "text": "ciao\u0000 a\u202e tutti"}))
            # A flood: refused, then the connection is closed.
            closed = False
            try:
                for _ in range(400):
                    await ws.send(json.dumps({"type": "ping"}))
                async for _ in ws:
                    pass
            except ConnectionClosed:
                closed = True
            found["flood_closed"] = closed or ws.close_code == 1008
        async with connect(url) as ws:  # far too big for a frame: closed with a reason
            await ws.send(json.dumps({"type": "hello", "version": 1}))
            await ws.recv()
            await ws.send("y" * 100_000)
            with pytest.raises(ConnectionClosed):
                await ws.recv()
            found["big_close"] = ws.close_code
        too_many: list[object] = []
        sockets = []
        for _ in range(40):
            try:
                sockets.append(await connect(url))
            except InvalidStatus as error:
                too_many.append(error.response.status_code)
        for sock in sockets:
            await sock.close()
        found["too_many"] = too_many
        await game
        found["chat"] = [e for e in anna.events if isinstance(e, ChatMessage)]
        found["errors"] = anna.errors + bruno.errors
        found["phases"] = (anna.state.phase, bruno.state.phase)
        await anna.close()
        await bruno.close()
        return found

    with ServerProcess(tmp_path) as server:
        found = asyncio.run(scenario(server.url))
        assert server.process is not None and server.process.poll() is None  # still serving
    assert found["codes"] == [
        "hello_first", "version", None, "not_json", "not_an_object", "not_json", "unknown_type",
        "bad_settings", "bad_field", "bad_name", "not_at_table", "bad_code", "bad_token",
        "bad_field", "too_big", "not_text",
    ]  # fmt: skip
    assert found["all_italian_errors"]
    assert found["spectators"] == ["Zed script"]
    assert found["chat"] == [ChatMessage(None, "Zed script", "ciao a tutti")]
    assert found["flood_closed"] and found["big_close"] == 1009
    assert found["too_many"] and set(found["too_many"]) == {429}  # type: ignore[arg-type]
    assert found["phases"] == ("match_over", "match_over") and not found["errors"]


def test_guessing_table_codes_is_slowed_down_and_logged(tmp_path: Path) -> None:
    async def scenario(url: str) -> tuple[list[str], float]:
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1}))
            await ws.recv()
            codes = []
            started = time.monotonic()
            for guess in range(12):
                await ws.send(
                    json.dumps({"type": "join", "code": str(1000 + guess), "name": "Eve"})
                )
                reply = json.loads(await ws.recv())
                codes.append(reply["code"])
            return codes, time.monotonic() - started

    with ServerProcess(tmp_path) as server:
        codes, took = asyncio.run(scenario(server.url))
        log = (tmp_path / "server.log").read_text()
    assert codes[:10] == ["no_table"] * 10 and codes[10:] == ["too_many_joins"] * 2
    assert took >= 4  # two answers held back two seconds each
    assert "guessing table codes" in log


def test_the_browser_page_is_served_on_the_same_port(tmp_path: Path) -> None:
    with ServerProcess(tmp_path) as server:
        base = f"http://127.0.0.1:{server.port}"
        with urllib.request.urlopen(base + "/") as page:
            html = page.read().decode()
            assert page.headers["Content-Type"].startswith("text/html")
            assert "default-src 'self'" in page.headers["Content-Security-Policy"]
        with urllib.request.urlopen(base + "/app.js") as script:
            assert script.headers["Content-Type"].split(";")[0] in (
                "text/javascript", "application/javascript",
            )  # fmt: skip
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(base + "/../../etc/passwd")
        assert missing.value.code == 404
    assert 'lang="it"' in html and "aria-live" in html
