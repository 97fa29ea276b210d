/* Fetches and inflates the Pyodide memory snapshot off the page's thread (build owner; see
 * web/pyodide_boot.mjs). Message in: the snapshot's URL. Message out: {buffer} (transferred)
 * or {error}. A copy the service worker cached already inflated (X-Pywar-Inflated: 1) is
 * passed on as it is. */
"use strict";
self.onmessage = async (event) => {
  try {
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
