// A worker that stops answering. The worker can be gone under a running page: the
// browser ends it to free memory, it crashes, a frozen tab comes back without it.
// Nothing tells the page, and its calls are then never answered. So each call of the
// running app must be answered within a bound of real time (AbortSignal.timeout,
// which a test's fake clock does not hold; ?answer-timeout=ms sets it): past it, the
// page says so, ends that worker and starts a new one, whose app resumes from the
// last save (written after every action) on the screen the address names, as a
// reload would, with nothing of the page reloaded.
import { app, boot, root } from "./state.js";
import { workerGeneration, giveUpWorker, startWorker, pageFacts } from "./worker.js";
import { call, forgetCalls } from "./calls.js";
import { forgetApp } from "./operations.js";

export function answerMs() {
  return Number(new URLSearchParams(location.search).get("answer-timeout")) || 10000;
}
// The answer of a heavy timer (the computer's tables being built) may take this long.
export const HEAVY_MS = 120000;
let reviving = false;
// Settles once the new worker has started (or could not).
export let revived = Promise.resolve();

// Watches a call to the worker of that generation; the function returned stops
// watching (once it is answered).
export function watch(kind, bound, generation) {
  if (kind === "start" || !app.live || typeof AbortSignal === "undefined" || !AbortSignal.timeout) {
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
  if (reviving || !app.live) return;
  reviving = true;
  app.live = false;
  let done;
  revived = new Promise((resolve) => { done = resolve; });
  console.warn("Zaria: Python stopped answering (" + reason + "); starting it again.");
  root.dataset.reviving = "1";
  revivalBanner(false);
  let started = TIMED_OUT;
  try {
    const again = async () => {
      await replaceWorker();
      return call("start", Object.assign(pageFacts(false), { revived: true }));
    };
    // As long as a first start may take (index.html's ?boot-timeout), and no longer.
    const limit = Number(new URLSearchParams(location.search).get("boot-timeout")) || 60000;
    started = await bounded(again(), limit);
  } catch (e) {
    console.warn("Zaria: Python could not start again:", e);
  }
  reviving = false;
  done();
  if (!started || started === TIMED_OUT) {
    revivalBanner(true); // the game is in storage: a reload resumes it
    return;
  }
  app.live = true;
  delete root.dataset.reviving;
  document.getElementById("revive-banner").remove();
}

// Gives the worker up (its calls are dropped, its app's timers with it) and starts a
// new one, whose app is not started yet.
export async function replaceWorker() {
  giveUpWorker();
  forgetCalls();
  forgetApp();
  await startWorker();
}

// ``promise``, or TIMED_OUT once ``ms`` of real time have passed.
export const TIMED_OUT = Symbol("timed out");
export function bounded(promise, ms) {
  if (typeof AbortSignal === "undefined" || !AbortSignal.timeout) return promise;
  const limit = AbortSignal.timeout(ms);
  const late = new Promise((resolve) => limit.addEventListener("abort", () => resolve(TIMED_OUT)));
  return Promise.race([promise, late]);
}
