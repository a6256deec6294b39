// The page's main thread: starts Python in a web worker (PyScript's PyWorker) and
// is the worker's hands on the page. Python computes each screen and what else
// happens (see py/zaria_web/relay.py for the operations); this script forwards the
// page's events to it and applies what comes back: the DOM (morphed in place, see
// web/morph.js), focus, the live regions, timers, localStorage, the history, sound
// and files. So the main thread never runs Python: the page scrolls, animates and
// answers taps while Python starts and while it thinks.

const boot = window.zariaBoot;
const root = document.documentElement;
const TEXT_FIELDS = ["INPUT", "TEXTAREA", "SELECT"];
// Keys that are never a shortcut on their own.
const MODIFIERS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Tab", "Dead"]);

// -- starting the worker ------------------------------------------------------------
const channelName = "zaria-boot-" + Math.random().toString(36).slice(2);
const channel = new BroadcastChannel(channelName);
// The files whose refusal means the start has failed (some parts would wait forever).
const RUNTIME = /\/(vendor\/[^?#]*|app\.zip|worker\.py)([?#]|$)/;
channel.onmessage = (e) => {
  const m = e.data || {};
  if (typeof m.bytes === "number") boot.received(m.bytes);
  if (m.status >= 400 && RUNTIME.test(m.url)) boot.failed(m.url + ": HTTP " + m.status);
  if (m.failed) boot.failed(m.failed);
  if (typeof m.snapshot === "string") pythonSnapshot.state = m.snapshot;
};

// A memory snapshot of Python with the app imported (web/snapshots.mjs): whether
// this start was made from one ("used", "none", "refused"), and the making of one
// for the next visit when it was not (a promise of {made: bytes} or {error}).
const pythonSnapshot = { state: "", made: null };

function makeSnapshot() {
  if (pythonSnapshot.state === "used" || pythonSnapshot.made || window.zariaSnapshots === false) return;
  pythonSnapshot.made = new Promise((resolve) => {
    let maker;
    try {
      maker = new Worker(here("./web/snapshot-maker.mjs"), { type: "module" });
    } catch (e) {
      resolve({ error: "worker: " + ((e && e.message) || e) });
      return;
    }
    const done = (result) => { maker.terminate(); resolve(result); };
    maker.onmessage = (e) => done(e.data || { error: "no answer" });
    maker.onerror = (e) => done({ error: "worker: " + ((e && e.message) || "failed") });
  }).then((result) => {
    if (result.error) console.warn("Zaria: no snapshot of Python for the next visit:", result.error);
    return result;
  });
}

const here = (path) => new URL(path, location.href).href;
let worker = null;

// The next turn of the page's event loop (a task of its own; not a timer, which a
// test's fake clock would hold).
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// PyScript's module is the most script the page runs (some 140 ms with the CPU
// slowed 4×), and starting the worker is more: the module is imported once this
// script has run, and the worker started in a task after that, so that no task of
// the start keeps the page busy for long. (Importing the module a task later still
// would put it after the first paint, where it counts as blocking time.)
async function start() {
  try {
    await startWorker();
  } catch (e) {
    boot.failed("worker: " + (e && (e.message || e)));
    return;
  }
  boot.python();
  await call("start", snapshot(false));
  if (root.dataset.bootFailed) return;
  live = true; // from here on the page's events are the app's
  // What the player did on the page drawn ahead (web/early.js), played in order.
  const early = window.zariaEarly;
  if (early && typeof early.replay === "function") {
    await early.replay((kind, act, data) => call("action", { act, data }), () => call("redraw", {}));
  }
  await queue;
  if (root.dataset.bootFailed) return;
  const box = document.getElementById("boot");
  if (box) box.remove();
  boot.ready();
  root.dataset.ready = "1";
  warm();
}

const controlled = () => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);

// Python's worker (a new one when the last was given up, see revive()).
async function startWorker() {
  const { PyWorker } = await import("../vendor/pyscript/core.js");
  await nextTask();
  const started = await PyWorker(here("./worker.py"), {
    type: "pyodide",
    // The interpreter's module: the vendored runtime, by way of the module that
    // reports the start's progress (a worker ignores config.interpreter), which
    // also brings the app's Python, app.zip, and starts from a snapshot of it. Under
    // a service worker, which keeps the packed files unpacked, it asks for those.
    version: here("./web/pyodide-start.mjs?boot=" + channelName + (controlled() ? "&kept=1" : "")),
    config: { sync_main_only: true },
  });
  const generation = workerGeneration;
  started.onmessage = (e) => {
    if (generation === workerGeneration && typeof e.data === "string" && !restarting) apply(e.data);
  };
  // An error the worker did not handle may have ended it: a call must still be answered.
  started.addEventListener("error", () => { if (live && generation === workerGeneration) send("ping", {}); });
  worker = started;
}

// While the player looks at the first screen, Python imports the other screens one
// by one, when the page is idle, so that each opens at once the first time too.
// Then, unless this start was made from one, a snapshot is made for the next visit.
const later = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));

