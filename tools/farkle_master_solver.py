"""Solve two-player Farkle for the chance of winning and write Master's table.

The equations are those of :mod:`zaria.farkle.master`: ``P(a, b)``, the chance
that the player about to start a turn ``a`` steps of 50 points from the target
beats an opponent ``b`` steps from it, both playing optimally, for
``1 ≤ a, b ≤ 300`` (15,000 points, so all three targets).

**Order.** A turn started at ``(a, b)`` banks into ``P(b, x)`` with ``x < a`` and,
when it is lost, into ``P(b, a)``. So the states are solved by diagonals of
constant ``s = a + b``, smallest first: everything a diagonal needs is on earlier
diagonals except each state's partner ``(b, a)`` on the same one. Each diagonal
is a batch (numpy, the states as the last axis): one evaluation is the turn's
dynamic programme for every state at once, sweeping the distance ``x`` from past
the target up to ``a``, with the rolls grouped by their option lists (839
options of 231 groups) and the max over each group's options taken width by width.

**The partner.** A turn's value ``F(β)`` is convex and piecewise linear in the
value ``β = 1 − P(b, a)`` of losing it, with slope the chance of losing it. The
pair ``P(a, b) = F_ab(1 − P(b, a))``, ``P(b, a) = F_ba(1 − P(a, b))`` is solved by
secant steps on the two-by-two linear system, from a guess extrapolated from the
previous diagonals; three or four evaluations per diagonal reach 1e-9.

**Checks.** Past the target a turn banks from :data:`~zaria.farkle.master.LEAD_CAP`
steps ahead (8,000 points). Rolling on there is worth something only when losing
the turn costs nearly nothing (the opponent is far behind), and then very little:
``--compare-cap C`` solves again with a cap of ``C`` steps and prints the largest
difference (with ``C = 250``: 0.13 of the table's unit; it fails from 0.5).
``--check N`` recomputes ``N`` random entries of the written table with the
engine's pure-Python turn plan (:func:`zaria.farkle.master.turn_plan`).

The full solve takes about a minute of one core (run it with ``nice``). Regenerate
the shipped table with::

    nice -n 10 .venv/bin/python tools/farkle_master_solver.py

Usage: ``python tools/farkle_master_solver.py [--span N] [--out PATH] [--no-write]
[--check N]``; ``--span 100`` solves up to 5,000 points only (seconds, for trying
things out; the shipped table needs the full span).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from zaria.farkle.master import (  # noqa: E402
    LEAD_CAP,
    QUANTUM,
    SPAN,
    encode_table,
    last_turn,
    load_table,
    turn_plan,
)
from zaria.farkle.odds import bust_probability  # noqa: E402
from zaria.farkle.rules import DEFAULT_RULES, FarkleRules, master_table_name  # noqa: E402
from zaria.farkle.strategy import grouped_options, max_gain  # noqa: E402

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
TOLERANCE = 1e-9
MAX_EVALUATIONS = 10


@dataclass(frozen=True)
class Moves:
    """The rolls of one to six dice, grouped for the batch evaluation.

    ``widths``: for each number of options ``w``, the ``(w, groups)`` arrays of the
    options' dice left and points (steps), and the groups' slice of the result;
    ``probs[n - 1, g]``: the chance of group ``g`` when rolling ``n`` dice.
    """

    widths: tuple[tuple[IntArray, IntArray, slice], ...]
    probs: FloatArray
    bust: FloatArray  # bust[n - 1]
    groups: int
    gain: int


def moves(rules: FarkleRules) -> Moves:
    """The rolls of the scoring table of ``rules``, grouped by option count."""
    found: dict[int, list[tuple[int, float, tuple[tuple[int, int], ...]]]] = {}
    for n in range(1, 7):
        for p, opts in grouped_options(n, rules.scoring):
            found.setdefault(len(opts), []).append((n, p, opts))
    total = sum(len(v) for v in found.values())
    probs = np.zeros((6, total))
    widths = []
    at = 0
    for w in sorted(found):
        rows = found[w]
        left = np.array([[opts[k][1] for _, _, opts in rows] for k in range(w)])
        points = np.array([[opts[k][0] for _, _, opts in rows] for k in range(w)])
        for i, (n, p, _) in enumerate(rows):
            probs[n - 1, at + i] = p
        widths.append((left, points, slice(at, at + len(rows))))
        at += len(rows)
    bust = np.array([float(bust_probability(n)) for n in range(1, 7)])
    return Moves(tuple(widths), probs, bust, total, max_gain(rules.scoring))


@dataclass
class Diagonal:
    """The states ``(a, b)`` with ``a + b = s``, ``a`` descending, and their turns' data."""

    a: IntArray
    b: IntArray
    partner: IntArray  # index of (b, a)
    low: int  # the smallest distance x held
    bank: FloatArray  # [x - low, state]
    active: IntArray  # per x: the states (a prefix) whose turn computes x
    starts: IntArray  # per x: the index of the state with a == x


