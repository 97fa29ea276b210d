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
 * unpacked with DecompressionStream in a worker (web/snapshot_worker.js), or cached
 * unpacked by the service worker (web/sw.js). Its download starts as soon as this module
 * runs, in parallel with Pyodide's own files.
 *
 * One-file edition: `globalThis.pywarModules` maps the runtime's module paths to blob: URLs
 * (tools/single_file_boot.js), and Pyodide gets its `pyodide.asm.mjs` from there. It packs
 * no snapshot: after a first start without one, a worker makes one in the browser
 * (tools/single_file_snapshot.js), kept in IndexedDB for the later starts
 * (`makeBrowserSnapshotLater`; `window.pywarBoot.snapshot_from` is "build" or "browser").
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

// what web/start.mjs said already (where, and why not in a worker) is kept
const boot = (globalThis.pywarBoot = {
  where: "page", ...globalThis.pywarBoot, snapshot: false, reason: "", ms: {},
});
const since = (t) => Math.round(performance.now() - t);

/** The snapshot's bytes, fetched and inflated by web/snapshot_worker.js so the page's
 * thread stays free (on this thread if a worker cannot start). */
function fetchSnapshot() {
  const t0 = performance.now();
  const url = new URL(SNAPSHOT.url, base).href;
  const check = (buffer, where) => {
    if (buffer.byteLength !== SNAPSHOT.bytes) {
      throw new Error(`snapshot: ${buffer.byteLength} bytes, expected ${SNAPSHOT.bytes}`);
    }
    boot.ms.snapshot_fetch = since(t0);
    boot.snapshot_inflated = where;
    return new Uint8Array(buffer);
  };
  return inWorker(url).then((data) => {
    if (!data.worker) return fetchHere(url).then(([buffer, where]) => check(buffer, where));
    if (data.error) throw new Error(data.error);
    return check(data.buffer, data.cached ? "service worker" : "worker");
  });
}

/** One job for a worker of its own that ends with its answer (web/snapshot_worker.js, or
 * `script`; `transfer`: buffers of `message` handed over, not copied): resolves to the
 * answer's data with `worker: true`, or to `{worker: false, error}` when no worker could
 * run it (none can start here, its script failed to load). */
function inWorker(message, { script = new URL("./snapshot_worker.js", base), transfer = [] } = {}) {
  return new Promise((resolve) => {
    let worker = null;
    try {
      worker = new Worker(script);
    } catch (error) {
      return resolve({ worker: false, error: String(error) });
    }
    worker.onmessage = ({ data }) => {
      worker.terminate();
      resolve({ ...data, worker: true });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve({ worker: false, error: event.message || "worker error" });
    };
    worker.postMessage(message, transfer);
  });
}

function fetchHere(url) {
  return fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    if (response.headers.get("X-Pywar-Inflated") === "1") {
      return [await response.arrayBuffer(), "service worker"];
    }
    const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
    return [await new Response(inflated).arrayBuffer(), "page"];
  });
}

/** Resolves once the page is parsed and its first screen is on the display (web/page.js,
 * which runs before this module: `window.pywarPage.painted`). */
const painted = globalThis.pywarPage.painted;

/** Why the snapshot is not fetched on this visit, or "" (web/page.js). */
const snapshotCost = globalThis.pywarPage.snapshotCost;

/** The one-file edition's own snapshot: it has no room for the site's, so after a start
 * without one it has a worker make one in this browser (tools/single_file_snapshot.js)
 * and keeps it in IndexedDB, by the edition's version and Pyodide's: later starts restore
 * it. Its key, or null (the site, or a one-file edition without a version). */
const single = packed && globalThis.pywarSingleFile;
const browserKey = single && single.built && single.built.version
  ? `one-file:${single.built.version}:${version}` : null;
const BROWSER_DB = "pywar-one-file";
const BROWSER_STORE = "snapshots";

/** Runs `job(store)` in a transaction of the snapshots' store; resolves to its request's
 * result once the transaction is done. */
function inBrowserStore(mode, job) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(BROWSER_DB, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(BROWSER_STORE);
    opening.onerror = () => reject(opening.error);
    opening.onblocked = () => reject(new Error("IndexedDB blocked"));
    opening.onsuccess = () => {
      const db = opening.result;
      const tx = db.transaction(BROWSER_STORE, mode);
      const request = job(tx.objectStore(BROWSER_STORE));
      tx.oncomplete = () => (db.close(), resolve(request && request.result));
      tx.onerror = tx.onabort = () => (db.close(), reject(tx.error || new Error("aborted")));
    };
  });
}

/** SHA-256 of `bytes` in hex, or "" where the browser has no SubtleCrypto (a page served
 * over plain http from another host). */
