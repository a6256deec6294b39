"""Penta's sounds and celebrations (the choices both games share are in
:mod:`zaria_web.play.feel`).

A roll rattles and a hold clicks; a record chimes, and a Penta (the Penta box at
50, or a joker's 100 bonus) plays a flourish instead, celebrated for a person, as
is the record that takes the upper section to 63.
"""

from __future__ import annotations

from typing import Any

from zaria.penta.game import PentaGame, Record, Roll, Toggle
from zaria.penta.rules import Rules
from zaria.penta.state import Scored
from zaria_web.play import feel
from zaria_web.runtime.effects import Effects


def is_penta(scored: Scored, rules: Rules) -> bool:
    """Whether a record scored a five of a kind (a Penta): its box's full score, or
    a joker's bonus."""
    full = scored.box is rules.five_box and scored.points == rules.five_score
    return full or scored.bonus > 0


def reached_bonus(game: PentaGame, scored: Scored) -> bool:
    """Whether the record ``scored`` took its seat's upper section to the bonus."""
    upper, threshold = game.totals(scored.seat).upper, game.rules.upper_threshold
    return game.rules.is_upper(scored.box) and upper - scored.points < threshold <= upper


def felt(game: PentaGame, action: Any, seat: int, real_dice: bool, out: Effects) -> None:
    """The sound and celebration of ``action``, just played by ``seat``."""
    computer = game.seats[seat].computer
    if isinstance(action, Roll) and not real_dice:
        out.sound("roll", soft=computer)
    elif isinstance(action, Toggle):
        out.sound("hold", soft=computer)
    elif isinstance(action, Record) and game.last_scored is not None:
        scored = game.last_scored
        penta = is_penta(scored, game.rules)
        out.sound("fanfare" if penta else "score", soft=computer)
        if penta and not computer:
            out.celebrate("jackpot", says=f"{game.rules.game}.feel.jackpot")
        if reached_bonus(game, scored) and not computer:
            out.celebrate("milestone", says="penta.feel.bonus")
    if game.over:
        feel.ended(game, out)
