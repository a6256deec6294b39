"""The illegal actions of Penta, one error class each.

Every class is an :class:`~zaria.errors.IllegalActionError`: it carries a message
id (``err.penta.…``) and parameters for the page, and an English message naming
the action and the state. The game is unchanged whenever one is raised.

Arguments the game cannot use raise the errors both games share
(:mod:`zaria.errors`); :class:`GameOverError` is also a
:class:`zaria.errors.GameOverError`, as Farkle's is, so code driving either
game can catch the end of a game in one place.
"""

from __future__ import annotations

from zaria import errors
from zaria.errors import IllegalActionError

__all__ = [
    "AllHeldError",
    "BadHoldError",
    "BadRulesError",
    "BoxUsedError",
    "GameOverError",
    "HoldBeforeRollError",
    "JokerForbidsError",
    "NoRollsLeftError",
    "NotRolledError",
    "PentaActionError",
    "PentaBoxValueError",
    "UnknownBoxError",
]


class PentaActionError(IllegalActionError):
    """An action Penta's rules forbid in the game's current state."""


class GameOverError(PentaActionError, errors.GameOverError):
    """Any action once every seat has played its 13 turns."""


class NotRolledError(PentaActionError):
    """Recording before the turn's first roll."""


class NoRollsLeftError(PentaActionError):
    """Rolling, or holding dice for a re-roll, after the turn's third roll."""


class AllHeldError(PentaActionError):
    """A re-roll while all five dice are held: it would roll nothing."""


class HoldBeforeRollError(PentaActionError):
    """Holding dice before the turn's first roll: there is nothing to hold yet."""


class BadHoldError(PentaActionError):
    """A die index outside 0–4, or a hold pattern that is not five booleans."""


class BoxUsedError(PentaActionError):
    """Recording in a box that already holds a score."""


class JokerForbidsError(PentaActionError):
    """Recording a further Penta in a free box the joker rule does not allow."""


class UnknownBoxError(PentaActionError):
    """Recording in something that is not a :class:`~zaria.penta.scoring.Box`."""


class PentaBoxValueError(PentaActionError):
    """A Penta box value that no sheet can hold (free, 0 or 50 are the only ones)."""


class BadRulesError(ValueError):
    """A new game asked for with something that is not a five-dice rules value (a
    mistake of the calling code, not a player's action: it has no message for the page)."""
