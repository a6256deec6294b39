// Runs in the worker, in place of pyodide.mjs (PyScript imports the module it is
// given as the interpreter's): it loads Pyodide from the vendored runtime and tells
// the page how the start goes, on the BroadcastChannel named in its own address
// (?boot=<name>, unique to the page):
//   {bytes}            bytes received so far, of every file the start downloads;
//   {url, status}      a file the server refused (HTTP 400 and up);
//   {failed}           the runtime could not be compiled (a damaged pyodide.asm.wasm).
const channel = new BroadcastChannel(new URL(import.meta.url).searchParams.get("boot") || "zaria-boot");
const tell = (message) => { try { channel.postMessage(message); } catch (e) { /* page gone */ } };

let received = 0;
const plainFetch = globalThis.fetch;
globalThis.fetch = async function (input, init) {
  const response = await plainFetch(input, init);
  const url = String(input && input.url ? input.url : input);
  if (response.status >= 400) tell({ url, status: response.status });
  if (!response.ok || !response.body) return response;
  // Count the bytes as they arrive, handing the same bytes on (the runtime compiles
  // the WebAssembly as it streams in, so the headers must stay as they were).
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, out) {
      received += chunk.byteLength;
      tell({ bytes: received });
      out.enqueue(chunk);
    },
  }));
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
};

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

const runtime = new URL("../vendor/pyodide/", import.meta.url).href;
const pyodide = await import(runtime + "pyodide.mjs");
export const version = pyodide.version;
export function loadPyodide(options) {
  // PyScript would look for the runtime beside this module.
  return pyodide.loadPyodide({ ...options, indexURL: runtime });
}
