"""Rate limits: token buckets per connection and per address.

A bucket holds up to *burst* tokens and refills at *rate* per second; each request takes one.
Buckets of addresses not seen for a while are forgotten, so a flood of addresses cannot grow
memory without bound.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one connection and one address may do. The defaults suit people at tables; a
    benchmark running a thousand clients from one address raises the per-address ones."""

    messages_per_s: float = 20.0  # one connection: far more than a person sends
    message_burst: int = 60
    strikes_before_close: int = 100  # requests refused (rate, malformed) before closing
    connections_per_address: int = 32  # open at once
    new_connections_per_s: float = 2.0  # per address
    new_connection_burst: int = 40
    failed_joins_per_min: float = 6.0  # unknown table codes, per address: guessing is slowed
    failed_join_burst: int = 10
    guess_delay_s: float = 2.0  # the answer to a join over the limit waits this long
    new_tables_per_min: float = 6.0  # per address: tables are kept until everyone leaves
    new_table_burst: int = 10
    hello_within_s: float = 10.0  # a connection that does not greet by then is closed
    max_tables: int = 5000
    max_connections: int = 5000


class Bucket:
    def __init__(self, rate: float, burst: int, now: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def seconds_to_wait(self) -> int:
        """Whole seconds until the next request would be taken (at least one)."""
        missing = max(0.0, 1 - self.tokens)
        return max(1, math.ceil(missing / self.rate)) if self.rate > 0 else 3600


class AddressBuckets:
    """One bucket per address, the least recently used forgotten past *keep* addresses."""

    def __init__(self, rate: float, burst: int, keep: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keep = keep
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, address: str, now: float | None = None) -> bool:
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = Bucket(self.rate, self.burst, now)
            if len(self._buckets) > self.keep:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(address)
        return bucket.take(now)

    def seconds_to_wait(self, address: str) -> int:
        """Whole seconds until *address* may try again (after a refused ``take``)."""
        bucket = self._buckets.get(address)
        return 1 if bucket is None else bucket.seconds_to_wait()
