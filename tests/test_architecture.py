"""The layout of docs/architecture.md holds: shared code never names a variant, no import
cycles, and a variant's game class overrides only the hooks the engine declares.

Over ``pywar/`` here; the page's half (``web/``) extends the same checks.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYWAR = ROOT / "pywar"
#: The variant ids the test looks for (a fixed list: the registry could miss one).
VARIANT_IDS = frozenset({"classic", "war2", "mitologicas", "brasil"})


def python_files(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" not in path.parts:
            yield path


def variant_id_literals(path: Path, root: Path) -> Iterator[tuple[int, str]]:
    """(line, id) of every string literal equal to a variant id outside that id's own folder
    ``<root>/variants/<id>/``."""
    rel = path.relative_to(root).parts
    own = rel[1] if len(rel) > 2 and rel[0] == "variants" else None
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and node.value in VARIANT_IDS and node.value != own:
            yield node.lineno, node.value


def test_shared_code_never_names_a_variant() -> None:
    found = []
    for path in python_files(PYWAR):
        rel = path.relative_to(PYWAR).as_posix()
        for line, vid in variant_id_literals(path, PYWAR):
            found.append(f"pywar/{rel}:{line}: {vid!r}")
    assert not found, (
        "a variant id outside its folder pywar/variants/<id>/ (make it a Variant field or a "
        "game-class hook):\n" + "\n".join(found)
    )


def test_the_id_finder_finds_ids_and_spares_their_folder(tmp_path: Path) -> None:
    (tmp_path / "variants" / "war2").mkdir(parents=True)
    shared = tmp_path / "game.py"
    shared.write_text('if variant.id == "war2":\n    x = "war2_rules"\n')
    own = tmp_path / "variants" / "war2" / "rules.py"
    own.write_text('KEY = "war2"\nOTHER = "classic"\n')
    assert list(variant_id_literals(shared, tmp_path)) == [(1, "war2")]
    assert list(variant_id_literals(own, tmp_path)) == [(2, "classic")]


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the package it imports, anywhere in its code (inside
    functions and under ``TYPE_CHECKING`` too); ``from a import b`` counts ``a.b`` when that
    is a module, else ``a``."""
    files = {module_name(p, root): p for p in python_files(root)}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names if a.name in files)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    if full in files:
                        edges.add(full)
                    elif base in files:
                        edges.add(base)
        edges.discard(name)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def describe_cycle(graph: dict[str, set[str]], part: list[str]) -> str:
    return "\n".join(f"  {m} -> {', '.join(sorted(graph[m] & set(part)))}" for m in part)


def test_no_import_cycles() -> None:
    graph = import_graph(PYWAR)
    found = cycles(graph)
    assert not found, "import cycles in pywar/:\n" + "\n\n".join(
        describe_cycle(graph, part) for part in found
    )


def test_the_cycle_finder_finds_function_and_type_checking_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from .b import g\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n"
    )
    (pkg / "c.py").write_text("from pkg import a\n")
    graph = import_graph(pkg)
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.b"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.b"]]


def variant_folder_imports(graph: dict[str, set[str]], package: str) -> list[str]:
    """``module -> imported`` for every import of a module of a variant folder
    ``<package>.variants.<id>`` by a module outside that folder (shared code such as the
    bots, or another variant); the registry ``<package>.variants`` may import each folder's
    ``__init__`` (its ``VARIANT``)."""
    registry = f"{package}.variants"
    folders = {
        m for m in graph if m.startswith(registry + ".") and m.count(".") == registry.count(".") + 1
    }
    folders = {m for m in folders if any(x.startswith(m + ".") for x in graph)}
    found = []
    for module, edges in sorted(graph.items()):
        own = next((f for f in folders if module == f or module.startswith(f + ".")), None)
        for target in sorted(edges):
            folder = next((f for f in folders if target == f or target.startswith(f + ".")), None)
            if folder is None or folder == own:
                continue
            if module == registry and target == folder:
                continue
            found.append(f"{module} -> {target}")
    return found


