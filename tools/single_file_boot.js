// Boot script of the one-file edition (dist/pywar.html, `python3 build.py --single-file`).
// build.py inlines it at the end of <body>, after two data elements:
//   <script type="application/json" id="pywar-files">  the index of the packed files
//   <script type="text/plain" id="pywar-data">         base64 of one gzip stream of them
// It inflates the files with the browser's own DecompressionStream, then
//   - answers window.fetch for those paths (pyscript.json, main.py, pywar/**, the Pyodide
//     wasm, standard library and lock file) from memory, so nothing is read from disk or
//     network (a file:// page may not fetch file:// URLs anyway);
//   - makes the packed ES modules (the Pyodide loader pyodide_boot.mjs, pyodide.mjs,
//     pyodide.asm.mjs) blob: URLs: `window.pywarResolveModule(url)` gives the blob: URL of
//     a packed module's URL (the bundle calls it where polyscript imports pyscript.json's
//     `interpreter`, see tools/single_file.mjs) and `window.pywarModules` lists them for
//     the loader, which hands Pyodide its pyodide.asm.mjs. No import map: the page's CSP
//     allows blob: scripts, not an inline map it could not hash;
//   - imports the bundled PyScript (tools/single_file.mjs), which then runs the page's
//     <script type="py"> exactly as the hosted site does.
(async () => {
  "use strict";
  const progress = (value) => {
    const bar = document.getElementById("load-progress");
    if (bar && value > bar.value) bar.value = value;
  };
  performance.mark("pywar:single-file-start");
  const index = JSON.parse(document.getElementById("pywar-files").textContent);
  const dataEl = document.getElementById("pywar-data");
  const text = dataEl.textContent;
  dataEl.remove(); // the base64 text is not needed once read: let it be collected
  const packed = typeof Uint8Array.fromBase64 === "function"
    ? Uint8Array.fromBase64(text)
    : Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const inflated = new Response(
    new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip")));
  const all = new Uint8Array(await inflated.arrayBuffer());
  performance.mark("pywar:single-file-inflated");
  progress(40);

  const base = document.baseURI;
  const key = (url) => {
    const u = new URL(url, base);
    u.search = "";
    u.hash = "";
    return u.href;
  };
  const files = new Map();
  for (const [path, offset, length, type] of index.files) {
    files.set(key(path), { bytes: all.subarray(offset, offset + length), type });
  }
  window.pywarSingleFile = { files: index.files.map((f) => f[0]), built: index.built };

  const blobUrl = (path) => URL.createObjectURL(
    new Blob([files.get(key(path)).bytes], { type: "text/javascript" }));
  const modules = {};
  const byKey = new Map();
  for (const path of index.modules) {
    modules[path] = blobUrl(path);
    byKey.set(key(path), modules[path]);
  }
  window.pywarModules = modules;
  window.pywarResolveModule = (url) => byKey.get(key(url)) || url;

  const nativeFetch = window.fetch.bind(window);
  window.fetch = function fetch(input, init) {
    const url = typeof input === "string" ? input
      : input instanceof URL ? input.href
        : input && typeof input.url === "string" ? input.url : String(input);
    if (!/^(data|blob):/.test(url)) {
      const file = files.get(key(url));
      if (file) {
        return Promise.resolve(new Response(file.bytes, {
          status: 200,
          headers: { "Content-Type": file.type, "Content-Length": String(file.bytes.length) },
        }));
      }
    }
    return nativeFetch(input, init);
  };

  // Images the page makes at run time (the map thumbnails, img elements) load from the
  // packed files too: their URLs become blob: URLs as the page sets them.
  const blobs = new Map();
  const packedUrl = (value) => {
    const text = String(value);
    if (/^(data|blob):/.test(text)) return text;
    const k = key(text);
    const file = files.get(k);
    if (!file) return text;
    if (!blobs.has(k)) {
      blobs.set(k, URL.createObjectURL(new Blob([file.bytes], { type: file.type })));
    }
    return blobs.get(k);
  };
  const isImage = (el, name) => (name === "src" && el instanceof HTMLImageElement)
    || ((name === "href" || name === "xlink:href") && el instanceof SVGImageElement);
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function setAttributePacked(name, value) {
    const packed = isImage(this, String(name).toLowerCase()) ? packedUrl(value) : value;
    return setAttribute.call(this, name, packed);
  };
  const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", {
    ...src,
    set(value) { src.set.call(this, packedUrl(value)); },
  });

  progress(50);

  performance.mark("pywar:single-file-boot");
  await import(blobUrl(index.entry));
})().catch((error) => {
  console.error("pywar: the one-file edition could not start:", error);
  const text = document.getElementById("loader-text");
  if (text) text.textContent = String(error);
});
