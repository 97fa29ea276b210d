/* pywar's service worker: the game plays offline after one visit. See docs/build.md.
 *
 * build.py fills in BUILD below: `version` hashes every file of the site (and this code),
 * `files` lists them, relative to this script. Each version has its own cache,
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

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(BUILD.files.map((f) => new Request(new URL(f, SCOPE), {cache: "no-cache"})));
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
