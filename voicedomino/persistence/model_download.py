"""Download, verify and install the Vosk model, all or nothing.

The archive goes to a temporary file and is unpacked into a temporary directory beside the
destination (same file system, so the final step is an atomic rename). Every unpacked file is
checked against the manifest (size and sha256) before the model becomes visible; on any failure
the temporary files are removed and a `ModelDownloadError` says why. An exception from outside
(a signal turned into one by the caller, Ctrl-C) removes them too.

Hostile servers and archives are bounded: a download that brings fewer than `stall_bytes` in
any `stall_seconds` is given up (a server trickling a byte a second would otherwise hold it
forever); the archive may not grow beyond what the manifest allows; the number of entries its
end record declares is checked before its directory is even read, and only the model's files
and their folders may be in it; each entry's declared size is checked before it is unpacked,
and unpacking stops the moment an entry passes its size.

A user name and password in the address are sent as HTTP basic authentication and never
written anywhere: every detail an error carries has them masked.
"""

from __future__ import annotations

import base64
import http.client
import os
import shutil
import stat
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Literal

from voicedomino.persistence.files import failure_kind
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
    "bad_url",
    "not_http",
    "not_found",
    "access_denied",
    "server_refused",
    "stalled",
    "no_answer",
    "archive_too_big",
    "network_error",
    "download_incomplete",
    "bad_zip",
    "unsafe_archive",
    "missing_file",
    "size_mismatch",
    "hash_mismatch",
    "unexpected_file",
    "disk_error",
    "disk_full",
    "read_only",
    "no_permission",
    "not_a_folder",
    "file_too_big",
    "manifest_error",
]

_WORKDIR_PREFIX = ".voicedomino-download-"
_STALE_WORKDIR_SECONDS = 3600.0
_CHUNK = 1 << 16
STALL_SECONDS = 30.0
STALL_BYTES = 16 * 1024  # at least this much in every STALL_SECONDS, or the server has stalled
ARCHIVE_SLACK = 1 << 20  # a zip is never much bigger than its files; this covers the headers
ENTRY_SLACK = 16  # entries beyond the manifest's files and their folders (none are expected)
_END_RECORD = b"PK\x05\x06"  # a zip's end of central directory record
_END_RECORD_SIZE = 22
_MAX_COMMENT = 0xFFFF


# Why writing failed, as the player can act on it (persistence.files.failure_kind); any other
# failure is "disk_error".
_WRITE_FAILURES: dict[str, DownloadErrorKey] = {
    "disk_full": "disk_full",
    "read_only": "read_only",
    "no_permission": "no_permission",
    "not_a_folder": "not_a_folder",
    "file_too_big": "file_too_big",
}


def _cannot_write(error: OSError, detail: str) -> ModelDownloadError:
    """A failed write, with its reason: "il disco è pieno" is not "al posto della cartella c'è
    un file", and neither is true of the other."""
    key = _WRITE_FAILURES.get(failure_kind(error), "disk_error")
    return ModelDownloadError(key, f"{detail}: {error}")


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
    stall_seconds: float = STALL_SECONDS,
    stall_bytes: int = STALL_BYTES,
) -> Path:
    """Install the model listed by the manifest into `dest_dir`; return the model directory.

    An existing model directory of the same name is replaced only after the new one verified.
    """
    try:
        return _download(dest_dir, url, progress, manifest_path, stall_seconds, stall_bytes)
    except ModelDownloadError as error:
        error.detail = masked(error.detail, url)  # whatever said it, no password goes further
        error.args = (f"{error.key}: {error.detail}",)
        raise


def _download(
    dest_dir: Path,
    url: str,
    progress: ProgressCallback | None,
    manifest_path: Path | None,
    stall_seconds: float,
    stall_bytes: int,
) -> Path:
    check_url(url)
    try:
        manifest = load_manifest(manifest_path)
    except ManifestError as error:
        raise ModelDownloadError("manifest_error", str(error)) from error
    limits = Limits(stall_seconds, stall_bytes, manifest.total_size() + ARCHIVE_SLACK)
    try:
        dest_dir.mkdir(parents=True, exist_ok=True)
        _remove_stale_workdirs(dest_dir)
        workdir = Path(tempfile.mkdtemp(prefix=_WORKDIR_PREFIX, dir=dest_dir))
    except OSError as error:
        raise _cannot_write(error, f"cannot write in {dest_dir}") from error
    try:
        archive = workdir / "model.zip"
        unpacked = workdir / "unpacked"
        _fetch(url, archive, progress, limits)
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


def masked(text: str, url: str) -> str:
    """*text* with the address's user name and password (and the address with them) masked."""
    try:
        parts = urllib.parse.urlsplit(url)
        secrets = [parts.password, parts.username]
    except ValueError:
        secrets = []
    if "@" in url:  # the whole user part, even when the address cannot be parsed
        secrets.append(url.split("//", 1)[-1].rsplit("@", 1)[0])
    for secret in sorted((s for s in secrets if s), key=len, reverse=True):
        text = text.replace(secret, "***")
        text = text.replace(urllib.parse.quote(secret, safe=""), "***")
    return text


