"""How a finished game ended, as one value for both games.

``outcome()`` of either game returns an :class:`Outcome` once the game is over
(and ``None`` before: a game still being played has no outcome yet, as in
python-chess). It holds what the end screens and the statistics read: each
seat's total, the winners and the ranking.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from zaria.checks import is_whole


class BadTotalsError(ValueError):
    """Totals an outcome cannot be made of: none, or something not a whole number."""


class Place(NamedTuple):
    """One place of a ranking: its number (from 1) and the seats sharing it, ascending."""

    place: int
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Outcome:
    """Each seat's final total (by seat number), the winners and the ranking.

    The highest total wins and equal totals share the win. The ranking orders
    the seats by total, highest first; equal totals share a place, and the next
    place counts the seats above it ("1, 1, 3"), as the end screens show it.

    >>> o = Outcome((120, 250, 90, 250))
    >>> o.winners
    (1, 3)
    >>> o.ranking
    (Place(place=1, seats=(1, 3)), Place(place=3, seats=(0,)), Place(place=4, seats=(2,)))
    >>> Outcome(())
    Traceback (most recent call last):
    ...
    zaria.outcome.BadTotalsError: an outcome needs one total per seat, got ()
    """

    totals: tuple[int, ...]
    winners: tuple[int, ...] = field(init=False)
    ranking: tuple[Place, ...] = field(init=False)

    def __post_init__(self) -> None:
        totals = self.totals
        if not isinstance(totals, tuple) or not totals or not all(map(is_whole, totals)):
            raise BadTotalsError(f"an outcome needs one total per seat, got {totals!r}")
        order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        ranking: list[Place] = []
        for position, seat in enumerate(order):
            if ranking and totals[ranking[-1].seats[0]] == totals[seat]:
                ranking[-1] = Place(ranking[-1].place, (*ranking[-1].seats, seat))
            else:
                ranking.append(Place(position + 1, (seat,)))
        object.__setattr__(self, "ranking", tuple(ranking))
        object.__setattr__(self, "winners", ranking[0].seats)
