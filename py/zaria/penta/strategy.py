"""The optimal solitaire Penta player: its table of values and its turn evaluation.

The table holds ``E(state)``, the expected number of points still to come with optimal
play, for every state between two turns (solved by ``tools/penta_solver.py``; regenerate
the file with ``python tools/penta_solver.py``). A state is

- the used boxes, a 13-bit mask: bit ``i`` for ``BOXES[i]`` in sheet order (Aces = bit 0,
  Chance = bit 11, Penta = bit 12);
- the upper-section total, capped at 63 (only reaching 63 matters);
- whether the Penta box holds 50 (the ``penta50`` flag; always false while it is free).

Table file format (``zaria/data/penta_table.bin``): a 16-byte header, the magic
``b"PENTATBL"`` then two little-endian uint32, the format version (1) and the number of
values; then that many little-endian float32. Values are ordered by mask ascending;
within a mask by upper total ascending over the totals reachable from its used upper boxes
(each box scores 0 to 5 times its face; totals capped at 63); within an upper total by
flag (false, then true) when the Penta box is used, a single value while it is free. The
all-used mask holds zeros. :func:`load_table` rebuilds this index in a few milliseconds.

Within a turn, :class:`TurnValues` evaluates one state once: the value of each of the 252
final rolls (best box), of the 462 keeps with one re-roll left and, lazily, with two.
:class:`Strategy` caches these evaluations, so the two keeps and the box of a turn cost
one evaluation.

>>> strategy = default_strategy()
>>> start = SheetState.start()
>>> round(strategy.table.state_value(start), 4)
254.4848
>>> best_box(start, (2, 3, 4, 5, 6))
Box.LARGE_STRAIGHT
"""

from __future__ import annotations

import math
import operator
import struct
import sys
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from itertools import combinations, combinations_with_replacement
from typing import Any

from zaria.dice import check_dice
from zaria.penta.scoring import (
    BOXES,
    PENTA_SCORE,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    Box,
    box_options,
    score,
)

MAGIC = b"PENTATBL"
FORMAT_VERSION = 1
_HEADER = struct.Struct("<8sII")
NBOXES = len(BOXES)
ALL_USED = (1 << NBOXES) - 1
PENTA_BIT = BOXES.index(Box.PENTA)
CAP = UPPER_BONUS_THRESHOLD
BIT: dict[Box, int] = {b: 1 << i for i, b in enumerate(BOXES)}

_sumprod: Callable[[Iterable[float], Iterable[float]], float] = getattr(
    math, "sumprod", lambda p, q: sum(map(operator.mul, p, q))
)


def mask_of(boxes: Iterable[Box]) -> int:
    """The bit mask of a set of boxes.

    >>> mask_of([Box.ACES, Box.PENTA])
    4097
    """
    m = 0
    for b in boxes:
        m |= BIT[b]
    return m


def boxes_of(mask: int) -> frozenset[Box]:
    """The boxes whose bits are set in ``mask``."""
    return frozenset(b for i, b in enumerate(BOXES) if mask >> i & 1)


@cache
def _upper_totals() -> tuple[tuple[frozenset[int], ...], tuple[tuple[int, ...], ...]]:
    """For each set of used upper boxes: the exact reachable totals and the capped ones."""
    exact: list[frozenset[int]] = []
    capped: list[tuple[int, ...]] = []
    for m in range(64):
        totals = {0}
        for f in range(1, 7):
            if m >> (f - 1) & 1:
                totals = {t + f * c for t in totals for c in range(6)}
        exact.append(frozenset(totals))
        capped.append(tuple(sorted({min(CAP, t) for t in totals})))
    return tuple(exact), tuple(capped)


