"""Solve solitaire Penta exactly and write the optimal player's table.

Backward induction over the states between turns. A state is

- ``mask``: the used boxes, bit ``i`` for ``BOXES[i]`` in sheet order (Aces = bit 0 …
  Chance = bit 11, Penta = bit 12);
- ``upper``: the upper-section total, capped at 63 (only reaching 63 matters);
- ``flag``: 1 when the Penta box holds 50, else 0 (always 0 while it is free).

``E(state)`` is the expected number of points still to come with optimal play: box
scores, the 35 upper bonus when it is reached and the 100 Penta bonuses. Each state is
solved by the usual turn evaluation: the best box for each of the 252 final rolls, then
the best keep (462 multisets of 0–5 dice) with one and with two re-rolls left. States are
batched and the keep → roll expectations are a dense 462 × 252 matrix product.

Only reachable states are solved: the upper totals reachable from the used upper boxes
(each scores 0–5 times its face), and ``flag`` only when the Penta box is used. That is
536,448 states.

The table file (``py/zaria/data/penta_table.bin``, format 2, described in
:mod:`zaria.penta.strategy`, which reads it) holds the float32 values of the solution
rounded to a step of ``2**-12``, but for the few that a decision needs closer to them
(``2**-18``). The writing proves it: every decision of every state (the box for each of
the 252 final rolls, the keep with one and with two re-rolls left) is computed from the
float table and from the file, and they must all be the same, ties broken the same way
(the first box in sheet order, the longest keep, recording rather than rolling again,
among options within ``TIE``). Values kept finer are those around the states whose
decisions would change otherwise. ``--check-quantised`` compares the file at ``--out``
again; ``--sample`` writes the float values the tests check decisions on.

Three rule variants are solved; ``ours`` is the table's:

- ``ours``: a further Penta earns 100 and is a forced joker only while the Penta box
  holds 50; after a sacrificed Penta box it is an ordinary roll;
- ``hasbro``: the joker also applies after a sacrificed box (without the 100);
  the published optimum is 254.5877;
- ``plain``: no bonus, no joker; the published optimum is 245.8708.

Usage: ``python tools/penta_solver.py [--out PATH] [--check-variants] [--check-quantised]
[--sample PATH] [--step-bits BITS] [--no-write]``
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import zlib
from collections import Counter
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from zaria.penta.scoring import BOXES, score  # noqa: E402
from zaria.penta.strategy import FORMAT_VERSION, HEADER, MAGIC, TIE  # noqa: E402

TABLE_PATH = ROOT / "py" / "zaria" / "data" / "penta_table.bin"
#: The table's step (its values are multiples of ``2**-STEP_BITS``), and the finer step
#: of the few values a decision needs closer to the float table's.
STEP_BITS = 12
FINE_BITS = 18

VARIANTS = ("ours", "hasbro", "plain")
PUBLISHED = {"hasbro": 254.5877, "plain": 245.8708}

NBOXES = 13
ALL_USED = (1 << NBOXES) - 1
PENTA_BIT = 12
UPPER_CAP = 63
UPPER_BONUS = 35
PENTA_BONUS = 100
#: Values of a Penta of face ``f`` used as a joker in the lower boxes 6..11.
JOKER_LOWER = {6: None, 7: None, 8: 25, 9: 30, 10: 40, 11: None}  # None: sum of the dice

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
SCORES = np.array([[score(b, r) for r in ROLLS] for b in BOXES], dtype=np.float64)
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


#: The rows of the table file: each reachable (used upper boxes, capped upper total),
#: by used upper boxes (a 6-bit mask) then total.
ROWS = [(um, u) for um in range(64) for u in UPPERS[um]]
#: Values per row: the Penta box free, holding 0, holding 50 (``pf`` 0, 1, 2), each for
#: the 64 sets of used lower boxes (bits 6–11 of the mask).
ROW = 192
#: Whether each row is the first of its set of used upper boxes (its delta starts afresh).
FIRST_ROW = np.array([i == 0 or ROWS[i - 1][0] != um for i, (um, _) in enumerate(ROWS)])


def table_states() -> tuple[IntArray, IntArray, IntArray]:
    """Every reachable ``(mask, upper, flag)`` in the table file's order, as three arrays."""
    um = np.array([r[0] for r in ROWS])[:, None, None]
    upper = np.array([r[1] for r in ROWS])[:, None, None]
    pf = np.arange(3)[None, :, None]
    lower = np.arange(64)[None, None, :]
    shape = (len(ROWS), 3, 64)
    masks = np.broadcast_to(um | lower << 6 | (pf > 0) << PENTA_BIT, shape)
    flags = np.broadcast_to((pf == 2).astype(np.int64), shape)
    return masks.ravel(), np.broadcast_to(upper, shape).ravel(), flags.ravel()


