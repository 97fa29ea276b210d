// Writes the view to the DOM for web/adapter.py, a call across Pyodide's bridge at a time
// rather than one per element or attribute (a game's panel cost 10-30 ms a render built
// from Python, the board's 42 to 80 territories 20-40 ms to find at each start):
//   build(json)        an element from a view node (web/nodes.py: {tag, attrs, children},
//                      text as plain strings: text nodes, never HTML);
//   bindBoard()        finds the board's territories, badges and labels (after the page's
//                      start and each swap of the map): their ids and badge anchors, JSON;
//   paintBoard(json)   [[id, owner, armies, state, label], ...] for the territories whose
//                      look changed (owner null: nobody's, the label is the plain name);
//   boardInput(json)   [[id, tabindex, picked], ...]: the keyboard's place, the taps' picks;
//   boardNames(json)   [[id, name], ...]: the labels in the page's language;
//   focusTerritory(id) focuses a territory (no scroll); false when the board has none.
// web/adapter.py's PythonViewDom does the same from Python when this script is missing.
(() => {
  "use strict";
  const SVG_NS = "http://www.w3.org/2000/svg";
  const make = (node, svg) => {
    if (typeof node === "string") return document.createTextNode(node);
    const inSvg = svg || node.tag === "svg";
    const el = inSvg
      ? document.createElementNS(SVG_NS, node.tag)
      : document.createElement(node.tag);
    for (const [name, value] of Object.entries(node.attrs)) {
      el.setAttribute(name, typeof value === "boolean" ? (value ? "True" : "False") : String(value));
    }
    for (const child of node.children) el.appendChild(make(child, inSvg));
    return el;
  };

  let paths = new Map();
  let badges = new Map();
  let labels = new Map();

  const bindBoard = () => {
    paths = new Map();
    badges = new Map();
    labels = new Map();
    const anchors = {};
    const board = document.getElementById("board");
    if (!board) return JSON.stringify({ territories: [], anchors });
    for (const el of board.querySelectorAll("[data-label]")) labels.set(el.dataset.label, el);
    for (const el of board.querySelectorAll("[data-territory]")) {
      paths.set(el.dataset.territory, el);
      el.setAttribute("role", "button");
    }
    for (const el of board.querySelectorAll("[data-badge]")) {
      badges.set(el.dataset.badge, [el, el.querySelector("text")]);
      const m = el.transform.baseVal.consolidate();
      if (m) anchors[el.dataset.badge] = [m.matrix.e, m.matrix.f];
    }
    return JSON.stringify({ territories: [...paths.keys()], anchors });
  };

  const paintBoard = (json) => {
    for (const [id, owner, armies, state, label] of JSON.parse(json)) {
      const path = paths.get(id);
      if (!path) continue;
      const [badge, text] = badges.get(id) || [null, null];
      if (owner === null) {
        path.removeAttribute("data-owner");
        path.removeAttribute("data-state");
        if (label) path.setAttribute("aria-label", label);
        if (badge) badge.removeAttribute("data-owner");
        continue;
      }
      path.setAttribute("data-owner", owner);
      path.setAttribute("data-state", state);
      path.setAttribute("aria-label", label);
      if (badge) {
        badge.setAttribute("data-owner", owner);
        badge.setAttribute("data-digits", String(String(armies).length));
        if (text) text.textContent = String(armies);
      }
    }
  };

  const boardInput = (json) => {
    for (const [id, tabindex, picked] of JSON.parse(json)) {
      const path = paths.get(id);
      if (!path) continue;
      path.setAttribute("tabindex", tabindex);
      if (picked) path.setAttribute("data-pick", "true");
      else path.removeAttribute("data-pick");
    }
  };

  const boardNames = (json) => {
    for (const [id, name] of JSON.parse(json)) {
      const el = labels.get(id);
      if (el) el.textContent = name;
    }
  };

  const focusTerritory = (id) => {
    const path = paths.get(id);
    if (!path) return false;
    path.focus({ preventScroll: true });
    return true;
  };

  window.pywarViewDom = Object.freeze({
    build: (json) => make(JSON.parse(json), false),
    bindBoard,
    paintBoard,
    boardInput,
    boardNames,
    focusTerritory,
  });
})();
