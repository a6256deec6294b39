"""Yatzy's command line: ``python -m zaria yatzy {score,advise,simulate} …``.

The five-dice command line of :mod:`zaria.penta.cli` over Yatzy's rules: the same
commands, flags and JSON, Yatzy's box ids in ``--used`` (``ones twos threes fours
fives sixes one_pair two_pairs three_kind four_kind small_straight large_straight
full_house chance yatzy``) and ``--penta-box`` for what the Yatzy box holds (0 or 50;
it may be left out, what it holds changing nothing to come).

>>> main(["score", "2,2,5,5,5"])
dice: 2 2 5 5 5
Ones               0
Twos               4
Threes             0
Fours              0
Fives             15
Sixes              0
One pair          10
Two pairs         14
Three of a kind   15
Four of a kind     0
Small straight     0
Large straight     0
Full house        19
Chance            19
Yatzy              0
0
"""

from __future__ import annotations

from collections.abc import Sequence

from zaria.penta.cli import main as sheet_main
from zaria.yatzy import YATZY, YatzyBox

#: English box names for the table.
LABELS: dict[YatzyBox, str] = {
    YatzyBox.ONES: "Ones",
    YatzyBox.TWOS: "Twos",
    YatzyBox.THREES: "Threes",
    YatzyBox.FOURS: "Fours",
    YatzyBox.FIVES: "Fives",
    YatzyBox.SIXES: "Sixes",
    YatzyBox.ONE_PAIR: "One pair",
    YatzyBox.TWO_PAIRS: "Two pairs",
    YatzyBox.THREE_KIND: "Three of a kind",
    YatzyBox.FOUR_KIND: "Four of a kind",
    YatzyBox.SMALL_STRAIGHT: "Small straight",
    YatzyBox.LARGE_STRAIGHT: "Large straight",
    YatzyBox.FULL_HOUSE: "Full house",
    YatzyBox.CHANCE: "Chance",
    YatzyBox.YATZY: "Yatzy",
}


def main(argv: Sequence[str]) -> int:
    """Run one ``yatzy`` command; returns the exit status (2 for bad input)."""
    return sheet_main(argv, YATZY, LABELS)