# --- the turn evaluation ---------------------------------------------------------


def _submax(k: FloatArray) -> FloatArray:
    """For each keep, the best value over all its sub-keeps (itself included)."""
    m = k.copy()
    for idx, rows in CHILDREN:
        m[:, idx] = np.maximum(m[:, idx], m[:, rows].max(axis=2))
    return m


def _plain_box(
    e: FloatArray, masks: IntArray, uppers: IntArray, flags: IntArray, b: int
) -> tuple[IntArray, FloatArray]:
    """The states of the batch where box ``b`` is free, and for each of them and each
    roll: the box's points (no joker) plus ``E(next state)``."""
    sel = np.nonzero((masks >> b) & 1 == 0)[0]
    m2, u, fl = masks[sel] | (1 << b), uppers[sel], flags[sel]
    if b < 6:
        f, faces = b + 1, np.arange(6)
        new_u = np.minimum(UPPER_CAP, u[:, None] + f * faces[None, :])
        bonus = np.where((u[:, None] < UPPER_CAP) & (new_u >= UPPER_CAP), UPPER_BONUS, 0)
        vals6 = f * faces[None, :] + bonus + e[m2[:, None], new_u, fl[:, None]]
        return sel, vals6[:, COUNTS[b]]
    if b == PENTA_BIT:
        e0, e1 = e[m2, u, 0], e[m2, u, 1]
        return sel, np.where(IS_PENTA[None, :], 50 + e1[:, None], e0[:, None])
    return sel, SCORES[b][None, :] + e[m2, u, fl][:, None]


def _final_values(
    e: FloatArray, masks: IntArray, uppers: IntArray, flags: IntArray, variant: str
) -> FloatArray:
    """``V0[s, r]``: the best box's points plus ``E(next state)`` for final roll ``r``."""
    v0 = np.full((len(masks), len(ROLLS)), -np.inf)
    for b in range(NBOXES):
        sel, vals = _plain_box(e, masks, uppers, flags, b)
        v0[sel] = np.maximum(v0[sel], vals)
    if variant != "plain":
        _apply_jokers(e, v0, masks, uppers, flags, variant)
    return v0


def _box_values(
    e: FloatArray, masks: IntArray, uppers: IntArray, flags: IntArray, val: FloatArray
) -> None:
    """Fill ``val[s, box, roll]`` with each box's expected total, -inf where the box may
    not take the roll (used, or ruled out by the forced joker of our rules)."""
    for b in range(NBOXES):
        sel, vals = _plain_box(e, masks, uppers, flags, b)
        val[sel, b] = vals
    sel = np.nonzero(((masks >> PENTA_BIT) & 1 == 1) & (flags == 1))[0]
    m, u = masks[sel], uppers[sel]
    free = [(m >> b) & 1 == 0 for b in range(NBOXES)]
    lower_free = np.logical_or.reduce([free[b] for b in JOKER_LOWER])
    for f in range(1, 7):
        own = f - 1
        column = np.full((len(sel), NBOXES), -np.inf)
        new_u = np.minimum(UPPER_CAP, u + 5 * f)
        up_bonus = np.where((u < UPPER_CAP) & (new_u >= UPPER_CAP), UPPER_BONUS, 0)
        own_val = 5 * f + PENTA_BONUS + up_bonus + e[m | (1 << own), new_u, 1]
        column[:, own] = np.where(free[own], own_val, -np.inf)
        for b, fixed in JOKER_LOWER.items():
            pts = 5 * f if fixed is None else fixed
            ok = ~free[own] & free[b]
            column[:, b] = np.where(ok, pts + PENTA_BONUS + e[m | (1 << b), u, 1], -np.inf)
        for b in range(6):
            ok = ~free[own] & ~lower_free & free[b]
            column[:, b] = np.where(ok, PENTA_BONUS + e[m | (1 << b), u, 1], column[:, b])
        val[sel, :, PENTA_ROLLS[own]] = column


