"""Penta's command line: ``python -m zaria penta COMMAND``.

This module defines ``score``. Further commands live in modules listed in
:data:`EXTENSIONS`: when such a module is installed, its ``register(subparsers)``
is called with the argparse sub-parsers; it adds its commands and gives each a
``func`` default, a callable taking the parsed arguments and returning the exit
status (as ``score`` does below). A missing module simply adds no command, so
``advise`` and ``simulate`` appear once :mod:`zaria.penta.advise_cli` exists.

>>> main(["score", "1,1,3,4,6"])
dice: 1 1 3 4 6
Aces               2
Twos               0
Threes             3
Fours              4
Fives              0
Sixes              6
Three of a kind    0
Four of a kind     0
Full house         0
Small straight     0
Large straight     0
Chance            15
Penta              0
0
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from collections.abc import Sequence

from zaria.dice import parse_dice
from zaria.errors import InvalidDiceError
from zaria.penta.scoring import Box, score_all

#: Modules that add commands through ``register(subparsers)`` when present.
EXTENSIONS: tuple[str, ...] = ("zaria.penta.advise_cli",)

#: English box names for the table.
BOX_LABELS: dict[Box, str] = {
    Box.ACES: "Aces",
    Box.TWOS: "Twos",
    Box.THREES: "Threes",
    Box.FOURS: "Fours",
    Box.FIVES: "Fives",
    Box.SIXES: "Sixes",
    Box.THREE_KIND: "Three of a kind",
    Box.FOUR_KIND: "Four of a kind",
    Box.FULL_HOUSE: "Full house",
    Box.SMALL_STRAIGHT: "Small straight",
    Box.LARGE_STRAIGHT: "Large straight",
    Box.CHANCE: "Chance",
    Box.PENTA: "Penta",
}


def score_table(dice: Sequence[int]) -> str:
    """Every box's plain score for ``dice`` as an aligned table.

    >>> print(score_table((6, 6, 6, 6, 6)).splitlines()[-1])
    Penta             50
    """
    scores = score_all(dice)
    width = max(len(label) for label in BOX_LABELS.values())
    lines = ["dice: " + " ".join(str(d) for d in dice)]
    lines += [f"{BOX_LABELS[box]:<{width}} {points:>4}" for box, points in scores.items()]
    return "\n".join(lines)


def _score(args: argparse.Namespace) -> int:
    try:
        dice = parse_dice(" ".join(args.dice), 5)
    except InvalidDiceError as err:
        print(f"penta score: {err} (give five faces 1-6, e.g. 4,4,4,4,4)", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({box.value: points for box, points in score_all(dice).items()}))
    else:
        print(score_table(dice))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``penta`` argument parser, with the commands of every installed extension."""
    parser = argparse.ArgumentParser(
        prog="python -m zaria penta", description="Penta, a Yahtzee-style dice game."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    score = commands.add_parser(
        "score",
        help="every box's score for five dice",
        description="Print what five dice score in each box (plain scores, no joker).",
    )
    score.add_argument("dice", nargs="+", help="five faces, e.g. 4,4,4,4,4 or 4 4 4 4 4")
    score.add_argument("--json", action="store_true", help="print a JSON object box → points")
    score.set_defaults(func=_score)
    for name in EXTENSIONS:
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name).register(commands)
    return parser


def main(argv: Sequence[str]) -> int:
    """Run one ``penta`` command; returns the exit status (2 for bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as stop:  # argparse exits on --help and on usage errors
        return stop.code if isinstance(stop.code, int) else 2
    status: int = args.func(args)
    return status