@dataclass(frozen=True)
class SheetState:
    """What the optimal player needs to know of one player's sheet.

    ``used`` is the mask of used boxes (see :func:`mask_of`), ``upper`` the upper-section
    total so far, ``penta_box`` what the Penta box holds (``None`` while it is free).

    >>> SheetState.from_sheet({Box.ACES: 2, Box.PENTA: None, Box.CHANCE: 20})
    SheetState(used=[aces, chance], upper=2, penta_box=None)
    """

    used: int
    upper: int
    penta_box: int | None

    def __post_init__(self) -> None:
        if not 0 <= self.used <= ALL_USED:
            raise ValueError(f"used mask {self.used} is not a set of the 13 boxes")
        if (self.penta_box is None) != (not self.used >> PENTA_BIT & 1):
            raise ValueError("penta_box must be None exactly when the Penta box is free")
        if self.penta_box not in (None, 0, PENTA_SCORE):
            raise ValueError(f"the Penta box holds 0 or {PENTA_SCORE}, not {self.penta_box}")
        exact = _upper_totals()[0][self.used & 63]
        if self.upper not in exact:
            names = ", ".join(b.value for b in BOXES[:6] if self.used & BIT[b]) or "none"
            raise ValueError(
                f"upper total {self.upper} cannot be scored in the used upper boxes ({names})"
            )

    def __repr__(self) -> str:
        names = ", ".join(b.value for b in BOXES if self.used & BIT[b])
        return f"SheetState(used=[{names}], upper={self.upper}, penta_box={self.penta_box})"

    @classmethod
    def start(cls) -> SheetState:
        """An empty sheet."""
        return cls(0, 0, None)

    @classmethod
    def from_sheet(cls, sheet: Mapping[Box, int | None]) -> SheetState:
        """The state of a sheet mapping boxes to points (``None`` or absent: free)."""
        used = mask_of(b for b in BOXES if sheet.get(b) is not None)
        upper = sum(sheet.get(b) or 0 for b in BOXES[:6])
        return cls(used, upper, sheet.get(Box.PENTA))

    @property
    def free(self) -> frozenset[Box]:
        """The free boxes."""
        return boxes_of(ALL_USED & ~self.used)

    @property
    def over(self) -> bool:
        """True when every box is used."""
        return self.used == ALL_USED

    @property
    def penta50(self) -> bool:
        """True when the Penta box holds 50 (further Pentas are jokers with a bonus)."""
        return self.penta_box == PENTA_SCORE

    @property
    def key(self) -> tuple[int, int, int]:
        """``(mask, upper capped at 63, flag)``: the table's coordinates."""
        return self.used, min(CAP, self.upper), int(self.penta50)

    def after(self, box: Box, points: int) -> SheetState:
        """The state once ``points`` are written in the free ``box``."""
        if self.used & BIT[box]:
            raise ValueError(f"box {box.value} is already used")
        upper = self.upper + points if box.upper else self.upper
        penta = points if box is Box.PENTA else self.penta_box
        return SheetState(self.used | BIT[box], upper, penta)


# --- the table -------------------------------------------------------------------


@cache
def _layout() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Offsets of each mask's block, and each upper total's rank (-1: unreachable)."""
    capped = _upper_totals()[1]
    ranks = []
    for totals in capped:
        rank = [-1] * (CAP + 1)
        for i, t in enumerate(totals):
            rank[t] = i
        ranks.append(tuple(rank))
    offsets = [0] * (ALL_USED + 2)
    run = 0
    for m in range(ALL_USED + 1):
        offsets[m] = run
        run += len(capped[m & 63]) * (2 if m >> PENTA_BIT & 1 else 1)
    offsets[ALL_USED + 1] = run
    return tuple(offsets), tuple(ranks)


class Table:
    """The optimal expected future score of every state between turns."""

    def __init__(self, values: array[float]) -> None:
        offsets, ranks = _layout()
        if len(values) != offsets[-1]:
            raise ValueError(f"a Penta table has {offsets[-1]} values, not {len(values)}")
        self.values = values
        self._offsets = offsets
        self._ranks = ranks

    def __len__(self) -> int:
        return len(self.values)

    def __repr__(self) -> str:
        return f"<Table of {len(self.values)} states>"

    def index(self, used: int, upper: int, penta50: bool | int = False) -> int:
        """The position of state ``(used, upper, penta50)`` in :attr:`values`."""
        rank = self._ranks[used & 63][min(CAP, upper)] if upper >= 0 else -1
        if rank < 0 or not 0 <= used <= ALL_USED:
            raise ValueError(f"state (used={used}, upper={upper}) is not reachable")
        if used >> PENTA_BIT & 1:
            return self._offsets[used] + 2 * rank + int(penta50)
        if penta50:
            raise ValueError("the Penta box cannot hold 50 while it is free")
        return self._offsets[used] + rank

    def value(self, used: int | AbstractSet[Box], upper: int, penta50: bool | int = False) -> float:
        """``E(state)``: the expected points still to come; 0 once every box is used.

        ``used`` is a mask or a set of boxes; ``upper`` the upper total (capped here).
        """
        mask = used if isinstance(used, int) else mask_of(used)
        return self.values[self.index(mask, upper, penta50)]

    def state_value(self, state: SheetState) -> float:
        """``E(state)`` of a :class:`SheetState`."""
        return self.values[self.index(*state.key)]


def load_table(data: bytes) -> Table:
    """Read a table file's contents (see the module docstring for the format)."""
    if len(data) < _HEADER.size:
        raise ValueError("not a Penta table: too short")
    magic, version, count = _HEADER.unpack_from(data)
    if magic != MAGIC:
        raise ValueError("not a Penta table: bad magic")
    if version != FORMAT_VERSION:
        raise ValueError(f"Penta table format {version} is not supported")
    body = memoryview(data)[_HEADER.size :]
    if len(body) != 4 * count:
        raise ValueError(f"Penta table holds {len(body)} bytes for {count} values")
    values = array("f")
    values.frombytes(body)
    if sys.byteorder == "big":
        values.byteswap()
    return Table(values)


