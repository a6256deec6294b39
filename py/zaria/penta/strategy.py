"""The optimal solitaire player of each five-dice member: its table of values and its
turn evaluation.

Penta's is described below; every member (:mod:`zaria.penta.rules`) has a table of
the same format, its own file (:attr:`~zaria.penta.rules.Rules.table_file`), written by
the same solver. Its states count the member's boxes (Yatzy's mask has 15 bits, its
lower boxes but the Yatzy box bits 6 to 13), and a member whose five-of-a-kind box
changes nothing once filled (Yatzy: no joker, no extra bonus) keeps two states of that
box in a row (free, used) rather than three: a Yatzy row holds 2 × 256 values. The
header's byte after the planes names the member (its ``table_code``: Penta 0, the
printed rules 1, Yatzy 2). :class:`SheetState`, :class:`Table` and :class:`Strategy`
take the member's rules, Penta's by default.

The table holds ``E(state)``, the expected number of points still to come with optimal
play, for every state between two turns (solved by ``tools/penta_solver.py``; regenerate
the file with ``python tools/penta_solver.py``). A state is

- the used boxes, a 13-bit mask: bit ``i`` for ``BOXES[i]`` in sheet order (Aces = bit 0,
  Chance = bit 11, Penta = bit 12);
- the upper-section total, capped at 63 (only reaching 63 matters);
- whether the Penta box holds 50 (the ``penta50`` flag; always false while it is free).

Table file format 2 (``zaria/data/penta_table.bin``), made small for the page to
download (the 2,145,808 bytes of float32 of format 1 become about 380 KB) without
changing a single decision of the optimal player:

- a 24-byte header (:data:`HEADER`, little-endian): the magic ``b"PENTATBL"``, the
  format version (2) and the number of values (uint32); the step's and the fine step's
  bits ``k`` and ``f`` (uint8: the values are multiples of ``2**-k``, a few of
  ``2**-f``), the number of byte planes ``p`` (uint8), 0 (uint8), the number of values
  kept to the fine step ``n`` (uint32);
- then one zlib stream of: the residuals, ``p`` planes of bytes (every residual's
  lowest byte, then every second byte…); the positions of the finer values, as 4 planes
  of their differences; and their corrections, one byte each. Residuals and
  corrections are zigzag-coded (0, -1, 1, -2… as 0, 1, 2, 3…).

Values are ordered by rows, one row per reachable pair (used upper boxes, upper total
capped at 63), by the upper boxes' 6-bit mask then total; a row holds 192 values: the
Penta box free, holding 0, holding 50, each for the 64 sets of used lower boxes (bits 6
to 11 of the mask). The residuals are the values times ``2**k`` (integers), less, in
this order: within a row, by inclusion–exclusion, the values with fewer lower boxes used
(a Möbius transform); the Penta box held at 0 less free, at 50 less at 0; the row before
in the same set of upper boxes. The corrections add multiples of ``2**-f`` to the values
whose decisions need it. ``tools/penta_solver.py`` checks, for every state and every
roll, that the file's box and keeps (with one and with two re-rolls left) are the float
table's. :func:`load_table` only decompresses (tens of milliseconds); a row is decoded
the first time it is read.

Within a turn, :class:`TurnValues` evaluates one state once: the value of each of the 252
final rolls (best box), of the 462 keeps with one re-roll left and, lazily, with two.
:class:`Strategy` caches these evaluations, so the two keeps and the box of a turn cost
one evaluation.

>>> strategy = default_strategy()
>>> start = SheetState.start()
>>> round(strategy.table.state_value(start), 3)  # 254.4848, within the step of 2**-12
254.485
>>> best_box(start, (2, 3, 4, 5, 6))
Box.LARGE_STRAIGHT
"""

from __future__ import annotations

import math
import operator
import struct
import sys
import zlib
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from itertools import accumulate, combinations, combinations_with_replacement
from typing import Any

from zaria.dice import check_dice
from zaria.penta.rules import Rules
from zaria.penta.scoring import BOXES, PENTA, UPPER_BONUS_THRESHOLD, Box

MAGIC = b"PENTATBL"
FORMAT_VERSION = 2
#: magic, version, values, step bits, fine step bits, planes, 0, fixes
HEADER = struct.Struct("<8sIIBBBBI")
#: Options whose expected totals differ by less than this are equal: the first in order
#: is chosen, not whichever the rounding of a turn's arithmetic favours.
TIE = 1e-9
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


