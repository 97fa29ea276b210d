"""Drive the other browser engines players use: WebKit (Safari's engine, as WebKitGTK) and
Gecko (Firefox ESR), both from Debian, with no browser download (e2e/test_engines.py).

Playwright drives only its own patched WebKit and Firefox builds, which it downloads, and
its BiDi Firefox needs commands Firefox ESR lacks; geckodriver is not packaged. So:

- WebKit: Debian's ``WebKitWebDriver`` (webkit2gtk-driver) runs MiniBrowser under X (a
  private Xvfb here) and selenium drives it over classic W3C WebDriver. It has no console
  events: `WebKitDriver.open` hooks the page's console.error, uncaught errors and rejected
  promises once the document has loaded (the game's worker reports its errors through the
  page's console, web/start.mjs). What WebKit itself logs while a page loads (a CSP it
  does not understand, a script that does not parse, a worker's console) is only printed by
  a MiniBrowser outside automation: `webkit_console` loads a page in one and collects it.
- Firefox: ``firefox-esr --headless --remote-debugging-port`` speaks WebDriver BiDi itself;
  `FirefoxDriver` is a small client of it over one websocket (websocket-client): console
  messages and errors of the page and its workers, and every request, arrive as events.

Both drivers give the same small interface (`EngineDriver`): open a page, run a function
body in it, click or tap at a point as a real mouse or finger does, resize, screenshot,
and the problems seen so far.
"""

from __future__ import annotations

import base64
import contextlib
import glob
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

WEBKIT_DRIVER = Path(os.environ.get("PYWAR_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver"))
FIREFOX = Path(os.environ.get("PYWAR_FIREFOX", "/usr/bin/firefox-esr"))
#: The Debian packages that bring each engine (build.py test installs them as root).
APT_PACKAGES = {"webkit": ["webkit2gtk-driver", "xvfb"], "firefox": ["firefox-esr"]}


def minibrowser() -> Path | None:
    """WebKitGTK's MiniBrowser (libwebkit2gtk-4.1-0, which webkit2gtk-driver pulls in)."""
    if os.environ.get("PYWAR_MINIBROWSER"):
        return Path(os.environ["PYWAR_MINIBROWSER"])
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))
    return Path(found[0]) if found else None


#: Firefox preferences of a test profile: no first-run pages, no update, telemetry,
#: experiments or safe-browsing lists (nothing leaves the machine while a test runs).
FIREFOX_PREFS = {
    "app.normandy.enabled": False,
    "app.update.disabledForTesting": True,
    "browser.aboutwelcome.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "extensions.update.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "services.settings.server": "data:,",
    "toolkit.telemetry.reportingpolicy.firstRun": False,
}

#: Installed on the page by `WebKitDriver.open`: what a player would see in the console.
PROBLEM_HOOK = """
if (!window.__pywarProblems) {
  const problems = (window.__pywarProblems = []);
  const text = (a) => (a && a.stack) ? String(a.stack) : String(a);
  const error = console.error.bind(console);
  console.error = (...args) => {
    problems.push("console error: " + args.map(text).join(" "));
    error(...args);
  };
  addEventListener("error", (e) => problems.push(
    "page error: " + (e.error ? text(e.error) : e.message) + " (" + e.filename + ")"));
  addEventListener("unhandledrejection", (e) => problems.push(
    "unhandled rejection: " + text(e.reason)));
}
"""

#: A console line of WebKit's that is an error: "<url>:<line>:<col>: CONSOLE [JS |
#: SECURITY | NETWORK ...]ERROR <text>".
WEBKIT_CONSOLE_ERROR = re.compile(r"CONSOLE (?:[A-Z]+ )?ERROR")


class EngineMissing(Exception):
    """The engine, or what drives it, is not installed here: the tests skip with this."""


