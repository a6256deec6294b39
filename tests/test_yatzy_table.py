"""Yatzy's strategy table, as shipped (``zaria/data/yatzy_table.bin``, written and
proved by ``tools/penta_solver.py --rules yatzy --sample``): its header, its start
value (the published optimum, 248.44), every decision of 20 states as the float
table's (``tests/yatzy_float_sample.npz``), and the optimal player reading it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import zaria.penta.strategy as strategy
from float_sample import FloatValues, decisions
from zaria.penta.players import OptimalPlayer
from zaria.penta.strategy import SheetState, Strategy, read_packaged_table
from zaria.yatzy import YATZY, YatzyBox

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "py" / "zaria" / "data" / YATZY.table_file


def _load_solver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("penta_solver", ROOT / "tools/penta_solver.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


solver = _load_solver()


def test_the_shipped_table_is_yatzy_s() -> None:
    data = TABLE.read_bytes()
    header = strategy.HEADER.unpack_from(data)
    assert header[:3] == (b"PENTATBL", 2, len(solver.layout(YATZY).table_states()[0]))
    assert header[6] == YATZY.table_code
    assert len(data) < 1_000_000


def test_the_start_value_is_the_published_optimum() -> None:
    table = read_packaged_table(YATZY)
    step = 2.0 ** -strategy.HEADER.unpack_from(TABLE.read_bytes())[3]
    assert table.state_value(SheetState.start(YATZY)) == pytest.approx(248.44, abs=step + 5e-5)
    assert solver.PUBLISHED["yatzy"] == 248.44


def test_twenty_states_decide_as_the_float_table() -> None:
    table = read_packaged_table(YATZY)
    sample = np.load(solver.sample_path(YATZY))
    masks, uppers, flags = solver.layout(YATZY).table_states()
    floats = FloatValues(table, sample["positions"], sample["values"])
    states = []
    for i in sample["states"].tolist():
        mask, upper, flag = int(masks[i]), int(uppers[i]), int(flags[i])
        held = (50 if flag else 0) if mask >> (YATZY.rounds - 1) & 1 else None
        states.append(SheetState(mask, upper, held, YATZY))
    assert len(states) == 20
    for state in states:
        assert decisions(table, state) == decisions(floats, state), state


def test_the_optimal_player_keeps_four_sixes_and_takes_a_small_straight() -> None:
    player = OptimalPlayer(Strategy(read_packaged_table(YATZY)))
    start = SheetState.start(YATZY)
    assert player.keep(start, (6, 6, 6, 6, 2), 2) == (6, 6, 6, 6)
    assert player.box(start, (1, 2, 3, 4, 5)) is YatzyBox.SMALL_STRAIGHT
