"""The first screen, prerendered by the view model into index.html."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from buildtools.common import ROOT, BuildError

FIRST_SCREEN_MARKER = "<!-- FIRST_SCREEN"
PRERENDER_TOOL = ROOT / "tools" / "prerender.py"
FIRST_SCREEN_JS = ROOT / "tools" / "first_screen.js"
_FIRST_LINE_RE = re.compile(r"^  var FIRST = .*;$", re.MULTILINE)
#: The top bar's name of the game in web/index.html, before the first screen fills it in.
BRAND_SPAN = '<span class="brand-sub" id="brand-sub">WAR</span>'


def prerender_first_screen(site: Path) -> dict[str, Any] | None:
    """Write the first screen into `site`/index.html, rendered by the view model itself
    (tools/prerender.py, on the site's own Python files), so a player can read it and fill
    it in before Python is ready: the header and the new-game screen in the default
    language in place, the other languages and the "continue your game" cards as
    <template>s, and tools/first_screen.js inline (it picks the screen and records what the
    player does; main.py takes over from it). Returns figures for build-info.json."""
    index = site / "index.html"
    if not index.is_file() or not (site / "viewmodel.py").is_file():
        return None
    text = index.read_text(encoding="utf-8")
    if FIRST_SCREEN_MARKER not in text:
        return None
    done = subprocess.run(
        [sys.executable, "-B", str(PRERENDER_TOOL), str(site)],
        cwd=site,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    if done.returncode != 0:
        raise BuildError(f"tools/prerender.py failed:\n{done.stderr[-3000:]}")
    data = json.loads(done.stdout)
    screens, lang = data["screens"], data["default"]
    first = screens[lang]
    slots = {
        r'<div id="header-slot"></div>': (
            f'<div id="header-slot" data-view="{first["header_key"]}">{first["header"]}</div>'
        ),
        r'<div id="overlay" class="overlay" hidden>': '<div id="overlay" class="overlay">',
        r'<div class="overlay-box" id="overlay-slot" role="dialog"></div>': (
            '<div class="overlay-box" id="overlay-slot" role="dialog" '
            f'aria-labelledby="setup-title" data-view="{first["overlay_key"]}">'
            f"{first['overlay']}</div>"
        ),
    }
    slots[BRAND_SPAN] = (
        f'<span class="brand-sub" id="brand-sub">{html.escape(first["brand"], quote=False)}</span>'
    )
    for old, new in slots.items():
        if text.count(old) != 1:
            raise BuildError(f"index.html: the first screen needs exactly one {old}")
        text = text.replace(old, new, 1)
    text, n = re.subn(
        r"<html\b([^>]*)>", lambda m: f'<html{m.group(1)} data-screen="setup">', text, count=1
    )
    templates = []
    for code, screen in screens.items():
        parts = ["continue"] + ([] if code == lang else ["header", "overlay"])
        templates += [
            f'<template data-first-screen="{code}" data-part="{part}">{screen[part]}</template>'
            for part in parts
        ]
    boards = json.loads(
        subprocess.run(
            [
                sys.executable,
                "-B",
                "-c",
                "import json; from pywar.variants import VARIANTS; "
                "print(json.dumps(sorted(VARIANTS)))",
            ],
            cwd=site,
            capture_output=True,
            text=True,
            check=True,
            stdin=subprocess.DEVNULL,
        ).stdout
    )
    config = {
        "lang": lang,
        "board": "classic",
        "boards": boards,
        "keys": data["keys"],
        "langs": {
            code: {
                **{k: s[k] for k in ("title", "brands", "html_lang", "header_key", "overlay_key")},
                # the board's names, where they are not the drawn board's own (Portuguese)
                **({} if code == lang else {k: s[k] for k in ("names", "map_label")}),
            }
            for code, s in screens.items()
        },
    }
    script = FIRST_SCREEN_JS.read_text(encoding="utf-8")
    if len(_FIRST_LINE_RE.findall(script)) != 1:
        raise BuildError("tools/first_screen.js needs exactly one `  var FIRST = ...;` line")
    line = "  var FIRST = " + json.dumps(config, ensure_ascii=False).replace("</", "<\\/") + ";"
    script = _FIRST_LINE_RE.sub(lambda _m: line, script)
    block = "\n  ".join(templates) + f"\n  <script>\n{script}</script>"
    text = re.sub(r"<!-- FIRST_SCREEN[^>]*-->", lambda _m: block, text, count=1)
    index.write_text(text, encoding="utf-8")
    return {
        "languages": sorted(screens),
        "bytes": len(block) + sum(len(s["header"]) + len(s["overlay"]) for s in screens.values()),
    }
