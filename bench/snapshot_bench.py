"""Pyodide memory snapshots: how much sooner Python is ready on a repeat visit.

Pyodide's ``loadPyodide`` can make a memory snapshot (``_makeSnapshot: true``, then
``pyodide.makeMemorySnapshot()``) and start from one (``_loadSnapshot``): the
interpreter's memory is restored instead of Python being initialised anew. Both
options are experimental. This benchmark measures it in headless Chromium, on a
copy of the built site in a temporary folder (``/tmp/snap-*``):

1. A module worker of its own: a cold start, then a start from a snapshot kept in
   the Cache API, each without and with the app (``app.zip`` unpacked and
   ``zaria_web.app``, ``zaria_web.runtime.relay`` imported; "ready" is then the home
   screen's operations computed by a ``Relay``). Times are the worker's own, from
   its first line, so they do not depend on the page.
2. What a start does with a snapshot it cannot use (made by another build, cut
   short, damaged), and whether ``random``, ``os.urandom`` and ``hash`` come out
   the same after two starts from one snapshot.

The app itself starts from a snapshot on a repeat visit (``web/snapshots.mjs``):
``bench/boot_bench.py`` prints its figures with and without one, and
``e2e/test_snapshot.py`` checks what it does with one it cannot use.

Medians of ``--runs`` at CPU 1× (DevTools cannot slow a worker's CPU, so no other
rate is measured). ``python bench/snapshot_bench.py [--runs 3]``
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from browser_site import built_site, launch, served, unpacked, whole_runtime

# -- 1. a worker of its own --------------------------------------------------------------

LAB_PAGE = """<!doctype html><meta charset="utf-8"><title>snapshot lab</title>
<script type="module">
const worker = new Worker("./lab.mjs" + location.search, { type: "module" });
worker.onmessage = (e) => { window.result = e.data; };
worker.onerror = (e) => { window.result = { error: "worker: " + (e.message || e) }; };
</script>
"""

# Runs in a module worker; ?mode=cold|make|snap, app=1 for the app, key=<the
# snapshot's name in the cache>, damage=<how to spoil it before the start>.
LAB_WORKER = r"""
const t0 = performance.now();
const since = () => Math.round(performance.now() - t0);
const q = new URL(import.meta.url).searchParams;
const mode = q.get("mode"), app = q.get("app") === "1", key = q.get("key") || "bare";
const damage = q.get("damage") || "";
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const out = { mode, app, key, damage };
const CACHE = "snapshots";
const name = (k) => new URL("./snapshot/" + k, import.meta.url).href;

// Python that starts the app as the page would, without a page: the first
// screen's operations.
const START = `
import json, sys
if "." not in sys.path:
    sys.path.insert(0, ".")
import zaria_web.app, zaria_web.runtime.relay
relay = zaria_web.runtime.relay.Relay(push=lambda text: None)
ops = json.loads(relay.call("start", json.dumps({"restart": False, "storage": {},
    "languages": ["en"], "params": {}, "hash": "", "path": "/", "base": "http://x/",
    "state": None, "dark": False, "first_id": 1, "now": "2026-01-01T12:00:00+00:00"})))
[op[0] for op in ops]
`;
const IMPORTS = `
import sys
if "." not in sys.path:
    sys.path.insert(0, ".")
import zaria_web.app, zaria_web.runtime.relay
`;

async function unpackApp(py) {
  const buffer = await (await fetch("./app.zip")).arrayBuffer();
  py.unpackArchive(buffer, "zip", { extractDir: "." });
}

function spoil(bytes, how) {
  if (!how) return bytes;
  const copy = new Uint8Array(bytes);
  if (how === "build") {
    // Another build's snapshot: the same layout, another build id (bytes 16-47).
    for (let i = 16; i < 48; i++) copy[i] ^= 0x5a;
    return copy;
  }
  if (how === "magic") { copy[0] ^= 0xff; return copy; }
  if (how === "cut") return copy.slice(0, Math.floor(copy.length / 8) * 4);
  if (how === "odd") return copy.slice(0, copy.length - 3);
  if (how === "empty") return new Uint8Array(0);
  if (how === "header") {
    // The JSON of the JavaScript references, spoilt.
    for (let i = 48; i < 64; i++) copy[i] = 0x7b;
    return copy;
  }
  if (how === "heap") {
    // A run of the heap overwritten in the middle (a disk or transfer error).
    const from = Math.floor(copy.length / 2);
    for (let i = from; i < from + 65536; i++) copy[i] = (i * 131) & 0xff;
    return copy;
  }
  if (how === "zeros") {
    // Most of the heap zeroed: what an interrupted write could leave.
    copy.fill(0, 4096);
    return copy;
  }
  throw new Error("unknown damage " + how);
}