def _apply_jokers(
    e: FloatArray,
    v0: FloatArray,
    masks: IntArray,
    uppers: IntArray,
    flags: IntArray,
    variant: str,
) -> None:
    """Overwrite ``v0`` for Penta rolls where the forced-joker rule applies."""
    penta_used = (masks >> PENTA_BIT) & 1 == 1
    joker = penta_used & (flags == 1) if variant == "ours" else penta_used
    sel = np.nonzero(joker)[0]
    if len(sel) == 0:
        return
    m, u, fl = masks[sel], uppers[sel], flags[sel]
    bonus = PENTA_BONUS * fl
    for f in range(1, 7):
        own = f - 1
        own_free = (m >> own) & 1 == 0
        new_u = np.minimum(UPPER_CAP, u + 5 * f)
        up_bonus = np.where((u < UPPER_CAP) & (new_u >= UPPER_CAP), UPPER_BONUS, 0)
        own_val = 5 * f + bonus + up_bonus + e[m | (1 << own), new_u, fl]
        lower = np.full(len(sel), -np.inf)
        for b, fixed in JOKER_LOWER.items():
            free = (m >> b) & 1 == 0
            pts = 5 * f if fixed is None else fixed
            cand = np.where(free, pts + bonus + e[m | (1 << b), u, fl], -np.inf)
            lower = np.maximum(lower, cand)
        zero_upper = np.full(len(sel), -np.inf)
        for b in range(6):
            free = (m >> b) & 1 == 0
            cand = np.where(free, bonus + e[m | (1 << b), u, fl], -np.inf)
            zero_upper = np.maximum(zero_upper, cand)
        best = np.where(own_free, own_val, np.where(lower > -np.inf, lower, zero_upper))
        v0[sel, PENTA_ROLLS[f - 1]] = best


def state_values(
    e: FloatArray, masks: IntArray, uppers: IntArray, flags: IntArray, variant: str = "ours"
) -> FloatArray:
    """``E`` of a batch of states, given ``e`` filled in for all their successors."""
    v0 = _final_values(e, masks, uppers, flags, variant)
    v1 = _submax(v0 @ T_TRANSPOSED)[:, FULL:]
    v2 = _submax(v1 @ T_TRANSPOSED)[:, FULL:]
    result: FloatArray = v2 @ START_PROBS
    return result


def empty_values() -> FloatArray:
    """The dense array ``e[mask, upper, flag]``: NaN everywhere, 0 for the finished sheet."""
    e = np.full((1 << NBOXES, UPPER_CAP + 1, 2), np.nan)
    e[ALL_USED] = 0.0
    return e


