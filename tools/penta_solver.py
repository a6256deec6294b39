"""Solve each member of the five-dice family exactly and write its optimal player's table.

One command solves Penta, the printed rules and Scandinavian Yatzy (the rules values of
:mod:`zaria.penta.rules`), and writes and proves each one's table:
``python tools/penta_solver.py`` (``--rules penta,yatzy`` for some of them).

Backward induction over the states between turns. A state is

- ``mask``: the used boxes, bit ``i`` for the ``i``-th box in sheet order (Penta: Aces =
  bit 0 … Chance = bit 11, Penta = bit 12; Yatzy: Ones = bit 0 … Chance = bit 13, Yatzy
  = bit 14): the six upper boxes, the other lower boxes, the five-of-a-kind box last;
- ``upper``: the upper-section total, capped at 63 (only reaching 63 matters);
- ``flag``: 1 when the five-of-a-kind box holds its 50, else 0 (always 0 while it is
  free, and in members where what it holds changes nothing later: Yatzy).

``E(state)`` is the expected number of points still to come with optimal play: box
scores, the upper bonus when it is reached and the extra five-of-a-kind bonuses. Each
state is solved by the usual turn evaluation: the best box for each of the 252 final
rolls, then the best keep (462 multisets of 0–5 dice) with one and with two re-rolls
left. States are batched and the keep → roll expectations are a dense 462 × 252 matrix
product.

Only reachable states are solved: the upper totals reachable from the used upper boxes
(each scores 0–5 times its face), and ``flag`` only when the five-of-a-kind box is used.
That is 536,448 states for Penta and the printed rules, 1,430,528 for Yatzy.

A member's table file (``py/zaria/data/penta_table.bin``, ``penta_printed_table.bin``,
``yatzy_table.bin``; format 2, described in :mod:`zaria.penta.strategy`, which reads
it) holds the float32 values of the solution rounded to a step of ``2**-12`` (a member
may use another, see ``STEP``), but for the few that a decision needs closer to them
(``2**-18``). The writing proves it: every decision of every state (the box for each of
the 252 final rolls, the keep with one and with two re-rolls left) is computed from the
float table and from the file, and they must all be the same, ties broken the same way
(the first box in sheet order, the longest keep, recording rather than rolling again,
among options within ``TIE``). Values kept finer are those around the states whose
decisions would change otherwise. ``--check-quantised`` compares each file again;
``--sample`` writes the float values the tests check decisions on
(``tests/<rules>_float_sample.npz``).

Each member's start value is checked against the published optimum where there is one
(the printed rules 254.5877, Yatzy 248.4400); ``--check-variants`` also solves the
plain game (Penta's sheet, no joker, no extra bonus: 245.8708).

Usage: ``python tools/penta_solver.py [--rules IDS] [--check-variants]
[--check-quantised] [--sample [PATH]] [--no-write] [--out-dir DIR]``
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import zlib
from collections import Counter
from functools import cached_property
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from zaria.penta.members import members, rules_named  # noqa: E402
from zaria.penta.rules import Joker, Rules  # noqa: E402
from zaria.penta.scoring import PENTA, PRINTED  # noqa: E402
from zaria.penta.strategy import FORMAT_VERSION, HEADER, MAGIC, TIE  # noqa: E402

DATA = ROOT / "py" / "zaria" / "data"
TABLE_PATH = DATA / PENTA.table_file
#: The table's step (its values are multiples of ``2**-STEP_BITS``), and the finer step
#: of the few values a decision needs closer to the float table's.
STEP_BITS = 12
FINE_BITS = 18
#: A member's own step, where the default one would make its file too large.
STEP: dict[str, int] = {}

#: The plain game: Penta's sheet without joker or extra bonus (a check of the solver).
PLAIN = Rules(
    id="plain",
    game="penta",
    boxes=PENTA.boxes,
    upper_bonus=PENTA.upper_bonus,
    upper_threshold=PENTA.upper_threshold,
    joker=Joker.NONE,
    extra_bonus=0,
    table_file="",
    table_code=255,
    box_type=PENTA.box_type,
)
PUBLISHED = {"printed": 254.5877, "yatzy": 248.4400, "plain": 245.8708, "hasbro": 254.5877}
#: The names the solver gave the rules before the family: Penta's ("ours"), the printed
#: rules ("hasbro") and the plain game.
VARIANTS = {"ours": PENTA, "hasbro": PRINTED, "plain": PLAIN}


def as_rules(rules: Rules | str) -> Rules:
    """``rules``, or the member (or plain game) of that id or earlier variant name."""
    if isinstance(rules, Rules):
        return rules
    return VARIANTS[rules] if rules in VARIANTS else rules_named(rules)


UPPER_CAP = 63

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

# --- dice combinatorics ------------------------------------------------------------

ROLLS: list[tuple[int, ...]] = list(combinations_with_replacement(range(1, 7), 5))
KEEPS: list[tuple[int, ...]] = [
    k for n in range(6) for k in combinations_with_replacement(range(1, 7), n)
]
#: The keeps of five dice come last, in the order of ROLLS.
FULL = len(KEEPS) - len(ROLLS)
ROLL_INDEX = {r: i for i, r in enumerate(ROLLS)}
KEEP_INDEX = {k: i for i, k in enumerate(KEEPS)}
PENTA_ROLLS = [ROLL_INDEX[(f,) * 5] for f in range(1, 7)]


def _outcome_prob(dice: tuple[int, ...]) -> float:
    """Probability of rolling exactly this multiset with ``len(dice)`` dice."""
    ways = math.factorial(len(dice))
    for c in Counter(dice).values():
        ways //= math.factorial(c)
    return ways / float(6 ** len(dice))


def transition_matrix() -> FloatArray:
    """``T[k, r]``: the probability that keeping ``KEEPS[k]`` and re-rolling gives ``ROLLS[r]``."""
    t = np.zeros((len(KEEPS), len(ROLLS)))
    for k, keep in enumerate(KEEPS):
        for extra in combinations_with_replacement(range(1, 7), 5 - len(keep)):
            t[k, ROLL_INDEX[tuple(sorted(keep + extra))]] += _outcome_prob(extra)
    return t


def _children() -> list[tuple[IntArray, IntArray]]:
    """For each keep size 1..5: the keeps of that size and their keeps with one die fewer.

    Each row of the child array lists the distinct sub-keeps, padded by repeating one.
    """
    levels = []
    for n in range(1, 6):
        idx = [i for i, k in enumerate(KEEPS) if len(k) == n]
        rows = []
        for i in idx:
            keep = KEEPS[i]
            subs = sorted({KEEP_INDEX[keep[:j] + keep[j + 1 :]] for j in range(n)})
            rows.append(subs + [subs[0]] * (5 - len(subs)))
        levels.append((np.array(idx), np.array(rows)))
    return levels


T_MATRIX = transition_matrix()
T_TRANSPOSED = np.ascontiguousarray(T_MATRIX.T)
START_PROBS = T_MATRIX[0]
CHILDREN = _children()
COUNTS = np.array([[r.count(f) for r in ROLLS] for f in range(1, 7)])
IS_PENTA = np.zeros(len(ROLLS), dtype=bool)
IS_PENTA[PENTA_ROLLS] = True


def reachable_uppers(upper_mask: int) -> list[int]:
    """Upper totals (capped at 63) reachable when the upper boxes in ``upper_mask`` are used.

    >>> reachable_uppers(0b000001)
    [0, 1, 2, 3, 4, 5]
    """
    totals = {0}
    for f in range(1, 7):
        if upper_mask >> (f - 1) & 1:
            totals = {min(UPPER_CAP, t + f * c) for t in totals for c in range(6)}
    return sorted(totals)


UPPERS = [reachable_uppers(m) for m in range(64)]


#: The rows of a table file: each reachable (used upper boxes, capped upper total),
#: by used upper boxes (a 6-bit mask) then total.
ROWS = [(um, u) for um in range(64) for u in UPPERS[um]]
#: Whether each row is the first of its set of used upper boxes (its delta starts afresh).
FIRST_ROW = np.array([i == 0 or ROWS[i - 1][0] != um for i, (um, _) in enumerate(ROWS)])


class Layout:
    """One member's rules as the solver's arrays and the shape of its table file.

    A row of the file holds, for each state of the five-of-a-kind box (free, holding 0,
    holding 50; or free and used when what it holds changes nothing later), a value for
    each set of the other lower boxes used (bits 6 up of the mask).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.nboxes = len(rules.boxes)
        self.five_bit = self.nboxes - 1
        self.lower_bits = self.nboxes - 7
        self.five_states = 3 if rules.tracks_five else 2

    @property
    def all_used(self) -> int:
        return (1 << self.nboxes) - 1

    @property
    def lower_sets(self) -> int:
        return 1 << self.lower_bits

    @property
    def row(self) -> int:
        """Values per row of the table file."""
        return self.five_states * self.lower_sets

    @property
    def lower_range(self) -> range:
        """The bits of the lower boxes but the five-of-a-kind box."""
        return range(6, self.five_bit)

    @cached_property
    def scores(self) -> FloatArray:
        """``scores[b, r]``: the plain points of roll ``r`` in box ``b``."""
        rules = self.rules
        return np.array([[rules.score(b, r) for r in ROLLS] for b in rules.order], dtype=float)

    @cached_property
    def joker_points(self) -> dict[int, list[int]]:
        """For each lower bit (but the five box's): a joker's points, by face 1–6."""
        order = self.rules.order
        return {
            b: [self.rules.joker_score(order[b], (f,) * 5) for f in range(1, 7)]
            for b in self.lower_range
        }

    def table_states(self) -> tuple[IntArray, IntArray, IntArray]:
        """Every reachable ``(mask, upper, flag)`` in the table file's order, as three arrays."""
        um = np.array([r[0] for r in ROWS])[:, None, None]
        upper = np.array([r[1] for r in ROWS])[:, None, None]
        pf = np.arange(self.five_states)[None, :, None]
        lower = np.arange(self.lower_sets)[None, None, :]
        shape = (len(ROWS), self.five_states, self.lower_sets)
        masks = np.broadcast_to(um | lower << 6 | (pf > 0) << self.five_bit, shape)
        flags = np.broadcast_to((pf == 2).astype(np.int64), shape)
        return masks.ravel(), np.broadcast_to(upper, shape).ravel(), flags.ravel()


