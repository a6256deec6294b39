"""Errors raised by the engines.

Every illegal action, and every argument an engine cannot use, raises an
:class:`IllegalActionError` subclass. Besides its English message, the error
carries a message id and parameters so that the page can say the same thing in
the player's language. The engine leaves its state untouched whenever it raises.

The classes here are the ones both games share; each game adds its own for the
moves its rules forbid (:mod:`zaria.penta.errors`, :mod:`zaria.farkle.errors`).
"""

from __future__ import annotations

from typing import Any


class IllegalActionError(ValueError):
    """An action the rules forbid in the current state.

    >>> err = IllegalActionError("err.demo", "no rolls left", rolls=3)
    >>> str(err), err.msg_id, err.params
    ('no rolls left', 'err.demo', {'rolls': 3})
    """

    def __init__(self, msg_id: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.msg_id = msg_id
        self.params: dict[str, Any] = params


class InvalidDiceError(IllegalActionError):
    """Dice values outside 1–6, the wrong number of dice, or no dice at all."""


class SeatsError(IllegalActionError):
    """Seats a game cannot be played with: none or too many, something that is
    not a :class:`~zaria.game.Seat`, a blank name, or a field of the wrong type."""


class NoSuchSeatError(IllegalActionError):
    """A seat number that is not a whole number from 0 to the game's last seat."""


class MissingDiceError(IllegalActionError):
    """A roll applied without dice values and without a roller to supply them."""


class UnknownActionError(IllegalActionError):
    """An action value that is not one of the game's actions."""


class GameOverError(IllegalActionError):
    """Any action once the game has ended; each game's own ``GameOverError`` is one."""


class BadStrictError(IllegalActionError):
    """A new game's ``strict`` setting that is not ``True`` or ``False``."""


class UndoError(IllegalActionError):
    """An undo the game refuses; the game is unchanged.

    Undo takes back the last decision that ended a turn (a Penta record, a Farkle
    bank), once, until the next roll. Each refusal has its own subclass.
    """


class NothingToUndoError(UndoError):
    """No decision to take back: none yet, a roll since, or already undone (one step only)."""


class StrictGameError(UndoError):
    """An undo in a game started strict (``strict=True``): undo is off for the whole game."""


class ComputerMoveError(UndoError):
    """An undo of a decision a computer seat made."""


class NotYourUndoError(UndoError):
    """An undo attributed to a seat other than the one that made the decision."""


class StateError(ValueError):
    """A saved state (a dict) that cannot be turned back into a game."""
