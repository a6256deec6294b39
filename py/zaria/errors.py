"""Errors raised by the engines.

Every illegal action raises an :class:`IllegalActionError` subclass. Besides its
English message, the error carries a message id and parameters so that the page
can say the same thing in the player's language. The engine leaves its state
untouched whenever it raises.
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
    """Dice values outside 1–6, or the wrong number of dice."""


class StateError(ValueError):
    """A saved state (a dict) that cannot be turned back into a game."""
