"""The dialog at a network table, over a real server on 127.0.0.1: a player of this program
(not at seat 0) plays with a friend on another client and a computer of the server; both
moves are told by the same narration, with the people's names; chat, quick messages and "chi
c'è al tavolo" work; the server is killed mid-match and the player hears where things stand."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from dialog_driver import spoken_order
from net_helpers import Player, ServerProcess, play_until_over, wait_until

from voicedomino.dialog.manager import DialogManager, Phase
from voicedomino.dialog.network import CreateTable, NetworkSettings, request_in
from voicedomino.engine import Draw, Play, Side
from voicedomino.italian.network import code_words
from voicedomino.italian.numbers import pip_word
from voicedomino.net.events import ChatMessage

pytestmark = pytest.mark.timeout(150)


def command(action: object) -> str:
    if isinstance(action, Draw):
        return "pesca"
    if not isinstance(action, Play):
        return "passo"
    a, b = spoken_order(action)
    side = "in testa" if action.side is Side.HEAD else "in coda"
    return f"gioca {pip_word(a)} {pip_word(b)} {side}"


def test_network_requests_are_read_from_what_the_player_says() -> None:
    assert request_in("entra al tavolo quattro sette due uno").code == "4721"  # type: ignore[union-attr]
    assert request_in("Entra al tavolo 4 7 2 1").code == "4721"  # type: ignore[union-attr]
    assert request_in("guarda il tavolo 12").spectator  # type: ignore[union-attr]
    assert request_in("aggiungi un computer difficile").level == "difficile"  # type: ignore[union-attr]
    assert request_in("> ciao a tutti!").text == "ciao a tutti!"  # type: ignore[union-attr]
    assert request_in("scrivi: bella partita").text == "bella partita"  # type: ignore[union-attr]
    assert request_in("Chi c'è al tavolo?") is not None
    assert request_in("bella mossa").key == "bella_mossa"  # type: ignore[union-attr]
    assert request_in("entra al tavolo pizza") is None
    assert request_in("crea un tavolo con trenta secondi per mossa") == CreateTable(30)
    assert request_in("Crea un tavolo") == CreateTable()


def test_a_player_of_this_program_plays_at_a_network_table(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path).start()
    heard: list[str] = []
    anna = Player("Anna")
    loop = asyncio.new_event_loop()
    code = loop.run_until_complete(
        # When Anna's connection drops, a computer plays for her at once.
        anna.create(
            server.url,
            {"variant": "blocco", "seats": 3, "target": 0},
            absent="computer",
            absent_delay=0,
        )
    )
    manager = DialogManager(
        computer_pause=0,
        network=NetworkSettings([f"127.0.0.1:{server.port}"], "Bruno", code),
    )
    news = threading.Event()
    bruno_done = threading.Event()
    anna_plays: threading.Thread | None = None
    manager.network.wake = news.set

    def say(response_text: str) -> None:
        heard.append(response_text)

    try:
        say(manager.start().text)
        assert f"Sei al tavolo {code_words(code)}" in heard[-1]
        assert manager.phase is Phase.TABLE
        loop.run_until_complete(anna.send({"type": "add_computer", "level": "medio"}))
        loop.run_until_complete(anna.send({"type": "chat", "text": "ciao Bruno"}))
        who = ""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not (
            "Marco" in who and any("Anna dice" in text for text in heard)
        ):
            news.wait(1)
            news.clear()
            say(manager.table_news().text)
            who = manager.handle("chi c'è al tavolo").text
        assert who.startswith("Al tavolo: primo posto, Anna, ospita; secondo posto, tu;")
        assert "terzo posto, Marco, computer medio" in who
        assert any("Anna dice: ciao Bruno" in text for text in heard)
        say(manager.handle("bella mossa").text)
        assert heard[-1] == "Bella mossa!"

        async def annas_game() -> None:
            await anna.send({"type": "start"})
            playing = asyncio.ensure_future(play_until_over([anna], random.Random(2), timeout=90))
            while not playing.done() and not bruno_done.is_set():
                await asyncio.sleep(0.05)
            playing.cancel()
            with contextlib.suppress(BaseException):  # her connection died with the server
                await playing

        anna_plays = threading.Thread(
            target=lambda: loop.run_until_complete(annas_game()), daemon=True
        )
        anna_plays.start()
        rng = random.Random(9)
        crashed = False
        deadline = time.monotonic() + 90
        while manager.phase is not Phase.MATCH_OVER and time.monotonic() < deadline:
            view = manager.view()
            if manager.phase is Phase.PLAYING and view is not None and view.is_my_turn:
                said = manager.handle(command(rng.choice(view.legal_actions()))).text
                say(said)
                if "riprovo da solo" in said:  # the server is away: wait for it
                    news.wait(0.5)
                    news.clear()
            else:
                news.wait(0.5)
                news.clear()
                say(manager.table_news().text)
            moves = sum(text.count("Anna,") for text in heard)
            if moves >= 2 and not crashed and manager.phase is Phase.PLAYING:
                crashed = True
                server.kill()
                while "Connessione al server persa" not in " ".join(heard):
                    news.wait(1)
                    news.clear()
                    say(manager.table_news().text)
                server.start()
        # Names said are the table's: Marco is the computer here, nobody is called Giulia.
        about_marco = manager.handle("quante tessere ha Marco").text
        about_giulia = manager.handle("quante tessere ha Giulia").text
    finally:
        bruno_done.set()
        if anna_plays is not None:
            anna_plays.join(10)
        manager.close()
        server.stop()
    loop.run_until_complete(anna.close())
    loop.close()
    told = "\n".join(heard)
    assert manager.phase is Phase.MATCH_OVER, told[-2000:]
    assert crashed and "Di nuovo al tavolo" in told and "Mentre eri via" in told
    assert "Anna è assente: gioca il computer al suo posto." in told
    assert "Anna," in told and "Marco," in told  # a friend and a computer, told alike
    assert "Tocca a te." in told or "Ti resta" in told
    assert "Giulia" not in told and "Luca" not in told  # nobody here has those names
    assert about_marco.startswith("Marco ha"), about_marco
    assert about_giulia == "Al tavolo nessuno si chiama Giulia."
    assert any(isinstance(e, ChatMessage) and e.quick == "bella_mossa" for e in anna.events)


def read_lines(program: subprocess.Popen[str], printed: list[str]) -> None:
    assert program.stdout is not None
    for line in program.stdout:
        printed.append(line)


def test_the_program_joins_a_table_from_the_command_line(tmp_path: Path) -> None:
    """`voicedomino --server ... --tavolo ... --nome ...` in line mode: sits down, hears the
    friend's chat, quits (the seat stays held)."""
    with ServerProcess(tmp_path / "server") as server:
        anna = Player("Anna")
        loop = asyncio.new_event_loop()
        code = loop.run_until_complete(anna.create(server.url, {"variant": "classica", "seats": 2}))
        program = subprocess.Popen(
            [sys.executable, "-m", "voicedomino", "--no-voice", "--tastiera", "--righe",
             "--senza-salvataggio", "--server", f"127.0.0.1:{server.port}", "--tavolo", code,
             "--nome", "Carla"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**__import__("os").environ, "VOICEDOMINO_DATA_DIR": str(tmp_path / "data"),
                 "VOICEDOMINO_CONFIG_DIR": str(tmp_path / "config")},
        )  # fmt: skip
        loop.run_until_complete(
            anna.until(
                lambda m: any(e["event"].get("name") == "Carla" for e in m.get("events", []))
            )
        )
        printed: list[str] = []
        reader = threading.Thread(target=read_lines, args=(program, printed), daemon=True)
        reader.start()
        loop.run_until_complete(anna.send({"type": "chat", "text": "benvenuta Carla"}))
        # The chat is told as it arrives; only then does Carla ask and leave (under load it
        # may take seconds to arrive: waited for, never slept on).
        wait_until(lambda: "Anna dice: benvenuta Carla" in "".join(printed), timeout=60)
        assert program.stdin is not None
        program.stdin.write("chi c'è al tavolo\nesci\nsì\n")
        program.stdin.close()
        program.wait(timeout=60)
        reader.join(timeout=10)
        out = "".join(printed)
        loop.run_until_complete(anna.close())
        loop.close()
    assert "Sei al tavolo" in out and "Anna dice: benvenuta Carla" in out
    assert "secondo posto, tu" in out