class EngineDriver:
    """One browser window of one engine."""

    name = "?"
    version = "?"

    def open(self, url: str) -> None:
        """Navigate to `url` and wait for its load event."""
        raise NotImplementedError

    def run(self, body: str, *args: Any) -> Any:
        """Run a JavaScript async function body (``return ...``) on the page, with `args`
        as ``arguments``; its result as JSON-like Python values."""
        raise NotImplementedError

    def click(self, x: float, y: float, touch: bool = False) -> None:
        """A mouse click (move, down, up) at a point of the viewport, in CSS pixels; with
        `touch`, a finger's tap there (where the driver has touch)."""
        raise NotImplementedError

    def resize(self, width: int, height: int) -> None:
        """Make the viewport `width` x `height` CSS pixels."""
        raise NotImplementedError

    def screenshot(self) -> bytes:
        """The viewport as PNG."""
        raise NotImplementedError

    def problems(self) -> list[str]:
        """Console errors, uncaught errors and requests outside the page's origin so far."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # -- built on the above
    def wait_for(self, body: str, *args: Any, timeout_s: float = 30.0, what: str = "") -> Any:
        """Run `body` until it returns something truthy; returns that."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.run(body, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: not within {timeout_s} s: {what or body}")
            time.sleep(0.05)

    def click_element(self, selector: str, touch: bool = False) -> None:
        """Click (or tap) the middle of the first element matching `selector`, scrolled into
        view; fails if something else is on top there."""
        point = self.run(
            """const el = document.querySelector(arguments[0]);
            if (!el) return null;
            el.scrollIntoView({block: "nearest", inline: "nearest"});
            const r = el.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const top = document.elementFromPoint(x, y);
            return [x, y, Boolean(top && (el.contains(top) || top.contains(el)))];""",
            selector,
        )
        assert point, f"{self.name}: nothing matches {selector}"
        assert point[2], f"{self.name}: {selector} is covered by another element"
        self.click(point[0], point[1], touch)


# ---------------------------------------------------------------------- X display


def stop_process(proc: subprocess.Popen[Any], grace: float) -> None:
    """End ``proc``: asked to stop, then killed if it has not within ``grace`` seconds."""
    proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


@contextlib.contextmanager
def x_display() -> Iterator[str]:
    """A private Xvfb for the block (WebKitGTK draws on an X server); yields its $DISPLAY."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise EngineMissing("Xvfb is missing: apt-get install xvfb (build.py test does)")
    read, write = os.pipe()
    proc = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as f:
            number = f.readline().strip()  # written once the server accepts clients
        if not number:
            raise EngineMissing("Xvfb did not start")
        yield f":{number}"
    finally:
        stop_process(proc, 10)


def _private_home(root: str) -> dict[str, str]:
    """Environment variables that keep a browser's profile, caches and service workers
    inside `root` (deleted afterwards), not in the user's home."""
    return {
        "HOME": root,
        "XDG_CONFIG_HOME": f"{root}/config",
        "XDG_CACHE_HOME": f"{root}/cache",
        "XDG_DATA_HOME": f"{root}/data",
    }


# ---------------------------------------------------------------------- WebKit


class WebKitDriver(EngineDriver):
    """MiniBrowser (WebKitGTK) through WebKitWebDriver and selenium."""

    name = "webkit"

    def __init__(self, display: str, width: int, height: int) -> None:
        browser = minibrowser()
        if not WEBKIT_DRIVER.exists() or browser is None or not browser.exists():
            raise EngineMissing(
                f"{WEBKIT_DRIVER} or MiniBrowser missing: apt-get install webkit2gtk-driver"
            )
        try:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
        except ImportError as error:
            raise EngineMissing(f"selenium is not installed ({error})") from None
        options = Options()
        options.binary_location = str(browser)
        options.add_argument("--automation")
        self._tmp = tempfile.TemporaryDirectory(prefix="pywar-webkit-")
        self.log = Path(self._tmp.name, "WebKitWebDriver.log")
        service = Service(
            executable_path=str(WEBKIT_DRIVER),
            log_output=str(self.log),
            env={**os.environ, **_private_home(self._tmp.name), "DISPLAY": display},
        )
        try:
            self._driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self._tmp.cleanup()
            raise
        self.version = str(self._driver.capabilities.get("browserVersion", "?"))
        self._driver.set_script_timeout(60)
        self.resize(width, height)
        self._origin = ""
        self._past: list[str] = []  # what the pages left before this one showed

    def resize(self, width: int, height: int) -> None:
        # a window's size is its outside: make its inside (the viewport) width x height
        self._driver.set_window_size(width, height)
        inner = self._driver.execute_script("return [innerWidth, innerHeight]")
        self._driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])

    def open(self, url: str) -> None:
        if self._origin:  # the hook's findings leave with the page: keep them
            self._past += self._page_problems()
        parts = urlsplit(url)
        self._origin = f"{parts.scheme}://{parts.netloc}"
        self._driver.get(url)
        self._driver.execute_script(PROBLEM_HOOK)

    def run(self, body: str, *args: Any) -> Any:
        # the same async function as FirefoxDriver's, so `await` works in both
        result = self._driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const args = Array.prototype.slice.call(arguments, 0, -1);"
            f"(async function () {{ {body} }}).apply(null, args).then("
            "(value) => done({value: value === undefined ? null : value}),"
            "(e) => done({error: String((e && e.stack) || e)}));",
            *args,
        )
        if "error" in result:
            raise RuntimeError(f"webkit: {result['error']}\nin: {body}")
        return result["value"]

    def click(self, x: float, y: float, touch: bool = False) -> None:
        # WebKitGTK's driver turns a touch pointer into mouse events: touch is not tested
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        kind = interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE
        actions = ActionBuilder(self._driver, mouse=PointerInput(kind, kind))
        actions.pointer_action.move_to_location(round(x), round(y)).click()
        actions.perform()

    def screenshot(self) -> bytes:
        data: bytes = self._driver.get_screenshot_as_png()
        return data

    def problems(self) -> list[str]:
        return self._past + self._page_problems()

    def _page_problems(self) -> list[str]:
        found = list(self._driver.execute_script("return window.__pywarProblems || []"))
        # what the page fetched (a worker's requests are not in the page's timeline)
        urls = self._driver.execute_script(
            "return performance.getEntriesByType('resource').map((e) => e.name)"
        )
        found += [
            f"request outside the page's origin: {u}"
            for u in urls
            if not u.startswith((self._origin + "/", "data:", "blob:"))
        ]
        return found

    def close(self) -> None:
        try:
            self._driver.quit()
        finally:
            self._tmp.cleanup()


