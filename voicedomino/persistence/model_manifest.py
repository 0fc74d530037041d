"""The list of files a speech model must contain, and checking a model directory against it.

A manifest file has one line per file, `sha256  bytes  relative/path`, where every path starts
with the model's directory name (`vosk-model-small-it-0.22/am/final.mdl`). Blank lines and
lines starting with `#` are ignored.
"""

from __future__ import annotations

import hashlib
import importlib.resources
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Literal

MODEL_NAME = "vosk-model-small-it-0.22"
PACKAGED_MANIFEST = f"{MODEL_NAME}.sha256"

FileProblemKind = Literal["missing_file", "size_mismatch", "hash_mismatch", "unexpected_file"]

_HASH_CHUNK = 1 << 20


class ManifestError(ValueError):
    """The manifest file itself is unreadable or malformed."""


@dataclass(frozen=True)
class ManifestEntry:
    sha256: str
    size: int
    path: str  # relative to the model directory, POSIX separators


@dataclass(frozen=True)
class Manifest:
    root: str  # the model directory name every listed path starts with
    entries: tuple[ManifestEntry, ...]

    def paths(self) -> set[str]:
        return {entry.path for entry in self.entries}

    def total_size(self) -> int:
        return sum(entry.size for entry in self.entries)


@dataclass(frozen=True)
class FileProblem:
    kind: FileProblemKind
    path: str  # relative to the model directory
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.path} ({self.detail})"


def packaged_manifest_path() -> Path:
    """The manifest shipped inside the package for the official Italian model."""
    resource = importlib.resources.files("voicedomino") / "data" / PACKAGED_MANIFEST
    return Path(str(resource))


def _parse_line(line: str, number: int, source: Path) -> tuple[str, int, PurePosixPath]:
    parts = line.split(maxsplit=2)
    if len(parts) != 3:
        raise ManifestError(f"{source}:{number}: expected 'sha256  bytes  path'")
    digest, size_text, path_text = parts
    if len(digest) != 64 or any(ch not in "0123456789abcdef" for ch in digest.lower()):
        raise ManifestError(f"{source}:{number}: bad sha256 {digest!r}")
    if not size_text.isdigit():
        raise ManifestError(f"{source}:{number}: bad size {size_text!r}")
    path = PurePosixPath(path_text.strip())
    if path.is_absolute() or ".." in path.parts or len(path.parts) < 2:
        raise ManifestError(f"{source}:{number}: path must be 'model-dir/file': {path_text!r}")
    return digest.lower(), int(size_text), path


def load_manifest(path: Path | None = None) -> Manifest:
    """Read a manifest; by default the packaged one for the official Italian model."""
    source = path if path is not None else packaged_manifest_path()
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ManifestError(f"cannot read manifest {source}: {error}") from error
    roots: set[str] = set()
    entries: list[ManifestEntry] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        digest, size, rel = _parse_line(line, number, source)
        roots.add(rel.parts[0])
        entries.append(ManifestEntry(digest, size, str(PurePosixPath(*rel.parts[1:]))))
    if len(roots) != 1:
        raise ManifestError(f"{source}: expected one model directory, found {sorted(roots)}")
    return Manifest(root=roots.pop(), entries=tuple(entries))


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while chunk := stream.read(_HASH_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _listed_files(model_dir: Path) -> set[str]:
    return {
        str(PurePosixPath(*item.relative_to(model_dir).parts))
        for item in model_dir.rglob("*")
        if item.is_file() or item.is_symlink()
    }


def check_files(
    model_dir: Path, manifest: Manifest, *, full_hash: bool, strict_extras: bool
) -> list[FileProblem]:
    """Compare `model_dir` with `manifest`.

    Sizes are always checked (cheap enough for every start-up); contents are hashed only with
    `full_hash`. With `strict_extras` a file the manifest does not list is a problem too (used
    on freshly extracted downloads, where nothing unknown may slip in).
    """
    problems: list[FileProblem] = []
    for entry in manifest.entries:
        file = model_dir / entry.path
        try:
            size = file.stat().st_size
        except OSError:
            problems.append(FileProblem("missing_file", entry.path, "not found"))
            continue
        if not file.is_file():
            problems.append(FileProblem("missing_file", entry.path, "not a regular file"))
        elif size != entry.size:
            problems.append(
                FileProblem("size_mismatch", entry.path, f"{size} bytes, expected {entry.size}")
            )
        elif full_hash and sha256_of(file) != entry.sha256:
            problems.append(FileProblem("hash_mismatch", entry.path, "sha256 differs"))
    if strict_extras:
        for extra in sorted(_listed_files(model_dir) - manifest.paths()):
            problems.append(FileProblem("unexpected_file", extra, "not in the manifest"))
    return problems
