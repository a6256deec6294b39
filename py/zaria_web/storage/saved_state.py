"""What the game screens keep in a save beside the engine's state, checked field by field.

The engine's ``from_dict`` checks the game itself; these checks cover the rest
of the screen's dict that every game has (the dice: the size of every roll and
their source), and a game's own fields are its part's to check (in its own
package), so that a save that loads is a save that plays to
the end. A save that passes ``from_dict`` but
holds, say, a review entry whose cost is text would otherwise fail at the end
of the game, after the save was cleared and the game counted.

Every check raises :class:`~zaria.errors.StateError` (the screen then sets the
save aside with ``save.rejected``), or :class:`NewerState` for a state written
by a newer engine (``save.newer``).
"""

from __future__ import annotations

from typing import Any, TypeGuard

from zaria.errors import StateError


class NewerState(StateError):
    """A state whose version is newer than the engine's: made by a newer build."""


def whole(v: object) -> TypeGuard[int]:
    """Whether ``v`` is a whole number (not a bool, which Python counts as one)."""
    return isinstance(v, int) and not isinstance(v, bool)


def engine_state(state: dict[str, Any], version: int) -> dict[str, Any]:
    """The engine's dict of a save (``engine``; ``game`` in a game's older saves);
    raises :class:`NewerState` when its version is above ``version``, StateError
    when it is not a dict.

    >>> engine_state({"game": {"version": 2}}, 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zaria_web.storage.saved_state.NewerState: the game state has version 2, newer than ...
    """
    d = state.get("engine", state.get("game"))
    if not isinstance(d, dict):
        raise StateError("the save has no 'engine' object")
    v = d.get("version")
    if whole(v) and v > version:
        raise NewerState(f"the game state has version {v}, newer than this app's ({version})")
    return d


def dice_fields(state: dict[str, Any], max_dice: int) -> dict[str, Any]:
    """The dice fields of a save (:meth:`zaria_web.play.dice.Dice.saved`), checked:
    the size of every roll of the game (1 to ``max_dice`` each), the address's dice
    script and seed, and whether the dice were ever scripted or seeded; raises
    StateError. A save without them (an older one) resumes with none.

    >>> dice_fields({"rolls": [6, 4], "dice": "", "seed": "7"}, 6)
    {'rolls': [6, 4], 'dice': '', 'seed': '7', 'reproducible': True}
    >>> dice_fields({"rolls": [7]}, 6)
    Traceback (most recent call last):
    ...
    zaria.errors.StateError: save: the roll sizes must be whole numbers 1 to 6
    """
    rolls = state.get("rolls", [])
    if not isinstance(rolls, list) or not all(whole(n) and 1 <= n <= max_dice for n in rolls):
        raise StateError(f"save: the roll sizes must be whole numbers 1 to {max_dice}")
    dice, seed = state.get("dice", ""), state.get("seed", "")
    if not isinstance(dice, str) or not isinstance(seed, str):
        raise StateError("save: the dice script and seed must be text")
    reproducible = state.get("reproducible", bool(dice or seed))
    if not isinstance(reproducible, bool):
        raise StateError(f"save: reproducible is {reproducible!r}, not true or false")
    return {"rolls": list(rolls), "dice": dice, "seed": seed, "reproducible": reproducible}
