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

Table format (``py/zaria/data/penta_table.bin``), read by :mod:`zaria.penta.strategy`:

- a 16-byte header: the magic ``b"PENTATBL"``, then two little-endian uint32: the format
  version (1) and the number of values ``N`` (536,448);
- ``N`` little-endian float32 values ``E(state)``, ordered by ``mask`` ascending; within a
  mask by ``upper`` ascending over the totals reachable from its upper boxes (capped at
  63); within an upper total by ``flag`` (0 then 1) when the Penta box is used, a single
  value when it is free. The all-used mask holds zeros.

Three rule variants are solved; ``ours`` is the table's:

- ``ours``: a further Penta earns 100 and is a forced joker only while the Penta box
  holds 50; after a sacrificed Penta box it is an ordinary roll;
- ``hasbro``: the joker also applies after a sacrificed box (without the 100);
  the published optimum is 254.5877;
- ``plain``: no bonus, no joker; the published optimum is 245.8708.

Usage: ``python tools/penta_solver.py [--out PATH] [--check-variants] [--no-write]``
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import time
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from zaria.penta.scoring import BOXES, score  # noqa: E402

TABLE_PATH = ROOT / "py" / "zaria" / "data" / "penta_table.bin"
MAGIC = b"PENTATBL"
FORMAT_VERSION = 1
HEADER = struct.Struct("<8sII")

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


def table_states() -> tuple[IntArray, IntArray, IntArray]:
    """Every reachable ``(mask, upper, flag)`` in table order, as three arrays."""
    masks, uppers, flags = [], [], []
    for mask in range(1 << NBOXES):
        fl = (0, 1) if mask >> PENTA_BIT & 1 else (0,)
        for u in UPPERS[mask & 63]:
            for f in fl:
                masks.append(mask)
                uppers.append(u)
                flags.append(f)
    return np.array(masks), np.array(uppers), np.array(flags)


# --- the turn evaluation ---------------------------------------------------------


def _submax(k: FloatArray) -> FloatArray:
    """For each keep, the best value over all its sub-keeps (itself included)."""
    m = k.copy()
    for idx, rows in CHILDREN:
        m[:, idx] = np.maximum(m[:, idx], m[:, rows].max(axis=2))
    return m


def _final_values(
    e: FloatArray, masks: IntArray, uppers: IntArray, flags: IntArray, variant: str
) -> FloatArray:
    """``V0[s, r]``: the best box's points plus ``E(next state)`` for final roll ``r``."""
    n = len(masks)
    v0 = np.full((n, len(ROLLS)), -np.inf)
    faces = np.arange(6)
    for b in range(NBOXES):
        sel = np.nonzero((masks >> b) & 1 == 0)[0]
        if len(sel) == 0:
            continue
        m2, u, fl = masks[sel] | (1 << b), uppers[sel], flags[sel]
        if b < 6:
            f = b + 1
            new_u = np.minimum(UPPER_CAP, u[:, None] + f * faces[None, :])
            bonus = np.where((u[:, None] < UPPER_CAP) & (new_u >= UPPER_CAP), UPPER_BONUS, 0)
            vals6 = f * faces[None, :] + bonus + e[m2[:, None], new_u, fl[:, None]]
            vals = vals6[:, COUNTS[b]]
        elif b == PENTA_BIT:
            e0, e1 = e[m2, u, 0], e[m2, u, 1]
            vals = np.where(IS_PENTA[None, :], 50 + e1[:, None], e0[:, None])
        else:
            vals = SCORES[b][None, :] + e[m2, u, fl][:, None]
        v0[sel] = np.maximum(v0[sel], vals)
    if variant != "plain":
        _apply_jokers(e, v0, masks, uppers, flags, variant)
    return v0


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


def table_bytes(e: FloatArray) -> bytes:
    """The table file's contents for the solved array ``e``."""
    masks, uppers, flags = table_states()
    values = e[masks, uppers, flags].astype("<f4")
    if np.isnan(values).any():
        raise ValueError("unsolved states in the table")
    return HEADER.pack(MAGIC, FORMAT_VERSION, len(values)) + values.tobytes()


def read_table(data: bytes) -> FloatArray:
    """The dense ``e[mask, upper, flag]`` from a table file's contents (float32 precision)."""
    magic, version, count = HEADER.unpack_from(data)
    if magic != MAGIC or version != FORMAT_VERSION:
        raise ValueError("not a Penta table (version 1)")
    values = np.frombuffer(data, dtype="<f4", count=count, offset=HEADER.size)
    masks, uppers, flags = table_states()
    e = empty_values()
    e[masks, uppers, flags] = values
    # While the Penta box is free the flag is meaningless; mirror it for convenience.
    free = (masks >> PENTA_BIT) & 1 == 0
    e[masks[free], uppers[free], 1] = values[free]
    return e


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=TABLE_PATH, help="where to write the table")
    parser.add_argument(
        "--check-variants",
        action="store_true",
        help="also solve the two published variants and compare with their optimum",
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
        if variant == "ours" and not args.no_write:
            data = table_bytes(e)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_bytes(data)
            print(f"wrote {args.out} ({len(data):,} bytes)")
    return status


if __name__ == "__main__":
    sys.exit(main())
