"""Build the static site into ``site/`` (or ``--out DIR``).

The site is everything a static host serves:

- ``index.html``, ``web/`` (CSS, images, manifest, scripts), ``sw.js`` at the root so
  the service worker's scope is the whole site; the page's own script, ``web/boot.js``,
  with the modules it imports (``web/page/``) joined into it; the script of the page
  drawn ahead, ``web/early.js``, written into the page's head;
- ``vendor/pyodide``, ``vendor/pyscript`` and ``vendor/fzstd``: the pinned runtime
  and the Zstandard decoder, copied from ``node_modules`` (run ``npm ci`` first);
- ``app.zip``: the Python packages ``zaria`` and ``zaria_web``, compiled to the
  browser's bytecode (``tools/compile_app.py``, run by the vendored Pyodide under
  Node); the page writes it into Python's file system and imports from it;
- the three big files of the start (the WebAssembly runtime, the standard library and
  app.zip) as ``NAME.zst``, compressed with Zstandard: 1 MB less than gzip, which is
  the most a static host does; the worker unpacks them as they arrive
  (``web/snapshots.mjs``);
- ``data/``: files fetched only when needed (a computer player's table): those
  the registry of games names (:attr:`zaria_web.games.Registered.data`);
- ``worker.py``: the Python that PyScript runs in a web worker (``web/page/worker.js``
  starts it);
- ``precache.json``: every file of the site with its content hash, and the
  build version derived from all of them; the service worker reads it.

Usage: ``python tools/build.py [--out DIR]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

import zstandard

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from zaria_web import games  # noqa: E402

NODE = ROOT / "node_modules"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript loads some of its chunks on demand: the code editor's and the terminal's
# (CodeMirror, xterm.js: 0.8 MB), which the page never shows, are left out; the others
# are copied (without source maps).
PYSCRIPT_SKIP = ("codemirror", "xterm")
# Files of the Python packages that the browser does not need.
PY_SKIP_SUFFIXES = (".pyc",)
PY_SKIP_DIRS = ("__pycache__",)
#: The engine's command-line modules, by file name (``python -m zaria …``, each game's
#: ``cli``, the advisor, the simulations), which nothing of the page imports
#: (tests/test_compile_app.py follows the browser layer's imports to check it): not
#: shipped, 12 kB less to download.
PY_COMMAND_LINE = ("__main__.py", "cli.py", "advisor.py", "simulate.py")
#: The files shipped as NAME.zst (web/snapshots.mjs: PACKED), and Zstandard's level:
#: 19, its highest before the "ultra" levels that need a bigger window to decode.
PACKED = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "app.zip")
PACK_LEVEL = 19
#: Packed files kept by content, as the runtime's 9.6 MB take 13 s to compress.
PACK_CACHE = ROOT / "build" / "packed"


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _vendor(out: Path) -> None:
    pyodide = NODE / "pyodide"
    core = NODE / "@pyscript" / "core" / "dist"
    if not (pyodide / "pyodide.mjs").exists() or not (core / "core.js").exists():
        sys.exit("build: the runtime is missing from node_modules; run `npm ci` first")
    for name in PYODIDE_FILES:
        if name != STDLIB:
            _copy(pyodide / name, out / "vendor" / "pyodide" / name)
    # The runtime is packed (13 s when not kept from an earlier build) while Node cuts
    # the library, on the other core.
    runtime = threading.Thread(target=_pack, args=(out / "vendor" / "pyodide" / RUNTIME_WASM,))
    runtime.start()
    try:
        _stdlib(out / "vendor" / "pyodide" / STDLIB)
    finally:
        runtime.join()
    for f in sorted(core.iterdir()):
        if f.suffix not in (".js", ".css") or any(f.name.startswith(s) for s in PYSCRIPT_SKIP):
            continue
        _copy(f, out / "vendor" / "pyscript" / f.name)
    # Its minified build: it defines `fzstd` on the global object, for the worker's
    # modules (web/snapshots.mjs) and the service worker (importScripts) alike.
    _copy(NODE / "fzstd" / "umd" / "index.js", out / "vendor" / "fzstd" / "fzstd.js")


STDLIB = "python_stdlib.zip"
RUNTIME_WASM = "pyodide.asm.wasm"


def _node(step: str, *args: object) -> None:
    """Run one of the build's steps in the vendored Pyodide under Node."""
    done = subprocess.run(["node", *map(str, args)], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"build: {step}:\n{done.stderr[-4000:]}")


