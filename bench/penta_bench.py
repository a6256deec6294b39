"""Benchmark of Penta's optimal player.

Prints the optimal expected score from the shipped table, the two published checks of
the solver (Hasbro's rules 254.5877, no bonus and no joker 245.8708), a simulation of
2,000 solitaire games against the table's value, the time to decide a whole turn (two
keeps and a box) in CPython, and the table's size, load time and the time to decode
every row.

Usage: ``python bench/penta_bench.py [--games N] [--no-variants]``
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
from pathlib import Path
from types import ModuleType

import zaria.penta.strategy as strategy
from zaria.penta.advisor import simulate
from zaria.penta.strategy import SheetState, Strategy, load_table
from zaria_web.penta.bench import bench_turns

ROOT = Path(__file__).resolve().parent.parent
TABLE_FILE = ROOT / "py" / "zaria" / "data" / "penta_table.bin"


def _solver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("penta_solver", ROOT / "tools/penta_solver.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load_times(data: bytes, repeat: int = 5) -> tuple[list[float], list[float]]:
    """Reading the file (decompressing it, rebuilding the index, as on a fresh page),
    then decoding all its rows (which a game does a few hundred at a time)."""
    loads, rows = [], []
    for _ in range(repeat):
        strategy._rows.cache_clear()
        strategy._upper_totals.cache_clear()
        t0 = time.perf_counter()
        table = load_table(data)
        t1 = time.perf_counter()
        table.values()
        loads.append(t1 - t0)
        rows.append(time.perf_counter() - t1)
    return loads, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--no-variants", action="store_true", help="skip the published checks")
    args = parser.parse_args()

    data = TABLE_FILE.read_bytes()
    loads, rows = _load_times(data)
    table = load_table(data)
    start = table.state_value(SheetState.start())
    print(f"start value (our rules, table): {start:.4f}")

    if not args.no_variants:
        solver = _solver()
        for variant in ("hasbro", "plain"):
            t0 = time.perf_counter()
            value = float(solver.solve(variant)[0, 0, 0])
            took = time.perf_counter() - t0
            published = solver.PUBLISHED[variant]
            verdict = "ok" if round(value, 4) == published else "MISMATCH"
            print(
                f"published check {variant:6s}: {value:.4f} vs {published:.4f} {verdict}"
                f" (solved in {took:.1f} s)"
            )

    t0 = time.perf_counter()
    summary = simulate(args.games, seed=2024)
    took = time.perf_counter() - t0
    gap = abs(summary.mean - start) / summary.standard_error
    print(
        f"{summary.games} simulated games: mean {summary.mean:.2f} ± sd {summary.sd:.2f}"
        f" (s.e. {summary.standard_error:.2f}); {gap:.2f} s.e. from the start value: "
        f"{'within' if gap <= 3 else 'NOT within'} 3 s.e.; upper bonus "
        f"{summary.upper_bonus_rate:.1%}, Penta {summary.penta_rate:.1%} ({took:.1f} s)"
    )

    t0 = time.perf_counter()
    strategy._dice.cache_clear()
    strategy._dice()
    setup = time.perf_counter() - t0
    turns = bench_turns(args.positions, seed=1, strategy=Strategy(table))
    print(
        f"whole turn (2 keeps + box), CPython, {len(turns)} positions: median "
        f"{statistics.median(turns) * 1000:.2f} ms, worst {max(turns) * 1000:.2f} ms "
        f"(one-off dice tables {setup * 1000:.1f} ms)"
    )
    print(
        f"table: {len(data):,} bytes, {len(table):,} states; load from bytes "
        f"{statistics.median(loads) * 1000:.1f} ms, every row decoded "
        f"{statistics.median(rows) * 1000:.0f} ms (medians of {len(loads)})"
    )


if __name__ == "__main__":
    main()
