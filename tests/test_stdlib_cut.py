"""The build's guard on the cut standard library (tools/stdlib_cut.*).

The page's Python starts on a standard library cut to what the app imports; the
build checks the cut by starting the browser's own Python (the vendored Pyodide,
under Node) on it and importing every module of the app and every module the app's
import statements name. A module the cut lacks must fail that check, naming it.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
TOOL = ROOT / "tools" / "stdlib_cut.mjs"

pytestmark = pytest.mark.skipif(
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


def test_a_library_short_of_a_module_the_app_imports_fails_the_check(tmp_path: Path) -> None:
    # fractions is imported by the engine and the browser layer; statistics by the
    # advisor: neither is needed by Python's own start.
    done = _check(_without(("fractions", "statistics"), tmp_path / "short.zip"))
    assert done.returncode == 1, done.stderr
    assert "lacks modules the app imports" in done.stderr
    lines = [line.strip() for line in done.stderr.splitlines()]
    assert any(line.startswith("fractions, needed by ") for line in lines), done.stderr
    assert any(line.startswith("statistics, needed by ") for line in lines)
