// A module worker of its own, started by the page once the app is ready on a visit
// that found no snapshot (see web/snapshots.mjs). It starts a second Python as
// web/pyodide-start.mjs starts the app's, imports the app's modules (every screen's
// included) and reads its messages, keeps a snapshot of that memory, and says
// {made: bytes} or {error}; the page then ends it. The app's own Python is not
// touched: the player notices nothing but a busy second core.
import { APP_ZIP, appBytes, keepSnapshot, snapshotKey } from "./snapshots.mjs";

// As worker.py starts the app, up to the imports.
const PREPARE = `
import sys
if ${JSON.stringify(APP_ZIP)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(APP_ZIP)})
import zaria_web.relay
zaria_web.relay.preload()
`;

const runtime = new URL("../vendor/pyodide/", import.meta.url).href;

async function make() {
  const { loadPyodide, version } = await import(runtime + "pyodide.mjs");
  const bytes = await appBytes(fetch, runtime);
  const key = await snapshotKey(bytes, runtime, version);
  // The options of the app's start (PyScript's stdout and stderr aside).
  const py = await loadPyodide({ indexURL: runtime, _makeSnapshot: true });
  py.FS.writeFile(APP_ZIP, bytes);
  py.runPython(PREPARE);
  const snapshot = py.makeMemorySnapshot();
  if (!(await keepSnapshot(key, snapshot))) throw new Error("the snapshot could not be stored");
  return snapshot.byteLength;
}

make().then(
  (made) => postMessage({ made }),
  (e) => postMessage({ error: String((e && e.message) || e) }),
);
