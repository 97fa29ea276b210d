"""`build.py bench`: load-time, tap-latency and size figures as one JSON object."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import shutil
import statistics
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from buildtools.common import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DIST,
    NODE_MODULES,
    PYODIDE_DIR,
    ROOT,
    BuildError,
    log,
    package_version,
)
from buildtools.offline import _SW_BUILD_RE, SERVICE_WORKER, SINGLE_FILE_NAME, build_single_file
from buildtools.serve import serving
from buildtools.site import build, dir_bytes

#: Records when `data-ready` first appears on <html> (ms since navigation start).
READY_PROBE_JS = """
(() => {
  const mark = () => {
    const html = document.documentElement;
    if (window.__pywarReadyAt === undefined && html && html.hasAttribute('data-ready')) {
      window.__pywarReadyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, subtree: true, attributeFilter: ['data-ready'],
  });
  window.__pywarLongTasks = [];
  new PerformanceObserver((list) => list.getEntries().forEach(
    (e) => window.__pywarLongTasks.push([e.startTime, e.duration]),
  )).observe({type: 'longtask', buffered: true});
})();
"""

#: The page's thread while it started: Total Blocking Time's sum (each task's time over
#: 50 ms) over the long tasks from first paint to ready, and the longest task.
_BLOCKING_JS = """
(fcp) => {
  const ready = window.__pywarReadyAt ?? performance.now();
  const tasks = (window.__pywarLongTasks || []).filter(([start]) => start >= (fcp || 0)
      && start < ready);
  return {blocking: Math.round(tasks.reduce((n, [, d]) => n + Math.max(0, d - 50), 0)),
          longest: Math.round(Math.max(0, ...tasks.map(([, d]) => d)))};
}
"""

_FCP_JS = """
() => {
  const e = performance.getEntriesByType('paint')
    .find((p) => p.name === 'first-contentful-paint');
  return e ? e.startTime : null;
}
"""


def _median(values: Sequence[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return round(statistics.median(got), 1) if got else None


def _percentile(values: Sequence[float], pct: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(pct / 100 * len(ordered)) - 1)], 2)


def _body_bytes(requests: list[Any]) -> int:
    """Bytes of the response bodies as sent, for finished requests (the page's and its
    workers': the start's worker fetches the snapshot and Pyodide's WebAssembly, which the
    page's Resource Timing does not list)."""
    total = 0
    for request in requests:
        with contextlib.suppress(Exception):
            total += max(0, request.sizes()["responseBodySize"])
    return total


def _ready_in(page: Any, url: str) -> dict[str, Any]:
    page.add_init_script(READY_PROBE_JS)
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(url, wait_until="commit")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=180_000)
    loaded = list(finished)
    with contextlib.suppress(Exception):
        page.wait_for_function(f"({_FCP_JS})() !== null", timeout=5_000)
    fcp = page.evaluate(_FCP_JS)
    return {
        "ready": page.evaluate("() => window.__pywarReadyAt ?? null"),
        "fcp": fcp,
        **page.evaluate(_BLOCKING_JS, fcp),
        "bytes": _body_bytes(loaded),
        "snapshot": page.evaluate("() => window.pywarBoot ? window.pywarBoot.snapshot : null"),
    }


def _load_once(browser: Any, url: str, cpu_slowdown: float = 1) -> dict[str, Any]:
    """One load in a fresh context: a cold start (no HTTP cache, no service worker).
    `cpu_slowdown` > 1: Chromium's CPU throttling (CDP Emulation.setCPUThrottlingRate)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        if cpu_slowdown > 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
        return _ready_in(page, url)
    finally:
        context.close()


def _single_file_once(browser: Any, url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The one-file edition started twice in one fresh profile: the first start (no
    snapshot), then, once its loader has made and stored the browser's snapshot, a later
    start (restored from it). The later load's figures carry `made_ms`: how long making
    and storing the snapshot took, in the background of the first start."""
    context = browser.new_context()
    try:
        page = context.new_page()
        first = _ready_in(page, url)
        page.wait_for_function(
            "() => /^(stored|failed)/.test(window.pywarBoot.browser_snapshot || '')",
            timeout=180_000,
        )
        made = page.evaluate("() => window.pywarBoot.ms.browser_snapshot ?? null")
        page.close()
        later = _ready_in(context.new_page(), url)
        return first, {**later, "made_ms": made}
    finally:
        context.close()


