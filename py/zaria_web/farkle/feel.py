"""Farkle's sounds and celebrations (the choices both games share are in
:mod:`zaria_web.play.feel`).

A roll rattles, a die set aside clicks, a bank chimes and a lost turn falls. Hot
dice play a flourish when the die that makes them is set aside (celebrated for a
person; the computer sets its dice aside all at once: :func:`computer_held`).
"""

from __future__ import annotations

from typing import Any

from zaria.farkle.events import EventKind
from zaria.farkle.game import Bank, FarkleGame, Roll, Toggle
from zaria_web.play import feel
from zaria_web.runtime.effects import Effects


def felt(game: FarkleGame, action: Any, seat: int, real_dice: bool, out: Effects) -> None:
    """The sound and celebration of ``action``, just played by ``seat``."""
    computer = game.seats[seat].computer
    kinds = {e.kind for e in game.events}
    if isinstance(action, Roll):
        if EventKind.LOST_TURN in kinds:
            out.sound("bust", soft=computer)
        elif not real_dice:
            out.sound("roll", soft=computer)
    elif isinstance(action, Toggle):
        # Hot dice now means they were not before: every die is set aside only now.
        if game.hot_dice_pending():
            out.sound("streak", soft=computer)
            if not computer:
                out.celebrate("streak", says="farkle.feel.hot")
        else:
            out.sound("hold", soft=computer)
    elif isinstance(action, Bank):
        out.sound("score", soft=computer)
    if game.over:
        feel.ended(game, out)


def computer_held(game: FarkleGame, out: Effects) -> None:
    """The computer set its dice aside: a flourish, softly, when they are hot dice
    (the app plays it rather than the click of the hold)."""
    if game.hot_dice_pending():
        out.sound("streak", soft=True)
