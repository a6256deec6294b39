"""The small API both games share: seats, and the :class:`Game` protocol.

A game state knows whose turn it is, its legal actions, applies one action at a
time (raising :class:`~zaria.errors.IllegalActionError` and staying unchanged
when the action is illegal), tells whether the game is over and how it ended
(an :class:`~zaria.outcome.Outcome`), and round-trips through a plain JSON-safe
dict.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from zaria.checks import is_whole
from zaria.dice import Roller
from zaria.errors import (
    BadStrictError,
    ComputerMoveError,
    NoSuchSeatError,
    NothingToUndoError,
    NotYourUndoError,
    SeatsError,
    StateError,
    StrictGameError,
)
from zaria.outcome import Outcome, Place

__all__ = [
    "MAX_SEATS",
    "Game",
    "Outcome",
    "Place",
    "Seat",
    "Undo",
    "check_seats",
    "check_strict",
    "check_undo",
    "seat_index",
]

MAX_SEATS = 7

#: A game's action type (each game's ``Action`` union).
A = TypeVar("A")


@dataclass(frozen=True)
class Seat:
    """A player at the table: a name and whether the computer plays the seat.

    >>> Seat("Ana", computer=1)
    Traceback (most recent call last):
    ...
    zaria.errors.SeatsError: a seat's computer must be True or False, not 1
    """

    name: str
    computer: bool = False
    level: str = ""

    def __post_init__(self) -> None:
        # A seat is saved as JSON and read back strictly: a 1 for True, or a
        # number for a name, would make a game whose own save does not load.
        for field, value, kind, wanted in (
            ("name", self.name, str, "a string"),
            ("computer", self.computer, bool, "True or False"),
            ("level", self.level, str, "a string"),
        ):
            if not isinstance(value, kind):
                raise SeatsError(
                    "err.seat_field",
                    f"a seat's {field} must be {wanted}, not {value!r}",
                    field=field,
                    value=repr(value),
                )

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "computer": self.computer, "level": self.level}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Seat:
        """The seat of :meth:`to_dict`; ``computer`` and ``level`` may be left out.

        Raises :class:`~zaria.errors.StateError` for anything else.
        """
        if not isinstance(d, Mapping) or "name" not in d:
            raise StateError(f"a seat must be an object with a name, not {d!r}")
        try:
            return cls(d["name"], d.get("computer", False), d.get("level", ""))
        except SeatsError as err:
            raise StateError(str(err)) from None


def check_seats(seats: Iterable[Seat]) -> tuple[Seat, ...]:
    """``seats`` as a game's table, or raise :class:`~zaria.errors.SeatsError`.

    A table is 1 to 7 :class:`Seat` values, each with a name that is not blank.
    Both games check a new game's seats and a saved game's with this function,
    so a game's own save always loads back.

    >>> check_seats([Seat("Ana"), Seat(" ")])
    Traceback (most recent call last):
    ...
    zaria.errors.SeatsError: seat 2 has no name
    """
    if isinstance(seats, str | bytes) or not isinstance(seats, Iterable):
        raise SeatsError("err.seat_list", f"seats must be a list of Seat, not {seats!r}")
    table = tuple(seats)
    if not 1 <= len(table) <= MAX_SEATS:
        raise SeatsError(
            "err.seat_count",
            f"a game needs 1 to {MAX_SEATS} seats, got {len(table)}",
            count=len(table),
            max=MAX_SEATS,
        )
    for i, seat in enumerate(table):
        if not isinstance(seat, Seat):
            raise SeatsError("err.seat_type", f"seat {i + 1} is not a Seat: {seat!r}", number=i + 1)
        if not seat.name.strip():
            raise SeatsError("err.seat_name", f"seat {i + 1} has no name", number=i + 1)
    return table


def seat_index(seat: object, count: int, what: str) -> int:
    """``seat`` if it numbers one of ``count`` seats (0 to ``count - 1``).

    Otherwise raise :class:`~zaria.errors.NoSuchSeatError`: a negative index
    must not quietly mean the last seat, nor ``True`` seat 1.

    >>> seat_index(-1, 2, "totals")
    Traceback (most recent call last):
    ...
    zaria.errors.NoSuchSeatError: totals: there is no seat -1; seats are numbered 0 to 1
    """
    if not is_whole(seat) or not 0 <= seat < count:
        raise NoSuchSeatError(
            "err.no_such_seat",
            f"{what}: there is no seat {seat!r}; seats are numbered 0 to {count - 1}",
            seat=repr(seat),
            count=count,
        )
    return seat


@dataclass(frozen=True)
class Undo:
    """Take back the last decision that ended a turn: a Penta record, a Farkle bank.

    Both games list ``Undo()`` in ``legal_actions()`` exactly when their
    ``can_undo()`` is true, and ``apply(Undo())`` calls their ``undo()``.
    """


class OneStepUndo:
    """What both games share of their one-step undo: the strict flag, each seat's
    count of undos, and whether an undo is possible now.

    The game sets ``_strict``, ``_undos`` (one count per seat) and ``_before``
    (itself as it was before the decision an undo would take back, or ``None``).
    """

    _strict: bool
    _undos: list[int]
    _before: Any

    @property
    def strict(self) -> bool:
        """Whether the game was started strict: no undo at all."""
        return self._strict

    @property
    def undos(self) -> tuple[int, ...]:
        """How many decisions each seat has undone, for the review and the statistics."""
        return tuple(self._undos)

    def can_undo(self) -> bool:
        """Whether :meth:`undo` is allowed now (by the seat that made the decision)."""
        return self._before is not None and not self._strict

    def _take_back(self, undoer: int) -> None:
        """Become the game kept from before the decision, ``undoer`` counting one more
        undo (the game's ``undo`` has checked, with :func:`check_undo`, that it may)."""
        before = self._before
        if before is None:  # check_undo refuses when there is nothing kept
            raise AssertionError("an undo with no game kept")
        restored = before.copy()
        restored._undos = list(self._undos)
        restored._undos[undoer] += 1
        # Every field at once, so that no part of the game can be left behind.
        self.__dict__.update(vars(restored))


def check_strict(strict: object) -> bool:
    """``strict`` if it is ``True`` or ``False``, else :class:`~zaria.errors.BadStrictError`.

    >>> check_strict(1)
    Traceback (most recent call last):
    ...
    zaria.errors.BadStrictError: strict must be True or False, not 1
    """
    if not isinstance(strict, bool):
        raise BadStrictError(
            "err.strict_flag", f"strict must be True or False, not {strict!r}", value=repr(strict)
        )
    return strict


def check_undo(
    seats: tuple[Seat, ...],
    *,
    strict: bool,
    undo_seat: int | None,
    last_seat: int | None,
    seat: object,
    what: str,
) -> int:
    """The seat whose decision an undo takes back, or raise the :class:`~zaria.errors.UndoError`
    that says why not (both games refuse an undo by these rules, in this order).

    ``undo_seat`` is the seat of the decision the game keeps to undo (``None``
    when it keeps none); ``last_seat`` the seat of the last decision ``what`` when
    no roll has followed it; ``seat`` the seat asking (``None``: not said).

    >>> check_undo((Seat("Ana"), Seat("Bo", computer=True)), strict=False, undo_seat=None,
    ...            last_seat=1, seat=None, what="record")
    Traceback (most recent call last):
    ...
    zaria.errors.ComputerMoveError: cannot undo Bo's record: the computer made it
    """
    asking = None if seat is None else seat_index(seat, len(seats), "undo")
    if strict:
        raise StrictGameError(
            "err.undo.strict", f"cannot undo the {what}: the game was started strict"
        )
    if undo_seat is None:
        if last_seat is not None and seats[last_seat].computer:
            name = seats[last_seat].name
            raise ComputerMoveError(
                "err.undo.computer",
                f"cannot undo {name}'s {what}: the computer made it",
                name=name,
            )
        raise NothingToUndoError(
            "err.undo.nothing",
            f"nothing to undo: a {what} can be undone once, until the next roll",
        )
    if asking is not None and asking != undo_seat:
        name = seats[undo_seat].name
        raise NotYourUndoError(
            "err.undo.not_yours",
            f"seat {asking} cannot undo the {what}: only {name} (seat {undo_seat}) may",
            name=name,
            seat=asking,
        )
    return undo_seat


@runtime_checkable
class Game(Protocol[A]):
    """What code may rely on to drive either game, :class:`~zaria.penta.game.PentaGame`
    or :class:`~zaria.farkle.game.FarkleGame` (``A`` is the game's action type).

    The loop of a whole game, whatever the game::

        while not game.over:
            game.apply(choose(game.legal_actions()), roller=roller)
        outcome = game.outcome()

    ``apply`` raises the game's :class:`~zaria.errors.IllegalActionError` for an
    action not allowed now and leaves the game unchanged; a roll without dice
    values takes them from ``roller`` (a :class:`~zaria.errors.MissingDiceError`
    without one), passed by keyword. ``outcome()`` is ``None`` until the game is
    over. ``copy()`` is independent of the original, and ``from_dict(to_dict())``
    gives back an equal game.

    ``can_roll()`` says whether the current player may roll now, and
    ``dice_to_roll()`` how many dice that roll has (what a roll's values must number).

    ``undo()`` takes back the last decision that ended a turn, once, until the
    next roll; ``can_undo()`` says whether it may now (:class:`Undo`), and
    ``undo_seat`` which seat's decision it would take back; ``strict`` games refuse
    every undo, and ``undos`` counts each seat's.
    """

    @property
    def seats(self) -> tuple[Seat, ...]: ...

    @property
    def current(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def outcome(self) -> Outcome | None: ...

    def legal_actions(self) -> list[A]: ...

    def apply(self, action: A, *, roller: Roller | None = None) -> None: ...

    def can_roll(self) -> bool: ...

    def dice_to_roll(self) -> int: ...

    @property
    def undo_seat(self) -> int | None: ...

    @property
    def strict(self) -> bool: ...

    @property
    def undos(self) -> tuple[int, ...]: ...

    def can_undo(self) -> bool: ...

    def undo(self, *, seat: int | None = None) -> None: ...

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, d: Any) -> Self: ...

    def copy(self) -> Self: ...
