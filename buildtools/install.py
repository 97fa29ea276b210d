"""Install what the tests need: Chromium (and the WebKit and Firefox engines), the
project's .venv, pip packages, wheels."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from buildtools.common import (
    CACHE,
    CHROMIUM,
    PYODIDE_PYTHON,
    PYODIDE_TEST_WHEELS,
    ROOT,
    VENV,
    WHEEL_DIR,
    BuildError,
    log,
)


def _run(cmd: Sequence[str], **kw: Any) -> int:
    log("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run(list(cmd), cwd=ROOT, stdin=subprocess.DEVNULL, **kw).returncode


_apt_updated = False


def _apt_install(packages: Sequence[str]) -> int:
    """`apt-get install -y` as root, after one `apt-get update` per run; the exit status."""
    global _apt_updated
    apt = shutil.which("apt-get") or "apt-get"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    lock = ["-o", "DPkg::Lock::Timeout=600"]
    if not _apt_updated:
        subprocess.run([apt, *lock, "update", "-qq"], check=True, env=env, stdin=subprocess.DEVNULL)
        _apt_updated = True
    return subprocess.run(
        [apt, *lock, "install", "-y", "-qq", *packages], env=env, stdin=subprocess.DEVNULL
    ).returncode


def _can_apt() -> bool:
    return shutil.which("apt-get") is not None and os.geteuid() == 0


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if not _can_apt():
        raise BuildError(f"{CHROMIUM} is missing: install Chromium (apt-get install chromium)")
    log(f"{CHROMIUM} missing: installing Debian's chromium")
    if _apt_install(["chromium", "fonts-dejavu-core"]) != 0:
        raise BuildError("apt-get install chromium failed")


#: The other browser engines that e2e/test_engines.py drives, as Debian packages: WebKitGTK's
#: WebDriver (with MiniBrowser) and an X server for it, and Firefox ESR.
ENGINE_PACKAGES = {
    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver",
    "/usr/bin/Xvfb": "xvfb",
    "/usr/bin/firefox-esr": "firefox-esr",
}


def ensure_engines() -> None:
    """Install the WebKit and Firefox engines' packages that are missing, as root with apt.
    Not fatal: without them, their tests skip and say what to install."""
    missing = [pkg for path, pkg in ENGINE_PACKAGES.items() if not Path(path).exists()]
    if not missing:
        return
    if not _can_apt():
        log(f"{' '.join(missing)} missing (not root): the WebKit/Firefox e2e tests will skip")
        return
    log(f"installing Debian's {' '.join(missing)} for the WebKit and Firefox e2e tests")
    if _apt_install(missing) != 0:
        log(f"apt-get install {' '.join(missing)} failed: the WebKit/Firefox e2e tests will skip")


def venv_python(venv: Path | None = None) -> Path:
    """The Python of the project's virtual environment (``.venv/``)."""
    venv = venv or VENV
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def in_a_venv() -> bool:
    """True inside any virtual environment (the project's or one the developer chose)."""
    return sys.prefix != sys.base_prefix


def _venv_works(python: Path) -> bool:
    if not python.exists():
        return False
    probe = "import sys, pip; sys.exit(sys.version_info < (3, 11))"
    return (
        subprocess.run(
            [str(python), "-c", probe], stdin=subprocess.DEVNULL, capture_output=True
        ).returncode
        == 0
    )


def _apt_install_venv_module() -> None:
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        raise BuildError(
            f"{sys.executable} cannot make a virtual environment: install Python's venv module "
            "(Debian/Ubuntu: sudo apt-get install python3-venv), then run this again"
        )
    log("Python's venv module is missing: installing Debian's python3-venv")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    lock = ["-o", "DPkg::Lock::Timeout=600"]
    subprocess.run([apt, *lock, "update", "-qq"], check=True, env=env, stdin=subprocess.DEVNULL)
    subprocess.run(
        [apt, *lock, "install", "-y", "-qq", "python3-venv"],
        check=True,
        env=env,
        stdin=subprocess.DEVNULL,
    )


def ensure_venv(venv: Path | None = None) -> Path:
    """The project's virtual environment, made when missing or broken; returns its Python.

    When this Python cannot make one (Debian without python3-venv), the module is installed
    with apt as root, else the error says what to install.
    """
    venv = venv or VENV
    python = venv_python(venv)
    if _venv_works(python):
        return python
    log(f"making the project's virtual environment: python3 -m venv {venv.name}")
    make = [sys.executable, "-m", "venv", "--clear", str(venv)]
    if subprocess.run(make, stdin=subprocess.DEVNULL, capture_output=True).returncode != 0:
        _apt_install_venv_module()
        subprocess.run(make, check=True, stdin=subprocess.DEVNULL)
    if not _venv_works(python):
        raise BuildError(f"{venv} was made but its Python does not run pip")
    return python


def run_in_venv(argv: Sequence[str], *, create: bool = True) -> None:
    """Re-run this command with the project's ``.venv`` Python (made if missing and
    ``create``); returns only when already inside a virtual environment."""
    if in_a_venv() or not (create or venv_python().exists()):
        return
    python = ensure_venv()
    log(f"running in {VENV.name}/: {python.name} build.py {' '.join(argv)}")
    sys.stdout.flush()
    os.execv(str(python), [str(python), str(ROOT / "build.py"), *argv])


def _pip_flags() -> list[str]:
    externally_managed = Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED"
    in_venv = sys.prefix != sys.base_prefix
    return ["--break-system-packages"] if externally_managed.exists() and not in_venv else []


def python_deps_ok() -> bool:
    """pywar and every distribution named in pyproject's `test` extra are installed."""
    from importlib import metadata

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project.get("optional-dependencies", {}).get("test", [])
    names = ["pywar"] + [m.group(0) for r in extras if (m := re.match(r"[A-Za-z0-9_.-]+", r))]
    try:
        for name in names:
            metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def ensure_python_deps() -> None:
    if python_deps_ok():
        return
    log("installing the project with its test extras: pip install -e '.[test]'")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            *_pip_flags(),
            "-e",
            ".[test]",
        ],
        cwd=ROOT,
        check=True,
        stdin=subprocess.DEVNULL,
    )


def _wheel_matches(filename: str, name: str, version: str) -> bool:
    dist_name, _, rest = filename.partition("-")
    return dist_name.lower().replace("_", "-") == name and rest.startswith(f"{version}-")


def ensure_wheels() -> None:
    """Download the pinned pure-Python wheels for the Pyodide test run into .cache/wheels."""
    WHEEL_DIR.mkdir(parents=True, exist_ok=True)
    (CACHE / ".gitignore").write_text("*\n")
    present = [p.name for p in WHEEL_DIR.glob("*.whl")]
    for fn in present:  # drop wheels of other versions: the test runner unpacks them all
        if not any(_wheel_matches(fn, n, v) for n, v in PYODIDE_TEST_WHEELS.items()):
            (WHEEL_DIR / fn).unlink()
    missing = [
        f"{n}=={v}"
        for n, v in PYODIDE_TEST_WHEELS.items()
        if not any(_wheel_matches(fn, n, v) for fn in present)
    ]
    if not missing:
        return
    log(f"downloading wheels for the Pyodide test run: {' '.join(missing)}")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--disable-pip-version-check",
            "--only-binary=:all:",
            "--no-deps",
            "--python-version",
            PYODIDE_PYTHON,
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "--dest",
            str(WHEEL_DIR),
            *missing,
        ],
        cwd=ROOT,
        check=True,
        stdin=subprocess.DEVNULL,
    )
