"""Network tables under load: N clients at T tables on 127.0.0.1, over real sockets.

Starts `voicedomino server` (SQLite store, as by default) in a child process, connects the
clients from this process, seats them at their tables (clients / tables people each) and lets
them play like people: each waits for its turn, thinks for a while, then plays one of the legal
actions the server listed; after a round each says it is ready; after a match the host starts
another. Measures, over the playing time:

- accepted actions per second;
- p50/p99 latency from an action being sent to each seat of its table receiving it (every
  seat counts, the actor included);
- the server's memory (RSS) and the memory per table (RSS with every table playing less RSS
  before any, divided by the tables).

    .venv/bin/python benchmarks/bench_tables.py                  # 1000 clients, 250 tables
    .venv/bin/python benchmarks/bench_tables.py --clients 40 --tables 10 --seconds 10

The last line is one JSON object (clients, tables, actions_per_s, p50_ms, p99_ms, rss_mb, ...).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

MOVES = ("TilePlayed", "TilesDrawn", "Passed")


@dataclass
class Pending:
    """An action in flight at one table: when it was sent, by which seat, after which event."""

    sent: float
    seat: int
    after_seq: int
    heard_by: set[int] = field(default_factory=set)


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    measuring: bool = False


class Bot:
    """One person at a table: thinks, then plays a legal action when it is their turn."""

    def __init__(self, index: int, table: TableRun, rng: random.Random, think: tuple[float, float]):
        self.index = index
        self.table = table
        self.rng = rng
        self.think = think
        self.ws: ClientConnection | None = None
        self.seat: int | None = None
        self.latest: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.ready_for: object = None
        self.started: object = None

    async def open(self, url: str) -> None:
        self.ws = await connect(url, max_size=2**22, compression=None, open_timeout=60)
        await self.send({"type": "hello", "version": 1})
        json.loads(await self.ws.recv())

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def run(self) -> None:
        """Read everything; the latest message is what the person looks at."""
        assert self.ws is not None
        async for text in self.ws:
            now = time.perf_counter()
            message = json.loads(text)
            kind = message.get("type")
            if kind == "error":
                self.table.totals.errors += 1
                codes = self.table.totals.error_codes
                codes[message["code"]] = codes.get(message["code"], 0) + 1
            elif kind in ("update", "table"):
                self.table.heard(self, message, now)
                self.latest = message
                self.changed.set()

    async def play(self) -> None:
        while True:
            await self.changed.wait()
            self.changed.clear()
            message = self.latest
            phase = message.get("phase")
            legal = message.get("legal") or []
            seats = message.get("seats") or []
            if phase == "playing" and legal:
                await asyncio.sleep(self.rng.uniform(*self.think))
                if self.latest is not message:  # something happened meanwhile: look again
                    self.changed.set()
                    continue
                self.table.pending = Pending(time.perf_counter(), self.seat or 0, message["seq"])
                await self.send({"type": "act", "action": self.rng.choice(legal)})
            elif phase == "round_over" and seats and not seats[self.seat or 0]["ready"]:
                this_round = (message.get("match_number"), message["view"]["round_number"])
                if self.ready_for != this_round:  # once a round, whatever else arrives
                    self.ready_for = this_round
                    await asyncio.sleep(self.rng.uniform(*self.think))
                    await self.send({"type": "ready"})
            elif phase == "match_over" and self.seat == 0:
                number = message.get("match_number")
                if self.started != number:
                    self.started = number
                    await asyncio.sleep(self.rng.uniform(*self.think))
                    await self.send({"type": "start"})


class TableRun:
    def __init__(self, totals: Totals) -> None:
        self.totals = totals
        self.bots: list[Bot] = []
        self.code = ""
        self.pending: Pending | None = None

    def heard(self, bot: Bot, message: dict[str, Any], now: float) -> None:
        pending = self.pending
        if pending is None or bot.seat in pending.heard_by:
            return
        for entry in message.get("events", []):
            event = entry["event"]
            if (entry["seq"] > pending.after_seq and event.get("kind") in MOVES
                    and event.get("seat") == pending.seat):  # fmt: skip
                pending.heard_by.add(bot.seat if bot.seat is not None else -1)
                if self.totals.measuring:
                    self.totals.latencies.append((now - pending.sent) * 1000)
                    if len(pending.heard_by) == 1:
                        self.totals.actions += 1
                return


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def start_server(folder: Path, clients: int, pause: float) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "voicedomino", "server", "--porta", "0",
               "--cartella", str(folder), "--pausa-computer", str(pause),
               "--connessioni-per-indirizzo", str(clients + 100),
               "--nuove-connessioni-al-secondo", "2000",
               "--tavoli-al-minuto", "100000"]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})  # fmt: skip
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if found:
            return process, int(found.group(1))
    raise SystemExit("the server did not start")


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    per_table = args.clients // args.tables
    folder = Path(tempfile.mkdtemp(prefix="vd-bench-tables-"))
    server, port = start_server(folder, args.clients, 0.5)
    url = f"ws://127.0.0.1:{port}/"
    rng = random.Random(args.seed)
    totals = Totals()
    tables = [TableRun(totals) for _ in range(args.tables)]
    try:
        await asyncio.sleep(0.5)
        rss_before = rss_mb(server.pid)
        started = time.perf_counter()
        settings = {"variant": args.variant, "seats": per_table}
        for number, table in enumerate(tables):  # seat everyone, a table at a time
            for place in range(per_table):
                bot = Bot(number * per_table + place, table, random.Random(rng.random()),
                          (args.think_min, args.think_max))  # fmt: skip
                await bot.open(url)
                assert bot.ws is not None
                if place == 0:
                    await bot.send({"type": "create", "name": f"Ospite{number}",
                                    "settings": settings})  # fmt: skip
                    joined = json.loads(await bot.ws.recv())
                    table.code = joined["code"]
                else:
                    await bot.send({"type": "join", "code": table.code, "name": f"P{place}"})
                    while (joined := json.loads(await bot.ws.recv()))["type"] != "joined":
                        pass
                bot.seat = joined["seat"]
                table.bots.append(bot)
        setup_s = time.perf_counter() - started
        bots = [bot for table in tables for bot in table.bots]
        runners = [asyncio.create_task(bot.run()) for bot in bots]
        runners += [asyncio.create_task(bot.play()) for bot in bots]
        for table in tables:
            await table.bots[0].send({"type": "start"})
        await asyncio.sleep(args.warmup)
        rss_tables = rss_mb(server.pid)  # every table seated and playing
        totals.measuring = True
        measured_from = time.perf_counter()
        await asyncio.sleep(args.seconds)
        totals.measuring = False
        measured_s = time.perf_counter() - measured_from
        rss_end = rss_mb(server.pid)
        cpu = _cpu_seconds(server.pid)
        for runner in runners:
            runner.cancel()
        for table in tables:
            for bot in table.bots:
                if bot.ws is not None:
                    await bot.ws.close()
    finally:
        server.terminate()
        server.wait(30)
    latencies = sorted(totals.latencies)
    p99_index = max(0, int(len(latencies) * 0.99) - 1)
    return {
        "clients": per_table * args.tables,
        "tables": args.tables,
        "actions_per_s": round(totals.actions / measured_s, 1),
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p99_ms": round(latencies[p99_index], 2) if latencies else None,
        "max_ms": round(latencies[-1], 2) if latencies else None,
        "deliveries": len(latencies),
        "rss_mb": round(rss_end, 1),
        "mb_per_table": round((rss_tables - rss_before) / args.tables, 3),
        "server_cpu_s": cpu,
        "setup_s": round(setup_s, 1),
        "measured_s": round(measured_s, 1),
        "errors": totals.errors,
        "error_codes": totals.error_codes,
        "bench_cpu_s": round(time.process_time(), 1),
        "load": os.getloadavg()[0],
    }


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return round((int(fields[11]) + int(fields[12])) / ticks, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--seconds", type=float, default=60.0, help="measured playing time")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think-min", type=float, default=0.5, help="seconds a person thinks")
    parser.add_argument("--think-max", type=float, default=2.5)
    parser.add_argument("--variant", default="pesca")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.clients // args.tables not in (2, 3, 4):
        parser.error("clients / tables must be 2, 3 or 4 people per table")
    result = asyncio.run(bench(args))
    print(f"{result['clients']} clients at {result['tables']} tables, "
          f"{result['measured_s']} s measured (setup {result['setup_s']} s)")  # fmt: skip
    print(f"actions per second: {result['actions_per_s']}")
    print(f"action to every seat: p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
          f"max {result['max_ms']} ms over {result['deliveries']} deliveries")  # fmt: skip
    print(f"server RSS {result['rss_mb']} MB, {result['mb_per_table']} MB per table, "
          f"CPU {result['server_cpu_s']} s")  # fmt: skip
    print(f"errors {result['errors']}; load average {result['load']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
