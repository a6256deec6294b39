"""Every five-dice member's strategy table: its file, its start value, its decisions.

Each member's table is written by ``tools/penta_solver.py`` (``python
tools/penta_solver.py --rules printed --sample``). Here: the engine reads every
member's layout as the solver writes it (Yatzy's too), each committed file is its
member's and starts at the published optimum, and the optimal player's every decision
in 20 states (the box for each of the 252 final rolls, the keep with one and two
re-rolls left) is the float table's (``tests/<rules>_float_sample.npz``).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import zaria.penta.strategy as strategy
from float_sample import FloatValues, decisions
from zaria.penta.players import OptimalPlayer
from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA, PRINTED
from zaria.penta.strategy import (
    SheetState,
    Strategy,
    load_table,
    read_packaged_table,
    row_shape,
)
from zaria.yatzy import YATZY, YatzyBox

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "py" / "zaria" / "data"
#: The new members whose tables are in ``zaria/data``.
NEW = [PRINTED, YATZY]
#: The most bytes each one's table may take: the printed rules' 400 kB; Yatzy's holds
#: 2.7 times as many values (15 boxes), and at the same step its file is 979 kB.
LARGEST = {"printed": 400_000, "yatzy": 1_000_000}


def _load_solver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("penta_solver", ROOT / "tools/penta_solver.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


solver = _load_solver()


def test_each_member_s_layout() -> None:
    assert row_shape(PENTA) == row_shape(PRINTED) == (3, 64)
    assert row_shape(YATZY) == (2, 256)  # no joker: the Yatzy box free or used
    sizes = {r.id: len(solver.layout(r).table_states()[0]) for r in (PENTA, PRINTED, YATZY)}
    assert sizes == {"penta": 536_448, "printed": 536_448, "yatzy": 1_430_528}


@pytest.mark.parametrize("rules", [PENTA, PRINTED, YATZY], ids=lambda r: r.id)
def test_the_engine_reads_any_members_layout_as_the_solver_writes_it(rules: Rules) -> None:
    lay = solver.layout(rules)
    masks, uppers, flags = lay.table_states()
    rng = np.random.default_rng(3)
    # values shaped like a table's: fewer boxes used, more to come
    used = np.array([m.bit_count() for m in masks.tolist()])
    values = (rules.rounds - used) * 19.0 + uppers / 7 + flags * 3 + rng.random(len(masks))
    fixes = np.sort(rng.choice(len(values), 50, replace=False))
    data = solver.table_bytes(values, fixes, 12, lay)
    table = load_table(data, rules)
    assert table.values() == solver.read_values(data, lay).tolist()
    picked = zip(masks[::97].tolist(), uppers[::97].tolist(), flags[::97].tolist(), strict=True)
    positions = [table.index(m, u, f) for m, u, f in picked]
    assert positions == list(range(0, len(masks), 97))
    for other in {PENTA, PRINTED, YATZY} - {rules}:
        with pytest.raises(ValueError):
            load_table(data, other)


@pytest.mark.parametrize("rules", NEW, ids=lambda r: r.id)
def test_the_committed_table_is_the_member_s_and_small(rules: Rules) -> None:
    data = (DATA / rules.table_file).read_bytes()
    header = strategy.HEADER.unpack_from(data)
    assert header[:3] == (b"PENTATBL", 2, len(solver.layout(rules).table_states()[0]))
    assert header[6] == rules.table_code
    assert len(data) <= LARGEST[rules.id]


@pytest.mark.parametrize(("rules", "published"), [(PRINTED, 254.5877), (YATZY, 248.4400)])
def test_the_start_value_is_the_published_optimum(rules: Rules, published: float) -> None:
    table = read_packaged_table(rules)
    step = 2.0 ** -strategy.HEADER.unpack_from((DATA / rules.table_file).read_bytes())[3]
    assert table.state_value(SheetState.start(rules)) == pytest.approx(published, abs=step + 5e-5)
    assert solver.PUBLISHED[rules.id] == published


# --- every decision of 20 states as the float table's --------------------------------------


@pytest.mark.parametrize("rules", NEW, ids=lambda r: r.id)
def test_twenty_states_decide_as_the_float_table(rules: Rules) -> None:
    table = read_packaged_table(rules)
    sample = np.load(solver.sample_path(rules))
    masks, uppers, flags = solver.layout(rules).table_states()
    floats = FloatValues(table, sample["positions"], sample["values"])
    states = []
    for i in sample["states"].tolist():
        mask, upper, flag = int(masks[i]), int(uppers[i]), int(flags[i])
        held = (50 if flag else 0) if mask >> (rules.rounds - 1) & 1 else None
        states.append(SheetState(mask, upper, held, rules))
    assert len(states) == 20
    for state in states:
        assert decisions(table, state) == decisions(floats, state), state


def test_yatzy_s_optimal_player_keeps_four_sixes_and_takes_a_small_straight() -> None:
    player = OptimalPlayer(Strategy(read_packaged_table(YATZY)))
    start = SheetState.start(YATZY)
    assert player.keep(start, (6, 6, 6, 6, 2), 2) == (6, 6, 6, 6)
    assert player.box(start, (1, 2, 3, 4, 5)) is YatzyBox.SMALL_STRAIGHT
