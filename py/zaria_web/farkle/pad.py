"""Farkle with real dice: the score pad (see :mod:`zaria_web.play.pad`).

The player enters the thrown dice (six, or the dice left), taps the ones set
aside, and banks or throws again; a throw that scores nothing is a lost turn at
once, hot dice and the last round follow the rules in force. The coach, when
asked, names the set-aside and the choice Expert would make (Master's, for the
rules it has a table for and once it is downloaded), with the risk of the next throw.
"""

from __future__ import annotations

from zaria.farkle import players
from zaria.farkle.game import FarkleGame
from zaria_web.farkle.screen import EXPERT_BUILT, MASTER_FILES, FarkleScreen
from zaria_web.play.pad import PadScreen
from zaria_web.widgets import dice_text


class FarklePad(PadScreen[FarkleGame], FarkleScreen):
    """Farkle's score pad."""

    name = "farkle-pad"
    game_name = "farkle"
    resumed_note = None

    def digits_pick_dice(self) -> bool:
        # A throw on the table: the digits set its dice aside, as the dice show.
        return self.game is not None and self.game.roll is not None

    def _needs_expert(self) -> bool:
        game = self.game
        return self.coach_on and game is not None and game.rules not in EXPERT_BUILT

    def coach_text(self) -> str | None:
        """The coach's advice for the throw on the table, once asked for."""
        game = self.live()
        if not self.coach_on or game is None or game.roll is None or not self.human_turn():
            return None
        master = MASTER_FILES.get(game.rules)
        if master is not None and master.ready:
            player: players.ComputerPlayer = players.player_for("master", game.rules)
        elif game.rules in EXPERT_BUILT:
            player = players.player_for("expert", game.rules)
        else:
            return self.ctx.tr("common.computer_preparing")
        plan = player.plan(game)
        after = _with_selection(game, plan.keep)
        tr = self.ctx.tr
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
