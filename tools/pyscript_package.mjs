// PyScript's own Python package, as its core bundle holds it (build owner).
//
//   import { pyscriptPackage } from "./pyscript_package.mjs";  // tools/make_snapshot.mjs
//   node tools/pyscript_package.mjs DIR   // prints {"pyscript/x.py": text, ...} as JSON
//
// PyScript 0.7 writes its package (14 modules) to ./pyscript/ at each start from strings in
// its core bundle; the memory snapshots bake those modules (tools/snapshot_warm.py), the
// build's in Node and the one-file edition's in the browser (tools/single_file_snapshot.js).
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** PyScript's Python package as its core bundle writes it ({"pyscript/x.py": text}), or {}
 * when the bundle does not hold it the way PyScript 0.7 does (then nothing is baked). */
export function pyscriptPackage(dir) {
  let names = [];
  try {
    names = readdirSync(dir).filter((n) => /^core-[\w-]+\.js$/.test(n));
  } catch {
    return {};
  }
  for (const name of names) {
    const text = readFileSync(join(dir, name), "utf8");
    const start = text.indexOf('{pyscript:{"__init__.py":');
    if (start < 0) continue;
    let depth = 0;
    let quote = null;
    let end = start;
    for (; end < text.length; end++) {  // the object literal: braces outside strings
      const c = text[end];
      if (quote) {
        if (c === "\\") end++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    const tree = Function(`"use strict"; return (${text.slice(start, end + 1)});`)();
    const files = {};
    const flatten = (node, prefix) => {
      for (const [k, v] of Object.entries(node)) {
        if (typeof v === "string") files[prefix + k] = v;
        else flatten(v, `${prefix}${k}/`);
      }
    };
    flatten(tree, "");
    return files;
  }
  return {};
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: node tools/pyscript_package.mjs DIR");
    process.exit(2);
  }
  process.stdout.write(JSON.stringify(pyscriptPackage(dir)));
}
