"""Model download, verification and lookup, against a real HTTP server on 127.0.0.1.

The official site is not reachable from CI, so each test builds a small fake model, its zip and
its own manifest, and serves the zip (whole, cut short, corrupted, missing) from a local
`http.server` running in a thread.
"""

from __future__ import annotations

import hashlib
import http.server
import io
import itertools
import os
import socket
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from korean_speech import KO_MODEL_PATH

from voicedomino.persistence.model_manifest import ManifestError, load_manifest
from voicedomino.speech.model import (
    ENV_VAR,
    MODEL_NAME,
    OFFICIAL_URL,
    ModelDownloadError,
    ModelLoadError,
    ModelLocation,
    ModelProblem,
    download_model,
    load_model,
    locate_model,
    verify_model,
)

ROOT = "fake-model-0.1"
FILES: dict[str, bytes] = {
    "README": b"A fake model for tests.\n",
    "am/final.mdl": os.urandom(150_000),
    "conf/model.conf": b"--beam=10.0\n",
    "graph/Gr.fst": os.urandom(40_000),
    "ivector/online_cmvn.conf": b"",
}


def write_manifest(path: Path, files: dict[str, bytes], root: str = ROOT) -> Path:
    lines = [
        f"{hashlib.sha256(data).hexdigest()}  {len(data)}  {root}/{name}"
        for name, data in files.items()
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def make_zip(files: dict[str, bytes], root: str = ROOT) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr(f"{root}/", b"")
        for name, data in files.items():
            bundle.writestr(f"{root}/{name}", data)
    return buffer.getvalue()


@dataclass
class Route:
    body: bytes = b""
    status: int = 200
    cut_at: int | None = None  # close the connection after this many bytes


@dataclass
class FakeServer:
    base: str
    routes: dict[str, Route] = field(default_factory=dict)

    def url(self, name: str) -> str:
        return f"{self.base}/{name}"


@pytest.fixture()
def server() -> Iterator[FakeServer]:
    routes: dict[str, Route] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            route = routes.get(self.path.lstrip("/"))
            if route is None or route.status != 200:
                self.send_error(404 if route is None else route.status)
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/zip")
            self.send_header("Content-Length", str(len(route.body)))
            self.end_headers()
            body = route.body if route.cut_at is None else route.body[: route.cut_at]
            self.wfile.write(body)
            self.wfile.flush()
            if route.cut_at is not None:
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)

        def log_message(self, format: str, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield FakeServer(f"http://127.0.0.1:{httpd.server_address[1]}", routes)
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)


@pytest.fixture()
def manifest(tmp_path: Path) -> Path:
    return write_manifest(tmp_path / "fake.sha256", FILES)


def leftovers(dest: Path) -> list[str]:
    return sorted(p.name for p in dest.iterdir()) if dest.exists() else []


def serve(server: FakeServer, name: str, body: bytes, **kwargs: int) -> str:
    server.routes[name] = Route(body, **kwargs)
    return server.url(name)


# --- the packaged manifest ----------------------------------------------------------------


def test_packaged_manifest_describes_the_official_italian_model() -> None:
    manifest = load_manifest()
    assert manifest.root == MODEL_NAME == "vosk-model-small-it-0.22"
    assert OFFICIAL_URL.endswith(f"/{MODEL_NAME}.zip")
    paths = manifest.paths()
    assert {"am/final.mdl", "graph/Gr.fst", "graph/HCLr.fst", "conf/model.conf"} <= paths
    assert len(manifest.entries) == 14
    assert all(len(entry.sha256) == 64 for entry in manifest.entries)


