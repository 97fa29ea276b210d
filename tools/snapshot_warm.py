"""Run inside Pyodide by tools/make_snapshot.mjs, just before the memory snapshot is taken.

Imports what the page imports before it touches the DOM (pywar, every bot level, the view
model and its helper modules: all pure Python, no `js`/`pyscript`; the standard modules
PyScript's own package needs), fills the board caches, renders the first screen once, and
leaves the build's snapshot key in the module ``_pywar_snapshot`` (``KEY``): the page's
loader (web/pyodide_boot.mjs) checks it after restoring.

Nothing here may hold a JavaScript object (the snapshot would refuse it) and nothing may
depend on the state it freezes: the page reseeds ``random`` and re-reads the time zone after
a restore (web/pyodide_boot.mjs) and draws new games' seeds from the browser's entropy.
"""

#: pywar's modules only its command line (python -m pywar) uses.
COMMAND_LINE_ONLY = frozenset(
    {"pywar.__main__", "pywar.bench", "pywar.fuzz", "pywar.simulate", "pywar.tournament"}
)


def _warm() -> None:
    import importlib
    import os
    import pkgutil
    import sys
    import types

    home = "/home/pyodide"
    os.chdir(home)
    if home not in sys.path:
        sys.path.insert(0, home)

    import heapq  # noqa: F401 - imported lazily by pywar.ai.evaluate

    from pywar.board import load_board
    from pywar.variants import VARIANTS, get_variant

    import session  # noqa: F401 - the page's session (and through it the view model)
    import viewmodel  # the page's view model: pywar, i18n, saves, nodes, screens, variants...

    # The standard modules PyScript's own `pyscript` package (imported by PyScript before
    # the page's script runs) and main.py import: pure Python, no JavaScript objects.
    for name in (
        "asyncio",
        "base64",
        "collections",
        "functools",
        "html",
        "inspect",
        "io",
        "json",
        "pathlib",
        "weakref",
        "pyodide.ffi",
    ):
        importlib.import_module(name)
    # Every module of the engine the page may come to (the bots of every level and board,
    # the save format the game imports when it saves): one imported later is compiled from
    # its source then, in the middle of a game (WAR II's bot layer: 0.1 s at its first
    # claim). Only the command line's own tools stay out.
    import pywar

    for module in pkgutil.walk_packages(pywar.__path__, "pywar."):
        if module.name not in COMMAND_LINE_ONLY:
            importlib.import_module(module.name)
    from pywar.ai.core import board_info

    for vid in VARIANTS:  # parse every board once (functools.cache keeps them)
        load_board(get_variant(vid).board_id)
        board_info(vid)
    # The DOM adapter cannot be imported here (it needs `js`), but it can be compiled: its
    # import in the page then runs the baked code while the served file is unchanged.
    import precompiled

    finder = precompiled.install()
    finder.bake("adapter", f"{home}/adapter.py")
    # PyScript's own package, written by make_snapshot.mjs where PyScript writes it at each
    # start (./pyscript/): compiled here, its import in the page runs the baked code.
    for rel in PYSCRIPT_FILES:  # noqa: F821 - set by make_snapshot.mjs
        parts = rel.removesuffix(".py").split("/")
        package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if package else parts)
        finder.bake(name, f"{home}/{rel}", package=package)
    # One render of the first screen, as the page does, then thrown away.
    from saves import MemoryStorage

    viewmodel.App(MemoryStorage()).render()

    info = types.ModuleType("_pywar_snapshot", "What the memory snapshot baked in.")
    info.KEY = SNAPSHOT_KEY  # noqa: F821 - set by make_snapshot.mjs
    sys.modules["_pywar_snapshot"] = info
    importlib.invalidate_caches()


_warm()
del _warm
