/* Python in a worker (build owner; docs/build.md "Python in a worker"): the site's game runs
 * here, off the page's thread, which only writes frames and takes taps (web/page.js).
 *
 * Restores the build's memory snapshot (or, failing that, starts Pyodide plainly), gives it
 * fresh entropy and the player's time zone, writes the page's Python files
 * (python-files.json; a file that differs from the one the snapshot baked in makes the
 * snapshot's modules stale: they are forgotten and imported again from the files), then
 * answers the page through worker_main.WorkerSession.
 *
 * In: {init} (the session's first message, see web/worker_main.py, and `spare_snapshot`:
 * why not to download the snapshot on this visit, or ""), then {id, message}.
 * Out: {progress} (percent, for the page's loading bar), {boot} once the session is ready (what `window.pywarBoot` reports), {id, frame} or
 * {id, error} for each message, {failed} if Python could not start (the page then starts
 * it on its own thread, web/start.mjs).
 */

// build.py replaces the next line (as in web/pyodide_boot.mjs): {url, key, pyodide, bytes,
// sources} of the snapshot, or null (no snapshot in this build).
const SNAPSHOT = null;

const base = new URL("./", self.location.href).href;
const indexURL = new URL("./runtime/pyodide/", base).href;
const HOME = "/home/pyodide";
const t0 = performance.now();
const since = () => Math.round(performance.now() - t0);
const boot = { where: "worker", snapshot: false, reason: "", modules: null, ms: {} };

let session = null;
const inbox = [];
let received;
const init = new Promise((resolve) => (received = resolve));
self.onmessage = ({ data }) => {
  if (data.init) received(data.init);
  else if (session) answer(data);
  else inbox.push(data);
};

function answer({ id, message }) {
  try {
    self.postMessage({ id, frame: session.handle(message) ?? null });
  } catch (error) {
    self.postMessage({ id, error: String((error && error.message) || error) });
  }
}

const runtime = import(new URL("pyodide.mjs", indexURL).href);
const files = fetch(new URL("./python-files.json", base).href).then((response) => {
  if (!response.ok) throw new Error(`python-files.json: HTTP ${response.status}`);
  return response.json();
});

/** The snapshot's bytes: inflated here, or as the service worker keeps them (inflated
 * once at install: X-Pywar-Inflated). */
async function fetchSnapshot() {
  const started = performance.now();
  const response = await fetch(new URL(SNAPSHOT.url, base).href);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const cached = response.headers.get("X-Pywar-Inflated") === "1";
  const buffer = cached ? await response.arrayBuffer() : await new Response(
    response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  if (buffer.byteLength !== SNAPSHOT.bytes) {
    throw new Error(`snapshot: ${buffer.byteLength} bytes, expected ${SNAPSHOT.bytes}`);
  }
  boot.snapshot_inflated = cached ? "service worker" : "worker";
  self.postMessage({ progress: 50 });
  boot.ms.snapshot_fetch = Math.round(performance.now() - started);
  return new Uint8Array(buffer);
}

/** Write the page's files under /home/pyodide. After a restore, a file that is not the one
 * the snapshot baked in (its stated digest, "<bytes>:<CRC-32>", differs) makes every module
 * restored from there stale: they are forgotten, so the imports load the files. */
function writeFiles(interpreter, bundle, restored) {
  const fs = interpreter.FS;
  const encoder = new TextEncoder();
  const digests = bundle.digests || {};
  let stale = null;
  for (const [dest, text] of Object.entries(bundle.files)) {
    const path = `${HOME}/${dest.replace(/^\.\//, "")}`;
    if (restored && !stale && path in SNAPSHOT.sources && digests[dest] !== SNAPSHOT.sources[path]) {
      stale = path;
    }
    fs.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    fs.writeFile(path, encoder.encode(text), { canOwn: true });
  }
  if (!restored) return;
  boot.modules = stale ? `stale: ${stale}` : "fresh";
  if (stale) {
    console.warn("pywar: the snapshot's modules are older than", stale, "- reimporting");
    interpreter.runPython(
      `[__import__("sys").modules.pop(name) for name, module in ` +
      `list(__import__("sys").modules.items()) if ` +
      `(getattr(module, "__file__", None) or "").startswith("${HOME}/")]\n` +
      `__import__("importlib").invalidate_caches()`);
  }
}

/** Fresh per-session state: entropy from the browser, the player's time zone. */
function refresh(interpreter) {
  const words = crypto.getRandomValues(new Uint32Array(8));
  const hex = Array.from(words, (w) => w.toString(16).padStart(8, "0")).join("");
  interpreter.runPython(
    `__import__("random").seed(0x${hex})\n` +
    `getattr(__import__("time"), "tzset", lambda: None)()`);
}

async function start() {
  const { loadPyodide, version } = await runtime;
  const { spare_snapshot: spared } = await init;
  let interpreter = null;
  if (!SNAPSHOT) boot.reason = "this build has no snapshot";
  else if (spared) boot.reason = spared;
  else if (SNAPSHOT.pyodide !== version) {
    boot.reason = `snapshot made for Pyodide ${SNAPSHOT.pyodide}, runtime is ${version}`;
  } else {
    const snapshot = fetchSnapshot();
    snapshot.catch(() => {}); // reported by loadPyodide below
    try {
      const restored = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
      const baked = restored.runPython(
        `getattr(__import__("sys").modules.get("_pywar_snapshot"), "KEY", None)`);
      if (baked !== SNAPSHOT.key) throw new Error(`snapshot: key ${baked}, expected ${SNAPSHOT.key}`);
      interpreter = restored;
      boot.snapshot = true;
    } catch (error) {
      boot.reason = String((error && error.message) || error);
      console.warn("pywar: starting without the snapshot:", boot.reason);
    }
  }
  if (!interpreter) interpreter = await loadPyodide({ indexURL });
  boot.ms.load = since();
  self.postMessage({ progress: 80 });
  refresh(interpreter);
  writeFiles(interpreter, await files, boot.snapshot);
  interpreter.runPython(
    `import os, sys\nos.chdir("${HOME}")\n` +
    `if "${HOME}" not in sys.path: sys.path.insert(0, "${HOME}")`);
  const { WorkerSession } = interpreter.pyimport("worker_main");
  session = WorkerSession(JSON.stringify(await init));
  boot.board_id = session.board_id;
  boot.ms.ready = since();
  self.postMessage({ boot });
  for (const message of inbox.splice(0)) answer(message);
}

start().catch((error) => {
  console.error("pywar: Python could not start in a worker:", error);
  self.postMessage({ failed: String((error && error.message) || error) });
});
