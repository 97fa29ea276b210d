/* The page's start work that can leave its thread (build owner; see web/pyodide_boot.mjs).
 * Message in: the snapshot's URL, or {wasm: URL}. Message out, then the worker is done:
 * - snapshot: fetched and inflated, {buffer} (transferred) or {error}. A copy the service
 *   worker cached already inflated (X-Pywar-Inflated: 1) is passed on as it is;
 * - wasm: Pyodide's WebAssembly module fetched and compiled, {module} or {error}. */
"use strict";
self.onmessage = async (event) => {
  try {
    if (event.data && event.data.wasm) {
      const module = await WebAssembly.compileStreaming(fetch(event.data.wasm));
      self.postMessage({ module });
      return;
    }
    const response = await fetch(event.data);
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    const cached = response.headers.get("X-Pywar-Inflated") === "1";
    const buffer = cached ? await response.arrayBuffer() : await new Response(
      response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    self.postMessage({ buffer, cached }, [buffer]);
  } catch (error) {
    self.postMessage({ error: String(error && error.message || error) });
  }
};
