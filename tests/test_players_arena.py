"""The arena's deal-by-deal comparison of two runs (--save, then --paired), run as a command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ARENA = Path(__file__).resolve().parents[1] / "benchmarks" / "arena.py"
TABLE = ["--variant", "blocco", "--b", "pesante", "--deals", "6", "--jobs", "1"]


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ARENA), *TABLE, *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_a_run_paired_with_itself_differs_by_nothing_and_another_level_by_its_deals(
    tmp_path: Path,
) -> None:
    kept = tmp_path / "medio.json"
    first = arena("--a", "medio", "--save", str(kept))
    assert first.returncode == 0, first.stderr
    saved = json.loads(kept.read_text())
    assert sorted(saved["deals"], key=int) == [str(deal) for deal in range(6)]

    again = arena("--a", "medio", "--paired", str(kept))
    assert again.returncode == 0, again.stderr
    assert f"paired with {kept} over 6 deals: A win rate +0.0 +/- 0.0" in again.stdout

    # A different level on the same deals: the difference is the mean of the per-deal ones.
    other = tmp_path / "casuale.json"
    third = arena("--a", "casuale", "--save", str(other), "--paired", str(kept))
    assert third.returncode == 0, third.stderr
    before = saved["deals"]
    after = json.loads(other.read_text())["deals"]
    expected = sum(after[d][0] - before[d][0] for d in before) / len(before)
    assert f"over 6 deals: A win rate {100 * expected:+.1f} +/-" in third.stdout


def test_runs_on_other_tables_are_not_compared(tmp_path: Path) -> None:
    kept = tmp_path / "blocco.json"
    assert arena("--a", "medio", "--save", str(kept)).returncode == 0
    classica = subprocess.run(
        [
            sys.executable,
            str(ARENA),
            *["--variant", "classica", "--a", "medio", "--b", "pesante", "--deals", "2"],
            *["--jobs", "1", "--paired", str(kept)],
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert classica.returncode != 0
    assert "not comparable" in classica.stderr


def test_a_partnership_told_its_partners_hand_is_measured_against_the_same_deals(
    tmp_path: Path,
) -> None:
    """--partner-known is a diagnostic of side A, said in the report, on the same table: its
    run pairs with an ordinary one (the ceiling of a convention is read deal by deal)."""
    pairs = ["--variant", "coppie", "--seats", "4", "--pairs", "--deals", "2", "--jobs", "1"]
    small = ["--search", "samples=4,nodes=2000"]
    kept = tmp_path / "plain.json"
    plain = arena(*pairs, *small, "--save", str(kept))
    assert plain.returncode == 0, plain.stderr
    assert "told" not in plain.stdout
    told = arena(*pairs, *small, "--partner-known", "--paired", str(kept))
    assert told.returncode == 0, told.stderr
    assert "A = difficile (told its partner's hand), B = pesante" in told.stdout
    assert f"paired with {kept} over 2 deals" in told.stdout
