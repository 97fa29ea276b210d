"""web/bytecode.py: which page modules the import system took from the build's byte code."""

from __future__ import annotations

import importlib.util
import py_compile
import sys
from pathlib import Path
from types import ModuleType

import bytecode


def _import(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_checked_hash_pyc_of_the_file_counts_and_a_stale_or_timestamp_one_does_not(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    fresh, stale, stamped = (home / f"{n}.py" for n in ("fresh", "stale", "stamped"))
    for path in (fresh, stale, stamped):
        path.write_text("VALUE = 1\n", encoding="utf-8")
    checked = py_compile.PycInvalidationMode.CHECKED_HASH
    for path in (fresh, stale):
        py_compile.compile(str(path), invalidation_mode=checked, doraise=True)
    py_compile.compile(
        str(stamped), invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP, doraise=True
    )
    stale.write_text("VALUE = 2\n", encoding="utf-8")  # changed after it was compiled
    modules = {p.stem: _import(p, p.stem) for p in (fresh, stale, stamped)}
    modules["elsewhere"] = sys.modules["bytecode"]  # not under home: not counted
    assert bytecode.from_bytecode(modules["fresh"])
    assert not bytecode.from_bytecode(modules["stale"])
    assert not bytecode.from_bytecode(modules["stamped"])
    assert bytecode.report(modules, str(home)) == {"modules": 3, "from_bytecode": 1}
