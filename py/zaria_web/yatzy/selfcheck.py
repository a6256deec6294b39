"""Yatzy's part of the engine's self-check in the page (:mod:`zaria_web.runtime.selfcheck`)."""

from __future__ import annotations

from zaria.yatzy import YATZY, YatzyBox


def checks() -> list[tuple[str, object, object]]:
    """A few of Yatzy's rules end to end: (name, what the engine gives, what it must)."""
    return [
        ("yatzy full house is the sum", YATZY.score(YatzyBox.FULL_HOUSE, (2, 2, 5, 5, 5)), 19),
        (
            "yatzy four of a kind is no two pairs",
            YATZY.score(YatzyBox.TWO_PAIRS, (3,) * 4 + (5,)),
            0,
        ),
        ("yatzy one pair is the highest", YATZY.score(YatzyBox.ONE_PAIR, (2, 2, 5, 5, 6)), 10),
        (
            "yatzy has no joker",
            YATZY.options((4,) * 5, {YatzyBox.FOURS, YatzyBox.CHANCE}, 50),
            {YatzyBox.FOURS: (20, 0), YatzyBox.CHANCE: (20, 0)},
        ),
    ]