def test_shared_code_imports_no_variant_folder() -> None:
    """The bots (``pywar/ai/``) and every other shared module reach a variant's code only
    through its :class:`~pywar.variants.spec.Variant` (``game_class``, ``bot_layer``...)."""
    found = variant_folder_imports(import_graph(PYWAR), "pywar")
    assert not found, (
        "shared code imports a variant folder pywar/variants/<id>/ (reach it through the "
        "Variant's fields, e.g. the bot layer's hooks):\n" + "\n".join(found)
    )


def test_the_variant_import_finder_finds_them(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "ai").mkdir(parents=True)
    (pkg / "variants" / "v1").mkdir(parents=True)
    (pkg / "variants" / "v2").mkdir(parents=True)
    for d in (pkg, pkg / "ai", pkg / "variants", pkg / "variants" / "v1", pkg / "variants" / "v2"):
        (d / "__init__.py").write_text("")
    (pkg / "variants" / "__init__.py").write_text("from . import v1, v2\n")
    (pkg / "variants" / "spec.py").write_text("")
    (pkg / "variants" / "v1" / "ai.py").write_text("from ...ai import hard\n")
    (pkg / "variants" / "v1" / "data.py").write_text("from . import ai\nfrom .. import spec\n")
    (pkg / "variants" / "v2" / "rules.py").write_text("from ..v1 import data\n")
    (pkg / "ai" / "hard.py").write_text(
        "def f():\n    from ..variants.v1.ai import g\nfrom ..variants import spec\n"
    )
    graph = import_graph(pkg)
    assert variant_folder_imports(graph, "pkg") == [
        "pkg.ai.hard -> pkg.variants.v1.ai",
        "pkg.variants.v2.rules -> pkg.variants.v1.data",
    ]


@pytest.mark.parametrize("path", [PYWAR / "variants" / "__init__.py"])
def test_the_registry_imports_no_rules_module(path: Path) -> None:
    """The registry reaches a variant's game class through ``Variant.game_class`` only."""
    graph = import_graph(PYWAR)
    reach, todo = set(), [module_name(path, PYWAR)]
    while todo:
        m = todo.pop()
        if m not in reach:
            reach.add(m)
            todo.extend(graph[m])
    assert "pywar.game" not in reach


def test_a_variant_overrides_only_the_declared_hooks() -> None:
    """A variant's game class may add members of its own, but of ``Game`` it overrides only
    the hooks of :class:`pywar.hooks.RulesHooks` (the rest is the engine's)."""
    from pywar.game import Game
    from pywar.hooks import HOOKS
    from pywar.variants import VARIANTS

    for variant in VARIANTS.values():
        cls = Game.class_for(variant)
        for klass in cls.__mro__[: cls.__mro__.index(Game)]:
            overridden = {
                name
                for name in vars(klass)
                if hasattr(Game, name) and not name.startswith("__") and name != "_abc_impl"
            }
            assert overridden <= set(HOOKS), (variant.id, sorted(overridden - set(HOOKS)))


def test_every_hook_has_the_engine_default() -> None:
    from pywar.game import Game
    from pywar.hooks import HOOKS

    assert [name for name in HOOKS if not hasattr(Game, name)] == []


def test_every_variant_folder_is_registered_and_complete() -> None:
    """Adding a board is one folder plus its line in the registry: a folder left out of the
    registry, or a registered variant without its declaration or board, fails here."""
    from pywar.board import board_path
    from pywar.variants import VARIANTS

    folders = sorted(
        p.name for p in (PYWAR / "variants").iterdir() if (p / "__init__.py").is_file()
    )
    assert folders == sorted(VARIANTS)
    for vid, variant in VARIANTS.items():
        assert variant.id == vid
        assert board_path(variant.board_id).is_file()
        assert variant.board.id == variant.board_id
