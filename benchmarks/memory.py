"""Memory figures shared by the benchmarks."""

from __future__ import annotations

import resource
from pathlib import Path


def rss_mb() -> float:
    """Resident memory now, from /proc when there is one (else the peak from getrusage)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return peak_rss_mb()


def peak_rss_mb() -> float:
    """The process's peak resident memory so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
