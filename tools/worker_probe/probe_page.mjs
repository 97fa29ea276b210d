// The page half of the worker-start probe (tools/worker_probe.py): starts Python in
// probe_worker.mjs once the first screen is parsed, writes each view the worker posts
// (window.pywarViewDom, web/page.js: builds the slots, paints the board) and posts the taps back. Sets
// html[data-ready] after the first view, as the game's adapter does.
const boot = (globalThis.pywarProbe = { ms: {}, renders: [] });
const t0 = performance.now();
const SNAPSHOT = document.documentElement.dataset.probeSnapshot;
const worker = new Worker(new URL("./probe_worker.mjs", document.baseURI), { type: "module" });
boot.ms.worker_started = Math.round(t0);

function apply(view) {
  const dom = window.pywarViewDom;
  for (const [slot, key] of Object.entries(view.slots)) {
    const el = document.getElementById(`${slot}-slot`);
    el.removeAttribute("data-view");
    el.replaceChildren();
    if (key !== "null") el.appendChild(dom.build(key));
  }
  document.getElementById("overlay").hidden = !view.overlay;
  document.getElementById("curtain").hidden = !view.curtain;
  dom.paintBoard(view.board);
  document.documentElement.dataset.screen = view.screen;
  document.documentElement.setAttribute("lang", view.lang);
}

const ready = new Promise((resolve) => {
  if (document.readyState !== "loading") resolve();
  else document.addEventListener("DOMContentLoaded", resolve, { once: true });
});

worker.onmessage = async ({ data }) => {
  if (data.kind === "error") {
    boot.error = data.error;
    console.error("probe:", data.error);
    return;
  }
  await ready;
  const started = performance.now();
  apply(JSON.parse(data.view));
  boot.renders.push({ at: performance.now(), apply_ms: performance.now() - started,
                      python_ms: data.python_ms ?? null });
  if (!document.documentElement.dataset.ready) {
    Object.assign(boot.ms, data.ms);
    window.pywarEarlyEvents = null;
    document.documentElement.dataset.ready = "1";
  }
};

await ready;
const { territories } = JSON.parse(window.pywarViewDom.bindBoard());
const storage = {};
for (let i = 0; i < localStorage.length; i++) {
  const key = localStorage.key(i);
  storage[key] = localStorage.getItem(key);
}
const params = new URLSearchParams(location.search);
const entropy = [...crypto.getRandomValues(new Uint8Array(16))]
  .map((b) => b.toString(16).padStart(2, "0")).join("");
worker.postMessage({
  snapshot: SNAPSHOT, storage, territories, entropy,
  lang: params.get("lang"),
  env: { embed: window.self !== window.top, ios_tab: false, own_tab_url: location.href },
});

document.addEventListener("click", (event) => {
  const el = event.target.closest && event.target.closest("[data-action]");
  if (!el || el.tagName !== "BUTTON" || !document.documentElement.dataset.ready) return;
  boot.sent = performance.now();
  worker.postMessage({ action: el.dataset.action, arg: el.dataset.arg ?? null });
});
