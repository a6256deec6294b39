// Python's worker: PyScript's PyWorker on worker.py, with web/pyodide-start.mjs as
// the interpreter's module. That module reports the start's progress on a broadcast
// channel of this page's own: the bytes received (the loading bar), any download or
// compile that fails (the retry button), and whether Python was started from a
// snapshot (./snapshot.js). Also what the worker needs to know of the page to start
// an app.
import { app, boot } from "./state.js";
import { apply } from "./operations.js";
import { send } from "./calls.js";
import { pythonSnapshot } from "./snapshot.js";
import { readStorage } from "./storage.js";
import { nextIds } from "./timers.js";

export const here = (path) => new URL(path, location.href).href;

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

// Python's worker (a new one when the last was given up, see ./revive.js), and which
// one it is: what a worker given up answers is dropped.
export let worker = null;
export let workerGeneration = 0;
// Settles when the worker is given up (then a new promise is made for the next one).
export let givenUp = deferred();

function deferred() {
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve };
}

// The next turn of the page's event loop (a task of its own; not a timer, which a
// test's fake clock would hold).
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

const controlled = () => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);

// PyScript's module is imported when this is first called (as web/boot.js runs; it
// is fetched from the start, see index.html), and the worker started in a task
// after that.
export async function startWorker() {
  const { PyWorker } = await import("../../vendor/pyscript/core.js");
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
    if (generation === workerGeneration && typeof e.data === "string" && !app.restarting) apply(e.data);
  };
  // An error the worker did not handle may have ended it: a call must still be answered.
  started.addEventListener("error", () => { if (app.live && generation === workerGeneration) send("ping", {}); });
  worker = started;
}

// Gives the worker up: its calls' answers are dropped from now on, and it is ended.
export function giveUpWorker() {
  workerGeneration += 1;
  givenUp.resolve();
  givenUp = deferred();
  const old = worker;
  worker = null;
  try { old.terminate(); } catch (e) { /* gone already */ }
}

// What the worker needs to know of the page to start an app.
export function pageFacts(restart) {
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
