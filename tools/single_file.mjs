// Bundles the built site's PyScript runtime (dist/runtime/pyscript/core.js and the chunks
// build.py shipped beside it) into one ES module for the one-file edition (build.py
// --single-file). Chunks that build.py did not ship (codemirror, xterm, toml, zip, the
// packages graph) stay as external dynamic imports: a plain `<script type="py">` page never
// loads them.
//
//   node tools/single_file.mjs DIST/runtime/pyscript/core.js OUT.js
import { existsSync } from "node:fs";
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
  plugins: [notShipped],
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(JSON.stringify({ outfile: resolve(outfile), bytes }));
