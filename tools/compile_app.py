"""Compile app.zip's modules to bytecode, run by the browser's own Python.

``tools/compile_app.mjs`` runs this in Pyodide under Node (the pinned runtime
the site vendors, so the bytecode is exactly the browser's): each ``x.py`` of the
zip becomes ``x.pyc`` (its docstrings and its functions' signature types left
out), an unchecked hash-based pyc that ``zipimport`` loads as it is, without
compiling the source or looking at it again: the page imports the app without
compiling it. That Python runs as
``-X no_debug_ranges`` does: the bytecode keeps each instruction's line, not its
columns (a traceback shows its lines without the carets under them), and is a
quarter smaller.

``compile_zip(data)`` takes and returns the zip's bytes; the other entries (the
small JSON data files) are kept as they are.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

#: Where the page writes app.zip in Python's file system (web/snapshots.mjs:
#: APP_ZIP): the file names tracebacks show.
APP_ZIP = "/app.zip"


def _without_docstrings(tree: ast.Module) -> ast.Module:
    """The module with its docstrings left out (nothing in the app reads them; they
    make a third of the bytecode). Asserts stay, unlike ``-OO``."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = node.body[0] if node.body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            node.body = node.body[1:] or [ast.Pass(lineno=first.lineno, col_offset=0)]
    return tree


def _without_signature_types(tree: ast.Module) -> ast.Module:
    """The module with the types of functions' parameters and results left out
    (nothing in the app reads them; they are kept as text in the bytecode). The
    annotations of class bodies stay: a dataclass's fields are read from them."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            node.returns = None
            a = node.args
            for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
                if arg is not None:
                    arg.annotation = None
    return tree


def compile_zip(data: bytes) -> bytes:
    """``data`` with every module compiled (``.py`` replaced by its ``.pyc``)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    # Stored, not deflated: the build compresses the whole zip at once (tools/build.py).
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            body = source.read(info)
            if not info.filename.endswith(".py"):
                info.compress_type = zipfile.ZIP_STORED
                target.writestr(info, body)
                continue
            entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            target.writestr(entry, pyc(body, f"{APP_ZIP}/{info.filename}", app=True))
    return out.getvalue()


def pyc(source: bytes, filename: str, app: bool = False) -> bytes:
    """The unchecked hash-based pyc of ``source`` (its docstrings left out, and for
    the app's own modules its functions' signature types: the standard library reads
    some, ``functools.singledispatch``), whose tracebacks name ``filename``."""
    tree = _without_docstrings(ast.parse(source))
    if app:
        tree = _without_signature_types(tree)
    code = compile(tree, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
