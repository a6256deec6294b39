// node tools/compile_app.mjs IN.zip OUT.zip: app.zip with its modules compiled by
// the vendored Pyodide's Python (see tools/compile_app.py), which tools/build.py
// runs; errors go to stderr with a non-zero exit.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const runtime = join(here, "..", "node_modules", "pyodide") + "/";
const [input, output] = process.argv.slice(2);
try {
  const { loadPyodide } = await import(join(runtime, "pyodide.mjs"));
  // PYTHONNODEBUGRANGES: bytecode without column ranges (see compile_app.py).
  const env = { PYTHONNODEBUGRANGES: "1" };
  const py = await loadPyodide({ indexURL: runtime, env, stdout: () => {}, stderr: (s) => console.error(s) });
  py.FS.writeFile("/compile_app.py", readFileSync(join(here, "compile_app.py")));
  py.FS.writeFile("/in.zip", readFileSync(input));
  py.runPython(`
import sys
sys.path.insert(0, "/")
from compile_app import compile_zip
with open("/in.zip", "rb") as f:
    data = compile_zip(f.read())
with open("/out.zip", "wb") as f:
    f.write(data)
`);
  writeFileSync(output, py.FS.readFile("/out.zip"));
} catch (e) {
  // Pyodide's own errors carry its whole minified source in their stack: the message.
  console.error("compile_app: " + String((e && e.message) || e).slice(-4000));
  process.exit(1);
}
