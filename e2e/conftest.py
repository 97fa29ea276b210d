"""Browser-test fixtures: dist/ built once, served on localhost, driven in Debian's Chromium.

Fixtures (named so they never clash with pytest-playwright's `browser`/`page`):
- `dist_dir`: dist/, built once per session with `python build.py` (skipped when
  `build.py test` already built it and set PYWAR_DIST_READY=1).
- `server_url`: base URL (ending in "/") of dist/ served from a background thread.
- `chromium_browser`: one headless Chromium per session.
- `app_page`: a fresh context + page per test, with `base_url=server_url`, that makes the
  test fail at teardown on any console error, page error, `.py-error` element, failed or
  >= 400 same-origin response, or request to another origin (data: and blob: are fine).
  Expected console errors: `@pytest.mark.allow_console_error(r"regex", ...)`.
Helper: `goto_ready(page, path="index.html")` navigates and waits for `html[data-ready]`.

Import helpers in test modules with `from pywar_e2e import goto_ready` (this module under a
unique name: several directories may have a `conftest.py`, and `import conftest` then
depends on collection order).
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT_MS = 60_000


def _load_build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pywar_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["pywar_build"] = module
    spec.loader.exec_module(module)
    return module


build = _load_build_module()
sys.modules.setdefault("pywar_e2e", sys.modules[__name__])


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "allow_console_error(*patterns): console errors matching a regex are expected"
    )


def goto_ready(page: Any, path: str = "index.html", timeout: int = READY_TIMEOUT_MS) -> Any:
    """Open `path` (relative to the served dist/) and wait until Python set html[data-ready]."""
    response = page.goto(path, wait_until="commit")
    assert response is not None and response.ok, f"GET {path}: {response and response.status}"
    page.wait_for_selector("html[data-ready]", state="attached", timeout=timeout)
    return response


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    dist = build.DIST
    if os.environ.get("PYWAR_DIST_READY") == "1" and (dist / "build-info.json").is_file():
        return dist
    subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)
    return dist


@pytest.fixture(scope="session")
def server_url(dist_dir: Path) -> Iterator[str]:
    with build.serving(dist_dir) as url:
        yield url


@pytest.fixture(scope="session")
def _playwright(request: pytest.FixtureRequest) -> Iterator[Any]:
    # If pytest-playwright is loaded, share its Playwright instance: two sync Playwright
    # instances cannot live in one thread.
    if request.config.pluginmanager.has_plugin("playwright"):
        yield request.getfixturevalue("playwright")
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


#: The browser's language in the tests: a first visit opens the page in the browser's
#: language, and the tests read the game's own Portuguese unless they ask for another.
LOCALE = "pt-BR"


class LocalisedBrowser:
    """Chromium whose new contexts speak :data:`LOCALE` unless told another ``locale``."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("locale", LOCALE)
        return self.browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


@pytest.fixture(scope="session")
def chromium_browser(_playwright: Any) -> Iterator[Any]:
    if not build.CHROMIUM.exists():
        pytest.fail(f"{build.CHROMIUM} missing: apt-get install chromium (build.py test does)")
    browser = _playwright.chromium.launch(
        executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS, headless=True
    )
    yield LocalisedBrowser(browser)
    browser.close()


class PageProblems:
    """What an `app_page` saw go wrong; checked at teardown."""

    def __init__(self, origin: str, allowed: list[re.Pattern[str]]) -> None:
        self.origin = origin
        self.allowed = allowed
        self.problems: list[str] = []
        self.lock = threading.Lock()

    def add(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)

    def on_console(self, msg: Any) -> None:
        if msg.type == "error" and not any(p.search(msg.text) for p in self.allowed):
            self.add(f"console error: {msg.text} ({msg.location.get('url', '')})")

    def on_page_error(self, error: Any) -> None:
        self.add(f"page error: {error}")

    def on_request(self, request: Any) -> None:
        url = request.url
        if url.startswith(("data:", "blob:")):
            return
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.add(f"request outside the page's origin: {request.method} {url}")

    def on_request_failed(self, request: Any) -> None:
        # ERR_ABORTED is a load the browser cancelled: a test leaving the page (goto) while
        # it still fetched something in the background. A missing file is an HTTP status
        # (on_response); a refused one another net error.
        if request.url.startswith(self.origin) and "ERR_ABORTED" not in (request.failure or ""):
            self.add(f"request failed: {request.url} ({request.failure})")

    def on_response(self, response: Any) -> None:
        if response.url.startswith(self.origin) and response.status >= 400:
            self.add(f"HTTP {response.status}: {response.url}")


def watched_page(
    browser: Any, server_url: str, allowed: list[Any], **context_options: Any
) -> tuple[Any, PageProblems]:
    """A page in a new context of ``browser`` whose requests, console and errors are
    watched: ``page.pywar_problems`` collects what goes wrong (tests may inspect or clear
    it); close the page's context when done."""
    parts = urlsplit(server_url)
    problems = PageProblems(f"{parts.scheme}://{parts.netloc}", allowed)
    context = browser.new_context(base_url=server_url, **context_options)
    context.on("request", problems.on_request)
    context.on("requestfailed", problems.on_request_failed)
    context.on("response", problems.on_response)
    page = context.new_page()
    page.on("console", problems.on_console)
    page.on("pageerror", problems.on_page_error)
    page.pywar_problems = problems
    return page, problems


@pytest.fixture
def app_page(
    chromium_browser: Any, server_url: str, request: pytest.FixtureRequest
) -> Iterator[Any]:
    allowed = [
        re.compile(p)
        for mark in request.node.iter_markers("allow_console_error")
        for p in mark.args
    ]
    page, problems = watched_page(chromium_browser, server_url, allowed)
    context = page.context
    yield page
    try:
        if not page.is_closed():
            errors = page.locator(".py-error")
            for i in range(errors.count()):
                problems.add(f".py-error element: {errors.nth(i).inner_text()[:2000]}")
    finally:
        context.close()
    if problems.problems:
        pytest.fail("page problems:\n  " + "\n  ".join(problems.problems), pytrace=False)
