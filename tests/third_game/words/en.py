"""Climb's words: English."""

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
