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
dice are worth rolling (16,800 and 17,950 under the additive and doubling
tables, less with the penalty), and the cap is well above that. Under the standard
scoring table the optimal solitaire turn is worth ``R(0, 6) = 601.56`` points.

**House rules** (:class:`~zaria.farkle.rules.FarkleRules`). The scoring table
changes the options of each roll. The opening minimum and the three-lost-turns
penalty make a turn's worth depend on what comes after it, so Expert maximises
the long-run points per turn ``g`` (an average-reward problem, solved as Busche
solved Zilch: one policy per number of lost turns in a row). A player between
turns is in state ``(opened, c)``: whether it has banked once, and its lost turns
in a row ``c`` (0 to 2, always 0 without the penalty). With a bias ``h`` per
state (``h(opened, 0) = 0``)::

    g + h(s) = R_s(0, 6),   with banking worth t (only t ≥ the minimum before
                            opening), and a lost turn worth β_s = h(next state),
                            less the penalty when it is the third

So each state's turn is the sweep above with a bust value ``β_s``; the few
unknowns (``g`` and the biases) are found by a secant iteration on the sweeps.
``g`` does not depend on the opening minimum (a player opens once); the bias of
not having opened is what the minimum costs.

**Beating a total.** In the last round what counts is the chance of winning at
least ``D`` more points this turn (to beat the leader)::

    W(t, n) = 1 if t ≥ D, else Σ_roll P(roll) · max_k W(t + best_k(roll), left_k)

``W`` depends only on ``D - t``, so one table of ``G(r, n) = W(D - r, n)`` over the
points still missing serves every goal (:class:`ReachTable`).

Tables are built on demand (:func:`expert_table`, :func:`reach_table`) and
cached; the standard one takes about 0.1 s natively, a rule set with both the
minimum and the penalty about 2 s.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import product

from zaria.farkle.odds import bust_probability, roll_weights
from zaria.farkle.rules import (
    DEFAULT_RULES,
    FARKLES_FOR_PENALTY,
    STANDARD,
    FarkleRules,
    ScoringTable,
)
from zaria.farkle.scoring import MAX_DICE, selection_value

STEP = 50
#: Turn points from which the tables assume banking (far above where it is optimal).
CAP = 25000
_TOLERANCE = 1e-6  # points: where the secant iteration on the biases stops


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
def roll_options(roll: tuple[int, ...], table: ScoringTable = STANDARD) -> tuple[RollOption, ...]:
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
        points = selection_value(keep, table)
        if points is not None and points > best.get(len(keep), (-1, ()))[0]:
            best[len(keep)] = (points, keep)
    n = len(roll)
    return tuple(
        RollOption(keep, points, n - k or MAX_DICE) for k, (points, keep) in sorted(best.items())
    )


Options = tuple[tuple[float, tuple[tuple[int, int], ...]], ...]


