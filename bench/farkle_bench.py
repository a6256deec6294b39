"""Farkle benchmark: the computer players' strength and the Expert table's cost.

Prints the Expert table's build time and its optimal value per turn, the mean
points per solitaire turn of Expert and Normal (with standard errors), and
Expert's win rate against Normal in two-player games to 10,000, seated both ways.

    .venv/bin/python bench/farkle_bench.py                # 100,000 turns, 10,000 games
    .venv/bin/python bench/farkle_bench.py --turns 20000 --games 1000
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

from zaria.dice import RandomRoller
from zaria.farkle.simulate import play_game, solitaire_turns

_BUILD = """
import time
start = time.perf_counter()
from zaria.farkle.strategy import expert_table
table = expert_table()
print(time.perf_counter() - start, table.build_seconds, table.expected_turn())
"""


def build_time() -> tuple[float, float, float]:
    """In a fresh interpreter: seconds to import and build the Expert table, seconds
    of the build alone, and the table's value per turn (best of three runs)."""
    runs = []
    for _ in range(3):
        out = subprocess.run(
            [sys.executable, "-c", _BUILD], capture_output=True, text=True, check=True
        ).stdout.split()
        runs.append((float(out[0]), float(out[1]), float(out[2])))
    return min(runs)


def solitaire(level: str, turns: int, seed: int) -> tuple[float, float, float]:
    """Mean points per turn, its standard error, and the seconds taken."""
    start = time.perf_counter()
    points = solitaire_turns(level, turns, RandomRoller(seed))
    spent = time.perf_counter() - start
    return statistics.mean(points), statistics.stdev(points) / len(points) ** 0.5, spent


def match(games: int, seed: int, target: int) -> dict[str, float]:
    """Expert against Normal: half the games with Expert first, half with Normal first."""
    roller = RandomRoller(seed)
    wins = {"expert first": 0.0, "normal first": 0.0}
    played = {"expert first": 0, "normal first": 0}
    for g in range(games):
        expert_seat = g % 2
        order = ["expert", "normal"] if expert_seat == 0 else ["normal", "expert"]
        game = play_game(order, roller, target)
        key = "expert first" if expert_seat == 0 else "normal first"
        played[key] += 1
        winners = game.winners()
        if expert_seat in winners:
            wins[key] += 1 / len(winners)
    return {k: wins[k] / played[k] for k in wins} | {
        "all": sum(wins.values()) / games,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000, help="solitaire turns per level")
    parser.add_argument("--games", type=int, default=10_000, help="Expert v Normal games")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--target", type=int, default=10_000)
    args = parser.parse_args(argv)

    total, seconds, value = build_time()
    print(
        f"Expert table build: {seconds * 1000:.0f} ms, {total * 1000:.0f} ms with its imports "
        f"(fresh Python {sys.version.split()[0]}, best of 3)"
    )
    print(f"Expert DP value per turn: {value:.2f}")
    for level in ("expert", "normal"):
        mean, se, spent = solitaire(level, args.turns, args.seed)
        print(
            f"{level:>6} solitaire: {mean:7.1f} ± {se:.1f} points/turn "
            f"({args.turns:,} turns, {spent:.1f} s)"
        )
    start = time.perf_counter()
    rates = match(args.games, args.seed, args.target)
    spent = time.perf_counter() - start
    half = args.games / 2
    se = (rates["all"] * (1 - rates["all"]) / args.games) ** 0.5
    print(f"Expert v Normal, {args.games:,} games to {args.target:,} ({spent:.1f} s):")
    print(f"  Expert win rate {rates['all'] * 100:.1f} % ± {se * 100:.1f}")
    print(f"  Expert first: {rates['expert first'] * 100:.1f} % ({half:,.0f} games)")
    print(f"  Normal first: {rates['normal first'] * 100:.1f} % ({half:,.0f} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