function limited(promise, ms) {
  const late = new Promise((_, no) => setTimeout(() => no(new Error(ms + " ms: no answer")), ms));
  return Promise.race([promise, late]);
}

async function ready(py) {
  if (!app) return;
  out.inModules = py.runPython("import sys; 'zaria_web.app' in sys.modules");
  out.imported = since();
  await unpackApp(py);
  out.unpacked = since();
  py.runPython(IMPORTS);
  out.importsUsable = since();
  out.ops = py.runPython(START).toJs();
}

try {
  let py;
  if (mode === "cold" || mode === "make") {
    py = await loadPyodide({ indexURL, _makeSnapshot: mode === "make" });
    out.load = since();
    if (app) {
      await unpackApp(py);
      py.runPython(IMPORTS);
      out.importsUsable = since();
    }
    if (mode === "make") {
      const m0 = performance.now();
      const bytes = py.makeMemorySnapshot();
      out.makeMs = Math.round(performance.now() - m0);
      out.size = bytes.byteLength;
      const s0 = performance.now();
      const cache = await caches.open(CACHE);
      await cache.put(name(key), new Response(bytes));
      out.storeMs = Math.round(performance.now() - s0);
      // What gzip would make of it (CompressionStream), and what reading it back costs.
      const z0 = performance.now();
      const packed = await new Response(new Blob([bytes]).stream()
        .pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
      out.gzipMs = Math.round(performance.now() - z0);
      out.gzipSize = packed.byteLength;
      const u0 = performance.now();
      await new Response(new Blob([packed]).stream()
        .pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
      out.gunzipMs = Math.round(performance.now() - u0);
    }
    if (app) out.ops = py.runPython(START).toJs();
  } else {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(name(key));
    const bytes = spoil(new Uint8Array(await kept.arrayBuffer()), damage);
    out.read = since();
    try {
      py = await limited(loadPyodide({ indexURL, _loadSnapshot: bytes }), 60000);
      out.load = since();
      if (damage) out.ran = py.runPython("sum(range(1000))");
    } catch (e) {
      out.refused = String(e && (e.message || e)).split("\n")[0];
      out.refusedAt = since();
      // The fallback: a normal start in the same worker.
      py = await loadPyodide({ indexURL });
      out.fallback = py.runPython("sum(range(1000))") === 499500;
      out.load = since();
    }
    await ready(py);
  }
  out.ready = since();
  out.randomLoaded = py.runPython("import sys; 'random' in sys.modules");
  out.urandom = py.runPython("import os; os.urandom(8).hex()");
  out.random = py.runPython("import random; random.random()");
  out.hash = py.runPython("hash('zaria')");
} catch (e) {
  out.error = String(e && (e.stack || e.message || e));
}
postMessage(out);
"""


def _lab(lab: Path, site: Path) -> None:
    """The worker pages, with the runtime and app.zip beside them."""
    whole_runtime(lab / "vendor" / "pyodide")
    (lab / "app.zip").write_bytes(unpacked(site, "app.zip"))
    (lab / "lab.html").write_text(LAB_PAGE)
    (lab / "lab.mjs").write_text(LAB_WORKER)


class Lab:
    """One browser context of the worker lab: its Cache API lasts as long as it."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.context = browser.new_context(service_workers="block")
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.base = base

    def run(self, **query: str) -> dict[str, Any]:
        search = "&".join(f"{k}={v}" for k, v in query.items())
        self.page.goto(f"{self.base}lab.html?{search}")
        handle = self.page.wait_for_function("window.result", timeout=180_000)
        result: dict[str, Any] = handle.json_value()
        if "error" in result:
            raise SystemExit(f"lab {query}: {result['error']}")
        return result

    def close(self) -> None:
        self.context.close()


def _worker_figures(browser: Browser, base: str, runs: int) -> dict[str, list[float]]:
    """Times (ms, in the worker) of cold and snapshot starts, bare and with the app."""
    f: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        f.setdefault(name, []).append(value)

    for _ in range(runs):
        lab = Lab(browser, base)
        # A first start fills the HTTP cache and the compiled-code cache: every start
        # measured is a repeat visit's.
        lab.run(mode="cold", app="1")
        for app in ("0", "1"):
            label = "app" if app == "1" else "bare"
            cold = lab.run(mode="cold", app=app)
            add(f"cold {label}: loadPyodide", cold["load"])
            add(f"cold {label}: ready", cold["ready"])
            made = lab.run(mode="make", app=app, key=label)
            add(f"make {label}: makeMemorySnapshot", made["makeMs"])
            add(f"make {label}: cache.put", made["storeMs"])
            add(f"make {label}: snapshot MB", made["size"] / 1e6)
            add(f"make {label}: gzip MB", made["gzipSize"] / 1e6)
            add(f"make {label}: gzip ms", made["gzipMs"])
            add(f"make {label}: gunzip ms", made["gunzipMs"])
            snap = lab.run(mode="snap", app=app, key=label)
            add(f"snap {label}: snapshot read", snap["read"])
            add(f"snap {label}: loadPyodide", snap["load"])
            add(f"snap {label}: ready", snap["ready"])
            if app == "1":
                # The runtime's snapshot, the app imported after it (the shim's way).
                late = lab.run(mode="snap", app="1", key="bare")
                add("snap bare, then app imported: imports usable", late["importsUsable"])
                if not snap["inModules"] or "render" not in snap["ops"]:
                    raise SystemExit(f"the app snapshot did not keep the app: {snap}")
                add("snap app: imports usable", snap["importsUsable"])
                add("cold app: imports usable", cold["importsUsable"])
        _same_state(lab, f)
        lab.close()
    return f


def _same_state(lab: Lab, f: dict[str, list[float]]) -> None:
    """Two more starts of each kind: is Python's state the same after both?"""
    for mode, key in (("cold", "bare"), ("snap", "bare"), ("snap", "app")):
        app = "1" if key == "app" else "0"
        one, two = (lab.run(mode=mode, app=app, key=key) for _ in range(2))
        if mode == "snap" and key == "bare":
            f.setdefault("random imported before the snapshot (1=yes)", []).append(
                float(one["randomLoaded"])
            )
        for what, code in (
            ("random", "random.random()"),
            ("urandom", "os.urandom(8)"),
            ("hash", "hash('zaria')"),
        ):
            same = f"same {code}, two {mode} starts, {key} (1=yes)"
            f.setdefault(same, []).append(float(one[what] == two[what]))


def _robustness(browser: Browser, base: str) -> list[tuple[str, dict[str, Any]]]:
    """What a start does with a snapshot that is not right."""
    lab = Lab(browser, base)
    lab.run(mode="make", app="0", key="bare")
    seen = []
    for damage in ("build", "magic", "header", "odd", "cut", "empty", "heap", "zeros"):
        seen.append((damage, lab.run(mode="snap", app="0", key="bare", damage=damage)))
    lab.close()
    return seen


def _print(title: str, figures: dict[str, list[float]]) -> None:
    print(title)
    for name, values in figures.items():
        print(f"  {name:<44} {statistics.median(values):>9.1f}   {values}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    site = built_site()
    lab = Path(tempfile.mkdtemp(prefix="snap-", dir="/tmp"))
    try:
        _lab(lab, site)
        with served(lab) as base, sync_playwright() as p:
            browser = launch(p)
            worker = _worker_figures(browser, base, args.runs)
            damaged = _robustness(browser, base)
            browser.close()
    finally:
        shutil.rmtree(lab, ignore_errors=True)
    _print(f"worker of its own, median of {args.runs} (ms from the worker's start)", worker)
    print("a snapshot that is not right (one start each)")
    for damage, r in damaged:
        what = f"refused: {r['refused']}" if "refused" in r else f"started, ran {r.get('ran')}"
        fallback = f"; plain start after it: {r['fallback']}" if "fallback" in r else ""
        print(f"  {damage:<8} {what}{fallback}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
