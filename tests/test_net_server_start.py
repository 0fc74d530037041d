"""`voicedomino server` refused by the world at start-up (the port taken, a file where its
folder should be, a Redis nobody answers at, TLS files missing or not PEM), run for real on
127.0.0.1: whoever starts it reads one Italian line saying why, never the system's or a
library's English, and the English detail goes to the server's log."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(90)

# What Python, OpenSSL and redis-py say when they refuse: none of it may reach the terminal.
SYSTEM_ENGLISH = re.compile(
    r"Errno|[Ee]rror|No such|exists|denied|connecting|refused|Address already|PEM lib|"
    r"not known|Traceback|\.c:\d+",
)


def server(*args: str, folder: Path) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("VOICEDOMINO")}
    env["XDG_STATE_HOME"] = str(folder / "state")
    return subprocess.run(
        [sys.executable, "-m", "voicedomino", "server", "--pausa-computer", "0", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture
def taken_port() -> Iterator[int]:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    try:
        yield holder.getsockname()[1]
    finally:
        holder.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def said(result: subprocess.CompletedProcess[str]) -> str:
    text = result.stdout + result.stderr
    assert result.returncode == 1, text
    assert not SYSTEM_ENGLISH.search(text), text
    return text


def test_a_port_already_taken_is_said_in_italian(taken_port: int, tmp_path: Path) -> None:
    text = said(server("--porta", str(taken_port), "--cartella", str(tmp_path), folder=tmp_path))
    assert f"Non riesco ad ascoltare su 127.0.0.1:{taken_port}" in text, text
    assert "già in uso" in text, text
    log = (tmp_path / "server.log").read_text(encoding="utf-8")
    assert "address already in use" in log.lower(), log


def test_a_file_where_the_tables_folder_should_be_is_said_in_italian(tmp_path: Path) -> None:
    where = tmp_path / "tavoli"
    where.write_text("non una cartella", encoding="utf-8")
    text = said(server("--porta", "0", "--cartella", str(where), folder=tmp_path))
    assert "Non riesco ad aprire i tavoli salvati: al posto della cartella c'è un file" in text


def test_a_redis_nobody_answers_at_is_said_in_italian(tmp_path: Path) -> None:
    redis = f"redis://127.0.0.1:{free_port()}/0"
    where = ["--cartella", str(tmp_path), "--redis", redis]
    text = said(server("--porta", "0", *where, folder=tmp_path))
    assert "Non riesco ad aprire i tavoli salvati: a quell'indirizzo non risponde nessuno" in text


@pytest.mark.parametrize("kind", ["missing", "not_pem"])
def test_tls_files_that_do_not_work_are_said_in_italian(kind: str, tmp_path: Path) -> None:
    certificate = tmp_path / "cert.pem"
    if kind == "not_pem":
        certificate.write_text("solo testo\n", encoding="utf-8")
    tls = ["--tls-cert", str(certificate), "--tls-key", str(certificate)]
    text = said(server("--porta", "0", "--cartella", str(tmp_path), *tls, folder=tmp_path))
    why = "non esiste" if kind == "missing" else "non sono file PEM validi"
    assert "Il certificato o la chiave TLS non vanno: " in text and why in text, text
