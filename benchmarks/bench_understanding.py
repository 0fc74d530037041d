"""How much of the Italian written by other hands the game understands.

Run from the project root: python benchmarks/bench_understanding.py [--show]

For each corpus of phrasings by writers who never saw the game's phrases (tests/data/
phrasings_other_hands_*.tsv: the dev parts the lexicon was written against, the held-out
parts it never saw), prints the share understood with the writer's meaning, the wrong meanings
(understood as something else, not refused), the non-actions taken as actions and the refusals
kept. --show lists what was not understood. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from phrasing_corpus import Row, is_action, read_rows, understand  # noqa: E402

CORPORA = (
    "phrasings_other_hands_dev.tsv",
    "phrasings_other_hands_dev2.tsv",
    "phrasings_other_hands_dev3.tsv",
    "phrasings_other_hands_dev4.tsv",
    "phrasings_other_hands_dev5.tsv",
    "phrasings_other_hands_dev6.tsv",
    "phrasings_other_hands_dev7.tsv",
    "phrasings_other_hands_dev8.tsv",
    "phrasings_other_hands_dev9.tsv",
    "phrasings_other_hands_dev10.tsv",
    "phrasings_other_hands_dev11.tsv",
    "phrasings_other_hands_dev12.tsv",
    "phrasings_other_hands_dev13.tsv",
    "phrasings_other_hands_dev14.tsv",
    "phrasings_other_hands_dev15.tsv",
    "phrasings_other_hands_dev16.tsv",
    "phrasings_other_hands_dev17.tsv",
    "phrasings_other_hands_dev18.tsv",
    "phrasings_other_hands_held_out.tsv",
    "phrasings_other_hands_held_out2.tsv",
)


def measure(rows: list[Row], show: bool) -> dict[str, int]:
    understood = wrong = taken = refusals = refused = 0
    for row in rows:
        meaning, got = row.meaning, understand(row.phrase)
        refusals += meaning is None
        if got == meaning:
            understood += 1
            refused += meaning is None
        else:
            wrong += got is not None
            if show:
                print(f"  {row.phrase!r}\texpected {row.expected}\tgot {got}")
        taken += not is_action(meaning) and is_action(got)
    return {
        "rows": len(rows),
        "understood": understood,
        "wrong_meaning": wrong,
        "non_actions_as_actions": taken,
        "refusals": refusals,
        "refusals_kept": refused,
    }


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--show", action="store_true", help="list what was not understood")
    show = options.parse_args().show
    figures = {}
    for name in CORPORA:
        if show:
            print(name)
        found = measure(read_rows(name), show)
        figures[name.removeprefix("phrasings_other_hands_").removesuffix(".tsv")] = found
        print(
            f"{name}: {found['understood']}/{found['rows']} understood "
            f"({found['understood'] / found['rows']:.1%}); wrong meaning {found['wrong_meaning']}; "
            f"non-actions as actions {found['non_actions_as_actions']}; "
            f"refusals kept {found['refusals_kept']}/{found['refusals']}"
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
