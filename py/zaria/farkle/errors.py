"""The illegal actions of Farkle, one error class each.

Every class is an :class:`~zaria.errors.IllegalActionError`: it carries a message
id (``err.farkle.…``) and parameters for the page, and an English message naming
the action and the state. The game is unchanged whenever one is raised.
"""

from __future__ import annotations

from zaria.errors import IllegalActionError


class FarkleActionError(IllegalActionError):
    """Base class of Farkle's illegal actions."""


class NonScoringDiceError(FarkleActionError):
    """Dice set aside that no scoring combination uses (``params["die"]`` is the first)."""


class EmptySelectionError(FarkleActionError):
    """Scoring a selection of no dice."""


class BadSetupError(FarkleActionError):
    """A new game with a target or a number of seats the rules do not allow."""


class GameOverError(FarkleActionError):
    """Any action once the game has ended."""


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


class MissingDiceError(FarkleActionError):
    """A roll applied without dice values and without a roller to supply them."""


class TooManyDiceError(FarkleActionError):
    """More dice than one roll can hold (six)."""
