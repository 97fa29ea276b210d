"""Which of the page's modules were imported from byte code the build compiled.

The one-file edition packs a checked-hash ``.pyc`` (PEP 552) beside each Python file
(``tools/compile_pyc.mjs``): the import system takes it, instead of compiling the source,
when its magic number is this interpreter's and its source hash is the hash of the file
next to it. :func:`report` applies the same two checks to every module imported from
``home``, for the tests and benchmarks (``window.pywarBench.bytecode()``).

>>> import types
>>> report({"x": types.ModuleType("x")}, "/nowhere")
{'modules': 0, 'from_bytecode': 0}
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from types import ModuleType

#: Flags of a checked-hash .pyc (PEP 552): hash-based, checked against its source.
CHECKED_HASH = 0b11


def from_bytecode(module: ModuleType) -> bool:
    """Whether ``module``'s cached ``.pyc`` is one the import system takes for its source:
    this interpreter's magic number and a checked source hash that matches the file."""
    source, cached = getattr(module, "__file__", None), getattr(module, "__cached__", None)
    if not source or not cached:
        return False
    try:
        with open(cached, "rb") as f:
            header = f.read(16)
        with open(source, "rb") as f:
            text = f.read()
    except OSError:
        return False
    return (
        len(header) == 16
        and header[:4] == importlib.util.MAGIC_NUMBER
        and int.from_bytes(header[4:8], "little") == CHECKED_HASH
        and header[8:16] == importlib.util.source_hash(text)
    )


def report(modules: Mapping[str, ModuleType], home: str) -> dict[str, int]:
    """``{"modules": n, "from_bytecode": k}`` over the ``modules`` imported from files
    under the folder ``home``."""
    own = [
        m for m in modules.values() if (getattr(m, "__file__", None) or "").startswith(home + "/")
    ]
    return {"modules": len(own), "from_bytecode": sum(from_bytecode(m) for m in own)}
