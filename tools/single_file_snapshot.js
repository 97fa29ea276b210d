/* The one-file edition's snapshot maker: a classic worker (build owner; see docs/build.md,
 * "One-file edition"). The one-file edition has no room for the site's memory snapshot, so
 * after its first start the page's loader (web/pyodide_boot.mjs) has this worker make one,
 * and keeps it in IndexedDB for the next starts.
 *
 * Message in: {key, indexURL, modules: {pyodide, asm} (the modules' source text), runtime:
 * {url: bytes} (Pyodide's WebAssembly, standard library and lock file), files: {path:
 * bytes} (the page's Python files and PyScript's package, by their path under
 * /home/pyodide), pyscript (the package's paths, relative to /home/pyodide), warm (the text
 * of tools/snapshot_warm.py)}. Message out, then the worker is done: {snapshot} (bytes,
 * transferred) or {error}.
 *
 * A file:// page can start only classic workers, and they can import only blob: URLs of
 * their own: the modules come as text. Pyodide refuses classic workers (it tests
 * `importScripts`), which matters only for its own loading through importScripts; with
 * its modules imported, it runs as in a module worker.
 */
"use strict";
self.onmessage = async ({ data }) => {
  try {
    const { key, indexURL, modules, runtime, files, pyscript, warm } = data;
    const types = { wasm: "application/wasm", json: "application/json" };
    self.fetch = (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!(url in runtime)) return Promise.reject(new Error(`not packed: ${url}`));
      const type = types[url.split(".").pop()] || "application/octet-stream";
      return Promise.resolve(new Response(runtime[url], { headers: { "Content-Type": type } }));
    };
    self.importScripts = () => {
      throw new Error("no classic scripts here");
    };
    const blob = (text) => URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
    const { loadPyodide } = await import(blob(modules.pyodide));
    const create = (await import(blob(modules.asm))).default;
    const pyodide = await loadPyodide({
      indexURL, _makeSnapshot: true, createPyodideModule: create,
    });
    for (const [path, bytes] of Object.entries(files)) {
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, new Uint8Array(bytes));
    }
    pyodide.globals.set("PYSCRIPT_FILES", pyodide.toPy(pyscript));
    pyodide.globals.set("SNAPSHOT_KEY", key);
    pyodide.runPython(warm, { filename: "snapshot_warm.py" });
    pyodide.globals.delete("SNAPSHOT_KEY");
    pyodide.globals.delete("PYSCRIPT_FILES");
    const snapshot = pyodide.makeMemorySnapshot();
    self.postMessage({ snapshot }, [snapshot.buffer]);
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
};
