"""The Penta screen's own fields of a save, checked field by field (the selected box
and the decisions reviewed at the end; see :mod:`zaria_web.storage.saved_state` for the
fields every game has).

A save that passes the engine's ``from_dict`` but holds, say, a review entry
whose cost is text would otherwise fail at the end of the game, after the save
was cleared and the game counted. Every check raises
:class:`~zaria.errors.StateError`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from zaria.errors import StateError
from zaria.penta.game import ROLLS_PER_TURN
from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA
from zaria_web.storage.saved_state import whole

#: The fields of a Penta review entry (:class:`zaria_web.penta.review.Decision`);
#: ``dice`` (the roll the choice was made on) is missing from older saves.
DECISION_FIELDS = ("seat", "round", "roll", "chosen", "best", "cost", "dice")
_OPTIONAL_DECISION_FIELDS = frozenset({"dice"})


def _boxes(rules: Rules) -> frozenset[str]:
    """The ids of ``rules``' boxes."""
    return frozenset(b.value for b in rules.order)


def _choice(label: object, rules: Rules) -> bool:
    """Whether ``label`` is a review choice: ``box:<box>`` or ``keep:<dice kept, sorted>``."""
    if not isinstance(label, str):
        return False
    kind, sep, what = label.partition(":")
    if kind == "box":
        return bool(sep) and what in _boxes(rules)
    kept = list(what)
    return (
        kind == "keep"
        and bool(sep)
        and len(kept) <= 5
        and all(c in "123456" for c in kept)
        and kept == sorted(kept)
    )


def decision(d: object, seats: int, rules: Rules = PENTA) -> dict[str, Any]:
    """A Penta review entry, checked, for a game of ``seats`` seats under ``rules``.

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
    faces = isinstance(dice, list) and all(whole(v) and 1 <= v <= 6 for v in dice)
    if not faces or len(dice) not in (0, 5):
        raise StateError(f"penta save: review entry dice {dice!r} are not five faces")
    _when(d["seat"], d["round"], d["roll"], seats, rules.rounds)
    if not _choice(d["chosen"], rules) or not _choice(d["best"], rules):
        raise StateError(f"penta save: review entry choices {d['chosen']!r}, {d['best']!r}")
    cost = d["cost"]
    number = isinstance(cost, int | float) and not isinstance(cost, bool)
    if not number or not math.isfinite(cost) or cost < 0:
        raise StateError(f"penta save: review entry cost {cost!r} is not a number of points")
    return {**d, "dice": tuple(dice)}


def _when(seat: object, rnd: object, roll: object, seats: int, rounds: int) -> None:
    """Check a review entry's seat, round and roll (of the turn) for ``seats`` seats
    and ``rounds`` rounds."""
    if not whole(seat) or not 0 <= seat < seats:
        raise StateError(f"penta save: review entry seat {seat!r} is not a seat of the game")
    if not whole(rnd) or not 1 <= rnd <= rounds:
        raise StateError(f"penta save: review entry round {rnd!r} is not 1 to {rounds}")
    if not whole(roll) or not 1 <= roll <= ROLLS_PER_TURN:
        raise StateError(f"penta save: review entry roll {roll!r} is not 1 to {ROLLS_PER_TURN}")


@dataclass(frozen=True)
class PentaExtras:
    """The Penta screen's fields of a save, checked."""

    selected: Any
    decisions: tuple[dict[str, Any], ...]


def penta_extras(
    state: dict[str, Any], seats: int, options: frozenset[Any], rules: Rules = PENTA
) -> PentaExtras:
    """The Penta screen's fields of ``state``, for a game of ``seats`` seats under
    ``rules`` whose current player may choose one of ``options``; raises StateError."""
    selected = state.get("selected")
    box = None
    if selected is not None:
        known = isinstance(selected, str) and selected in _boxes(rules)
        if not known or rules.box_named(selected) not in options:
            raise StateError(f"penta save: the selected box {selected!r} cannot be chosen")
        box = rules.box_named(selected)
    decisions = state.get("decisions", [])
    if not isinstance(decisions, list):
        raise StateError("penta save: the review entries are not a list")
    return PentaExtras(box, tuple(decision(d, seats, rules) for d in decisions))
