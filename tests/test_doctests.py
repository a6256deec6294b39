"""Every example in the docstrings runs (the browser module aside: it needs a page).

This is the one place the examples run: every module of ``zaria`` and
``zaria_web``, the packages themselves included, found by walking them.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import zaria
import zaria_web

#: Modules that cannot be imported off the page (they import ``js`` and ``pyodide``).
PAGE_ONLY = {"zaria_web.runtime.worker"}

MODULES = sorted(
    [zaria.__name__, zaria_web.__name__]
    + [
        info.name
        for package in (zaria, zaria_web)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
        if info.name not in PAGE_ONLY
    ]
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
    # A module whose source shows examples must have had them run: an example
    # that doctest cannot find (say, in a comment or a misplaced string) tests nothing.
    if ">>> " in inspect.getsource(module):
        assert result.attempted > 0, f"{name} shows examples but none ran"


def test_every_module_file_is_walked() -> None:
    walked = set(MODULES) | PAGE_ONLY
    for package in (zaria, zaria_web):
        root = Path(package.__path__[0]).parent
        for path in Path(package.__path__[0]).rglob("*.py"):
            parts = path.relative_to(root).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            assert name in walked, name