async function sha256(bytes) {
  if (!(globalThis.crypto && crypto.subtle)) return "";
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The snapshot this browser made for this edition, or null: none yet, no IndexedDB, or a
 * record that is not what was stored (stored data is untrusted: its length and SHA-256
 * must match; `boot.reason` says so and the next snapshot replaces it). */
function storedSnapshot() {
  const t0 = performance.now();
  return inBrowserStore("readonly", (store) => store.get(browserKey)).then(async (record) => {
    if (record === undefined) return null;
    const bytes = record && record.snapshot;
    if (!(bytes instanceof Uint8Array) || bytes.length !== record.bytes
        || (await sha256(bytes)) !== record.sha256) {
      boot.stored_snapshot = "damaged";
      return null;
    }
    boot.ms.snapshot_fetch = since(t0);
    return bytes;
  }, (error) => {
    console.warn("pywar: no stored snapshot:", error);
    return null;
  });
}

let snapshot = null;
const spared = snapshotCost();
const stored = browserKey ? storedSnapshot() : null;
if (!SNAPSHOT && browserKey) {
  boot.reason = "no snapshot made in this browser yet";
} else if (!SNAPSHOT) {
  boot.reason = "this build has no snapshot";
} else if (SNAPSHOT.pyodide !== version) {
  boot.reason = `snapshot made for Pyodide ${SNAPSHOT.pyodide}, runtime is ${version}`;
} else if (spared) {
  boot.reason = spared;
} else {
  snapshot = painted.then(fetchSnapshot);
  snapshot.catch(() => {}); // handled where it is awaited
}

/** Pyodide's WebAssembly module (9.6 MB), fetched and compiled by web/snapshot_worker.js
 * while the snapshot downloads: Pyodide compiles it on the page's thread, a 0.1-0.2 s task
 * even when the bytes are in the cache. Resolves to the module, or null (no worker, no
 * WebAssembly.compileStreaming, an error): then Pyodide fetches and compiles it itself. The
 * one-file edition leaves it to Pyodide. */
const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
const compiled = packed ? null : painted.then(() => {
  const t0 = performance.now();
  return inWorker({ wasm: wasmURL }).then((data) => {
    boot.ms.wasm_compile = since(t0);
    if (data.error) boot.wasm_error = data.error;
    return data.module instanceof WebAssembly.Module ? data.module : null;
  });
});

/** Pyodide's other start-up files, asked for as soon as the first screen has painted
 * rather than once PyScript has started and called loadPyodide (0.1-0.3 s later, more on
 * a slow device): its JavaScript module (imported: the browser compiles it off the page's
 * thread as it streams in, every function at once, see build.py's compile hint), the
 * standard library and the lock file (fetched: loadPyodide's own requests get these
 * responses, once). The one-file edition has them in memory already. */
const stdlibURL = new URL("python_stdlib.zip", indexURL).href;
const lockURL = new URL("pyodide-lock.json", indexURL).href;
const early = new Map();
if (!packed) {
  painted.then(() => {
    import(moduleURL("./runtime/pyodide/pyodide.asm.mjs")).catch(() => {}); // loadPyodide reports it
    for (const url of [stdlibURL, lockURL]) {
      const response = fetch(url);
      response.catch(() => {}); // handled by whoever takes it
      early.set(url, response);
    }
  });
}

/** Runs `start` (a loadPyodide) with Pyodide's WebAssembly taken from the worker: its own
 * request for the file is answered by a stand-in (no second download), and the stand-in's
 * instantiation instantiates the worker's module. Without one, the file is fetched and
 * compiled here, as Pyodide would. `boot.wasm` says which: "worker" or "page". Its requests
 * for the files fetched early get those responses (each once: a second start fetches). */
async function withCompiledWasm(start) {
  if (!compiled) return start();
  const pageFetch = globalThis.fetch;
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  const standIn = new Response(null, { status: 204 });
  globalThis.fetch = function fetch(input, init) {
    const url = String(input instanceof Request ? input.url : input);
    if (url === wasmURL) return Promise.resolve(standIn); // Pyodide asks with a URL object
    const response = early.get(url);
    if (response) {
      early.delete(url);
      return response;
    }
    return pageFetch(input, init);
  };
  WebAssembly.instantiateStreaming = async function (source, imports) {
    const response = await source;
    if (response !== standIn) return instantiateStreaming.call(WebAssembly, response, imports);
    const module = await compiled;
    if (!module) {
      boot.wasm = "page";
      return instantiateStreaming.call(WebAssembly, pageFetch(wasmURL), imports);
    }
    boot.wasm = "worker";
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await start();
  } finally {
    globalThis.fetch = pageFetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/** The page's Python files in one download (python-files.json, `{"files": {dest: text},
 * "digests": {dest: "<bytes>:<CRC-32 hex>"}}`): PyScript would fetch each of them, about 95
 * requests, after Python is ready. */
function fetchFiles() {
  return fetch(new URL("./python-files.json", base).href).then((response) => {
    if (!response.ok) throw new Error(`python-files.json: HTTP ${response.status}`);
    return response.json();
  });
}
// One-file edition: the files are in the page already, and PyScript's `files` writes them.
const files = packed ? Promise.resolve(null) : painted.then(fetchFiles);
files.catch(() => {}); // handled where it is awaited

/** The digest the build stated for the bytes of a file writeFiles writes (the bundle's
 * "digests", made from the same text): guardSources need not compute it (a CRC-32 of 0.9 MB
 * is a 40 ms task on a page slowed 4x). */
const statedDigests = new WeakMap();

/** Write the files where PyScript writes its config's `files` (under /home/pyodide). */
function writeFiles(interpreter, bundle) {
  const fs = interpreter.FS;
  const encoder = new TextEncoder(); // bytes: Emscripten converts a string char by char
  const digests = bundle.digests || {};
  for (const [dest, text] of Object.entries(bundle.files)) {
    const path = `/home/pyodide/${dest.replace(/^\.\//, "")}`;
    const bytes = encoder.encode(text);
    if (typeof digests[dest] === "string") statedDigests.set(bytes, digests[dest]);
    fs.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    fs.writeFile(path, bytes, { canOwn: true });
  }
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

/** After a restore, writeFiles writes the page's files where the snapshot's modules came
 * from. If one differs from what the snapshot baked in, the page's restored modules are
 * stale: forget them all, so the imports that follow load the files, as a normal boot does. */
function guardSources(interpreter) {
  const fs = interpreter.FS;
  const write = fs.writeFile;
  boot.modules = "fresh";
  fs.writeFile = function writeFile(path, data, ...rest) {
    if (boot.modules === "fresh" && typeof path === "string" && path in SNAPSHOT.sources) {
      const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
      if ((statedDigests.get(bytes) ?? digest(bytes)) !== SNAPSHOT.sources[path]) {
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

/** Pyodide makes a one-page shared WebAssembly.Memory for a synchronous sleep
 * (Atomics.wait), which a page's main thread can never do; without cross-origin isolation
 * Chromium reports that memory as a deprecated use of SharedArrayBuffer (Lighthouse's
 * "deprecations"). While Pyodide starts, that one memory is made unshared: the sleep then
 * fails just as it already does on a page's thread. */
async function withPlainMemory(start) {
  if (globalThis.crossOriginIsolated || typeof window === "undefined") return start();
  const Memory = WebAssembly.Memory;
  function PlainMemory(descriptor) {
    const plain = descriptor && descriptor.shared && descriptor.maximum === 1;
    return new Memory(plain ? { ...descriptor, shared: false } : descriptor);
  }
  PlainMemory.prototype = Memory.prototype;
  WebAssembly.Memory = PlainMemory;
  try {
    return await start();
  } finally {
    WebAssembly.Memory = Memory;
  }
}

export async function loadPyodide(options = {}) {
  boot.ms.called = Math.round(performance.now());
  await painted;
  const t0 = performance.now();
  const create = (await import(moduleURL("./runtime/pyodide/pyodide.asm.mjs"))).default;
  const settings = { ...options, indexURL, createPyodideModule: inSteps(create) };
  let interpreter = null;
  const found = stored && (await stored);
  if (found) snapshot = Promise.resolve(found);
  else if (boot.stored_snapshot === "damaged") boot.reason = "the stored snapshot is damaged";
  const key = SNAPSHOT ? SNAPSHOT.key : browserKey;
  if (snapshot) {
    try {
      const restored = await withPlainMemory(() => withCompiledWasm(() => pyodide.loadPyodide({
        ...settings, _loadSnapshot: snapshot.then(async (bytes) => (await nextTask(), bytes)),
      })));
      const baked = restored.runPython(
        `getattr(__import__("sys").modules.get("_pywar_snapshot"), "KEY", None)`);
      if (baked !== key) throw new Error(`snapshot: key ${baked}, expected ${key}`);
      refresh(restored);
      if (SNAPSHOT) guardSources(restored);
      boot.snapshot = true;
      boot.snapshot_from = SNAPSHOT ? "build" : "browser";
      boot.reason = "";
      interpreter = restored;
    } catch (error) {
      boot.reason = String(error && error.message || error);
      console.warn("pywar: starting without the snapshot:", boot.reason);
    }
  }
  if (browserKey && !interpreter) {
    makeBrowserSnapshotLater(Boolean(found) || boot.stored_snapshot === "damaged");
  }
  if (!interpreter) {
    interpreter = await withPlainMemory(() => withCompiledWasm(() => pyodide.loadPyodide(settings)));
    refresh(interpreter);
  }
  const bundle = await files;
  await nextTask(); // the start's long steps in tasks of their own: the page answers between
  if (bundle) {
    const written = performance.now();
    writeFiles(interpreter, bundle);
    boot.ms.files_write = since(written);
  }
  boot.ms.load = since(t0);
  boot.ms.loaded = Math.round(performance.now());
  await nextTask();
  return interpreter;
}

/** One-file edition, after a start without a snapshot of its own (none yet, or the stored
 * one failed): once the game is ready and the page idle, a worker makes one
 * (tools/single_file_snapshot.js) from the packed files, and it replaces whatever this
 * browser kept. `boot.browser_snapshot` follows it: "making", then "stored" or "failed:
 * <why>" (the game plays on either way; only the next start is slower). */
function makeBrowserSnapshotLater(replacing) {
  boot.browser_snapshot = "waiting";
  const ready = new Promise((resolve) => {
    const html = document.documentElement;
    if (html.hasAttribute("data-ready")) return resolve();
    new MutationObserver((_, observer) => {
      if (html.hasAttribute("data-ready")) (observer.disconnect(), resolve());
    }).observe(html, { attributes: true, attributeFilter: ["data-ready"] });
  });
  const idle = () => new Promise((resolve) => globalThis.requestIdleCallback
    ? requestIdleCallback(resolve, { timeout: 3000 }) : setTimeout(resolve, 1000));
  const packedFile = (path) => fetch(new URL(path, base).href).then((response) => {
    if (!response.ok) throw new Error(`${path}: not packed`);
    return response;
  });
  ready.then(idle).then(async () => {
    boot.browser_snapshot = "making";
    const t0 = performance.now();
    const config = await (await packedFile("./pyscript.json")).json();
    const files = {};
    for (const [path, dest] of Object.entries(config.files || {})) {
      files[`/home/pyodide/${dest.replace(/^\.\//, "")}`] =
        await (await packedFile(path)).arrayBuffer();
    }
    // PyScript's own package, baked as the build's snapshot bakes it (tools/snapshot_warm.py)
    const pyscript = await (await packedFile("./pyscript-package.json")).json();
    for (const [rel, source] of Object.entries(pyscript)) {
      files[`/home/pyodide/${rel}`] = new TextEncoder().encode(source).buffer;
    }
    const runtime = {};
    for (const name of ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]) {
      runtime[new URL(name, indexURL).href] = await (await packedFile(new URL(name, indexURL))).arrayBuffer();
    }
    const text = async (path) => (await packedFile(path)).text();
    const message = {
      key: browserKey,
      indexURL,
      modules: {
        pyodide: await text("./runtime/pyodide/pyodide.mjs"),
        asm: await text("./runtime/pyodide/pyodide.asm.mjs"),
      },
      runtime,
      files,
      pyscript: Object.keys(pyscript),
      warm: await text("./snapshot_warm.py"),
    };
    const script = URL.createObjectURL(await (await packedFile("./snapshot_maker.js")).blob());
    const made = await inWorker(message, {
      script, transfer: [...Object.values(files), ...Object.values(runtime)],
    });
    URL.revokeObjectURL(script);
    if (made.error) throw new Error(made.error);
    const record = {
      snapshot: made.snapshot, bytes: made.snapshot.length, sha256: await sha256(made.snapshot),
    };
    await inBrowserStore("readwrite", (store) => {
      store.clear(); // one edition's snapshot at a time: 31 MB each
      return store.put(record, browserKey);
    });
    boot.ms.browser_snapshot = since(t0);
    boot.browser_snapshot = replacing ? "stored (replaced)" : "stored";
  }).catch((error) => {
    boot.browser_snapshot = `failed: ${String(error && error.message || error)}`;
    console.warn("pywar: the one-file edition could not keep a snapshot:", error);
  });
}

/** Pyodide's module factory, its start cut into tasks: the WebAssembly instance is taken
 * up in a task after the one that made it, and Python's start (the snapshot's restore)
 * runs in a task after the module's. Each step is as long as before, but the page paints
 * and answers a tap between them (one 0.4-0.6 s task was three). */
function inSteps(create) {
  return async (settings) => {
    const instantiate = settings.instantiateWasm;
    if (typeof instantiate === "function") {
      settings.instantiateWasm = (imports, done) => instantiate(imports, (...made) => {
        nextTask().then(() => done(...made));
      });
    }
    const module = await create(settings);
    await nextTask();
    return module;
  };
}

/** Resolves in a later task: the browser may paint and handle input in between. */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