function warm() {
  later(() => {
    if (!live) return;
    call("warm", {}).then((ops) => {
      if (ops && ops.some((op) => op[0] === "warmed" && op[1])) warm();
      else later(makeSnapshot);
    });
  });
}

// -- calling Python ----------------------------------------------------------------
// Calls are answered in order; each answer is applied before the next call's.
let queue = Promise.resolve();

// Calls sent and not answered yet.
let answering = 0;

function call(kind, payload, evt) {
  payload.now = nowIso();
  const text = JSON.stringify(payload);
  const generation = workerGeneration;
  const bound = kind === "timer" && heavyTimers.has(payload.id) ? Math.max(HEAVY_MS, answerMs()) : answerMs();
  answering += 1;
  const answer = queue.then(() => {
    const unwatch = watch(kind, bound, generation);
    return worker.sync.call(kind, text).finally(unwatch);
  }).then(
    (ops) => {
      if (generation !== workerGeneration) return undefined; // a worker given up
      answering -= 1;
      const done = apply(ops);
      if (evt && window.zariaTiming) timed(kind, payload, evt);
      return done;
    },
    (e) => {
      if (generation !== workerGeneration) return;
      answering -= 1;
      console.warn("Zaria:", e);
      boot.failed("python: " + (e && (e.message || e)));
    },
  );
  queue = answer.then(() => {}, () => {});
  return answer;
}

function send(kind, payload, evt) {
  call(kind, payload, evt);
}

// -- a worker that stops answering ---------------------------------------------------
// The worker can be gone under a running page: the browser ends it to free memory, it
// crashes, a frozen tab comes back without it. Nothing tells the page, and its calls
// are then never answered. So each call of the running app must be answered within a
// bound of real time (AbortSignal.timeout, which a test's fake clock does not hold;
// ?answer-timeout=ms sets it): past it, the page says so, ends that worker and starts
// a new one, whose app resumes from the last save (written after every action) on the
// screen the address names, as a reload would, with nothing of the page reloaded.
function answerMs() {
  return Number(new URLSearchParams(location.search).get("answer-timeout")) || 10000;
}
// The answer of a heavy timer (the computer's tables being built) may take this long.
const HEAVY_MS = 120000;
const heavyTimers = new Set();
// Which worker the calls are for: the answers of one given up are dropped.
let workerGeneration = 0;
let reviving = false;
// Settles when the worker is given up (then a new promise is made for the next one),
// and once the new one has started (or could not).
let givenUp = deferred();
let revived = Promise.resolve();

function deferred() {
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve };
}

function watch(kind, bound, generation) {
  if (kind === "start" || !live || typeof AbortSignal === "undefined" || !AbortSignal.timeout) {
    return () => {};
  }
  const signal = AbortSignal.timeout(bound);
  const lost = () => {
    if (generation === workerGeneration) revive(kind + ": no answer within " + bound + " ms");
  };
  signal.addEventListener("abort", lost);
  return () => signal.removeEventListener("abort", lost);
}

function revivalBanner(failed) {
  let bar = document.getElementById("revive-banner");
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "revive-banner";
    bar.className = "update-banner revive-banner";
    bar.setAttribute("role", "alert");
    document.body.appendChild(bar);
  }
  const words = boot.wordsOf(root.lang);
  bar.textContent = "";
  const text = document.createElement("span");
  text.textContent = failed ? words[7] : words[6];
  bar.appendChild(text);
  if (failed) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn primary";
    button.id = "revive-reload";
    button.textContent = words[5];
    button.onclick = () => location.reload();
    bar.appendChild(button);
  }
}

