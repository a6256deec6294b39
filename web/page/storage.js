// localStorage, kept on the page: the worker keeps a copy (read at each start), and
// this writes what the app writes. A write the browser refuses is reported back
// ("refused"); an import is written all or nothing, and only its answer ("wrote")
// says whether it happened. Another tab's writes arrive by the storage event
// (./events.js).
export function readStorage() {
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

// The "set" operation; ``replies`` takes what the page answers once the whole answer
// is applied.
export function write(key, value, replies) {
  try {
    localStorage.setItem(key, value);
  } catch (e) {
    let held = null;
    try { held = localStorage.getItem(key); } catch (e2) { /* unreadable */ }
    replies.push(["refused", { key, value: held }]);
    return;
  }
  if (key.startsWith("zaria.save.")) keepStorage();
}

// All or nothing: when one value is refused, every key gets back what it held.
export function writeAll(id, values, replies) {
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
}

export function remove(key) {
  try { localStorage.removeItem(key); } catch (e) { /* unavailable */ }
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
