/* pywar's service worker: the game plays offline after one visit. See docs/build.md.
 *
 * build.py fills in BUILD below: `version` hashes every file of the site (and this code),
 * `files` lists them, relative to this script, `inflate` the gzip files among them that are
 * cached unpacked (the memory snapshot). Each version has its own cache,
 * "pywar:<scope>:<version>", so two versions never mix:
 *   - install: fetch the whole new set into the new cache, each file checked with the
 *     server (`cache: "no-cache"`: an HTTP cache may still hold files of the old version;
 *     an unchanged file is a 304, not a second download);
 *     a first install activates at once, an update waits until the page asks for it (the
 *     "new version" bar of web/pwa.js) or every tab of the old version is gone;
 *   - activate: delete this scope's caches of other versions, take control of open pages;
 *   - fetch: answer GETs under the scope from the cache (pages whatever their ?query),
 *     anything else from the network.
 */
"use strict";

// build.py replaces the next line with the build's version and file list.
const BUILD = {"version": "dev", "files": []};

const SCOPE = new URL("./", self.location.href).href;
const PREFIX = `pywar:${new URL(SCOPE).pathname}:`;
const CACHE = PREFIX + BUILD.version;

// Files kept inflated: the gzip memory snapshot (see web/pyodide_boot.mjs) is unpacked once
// here, off the page's thread, so a start from the cache has nothing to inflate.
const INFLATE = new Set(BUILD.inflate || []);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const request = (f) => new Request(new URL(f, SCOPE), {cache: "no-cache"});
    await cache.addAll(BUILD.files.filter((f) => !INFLATE.has(f)).map(request));
    for (const f of INFLATE) {
      const response = await fetch(request(f));
      if (!response.ok) throw new Error(`${f}: HTTP ${response.status}`);
      const raw = await new Response(
        response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
      await cache.put(request(f), new Response(raw, {headers: {
        "Content-Type": "application/octet-stream", "X-Pywar-Inflated": "1"}}));
    }
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "pywar:update") self.skipWaiting();
  else if (event.data === "pywar:version" && event.source) {
    event.source.postMessage({type: "pywar:version", version: BUILD.version});
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const url = new URL(request.url);
    let path = url.pathname.slice(new URL(SCOPE).pathname.length);
    if (request.mode === "navigate" && (path === "" || path.endsWith("/"))) path += "index.html";
    const cache = await caches.open(CACHE);
    const hit = await cache.match(new URL(path, SCOPE).href);
    return hit || fetch(request);
  })());
});