def diagonal(s: int, span: int, p: FloatArray, lead: FloatArray, gain: int, cap: int) -> Diagonal:
    """The diagonal ``s``, with every bank value it needs (earlier diagonals are solved)."""
    a = np.arange(min(span, s - 1), max(1, s - span) - 1, -1)
    b = s - a
    low = int(b.min()) - cap - gain
    xs = np.arange(low, int(a.max()) + 1)
    bank = np.empty((len(xs), len(a)))
    ahead = xs > 0
    bank[ahead] = 1 - p[b[None, :], np.minimum(xs[ahead], span)[:, None]]
    bank[~ahead] = 1 - lead[b[None, :] - xs[~ahead][:, None]]
    # A state computes x while x ≤ a, and past the target while its lead b - x is
    # below the cap; with a descending, both are a prefix of the states.
    bound = np.where(ahead, xs, np.maximum(xs, s - cap - xs + 1))
    active = np.searchsorted(-a, -bound, side="right")
    return Diagonal(a, b, a[0] - b, low, bank, active, a[0] - xs)


class Evaluator:
    """One diagonal's turns, evaluated for given values of losing them."""

    def __init__(self, d: Diagonal, m: Moves) -> None:
        self.d, self.m = d, m
        size = d.bank.shape[0]
        self.values = np.empty((7, size, len(d.a)))
        self.flat = self.values.reshape(7 * size, len(d.a))
        self.offsets = [(left * size - points, sl) for left, points, sl in m.widths]
        self.best = np.empty((m.groups, len(d.a)))
        self.largest_lead = 0

    def __call__(self, beta: FloatArray, watch: bool = False) -> FloatArray:
        """``R(a, 6)`` of every state when losing its turn is worth ``beta``."""
        d, m = self.d, self.m
        self.values[1:] = d.bank[None]
        out = np.empty(len(d.a))
        lost = m.bust[:, None] * beta[None, :]
        for xi, count in enumerate(d.active):
            if not count:
                continue
            best = self.best[:, :count]
            for offsets, sl in self.offsets:
                np.max(self.flat[offsets + xi, :count], axis=0, out=best[sl])
            rolled = m.probs @ best + lost[:, :count]
            j = d.starts[xi]
            if 0 <= j < count:
                out[j] = rolled[5, j]
            bank = d.bank[xi, :count]
            if watch and d.low + xi <= 0:
                rolls = (rolled > bank).any(axis=0)
                if rolls.any():
                    lead = int((d.b[:count] - (d.low + xi))[rolls].max())
                    self.largest_lead = max(self.largest_lead, lead)
            np.maximum(rolled, bank, out=self.values[1:, xi, :count])
        return out


def guess(d: Diagonal, p: FloatArray, slope: FloatArray) -> tuple[FloatArray, FloatArray]:
    """A first value and slope for each state, extrapolated from earlier diagonals."""
    a, b = d.a, d.b
    am, bm = np.maximum(a - 1, 1), np.maximum(b - 1, 1)
    both = p[am, b] + p[a, bm] - p[am, bm]
    one = np.where(a > 1, p[am, b], np.where(b > 1, p[a, bm], 0.5))
    value = np.clip(np.where((a > 1) & (b > 1), both, one), 0.0, 1.0)
    return value, np.where(a > 1, slope[am, b], slope[a, bm])


