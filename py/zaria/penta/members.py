"""Every member of the five-dice family, by its rules id.

>>> [r.id for r in members()]
['penta', 'printed', 'yatzy']
>>> rules_named("printed")
<Rules printed>
"""

from __future__ import annotations

from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA, PRINTED
from zaria.yatzy import YATZY

__all__ = ["MEMBERS", "members", "rules_named"]

#: Penta, the printed rules and Scandinavian Yatzy, by id.
MEMBERS: dict[str, Rules] = {r.id: r for r in (PENTA, PRINTED, YATZY)}


def members() -> tuple[Rules, ...]:
    """Every member: Penta, the printed rules, Yatzy."""
    return tuple(MEMBERS.values())


def rules_named(name: object) -> Rules:
    """The member whose id is ``name``; ValueError if there is none."""
    if isinstance(name, str) and name in MEMBERS:
        return MEMBERS[name]
    raise ValueError(f"unknown rules {name!r}; rules are: {', '.join(MEMBERS)}")
