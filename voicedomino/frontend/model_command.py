"""`voicedomino scarica-modello`: fetch, verify and install the Italian Vosk model.

Progress is printed every ten per cent (every few megabytes when the server gives no size), so
a screen reader keeps the player informed. Ctrl-C, SIGTERM and SIGHUP (the terminal closed)
stop the download cleanly: the partial files are removed on the way out, no traceback.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from voicedomino.italian import messages as it
from voicedomino.persistence.model_download import (
    OFFICIAL_URL,
    ModelDownloadError,
    download_model,
)
from voicedomino.speech.model import ModelLocation, default_download_dir, locate_model

log = logging.getLogger(__name__)

MEGABYTE_STEP = 5  # progress without a known size: a line every this many megabytes
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def _tell(text: str, *, failure: bool = False) -> None:
    """A line for the player (a failure on standard error). An output gone or full (a pipe
    whose reader left, /dev/full) stops the telling, never the download: the printing of the
    first line raised and ended the command before it began, saying nothing."""
    with contextlib.suppress(OSError, ValueError):
        print(text, file=sys.stderr if failure else sys.stdout, flush=True)


class Stopped(BaseException):
    """A stop signal arrived: unwinds through the download's clean-up like Ctrl-C does."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


@contextmanager
def signals_stop_the_download() -> Iterator[None]:
    """SIGTERM and SIGHUP raise `Stopped` once; a second signal during clean-up is ignored."""
    stopping = [False]

    def stop(number: int, _frame: FrameType | None) -> None:
        if stopping[0]:
            return  # already unwinding: let the clean-up finish
        stopping[0] = True
        raise Stopped(number)

    previous = {number: signal.signal(number, stop) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


class ProgressReport:
    """Prints a line at each new tenth of the download (or each few megabytes)."""

    def __init__(self) -> None:
        self.last_step: int | None = None

    def __call__(self, done: int, total: int | None) -> None:
        if total:
            step = min(10, done * 10 // total)
            text = it.model_download_progress(step * 10)
        else:
            step = done // (MEGABYTE_STEP << 20)
            text = it.model_download_megabytes(step * MEGABYTE_STEP)
            if step == 0:
                return  # "zero megabytes" says nothing
        if step != self.last_step:
            self.last_step = step
            _tell(text)


def download_command(dest: Path | None, url: str | None, *, only_if_missing: bool) -> int:
    if only_if_missing and isinstance(locate_model(None), ModelLocation):
        return 0
    target = dest or default_download_dir()
    _tell(it.model_download_start(str(target)))
    try:
        with signals_stop_the_download():
            # An empty --url is an address written wrong, not the official one.
            path = download_model(
                target, OFFICIAL_URL if url is None else url, progress=ProgressReport()
            )
    except ModelDownloadError as error:
        log.warning("model download failed: %s: %s", error.key, error.detail)  # no secrets in it
        _tell(it.model_download_failed(error.key), failure=True)
        return 1
    except KeyboardInterrupt:
        _tell(it.model_download_interrupted(), failure=True)
        return 128 + signal.SIGINT
    except Stopped as stopped:
        _tell(it.model_download_interrupted(), failure=True)
        return 128 + stopped.number
    _tell(it.model_download_done(str(path)))
    return 0
