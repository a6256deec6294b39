"""The illegal actions of Farkle, one error class each.

Every class is an :class:`~zaria.errors.IllegalActionError`: it carries a message
id (``err.farkle.…``) and parameters for the page, and an English message naming
the action and the state. The game is unchanged whenever one is raised.

:class:`~zaria.errors.MissingDiceError` is shared with Penta (both games' ``apply``
raise it for a roll with no dice and no roller) and is available here too.
"""

from __future__ import annotations

from zaria import errors
from zaria.errors import IllegalActionError, MissingDiceError

__all__ = [
    "BadDieIndexError",
    "BadRulesError",
    "BadSetupError",
    "BelowOpeningMinimumError",
    "DieCannotScoreError",
    "DieSetAsideError",
    "EmptySelectionError",
    "FarkleActionError",
    "GameOverError",
    "MissingDiceError",
    "NoRollError",
    "NonScoringDiceError",
    "NothingSetAsideError",
    "NothingToBankError",
    "OutOfTurnError",
    "SelectionNotScoringError",
    "TooManyDiceError",
]


class FarkleActionError(IllegalActionError):
    """Base class of Farkle's illegal actions."""


class NonScoringDiceError(FarkleActionError):
    """Dice set aside that no scoring combination uses (``params["die"]`` is the first)."""


class EmptySelectionError(FarkleActionError):
    """Scoring a selection of no dice."""


class BadSetupError(FarkleActionError):
    """A new game with a target the rules do not allow.

    Seats are checked as in Penta, raising :class:`~zaria.errors.SeatsError`.
    """


class BadRulesError(BadSetupError):
    """House rules with a value that is not one of the options offered."""


class BelowOpeningMinimumError(FarkleActionError):
    """Banking, before the player's first bank, fewer points than the opening minimum."""


class GameOverError(FarkleActionError, errors.GameOverError):
    """Any action once the game has ended (a :class:`zaria.errors.GameOverError`, as Penta's)."""


class OutOfTurnError(FarkleActionError):
    """An action attributed to a seat whose turn it is not."""


class NoRollError(FarkleActionError):
    """Choosing dice before the turn's first roll."""


class BadDieIndexError(FarkleActionError):
    """A die position that is not a die of the current roll."""


class DieSetAsideError(BadDieIndexError):
    """A die set aside from an earlier roll: it is no longer in play."""


class DieCannotScoreError(FarkleActionError):
    """A die that fits no scoring combination of the current roll."""


class NothingSetAsideError(FarkleActionError):
    """Rolling again or banking without setting aside a die from the roll."""


class SelectionNotScoringError(FarkleActionError):
    """Rolling again or banking while some selected die scores in no combination."""


class NothingToBankError(FarkleActionError):
    """Banking before the turn has any points."""


class TooManyDiceError(FarkleActionError):
    """More dice than one roll can hold (six)."""
