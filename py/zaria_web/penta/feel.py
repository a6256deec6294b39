"""Penta's sounds and celebrations (the choices both games share are in
:mod:`zaria_web.play.feel`).

A roll rattles and a hold clicks; a record chimes, and a Penta (the Penta box at
50, or a joker's 100 bonus) plays a flourish instead, celebrated for a person, as
is the record that takes the upper section to 63.
"""

from __future__ import annotations

from typing import Any

from zaria.penta.game import PentaGame, Record, Roll, Toggle
from zaria.penta.scoring import PENTA_SCORE, UPPER, UPPER_BONUS_THRESHOLD, Box
from zaria.penta.state import Scored
from zaria_web.play import feel
from zaria_web.runtime.effects import Effects


def is_penta(scored: Scored) -> bool:
    """Whether a record scored a Penta: 50 in its box, or a joker's bonus."""
    return (scored.box is Box.PENTA and scored.points == PENTA_SCORE) or scored.bonus > 0


def reached_bonus(game: PentaGame, scored: Scored) -> bool:
    """Whether the record ``scored`` took its seat's upper section to the bonus."""
    upper = game.totals(scored.seat).upper
    return scored.box in UPPER and upper - scored.points < UPPER_BONUS_THRESHOLD <= upper


def felt(game: PentaGame, action: Any, seat: int, real_dice: bool, out: Effects) -> None:
    """The sound and celebration of ``action``, just played by ``seat``."""
    computer = game.seats[seat].computer
    if isinstance(action, Roll) and not real_dice:
        out.sound("roll", soft=computer)
    elif isinstance(action, Toggle):
        out.sound("hold", soft=computer)
    elif isinstance(action, Record) and game.last_scored is not None:
        scored = game.last_scored
        penta = is_penta(scored)
        out.sound("fanfare" if penta else "score", soft=computer)
        if penta and not computer:
            out.celebrate("jackpot", says="penta.feel.jackpot")
        if reached_bonus(game, scored) and not computer:
            out.celebrate("milestone", says="penta.feel.bonus")
    if game.over:
        feel.ended(game, out)