async function revive(reason) {
  if (reviving || !live) return;
  reviving = true;
  live = false;
  const done = deferred();
  revived = done.promise;
  console.warn("Zaria: Python stopped answering (" + reason + "); starting it again.");
  root.dataset.reviving = "1";
  revivalBanner(false);
  let started = TIMED_OUT;
  try {
    const again = async () => {
      await replaceWorker();
      return call("start", Object.assign(snapshot(false), { revived: true }));
    };
    // As long as a first start may take (index.html's ?boot-timeout), and no longer.
    const limit = Number(new URLSearchParams(location.search).get("boot-timeout")) || 60000;
    started = await bounded(again(), limit);
  } catch (e) {
    console.warn("Zaria: Python could not start again:", e);
  }
  reviving = false;
  done.resolve();
  if (!started || started === TIMED_OUT) {
    revivalBanner(true); // the game is in storage: a reload resumes it
    return;
  }
  live = true;
  delete root.dataset.reviving;
  document.getElementById("revive-banner").remove();
}

// Gives the worker up (its calls are dropped, its app's timers with it) and starts a
// new one, whose app is not started yet.
async function replaceWorker() {
  workerGeneration += 1;
  givenUp.resolve();
  givenUp = deferred();
  const old = worker;
  worker = null;
  try { old.terminate(); } catch (e) { /* gone already */ }
  queue = Promise.resolve();
  answering = 0;
  forgetTimers();
  await startWorker();
}

// ``promise``, or TIMED_OUT once ``ms`` of real time have passed.
const TIMED_OUT = Symbol("timed out");
function bounded(promise, ms) {
  if (typeof AbortSignal === "undefined" || !AbortSignal.timeout) return promise;
  const limit = AbortSignal.timeout(ms);
  const late = new Promise((resolve) => limit.addEventListener("abort", () => resolve(TIMED_OUT)));
  return Promise.race([promise, late]);
}

// For the benchmarks (bench/interaction_bench.py sets window.zariaTiming = []):
// each answered event, from its input to the paint of the frame that shows the
// answer (the task queued from that frame's animation callback runs once it is
// painted), and the time Python took in the worker.
let took = 0;
function timed(kind, payload, evt) {
  const python = took;
  requestAnimationFrame(() => setTimeout(() => {
    window.zariaTiming.push({ kind, act: payload.act || payload.key, input: evt.timeStamp,
      answered: performance.now() - evt.timeStamp, python });
  }, 0));
}

function nowIso() {
  const now = new Date();
  const offset = -now.getTimezoneOffset(); // minutes east of UTC
  const local = new Date(now.getTime() + offset * 60000).toISOString();
  const sign = offset >= 0 ? "+" : "-", minutes = Math.abs(offset);
  const pad = (n) => String(n).padStart(2, "0");
  return local.slice(0, -1) + sign + pad(Math.floor(minutes / 60)) + ":" + pad(minutes % 60);
}

// What the worker needs to know of the page to start an app.
function snapshot(restart) {
  return {
    restart,
    storage: readStorage(),
    languages: Array.from(navigator.languages || [navigator.language || "en"]),
    params: Object.fromEntries(new URLSearchParams(location.search)),
    hash: location.hash,
    base: location.href,
    state: history.state,
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
    first_id: nextIds,
  };
}
// Timer and file ids go on rising across restarts, so that a late answer for an
// old app is never taken for the new one's.
let nextIds = 1;

function readStorage() {
  try {
    const all = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null) all[key] = localStorage.getItem(key);
    }
    return all;
  } catch (e) {
    return null; // not "empty": nothing may be written over what could not be read
  }
}

// -- applying the worker's operations -------------------------------------------------
const timers = new Map();
// The app's timers that fall due within a moment (see announce()).
const dueSoon = new Set();
// Whether the page's events go to the app (not before it has started, nor while
// it restarts).
let live = false;
// While a restart stops the old app, what that app finishes late is dropped.
let restarting = false;
let takenKeys = new Set();
let pendingFocus = "";
// Settles once the browser has reached every history entry the app stepped to (its
// popstate, which the app answers, has arrived): see settled().
let stepping = Promise.resolve();

function apply(text) {
  let ops;
  try { ops = JSON.parse(text); } catch (e) { console.warn("Zaria: bad answer", e); return; }
  // What the page answers to the operations (a write storage refused), sent once
  // they are all applied.
  const replies = [];
  for (const op of ops) {
    const fn = OPS[op[0]];
    if (fn) fn(op.slice(1), replies);
    else console.warn("Zaria: unknown operation", op[0]);
  }
  if (revealing) { reveal(revealing); revealing = null; } // after a scroll to the top
  newScreen = false;
  for (const [kind, payload] of replies) send(kind, payload);
  return ops;
}

