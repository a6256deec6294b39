"""Farkle with real dice: the score pad's coach (the pad itself is a mode of the
game screen, see :mod:`zaria_web.play.pad`).

The player enters the thrown dice (six, or the dice left), taps the ones set
aside, and banks or throws again; a throw that scores nothing is a lost turn at
once, hot dice and the last round follow the rules in force. The coach, when
asked, names the set-aside and the choice Expert would make (Master's, for the
rules it has a table for and once it is downloaded), with the risk of the next throw.
"""

from __future__ import annotations

from zaria.farkle import players
from zaria.farkle.game import FarkleGame
from zaria.i18n import Translator
from zaria_web.ui.widgets import dice_text


def pad_coach(tr: Translator, game: FarkleGame, master: bool, expert: bool) -> str | None:
    """The coach's advice for the throw on the table (None without one): Master's
    when its table is here (``master``), else Expert's once its tables are built
    (``expert``), else a word that the computer is being prepared."""
    if game.roll is None:
        return None
    if master:
        player: players.ComputerPlayer = players.player_for("master", game.rules)
    elif expert:
        player = players.player_for("expert", game.rules)
    else:
        return tr("common.computer_preparing")
    plan = player.plan(game)
    after = _with_selection(game, plan.keep)
    dice = dice_text(sorted(game.roll[i] for i in plan.keep))
    if plan.bank:
        return tr("pad.coach.bank", dice=dice, points=after.turn_points())
    return tr(
        "pad.coach.throw",
        dice=dice,
        n=after.dice_to_roll(),
        risk=tr.percent(after.bust_risk()),
    )


def _with_selection(game: FarkleGame, keep: tuple[int, ...]) -> FarkleGame:
    """A copy of ``game`` with exactly the dice at ``keep`` set aside."""
    after = game.copy()
    for i in sorted(set(after.selected) ^ set(keep)):
        after.toggle(i)
    return after