LAYOUTS: dict[str, Layout] = {}


def layout(rules: Rules) -> Layout:
    """The (cached) layout of ``rules``."""
    if rules.id not in LAYOUTS:
        LAYOUTS[rules.id] = Layout(rules)
    return LAYOUTS[rules.id]


def table_states(lay: Layout | None = None) -> tuple[IntArray, IntArray, IntArray]:
    """Every reachable state of a member (Penta by default) in its table file's order."""
    return (lay or layout(PENTA)).table_states()


# --- the turn evaluation ---------------------------------------------------------


def _submax(k: FloatArray) -> FloatArray:
    """For each keep, the best value over all its sub-keeps (itself included)."""
    m = k.copy()
    for idx, rows in CHILDREN:
        m[:, idx] = np.maximum(m[:, idx], m[:, rows].max(axis=2))
    return m


class Batch(NamedTuple):
    """A batch of states, and the values ``e`` of every state after them."""

    lay: Layout
    e: FloatArray
    masks: IntArray
    uppers: IntArray
    flags: IntArray


def _upper_bonus(lay: Layout, u: IntArray, new_u: IntArray) -> IntArray:
    reached = (u < UPPER_CAP) & (new_u >= UPPER_CAP)
    result: IntArray = np.where(reached, lay.rules.upper_bonus, 0)
    return result


