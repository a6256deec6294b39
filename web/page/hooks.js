// Hooks for the self-check, benchmarks and tests: window.zariaPy.
import { app, root } from "./state.js";
import { worker, givenUp, pageFacts } from "./worker.js";
import { call, queue } from "./calls.js";
import { answerMs, bounded, replaceWorker, revived, TIMED_OUT } from "./revive.js";
import { forgetApp } from "./operations.js";
import { nextPopstate, stepping } from "./history.js";
import { focusEl } from "./draw.js";
import { pythonSnapshot } from "./snapshot.js";

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
  app.live = false;
  app.restarting = true;
  // A worker that does not answer (it was ended) is replaced by a new one.
  let stopping = await bounded(call("stop", {}), answerMs());
  if (stopping === TIMED_OUT) {
    await replaceWorker();
    stopping = [];
  }
  stopping = stopping || [];
  forgetApp();
  app.restarting = false;
  if (options && options.clear) {
    localStorage.clear();
    sessionStorage.clear();
  }
  const back = stopping.find((op) => op[0] === "stopping");
  // The entry the old app stepped back to must be reached before a new entry is
  // added, or the step would land on the new app's history.
  if (back && back[1].stepping) await nextPopstate(1000);
  for (const id of ["live", "alert"]) {
    const el = document.getElementById(id);
    if (el) el.textContent = "";
  }
  window.scrollTo(0, 0);
  resetFocus();
  await call("start", pageFacts(true));
  app.live = true;
  root.dataset.ready = "1";
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
  // The game's own benchmark, timed in the worker (its bench module's page_bench).
  bench: (game, n) => worker.sync.bench(game, n),
  snapshot: () => pythonSnapshot.state,
  snapshotMade: () => pythonSnapshot.made,
  // Ends Python's worker as the browser may (to free memory, a crash): see ./revive.js.
  endWorker: () => worker && worker.terminate(),
};