@cache
def grouped_options(n: int, table: ScoringTable = STANDARD) -> Options:
    """Rolls of ``n`` dice grouped by their options ``(points / STEP, dice_left)``.

    Each group is ``(probability, options)``; the rolls that score nothing are left
    out (their chance is :func:`~zaria.farkle.odds.bust_probability`).
    """
    total = 6**n
    weights: dict[tuple[tuple[int, int], ...], int] = {}
    for roll, weight in roll_weights(n):
        opts = tuple((o.points // STEP, o.dice_left) for o in roll_options(roll, table))
        if opts:
            weights[opts] = weights.get(opts, 0) + weight
    return tuple((w / total, opts) for opts, w in weights.items())


@cache
def max_gain(table: ScoringTable = STANDARD) -> int:
    """The most points (in steps of 50) that one roll can score under ``table``."""
    return max(
        b for n in range(1, MAX_DICE + 1) for _, opts in grouped_options(n, table) for b, _ in opts
    )


def _sweep(
    top: int, final: list[list[float]], table: ScoringTable, bank_from: int, bust: float
) -> list[list[float]]:
    """Fill ``final[n][u]`` for ``u < top`` from the values above, highest ``u`` first.

    ``final[n][u]`` for ``u >= top`` must hold the boundary values. The player may
    stop with ``u`` steps when ``u >= bank_from`` (points per turn; never at 0);
    ``bank_from = top`` means only rolling counts (the chance of reaching ``top``).
    A roll that scores nothing is worth ``bust``. Returns the roll values ``R``.
    """
    grouped = [grouped_options(n, table) if n else () for n in range(MAX_DICE + 1)]
    lost = [bust * float(bust_probability(n)) if n else 0.0 for n in range(MAX_DICE + 1)]
    rolled = [[0.0] * top for _ in range(MAX_DICE + 1)]
    for u in range(top - 1, -1, -1):
        stop = u * STEP if u and u >= bank_from else float("-inf")
        for n in range(1, MAX_DICE + 1):
            r = lost[n]
            for p, opts in grouped[n]:
                m = float("-inf")
                for b, left in opts:
                    x = final[left][u + b]
                    if x > m:
                        m = x
                r += p * m
            rolled[n][u] = r
            final[n][u] = r if r > stop else stop
    return rolled


def _secant(f: Callable[[float], float], x0: float, slope: float) -> float:
    """A root of ``f`` near ``x0`` (``f`` is near-linear with about ``slope``)."""
    f0 = f(x0)
    x1 = x0 - f0 / slope
    for _ in range(40):
        f1 = f(x1)
        if abs(f1) < _TOLERANCE or f1 == f0:
            return x1
        x0, f0, x1 = x1, f1, x1 - f1 * (x1 - x0) / (f1 - f0)
    raise ArithmeticError("the turn values did not converge")  # pragma: no cover


class ExpertTable:
    """``V`` and ``R`` of the points-per-turn problem, for turn points below the cap.

    For house rules, one table of roll values per state between turns
    ``(opened, lost turns in a row)``; see the module's docstring.
    """

    def __init__(self, cap: int = CAP, rules: FarkleRules = DEFAULT_RULES) -> None:
        start = time.perf_counter()
        self.rules = rules
        self.cap = cap
        self._top = self.cap // STEP
        self._minimum = rules.opening_minimum // STEP
        self._counts = FARKLES_FOR_PENALTY if rules.farkle_penalty else 1
        self._rolled: dict[tuple[bool, int], list[list[float]]] = {}
        self._sweeps: dict[tuple[bool, float], list[list[float]]] = {}
        self.gain = self._solve_opened()
        if self._minimum:
            self._solve_unopened()
        self._sweeps.clear()
        self.build_seconds = time.perf_counter() - start

    def _turn(self, opened: bool, bust: float) -> list[list[float]]:
        """The roll values of a turn whose lost roll is worth ``bust`` (the third lost
        turn of an opened player always is: the sweep is kept)."""
        known = self._sweeps.get((opened, bust))
        if known is None:
            size = self._top + max_gain(self.rules.scoring) + 1
            final = [[u * STEP * 1.0 for u in range(size)] for _ in range(MAX_DICE + 1)]
            bank_from = 1 if opened else self._minimum
            known = _sweep(self._top, final, self.rules.scoring, bank_from, bust)
            self._sweeps[opened, bust] = known
        return known

    def _next_bust(self, c: int, bias_next: float) -> float:
        """What losing the turn in state ``c`` is worth: the next state's bias, less
        the penalty on the last lost turn of the count."""
        last = self._counts > 1 and c == self._counts - 1
        return bias_next - (self.rules.farkle_penalty if last else 0)

    def _chain(self, opened: bool, g: float, bias_zero: float) -> float:
        """Play the counts ``c = last … 0`` back from ``h(opened, 0) = bias_zero``;
        return the residual ``R(0, 6) − g − h`` at ``c = 0``."""
        bias_next = bias_zero
        for c in range(self._counts - 1, -1, -1):
            rolled = self._turn(opened, self._next_bust(c, bias_next))
            self._rolled[opened, c] = rolled
            value = rolled[MAX_DICE][0]
            bias_next = value - g
        return bias_next - bias_zero

    def _solve_opened(self) -> float:
        """``g``: the points per turn of an opened player (``h(opened, 0) = 0``)."""
        if self._counts == 1:
            rolled = self._turn(True, 0.0)
            self._rolled[True, 0] = rolled
            return rolled[MAX_DICE][0]
        return _secant(lambda g: self._chain(True, g, 0.0), 600.0, -1.5)

    def _solve_unopened(self) -> None:
        """The biases of a player who has not banked yet (``g`` is known)."""
        g = self.gain
        slope = -0.9 if self._counts > 1 else -0.6
        _secant(lambda h: self._chain(False, g, h), -100.0, slope)

    def _state(self, opened: bool, farkles: int) -> tuple[bool, int]:
        return (opened or not self._minimum, farkles % self._counts)

    def roll_value(self, points: int, dice: int, *, opened: bool = True, farkles: int = 0) -> float:
        """``R(t, n)``: expected points banked (with the bias of the next turn, under
        house rules) if the player rolls ``dice`` now."""
        u = points // STEP
        if u >= self._top:
            return float(points)
        return self._rolled[self._state(opened, farkles)][dice][u]

    def may_bank(self, points: int, *, opened: bool = True) -> bool:
        """Whether the rules allow banking ``points`` (the opening minimum)."""
        return points > 0 and (opened or points >= self.rules.opening_minimum)

    def value(self, points: int, dice: int, *, opened: bool = True, farkles: int = 0) -> float:
        """``V(t, n)``: expected points banked playing on optimally (banking allowed)."""
        rolled = self.roll_value(points, dice, opened=opened, farkles=farkles)
        return max(float(points), rolled) if self.may_bank(points, opened=opened) else rolled

    def should_bank(self, points: int, dice: int, *, opened: bool = True, farkles: int = 0) -> bool:
        """Whether banking ``points`` beats rolling ``dice`` more dice (and is allowed)."""
        return self.may_bank(points, opened=opened) and points >= self.roll_value(
            points, dice, opened=opened, farkles=farkles
        )

    def expected_turn(self) -> float:
        """The points per turn under optimal play: ``R(0, 6)``, or ``g`` under house rules."""
        return self.gain

    def first_turn(self) -> float:
        """The value of a turn before opening, with no lost turn yet: ``g + h(not opened, 0)``."""
        return self._rolled[self._state(False, 0)][MAX_DICE][0]


@cache
def expert_table(rules: FarkleRules = DEFAULT_RULES) -> ExpertTable:
    """The shared :class:`ExpertTable` of ``rules``, built on first use."""
    return ExpertTable(rules=rules)


class ReachTable:
    """``G(r, n)``: the chance of winning at least ``r`` more points this turn with ``n`` dice.

    ``W(t, n)`` for a goal of ``D`` points is ``G(D - t, n)``: the chance depends only
    on the points still missing, so one table serves every goal up to ``most``.
    """

    def __init__(self, most: int, table: ScoringTable = STANDARD) -> None:
        top = -(-most // STEP)
        self.most = top * STEP
        self.table = table
        grouped = [grouped_options(n, table) if n else () for n in range(MAX_DICE + 1)]
        chances = [[1.0] * (top + 1) for _ in range(MAX_DICE + 1)]
        for r in range(1, top + 1):
            for n in range(1, MAX_DICE + 1):
                total = 0.0
                for p, opts in grouped[n]:
                    m = 0.0
                    for b, left in opts:
                        x = chances[left][r - b] if r > b else 1.0
                        if x > m:
                            m = x
                    total += p * m
                chances[n][r] = total
        self._table = chances

    def chance(self, missing: int, dice: int) -> float:
        """The chance of winning ``missing`` more points with ``dice`` to roll (1 if ≤ 0)."""
        if missing <= 0:
            return 1.0
        if missing > self.most:
            raise ValueError(f"the table covers {self.most} points, not {missing}")
        return self._table[dice][-(-missing // STEP)]


_reach: dict[ScoringTable, ReachTable] = {}


def reach_table(missing: int = 20000, table: ScoringTable = STANDARD) -> ReachTable:
    """A :class:`ReachTable` covering ``missing`` points, built (or enlarged) on demand."""
    known = _reach.get(table)
    if known is None or known.most < missing:
        most = max(missing, 2 * known.most if known else 20000)
        _reach[table] = ReachTable(most, table)
    return _reach[table]