def solve(variant: str = "ours", batch: int = 2048, verbose: bool = False) -> FloatArray:
    """Solve every reachable state; returns the dense ``e[mask, upper, flag]``."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; variants are {VARIANTS}")
    masks, uppers, flags = table_states()
    used = np.array([bin(m).count("1") for m in range(1 << NBOXES)])[masks]
    e = empty_values()
    for level in range(NBOXES - 1, -1, -1):
        idx = np.nonzero(used == level)[0]
        for start in range(0, len(idx), batch):
            part = idx[start : start + batch]
            m, u, f = masks[part], uppers[part], flags[part]
            e[m, u, f] = state_values(e, m, u, f, variant)
        if verbose:
            print(f"  {variant}: {level:2d} boxes used, {len(idx):6d} states", file=sys.stderr)
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


def transform(q: IntArray) -> IntArray:
    """The residuals stored for the integer values ``q`` (file order).

    Within a row: the Möbius transform over the six lower boxes (each value less the
    values of the same row with fewer of them used, by inclusion–exclusion), then the
    Penta box's states as differences (holding 0 less free, holding 50 less holding 0).
    Across rows: each row less the row before, within a set of used upper boxes.
    """
    x = q.reshape(len(ROWS), 3, 64).copy()
    for s in (1, 2, 4, 8, 16, 32):
        y = x.reshape(len(ROWS), 3, 64 // (2 * s), 2, s)
        y[:, :, :, 1] -= y[:, :, :, 0]
    x[:, 2] -= x[:, 1]
    x[:, 1] -= x[:, 0]
    r = x.copy()
    r[1:][~FIRST_ROW[1:]] -= x[:-1][~FIRST_ROW[1:]]
    return r.ravel()


def untransform(r: IntArray) -> IntArray:
    """The inverse of :func:`transform`."""
    x = r.reshape(len(ROWS), 3, 64).copy()
    for i in range(1, len(ROWS)):
        if not FIRST_ROW[i]:
            x[i] += x[i - 1]
    x[:, 1] += x[:, 0]
    x[:, 2] += x[:, 1]
    for s in (1, 2, 4, 8, 16, 32):
        y = x.reshape(len(ROWS), 3, 64 // (2 * s), 2, s)
        y[:, :, :, 1] += y[:, :, :, 0]
    return x.ravel()


def table_bytes(values: FloatArray, fixes: IntArray, step_bits: int = STEP_BITS) -> bytes:
    """The table file for ``values`` (file order): each rounded to a multiple of
    ``2**-step_bits``, but those at the positions ``fixes``, to one of ``2**-FINE_BITS``."""
    q = np.rint(values * 2.0**step_bits).astype(np.int64)
    z = _zigzag(transform(q))
    planes = next(n for n in (1, 2, 3, 4) if int(z.max()) < 1 << 8 * n)
    fixes = np.sort(fixes)
    fine = np.rint(values[fixes] * 2.0**FINE_BITS).astype(np.int64)
    adjust = _zigzag(fine - (q[fixes] << FINE_BITS - step_bits))
    if len(fixes) and int(adjust.max()) > 255:
        raise ValueError("the fine step must be at most 2**7 times finer than the step")
    body = _planes(z, planes) + _planes(np.diff(fixes, prepend=0), 4)
    body += adjust.astype(np.uint8).tobytes()
    head = HEADER.pack(MAGIC, FORMAT_VERSION, len(q), step_bits, FINE_BITS, planes, 0, len(fixes))
    return head + zlib.compress(body, 9)


def read_values(data: bytes) -> FloatArray:
    """The values of a table file, in file order (numpy; the engine reads it in Python)."""
    magic, version, count, step_bits, fine_bits, planes, _, nfix = HEADER.unpack_from(data)
    if magic != MAGIC or version != FORMAT_VERSION:
        raise ValueError(f"not a Penta table (format {FORMAT_VERSION})")
    raw = zlib.decompress(data[HEADER.size :])
    q = untransform(_unzigzag(_unplanes(raw, count, planes)))
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


def dense(values: FloatArray) -> FloatArray:
    """The dense ``e[mask, upper, flag]`` of values in file order."""
    masks, uppers, flags = table_states()
    e = empty_values()
    e[masks, uppers, flags] = values
    return e


def read_table(data: bytes) -> FloatArray:
    """The dense ``e[mask, upper, flag]`` from a table file's contents."""
    return dense(read_values(data))


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


def decisions(
    e: FloatArray, masks: IntArray, uppers: IntArray, flags: IntArray
) -> tuple[IntArray, FloatArray]:
    """Every decision of a batch of states, ``(3, 252, n)``: the box for each final roll
    (its index in BOXES), the keep with one and with two re-rolls left (its index in
    KEEPS, or RECORD); and the gap between the choice and the best option not tied."""
    val = np.full((len(masks), NBOXES, len(ROLLS)), -np.inf)
    _box_values(e, masks, uppers, flags, val)
    box, final, box_gap = _pick(list(val.transpose(1, 2, 0)))
    keep1 = T_MATRIX @ final
    one, one_gap = _keep_choice(keep1, final)
    roll1 = np.ascontiguousarray(_submax(keep1.T)[:, FULL:].T)
    two, two_gap = _keep_choice(T_MATRIX @ roll1, final)
    return np.stack([box, one, two]), np.stack([box_gap, one_gap, two_gap])


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


