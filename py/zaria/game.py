"""The small API both games share.

A game state knows whose turn it is, its legal actions, applies one action at a
time (raising :class:`~zaria.errors.IllegalActionError` and staying unchanged
when the action is illegal), tells whether the game is over and who won, and
round-trips through a plain JSON-safe dict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Seat:
    """A player at the table: a name and whether the computer plays the seat."""

    name: str
    computer: bool = False
    level: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "computer": self.computer, "level": self.level}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Seat:
        return cls(str(d["name"]), bool(d.get("computer", False)), str(d.get("level", "")))


MAX_SEATS = 7


class GameState(Protocol):
    """What the app and the tests may rely on for either game."""

    @property
    def current(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def winners(self) -> list[int]: ...

    def to_dict(self) -> dict[str, Any]: ...
