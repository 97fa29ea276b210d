#!/usr/bin/env python3
"""Build, serve, test and benchmark pywar's static web app (stdlib only).

    python3 build.py                 build dist/ (runs `npm ci` first when node_modules is stale)
    python3 build.py serve [--port]  build, then serve dist/ on http://127.0.0.1:8000
    python3 build.py test            install what's missing, then ruff + pytest (CPython and
                                     Chromium) + the engine tests inside Pyodide under Node;
                                     Python packages go into the project's .venv/ (made on
                                     first use), never into the system Python
    python3 build.py bench           one JSON object of load-time and tap-latency figures
    python3 build.py wheels          fetch the pinned pure-Python wheels the Pyodide tests use

dist/ is a self-contained static site: the page, the pywar package, and a vendored Pyodide +
PyScript runtime under dist/runtime/. It makes no request outside its own origin and works
from any sub-path (GitHub Pages). See docs/build.md.

This file only parses the command line and dispatches; each job is a module of
`buildtools/` (site, snapshot, prerender, csp, offline, serve, install, testrun, bench).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # buildtools/, also when imported by path

from buildtools.bench import cmd_bench
from buildtools.common import (
    BOARD_MARKER,
    CHROMIUM,
    CHROMIUM_ARGS,
    DIST,
    PYODIDE_DIR,
    ROOT,
    BuildError,
    log,
    package_version,
)
from buildtools.install import ensure_venv, run_in_venv, venv_python
from buildtools.offline import (
    SINGLE_FILE_BUDGET,
    SINGLE_FILE_NAME,
    SW_EXCLUDED,
    build_single_file,
    write_service_worker,
)
from buildtools.pyfiles import PYTHON_FILES, python_files, set_python_file
from buildtools.serve import cmd_serve, serving
from buildtools.site import build
from buildtools.snapshot import PYODIDE_BOOT, PYTHON_WORKER, SNAPSHOT_HEAP_LIMIT, WORKER_START
from buildtools.testrun import cmd_test, cmd_wheels

#: What tests and tools use as ``build.NAME`` (e2e/conftest.py loads this file by path).
__all__ = [
    "BOARD_MARKER",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "DIST",
    "PYODIDE_BOOT",
    "PYODIDE_DIR",
    "PYTHON_FILES",
    "PYTHON_WORKER",
    "ROOT",
    "SINGLE_FILE_BUDGET",
    "SINGLE_FILE_NAME",
    "SNAPSHOT_HEAP_LIMIT",
    "SW_EXCLUDED",
    "WORKER_START",
    "BuildError",
    "build",
    "python_files",
    "set_python_file",
    "build_single_file",
    "ensure_venv",
    "main",
    "package_version",
    "serving",
    "venv_python",
    "write_service_worker",
]


def cmd_build(args: argparse.Namespace) -> int:
    build(
        Path(args.out).resolve() if args.out else DIST,
        single_file=args.single_file,
        snapshot=not args.no_snapshot,
    )
    return 0


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    single_file_help = f"also write the one-file edition {SINGLE_FILE_NAME} into the site"
    no_snapshot_help = "no Pyodide memory snapshot (the page boots the normal way)"
    parser.add_argument("--single-file", action="store_true", help=single_file_help)
    parser.add_argument("--no-snapshot", action="store_true", help=no_snapshot_help)
    parser.set_defaults(func=cmd_build, out=None)
    sub = parser.add_subparsers(title="commands")

    p = sub.add_parser("build", help="build dist/ (the default)")
    p.add_argument("--out", help="output directory (default: dist/)")
    p.add_argument("--single-file", action="store_true", help=single_file_help)
    p.add_argument("--no-snapshot", action="store_true", help=no_snapshot_help)
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("test", help="install what's missing, then run every test")
    p.add_argument("--no-install", action="store_true", help="skip the install checks")
    p.add_argument("pytest_args", nargs="*", help="extra arguments for the CPython pytest run")
    p.set_defaults(func=cmd_test)

    p = sub.add_parser("bench", help="print one JSON object of performance figures")
    p.add_argument("--runs", type=int, default=3, help="page loads per page (median)")
    p.add_argument("--taps", type=int, default=30, help="taps for the latency figures")
    p.add_argument("--no-build", action="store_true", help="measure the existing dist/")
    p.add_argument(
        "--lighthouse",
        action="store_true",
        help="also run Lighthouse (desktop and mobile profiles) on index.html",
    )
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("wheels", help="download the wheels for the Pyodide test run")
    p.set_defaults(func=cmd_wheels)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(argv)
    try:
        if args.func in (cmd_test, cmd_bench, cmd_wheels):  # they need pip packages
            run_in_venv(argv, create=not getattr(args, "no_install", False))
        return int(args.func(args))
    except BuildError as exc:
        log(f"error: {exc}")
        return 2
    except subprocess.CalledProcessError as exc:
        log(f"error: {exc}")
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main())
