"""Penta's part of the engine's self-check in the page (:mod:`zaria_web.runtime.selfcheck`)."""

from __future__ import annotations

from zaria.penta.scoring import Box, box_options, score


def checks() -> list[tuple[str, object, object]]:
    """A few of Penta's rules end to end: (name, what the engine gives, what it must)."""
    return [
        ("penta full house", score(Box.FULL_HOUSE, (2, 2, 3, 3, 3)), 25),
        ("penta five of a kind is no full house", score(Box.FULL_HOUSE, (4,) * 5), 0),
        ("penta small straight", score(Box.SMALL_STRAIGHT, (1, 3, 4, 5, 6)), 30),
        (
            "penta joker forces the upper box",
            box_options((4,) * 5, {Box.FOURS, Box.CHANCE}, 50),
            {Box.FOURS: (20, 100)},
        ),
    ]