const OPS = {
  render([screenHtml, toolsHtml]) { render(screenHtml, toolsHtml); },
  focus([selector]) {
    const el = document.querySelector(selector);
    if (el) focusEl(el);
    else pendingFocus = selector; // drawn by the coming render
  },
  announce([text, assertive]) { announce(text, assertive); },
  doc([lang, theme, title]) {
    root.lang = lang;
    root.dataset.theme = theme;
    document.title = title;
    const brand = document.getElementById("brand-name");
    if (brand) brand.textContent = title;
  },
  top() { window.scrollTo(0, 0); newScreen = true; },
  timer([id, ms, heavy]) {
    nextIds = Math.max(nextIds, id + 1);
    if (ms <= GATHER_MS) dueSoon.add(id);
    if (heavy) heavyTimers.add(id);
    timers.set(id, setTimeout(() => {
      timers.delete(id);
      dueSoon.delete(id);
      send("timer", { id });
      heavyTimers.delete(id);
    }, ms));
  },
  untimer([id]) { clearTimeout(timers.get(id)); timers.delete(id); dueSoon.delete(id); heavyTimers.delete(id); },
  set([key, value], replies) {
    try {
      localStorage.setItem(key, value);
    } catch (e) {
      let held = null;
      try { held = localStorage.getItem(key); } catch (e2) { /* unreadable */ }
      replies.push(["refused", { key, value: held }]);
      return;
    }
    if (key.startsWith("zaria.save.")) keepStorage();
  },
  // All or nothing: when one value is refused, every key gets back what it held.
  setall([id, values], replies) {
    const before = new Map();
    try {
      for (const [key, value] of Object.entries(values)) {
        before.set(key, localStorage.getItem(key));
        localStorage.setItem(key, value);
      }
    } catch (e) {
      try {
        for (const [key, held] of before) {
          if (held === null) localStorage.removeItem(key);
          else localStorage.setItem(key, held);
        }
      } catch (e2) { /* what was there is put back wherever it can be */ }
      replies.push(["wrote", { id, ok: false }]);
      return;
    }
    replies.push(["wrote", { id, ok: true }]);
  },
  remove([key]) { try { localStorage.removeItem(key); } catch (e) { /* unavailable */ } },
  push([name, depth, address]) { history.pushState({ zaria: name, depth }, "", url(address)); },
  replace([name, depth, address]) { history.replaceState({ zaria: name, depth }, "", url(address)); },
  go([steps]) {
    stepping = Promise.all([stepping, nextPopstate(1000)]);
    history.go(steps);
  },
  read([id, inputId, limit]) { readFile(id, inputId, limit); },
  save([name, text, mime]) { saveFile(name, text, mime); },
  vibrate([pattern]) { if (navigator.vibrate) navigator.vibrate(pattern); },
  sound([kind, volume]) { if (window.zariaFeel) window.zariaFeel.sound(kind, volume); },
  celebrate([kind, text]) { if (window.zariaFeel) window.zariaFeel.celebrate(kind, text); },
  keys([keys]) { takenKeys = new Set(keys); },
  warn([text]) { console.warn(text); },
  fatal([text]) {
    const note = document.createElement("p");
    note.className = "notice error-notice";
    note.setAttribute("role", "alert");
    note.textContent = text;
    const screen = document.getElementById("screen");
    if (screen) screen.prepend(note);
  },
  failed([detail]) { boot.failed(detail); },
  stopping() {},
  warmed() {},
  took([ms]) { took = ms; },
};

function url(address) {
  return location.pathname + location.search + address;
}

// -- drawing ---------------------------------------------------------------------------
// Focus the app moves itself is not the player's: see the focusin listener.
let appFocusing = false;
function focusEl(el) {
  appFocusing = true;
  try { el.focus({ preventScroll: true }); } finally { appFocusing = false; }
}

// A focused text field's value and selection: a redraw that arrives while the
// player types (a download finishing, a timer) must not move the caret.
function caretOf(el) {
  if (!el || (el.tagName !== "INPUT" && el.tagName !== "TEXTAREA")) return null;
  try {
    if (typeof el.selectionStart !== "number") return null;
    return [el.value, el.selectionStart, el.selectionEnd, el.selectionDirection];
  } catch (e) {
    return null; // a type with no selection (checkbox, number, …)
  }
}