def read_packaged_table() -> Table:
    """Load the table shipped in ``zaria/data/penta_table.bin``."""
    return load_table((files("zaria") / "data" / "penta_table.bin").read_bytes())


# --- dice combinatorics, built once ---------------------------------------------------


@dataclass(frozen=True)
class _Dice:
    rolls: tuple[tuple[int, ...], ...]  # the 252 sorted rolls of five dice
    roll_index: dict[tuple[int, ...], int]
    keeps: tuple[tuple[int, ...], ...]  # the 462 keeps; the last 252 are ``rolls``
    keep_index: dict[tuple[int, ...], int]
    # (gather, probabilities) over the rolls, for each keep of fewer than five dice
    transitions: tuple[tuple[Callable[[Sequence[float]], Any], tuple[float, ...]], ...]
    sub_keeps: tuple[tuple[int, ...], ...]  # for each roll: its distinct sub-keeps
    sub_gathers: tuple[Callable[[Sequence[float]], Any], ...]
    start: tuple[Callable[[Sequence[float]], Any], tuple[float, ...]]
    scores: tuple[tuple[int, ...], ...]  # scores[box][roll], plain scores
    counts: tuple[tuple[int, ...], ...]  # counts[face - 1][roll]
    pentas: tuple[int, ...]  # roll index of five 1s … five 6s

    @property
    def full(self) -> int:
        return len(self.keeps) - len(self.rolls)


def _probability(extra: tuple[int, ...]) -> float:
    ways = math.factorial(len(extra))
    for f in set(extra):
        ways //= math.factorial(extra.count(f))
    return ways / float(6 ** len(extra))


@cache
def _dice() -> _Dice:
    faces = range(1, 7)
    rolls: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(faces, 5))
    roll_index: dict[tuple[int, ...], int] = {r: i for i, r in enumerate(rolls)}
    keeps = tuple(k for n in range(6) for k in combinations_with_replacement(faces, n))
    keep_index = {k: i for i, k in enumerate(keeps)}
    transitions = []
    for keep in keeps[: len(keeps) - len(rolls)]:
        idx, probs = [], []
        for extra in combinations_with_replacement(faces, 5 - len(keep)):
            idx.append(roll_index[tuple(sorted(keep + extra))])
            probs.append(_probability(extra))
        transitions.append((operator.itemgetter(*idx), tuple(probs)))
    sub_keeps = tuple(
        tuple(sorted({keep_index[c] for n in range(6) for c in combinations(r, n)})) for r in rolls
    )
    return _Dice(
        rolls=rolls,
        roll_index=roll_index,
        keeps=keeps,
        keep_index=keep_index,
        transitions=tuple(transitions),
        sub_keeps=sub_keeps,
        sub_gathers=tuple(operator.itemgetter(*s) for s in sub_keeps),
        start=transitions[0],
        scores=tuple(tuple(score(b, r) for r in rolls) for b in BOXES),
        counts=tuple(tuple(r.count(f) for r in rolls) for f in faces),
        pentas=tuple(roll_index[(f,) * 5] for f in faces),
    )


