"""Farkle's part of the engine's self-check in the page (:mod:`zaria_web.runtime.selfcheck`)."""

from __future__ import annotations

from zaria.farkle.scoring import score_selection


def checks() -> list[tuple[str, object, object]]:
    """A few of Farkle's rules end to end: (name, what the engine gives, what it must)."""
    return [
        ("farkle four 1s", score_selection((1, 1, 1, 1)), 1100),
        ("farkle three pairs", score_selection((3, 3, 3, 3, 4, 4)), 1500),
    ]
