"""A strategy table's decisions against the float values the solver wrote beside it
(``tests/<rules>_float_sample.npz``): the values read as a table's, and every
decision of a state (the box for each final roll, the keep with one and two re-rolls
left) by a player reading either."""

from __future__ import annotations

import numpy as np

import zaria.penta.strategy as strategy
from zaria.penta.strategy import SheetState, Strategy, Table


class FloatValues(Table):
    """The float table's values of a sample, read as a table's."""

    def __init__(self, table: Table, positions: np.ndarray, values: np.ndarray) -> None:
        self._table = table
        self.rules = table.rules
        self._at = dict(zip(positions.tolist(), values.astype(np.float64).tolist(), strict=True))

    def value(self, used: object, upper: int, penta50: bool | int = False) -> float:
        assert isinstance(used, int)
        return self._at[self._table.index(used, upper, penta50)]


def decisions(values: Table, state: SheetState) -> list[object]:
    """Every decision of ``state`` by the optimal player reading ``values``."""
    player = Strategy(values)
    out: list[object] = []
    for dice in strategy._dice().rolls:
        out.append(player.best_box(state, dice))
        out.append(player.best_keep(state, dice, 1))
        out.append(player.best_keep(state, dice, 2))
    return out
