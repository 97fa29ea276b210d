/* The site's start (build owner; docs/build.md "Python in a worker"): the game's Python runs
 * in a worker (web/python_worker.mjs), so the page's thread only paints, writes frames and
 * takes taps (web/page.js), while Python starts and while bots think.
 *
 * Once the first screen has painted (the runtime's 20 MB never compete with it), starts the
 * worker and sends it the session's first message: this site's stored keys and values
 * (the worker has no localStorage: page.js carries out the writes it sends back), the
 * saves' namespace, ?lang=, ?variant=, 128 bits from the browser's crypto. When the worker
 * says it is ready, connects page.js to it: each message goes as {id, message} and its
 * frame comes back as {id, frame}.
 *
 * If the worker cannot start Python (no module workers in this browser, an error), the game
 * starts on the page's thread instead, through PyScript and web/pyodide_boot.mjs, as the
 * one-file edition does: slower to answer while it starts, never a broken page.
 * `window.pywarBoot` reports the start (`where`: "worker" or "page").
 */
const page = window.pywarPage;
const boot = (window.pywarBoot = { where: "worker", ms: {} });

/** The session's first message (web/worker_main.py). */
function firstMessage() {
  const storage = {};
  let durable = true;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key.startsWith("pywar:")) storage[key] = localStorage.getItem(key);
    }
  } catch (error) {
    durable = false; // storage blocked (some embeds, private modes)
  }
  const params = new URLSearchParams(location.search);
  const entropy = Array.from(crypto.getRandomValues(new Uint8Array(16)),
    (b) => b.toString(16).padStart(2, "0")).join("");
  return {
    storage,
    durable,
    // -- embeds (build owner, see docs/embed.md): ?ns=, else the one web/pwa.js derives
    namespace: params.get("ns") || window.pywarSavesNamespace || "",
    lang: params.get("lang"),
    browser_lang: window.pywarBrowserLang || null, // web/pwa.js
    variant: params.get("variant"),
    entropy,
    can_fullscreen: Boolean(document.fullscreenEnabled),
    spare_snapshot: page.snapshotCost(),
  };
}

/** The game on the page's thread: PyScript runs main.py, which loads Python through
 * web/pyodide_boot.mjs (pyscript.json's interpreter). */
function startOnPage(why) {
  if (boot.where === "page") return;
  boot.where = "page";
  boot.worker_error = why;
  console.warn("pywar: Python starts on the page, not in a worker:", why);
  const script = document.createElement("script");
  script.type = "py";
  script.src = "./main.py";
  script.setAttribute("config", "./pyscript.json");
  document.body.appendChild(script);
  import("./runtime/pyscript/core.js");
}

function startInWorker() {
  const t0 = performance.now();
  let worker;
  try {
    worker = new Worker(new URL("./python_worker.mjs", import.meta.url), { type: "module" });
  } catch (error) {
    return startOnPage(String(error));
  }
  const waiting = new Map();
  let nextId = 1;
  const transport = (message) => new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    worker.postMessage({ id, message });
  });
  worker.onmessage = ({ data }) => {
    if (data.progress) {
      const bar = document.getElementById("load-progress");
      if (bar && data.progress > bar.value) bar.value = data.progress;
    } else if (data.boot) {
      Object.assign(boot, data.boot, { where: "worker" });
      boot.ms.ready_in_worker = Math.round(performance.now() - t0);
      page.connect(transport, {
        board_id: data.boot.board_id,
        speed: new URLSearchParams(location.search).get("speed"),
      });
    } else if (data.failed) {
      worker.terminate();
      startOnPage(data.failed);
    } else {
      const resolve = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.error) console.error("pywar:", data.error);
      resolve(data.error ? null : data.frame);
    }
  };
  worker.onerror = (event) => {
    // the worker's script failed to load or run (an old browser without module workers)
    event.preventDefault();
    if (boot.board_id) return console.error("pywar: the game's worker failed:", event.message);
    worker.terminate();
    startOnPage(event.message || "worker error");
  };
  worker.postMessage({ init: firstMessage() });
}

// ?start=page: the game on the page's thread, as where workers fail (tests, comparisons)
if (new URLSearchParams(location.search).get("start") === "page") {
  page.painted.then(() => startOnPage("?start=page"));
} else {
  page.painted.then(startInWorker);
}