def webkit_console(
    url: str, display: str, done: Callable[[], bool], timeout_s: float = 90
) -> list[str]:
    """Load `url` in a MiniBrowser outside automation (a fresh profile) and return the
    console lines WebKit prints, from the first byte until `done()` (polled) is true.

    Outside automation MiniBrowser can print every console message of the page and its
    workers, WebKit's own included (a Content-Security-Policy it does not understand, a
    module that does not parse), which the page cannot hook."""
    browser = minibrowser()
    if browser is None or not browser.exists():
        raise EngineMissing("MiniBrowser missing: apt-get install webkit2gtk-driver")
    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="pywar-webkit-") as home:
        proc = subprocess.Popen(
            [str(browser), "--enable-write-console-messages-to-stdout=true", url],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,  # WebKit writes its console lines there, unbuffered
            text=True,
            errors="replace",
            env={**os.environ, **_private_home(home), "DISPLAY": display},
        )
        assert proc.stderr
        reader = threading.Thread(target=lambda: lines.extend(proc.stderr or ()), daemon=True)
        reader.start()
        deadline = time.monotonic() + timeout_s
        try:
            while not done() and time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.1)
        finally:
            stop_process(proc, 20)
            reader.join(5)
    return [line.rstrip() for line in lines if "CONSOLE" in line]


# ---------------------------------------------------------------------- Firefox


