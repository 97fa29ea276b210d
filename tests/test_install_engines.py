"""``build.py test`` installs the WebKit and Firefox engines of e2e/test_engines.py: only the
missing packages, and never fails the run when it cannot (their tests skip instead)."""

from __future__ import annotations

from pathlib import Path

import pytest

# buildtools/ is not copied into the Pyodide test run (tools/pyodide_tests.mjs)
install = pytest.importorskip("buildtools.install")


@pytest.fixture
def engines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Three engine programs, the first already installed; apt calls are recorded."""
    (tmp_path / "driver").touch()
    monkeypatch.setattr(
        install,
        "ENGINE_PACKAGES",
        {str(tmp_path / "driver"): "driver-pkg", str(tmp_path / "x"): "x-pkg", "/no/ff": "ff"},
    )
    calls: list[list[str]] = []
    monkeypatch.setattr(install, "_can_apt", lambda: True)
    monkeypatch.setattr(install, "_apt_install", lambda pkgs: calls.append(list(pkgs)) or 0)
    return calls


def test_only_the_missing_engines_are_installed(engines: list[list[str]]) -> None:
    install.ensure_engines()
    assert engines == [["x-pkg", "ff"]]


def test_a_failed_install_does_not_stop_the_tests(
    engines: list[list[str]], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(install, "_apt_install", lambda pkgs: 100)
    install.ensure_engines()  # no exception
    assert "tests will skip" in capsys.readouterr().err


def test_without_root_nothing_is_installed(
    engines: list[list[str]], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(install, "_can_apt", lambda: False)
    install.ensure_engines()
    assert engines == [] and "tests will skip" in capsys.readouterr().err
