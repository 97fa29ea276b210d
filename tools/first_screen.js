/* pywar's first screen before Python (build owner; see docs/build.md, "First screen").
 *
 * build.py renders the header and the new-game screen into index.html from the view model
 * (tools/prerender.py), for every language, and inlines this script after them with FIRST
 * filled in. Before Python is ready it
 *   - shows the player's language (?lang=, else the stored preference) and, for a player
 *     with a game in progress, the "continue your game" card instead of the new-game form;
 *     with ?variant= of another board, no form (that board's form comes with Python);
 *   - records what the player does in the form (typing, choices, taps) in
 *     window.pywarEarlyEvents; main.py replays it into the view model when it takes over,
 *     and keeps the prerendered markup (caret and all) when only text was typed.
 */
(function () {
  "use strict";
  // build.py replaces the next line: storage keys, languages, boards.
  var FIRST = null;
  if (!FIRST) return;
  var html = document.documentElement;
  var params = new URLSearchParams(window.location.search);
  var ns = params.get("ns") || window.pywarSavesNamespace || "";

  function storageKey(kind) {
    return ns ? FIRST.keys[kind + "_namespaced"].replace("{ns}", ns) : FIRST.keys[kind + "_plain"];
  }
  function read(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null; // storage blocked: a first visit, as far as this screen knows
    }
  }
  function part(lang, name) {
    var t = document.querySelector(
      'template[data-first-screen="' + lang + '"][data-part="' + name + '"]');
    return t ? t.content.cloneNode(true) : document.createTextNode("");
  }

  var header = document.getElementById("header-slot");
  var overlay = document.getElementById("overlay");
  var slot = document.getElementById("overlay-slot");
  if (!header || !overlay || !slot) return;

  var lang = params.get("lang") || read(storageKey("lang")) || window.pywarBrowserLang
    || FIRST.lang;
  if (!FIRST.langs[lang]) lang = FIRST.lang;
  var screen = FIRST.langs[lang];
  if (lang !== FIRST.lang) {
    // the drawn map's names in the page's language (an English page showed "Alasca",
    // "Groenlândia" until Python came); another board's names come with its map
    var drawn = document.getElementById("board");
    if (screen.names && drawn) {
      drawn.setAttribute("aria-label", screen.map_label);
      var labels = drawn.querySelectorAll("[data-label]");
      for (var l = 0; l < labels.length; l++) {
        var name = screen.names[labels[l].getAttribute("data-label")];
        if (name) labels[l].textContent = name;
      }
    }
    header.replaceChildren(part(lang, "header"));
    header.setAttribute("data-view", screen.header_key);
    slot.replaceChildren(part(lang, "overlay"));
    slot.setAttribute("data-view", screen.overlay_key);
    html.setAttribute("lang", screen.html_lang);
    document.title = screen.title;
  }
  var variant = params.get("variant");
  var resuming = !!read(storageKey("current"));
  // the top bar names the game whose board comes first: ?variant=, else the default's;
  // a game in progress is named once Python has read it (no name rather than a wrong one)
  var brand = document.getElementById("brand-sub");
  var named = resuming
    ? ""
    : screen.brands[FIRST.boards.indexOf(variant) >= 0 ? variant : FIRST.board];
  if (brand && typeof named === "string" && brand.textContent !== named) {
    brand.textContent = named;
  }
  if (resuming) {
    slot.replaceChildren(part(lang, "continue"));
    slot.removeAttribute("data-view");
    slot.setAttribute("aria-labelledby", "resume-title");
    html.setAttribute("data-screen", "resume");
  } else if (variant && variant !== FIRST.board && FIRST.boards.indexOf(variant) >= 0) {
    overlay.hidden = true;
    slot.replaceChildren();
    slot.removeAttribute("data-view");
  }

  // What the player does before Python: [event, action, arg, value], as main.py reads it.
  var queue = (window.pywarEarlyEvents = []);
  function record(event) {
    if (window.pywarEarlyEvents !== queue) {
      for (var i = 0; i < kinds.length; i++) document.removeEventListener(kinds[i], record, true);
      return;
    }
    var el = event.target && event.target.closest ? event.target.closest("[data-action]") : null;
    if (!el || !(header.contains(el) || slot.contains(el))) return;
    var tag = el.tagName.toLowerCase();
    var action = el.getAttribute("data-action");
    var arg = el.getAttribute("data-arg");
    if (tag === "button" && event.type === "click") {
      queue.push(["click", action, arg, null]);
      el.setAttribute("aria-busy", "true");
    } else if (tag === "select" && event.type === "change") {
      queue.push(["change", action, arg, el.value]);
    } else if (tag === "input" && el.type === "checkbox" && event.type === "change") {
      queue.push(["change", action, arg, el.checked ? "true" : "false"]);
    } else if (tag === "input" && el.type !== "file" && event.type === "input") {
      queue.push(["input", action, arg, el.value]);
    }
  }
  var kinds = ["click", "change", "input"];
  for (var i = 0; i < kinds.length; i++) document.addEventListener(kinds[i], record, true);
})();
