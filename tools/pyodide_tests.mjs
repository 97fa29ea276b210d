#!/usr/bin/env node
// Run the engine's pytest suite inside Pyodide under Node.js.
//
// This proves that `pywar/` really runs on the interpreter the browser uses
// (same Pyodide build as the page, see package.json), not just on CPython.
//
// Usage (from the repository root; `python3 build.py test` does all of this):
//   python3 build.py wheels            # fetch pinned pure-Python wheels into .cache/wheels
//   node tools/pyodide_tests.mjs [--root DIR] [--tests DIR] [--wheels DIR] [-- PYTEST_ARGS...]
//
// pytest, pluggy, hypothesis & co. come from .cache/wheels (downloaded from PyPI by
// build.py); nothing is fetched from the Pyodide CDN. Each wheel is unpacked with Python's
// zipfile straight into Pyodide's site-packages.
//
// Copied into Pyodide's file system: pywar/, web/, tests/ and pyproject.toml (so pytest's
// ini options apply, e.g. `pythonpath`).
// Skipped test files: names starting with `test_map` (they need shapely etc.) and any
// test file that imports playwright (browser tests). A test that fails only because it
// starts a subprocess (Pyodide has none) is reported as skipped. Exit status: pytest's own.

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..");

function parseArgs(argv) {
  const opts = { root: repoRoot, tests: null, wheels: null, pytestArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      opts.pytestArgs = argv.slice(i + 1);
      break;
    } else if (a === "--root") opts.root = path.resolve(argv[++i]);
    else if (a === "--tests") opts.tests = path.resolve(argv[++i]);
    else if (a === "--wheels") opts.wheels = path.resolve(argv[++i]);
    else if (a === "-h" || a === "--help") {
      console.log(
        "usage: node tools/pyodide_tests.mjs [--root DIR] [--tests DIR] [--wheels DIR] [-- PYTEST_ARGS]",
      );
      process.exit(0);
    } else {
      console.error(`unknown argument: ${a}`);
      process.exit(2);
    }
  }
  opts.tests ??= path.join(opts.root, "tests");
  opts.wheels ??= path.join(opts.root, ".cache", "wheels");
  return opts;
}

const PLAYWRIGHT_IMPORT = /^\s*(?:import|from)\s+playwright\b/m;
const SKIP_DIRS = new Set(["__pycache__", ".pytest_cache", ".hypothesis"]);

/** Files (relative paths) under `dir`, recursively, minus caches. */
function walk(dir, rel = "") {
  const out = [];
  for (const ent of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${ent.name}` : ent.name;
    if (ent.isDirectory()) {
      if (!SKIP_DIRS.has(ent.name)) out.push(...walk(dir, r));
    } else if (ent.isFile() && !ent.name.endsWith(".pyc")) {
      out.push(r);
    }
  }
  return out;
}

/** Should this file of tests/ be copied into Pyodide? Returns a reason to skip, or null. */
function skipReason(rel, abs) {
  const base = path.posix.basename(rel);
  if (!base.endsWith(".py")) return null;
  if (base.startsWith("test_map")) return "map tooling test";
  if ((base.startsWith("test_") || base === "conftest.py") &&
      PLAYWRIGHT_IMPORT.test(fs.readFileSync(abs, "utf8"))) {
    return "imports playwright";
  }
  return null;
}

function copyIn(py, srcAbs, dest) {
  py.FS.mkdirTree(path.posix.dirname(dest));
  py.FS.writeFile(dest, fs.readFileSync(srcAbs));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const WORK = "/home/pyodide/work";

  // Select the test files first: no point booting Pyodide for nothing.
  if (!fs.existsSync(opts.tests)) {
    console.log(`pyodide-tests: no ${opts.tests}; nothing to run`);
    return 0;
  }
  const testFiles = [];
  for (const rel of walk(opts.tests)) {
    const why = skipReason(rel, path.join(opts.tests, rel));
    if (why) console.log(`pyodide-tests: skipping tests/${rel} (${why})`);
    else testFiles.push(rel);
  }
  const runnable = testFiles.filter((r) => /(^|\/)test_[^/]*\.py$/.test(r) || /_test\.py$/.test(r));
  if (runnable.length === 0) {
    console.log("pyodide-tests: no runnable engine test files; nothing to run");
    return 0;
  }

  const wheels = fs.existsSync(opts.wheels)
    ? fs.readdirSync(opts.wheels).filter((f) => f.endsWith(".whl")).sort()
    : [];
  if (!wheels.some((w) => w.startsWith("pytest-"))) {
    console.error(
      `pyodide-tests: no pytest wheel in ${opts.wheels}; run \`python3 build.py wheels\` first`,
    );
    return 2;
  }

  const { loadPyodide } = await import("pyodide");
  const indexURL = path.join(repoRoot, "node_modules", "pyodide") + path.sep;
  const t0 = Date.now();
  const py = await loadPyodide({ indexURL });
  // Raw writes (not line-batched) so pytest's progress dots appear as they happen.
  py.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
  py.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });

  for (const w of wheels) copyIn(py, path.join(opts.wheels, w), `/tmp/wheels/${w}`);
  // The engine, and web/ (its Python modules run in the browser too; pyproject's
  // `pythonpath` puts web/ on sys.path, as for the CPython run).
  for (const dir of ["pywar", "web"]) {
    const abs = path.join(opts.root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const rel of walk(abs)) copyIn(py, path.join(abs, rel), `${WORK}/${dir}/${rel}`);
  }
  for (const rel of testFiles) copyIn(py, path.join(opts.tests, rel), `${WORK}/tests/${rel}`);
  const pyproject = path.join(opts.root, "pyproject.toml");
  if (fs.existsSync(pyproject)) copyIn(py, pyproject, `${WORK}/pyproject.toml`);

  py.globals.set("PYTEST_EXTRA", py.toPy(opts.pytestArgs));
  py.globals.set("WORK", WORK);
  const code = await py.runPythonAsync(`
import importlib, os, pathlib, sys, sysconfig, zipfile

site = sysconfig.get_paths()["purelib"]
for whl in sorted(pathlib.Path("/tmp/wheels").glob("*.whl")):
    with zipfile.ZipFile(whl) as zf:
        zf.extractall(site)
importlib.invalidate_caches()

import pyodide
import pytest

print(f"pyodide-tests: Pyodide {pyodide.__version__}, Python {sys.version.split()[0]} "
      f"({sys.platform}), pytest {pytest.__version__}", flush=True)


def _needs_processes(exc):
    # Pyodide has no subprocess: "OSError: [Errno 138] emscripten does not support processes".
    while exc is not None:
        if isinstance(exc, OSError) and "does not support processes" in str(exc):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


class PyodideLimits:
    """Reports a test that failed only because it starts a process as skipped."""

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        if report.failed and call.excinfo is not None and _needs_processes(call.excinfo.value):
            report.outcome = "skipped"
            report.longrepr = (
                str(item.path), (item.location[1] or 0) + 1,
                "Skipped: starts a process (Pyodide has no subprocess)",
            )


os.chdir(WORK)
sys.path.insert(0, WORK)
sys.dont_write_bytecode = True
os.environ.setdefault("PYWAR_PYODIDE", "1")
int(pytest.main(["-q", "-p", "no:cacheprovider", "tests", *PYTEST_EXTRA],
                plugins=[PyodideLimits()]))
`);
  console.log(`pyodide-tests: finished in ${((Date.now() - t0) / 1000).toFixed(1)} s, exit ${code}`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