def boxes_of(mask: int, rules: Rules = PENTA) -> frozenset[Any]:
    """The boxes of ``rules`` whose bits are set in ``mask``."""
    return frozenset(b for i, b in enumerate(rules.order) if mask >> i & 1)


def rules_mask(rules: Rules, boxes: Iterable[Any]) -> int:
    """The bit mask of a set of ``rules``' boxes (bit ``i`` for the ``i``-th in sheet order).

    >>> from zaria.yatzy import YATZY, YatzyBox
    >>> rules_mask(YATZY, [YatzyBox.ONES, YatzyBox.YATZY])
    16385
    """
    index = {b: i for i, b in enumerate(rules.order)}
    m = 0
    for b in boxes:
        m |= 1 << index[b]
    return m


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
    total so far, ``penta_box`` what the five-of-a-kind box holds (``None`` while it is
    free), ``rules`` the member played (Penta's by default).

    >>> SheetState.from_sheet({Box.ACES: 2, Box.PENTA: None, Box.CHANCE: 20})
    SheetState(used=[aces, chance], upper=2, penta_box=None)
    """

    used: int
    upper: int
    penta_box: int | None
    rules: Rules = PENTA

    def __post_init__(self) -> None:
        rules = self.rules
        five = rules.five_score
        if not 0 <= self.used < 1 << rules.rounds:
            raise ValueError(f"used mask {self.used} is not a set of the {rules.rounds} boxes")
        if (self.penta_box is None) != (not self.used >> (rules.rounds - 1) & 1):
            raise ValueError("penta_box must be None exactly when the Penta box is free")
        if self.penta_box not in (None, 0, five):
            raise ValueError(f"the Penta box holds 0 or {five}, not {self.penta_box}")
        exact = _upper_totals()[0][self.used & 63]
        if self.upper not in exact:
            names = ", ".join(b.value for b in rules.upper if self.used & self._bit(b)) or "none"
            raise ValueError(
                f"upper total {self.upper} cannot be scored in the used upper boxes ({names})"
            )

    def _bit(self, box: Any) -> int:
        return 1 << self.rules.order.index(box)

    def __repr__(self) -> str:
        names = ", ".join(b.value for b in self.rules.order if self.used & self._bit(b))
        rules = "" if self.rules is PENTA else f", rules={self.rules.id}"
        return f"SheetState(used=[{names}], upper={self.upper}, penta_box={self.penta_box}{rules})"

    @classmethod
    def start(cls, rules: Rules = PENTA) -> SheetState:
        """An empty sheet."""
        return cls(0, 0, None, rules)

    @classmethod
    def from_sheet(cls, sheet: Mapping[Any, int | None], rules: Rules = PENTA) -> SheetState:
        """The state of a sheet mapping boxes to points (``None`` or absent: free)."""
        used = rules_mask(rules, (b for b in rules.order if sheet.get(b) is not None))
        upper = sum(sheet.get(b) or 0 for b in rules.upper)
        return cls(used, upper, sheet.get(rules.five_box), rules)

    @property
    def free(self) -> frozenset[Any]:
        """The free boxes."""
        return boxes_of(((1 << self.rules.rounds) - 1) & ~self.used, self.rules)

    @property
    def over(self) -> bool:
        """True when every box is used."""
        return self.used == (1 << self.rules.rounds) - 1

    @property
    def penta50(self) -> bool:
        """True when the five-of-a-kind box holds its 50 (in Penta, further Pentas are then
        jokers with a bonus)."""
        return self.penta_box == self.rules.five_score

    @property
    def key(self) -> tuple[int, int, int]:
        """``(mask, upper capped at 63, flag)``: the table's coordinates (the flag is 0 in
        a member where what the five-of-a-kind box holds changes nothing)."""
        flag = int(self.penta50) if self.rules.tracks_five else 0
        return self.used, min(CAP, self.upper), flag

    def after(self, box: Any, points: int) -> SheetState:
        """The state once ``points`` are written in the free ``box``."""
        bit = self._bit(box)
        if self.used & bit:
            raise ValueError(f"box {box.value} is already used")
        upper = self.upper + points if self.rules.is_upper(box) else self.upper
        penta = points if box is self.rules.five_box else self.penta_box
        return SheetState(self.used | bit, upper, penta, self.rules)


# --- the table -------------------------------------------------------------------


@cache
def _rows() -> tuple[tuple[tuple[int, ...], ...], tuple[bool, ...]]:
    """The row of each (used upper boxes, capped upper total) (-1: unreachable), and
    whether each row is the first of its set of used upper boxes."""
    rows: list[tuple[int, ...]] = []
    first: list[bool] = []
    for totals in _upper_totals()[1]:
        row = [-1] * (CAP + 1)
        for t in totals:
            row[t] = len(first)
            first.append(t == totals[0])
        rows.append(tuple(row))
    return tuple(rows), tuple(first)


#: Values per row of Penta's table: the Penta box free, holding 0, holding 50, each for
#: the 64 sets of used lower boxes.
ROW = 192


@cache
def row_shape(rules: Rules) -> tuple[int, int]:
    """The states of the five-of-a-kind box in a row (3: free, holding 0, holding its
    score; 2: free, used) and the sets of the other lower boxes used, of ``rules``' table.

    >>> row_shape(PENTA)
    (3, 64)
    """
    return (3 if rules.tracks_five else 2), 1 << (rules.rounds - 7)


class Table:
    """The optimal expected future score of every state between turns.

    The file's rows are decoded the first time a value of theirs is read (a row needs
    the one before it in its set of used upper boxes): reading the file only
    decompresses it, and a game reads a few hundred of its 2,794 rows.
    """

    #: The member whose table this is.
    rules: Rules = PENTA

    def __init__(
        self,
        residuals: array[int],
        step_bits: int,
        fixes: dict[int, list[tuple[int, float]]],
        rules: Rules = PENTA,
    ) -> None:
        rows, first = _rows()
        states, sets = row_shape(rules)
        self.rules = rules
        self._size = states * sets
        self._sets = sets
        self._five_bit = rules.rounds - 1
        if len(residuals) != self._size * len(first):
            raise ValueError(
                f"a {rules.id} table has {self._size * len(first)} values, not {len(residuals)}"
            )
        self._residuals = residuals
        self._step = 2.0**-step_bits
        self._fixes = fixes
        self._rows = rows
        self._first = first
        self._ints: list[list[int] | None] = [None] * len(first)
        self._values: list[list[float] | None] = [None] * len(first)

    def __len__(self) -> int:
        return len(self._residuals)

    def __repr__(self) -> str:
        return f"<Table of {len(self._residuals)} states>"

    def index(self, used: int, upper: int, penta50: bool | int = False) -> int:
        """The position of state ``(used, upper, penta50)`` in the file's order."""
        valid = used >= 0 and used >> self._five_bit + 1 == 0 and upper >= 0
        row = self._rows[used & 63][min(CAP, upper)] if valid else -1
        if row < 0:
            raise ValueError(f"state (used={used}, upper={upper}) is not reachable")
        lower = used >> 6 & self._sets - 1
        if used >> self._five_bit & 1:
            held = 1 + int(bool(penta50)) if self._size > 2 * self._sets else 1
            return row * self._size + held * self._sets + lower
        if penta50:
            raise ValueError("the Penta box cannot hold 50 while it is free")
        return row * self._size + lower

    def value(self, used: int | AbstractSet[Box], upper: int, penta50: bool | int = False) -> float:
        """``E(state)``: the expected points still to come; 0 once every box is used.

        ``used`` is a mask or a set of boxes; ``upper`` the upper total (capped here).
        """
        mask = used if isinstance(used, int) else rules_mask(self.rules, used)
        return self.at(self.index(mask, upper, penta50))

    def state_value(self, state: SheetState) -> float:
        """``E(state)`` of a :class:`SheetState`."""
        return self.at(self.index(*state.key))

    def at(self, position: int) -> float:
        """The value at ``position`` of the file's order (see :meth:`index`)."""
        row = self._values[position // self._size]
        if row is None:
            row = self._decode(position // self._size)
        return row[position % self._size]

    def values(self) -> list[float]:
        """Every value, in the file's order (decoding every row)."""
        return [v for r in range(len(self._values)) for v in self._row(r)]

    def _row(self, r: int) -> list[float]:
        row = self._values[r]
        return self._decode(r) if row is None else row

    def _decode(self, r: int) -> list[float]:
        """Decode row ``r`` (and the rows before it in its set that are not yet)."""
        start = r
        while not self._first[start] and self._ints[start - 1] is None:
            start -= 1
        size = self._size
        for i in range(start, r + 1):
            ints = _unmix(self._residuals[i * size : (i + 1) * size], self._sets)
            before = None if self._first[i] else self._ints[i - 1]
            if before is not None:
                ints = list(map(operator.add, ints, before))
            self._ints[i] = ints
            values = [v * self._step for v in ints]  # exact: the step is a power of two
            for column, fix in self._fixes.get(i, ()):
                values[column] += fix
            self._values[i] = values
        row = self._values[r]
        assert row is not None
        return row


def _unmix(residuals: array[int], sets: int = 64) -> list[int]:
    """One row's values from its residuals: undo the zigzag sign, the Penta box's
    differences and the Möbius transform over the lower boxes (see the file format);
    ``sets`` is the number of sets of lower boxes (64 in Penta)."""
    x = [(z >> 1) ^ -(z & 1) for z in residuals]
    add = operator.add
    for p in range(sets, len(x), sets):
        x[p : p + sets] = map(add, x[p : p + sets], x[p - sets : p])
    s = 1
    while s < sets:
        for j in range(s):
            x[s + j :: 2 * s] = map(add, x[s + j :: 2 * s], x[j :: 2 * s])
        s *= 2
    return x


def load_table(data: bytes, rules: Rules = PENTA) -> Table:
    """Read a table file's contents (see the module docstring for the format) for the
    member ``rules``; a file that is not one, of another format or another member, cut
    short or damaged raises ``ValueError``."""
    if len(data) < HEADER.size:
        raise ValueError("not a Penta table: too short")
    magic, version, count, step_bits, fine_bits, planes, code, nfix = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise ValueError("not a Penta table: bad magic")
    if version != FORMAT_VERSION:
        raise ValueError(f"Penta table format {version} is not supported (only {FORMAT_VERSION})")
    if not (0 < step_bits <= fine_bits <= step_bits + 7 and 0 < planes <= 4):
        raise ValueError("Penta table damaged: bad header")
    if code != rules.table_code:
        raise ValueError(f"this table is not the {rules.id} rules' (its code is {code})")
    raw = _inflate(memoryview(data)[HEADER.size :])
    if len(raw) != count * planes + 5 * nfix:
        raise ValueError(f"Penta table holds {len(raw)} bytes for {count} values")
    residuals = _words(raw, count, planes)
    size = math.prod(row_shape(rules))
    fixes = _fixes(raw[count * planes :], nfix, count, 2.0**-fine_bits, size)
    return Table(residuals, step_bits, fixes, rules)


def _words(raw: bytes, n: int, planes: int) -> array[int]:
    """``n`` unsigned integers stored as ``planes`` planes of bytes (low bytes first)."""
    buf = bytearray(4 * n)
    for i in range(planes):
        buf[i::4] = raw[i * n : (i + 1) * n]
    words = array("I") if array("I").itemsize == 4 else array("L")
    words.frombytes(buf)
    if sys.byteorder == "big":
        words.byteswap()
    return words


def _inflate(body: memoryview) -> bytes:
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(body)
    except zlib.error as exc:
        raise ValueError(f"Penta table damaged: {exc}") from None
    if not inflate.eof:
        raise ValueError("Penta table cut short")
    if inflate.unused_data:
        raise ValueError("Penta table damaged: bytes after its end")
    return raw


def _fixes(
    raw: bytes, n: int, count: int, fine: float, size: int = ROW
) -> dict[int, list[tuple[int, float]]]:
    """The values kept to the fine step, by row: (column, what to add to the rounded
    value)."""
    positions = list(accumulate(_words(raw, n, 4)))
    if any(map(operator.ge, positions, positions[1:])) or (positions and positions[-1] >= count):
        raise ValueError("Penta table damaged: bad fixes")
    fixes: dict[int, list[tuple[int, float]]] = {}
    for p, z in zip(positions, raw[4 * n : 5 * n], strict=True):
        fixes.setdefault(p // size, []).append((p % size, ((z >> 1) ^ -(z & 1)) * fine))
    return fixes


def read_packaged_table(rules: Rules = PENTA) -> Table:
    """Load the member's table shipped in ``zaria/data/`` (``penta_table.bin`` for Penta);
    ``FileNotFoundError`` says how to write one that is not there."""
    try:
        data = (files("zaria") / "data" / rules.table_file).read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(
            f"no strategy table for the {rules.id} rules: zaria/data/{rules.table_file} is "
            f"written by python tools/penta_solver.py --rules {rules.id}"
        ) from None
    return load_table(data, rules)


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


def _transitions(
    keeps: Sequence[tuple[int, ...]], roll_index: dict[tuple[int, ...], int]
) -> tuple[tuple[operator.itemgetter[Any], tuple[float, ...]], ...]:
    """For each keep short of five dice, the rolls its throw reaches and their chances."""
    out = []
    for keep in keeps:
        idx, probs = [], []
        for extra in combinations_with_replacement(range(1, 7), 5 - len(keep)):
            idx.append(roll_index[tuple(sorted(keep + extra))])
            probs.append(_probability(extra))
        out.append((operator.itemgetter(*idx), tuple(probs)))
    return tuple(out)


@cache
def _dice() -> _Dice:
    faces = range(1, 7)
    rolls: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(faces, 5))
    roll_index: dict[tuple[int, ...], int] = {r: i for i, r in enumerate(rolls)}
    keeps = tuple(k for n in range(6) for k in combinations_with_replacement(faces, n))
    keep_index = {k: i for i, k in enumerate(keeps)}
    transitions = _transitions(keeps[: len(keeps) - len(rolls)], roll_index)
    sub_keeps = tuple(
        tuple(sorted({keep_index[c] for n in range(6) for c in combinations(r, n)})) for r in rolls
    )
    return _Dice(
        rolls=rolls,
        roll_index=roll_index,
        keeps=keeps,
        keep_index=keep_index,
        transitions=transitions,
        sub_keeps=sub_keeps,
        sub_gathers=tuple(operator.itemgetter(*s) for s in sub_keeps),
        start=transitions[0],
        counts=tuple(tuple(r.count(f) for r in rolls) for f in faces),
        pentas=tuple(roll_index[(f,) * 5] for f in faces),
    )


@cache
def _scores(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """``scores[box][roll]``: the plain points of each of the 252 rolls in each box."""
    return tuple(tuple(rules.score(b, r) for r in _dice().rolls) for b in rules.order)


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

    box: Any  # a box of the member's rules: a Box in Penta
    points: int
    penta_bonus: int
    upper_bonus: int
    expected: float

    #: The box's place in sheet order (options of equal value are listed in it).
    box_index: int = 0

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
        if state.rules is not table.rules:
            raise ValueError(
                f"a sheet of the {state.rules.id} rules cannot be played from the "
                f"{table.rules.id} rules' table"
            )
        self.rules = table.rules
        self.table = table
        self.state = state
        self.final = self._final_values()
        self._keep1: list[float] | None = None
        self._roll1: list[float] | None = None
        self._keep2: dict[int, float] = {}

    def _next(self, box: Box, points: int) -> tuple[int, float]:
        """Upper bonus earned and ``E`` of the state after writing ``points`` in ``box``."""
        mask, upper, flag = self.state.key
        rules = self.rules
        bit = 1 << rules.order.index(box)
        if rules.is_upper(box):
            new_upper = min(CAP, upper + points)
            bonus = rules.upper_bonus if upper < CAP <= new_upper else 0
            return bonus, self.table.value(mask | bit, new_upper, flag)
        if box is rules.five_box and rules.tracks_five:
            return 0, self.table.value(mask | bit, upper, points == rules.five_score)
        return 0, self.table.value(mask | bit, upper, flag)

    def box_values(self, dice: Sequence[int]) -> list[BoxValue]:
        """Every box the dice may be recorded in, in sheet order (the joker rule applies)."""
        dice = check_dice(dice, 5)
        out = []
        options = self.rules.options(dice, self.state.free, self.state.penta_box)
        for box, (points, bonus) in options.items():
            upper_bonus, future = self._next(box, points)
            expected = points + bonus + upper_bonus + future
            index = self.rules.order.index(box)
            out.append(BoxValue(box, points, bonus, upper_bonus, expected, index))
        return out

    def _column(self, i: int, box: Any) -> list[float]:
        """Box ``box`` (the ``i``-th) for each of the 252 rolls: its points, bonus and the
        next state's value, without any joker."""
        d = _dice()
        rules = self.rules
        if i < 6:
            by_count = []
            for c in range(6):
                points = rules.face(box) * c
                bonus, future = self._next(box, points)
                by_count.append(points + bonus + future)
            return list(map(by_count.__getitem__, d.counts[i]))
        if box is rules.five_box and rules.tracks_five:
            column = [self._next(box, 0)[1]] * len(d.rolls)
            top = rules.five_score + self._next(box, rules.five_score)[1]
            for r in d.pentas:
                column[r] = top
            return column
        future = self._next(box, 0)[1]
        return [s + future for s in _scores(rules)[i]]

    def _final_values(self) -> list[float]:
        d = _dice()
        mask = self.state.used
        columns = [self._column(i, b) for i, b in enumerate(self.rules.order) if not mask >> i & 1]
        final = list(map(max, *columns)) if len(columns) > 1 else columns[0]
        if self.rules.joker_applies((1,) * 5, self.state.penta_box):
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


# --- choosing ----------------------------------------------------------------------------


def first_best(values: Sequence[float]) -> int:
    """The index of the first of ``values`` within :data:`TIE` of the largest.

    >>> first_best([3.0, 5.0, 5.0 + 1e-12, 4.0])
    1
    """
    top = max(values)
    return next(i for i, v in enumerate(values) if v >= top - TIE)


def best_keep_of(keeps: Mapping[tuple[int, ...], float]) -> tuple[int, ...] | None:
    """The keep chosen among ``keeps`` (in :func:`TurnValues.keep_values`' order): the
    longest within :data:`TIE` of the best, the first of those (None: no keep)."""
    if not keeps:
        return None
    top = max(keeps.values())
    near = [k for k, v in keeps.items() if v >= top - TIE]
    return max(near, key=len)  # max keeps the first of equals


def records(best_box: float, keeps: Mapping[tuple[int, ...], float]) -> bool:
    """Whether recording the roll (its best box worth ``best_box``) beats rolling again
    keeping any of ``keeps``: it does when within :data:`TIE` of the best keep."""
    return not keeps or best_box >= max(keeps.values()) - TIE


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
        """The box where the optimal player records ``dice`` (ties: sheet order).

        Typed as Penta's :class:`Box`, which callers written for Penta read; in another
        member it is a box of that member's rules (``YatzyBox`` in Yatzy).
        """
        options = self.turn(state).box_values(dice)
        box: Box = options[first_best([v.expected for v in options])].box
        return box

    def best_keep(self, state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
        """The dice the optimal player keeps before re-rolling, sorted.

        All five dice mean: stop rolling and record the roll (see :meth:`best_box`).
        """
        dice = _sorted_dice(dice)
        tv = self.turn(state)
        best_box = max(v.expected for v in tv.box_values(dice))
        keeps = tv.keep_values(dice, rolls_left)
        keep = best_keep_of(keeps)
        return dice if keep is None or records(best_box, keeps) else keep


#: Each member's default player, by rules id.
_defaults: dict[str, Strategy] = {}


def use_table(table: Table) -> Strategy:
    """Make ``table`` the default player's table of its rules (the browser loads it itself)."""
    strategy = Strategy(table)
    _defaults[table.rules.id] = strategy
    return strategy


def default_strategy(rules: Rules = PENTA) -> Strategy:
    """The default player of ``rules`` (Penta's), loading the packaged table on first use."""
    strategy = _defaults.get(rules.id)
    if strategy is None:
        return use_table(read_packaged_table(rules))
    return strategy


def best_keep(state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
    """The default player's keep; all five dice mean: record the roll now.

    >>> best_keep(SheetState.start(), (1, 1, 1, 3, 5), 2)
    (1, 1, 1)
    """
    return default_strategy(state.rules).best_keep(state, dice, rolls_left)


def best_box(state: SheetState, dice: Sequence[int]) -> Box:
    """The default player's box for ``dice`` (a box of the state's rules)."""
    return default_strategy(state.rules).best_box(state, dice)
