/* pywar: embedding and offline helpers, run before the page paints (a classic script in
 * <head>; owned by the build's maintainer, see docs/build.md and docs/embed.md).
 *
 *  - `?embed=1`: class "embed" on <html>, the compact layout for an iframe (style.css).
 *  - Saves of an embedded game: inside a frame with no `?ns=`, window.pywarSavesNamespace
 *    is "embed-<hash of the embedding page's origin and path>" (document.referrer), so two
 *    host pages never share saved games; main.py uses it when there is no `ns` parameter.
 *  - The service worker (sw.js): registered once the game is ready (html[data-ready]), so
 *    caching the site never slows the first start. On an update the new version installs
 *    in the background and a bar offers "Update": the new worker takes over and the page
 *    reloads once (saved games are kept: every action is saved).
 *  - window.pywarBrowserLang: "pt" or "en", the first of the browser's languages the page
 *    speaks (a first visit with no ?lang= and no language chosen before opens in it; none
 *    of them: null, and the page speaks Portuguese, the game's own language).
 */
(function () {
  "use strict";
  var html = document.documentElement;
  var params = new URLSearchParams(window.location.search);

  var embed = (params.get("embed") || "").toLowerCase();
  if (embed === "1" || embed === "true" || embed === "yes") html.classList.add("embed");
  // the host chose the language (?lang=): an embed then leaves its language button out
  // (the languages the page speaks: any other value falls back to Portuguese, switchable)
  if (/^(pt|en)$/.test(params.get("lang") || "")) html.classList.add("lang-chosen");

  window.pywarBrowserLang = (function () {
    var wanted = navigator.languages && navigator.languages.length
      ? navigator.languages : [navigator.language || ""];
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i] || "").slice(0, 2).toLowerCase();
      if (code === "pt" || code === "en") return code;
    }
    return null;
  })();

  var framed;
  try {
    framed = window.top !== window.self;
  } catch (e) {
    framed = true;
  }
  if (framed && !params.get("ns")) {
    var host = "";
    try {
      var ref = new URL(document.referrer);
      host = ref.origin + ref.pathname;
    } catch (e) {
      host = "";  // no referrer (referrerpolicy="no-referrer"): one namespace for them all
    }
    var hash = 0x811c9dc5;  // FNV-1a, 32 bits
    for (var i = 0; i < host.length; i++) {
      hash ^= host.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    window.pywarSavesNamespace = host ? "embed-" + hash.toString(36) : "embed";
  }

  // Storage blocked (a third-party frame when the browser blocks third-party storage, as
  // Chromium's incognito does): the saves fall back to memory (main.py), and PyScript's
  // package cache, which opens an IndexedDB at start-up and fails to start without one,
  // gets a small in-memory stand-in for the part of the IndexedDB API it uses.
  function memoryIndexedDB() {
    var dbs = {};
    function request(compute) {
      var req = {readyState: "pending"};
      Promise.resolve().then(function () {
        try {
          req.result = compute();
          req.readyState = "done";
          if (req.onsuccess) req.onsuccess({type: "success", target: req});
        } catch (error) {
          req.error = error;
          if (req.onerror) req.onerror({type: "error", target: req});
        }
      });
      return req;
    }
    function database() {
      var stores = {};
      var store = function (name) {
        var m = stores[name] || (stores[name] = new Map());
        return {
          count: function () { return request(function () { return m.size; }); },
          clear: function () { return request(function () { m.clear(); }); },
          delete: function (k) { return request(function () { m.delete(k); }); },
          get: function (k) { return request(function () { return m.get(k); }); },
          getKey: function (k) { return request(function () { return m.has(k) ? k : undefined; }); },
          getAllKeys: function () { return request(function () { return Array.from(m.keys()); }); },
          put: function (v, k) { return request(function () { m.set(k, v); return k; }); },
        };
      };
      return {
        objectStoreNames: {length: 1, contains: function () { return true; }},
        createObjectStore: store,
        transaction: function () { return {objectStore: store}; },
        close: function () {},
      };
    }
    return {
      open: function (name) {
        return request(function () { return dbs[name] || (dbs[name] = database()); });
      },
    };
  }
  function useMemoryIndexedDB() {
    if (window.pywarMemoryIndexedDB) return;
    window.pywarMemoryIndexedDB = true;
    Object.defineProperty(window, "indexedDB", {value: memoryIndexedDB(), configurable: true});
  }
  try {
    void window.localStorage;
    var probe = window.indexedDB.open("pywar-probe");
    probe.onsuccess = function () {
      probe.result.close();
      window.indexedDB.deleteDatabase("pywar-probe");
    };
    probe.onerror = function (event) {
      if (event && event.preventDefault) event.preventDefault();
      useMemoryIndexedDB();
    };
  } catch (e) {
    useMemoryIndexedDB();
  }

  // A frame sandboxed without allow-same-origin (some school platforms): the page's origin
  // is opaque, the browser refuses it the game's module scripts and storage, and Python
  // never starts. Say so, in place of the loading bar, with the way out (its own tab) and
  // what the page's author can change; hide the drawn first screen, whose Start would do
  // nothing. (A file:// page's origin is opaque too: the one-file edition runs there.)
  var opaque = false;
  try {
    opaque = window.origin === "null" && /^https?:$/.test(window.location.protocol);
  } catch (e) {
    opaque = false;
  }
  if (opaque) {
    html.setAttribute("data-cannot-run", "sandbox");
    var SANDBOX = {
      pt: {text: "O jogo não pode rodar neste quadro: a página que o mostra não permite " +
                 "(um iframe com sandbox sem allow-same-origin).",
           open: "Abrir o jogo numa aba própria",
           copy: "A página também não deixa abrir abas. Copie este endereço e abra-o numa " +
                 "aba nova:",
           fix: "Para quem fez a página: acrescente allow-same-origin ao sandbox do iframe " +
                "(e allow-popups, allow-popups-to-escape-sandbox e allow-downloads, para " +
                "abrir o jogo numa aba e salvá-lo em arquivo)."},
      en: {text: "The game cannot run in this frame: the page showing it does not allow it " +
                 "(an iframe sandbox without allow-same-origin).",
           open: "Open the game in its own tab",
           copy: "The page does not let it open tabs either. Copy this address and open it " +
                 "in a new tab:",
           fix: "For the page's author: add allow-same-origin to the iframe's sandbox (and " +
                "allow-popups, allow-popups-to-escape-sandbox and allow-downloads, to open " +
                "the game in a tab and save it to a file)."},
    };
    var chosen = params.get("lang");
    var langs = chosen === "en" || chosen === "pt" ? [chosen] : ["pt", "en"];
    var explain = function () {
      var loader = document.getElementById("loader");
      if (!loader) return;
      loader.textContent = "";
      loader.setAttribute("role", "alert");
      langs.forEach(function (lang) {
        var texts = SANDBOX[lang];
        var block = document.createElement("div");
        block.lang = lang;
        block.className = "cannot-run";
        var text = document.createElement("p");
        text.textContent = texts.text;
        var open = document.createElement("a");
        open.href = window.location.href;
        open.target = "_blank";
        open.rel = "noopener";
        open.className = "btn primary";
        open.textContent = texts.open;
        // without allow-popups the tab is refused without a word: the address, to copy
        var copy = document.createElement("label");
        copy.className = "own-tab-address";
        copy.hidden = true;
        copy.appendChild(document.createTextNode(texts.copy));
        var address = document.createElement("input");
        address.type = "text";
        address.readOnly = true;
        address.value = window.location.href;
        copy.appendChild(address);
        open.addEventListener("click", function (event) {
          event.preventDefault();
          var opened = window.open(open.href, "_blank");
          if (opened) opened.opener = null;
          else {
            copy.hidden = false;
            address.focus();
            address.select();
          }
        });
        var fix = document.createElement("p");
        fix.className = "hint";
        fix.textContent = texts.fix;
        block.appendChild(text);
        block.appendChild(open);
        block.appendChild(copy);
        block.appendChild(fix);
        loader.appendChild(block);
      });
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", explain);
    else explain();
    return;
  }

  var singleFile = document.querySelector('meta[name="pywar-edition"][content="single-file"]');
  var sw;
  try {
    sw = window.isSecureContext && !singleFile && /^https?:$/.test(window.location.protocol)
      && navigator.serviceWorker;
  } catch (e) {
    sw = null;  // e.g. a sandboxed frame without allow-same-origin
  }
  if (!sw) return;

  var TEXTS = {
    pt: {text: "Há uma nova versão do jogo.", button: "Atualizar", close: "Agora não",
         label: "Nova versão"},
    en: {text: "A new version of the game is available.", button: "Update", close: "Not now",
         label: "New version"},
  };
  var hadController = !!sw.controller;
  var asked = false;

  /** The bar's words in the page's language (it follows a switch of language). */
  function speak(bar) {
    var texts = TEXTS[(html.lang || "pt").slice(0, 2)] || TEXTS.pt;
    bar.setAttribute("aria-label", texts.label);
    bar.children[0].textContent = texts.text;
    bar.children[1].textContent = texts.button;
    bar.children[2].setAttribute("aria-label", texts.close);
    bar.children[2].title = texts.close;
  }
  new MutationObserver(function () {
    var bar = document.getElementById("update-bar");
    if (bar) speak(bar);
  }).observe(html, {attributes: true, attributeFilter: ["lang"]});

  function offer(worker) {
    var bar = document.getElementById("update-bar");
    if (!bar) {
      // A row above the top bar: it pushes the page down and covers nothing.
      bar = document.createElement("section");
      bar.id = "update-bar";
      bar.className = "update-bar";
      var text = document.createElement("span");
      text.setAttribute("role", "status");
      var button = document.createElement("button");
      button.type = "button";
      button.id = "update-button";
      button.className = "btn small primary";
      var close = document.createElement("button");
      close.type = "button";
      close.id = "update-close";
      close.className = "btn small update-close";
      close.textContent = "✕";
      close.onclick = function () {
        bar.remove();
        if (window.pywarZoom) window.pywarZoom.relayout();
      };
      bar.appendChild(text);
      bar.appendChild(button);
      bar.appendChild(close);
      document.body.insertBefore(bar, document.body.firstChild);
    }
    speak(bar);
    bar.children[1].onclick = function () {
      bar.children[1].disabled = true;
      asked = true;
      if (worker && worker.state === "installed") worker.postMessage("pywar:update");
      else window.location.reload();
    };
    if (window.pywarZoom) window.pywarZoom.relayout();
  }

  sw.addEventListener("controllerchange", function () {
    if (asked) {
      asked = false;
      window.location.reload();
    } else if (hadController) {
      offer(null);  // another tab updated: this one still runs the old version
    }
    hadController = true;
  });

  function track(worker) {
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed" && sw.controller) offer(worker);
    });
  }

  function watch(registration) {
    if (!registration) return;  // a browser may resolve without one (e.g. an opaque origin)
    // A page left open for days (a tablet's installed game is seldom reloaded) asks for a
    // new version when it comes back into sight and every hour, not only at navigation.
    var checked = Date.now();
    var check = function () {
      if (Date.now() - checked < 10 * 60 * 1000) return;
      checked = Date.now();
      registration.update().catch(function () {});  // offline: the next check will do
    };
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") check();
    });
    setInterval(check, 60 * 60 * 1000);
    // The browser may have found the update at navigation, before this registration call.
    if (registration.waiting && sw.controller) offer(registration.waiting);
    if (registration.installing) track(registration.installing);
    registration.addEventListener("updatefound", function () {
      if (registration.installing) track(registration.installing);
    });
  }

  function register() {
    sw.register("./sw.js").then(watch, function (error) {
      console.warn("pywar: offline play is not available:", error);
    });
  }

  if (html.hasAttribute("data-ready")) {
    register();
  } else {
    var observer = new MutationObserver(function () {
      if (html.hasAttribute("data-ready")) {
        observer.disconnect();
        register();
      }
    });
    observer.observe(html, {attributes: true, attributeFilter: ["data-ready"]});
  }
})();
