// The page's main thread: starts Python in a web worker (PyScript's PyWorker) and
// is the worker's hands on the page. Python computes each screen and what else
// happens (see py/zaria_web/runtime/relay.py for the operations); the page forwards its
// events to it and applies what comes back: the DOM (morphed in place, see
// web/morph.js), focus, the live regions, timers, localStorage, the history, sound
// and files. So the main thread never runs Python: the page scrolls, animates and
// answers taps while Python starts and while it thinks.
//
// This module is the start; its modules in web/page/ do one job each:
//   worker.js      Python's worker: started, its progress reported, given up
//   calls.js       calling Python: one call at a time, each answer applied in turn
//   operations.js  applying an answer's operations, each by the module below for it
//   draw.js        the screen redrawn, focus, panels scrolled into sight, the title
//   announce.js    the live regions that screen readers read out
//   timers.js      the app's timers
//   storage.js     localStorage
//   history.js     the browser's history (Back)
//   files.js       files saved and picked
//   events.js      the page's events (taps, fields, keys, Back…) sent to the app
//   revive.js      a worker that stops answering, replaced by a new one
//   snapshot.js    Python's memory snapshot, made for the next visit
//   hooks.js       window.zariaPy, for the self-check, benchmarks and tests
//   state.js       what they share: the loading screen, whether the app takes events
// The build joins them into the one web/boot.js the page loads (tools/build.py), in
// the order a browser runs them as modules: one download, as with a single script.
// They share one scope there, so each top-level name is declared once in them all.
import { app, boot, root } from "./page/state.js";
import { startWorker, pageFacts } from "./page/worker.js";
import { call, queue } from "./page/calls.js";
import { makeSnapshot } from "./page/snapshot.js";
import "./page/events.js";
import "./page/hooks.js";

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
  await call("start", pageFacts(false));
  if (root.dataset.bootFailed) return;
  app.live = true; // from here on the page's events are the app's
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

// While the player looks at the first screen, Python imports the other screens one
// by one, when the page is idle, so that each opens at once the first time too.
// Then, unless this start was made from one, a snapshot is made for the next visit.
const later = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));

function warm() {
  later(() => {
    if (!app.live) return;
    call("warm", {}).then((ops) => {
      if (ops && ops.some((op) => op[0] === "warmed" && op[1])) warm();
      else later(makeSnapshot);
    });
  });
}

start();
