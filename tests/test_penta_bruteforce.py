"""End-game values of the strategy table against an exact brute-force computation.

Nothing here comes from the solver or from ``zaria.penta.strategy``: the table file is
read by its documented format, the joker rule is written out again, and a turn is
evaluated exactly with rational numbers. Every state with one box left is checked
(all upper totals, all Penta box contents), and a sample of states with two boxes left.

Exactness: a re-roll of ``n`` dice has ``6**n`` equally likely ordered outcomes, so the
value of a state with ``k`` boxes left is an integer over ``6**(15*k)``. The recursion
keeps integer numerators over that common denominator (fast, and as exact as
:class:`fractions.Fraction`) and hands back Fractions.
"""

from __future__ import annotations

import random
import struct
import zlib
from fractions import Fraction
from functools import cache
from itertools import accumulate, combinations, combinations_with_replacement, product
from pathlib import Path

import pytest

from zaria.penta.scoring import BOXES, Box, score

TABLE_FILE = Path(__file__).resolve().parent.parent / "py" / "zaria" / "data" / "penta_table.bin"
UPPER = BOXES[:6]
JOKER_LOWER = (
    Box.THREE_KIND,
    Box.FOUR_KIND,
    Box.FULL_HOUSE,
    Box.SMALL_STRAIGHT,
    Box.LARGE_STRAIGHT,
    Box.CHANCE,
)
FIXED_JOKER = {Box.FULL_HOUSE: 25, Box.SMALL_STRAIGHT: 30, Box.LARGE_STRAIGHT: 40}
ROLLS = list(combinations_with_replacement(range(1, 7), 5))


# --- the table, read by its documented format --------------------------------------------


def _zigzag(z: int) -> int:
    return (z >> 1) ^ -(z & 1)


def _words(raw: bytes, start: int, n: int, planes: int) -> list[int]:
    """``n`` integers stored from ``start`` as ``planes`` planes of bytes, low bytes first."""
    return [sum(raw[start + k * n + i] << 8 * k for k in range(planes)) for i in range(n)]


#: For each lower box's bit: the places of a row where that box is used.
WITH_BOX = {bit: [k for k in range(192) if k & bit] for bit in (1, 2, 4, 8, 16, 32)}


@cache
def _table() -> tuple[tuple[float, ...], dict[tuple[int, int, int], int]]:
    data = TABLE_FILE.read_bytes()
    header = struct.unpack_from("<8sIIBBBBI", data)
    magic, version, count, bits, fine_bits, planes, _, fixes = header
    assert (magic, version) == (b"PENTATBL", 2)
    raw = zlib.decompress(data[24:])
    residuals = [_zigzag(z) for z in _words(raw, 0, count, planes)]
    rows = []  # (used upper boxes, capped upper total), in the file's order
    for upper_mask in range(64):
        totals = {0}
        for face in range(1, 7):
            if upper_mask & (1 << (face - 1)):
                totals = {min(63, t + face * c) for t in totals for c in range(6)}
        rows += [(upper_mask, t) for t in sorted(totals)]
    assert len(rows) * 192 == count
    ints: list[int] = []
    where: dict[tuple[int, int, int], int] = {}
    for r, (upper_mask, upper) in enumerate(rows):
        coef = residuals[192 * r : 192 * (r + 1)]
        for j in range(64, 192):  # the Penta box at 0 less free, at 50 less at 0
            coef[j] += coef[j - 64]
        # The Möbius transform over the lower boxes, undone: box by box, each value
        # with the box used gets the value without it added.
        row = coef
        for bit, with_box in WITH_BOX.items():
            for k in with_box:
                row[k] += row[k - bit]
        if r and rows[r - 1][0] == upper_mask:  # less the row before, in the same boxes
            row = [a + b for a, b in zip(row, ints[-192:], strict=True)]
        ints += row
        for j in range(192):
            penta, lower = divmod(j, 64)  # the Penta box free, holding 0, holding 50
            mask = upper_mask | lower << 6 | (penta > 0) << 12
            where[(mask, upper, int(penta == 2))] = len(where)
    values = [v * 2.0**-bits for v in ints]
    start = count * planes
    positions = list(accumulate(_words(raw, start, fixes, 4)))
    for i, z in zip(positions, raw[start + 4 * fixes :], strict=True):
        values[i] += _zigzag(z) * 2.0**-fine_bits
    return tuple(values), where


def table_value(free: frozenset[Box], upper: int, penta_box: int | None) -> float:
    values, where = _table()
    mask = sum(1 << i for i, b in enumerate(BOXES) if b not in free)
    return values[where[(mask, min(63, upper), int(penta_box == 50))]]


# --- the rules, written out again ----------------------------------------------------------


def allowed(
    dice: tuple[int, ...], free: frozenset[Box], penta_box: int | None
) -> list[tuple[Box, int, int]]:
    """(box, points, Penta bonus) for every box the dice may go in."""
    if len(set(dice)) == 1 and penta_box == 50:  # a further Penta: joker, +100
        own = UPPER[dice[0] - 1]
        if own in free:
            return [(own, 5 * dice[0], 100)]
        lower = [b for b in JOKER_LOWER if b in free]
        if lower:
            return [(b, FIXED_JOKER.get(b, sum(dice)), 100) for b in lower]
        return [(b, 0, 100) for b in UPPER if b in free]
    return [(b, score(b, dice), 0) for b in BOXES if b in free]


