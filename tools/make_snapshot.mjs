// Makes the page's Pyodide memory snapshot at build time (build.py, `make_snapshot`).
//
//   node tools/make_snapshot.mjs SITE OUT.bin KEY
//
// Loads the pinned Pyodide from node_modules with `_makeSnapshot: true`, writes every file
// of SITE/python-files.json into Pyodide's file system at the same paths the page's loader
// does (the working directory /home/pyodide), runs tools/snapshot_warm.py there (it imports
// pywar and the page's pure modules and leaves KEY in `_pywar_snapshot`), then writes
// `pyodide.makeMemorySnapshot()` to OUT.bin. Prints one JSON line of figures.
// PyScript's own Python package (it needs `js`, so it cannot be imported here) is written
// where PyScript writes it at each start, ./pyscript/, from the vendored core bundle's
// sources, so snapshot_warm.py can compile it too (web/precompiled.py).
// The page restores it with `loadPyodide({_loadSnapshot})` (web/pyodide_boot.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pyscriptPackage } from "./pyscript_package.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [site, out, key] = process.argv.slice(2);
if (!site || !out || !key) {
  console.error("usage: node tools/make_snapshot.mjs SITE OUT.bin KEY");
  process.exit(2);
}
const { loadPyodide, version } = await import(
  join(here, "..", "node_modules", "pyodide", "pyodide.mjs"));

const t0 = performance.now();
const pyodide = await loadPyodide({ _makeSnapshot: true });
const loaded = performance.now();
const home = "/home/pyodide";
/** The page's files by their path under /home/pyodide: SITE/python-files.json (what the
 * page's loader writes), or pyscript.json's `files` in a site without it. */
function pageFiles() {
  try {
    const bundle = JSON.parse(readFileSync(join(site, "python-files.json"), "utf8"));
    return Object.entries(bundle.files);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  const config = JSON.parse(readFileSync(join(site, "pyscript.json"), "utf8"));
  return Object.entries(config.files || {}).map(
    ([source, dest]) => [dest, readFileSync(resolve(site, source))]);
}
/** Write `data` (text or bytes) at `rel` under /home/pyodide, making its folders. */
function writeHome(rel, data) {
  const path = `${home}/${rel.replace(/^\.\//, "")}`;
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, data);
}
for (const [dest, data] of pageFiles()) writeHome(dest, data);
const pyscriptFiles = pyscriptPackage(join(site, "runtime", "pyscript"));
for (const [rel, text] of Object.entries(pyscriptFiles)) writeHome(rel, text);
pyodide.globals.set("PYSCRIPT_FILES", pyodide.toPy(Object.keys(pyscriptFiles)));
pyodide.globals.set("SNAPSHOT_KEY", key);
pyodide.runPython(readFileSync(join(here, "snapshot_warm.py"), "utf8"), {
  filename: "snapshot_warm.py",
});
pyodide.globals.delete("SNAPSHOT_KEY");
pyodide.globals.delete("PYSCRIPT_FILES");
const warmed = performance.now();
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(JSON.stringify({
  pyodide: version,
  bytes: snapshot.length,
  modules: pyodide.runPython("import sys; len(sys.modules)"),
  pyscript_files: Object.keys(pyscriptFiles).length,
  load_ms: Math.round(loaded - t0),
  warm_ms: Math.round(warmed - loaded),
  total_ms: Math.round(performance.now() - t0),
}));