def _live_states() -> IntArray:
    masks, _, _ = table_states()
    return np.nonzero(masks != ALL_USED)[0]


def survey(e: FloatArray, delta: float) -> Survey:
    """Every decision of the table ``e``; checks that every gap between a choice and an
    option not tied with it is well clear of TIE (so that rounding in the engine's own
    arithmetic cannot turn one into a tie, or the reverse)."""
    masks, uppers, flags = table_states()
    states = _live_states()
    chunks: list[bytes] = []
    risky: list[IntArray] = []
    risky_choices: list[IntArray] = []
    gaps: list[FloatArray] = []
    ties = 0
    for start in range(0, len(states), BATCH):
        part = states[start : start + BATCH]
        choice, gap = decisions(e, masks[part], uppers[part], flags[part])
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


#: Gaps between a choice and an option not tied with it are at least this (rounding in
#: a turn's arithmetic is below 1e-12, the smallest true gap above 1e-8).
CLEAR = 1e-8


def _check_gaps(gap: FloatArray) -> None:
    unclear = (gap > TIE / 100) & (gap < CLEAR)
    if unclear.any():
        raise SystemExit(f"{int(unclear.sum())} decisions have a gap near TIE: not clear-cut")


def _changed(e: FloatArray, part: IntArray, expected: IntArray) -> tuple[IntArray, int]:
    """The states of ``part`` with a decision other than ``expected``, and how many."""
    masks, uppers, flags = table_states()
    choice, gap = decisions(e, masks[part], uppers[part], flags[part])
    _check_gaps(gap)
    differs = choice != expected
    return part[differs.any(axis=(0, 1))], int(differs.sum())


def _successors(states: IntArray) -> IntArray:
    """The file positions of every state one box after each of ``states``."""
    masks, uppers, flags = table_states()
    position = np.full((1 << NBOXES, UPPER_CAP + 1, 2), -1)
    position[masks, uppers, flags] = np.arange(len(masks))
    free = (masks >> PENTA_BIT) & 1 == 0
    position[masks[free], uppers[free], 1] = np.nonzero(free)[0]
    found: set[int] = set()
    for m, u, f in zip(masks[states], uppers[states], flags[states], strict=True):
        for b in range(NBOXES):
            if m >> b & 1:
                continue
            m2 = m | 1 << b
            if b < 6:
                found.update(position[m2, min(UPPER_CAP, u + (b + 1) * c), f] for c in range(6))
            else:
                found.update(position[m2, u, g] for g in ((0, 1) if b == PENTA_BIT else (f,)))
    return np.array(sorted(found), dtype=np.int64)


def refine(values: FloatArray, found: Survey, step_bits: int, fixes: IntArray) -> IntArray:
    """Fixes (values kept to the fine step) until no risky state decides otherwise."""
    while True:
        e = read_table(table_bytes(values, fixes, step_bits))
        changed, _ = _changed(e, found.risky, found.risky_choices)
        if len(changed) == 0:
            return fixes
        fixes = np.union1d(fixes, _successors(changed))


def compare(data: bytes, found: Survey) -> tuple[IntArray, int]:
    """Every decision of the table file ``data`` against the survey's: the states that
    decide otherwise and the number of decisions that differ."""
    e = read_table(data)
    changed: list[IntArray] = []
    total = 0
    for i, start in enumerate(range(0, len(found.states), BATCH)):
        part = found.states[start : start + BATCH]
        expected = np.frombuffer(zlib.decompress(found.choices[i]), dtype=np.int16)
        states, n = _changed(e, part, expected.reshape(3, len(ROLLS), len(part)))
        changed.append(states)
        total += n
    return np.concatenate(changed), total


def float_table(e: FloatArray) -> FloatArray:
    """The solved values in file order, rounded to float32: the table shipped in format 1,
    whose decisions the smaller file keeps."""
    masks, uppers, flags = table_states()
    result: FloatArray = e[masks, uppers, flags].astype(np.float32).astype(np.float64)
    return result


