"""The page's adapter compiled at build time (web/precompiled.py): its baked code runs only
while the file served is the one it was compiled from."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from precompiled import Precompiled, install, served_from_snapshot

WEB = Path(__file__).resolve().parent.parent / "web"


@pytest.fixture
def finder(tmp_path: Path) -> Iterator[Precompiled]:
    """A finder first on sys.meta_path and tmp_path on sys.path, both removed after."""
    found = Precompiled()
    sys.meta_path.insert(0, found)
    sys.path.insert(0, str(tmp_path))
    try:
        yield found
    finally:
        sys.meta_path.remove(found)
        sys.path.remove(str(tmp_path))
        sys.modules.pop("baked_demo", None)
        importlib.invalidate_caches()


def write(folder: Path, text: str) -> str:
    path = folder / "baked_demo.py"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_an_unchanged_file_runs_the_baked_code(finder: Precompiled, tmp_path: Path) -> None:
    file = write(tmp_path, "WORD = 'baked'\n")
    finder.bake("baked_demo", file)
    module = importlib.import_module("baked_demo")
    assert module.WORD == "baked"
    assert served_from_snapshot(module)
    assert module.__file__ == file  # tracebacks and __file__ name the served file


def test_a_changed_file_is_compiled_as_served(finder: Precompiled, tmp_path: Path) -> None:
    file = write(tmp_path, "WORD = 'baked'\n")
    finder.bake("baked_demo", file)
    write(tmp_path, "WORD = 'served'\n")
    importlib.invalidate_caches()
    module = importlib.import_module("baked_demo")
    assert module.WORD == "served"
    assert not served_from_snapshot(module)


def test_a_missing_file_is_not_served_from_the_bake(finder: Precompiled, tmp_path: Path) -> None:
    file = write(tmp_path, "WORD = 'baked'\n")
    finder.bake("baked_demo", file)
    Path(file).unlink()
    importlib.invalidate_caches()
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("baked_demo")


def test_other_modules_are_left_to_the_usual_finders(finder: Precompiled) -> None:
    assert finder.find_spec("json") is None


def test_install_puts_one_finder_first() -> None:
    before = list(sys.meta_path)
    try:
        first = install()
        assert sys.meta_path[0] is first and install() is first
        assert sum(isinstance(f, Precompiled) for f in sys.meta_path) == 1
    finally:
        sys.meta_path[:] = before


def test_the_adapter_compiles_as_the_build_bakes_it() -> None:
    baker = Precompiled()
    baker.bake("adapter", str(WEB / "adapter.py"))
    file, digest, code = baker.baked["adapter"]
    assert file.endswith("adapter.py") and len(digest) == 64
    assert "start" in code.co_names


def test_served_code_is_known_after_this_module_is_imported_again(
    finder: Precompiled, tmp_path: Path
) -> None:
    """A stale snapshot's page modules are imported again, this one too: the mark a module
    carries still says it ran baked code."""
    finder.bake("baked_demo", write(tmp_path, "WORD = 'baked'\n"))
    module = importlib.import_module("baked_demo")
    saved = sys.modules.pop("precompiled")
    try:
        again = importlib.import_module("precompiled")
        assert again is not saved and again.served_from_snapshot(module)
    finally:
        sys.modules["precompiled"] = saved


def test_a_baked_package_serves_its_modules(tmp_path: Path) -> None:
    """A package (PyScript's own ``pyscript``) is baked file by file: the package and its
    submodules run the baked code, and a changed submodule alone is compiled as served."""
    package = tmp_path / "baked_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from baked_pkg.part import WORD\n", encoding="utf-8")
    (package / "part.py").write_text("WORD = 'baked'\n", encoding="utf-8")
    (package / "other.py").write_text("WORD = 'baked'\n", encoding="utf-8")
    found = Precompiled()
    found.bake("baked_pkg", str(package / "__init__.py"), package=True)
    found.bake("baked_pkg.part", str(package / "part.py"))
    found.bake("baked_pkg.other", str(package / "other.py"))
    (package / "other.py").write_text("WORD = 'served'\n", encoding="utf-8")
    sys.meta_path.insert(0, found)
    sys.path.insert(0, str(tmp_path))
    try:
        module = importlib.import_module("baked_pkg")
        assert module.WORD == "baked" and served_from_snapshot(module)
        assert module.__path__ == [str(package)]
        assert served_from_snapshot(sys.modules["baked_pkg.part"])
        other = importlib.import_module("baked_pkg.other")
        assert other.WORD == "served" and not served_from_snapshot(other)
    finally:
        sys.meta_path.remove(found)
        sys.path.remove(str(tmp_path))
        for name in ("baked_pkg", "baked_pkg.part", "baked_pkg.other"):
            sys.modules.pop(name, None)
        importlib.invalidate_caches()
