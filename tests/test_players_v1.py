"""The frozen baseline difficile-v1 still plays exactly as the hard player did before issue 22:
its choices and search values on fixed positions were recorded from that version's code."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from voicedomino.engine import Action, Draw, Match, Pass, Play, Settings, Side, Tile
from voicedomino.players import make_player
from voicedomino.players.v1.difficile import SearchPlayer

RECORDED = json.loads(
    (Path(__file__).parent / "data" / "difficile_v1_choices.json").read_text(encoding="utf-8")
)


def action_of(text: str) -> Action:
    """'0-4 head 0', 'draw' or 'pass' as the engine's action."""
    if text == "draw":
        return Draw()
    if text == "pass":
        return Pass()
    tile, side, outer = text.split()
    low, high = tile.split("-")
    return Play(Tile.of(int(low), int(high)), Side(side), int(outer))


@pytest.mark.parametrize(
    "case", RECORDED, ids=lambda c: f"{c['variant']}-{c['seats']}-{c['deal_seed']}"
)
def test_baseline_makes_the_recorded_choice(case: dict[str, Any]) -> None:
    settings = Settings(variant=case["variant"], seats=case["seats"], pairs=case["pairs"], target=0)
    match = Match(settings, seed=case["deal_seed"])
    for move in case["moves"]:
        match.apply(action_of(move))
    outcome = SearchPlayer().search(match.view(match.to_move), random.Random(case["search_seed"]))
    assert outcome.action == action_of(case["choice"])
    assert [round(value, 9) for value in outcome.values] == case["values"]
    assert outcome.nodes == case["nodes"]


def test_baseline_is_a_level_of_the_arena() -> None:
    player = make_player("difficile-v1")
    assert player.name == "difficile-v1"
    match = Match(Settings(variant="blocco", target=0), seed=5)
    while not match.round.is_over:
        view = match.view(match.to_move)
        action = player.choose(view, random.Random(len(view.history)))
        assert action in view.legal_actions()
        match.apply(action, view.seat)


def test_baseline_refuses_the_tables_it_never_knew() -> None:
    double_nine = Settings(variant="blocco", target=0, tile_set=9)
    spinner = Settings(variant="blocco", target=0, spinner=True)
    for settings in (double_nine, spinner):
        match = Match(settings, seed=5)
        with pytest.raises(ValueError, match="double-six"):
            make_player("difficile-v1").choose(match.view(match.to_move), random.Random(0))