def build(e: FloatArray, step_bits: int = STEP_BITS) -> bytes:
    """The table file for the solved ``e``: the float table's values rounded to the step,
    with as many fixes as keep every decision; each decision of every state checked."""
    values = float_table(e)
    found = survey(dense(values), 2.0 ** -(step_bits + 1))
    print(f"float table: {found.decisions:,} decisions, {found.ties:,} with tied options")
    fixes = refine(values, found, step_bits, np.zeros(0, dtype=np.int64))
    while True:
        data = table_bytes(values, fixes, step_bits)
        changed, n = compare(data, found)
        _report(values, read_values(data), fixes, found, n, step_bits)
        if n == 0:
            return data
        fixes = np.union1d(fixes, _successors(changed))


def _report(
    values: FloatArray, stored: FloatArray, fixes: IntArray, found: Survey, n: int, bits: int
) -> None:
    error = float(np.abs(stored - values).max())
    print(
        f"step 2**-{bits}, {len(fixes):,} values to 2**-{FINE_BITS}: largest error {error:.2e};"
        f" {found.decisions:,} decisions compared, {n:,} changed"
    )


def check_file(path: Path, e: FloatArray) -> int:
    """Compare every decision of the table file at ``path`` with the float table's."""
    data = path.read_bytes()
    found = survey(dense(float_table(e)), 0.0)
    _, n = compare(data, found)
    print(f"{path.name}: {found.decisions:,} decisions compared, {n:,} changed")
    return 0 if n == 0 else 1


def write_sample(path: Path, e: FloatArray, fragile: int = 12, others: int = 4) -> None:
    """The float table's values that the decisions of a few states read: states that
    would decide otherwise were every value rounded to the step (without the finer
    ones), and others at random (``tests/`` checks that the table file decides as these
    values do, and that the finer values are needed)."""
    values = float_table(e)
    found = survey(dense(values), 2.0 ** -(STEP_BITS + 1))
    rounded = read_table(table_bytes(values, np.zeros(0, dtype=np.int64)))
    changed, _ = _changed(rounded, found.risky, found.risky_choices)
    rng = np.random.default_rng(7)
    rest = np.setdiff1d(found.states, changed)
    states = np.concatenate(
        [rng.choice(changed, fragile, replace=False), rng.choice(rest, others, replace=False)]
    )
    needed = _successors(states)
    np.savez_compressed(
        path, states=states, positions=needed, values=values[needed].astype(np.float32)
    )
    print(f"wrote {path}: {len(states)} states, {len(needed)} values")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=TABLE_PATH, help="where to write the table")
    parser.add_argument(
        "--check-variants",
        action="store_true",
        help="also solve the two published variants and compare with their optimum",
    )
    parser.add_argument(
        "--check-quantised",
        action="store_true",
        help="only compare every decision of the table file (--out) with the float table's",
    )
    parser.add_argument("--step-bits", type=int, default=STEP_BITS, help="the step: 2**-BITS")
    parser.add_argument(
        "--sample", type=Path, help="only write the float values the tests check decisions on"
    )
    parser.add_argument("--no-write", action="store_true", help="do not write the table")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    status = 0
    variants = VARIANTS if args.check_variants else ("ours",)
    for variant in variants:
        t0 = time.perf_counter()
        e = solve(variant, verbose=args.verbose)
        start = float(e[0, 0, 0])
        took = time.perf_counter() - t0
        line = f"{variant:7s} start value {start:.4f}  ({took:.1f} s)"
        if variant in PUBLISHED:
            ok = round(start, 4) == PUBLISHED[variant]
            line += f"  published {PUBLISHED[variant]:.4f}: {'ok' if ok else 'MISMATCH'}"
            status |= 0 if ok else 1
        print(line)
        if variant != "ours":
            continue
        if args.sample:
            write_sample(args.sample, e)
        elif args.check_quantised:
            status |= check_file(args.out, e)
        elif not args.no_write:
            status |= _write(args.out, build(e, args.step_bits))
    return status


def _write(out: Path, data: bytes) -> int:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    print(f"wrote {out} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
