"""Python's standard library cut to what the page can import, run by the browser's Python.

``tools/stdlib_cut.mjs`` runs this in the vendored Pyodide under Node, for
``tools/build.py``. Pyodide ships its whole standard library as one zip (2.5 MB,
already compressed), of which the app needs a fraction; the page downloads it before
Python can start. The cut keeps every module that one of these could import, found
by :mod:`modulefinder` in the bytecode (imports inside functions included, so a
module imported late is kept too):

- the modules Pyodide itself loads as it starts, and its ``_pyodide`` package;
- every module of the app (``zaria``, ``zaria_web``), PyScript's ``pyscript``
  package and the worker's entry point (``worker.py``);
- :data:`ALWAYS`: what no import statement names (codecs found by name).

Imports that only another platform's branch makes (Windows, macOS) are left out
(:data:`OTHER_PLATFORMS`), and so are the debugger, the prompt, the test tools and the
network clients (:data:`NOT_IN_A_PAGE`), which modules the app uses name but the app
never reaches. The modules are kept as sources, in the zip's layout, without their
docstrings and comments.

``cut(stdlib, roots_dirs, scripts, boot)`` returns the cut zip's bytes and the names
of the modules it holds.
"""

from __future__ import annotations

import contextlib
import io
import os
import zipfile
from collections.abc import Iterable

#: Codecs looked up by name (``encodings`` imports them with ``__import__``).
ALWAYS = (
    "encodings",
    "encodings.aliases",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_16_le",
    "encodings.utf_16_be",
    "encodings.utf_32",
    "encodings.unicode_escape",
    "encodings.raw_unicode_escape",
    "encodings.idna",
    "encodings.punycode",
    "encodings.charmap",
    "encodings.cp437",
    "encodings.cp1252",
)

#: Modules imported only on another platform (behind ``sys.platform`` tests).
OTHER_PLATFORMS = (
    "asyncio.windows_events",
    "asyncio.windows_utils",
    "_winapi",
    "_overlapped",
    "nt",
    "nturl2path",
    "msvcrt",
    "winreg",
    "_winreg",
    "_wmi",
    "_osx_support",
    "_aix_support",
    "_android_support",
    "_apple_support",
    "_ios_support",
)

#: What only a person at a Python prompt, a debugger or a test run imports, and the
#: clients of network protocols (the page fetches through the browser): followed from
#: modules the app does use (``heapq``'s self-test imports ``doctest``, ``site``
#: readies the prompt, ``pathlib.Path.from_uri`` reaches ``urllib.request``), never
#: imported by it; and what installs and describes packages, which the page has none of.
NOT_IN_A_PAGE = (
    "pdb",
    "bdb",
    "doctest",
    "pydoc",
    "pydoc_data",
    "unittest",
    "_pyrepl",
    "rlcompleter",
    "code",
    "pyodide.console",
    "multiprocessing",
    "concurrent.futures.process",
    "concurrent.interpreters",
    "http.server",
    "http.cookiejar",
    "http.client",
    "urllib.request",
    "xmlrpc",
    "ftplib",
    "tracemalloc",
    # What installs and describes packages (the page installs none).
    "importlib.metadata",
    "tarfile",
)


def _modules_in(folder: str) -> list[str]:
    """Every module and package under ``folder``, as dotted names."""
    names = []
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        package = os.path.relpath(here, folder).replace(os.sep, ".")
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            stem = f[:-3]
            if package == ".":
                names.append(stem)
            else:
                names.append(package if stem == "__init__" else f"{package}.{stem}")
    return names


def needed(
    full: str, root_dirs: Iterable[str], scripts: Iterable[str], boot: Iterable[str]
) -> set[str]:
    """The files (relative to ``full``, the whole library unpacked) that the modules of
    ``root_dirs``, the ``scripts`` and the ``boot`` modules may import, with
    :data:`ALWAYS`."""
    import modulefinder  # (the cut library lacks it: only the build's Python runs this)

    dirs = list(root_dirs)
    finder = modulefinder.ModuleFinder(
        path=[*dirs, full], excludes=[*OTHER_PLATFORMS, *NOT_IN_A_PAGE]
    )
    roots = [*boot, *ALWAYS, "_pyodide"]
    roots += [f"_pyodide.{m}" for m in _modules_in(os.path.join(full, "_pyodide"))]
    for folder in dirs:
        roots += _modules_in(folder)
    for name in roots:
        # A module of the browser (js, PyScript's own) or of no platform is not found.
        with contextlib.suppress(ImportError):
            finder.import_hook(name)
    for script in scripts:
        finder.run_script(script)
    files = set()
    prefix = full.rstrip("/") + "/"
    for module in finder.modules.values():
        origin = module.__file__
        if origin and origin.startswith(prefix):
            files.add(origin[len(prefix) :])
    for f in os.listdir(full):
        if f.startswith("_sysconfigdata"):
            files.add(f)  # read by sysconfig by a name it makes
    return files