def _stdlib(target: Path) -> None:
    """Python's standard library cut to what the page may import (2.5 → 0.6 MB), the
    modules Python imports as it starts and as it imports the app compiled to bytecode,
    then checked: Python started on it must import every module of the app and every
    module the app's import statements name (``tools/stdlib_cut.py``)."""
    app = ROOT / "py"
    pyscript = NODE / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
    tool = ROOT / "tools" / "stdlib_cut.mjs"
    _node(
        "the standard library could not be cut",
        tool,
        "cut",
        app,
        pyscript,
        ROOT / "web" / "worker.py",
        target,
    )
    _node("the cut standard library could not be compiled", tool, "compile", app, target, target)
    _node("the cut standard library is short of a module", tool, "check", app, target)


#: The page's preload of PyScript's module (index.html), and what the build adds beside it.
CORE_PRELOAD = '<link rel="modulepreload" href="./vendor/pyscript/core.js">'
# core.js only re-exports its hashed chunk; the chunk imports its plugins as it starts.
CORE_CHUNK = re.compile(r'from"\./(core-[\w-]+\.js)"')
PLUGIN = re.compile(r'"?[\w-]+"?:\(\)=>import\("\./([\w-]+\.js)"\)')


def _preload_pyscript(out: Path) -> None:
    """Preload PyScript's chunk and its plugins with its module, instead of finding each
    a round trip after the one that imports it (the worker starts about 0.5 s sooner
    on a 60 ms link)."""
    folder = out / "vendor" / "pyscript"
    found = CORE_CHUNK.search((folder / "core.js").read_text(encoding="utf-8"))
    if not found:
        sys.exit("build: PyScript's core.js no longer names its chunk")
    chunks = [
        found.group(1),
        *PLUGIN.findall((folder / found.group(1)).read_text(encoding="utf-8")),
    ]
    links = "".join(
        f'\n  <link rel="modulepreload" href="./vendor/pyscript/{c}">'
        for c in dict.fromkeys(chunks)
        if (folder / c).exists()
    )
    page = out / "index.html"
    text = page.read_text(encoding="utf-8")
    if CORE_PRELOAD not in text:
        sys.exit(f"build: {page} lacks {CORE_PRELOAD}")
    page.write_text(text.replace(CORE_PRELOAD, CORE_PRELOAD + links, 1), encoding="utf-8")


#: The page's own script, and the folder of the modules it imports: the build joins
#: them into the one script the page loads, in the order a browser would run them.
PAGE_SCRIPT = "web/boot.js"
PAGE_MODULES = "web/page"
#: A static import of a module: ``import { a, b } from "./x.js";`` or ``import "./x.js";``.
STATIC_IMPORT = re.compile(r'^import\s+(?:\{([^}]*)\}\s*from\s*)?"([^"]+)";[ \t]*\n', re.MULTILINE)
#: ``export`` before a declaration, dropped in the joined script.
EXPORT = re.compile(r"^export (?=(?:const|let|function|async function|class) )", re.MULTILINE)
EXPORTED = re.compile(r"^export (?:const|let|function|async function|class) ([\w$]+)", re.MULTILINE)
#: What the joined script cannot hold: any other import or export statement.
MODULE_SYNTAX = re.compile(r"^(?:import|export)\b(?!\()", re.MULTILINE)
#: A module imported later, at run time, by its address relative to the module.
DYNAMIC_IMPORT = re.compile(r'\bimport\("(\.\.?/[^"]+)"\)')


def _page_modules(entry: Path) -> list[Path]:
    """``entry`` and the modules it imports, in the order a browser runs them: each
    after the modules it imports (but one importing it in turn), the entry last."""
    order: list[Path] = []
    seen: set[Path] = set()

    def visit(module: Path) -> None:
        seen.add(module)
        for _names, spec in STATIC_IMPORT.findall(module.read_text(encoding="utf-8")):
            target = (module.parent / spec).resolve()
            if not spec.startswith(("./", "../")) or not target.is_file():
                sys.exit(f"build: {module} imports {spec}, which is not a module of the site")
            if target not in seen:
                visit(target)
        order.append(module)

    visit(entry.resolve())
    return order


def _joined(module: Path, entry: Path, exports: dict[Path, set[str]]) -> str:
    """The text of ``module`` as part of the script at ``entry``: without its imports
    and the word ``export``, its run-time imports addressed from the entry."""
    text = module.read_text(encoding="utf-8")
    for names, spec in STATIC_IMPORT.findall(text):
        wanted = {n.strip() for n in names.split(",") if n.strip()}
        missing = wanted - exports[(module.parent / spec).resolve()]
        if missing:
            sys.exit(f"build: {module} imports {sorted(missing)}, which {spec} does not export")
    body = EXPORT.sub("", STATIC_IMPORT.sub("", text))
    if MODULE_SYNTAX.search(body):
        sys.exit(f"build: {module} has an import or export the page's script cannot join")

    def readdress(found: re.Match[str]) -> str:
        target = os.path.normpath(module.parent / found[1])
        spec = Path(os.path.relpath(target, entry.parent)).as_posix()
        return f'import("{spec if spec.startswith(".") else "./" + spec}")'

    return DYNAMIC_IMPORT.sub(readdress, body)


