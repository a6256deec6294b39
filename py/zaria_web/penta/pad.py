"""Penta with real dice: the score pad (see :mod:`zaria_web.play.pad`).

After each throw the player enters the five dice, or only the ones thrown again
(the held ones stay); the boxes, the joker, the bonuses and the sacrifice apply
as in the app's own dice. There is no auto-record.
"""

from __future__ import annotations

from zaria.penta.game import PentaGame
from zaria_web.penta.screen import PentaScreen
from zaria_web.play.pad import PadScreen


class PentaPad(PadScreen[PentaGame], PentaScreen):
    """Penta's score pad."""

    name = "penta-pad"
    game_name = "penta"

    def _start_countdown(self, setting: str | None = None) -> None:
        self.countdown = None  # nobody at a real table waits on a timer
