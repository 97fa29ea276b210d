// Makes the page's Pyodide memory snapshot at build time (build.py, `make_snapshot`).
//
//   node tools/make_snapshot.mjs SITE OUT.bin KEY
//
// Loads the pinned Pyodide from node_modules with `_makeSnapshot: true`, writes every file
// that SITE/pyscript.json maps into Pyodide's file system at the same paths PyScript uses
// (the working directory /home/pyodide), runs tools/snapshot_warm.py there (it imports
// pywar and the page's pure modules and leaves KEY in `_pywar_snapshot`), then writes
// `pyodide.makeMemorySnapshot()` to OUT.bin. Prints one JSON line of figures.
// The page restores it with `loadPyodide({_loadSnapshot})` (web/pyodide_boot.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

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
const config = JSON.parse(readFileSync(join(site, "pyscript.json"), "utf8"));
const home = "/home/pyodide";
for (const [source, dest] of Object.entries(config.files || {})) {
  const path = `${home}/${dest.replace(/^\.\//, "")}`;
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, readFileSync(resolve(site, source)));
}
pyodide.globals.set("SNAPSHOT_KEY", key);
pyodide.runPython(readFileSync(join(here, "snapshot_warm.py"), "utf8"), {
  filename: "snapshot_warm.py",
});
pyodide.globals.delete("SNAPSHOT_KEY");
const warmed = performance.now();
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(JSON.stringify({
  pyodide: version,
  bytes: snapshot.length,
  modules: pyodide.runPython("import sys; len(sys.modules)"),
  load_ms: Math.round(loaded - t0),
  warm_ms: Math.round(warmed - loaded),
  total_ms: Math.round(performance.now() - t0),
}));
