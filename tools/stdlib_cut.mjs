// The vendored Pyodide's standard library cut to what the page may import
// (tools/stdlib_cut.py), for tools/build.py; run by the runtime's own Python.
//
//   node tools/stdlib_cut.mjs cut APP_DIR PYSCRIPT_DIR WORKER_PY OUT.zip
//   node tools/stdlib_cut.mjs compile APP_DIR STDLIB.zip OUT.zip
//   node tools/stdlib_cut.mjs check APP_DIR STDLIB.zip
//
// `compile` imports the app as `check` does, then writes the library with every
// module Python has imported from it compiled to bytecode (stdlib_cut.py: compiled).
// APP_DIR holds the app's packages (zaria, zaria_web), PYSCRIPT_DIR PyScript's
// Python package. `check` starts Python on the library STDLIB.zip and imports every
// module of the app and every module an import statement of the app names (those
// inside functions too): a module the library lacks exits non-zero with the modules
// on stderr, so the build fails, never a player's page.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const runtime = join(here, "..", "node_modules", "pyodide") + "/";
const [mode, appDir, ...rest] = process.argv.slice(2);
const quiet = { stdout: () => {}, stderr: (s) => console.error(s) };

function copyTree(py, from, to) {
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (name === "__pycache__") continue;
    if (statSync(path).isDirectory()) copyTree(py, path, join(to, name));
    else if (name.endsWith(".py")) {
      py.FS.mkdirTree(to);
      py.FS.writeFile(join(to, name), readFileSync(path));
    }
  }
}

async function python(options) {
  const { loadPyodide } = await import(join(runtime, "pyodide.mjs"));
  const py = await loadPyodide({ indexURL: runtime, ...quiet, ...options });
  for (const pkg of ["zaria", "zaria_web"]) copyTree(py, join(appDir, pkg), `/roots/app/${pkg}`);
  for (const tool of ["stdlib_cut.py", "compile_app.py"]) py.FS.writeFile(`/${tool}`, readFileSync(join(here, tool)));
  py.runPython('import sys\nsys.path.insert(0, "/")');
  return py;
}

async function cut(pyscriptDir, workerPy, output) {
  const py = await python({});
  // What Pyodide imported as it started, before anything of ours.
  py.globals.set("boot", py.runPython("[m for m in sys.modules]"));
  copyTree(py, pyscriptDir, "/roots/pyscript/pyscript");
  py.FS.writeFile("/roots/worker.py", readFileSync(workerPy));
  const kept = py.runPython(`
from stdlib_cut import cut
whole = next(p for p in sys.path if p.endswith(".zip"))
with open(whole, "rb") as f:
    data, kept = cut(f.read(), ["/roots/app", "/roots/pyscript"], ["/roots/worker.py"], boot)
with open("/cut.zip", "wb") as f:
    f.write(data)
len(kept)
`);
  writeFileSync(output, py.FS.readFile("/cut.zip"));
  console.log(`stdlib_cut: ${kept} files kept`);
}

async function compileImported(stdlib, output) {
  // PYTHONNODEBUGRANGES: bytecode without column ranges, as app.zip's (compile_app.py).
  const py = await python({ stdLibURL: stdlib, env: { PYTHONNODEBUGRANGES: "1" } });
  const done = py.runPython(`
from stdlib_cut import compiled, missing
lacking = missing("/roots/app")
whole = next(p for p in sys.path if p.endswith(".zip"))
data, count = compiled(whole)
with open("/compiled.zip", "wb") as f:
    f.write(data)
[count, lacking]
`).toJs();
  if (done[1].length) {
    console.error("stdlib_cut: the standard library lacks modules the app imports:\n  " + done[1].join("\n  "));
    process.exit(1);
  }
  writeFileSync(output, py.FS.readFile("/compiled.zip"));
  console.log(`stdlib_cut: ${done[0]} modules compiled`);
}

async function check(stdlib) {
  const py = await python({ stdLibURL: stdlib });
  const missing = py.runPython('from stdlib_cut import missing\nmissing("/roots/app")').toJs();
  if (missing.length) {
    console.error("stdlib_cut: the standard library lacks modules the app imports:\n  " + missing.join("\n  "));
    process.exit(1);
  }
}

try {
  if (mode === "cut") await cut(...rest);
  else if (mode === "compile") await compileImported(...rest);
  else if (mode === "check") await check(...rest);
  else throw new Error(`unknown mode ${mode}: cut, compile or check`);
} catch (e) {
  // Pyodide's own errors carry its whole minified source in their stack: the message.
  console.error("stdlib_cut: " + String((e && e.message) || e).slice(-4000));
  process.exit(1);
}
