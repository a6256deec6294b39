"""A member of the five-dice family as a game of its own.

Penta's package plays every member of the family (:mod:`zaria.penta.rules`): its
screen, views, coach and review, optimal computer, score pad, challenges on
duplicate dice and figures are built for a :class:`Member`, the few values that
make a member a game of the registry. Penta is one (:data:`zaria_web.penta.house.PENTA_GAME`,
with the printed rules as its house rule); a member that is a game of its own has
a package of its own that builds them for its value (its ``screen.SPEC`` from
:func:`zaria_web.penta.screen.spec_for`) and brings its own words.

A member's words are its name's: ``<name>.box.<box>`` names each box of its sheet,
``<name>.setup.title`` its form, ``<name>.feel.jackpot`` its five of a kind,
``<name>.grader``, ``<name>.challenge.format`` and ``<name>.challenge.legend`` its
challenges, ``<name>.rules.<rules id>`` each rules it offers (and, with more than one,
``<name>.rules.joker.<rules id>`` on the form). Every other word of the table is the
family's (``penta.*``). Its element ids and classes are the family's too
(``#penta-roll``, ``.penta-head``): its screen is drawn by the same views and styled by
the same stylesheet.

>>> from zaria.penta.scoring import PENTA, PRINTED, Box
>>> m = Member("penta", (PENTA, PRINTED))
>>> m.default is PENTA, m.rules_of("") is PENTA, m.link_id(PRINTED)
(True, True, 'printed')
>>> box_key(PENTA, Box.ACES), m.word("setup.title")
('penta.box.aces', 'penta.setup.title')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zaria.penta.rules import Rules

#: The prefix of the family's element ids and of its shared words.
FAMILY = "penta"


def box_key(rules: Rules, box: Any) -> str:
    """The message naming ``box`` of ``rules``' sheet (its game's words)."""
    return f"{rules.game}.box.{box.value}"


@dataclass(frozen=True)
class Member:
    """A member of the family as a game: its name (its screen's, its words' prefix)
    and the rules its games may be played by, its own first (the others are its house
    rules, chosen on its form)."""

    name: str
    offered: tuple[Rules, ...]
    #: The optimal player's final scores, shipped in ``zaria/data/`` (None: none are,
    #: and the statistics draw no chart against them).
    scores_file: str | None = None

    def __post_init__(self) -> None:
        types = {r.box_type for r in self.offered}
        if not self.offered or len(types) != 1:
            raise ValueError(f"{self.name}: the rules offered must share one sheet")

    def __repr__(self) -> str:
        return f"Member({self.name!r})"

    @property
    def default(self) -> Rules:
        """The rules of its rules page, which its daily dice are played by."""
        return self.offered[0]

    @property
    def box_type(self) -> Any:
        """The enum of its sheet's boxes."""
        return self.default.box_type

    @property
    def house_rules(self) -> bool:
        """Whether its form offers a choice of rules."""
        return len(self.offered) > 1

    def word(self, key: str) -> str:
        """Its own message ``key`` (``setup.title`` → ``penta.setup.title``)."""
        return f"{self.name}.{key}"

    def rules_of(self, rules_id: object) -> Rules:
        """The offered rules called ``rules_id`` (``""``: its own, as a duel link names
        them); raises ValueError for any other."""
        for rules in self.offered:
            if rules_id == rules.id or (rules_id == "" and rules is self.default):
                return rules
        names = ", ".join(r.id for r in self.offered)
        raise ValueError(
            f"{self.name.capitalize()} is not played by the rules {str(rules_id)[:40]!r}; "
            f"rules: {names}"
        )

    def link_id(self, rules: Rules) -> str:
        """The id a duel link carries for ``rules`` (its own: empty)."""
        return "" if rules is self.default else rules.id

    def label_key(self, rules: Rules) -> str:
        """The message naming ``rules`` (``penta.rules.printed``)."""
        return self.word(f"rules.{rules.id}")

    def joker_key(self, rules: Rules) -> str:
        """The message saying, on the form, when a five of a kind is a joker under ``rules``."""
        return self.word(f"rules.joker.{rules.id}")
