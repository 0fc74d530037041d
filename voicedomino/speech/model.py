"""Where the Vosk model is, whether it is whole, and loading it.

Lookup order: the `--model PATH` option, then the `VOICEDOMINO_MODEL` environment variable, then
`models/vosk-model-small-it-0.22` in the project checkout or in the user data directory. A path
given explicitly (option or variable) is the only one looked at: if it is wrong the player is
told, rather than another model being picked silently.

The start-up check is cheap (every listed file exists with the right size); full hashing runs
after a download or on request.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import platformdirs

from voicedomino.persistence.files import unusable_in
from voicedomino.persistence.model_download import (
    OFFICIAL_URL,
    DownloadErrorKey,
    ModelDownloadError,
    ProgressCallback,
    download_model,
)
from voicedomino.persistence.model_manifest import (
    MODEL_NAME,
    FileProblem,
    ManifestError,
    check_files,
    load_manifest,
)
from voicedomino.speech.stderr_capture import capture_fd2

if TYPE_CHECKING:
    import vosk

__all__ = [
    "ENV_VAR",
    "MODEL_NAME",
    "OFFICIAL_URL",
    "DownloadErrorKey",
    "FileProblem",
    "ModelDownloadError",
    "ModelLoadError",
    "ModelLocation",
    "ModelProblem",
    "ProgressCallback",
    "default_download_dir",
    "default_model_dirs",
    "download_model",
    "load_model",
    "locate_model",
    "verify_model",
]

ENV_VAR = "VOICEDOMINO_MODEL"
APP_NAME = "voicedomino"

ModelSource = Literal["option", "environment", "default"]
ModelProblemKey = Literal["model_missing", "model_not_a_folder", "model_corrupt"]

# What any Vosk model needs, checked when a model is not the one the manifest describes.
_VOSK_ESSENTIALS = ("am/final.mdl", "conf/model.conf")
# No file of a model is read past this: the biggest Vosk models have files of about 1 GB.
MODEL_FILE_LIMIT = 4 << 30


@dataclass(frozen=True)
class ModelLocation:
    path: Path
    source: ModelSource


@dataclass(frozen=True)
class ModelProblem:
    """Why there is no usable model; `key` is the notice the game says aloud."""

    key: ModelProblemKey
    path: Path | None
    source: ModelSource
    detail: str
    files: tuple[FileProblem, ...] = ()


class ModelLoadError(Exception):
    """Vosk refused to load the model directory (its files are damaged or not a model)."""

    key: ModelProblemKey = "model_corrupt"


def project_root() -> Path | None:
    """The source checkout the package runs from, if any (it has pyproject.toml)."""
    candidate = Path(__file__).resolve().parents[2]
    return candidate if (candidate / "pyproject.toml").is_file() else None


def default_download_dir() -> Path:
    """Where `voicedomino scarica-modello` puts the model by default."""
    root = project_root()
    if root is not None:
        return root / "models"
    return platformdirs.user_data_path(APP_NAME) / "models"


def default_model_dirs() -> list[Path]:
    dirs = []
    root = project_root()
    if root is not None:
        dirs.append(root / "models")
    dirs.append(platformdirs.user_data_path(APP_NAME) / "models")
    return dirs


def verify_model(
    path: Path, *, full_hash: bool = False, manifest_path: Path | None = None
) -> list[FileProblem]:
    """Problems with the model at `path`; empty when it looks whole.

    A directory named like the manifest's model is checked file by file against it; any other
    directory (a model of the player's choice) only for the files every Vosk model has.
    """
    manifest = load_manifest(manifest_path)
    if path.name == manifest.root:
        return check_files(path, manifest, full_hash=full_hash, strict_extras=False)
    return [
        FileProblem("missing_file", rel, "every Vosk model has it")
        for rel in _VOSK_ESSENTIALS
        if not (path / rel).is_file()
    ]


def _check(
    path: Path, source: ModelSource, manifest_path: Path | None
) -> ModelLocation | ModelProblem:
    if not path.is_dir():
        if source != "default" and os.path.lexists(path):  # a file, a FIFO, a dangling link
            return ModelProblem("model_not_a_folder", path, source, f"not a directory: {path}")
        return ModelProblem("model_missing", path, source, f"no model directory at {path}")
    try:
        # Kaldi would wait for ever on a FIFO, read a device without end, or a sparse file of
        # gigabytes: anything like that in the folder makes the model unusable, said as such.
        strange = next(unusable_in(path, MODEL_FILE_LIMIT), None)
        if strange is not None:
            return ModelProblem("model_corrupt", path, source, str(strange))
        problems = verify_model(path, manifest_path=manifest_path)
    except (ManifestError, OSError) as error:
        return ModelProblem("model_corrupt", path, source, f"cannot check {path}: {error}")
    if problems:
        detail = "; ".join(str(problem) for problem in problems)
        return ModelProblem("model_corrupt", path, source, detail, tuple(problems))
    return ModelLocation(path, source)


def locate_model(
    cli_path: str | None,
    *,
    env: Mapping[str, str] | None = None,
    search_dirs: Sequence[Path] | None = None,
    manifest_path: Path | None = None,
) -> ModelLocation | ModelProblem:
    """Find the model to use, or say why there is none usable."""
    environment = os.environ if env is None else env
    if cli_path:
        return _check(Path(cli_path).expanduser(), "option", manifest_path)
    from_env = environment.get(ENV_VAR, "").strip()
    if from_env:
        return _check(Path(from_env).expanduser(), "environment", manifest_path)
    try:
        name = load_manifest(manifest_path).root
    except ManifestError:
        name = MODEL_NAME
    dirs = default_model_dirs() if search_dirs is None else list(search_dirs)
    for directory in dirs:
        candidate = directory / name
        if candidate.exists():
            return _check(candidate, "default", manifest_path)
    looked = ", ".join(str(directory / name) for directory in dirs)
    return ModelProblem("model_missing", None, "default", f"no model found (looked in {looked})")


def load_model(path: Path) -> vosk.Model:
    """Load a Vosk model; Vosk's informational log lines are silenced, warnings kept."""
    import vosk

    vosk.SetLogLevel(-1)
    # Kaldi explains a failed load on fd 2; keep that for the error instead of the terminal.
    with capture_fd2(lambda line: "ERROR" in line) as errors:
        try:
            model = vosk.Model(str(path))
        except Exception as error:  # vosk raises a bare Exception when the model will not load
            failure: Exception | None = error
        else:
            failure = None
    if failure is not None:
        why = " ".join(errors) or str(failure)
        raise ModelLoadError(f"Vosk could not load {path}: {why}") from failure
    return model
