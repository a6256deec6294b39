"""Master: the computer player that maximises its chance of winning the game.

Two-player Farkle solved as Busche & Neller solved it ("Optimal Play of the
Farkle Dice Game", 2017) and Neller & Presser solved Pig. Scores are counted in
steps of 50 points as the *distances* ``a`` and ``b`` still missing to the target
(the player about to start a turn, and the opponent): the game depends on nothing
else, so one table over distances up to 15,000 points serves all three targets.

**Turn start.** ``P(a, b)`` is the chance that the player about to roll wins,
both players playing optimally. Within that turn, with ``x`` the distance left
after the turn's points so far and ``n`` dice to roll (a roll's options are, as in
:mod:`~zaria.farkle.strategy`, the most points for each number of dice set aside)::

    V(x, n)  = max(bank(x), R(x, n))
    R(x, n)  = Σ_roll P(roll) · max_k V(x − points_k, left_k) + P(no score) · (1 − P(b, a))
    bank(x)  = 1 − P(b, x)              while x > 0 (the opponent starts a turn)
             = 1 − L(b − x)             once x ≤ 0 (the target is reached)
    P(a, b)  = R(a, 6)

**The end rule** (the rules page): once a player reaches the target by banking,
every other player plays one more turn. ``L(d)`` is the chance that the player in
that last turn, ``d`` steps behind, wins: it must finish ahead, and equal totals
share the win, counted as half a win (the figures below follow that reading).
A player past the target still chooses whether to roll on and widen the lead;
from :data:`LEAD_CAP` steps ahead it banks (rolling on further changes no entry of
the table by a fifth of its unit, as the solver checks).

The shipped table (``zaria/data/farkle_master_<rules id>.bin``, written by
``tools/farkle_master_solver.py``) holds ``P(a, b)`` for ``1 ≤ a, b ≤ 300`` as
16-bit integers. In a game, a turn's plan — ``V`` and ``R`` over every distance
the turn can reach — is computed once from the table (about 20 ms natively,
:func:`turn_plan`), and each decision reads it. With both players optimal the
first player wins 54.38 % of games to 5,000, 53.22 % to 10,000 and 52.67 % to
15,000.

Table format (little-endian): the header ``struct "<8sHHHB"`` — magic
``b"ZFKMASTR"``, format version 1, the span ``N`` (300), :data:`LEAD_CAP`, the
length of the rule set id — then the id in ASCII (``"standard"``), then a zlib
stream of ``N × N`` uint16 values ``d[a][b]`` in row order (``a`` = 1 … N, then
``b`` = 1 … N). With ``q[a][b] = round(65535 · P(a, b))`` and ``q = 0`` outside
the table, ``q[a][b] = d[a][b] + q[a][b−1] + q[a−1][b] − q[a−1][b−1]`` (mod 2¹⁶):
the table's second differences, which compress to a fifth of the raw 180 KB.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib.resources import files

from zaria.farkle.odds import bust_probability
from zaria.farkle.rules import DEFAULT_RULES, MASTER_RULES, FarkleRules, master_table_name
from zaria.farkle.scoring import MAX_DICE
from zaria.farkle.strategy import STEP, RollOption, grouped_options, max_gain

#: Distances (steps of 50) the table covers: 15,000 points, the largest target.
SPAN = 300
#: Steps past the target from which a turn banks (8,000 points; see the solver).
LEAD_CAP = 160
#: What a shared win counts for.
TIE = 0.5
QUANTUM = 65535
MAGIC = b"ZFKMASTR"
FORMAT_VERSION = 1
HEADER = struct.Struct("<8sHHHB")


class MasterTable:
    """``P(a, b)`` for distances ``1 ≤ a, b ≤ span`` (steps of 50), as read from a file."""

    def __init__(self, rules: FarkleRules, span: int, values: Sequence[int]) -> None:
        self.rules = rules
        self.span = span
        self._q = values  # row a - 1, column b - 1

    def chance(self, a: int, b: int) -> float:
        """``P(a, b)``: the chance that the player about to start a turn wins."""
        if not (1 <= a <= self.span and 1 <= b <= self.span):
            raise ValueError(f"distances {a}, {b} are outside 1 … {self.span} steps")
        return self._q[(a - 1) * self.span + b - 1] / QUANTUM


def encode_table(rules: FarkleRules, span: int, q: Sequence[int]) -> bytes:
    """The file bytes of a table of quantised values ``q`` (row ``a``, column ``b``)."""
    d = array("H", bytes(2 * span * span))
    for i in range(span):
        for j in range(span):
            up = q[(i - 1) * span + j] if i else 0
            left = q[i * span + j - 1] if j else 0
            corner = q[(i - 1) * span + j - 1] if i and j else 0
            d[i * span + j] = (q[i * span + j] - left - up + corner) % 65536
    if sys.byteorder == "big":
        d.byteswap()
    name = rules.id.encode("ascii")
    return (
        HEADER.pack(MAGIC, FORMAT_VERSION, span, LEAD_CAP, len(name))
        + name
        + zlib.compress(d.tobytes(), 9)
    )


def load_table(data: bytes) -> MasterTable:
    """Read a table file (see the module's docstring); raises ``ValueError``."""
    if len(data) < HEADER.size:
        raise ValueError("not a Farkle Master table: too short")
    magic, version, span, cap, length = HEADER.unpack_from(data)
    if magic != MAGIC or version != FORMAT_VERSION:
        raise ValueError(f"not a Farkle Master table of format {FORMAT_VERSION}")
    if cap != LEAD_CAP:
        raise ValueError(f"the table was solved with a lead cap of {cap}, not {LEAD_CAP}")
    name = bytes(data[HEADER.size : HEADER.size + length]).decode("ascii")
    rules = FarkleRules.from_id(name)
    d = array("H")
    try:
        d.frombytes(zlib.decompress(data[HEADER.size + length :]))
    except zlib.error as err:
        raise ValueError(f"not a Farkle Master table: {err}") from None
    if sys.byteorder == "big":
        d.byteswap()
    if len(d) != span * span:
        raise ValueError(f"the table holds {len(d)} values, not {span * span}")
    q = array("H", bytes(2 * span * span))
    for i in range(span):
        row, above = i * span, (i - 1) * span
        for j in range(span):
            v = d[row + j]
            if j:
                v += q[row + j - 1]
            if i:
                v += q[above + j] - (q[above + j - 1] if j else 0)
            q[row + j] = v % 65536
    return MasterTable(rules, span, q)


_tables: dict[FarkleRules, MasterTable] = {}


def install_table(data: bytes) -> MasterTable:
    """Read a table file and use it for its rule set (the page fetches the file)."""
    table = load_table(data)
    _tables[table.rules] = table
    return table


def master_table(rules: FarkleRules = DEFAULT_RULES) -> MasterTable:
    """The table of ``rules``: installed, or read from the package data."""
    if rules not in _tables:
        if rules not in MASTER_RULES:
            raise ValueError(f"no Master table is shipped for the rules {rules.id!r}")
        install_table((files("zaria") / "data" / master_table_name(rules)).read_bytes())
    return _tables[rules]


# --- the turn's dynamic programme -----------------------------------------------------


@cache
def _groups(
    rules: FarkleRules,
) -> tuple[tuple[tuple[float, tuple[tuple[int, int], ...]], ...], ...]:
    """For each number of dice, the roll groups ``(probability, ((points, left), …))``."""
    return tuple(grouped_options(n, rules.scoring) if n else () for n in range(MAX_DICE + 1))


_BUST = tuple(float(bust_probability(n)) if n else 0.0 for n in range(MAX_DICE + 1))


@cache
def last_turn(
    rules: FarkleRules = DEFAULT_RULES, most: int = SPAN + LEAD_CAP
) -> tuple[tuple[float, ...], ...]:
    """``U[n][m]``: the chance of winning a last turn ``m`` steps short of a tie, rolling
    ``n`` dice (``m ≥ 0``); ties count :data:`TIE`. ``L(d) = U[6][d]`` for ``d ≥ 1``.

    Ahead (``m < 0``) the player banks and wins; level (``m = 0``) it banks the tie
    unless rolling on is worth more (with two dice or more it is).
    """
    groups = _groups(rules)
    top = most + max_gain(rules.scoring) + 1
    u = [[0.0] * (top + 1) for _ in range(MAX_DICE + 1)]
    for m in range(top + 1):
        for n in range(1, MAX_DICE + 1):
            total = 0.0
            for p, opts in groups[n]:
                best = 0.0
                for b, left in opts:
                    x = u[left][m - b] if m >= b else 1.0  # past the tie: bank, win
                    if x > best:
                        best = x
                total += p * best
            u[n][m] = max(TIE, total) if m == 0 else total
    return tuple(tuple(row) for row in u)


def final_chance(deficit: int, dice: int, rules: FarkleRules = DEFAULT_RULES) -> float:
    """The chance of winning a last turn ``deficit`` steps behind with ``dice`` to roll."""
    if deficit < 0:
        return 1.0
    u = last_turn(rules, max(SPAN + LEAD_CAP, deficit))
    return u[dice][deficit]


@dataclass(frozen=True)
class TurnPlan:
    """``V`` and ``R`` of one turn started ``a`` steps from the target, the opponent ``b``.

    Index ``x - low`` holds distance ``x`` (the turn's points bring it down from
    ``a``); ``x ≤ 0`` is past the target.
    """

    a: int
    b: int
    low: int
    bank: tuple[float, ...]
    rolled: tuple[tuple[float, ...], ...]  # [n][x - low]
    start: float  # R(a, 6), the turn's chance of winning

    def bank_value(self, x: int) -> float:
        return self.bank[x - self.low]

    def roll_value(self, x: int, dice: int) -> float:
        return self.rolled[dice][x - self.low]

    def value(self, x: int, dice: int) -> float:
        return max(self.bank_value(x), self.roll_value(x, dice))


def _bank_values(table: MasterTable, a: int, b: int, low: int) -> list[float]:
    """What banking is worth at each distance ``x`` from ``low`` to ``a``."""
    u = last_turn(table.rules)
    out = []
    for x in range(low, a + 1):
        if x > 0:
            out.append(1.0 - table.chance(b, x) if x < a else 0.0)  # x = a: nothing to bank
        else:
            out.append(1.0 - u[MAX_DICE][b - x])
    return out


def _sweep(table: MasterTable, a: int, b: int) -> TurnPlan:
    """Fill ``V`` and ``R`` from the deepest distance up to ``a`` (one pass)."""
    forced = min(0, b - LEAD_CAP)  # at or below: the turn banks
    gain = max_gain(table.rules.scoring)
    low = forced + 1 - gain
    size = a - low + 1
    bank = _bank_values(table, a, b, low)
    flat = [v for _ in range(MAX_DICE + 1) for v in bank]  # V[n][x - low] at n * size + ...
    rolled = [[0.0] * size for _ in range(MAX_DICE + 1)]
    groups = [
        [(p, tuple(left * size - pts for pts, left in opts)) for p, opts in g]
        for g in _groups(table.rules)
    ]
    lost = 1.0 - table.chance(b, a)
    busts = [lost * q for q in _BUST]
    for xi in range(forced + 1 - low, size):
        bk = bank[xi]
        for n in range(1, MAX_DICE + 1):
            r = busts[n]
            for p, offsets in groups[n]:
                m = 0.0
                for o in offsets:
                    v = flat[o + xi]
                    if v > m:
                        m = v
                r += p * m
            rolled[n][xi] = r
            flat[n * size + xi] = r if r > bk else bk
    return TurnPlan(a, b, low, tuple(bank), tuple(tuple(r) for r in rolled), rolled[6][-1])


@lru_cache(maxsize=32)
def turn_plan(table: MasterTable, a: int, b: int) -> TurnPlan:
    """The plan of a turn started ``a`` steps from the target, the opponent ``b`` steps.

    >>> plan = turn_plan(master_table(), 200, 200)
    >>> abs(plan.start - master_table().chance(200, 200)) < 2 / QUANTUM
    True
    """
    if not (1 <= a <= table.span and 1 <= b <= table.span):
        raise ValueError(f"distances {a}, {b} are outside 1 … {table.span} steps")
    return _sweep(table, a, b)


def best_option(
    options: Sequence[RollOption], worth: dict[int, tuple[float, bool]]
) -> tuple[RollOption, bool]:
    """The option of most worth (the most points among equals) and whether to bank
    after it (``worth`` by option index).

    More points are not always worth more: reaching the target exactly gives an
    opponent close behind a last turn against a small lead, which can be worse
    than stopping just short of it.
    """
    best = max(range(len(options)), key=lambda i: (worth[i][0], options[i].points))
    return options[best], worth[best][1]


def plan_choice(plan: TurnPlan, x: int, options: Sequence[RollOption]) -> tuple[RollOption, bool]:
    """Master's choice for a roll with ``options``, ``x`` steps from the target."""
    worth = {}
    for i, o in enumerate(options):
        after = x - o.points // STEP
        bank, roll = plan.bank_value(after), plan.roll_value(after, o.dice_left)
        worth[i] = (max(bank, roll), bank >= roll)
    return best_option(options, worth)


def last_turn_choice(
    deficit: int, options: Sequence[RollOption], rules: FarkleRules = DEFAULT_RULES
) -> tuple[RollOption, bool]:
    """Master's choice in a last turn ``deficit`` steps short of the best other total."""
    u = last_turn(rules, max(SPAN + LEAD_CAP, deficit))
    worth = {}
    for i, o in enumerate(options):
        m = deficit - o.points // STEP
        if m < 0:
            worth[i] = (1.0, True)
        else:
            roll = u[o.dice_left][m] if m else 1.0 - _BUST[o.dice_left]
            bank = TIE if m == 0 else 0.0
            worth[i] = (max(bank, roll), bank >= roll)
    return best_option(options, worth)


def win_chance(me: int, opp: int, target: int, rules: FarkleRules = DEFAULT_RULES) -> float:
    """The chance that a player about to start a turn with ``me`` points beats an
    opponent with ``opp`` (both playing Master), in a game to ``target``.

    ``opp`` at or above the target means this is the player's last turn.

    >>> [round(win_chance(0, 0, t) * 100, 2) for t in (5000, 10000, 15000)]
    [54.38, 53.22, 52.67]
    """
    for name, points in (("me", me), ("opp", opp)):
        if points % STEP or points < 0:
            raise ValueError(f"{name} = {points} is not a total of points (a multiple of 50)")
    if me >= target:
        raise ValueError(f"me = {me} has reached the target {target}: the turn is not played")
    a, b = (target - me) // STEP, (target - opp) // STEP
    if b <= 0:
        return final_chance(a - b, MAX_DICE, rules)
    # The turn's own value from the table's values after it: exact given those, so
    # closer than the stored entry's 16-bit rounding.
    return turn_plan(master_table(rules), a, b).start