function restoreCaret(el, caret) {
  if (el.tagName !== "INPUT" && el.tagName !== "TEXTAREA") return;
  let [value, start, end, direction] = caret;
  try {
    if (el.value !== value) start = end = el.value.length; // the text changed under it
    el.setSelectionRange(start, end, direction);
  } catch (e) { /* no selection on this type */ }
}

function draw(el, html) {
  if (window.zariaMorph) window.zariaMorph(el, html);
  else el.innerHTML = html;
}

// A panel that comes into view at a player's request or for their next step
// (data-reveal: Penta's coach; data-reveal="first": a pad for real dice, even on a
// screen just opened) and lands under the buttons kept at the bottom of a phone's
// screen (data-pinned) is scrolled into sight above them, its top kept in view.
let revealing = null; // what was in view before the answer being applied
let newScreen = false; // whether that answer opened a screen (scrolled to its top)

function revealed() {
  return new Set([...document.querySelectorAll("[data-reveal]")].map((el) => el.id));
}

function reveal(before) {
  for (const el of document.querySelectorAll("[data-reveal]")) {
    if (before.has(el.id)) continue; // in view before: where the player left it
    // A screen just opened shows its top, unless the panel is the first step (a pad).
    if (newScreen && el.dataset.reveal !== "first") continue;
    const bar = document.querySelector("[data-pinned]");
    if (!bar || getComputedStyle(bar).position !== "sticky") continue;
    const box = el.getBoundingClientRect(), top = bar.getBoundingClientRect().top;
    // No further than keeps the buttons held at the bottom: scrolled past the end of
    // their card, they would move with whatever grows above them.
    const held = bar.parentElement.getBoundingClientRect().bottom - innerHeight;
    const by = Math.min(box.bottom - top + 8, box.top - 8, held);
    if (by > 0) window.scrollBy({ top: by, behavior: "instant" });
  }
}

function render(screenHtml, toolsHtml) {
  window.zariaPy.renders += 1; // for the tests: a redraw has happened
  const active = document.activeElement;
  const focusId = active && active.id ? active.id : "";
  const caret = focusId ? caretOf(active) : null;
  if (!revealing) revealing = revealed();
  draw(document.getElementById("screen"), screenHtml);
  draw(document.getElementById("topbar-tools"), toolsHtml);
  if (pendingFocus) {
    const target = document.querySelector(pendingFocus);
    pendingFocus = "";
    if (target) { focusEl(target); return; }
  }
  if (focusId && document.activeElement !== active) {
    const again = document.getElementById(focusId);
    if (again && !again.matches(":disabled")) {
      focusEl(again);
      if (caret) restoreCaret(again, caret);
    }
  }
}

// Messages of one moment (a score, then the computer's whole turn at the instant
// pace) are read together, rather than each replacing the one before it; clearing
// first makes a repeat be spoken again. The moment lasts while the app is still
// answering (an answer on its way, or one of its timers about to fall due: the
// computer's next step), for two seconds at most.
const announcing = new Map(), speaking = new Map();
const GATHER_MS = 30, GATHER_MAX_MS = 2000;
function announce(text, assertive) {
  const id = assertive ? "alert" : "live";
  if (announcing.has(id)) { announcing.get(id).push(text); return; }
  announcing.set(id, [text]);
  document.getElementById(id).textContent = "";
  speakLater(id, GATHER_MAX_MS);
}

function speakLater(id, left) {
  speaking.set(id, setTimeout(() => {
    if ((answering > 0 || dueSoon.size > 0) && left > GATHER_MS) {
      speakLater(id, left - GATHER_MS);
      return;
    }
    speaking.delete(id);
    const texts = announcing.get(id) || [];
    announcing.delete(id);
    // Each message ends as a sentence, so that they are read apart.
    const region = document.getElementById(id);
    region.textContent = texts.map((t) => (/[.!?;…]$/.test(t) ? t : t + ".")).join(" ");
  }, GATHER_MS));
}