def test_a_spectator_hears_the_moves_narrated_by_name_without_a_hand(tmp_path: Path) -> None:
    """ "guarda il tavolo ...": the spectator hears every move as a player hears the others'
    (the same narration, the people's names), pairs called by their members, no hand, no
    "tocca a te", no prompt to go on."""
    with ServerProcess(tmp_path) as server:
        anna, bruno = Player("Anna"), Player("Bruno")
        loop = asyncio.new_event_loop()
        settings = {"variant": "coppie", "seats": 4, "pairs": True, "target": 0}
        code = loop.run_until_complete(anna.create(server.url, settings))
        loop.run_until_complete(bruno.join(server.url, code))
        manager = DialogManager(
            computer_pause=0, network=NetworkSettings([f"127.0.0.1:{server.port}"], "Carla")
        )
        news = threading.Event()
        manager.network.wake = news.set
        heard = [manager.start().text, manager.handle(f"guarda il tavolo {code}").text]
        try:
            assert manager.phase is Phase.TABLE and manager.network.remote is not None
            assert manager.network.remote.seat is None
            loop.run_until_complete(anna.send({"type": "start", "fill": True}))
            loop.run_until_complete(play_until_over([anna, bruno], random.Random(5), timeout=60))
            deadline = time.monotonic() + 20
            while "Partita finita" not in "\n".join(heard) and "vince" not in heard[-1]:
                if time.monotonic() > deadline:
                    break
                news.wait(0.5)
                news.clear()
                heard.append(manager.table_news().text)
        finally:
            manager.close()
            loop.run_until_complete(anna.close())
            loop.run_until_complete(bruno.close())
            loop.close()
    told = "\n".join(heard[2:])
    assert "Anna," in told and "Bruno," in told and "Marco," in told  # every move, by name
    assert "Classifica:" in told and "Anna e Bruno" in told  # pairs by their members
    assert not re.search(r"\b[Tt]u\b|\bHai\b|Tocca a te|Di' |Invio", told), told
    assert "vince la mano" not in told  # a pair named by two people: "vincono"


