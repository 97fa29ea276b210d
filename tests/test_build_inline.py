"""build.py puts what holds back the game page's first paint inline: its own stylesheets
and its blocking classic scripts, each naming the file it came from."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if not (ROOT / "buildtools").is_dir():  # the Pyodide run copies the code and tests only
    pytest.skip("buildtools is not in this copy of the project", allow_module_level=True)
sys.path.insert(0, str(ROOT))

from buildtools.pages import inline_render_blocking  # noqa: E402

PAGE = """<head>
  <script src="./pwa.js"></script>
  <link rel="stylesheet" href="./style.css">
  <link rel="stylesheet" href="./variants/war2/page.css">
  <link rel="stylesheet" href="./print.css" media="print">
  <link rel="manifest" href="./manifest.webmanifest">
  <script type="module" src="./boot.mjs"></script>
</head>
<body>
  <script src="./zoom.js"></script>
  <script src="./view.js" defer></script>
  <script src="./missing.js"></script>
</body>"""


def test_blocking_styles_and_scripts_come_inline(tmp_path: Path) -> None:
    site = tmp_path
    (site / "variants" / "war2").mkdir(parents=True)
    (site / "icons").mkdir()
    (site / "icons" / "a.png").write_bytes(b"png")
    (site / "pwa.js").write_text("var end = '</script>'; // <!-- not a comment\n")
    (site / "style.css").write_text(".a { fill: url(#pat); background: url(icons/a.png); }\n")
    war2 = site / "variants" / "war2" / "page.css"
    war2.write_text(".b { background: url(../../icons/a.png); }")
    for name in ("print.css", "boot.mjs", "zoom.js", "view.js"):
        (site / name).write_text(f"/* {name} */")
    page = site / "index.html"

    html = inline_render_blocking(PAGE, page, site)

    assert '<script data-inlined-from="pwa.js">\n' in html
    assert "var end = '<\\/script>'; // <\\!-- not a comment" in html  # cannot end the element
    assert '<style data-inlined-from="style.css">\n.a { fill: url(#pat);' in html
    assert "url(icons/a.png)" in html  # beside the page already: as it was
    # a stylesheet elsewhere: its own references now from the page's folder
    assert '<style data-inlined-from="variants/war2/page.css">' in html
    assert ".b { background: url(./icons/a.png); }" in html
    assert '<script data-inlined-from="zoom.js">\n/* zoom.js */</script>' in html
    # what does not hold back the first paint, or is not a file of the site, stays a link
    for kept in (
        '<link rel="stylesheet" href="./print.css" media="print">',
        '<link rel="manifest" href="./manifest.webmanifest">',
        '<script type="module" src="./boot.mjs"></script>',
        '<script src="./view.js" defer></script>',
        '<script src="./missing.js"></script>',
    ):
        assert kept in html, kept


def test_the_site_leaves_out_bytecode_and_hidden_tool_caches(tmp_path: Path) -> None:
    """A tool run in web/ (mypy's .mypy_cache: 2.4 MB) or bytecode never reaches the site."""
    from buildtools.site import _web_files

    for rel in ("page.js", "screens/play.py", ".mypy_cache/3.11/cache.db", "a/.hidden/x.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "m.cpython-311.pyc").write_text("x")
    found = {p.relative_to(tmp_path).as_posix() for p in _web_files(tmp_path)}
    assert found == {"page.js", "screens/play.py"}
