"""A short check of the engine, run inside the page's own Python.

The native tests run on CPython 3.11; this runs the same engine on the
browser's Pyodide and reports what it found.
"""

from __future__ import annotations

import random
import sys
from typing import Any


def run_selfcheck() -> dict[str, Any]:
    """Check a few rules end to end; return ``{"ok": bool, "checks": [...], "python": ...,
    "random": ...}``."""
    checks: list[dict[str, Any]] = []

    def check(name: str, got: object, want: object) -> None:
        checks.append({"name": name, "ok": got == want, "got": repr(got), "want": repr(want)})

    from zaria.penta.scoring import Box, box_options, score

    check("penta full house", score(Box.FULL_HOUSE, (2, 2, 3, 3, 3)), 25)
    check("penta five of a kind is no full house", score(Box.FULL_HOUSE, (4,) * 5), 0)
    check("penta small straight", score(Box.SMALL_STRAIGHT, (1, 3, 4, 5, 6)), 30)
    check(
        "penta joker forces the upper box",
        box_options((4,) * 5, {Box.FOURS, Box.CHANCE}, 50),
        {Box.FOURS: (20, 100)},
    )
    try:
        from zaria.farkle.scoring import score_selection

        check("farkle four 1s", score_selection((1, 1, 1, 1)), 1100)
        check("farkle three pairs", score_selection((3, 3, 3, 3, 4, 4)), 1500)
    except ImportError as exc:
        checks.append({"name": "farkle import", "ok": False, "got": str(exc), "want": "module"})
    return {
        "ok": all(c["ok"] for c in checks),
        "checks": checks,
        "python": sys.version.split()[0],
        # A draw of Python's own generator: two starts from one memory snapshot must
        # not repeat it (the page reseeds it after restoring one).
        "random": random.random(),
    }