def test_key_mode_at_a_network_table(tmp_path: Path) -> None:
    """Single keys at a network table: F2-F5 the quick messages to everyone, i who is there,
    Enter / a / d before the match, all named by "?"; a refusal is said in Italian."""
    import io

    from voicedomino.audio.null import NullOutput
    from voicedomino.frontend.app import Game
    from voicedomino.frontend.keys import KeyNavigator, key_name

    assert [key_name(s) for s in ("\x1bOQ", "\x1b[13~", "\x1b[[D", "\x1b[15~")] == [
        "f2", "f3", "f4", "f5",
    ]  # fmt: skip
    with ServerProcess(tmp_path) as server:
        anna = Player("Anna")
        loop = asyncio.new_event_loop()
        code = loop.run_until_complete(anna.create(server.url, {"variant": "blocco", "seats": 3}))
        out = io.StringIO()
        manager = DialogManager(
            computer_pause=0, network=NetworkSettings([f"127.0.0.1:{server.port}"], "Bruno", code)
        )
        game = Game(manager, NullOutput(), autosave=None, out=out)
        game._after(manager.start())
        keys = KeyNavigator(game)

        def press(*names: str) -> str:
            out.seek(0)
            out.truncate()
            for name in names:
                keys.press(name)
            return out.getvalue()

        try:
            assert manager.phase is Phase.TABLE
            helped = press("?")
            assert "F2, F3, F4 e F5" in helped and "i, chi c'è al tavolo" in helped
            assert "a, aggiungi un computer" in helped and "Invio, fa iniziare" in helped
            who = press("i")
            assert "primo posto, Anna, ospita; secondo posto, tu" in who
            assert "Solo chi ospita il tavolo può farlo." in press("a")  # Bruno is no host
            assert "Bella mossa!" in press("f2")
            press("f5")
            loop.run_until_complete(
                anna.until(
                    lambda m: any(e["event"].get("quick") == "ciao" for e in m.get("events", []))
                )
            )
            loop.run_until_complete(anna.send({"type": "start", "fill": True}))
            deadline = time.monotonic() + 20
            while manager.phase is Phase.TABLE and time.monotonic() < deadline:
                time.sleep(0.05)
                game._after(manager.table_news())
            assert manager.phase is not Phase.TABLE
            helped = press("?")
            assert "F2, F3, F4 e F5" in helped and "aggiungi un computer" not in helped
            assert "terzo posto" in press("i")
        finally:
            manager.close()
            loop.run_until_complete(anna.close())
            loop.close()
    quick = [e.quick for e in anna.events if isinstance(e, ChatMessage)]
    assert quick == ["bella_mossa", "ciao"]
