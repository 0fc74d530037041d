"""Redis going away in the middle of a match, with a real redis-server (started here, on
127.0.0.1, keeping its data on disk as a real deployment does) and real `voicedomino server
--redis` processes: a move that could not be saved is refused as not saved and is truly not
made (the same move is accepted once Redis is back), and the processes listen to each other
again afterwards, so a move made through one still reaches the players of the other."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_helpers import Player, ServerProcess

from voicedomino.net.events import ChatMessage
from voicedomino.net.wire import encode_action

pytestmark = pytest.mark.timeout(150)


class Redis:
    """redis-server on a fixed port with an append-only file: killed and started again, it
    comes back with what it had saved."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        server = shutil.which("redis-server")
        assert server, "./run.sh test installs redis-server"
        command = [server, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                   "--appendonly", "yes", "--appendfsync", "always",
                   "--dir", str(self.folder)]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(10)


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[Redis]:
    folder = tmp_path / "redis"
    folder.mkdir()
    server = Redis(folder).start()
    try:
        yield server
    finally:
        if server.process is not None and server.process.poll() is None:
            server.kill()


def _answer(player: Player, number: int) -> dict[str, object]:
    return asyncio.get_event_loop().run_until_complete(
        player.until(lambda message: message.get("id") == number, timeout=30)
    )


def test_a_move_redis_could_not_save_is_not_made_and_is_accepted_once_it_is_back(
    tmp_path: Path, redis: Redis
) -> None:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    with ServerProcess(tmp_path / "server", "--redis", redis.url) as server:
        anna = Player("Anna")
        try:
            loop.run_until_complete(anna.create(server.url, {"variant": "classica", "seats": 2}))
            loop.run_until_complete(anna.send({"type": "start", "fill": True, "id": 1}))
            assert _answer(anna, 1)["type"] == "ok"
            deadline = time.monotonic() + 20
            while not anna.state.legal:  # the computer may lead: wait for Anna's turn
                assert time.monotonic() < deadline, "never Anna's turn"
                loop.run_until_complete(asyncio.sleep(0.1))
            move = encode_action(anna.state.legal[0])
            told = anna.state.seq

            redis.kill()
            loop.run_until_complete(anna.send({"type": "act", "action": move, "id": 2}))
            refused = _answer(anna, 2)
            assert refused["code"] == "not_saved", refused  # not "internal"
            assert anna.state.seq == told  # nothing was told

            redis.start()
            deadline = time.monotonic() + 30
            answer: dict[str, object] = {"code": "not_saved"}
            number = 3
            while answer.get("code") == "not_saved":  # until the server reads Redis again
                assert time.monotonic() < deadline, answer
                loop.run_until_complete(asyncio.sleep(0.5))
                loop.run_until_complete(anna.send({"type": "act", "action": move, "id": number}))
                answer = _answer(anna, number)
                number += 1
            # The move had not been made: the very same move is accepted now, and told.
            assert answer["type"] == "ok", answer
            assert anna.state.seq > told
        finally:
            loop.run_until_complete(anna.close())
            loop.close()


def test_after_a_redis_restart_the_processes_hear_each_other_again(
    tmp_path: Path, redis: Redis
) -> None:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    first = ServerProcess(tmp_path / "a", "--redis", redis.url).start()
    second = ServerProcess(tmp_path / "b", "--redis", redis.url).start()
    anna, bruno = Player("Anna"), Player("Bruno")
    try:
        code = loop.run_until_complete(anna.create(first.url, {"variant": "classica", "seats": 2}))
        loop.run_until_complete(bruno.join(second.url, code))

        redis.kill()
        time.sleep(1.0)  # both processes lose their subscription
        redis.start()
        time.sleep(3.0)  # and may take it up again

        # A chat line through the first process reaches Bruno on the second.
        mark = bruno.mark()
        deadline = time.monotonic() + 30
        answer: dict[str, object] = {"code": "not_saved"}
        number = 7
        while answer.get("code") == "not_saved":  # until the process reads Redis again
            assert time.monotonic() < deadline, answer
            loop.run_until_complete(anna.send({"type": "chat", "text": "ci sei?", "id": number}))
            answer = _answer(anna, number)
            number += 1
            loop.run_until_complete(asyncio.sleep(0.5))
        assert answer["type"] == "ok", answer
        loop.run_until_complete(bruno.next("update", mark, timeout=20))
        heard = [e for e in bruno.events if isinstance(e, ChatMessage)]
        assert heard and heard[-1].text == "ci sei?"
    finally:
        for player in (anna, bruno):
            loop.run_until_complete(player.close())
        loop.close()
        second.stop()
        first.stop()