def _plain_box(s: Batch, b: int) -> tuple[IntArray, FloatArray]:
    """The states of the batch where box ``b`` is free, and for each of them and each
    roll: the box's points (no joker) plus ``E(next state)``."""
    lay, e = s.lay, s.e
    sel = np.nonzero((s.masks >> b) & 1 == 0)[0]
    m2, u, fl = s.masks[sel] | (1 << b), s.uppers[sel], s.flags[sel]
    if b < 6:
        f, faces = b + 1, np.arange(6)
        new_u = np.minimum(UPPER_CAP, u[:, None] + f * faces[None, :])
        bonus = _upper_bonus(lay, u[:, None], new_u)
        vals6 = f * faces[None, :] + bonus + e[m2[:, None], new_u, fl[:, None]]
        return sel, vals6[:, COUNTS[b]]
    if b == lay.five_bit and lay.rules.tracks_five:
        e0, e1 = e[m2, u, 0], e[m2, u, 1]
        five = lay.rules.five_score
        return sel, np.where(IS_PENTA[None, :], five + e1[:, None], e0[:, None])
    return sel, lay.scores[b][None, :] + e[m2, u, fl][:, None]


def _final_values(s: Batch) -> FloatArray:
    """``V0[s, r]``: the best box's points plus ``E(next state)`` for final roll ``r``."""
    v0 = np.full((len(s.masks), len(ROLLS)), -np.inf)
    for b in range(s.lay.nboxes):
        sel, vals = _plain_box(s, b)
        v0[sel] = np.maximum(v0[sel], vals)
    if s.lay.rules.joker is not Joker.NONE:
        _apply_jokers(s, v0)
    return v0


def _joker_states(s: Batch) -> IntArray:
    """The states of the batch where a further five of a kind is a joker."""
    used = (s.masks >> s.lay.five_bit) & 1 == 1
    joker = used & (s.flags == 1) if s.lay.rules.joker is Joker.WHILE_FULL else used
    result: IntArray = np.nonzero(joker)[0]
    return result


def _box_values(s: Batch, val: FloatArray) -> None:
    """Fill ``val[s, box, roll]`` with each box's expected total, -inf where the box may
    not take the roll (used, or ruled out by the forced joker)."""
    lay, e = s.lay, s.e
    for b in range(lay.nboxes):
        sel, vals = _plain_box(s, b)
        val[sel, b] = vals
    if lay.rules.joker is Joker.NONE:
        return
    sel = _joker_states(s)
    m, u, fl = s.masks[sel], s.uppers[sel], s.flags[sel]
    bonus = lay.rules.extra_bonus * fl
    free = [(m >> b) & 1 == 0 for b in range(lay.nboxes)]
    lower_free = np.logical_or.reduce([free[b] for b in lay.lower_range])
    for f in range(1, 7):
        own = f - 1
        column = np.full((len(sel), lay.nboxes), -np.inf)
        new_u = np.minimum(UPPER_CAP, u + 5 * f)
        up_bonus = _upper_bonus(lay, u, new_u)
        own_val = 5 * f + bonus + up_bonus + e[m | (1 << own), new_u, fl]
        column[:, own] = np.where(free[own], own_val, -np.inf)
        for b, points in lay.joker_points.items():
            ok = ~free[own] & free[b]
            cand = points[own] + bonus + e[m | (1 << b), u, fl]
            column[:, b] = np.where(ok, cand, -np.inf)
        for b in range(6):
            ok = ~free[own] & ~lower_free & free[b]
            column[:, b] = np.where(ok, bonus + e[m | (1 << b), u, fl], column[:, b])
        val[sel, :, PENTA_ROLLS[own]] = column


