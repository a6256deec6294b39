// The browser's history: the app's screens as its entries (each names its screen and
// how far from home it is), so that Back is the previous screen. The popstate event
// goes to the app (./events.js).
export function pushEntry(name, depth, address) {
  history.pushState({ zaria: name, depth }, "", url(address));
}

export function replaceEntry(name, depth, address) {
  history.replaceState({ zaria: name, depth }, "", url(address));
}

function url(address) {
  return location.pathname + location.search + address;
}

// Settles once the browser has reached every history entry the app stepped to (its
// popstate, which the app answers, has arrived): see settled() in ./hooks.js.
export let stepping = Promise.resolve();

// The "go" operation: steps through the history (back, as Back would).
export function step(steps) {
  stepping = Promise.all([stepping, nextPopstate(1000)]);
  history.go(steps);
}

// The next popstate, or ``limitMs`` later when none comes.
export function nextPopstate(limitMs) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); window.removeEventListener("popstate", done); resolve(); };
    const timer = setTimeout(done, limitMs);
    window.addEventListener("popstate", done);
  });
}