def _request(url: str) -> urllib.request.Request:
    """The request for *url*, its credentials (if any) moved into a basic-auth header."""
    parts = urllib.parse.urlsplit(url)
    headers = {"User-Agent": "voicedomino"}
    if parts.username is not None or parts.password is not None:
        user = urllib.parse.unquote(parts.username or "")
        password = urllib.parse.unquote(parts.password or "")
        token = base64.b64encode(f"{user}:{password}".encode()).decode("ascii")
        headers["Authorization"] = f"Basic {token}"
        host = parts.hostname or ""
        netloc = f"[{host}]" if ":" in host else host
        if parts.port is not None:
            netloc += f":{parts.port}"
        url = urllib.parse.urlunsplit(parts._replace(netloc=netloc))
    return urllib.request.Request(url, headers=headers)


def check_url(url: str) -> None:
    """Only http and https addresses with a host; anything else is said, never a traceback:
    an address written wrong ("http://[::1", a port past 65535, a space) is bad_url, one of
    another kind (ftp, a file, no scheme at all) not_http."""
    if any(char.isspace() or not char.isprintable() for char in url):
        raise ModelDownloadError("bad_url", f"{url!r}: a space or a control character")
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError as error:
        raise ModelDownloadError("bad_url", f"{url!r}: {error}") from error
    if parts.scheme not in ("http", "https"):
        raise ModelDownloadError("not_http", f"{url!r}: an http or https address is needed")
    if not parts.hostname:
        raise ModelDownloadError("bad_url", f"{url!r}: no host")


@dataclass(frozen=True)
class Limits:
    stall_seconds: float  # also the socket timeout: a silent server fails in this time
    stall_bytes: int
    max_archive: int


def _fetch(url: str, target: Path, progress: ProgressCallback | None, limits: Limits) -> None:
    request = _request(url)
    answered = False  # a silent site never answered: it did not stop sending, it never began
    try:
        with urllib.request.urlopen(request, timeout=limits.stall_seconds) as response:
            answered = True
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            if total is not None and total > limits.max_archive:
                raise ModelDownloadError(
                    "archive_too_big",
                    f"{url} announces {total} bytes, at most {limits.max_archive}",
                )
            received = _copy(response, target, progress, total, limits)
    except ModelDownloadError:
        raise
    except urllib.error.HTTPError as error:
        raise ModelDownloadError(
            _http_failure(error.code), f"HTTP {error.code} from {url}"
        ) from error
    except urllib.error.URLError as error:
        if isinstance(error.reason, TimeoutError):
            raise ModelDownloadError("no_answer", f"{url}: no answer") from error
        raise ModelDownloadError("network_error", f"{url}: {error.reason}") from error
    except TimeoutError as error:
        raise ModelDownloadError(
            "stalled" if answered else "no_answer",
            f"{url}: no data for {limits.stall_seconds} s",
        ) from error
    except (http.client.HTTPException, OSError, ValueError) as error:
        raise ModelDownloadError("network_error", f"{url}: {error!r}") from error
    if total is not None and received != total:
        raise ModelDownloadError(
            "download_incomplete", f"received {received} of {total} bytes from {url}"
        )


def _http_failure(code: int) -> DownloadErrorKey:
    """The site answered, with an error: which one the player is told (not "unreachable")."""
    if code in (404, 410):
        return "not_found"
    if code in (401, 403, 407):
        return "access_denied"
    return "server_refused"


def _copy(
    response: http.client.HTTPResponse,
    target: Path,
    progress: ProgressCallback | None,
    total: int | None,
    limits: Limits,
) -> int:
    received = 0
    window_start = time.monotonic()  # the stall rule: stall_bytes in every stall_seconds
    window_bytes = 0
    try:
        out = target.open("wb")
    except OSError as error:
        raise _cannot_write(error, f"cannot write {target}") from error
    with out:
        while True:
            try:
                chunk = response.read1(_CHUNK)  # what has arrived: never waits for a full chunk
            except TimeoutError:
                raise
            except (http.client.HTTPException, OSError) as error:
                raise ModelDownloadError("network_error", f"download broke: {error!r}") from error
            if not chunk:
                return received
            try:
                out.write(chunk)
            except OSError as error:
                raise _cannot_write(error, f"cannot write {target}") from error
            received += len(chunk)
            if received > limits.max_archive:
                raise ModelDownloadError(
                    "archive_too_big", f"more than {limits.max_archive} bytes, still coming"
                )
            window_bytes += len(chunk)
            now = time.monotonic()
            if window_bytes >= limits.stall_bytes:
                window_start, window_bytes = now, 0
            elif now - window_start > limits.stall_seconds:
                raise ModelDownloadError(
                    "stalled",
                    f"{window_bytes} bytes in {now - window_start:.0f} s "
                    f"(at least {limits.stall_bytes} needed), {received} received in all",
                )
            if progress is not None:
                progress(received, total)