def _apply_jokers(s: Batch, v0: FloatArray) -> None:
    """Overwrite ``v0`` for five-of-a-kind rolls where the forced-joker rule applies."""
    lay, e = s.lay, s.e
    sel = _joker_states(s)
    if len(sel) == 0:
        return
    m, u, fl = s.masks[sel], s.uppers[sel], s.flags[sel]
    bonus = lay.rules.extra_bonus * fl
    for f in range(1, 7):
        own = f - 1
        own_free = (m >> own) & 1 == 0
        new_u = np.minimum(UPPER_CAP, u + 5 * f)
        up_bonus = _upper_bonus(lay, u, new_u)
        own_val = 5 * f + bonus + up_bonus + e[m | (1 << own), new_u, fl]
        lower = np.full(len(sel), -np.inf)
        for b, points in lay.joker_points.items():
            free = (m >> b) & 1 == 0
            cand = np.where(free, points[own] + bonus + e[m | (1 << b), u, fl], -np.inf)
            lower = np.maximum(lower, cand)
        zero_upper = np.full(len(sel), -np.inf)
        for b in range(6):
            free = (m >> b) & 1 == 0
            cand = np.where(free, bonus + e[m | (1 << b), u, fl], -np.inf)
            zero_upper = np.maximum(zero_upper, cand)
        best = np.where(own_free, own_val, np.where(lower > -np.inf, lower, zero_upper))
        v0[sel, PENTA_ROLLS[f - 1]] = best


def state_values(
    e: FloatArray,
    masks: IntArray,
    uppers: IntArray,
    flags: IntArray,
    rules: Rules | str = PENTA,
) -> FloatArray:
    """``E`` of the states ``(masks, uppers, flags)`` of ``rules`` (a member, or a
    variant's name), given ``e`` filled in for all their successors."""
    return _state_values(Batch(layout(as_rules(rules)), e, masks, uppers, flags))


def _state_values(s: Batch) -> FloatArray:
    """``E`` of a batch of states, given ``e`` filled in for all their successors."""
    v0 = _final_values(s)
    v1 = _submax(v0 @ T_TRANSPOSED)[:, FULL:]
    v2 = _submax(v1 @ T_TRANSPOSED)[:, FULL:]
    result: FloatArray = v2 @ START_PROBS
    return result


def empty_values(lay: Layout) -> FloatArray:
    """The dense array ``e[mask, upper, flag]``: NaN everywhere, 0 for the finished sheet."""
    e = np.full((1 << lay.nboxes, UPPER_CAP + 1, 2), np.nan)
    e[lay.all_used] = 0.0
    return e


def solve(rules: Rules | str = PENTA, batch: int = 2048, verbose: bool = False) -> FloatArray:
    """Solve every reachable state of ``rules`` (a member, or a variant's name); returns
    the dense ``e[mask, upper, flag]``."""
    rules = as_rules(rules)
    lay = layout(rules)
    masks, uppers, flags = lay.table_states()
    used = np.array([m.bit_count() for m in range(1 << lay.nboxes)])[masks]
    e = empty_values(lay)
    for level in range(lay.nboxes - 1, -1, -1):
        idx = np.nonzero(used == level)[0]
        for start in range(0, len(idx), batch):
            part = idx[start : start + batch]
            m, u, f = masks[part], uppers[part], flags[part]
            e[m, u, f] = _state_values(Batch(lay, e, m, u, f))
        if verbose:
            print(f"  {rules.id}: {level:2d} boxes used, {len(idx):7d} states", file=sys.stderr)
    return e


# --- the table file ------------------------------------------------------------------


def _zigzag(x: IntArray) -> IntArray:
    result: IntArray = np.where(x >= 0, 2 * x, -2 * x - 1)
    return result


def _planes(z: IntArray, count: int) -> bytes:
    """The ``count`` low bytes of each value, as planes: every first byte, then every second…"""
    return bytes(z.astype("<u4").view(np.uint8).reshape(-1, 4)[:, :count].T.tobytes())


def _unplanes(raw: bytes, n: int, count: int) -> IntArray:
    b = np.zeros((n, 4), dtype=np.uint8)
    b[:, :count] = np.frombuffer(raw, dtype=np.uint8, count=n * count).reshape(count, n).T
    return b.view("<u4").ravel().astype(np.int64)