// -- files ----------------------------------------------------------------------------
function saveFile(name, text, mime) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: mime }));
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function readFile(id, inputId, limit) {
  const field = document.getElementById(inputId);
  const picked = field && field.files && field.files.length ? field.files[0] : null;
  if (field) field.value = ""; // the same file picked again is news again
  if (!picked) { send("read", { id, reason: "none" }); return; }
  if (picked.size > limit) { send("read", { id, reason: "large" }); return; }
  picked.text().then(
    (text) => send("read", { id, text }),
    () => send("read", { id, reason: "read" }),
  );
}

// Once a game is first saved, ask (once per device) that the browser keep this
// site's storage when space runs low. Chromium decides silently; Firefox asks the
// player, which is why it is asked only once.
function keepStorage() {
  try {
    if (localStorage.getItem("zaria.persist") !== null) return;
    localStorage.setItem("zaria.persist", "asked");
  } catch (e) { return; }
  const storage = navigator.storage;
  if (!storage || !storage.persisted) return;
  storage.persisted().then((kept) => kept || storage.persist()).catch(() => {});
}

// -- the page's events ------------------------------------------------------------------
const dataOf = (el) => Object.assign({}, el.dataset);

document.addEventListener("click", (evt) => {
  if (!live) return; // the early script has the page, or it is restarting
  const anchor = evt.target.closest && evt.target.closest('a[href^="#"]');
  if (anchor) {
    // An in-page link (the rules' contents) scrolls to its heading without adding
    // a history entry, so Back keeps meaning "the previous screen".
    evt.preventDefault();
    const heading = document.getElementById(anchor.getAttribute("href").slice(1));
    if (heading) { heading.scrollIntoView(); focusEl(heading); }
    return;
  }
  const el = evt.target.closest && evt.target.closest("[data-act]");
  if (!el || el.matches(":disabled") || el.getAttribute("aria-disabled") === "true") return;
  if (TEXT_FIELDS.includes(el.tagName)) return; // fields report on change
  if (el.tagName === "A" || el.tagName === "SUMMARY") evt.preventDefault(); // the app draws it
  // A double tap or click is one press: one roll, not two. A keypad's keys
  // (data-repeat) take each tap: a throw may have the same face three times.
  if (evt.detail > 1 && !el.hasAttribute("data-repeat")) return;
  const data = dataOf(el);
  const act = data.act;
  delete data.act;
  send("action", { act, data }, evt);
});

function onField(evt) {
  if (!live) return;
  const el = evt.target;
  if (!el || !TEXT_FIELDS.includes(el.tagName) || !el.dataset.act) return;
  const typed = (el.tagName === "INPUT" || el.tagName === "TEXTAREA") && el.type !== "checkbox" && el.type !== "radio";
  // Text is reported as it is typed; its change event (on blur) would redraw the
  // page under the pointer that caused the blur, swallowing its click. Selects and
  // boxes report once, on change.
  if (typed ? evt.type === "change" : evt.type === "input") return;
  const data = dataOf(el);
  const act = data.act;
  delete data.act;
  data.value = el.type === "checkbox" ? (el.checked ? "on" : "off") : String(el.value);
  data.event = evt.type;
  send("action", { act, data }, evt);
}
document.addEventListener("change", onField);
// The player moving the focus onto an element with data-focus-act by keyboard is the
// app's to know: moving into Penta's sheet stops its countdown. (A pointer's focus
// comes with its click, which says more.)
let pointing = false;
document.addEventListener("pointerdown", () => { pointing = true; }, true);
document.addEventListener("keydown", () => { pointing = false; }, true);
document.addEventListener("focusin", (evt) => {
  if (!live || appFocusing || pointing) return;
  const el = evt.target.closest && evt.target.closest("[data-focus-act]");
  if (el) send("action", { act: el.dataset.focusAct, data: {} }, evt);
});
document.addEventListener("input", onField);

document.addEventListener("keydown", (evt) => {
  if (!live) return;
  const key = evt.key;
  if (evt.repeat) {
    // A held-down key is one press, not a roll and a re-roll. Held Enter would
    // also click the focused button again and again (into the next turn).
    if ((key === " " || key === "Enter") && !evt.defaultPrevented) evt.preventDefault();
    return;
  }
  if (evt.ctrlKey || evt.metaKey || evt.altKey || evt.defaultPrevented) return;
  const target = evt.target;
  // Text and lists take every key; a checkbox only Space and Enter, so the game's
  // shortcuts still work after ticking one.
  const inField = target && TEXT_FIELDS.includes(target.tagName);
  if (inField && ((target.type !== "checkbox" && target.type !== "radio") || key === " " || key === "Enter")) return;
  if ((key === " " || key === "Enter") && target && (target.tagName === "BUTTON" || target.tagName === "A")) return;
  if (MODIFIERS.has(key)) return;
  // Every other key goes to Python, which knows the screen it lands on (a key
  // typed right after another may meet the screen that one draws); the page's
  // own use of the key (Space scrolls) is prevented for the keys the screen shown
  // takes.
  if (takenKeys.has(key)) evt.preventDefault();
  send("key", { key }, evt);
});

