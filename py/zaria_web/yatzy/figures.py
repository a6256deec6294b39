"""Yatzy's own figures in the statistics: the family's (:mod:`zaria_web.penta.figures`),
its Yatzys (50 in the Yatzy box) in their column."""

from __future__ import annotations

from zaria_web.penta.figures import STORED, SUMMED, Figures, cells, summary_rows
from zaria_web.yatzy.game import YATZY_GAME

__all__ = ["STORED", "SUMMED", "cells", "summary_rows"]

_FIGURES = Figures(YATZY_GAME, column="yatzys")
#: The players table's own columns (``stats.col.*``) and the note under it.
COLUMNS = _FIGURES.COLUMNS
NOTE = _FIGURES.NOTE
count_log = _FIGURES.count_log
target = _FIGURES.target
chart = _FIGURES.chart
DEFAULT_RULES_ID = _FIGURES.DEFAULT_RULES_ID
canonical_rules = _FIGURES.canonical_rules
counted = _FIGURES.counted
rules_label = _FIGURES.rules_label