def prepare() -> None:
    """Build the dice tables every turn evaluation uses (once; tens of ms in a browser).

    The app calls it when the strategy table arrives, so that the first decision of a
    game does not stutter.
    """
    _dice()


def _sorted_dice(dice: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(check_dice(dice, 5)))


# --- one state's turn -------------------------------------------------------------------


@dataclass(frozen=True)
class BoxValue:
    """A box the roll may be recorded in: its points this turn and the expected total.

    ``expected`` = ``points + penta_bonus + upper_bonus`` + ``E`` of the next state.
    """

    box: Box
    points: int
    penta_bonus: int
    upper_bonus: int
    expected: float

    @property
    def gain(self) -> int:
        """Every point this box earns this turn, bonuses included."""
        return self.points + self.penta_bonus + self.upper_bonus


class TurnValues:
    """The values of one state's turn: each final roll, and each keep before a re-roll.

    ``final[r]`` is the best box's expected total for roll ``r`` with no re-roll left;
    :meth:`keep_value` the expectation over the re-roll of the best continuation.
    """

    def __init__(self, table: Table, state: SheetState) -> None:
        if state.over:
            raise ValueError("every box is used: there is no turn to play")
        self.table = table
        self.state = state
        self.final = self._final_values()
        self._keep1: list[float] | None = None
        self._roll1: list[float] | None = None
        self._keep2: dict[int, float] = {}

    def _next(self, box: Box, points: int) -> tuple[int, float]:
        """Upper bonus earned and ``E`` of the state after writing ``points`` in ``box``."""
        mask, upper, flag = self.state.key
        if box.upper:
            new_upper = min(CAP, upper + points)
            bonus = UPPER_BONUS if upper < CAP <= new_upper else 0
            return bonus, self.table.value(mask | BIT[box], new_upper, flag)
        if box is Box.PENTA:
            return 0, self.table.value(mask | BIT[box], upper, points == PENTA_SCORE)
        return 0, self.table.value(mask | BIT[box], upper, flag)

    def box_values(self, dice: Sequence[int]) -> list[BoxValue]:
        """Every box the dice may be recorded in, in sheet order (the joker rule applies)."""
        dice = check_dice(dice, 5)
        out = []
        for box, (points, bonus) in box_options(
            dice, self.state.free, self.state.penta_box
        ).items():
            upper_bonus, future = self._next(box, points)
            out.append(
                BoxValue(box, points, bonus, upper_bonus, points + bonus + upper_bonus + future)
            )
        return out

    def _final_values(self) -> list[float]:
        d = _dice()
        mask = self.state.used
        columns: list[list[float]] = []
        for i, box in enumerate(BOXES):
            if mask >> i & 1:
                continue
            if box.upper:
                by_count = []
                for c in range(6):
                    points = box.face * c
                    bonus, future = self._next(box, points)
                    by_count.append(points + bonus + future)
                columns.append(list(map(by_count.__getitem__, d.counts[i])))
            elif box is Box.PENTA:
                column = [self._next(box, 0)[1]] * len(d.rolls)
                top = PENTA_SCORE + self._next(box, PENTA_SCORE)[1]
                for r in d.pentas:
                    column[r] = top
                columns.append(column)
            else:
                future = self._next(box, 0)[1]
                columns.append([s + future for s in d.scores[i]])
        final = list(map(max, *columns)) if len(columns) > 1 else columns[0]
        if self.state.penta50:
            for r in d.pentas:
                final[r] = max(v.expected for v in self.box_values(d.rolls[r]))
        return final

    def _keep1_values(self) -> list[float]:
        if self._keep1 is None:
            final = self.final
            self._keep1 = [_sumprod(p, g(final)) for g, p in _dice().transitions] + final
        return self._keep1

    def _roll1_values(self) -> list[float]:
        if self._roll1 is None:
            keep1 = self._keep1_values()
            self._roll1 = [max(g(keep1)) for g in _dice().sub_gathers]
        return self._roll1

    def _keep2_value(self, k: int) -> float:
        value = self._keep2.get(k)
        if value is None:
            d = _dice()
            roll1 = self._roll1_values()
            if k >= d.full:
                value = roll1[k - d.full]
            else:
                gather, probs = d.transitions[k]
                value = _sumprod(probs, gather(roll1))
            self._keep2[k] = value
        return value

    def keep_value(self, keep: Sequence[int], rolls_left: int) -> float:
        """Expected total when keeping ``keep`` and re-rolling the rest, ``rolls_left`` ≥ 1
        re-rolls being allowed before this one is made."""
        k = _dice().keep_index[tuple(sorted(keep))]
        if rolls_left == 1:
            return self._keep1_values()[k]
        if rolls_left == 2:
            return self._keep2_value(k)
        raise ValueError(f"rolls_left must be 1 or 2 to re-roll, not {rolls_left}")

    def keep_values(self, dice: Sequence[int], rolls_left: int) -> dict[tuple[int, ...], float]:
        """Every distinct keep of ``dice`` with fewer than five dice, with its expected total."""
        d = _dice()
        r = d.roll_index[_sorted_dice(dice)]
        if rolls_left not in (1, 2):
            raise ValueError(f"rolls_left must be 1 or 2 to re-roll, not {rolls_left}")
        values = self._keep1_values() if rolls_left == 1 else None
        out = {}
        for k in d.sub_keeps[r]:
            if k >= d.full:
                continue
            out[d.keeps[k]] = values[k] if values is not None else self._keep2_value(k)
        return out

    def expected(self) -> float:
        """``E`` of the state, recomputed from the turn (equals the table's value)."""
        d = _dice()
        best = [max(self._keep2_value(k) for k in subs) for subs in d.sub_keeps]
        gather, probs = d.start
        return _sumprod(probs, gather(best))