# --- exact turn evaluation ----------------------------------------------------------------


def turn_value(final: dict[tuple[int, ...], int]) -> int:
    """``6**15`` × the expected value of a turn whose final roll ``r`` is worth ``final[r]``.

    Three rolls; before each re-roll any dice may be kept (keeping all five stops).
    """

    def keep_values(values: dict[tuple[int, ...], int]) -> dict[tuple[int, ...], int]:
        # 6**5 × the average of ``values`` over the re-roll of the dice not kept.
        out: dict[tuple[int, ...], int] = {}
        for n in range(6):
            for keep in combinations_with_replacement(range(1, 7), n):
                total = sum(
                    values[tuple(sorted(keep + extra))]
                    for extra in product(range(1, 7), repeat=5 - n)
                )
                out[keep] = total * 6**n
        return out

    def best_keep(keeps: dict[tuple[int, ...], int]) -> dict[tuple[int, ...], int]:
        return {
            r: max(keeps[tuple(sorted(c))] for n in range(6) for c in combinations(r, n))
            for r in ROLLS
        }

    one_left = best_keep(keep_values(final))  # × 6**5
    two_left = best_keep(keep_values(one_left))  # × 6**10
    return sum(two_left[tuple(sorted(r))] for r in product(range(1, 7), repeat=5))


@cache
def _turn_value_cached(final: tuple[int, ...]) -> int:
    return turn_value(dict(zip(ROLLS, final, strict=True)))


@cache
def exact_value(free: frozenset[Box], upper: int, penta_box: int | None) -> Fraction:
    """The optimal expected points still to come, by exhaustive recursion."""
    if not free:
        return Fraction(0)
    depth = len(free)
    scale = 6 ** (15 * (depth - 1))  # the denominator of the next states' values
    final = []
    for dice in ROLLS:
        best = None
        for box, points, penta_bonus in allowed(dice, free, penta_box):
            new_upper = upper + points if box in UPPER else upper
            upper_bonus = 35 if upper < 63 <= new_upper else 0
            nxt = exact_value(
                free - {box}, min(63, new_upper), points if box is Box.PENTA else penta_box
            )
            gain = points + penta_bonus + upper_bonus
            value = gain * scale + nxt.numerator * (scale // nxt.denominator)
            best = value if best is None else max(best, value)
        assert best is not None
        final.append(best)
    return Fraction(_turn_value_cached(tuple(final)), 6**15 * scale)


def _close(exact: Fraction, stored: float) -> bool:
    # The table stores float32 values rounded to a step of 2**-12: within half a unit in
    # the last place of a float32, and half a step.
    return abs(float(exact) - stored) <= max(float(exact), 1.0) * 2.0**-24 + 2.0**-13


def _uppers(used_upper: list[Box]) -> list[int]:
    totals = {0}
    for b in used_upper:
        totals = {t + b.face * c for t in totals for c in range(6)}
    return sorted(totals)


def _penta_contents(free: frozenset[Box]) -> tuple[int | None, ...]:
    return (None,) if Box.PENTA in free else (0, 50)


# --- the checks ------------------------------------------------------------------------------


@pytest.mark.parametrize("box", BOXES)
def test_every_state_with_one_box_left(box: Box) -> None:
    free = frozenset({box})
    used_upper = [b for b in UPPER if b not in free]
    checked = 0
    for upper in _uppers(used_upper):
        for penta in _penta_contents(free):
            exact = exact_value(free, upper, penta)
            assert _close(exact, table_value(free, upper, penta)), (box, upper, penta, exact)
            checked += 1
    assert checked >= 60


def _two_box_sample(n: int, seed: int) -> list[tuple[frozenset[Box], int, int | None]]:
    rng = random.Random(seed)
    pairs = list(combinations(BOXES, 2))
    # Pairs that exercise the joker: an upper box with a lower one, or two upper boxes.
    sample = [
        (frozenset({Box.FOURS, Box.LARGE_STRAIGHT}), 60, 50),
        (frozenset({Box.ACES, Box.SIXES}), 40, 50),
        (frozenset({Box.FULL_HOUSE, Box.SMALL_STRAIGHT}), 63, 50),
        (frozenset({Box.FULL_HOUSE, Box.SMALL_STRAIGHT}), 63, 0),
        (frozenset({Box.PENTA, Box.SIXES}), 45, None),
    ]
    while len(sample) < n:
        free = frozenset(rng.choice(pairs))
        upper = rng.choice(_uppers([b for b in UPPER if b not in free]))
        sample.append((free, upper, rng.choice(_penta_contents(free))))
    return sample


@pytest.mark.parametrize(("free", "upper", "penta"), _two_box_sample(16, seed=3))
def test_states_with_two_boxes_left(free: frozenset[Box], upper: int, penta: int | None) -> None:
    exact = exact_value(free, upper, penta)
    assert _close(exact, table_value(free, upper, penta)), exact


def test_exact_turn_of_a_known_case() -> None:
    # Only Chance left: keep a die when its face beats the 3.5 average of a re-roll
    # (4+ with one re-roll, 5+ with two), so a die is worth 3.5, 4.25, then 4.6666…
    # and five dice 70/3 = 23.333….
    assert exact_value(frozenset({Box.CHANCE}), 0, None) == Fraction(70, 3)
