"""`build.py test` and `build.py wheels`: every check CI runs."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time

from buildtools.common import E2E, ROOT, TESTS, BuildError, ensure_node_modules, log
from buildtools.install import (
    _run,
    ensure_chromium,
    ensure_engines,
    ensure_python_deps,
    ensure_wheels,
)
from buildtools.site import build


def cmd_wheels(args: argparse.Namespace) -> int:
    ensure_wheels()
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    if not args.no_install:
        ensure_chromium()
        ensure_engines()
        ensure_python_deps()
        ensure_node_modules()
        ensure_wheels()
    results: dict[str, int] = {}
    results["ruff"] = _run([sys.executable, "-m", "ruff", "check", "."])
    results["ruff format"] = _run([sys.executable, "-m", "ruff", "format", "--check", "."])
    results["mypy"] = _run([sys.executable, "-m", "mypy", "pywar"])

    build(install=False)
    paths = [str(p.relative_to(ROOT)) for p in (TESTS, E2E) if p.is_dir()]
    env = {**os.environ, "PYWAR_DIST_READY": "1"}
    code = _run([sys.executable, "-m", "pytest", *paths, "-q", *args.pytest_args], env=env)
    results["pytest"] = 0 if code == 5 else code  # 5: nothing collected
    results["doctests"] = _run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--doctest-modules",
            "pywar",
            "web/screens",
            "web/session.py",
            "web/worker_main.py",
            "web/saves.py",
            "web/i18n.py",
            "web/bytecode.py",
            "web/rules_help.py",
            "web/icons.py",
            "-q",
        ]
    )

    node = shutil.which("node")
    if node is None:
        raise BuildError("node not found: install Node.js 18+")
    results["pyodide-pytest"] = _run([node, "tools/pyodide_tests.mjs"])

    failed = [name for name, code in results.items() if code != 0]
    summary = ", ".join(
        f"{n} {'ok' if c == 0 else f'FAILED (exit {c})'}" for n, c in results.items()
    )
    log(f"test: {summary} in {time.perf_counter() - t0:.0f} s")
    return 1 if failed else 0
