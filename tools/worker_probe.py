"""Issue 18's worker question, measured: the game's Python in a worker against on the page.

``python3 tools/worker_probe.py [--runs N] [--no-build] [--cpus C] [--lighthouse]`` serves
``dist/`` and loads ``index.html`` (Python in a worker, the site's start) and
``index.html?start=page`` (the same snapshot restored on the page's thread through
PyScript, the fallback) side by side. Cold loads in fresh contexts, alternated, with the
page's thread slowed 1x and 4x, and 4x with the workers slowed too (CDP
``Emulation.setCPUThrottlingRate`` sent to each worker's own session). Prints one JSON
object: per page and slowdown the medians of ``ready`` (html[data-ready], ms since
navigation), ``fcp``, ``blocking`` (long tasks' time over 50 ms, first paint to ready),
``longest`` and ``start_ms`` (tap on the form's start button to the game's screen).

Chromium cannot slow a worker (its answer: "Operation is only supported for pages, not
workers"), so the 4x figures flatter the worker. ``--cpus 0.5`` runs Chromium, every
process and thread of it, in a Linux cgroup (v1 ``cpu`` controller, root) limited to half
a CPU: on this 2-core machine, a device four times slower in all its threads. The bare
PyScript hello page is loaded there too, for the ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from buildtools.bench import _BLOCKING_JS, _FCP_JS, READY_PROBE_JS, run_lighthouse  # noqa: E402
from buildtools.common import CHROMIUM, CHROMIUM_ARGS, DIST  # noqa: E402
from buildtools.serve import serving  # noqa: E402
from buildtools.site import build  # noqa: E402

#: Taps the form's start button and resolves with the ms until <html data-screen> changes.
_START_JS = """
() => new Promise((resolve) => {
  const html = document.documentElement;
  const before = html.dataset.screen;
  const button = document.querySelector('#overlay-slot button[data-action="start"]');
  if (!button) return resolve(null);
  const t = performance.now();
  new MutationObserver((_, observer) => {
    if (html.dataset.screen !== before) {
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t));
    }
  }).observe(html, {attributes: true, attributeFilter: ['data-screen']});
  button.click();
})
"""


CGROUP = Path("/sys/fs/cgroup/cpu/pywar-probe")


def limited_chromium(cpus: float, tmp: Path) -> Path:
    """A launcher that puts Chromium in a cgroup limited to ``cpus`` CPUs, then runs it."""
    CGROUP.mkdir(exist_ok=True)
    period = 10_000
    (CGROUP / "cpu.cfs_period_us").write_text(str(period))
    (CGROUP / "cpu.cfs_quota_us").write_text(str(int(period * cpus)))
    launcher = tmp / "chromium-limited"
    launcher.write_text(f'#!/bin/sh\necho $$ > {CGROUP}/cgroup.procs\nexec {CHROMIUM} "$@"\n')
    launcher.chmod(0o755)
    return launcher


def load_once(browser: Any, url: str, page_rate: float, worker_rate: float) -> dict[str, Any]:
    """One cold load in a fresh context, then a tap on the new-game form's start button."""
    context = browser.new_context()
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        if page_rate > 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": page_rate})
        throttled: list[str] = []
        if worker_rate > 1:
            # Workers have targets of their own: attach to each as it starts (paused until
            # it is slowed) and send the throttling through Target.sendMessageToTarget.
            def attached(event: dict[str, Any]) -> None:
                if event["targetInfo"]["type"] != "worker":
                    return
                session = event["sessionId"]
                for n, (method, params) in enumerate(
                    (
                        ("Emulation.setCPUThrottlingRate", {"rate": worker_rate}),
                        ("Runtime.runIfWaitingForDebugger", {}),
                    )
                ):
                    message = json.dumps({"id": 1000 + n, "method": method, "params": params})
                    cdp.send(
                        "Target.sendMessageToTarget", {"sessionId": session, "message": message}
                    )
                throttled.append(session)

            answers: list[str] = []
            cdp.on("Target.attachedToTarget", attached)
            cdp.on("Target.receivedMessageFromTarget", lambda e: answers.append(e["message"]))
            cdp.send(
                "Target.setAutoAttach",
                {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False},
            )
        page.add_init_script(READY_PROBE_JS)
        page.goto(url, wait_until="commit")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=180_000)
        with contextlib.suppress(Exception):
            page.wait_for_function(f"({_FCP_JS})() !== null", timeout=5_000)
        fcp = page.evaluate(_FCP_JS)
        result = {
            "ready": page.evaluate("() => window.__pywarReadyAt ?? null"),
            "fcp": fcp,
            **page.evaluate(_BLOCKING_JS, fcp),
        }
        page.wait_for_timeout(500)
        result["start_ms"] = page.evaluate(_START_JS) if "hello" not in url else None
        if worker_rate > 1:
            errors = [a for a in answers if '"error"' in a]
            result["workers_slowed"] = len(throttled)
            if errors:
                result["worker_errors"] = errors[:2]
        return result
    finally:
        context.close()


def median(values: list[Any]) -> float | None:
    got = [v for v in values if isinstance(v, (int, float))]
    return round(statistics.median(got), 1) if got else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument(
        "--cpus", type=float, default=0.0, help="run Chromium in a cgroup of this many CPUs"
    )
    parser.add_argument("--lighthouse", action="store_true", help="and Lighthouse on both starts")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if not args.no_build:
        build()
    cases = [(1, 1)] if args.cpus else [(1, 1), (4, 1), (4, 4)]
    pages = ("index.html?start=page", "index.html")
    if args.cpus:
        pages = ("hello.html", *pages)
    runs: dict[str, list[dict[str, Any]]] = {}
    with (
        tempfile.TemporaryDirectory(prefix="pywar-probe-") as tmp,
        serving(DIST) as base,
        sync_playwright() as pw,
    ):
        executable = limited_chromium(args.cpus, Path(tmp)) if args.cpus else CHROMIUM
        browser = pw.chromium.launch(
            executable_path=str(executable), args=CHROMIUM_ARGS, headless=True
        )
        for n in range(args.runs):
            for page_rate, worker_rate in cases:
                for name in pages:
                    key = f"{name} page x{page_rate} workers x{worker_rate}"
                    got = load_once(browser, base + name, page_rate, worker_rate)
                    runs.setdefault(key, []).append(got)
                    print(f"run {n + 1}: {key}: {got}", file=sys.stderr)
        browser.close()
        lighthouse = (
            {name: run_lighthouse(base + name) for name in pages if "hello" not in name}
            if args.lighthouse
            else None
        )
    report = {
        key: {
            field: median([r.get(field) for r in got])
            for field in ("ready", "fcp", "blocking", "longest", "start_ms")
        }
        for key, got in runs.items()
    }
    out = {"runs": args.runs, "cpus": args.cpus or None, "medians": report}
    if lighthouse:
        out["lighthouse"] = lighthouse
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
