"""A third game, defined here alone and added to the app through its registry of
games: Climb, one die, roll or stop (:mod:`third_game.engine`).

It is the proof that a game is a plug-in: its engine, its part of the game screen
with its views (:mod:`third_game.screen`), its rules page, its figures in the
statistics and its self-check are this package's, and so are its words
(:mod:`third_game.words`, merged into the catalogues when it is registered);
:data:`GAME` is its one registry entry.
"""

from __future__ import annotations

from zaria_web.games import Registered

#: Its registry entry: the package holding it, and the die face of its card.
GAME = Registered("climb", "third_game", art=3)
