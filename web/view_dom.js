// Writes a view node (web/nodes.py: {tag, attrs, children}, text as plain strings) to the
// DOM for web/adapter.py. Python hands over the node as one JSON text and gets one element
// back: building it here costs one call across Pyodide's bridge where building it from
// Python cost one per element, attribute and child (a game's panel: 10-30 ms a render).
// Text becomes text nodes and attribute values strings: nothing is parsed as HTML.
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
  window.pywarViewDom = Object.freeze({ build: (json) => make(JSON.parse(json), false) });
})();
