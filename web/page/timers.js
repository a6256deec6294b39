// The app's timers, kept on the page (so that Playwright's clock drives them): each
// falls due as a "timer" call to the worker.
import { send } from "./calls.js";
import { GATHER_MS } from "./announce.js";

const timers = new Map();
// The app's timers that fall due within a moment (see ./announce.js).
export const dueSoon = new Set();
// Those whose answer may take long (the computer's tables being built; see
// ./revive.js).
export const heavyTimers = new Set();
// Timer and file ids go on rising across restarts, so that a late answer for an
// old app is never taken for the new one's.
export let nextIds = 1;

export function setTimer(id, ms, heavy) {
  nextIds = Math.max(nextIds, id + 1);
  if (ms <= GATHER_MS) dueSoon.add(id);
  if (heavy) heavyTimers.add(id);
  timers.set(id, setTimeout(() => {
    timers.delete(id);
    dueSoon.delete(id);
    send("timer", { id });
    heavyTimers.delete(id);
  }, ms));
}

export function clearTimer(id) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  dueSoon.delete(id);
  heavyTimers.delete(id);
}

// The timers of an app that has stopped.
export function forgetTimers() {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  dueSoon.clear();
  heavyTimers.clear();
}