# --- the player ------------------------------------------------------------------------


class Strategy:
    """The optimal player over a :class:`Table`, caching recent turn evaluations."""

    def __init__(self, table: Table, cache_size: int = 16) -> None:
        self.table = table
        self.cache_size = cache_size
        self._cache: OrderedDict[tuple[int, int, int], TurnValues] = OrderedDict()

    def turn(self, state: SheetState) -> TurnValues:
        """The (cached) evaluation of ``state``'s turn."""
        key = state.key
        tv = self._cache.get(key)
        if tv is None:
            tv = TurnValues(self.table, state)
            self._cache[key] = tv
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return tv

    def clear_cache(self) -> None:
        """Forget the cached turn evaluations."""
        self._cache.clear()

    def best_box(self, state: SheetState, dice: Sequence[int]) -> Box:
        """The box where the optimal player records ``dice`` (ties: sheet order)."""
        options = self.turn(state).box_values(dice)
        return max(options, key=lambda v: v.expected).box  # max keeps the first of equals

    def best_keep(self, state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
        """The dice the optimal player keeps before re-rolling, sorted.

        All five dice mean: stop rolling and record the roll (see :meth:`best_box`).
        """
        dice = _sorted_dice(dice)
        tv = self.turn(state)
        best_box = max(v.expected for v in tv.box_values(dice))
        keeps = tv.keep_values(dice, rolls_left)
        keep, value = max(keeps.items(), key=lambda kv: (kv[1], len(kv[0])))
        return dice if best_box >= value else keep


_default: Strategy | None = None


def use_table(table: Table) -> Strategy:
    """Make ``table`` the default player's table (the browser loads it itself)."""
    global _default
    _default = Strategy(table)
    return _default


def default_strategy() -> Strategy:
    """The default player, loading the packaged table on first use."""
    if _default is None:
        return use_table(read_packaged_table())
    return _default


def best_keep(state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
    """The default player's keep; all five dice mean: record the roll now.

    >>> best_keep(SheetState.start(), (1, 1, 1, 3, 5), 2)
    (1, 1, 1)
    """
    return default_strategy().best_keep(state, dice, rolls_left)


def best_box(state: SheetState, dice: Sequence[int]) -> Box:
    """The default player's box for ``dice``."""
    return default_strategy().best_box(state, dice)
