// Compiles the page's Python files to bytecode with the pinned Pyodide's own Python, for
// the one-file edition (build.py, `page_bytecode` in buildtools/bytecode.py).
//
//   node tools/make_bytecode.mjs SITE OUT_DIR
//
// Writes every `.py` file of SITE/python-files.json under /home/pyodide (where the page has
// them), compiles each with `py_compile` into a *checked hash-based* .pyc (PEP 552): Python
// uses it only while the source's hash matches, otherwise it compiles the source as usual.
// The .pyc files land in OUT_DIR at their paths relative to /home/pyodide
// (`pywar/__pycache__/game.cpython-314.pyc`). Prints one JSON line of figures.
// The site edition does not need them: its memory snapshot holds the modules imported.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [site, out] = process.argv.slice(2);
if (!site || !out) {
  console.error("usage: node tools/make_bytecode.mjs SITE OUT_DIR");
  process.exit(2);
}
const { loadPyodide, version } = await import(
  join(here, "..", "node_modules", "pyodide", "pyodide.mjs"));

const t0 = performance.now();
const pyodide = await loadPyodide();
const home = "/home/pyodide";
const bundle = JSON.parse(readFileSync(join(site, "python-files.json"), "utf8"));
const sources = [];
for (const [dest, text] of Object.entries(bundle.files)) {
  const rel = dest.replace(/^\.\//, "");
  const path = `${home}/${rel}`;
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, new TextEncoder().encode(text));
  if (rel.endsWith(".py")) sources.push(path);
}
pyodide.globals.set("SOURCES", pyodide.toPy(sources));
const made = JSON.parse(pyodide.runPython(`
import importlib.util, json, py_compile
made = []
for source in SOURCES:
    cfile = importlib.util.cache_from_source(source)
    py_compile.compile(source, cfile=cfile, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    made.append(cfile)
json.dumps(made)
`));
pyodide.globals.delete("SOURCES");
let bytes = 0;
for (const cfile of made) {
  const data = pyodide.FS.readFile(cfile);
  const dest = join(out, cfile.slice(home.length + 1));
  mkdirSync(dirname(dest), { recursive: true });
  writeFileSync(dest, data);
  bytes += data.length;
}
console.log(JSON.stringify({
  pyodide: version,
  cache_tag: pyodide.runPython("import sys; sys.implementation.cache_tag"),
  files: made.length,
  bytes,
  total_ms: Math.round(performance.now() - t0),
}));
