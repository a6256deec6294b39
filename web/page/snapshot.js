// A memory snapshot of Python with the app imported (web/snapshots.mjs): whether
// this start was made from one ("used", "none", "refused"; the worker reports it,
// see ./worker.js), and the making of one for the next visit when it was not (a
// promise of {made: bytes} or {error}), in a worker of its own
// (web/snapshot-maker.mjs).
import { here } from "./worker.js";

export const pythonSnapshot = { state: "", made: null };

export function makeSnapshot() {
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
