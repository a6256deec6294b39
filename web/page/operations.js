// Applying the worker's answers: each is a list of operations, each its name and
// its fields by name (see py/zaria_web/runtime/relay.py), applied in order by the module
// whose job it is.
import { boot } from "./state.js";
import { send, noteTook } from "./calls.js";
import { render, focusOn, forgetFocus, setDocument, toTop, showFatal, afterAnswer } from "./draw.js";
import { announce, hush, forgetAnnouncements } from "./announce.js";
import { setTimer, clearTimer, forgetTimers } from "./timers.js";
import { write, writeAll, remove } from "./storage.js";
import { pushEntry, replaceEntry, step } from "./history.js";
import { readFile, saveFile, shareLink } from "./files.js";
import { takeKeys } from "./events.js";

export function apply(text) {
  let ops;
  try { ops = JSON.parse(text); } catch (e) { console.warn("Zaria: bad answer", e); return; }
  // What the page answers to the operations (a write storage refused), sent once
  // they are all applied.
  const replies = [];
  for (const op of ops) {
    const fn = OPS[op[0]];
    if (fn) fn(op[1] || {}, replies);
    else console.warn("Zaria: unknown operation", op[0]);
  }
  afterAnswer();
  for (const [kind, payload] of replies) send(kind, payload);
  return ops;
}

// One entry per page effect (py/zaria_web/runtime/effects.py and relay_ops.py), by its
// operation's name, taking its fields by name (tests/test_page_effects.py checks
// that the two sides list the same operations and fields).
const OPS = {
  render({ screen, tools }) { render(screen, tools); },
  focus({ selector }) { focusOn(selector); },
  announce({ text, assertive }) { announce(text, assertive); },
  hush() { hush(); },
  doc({ lang, theme, title }) { setDocument(lang, theme, title); },
  top() { toTop(); },
  timer({ id, ms, heavy }) { setTimer(id, ms, heavy); },
  untimer({ id }) { clearTimer(id); },
  set({ key, value }, replies) { write(key, value, replies); },
  setall({ id, values }, replies) { writeAll(id, values, replies); },
  remove({ key }) { remove(key); },
  push({ name, depth, address }) { pushEntry(name, depth, address); },
  replace({ name, depth, address }) { replaceEntry(name, depth, address); },
  go({ steps }) { step(steps); },
  read({ id, input, limit }) { readFile(id, input, limit); },
  save({ name, text, mime }) { saveFile(name, text, mime); },
  share({ title, text, link, field }) { shareLink(title, text, link, field); },
  // The games' sounds and celebrations: web/feel.js.
  vibrate({ pattern }) { if (navigator.vibrate) navigator.vibrate(pattern); },
  sound({ kind, volume }) { if (window.zariaFeel) window.zariaFeel.sound(kind, volume); },
  celebrate({ kind, text }) { if (window.zariaFeel) window.zariaFeel.celebrate(kind, text); },
  keys({ keys }) { takeKeys(keys); },
  warn({ text }) { console.warn(text); },
  fatal({ text }) { showFatal(text); },
  failed({ detail }) { boot.failed(detail); },
  stopping() {},
  warmed() {},
  took({ ms }) { noteTook(ms); },
};

// The old app's timers and what it had still to say: gone with it.
export function forgetApp() {
  forgetTimers();
  forgetAnnouncements();
  forgetFocus();
}
