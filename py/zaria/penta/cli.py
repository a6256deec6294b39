"""Penta's command line: ``python -m zaria penta {score,advise,simulate} …``.

* ``score DICE [--json]``: every box's plain score for five dice;
* ``advise --dice D [--rolls-left N] [--used B,…] [--upper U] [--penta-box P] [--json]``:
  every legal option of a roll with its expected value, best first;
* ``simulate [--games N] [--seed S] [--player LEVEL] [--json]``: solitaire games
  of a computer player, their mean score and bonus rates.

Each command's ``func`` takes the parsed arguments and returns the exit status
(2 for bad input).

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
>>> main(["advise", "--dice", "6,6,6,6,6", "--rolls-left", "0", "--json"])
{"dice": [6, 6, 6, 6, 6], "rolls_left": 0, "options": [{"box": "penta", ...}, ...]}
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from zaria.checks import integer
from zaria.dice import parse_dice
from zaria.errors import InvalidDiceError
from zaria.penta.advisor import KeepOption, Option, advise, option_dict, simulate
from zaria.penta.players import LEVELS
from zaria.penta.scoring import PENTA_SCORE, Box, score_all
from zaria.penta.strategy import SheetState, mask_of

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


class InputError(ValueError):
    """A command-line value that does not describe a Penta position."""


def _used(text: str) -> list[Box]:
    boxes: list[Box] = []
    for name in (p for p in text.replace(" ", ",").split(",") if p):
        box = Box.parse(name)
        if box in boxes:
            raise InputError(f"box {box.value} is listed twice in --used")
        boxes.append(box)
    return boxes


def _state(used_text: str, upper: int, penta_text: str | None) -> SheetState:
    used = _used(used_text)
    if Box.PENTA in used:
        if penta_text not in ("0", str(PENTA_SCORE)):
            raise InputError("the Penta box is used: give --penta-box 50 or --penta-box 0")
        penta: int | None = int(penta_text)
    else:
        if penta_text not in (None, "free"):
            raise InputError(
                f"--penta-box {penta_text} needs penta in --used (or give --penta-box free)"
            )
        penta = None
    if len(used) == len(Box):
        raise InputError("every box is used: the game is over, there is nothing to advise")
    return SheetState(mask_of(used), upper, penta)


def _describe(option: Option) -> tuple[str, str]:
    if isinstance(option, KeepOption):
        kept = " ".join(map(str, option.keep)) if option.keep else "nothing (re-roll all)"
        return f"keep {kept}", ""
    now = f"{option.points}"
    if option.penta_bonus:
        now += f" +{option.penta_bonus}"
    if option.upper_bonus:
        now += f" +{option.upper_bonus}"
    return f"box {option.box.value}", now


def _advise(args: argparse.Namespace) -> int:
    try:
        dice = parse_dice(args.dice, 5)
        if args.rolls_left not in (0, 1, 2):
            raise InputError(f"--rolls-left must be 0, 1 or 2, not {args.rolls_left}")
        state = _state(args.used, args.upper, args.penta_box)
    except (InvalidDiceError, ValueError) as err:
        print(f"penta advise: {err}", file=sys.stderr)
        return 2
    options = advise(state, dice, args.rolls_left)
    if args.json:
        out = {
            "dice": list(dice),
            "rolls_left": args.rolls_left,
            "options": [option_dict(o) for o in options],
        }
        print(json.dumps(out))
        return 0
    used = ", ".join(b.value for b in Box if state.used >> list(Box).index(b) & 1) or "none"
    penta = "free" if state.penta_box is None else str(state.penta_box)
    print(f"dice {' '.join(map(str, dice))}, {args.rolls_left} re-roll(s) left")
    print(f"used: {used}; upper total {state.upper}; Penta box {penta}")
    print(f"{'option':<32} {'this turn':>10} {'expected':>10}")
    for option in options:
        what, now = _describe(option)
        print(f"{what:<32} {now:>10} {option.expected:>10.4f}")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        print(f"penta simulate: --games must be at least 1, not {args.games}", file=sys.stderr)
        return 2
    summary = simulate(args.games, args.seed, args.player)
    if args.json:
        print(json.dumps({"player": args.player, "seed": args.seed, **summary.to_dict()}))
        return 0
    print(f"{summary.games} games, {args.player} player, seed {args.seed}")
    print(f"mean {summary.mean:.2f}  sd {summary.sd:.2f}  (s.e. {summary.standard_error:.2f})")
    print(f"upper bonus rate {summary.upper_bonus_rate:.1%}")
    print(f"penta rate {summary.penta_rate:.1%}")
    return 0


def _add_advise(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    adv = commands.add_parser(
        "advise",
        help="the optimal player's options, best first",
        description=(
            "Every legal option for a roll with its expected value: the points still to "
            "come in the game from here with optimal play (bonuses included)."
        ),
    )
    adv.add_argument("--dice", required=True, help="five faces, e.g. 2,2,3,4,5")
    adv.add_argument(
        "--rolls-left",
        type=integer,
        default=2,
        help="re-rolls still allowed this turn: 2 after the first roll, 0 = record now",
    )
    adv.add_argument("--used", default="", help="used boxes, comma-separated, e.g. aces,chance")
    adv.add_argument("--upper", type=integer, default=0, help="the upper section's total so far")
    adv.add_argument(
        "--penta-box",
        choices=("50", "0", "free"),
        default=None,
        help="what the Penta box holds (free unless penta is in --used)",
    )
    adv.add_argument("--json", action="store_true", help="print the options as JSON")
    adv.set_defaults(func=_advise)


def _add_simulate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sim = commands.add_parser(
        "simulate",
        help="play solitaire games with a computer player",
        description="Play solitaire games and print the mean score and bonus rates.",
    )
    sim.add_argument("--games", type=integer, default=1000, help="number of games (default 1000)")
    sim.add_argument("--seed", type=integer, default=None, help="seed of the dice")
    sim.add_argument("--player", choices=LEVELS, default="optimal", help="who plays")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.set_defaults(func=_simulate)


def build_parser() -> argparse.ArgumentParser:
    """The ``penta`` argument parser and its three commands."""
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
    _add_advise(commands)
    _add_simulate(commands)
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
