// Calling Python: each event of the page goes to the worker as a kind and a JSON
// payload (see py/zaria_web/runtime/relay.py), and its answer, a list of operations, is
// applied (./operations.js). Calls are answered in order; each answer is applied
// before the next call's.
import { boot } from "./state.js";
import { worker, workerGeneration } from "./worker.js";
import { apply } from "./operations.js";
import { heavyTimers } from "./timers.js";
import { answerMs, HEAVY_MS, watch } from "./revive.js";

// Settles once every call made so far has been answered and applied.
export let queue = Promise.resolve();

// Calls sent and not answered yet.
export let answering = 0;

export function call(kind, payload, evt) {
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

export function send(kind, payload, evt) {
  call(kind, payload, evt);
}

// The calls of a worker given up: never answered, and no longer waited for.
export function forgetCalls() {
  queue = Promise.resolve();
  answering = 0;
}

// For the benchmarks (bench/interaction_bench.py sets window.zariaTiming = []):
// each answered event, from its input to the paint of the frame that shows the
// answer (the task queued from that frame's animation callback runs once it is
// painted), and the time Python took in the worker (its "took" operation).
let took = 0;
export function noteTook(ms) {
  took = ms;
}

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