class FirefoxDriver(EngineDriver):
    """Firefox ESR over its own WebDriver BiDi (no geckodriver)."""

    name = "firefox"

    def __init__(self, width: int, height: int, timeout_s: float = 60) -> None:
        if not FIREFOX.exists():
            raise EngineMissing(f"{FIREFOX} missing: apt-get install firefox-esr")
        try:
            import websocket
        except ImportError as error:
            raise EngineMissing(f"websocket-client is not installed ({error})") from None
        self._tmp = tempfile.TemporaryDirectory(prefix="pywar-firefox-")
        profile = Path(self._tmp.name, "profile")
        profile.mkdir()
        prefs = [f"user_pref({json.dumps(k)}, {json.dumps(v)});" for k, v in FIREFOX_PREFS.items()]
        (profile / "user.js").write_text("\n".join(prefs) + "\n")
        self._proc = subprocess.Popen(
            [
                str(FIREFOX),
                "--headless",
                "--no-remote",
                "--profile",
                str(profile),
                "--remote-debugging-port=0",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
            env={**os.environ, **_private_home(self._tmp.name), "MOZ_CRASHREPORTER_DISABLE": "1"},
        )
        self._output: list[str] = []
        self._events: list[dict[str, Any]] = []
        self._next_id = 0
        self._origin = ""
        self._ws: Any = None
        try:
            url = self._listening(timeout_s)
            self._ws = websocket.create_connection(
                url + "/session", suppress_origin=True, timeout=timeout_s
            )
            caps = self._command("session.new", capabilities={})["capabilities"]
            self.version = str(caps.get("browserVersion", "?"))
            self._command(
                "session.subscribe", events=["log.entryAdded", "network.beforeRequestSent"]
            )
            self._context = self._command("browsingContext.getTree")["contexts"][0]["context"]
            self.resize(width, height)
        except Exception:
            self.close()
            raise

    def _listening(self, timeout_s: float) -> str:
        """The BiDi address Firefox prints once it listens (then drains its output in a
        thread, so it never blocks on a full pipe)."""
        assert self._proc.stdout
        found: list[str] = []
        ready = threading.Event()

        def drain() -> None:
            assert self._proc.stdout
            for line in self._proc.stdout:
                self._output.append(line)
                if not found and (m := re.search(r"WebDriver BiDi listening on (ws://\S+)", line)):
                    found.append(m.group(1))
                    ready.set()
            ready.set()

        threading.Thread(target=drain, daemon=True).start()
        if not ready.wait(timeout_s) or not found:
            raise RuntimeError("firefox did not start WebDriver BiDi:\n" + "".join(self._output))
        return found[0]

    def _command(self, method: str, **params: Any) -> dict[str, Any]:
        self._next_id += 1
        ident = self._next_id
        self._ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self._ws.recv())
            if message.get("type") == "event":
                self._events.append(message)
            elif message.get("id") == ident:
                if message.get("type") == "error":
                    error, text = message.get("error"), message.get("message")
                    raise RuntimeError(f"firefox: {method}: {error}: {text}")
                result: dict[str, Any] = message["result"]
                return result

    def resize(self, width: int, height: int) -> None:
        self._command(
            "browsingContext.setViewport",
            context=self._context,
            viewport={"width": width, "height": height},
        )

    def open(self, url: str) -> None:
        parts = urlsplit(url)
        self._origin = f"{parts.scheme}://{parts.netloc}"
        self._command("browsingContext.navigate", context=self._context, url=url, wait="complete")

    def run(self, body: str, *args: Any) -> Any:
        result = self._command(
            "script.callFunction",
            functionDeclaration=f"async function () {{ {body} }}",
            arguments=[_to_bidi(a) for a in args],
            target={"context": self._context},
            awaitPromise=True,
            resultOwnership="none",
        )
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise RuntimeError(f"firefox: {details.get('text')}\nin: {body}")
        return _from_bidi(result["result"])

    def click(self, x: float, y: float, touch: bool = False) -> None:
        kind = "touch" if touch else "mouse"
        pointer = {
            "type": "pointer",
            "id": kind,
            "parameters": {"pointerType": kind},
            "actions": [
                {"type": "pointerMove", "x": round(x), "y": round(y)},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ],
        }
        self._command("input.performActions", context=self._context, actions=[pointer])

    def screenshot(self) -> bytes:
        data = self._command("browsingContext.captureScreenshot", context=self._context)["data"]
        return base64.b64decode(data)

    def problems(self) -> list[str]:
        self._command("browsingContext.getTree")  # collects the events sent before it
        found = []
        for event in self._events:
            params = event.get("params", {})
            if event["method"] == "log.entryAdded" and params.get("level") == "error":
                kind = "page error" if params.get("type") == "javascript" else "console error"
                found.append(f"{kind}: {params.get('text')}")
            elif event["method"] == "network.beforeRequestSent":
                url = params["request"]["url"]
                if not url.startswith((self._origin + "/", "data:", "blob:", "about:")):
                    found.append(f"request outside the page's origin: {url}")
        return found

    def close(self) -> None:
        try:
            if self._ws is not None:
                with contextlib.suppress(Exception):
                    self._command("session.end")
                with contextlib.suppress(Exception):
                    self._ws.close()
        finally:
            stop_process(self._proc, 20)
            self._tmp.cleanup()


def _to_bidi(value: Any) -> dict[str, Any]:
    """A Python value as a BiDi LocalValue (None, booleans, numbers, strings, lists)."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, int | float):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, list | tuple):
        return {"type": "array", "value": [_to_bidi(v) for v in value]}
    raise TypeError(f"cannot pass a {type(value).__name__} to the page")


def _from_bidi(remote: dict[str, Any]) -> Any:
    """A BiDi RemoteValue as a Python value (an object as a dict with string keys)."""
    kind = remote.get("type")
    if kind in ("undefined", "null"):
        return None
    if kind in ("string", "boolean", "number"):
        return remote["value"]  # a number may be "NaN", "Infinity", "-0"...
    if kind == "array":
        return [_from_bidi(v) for v in remote.get("value", [])]
    if kind == "object":
        return {
            (k if isinstance(k, str) else str(_from_bidi(k))): _from_bidi(v)
            for k, v in remote.get("value", [])
        }
    return f"<{kind}>"


def start_engine(name: str, width: int, height: int, display: str | None = None) -> EngineDriver:
    """A window of engine `name` ("webkit" needs an X `display`, "firefox" none), with a
    `width` x `height` viewport; raises EngineMissing when the engine cannot run here."""
    if name == "firefox":
        return FirefoxDriver(width, height)
    if name == "webkit":
        if display is None:
            raise ValueError("WebKitGTK needs an X display")
        return WebKitDriver(display, width, height)
    raise ValueError(name)
