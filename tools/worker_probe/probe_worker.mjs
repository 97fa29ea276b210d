// The worker half of the worker-start probe (tools/worker_probe.py, issue 18): Python in a
// dedicated module worker, restored from the build's snapshot, renders the view model and
// posts the view to the page, which writes it (probe_page.mjs). A measurement, not the game:
// no saves written back, no focus, no timers (see docs/build.md "Python in a worker").
const t0 = performance.now();
const ms = {};
const since = () => Math.round(performance.now() - t0);
const base = new URL("./", self.location.href).href;
const indexURL = new URL("./runtime/pyodide/", base).href;

const init = new Promise((resolve) => {
  self.onmessage = ({ data }) => resolve(data);
});

async function inflate(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const PYTHON = `
import json, os, random, sys
os.chdir("/home/pyodide")
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
from saves import MemoryStorage
from viewmodel import App

class ProbePage:
    """What adapter.Page keeps between renders, without a document."""
    def __init__(self, init):
        self.app = App(MemoryStorage(dict(init["storage"])), lang=init["lang"],
                       entropy=int(init["entropy"], 16))
        self.territory_ids = list(init["territories"])
        self.board_cache = {}
        self.previous = {}
        self.app.dispatch("env", None, json.dumps(init["env"]))

    def view(self):
        view = self.app.render()
        out = {"slots": {}, "overlay": view["overlay"] is not None,
               "curtain": view["curtain"] is not None, "screen": view["screen"],
               "lang": view["html_lang"], "message": view["message"]}
        for slot in ("header", "panel", "overlay", "curtain", "notice"):
            key = json.dumps(view.get(slot), sort_keys=True)
            if self.previous.get(slot) != key:
                self.previous[slot] = key
                out["slots"][slot] = key
        ops = []
        territories = view["board"]["territories"]
        names = view["board"].get("names") or {}
        for tid in self.territory_ids:
            info = territories.get(tid)
            state = (("", names.get(tid)) if info is None
                     else (info["owner"], info["armies"], info["state"], info["label"]))
            if self.board_cache.get(tid) == state:
                continue
            self.board_cache[tid] = state
            ops.append([tid, None, None, None, names.get(tid)] if info is None
                       else [tid, info["owner"], info["armies"], info["state"], info["label"]])
        out["board"] = json.dumps(ops)
        return json.dumps(out)

    def event(self, action, arg, value):
        self.app.dispatch(action, arg, value)
        return self.view()
`;

(async () => {
  try {
    const [{ loadPyodide }, info] = await Promise.all([
      import(new URL("pyodide.mjs", indexURL).href),
      init,
    ]);
    ms.init = since();
    const snapshot = inflate(new URL(info.snapshot, base).href).then((bytes) => {
      ms.snapshot = since();
      return bytes;
    });
    const files = fetch(new URL("./python-files.json", base).href).then((r) => r.json());
    const pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
    ms.restored = since();
    const encoder = new TextEncoder();
    for (const [dest, text] of Object.entries((await files).files)) {
      const path = `/home/pyodide/${dest.replace(/^\.\//, "")}`;
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, encoder.encode(text), { canOwn: true });
    }
    ms.files = since();
    const hex = [...crypto.getRandomValues(new Uint8Array(16))]
      .map((b) => b.toString(16).padStart(2, "0")).join("");
    pyodide.runPython(`__import__("random").seed(0x${hex})`);
    pyodide.runPython(PYTHON);
    const page = pyodide.globals.get("ProbePage")(pyodide.toPy(info));
    const view = page.view();
    ms.rendered = since();
    self.postMessage({ kind: "view", view, ms });
    self.onmessage = ({ data }) => {
      const started = performance.now();
      const next = page.event(data.action, data.arg ?? null, data.value ?? null);
      self.postMessage({ kind: "view", view: next, python_ms: performance.now() - started });
    };
  } catch (error) {
    self.postMessage({ kind: "error", error: String(error && error.stack || error), ms });
  }
})();
