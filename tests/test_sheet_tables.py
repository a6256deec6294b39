"""Every five-dice member's strategy table: its file, its start value, its decisions.

Each member's table is written by ``tools/penta_solver.py`` (``python
tools/penta_solver.py --rules printed``). Here: the engine reads every member's layout
as the solver writes it, and a table is refused by the other members.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA, PRINTED
from zaria.penta.strategy import (
    load_table,
    row_shape,
)
from zaria.yatzy import YATZY

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "py" / "zaria" / "data"


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
