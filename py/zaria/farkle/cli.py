"""Command line: ``python -m zaria farkle {score,odds,simulate,winprob} …``.

* ``score DICE [--table T] [--json]``: the points of dice set aside from one roll
  and their breakdown (``--table`` standard, additive or doubling); a die that
  scores in no combination is refused (exit status 2).
* ``odds [--json]``: the chance that a roll of 6 … 1 dice scores nothing.
* ``simulate --games N --seed S --players normal,expert,master [--target T]
  [--rules ID] [--json]``: win rates and mean points per turn of computer players
  (seats rotate); ``--rules`` names house rules as ``FarkleRules.id`` writes them
  (``standard``, ``additive-open500-penalty1000`` …).
* ``winprob --me M --opp O --target T [--json]``: the chance that the player about
  to start a turn with ``M`` points beats the opponent with ``O``, both playing
  Master (the default rules); ``O`` at or above the target is the last turn.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from zaria.checks import integer
from zaria.dice import parse_dice
from zaria.errors import IllegalActionError
from zaria.farkle.game import DEFAULT_TARGET
from zaria.farkle.master import win_chance
from zaria.farkle.odds import bust_table
from zaria.farkle.players import LEVELS
from zaria.farkle.rules import DEFAULT_RULES, TABLES, FarkleRules, master_available
from zaria.farkle.scoring import best_breakdown
from zaria.farkle.simulate import simulate
from zaria.farkle.state import TARGETS
from zaria.game import MAX_SEATS


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of exiting, so :func:`main` returns 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: {message}\n{self.format_usage()}")


class _UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m zaria farkle", description="Farkle tools")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score = sub.add_parser("score", help="points of dice set aside from one roll")
    score.add_argument("dice", help="the dice, e.g. 1,1,1,5")
    score.add_argument("--table", default="standard", choices=tuple(TABLES))
    score.add_argument("--json", action="store_true", help="print JSON")
    odds = sub.add_parser("odds", help="the chance that a roll scores nothing")
    odds.add_argument("--json", action="store_true", help="print JSON")
    sim = sub.add_parser("simulate", help="games between computer players")
    sim.add_argument("--games", type=integer, required=True)
    sim.add_argument("--seed", type=integer, required=True)
    sim.add_argument("--players", required=True, help="levels, e.g. normal,expert")
    sim.add_argument("--target", type=integer, default=DEFAULT_TARGET, choices=TARGETS)
    sim.add_argument("--rules", default=DEFAULT_RULES.id, help="house rules, e.g. standard")
    sim.add_argument("--json", action="store_true", help="print JSON")
    win = sub.add_parser("winprob", help="the chance of winning, both players playing Master")
    win.add_argument("--me", type=integer, required=True, help="points of the player to roll")
    win.add_argument("--opp", type=integer, required=True, help="the opponent's points")
    win.add_argument("--target", type=integer, default=DEFAULT_TARGET, choices=TARGETS)
    win.add_argument("--json", action="store_true", help="print JSON")
    return parser


def _score(text: str, table: str, as_json: bool) -> int:
    try:
        dice = parse_dice(text)
        parts = best_breakdown(dice, TABLES[table])
    except IllegalActionError as err:
        if as_json:
            print(json.dumps({"error": err.msg_id, "message": str(err), "params": err.params}))
        else:
            print(f"refused: {err}", file=sys.stderr)
        return 2
    total = sum(p.points for p in parts)
    if as_json:
        combos = [{"combo": p.combo.value, "dice": list(p.dice), "points": p.points} for p in parts]
        print(json.dumps({"dice": list(dice), "points": total, "combos": combos}))
        return 0
    print(f"{', '.join(map(str, dice))}: {total} points")
    for p in parts:
        name = p.combo.value.replace("_", " ")
        print(f"  {name:<16} {' '.join(map(str, p.dice)):<12} {p.points:>5}")
    return 0


def _odds(as_json: bool) -> int:
    rows = bust_table()
    if as_json:
        data = [
            {"dice": n, "fraction": str(p), "percent": round(float(p) * 100, 1)} for n, p in rows
        ]
        print(json.dumps(data))
        return 0
    print("dice  no scoring die")
    for n, p in rows:
        print(f"{n:>4}  {p!s:>7}  {float(p) * 100:5.1f} %")
    return 0


def _line_up_problem(levels: list[str], games: int, rules: FarkleRules) -> str:
    """Why the line-up cannot be simulated, or ``""``."""
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        return f"unknown level {bad[0]!r} (levels: {', '.join(LEVELS)})"
    if not 1 <= len(levels) <= MAX_SEATS or games < 1:
        return f"need 1 to {MAX_SEATS} players and at least one game"
    if "master" in levels and not master_available(rules):
        return f"the Master level has no table for the rules {rules.id!r}"
    return ""


def _simulate(args: argparse.Namespace) -> int:
    levels = [p.strip() for p in args.players.split(",") if p.strip()]
    try:
        rules = FarkleRules.from_id(args.rules)
    except IllegalActionError as err:
        print(f"refused: {err}", file=sys.stderr)
        return 2
    problem = _line_up_problem(levels, args.games, rules)
    if problem:
        print(f"refused: {problem}", file=sys.stderr)
        return 2
    stats = simulate(levels, args.games, args.seed, args.target, rules)
    if args.json:
        data = [
            {
                "player": j + 1,
                "level": s.level,
                "games": s.games,
                "wins": s.wins,
                "win_rate": s.win_rate,
                "points_per_turn": s.points_per_turn,
            }
            for j, s in enumerate(stats)
        ]
        summary = {"games": args.games, "seed": args.seed, "target": args.target}
        print(json.dumps(summary | {"rules": rules.id, "players": data}))
        return 0
    print(
        f"{args.games} games to {args.target}, seed {args.seed}, rules {rules.id}, seats rotating"
    )
    print("player  level    win rate  points/turn")
    for j, s in enumerate(stats):
        print(f"{j + 1:>6}  {s.level:<7}  {s.win_rate * 100:6.1f} %  {s.points_per_turn:11.1f}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``farkle`` command ``argv``; returns the exit status."""
    try:
        args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    except _UsageError as err:
        print(err, file=sys.stderr)
        return 2
    except SystemExit as done:  # --help prints and exits
        return done.code if isinstance(done.code, int) else 0
    if args.command == "score":
        return _score(args.dice, args.table, args.json)
    if args.command == "odds":
        return _odds(args.json)
    if args.command == "winprob":
        return _winprob(args)
    return _simulate(args)


def _winprob(args: argparse.Namespace) -> int:
    try:
        chance = win_chance(args.me, args.opp, args.target)
    except ValueError as err:
        print(f"refused: {err}", file=sys.stderr)
        return 2
    if args.json:
        data = {"me": args.me, "opp": args.opp, "target": args.target, "probability": chance}
        print(json.dumps(data | {"rules": DEFAULT_RULES.id}))
        return 0
    print(
        f"{chance * 100:.2f} %: the chance that the player about to roll with {args.me:,} "
        f"points beats {args.opp:,} in a game to {args.target:,}, both playing Master"
    )
    return 0
