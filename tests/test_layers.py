"""The package layers: imports flow one way, and no package cycle exists."""

from __future__ import annotations

import ast
from pathlib import Path

import voicedomino

ROOT = Path(voicedomino.__file__).parent

# What each layer may import (besides itself). A folder listing explains the layers.
ALLOWED: dict[str, set[str]] = {
    "grammar": set(),
    "engine": set(),
    "players": {"engine"},
    "audio": {"grammar"},
    "italian": {"grammar", "engine", "players"},
    "dialog": {"grammar", "italian", "engine", "players", "audio", "net"},
    "speech": {"grammar", "audio", "persistence"},  # the model's files and manifest
    "persistence": {"engine", "dialog", "players", "audio", "grammar", "italian"},
    "net": {"engine", "players", "italian"},  # tables over the network: no dialog, no audio
    "frontend": {
        "grammar", "italian", "engine", "players", "dialog", "speech", "audio", "persistence",
        "net",
    },
    "cli": {
        "grammar", "italian", "engine", "players", "dialog", "speech", "audio", "persistence",
        "frontend", "net", "__init__",
    },
    "__main__": {"cli", "frontend", "italian"},
}  # fmt: skip


def _layer(path: Path) -> str:
    relative = path.relative_to(ROOT)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def _imports(path: Path) -> set[str]:
    """The top-level voicedomino subpackages a module imports (TYPE_CHECKING ones included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "voicedomino" and len(parts) > 1 and _is_module(parts[1]):
                found.add(parts[1])
            elif name == "voicedomino":
                found.add("__init__")
    return found


def _is_module(name: str) -> bool:
    return (ROOT / name).is_dir() or (ROOT / f"{name}.py").is_file()


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        layer = _layer(path)
        graph.setdefault(layer, set()).update(_imports(path) - {layer})
    return graph


def test_every_import_follows_the_layers() -> None:
    wrong = {
        (layer, target)
        for layer, targets in _graph().items()
        if layer != "__init__"
        for target in targets
        if target not in ALLOWED.get(layer, set()) and target != "__init__"
    }
    assert not wrong, f"imports against the layers: {sorted(wrong)}"


def test_no_package_cycle() -> None:
    graph = _graph()
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for target in graph.get(node, set()):
            if state.get(target) == 1:
                raise AssertionError(f"package cycle: {' -> '.join([*path, node, target])}")
            if state.get(target) is None:
                visit(target, [*path, node])
        state[node] = 2

    for node in graph:
        if node not in state:
            visit(node, [])


def test_every_layer_is_listed() -> None:
    assert set(_graph()) - {"__init__", "settings"} <= set(ALLOWED)
