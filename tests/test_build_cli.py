"""``build.py`` as a developer runs it: a busy port is one line that says what to do."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_serve_on_a_busy_port_says_so_in_one_line():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "build.py", "serve", "--port", str(port)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"[build.py] error: port {port} on 127.0.0.1 is already in use: serve on another one, "
        f"e.g. python3 build.py serve --port {port + 1}"
    ]


def test_the_readme_tells_how_to_pick_the_port():
    if not (ROOT / "README.md").is_file():  # the Pyodide run copies the code and tests only
        pytest.skip("README.md is not in this copy of the project")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 build.py serve --port" in readme


def test_the_project_venv_is_made_once_and_reused(tmp_path):
    import importlib.util

    if not (ROOT / "build.py").is_file():  # the Pyodide run copies the code and tests only
        pytest.skip("build.py is not in this copy of the project")
    spec = importlib.util.spec_from_file_location("pywar_build_venv", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    venv = tmp_path / ".venv"
    python = build.ensure_venv(venv)
    assert python == build.venv_python(venv) and python.exists()
    prefix = subprocess.run(
        [str(python), "-c", "import sys; print(sys.prefix)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(prefix).resolve() == venv.resolve()  # packages go there, not to the system
    mark = venv / "kept"
    mark.write_text("")
    assert build.ensure_venv(venv) == python and mark.exists()  # reused, not made again