def _mobius(x: IntArray, lay: Layout, sign: int) -> None:
    """The Möbius transform (``sign`` -1) over the lower boxes, or its inverse (+1)."""
    n = lay.lower_sets
    for s in (1 << i for i in range(lay.lower_bits)):
        y = x.reshape(len(ROWS), lay.five_states, n // (2 * s), 2, s)
        y[:, :, :, 1] += sign * y[:, :, :, 0]


def transform(q: IntArray, lay: Layout | None = None) -> IntArray:
    """The residuals stored for the integer values ``q`` (file order).

    Within a row: the Möbius transform over the lower boxes (each value less the values
    of the same row with fewer of them used, by inclusion–exclusion), then the
    five-of-a-kind box's states as differences (holding 0 less free, holding 50 less
    holding 0). Across rows: each row less the row before, within a set of used upper
    boxes.
    """
    lay = lay or layout(PENTA)
    x = q.reshape(len(ROWS), lay.five_states, lay.lower_sets).copy()
    _mobius(x, lay, -1)
    for p in range(lay.five_states - 1, 0, -1):
        x[:, p] -= x[:, p - 1]
    r = x.copy()
    r[1:][~FIRST_ROW[1:]] -= x[:-1][~FIRST_ROW[1:]]
    return r.ravel()


def untransform(r: IntArray, lay: Layout | None = None) -> IntArray:
    """The inverse of :func:`transform`."""
    lay = lay or layout(PENTA)
    x = r.reshape(len(ROWS), lay.five_states, lay.lower_sets).copy()
    for i in range(1, len(ROWS)):
        if not FIRST_ROW[i]:
            x[i] += x[i - 1]
    for p in range(1, lay.five_states):
        x[:, p] += x[:, p - 1]
    _mobius(x, lay, 1)
    return x.ravel()


def table_bytes(
    values: FloatArray, fixes: IntArray, step_bits: int = STEP_BITS, lay: Layout | None = None
) -> bytes:
    """The table file for ``values`` (file order): each rounded to a multiple of
    ``2**-step_bits``, but those at the positions ``fixes``, to one of ``2**-FINE_BITS``
    (or ``2**-(step_bits + 7)``, if coarser: a correction is one byte)."""
    lay = lay or layout(PENTA)
    fine_bits = min(FINE_BITS, step_bits + 7)
    q = np.rint(values * 2.0**step_bits).astype(np.int64)
    z = _zigzag(transform(q, lay))
    planes = next(n for n in (1, 2, 3, 4) if int(z.max()) < 1 << 8 * n)
    fixes = np.sort(fixes)
    fine = np.rint(values[fixes] * 2.0**fine_bits).astype(np.int64)
    adjust = _zigzag(fine - (q[fixes] << fine_bits - step_bits))
    if len(fixes) and int(adjust.max()) > 255:
        raise ValueError("the fine step must be at most 2**7 times finer than the step")
    body = _planes(z, planes) + _planes(np.diff(fixes, prepend=0), 4)
    body += adjust.astype(np.uint8).tobytes()
    code = lay.rules.table_code
    head = HEADER.pack(
        MAGIC, FORMAT_VERSION, len(q), step_bits, fine_bits, planes, code, len(fixes)
    )
    return head + zlib.compress(body, 9)


def read_values(data: bytes, lay: Layout | None = None) -> FloatArray:
    """The values of a table file, in file order (numpy; the engine reads it in Python)."""
    lay = lay or layout(PENTA)
    magic, version, count, step_bits, fine_bits, planes, code, nfix = HEADER.unpack_from(data)
    if magic != MAGIC or version != FORMAT_VERSION or code != lay.rules.table_code:
        raise ValueError(f"not a {lay.rules.id} table (format {FORMAT_VERSION})")
    raw = zlib.decompress(data[HEADER.size :])
    q = untransform(_unzigzag(_unplanes(raw, count, planes)), lay)
    values = q * 2.0**-step_bits
    rest = raw[count * planes :]
    fixes = np.cumsum(_unplanes(rest, nfix, 4))
    adjust = _unzigzag(np.frombuffer(rest, dtype=np.uint8, offset=4 * nfix).astype(np.int64))
    values[fixes] += adjust * 2.0**-fine_bits
    result: FloatArray = values
    return result


def _unzigzag(z: IntArray) -> IntArray:
    result: IntArray = (z >> 1) ^ -(z & 1)
    return result


def dense(values: FloatArray, lay: Layout | None = None) -> FloatArray:
    """The dense ``e[mask, upper, flag]`` of values in file order."""
    lay = lay or layout(PENTA)
    masks, uppers, flags = lay.table_states()
    e = empty_values(lay)
    e[masks, uppers, flags] = values
    return e


def read_table(data: bytes, lay: Layout | None = None) -> FloatArray:
    """The dense ``e[mask, upper, flag]`` from a table file's contents."""
    return dense(read_values(data, lay), lay)


# --- decisions ------------------------------------------------------------------------
#
# The engine's choices (``zaria.penta.strategy``): the first box in sheet order within
# TIE of the best; the longest keep (then the first in KEEPS) within TIE of the best
# keep; recording rather than rolling again when the best box is within TIE of it.


def _sub_keeps() -> IntArray:
    """For each roll: its distinct keeps of fewer than five dice, longest first (then in
    KEEPS order), padded with the last; shape ``(31, 252)``."""
    rows = []
    for r in ROLLS:
        subs = {KEEP_INDEX[c] for n in range(5) for c in combinations(r, n)}
        rows.append(sorted(subs, key=lambda k: (-len(KEEPS[k]), k)))
    width = max(map(len, rows))
    return np.array([s + [s[-1]] * (width - len(s)) for s in rows]).T.copy()


SUB_KEEPS = _sub_keeps()
#: The choice "record the roll now" among the keeps.
RECORD = -1


def _pick(options: list[FloatArray]) -> tuple[IntArray, FloatArray, FloatArray]:
    """Among same-shaped arrays in order of preference: the first within TIE of the best,
    the best value, and the gap to the best option not tied with it (inf: none)."""
    top = options[0].copy()
    for a in options[1:]:
        np.maximum(top, a, out=top)
    floor = top - TIE
    choice = np.zeros(top.shape, dtype=np.int16)
    second = np.full(top.shape, -np.inf)
    for j in range(len(options) - 1, -1, -1):
        near = options[j] >= floor
        np.copyto(choice, np.int16(j), where=near)
        np.maximum(second, options[j], out=second, where=~near)
    return choice, top, top - second


def _keep_choice(keeps: FloatArray, final: FloatArray) -> tuple[IntArray, FloatArray]:
    """The keep (or RECORD) chosen for each roll, and its gap, from ``keeps[k, s]``."""
    j, top, gap = _pick(list(np.take(keeps, SUB_KEEPS, axis=0)))
    keep = SUB_KEEPS[j, np.arange(len(ROLLS))[:, None]]
    choice = np.where(final >= top - TIE, RECORD, keep).astype(np.int16)
    return choice, np.minimum(gap, np.abs(final - top))


def decisions(s: Batch) -> tuple[IntArray, FloatArray]:
    """Every decision of a batch of states, ``(3, 252, n)``: the box for each final roll
    (its index in sheet order), the keep with one and with two re-rolls left (its index
    in KEEPS, or RECORD); and the gap between the choice and the best option not tied."""
    val = np.full((len(s.masks), s.lay.nboxes, len(ROLLS)), -np.inf)
    _box_values(s, val)
    box, final, box_gap = _pick(list(val.transpose(1, 2, 0)))
    keep1 = T_MATRIX @ final
    one, one_gap = _keep_choice(keep1, final)
    roll1 = np.ascontiguousarray(_submax(keep1.T)[:, FULL:].T)
    two, two_gap = _keep_choice(T_MATRIX @ roll1, final)
    return np.stack([box, one, two]), np.stack([box_gap, one_gap, two_gap])


def batch_of(lay: Layout, e: FloatArray, part: IntArray) -> Batch:
    """The states at positions ``part`` of the file's order, over the values ``e``."""
    masks, uppers, flags = lay.table_states()
    return Batch(lay, e, masks[part], uppers[part], flags[part])


# --- proving that no decision changes ---------------------------------------------------


class Survey(NamedTuple):
    """The float table's decisions, state by state (those with a turn to play)."""

    states: IntArray  # positions in file order
    choices: list[bytes]  # per batch, the decisions, compressed
    #: The states a step of ``delta`` might change (a gap within 2 delta), with their choices.
    risky: IntArray
    risky_choices: IntArray
    decisions: int
    ties: int  # decisions with options tied (within TIE): broken by order
    #: For each state, its smallest gap between a choice and an option not tied with it.
    gaps: FloatArray


BATCH = 2048


def _live_states(lay: Layout) -> IntArray:
    masks, _, _ = lay.table_states()
    result: IntArray = np.nonzero(masks != lay.all_used)[0]
    return result


def survey(lay: Layout, e: FloatArray, delta: float) -> Survey:
    """Every decision of the table ``e``; checks that every gap between a choice and an
    option not tied with it is well clear of TIE (so that rounding in the engine's own
    arithmetic cannot turn one into a tie, or the reverse)."""
    states = _live_states(lay)
    chunks: list[bytes] = []
    risky: list[IntArray] = []
    risky_choices: list[IntArray] = []
    gaps: list[FloatArray] = []
    ties = 0
    for start in range(0, len(states), BATCH):
        part = states[start : start + BATCH]
        choice, gap = decisions(batch_of(lay, e, part))
        _check_gaps(gap)
        chunks.append(zlib.compress(choice.tobytes(), 1))
        ties += int((gap <= TIE).sum())
        clear = np.where(gap <= TIE, np.inf, gap).min(axis=(0, 1))
        gaps.append(clear)
        near = clear <= 2 * delta + CLEAR
        risky.append(part[near])
        risky_choices.append(choice[:, :, near])
    return Survey(
        states,
        chunks,
        np.concatenate(risky),
        np.concatenate(risky_choices, axis=2),
        3 * len(ROLLS) * len(states),
        ties,
        np.concatenate(gaps),
    )


#: A state whose decisions' gaps are within this of a step's reach is checked again at
#: every refinement of the file.
CLEAR = 1e-8
#: Rounding in a turn's arithmetic is below 1e-11 (sums of 252 products of values below
#: 400); a gap between a choice and an option not tied with it must be this far from
#: TIE, so that the engine's own arithmetic cannot turn it into a tie, or the reverse.
#: (A few true gaps are of the order of 1e-9: the float32 values' step, about 1.5e-5 near
#: 250, times a probability such as 1/7776; Penta's are all above 1e-8, Yatzy has two
#: within 2.5e-10 of TIE.)
MARGIN = 2.5e-11


def _check_gaps(gap: FloatArray) -> None:
    unclear = np.abs(gap - TIE) < MARGIN
    if unclear.any():
        near = ", ".join(f"{g:.3e}" for g in np.sort(gap[unclear].ravel())[:5])
        raise SystemExit(
            f"{int(unclear.sum())} decisions have a gap near TIE ({near}): not clear-cut"
        )


def _changed(
    lay: Layout, e: FloatArray, part: IntArray, expected: IntArray
) -> tuple[IntArray, int]:
    """The states of ``part`` with a decision other than ``expected``, and how many."""
    choice, gap = decisions(batch_of(lay, e, part))
    _check_gaps(gap)
    differs = choice != expected
    return part[differs.any(axis=(0, 1))], int(differs.sum())


def _successors(lay: Layout, states: IntArray) -> IntArray:
    """The file positions of every state one box after each of ``states``."""
    masks, uppers, flags = lay.table_states()
    position = np.full((1 << lay.nboxes, UPPER_CAP + 1, 2), -1)
    position[masks, uppers, flags] = np.arange(len(masks))
    free = (masks >> lay.five_bit) & 1 == 0
    position[masks[free], uppers[free], 1] = np.nonzero(free)[0]
    five_flags = (0, 1) if lay.rules.tracks_five else (0,)
    found: set[int] = set()
    for m, u, f in zip(masks[states], uppers[states], flags[states], strict=True):
        for b in range(lay.nboxes):
            if m >> b & 1:
                continue
            m2 = m | 1 << b
            if b < 6:
                found.update(position[m2, min(UPPER_CAP, u + (b + 1) * c), f] for c in range(6))
            else:
                found.update(
                    position[m2, u, g] for g in (five_flags if b == lay.five_bit else (f,))
                )
    return np.array(sorted(found), dtype=np.int64)


def refine(
    lay: Layout, values: FloatArray, found: Survey, step_bits: int, fixes: IntArray
) -> IntArray:
    """Fixes (values kept to the fine step) until no risky state decides otherwise."""
    while True:
        e = read_table(table_bytes(values, fixes, step_bits, lay), lay)
        changed, _ = _changed(lay, e, found.risky, found.risky_choices)
        if len(changed) == 0:
            return fixes
        fixes = _more_fixes(lay, fixes, changed)


def _more_fixes(lay: Layout, fixes: IntArray, changed: IntArray) -> IntArray:
    """``fixes`` and the values after each of the ``changed`` states; stops the writing
    when there are none more (the fine step cannot keep those decisions)."""
    more = np.union1d(fixes, _successors(lay, changed))
    if len(more) == len(fixes):
        raise SystemExit(f"{len(changed)} states decide otherwise with every value after them fine")
    return more


def compare(
    lay: Layout, data: bytes, found: Survey, states: IntArray | None = None
) -> tuple[IntArray, int]:
    """Every decision of the table file ``data`` (of ``states`` only, if given) against
    the survey's: the states that decide otherwise and the number of decisions that
    differ."""
    e = read_table(data, lay)
    changed: list[IntArray] = [np.zeros(0, dtype=np.int64)]
    total = 0
    for i, start in enumerate(range(0, len(found.states), BATCH)):
        part = found.states[start : start + BATCH]
        keep = np.ones(len(part), dtype=bool) if states is None else np.isin(part, states)
        if not keep.any():
            continue
        expected = np.frombuffer(zlib.decompress(found.choices[i]), dtype=np.int16)
        got, n = _changed(lay, e, part[keep], expected.reshape(3, len(ROLLS), -1)[:, :, keep])
        changed.append(got)
        total += n
    return np.concatenate(changed), total


def float_table(lay: Layout, e: FloatArray) -> FloatArray:
    """The solved values in file order, rounded to float32: the table shipped in format 1,
    whose decisions the smaller file keeps."""
    masks, uppers, flags = lay.table_states()
    result: FloatArray = e[masks, uppers, flags].astype(np.float32).astype(np.float64)
    return result


def build(lay: Layout, values: FloatArray, found: Survey, step_bits: int = STEP_BITS) -> bytes:
    """The table file for the float table ``values`` and its survey: the values rounded to
    the step, with as many fixes as keep every decision; each decision of every state
    checked.

    The first pass compares every state; a later one, only the states one box before a
    value it keeps finer (the only values that changed since): every other state reads
    the same values as when it was found to decide as the float table does."""
    print(f"float table: {found.decisions:,} decisions, {found.ties:,} with tied options")
    fixes = refine(lay, values, found, step_bits, np.zeros(0, dtype=np.int64))
    data = table_bytes(values, fixes, step_bits, lay)
    changed, n = compare(lay, data, found)
    _report(values, read_values(data, lay), fixes, found, n, step_bits)
    while n:
        more = _more_fixes(lay, fixes, changed)
        data = table_bytes(values, more, step_bits, lay)
        again = np.union1d(changed, _before(lay, np.setdiff1d(more, fixes)))
        fixes = more
        changed, n = compare(lay, data, found, again)
        _report(values, read_values(data, lay), fixes, found, n, step_bits, len(again))
    return data


def _before(lay: Layout, positions: IntArray) -> IntArray:
    """The live states (file positions) one box before any of ``positions``: those whose
    mask is one of theirs less one box (a few more than exactly those before them)."""
    masks, _, _ = lay.table_states()
    targets = {
        int(m) & ~(1 << b)
        for m in np.unique(masks[positions])
        for b in range(lay.nboxes)
        if m >> b & 1
    }
    live = masks != lay.all_used
    result: IntArray = np.nonzero(live & np.isin(masks, np.array(sorted(targets))))[0]
    return result


def _report(
    values: FloatArray,
    stored: FloatArray,
    fixes: IntArray,
    found: Survey,
    n: int,
    bits: int,
    states: int | None = None,
) -> None:
    error = float(np.abs(stored - values).max())
    compared = found.decisions if states is None else 3 * len(ROLLS) * states
    print(
        f"step 2**-{bits}, {len(fixes):,} values to 2**-{min(FINE_BITS, bits + 7)}:"
        f" largest error {error:.2e};"
        f" {compared:,} decisions compared, {n:,} changed",
        flush=True,
    )


def check_file(lay: Layout, path: Path, e: FloatArray) -> int:
    """Compare every decision of the table file at ``path`` with the float table's."""
    data = path.read_bytes()
    found = survey(lay, dense(float_table(lay, e), lay), 0.0)
    _, n = compare(lay, data, found)
    print(f"{path.name}: {found.decisions:,} decisions compared, {n:,} changed")
    return 0 if n == 0 else 1


def write_sample(
    lay: Layout,
    path: Path,
    values: FloatArray,
    found: Survey,
    step_bits: int = STEP_BITS,
    counts: tuple[int, int] = (12, 4),
) -> None:
    """The float table's values that the decisions of a few states read: ``counts[0]``
    states that would decide otherwise were every value rounded to the step (without the
    finer ones; fewer if there are not as many), and others at random (``tests/`` checks
    that the table file decides as these values do, and that the finer values are
    needed)."""
    fragile, others = counts
    rounded = read_table(table_bytes(values, np.zeros(0, dtype=np.int64), step_bits, lay), lay)
    changed, _ = _changed(lay, rounded, found.risky, found.risky_choices)
    rng = np.random.default_rng(7)
    rest = np.setdiff1d(found.states, changed)
    fragile = min(fragile, len(changed))
    states = np.concatenate(
        [
            rng.choice(changed, fragile, replace=False),
            rng.choice(rest, others + counts[0] - fragile, replace=False),
        ]
    )
    needed = _successors(lay, states)
    np.savez_compressed(
        path, states=states, positions=needed, values=values[needed].astype(np.float32)
    )
    print(f"wrote {path}: {len(states)} states ({fragile} fragile), {len(needed)} values")


#: The states each member's sample holds: (fragile, others); Penta's is the one its
#: tests were written on.
SAMPLE_COUNTS = {"penta": (12, 4)}


def sample_path(rules: Rules) -> Path:
    """Where ``--sample`` writes ``rules``' float values (``tests/…_float_sample.npz``)."""
    return ROOT / "tests" / f"{rules.id}_float_sample.npz"


def _solve_member(rules: Rules, args: argparse.Namespace) -> int:
    """Solve one member, check its start value, and write (or check) its table."""
    lay = layout(rules)
    t0 = time.perf_counter()
    e = solve(rules, verbose=args.verbose)
    start = float(e[0, 0, 0])
    line = f"{rules.id:7s} start value {start:.4f}  ({time.perf_counter() - t0:.1f} s)"
    status = 0
    if rules.id in PUBLISHED:
        ok = abs(start - PUBLISHED[rules.id]) < 1e-4
        line += f"  published {PUBLISHED[rules.id]:.4f}: {'ok' if ok else 'MISMATCH'}"
        status = 0 if ok else 1
    print(line, flush=True)
    if not rules.table_file:
        return status
    out = args.out_dir / rules.table_file
    if args.check_quantised:
        return status | check_file(lay, out, e)
    if args.no_write and args.sample is None:
        return status
    step = STEP.get(rules.id, STEP_BITS)
    values = float_table(lay, e)
    found = survey(lay, dense(values, lay), 2.0 ** -(step + 1))
    if args.sample is not None:
        counts = SAMPLE_COUNTS.get(rules.id, (12, 8))
        path = Path(args.sample) if args.sample else sample_path(rules)
        write_sample(lay, path, values, found, step, counts)
    if not args.no_write:
        t1 = time.perf_counter()
        status |= _write(out, build(lay, values, found, step))
        print(f"{rules.id}: table built and proved in {time.perf_counter() - t1:.1f} s")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rules",
        default=",".join(r.id for r in members()),
        help="the members to solve, comma-separated (default: every one)",
    )
    parser.add_argument("--out-dir", type=Path, default=DATA, help="where to write the tables")
    parser.add_argument(
        "--check-variants",
        action="store_true",
        help="also solve the plain game (no joker, no extra bonus) against its optimum",
    )
    parser.add_argument(
        "--check-quantised",
        action="store_true",
        help="only compare every decision of each table file with the float table's",
    )
    parser.add_argument(
        "--sample",
        nargs="?",
        const="",
        metavar="PATH",
        help="also write the float values the tests check decisions on (by default to "
        "tests/<rules>_float_sample.npz)",
    )
    parser.add_argument("--no-write", action="store_true", help="do not write the tables")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    chosen = [rules_named(name) for name in args.rules.split(",") if name]
    if args.check_variants:
        chosen.append(PLAIN)
    status = 0
    for rules in chosen:
        status |= _solve_member(rules, args)
    return status


def _write(out: Path, data: bytes) -> int:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    print(f"wrote {out} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
