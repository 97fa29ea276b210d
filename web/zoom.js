// Pinch-zoom and pan of the board (touch, pen and mouse), the wheel, and the +/−/⤢ buttons.
// Pure view mechanics on the SVG's viewBox; the game itself never sees it. A drag that moved
// the map does not count as a tap on a territory.
(function () {
  "use strict";
  var svg = null, full = null, view = null;
  function attach(el) {
    if (!el) return;
    svg = el;
    if (!svg.dataset.fullViewbox) {  // a board seen again keeps its whole-map view
      var base = svg.viewBox.baseVal;
      svg.dataset.fullViewbox = [base.x, base.y, base.width, base.height].join(" ");
    }
    var f = svg.dataset.fullViewbox.split(" ").map(Number);
    full = {x: f[0], y: f[1], w: f[2], h: f[3]};
    view = {x: full.x, y: full.y, w: full.w, h: full.h};
    apply();
    svg.addEventListener("pointerdown", onDown);
    svg.addEventListener("pointermove", onMove);
    svg.addEventListener("pointerup", release);
    svg.addEventListener("pointercancel", release);
    svg.addEventListener("click", onClickCapture, true);
    svg.addEventListener("wheel", onWheel, {passive: false});
  }
  window.pywarZoom = {attach: attach};
  var MAX_ZOOM = 4;
  var pointers = new Map();
  var start = null;
  var moved = false;

  function apply() {
    svg.setAttribute("viewBox", [view.x, view.y, view.w, view.h].join(" "));
  }

  function clamp() {
    view.w = Math.min(full.w, Math.max(full.w / MAX_ZOOM, view.w));
    view.h = view.w * full.h / full.w;
    view.x = Math.min(full.x + full.w - view.w, Math.max(full.x, view.x));
    view.y = Math.min(full.y + full.h - view.h, Math.max(full.y, view.y));
  }

  function toSvg(clientX, clientY) {
    var r = svg.getBoundingClientRect();
    var scale = Math.max(view.w / r.width, view.h / r.height);
    var ox = (r.width * scale - view.w) / 2;
    var oy = (r.height * scale - view.h) / 2;
    return {x: view.x + (clientX - r.left) * scale - ox,
            y: view.y + (clientY - r.top) * scale - oy, scale: scale};
  }

  function zoomAt(factor, clientX, clientY) {
    var p = toSvg(clientX, clientY);
    var w = view.w / factor;
    var h = w * full.h / full.w;
    view.x = p.x - (p.x - view.x) * (w / view.w);
    view.y = p.y - (p.y - view.y) * (h / view.h);
    view.w = w;
    view.h = h;
    clamp();
    apply();
  }

  function center() {
    var r = svg.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2};
  }

  function onDown(e) {
    pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
    moved = false;
    start = {view: {x: view.x, y: view.y, w: view.w, h: view.h}, pts: snapshot()};
  }

  function snapshot() {
    return Array.from(pointers.values()).map(function (p) { return {x: p.x, y: p.y}; });
  }

  function onMove(e) {
    if (!pointers.has(e.pointerId) || !start) return;
    pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
    var pts = snapshot();
    if (pts.length === 1 && start.pts.length === 1) {
      var dx = pts[0].x - start.pts[0].x;
      var dy = pts[0].y - start.pts[0].y;
      if (!moved && Math.hypot(dx, dy) < 8) return;
      if (view.w >= full.w) return;  // nothing to pan at the whole-map view
      moved = true;
      var scale = toSvg(0, 0).scale;
      view.x = start.view.x - dx * scale;
      view.y = start.view.y - dy * scale;
      clamp();
      apply();
    } else if (pts.length === 2 && start.pts.length === 2) {
      var d0 = Math.hypot(start.pts[0].x - start.pts[1].x, start.pts[0].y - start.pts[1].y);
      var d1 = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);
      if (d0 < 10) return;
      moved = true;
      view = {x: start.view.x, y: start.view.y, w: start.view.w, h: start.view.h};
      zoomAt(d1 / d0, (pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2);
    }
  }

  function release(e) {
    pointers.delete(e.pointerId);
    start = pointers.size ? {view: {x: view.x, y: view.y, w: view.w, h: view.h},
                             pts: snapshot()} : null;
  }

  // A drag is not a tap: swallow the click that ends it before the page's handler sees it.
  function onClickCapture(e) {
    if (moved) {
      e.stopPropagation();
      e.preventDefault();
      moved = false;
    }
  }

  function onWheel(e) {
    e.preventDefault();
    zoomAt(e.deltaY < 0 ? 1.2 : 1 / 1.2, e.clientX, e.clientY);
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-zoom]");
    if (!b || !svg) return;
    var c = center();
    var kind = b.getAttribute("data-zoom");
    if (kind === "in") zoomAt(1.5, c.x, c.y);
    else if (kind === "out") zoomAt(1 / 1.5, c.x, c.y);
    else { view = {x: full.x, y: full.y, w: full.w, h: full.h}; apply(); }
  });

  attach(document.getElementById("board"));
})();
