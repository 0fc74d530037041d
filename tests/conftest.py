"""Shared fixtures.

`virtual_soundcard` (session): a private PulseAudio daemon with null sinks, so sounddevice,
the recorder and the virtual microphone are real. It FAILS, never skips, when PulseAudio is
missing: ./run.sh test installs it. See tests/virtual_audio.py for its API.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from virtual_audio import VirtualSoundCard


@pytest.fixture(scope="session", autouse=True)
def graph_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Sentence graphs (speech/sentence_graph.py) go to a folder of the test run, never to the
    user's cache; child processes inherit it."""
    folder = tmp_path_factory.mktemp("graphs")
    os.environ["VOICEDOMINO_CACHE_DIR"] = str(folder)
    return folder


@pytest.fixture(scope="session")
def virtual_soundcard() -> Iterator[VirtualSoundCard]:
    # A short path: a unix socket path must stay under about 100 characters.
    folder = Path(tempfile.mkdtemp(prefix="vd-pulse-"))
    card = VirtualSoundCard(folder)
    card.start()
    try:
        yield card
    finally:
        card.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private settings folder (VOICEDOMINO_CONFIG_DIR) for one test."""
    folder = tmp_path / "config"
    monkeypatch.setenv("VOICEDOMINO_CONFIG_DIR", str(folder))
    return folder