def _member_path(name: str) -> PurePosixPath | None:
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or "\\" in name:
        return None
    return path


def _is_symlink(member: zipfile.ZipInfo) -> bool:
    return stat.S_ISLNK(member.external_attr >> 16)


def _check_members(members: list[zipfile.ZipInfo], manifest: Manifest) -> None:
    """Refuse the archive from its directory alone, before one byte is unpacked."""
    sizes = {entry.path: entry.size for entry in manifest.entries}
    folders = _model_folders(manifest)
    for member in members:
        path = _member_path(member.filename)
        if path is None:
            raise ModelDownloadError("unsafe_archive", f"bad path {member.filename!r}")
        if _is_symlink(member):
            raise ModelDownloadError("unsafe_archive", f"{member.filename} is a symbolic link")
        if member.is_dir():
            if member.filename not in folders:  # only the folders of the model's own files
                raise ModelDownloadError(
                    "unexpected_file", f"{member.filename} is a folder the model does not have"
                )
            continue
        inside = str(PurePosixPath(*path.parts[1:]))
        if path.parts[0] != manifest.root or inside not in sizes:
            where = "outside the model" if path.parts[0] != manifest.root else "not listed"
            raise ModelDownloadError(
                "unexpected_file",
                f"{member.filename} is {where}",
                [FileProblem("unexpected_file", inside or member.filename, where)],
            )
        if member.file_size != sizes[inside]:
            detail = f"declares {member.file_size} bytes, expected {sizes[inside]}"
            raise ModelDownloadError(
                "size_mismatch",
                f"{inside} {detail}",
                [FileProblem("size_mismatch", inside, detail)],
            )


def _unpack(bundle: zipfile.ZipFile, member: zipfile.ZipInfo, target: Path, limit: int) -> None:
    """Copy one entry out, counting: the declared size may lie, the counter does not."""
    written = 0
    with bundle.open(member) as source, target.open("wb") as out:
        while chunk := source.read(_CHUNK):
            written += len(chunk)
            if written > limit:
                name = member.filename
                raise ModelDownloadError(
                    "size_mismatch",
                    f"{name} goes past its {limit} bytes",
                    [FileProblem("size_mismatch", name, f"more than {limit} bytes")],
                )
            out.write(chunk)


def _model_folders(manifest: Manifest) -> set[str]:
    """The folders the model's files sit in ("root/", "root/am/", ...), as zip names."""
    folders = {f"{manifest.root}/"}
    for entry in manifest.entries:
        parts = PurePosixPath(entry.path).parts[:-1]
        for depth in range(1, len(parts) + 1):
            folders.add(f"{manifest.root}/{'/'.join(parts[:depth])}/")
    return folders


def declared_entries(archive: Path) -> int | None:
    """How many entries the zip's end record declares (None: no end record found), read from
    its last bytes: a directory of millions of entries is refused before it is parsed."""
    with archive.open("rb") as stream:
        size = stream.seek(0, os.SEEK_END)
        tail_size = min(size, _END_RECORD_SIZE + _MAX_COMMENT)
        stream.seek(size - tail_size)
        tail = stream.read(tail_size)
    at = tail.rfind(_END_RECORD)
    if at < 0 or len(tail) - at < _END_RECORD_SIZE:
        return None
    count = int.from_bytes(tail[at + 10 : at + 12], "little")
    # 0xFFFF: the real count is in the zip64 record; past every sane model either way
    return count


def _extract(archive: Path, target: Path, manifest: Manifest) -> None:
    sizes = {entry.path: entry.size for entry in manifest.entries}
    most = len(manifest.entries) + len(_model_folders(manifest)) + ENTRY_SLACK
    declared = declared_entries(archive)
    if declared is not None and declared > most:
        raise ModelDownloadError(
            "unsafe_archive", f"the archive declares {declared} entries, at most {most}"
        )
    try:
        with zipfile.ZipFile(archive) as bundle:
            members = bundle.infolist()
            if len(members) > most:
                raise ModelDownloadError(
                    "unsafe_archive", f"the archive holds {len(members)} entries, at most {most}"
                )
            _check_members(members, manifest)
            for member in members:
                path = target.joinpath(*PurePosixPath(member.filename).parts)
                if member.is_dir():
                    path.mkdir(parents=True, exist_ok=True)
                    continue
                path.parent.mkdir(parents=True, exist_ok=True)
                inside = str(PurePosixPath(*PurePosixPath(member.filename).parts[1:]))
                # Reading to the end checks the entry's CRC (BadZipFile when it differs).
                _unpack(bundle, member, path, sizes[inside])
    except ModelDownloadError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError) as error:
        raise ModelDownloadError("bad_zip", f"{archive.name}: {error}") from error
    except OSError as error:
        raise _cannot_write(error, f"cannot unpack into {target}") from error
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
        raise _cannot_write(error, f"cannot install {target}") from error
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    return target
