"""The ``advise`` and ``simulate`` commands of ``python -m zaria penta``.

:func:`register` adds them to the Penta command line's sub-parsers; each command's
``func`` takes the parsed arguments and returns the exit status (2 for bad input).

>>> from zaria.penta.cli import main
>>> main(["advise", "--dice", "6,6,6,6,6", "--rolls-left", "0", "--json"])
{"dice": [6, 6, 6, 6, 6], "rolls_left": 0, "options": [{"box": "penta", ...}, ...]}
0
"""

from __future__ import annotations

import argparse
import json
import sys

from zaria.dice import parse_dice
from zaria.errors import InvalidDiceError
from zaria.penta.advisor import KeepOption, Option, advise, option_dict, simulate
from zaria.penta.scoring import PENTA_SCORE, Box
from zaria.penta.strategy import SheetState, mask_of


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


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``advise`` and ``simulate`` to the Penta command line."""
    adv = subparsers.add_parser(
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
        type=int,
        default=2,
        help="re-rolls still allowed this turn: 2 after the first roll, 0 = record now",
    )
    adv.add_argument("--used", default="", help="used boxes, comma-separated, e.g. aces,chance")
    adv.add_argument("--upper", type=int, default=0, help="the upper section's total so far")
    adv.add_argument(
        "--penta-box",
        choices=("50", "0", "free"),
        default=None,
        help="what the Penta box holds (free unless penta is in --used)",
    )
    adv.add_argument("--json", action="store_true", help="print the options as JSON")
    adv.set_defaults(func=_advise)

    sim = subparsers.add_parser(
        "simulate",
        help="play solitaire games with a computer player",
        description="Play solitaire games and print the mean score and bonus rates.",
    )
    sim.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    sim.add_argument("--seed", type=int, default=None, help="seed of the dice")
    sim.add_argument("--player", choices=("optimal", "casual"), default="optimal", help="who plays")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.set_defaults(func=_simulate)
