// Bundles the built site's PyScript runtime (dist/runtime/pyscript/core.js and the chunks
// build.py shipped beside it) into one ES module for the one-file edition (build.py
// --single-file). Chunks that build.py did not ship (codemirror, xterm, toml, zip, the
// packages graph) stay as external dynamic imports: a plain `<script type="py">` page never
// loads them.
//
//   node tools/single_file.mjs DIST/runtime/pyscript/core.js OUT.js
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { build } from "esbuild";

const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error("usage: node tools/single_file.mjs CORE_JS OUT_JS");
  process.exit(2);
}

const notShipped = {
  name: "not-shipped-chunks-stay-external",
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const path = resolve(args.resolveDir, args.path);
      return existsSync(path) ? undefined : { path: args.path, external: true };
    });
  },
};

// The one-file edition has no import map (its Content-Security-Policy would need an inline
// script it cannot hash: the map's blob: URLs change at every start). Where polyscript
// imports the interpreter's module (`module:import(url)`, pyscript.json's `interpreter`),
// the bundle asks tools/single_file_boot.js for the packed module's blob: URL first.
let patched = 0;
const resolveInterpreter = {
  name: "interpreter-module-from-the-packed-files",
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const out = source.replace(/\bmodule:import\(([\w$]+)\)/g, (_m, url) => {
        patched += 1;
        return `module:import(globalThis.pywarResolveModule?.(${url})??${url})`;
      });
      return { contents: out, loader: "js" };
    });
  },
};

const result = await build({
  entryPoints: [resolve(entry)],
  outfile: resolve(outfile),
  absWorkingDir: dirname(resolve(entry)),
  bundle: true,
  format: "esm",
  minify: true,
  legalComments: "none",
  target: "es2022",
  logLevel: "warning",
  plugins: [notShipped, resolveInterpreter],
  metafile: true,
});
if (patched === 0) {
  console.error("single_file.mjs: polyscript's `module:import(url)` not found (PyScript changed?)");
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(JSON.stringify({ outfile: resolve(outfile), bytes }));
