"""What both games' sounds and celebrations share: the end of a game.

Each game's own moments are in :mod:`zaria_web.penta.feel` and
:mod:`zaria_web.farkle.feel`. The choices, the same in both:

- every move sounds (a roll, a hold, a score or a bank, a bust), the computer's at
  half the volume; a score pad's throws do not (the dice are real, and heard);
- celebrations are for people: a computer's Penta or hot dice only sounds;
- a win is celebrated when a person wins (or shares the win) a game of two or more
  players, whoever played last; a game played alone just ends.
"""

from __future__ import annotations

from typing import Any

from zaria.game import Game
from zaria_web.runtime.effects import Effects


def ended(game: Game[Any], out: Effects) -> None:
    """The game just ended: the win flourish and celebration, when a person won."""
    if len(game.seats) < 2:
        return
    winners = game.outcome()
    if winners is not None and any(not game.seats[w].computer for w in winners.winners):
        out.sound("win")
        out.celebrate("win")
