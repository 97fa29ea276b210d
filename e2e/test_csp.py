"""Content-Security-Policy (defence in depth): every page the build makes carries one, a
whole game runs under it with no violation, and markup slipped into the page as HTML can
neither run script nor load anything from elsewhere. The one-file edition's game is in
test_single_file.py."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from pywar_e2e import build, goto_ready

pytestmark = pytest.mark.e2e

#: Collects securitypolicyviolation events from the very start of the page.
VIOLATIONS_JS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`);
});
"""


def policy_of(html: str) -> dict[str, list[str]]:
    metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert len(metas) == 1, "exactly one CSP meta tag"
    head = html[: html.index("<script")]
    assert metas[0] in head, "the CSP comes before every script"
    return {d.split()[0]: d.split()[1:] for d in metas[0].split("; ")}


def inline_hashes(html: str) -> set[str]:
    out = set()
    for tag, attrs, body in re.findall(r"<(script|style)\b([^>]*)>(.*?)</\1>", html, re.S):
        if tag == "script" and ("src=" in attrs or re.search(r'type="(?!module)', attrs)):
            continue
        out.add(
            "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        )
    return out


def check_policy(html: str, *, single_file: bool = False) -> dict[str, list[str]]:
    policy = policy_of(html)
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'none'"]
    for directive in (
        "script-src",
        "style-src",
        "img-src",
        "font-src",
        "connect-src",
        "worker-src",
        "default-src",
    ):
        sources = policy[directive]
        assert "'unsafe-inline'" not in sources and "*" not in sources, directive
        assert not [s for s in sources if re.match(r"https?:", s)], directive
        assert "data:" not in sources or directive == "img-src", directive
    scripts = policy["script-src"]
    assert "'wasm-unsafe-eval'" in scripts
    hashes = {s for s in scripts + policy["style-src"] if s.startswith("'sha256-")}
    assert hashes == inline_hashes(html), "every inline script and style, by hash"
    own = ["'none'"] if single_file else ["'self'"]
    assert policy["default-src"] == own
    return policy


def test_every_page_has_a_policy(dist_dir: Path) -> None:
    for page in sorted(dist_dir.glob("*.html")):
        if page.name == build.SINGLE_FILE_NAME:
            continue
        policy = check_policy(page.read_text(encoding="utf-8"))
        assert "blob:" not in policy["script-src"], page.name
        assert policy["connect-src"] == ["'self'"], page.name


def test_a_whole_game_without_a_violation(app_page: Any) -> None:
    page = app_page
    page.add_init_script(VIOLATIONS_JS)
    goto_ready(page, "index.html?speed=fast")
    for i in range(3):
        page.locator(f'[data-action="seat-kind"][data-arg="{i}"]').select_option("easy")
    page.locator("#seed").fill("2")
    page.locator('[data-action="start"]').first.click()
    page.wait_for_selector("html[data-screen=over]", timeout=180_000)
    assert page.evaluate("() => window.__cspViolations") == []
    # and the policy is in force: markup slipped in as HTML runs nothing, loads nothing
    assert slipped_markup_is_inert(page)


def slipped_markup_is_inert(page: Any) -> bool:
    """Insert what a slip rendering text as HTML would insert; True when the browser
    blocked both the inline handler and the outside image (and said so)."""
    page.evaluate("""() => document.getElementById('announce').insertAdjacentHTML('beforeend',
        '<img id="slip" src="https://example.invalid/x.png" onerror="window.__slipped = 1">')""")
    page.wait_for_function("() => window.__cspViolations.length >= 2", timeout=10_000)
    seen = " ".join(page.evaluate("() => window.__cspViolations"))
    # what the browser logged about the blocked slip is expected, nothing else
    problems = page.pywar_problems.problems
    problems[:] = [
        p
        for p in problems
        if "example.invalid" not in p and "violates the following Content Security Policy" not in p
    ]
    return (
        page.evaluate("() => window.__slipped") is None
        and "script-src" in seen
        and "img-src" in seen
        and "example.invalid" in seen
    )