window.addEventListener("storage", (evt) => {
  // Another tab changed localStorage (key null: it was cleared).
  if (!live || evt.storageArea !== localStorage) return;
  send("storage", { key: evt.key, value: evt.newValue });
});

window.addEventListener("popstate", () => {
  if (!live) return;
  send("popstate", { state: history.state, hash: location.hash });
});

matchMedia("(prefers-color-scheme: dark)").addEventListener("change", (e) => {
  if (live) send("dark", { dark: e.matches });
});

// -- hooks for the self-check, benchmarks and tests: window.zariaPy ---------------------

function nextPopstate(limitMs) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); window.removeEventListener("popstate", done); resolve(); };
    const timer = setTimeout(done, limitMs);
    window.addEventListener("popstate", done);
  });
}

function resetFocus() {
  // Focus as on a page just loaded: nothing focused or selected, and Tab starting
  // from the top of the page.
  getSelection().removeAllRanges();
  const body = document.body;
  body.tabIndex = -1;
  focusEl(body);
  body.blur();
  body.removeAttribute("tabindex");
}

// Start the app afresh, as a reload would, in the Python already running. The page
// takes no event from here on; what the old app was already asked is done, then
// it stops (its timers with it, nothing waits to be announced); with {clear: true}
// storage is emptied only then, so that nothing of the old app can write to it
// afterwards. A new app then starts from the storage and the address of that
// moment, on a page reset to how a start leaves it. html[data-ready] is removed at
// once and set again when the new app is drawn. What Python keeps between games
// (the strategy table) stays.
async function restart(options) {
  root.removeAttribute("data-ready");
  live = false;
  restarting = true;
  // A worker that does not answer (it was ended) is replaced by a new one.
  let stopping = await bounded(call("stop", {}), answerMs());
  if (stopping === TIMED_OUT) {
    await replaceWorker();
    stopping = [];
  }
  stopping = stopping || [];
  forgetTimers();
  restarting = false;
  if (options && options.clear) {
    localStorage.clear();
    sessionStorage.clear();
  }
  const back = stopping.find((op) => op[0] === "stopping");
  // The entry the old app stepped back to must be reached before a new entry is
  // added, or the step would land on the new app's history.
  if (back && back[1]) await nextPopstate(1000);
  for (const id of ["live", "alert"]) {
    const el = document.getElementById(id);
    if (el) el.textContent = "";
  }
  window.scrollTo(0, 0);
  resetFocus();
  await call("start", snapshot(true));
  live = true;
  root.dataset.ready = "1";
}

// The old app's timers and what it had still to say: gone with it.
function forgetTimers() {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  dueSoon.clear();
  heavyTimers.clear();
  for (const t of speaking.values()) clearTimeout(t);
  speaking.clear();
  announcing.clear();
  pendingFocus = "";
}

// Settles once every event sent so far has been answered and applied (and what
// those answers asked for in turn, a step back through the history included: its
// popstate is sent before the step counts as done): for the tests, which act faster
// than a person.
// The calls of a worker that is given up are never answered: waiting on them ends
// when it is given up, and the new worker's start is waited on in turn.
async function settled() {
  let seen, steps;
  do {
    seen = queue;
    steps = stepping;
    await steps;
    await Promise.race([seen, givenUp.promise]);
    await revived;
  } while (seen !== queue || steps !== stepping);
}

window.zariaPy = {
  renders: 0,
  restart,
  settled,
  selfcheck: () => worker.sync.selfcheck(),
  benchPenta: (n) => worker.sync.bench_penta(n),
  snapshot: () => pythonSnapshot.state,
  snapshotMade: () => pythonSnapshot.made,
  // Ends Python's worker as the browser may (to free memory, a crash): see revive().
  endWorker: () => worker && worker.terminate(),
};

start();
