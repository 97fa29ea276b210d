"""Could the one-file edition carry the memory snapshot and stay under its 10 MB goal?

``python3 tools/one_file_budget.py [DIST]`` reads a built site with its one-file edition
(``python3 build.py build --single-file``): the packed files of ``pywar.html`` (its base64
gzip stream, inflated) and the build's snapshot (``snapshot-*.bin.gz``). It prints one JSON
object: the sizes of the edition as built, and of an edition that also packs the snapshot,
with each compressor this could use:

* ``gzip`` (level 9): what a browser inflates by itself (``DecompressionStream``), in the
  base64 text the edition uses today;
* ``xz`` (LZMA2, preset 9 extreme): the best standard-library compressor here; a browser
  would need a decoder in JavaScript (not counted, nor its time), and the figure is given
  both in base64 and as raw bytes (a lower bound no text encoding of an HTML file reaches).

The edition's page around the data (HTML, styles, scripts: the file's size less its
base64) is added to each. Takes about a minute (xz of 46 MB).
"""

from __future__ import annotations

import base64
import gzip
import json
import lzma
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 10_000_000
_DATA_RE = re.compile(rb'<script type="text/plain" id="pywar-data">([A-Za-z0-9+/=]*)</script>')


def b64_len(n: int) -> int:
    """Length of the base64 text of ``n`` bytes."""
    return math.ceil(n / 3) * 4


def xz(data: bytes) -> int:
    """Bytes of ``data`` compressed with xz preset 9 extreme."""
    return len(lzma.compress(data, preset=9 | lzma.PRESET_EXTREME))


def main(dist: Path) -> dict[str, object]:
    page = (dist / "pywar.html").read_bytes()
    found = _DATA_RE.search(page)
    if not found:
        raise SystemExit(f"{dist / 'pywar.html'}: no packed data (build with --single-file)")
    packed = gzip.decompress(base64.b64decode(found.group(1)))
    around = len(page) - len(found.group(1))
    snaps = sorted(dist.glob("snapshot-*.bin.gz"))
    if not snaps:
        raise SystemExit(f"{dist}: no snapshot (build without --no-snapshot)")
    snapshot = gzip.decompress(snaps[0].read_bytes())
    both = packed + snapshot
    gz_both = len(gzip.compress(both, compresslevel=9, mtime=0))
    print("xz of the packed files and the snapshot (about a minute)...", file=sys.stderr)
    xz_packed, xz_snapshot = xz(packed), xz(snapshot)
    figures: dict[str, object] = {
        "goal_bytes": GOAL,
        "as_built": {
            "bytes": len(page),
            "packed_raw": len(packed),
            "packed_gzip": len(gzip.compress(packed, compresslevel=9, mtime=0)),
            "packed_xz": xz_packed,
        },
        "snapshot": {
            "raw": len(snapshot),
            "gzip": len(gzip.compress(snapshot, compresslevel=9, mtime=0)),
            "xz": xz_snapshot,
        },
        "with_snapshot": {
            "gzip_base64": around + b64_len(gz_both),
            "xz_base64": around + b64_len(xz_packed + xz_snapshot),
            "xz_raw_bytes": around + xz_packed + xz_snapshot,
        },
    }
    with_snapshot = figures["with_snapshot"]
    assert isinstance(with_snapshot, dict)
    figures["fits"] = {k: v <= GOAL for k, v in with_snapshot.items()}
    return figures


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist"), indent=2))
