"""`voicedomino scarica-modello`: fetch, verify and install the Italian Vosk model."""

from __future__ import annotations

import sys
from pathlib import Path

from voicedomino.italian import messages as it
from voicedomino.persistence.model_download import OFFICIAL_URL, ModelDownloadError, download_model
from voicedomino.speech.model import ModelLocation, default_download_dir, locate_model


def download_command(dest: Path | None, url: str | None, *, only_if_missing: bool) -> int:
    if only_if_missing and isinstance(locate_model(None), ModelLocation):
        return 0
    target = dest or default_download_dir()
    print(it.model_download_start(str(target)), flush=True)
    last = [-1]

    def progress(done: int, total: int | None) -> None:
        if total:
            tenth = done * 10 // total
            if tenth != last[0]:
                last[0] = tenth
                print(it.model_download_progress(tenth * 10), flush=True)

    try:
        path = download_model(target, url or OFFICIAL_URL, progress=progress)
    except ModelDownloadError as error:
        print(it.model_download_failed(error.key, error.detail), file=sys.stderr, flush=True)
        return 1
    print(it.model_download_done(str(path)), flush=True)
    return 0
