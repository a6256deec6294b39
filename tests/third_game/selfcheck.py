"""A few of Climb's rules end to end, for the page's self-check."""

from __future__ import annotations

from third_game.engine import ClimbGame, Roll, Stop
from zaria.game import Seat


def checks() -> list[tuple[str, object, object]]:
    game = ClimbGame.new([Seat("Ann")])
    game.apply(Roll((5,)))
    game.apply(Stop())
    return [("climb bank", game.totals, [5])]
