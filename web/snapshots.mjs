// Memory snapshots of Python with the app imported, for a repeat visit: Pyodide
// restores the interpreter's memory from one (its _loadSnapshot option) instead of
// starting Python and importing the app's modules anew. Both parts of Pyodide are
// experimental, so a snapshot is only ever a shortcut: whatever goes wrong with one,
// the start is a plain one.
//
// One snapshot is kept, in the Cache API, under a name made of Pyodide's version and
// the digest of app.zip: a new app or a new runtime finds none (and the next one
// made replaces the old). web/pyodide-start.mjs starts from it; web/snapshot-maker.mjs
// makes it, in a worker of its own, once the app is ready on a visit that had none.
// Failing to start is met by the retry button, which deletes it first (index.html).
import "../vendor/fzstd/fzstd.js"; // Zstandard's decoder, as globalThis.fzstd

export const CACHE = "zaria-python-snapshot";

// The header a snapshot is kept with that gives its length, checked when it is read:
// Pyodide's own checks miss a snapshot a few bytes short.
const LENGTH = "X-Zaria-Length";

// The vendored Pyodide.
export const RUNTIME = new URL("../vendor/pyodide/", import.meta.url).href;

// Where Python finds the app: app.zip itself, written into Pyodide's file system and
// imported from, rather than unpacked file by file. A snapshot's import system knows
// it by this name, so it is the same in every start.
const APP_ZIP = "/app.zip";

const APP_URL = new URL("../app.zip", import.meta.url).href;

// The files the build ships packed with Zstandard, as NAME.zst (tools/build.py:
// PACKED): 1 MB less than gzip, the most a static host compresses.
const PACKED = new Set([RUNTIME + "pyodide.asm.wasm", RUNTIME + "python_stdlib.zip", APP_URL]);

// The address the file at `url` is downloaded from.
const source = (url) => (PACKED.has(url) ? url + ".zst" : url);

// `response`, the download of source(url), as the packed file at `url` unpacked as it
// arrives (the runtime still compiles the WebAssembly as it streams in); a damaged
// one errors its body.
function unpacked(url, response) {
  if (!response.ok || !response.body) return response;
  let out;
  const unpacker = new globalThis.fzstd.Decompress((chunk) => out.enqueue(chunk));
  const body = response.body.pipeThrough(new TransformStream({
    start(controller) { out = controller; },
    transform(chunk) { unpacker.push(chunk); },
    flush() { unpacker.push(new Uint8Array(0), true); },
  }));
  const type = url.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
  return new Response(body, { status: response.status, statusText: response.statusText, headers: { "Content-Type": type } });
}

// The file at `url` (one of PACKED), unpacked. With `kept` (the service worker keeps
// unpacked copies, see web/sw.js) it asks for the file itself first: it then comes
// from the service worker's cache as it is, and the runtime's compiled code from the
// browser's code cache. `watch(url, response)` sees each download as it arrives and
// returns it, or a stand-in with the same bytes.
async function packedFile(plain, url, kept, watch) {
  if (kept) {
    const whole = await plain(url).catch(() => null);
    if (whole && whole.ok) return watch(url, whole);
  }
  return unpacked(url, watch(source(url), await plain(source(url))));
}

// A fetch that hands packed files on unpacked, and the others as `plain` does.
// `early` maps addresses to their downloads already under way (see `download`;
// each answers one request).
export function unpackingFetch(plain, { early = new Map(), kept = false, watch = (url, response) => response } = {}) {
  return async function (input, init) {
    const url = String(input && input.url ? input.url : input);
    const asked = early.get(url);
    early.delete(url);
    if (asked) return asked;
    if (PACKED.has(url)) return packedFile(plain, url, kept, watch);
    return watch(url, await plain(input, init));
  };
}

// The download of the file at `url`, for unpackingFetch's `early`.
export function download(plain, url, { kept = false, watch = (url, response) => response } = {}) {
  if (PACKED.has(url)) return packedFile(plain, url, kept, watch);
  return plain(url).then((response) => watch(url, response));
}

// app.zip's bytes, fetched with `fetcher` (an unpacking one); throws when it cannot be had.
export async function appBytes(fetcher) {
  const url = APP_URL;
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Put the app in `bytes` where Python imports it from (both starts of Python, the
// app's and the snapshot maker's, and so a snapshot, have it at the same place).
export function installApp(py, bytes) {
  py.FS.writeFile(APP_ZIP, bytes);
  py.runPython(`import sys\nif ${JSON.stringify(APP_ZIP)} not in sys.path: sys.path.insert(0, ${JSON.stringify(APP_ZIP)})`);
}

// The name the snapshot of the app in `bytes` is kept under (beside the runtime, so
// that two copies of the site on one host keep one each).
export async function snapshotKey(bytes, version) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`snapshot-${version}-${hex}.bin`, RUNTIME).href;
}

// Whether a snapshot is kept for this site (of any app): a start that finds none
// does not wait for app.zip's digest.
export async function anySnapshot() {
  try {
    // (caches.open would make the cache: a start that finds none leaves none.)
    if (!(await caches.has(CACHE))) return false;
    return (await (await caches.open(CACHE)).keys()).some((r) => r.url.startsWith(RUNTIME));
  } catch (e) {
    return false; // no Cache API here (a private window): a plain start
  }
}

// The snapshot kept under `key`: its bytes, null when none is kept, or false when the
// one kept is not whole (its length is not the one it was kept with: a write cut
// short, or one kept by another build of this page).
export async function keptSnapshot(key) {
  try {
    const kept = await (await caches.open(CACHE)).match(key);
    if (!kept) return null;
    const bytes = new Uint8Array(await kept.arrayBuffer());
    return kept.headers.get(LENGTH) === String(bytes.byteLength) ? bytes : false;
  } catch (e) {
    return null;
  }
}

// Keep `bytes` under `key`, deleting this site's older ones; false when storage is
// full or unavailable (the next visit then starts as this one did).
export async function keepSnapshot(key, bytes) {
  try {
    const cache = await caches.open(CACHE);
    const here = key.slice(0, key.lastIndexOf("/") + 1);
    for (const old of await cache.keys()) {
      if (old.url !== key && old.url.startsWith(here)) await cache.delete(old);
    }
    const headers = { "Content-Type": "application/octet-stream", [LENGTH]: String(bytes.byteLength) };
    await cache.put(key, new Response(bytes, { headers }));
    return true;
  } catch (e) {
    return false;
  }
}

export async function dropSnapshot(key) {
  try { await (await caches.open(CACHE)).delete(key); } catch (e) { /* gone already */ }
}
