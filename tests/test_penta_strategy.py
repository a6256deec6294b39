"""The optimal player's table and turn evaluation (``zaria.penta.strategy``).

A sample of the table is recomputed with the solver's own turn evaluation
(``tools/penta_solver.py``, numpy), from the table's values of the successor states.
"""

from __future__ import annotations

import importlib.util
import random
import struct
from itertools import product
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import zaria.penta.strategy as strategy
from float_sample import FloatValues, decisions
from zaria.penta.scoring import BOXES, PENTA_BONUS, Box, box_options
from zaria.penta.strategy import (
    SheetState,
    Strategy,
    Table,
    TurnValues,
    load_table,
    mask_of,
    read_packaged_table,
)

ROOT = Path(__file__).resolve().parent.parent
TABLE_FILE = ROOT / "py" / "zaria" / "data" / "penta_table.bin"
STATES = 536_448


def _load_solver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("penta_solver", ROOT / "tools/penta_solver.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


solver = _load_solver()


@pytest.fixture(scope="module")
def table() -> Table:
    return read_packaged_table()


@pytest.fixture(scope="module")
def dense(table: Table) -> np.ndarray:
    return solver.read_table(TABLE_FILE.read_bytes())


# --- file format -----------------------------------------------------------------------

#: Values are multiples of 2**-12 but a few, to 2**-18: each is within 2**-13 of the
#: float32 table's (the start value 254.4848 included).
QUANTUM = 2.0**-13


def test_file_header_and_size() -> None:
    data = TABLE_FILE.read_bytes()
    header = strategy.HEADER.unpack_from(data)
    assert header[:3] == (b"PENTATBL", 2, STATES)
    assert header[3:6] == (12, 18, 3)  # the step 2**-12, the fine step, three planes
    assert len(data) <= 420_000  # 2,145,808 bytes of float32 in format 1


def test_load_table_rejects_bad_files() -> None:
    data = TABLE_FILE.read_bytes()
    with pytest.raises(ValueError, match="bad magic"):
        load_table(b"NOTATABL" + data[8:])
    with pytest.raises(ValueError, match="format 1 is not supported"):
        load_table(struct.pack("<8sII", b"PENTATBL", 1, STATES) + bytes(4 * STATES))
    with pytest.raises(ValueError, match="format 3"):
        load_table(data[:8] + struct.pack("<I", 3) + data[12:])
    with pytest.raises(ValueError, match="cut short"):
        load_table(data[: len(data) // 2])
    with pytest.raises(ValueError, match="bytes after its end"):
        load_table(data + b"\0")
    damaged = bytearray(data)
    damaged[len(data) // 2] ^= 0x40
    with pytest.raises(ValueError, match="damaged"):
        load_table(bytes(damaged))
    with pytest.raises(ValueError, match="bad header"):
        load_table(data[:17] + b"\0" + data[18:])  # no fine step
    with pytest.raises(ValueError, match="too short"):
        load_table(b"PENTA")


def test_the_engine_reads_what_the_solver_writes(table: Table) -> None:
    values = table.values()  # every row decoded, in Python
    assert values == solver.read_values(TABLE_FILE.read_bytes()).tolist()  # numpy
    assert all(v * 2**18 == int(v * 2**18) for v in values[::997])


def test_index_enumerates_the_solver_order(table: Table) -> None:
    masks, uppers, flags = solver.table_states()
    assert len(masks) == len(table) == STATES
    index = table.index
    states = zip(masks.tolist(), uppers.tolist(), flags.tolist(), strict=True)
    positions = [index(m, u, f) for m, u, f in states]
    assert positions == list(range(STATES))


def test_unreachable_states_are_refused(table: Table) -> None:
    with pytest.raises(ValueError, match="not reachable"):
        table.value({Box.ACES}, 6)  # Aces alone score at most 5
    with pytest.raises(ValueError, match="not reachable"):
        table.value(0, 3)  # no upper box used yet
    with pytest.raises(ValueError, match="cannot hold 50 while it is free"):
        table.value(0, 0, True)


def test_finished_sheet_is_worth_nothing(table: Table) -> None:
    for upper, flag in product((0, 17, 63), (False, True)):
        assert table.value(set(BOXES), upper, flag) == 0.0


def test_upper_total_is_capped(table: Table) -> None:
    used = {Box.FIVES, Box.SIXES, Box.FOURS}
    assert table.value(used, 70) == table.value(used, 63)


def test_value_accepts_masks_and_box_sets(table: Table) -> None:
    used = {Box.ACES, Box.PENTA, Box.CHANCE}
    assert table.value(used, 3, True) == table.value(mask_of(used), 3, True)
    assert table.value(used, 3, True) != table.value(used, 3, False)


# --- the table against a fresh computation --------------------------------------------


def _sample_states(n: int, seed: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    masks, uppers, flags = solver.table_states()
    picks = [(0, 0, 0)]  # the start
    # States where the joker and both bonuses are in play: Penta box 50, upper near 63.
    picks += [(mask_of([Box.PENTA, Box.SIXES, Box.FIVES]), 50, 1), (mask_of([Box.PENTA]), 0, 0)]
    picks += [(mask_of(set(BOXES) - {Box.FOURS, Box.CHANCE}), 60, 1)]
    while len(picks) < n:
        i = rng.randrange(len(masks))
        picks.append((int(masks[i]), int(uppers[i]), int(flags[i])))
    return picks


@pytest.mark.parametrize("state", _sample_states(20, seed=11))
def test_table_matches_the_solver(
    state: tuple[int, int, int], table: Table, dense: np.ndarray
) -> None:
    mask, upper, flag = state
    recomputed = solver.state_values(
        dense, np.array([mask]), np.array([upper]), np.array([flag]), "ours"
    )[0]
    assert table.value(mask, upper, flag) == pytest.approx(recomputed, abs=2 * QUANTUM)


def test_start_value(table: Table, dense: np.ndarray) -> None:
    start = solver.state_values(dense, np.array([0]), np.array([0]), np.array([0]))[0]
    assert start == pytest.approx(254.4848, abs=QUANTUM + 5e-5)
    assert table.value(0, 0) == pytest.approx(254.4848, abs=QUANTUM + 5e-5)


# --- the pure-Python turn evaluation ----------------------------------------------------


@pytest.mark.parametrize(
    "state",
    [
        SheetState.start(),
        SheetState(mask_of([Box.PENTA, Box.ACES]), 3, 50),  # jokers with a bonus
        SheetState(mask_of([Box.PENTA, Box.ACES]), 3, 0),  # a Penta is an ordinary roll
        SheetState(mask_of(set(BOXES) - {Box.TWOS, Box.FULL_HOUSE, Box.SIXES}), 51, 50),
    ],
)
def test_turn_evaluation_reproduces_the_table(state: SheetState, table: Table) -> None:
    expected = TurnValues(table, state).expected()
    assert expected == pytest.approx(table.state_value(state), abs=2 * QUANTUM)


def test_keep_value_is_the_average_over_the_reroll(table: Table) -> None:
    state = SheetState(mask_of([Box.ACES, Box.CHANCE]), 2, None)
    turn = TurnValues(table, state)
    outcomes = list(product(range(1, 7), repeat=2))
    # With no re-roll after it: the best box's expected total, averaged over 36 outcomes.
    by_box = [max(v.expected for v in turn.box_values((6, 6, 6, *o))) for o in outcomes]
    assert turn.keep_value((6, 6, 6), 1) == pytest.approx(sum(by_box) / 36, abs=1e-9)
    # With one more re-roll after it: the best of boxes and keeps for each outcome.
    best = []
    for o in outcomes:
        dice = (6, 6, 6, *o)
        boxes = max(v.expected for v in turn.box_values(dice))
        best.append(max(boxes, *turn.keep_values(dice, 1).values()))
    assert turn.keep_value((6, 6, 6), 2) == pytest.approx(sum(best) / 36, abs=1e-9)


def test_keep_values_list_every_distinct_proper_keep(table: Table) -> None:
    turn = TurnValues(table, SheetState.start())
    keeps = turn.keep_values((1, 1, 2, 3, 3), 2)
    assert len(keeps) == 3 * 2 * 3 - 1  # 0-2 ones × 0-1 two × 0-2 threes, minus all five
    assert () in keeps and (1, 1, 2, 3) in keeps and (1, 1, 2, 3, 3) not in keeps
    with pytest.raises(ValueError, match="rolls_left"):
        turn.keep_values((1, 1, 2, 3, 3), 0)


def test_box_values_follow_the_joker_rule(table: Table) -> None:
    state = SheetState(mask_of([Box.PENTA, Box.ACES]), 2, 50)
    fours = TurnValues(table, state).box_values((4, 4, 4, 4, 4))
    assert [(v.box, v.points, v.penta_bonus) for v in fours] == [(Box.FOURS, 20, PENTA_BONUS)]
    nxt = state.after(Box.FOURS, 20)
    assert fours[0].expected == pytest.approx(120 + table.state_value(nxt))
    # After a sacrificed Penta box the same dice go anywhere, with no bonus.
    zero = SheetState(mask_of([Box.PENTA, Box.ACES]), 2, 0)
    plain = TurnValues(table, zero).box_values((4, 4, 4, 4, 4))
    assert {v.box for v in plain} == set(BOXES) - {Box.PENTA, Box.ACES}
    assert all(v.penta_bonus == 0 for v in plain)
    assert {v.box: v.points for v in plain}[Box.LARGE_STRAIGHT] == 0


def test_upper_bonus_is_counted_when_reached(table: Table) -> None:
    state = SheetState(mask_of(set(BOXES[:5])), 45, None)
    sixes = {v.box: v for v in TurnValues(table, state).box_values((6, 6, 6, 1, 2))}
    assert (sixes[Box.SIXES].points, sixes[Box.SIXES].upper_bonus) == (18, 35)
    assert sixes[Box.CHANCE].upper_bonus == 0


@pytest.mark.parametrize(
    "state",
    [
        SheetState(mask_of([Box.PENTA, Box.THREES, Box.CHANCE]), 9, 50),
        SheetState(mask_of([Box.PENTA, Box.THREES, Box.CHANCE]), 9, 0),
        SheetState(mask_of([Box.FIVES, Box.LARGE_STRAIGHT]), 20, None),
    ],
)
def test_final_values_agree_with_box_values(state: SheetState, table: Table) -> None:
    turn = TurnValues(table, state)
    rolls = strategy._dice().rolls
    for r, dice in enumerate(rolls):
        assert turn.final[r] == pytest.approx(max(v.expected for v in turn.box_values(dice)))


# --- states and the player -----------------------------------------------------------------


def test_sheet_state_from_sheet() -> None:
    sheet: dict[Box, int | None] = dict.fromkeys(BOXES)
    sheet.update({Box.THREES: 9, Box.SIXES: 24, Box.PENTA: 50, Box.CHANCE: 22})
    state = SheetState.from_sheet(sheet)
    assert state == SheetState(mask_of([Box.THREES, Box.SIXES, Box.PENTA, Box.CHANCE]), 33, 50)
    assert state.key == (state.used, 33, 1)
    assert state.free == frozenset(BOXES) - {Box.THREES, Box.SIXES, Box.PENTA, Box.CHANCE}


@pytest.mark.parametrize(
    ("used", "upper", "penta", "message"),
    [
        ([Box.ACES], 6, None, "cannot be scored"),
        ([Box.TWOS], 3, None, "cannot be scored"),
        ([], 1, None, "cannot be scored"),
        ([Box.PENTA], 0, None, "exactly when the Penta box is free"),
        ([], 0, 50, "exactly when the Penta box is free"),
        ([Box.PENTA], 0, 25, "holds 0 or 50"),
    ],
)
def test_sheet_state_rejects_inconsistent_sheets(
    used: list[Box], upper: int, penta: int | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        SheetState(mask_of(used), upper, penta)


def test_state_after_a_box() -> None:
    state = SheetState.start().after(Box.FIVES, 15).after(Box.PENTA, 50)
    assert state == SheetState(mask_of([Box.FIVES, Box.PENTA]), 15, 50)
    with pytest.raises(ValueError, match="already used"):
        state.after(Box.FIVES, 5)


def test_best_box_and_keep(table: Table) -> None:
    player = Strategy(table)
    start = SheetState.start()
    assert player.best_box(start, (2, 3, 4, 5, 6)) is Box.LARGE_STRAIGHT
    assert player.best_keep(start, (6, 2, 3, 4, 5), 2) == (2, 3, 4, 5, 6)  # stop and record
    assert player.best_keep(start, (6, 6, 6, 1, 2), 2) == (6, 6, 6)
    with pytest.raises(ValueError, match="rolls_left"):
        player.best_keep(start, (6, 6, 6, 1, 2), 0)


def test_best_box_equals_the_best_box_value(table: Table) -> None:
    player = Strategy(table)
    rng = random.Random(5)
    for _ in range(30):
        used = rng.sample(BOXES, rng.randrange(13))
        upper = sum(b.face * rng.randrange(6) for b in used if b.upper)
        state = SheetState(mask_of(used), upper, 50 if Box.PENTA in used else None)
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        values = player.turn(state).box_values(dice)
        best = player.best_box(state, dice)
        assert best in box_options(dice, state.free, state.penta_box)
        top = max(v.expected for v in values)
        assert {v.box: v.expected for v in values}[best] >= top - strategy.TIE


def test_turn_evaluations_are_cached(table: Table) -> None:
    player = Strategy(table, cache_size=2)
    a, b, c = (SheetState(mask_of([box]), 0, None) for box in (Box.ACES, Box.TWOS, Box.CHANCE))
    first = player.turn(a)
    assert player.turn(a) is first
    player.turn(b)
    player.turn(c)  # evicts a, the least recently used
    assert player.turn(a) is not first


def test_finished_sheet_has_no_turn(table: Table) -> None:
    done = SheetState(mask_of(BOXES), 0, 0)
    with pytest.raises(ValueError, match="no turn"):
        TurnValues(table, done)


# --- every decision as the float table's ---------------------------------------------
#
# ``tools/penta_solver.py`` compares every decision of every state when it writes the
# table. Here, a sample: the float32 table's values around 12 states that would decide
# otherwise were every value rounded to 2**-12 (without the finer ones) and 4 others
# (``python tools/penta_solver.py --sample tests/penta_float_sample.npz``), against the
# shipped table: the box for every final roll, the keep with one and two re-rolls left.

SAMPLE = ROOT / "tests" / "penta_float_sample.npz"


def _sample(table: Table) -> tuple[list[SheetState], FloatValues]:
    sample = np.load(SAMPLE)
    masks, uppers, flags = solver.table_states()
    states = []
    for i in sample["states"].tolist():
        mask, upper, flag = int(masks[i]), int(uppers[i]), int(flags[i])
        penta = (50 if flag else 0) if mask >> strategy.PENTA_BIT & 1 else None
        states.append(SheetState(mask, upper, penta))
    return states, FloatValues(table, sample["positions"], sample["values"])


def test_every_decision_of_the_sample_is_the_float_tables(table: Table) -> None:
    states, floats = _sample(table)
    assert len(states) == 16
    for state in states:
        assert decisions(table, state) == decisions(floats, state), state


def test_the_finer_values_are_needed() -> None:
    # Every value rounded to 2**-12, the first sampled states decide otherwise: the test
    # above can fail.
    rounded = read_packaged_table()
    rounded._fixes.clear()
    states, floats = _sample(rounded)
    for state in states[:3]:
        assert decisions(rounded, state) != decisions(floats, state), state
