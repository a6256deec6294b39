"""Climb, a game of one die: roll or stop.

On a turn the player rolls the die as often as they like: each roll adds its face
to the turn's points, and a 1 loses them and ends the turn. Stopping banks the
turn's points (after one roll at least). After :data:`ROUNDS` rounds the highest
total wins. The last bank can be taken back (:class:`~zaria.game.Undo`) until the
next roll, as in the app's other games.

It follows the engine's :class:`~zaria.game.Game` protocol and nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from zaria.dice import Roller
from zaria.errors import (
    GameOverError,
    IllegalActionError,
    InvalidDiceError,
    MissingDiceError,
    StateError,
    UnknownActionError,
)
from zaria.game import OneStepUndo, Seat, Undo, check_seats, check_strict, check_undo
from zaria.outcome import Outcome

ROUNDS = 3
STATE_VERSION = 1
BUST = 1


@dataclass(frozen=True)
class Roll:
    """Roll the die; ``values`` is its face (one), or None to take it from the roller."""

    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Stop:
    """Bank the turn's points; the next player's turn starts."""


@dataclass(frozen=True)
class Toggle:
    """Hold a die: never legal, as the one die is always rolled."""

    index: int


Action = Roll | Stop | Toggle | Undo


class ClimbGame(OneStepUndo):
    """A game of Climb for 1 to 7 seats."""

    def __init__(self, seats: tuple[Seat, ...], strict: bool = False) -> None:
        self._seats = seats
        self._strict = strict
        self._undos = [0] * len(seats)
        self._before: ClimbGame | None = None
        self.totals = [0] * len(seats)
        self.current = 0
        self.round = 1
        self.points = 0
        self.die: int | None = None
        #: The seat whose bank an undo takes back (none after a roll).
        self.banked_by: int | None = None
        self.busted = False

    @classmethod
    def new(cls, seats: list[Seat], strict: bool = False) -> ClimbGame:
        return cls(check_seats(seats), check_strict(strict))

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._seats

    @property
    def over(self) -> bool:
        return self.round > ROUNDS

    def outcome(self) -> Outcome | None:
        return Outcome(tuple(self.totals)) if self.over else None

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        actions: list[Action] = [Roll()]
        if self.points:
            actions.append(Stop())
        if self.can_undo():
            actions.append(Undo())
        return actions

    def can_roll(self) -> bool:
        return not self.over

    def dice_to_roll(self) -> int:
        return 1

    @property
    def undo_seat(self) -> int | None:
        return None if self._before is None else self.banked_by

    def apply(self, action: Action, *, roller: Roller | None = None) -> None:
        if self.over:
            raise GameOverError("err.climb.over", f"the game is over: {action!r}")
        if isinstance(action, Roll):
            self._roll(self._face(action, roller))
        elif isinstance(action, Stop):
            self._stop()
        elif isinstance(action, Undo):
            self.undo()
        elif isinstance(action, Toggle):
            raise IllegalActionError("err.climb.hold", f"the die is never held: {action!r}")
        else:
            raise UnknownActionError("err.climb.unknown", f"not an action of Climb: {action!r}")

    def _face(self, action: Roll, roller: Roller | None) -> int:
        if action.values is None:
            if roller is None:
                raise MissingDiceError("err.climb.no_dice", "a roll needs a face or a roller")
            values = tuple(roller.roll(1))
        else:
            values = tuple(action.values)
        if len(values) != 1 or type(values[0]) is not int or not 1 <= values[0] <= 6:
            raise InvalidDiceError("err.climb.face", f"one die, 1 to 6, not {values!r}")
        return values[0]

    def _roll(self, face: int) -> None:
        self._before, self.banked_by, self.busted = None, None, False
        self.die = face
        if face == BUST:
            self.points, self.busted = 0, True
            self._next_turn()
        else:
            self.points += face

    def _stop(self) -> None:
        if not self.points:
            raise IllegalActionError("err.climb.stop", "roll once before stopping")
        before = self.copy()
        self.totals[self.current] += self.points
        self.banked_by = self.current
        self.points = 0
        self._next_turn()
        self._before = before

    def _next_turn(self) -> None:
        self.current = (self.current + 1) % len(self._seats)
        if self.current == 0:
            self.round += 1

    def undo(self, *, seat: int | None = None) -> None:
        undoer = check_undo(
            self._seats,
            strict=self._strict,
            undo_seat=self.undo_seat,
            last_seat=self.banked_by,
            seat=seat,
            what="bank",
        )
        self._take_back(undoer)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "seats": [s.to_dict() for s in self._seats],
            "strict": self._strict,
            "undos": list(self._undos),
            "totals": list(self.totals),
            "current": self.current,
            "round": self.round,
            "points": self.points,
            "die": self.die,
        }

    @classmethod
    def from_dict(cls, d: Any) -> Self:
        if not isinstance(d, dict) or d.get("version") != STATE_VERSION:
            raise StateError(f"not a Climb state: {d!r}")
        try:
            game = cls(check_seats(Seat.from_dict(s) for s in d["seats"]), d["strict"] is True)
            n = len(game.seats)
            game._undos = [int(u) for u in d["undos"]][:n] + [0] * (n - len(d["undos"]))
            game.totals = [int(t) for t in d["totals"]]
            game.current, game.round = int(d["current"]), int(d["round"])
            game.points, game.die = int(d["points"]), d["die"]
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(f"a broken Climb state: {exc}") from None
        if len(game.totals) != n or not 0 <= game.current < n or not 1 <= game.round <= ROUNDS + 1:
            raise StateError("a Climb state out of range")
        return game

    def copy(self) -> Self:
        twin = type(self).from_dict(self.to_dict())
        twin._before, twin.banked_by, twin.busted = self._before, self.banked_by, self.busted
        return twin