def _join_page(out: Path) -> None:
    """Join web/boot.js and its modules (web/page/) into the one web/boot.js the page
    loads: one download, as many round trips as a single script, whatever the number
    of modules. The modules share one scope, so each top-level name is declared once
    in all of them (``node --check`` refuses the script otherwise); an import brings
    nothing but the order, and the page runs them in the order it would run them as
    modules."""
    entry = (out / PAGE_SCRIPT).resolve()
    modules = _page_modules(entry)
    exports = {m: set(EXPORTED.findall(m.read_text(encoding="utf-8"))) for m in modules}
    site = out.resolve()
    parts = [
        f"// {PAGE_SCRIPT} and the modules it imports, joined by tools/build.py in the order"
        "\n// a browser runs them as modules.\n"
    ]
    for module in modules:
        name = module.relative_to(site).as_posix()
        parts.append(f"// -- {name} {'-' * max(3, 80 - len(name) - 7)}\n")
        parts.append(_joined(module, entry, exports))
    joined = "\n".join(parts)
    for module in modules:
        if module != entry:
            module.unlink()
    folder = out / PAGE_MODULES
    left = sorted(p.relative_to(out).as_posix() for p in folder.rglob("*") if p.is_file())
    if left:
        sys.exit(f"build: {', '.join(left)}: imported by no module of {PAGE_SCRIPT}")
    shutil.rmtree(folder, ignore_errors=True)
    entry.write_text(joined, encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        check = Path(tmp) / "boot.mjs"
        check.write_text(joined, encoding="utf-8")
        _node(f"the joined {PAGE_SCRIPT} is not a valid module", "--check", check)


def _app_zip(out: Path) -> None:
    """Zip the two packages with fixed timestamps so equal sources give equal bytes,
    then compile them to the browser's bytecode (``tools/compile_app.py``)."""
    target = out / "app.zip"
    sources = out / "app-sources.zip"
    with zipfile.ZipFile(sources, "w", zipfile.ZIP_DEFLATED) as zf:
        for pkg in ("zaria", "zaria_web"):
            for f in sorted((ROOT / "py" / pkg).rglob("*")):
                rel = f.relative_to(ROOT / "py")
                if f.is_dir() or f.suffix in PY_SKIP_SUFFIXES:
                    continue
                # The big tables are downloaded when needed; small JSON data ships inside.
                fetched = rel.parts[1:2] == ("data",) and f.suffix != ".json"
                skipped = rel.parts[0] == "zaria" and rel.name in PY_COMMAND_LINE
                if any(p in PY_SKIP_DIRS for p in rel.parts) or fetched or skipped:
                    continue
                info = zipfile.ZipInfo(rel.as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, f.read_bytes())
    # The vendored Pyodide's own Python compiles them, under Node.
    try:
        _node(
            "the app's modules could not be compiled",
            ROOT / "tools" / "compile_app.mjs",
            sources,
            target,
        )
    finally:
        sources.unlink()


def _pack(path: Path) -> None:
    """Replace ``path`` (one of ``PACKED``) by ``NAME.zst``, its bytes compressed with
    Zstandard (the sizes and checksums of the content written in the frame)."""
    data = path.read_bytes()
    kept = PACK_CACHE / f"{hashlib.sha256(data).hexdigest()}-{PACK_LEVEL}.zst"
    if not kept.exists():
        kept.parent.mkdir(parents=True, exist_ok=True)
        packer = zstandard.ZstdCompressor(level=PACK_LEVEL, write_checksum=True)
        part = kept.with_name(kept.name + f".{threading.get_ident()}.part")
        part.write_bytes(packer.compress(data))
        part.replace(kept)
    _copy(kept, path.with_name(path.name + ".zst"))
    path.unlink()


def data_files() -> tuple[str, ...]:
    """The data files of the registered games, in order (``zaria/data/…``)."""
    return tuple(name for game in games.GAMES for name in game.data)


def _data(out: Path) -> None:
    for name in data_files():
        src = ROOT / "py" / "zaria" / "data" / name
        if src.exists():
            _copy(src, out / "data" / name)


def _game_styles(out: Path) -> None:
    """Check that every registered game's stylesheet, which the page links, is there."""
    stylesheet = __import__("prerender").stylesheet
    missing = [g for g in games.NAMES if not (out / stylesheet(g)).is_file()]
    if missing:
        sys.exit(f"build: no stylesheet for {', '.join(missing)} (web/css/<game>.css)")


#: The files the worker downloads as it starts (their bytes are the loading bar's).
BOOT_FILES = tuple(
    f"{name}.zst" if name in PACKED else name
    for name in (*(f"vendor/pyodide/{name}" for name in PYODIDE_FILES), "app.zip")
)
BOOT_META = re.compile(r'<meta name="zaria-boot-(bytes|files)" content="[^"]*">')


#: The script of the page drawn ahead (web/early.js), as the source page loads it: the
#: build writes it into the page, where it listens from the first paint without
#: waiting for a download (a blocking script in the head would hold the paint back).
EARLY_SCRIPT = "web/early.js"
EARLY_TAG = f'<script src="./{EARLY_SCRIPT}"></script>'


def _inline_early(out: Path) -> None:
    """Write web/early.js into index.html in the place of the tag that loads it."""
    page = out / "index.html"
    text = page.read_text(encoding="utf-8")
    script = (ROOT / EARLY_SCRIPT).read_text(encoding="utf-8")
    if text.count(EARLY_TAG) != 1:
        sys.exit(f"build: {page} must load {EARLY_SCRIPT} once, as {EARLY_TAG}")
    if "</script" in script.lower() or "<!--" in script:
        sys.exit(f"build: {EARLY_SCRIPT} cannot be written into a <script> element")
    page.write_text(text.replace(EARLY_TAG, f"<script>\n{script}</script>"), encoding="utf-8")


def _boot_files(out: Path) -> None:
    """Write the start's downloads into index.html: their total size, for its loading
    bar, and their addresses, which a first visit asks for at once."""
    page = out / "index.html"
    values = {
        "bytes": str(sum((out / name).stat().st_size for name in BOOT_FILES)),
        "files": " ".join(f"./{name}" for name in BOOT_FILES),
    }
    text, found = BOOT_META.subn(
        lambda m: f'<meta name="zaria-boot-{m[1]}" content="{values[m[1]]}">',
        page.read_text(encoding="utf-8"),
    )
    if found != len(values):
        sys.exit(f"build: {page} lacks its zaria-boot-bytes or zaria-boot-files meta")
    page.write_text(text, encoding="utf-8")


def _precache(out: Path) -> str:
    """Write precache.json (path → hash) and return the build version."""
    entries: dict[str, str] = {}
    for f in sorted(out.rglob("*")):
        rel = f.relative_to(out).as_posix()
        if f.is_dir() or rel in ("sw.js", "precache.json"):
            continue
        entries[rel] = hashlib.sha256(f.read_bytes()).hexdigest()[:16]
    digest = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:12]
    (out / "precache.json").write_text(
        json.dumps({"version": digest, "files": entries}, indent=1, sort_keys=True)
    )
    return digest


