"""What the game screens keep in a save beside the engine's state, checked field by field.

The engine's ``from_dict`` checks the game itself; these checks cover the rest
of the screen's dict (a Penta computer level, the selected box, the decisions
reviewed at the end; Farkle's dice: the size of every roll and their source), so that a save that
loads is a save that plays to the end. A save that passes ``from_dict`` but
holds, say, a review entry whose cost is text would otherwise fail at the end
of the game, after the save was cleared and the game counted.

Every check raises :class:`~zaria.errors.StateError` (the screen then sets the
save aside with ``save.rejected``), or :class:`NewerState` for a state written
by a newer engine (``save.newer``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, TypeGuard

from zaria.errors import StateError
from zaria.penta.game import ROLLS_PER_TURN, ROUNDS
from zaria.penta.scoring import Box

#: The fields of a Penta review entry (:class:`zaria_web.penta.review.Decision`);
#: ``dice`` (the roll the choice was made on) is missing from older saves.
DECISION_FIELDS = ("seat", "round", "roll", "chosen", "best", "cost", "dice")
_OPTIONAL_DECISION_FIELDS = frozenset({"dice"})
_BOXES = frozenset(b.value for b in Box)


class NewerState(StateError):
    """A state whose version is newer than the engine's: made by a newer build."""


def _whole(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def engine_state(state: dict[str, Any], version: int) -> dict[str, Any]:
    """The engine's dict of a save (``engine``; ``game`` in Penta's older saves);
    raises :class:`NewerState` when its version is above ``version``, StateError
    when it is not a dict.

    >>> engine_state({"game": {"version": 2}}, 1)
    Traceback (most recent call last):
    ...
    zaria_web.saved_state.NewerState: the game state has version 2, newer than this app's (1)
    """
    d = state.get("engine", state.get("game"))
    if not isinstance(d, dict):
        raise StateError("the save has no 'engine' object")
    v = d.get("version")
    if _whole(v) and v > version:
        raise NewerState(f"the game state has version {v}, newer than this app's ({version})")
    return d


def _choice(label: object) -> bool:
    """Whether ``label`` is a review choice: ``box:<box>`` or ``keep:<dice kept, sorted>``."""
    if not isinstance(label, str):
        return False
    kind, sep, what = label.partition(":")
    if kind == "box":
        return bool(sep) and what in _BOXES
    kept = list(what)
    return (
        kind == "keep"
        and bool(sep)
        and len(kept) <= 5
        and all(c in "123456" for c in kept)
        and kept == sorted(kept)
    )


def decision(d: object, seats: int) -> dict[str, Any]:
    """A Penta review entry, checked, for a game of ``seats`` seats.

    >>> decision({"seat": 0, "round": 2, "roll": 1, "chosen": "keep:55",
    ...           "best": "box:chance", "cost": 1.5}, 1)["cost"]
    1.5
    >>> decision({"seat": 0, "round": 2, "roll": 1, "chosen": "keep:55",
    ...           "best": "box:chance", "cost": "abc"}, 1)
    Traceback (most recent call last):
    ...
    zaria.errors.StateError: penta save: review entry cost 'abc' is not a number of points
    """
    required = set(DECISION_FIELDS) - _OPTIONAL_DECISION_FIELDS
    if not isinstance(d, dict) or not required <= set(d) <= set(DECISION_FIELDS):
        fields = ", ".join(DECISION_FIELDS)
        raise StateError(f"penta save: a review entry has the fields {fields} (dice optional)")
    dice = d.get("dice", [])
    faces = isinstance(dice, list) and all(_whole(v) and 1 <= v <= 6 for v in dice)
    if not faces or len(dice) not in (0, 5):
        raise StateError(f"penta save: review entry dice {dice!r} are not five faces")
    seat, rnd, roll, cost = d["seat"], d["round"], d["roll"], d["cost"]
    if not _whole(seat) or not 0 <= seat < seats:
        raise StateError(f"penta save: review entry seat {seat!r} is not a seat of the game")
    if not _whole(rnd) or not 1 <= rnd <= ROUNDS:
        raise StateError(f"penta save: review entry round {rnd!r} is not 1 to {ROUNDS}")
    if not _whole(roll) or not 1 <= roll <= ROLLS_PER_TURN:
        raise StateError(f"penta save: review entry roll {roll!r} is not 1 to {ROLLS_PER_TURN}")
    if not _choice(d["chosen"]) or not _choice(d["best"]):
        raise StateError(f"penta save: review entry choices {d['chosen']!r}, {d['best']!r}")
    number = isinstance(cost, int | float) and not isinstance(cost, bool)
    if not number or not math.isfinite(cost) or cost < 0:
        raise StateError(f"penta save: review entry cost {cost!r} is not a number of points")
    return {**d, "dice": tuple(dice)}


@dataclass(frozen=True)
class PentaExtras:
    """The Penta screen's fields of a save, checked."""

    selected: Box | None
    decisions: tuple[dict[str, Any], ...]


def penta_extras(state: dict[str, Any], seats: int, options: frozenset[Box]) -> PentaExtras:
    """The Penta screen's fields of ``state``, for a game of ``seats`` seats whose
    current player may choose one of ``options``; raises StateError."""
    selected = state.get("selected")
    box = None
    if selected is not None:
        if not isinstance(selected, str) or selected not in _BOXES or Box(selected) not in options:
            raise StateError(f"penta save: the selected box {selected!r} cannot be chosen")
        box = Box(selected)
    decisions = state.get("decisions", [])
    if not isinstance(decisions, list):
        raise StateError("penta save: the review entries are not a list")
    return PentaExtras(box, tuple(decision(d, seats) for d in decisions))


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
    if not isinstance(rolls, list) or not all(_whole(n) and 1 <= n <= max_dice for n in rolls):
        raise StateError(f"save: the roll sizes must be whole numbers 1 to {max_dice}")
    dice, seed = state.get("dice", ""), state.get("seed", "")
    if not isinstance(dice, str) or not isinstance(seed, str):
        raise StateError("save: the dice script and seed must be text")
    reproducible = state.get("reproducible", bool(dice or seed))
    if not isinstance(reproducible, bool):
        raise StateError(f"save: reproducible is {reproducible!r}, not true or false")
    return {"rolls": list(rolls), "dice": dice, "seed": seed, "reproducible": reproducible}
