"""Yatzy's screen: the family's (:mod:`zaria_web.penta.screen`) for Yatzy's rules.

Everything the family's screen does, Yatzy's does: the optimal computer and the
coach from its strategy table (``data/yatzy_table.bin``, downloaded when a game
first needs it), the review at the end, the score pad, the daily dice and duels.
"""

from __future__ import annotations

from zaria_web.penta.screen import spec_for
from zaria_web.yatzy.game import YATZY_GAME

#: Yatzy, for the shared game screen.
SPEC = spec_for(YATZY_GAME)
