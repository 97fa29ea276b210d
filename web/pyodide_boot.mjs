/* pywar's Pyodide loader: the module pyscript.json's `interpreter` names (build owner; see
 * docs/build.md, "Fast start").
 *
 * PyScript imports it and calls `loadPyodide(options)`, as it would Pyodide's own module.
 * It restores the memory snapshot build.py made (pywar and the page's modules already
 * imported), and falls back to the normal boot whenever the snapshot is missing (this build
 * has none, HTTP error), stale (made for another Pyodide, another build's key) or fails to
 * load: the page is never broken, only slower. If a Python file the site serves differs
 * from the one the snapshot baked in, the restored page modules are forgotten and imported
 * from the files. `window.pywarBoot` says which path ran:
 * `{snapshot: true|false, reason, modules: "fresh"|"stale: <path>", ms}`.
 *
 * After either path the interpreter gets fresh state a snapshot would have frozen: Python's
 * `random` is reseeded from the browser's crypto.getRandomValues and the time zone re-read.
 * (The string hash seed stays the snapshot's: nothing in pywar depends on it.)
 *
 * The snapshot is gzip bytes (hosts such as GitHub Pages do not compress binary files),
 * unpacked here with DecompressionStream. Its download starts as soon as this module runs,
 * in parallel with Pyodide's own files; index.html preloads it earlier still.
 *
 * One-file edition: `globalThis.pywarModules` maps the runtime's module paths to blob: URLs
 * (tools/single_file_boot.js), and Pyodide gets its `pyodide.asm.mjs` from there.
 */

// build.py replaces the next line: {url, key, pyodide, bytes, sources} of the snapshot, or
// null (no snapshot in this build).
const SNAPSHOT = null;

const base = document.baseURI;
const packed = globalThis.pywarModules || null;
const moduleURL = (path) => (packed && packed[path]) || new URL(path, base).href;
const indexURL = new URL("./runtime/pyodide/", base).href;
const pyodide = await import(moduleURL("./runtime/pyodide/pyodide.mjs"));

export const version = pyodide.version;

const boot = (globalThis.pywarBoot = { snapshot: false, reason: "", ms: {} });
const since = (t) => Math.round(performance.now() - t);

function fetchSnapshot() {
  const t0 = performance.now();
  // A plain GET (mode cors, same-origin credentials) matches index.html's preload.
  return fetch(new URL(SNAPSHOT.url, base))
    .then((response) => {
      if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
      boot.snapshot_cached_inflated = response.headers.get("X-Pywar-Inflated") === "1";
      if (boot.snapshot_cached_inflated) return response.arrayBuffer(); // web/sw.js did it
      const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
      return new Response(inflated).arrayBuffer();
    })
    .then((buffer) => {
      if (buffer.byteLength !== SNAPSHOT.bytes) {
        throw new Error(`snapshot: ${buffer.byteLength} bytes, expected ${SNAPSHOT.bytes}`);
      }
      boot.ms.snapshot_fetch = since(t0);
      return new Uint8Array(buffer);
    });
}

let snapshot = null;
if (!SNAPSHOT) {
  boot.reason = "this build has no snapshot";
} else if (SNAPSHOT.pyodide !== version) {
  boot.reason = `snapshot made for Pyodide ${SNAPSHOT.pyodide}, runtime is ${version}`;
} else {
  snapshot = fetchSnapshot();
  snapshot.catch(() => {}); // handled where it is awaited
}

/** "<bytes>:<CRC-32 hex>" of a file's bytes, as build.py's snapshot_sources writes it. */
let crcTable = null;
function digest(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return `${bytes.length}:${((crc ^ 0xffffffff) >>> 0).toString(16)}`;
}

/** After a restore, PyScript writes pyscript.json's files where the snapshot's modules came
 * from. If one differs from what the snapshot baked in, the page's restored modules are
 * stale: forget them all, so the imports that follow load the files, as a normal boot does. */
function guardSources(interpreter) {
  const fs = interpreter.FS;
  const write = fs.writeFile;
  boot.modules = "fresh";
  fs.writeFile = function writeFile(path, data, ...rest) {
    if (boot.modules === "fresh" && typeof path === "string" && path in SNAPSHOT.sources) {
      const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
      if (digest(bytes) !== SNAPSHOT.sources[path]) {
        boot.modules = `stale: ${path}`;
        console.warn("pywar: the snapshot's modules are older than", path, "- reimporting");
        interpreter.runPython(
          `[__import__("sys").modules.pop(name) for name, module in ` +
          `list(__import__("sys").modules.items()) if ` +
          `(getattr(module, "__file__", None) or "").startswith("/home/pyodide/")]\n` +
          `__import__("importlib").invalidate_caches()`);
      }
    }
    return write.call(this, path, data, ...rest);
  };
}

/** Fresh per-session state: entropy from the browser, the player's time zone. */
function refresh(interpreter) {
  const words = crypto.getRandomValues(new Uint32Array(8));
  const hex = Array.from(words, (w) => w.toString(16).padStart(8, "0")).join("");
  interpreter.runPython(
    `__import__("random").seed(0x${hex})\n` +
    `getattr(__import__("time"), "tzset", lambda: None)()`);
}

export async function loadPyodide(options = {}) {
  const t0 = performance.now();
  boot.ms.called = Math.round(t0);
  const settings = { ...options, indexURL };
  if (packed) {
    settings.createPyodideModule = (await import(
      moduleURL("./runtime/pyodide/pyodide.asm.mjs"))).default;
  }
  if (snapshot) {
    try {
      const interpreter = await pyodide.loadPyodide({ ...settings, _loadSnapshot: snapshot });
      const key = interpreter.runPython(
        `getattr(__import__("sys").modules.get("_pywar_snapshot"), "KEY", None)`);
      if (key !== SNAPSHOT.key) throw new Error(`snapshot: key ${key}, expected ${SNAPSHOT.key}`);
      refresh(interpreter);
      guardSources(interpreter);
      boot.snapshot = true;
      boot.ms.load = since(t0);
      boot.ms.loaded = Math.round(performance.now());
      return interpreter;
    } catch (error) {
      boot.reason = String(error && error.message || error);
      console.warn("pywar: starting without the snapshot:", boot.reason);
    }
  }
  const interpreter = await pyodide.loadPyodide(settings);
  refresh(interpreter);
  boot.ms.load = since(t0);
  boot.ms.loaded = Math.round(performance.now());
  return interpreter;
}