def _smaller(source: bytes) -> bytes:
    """The module's source without its docstrings and comments (written anew from its
    syntax tree): half the bytes, the same code. Python runs its own library without
    docstrings under ``-OO``, so nothing in it depends on them."""
    import ast

    from compile_app import _without_docstrings

    code = ast.unparse(_without_docstrings(ast.parse(source))) + "\n"
    compile(code, "<check>", "exec", dont_inherit=True)
    return code.encode()


def cut(
    stdlib: bytes, root_dirs: Iterable[str], scripts: Iterable[str], boot: Iterable[str]
) -> tuple[bytes, list[str]]:
    """The zip ``stdlib`` cut to what the roots need, and the files it holds."""
    full = "/tmp/stdlib-full"
    source = zipfile.ZipFile(io.BytesIO(stdlib))
    source.extractall(full)
    keep = needed(full, root_dirs, scripts, boot)
    out = io.BytesIO()
    kept = []
    # Stored, not deflated: the build compresses the whole zip at once (tools/build.py),
    # which leaves it a third smaller than file by file.
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            if info.is_dir() or info.filename not in keep:
                continue
            entry = zipfile.ZipInfo(info.filename, date_time=(2020, 1, 1, 0, 0, 0))
            body = source.read(info)
            target.writestr(entry, _smaller(body) if info.filename.endswith(".py") else body)
            kept.append(info.filename)
    return out.getvalue(), kept


def compiled(whole: str) -> tuple[bytes, int]:
    """The library ``whole`` (the zip this Python imports from) with each module this
    Python has imported from it as bytecode in place of its source (as app.zip's,
    ``tools/compile_app.py``), and how many: those Python imports as it starts and
    those the app imports. A start without a snapshot would compile them from source:
    1.5–2 s of a first visit's start on a two-core machine, for 0.4 MB more download."""
    import sys

    from compile_app import pyc

    used = {
        module.__file__[len(whole) + 1 :]
        for module in list(sys.modules.values())
        if type(getattr(module, "__loader__", None)).__name__ == "zipimporter"
        and (getattr(module, "__file__", None) or "").startswith(whole + "/")
    }
    source = zipfile.ZipFile(whole)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            body = source.read(info)
            if info.filename in used and info.filename.endswith(".py"):
                entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                target.writestr(entry, pyc(body, f"{whole}/{info.filename}"))
            else:
                target.writestr(info, body)
    return out.getvalue(), len(used)


#: Modules of the browser only, which no library holds.
BROWSER = frozenset({"js", "pyscript", "polyscript", "_pyscript", "pyodide_js"})


def _named_imports(path: str) -> set[str]:
    """Every absolute module an import statement of the file names, at any depth."""
    import ast

    with open(path, "rb") as f:
        tree = ast.parse(f.read())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def missing(app: str) -> list[str]:
    """What this Python cannot import of the app in ``app`` (its packages' folder):
    every module of it, and every module its import statements name, those inside
    functions too; one line per module missing, with the app's modules that need it."""
    import importlib
    import sys

    sys.path.insert(0, app)
    needs: dict[str, set[str]] = {}
    for module in _modules_in(app):
        path = os.path.join(app, *module.split("."))
        path = path + ".py" if os.path.isfile(path + ".py") else os.path.join(path, "__init__.py")
        for name in sorted({module} | _named_imports(path)):
            if name.split(".")[0] in BROWSER:
                continue
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as e:
                lacking = e.name or name
                if lacking.split(".")[0] not in BROWSER:
                    needs.setdefault(lacking, set()).add(module)
    return [
        f"{name}, needed by {', '.join(sorted(by)[:3])}{' and others' if len(by) > 3 else ''}"
        for name, by in sorted(needs.items())
    ]
