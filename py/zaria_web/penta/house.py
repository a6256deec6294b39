"""Penta's house rule: which member of the five-dice family a game plays.

Penta's own rules (the rules page's game: a joker only while the Penta box holds 50)
or the printed rules (what the American box says: a joker whenever the Penta box is
filled, with 50 or with 0). Both have the same thirteen boxes, the same upper bonus
(35 at 63) and the same +100 for a later Penta while the box holds 50; each is played
by the optimal player from its own strategy table (:attr:`~zaria.penta.rules.Rules.table_file`).

A rules id is the member's (:mod:`zaria.penta.members`); the statistics count the
rules page's game without one, as they did before the choice existed, and a duel
link names Penta's rules with an empty id, as links always have.

>>> [r.id for r in OFFERED], rules_of("printed").joker
(['penta', 'printed'], Joker.WHEN_FILLED)
>>> link_id(PENTA), rules_of("") is PENTA
('', True)
"""

from __future__ import annotations

from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA, PRINTED
from zaria_web.penta.member import Member

#: Penta as a game of the family: its rules and the printed rules, and the optimal
#: player's final scores under its own.
PENTA_GAME = Member("penta", (PENTA, PRINTED), "penta_optimal_scores.json")
#: The rules a game may be played by, the rules page's game first.
OFFERED: tuple[Rules, ...] = PENTA_GAME.offered
#: The rules page's game.
DEFAULT = PENTA_GAME.default


def rules_of(rules_id: object) -> Rules:
    """The offered rules called ``rules_id`` (``""``: Penta's, as a duel link names
    them); raises ValueError for any other."""
    return PENTA_GAME.rules_of(rules_id)


def link_id(rules: Rules) -> str:
    """The id a duel link carries for ``rules`` (Penta's: empty, as it always was)."""
    return PENTA_GAME.link_id(rules)


def label_key(rules: Rules) -> str:
    """The message naming ``rules`` (``penta.rules.penta``, ``penta.rules.printed``)."""
    return PENTA_GAME.label_key(rules)


def joker_key(rules: Rules) -> str:
    """The message saying when a Penta is a joker under ``rules`` (the form's words)."""
    return PENTA_GAME.joker_key(rules)
