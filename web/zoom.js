// The board's view and the page's layout: pinch-zoom and pan (touch, pen and mouse), the
// wheel, double tap, the +/−/⤢ buttons, and which layout gives the map the most room.
// Pure view mechanics on the SVG's viewBox; the game itself never sees them. A drag that
// moved the map does not count as a tap on a territory; the second tap of a double tap is
// marked (event.pywarDouble) for main.py, whose view model decides whether it zooms.
//
// Why not a library such as @panzoom/panzoom: it zooms an element with a CSS transform,
// while this board zooms its viewBox (crisp at any zoom, and main.py maps taps to the map
// through the SVG's own matrix); it has no double tap and no tap-versus-drag rule for
// clicks, which the board needs, so the gesture code would stay anyway.
(function () {
  "use strict";
  var svg = null, full = null, home = null, view = null;
  var MAX_ZOOM = 6;            // relative to the whole map
  var DOUBLE_MS = 350;         // a second tap this soon...
  var DOUBLE_PX = 30;          // ...and this near is a double tap
  var html = document.documentElement;

  function box(list) {
    var b = null;
    list.forEach(function (el) {
      if (!el) return;
      var r;
      try { r = el.getBBox(); } catch (e) { return; }
      if (!r || (!r.width && !r.height)) return;
      if (!b) b = {x: r.x, y: r.y, x2: r.x + r.width, y2: r.y + r.height};
      else {
        b.x = Math.min(b.x, r.x); b.y = Math.min(b.y, r.y);
        b.x2 = Math.max(b.x2, r.x + r.width); b.y2 = Math.max(b.y2, r.y + r.height);
      }
    });
    return b;
  }

  // The whole map as drawn by the game (territories, names, badges, air bases), with a
  // small margin, inside the viewBox: the view a board opens with.
  function homeView() {
    var b = box(["territories", "labels", "badges", "air-bases", "ce-markers"].map(
      function (c) { return svg.querySelector("." + c); }));
    if (!b) return {x: full.x, y: full.y, w: full.w, h: full.h};
    var m = 10;
    var x = Math.max(full.x, b.x - m), y = Math.max(full.y, b.y - m);
    var x2 = Math.min(full.x + full.w, b.x2 + m), y2 = Math.min(full.y + full.h, b.y2 + m);
    return {x: x, y: y, w: x2 - x, h: y2 - y};
  }

  function attach(el) {
    if (!el) return;
    svg = el;
    if (!svg.dataset.fullViewbox) {  // a board seen again keeps its whole-map view
      var base = svg.viewBox.baseVal;
      svg.dataset.fullViewbox = [base.x, base.y, base.width, base.height].join(" ");
    }
    var f = svg.dataset.fullViewbox.split(" ").map(Number);
    full = {x: f[0], y: f[1], w: f[2], h: f[3]};
    home = homeView();
    view = {x: home.x, y: home.y, w: home.w, h: home.h};
    if (!svg.dataset.zoomBound) {
      svg.dataset.zoomBound = "1";
      svg.addEventListener("pointerdown", onDown);
      svg.addEventListener("pointermove", onMove);
      svg.addEventListener("pointerup", onUp);
      svg.addEventListener("pointercancel", release);
      svg.addEventListener("click", onClickCapture, true);
      svg.addEventListener("wheel", onWheel, {passive: false});
    }
    layout();
    apply();
  }

  // -------------------------------------------------------------- layout
  // "side": the panel beside the map; "below": the panel in a strip under it. Whichever
  // shows the map larger, the map keeping at least half of the screen; the side panel
  // when the strip would show the map at most an eighth larger (an 800 x 560 embed: a
  // strip of 165 px hid End attacks, a side panel shows the whole turn for a map 9 %
  // smaller). A screen or frame of at most SHORT px high and at least 600 wide always
  // puts the panel beside the map: below it the map keeps half the height and the strip
  // is too short for a battle's buttons (a class page's 640 x 480 frame cut End attacks
  // off; a phone held sideways is as short).
  var SIDE_BIAS = 1.125, SHORT = 500;

  function cssPx(name, fallback) {
    var v = parseFloat(getComputedStyle(html).getPropertyValue(name));
    return isNaN(v) ? fallback : v;
  }

  function layout() {
    if (!home) return;
    var w = window.innerWidth, h = window.innerHeight;
    var main = document.getElementById("layout");
    var top = main ? main.getBoundingClientRect().top : 52;
    var avail = Math.max(100, h - top);
    var panelW = cssPx("--panel-w", 300), stripMin = cssPx("--strip-min", 180);
    var kSide = Math.min((w - panelW) / home.w, avail / home.h);
    var boardH = Math.min(w * home.h / home.w, avail - stripMin);
    boardH = Math.max(boardH, h * 0.52 - top * 0.04, 120);
    boardH = Math.min(boardH, avail - 96);
    var kBelow = Math.min(w / home.w, boardH / home.h);
    var side = w >= 600 && (kSide * SIDE_BIAS >= kBelow || h <= SHORT);
    var chosen = side ? "side" : "below", height = Math.round(boardH) + "px";
    if (html.dataset.layout !== chosen) html.dataset.layout = chosen;
    if (html.style.getPropertyValue("--board-h") !== height) {
      html.style.setProperty("--board-h", height);
    }
  }

  // -------------------------------------------------------------- the view
  function scaleNow() {
    var r = svg.getBoundingClientRect();
    if (!r.width || !r.height) return 1;
    return Math.min(r.width / view.w, r.height / view.h);
  }

  function apply() {
    svg.setAttribute("viewBox", [view.x, view.y, view.w, view.h].join(" "));
    var k = scaleNow();
    svg.style.setProperty("--k", k.toFixed(4));
    // the map's names are unreadable below this scale: the chooser and the panel name
    // the territories instead, and the badges grow to stay legible
    svg.dataset.scale = k < 0.5 ? "small" : "normal";
  }

  function clamp() {
    view.w = Math.min(full.w, Math.max(full.w / MAX_ZOOM, view.w));
    view.h = view.w * home.h / home.w;
    if (view.h > full.h) { view.h = full.h; view.w = view.h * home.w / home.h; }
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
    var h = w * home.h / home.w;
    view.x = p.x - (p.x - view.x) * (w / view.w);
    view.y = p.y - (p.y - view.y) * (h / view.h);
    view.w = w;
    view.h = h;
    clamp();
    apply();
  }

  // Bring an element of the map (a territory's badge) into sight: when any of it lies
  // outside the map's box, the view moves (same zoom) to put it in the middle.
  function reveal(el) {
    if (!svg || !el) return;
    var r = el.getBoundingClientRect(), s = svg.getBoundingClientRect();
    if (!r.width && !r.height) return;
    if (r.left >= s.left && r.right <= s.right && r.top >= s.top && r.bottom <= s.bottom) return;
    var p = toSvg(r.left + r.width / 2, r.top + r.height / 2);
    view.x = p.x - view.w / 2;
    view.y = p.y - view.h / 2;
    clamp();
    apply();
  }

  // Zoom in on some of the map's elements (a continent's territories, one territory): in
  // the middle, with room around them, at least near enough for the names to show.
  function show(list) {
    if (!svg) return;
    var b = box(list);
    if (!b) return;
    var ratio = home.h / home.w;
    var w = Math.max((b.x2 - b.x) * 2.5, (b.y2 - b.y) * 2.5 / ratio, full.w / 3);
    var h = w * ratio;
    view = {x: (b.x + b.x2) / 2 - w / 2, y: (b.y + b.y2) / 2 - h / 2, w: w, h: h};
    clamp();
    apply();
  }

  function center() {
    var r = svg.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2};
  }

  function reset() {
    view = {x: home.x, y: home.y, w: home.w, h: home.h};
    apply();
  }

  // -------------------------------------------------------------- gestures
  var pointers = new Map();
  var start = null;
  var moved = false;
  var downType = "mouse";
  var lastTap = null;   // {t, x, y} of the last touch tap that ended without moving

  function onDown(e) {
    pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
    downType = e.pointerType || "mouse";
    if (pointers.size === 1) moved = false;
    else moved = true;  // a second finger: a pinch, never a tap
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
      if (!moved && Math.hypot(dx, dy) < 10) return;
      moved = true;
      if (view.w >= home.w && view.h >= home.h) return;  // nothing to pan at the whole map
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

  function onUp(e) {
    release(e);
  }

  // A drag is not a tap: swallow the click that ends it before the page's handler sees it.
  // A touch tap soon after another at the same place is marked as a double tap.
  function onClickCapture(e) {
    if (moved) {
      e.stopPropagation();
      e.preventDefault();
      moved = false;
      return;
    }
    if (downType !== "touch" && downType !== "pen") return;
    var now = Date.now();
    if (lastTap && now - lastTap.t < DOUBLE_MS &&
        Math.hypot(e.clientX - lastTap.x, e.clientY - lastTap.y) < DOUBLE_PX) {
      e.pywarDouble = true;
      lastTap = null;
    } else {
      lastTap = {t: now, x: e.clientX, y: e.clientY};
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
    else reset();
  });

  function refit() {
    if (!svg) return;
    layout();
    apply();
  }
  window.addEventListener("resize", refit);
  if (window.ResizeObserver) {
    // the map's room changes with the page (a notice or the update bar above it)
    new ResizeObserver(refit).observe(document.getElementById("layout"));
  }

  window.pywarZoom = {
    attach: attach,
    zoomBy: function (factor, clientX, clientY) { if (svg) zoomAt(factor, clientX, clientY); },
    reset: function () { if (svg) reset(); },
    reveal: reveal,
    show: show,
    relayout: refit,
    scale: function () { return svg ? scaleNow() : 1; },
  };

  attach(document.getElementById("board"));
})();
