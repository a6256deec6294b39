"""A short check of the engine, run inside the page's own Python.

The native tests run on CPython 3.11; this runs the same engine on the
browser's Pyodide and reports what it found.
"""

from __future__ import annotations

import random
import sys
from typing import Any

from zaria_web import games


def run_selfcheck() -> dict[str, Any]:
    """Check a few rules of each game end to end (each game's ``selfcheck`` module);
    return ``{"ok": bool, "checks": [...], "python": ...,
    "random": ...}``."""
    checks: list[dict[str, Any]] = []

    def check(name: str, got: object, want: object) -> None:
        checks.append({"name": name, "ok": got == want, "got": repr(got), "want": repr(want)})

    for game in games.GAMES:
        try:
            found = game.module("selfcheck").checks()
        except ImportError as exc:
            checks.append({"name": f"{game.name} import", "ok": False, "got": str(exc)})
            continue
        for name, got, want in found:
            check(name, got, want)
    return {
        "ok": all(c["ok"] for c in checks),
        "checks": checks,
        "python": sys.version.split()[0],
        # A draw of Python's own generator: two starts from one memory snapshot must
        # not repeat it (the page reseeds it after restoring one).
        "random": random.random(),
    }
