// A module worker of its own, started by the page once the app is ready on a visit
// that found no snapshot (see web/snapshots.mjs). It starts a second Python as
// web/pyodide-start.mjs starts the app's, imports the app's modules (every screen's
// included) and reads its messages, keeps a snapshot of that memory, and says
// {made: bytes} or {error}; the page then ends it. The app's own Python is not
// touched: the player notices nothing but a busy second core.
import { appBytes, installApp, keepSnapshot, RUNTIME, snapshotKey, unpackingFetch } from "./snapshots.mjs";

// Pyodide fetches the runtime's files with the global fetch: the packed ones unpacked.
globalThis.fetch = unpackingFetch(globalThis.fetch.bind(globalThis));

async function make() {
  const { loadPyodide, version } = await import(RUNTIME + "pyodide.mjs");
  const bytes = await appBytes(fetch);
  const key = await snapshotKey(bytes, version);
  // The options of the app's start (PyScript's stdout and stderr aside).
  const py = await loadPyodide({ indexURL: RUNTIME, _makeSnapshot: true });
  installApp(py, bytes);
  py.runPython("import zaria_web.runtime.relay\nzaria_web.relay.preload()");
  const snapshot = py.makeMemorySnapshot();
  if (!(await keepSnapshot(key, snapshot))) throw new Error("the snapshot could not be stored");
  return snapshot.byteLength;
}

make().then(
  (made) => postMessage({ made }),
  (e) => postMessage({ error: String((e && e.message) || e) }),
);
