"""The build's guard on the cut standard library (tools/stdlib_cut.*).

The page's Python starts on a standard library cut to what the app imports; the
build checks the cut by starting the browser's own Python (the vendored Pyodide,
under Node) on it and importing every module of the app and every module the app's
import statements name. A module the cut lacks must fail that check, naming it.
The modules Python has imported by then ship as bytecode, the others as source.
"""

from __future__ import annotations

import importlib
import io
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
TOOL = ROOT / "tools" / "stdlib_cut.mjs"

needs_node = pytest.mark.skipif(
    not (PYODIDE / "pyodide.mjs").exists() or shutil.which("node") is None,
    reason="needs Node and the pinned runtime (npm ci, which ./dev test runs first)",
)


def _without(names: tuple[str, ...], into: Path) -> Path:
    """Pyodide's whole standard library less the modules ``names``."""
    whole = zipfile.ZipFile(PYODIDE / "python_stdlib.zip")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in whole.infolist():
            top = info.filename.split("/")[0].removesuffix(".py")
            if top not in names:
                target.writestr(info, whole.read(info))
    into.write_bytes(out.getvalue())
    return into


def _check(stdlib: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["node", str(TOOL), "check", str(ROOT / "py"), str(stdlib)],
        capture_output=True,
        text=True,
        timeout=120,
    )


@needs_node
def test_a_library_short_of_a_module_the_app_imports_fails_the_check(tmp_path: Path) -> None:
    # fractions is imported by the engine and the browser layer; statistics by the
    # advisor: neither is needed by Python's own start.
    done = _check(_without(("fractions", "statistics"), tmp_path / "short.zip"))
    assert done.returncode == 1, done.stderr
    assert "lacks modules the app imports" in done.stderr
    lines = [line.strip() for line in done.stderr.splitlines()]
    assert any(line.startswith("fractions, needed by ") for line in lines), done.stderr
    assert any(line.startswith("statistics, needed by ") for line in lines)


def test_the_modules_python_has_imported_ship_as_bytecode_the_others_as_source(
    tmp_path: Path,
) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import stdlib_cut

    library = tmp_path / "lib.zip"
    with zipfile.ZipFile(library, "w") as zf:
        zf.writestr("zcut_used.py", "def where():\n    raise ValueError('from bytecode')\n")
        zf.writestr("zcut_unused.py", "VALUE = 2\n")
        zf.writestr("zcut_data.txt", "kept as it is")
    sys.path.insert(0, str(library))
    try:
        importlib.import_module("zcut_used")
        data, count = stdlib_cut.compiled(str(library))
    finally:
        sys.path.remove(str(library))
        sys.modules.pop("zcut_used", None)
    names = sorted(zipfile.ZipFile(io.BytesIO(data)).namelist())
    assert (count, names) == (1, ["zcut_data.txt", "zcut_unused.py", "zcut_used.pyc"])
    # Both import from the new library, the compiled one without its source, and its
    # tracebacks name the library's file at the right line.
    (tmp_path / "compiled.zip").write_bytes(data)
    probe = (
        "import sys, traceback; sys.path.insert(0, sys.argv[1])\n"
        "import zcut_used, zcut_unused\n"
        "assert zcut_unused.VALUE == 2 and zcut_used.__file__.endswith('.pyc')\n"
        "try:\n    zcut_used.where()\n"
        "except ValueError as e:\n"
        "    frame = traceback.extract_tb(e.__traceback__)[-1]\n"
        "    print(frame.filename, frame.lineno, e)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "compiled.zip")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == f"{library}/zcut_used.py 2 from bytecode"
