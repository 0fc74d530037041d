"""The regret benchmark's judging of other levels on the same positions (--also), as a command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REGRET = Path(__file__).resolve().parents[1] / "benchmarks" / "regret.py"
TABLE = ["--variant", "blocco", "--a", "medio", "--b", "pesante", "--deals", "3", "--jobs", "1"]


def regret(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(REGRET), *TABLE, *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_other_levels_are_judged_on_the_same_positions_decision_by_decision() -> None:
    run = regret("--also", "medio", "--also", "casuale", "--also", "difficile:samples=4,nodes=3000")
    assert run.returncode == 0, run.stderr
    payload = json.loads(run.stdout.splitlines()[-1])
    also = payload["also"]
    assert list(also) == ["medio", "casuale", "difficile:samples=4,nodes=3000"]
    # The medium player chooses by the view alone: judged again, it is A to the decision.
    assert also["medio"]["change"] == 0.0
    assert also["medio"]["change_ci"] == 0.0
    for figures in also.values():
        assert figures["mean_regret"] >= 0.0
        expected = figures["mean_regret"] - payload["mean_regret"]
        assert figures["change"] == pytest.approx(expected, abs=1e-3)
    assert "casuale on the same positions: mean regret" in run.stdout


def test_settings_are_for_the_hard_player_only_and_checked_before_any_deal() -> None:
    wrong = regret("--also", "medio:samples=4")
    assert wrong.returncode != 0
    assert "only difficile takes settings" in wrong.stderr
    unknown = regret("--also", "difficile:speed=4")
    assert unknown.returncode != 0
    assert "unknown setting 'speed'" in unknown.stderr


def test_the_judge_may_expect_the_heaviest_first_baseline_to_play_as_it_does() -> None:
    """The judge may be told that B plays its heaviest tile, as pesante does: the run says so,
    and every decision's regret is still measured against the best move (never negative)."""
    run = regret("--judge-heaviest", "1")
    assert run.returncode == 0, run.stderr
    payload = json.loads(run.stdout.splitlines()[-1])
    assert payload["judge_heaviest"] == 1.0
    assert payload["mean_regret"] >= 0.0
    assert "the judge expected B to play its heaviest tile 100% of the time" in run.stdout
