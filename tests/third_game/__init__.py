"""A third game, defined here alone and added to the app through its registry of
games: Climb, one die, roll or stop (:mod:`third_game.engine`).

It is the proof that a game is a plug-in: its engine, its part of the game screen
with its views (:mod:`third_game.screen`), its rules page, its figures in the
statistics and its self-check are this package's, its words are :data:`MESSAGES`,
and :data:`GAME` is its one registry entry.
"""

from __future__ import annotations

from zaria_web.games import Registered

#: Its registry entry: the package holding it, and the die face of its card.
GAME = Registered("climb", "third_game", art=3)

#: Its words, in English (the other languages fall back to them).
MESSAGES = {
    "game.climb": "Climb",
    "game.climb.desc": "One die: roll or stop",
    "climb.setup.title": "New game of Climb",
    "climb.turn": "{name}’s turn, round {n} of {of}",
    "climb.points": "Points this turn: {points}",
    "climb.die": "The die shows {value}",
    "climb.roll": "Roll",
    "climb.stop": "Stop",
    "climb.again": "Play again",
    "climb.end.winners": "Winner: {names}",
    "climb.log.round": "Round {n}",
    "climb.log.roll": "Rolled {face}",
    "climb.log.bust": "A one: the turn’s points are lost",
    "climb.log.bank": "Banked {points}",
    "climb.log.taken_back": "Took back the bank",
    "rules.climb.short": "In short",
    "rules.climb.text": "Roll the die as often as you like: each roll adds its face, a one "
    "loses the turn’s points. Stop to bank them. After three rounds the highest total wins.",
    "stats.col.ones": "Ones rolled",
    "stats.players_note.climb": "Ones rolled: the turns lost to a one.",
    "err.climb.stop": "Roll once before stopping",
    "err.climb.hold": "The die is never held",
}
