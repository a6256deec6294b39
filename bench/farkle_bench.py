"""Farkle benchmark: the computer players' strength and the cost of their tables.

Prints:

* the Expert table's build time and its optimal value per turn (601.56 under the
  standard table), then Expert's points per turn for each scoring table and a few
  house-rule sets (the long-run points per turn ``g``; with an opening minimum,
  also what not having banked yet costs: that state's bias, negated);
* the mean points per solitaire turn of Expert and Normal (with standard errors),
  and Expert's win rate against Normal in two-player games, seated both ways;
* Master: the first player's chance to win with both players optimal (5,000,
  10,000, 15,000: the first turn's value from the shipped table), the time of a
  turn's plan, and its chance against Expert averaged over seat order, by an
  exact evaluation of the two policies (numpy: Expert's turn outcomes are the
  same at every score, Master's come from its plans; games to 5,000 and 10,000);
* Master's win rate against two Experts in three-player games (simulated; a fair
  share is 33.3 %).

    .venv/bin/python bench/farkle_bench.py              # about 10 minutes of one core
    .venv/bin/python bench/farkle_bench.py --turns 20000 --games 1000 --games3 300
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from farkle_master_solver import Moves, moves  # noqa: E402
from zaria.dice import RandomRoller  # noqa: E402
from zaria.farkle.master import LEAD_CAP, last_turn, master_table, turn_plan  # noqa: E402
from zaria.farkle.rules import DEFAULT_RULES, TABLES, FarkleRules  # noqa: E402
from zaria.farkle.simulate import play_game, simulate, solitaire_turns  # noqa: E402
from zaria.farkle.strategy import (  # noqa: E402
    STEP,
    ExpertTable,
    expert_table,
    grouped_options,
    reach_table,
)

FloatArray = npt.NDArray[np.float64]

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


def house_rules_values() -> None:
    """Expert's points per turn under each scoring table and some house rules."""
    for name in TABLES:
        table = expert_table(FarkleRules(table=name))
        print(f"  {name + ' table':<34} {table.expected_turn():7.2f} points/turn")
    for rules in (
        FarkleRules(farkle_penalty=500),
        FarkleRules(farkle_penalty=1000),
        FarkleRules(opening_minimum=500),
        FarkleRules(opening_minimum=1000, farkle_penalty=1000),
    ):
        table = ExpertTable(rules=rules)
        line = f"  {rules.id:<34} {table.expected_turn():7.2f} points/turn"
        if rules.opening_minimum:
            cost = table.expected_turn() - table.first_turn()
            line += f"; not having banked yet costs {cost:.2f}"
        print(line + f" (built in {table.build_seconds:.1f} s)")


# --- Master against Expert, evaluated exactly ---------------------------------------


def expert_turn_outcomes() -> FloatArray:
    """``d[k]``: the chance that an Expert turn banks ``k`` steps (``d[0]``: it is lost).

    Outside the last round Expert plays the same turn at every score.
    """
    table = expert_table()
    groups = {n: grouped_options(n) for n in range(1, 7)}
    top = table.cap // STEP + 200
    mass = np.zeros((top, 7))
    mass[0, 6] = 1.0
    out = np.zeros(top)
    for u in range(top):
        for n in range(1, 7):
            p = mass[u, n]
            if not p:
                continue
            out[0] += p * (1 - sum(q for q, _ in groups[n]))
            for q, opts in groups[n]:
                best = max(opts, key=lambda o: table.roll_value((u + o[0]) * STEP, o[1]))
                most = max(b for b, _ in opts)
                if (u + most) * STEP >= table.roll_value((u + best[0]) * STEP, best[1]):
                    out[u + most] += p * q
                else:
                    mass[u + best[0], best[1]] += p * q
    return out