def _warm_sw_once(browser: Any, base: str) -> dict[str, float | None]:
    """One visit that installs the service worker, then index.html and hello.html again in
    the same profile, served from its cache: {"index": ready ms, "hello": ready ms} (None
    when a page did not come from the service worker)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + "index.html", wait_until="commit")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=120_000)
        page.close()
        out: dict[str, float | None] = {}
        for key, name in (("index", "index.html"), ("hello", "hello.html")):
            page = context.new_page()
            ready = _ready_in(page, base + name)["ready"]
            from_sw = page.evaluate(
                "() => performance.getEntriesByType('navigation')[0].workerStart > 0"
            )
            out[key] = ready if from_sw else None
            page.close()
        return out
    finally:
        context.close()


#: In-page half of `measure_tap_latency`: start a game, list `{click, badge}` selectors.
TAP_TARGETS_JS = """
async () => {
  const bench = window.pywarBench;
  let ids = null;
  if (typeof bench.newGame === 'function') {
    const got = await bench.newGame();
    if (got && typeof got.length === 'number' && typeof got !== 'string') ids = [...got];
  }
  if (typeof bench.tapTargets === 'function') return [...(await bench.tapTargets())];
  ids ??= [...document.querySelectorAll('[data-territory]')]
    .map((el) => el.getAttribute('data-territory'));
  const sel = (attr, id) => `[${attr}="${CSS.escape(String(id))}"]`;
  return ids
    .filter((id) => document.querySelector(sel('data-badge', id)))
    .map((id) => ({click: sel('data-territory', id), badge: sel('data-badge', id)}));
}
"""

#: Arms one tap measurement: pointerdown time, then the badge's text change.
TAP_ARM_JS = """
({badge, click, timeoutMs}) => {
  const text = () => (document.querySelector(badge) || {}).textContent;
  const before = text();
  const tap = window.__pywarTap = {t0: null, t1: null};
  window.addEventListener('pointerdown', () => { tap.t0 ??= performance.now(); },
                          {capture: true, once: true});
  tap.done = new Promise((resolve) => {
    const mo = new MutationObserver(() => {
      if (text() !== before) { tap.t1 = performance.now(); mo.disconnect(); resolve(true); }
    });
    mo.observe(document.body, {subtree: true, childList: true, characterData: true,
                               attributes: true});
    setTimeout(() => { mo.disconnect(); resolve(false); }, timeoutMs);
  });
  // A point inside the target's own shape (SVG territories are irregular).
  const el = document.querySelector(click);
  if (!el) return null;
  el.scrollIntoView({block: 'center', inline: 'center'});
  const hits = (x, y) => {
    const h = document.elementFromPoint(x, y);
    return h && (h === el || el.contains(h));
  };
  const r = el.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  if (hits(cx, cy)) return {x: cx, y: cy};
  for (let n = 4; n <= 32; n *= 2) {
    for (let i = 1; i < n; i++) for (let j = 1; j < n; j++) {
      const x = r.left + r.width * i / n, y = r.top + r.height * j / n;
      if (hits(x, y)) return {x, y};
    }
  }
  return {x: cx, y: cy};
}
"""


#: The games of hard bots `bench` watches: (board, players).
BOT_WATCHES = (("classic", 3), ("classic", 6), ("war2", 3))


def measure_bot_tasks(
    browser: Any, base: str, seconds: float = 20.0, variant: str = "classic", players: int = 3
) -> dict[str, Any]:
    """Watch a game of hard bots (normal speed) on `variant` with `players` seats and report
    the browser's long tasks.

    The page must never freeze while a bot thinks: bots think in chunks and yield between
    them. Long tasks come from Chromium's `longtask` PerformanceObserver entries. The
    game's start (its first render and, on another board, the map's swap) is reported on
    its own (`start_longest`); the watch begins once the board is drawn.
    """
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(
        "window.__longTasks = []; new PerformanceObserver(l => l.getEntries().forEach("
        "e => window.__longTasks.push(e.duration))).observe({type: 'longtask'});"
    )
    page.goto(base + "index.html")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    page.wait_for_timeout(300)  # the page's own start, and its entries
    page.evaluate("() => { window.__longTasks = []; }")
    page.evaluate(
        "([variant, players]) => window.pywarBench.botsOnly('hard', variant, players)",
        [variant, players],
    )
    page.wait_for_function("() => !window.pywarBench.boardLoading()", timeout=30_000)
    page.wait_for_timeout(300)  # the new board's first frames, and their entries
    starting = page.evaluate("() => window.__longTasks.splice(0)")
    start = page.evaluate("() => window.pywarBench.actions()")
    page.wait_for_timeout(int(seconds * 1000))
    tasks = page.evaluate("() => window.__longTasks")
    actions = page.evaluate("() => window.pywarBench.actions()") - start
    context.close()
    return {
        "seconds": seconds,
        "actions": actions,
        "longest": round(max(tasks), 1) if tasks else 0.0,
        "over_50": sum(1 for t in tasks if t > 50),
        "start_longest": round(max(starting), 1) if starting else 0.0,
    }


def measure_tap_latency(page: Any, taps: int = 30, timeout_ms: int = 2000) -> list[float] | None:
    """Tap-latency hook: click → army-badge text change, in ms, for up to `taps` taps.

    Needs the page to expose `window.pywarBench` (returns None otherwise):
      - `newGame()` (optional, may return a Promise): start a fresh game where the human
        player is placing armies with the "+1" placement armed. It may return the territory
        ids that player owns (the tap targets). Called first, and again whenever a tap
        changes nothing (armies used up);
      - `tapTargets()` (optional, may return a Promise): `[{click, badge}, ...]`, CSS selectors
        of a territory to tap and of the element showing its army count.
    Without either list: every `[data-territory="ID"]` that has a `[data-badge="ID"]`.
    Latency runs from the pointerdown (seen by a capturing listener) to the DOM mutation that
    changes the badge's text, both on the page's clock; taps are real mouse clicks at a
    point inside the territory's shape.
    """
    if not page.evaluate("() => typeof window.pywarBench === 'object' && !!window.pywarBench"):
        return None
    targets = page.evaluate(TAP_TARGETS_JS) or []
    if not targets:
        log("bench: window.pywarBench gave no tap targets")
        return None
    samples: list[float] = []
    stalls = 0  # consecutive taps that changed nothing
    i = 0
    while len(samples) < taps and stalls < 3:
        target = targets[i % len(targets)]
        i += 1
        point = page.evaluate(TAP_ARM_JS, {**target, "timeoutMs": timeout_ms})
        if point is not None:
            page.mouse.click(point["x"], point["y"])
            if page.evaluate("() => window.__pywarTap.done"):
                tap = page.evaluate("() => [window.__pywarTap.t0, window.__pywarTap.t1]")
                if tap[0] is not None:
                    samples.append(tap[1] - tap[0])
                    stalls = 0
                    continue
        stalls += 1
        targets = page.evaluate(TAP_TARGETS_JS) or targets
    return samples


LIGHTHOUSE_CLI = NODE_MODULES / "lighthouse" / "cli" / "index.js"
#: Lighthouse figures kept in the bench output (audit ids -> key).
LIGHTHOUSE_METRICS = {
    "first-contentful-paint": "fcp_ms",
    "largest-contentful-paint": "lcp_ms",
    "total-blocking-time": "tbt_ms",
    "cumulative-layout-shift": "cls",
    "speed-index": "speed_index_ms",
    "interactive": "tti_ms",
    "total-byte-weight": "bytes",
}


def run_lighthouse(url: str) -> dict[str, Any]:
    """Lighthouse (the pinned dev dependency) on `url`, desktop and mobile profiles, in
    Debian's Chromium (CHROME_PATH): category scores, the main metrics, and the audits that
    did not pass in the categories other than performance."""
    node = shutil.which("node")
    if node is None or not LIGHTHOUSE_CLI.is_file():
        raise BuildError("Lighthouse is missing: npm ci (it is a dev dependency)")
    out: dict[str, Any] = {}
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
    flags = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
    for profile in ("desktop", "mobile"):
        cmd = [
            node,
            str(LIGHTHOUSE_CLI),
            url,
            "--output=json",
            "--output-path=stdout",
            "--quiet",
            f"--chrome-flags={flags}",
            "--max-wait-for-load=120000",
            # build.py serve does not compress (GitHub Pages does), and this audit's
            # gatherer times out reading the 20 MB of responses back
            "--skip-audits=uses-text-compression",
        ]
        if profile == "desktop":
            cmd.append("--preset=desktop")
        log(f"lighthouse ({profile}) on {url}")
        done = subprocess.run(
            cmd,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=900,
        )
        if done.returncode != 0:
            out[profile] = {"error": done.stderr[-2000:]}
            continue
        report = json.loads(done.stdout)
        audits = report["audits"]
        figures: dict[str, Any] = {
            cat: report["categories"][cat]["score"] for cat in report["categories"]
        }
        for audit, key in LIGHTHOUSE_METRICS.items():
            value = audits.get(audit, {}).get("numericValue")
            figures[key] = round(value, 3 if key == "cls" else 0) if value is not None else None
        figures["not_passed"] = sorted(
            ref["id"]
            for cat in report["categories"].values()
            if cat["id"] != "performance"
            for ref in cat["auditRefs"]
            if ref.get("weight", 0) > 0
            and (audits[ref["id"]].get("score") or 0) < 1
            and audits[ref["id"]].get("scoreDisplayMode") in ("binary", "numeric")
        )
        out[profile] = figures
    return out


def cmd_bench(args: argparse.Namespace) -> int:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        raise BuildError("Playwright is missing: pip install -e '.[test]'") from exc
    if not args.no_build:
        build()
    has_index = (DIST / "index.html").is_file()
    has_sw = has_index and (DIST / SERVICE_WORKER).is_file()
    runs: dict[str, list[dict[str, Any]]] = {
        "index": [],
        "hello": [],
        "warm_sw": [],
        "single_file": [],
        "single_file_later": [],
        "index_cpu4": [],
        "hello_cpu4": [],
    }
    taps: list[float] | None = None
    single: dict[str, Any] | None = None
    with (
        serving(DIST) as base,
        sync_playwright() as pw,
        tempfile.TemporaryDirectory(prefix="pywar-bench-") as tmp,
    ):
        single_url = None
        if has_index:
            single_path = Path(tmp) / SINGLE_FILE_NAME
            single = build_single_file(DIST, single_path)
            single_url = single_path.as_uri()
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        chromium_version = browser.version
        for n in range(args.runs):
            runs["hello"].append(_load_once(browser, base + "hello.html"))
            if has_index:
                runs["index"].append(_load_once(browser, base + "index.html"))
            if has_sw:
                runs["warm_sw"].append(_warm_sw_once(browser, base))
            if single_url:
                first, later = _single_file_once(browser, single_url)
                runs["single_file"].append(first)
                runs["single_file_later"].append(later)
            if has_index:
                runs["index_cpu4"].append(_load_once(browser, base + "index.html", 4))
            if n == 0:  # the bare runtime slowed down, once: it is slow
                runs["hello_cpu4"].append(_load_once(browser, base + "hello.html", 4))
            log(
                f"bench run {n + 1}/{args.runs}: "
                + json.dumps({k: v[-1:] for k, v in runs.items()})
            )
        if has_index:
            context = browser.new_context()
            page = context.new_page()
            page.goto(base + "index.html")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            taps = measure_tap_latency(page, args.taps)
            context.close()
            watches = {
                f"{variant}-{players}": measure_bot_tasks(browser, base, 20.0, variant, players)
                for variant, players in BOT_WATCHES
            }
            bots = watches["classic-3"]
        browser.close()
        lighthouse = run_lighthouse(base + "index.html") if args.lighthouse else None

    interactive = _median([r["ready"] for r in runs["index"]])
    hello = _median([r["ready"] for r in runs["hello"]])
    warm = _median([r["index"] for r in runs["warm_sw"]])
    warm_hello = _median([r["hello"] for r in runs["warm_sw"]])
    single_ready = _median([r["ready"] for r in runs["single_file"]])
    single_later = _median([r["ready"] for r in runs["single_file_later"]])

    def ratio(a: float | None, b: float | None) -> float | None:
        return round(a / b, 3) if a and b else None

    single_bytes = (
        (DIST / SINGLE_FILE_NAME).stat().st_size if (DIST / SINGLE_FILE_NAME).is_file() else 0
    )
    info = json.loads((DIST / "build-info.json").read_text())
    snapshot = info.get("snapshot") or {}
    sw_files = (
        json.loads(
            _SW_BUILD_RE.search((DIST / SERVICE_WORKER).read_text()).group(0)[
                len("const BUILD = ") : -1
            ]
        )["files"]
        if has_sw
        else []
    )
    result = {
        "first_paint_ms": _median([r["fcp"] for r in runs["index"]]),
        "interactive_ms": interactive,
        "hello_ready_ms": hello,
        "interactive_over_hello": round(interactive / hello, 3) if interactive and hello else None,
        "tap_latency_ms_p50": _percentile(taps, 50) if taps else None,
        "tap_latency_ms_p95": _percentile(taps, 95) if taps else None,
        "tap_samples": len(taps) if taps else 0,
        "cold_start_ms": interactive,
        "cold_over_hello": ratio(interactive, hello),
        "warm_sw_start_ms": warm,
        "hello_warm_sw_ms": warm_hello,
        "warm_sw_over_hello": ratio(warm, warm_hello),
        "warm_sw_over_cold_hello": ratio(warm, hello),
        "single_file_start_ms": single_ready,
        "single_file_over_hello": ratio(single_ready, hello),
        "single_file_later_start_ms": single_later,
        "single_file_later_over_hello": ratio(single_later, hello),
        "single_file_later_from_snapshot": all(r["snapshot"] for r in runs["single_file_later"])
        if runs["single_file_later"]
        else None,
        "single_file_snapshot_made_ms": _median(
            [r["made_ms"] for r in runs["single_file_later"] if r["made_ms"] is not None]
        ),
        "single_file_bytes": single["bytes"] if single else None,
        "single_file_bytes_with_snapshot": single.get("bytes_with_snapshot") if single else None,
        "cpu4_ready_ms": _median([r["ready"] for r in runs["index_cpu4"]]),
        "cpu4_hello_ready_ms": _median([r["ready"] for r in runs["hello_cpu4"]]),
        "cpu4_first_paint_ms": _median([r["fcp"] for r in runs["index_cpu4"]]),
        "blocking_ms": _median([r["blocking"] for r in runs["index"]]),
        "longest_task_ms": _median([r["longest"] for r in runs["index"]]),
        "hello_blocking_ms": _median([r["blocking"] for r in runs["hello"]]),
        "cpu4_blocking_ms": _median([r["blocking"] for r in runs["index_cpu4"]]),
        "first_visit_bytes_to_ready": _median([r["bytes"] for r in runs["index"]]),
        "hello_bytes_to_ready": _median([r["bytes"] for r in runs["hello"]]),
        "offline_cache_bytes": sum((DIST / f).stat().st_size for f in sw_files),
        "started_from_snapshot": all(r["snapshot"] for r in runs["index"]),
        "snapshot_bytes": snapshot.get("bytes"),
        "snapshot_gzip_bytes": snapshot.get("gzip_bytes"),
        "dist_bytes_without_runtime": dir_bytes(DIST) - dir_bytes(DIST / "runtime") - single_bytes,
        "dist_bytes_runtime": dir_bytes(DIST / "runtime"),
        "bot_watch_seconds": bots["seconds"] if has_index else None,
        "bot_actions": bots["actions"] if has_index else None,
        "bot_longest_task_ms": bots["longest"] if has_index else None,
        "bot_tasks_over_50ms": bots["over_50"] if has_index else None,
        "bot_watches": watches if has_index else None,
        "lighthouse": lighthouse,
        "runs": args.runs,
        "chromium": chromium_version,
        "pyodide": package_version(PYODIDE_DIR),
    }
    print(json.dumps(result))
    return 0
