"""The autosave file: atomic writes, problems said and files kept, leftovers cleaned."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from voicedomino.dialog.manager import DialogManager
from voicedomino.dialog.menu import Table
from voicedomino.engine import save as engine_save
from voicedomino.persistence.autosave import SAVE_NAME, STALE_TEMPORARY_S, AutoSave


def a_saved_match() -> dict[str, object]:
    manager = DialogManager(Table(), computer_pause=0, seed=9)
    manager.start()
    manager.handle("inizia")
    document = manager.save_document()
    assert document is not None
    return document


def test_round_trip_and_no_temporary_left(tmp_path: Path) -> None:
    store = AutoSave(tmp_path)
    document = a_saved_match()
    store.save(document)
    assert [p.name for p in tmp_path.iterdir()] == [SAVE_NAME]
    loaded = store.load()
    assert loaded.problem is None and loaded.document == document
    store.save(None)  # no match in progress: nothing kept
    assert store.load().document is None and list(tmp_path.iterdir()) == []


def test_newer_version_is_set_aside_with_its_own_notice(tmp_path: Path) -> None:
    document = a_saved_match()
    document["version"] = engine_save.VERSION + 1
    raw = json.dumps(document).encode()
    (tmp_path / SAVE_NAME).write_bytes(raw)
    loaded = AutoSave(tmp_path).load()
    assert (loaded.document, loaded.problem) == (None, "save_newer")
    [kept] = list(tmp_path.iterdir())
    assert kept.name.startswith("partita.versione-nuova-") and kept.read_bytes() == raw


def test_old_leftover_temporaries_are_removed_fresh_ones_kept(tmp_path: Path) -> None:
    store = AutoSave(tmp_path)
    store.save(a_saved_match())
    old = tmp_path / f"{SAVE_NAME}abc.tmp"
    fresh = tmp_path / f"{SAVE_NAME}def.tmp"
    unrelated = tmp_path / "altro.tmp"
    for path in (old, fresh, unrelated):
        path.write_text("{")
    past = time.time() - STALE_TEMPORARY_S - 60
    os.utime(old, (past, past))
    os.utime(unrelated, (past, past))
    assert store.load().problem is None
    assert not old.exists()
    assert fresh.exists() and unrelated.exists()


def test_declined_match_is_archived_not_deleted(tmp_path: Path) -> None:
    store = AutoSave(tmp_path)
    store.save(a_saved_match())
    archived = store.archive()
    assert archived is not None and archived.name.startswith("partita.archiviata-")
    assert store.load().document is None
    assert engine_save.loads(archived.read_text()) is not None
