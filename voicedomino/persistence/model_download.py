"""Download, verify and install the Vosk model, all or nothing.

The archive goes to a temporary file and is unpacked into a temporary directory beside the
destination (same file system, so the final step is an atomic rename). Every unpacked file is
checked against the manifest (size and sha256) before the model becomes visible; on any failure
the temporary files are removed and a `ModelDownloadError` says why.
"""

from __future__ import annotations

import http.client
import os
import shutil
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import Literal

from voicedomino.persistence.model_manifest import (
    FileProblem,
    Manifest,
    ManifestError,
    check_files,
    load_manifest,
)

OFFICIAL_URL = "https://alphacephei.com/vosk/models/vosk-model-small-it-0.22.zip"

# progress(bytes_received, total_bytes_or_None)
ProgressCallback = Callable[[int, int | None], None]

DownloadErrorKey = Literal[
    "network_error",
    "download_incomplete",
    "bad_zip",
    "unsafe_archive",
    "missing_file",
    "size_mismatch",
    "hash_mismatch",
    "unexpected_file",
    "disk_error",
    "manifest_error",
]

_WORKDIR_PREFIX = ".voicedomino-download-"
_STALE_WORKDIR_SECONDS = 3600.0
_CHUNK = 1 << 16


class ModelDownloadError(Exception):
    """The model could not be installed; `key` names the reason, `problems` the bad files."""

    def __init__(
        self, key: DownloadErrorKey, detail: str, problems: Sequence[FileProblem] = ()
    ) -> None:
        super().__init__(f"{key}: {detail}")
        self.key: DownloadErrorKey = key
        self.detail = detail
        self.problems: tuple[FileProblem, ...] = tuple(problems)


def download_model(
    dest_dir: Path,
    url: str = OFFICIAL_URL,
    *,
    progress: ProgressCallback | None = None,
    manifest_path: Path | None = None,
    timeout: float = 30.0,
) -> Path:
    """Install the model listed by the manifest into `dest_dir`; return the model directory.

    An existing model directory of the same name is replaced only after the new one verified.
    """
    try:
        manifest = load_manifest(manifest_path)
    except ManifestError as error:
        raise ModelDownloadError("manifest_error", str(error)) from error
    try:
        dest_dir.mkdir(parents=True, exist_ok=True)
        _remove_stale_workdirs(dest_dir)
        workdir = Path(tempfile.mkdtemp(prefix=_WORKDIR_PREFIX, dir=dest_dir))
    except OSError as error:
        raise ModelDownloadError("disk_error", f"cannot write in {dest_dir}: {error}") from error
    try:
        archive = workdir / "model.zip"
        unpacked = workdir / "unpacked"
        _fetch(url, archive, progress, timeout)
        _extract(archive, unpacked, manifest)
        archive.unlink()
        problems = check_files(
            unpacked / manifest.root, manifest, full_hash=True, strict_extras=True
        )
        if problems:
            raise ModelDownloadError(
                problems[0].kind, "; ".join(str(problem) for problem in problems), problems
            )
        return _install(unpacked / manifest.root, dest_dir / manifest.root)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _remove_stale_workdirs(dest_dir: Path) -> None:
    # Left behind only if a previous download was killed; an hour-old one is not running.
    now = time.time()
    for stale in dest_dir.glob(f"{_WORKDIR_PREFIX}*"):
        try:
            if now - stale.stat().st_mtime > _STALE_WORKDIR_SECONDS:
                shutil.rmtree(stale, ignore_errors=True)
        except OSError:
            continue


def _fetch(url: str, target: Path, progress: ProgressCallback | None, timeout: float) -> None:
    request = urllib.request.Request(url, headers={"User-Agent": "voicedomino"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            received = _copy(response, target, progress, total)
    except urllib.error.HTTPError as error:
        raise ModelDownloadError("network_error", f"HTTP {error.code} from {url}") from error
    except urllib.error.URLError as error:
        raise ModelDownloadError("network_error", f"{url}: {error.reason}") from error
    except (http.client.HTTPException, OSError, ValueError) as error:
        raise ModelDownloadError("network_error", f"{url}: {error!r}") from error
    if total is not None and received != total:
        raise ModelDownloadError(
            "download_incomplete", f"received {received} of {total} bytes from {url}"
        )


def _copy(
    response: http.client.HTTPResponse,
    target: Path,
    progress: ProgressCallback | None,
    total: int | None,
) -> int:
    received = 0
    try:
        out = target.open("wb")
    except OSError as error:
        raise ModelDownloadError("disk_error", f"cannot write {target}: {error}") from error
    with out:
        while True:
            try:
                chunk = response.read(_CHUNK)
            except (http.client.HTTPException, OSError) as error:
                raise ModelDownloadError("network_error", f"download broke: {error!r}") from error
            if not chunk:
                return received
            try:
                out.write(chunk)
            except OSError as error:
                raise ModelDownloadError("disk_error", f"cannot write {target}: {error}") from error
            received += len(chunk)
            if progress is not None:
                progress(received, total)


def _member_path(name: str) -> PurePosixPath | None:
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or "\\" in name:
        return None
    return path


def _extract(archive: Path, target: Path, manifest: Manifest) -> None:
    try:
        with zipfile.ZipFile(archive) as bundle:
            members = bundle.infolist()
            for member in members:
                path = _member_path(member.filename)
                if path is None:
                    raise ModelDownloadError("unsafe_archive", f"bad path {member.filename!r}")
                if not member.is_dir() and path.parts[0] != manifest.root:
                    raise ModelDownloadError(
                        "unexpected_file",
                        f"{member.filename} is outside {manifest.root}/",
                        [FileProblem("unexpected_file", member.filename, "outside the model")],
                    )
            # extractall checks every member's CRC while writing it.
            bundle.extractall(target)
    except ModelDownloadError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError) as error:
        raise ModelDownloadError("bad_zip", f"{archive.name}: {error}") from error
    except OSError as error:
        raise ModelDownloadError("disk_error", f"cannot unpack into {target}: {error}") from error
    if not (target / manifest.root).is_dir():
        raise ModelDownloadError("missing_file", f"the archive has no {manifest.root}/ directory")


def _install(new_model: Path, target: Path) -> Path:
    """Move the verified model into place, replacing an old one only once the new one is in."""
    old: Path | None = None
    try:
        if target.exists():
            old = target.with_name(f"{_WORKDIR_PREFIX}old-{target.name}-{os.getpid()}")
            os.replace(target, old)
        try:
            os.replace(new_model, target)
        except OSError:
            if old is not None:
                os.replace(old, target)
                old = None
            raise
    except OSError as error:
        raise ModelDownloadError("disk_error", f"cannot install {target}: {error}") from error
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    return target
