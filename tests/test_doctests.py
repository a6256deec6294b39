"""Every example in the docstrings runs (the browser module aside: it needs a page)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import zaria
import zaria_web

MODULES = sorted(
    info.name
    for package in (zaria, zaria_web)
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if info.name != "zaria_web.browser"
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
