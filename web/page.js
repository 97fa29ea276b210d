// The page's side of pywar: writes the frames of web/session.py to the DOM and sends it
// what the player does, as plain messages (the session's docstring lists both). One
// delegated handler for the page's events; view nodes become elements and text nodes,
// never HTML. The session answers through a transport that web/adapter.py connects:
//   window.pywarPage.connect(handle, options)
//     handle(messageJson) -> frameJson | null, or a Promise of it (a session in a worker);
//     options: {board_id, speed} (the inlined map's board, ?speed=).
// Until then the prerendered first screen records what the player does
// (tools/first_screen.js); connect() replays it (the session's "take-over").
// The page's start (web/start.mjs, web/pyodide_boot.mjs) also takes from here
// `window.pywarPage.painted` (the first screen is on the display: the runtime's downloads
// may begin) and `snapshotCost()` (why not to download the snapshot on this visit).
// window.pywarViewDom keeps the DOM primitives: build(json), bindBoard(),
// paintBoard(json), boardInput(json), boardNames(json), focusTerritory(id).
(() => {
  "use strict";
  const SVG_NS = "http://www.w3.org/2000/svg";
  const ARROWS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
  // the next (previous) territory the player may choose: a jump over the arrows' steps
  const JUMPS = { PageDown: "next", PageUp: "previous" };
  const BLITZ_DELAY = 120;

  // ------------------------------------------------------------------ DOM primitives
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
    if (!board) return { territories: [], anchors };
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
    board.setAttribute("aria-describedby", "board-keys");
    return { territories: [...paths.keys()], anchors };
  };

  const paintBoard = (ops) => {
    for (const [id, owner, armies, state, label] of ops) {
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
        // a small territory's outline is a few pixels: its badge says it is chosen too
        if (state) badge.setAttribute("data-state", state);
        else badge.removeAttribute("data-state");
        badge.setAttribute("data-digits", String(String(armies).length));
        if (text) text.textContent = String(armies);
      }
    }
  };

  const boardInput = (ops) => {
    for (const [id, tabindex, picked] of ops) {
      const path = paths.get(id);
      if (!path) continue;
      path.setAttribute("tabindex", tabindex);
      if (picked) path.setAttribute("data-pick", "true");
      else path.removeAttribute("data-pick");
    }
  };

  const boardNames = (ops) => {
    for (const [id, name] of ops) {
      const el = labels.get(id);
      if (el) el.textContent = name;
    }
  };

  const focusTerritory = (id) => {
    const path = paths.get(id);
    if (!path) return false;
    path.focus({ preventScroll: true });
    // a zoomed map follows the keyboard: a territory out of sight comes to the middle
    const [badge] = badges.get(id) || [null];
    if (window.pywarZoom) window.pywarZoom.reveal(badge || path);
    return true;
  };

  // ------------------------------------------------------------------ the page's state
  const root = document.documentElement;
  const byId = (id) => document.getElementById(id);
  let handle = null; // the session's transport
  let slots = {};
  let boardId = null;
  const boards = new Map(); // maps already in the page
  let loadingBoard = null;
  let keyboard = false; // the keyboard is in use: the map's place is focused too
  let lastTap = [0, 0];
  let dialogKey = null;
  let returnFocus = null; // [element, action, arg] that had the focus when a dialog opened
  let focusApplied = 0;
  let pendingFocus = null;
  let announced = 0;
  let lastStep = null; // the player's step in the panel (the frame's "step")
  let wholeMap = null; // the frame's "whole_map" count: when it changes, the zoom resets
  let shownOnMap = null; // the frame's "show_on_map" count: when it grows, the map shows them
  let inSight = null; // the frame's "in_sight" count: when it grows, its element scrolls in
  let botTimer = null;
  let blitzTimer = null;
  let botDelay = null; // ?speed=fast: no pause between bot steps
  const botNow = new MessageChannel();

  /** Send a message to the session and write its answer; resolves to the frame. */
  let inFlight = 0; // messages whose frames have not come back (a session in a worker)
  const call = (message, { focus = true } = {}) => {
    const answer = handle(JSON.stringify(message));
    const written = (text) => {
      if (text === null || text === undefined) return null;
      const frame = JSON.parse(text);
      write(frame, focus);
      return frame;
    };
    if (!(answer && typeof answer.then === "function")) return written(answer);
    // <html data-pending> while frames are on their way (tests wait for it to go)
    inFlight += 1;
    root.setAttribute("data-pending", "");
    const settled = () => {
      inFlight -= 1;
      if (!inFlight) root.removeAttribute("data-pending");
    };
    return answer.then(written).finally(settled);
  };
  const send = (action, arg = null, value = null) => call({ kind: "send", action, arg, value });

  // ------------------------------------------------------------------ frames
  const fill = (slot, key) => {
    const el = slots[slot];
    const focused = document.activeElement;
    let focusKey = null;
    if (focused && el.contains(focused)) {
      focusKey = [focused.getAttribute("data-action"), focused.getAttribute("data-arg")];
    }
    // a file input whose picker may be open stays the same element: a frame written
    // while the player chooses a file (a storage estimate, another tab's save) would
    // leave the choice on a detached input, its change never reaching the page
    const files = [...el.querySelectorAll('input[type="file"][data-action]')];
    el.replaceChildren();
    if (key !== null) el.appendChild(make(JSON.parse(key), false));
    for (const old of files) {
      const fresh = el.querySelector(
        `input[type="file"][data-action="${old.getAttribute("data-action")}"]`,
      );
      if (fresh) fresh.replaceWith(old);
    }
    if (focusKey && focusKey[0]) {
      let selector = `[data-action="${focusKey[0]}"]`;
      if (focusKey[1] !== null) selector += `[data-arg="${focusKey[1]}"]`;
      const again = el.querySelector(selector);
      if (again) again.focus();
    }
  };

  const write = (frame, focus = true) => {
    if (frame.writes) store(frame.writes);
    if (!("screen" in frame)) return frame.timers && scheduleTimers(frame.timers); // no render
    if (frame.board_id !== boardId && loadingBoard !== frame.board_id) {
      loadingBoard = frame.board_id;
      loadBoard(frame.board_id);
    }
    if (root.getAttribute("lang") !== frame.lang) {
      // a screen reader's last announcement was in the other language: gone with it
      if (root.getAttribute("lang")) byId("announce").textContent = "";
      root.setAttribute("lang", frame.lang);
    }
    if (document.title !== frame.title) document.title = frame.title; // the game in play
    const brand = byId("brand-sub"); // the game's name in the top bar
    if (brand && typeof frame.brand === "string" && brand.textContent !== frame.brand) {
      brand.textContent = frame.brand;
    }
    const hadFocus = focusedInside();
    // what had the focus before this frame: folding the menu hides (and blurs) the
    // button that opened a screen, which is still where the focus goes back to
    const focusedBefore = hadFocus ? document.activeElement : null;
    for (const [slot, key] of Object.entries(frame.slots)) fill(slot, key);
    byId("overlay").hidden = !frame.overlay;
    const heading = slots.overlay.querySelector("h2[id]");
    if (heading) {
      slots.overlay.setAttribute("aria-labelledby", heading.id);
      heading.setAttribute("tabindex", "-1");
    }
    byId("curtain").hidden = !frame.curtain;
    byId("curtain").inert = Boolean(frame.curtain && frame.overlay); // under a screen
    for (const el of [byId("board-wrap"), byId("panel")]) {
      el.inert = frame.overlay || frame.curtain; // the game behind a dialog takes no input
    }
    if (frame.names) boardNames(frame.names);
    if (frame.labels) nameControls(frame.labels);
    if (frame.step !== lastStep) {
      // a new step of the player's (a new turn, phase or pick): its instruction is at the
      // top of the panel, wherever the player had scrolled it to (say, the dice below)
      lastStep = frame.step;
      // (a new step always comes with a new panel, whose own scrolling groups start at 0)
      if (frame.step !== null && frame.step !== undefined) byId("panel").scrollTop = 0;
    }
    if (frame.map_label) {
      const svg = byId("board");
      if (svg && svg.getAttribute("aria-label") !== frame.map_label) {
        svg.setAttribute("aria-label", frame.map_label);
      }
    }
    if (frame.whole_map !== wholeMap) {
      // a game opened or started, a replay begun or left: the map shows whole, not as
      // the last game (or the live game) was zoomed
      const first = wholeMap === null;
      wholeMap = frame.whole_map;
      if (!first && window.pywarZoom) window.pywarZoom.reset();
    }
    const show = frame.show_on_map;
    if (show && show.seq !== shownOnMap) {
      // a bound pool's place ("1 only on Australia"): zoomed in on, its names in sight
      const first = shownOnMap === null;
      shownOnMap = show.seq;
      const places = show.ids.map((id) => paths.get(id)).filter(Boolean);
      if (!first && places.length && window.pywarZoom) window.pywarZoom.show(places);
    }
    const sight = frame.in_sight;
    if (sight && sight.seq !== inSight) {
      // choices a tap opened below the fold (a tablet's strip): scrolled into sight
      const first = inSight === null;
      inSight = sight.seq;
      const el = first || !sight.selector ? null : document.querySelector(sight.selector);
      if (el) el.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    paintBoard(frame.paint);
    writeMarks(frame.marks);
    boardInput(frame.input);
    placeChoice(frame.choice);
    const message = byId("message");
    message.hidden = frame.message === null;
    if (frame.message !== null) {
      message.className = "message " + frame.message.kind;
      message.textContent = frame.message.text;
    }
    root.dataset.screen = frame.screen;
    if (frame.paused) root.setAttribute("data-paused", "true");
    else root.removeAttribute("data-paused");
    const announce = frame.announce || {};
    if (announce.text && announce.id !== announced) {
      announced = announce.id;
      byId("announce").textContent = announce.text;
    }
    const dialog = frame.overlay ? "overlay:" + frame.screen : frame.curtain ? "curtain" : null;
    if (focus) moveFocus(frame, dialog, hadFocus, focusedBefore);
    else pendingFocus = [frame, dialog, hadFocus, focusedBefore];
    if (frame.effects) carryOut(frame.effects);
    scheduleTimers(frame.timers);
  };

  /** The page's own controls named in the page language (index.html names them in both
   * languages until Python speaks). */
  const nameControls = (labels) => {
    for (const button of document.querySelectorAll(".zoom-controls [data-zoom]")) {
      const label = labels["zoom-" + button.getAttribute("data-zoom")];
      if (label) {
        button.setAttribute("aria-label", label);
        button.setAttribute("title", label);
      }
    }
    const group = document.querySelector(".zoom-controls");
    if (group && labels.zoom) group.setAttribute("aria-label", labels.zoom);
    if (labels.panel) byId("panel").setAttribute("aria-label", labels.panel);
    if (labels.notices) byId("notice-slot").setAttribute("aria-label", labels.notices);
  };

  const writeMarks = (marks) => {
    for (const [selector, spec] of Object.entries(marks)) {
      for (const el of document.querySelectorAll("#board " + selector)) {
        for (const [name, value] of Object.entries(spec.attrs || {})) {
          if (value === null) el.removeAttribute(name);
          else el.setAttribute(name, String(value));
        }
        if ("text" in spec) {
          const box = el.querySelector("text");
          if (box) box.textContent = String(spec.text);
        }
        if ("title" in spec) {
          const title = el.querySelector("title");
          if (title) title.textContent = String(spec.title);
        }
      }
    }
  };

  /** The chooser, near the tap that asked it (kept inside the board). */
  const placeChoice = (choice) => {
    const chooser = byId("choice");
    chooser.hidden = choice === null;
    if (choice === null) return;
    const board = byId("board");
    const wrap = byId("board-wrap").getBoundingClientRect();
    const ctm = board && board.getScreenCTM();
    if (!ctm) return;
    const point = new DOMPoint(choice.at[0], choice.at[1]).matrixTransform(ctm);
    const box = chooser.getBoundingClientRect();
    // the finger and the badges of the territories it may have meant: the chooser stays
    // clear of them all, so the player sees on the map what each button names
    const near = { x0: point.x - 28, y0: point.y - 28, x1: point.x + 28, y1: point.y + 28 };
    for (const pick of chooser.querySelectorAll('[data-action="pick"][data-arg]')) {
      const badge = board.querySelector(`[data-badge="${CSS.escape(pick.dataset.arg)}"]`);
      const b = badge && badge.getBoundingClientRect();
      if (!b || !b.width) continue;
      near.x0 = Math.min(near.x0, b.left - 4);
      near.y0 = Math.min(near.y0, b.top - 4);
      near.x1 = Math.max(near.x1, b.right + 4);
      near.y1 = Math.max(near.y1, b.bottom + 4);
    }
    const room = { w: wrap.width - 4, h: wrap.height - 4 };
    const clampX = (x) => Math.min(Math.max(4, x), Math.max(4, room.w - box.width));
    const clampY = (y) => Math.min(Math.max(4, y), Math.max(4, room.h - box.height));
    const centreX = clampX((near.x0 + near.x1) / 2 - wrap.left - box.width / 2);
    const centreY = clampY((near.y0 + near.y1) / 2 - wrap.top - box.height / 2);
    const below = near.y1 - wrap.top;
    const above = near.y0 - wrap.top - box.height;
    const right = near.x1 - wrap.left;
    const left = near.x0 - wrap.left - box.width;
    // below them, above them, beside them; where none fits, below the finger
    const spots = [
      [centreX, below, below + box.height <= room.h],
      [centreX, above, above >= 4],
      [right, centreY, right + box.width <= room.w],
      [left, centreY, left >= 4],
    ];
    const spot = spots.find((s) => s[2]);
    const [x, y] = spot ? spot : [centreX, clampY(point.y - wrap.top + 28)];
    chooser.style.left = `${x.toFixed(0)}px`;
    chooser.style.top = `${y.toFixed(0)}px`;
  };

  const scheduleTimers = (timers) => {
    if (timers.bot !== null && botTimer === null) {
      const delay = botDelay === null ? timers.bot : Math.min(botDelay, timers.bot);
      if (delay > 0 || document.hidden) {
        // a tab out of sight: the browser's pace
        botTimer = setTimeout(botTick, delay);
      } else {
        // no pause (thinking, fast-forward): a message, which nested timers would
        // stretch to 4 ms
        botTimer = "message";
        botNow.port2.postMessage(null);
      }
    }
    if (timers.blitz && blitzTimer === null) blitzTimer = setTimeout(blitzTick, BLITZ_DELAY);
  };
  const botTick = () => {
    botTimer = null;
    call({ kind: "bot" });
  };
  const blitzTick = () => {
    blitzTimer = null;
    // "reduce motion": the blitz rolls to its end at once, the board changing once, not at
    // every roll
    call({ kind: "blitz", all: matchMedia("(prefers-reduced-motion: reduce)").matches });
  };
  botNow.port1.onmessage = botTick;

  // ------------------------------------------------------------------ storage
  // A session in a worker cannot reach localStorage: its frames carry its writes
  // ([key, value or null]). Those the browser refuses wait here, the newest value of each,
  // and are tried again with every later batch; the session hears when that changes
  // ("stored": "ok", "full" or "blocked", and the keys whose values are not stored yet:
  // which games are not being kept).
  const unsaved = new Map();
  const PROBE_KEY = "pywar:probe";
  let storeState = "ok";
  let unsavedKeys = "";
  /** What a refused write says of the storage: "full" (its quota) or "blocked". */
  const refusal = (error) => (/quota/i.test(String(error && error.name)) ? "full" : "blocked");
  const store = (writes) => {
    for (const [key, value] of writes) {
      unsaved.delete(key); // the newest write of a key goes last
      unsaved.set(key, value);
    }
    let failed = "ok";
    const order = [...unsaved].sort(([, a], [, b]) => (a === null ? 0 : 1) - (b === null ? 0 : 1));
    for (const [key, value] of order) { // removals first: they make room
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
        unsaved.delete(key);
      } catch (error) {
        failed = refusal(error);
      }
    }
    const pending = [...unsaved].filter(([, value]) => value !== null).map(([key]) => key);
    if (failed !== storeState || pending.join("\n") !== unsavedKeys) {
      storeState = failed;
      unsavedKeys = pending.join("\n");
      call({ kind: "stored", state: failed, pending });
    }
  };

  // ------------------------------------------------------------------ effects
  const carryOut = (effects) => {
    if (effects.download) download(...effects.download);
    if (effects.zoom && window.pywarZoom) window.pywarZoom.zoomBy(effects.zoom, ...lastTap);
    if ("fullscreen" in effects) toggleFullscreen(effects.fullscreen);
    if (effects.persist) askPersistence(true);
  };

  const download = (filename, text) => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  /** Enter or leave full screen (the browser may refuse; fullscreenchange tells). */
  const toggleFullscreen = (on) => {
    try {
      let promise = null;
      if (on) promise = root.requestFullscreen();
      else if (document.fullscreenElement) promise = document.exitFullscreen();
      if (promise) promise.catch(() => {});
    } catch (error) {
      // a refusal leaves the page as it is
    }
  };

  /** Ask the browser to keep this site's storage (asked once a game is in play). */
  const askPersistence = async (request) => {
    const storage = navigator.storage;
    if (!storage || !storage.persist) return;
    let granted;
    try {
      granted = Boolean(await (request ? storage.persist() : storage.persisted()));
    } catch (error) {
      return; // not offered here (some embeds, old browsers)
    }
    if (granted || request) call({ kind: "persist", granted });
  };

  // ------------------------------------------------------------------ focus
  const focusedInside = () => {
    const el = document.activeElement;
    return Boolean(el) && el !== document.body;
  };

  /** Focus into a dialog when it opens and back when it closes; then the view model's
   * requests (where the next key is expected); else keep the focus on the page when
   * what had it disappeared. */
  const moveFocus = (frame, key, hadFocus, focusedBefore) => {
    const request = frame.focus.request;
    const fresh = Boolean(request) && request.id !== focusApplied;
    if (key !== dialogKey) {
      const openedFrom = dialogKey;
      dialogKey = key;
      if (key !== null) {
        if (fresh) focusApplied = request.id;
        if (openedFrom === null && (focusedInside() || focusedBefore)) {
          const el = focusedInside() ? document.activeElement : focusedBefore;
          returnFocus = [el, el.getAttribute("data-action"), el.getAttribute("data-arg")];
        }
        focusDialog(key, openedFrom !== null);
        return;
      }
      const back = returnFocus;
      returnFocus = null;
      if (!fresh && back !== null && focusBack(...back)) return;
    }
    if (request && request.id !== focusApplied) {
      focusApplied = request.id;
      if (applyFocus(request.target)) return;
    }
    if (hadFocus && keyboard && !focusedInside() && key === null) {
      applyFocus(["territory", frame.focus.cursor || ""]);
    }
  };

  const settleFocus = () => {
    const pending = pendingFocus;
    pendingFocus = null;
    if (pending !== null) moveFocus(...pending);
  };

  /** Back to what had the focus before a dialog (or its like, redrawn since). */
  const focusBack = (el, action, arg) => {
    if (!el.isConnected && action) {
      el = document.querySelector(`[data-action="${action}"]` + (arg ? `[data-arg="${arg}"]` : ""));
    }
    if (!el || !el.isConnected || el.closest("[inert]")) return false;
    if (!el.getClientRects().length) {
      // folded away (the menu of narrow screens)
      el = document.querySelector('[data-action="menu"]');
      if (!el || !el.getClientRects().length) return false;
    }
    el.focus();
    return true;
  };

  /** Focus into a dialog that opened (or whose screen changed), unless it just opened with
   * the focus in it already: the player typing into the prerendered new-game screen when
   * Python takes over keeps the field, its text and caret. */
  const focusDialog = (key, switched) => {
    const box = slots[key === "curtain" ? "curtain" : "overlay"];
    const active = document.activeElement;
    if (!switched && active && box.contains(active)) return;
    // a page out of focus (a frame the reader has not touched, a tab behind another): the
    // focus stays where the reader has it, and the class page around a frame is not
    // scrolled down to the game
    if (!document.hasFocus()) return;
    const el = key === "curtain"
      ? box.querySelector("button")
      : box.querySelector("h2[id]") || box.querySelector("button, input, select");
    if (el) el.focus();
  };

  /** Focus a territory, a control (by action and arg) or the chooser; true if done. */
  const applyFocus = (target) => {
    const kind = target.length ? target[0] : "";
    let el = null;
    if (kind === "territory" && target.length > 1) {
      return keyboard ? focusTerritory(target[1]) : false;
    }
    if (kind === "action" && target.length > 1) {
      let selector = `[data-action="${target[1]}"]`;
      if (target.length > 2) selector += `[data-arg="${target[2]}"]`;
      el = document.querySelector(
        `#panel-slot ${selector}, #overlay-slot ${selector}, #header-slot ${selector}`,
      );
      // a header button folded into the closed menu of a narrow screen: the menu's button
      if (el && !el.getClientRects().length && el.closest("#header-slot")) {
        el = document.querySelector('#header-slot [data-action="menu"]');
      }
    } else if (kind === "choice") {
      el = document.querySelector("#choice-slot button");
    } else if (kind === "region" && target.length > 1) {
      // a part of the panel that just appeared below its fold (WAR II's spied cards)
      el = document.querySelector(`#panel-slot [id="${target[1]}"][tabindex="-1"]`);
    }
    if (el) {
      el.focus();
      return true;
    }
    return false;
  };

  // ------------------------------------------------------------------ events
  const onEvent = (evt) => {
    const kind = evt.type;
    if (kind === "keydown") keyboard = true;
    else if (kind === "click") keyboard = (evt.detail || 0) === 0; // Enter or Space: 0
    if (kind === "keydown" && evt.key === "Escape") return void send("escape");
    const target = evt.target;
    if (!target || !target.closest) return;
    const board = byId("board");
    if (kind === "click" && board && board.contains(target)) return onBoardClick(evt, board, target);
    const el = target.closest("[data-action],[data-territory]");
    if (!el) return;
    const territory = el.getAttribute("data-territory");
    if (territory !== null) {
      if (kind === "keydown" && (evt.key === "Enter" || evt.key === " ")) {
        evt.preventDefault();
        send("pick", territory);
      } else if (kind === "keydown" && evt.key in ARROWS) {
        evt.preventDefault();
        send("key-move", ARROWS[evt.key], territory);
      } else if (kind === "keydown" && evt.key in JUMPS) {
        evt.preventDefault();
        send("key-jump", JUMPS[evt.key], territory);
      }
      return;
    }
    const action = el.getAttribute("data-action") || "";
    const arg = el.getAttribute("data-arg");
    const tag = el.tagName.toLowerCase();
    if (tag === "button") {
      if (kind === "click") send(action, arg);
    } else if (tag === "a" && action === "own-tab") {
      // a sandboxed frame without allow-popups refuses the new tab without a word: the
      // page then shows the address to copy
      if (kind !== "click") return;
      evt.preventDefault();
      const opened = window.open(el.href, "_blank");
      if (opened) opened.opener = null;
      else {
        Promise.resolve(send("own-tab-blocked")).then(() => {
          const address = document.querySelector(".own-tab-address input");
          if (address) { // selected, to copy at once
            address.focus();
            address.select();
          }
        });
      }
    } else if (tag === "input" && el.type === "file") {
      if (kind === "change" && el.files.length) {
        el.files[0].text().then((text) => send(action, null, text));
      }
    } else if (tag === "input" && el.type === "checkbox") {
      if (kind === "change") send(action, arg, el.checked ? "true" : "false");
    } else if (tag === "input") {
      // typing: keep the model current, don't redraw under the caret
      if (kind === "input") call({ kind: "input", action, arg, value: el.value });
    } else if (tag === "select" && kind === "change") {
      send(action, arg, el.value);
    }
  };

  /** A tap or click on the map: what it touched and where, for the view model. */
  const onBoardClick = (evt, board, target) => {
    let hit = "";
    let part = "";
    for (const [selector, name, what] of [
      ["[data-badge]", "badge", "badge"],
      ["[data-label]", "label", "label"],
      ["[data-territory]", "territory", "shape"],
    ]) {
      const el = target.closest(selector);
      if (el) {
        hit = el.getAttribute("data-" + name);
        part = what;
        break;
      }
    }
    const ctm = board.getScreenCTM();
    if (!ctm) return;
    const point = new DOMPoint(evt.clientX, evt.clientY).matrixTransform(ctm.inverse());
    lastTap = [evt.clientX, evt.clientY];
    const value = `${point.x.toFixed(2)},${point.y.toFixed(2)},${ctm.a.toFixed(5)}`;
    send("tap", `${hit}|${part}`, value + (evt.pywarDouble ? ",double" : ""));
  };

  /** Swap the board for another game's map (a same-origin static file). */
  const loadBoard = async (id) => {
    try {
      let svg = boards.get(id);
      if (!svg) {
        const text = await (await fetch(`./maps/${id}.svg`)).text();
        const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
        svg = document.importNode(parsed.documentElement, true);
        boards.set(id, svg);
      }
      byId("board").replaceWith(svg);
      boardId = id;
      const found = bindBoard();
      if (window.pywarZoom) window.pywarZoom.attach(svg);
      loadingBoard = null;
      call({ kind: "board", board_id: id, ...found });
    } finally {
      loadingBoard = null;
    }
  };

  /** Where the page runs: in a frame, on iPad/iPhone Safari outside a home-screen app,
   * and the address of this page in a tab of its own. */
  const environment = () => {
    let framed;
    try {
      framed = window.self !== window.top;
    } catch (error) {
      framed = true; // a cross-origin parent may refuse the question
    }
    const agent = navigator.userAgent;
    const ios = ["iPad", "iPhone", "iPod"].some((k) => agent.includes(k))
      || (agent.includes("Macintosh") && (navigator.maxTouchPoints || 0) > 1);
    const standalone = Boolean(navigator.standalone)
      || matchMedia("(display-mode: standalone)").matches;
    const url = new URL(location.href);
    url.searchParams.delete("embed");
    url.hash = "";
    return {
      embed: framed || new URLSearchParams(location.search).get("embed") === "1",
      ios_tab: ios && agent.includes("Safari") && !standalone,
      own_tab_url: url.href,
    };
  };

  /** A game handed over in the address by an embed ("open in its own tab"). */
  const takeFragment = () => {
    const fragment = location.hash.slice(1);
    if (!fragment.startsWith("pywar-import=")) return null;
    history.replaceState(null, "", location.href.split("#")[0]);
    return fragment;
  };

  /** A storage an earlier visit left full: said at once, not at the first move's refusal. */
  const probeStorage = () => {
    try {
      localStorage.setItem(PROBE_KEY, "x".repeat(4096));
      localStorage.removeItem(PROBE_KEY);
    } catch (error) {
      if (refusal(error) !== "full") return; // blocked: the start said
      storeState = "full"; // the next batch stored whole says it is back
      call({ kind: "stored", state: "full", pending: [] });
    }
  };

  /** Take the page over from the prerendered first screen: bind the map, replay what the
   * player did there, write the first frame; the focus moves wait for a task of their own
   * (moving the focus lays the page out: at the end of the start-up's long task it reads
   * as late visual progress), then the page says it is ready. */
  const connect = (transport, options = {}) => {
    handle = transport;
    slots = Object.fromEntries(
      ["header", "panel", "overlay", "curtain", "choice", "notice"].map((n) => [n, byId(`${n}-slot`)]),
    );
    boardId = options.board_id;
    boards.set(boardId, byId("board"));
    if (options.speed === "fast") botDelay = 0;
    const early = window.pywarEarlyEvents;
    window.pywarEarlyEvents = null;
    const events = Array.isArray(early)
      ? early.map((e) => e.map((x) => (typeof x === "string" ? x : null)))
      : [];
    const stamps = {};
    for (const slot of ["header", "overlay"]) {
      const stamp = slots[slot].getAttribute("data-view");
      slots[slot].removeAttribute("data-view");
      if (stamp !== null) stamps[slot] = stamp;
    }
    for (const kind of ["click", "change", "input", "keydown"]) {
      document.addEventListener(kind, onEvent);
    }
    // the keyboard's territory: its badge is ringed too (a small shape's focus outline is
    // a speck)
    for (const [kind, on] of [["focusin", true], ["focusout", false]]) {
      document.addEventListener(kind, (evt) => {
        const id = evt.target && evt.target.dataset && evt.target.dataset.territory;
        const [badge] = (id && badges.get(id)) || [null];
        // (the keyboard's: a tap or a click focuses a shape too, which its ring would hide)
        if (badge) badge.toggleAttribute("data-focus", on && evt.target.matches(":focus-visible"));
      });
    }
    document.addEventListener("fullscreenchange", () => {
      call({ kind: "fullscreen", on: Boolean(document.fullscreenElement) });
    });
    window.addEventListener("storage", (evt) => {
      // another tab wrote to this site's storage: is it the game shown here?
      if (evt.key !== null) call({ kind: "storage", key: evt.key, value: evt.newValue });
    });
    const started = call({
      kind: "start", board_id: boardId, ...bindBoard(), env: environment(),
      fragment: takeFragment(),
    });
    const focused = document.activeElement;
    const caret = focused && typeof focused.selectionStart === "number"
      ? [focused.selectionStart, focused.selectionEnd]
      : null;
    const settle = () => {
      settleFocus();
      const again = document.activeElement;
      if (caret && again && typeof again.selectionStart === "number") {
        again.setSelectionRange(...caret);
      }
      root.dataset.ready = "1";
    };
    const takeOver = () => {
      const frame = call({ kind: "take-over", events, stamps }, { focus: false });
      const done = () => {
        setTimeout(settle, 0);
        askPersistence(false);
        probeStorage();
      };
      if (frame && typeof frame.then === "function") frame.then(done);
      else done();
    };
    if (started && typeof started.then === "function") started.then(takeOver);
    else takeOver();
    window.pywarBench = Object.freeze({
      newGame: () => bench("newGame"),
      botsOnly: (level = "hard", variant = null, players = 3) => bench("botsOnly", level, variant, players),
      actions: () => bench("actions"),
      bytecode: () => bench("bytecode"),
      boardLoading: () => loadingBoard !== null,
      botPace: () => (botTimer === null ? null : botTimer === "message" ? "message" : "timer"),
    });
  };

  /** The benchmarks' and tests' hooks. */
  const bench = (name, ...args) => {
    const frame = call({ kind: "bench", name, args });
    return frame && typeof frame.then === "function"
      ? frame.then((f) => f.result)
      : frame.result;
  };

  /** The page's start (web/start.mjs, web/pyodide_boot.mjs) waits for this. Resolves once the page is parsed and its first screen (the new-game form or the
   * "continue" card, prerendered in #overlay-slot: the largest paint) is on the display: the
   * runtime's big downloads and Python's start come after what the player reads, never
   * before it (Lighthouse counts the requests that start before the largest paint as holding
   * it back: 20 MB of them made its desktop LCP read 2.6-3.8 s against 0.65 s).
   *   - Where the browser reports largest paints (Chromium), it waits for the report of one
   *     in the first screen: that is the time it reached the display. Animation frames
   *     are no proof of it: with a big board to raster, the paint came up to 0.3 s after two
   *     frames. With no first screen in sight (`?variant=` of another board) it goes on 1 s
   *     after the page is parsed.
   *   - Elsewhere, two animation frames after the page is parsed.
   * A hidden tab paints nothing: there it resolves once parsed, or as soon as the tab is
   * hidden. A frame that gets no animation frames (Chromium gives none to a cross-origin
   * iframe scrolled out of view) resolves 2.5 s after the parse. (Not a timer from the
   * start: a slow device may take more than a second to paint its first screen, and the
   * downloads would then start in the middle of it.) */
  const painted = new Promise((resolve) => {
    const hidden = () => document.visibilityState === "hidden";
    const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const reported = globalThis.PerformanceObserver
      && (PerformanceObserver.supportedEntryTypes || []).includes("largest-contentful-paint");
    let screen = false; // a largest paint in the first screen was reported
    let parsed = false;
    if (reported) {
      new PerformanceObserver((list, observer) => {
        const slot = document.getElementById("overlay-slot");
        if (list.getEntries().some((e) => slot && e.element && slot.contains(e.element))) {
          screen = true;
          observer.disconnect();
          if (parsed) frames();
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    }
    const next = () => {
      parsed = true;
      if (hidden()) return resolve();
      setTimeout(resolve, 2500);
      if (!reported || screen) return frames();
      setTimeout(frames, 1000); // no first screen in sight: its paint will not be reported
    };
    if (document.readyState !== "loading") next();
    else document.addEventListener("DOMContentLoaded", next, { once: true });
    document.addEventListener("visibilitychange", () => hidden() && resolve());
  });

  /** Why the snapshot is not fetched on this visit, or "" when it is: a browser asking to
   * save data (Data Saver, `navigator.connection.saveData`) is spared its 7.4 MB on a first
   * visit. A page the service worker controls has it in its cache, and uses it. (The
   * browser's downlink estimate is no guide: with nothing measured yet Chromium reports a
   * default 1.5 Mbit/s.) */
  const snapshotCost = () => {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) return "";
    const connection = navigator.connection;
    if (connection && connection.saveData) {
      return "the browser asks to save data: no snapshot download";
    }
    return "";
  };

  window.pywarViewDom = Object.freeze({
    build: (json) => make(JSON.parse(json), false),
    bindBoard: () => JSON.stringify(bindBoard()),
    paintBoard: (json) => paintBoard(JSON.parse(json)),
    boardInput: (json) => boardInput(JSON.parse(json)),
    boardNames: (json) => boardNames(JSON.parse(json)),
    focusTerritory,
  });
  window.pywarPage = Object.freeze({ connect, painted, snapshotCost });
})();