# The line of web/sw.js that holds the version ("dev" in the source).
WORKER_VERSION = re.compile(r'^const VERSION = "[^"]*";$', re.MULTILINE)


def _stamp_worker(out: Path, version: str) -> None:
    """Write the build version into sw.js.

    Browsers look for a new version by comparing the worker script byte for
    byte, so a changed site must give a changed sw.js.
    """
    worker = out / "sw.js"
    if not worker.exists():
        return
    text = worker.read_text(encoding="utf-8")
    stamped, found = WORKER_VERSION.subn(f'const VERSION = "{version}";', text, count=1)
    if not found:
        sys.exit(f'build: {worker} lacks its line `const VERSION = "...";`')
    worker.write_text(stamped, encoding="utf-8")


def seal(out: Path) -> str:
    """Write precache.json and stamp sw.js for the files now in ``out``; the version.

    Run again after changing a file of a built site to make it a new version.
    """
    version = _precache(out)
    _stamp_worker(out, version)
    return version


def build(out: Path) -> str:
    """Build the site into ``out`` (emptied first); return the build version."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    _copy(ROOT / "index.html", out / "index.html")
    print(__import__("prerender").prerender_site(out))  # the first screens, drawn ahead
    _inline_early(out)
    for f in sorted((ROOT / "web").rglob("*")):
        rel = f.relative_to(ROOT / "web")
        if f.is_dir() or rel.parts[0] == "vendor" or f == ROOT / EARLY_SCRIPT:
            continue
        if rel.as_posix() in ("worker.py", "sw.js"):
            _copy(f, out / rel.name)
        else:
            _copy(f, out / "web" / rel)
    _game_styles(out)
    _vendor(out)
    _preload_pyscript(out)
    _join_page(out)
    _app_zip(out)
    for name in PACKED:
        if (out / name).exists():  # (the runtime is packed already)
            _pack(out / name)
    _data(out)
    _boot_files(out)
    return seal(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    version = build(args.out)
    size = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file())
    print(f"built {args.out} (version {version}, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
