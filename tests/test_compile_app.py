"""app.zip's modules compiled to bytecode (tools/compile_app.py), as the build does
with the browser's Python; here with this one, whose zipimport loads them alike."""

from __future__ import annotations

import ast
import io
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import compile_app  # noqa: E402

MODULE = '''"""A module docstring."""

def twice(x):
    """A function docstring."""
    return 2 * x


def checked(x):
    assert x > 0, "positive only"
    return x


class Box:
    """A class docstring."""


def fails():
    raise ValueError("from the zip")


from dataclasses import dataclass


@dataclass
class Point:
    x: int
    y: int = 2


def typed(a: int, *rest: str, key: "Box | None" = None, **more: float) -> list[int]:
    return [a]
'''


def _zip(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, body in entries.items():
            zf.writestr(name, body)
    return out.getvalue()


@pytest.fixture
def compiled(tmp_path: Path) -> Iterator[zipfile.ZipFile]:
    source = {"zpkg/__init__.py": b'"""Only a docstring."""\n', "zpkg/mod.py": MODULE.encode()}
    source["zpkg/data.json"] = b'{"kept": true}'
    path = tmp_path / "app.zip"
    path.write_bytes(compile_app.compile_zip(_zip(source)))
    sys.path.insert(0, str(path))
    try:
        yield zipfile.ZipFile(path)
    finally:
        sys.path.remove(str(path))
        for name in [m for m in sys.modules if m == "zpkg" or m.startswith("zpkg.")]:
            del sys.modules[name]


def test_every_module_becomes_bytecode_and_data_stays(compiled: zipfile.ZipFile) -> None:
    names = sorted(compiled.namelist())
    assert names == ["zpkg/__init__.pyc", "zpkg/data.json", "zpkg/mod.pyc"]
    assert compiled.read("zpkg/data.json") == b'{"kept": true}'
    # An unchecked hash-based pyc (PEP 552): flags 0b01, loaded without its source.
    flags = int.from_bytes(compiled.read("zpkg/mod.pyc")[4:8], "little")
    assert flags == 0b01


def test_the_compiled_modules_import_and_run_without_docstrings(compiled: zipfile.ZipFile) -> None:
    import importlib.resources

    from zpkg import mod  # type: ignore[import-not-found]

    assert mod.twice(21) == 42
    assert mod.__doc__ is None and mod.twice.__doc__ is None and mod.Box.__doc__ is None
    with pytest.raises(AssertionError, match="positive only"):
        mod.checked(-1)  # asserts are kept, unlike python -OO
    with pytest.raises(ValueError) as raised:
        mod.fails()
    # Tracebacks name the file where the page keeps app.zip, at the right line.
    frame = raised.traceback[-1]
    assert str(frame.path) == "/app.zip/zpkg/mod.py" and frame.lineno + 1 == 18
    assert (importlib.resources.files("zpkg") / "data.json").read_text() == '{"kept": true}'
    # The types of a function's parameters and result are left out; a dataclass's
    # fields, read from its class's annotations, stay.
    assert mod.typed(3) == [3] and mod.typed.__annotations__ == {}
    assert mod.Point(1) == mod.Point(1, 2) and list(mod.Point.__annotations__) == ["x", "y"]


def _module_files() -> dict[str, Path]:
    """Every module of the two packages, by its dotted name."""
    found = {}
    for path in (ROOT / "py").rglob("*.py"):
        parts = path.relative_to(ROOT / "py").with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imported(path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that the module at ``path`` imports (``from a import b``
    counts ``a.b`` when it is a module), and those it names as text (imported by name)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.add(node.value)
    return out & known.keys()


def test_no_module_left_out_of_app_zip_is_imported_by_the_page() -> None:
    import build

    known = _module_files()
    reached: set[str] = set()
    todo = [name for name in known if name.startswith("zaria_web")]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        parents = [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]
        todo += [m for m in (*parents, *_imported(known[name], known)) if m not in reached]
    left_out = {
        name
        for name, path in known.items()
        if name.startswith("zaria.") and path.name in build.PY_COMMAND_LINE
    }
    assert {"zaria.__main__", "zaria.penta.cli", "zaria.penta.advisor"} <= left_out
    assert not left_out & reached
    # The scan does reach the engine through the page's own imports.
    assert {"zaria.penta.strategy", "zaria.farkle.master"} <= reached
