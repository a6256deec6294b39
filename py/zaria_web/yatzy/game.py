"""Yatzy as a game of the five-dice family: its rules value, played by Penta's package.

Scandinavian Yatzy (:data:`zaria.yatzy.YATZY`) has no house rules; its daily dice
and duels are played by them too. Its statistics draw a player's final scores
against its optimal player's (``zaria/data/yatzy_optimal_scores.json``, written by
``python tools/penta_distribution.py --rules yatzy``).
"""

from __future__ import annotations

from zaria.yatzy import YATZY
from zaria_web.penta.member import Member

#: Yatzy, for the family's screen, figures and challenges.
YATZY_GAME = Member("yatzy", (YATZY,), "yatzy_optimal_scores.json")
