"""The reading benchmark: the one-ply ranking it models the partner with, on a position worked
out by hand, and the whole command on a short run."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from voicedomino.engine import Match, Settings, Tile
from voicedomino.players.tables import tile_set_of

READING = Path(__file__).resolve().parents[1] / "benchmarks" / "reading.py"


def reading_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reading", READING)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("reading", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_one_ply_ranking_of_a_partners_choice_worked_out_by_hand() -> None:
    """Ends 1 and 4; the seat holds 4-6, 1-2, 6-6, 5-6, 0-0 and may play 4-6 or 1-2.
    4-6 on the 4 leaves 6 and 1 showing: 10 pips, numbers kept 0 1 2 5 6 (5 x 0.7), tiles
    kept showing 6 or 1 (6-6, 5-6, 1-2: 3 x 1.5) and fitting (3): 21. 1-2 on the 1 leaves 2
    and 4: 3 pips, numbers 0 4 5 6 (2.8), one tile showing 4 (1.5) and fitting (1): 8.3.
    Its last tile going out ranks above anything."""
    ranking_scores = reading_module().ranking_scores
    tiles = tile_set_of(Match(Settings(variant="coppie", seats=4, pairs=True), seed=0).rules)
    four_six, one_two = tiles.index(Tile(4, 6)), tiles.index(Tile(1, 2))
    held = tiles.mask_of([Tile(4, 6), Tile(1, 2), Tile(6, 6), Tile(5, 6), Tile(0, 0)])
    playable = 1 << four_six | 1 << one_two
    scores = ranking_scores(tiles, held, playable, (1, 4))
    assert scores == {four_six: pytest.approx(21.0), one_two: pytest.approx(8.3)}
    last = ranking_scores(tiles, 1 << one_two, 1 << one_two, (1, 4))
    assert last[one_two] > 100


def test_a_short_run_prints_every_figure() -> None:
    run = subprocess.run(
        [sys.executable, str(READING), "--games", "2", "--deals", "4", "--habits", "soft=0.3"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    labels = [line.split()[0] for line in lines[1:4]]
    assert labels == ["chance", "today", "soft=0.3"]
    for line in lines[1:4]:
        shares = [float(share) for share in re.findall(r"(\d+\.\d)%", line)]
        assert len(shares) == 2 and all(0 <= share <= 100 for share in shares)
    assert lines[4].startswith("partner as itself")
    assert re.fullmatch(r"the hard player chose as before .*: \d+%", lines[5])
