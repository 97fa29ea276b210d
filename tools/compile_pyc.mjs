// Compiles the page's Python files for the pinned Pyodide at build time (build.py,
// `build_single_file`): the one-file edition packs the byte code, so its first start (it has
// no memory snapshot, see docs/build.md "One-file edition") imports pywar, the view model and
// PyScript's own package without compiling them in the page.
//
//   node tools/compile_pyc.mjs SITE OUT.json
//
// Writes every file SITE/python-files.json lists (its bytes as in SITE) and PyScript's package
// (as tools/make_snapshot.mjs does) under /home/pyodide, compiles each .py there to a
// checked-hash .pyc (PEP 552: the interpreter uses it only while the source's hash matches,
// so a changed file is compiled as usual) at the path the import system looks for
// (`__pycache__/NAME.cpython-XY.pyc`), and writes OUT.json: {"python": "3.14", "magic": hex,
// "files": {path under /home/pyodide: base64 of the .pyc}}. Prints one JSON line of figures.
// Docstrings are left out of the byte code (`__doc__` is None in the page; nothing there
// reads it): the edition has little room under its 10 MB.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { pyscriptPackage } from "./pyscript_package.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [site, out] = process.argv.slice(2);
if (!site || !out) {
  console.error("usage: node tools/compile_pyc.mjs SITE OUT.json");
  process.exit(2);
}
const { loadPyodide } = await import(join(here, "..", "node_modules", "pyodide", "pyodide.mjs"));
const t0 = performance.now();
const pyodide = await loadPyodide();
const home = "/home/pyodide";
const sources = [];
function writeHome(rel, data) {
  const path = `${home}/${rel.replace(/^\.\//, "")}`;
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, data);
  if (path.endsWith(".py")) sources.push(path);
}
// the bytes as the built site has them (the edition packs those very bytes)
const bundle = JSON.parse(readFileSync(join(site, "python-files.json"), "utf8"));
for (const dest of Object.keys(bundle.files)) writeHome(dest, readFileSync(join(site, dest)));
for (const [rel, text] of Object.entries(pyscriptPackage(join(site, "runtime", "pyscript")))) {
  writeHome(rel, text);
}
pyodide.globals.set("SOURCES", pyodide.toPy(sources));
const made = pyodide.runPython(`
import ast, base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc

_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)

def _without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, _DOCUMENTED) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                del node.body[0]
                if not node.body:
                    node.body.append(ast.copy_location(ast.Pass(), first))
    return tree

def _compiled():
    files = {}
    for path in SOURCES:
        with open(path, "rb") as f:
            source = f.read()
        tree = _without_docstrings(ast.parse(source, path))
        code = compile(tree, path, "exec", dont_inherit=True)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=True)
        files[importlib.util.cache_from_source(path)] = base64.b64encode(pyc).decode()
    return json.dumps({
        "python": "%d.%d" % sys.version_info[:2],
        "magic": importlib.util.MAGIC_NUMBER.hex(),
        "files": files,
    })
_compiled()
`);
writeFileSync(out, made);
const parsed = JSON.parse(made);
console.log(JSON.stringify({
  python: parsed.python, files: Object.keys(parsed.files).length,
  seconds: Math.round(performance.now() - t0) / 1000,
}));
