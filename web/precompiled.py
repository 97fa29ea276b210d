"""Page modules compiled at build time, for the ones the memory snapshot cannot import.

The snapshot (``tools/snapshot_warm.py``) imports every pure module of the page, but not
``adapter.py`` nor PyScript's own ``pyscript`` package: they need the DOM. Compiling the
adapter's 800 lines was the largest part of the page's last start-up task (the first use of
Python's compiler in the page, in WebAssembly); PyScript's package (14 modules) is compiled
in PyScript's own start-up task. :meth:`Precompiled.bake` compiles such a module when the
snapshot is made; the finder, first on ``sys.meta_path``, then hands that code object to the
import system, as long as the file served is byte for byte the one it was compiled from.
Otherwise it steps aside and the served file is compiled as usual: a stale snapshot costs
time, never correctness. Pure Python, no JavaScript object (a snapshot cannot hold one).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import CodeType, ModuleType

#: The global a module served from baked code carries (a mark, not the loader's class: a
#: stale snapshot's page modules are imported again, and this module with them).
BAKED = "__baked__"


class Precompiled(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves baked code objects for the modules named in :attr:`baked`."""

    def __init__(self) -> None:
        #: module name -> (file, SHA-256 of its bytes, code compiled from them)
        self.baked: dict[str, tuple[str, str, CodeType]] = {}
        #: the baked modules that are packages (their file is an ``__init__.py``)
        self.packages: set[str] = set()

    def bake(self, name: str, file: str, package: bool = False) -> None:
        """Compile ``file`` now, to be served as module ``name`` while the file is unchanged
        (``package``: ``file`` is the package's ``__init__.py``)."""
        data = Path(file).read_bytes()
        code = compile(data, file, "exec", dont_inherit=True)
        self.baked[name] = (file, hashlib.sha256(data).hexdigest(), code)
        if package:
            self.packages.add(name)
        else:
            self.packages.discard(name)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        entry = self.baked.get(fullname)
        if entry is None:
            return None
        file, digest, _code = entry
        try:
            data = Path(file).read_bytes()
        except OSError:
            return None
        if hashlib.sha256(data).hexdigest() != digest:
            return None  # the served file changed since the build: compile it
        where = [str(Path(file).parent)] if fullname in self.packages else None
        return importlib.util.spec_from_file_location(
            fullname, file, loader=self, submodule_search_locations=where
        )

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        module.__dict__[BAKED] = True
        exec(self.baked[module.__name__][2], module.__dict__)  # noqa: S102 - our own code


def install() -> Precompiled:
    """The finder, first on ``sys.meta_path`` (installed once)."""
    for finder in sys.meta_path:
        if isinstance(finder, Precompiled):
            return finder
    finder = Precompiled()
    sys.meta_path.insert(0, finder)
    return finder


def served_from_snapshot(module: ModuleType) -> bool:
    """Whether ``module`` ran code baked at build time (rather than compiling its file)."""
    return bool(getattr(module, BAKED, False))
