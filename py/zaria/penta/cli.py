"""The five-dice command line: ``python -m zaria penta {score,advise,simulate} …``.

* ``score DICE [--json]``: every box's plain score for five dice;
* ``advise --dice D [--rolls-left N] [--used B,…] [--upper U] [--penta-box P] [--json]``:
  every legal option of a roll with its expected value, best first;
* ``simulate [--games N] [--seed S] [--player LEVEL] [--json]``: solitaire games
  of a computer player, their mean score and bonus rates.

``--rules printed`` plays the printed rules rather than Penta's; ``python -m zaria
yatzy …`` (:mod:`zaria.yatzy.cli`) is the same command line over Yatzy's rules, its
boxes named by their ids (``one_pair``, ``two_pairs``…), ``--penta-box`` saying what
the Yatzy box holds.

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
from collections.abc import Mapping, Sequence
from typing import Any

from zaria.checks import integer
from zaria.dice import parse_dice
from zaria.errors import InvalidDiceError
from zaria.penta.advisor import KeepOption, Option, advise, option_dict, simulate
from zaria.penta.members import rules_named
from zaria.penta.players import LEVELS
from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA, Box
from zaria.penta.strategy import SheetState, rules_mask

#: The rules ``python -m zaria penta`` may be given with ``--rules``.
PENTA_RULES = ("penta", "printed")

#: English box names for the table.
BOX_LABELS: dict[Any, str] = {
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


def score_table(
    dice: Sequence[int], rules: Rules = PENTA, labels: Mapping[Any, str] = BOX_LABELS
) -> str:
    """Every box's plain score for ``dice`` under ``rules`` as an aligned table.

    >>> print(score_table((6, 6, 6, 6, 6)).splitlines()[-1])
    Penta             50
    """
    width = max(len(label) for label in labels.values())
    lines = ["dice: " + " ".join(str(d) for d in dice)]
    lines += [f"{labels[box]:<{width}} {rules.score(box, dice):>4}" for box in rules.order]
    return "\n".join(lines)


def _score(args: argparse.Namespace) -> int:
    rules = rules_named(args.rules)
    try:
        dice = parse_dice(" ".join(args.dice), 5)
    except InvalidDiceError as err:
        print(f"{args.game} score: {err} (give five faces 1-6, e.g. 4,4,4,4,4)", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({box.value: rules.score(box, dice) for box in rules.order}))
    else:
        print(score_table(dice, rules, args.labels))
    return 0


class InputError(ValueError):
    """A command-line value that does not describe a position of the game."""


def _used(text: str, rules: Rules = PENTA) -> list[Any]:
    boxes: list[Any] = []
    for name in (p for p in text.replace(" ", ",").split(",") if p):
        box = rules.box_named(name)
        if box in boxes:
            raise InputError(f"box {box.value} is listed twice in --used")
        boxes.append(box)
    return boxes


def _five_box(rules: Rules, used: list[Any], penta_text: str | None) -> int | None:
    """What the five-of-a-kind box holds, from ``--penta-box``."""
    name = rules.five_box.value
    if rules.five_box not in used:
        if penta_text not in (None, "free"):
            raise InputError(
                f"--penta-box {penta_text} needs {name} in --used (or give --penta-box free)"
            )
        return None
    if penta_text is None and not rules.tracks_five:
        return 0  # what the box holds changes nothing to come
    if penta_text not in ("0", str(rules.five_score)):
        raise InputError(
            f"the {name} box is used: give --penta-box {rules.five_score} or --penta-box 0"
        )
    return int(penta_text)


def _state(used_text: str, upper: int, penta_text: str | None, rules: Rules = PENTA) -> SheetState:
    used = _used(used_text, rules)
    penta = _five_box(rules, used, penta_text)
    if len(used) == len(rules.boxes):
        raise InputError("every box is used: the game is over, there is nothing to advise")
    return SheetState(rules_mask(rules, used), upper, penta, rules)


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
    rules = rules_named(args.rules)
    try:
        dice = parse_dice(args.dice, 5)
        if args.rolls_left not in (0, 1, 2):
            raise InputError(f"--rolls-left must be 0, 1 or 2, not {args.rolls_left}")
        state = _state(args.used, args.upper, args.penta_box, rules)
    except (InvalidDiceError, ValueError) as err:
        print(f"{args.game} advise: {err}", file=sys.stderr)
        return 2
    try:
        options = advise(state, dice, args.rolls_left)
    except FileNotFoundError as err:
        print(f"{args.game} advise: {err}", file=sys.stderr)
        return 1
    if args.json:
        out = {
            "dice": list(dice),
            "rolls_left": args.rolls_left,
            "options": [option_dict(o) for o in options],
        }
        print(json.dumps(out))
        return 0
    used = ", ".join(b.value for i, b in enumerate(rules.order) if state.used >> i & 1) or "none"
    penta = "free" if state.penta_box is None else str(state.penta_box)
    print(f"dice {' '.join(map(str, dice))}, {args.rolls_left} re-roll(s) left")
    print(f"used: {used}; upper total {state.upper}; {_five_label(args)} box {penta}")
    print(f"{'option':<32} {'this turn':>10} {'expected':>10}")
    for option in options:
        what, now = _describe(option)
        print(f"{what:<32} {now:>10} {option.expected:>10.4f}")
    return 0


def _five_label(args: argparse.Namespace) -> str:
    rules = rules_named(args.rules)
    return str(args.labels[rules.five_box])


def _simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        print(
            f"{args.game} simulate: --games must be at least 1, not {args.games}", file=sys.stderr
        )
        return 2
    summary = simulate(args.games, args.seed, args.player, rules_named(args.rules))
    if args.json:
        print(json.dumps({"player": args.player, "seed": args.seed, **summary.to_dict()}))
        return 0
    print(f"{summary.games} games, {args.player} player, seed {args.seed}")
    print(f"mean {summary.mean:.2f}  sd {summary.sd:.2f}  (s.e. {summary.standard_error:.2f})")
    print(f"upper bonus rate {summary.upper_bonus_rate:.1%}")
    print(f"{_five_label(args).lower()} rate {summary.penta_rate:.1%}")
    return 0


def _add_advise(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
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
        help="what the five-of-a-kind box holds (free unless it is in --used)",
    )
    adv.add_argument("--json", action="store_true", help="print the options as JSON")
    adv.set_defaults(func=_advise)
    return adv


def _add_simulate(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
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
    return sim


def _add_rules(sub: argparse.ArgumentParser, rules: Rules | None) -> None:
    """``--rules`` for Penta's command line; a member's own command line has its rules."""
    if rules is None:
        sub.add_argument(
            "--rules",
            choices=PENTA_RULES,
            default="penta",
            help="penta (the joker only while the Penta box holds 50) or printed "
            "(the joker whenever the Penta box is filled)",
        )
    else:
        sub.set_defaults(rules=rules.id)


def build_parser(
    rules: Rules | None = None, labels: Mapping[Any, str] = BOX_LABELS
) -> argparse.ArgumentParser:
    """The argument parser and its three commands: Penta's (``--rules`` chooses Penta's
    or the printed rules), or the command line of the member ``rules``."""
    game = "penta" if rules is None else rules.game
    parser = argparse.ArgumentParser(
        prog=f"python -m zaria {game}",
        description="Penta, a Yahtzee-style dice game."
        if rules is None
        else f"{labels[rules.five_box]}, a five-dice game.",
    )
    parser.set_defaults(game=game, labels=labels)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    score = commands.add_parser(
        "score",
        help="every box's score for five dice",
        description="Print what five dice score in each box (plain scores, no joker).",
    )
    score.add_argument("dice", nargs="+", help="five faces, e.g. 4,4,4,4,4 or 4 4 4 4 4")
    score.add_argument("--json", action="store_true", help="print a JSON object box → points")
    score.set_defaults(func=_score)
    subs = [score, _add_advise(commands), _add_simulate(commands)]
    for sub in subs:
        _add_rules(sub, rules)
        sub.set_defaults(game=game, labels=labels)
    return parser


def main(
    argv: Sequence[str], rules: Rules | None = None, labels: Mapping[Any, str] = BOX_LABELS
) -> int:
    """Run one ``penta`` command (or one of the member ``rules``, its boxes called
    ``labels``); returns the exit status (2 for bad input)."""
    parser = build_parser(rules, labels)
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as stop:  # argparse exits on --help and on usage errors
        return stop.code if isinstance(stop.code, int) else 2
    status: int = args.func(args)
    return status