class MasterTurns:
    """Master's turns from distance ``a`` against every opponent distance ``b``:
    decisions from its plan's values, their worth evaluated against Expert.

    Arrays are ``[n * size + x - low, b - 1]``: the plan's value, and the worth to
    Master as ``const + slope · e(a, b)`` (``e`` is the worth of losing the turn:
    Expert to move).
    """

    def __init__(self, m: Moves, span: int, p: FloatArray) -> None:
        self.m, self.span, self.p = m, span, p
        self.u6 = np.array(last_turn(DEFAULT_RULES, 1000)[6])
        reach = reach_table(60000)
        self.low = 1 - LEAD_CAP - m.gain
        lead = np.arange(1, span + 1)[None, :] - np.arange(self.low, 1)[:, None]
        self.plan_past = 1 - self.u6[lead]  # Master's plan: the other's last turn
        expert_wins = np.vectorize(lambda d: reach.chance((d + 1) * STEP, 6))
        self.worth_past = 1 - expert_wins(lead)  # Expert's last turn, as Expert plays it

    def sweep(self, a: int, e: FloatArray) -> tuple[FloatArray, FloatArray]:
        """``C`` and ``Q`` of ``m(a, b) = C + Q · e(a, b)`` for every ``b``, given
        ``e[x, b]`` (Expert to move, Master at ``x``) for ``x < a``."""
        low, size = self.low, a - self.low + 1
        plan_bank = np.zeros((size, self.span))
        worth_bank = np.zeros((size, self.span))
        plan_bank[: 1 - low] = self.plan_past
        worth_bank[: 1 - low] = self.worth_past
        plan_bank[1 - low : a - low] = 1 - self.p[1:, 1:a].T
        worth_bank[1 - low : a - low] = e[1:a, 1:]
        return self._sweep(a, size, plan_bank, worth_bank)

    def _sweep(
        self, a: int, size: int, plan_bank: FloatArray, worth_bank: FloatArray
    ) -> tuple[FloatArray, FloatArray]:
        m, span, low = self.m, self.span, self.low
        plan_lost = 1 - self.p[1:, a]
        value = np.tile(plan_bank, (7, 1))
        const = np.tile(worth_bank, (7, 1))
        slope = np.zeros((7 * size, span))
        for xi in range(size):
            x = low + xi
            count = span if x > 0 else int(np.clip(x + LEAD_CAP - 1, 0, span))
            if not count:
                continue
            cols = np.arange(count)[None, :]
            plan_r, c_r, q_r = np.zeros((6, count)), np.zeros((6, count)), np.zeros((6, count))
            for left, points, sl in m.widths:
                rows = left * size - points + xi  # (w, groups)
                v = value[rows, :count]
                # the option of most worth, the one with the most points among equals
                k = len(rows) - 1 - v[::-1].argmax(axis=0)
                chosen = rows[k, np.arange(rows.shape[1])[:, None]]
                probs = m.probs[:, sl]
                plan_r += probs @ v.max(axis=0)
                c_r += probs @ const[chosen, cols]
                q_r += probs @ slope[chosen, cols]
            plan_r += m.bust[:, None] * plan_lost[None, :count]
            q_r += m.bust[:, None]
            if x == a:
                return c_r[5], q_r[5]
            bank = plan_bank[xi, :count]
            for n in range(1, 7):
                r, rolls = n * size + xi, plan_r[n - 1] > bank
                value[r, :count] = np.maximum(plan_r[n - 1], bank)
                const[r, :count] = np.where(rolls, c_r[n - 1], worth_bank[xi, :count])
                slope[r, :count] = np.where(rolls, q_r[n - 1], 0.0)
        raise AssertionError("the sweep ends at the turn's start")


def master_against_expert(span: int) -> FloatArray:
    """``[a, b, 0]``: Master's chance to win with Master to move, ``[a, b, 1]`` with
    Expert to move, Master ``a`` and Expert ``b`` steps from the target."""
    table = master_table()
    p = np.zeros((span + 1, span + 1))
    for a in range(1, span + 1):
        for b in range(1, span + 1):
            p[a, b] = table.chance(a, b)
    turns = MasterTurns(moves(DEFAULT_RULES), span, p)
    outcomes = expert_turn_outcomes()
    k = np.arange(1, len(outcomes))
    mine = np.zeros((span + 1, span + 1))
    e = np.zeros((span + 1, span + 1))  # e[x, b]: Expert to move
    for a in range(1, span + 1):
        c, q = turns.sweep(a, e)
        for b in range(1, span + 1):
            before = b - k  # Expert's distance after banking k steps
            after = np.where(
                before >= 1, mine[a, np.maximum(before, 0)], turns.u6[a - np.minimum(before, 0)]
            )
            rest, lost = float(outcomes[1:] @ after), outcomes[0]
            e[a, b] = (rest + lost * c[b - 1]) / (1 - lost * q[b - 1])
            mine[a, b] = c[b - 1] + q[b - 1] * e[a, b]
    return np.stack([mine, e], axis=-1)


# --- the report ----------------------------------------------------------------------


def master_report(games3: int, seed: int) -> None:
    table = master_table()
    for target in (5000, 10000, 15000):
        n = target // STEP
        first = turn_plan(table, n, n).start
        print(f"  both optimal, to {target:>6,}: first player wins {first * 100:.2f} %")
    turn_plan.cache_clear()
    start = time.perf_counter()
    for a, b in ((200, 200), (150, 60), (300, 10), (100, 150)):
        turn_plan(table, a, b)
    print(
        f"  a turn's plan: {(time.perf_counter() - start) / 4 * 1000:.0f} ms on average (4 plans)"
    )
    start = time.perf_counter()
    chances = master_against_expert(200)
    spent = time.perf_counter() - start
    for target in (5000, 10000):
        n = target // STEP
        first, second = chances[n, n, 0], chances[n, n, 1]
        print(
            f"  against Expert, to {target:>6,}: {(first + second) / 2 * 100:.2f} % over seat "
            f"order ({first * 100:.2f} % first, {second * 100:.2f} % second; exact, {spent:.0f} s)"
        )
    start = time.perf_counter()
    stats = simulate(["master", "expert", "expert"], games3, seed, 10000)
    rate = stats[0].win_rate
    se = (rate * (1 - rate) / games3) ** 0.5
    print(
        f"  against two Experts, to 10,000: {rate * 100:.1f} % ± {se * 100:.1f} "
        f"(fair share 33.3 %; {games3:,} games, seats rotating, "
        f"{time.perf_counter() - start:.0f} s)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000, help="solitaire turns per level")
    parser.add_argument("--games", type=int, default=10_000, help="Expert v Normal games")
    parser.add_argument("--games3", type=int, default=2_000, help="Master v two Experts games")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--target", type=int, default=10_000)
    args = parser.parse_args(argv)

    total, seconds, value = build_time()
    print(
        f"Expert table build: {seconds * 1000:.0f} ms, {total * 1000:.0f} ms with its imports "
        f"(fresh Python {sys.version.split()[0]}, best of 3)"
    )
    print(f"Expert DP value per turn: {value:.2f}")
    print("Expert under house rules:")
    house_rules_values()
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
    print("Master (win probability):")
    master_report(args.games3, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
