// Runs in the worker, in place of pyodide.mjs (PyScript imports the module it is
// given as the interpreter's): it loads Pyodide from the vendored runtime and tells
// the page how the start goes, on the BroadcastChannel named in its own address
// (?boot=<name>, unique to the page):
//   {bytes}            bytes received so far, of every file the start downloads;
//   {url, status}      a file the server refused (HTTP 400 and up);
//   {failed}           the runtime could not be compiled (a damaged pyodide.asm.wasm);
//   {snapshot}         "used" (Python restored from the kept snapshot), "none" (none
//                      kept for this app) or "refused" (one kept, unusable, deleted).
import { anySnapshot, appBytes, dropSnapshot, installApp, keptSnapshot, download, RUNTIME, snapshotKey, unpackingFetch } from "./snapshots.mjs";
// Imported here as well as by snapshots.mjs, so that both are asked for at once.
import "../vendor/fzstd/fzstd.js";

const channel = new BroadcastChannel(new URL(import.meta.url).searchParams.get("boot") || "zaria-boot");
const tell = (message) => { try { channel.postMessage(message); } catch (e) { /* page gone */ } };

let received = 0;
const plainFetch = globalThis.fetch;

// Whether the service worker keeps the packed files unpacked: the page says so when
// one controls it (?kept=1; web/sw.js keeps them).
const kept = new URL(import.meta.url).searchParams.get("kept") === "1";

// Count the bytes as they arrive (as downloaded: packed), handing the same bytes on.
function watch(url, response) {
  if (response.status >= 400) tell({ url, status: response.status });
  if (!response.ok || !response.body) return response;
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, out) {
      received += chunk.byteLength;
      tell({ bytes: received });
      out.enqueue(chunk);
    },
  }));
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// The runtime's big files are asked for the moment this module runs, rather than
// once Pyodide's own 1.25 MB script has arrived and run: their downloads overlap it.
// Pyodide's own request for each is then answered with the one already under way.
const early = new Map(["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].map((name) => {
  const asked = download(plainFetch, RUNTIME + name, { kept, watch });
  asked.catch(() => {}); // met when Pyodide asks for it
  return [RUNTIME + name, asked];
}));

globalThis.fetch = unpackingFetch(plainFetch, { early, kept, watch });

// A runtime that cannot be compiled is only logged by Pyodide, whose start then
// waits forever: watch the compile itself.
for (const name of ["instantiateStreaming", "compileStreaming", "instantiate"]) {
  const plain = WebAssembly[name];
  if (typeof plain !== "function") continue;
  WebAssembly[name] = function () {
    const started = plain.apply(WebAssembly, arguments);
    started.then(null, (e) => tell({ failed: "pyodide.asm.wasm: " + e }));
    return started;
  };
}

const pyodide = await import(RUNTIME + "pyodide.mjs");
export const version = pyodide.version;

// The app, fetched as the start begins (its bytes count in the loading bar). It is
// written into Python's file system once Python runs, and imported from there.
const archive = appBytes(globalThis.fetch);
archive.catch((e) => tell({ failed: "app.zip: " + ((e && e.message) || e) }));

// Python's random generator is the snapshot's on every start from it: seed it anew
// (from the browser's entropy). The app's dice draw from that entropy themselves.
const RESEED = "import random\nrandom.seed()";

export async function loadPyodide(options) {
  // PyScript would look for the runtime beside this module.
  const py = await startPython({ ...options, indexURL: RUNTIME });
  installApp(py, await archive);
  return py;
}

// A repeat visit starts from the snapshot of this app (see web/snapshots.mjs), read
// while Pyodide loads its own files. One of another app, or none, is met as one that
// cannot be used: the start is then a plain one.
async function startPython(settings) {
  if (!(await anySnapshot())) {
    tell({ snapshot: "none" });
    return pyodide.loadPyodide(settings);
  }
  let key = null;
  let damaged = false;
  const kept = (async () => {
    key = await snapshotKey(await archive, pyodide.version);
    const bytes = await keptSnapshot(key);
    damaged = bytes === false;
    if (damaged) throw new Error("the one kept is not whole");
    if (!bytes) throw new Error("none kept for this app");
    return bytes;
  })();
  kept.catch(() => {}); // met below (Pyodide awaits it only once its own files are in)
  try {
    const py = await pyodide.loadPyodide({ ...settings, _loadSnapshot: kept });
    py.runPython(RESEED);
    tell({ snapshot: "used" });
    return py;
  } catch (e) {
    const found = damaged || (await kept.then(() => true, () => false));
    if (found) {
      console.warn("Zaria: the kept snapshot of Python could not be used:", e);
      await dropSnapshot(key);
    }
    tell({ snapshot: found ? "refused" : "none" });
  }
  return pyodide.loadPyodide(settings);
}
