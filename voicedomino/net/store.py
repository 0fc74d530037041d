"""Where tables are kept: SQLite in the data folder (one server process, the default) or Redis
(several processes sharing the tables).

Both keep each table as a JSON document with a version and its recent log entries. ``commit``
writes the new document and the new entries in one transaction, and only when the stored
version is still the one the table was read at (otherwise Conflict: another process moved the
table first). The server tells nobody about a change before ``commit`` has returned.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import sqlite3
import stat
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

LOG_KEPT = 300
RESUBSCRIBE_WAIT = 1.0  # seconds between two tries to listen to Redis again
DATABASE_NAME = "tavoli.sqlite3"
LOCK_NAME = "server.lock"


class Conflict(Exception):
    """The table changed in the store since it was read (or a new code is already in use)."""


class StoreError(Exception):
    """The store cannot be written or read (disk full, Redis gone)."""


class DamagedTable(StoreError):
    """A stored table is not one the server wrote (changed by hand, a damaged disk, JSON nested
    deeper than Python reads): it is left where it is, the others are served."""


@dataclass(frozen=True)
class Stored:
    document: dict[str, Any]
    version: int
    log: list[dict[str, Any]]  # the latest entries, oldest first


@dataclass(frozen=True)
class Published:
    """A commit made by some process, as every process hears it (Redis only)."""

    code: str
    version: int
    origin: str
    document: dict[str, Any] | None  # None: the table was deleted
    entries: list[dict[str, Any]]


class TableStore(Protocol):
    shared: bool  # other processes write the same tables (their commits arrive by subscribe)
    origin: str  # this process, as the others know it

    async def heartbeat(self, lease: float) -> None:
        """This process is alive for *lease* more seconds."""
        ...

    async def alive(self, origins: Collection[str]) -> set[str]:
        """Which of these processes are still alive (their lease has not run out)."""
        ...

    async def claim(self, key: str, ttl: float) -> bool:
        """True for the one process that claims *key* first (for *ttl* seconds): it alone does
        what the key names, such as a computer's move."""
        ...

    async def watch(self, codes: Collection[str], lease: float) -> None:
        """Someone is connected to these tables through this process, for *lease* more
        seconds (spectators too): no process deletes them as idle meanwhile."""
        ...

    async def watched(self, codes: Collection[str]) -> set[str]:
        """Which of these tables some process has people connected to."""
        ...

    async def codes(self) -> list[str]:
        """The codes of every stored table."""
        ...

    async def delete_if(self, code: str, version: int) -> bool:
        """Delete the table only if its stored version is still *version* (nobody changed
        it since it was read): True when deleted."""
        ...

    async def load_all(self) -> list[Stored]: ...

    async def load(self, code: str) -> Stored | None: ...

    async def commit(
        self, code: str, version: int, document: dict[str, Any], entries: Sequence[dict[str, Any]]
    ) -> int:
        """Save; the new version. Conflict when the stored version is not *version* (0: the
        code must be new)."""
        ...

    async def delete(self, code: str) -> None: ...

    async def subscribe(
        self,
        on_commit: Callable[[Published], Awaitable[None]],
        on_missed: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """*on_commit* for every commit of another process; *on_missed* once listening
        again after the store was out of reach (commits may have gone unheard meanwhile)."""

    async def close(self) -> None: ...


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _stored(code: str, version: object, document: str, log_entries: Sequence[str]) -> Stored:
    """A table as read from the store; DamagedTable when it is not what the server wrote."""
    try:
        loaded = json.loads(document)
        entries = [json.loads(entry) for entry in log_entries]
        number = int(str(version))
    except (ValueError, RecursionError, TypeError) as error:  # RecursionError: "[[[[..."
        raise DamagedTable(f"table {code}: {type(error).__name__}") from None
    if not isinstance(loaded, dict) or not all(isinstance(e, dict) for e in entries):
        raise DamagedTable(f"table {code}: not JSON objects")
    return Stored(loaded, number, entries)


async def _readable(store: TableStore, codes: Sequence[str]) -> list[Stored]:
    """Every table of *codes* that can be read; a damaged one is logged and left as it is."""
    loaded: list[Stored] = []
    for code in codes:
        try:
            stored = await store.load(code)
        except DamagedTable as error:
            log.error("table not restored, left in the store: %s", error)
            continue
        if stored is not None:
            loaded.append(stored)
    return loaded


class SqliteStore:
    """One file in the data folder, in WAL mode; a lock file keeps a second server off it."""

    shared = False
    origin = "local"

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / DATABASE_NAME
        for name in (LOCK_NAME, DATABASE_NAME, f"{DATABASE_NAME}-wal", f"{DATABASE_NAME}-shm"):
            regular_or_missing(folder / name)
        self._lock_file = _lock_folder(folder)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL: a commit is in the write-ahead log before anyone is told, so it survives the
        # server being killed at any moment; only a power cut or an operating-system crash may
        # lose the last commits. FULL (an fsync per move, milliseconds each) would hold every
        # table of the server back while the disk is busy.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(
            """
            CREATE TABLE IF NOT EXISTS tables (
                code TEXT PRIMARY KEY, version INTEGER NOT NULL, document TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS log (
                code TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL,
                PRIMARY KEY (code, seq));
            """
        )

    async def load_all(self) -> list[Stored]:
        rows = self._db.execute("SELECT code FROM tables ORDER BY code").fetchall()
        return await _readable(self, [code for (code,) in rows])

    async def load(self, code: str) -> Stored | None:
        row = self._db.execute(
            "SELECT version, document FROM tables WHERE code = ?", (code,)
        ).fetchone()
        if row is None:
            return None
        entries = self._db.execute(
            "SELECT entry FROM (SELECT seq, entry FROM log WHERE code = ? "
            "ORDER BY seq DESC LIMIT ?) ORDER BY seq",
            (code, LOG_KEPT),
        ).fetchall()
        return _stored(code, row[0], row[1], [entry for (entry,) in entries])

    async def commit(
        self, code: str, version: int, document: dict[str, Any], entries: Sequence[dict[str, Any]]
    ) -> int:
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                if version == 0:
                    try:
                        db.execute(
                            "INSERT INTO tables (code, version, document) VALUES (?, 1, ?)",
                            (code, _dumps(document)),
                        )
                    except sqlite3.IntegrityError:
                        raise Conflict(code) from None
                else:
                    changed = db.execute(
                        "UPDATE tables SET version = version + 1, document = ? "
                        "WHERE code = ? AND version = ?",
                        (_dumps(document), code, version),
                    ).rowcount
                    if changed != 1:
                        raise Conflict(code)
                db.executemany(
                    "INSERT OR REPLACE INTO log (code, seq, entry) VALUES (?, ?, ?)",
                    [(code, entry["seq"], _dumps(entry)) for entry in entries],
                )
                if entries:
                    db.execute(
                        "DELETE FROM log WHERE code = ? AND seq <= ?",
                        (code, entries[-1]["seq"] - LOG_KEPT),
                    )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise StoreError(str(error)) from error
        return version + 1

    async def delete(self, code: str) -> None:
        try:
            with contextlib.closing(self._db.cursor()) as cursor:
                cursor.execute("BEGIN IMMEDIATE")
                cursor.execute("DELETE FROM tables WHERE code = ?", (code,))
                cursor.execute("DELETE FROM log WHERE code = ?", (code,))
                cursor.execute("COMMIT")
        except sqlite3.Error as error:
            raise StoreError(str(error)) from error

    async def subscribe(
        self,
        on_commit: Callable[[Published], Awaitable[None]],
        on_missed: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        return None  # one process: nobody else commits

    async def watch(self, codes: Collection[str], lease: float) -> None:
        return None  # one process: it knows who is connected

    async def watched(self, codes: Collection[str]) -> set[str]:
        return set()

    async def codes(self) -> list[str]:
        return [code for (code,) in self._db.execute("SELECT code FROM tables ORDER BY code")]

    async def delete_if(self, code: str, version: int) -> bool:
        try:
            with contextlib.closing(self._db.cursor()) as cursor:
                cursor.execute("BEGIN IMMEDIATE")
                cursor.execute("DELETE FROM tables WHERE code = ? AND version = ?", (code, version))
                deleted = cursor.rowcount == 1
                if deleted:
                    cursor.execute("DELETE FROM log WHERE code = ?", (code,))
                cursor.execute("COMMIT")
        except sqlite3.Error as error:
            raise StoreError(str(error)) from error
        return deleted

    async def heartbeat(self, lease: float) -> None:
        return None

    async def alive(self, origins: Collection[str]) -> set[str]:
        return set(origins)  # one process, alive while it asks

    async def claim(self, key: str, ttl: float) -> bool:
        return True  # nobody else to do it

    async def close(self) -> None:
        self._db.close()
        if self._lock_file is not None:
            self._lock_file.close()


class FolderInUse(Exception):
    """Another server already keeps its tables in this folder."""


class NotAFile(OSError):
    """One of the store's files is something else (a FIFO, a device, a folder, a socket):
    opening it could wait for ever or read without end."""


def regular_or_missing(path: Path) -> None:
    """NotAFile when something other than a regular file stands at *path*."""
    try:
        mode = os.stat(path).st_mode  # never waits, whatever is there
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise NotAFile(errno.EINVAL, "not a regular file", str(path))


def _lock_folder(folder: Path) -> Any:
    """Hold an exclusive lock on the folder's lock file for the life of the process."""
    try:
        import fcntl
    except ImportError:  # Windows: one server per folder is the user's care
        return None
    handle = open(folder / LOCK_NAME, "a+")  # noqa: SIM115 - held until close()
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise FolderInUse(str(folder)) from None
    return handle


# --- Redis -----------------------------------------------------------------------------------

# KEYS: table hash, log list, index set; ARGV: code, expected version, document, kept, origin,
# channel, entries... The check, the write and the publication are one atomic step, so every
# process hears the commits of a table in version order.
_COMMIT_SCRIPT = """
local current = redis.call('HGET', KEYS[1], 'version')
local expected = tonumber(ARGV[2])
if (current == false and expected ~= 0) or (current ~= false and tonumber(current) ~= expected)
then return -1 end
local new = expected + 1
redis.call('HSET', KEYS[1], 'version', new, 'document', ARGV[3])
local entries = {}
for i = 7, #ARGV do
  redis.call('RPUSH', KEYS[2], ARGV[i])
  table.insert(entries, ARGV[i])
end
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[4]), -1)
redis.call('SADD', KEYS[3], ARGV[1])
redis.call('PUBLISH', ARGV[6], '{"code":' .. cjson.encode(ARGV[1]) .. ',"version":' .. new ..
  ',"origin":' .. cjson.encode(ARGV[5]) .. ',"document":' .. ARGV[3] ..
  ',"entries":[' .. table.concat(entries, ',') .. ']}')
return new
"""


# KEYS: table hash, log list, index set; ARGV: code, expected version, channel, notice. Deletes
# only a table nobody changed since it was read, and tells every process in the same step.
_DELETE_IF_SCRIPT = """
local current = redis.call('HGET', KEYS[1], 'version')
if current == false or tonumber(current) ~= tonumber(ARGV[2]) then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('SREM', KEYS[3], ARGV[1])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
"""


class RedisStore:
    """Tables shared by several server processes through one Redis server."""

    shared = True

    def __init__(self, url: str, prefix: str = "voicedomino:") -> None:
        import redis.asyncio as redis

        self._redis = redis.Redis.from_url(url, decode_responses=True)
        self._prefix = prefix
        self._channel = f"{prefix}commits"
        self.origin = f"{os.getpid()}-{os.urandom(4).hex()}"
        self._script = self._redis.register_script(_COMMIT_SCRIPT)
        self._delete_if_script = self._redis.register_script(_DELETE_IF_SCRIPT)
        self._listener: asyncio.Task[None] | None = None

    def _keys(self, code: str) -> list[str]:
        return [f"{self._prefix}table:{code}", f"{self._prefix}log:{code}", f"{self._prefix}index"]

    async def load_all(self) -> list[Stored]:
        codes = sorted(await self._call(self._redis.smembers(f"{self._prefix}index")))
        return await _readable(self, codes)

    async def load(self, code: str) -> Stored | None:
        table_key, log_key, _ = self._keys(code)
        values = await self._call(self._redis.hmget(table_key, ["version", "document"]))
        if values[0] is None or values[1] is None:
            return None
        log = await self._call(self._redis.lrange(log_key, -LOG_KEPT, -1))
        return _stored(code, values[0], values[1], log)

    async def commit(
        self, code: str, version: int, document: dict[str, Any], entries: Sequence[dict[str, Any]]
    ) -> int:
        args: list[str | int] = [code, version, _dumps(document), LOG_KEPT, self.origin]
        args.append(self._channel)
        args += [_dumps(entry) for entry in entries]
        new = int(await self._call(self._script(keys=self._keys(code), args=args)))
        if new < 0:
            raise Conflict(code)
        return new

    async def delete(self, code: str) -> None:
        table_key, log_key, index = self._keys(code)
        notice = {"code": code, "version": -1, "origin": self.origin, "document": None,
                  "entries": []}  # fmt: skip
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(table_key, log_key)
            pipe.srem(index, code)
            pipe.publish(self._channel, _dumps(notice))
            await self._call(pipe.execute())

    async def codes(self) -> list[str]:
        return sorted(await self._call(self._redis.smembers(f"{self._prefix}index")))

    async def delete_if(self, code: str, version: int) -> bool:
        notice = _dumps({"code": code, "version": -1, "origin": self.origin, "document": None,
                         "entries": []})  # fmt: skip
        args: list[str | int] = [code, version, self._channel, notice]
        deleted = await self._call(self._delete_if_script(keys=self._keys(code), args=args))
        return bool(deleted)

    async def watch(self, codes: Collection[str], lease: float) -> None:
        if not codes:
            return
        async with self._redis.pipeline(transaction=False) as pipe:
            for code in codes:
                pipe.set(f"{self._prefix}watched:{code}", self.origin,
                         px=max(1, round(lease * 1000)))  # fmt: skip
            await self._call(pipe.execute())

    async def watched(self, codes: Collection[str]) -> set[str]:
        wanted = sorted(codes)
        if not wanted:
            return set()
        found = await self._call(self._redis.mget([f"{self._prefix}watched:{c}" for c in wanted]))
        return {code for code, value in zip(wanted, found, strict=True) if value is not None}

    async def heartbeat(self, lease: float) -> None:
        key = f"{self._prefix}alive:{self.origin}"
        await self._call(self._redis.set(key, "1", px=max(1, round(lease * 1000))))

    async def alive(self, origins: Collection[str]) -> set[str]:
        wanted = sorted(origins)
        if not wanted:
            return set()
        keys = [f"{self._prefix}alive:{origin}" for origin in wanted]
        found = await self._call(self._redis.mget(keys))
        return {origin for origin, value in zip(wanted, found, strict=True) if value is not None}

    async def claim(self, key: str, ttl: float) -> bool:
        name = f"{self._prefix}claim:{key}"
        taken = self._redis.set(name, self.origin, nx=True, px=max(1, round(ttl * 1000)))
        return bool(await self._call(taken))

    async def subscribe(
        self,
        on_commit: Callable[[Published], Awaitable[None]],
        on_missed: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        from redis.exceptions import RedisError

        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._call(pubsub.subscribe(self._channel))

        async def listen(pubsub: Any) -> None:
            # Redis restarted or cut off: the subscription is made again as soon as Redis
            # answers (a process that stopped listening would never hear its players' moves
            # made through other processes), and the server reads its tables again.
            while True:
                try:
                    await self._listen(pubsub, on_commit)
                except (RedisError, OSError) as error:
                    log.warning("listening to Redis stopped: %s", error)
                while True:
                    await asyncio.sleep(RESUBSCRIBE_WAIT)
                    try:
                        await pubsub.aclose()
                        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
                        await pubsub.subscribe(self._channel)
                        break
                    except (RedisError, OSError):
                        continue
                log.warning("listening to Redis again")
                if on_missed is not None:
                    await on_missed()

        self._listener = asyncio.create_task(listen(pubsub))

    @staticmethod
    async def _listen(pubsub: Any, on_commit: Callable[[Published], Awaitable[None]]) -> None:
        async for message in pubsub.listen():
            try:
                data = json.loads(message["data"])
                published = Published(
                    str(data["code"]), int(data["version"]), str(data["origin"]),
                    data["document"], list(data["entries"]),
                )  # fmt: skip
            except (ValueError, KeyError, TypeError, RecursionError):
                continue
            try:
                await on_commit(published)
            except Exception:  # one table's trouble must not stop the news of the others
                log.exception("a commit of table %s not followed", published.code)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
        await self._redis.aclose()

    @staticmethod
    async def _call(awaitable: Awaitable[Any]) -> Any:
        from redis.exceptions import RedisError

        try:
            return await awaitable
        except RedisError as error:
            raise StoreError(str(error)) from error
