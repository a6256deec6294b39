"""Scandinavian Yatzy, a game of the five-dice family played by Penta's package
(:mod:`zaria_web.yatzy.game`)."""
