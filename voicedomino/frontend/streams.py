"""The standard streams, distrusted: whatever they are, the game writes and reads without a
traceback and without falling silent for the wrong reason.

* An output that cannot encode a character (an ASCII or Latin-1 terminal, `LANG=C`) gets the
  Italian ASCII spelling ("e'" for "è", "..." for "…"), never an error that would pass for a
  closed output and stop all text.
* A standard stream closed before the game started (`<&-`, `>&-`) is the null device: the
  game plays on by ear, or ends its input at once.
* An input left non-blocking by whatever ran before (O_NONBLOCK on a terminal or a pipe) is
  made blocking again: a read with nothing typed yet is a wait, never the end of input. So is
  a non-blocking output: once a slow reader let its pipe fill, every later line (the goodbye
  too) was lost, as if the output had been closed.
* Descriptor 2 goes to the log while a game or the microphone check runs: what libraries
  print there (Kaldi's usage text for a bad model, audio back ends' complaints, Python's
  warnings) is not for the player, whose screen reader would read it out.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import sys
from pathlib import Path
from typing import TextIO

from voicedomino.italian.messages import ascii_spelling

ERRORS = "voicedomino-ascii"
LATIN1_FALLBACK = "voicedomino-latin1"


def _spell(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = "".join(ascii_spelling(char) for char in error.object[error.start : error.end])
    return text, error.end


def _as_latin1(error: UnicodeError) -> tuple[str, int]:
    """Typed bytes that are not UTF-8 come from a Latin-1 terminal ("sì" as b"s\\xec"):
    UTF-8 is never mistaken for it, so each such byte is its Latin-1 letter."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error(ERRORS, _spell)
codecs.register_error(LATIN1_FALLBACK, _as_latin1)


def prepare_standard_streams() -> None:
    """Output streams that never fail on a character; closed ones replaced by the null device."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:  # the descriptor was closed when the program started
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
        elif isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError, AttributeError):
                stream.reconfigure(errors=ERRORS)
            with contextlib.suppress(ValueError, OSError):
                blocking(stream.fileno())


def keyboard_stream() -> TextIO | None:
    """Standard input as lines of text, on a buffered stream of its own (descriptor 0 left
    open); None when there is no standard input at all.

    Not sys.stdin.buffer: the reader thread, blocked in a read when the player quits, would
    hold the lock of sys.stdin, which the interpreter closes at shutdown ("Fatal Python
    error: ... could not acquire lock").
    """
    try:
        descriptor = sys.stdin.fileno() if sys.stdin is not None else -1
        os.fstat(descriptor)
    except (OSError, ValueError, AttributeError):
        return None
    blocking(descriptor)
    return io.TextIOWrapper(
        io.BufferedReader(io.FileIO(descriptor, closefd=False)),
        encoding="utf-8",
        errors=LATIN1_FALLBACK,
    )


def blocking(descriptor: int) -> None:
    """*descriptor* in blocking mode (reads wait for input), when it can be set at all."""
    with contextlib.suppress(OSError):
        os.set_blocking(descriptor, True)


def is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def library_output_to(log_file: Path | None) -> None:
    """Descriptor 2 into the log file (or the null device): libraries write there directly,
    below Python, and none of it is for the player."""
    try:
        target = os.open(log_file or os.devnull, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError:
        target = os.open(os.devnull, os.O_WRONLY)
    if target == 2:  # descriptor 2 was closed: the log took its number
        return
    try:
        sys.stderr.flush()
        os.dup2(target, 2)
    except (OSError, ValueError):
        pass
    finally:
        os.close(target)
