"""What an action brought about, for the page to announce."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class EventKind(Enum):
    """What the last action brought about, for the page to announce."""

    BANKED = "banked"
    LOST_TURN = "lost_turn"
    HOT_DICE = "hot_dice"
    PENALTY = "penalty"
    LAST_ROUND = "last_round"
    GAME_OVER = "game_over"

    def __repr__(self) -> str:
        return f"EventKind.{self.name}"


@dataclass(frozen=True)
class Event:
    """One event: its kind, the seat concerned, points and dice where they matter.

    ``BANKED``: the points banked. ``LOST_TURN``: the turn points lost and the roll
    that scored nothing. ``PENALTY`` (house rule, after ``LOST_TURN``): the points
    taken off for the third lost turn in a row. ``HOT_DICE``: the turn points kept.
    ``LAST_ROUND``: the total that reached the target. ``GAME_OVER``: the winning
    total.
    """

    kind: EventKind
    seat: int
    points: int = 0
    dice: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "seat": self.seat,
            "points": self.points,
            "dice": list(self.dice),
        }