def solve_diagonal(
    d: Diagonal, m: Moves, p: FloatArray, slope: FloatArray
) -> tuple[FloatArray, FloatArray, int, int]:
    """The values and slopes of one diagonal's states, the evaluations made, the
    largest lead at which rolling on was optimal."""
    evaluate = Evaluator(d, m)
    first, q = guess(d, p, slope)
    q = np.clip(q, 0.0, 0.9999)
    alone = d.partner == np.arange(len(d.a))
    beta = 1 - first[d.partner]
    value = evaluate(beta)
    for evaluations in range(2, MAX_EVALUATIONS + 1):
        # The linear system through the last evaluation, with slopes q.
        c = value + q * (1 - beta)
        u = (c - q * c[d.partner]) / (1 - q * q[d.partner])
        u[alone] = c[alone] / (1 + q[alone])
        np.clip(u, 0.0, 1.0, out=u)
        new_beta = 1 - u[d.partner]
        new_value = evaluate(new_beta, watch=True)
        moved = np.abs(new_beta - beta) > 1e-12
        q = np.where(moved, (new_value - value) / np.where(moved, new_beta - beta, 1), q)
        q = np.clip(q, 0.0, 0.9999)
        residual = float(np.abs(new_value - u).max())
        beta, value = new_beta, new_value
        if residual < TOLERANCE:
            return value, q, evaluations, evaluate.largest_lead
    raise ArithmeticError(f"diagonal {int(d.a[0] + d.b[0])} did not converge ({residual:.2e})")


def solve(
    rules: FarkleRules, span: int = SPAN, cap: int = LEAD_CAP, log: bool = True
) -> FloatArray:
    """``P[a, b]`` for ``1 ≤ a, b ≤ span`` (index 0 unused), banking ``cap`` steps ahead."""
    start = time.perf_counter()
    m = moves(rules)
    lead = np.array(last_turn(rules, span + cap)[6])
    p = np.zeros((span + 1, span + 1))
    slope = np.full((span + 1, span + 1), 0.3)
    evaluations, largest = 0, 0
    for s in range(2, 2 * span + 1):
        d = diagonal(s, span, p, lead, m.gain, cap)
        values, q, used, reach = solve_diagonal(d, m, p, slope)
        p[d.a, d.b], slope[d.a, d.b] = values, q
        evaluations, largest = evaluations + used, max(largest, reach)
    if log:
        print(
            f"solved {span} × {span} states in {time.perf_counter() - start:.1f} s "
            f"({evaluations / (2 * span - 1):.1f} evaluations a diagonal); rolling on past "
            f"the target is optimal up to a lead of {largest * 50:,} points (cap "
            f"{cap * 50:,})"
        )
    return p


def quantise(p: FloatArray, span: int) -> list[int]:
    """The table's 16-bit values, row ``a``, column ``b``."""
    q = np.rint(p[1 : span + 1, 1 : span + 1] * QUANTUM).astype(np.int64)
    return [int(v) for v in q.reshape(-1)]


def check(data: bytes, count: int, seed: int = 1) -> float:
    """The largest difference, in table units, between ``count`` random entries and the
    engine's own computation of them from the rest of the table."""
    table = load_table(data)
    rng = random.Random(seed)
    worst = 0.0
    for _ in range(count):
        a, b = rng.randint(1, table.span), rng.randint(1, table.span)
        fresh = turn_plan(table, a, b).start
        worst = max(worst, abs(fresh - table.chance(a, b)) * QUANTUM)
    return worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--span", type=int, default=SPAN, help="distances solved (steps)")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--check", type=int, default=0, help="entries to recompute")
    parser.add_argument("--compare-cap", type=int, default=0, help="solve again with this cap")
    args = parser.parse_args(argv)
    rules = DEFAULT_RULES
    p = solve(rules, args.span)
    if args.compare_cap:
        other = solve(rules, args.span, args.compare_cap)
        gap = float(np.abs(other - p).max()) * QUANTUM
        print(f"cap {args.compare_cap} steps: largest difference {gap:.4f} of the table's unit")
        if gap >= 0.5:
            return 1
    for target in (5000, 10000, 15000):
        n = target // 50
        if n <= args.span:
            print(f"first player's chance, both optimal, to {target:,}: {p[n, n] * 100:.2f} %")
    data = encode_table(rules, args.span, quantise(p, args.span))
    if not args.no_write:
        out = args.out or ROOT / "py" / "zaria" / "data" / master_table_name(rules)
        out.write_bytes(data)
        print(f"wrote {out} ({len(data):,} bytes)")
    if args.check:
        worst = check(data, args.check)
        print(f"{args.check} entries recomputed by the engine: largest difference {worst:.3f}")
        if worst > 1.01:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
