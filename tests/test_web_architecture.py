"""The page's architecture (issue 15): shared page code names no variant, a variant's page
part lives in ``web/variants/<id>/`` and uses only the view model's public API, and the
page's modules import each other without a cycle (``TYPE_CHECKING`` imports included)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_architecture import cycles  # one cycle finder (Tarjan) for the engine and the page

from pywar.variants import VARIANTS

WEB = Path(__file__).resolve().parent.parent / "web"
#: The seeds' variants (named even if the engine's registry changes) and every registered one.
VARIANT_IDS = frozenset({"classic", "war2", "mitologicas", "brasil", *VARIANTS})
#: Variant ids allowed as a string literal outside their own folder: (path under web/, id)
#: -> why. Catalogue keys named after a variant (``variant_<id>``) are not ids and need no
#: entry.
ALLOWED: dict[tuple[str, str], str] = {}

if not WEB.is_dir():  # pragma: no cover - the Pyodide run copies web/ too
    pytest.skip("web/ is not in this copy of the project", allow_module_level=True)


def web_modules() -> dict[str, Path]:
    """Every Python module of the page by its import name (``viewmodel``, ``screens.play``,
    ``variants.war2``, ``variants.war2.view``)."""
    out = {}
    for path in sorted(WEB.rglob("*.py")):
        rel = path.relative_to(WEB)
        if "__pycache__" in rel.parts:
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def owner_variant(path: Path) -> str | None:
    """The variant whose folder holds ``path`` (web/variants/<id>/...), or None."""
    rel = path.relative_to(WEB).parts
    return rel[1] if len(rel) > 2 and rel[0] == "variants" else None


def test_shared_page_code_names_no_variant() -> None:
    found = []
    for path in web_modules().values():
        own = owner_variant(path)
        rel = path.relative_to(WEB).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and node.value in VARIANT_IDS
                and node.value != own
                and (rel, node.value) not in ALLOWED
            ):
                found.append(f"web/{rel}:{node.lineno}: {node.value!r}")
    assert found == [], "a variant id outside its web/variants/<id>/ folder:\n" + "\n".join(found)


def test_the_check_sees_a_variant_id() -> None:
    """The literal check above finds what it looks for (no silent pass)."""
    tree = ast.parse('x = get_variant("war2")')
    assert [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)] == ["war2"]


def test_every_page_part_folder_is_a_registered_variant() -> None:
    from variant_ui import VARIANT_UI, load_page_parts

    load_page_parts()
    folders = {p.name for p in (WEB / "variants").iterdir() if (p / "__init__.py").is_file()}
    assert folders <= set(VARIANTS), folders - set(VARIANTS)
    assert set(VARIANT_UI) == folders  # each folder registers its page part, once loaded


def foreign_private_members(path: Path) -> list[str]:
    """``x._name`` in a page module where ``x`` is not ``self`` or ``cls``: a private member
    of another object (the view model's, a game's)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
        ):
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_page_code_uses_no_private_member_of_another_object() -> None:
    """Not of the view model, nor of the engine's ``Game``: the page uses public APIs."""
    found = [hit for path in web_modules().values() for hit in foreign_private_members(path)]
    assert found == []


def test_the_private_member_check_sees_one(tmp_path: Path) -> None:
    page = tmp_path / "part.py"
    page.write_text("def f(self, g):\n    return self._ok, g._pair_allowed(), g.__class__\n")
    assert foreign_private_members(page) == ["part.py:2: g._pair_allowed"]


def imports_of(path: Path, name: str, modules: dict[str, Path]) -> set[str]:
    """The page modules ``path`` (module ``name``) imports anywhere in it: at the top, in
    functions and under ``if TYPE_CHECKING:``; importing a submodule also runs its packages
    (but a package importing its own submodules is not a cycle)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".") if package else []
                up = up[: len(up) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            names = [f"{base}.{a.name}" for a in node.names] + [base]
        for full in names:
            parts = full.split(".")
            for i in range(1, len(parts) + 1):
                candidate = ".".join(parts[:i])
                if candidate in modules and not (name + ".").startswith(candidate + "."):
                    targets.add(candidate)  # (a module's own packages are already running)
    return targets


def web_import_graph() -> dict[str, set[str]]:
    modules = web_modules()
    return {name: imports_of(path, name, modules) for name, path in modules.items()}


def test_no_import_cycle_in_the_page() -> None:
    assert cycles(web_import_graph()) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_the_graph_sees_type_checking_imports() -> None:
    graph = web_import_graph()
    assert "viewmodel" in graph["adapter"]
    assert graph["main"] == {"adapter"}  # the page's script only starts the adapter
    assert "screens.common" in graph["viewmodel"]
    # nothing but what makes the App (the adapter on the page's thread, worker_main in a
    # worker) and the session (which renders it) imports the view model: screens and page
    # parts see it through mixins and the PageApp protocol
    assert sorted(n for n, deps in graph.items() if "viewmodel" in deps) == [
        "adapter",
        "session",
        "worker_main",
    ]
