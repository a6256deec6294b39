"""The optimal player's final scores at solitaire, for a member of the five-dice
family, by simulation.

Plays ``--games`` solitaire games of the member ``--rules`` (Penta by default) with
its optimal player (its shipped strategy table,
:func:`zaria.penta.advisor.play_solitaire`) on seeded dice and writes how often each
final score fell in each ``--bin``-point range, with the mean, the standard
deviation, the upper-bonus rate and the share of games with 50 in the five-of-a-kind
box. The statistics screen draws a player's final scores against it.

Format (``py/zaria/data/<rules>_optimal_scores.json``, read by
:mod:`zaria_web.penta.optimal`): ``{"format": 1, "games", "seed", "bin", "counts",
"mean", "sd", "upper_bonus_rate", "penta_rate"}``; ``counts[i]`` games ended with
a total from ``i * bin`` to ``(i + 1) * bin - 1``.

Usage: ``python tools/penta_distribution.py [--rules ID] [--games N] [--seed S]
[--out PATH]`` (50,000 games, seed 1, by default: about a quarter of an hour on one
core).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from zaria.dice import RandomRoller  # noqa: E402
from zaria.penta.advisor import play_solitaire  # noqa: E402
from zaria.penta.members import rules_named  # noqa: E402
from zaria.penta.players import OptimalPlayer  # noqa: E402
from zaria.penta.rules import Rules  # noqa: E402
from zaria.penta.scoring import PENTA  # noqa: E402

DATA = ROOT / "py" / "zaria" / "data"


def out_path(rules: Rules) -> Path:
    """Where a member's distribution is shipped: ``zaria/data/<rules>_optimal_scores.json``."""
    return DATA / f"{rules.id}_optimal_scores.json"


def distribution(games: int, seed: int, width: int, rules: Rules = PENTA) -> dict[str, object]:
    """The JSON-safe value written: ``games`` seeded games of ``rules``, ``width``-point
    bins."""
    roller, player = RandomRoller(seed), OptimalPlayer()
    totals: list[int] = []
    bonus = pentas = 0
    for n in range(games):
        result = play_solitaire(roller, player, rules)
        totals.append(result.total)
        bonus += result.upper_bonus
        pentas += result.penta_box == rules.five_score
        if (n + 1) % 5000 == 0:
            print(f"{n + 1} games, mean {statistics.fmean(totals):.2f}", file=sys.stderr)
    counts = [0] * (max(totals) // width + 1)
    for t in totals:
        counts[t // width] += 1
    return {
        "format": 1,
        "games": games,
        "seed": seed,
        "bin": width,
        "counts": counts,
        "mean": round(statistics.fmean(totals), 4),
        "sd": round(statistics.stdev(totals), 4),
        "upper_bonus_rate": round(bonus / games, 4),
        "penta_rate": round(pentas / games, 4),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=rules_named, default=PENTA, help="the member's id")
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bin", type=int, default=10)
    parser.add_argument("--out", type=Path, help="where to write (its file in zaria/data/)")
    args = parser.parse_args()
    data = distribution(args.games, args.seed, args.bin, args.rules)
    args.out = args.out or out_path(args.rules)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{args.games} games: mean {data['mean']}, sd {data['sd']} -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
