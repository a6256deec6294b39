"""Optimal Farkle turns: the tables behind the Expert computer player.

**Points per turn.** A turn is in state ``(t, n)``: ``t`` points won this turn
(set aside, not banked) and ``n`` dice about to be rolled. Its value is the
expected number of points the turn banks under optimal play::

    V(t, n) = max(t, R(t, n))          (V(0, 6) = R(0, 6): the first roll is forced)
    R(t, n) = Σ_roll P(roll) · max_k V(t + best_k(roll), left_k)

where ``best_k(roll)`` is the most points a scoring selection of exactly ``k``
dice of the roll earns and ``left_k = n - k``, or 6 when ``k = n`` (hot dice).
A roll that scores nothing contributes 0. For a given ``k`` only the most points
matter, since ``V`` grows with ``t``; so each roll reduces to at most six
options, and the 462 rolls of six dice to 121 distinct option lists (and busts).

Every selection adds at least 50 points, so ``R(t, ·)`` depends only on values
at larger ``t``: the fixed point is computed exactly by one sweep from a cap
down to 0. Above the cap the turn banks: past 18,350 points not even six fresh
dice are worth rolling, and the cap is well above that. Under this scoring
table the optimal solitaire turn is worth ``R(0, 6) = 601.56`` points.

**Beating a total.** In the last round what counts is the chance of winning at
least ``D`` more points this turn (to beat the leader)::

    W(t, n) = 1 if t ≥ D, else Σ_roll P(roll) · max_k W(t + best_k(roll), left_k)

``W`` depends only on ``D - t``, so one table of ``G(r, n) = W(D - r, n)`` over the
points still missing serves every goal (:class:`ReachTable`).

Tables are built on demand (:func:`expert_table`, :func:`reach_table`) and
cached; building takes about 0.1 s natively.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache
from itertools import product

from zaria.farkle.odds import roll_weights
from zaria.farkle.scoring import MAX_DICE, selection_value

STEP = 50
#: Turn points from which the tables assume banking (far above where it is optimal).
CAP = 25000
_MAX_GAIN = 3000


@dataclass(frozen=True)
class RollOption:
    """The best way to set aside a given number of dice from a roll."""

    keep: tuple[int, ...]
    points: int
    dice_left: int

    @property
    def count(self) -> int:
        """How many dice are set aside."""
        return len(self.keep)


@cache
def roll_options(roll: tuple[int, ...]) -> tuple[RollOption, ...]:
    """For a sorted roll, the highest-scoring selection of each size, fewest dice first.

    ``dice_left`` is the size of the next roll (6 when every die is set aside).
    Empty when the roll scores nothing.

    >>> [(o.keep, o.points, o.dice_left) for o in roll_options((1, 1, 5, 2))]
    [((1,), 100, 3), ((1, 1), 200, 2), ((1, 1, 5), 250, 1)]
    """
    faces = sorted(set(roll))
    counts = [roll.count(f) for f in faces]
    best: dict[int, tuple[int, tuple[int, ...]]] = {}
    for take in product(*(range(c + 1) for c in counts)):
        keep = tuple(f for f, k in zip(faces, take, strict=True) for _ in range(k))
        points = selection_value(keep)
        if points is not None and points > best.get(len(keep), (-1, ()))[0]:
            best[len(keep)] = (points, keep)
    n = len(roll)
    return tuple(
        RollOption(keep, points, n - k or MAX_DICE) for k, (points, keep) in sorted(best.items())
    )


_Options = tuple[tuple[float, tuple[tuple[int, int], ...]], ...]


@cache
def _grouped_options(n: int) -> _Options:
    """Rolls of ``n`` dice grouped by their options ``(points / STEP, dice_left)``."""
    total = 6**n
    weights: dict[tuple[tuple[int, int], ...], int] = {}
    for roll, weight in roll_weights(n):
        opts = tuple((o.points // STEP, o.dice_left) for o in roll_options(roll))
        if opts:
            weights[opts] = weights.get(opts, 0) + weight
    return tuple((w / total, opts) for opts, w in weights.items())


def _sweep(top: int, final: list[list[float]], banking: bool) -> list[list[float]]:
    """Fill ``final[n][u]`` for ``u < top`` from the values above, highest ``u`` first.

    ``final[n][u]`` for ``u >= top`` must hold the boundary values. With
    ``banking`` the player may stop with ``u`` (points per turn); without, only
    rolling counts (the chance of reaching ``top``). Returns the roll values ``R``.
    """
    grouped = [_grouped_options(n) if n else () for n in range(MAX_DICE + 1)]
    rolled = [[0.0] * top for _ in range(MAX_DICE + 1)]
    for u in range(top - 1, -1, -1):
        for n in range(1, MAX_DICE + 1):
            r = 0.0
            for p, opts in grouped[n]:
                m = 0.0
                for b, left in opts:
                    x = final[left][u + b]
                    if x > m:
                        m = x
                r += p * m
            rolled[n][u] = r
            stop = u * STEP if banking and u else 0.0
            final[n][u] = r if r > stop else stop
    return rolled


class ExpertTable:
    """``V`` and ``R`` of the points-per-turn problem, for turn points below :data:`CAP`."""

    def __init__(self, cap: int = CAP) -> None:
        start = time.perf_counter()
        self.cap = cap
        top = cap // STEP
        size = top + _MAX_GAIN // STEP + 1
        final = [[u * STEP * 1.0 for u in range(size)] for _ in range(MAX_DICE + 1)]
        self._rolled = _sweep(top, final, banking=True)
        self.build_seconds = time.perf_counter() - start

    def roll_value(self, points: int, dice: int) -> float:
        """``R(t, n)``: expected points banked if the player rolls ``dice`` now."""
        u = points // STEP
        if u >= self.cap // STEP:
            return float(points)
        return self._rolled[dice][u]

    def value(self, points: int, dice: int) -> float:
        """``V(t, n)``: expected points banked playing on optimally (banking allowed)."""
        return (
            max(float(points), self.roll_value(points, dice))
            if points
            else self.roll_value(0, dice)
        )

    def should_bank(self, points: int, dice: int) -> bool:
        """Whether banking ``points`` beats rolling ``dice`` more dice."""
        return points > 0 and points >= self.roll_value(points, dice)

    def expected_turn(self) -> float:
        """The value of a turn under optimal play: ``R(0, 6)``."""
        return self.roll_value(0, MAX_DICE)


@cache
def expert_table() -> ExpertTable:
    """The shared :class:`ExpertTable`, built on first use."""
    return ExpertTable()


class ReachTable:
    """``G(r, n)``: the chance of winning at least ``r`` more points this turn with ``n`` dice.

    ``W(t, n)`` for a goal of ``D`` points is ``G(D - t, n)``: the chance depends only
    on the points still missing, so one table serves every goal up to ``most``.
    """

    def __init__(self, most: int) -> None:
        top = -(-most // STEP)
        self.most = top * STEP
        grouped = [_grouped_options(n) if n else () for n in range(MAX_DICE + 1)]
        table = [[1.0] * (top + 1) for _ in range(MAX_DICE + 1)]
        for r in range(1, top + 1):
            for n in range(1, MAX_DICE + 1):
                total = 0.0
                for p, opts in grouped[n]:
                    m = 0.0
                    for b, left in opts:
                        x = table[left][r - b] if r > b else 1.0
                        if x > m:
                            m = x
                    total += p * m
                table[n][r] = total
        self._table = table

    def chance(self, missing: int, dice: int) -> float:
        """The chance of winning ``missing`` more points with ``dice`` to roll (1 if ≤ 0)."""
        if missing <= 0:
            return 1.0
        if missing > self.most:
            raise ValueError(f"the table covers {self.most} points, not {missing}")
        return self._table[dice][-(-missing // STEP)]


_reach: list[ReachTable] = []


def reach_table(missing: int = 20000) -> ReachTable:
    """A :class:`ReachTable` covering ``missing`` points, built (or enlarged) on demand."""
    if not _reach or _reach[0].most < missing:
        most = max(missing, 2 * _reach[0].most if _reach else 20000)
        _reach[:] = [ReachTable(most)]
    return _reach[0]
