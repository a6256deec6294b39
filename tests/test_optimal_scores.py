"""The optimal player's final scores shipped for the statistics screen: Penta's and
Yatzy's, each from its own strategy table."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

import pytest

from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA
from zaria.penta.strategy import SheetState, read_packaged_table
from zaria.yatzy import YATZY
from zaria_web.penta import optimal
from zaria_web.penta.house import PENTA_GAME
from zaria_web.yatzy.game import YATZY_GAME


@dataclass(frozen=True)
class Shipped:
    """A member's shipped distribution and what its rules say it must hold."""

    rules: Rules
    file: str
    #: The table's start value, to two decimals (the published optimum).
    start: float
    #: The highest total its sheet allows, and the range its median must fall in.
    highest: int
    median: range
    sd: tuple[float, float]
    bonus_rate: tuple[float, float]
    five_rate: tuple[float, float]

    @property
    def raw(self) -> bytes:
        return (files("zaria") / "data" / self.file).read_bytes()

    @property
    def data(self) -> Any:
        return json.loads(self.raw)


SHIPPED = [
    Shipped(
        PENTA, optimal.FILE, 254.48, 1_575, range(240, 260),
        sd=(55, 70), bonus_rate=(0.6, 0.75), five_rate=(0.25, 0.4),
    ),
    # Yatzy's sheet at its highest: 105 above, the bonus of 50, then 12 + 22 + 18 + 24
    # + 15 + 20 + 28 + 30 + 50 below. Its bonus of 50 is worth chasing more often.
    Shipped(
        YATZY, "yatzy_optimal_scores.json", 248.44, 374, range(240, 260),
        sd=(30, 50), bonus_rate=(0.85, 0.95), five_rate=(0.3, 0.5),
    ),
]  # fmt: skip


@pytest.fixture(params=SHIPPED, ids=lambda s: s.rules.id)
def shipped(request: pytest.FixtureRequest) -> Shipped:
    result: Shipped = request.param
    return result


def test_each_game_names_its_own_file() -> None:
    assert PENTA_GAME.scores_file == optimal.FILE == SHIPPED[0].file
    assert YATZY_GAME.scores_file == SHIPPED[1].file


def test_the_shipped_file_loads(shipped: Shipped) -> None:
    dist = optimal.load(shipped.file)
    assert dist is not None and dist == optimal.parse(shipped.raw)
    assert dist.games >= 20_000


def test_the_counts_add_up_and_agree_with_the_mean_and_spread(shipped: Shipped) -> None:
    dist = optimal.parse(shipped.raw)
    assert sum(dist.counts) == dist.games == shipped.data["games"]
    # From the bins alone (each game at its bin's middle) the mean and the standard
    # deviation are within a bin's width of the exact ones written beside them.
    mid = [(i + 0.5) * dist.width for i in range(len(dist.counts))]
    mean = sum(m * c for m, c in zip(mid, dist.counts, strict=True)) / dist.games
    var = sum((m - mean) ** 2 * c for m, c in zip(mid, dist.counts, strict=True)) / dist.games
    assert abs(mean - dist.mean) < dist.width / 2
    assert abs(math.sqrt(var) - dist.sd) < dist.width / 2


def test_the_mean_is_the_strategy_tables_expectation(shipped: Shipped) -> None:
    dist = optimal.parse(shipped.raw)
    expected = read_packaged_table(shipped.rules).state_value(SheetState.start(shipped.rules))
    assert round(expected, 2) == shipped.start
    standard_error = dist.sd / math.sqrt(dist.games)
    assert abs(dist.mean - expected) < 4 * standard_error
    low, high = shipped.sd
    assert low < dist.sd < high
    data = shipped.data
    assert shipped.bonus_rate[0] < data["upper_bonus_rate"] < shipped.bonus_rate[1]
    assert shipped.five_rate[0] < data["penta_rate"] < shipped.five_rate[1]


def test_no_game_scores_outside_what_the_sheet_allows(shipped: Shipped) -> None:
    dist = optimal.parse(shipped.raw)
    # The lowest possible optimal game is far above zero.
    assert dist.counts[0] == 0 and (len(dist.counts) - 1) * dist.width <= shipped.highest
    assert dist.percentile(0.5) in shipped.median


def test_damaged_files_are_refused() -> None:
    data = SHIPPED[0].data
    for bad in (
        {**data, "format": 2},
        {**data, "games": data["games"] + 1},
        {**data, "counts": [*data["counts"][:-1], -1]},
        {**data, "bin": 0},
        {**data, "mean": "254"},
    ):
        with pytest.raises(ValueError):
            optimal.parse(json.dumps(bad))
