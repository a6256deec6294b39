"""The optimal player's final scores shipped for the statistics screen."""

from __future__ import annotations

import json
import math
from importlib.resources import files

from zaria.penta.strategy import SheetState, read_packaged_table
from zaria_web.penta import optimal

RAW = (files("zaria") / "data" / optimal.FILE).read_bytes()
DATA = json.loads(RAW)


def test_the_shipped_file_loads() -> None:
    dist = optimal.load()
    assert dist is not None and dist == optimal.parse(RAW)
    assert dist.games >= 20_000


def test_the_counts_add_up_and_agree_with_the_mean_and_spread() -> None:
    dist = optimal.parse(RAW)
    assert sum(dist.counts) == dist.games == DATA["games"]
    # From the bins alone (each game at its bin's middle) the mean and the standard
    # deviation are within a bin's width of the exact ones written beside them.
    mid = [(i + 0.5) * dist.width for i in range(len(dist.counts))]
    mean = sum(m * c for m, c in zip(mid, dist.counts, strict=True)) / dist.games
    var = sum((m - mean) ** 2 * c for m, c in zip(mid, dist.counts, strict=True)) / dist.games
    assert abs(mean - dist.mean) < dist.width / 2
    assert abs(math.sqrt(var) - dist.sd) < dist.width / 2


def test_the_mean_is_the_strategy_tables_expectation() -> None:
    dist = optimal.parse(RAW)
    expected = read_packaged_table().state_value(SheetState.start())
    assert round(expected, 2) == 254.48
    standard_error = dist.sd / math.sqrt(dist.games)
    assert abs(dist.mean - expected) < 4 * standard_error
    assert 55 < dist.sd < 70
    assert 0.6 < DATA["upper_bonus_rate"] < 0.75 and 0.25 < DATA["penta_rate"] < 0.4


def test_no_game_scores_outside_what_the_sheet_allows() -> None:
    dist = optimal.parse(RAW)
    # The lowest possible optimal game is far above zero; the highest sheet is 1,575.
    assert dist.counts[0] == 0 and len(dist.counts) * dist.width <= 1_580
    assert dist.percentile(0.5) in range(240, 260)


def test_damaged_files_are_refused() -> None:
    import pytest

    for bad in (
        {**DATA, "format": 2},
        {**DATA, "games": DATA["games"] + 1},
        {**DATA, "counts": [*DATA["counts"][:-1], -1]},
        {**DATA, "bin": 0},
        {**DATA, "mean": "254"},
    ):
        with pytest.raises(ValueError):
            optimal.parse(json.dumps(bad))