def test_malformed_manifest_is_rejected(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sha256"
    bad.write_text("abc  12  model/file\n", encoding="utf-8")
    with pytest.raises(ManifestError, match="bad sha256"):
        load_manifest(bad)


# --- download -----------------------------------------------------------------------------


def test_download_installs_a_verified_model(
    server: FakeServer, manifest: Path, tmp_path: Path
) -> None:
    archive = make_zip(FILES)
    url = serve(server, "model.zip", archive)
    dest = tmp_path / "models"
    seen: list[tuple[int, int | None]] = []

    path = download_model(
        dest, url, progress=lambda done, total: seen.append((done, total)), manifest_path=manifest
    )

    assert path == dest / ROOT
    assert leftovers(dest) == [ROOT]
    for name, data in FILES.items():
        assert (path / name).read_bytes() == data
    assert verify_model(path, full_hash=True, manifest_path=manifest) == []
    assert seen[-1] == (len(archive), len(archive))
    assert all(a[0] < b[0] for a, b in itertools.pairwise(seen))


def test_truncated_download_leaves_nothing(
    server: FakeServer, manifest: Path, tmp_path: Path
) -> None:
    archive = make_zip(FILES)
    url = serve(server, "model.zip", archive, cut_at=len(archive) // 2)
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(dest, url, progress=None, manifest_path=manifest)

    assert caught.value.key == "download_incomplete"
    assert f"of {len(archive)} bytes" in caught.value.detail
    assert leftovers(dest) == []


def test_wrong_hash_names_the_file(server: FakeServer, manifest: Path, tmp_path: Path) -> None:
    tampered = dict(FILES)
    mdl = bytearray(FILES["am/final.mdl"])
    mdl[1000] ^= 0xFF  # same size, different content
    tampered["am/final.mdl"] = bytes(mdl)
    url = serve(server, "model.zip", make_zip(tampered))
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(dest, url, progress=None, manifest_path=manifest)

    assert caught.value.key == "hash_mismatch"
    assert [(p.kind, p.path) for p in caught.value.problems] == [("hash_mismatch", "am/final.mdl")]
    assert "am/final.mdl" in str(caught.value)
    assert leftovers(dest) == []


def test_wrong_size_names_the_file(server: FakeServer, manifest: Path, tmp_path: Path) -> None:
    url = serve(server, "model.zip", make_zip({**FILES, "graph/Gr.fst": b"short"}))
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(dest, url, progress=None, manifest_path=manifest)

    assert caught.value.key == "size_mismatch"
    assert caught.value.problems[0].path == "graph/Gr.fst"
    assert leftovers(dest) == []


def test_missing_file_is_reported(server: FakeServer, manifest: Path, tmp_path: Path) -> None:
    partial = {name: data for name, data in FILES.items() if name != "conf/model.conf"}
    url = serve(server, "model.zip", make_zip(partial))
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(dest, url, progress=None, manifest_path=manifest)

    assert caught.value.key == "missing_file"
    assert [p.path for p in caught.value.problems] == ["conf/model.conf"]
    assert leftovers(dest) == []


def test_unlisted_extra_file_is_refused(server: FakeServer, manifest: Path, tmp_path: Path) -> None:
    url = serve(server, "model.zip", make_zip({**FILES, "graph/extra.fst": b"x"}))
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(dest, url, progress=None, manifest_path=manifest)

    assert caught.value.key == "unexpected_file"
    assert caught.value.problems[0].path == "graph/extra.fst"
    assert leftovers(dest) == []


def test_not_a_zip_is_a_bad_zip(server: FakeServer, manifest: Path, tmp_path: Path) -> None:
    url = serve(server, "model.zip", b"<html>not a zip</html>" * 100)
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(dest, url, progress=None, manifest_path=manifest)

    assert caught.value.key == "bad_zip"
    assert leftovers(dest) == []


def test_corrupted_zip_data_is_a_bad_zip(
    server: FakeServer, manifest: Path, tmp_path: Path
) -> None:
    archive = bytearray(make_zip(FILES))
    archive[200:400] = bytes(200)  # inside the first members' compressed data
    url = serve(server, "model.zip", bytes(archive))
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(dest, url, progress=None, manifest_path=manifest)

    assert caught.value.key == "bad_zip"
    assert leftovers(dest) == []


def test_path_escaping_the_archive_is_refused(
    server: FakeServer, manifest: Path, tmp_path: Path
) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as bundle:
        bundle.writestr(f"{ROOT}/../../evil.txt", b"x")
    url = serve(server, "model.zip", buffer.getvalue())
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(dest, url, progress=None, manifest_path=manifest)

    assert caught.value.key == "unsafe_archive"
    assert leftovers(dest) == []
    assert not (tmp_path / "evil.txt").exists()


def test_http_404_is_a_network_error(server: FakeServer, manifest: Path, tmp_path: Path) -> None:
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(dest, server.url("nothing-here.zip"), progress=None, manifest_path=manifest)

    assert caught.value.key == "network_error"
    assert "404" in caught.value.detail
    assert leftovers(dest) == []


def test_connection_refused_is_a_network_error(manifest: Path, tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago, nobody listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    dest = tmp_path / "models"

    with pytest.raises(ModelDownloadError) as caught:
        download_model(
            dest, f"http://127.0.0.1:{port}/m.zip", progress=None, manifest_path=manifest
        )

    assert caught.value.key == "network_error"
    assert "refused" in caught.value.detail.lower()
    assert leftovers(dest) == []


def test_failed_download_keeps_the_installed_model(
    server: FakeServer, manifest: Path, tmp_path: Path
) -> None:
    dest = tmp_path / "models"
    good = serve(server, "good.zip", make_zip(FILES))
    download_model(dest, good, progress=None, manifest_path=manifest)
    broken = make_zip(FILES)
    bad = serve(server, "bad.zip", broken, cut_at=len(broken) - 100)

    with pytest.raises(ModelDownloadError):
        download_model(dest, bad, progress=None, manifest_path=manifest)

    assert leftovers(dest) == [ROOT]
    assert verify_model(dest / ROOT, full_hash=True, manifest_path=manifest) == []


def test_new_download_replaces_a_damaged_model(
    server: FakeServer, manifest: Path, tmp_path: Path
) -> None:
    dest = tmp_path / "models"
    url = serve(server, "model.zip", make_zip(FILES))
    download_model(dest, url, progress=None, manifest_path=manifest)
    (dest / ROOT / "am/final.mdl").write_bytes(b"damaged")
    assert verify_model(dest / ROOT, manifest_path=manifest) != []

    download_model(dest, url, progress=None, manifest_path=manifest)

    assert leftovers(dest) == [ROOT]
    assert verify_model(dest / ROOT, full_hash=True, manifest_path=manifest) == []


# --- verification and lookup --------------------------------------------------------------


@pytest.fixture()
def installed(server: FakeServer, manifest: Path, tmp_path: Path) -> Path:
    url = serve(server, "model.zip", make_zip(FILES))
    return download_model(tmp_path / "models", url, progress=None, manifest_path=manifest)


def test_cheap_check_sees_sizes_full_check_sees_contents(installed: Path, manifest: Path) -> None:
    target = installed / "graph/Gr.fst"
    data = bytearray(target.read_bytes())
    data[0] ^= 0xFF
    target.write_bytes(bytes(data))

    assert verify_model(installed, manifest_path=manifest) == []
    problems = verify_model(installed, full_hash=True, manifest_path=manifest)
    assert [(p.kind, p.path) for p in problems] == [("hash_mismatch", "graph/Gr.fst")]


def test_locate_finds_the_default_model(installed: Path, manifest: Path) -> None:
    found = locate_model(None, env={}, search_dirs=[installed.parent], manifest_path=manifest)
    assert found == ModelLocation(installed, "default")


def test_locate_reports_a_missing_model(tmp_path: Path, manifest: Path) -> None:
    found = locate_model(None, env={}, search_dirs=[tmp_path / "nowhere"], manifest_path=manifest)
    assert isinstance(found, ModelProblem)
    assert (found.key, found.source) == ("model_missing", "default")


def test_locate_reports_a_truncated_file_as_corrupt(installed: Path, manifest: Path) -> None:
    mdl = installed / "am/final.mdl"
    mdl.write_bytes(mdl.read_bytes()[:1000])

    found = locate_model(None, env={}, search_dirs=[installed.parent], manifest_path=manifest)

    assert isinstance(found, ModelProblem)
    assert found.key == "model_corrupt"
    assert [(p.kind, p.path) for p in found.files] == [("size_mismatch", "am/final.mdl")]


def test_locate_reports_a_deleted_file_as_corrupt(installed: Path, manifest: Path) -> None:
    (installed / "conf/model.conf").unlink()

    found = locate_model(None, env={}, search_dirs=[installed.parent], manifest_path=manifest)

    assert isinstance(found, ModelProblem)
    assert found.key == "model_corrupt"
    assert [(p.kind, p.path) for p in found.files] == [("missing_file", "conf/model.conf")]


def test_option_wins_over_environment_and_default(
    installed: Path, manifest: Path, tmp_path: Path
) -> None:
    other = tmp_path / "elsewhere" / ROOT
    other.parent.mkdir()
    os.symlink(installed, other, target_is_directory=True)
    env = {ENV_VAR: str(tmp_path / "env-model")}

    by_option = locate_model(str(other), env=env, search_dirs=[], manifest_path=manifest)
    by_env = locate_model(None, env={ENV_VAR: str(other)}, search_dirs=[], manifest_path=manifest)
    env_wrong = locate_model(None, env=env, search_dirs=[installed.parent], manifest_path=manifest)

    assert by_option == ModelLocation(other, "option")
    assert by_env == ModelLocation(other, "environment")
    # An explicit but wrong path is reported, not replaced by the default one silently.
    assert isinstance(env_wrong, ModelProblem)
    assert (env_wrong.key, env_wrong.source) == ("model_missing", "environment")


def test_a_model_of_the_players_choice_needs_only_vosk_essentials(
    tmp_path: Path, manifest: Path
) -> None:
    custom = tmp_path / "vosk-model-it-0.22"
    (custom / "am").mkdir(parents=True)
    (custom / "am/final.mdl").write_bytes(b"m")

    found = locate_model(str(custom), env={}, manifest_path=manifest)
    assert isinstance(found, ModelProblem)
    assert [p.path for p in found.files] == ["conf/model.conf"]

    (custom / "conf").mkdir()
    (custom / "conf/model.conf").write_text("--beam=10\n")
    assert locate_model(str(custom), env={}, manifest_path=manifest) == ModelLocation(
        custom, "option"
    )


def test_vosk_refuses_a_damaged_real_model(tmp_path: Path) -> None:
    # A copy of the real Korean model whose acoustic model is cut short: links for the big
    # files, a truncated copy of final.mdl.
    ko_model_path = KO_MODEL_PATH
    damaged = tmp_path / "ko-damaged"
    for source in ko_model_path.rglob("*"):
        target = damaged / source.relative_to(ko_model_path)
        if source.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(source, target)
    mdl = damaged / "am/final.mdl"
    mdl.unlink()
    mdl.write_bytes((ko_model_path / "am/final.mdl").read_bytes()[:2_000_000])

    with pytest.raises(ModelLoadError) as caught:
        load_model(damaged)
    assert caught.value.key == "model_corrupt"
    assert "Failed to read" in str(caught.value)
