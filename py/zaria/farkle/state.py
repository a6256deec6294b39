"""Checking a saved Farkle game (the dict of ``FarkleGame.to_dict``).

:func:`parse_state` accepts only a dict that a real game could have produced:
types, ranges, scores that match their dice, a roll of the size the dice set
aside leave, a selection of scoreable dice, turn counts in seat order and a last
round consistent with whose turn it is. Anything else raises
:class:`~zaria.errors.StateError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zaria.errors import StateError
from zaria.farkle.events import Event, EventKind
from zaria.farkle.scoring import MAX_DICE, non_scoring_dice, scoring_flags, selection_value
from zaria.game import MAX_SEATS, Seat

TARGETS = (5000, 10000, 15000)
VERSION = 1
KEYS = frozenset(
    {
        "game",
        "version",
        "seats",
        "target",
        "banked",
        "turns",
        "current",
        "set_aside",
        "roll",
        "selected",
        "last_round_by",
        "turns_left",
        "over",
        "events",
    }
)
POINT_STEP = 50


@dataclass(frozen=True)
class SavedState:
    """The checked fields of a saved game."""

    seats: tuple[Seat, ...]
    target: int
    banked: tuple[int, ...]
    turns: tuple[int, ...]
    current: int
    set_aside: tuple[tuple[tuple[int, ...], int], ...]
    roll: tuple[int, ...] | None
    selected: tuple[int, ...]
    last_round_by: int | None
    turns_left: int
    over: bool
    events: tuple[Event, ...]


def _fail(message: str) -> StateError:
    return StateError(f"not a saved Farkle game: {message}")


def _int(value: Any, name: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"{name} must be an integer, not {value!r}")
    if value < low or (high is not None and value > high):
        raise _fail(f"{name} = {value} is out of range")
    return value


def _points(value: Any, name: str) -> int:
    points = _int(value, name)
    if points % POINT_STEP:
        raise _fail(f"{name} = {points} is not a multiple of {POINT_STEP}")
    return points


def _list(value: Any, name: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"{name} must be a list, not {type(value).__name__}")
    if length is not None and len(value) != length:
        raise _fail(f"{name} must have {length} items, not {len(value)}")
    return value


def _dice(value: Any, name: str) -> tuple[int, ...]:
    dice = tuple(_list(value, name))
    if not 1 <= len(dice) <= MAX_DICE:
        raise _fail(f"{name} must hold 1 to {MAX_DICE} dice")
    for v in dice:
        if type(v) is not int or not 1 <= v <= 6:
            raise _fail(f"{name}: die value {v!r} is not a face from 1 to 6")
    return dice


def _seat(value: Any, i: int) -> Seat:
    if not isinstance(value, dict) or set(value) != {"name", "computer", "level"}:
        raise _fail(f"seat {i} must be a dict with name, computer and level")
    name, computer, level = value["name"], value["computer"], value["level"]
    if not isinstance(name, str) or not isinstance(computer, bool) or not isinstance(level, str):
        raise _fail(f"seat {i} has a field of the wrong type")
    return Seat(name, computer, level)


def _groups(value: Any) -> tuple[tuple[tuple[int, ...], int], ...]:
    groups = []
    in_play = MAX_DICE
    for i, item in enumerate(_list(value, "set_aside")):
        dice_raw, points_raw = _list(item, f"set_aside[{i}]", 2)
        dice = _dice(dice_raw, f"set_aside[{i}] dice")
        points = _points(points_raw, f"set_aside[{i}] points")
        if len(dice) > in_play:
            raise _fail(f"set_aside[{i}] sets aside {len(dice)} dice of {in_play} in play")
        real = selection_value(tuple(sorted(dice)))
        if real is None:
            left = ", ".join(map(str, non_scoring_dice(dice)))
            raise _fail(f"set_aside[{i}]: {left} fits no scoring combination")
        if points != real:
            raise _fail(f"set_aside[{i}] claims {points} points, its dice score {real}")
        in_play = in_play - len(dice) or MAX_DICE
        groups.append((dice, points))
    return tuple(groups)


def _event(value: Any, i: int, seats: int) -> Event:
    if not isinstance(value, dict) or set(value) != {"kind", "seat", "points", "dice"}:
        raise _fail(f"events[{i}] must be a dict with kind, seat, points and dice")
    try:
        kind = EventKind(value["kind"])
    except ValueError:
        raise _fail(f"events[{i}] has an unknown kind {value['kind']!r}") from None
    seat = _int(value["seat"], f"events[{i}] seat", 0, seats - 1)
    points = _points(value["points"], f"events[{i}] points")
    dice = _dice(value["dice"], f"events[{i}] dice") if value["dice"] != [] else ()
    return Event(kind, seat, points, dice)


def _check_turns(turns: tuple[int, ...], current: int) -> None:
    base = turns[current]
    for i, t in enumerate(turns):
        if t != (base + 1 if i < current else base):
            raise _fail(f"turn counts {list(turns)} do not match seat {current} playing")


def _check_last_round(
    trigger: int | None,
    turns_left: int,
    over: bool,
    banked: tuple[int, ...],
    current: int,
    target: int,
) -> None:
    n = len(banked)
    if trigger is None:
        if turns_left or over:
            raise _fail("turns_left and over need a last round")
        if any(b >= target for b in banked):
            raise _fail("a seat reached the target but the last round has not started")
        return
    if banked[trigger] < target:
        raise _fail(f"seat {trigger} started the last round below the target")
    if over != (turns_left == 0):
        raise _fail("the game is over exactly when no turn of the last round is left")
    if current != (trigger + n - turns_left) % n:
        raise _fail(f"seat {current} cannot be playing with {turns_left} turns left")
    for j in range(turns_left):
        seat = (current + j) % n
        if banked[seat] >= target:
            raise _fail(f"seat {seat} reached the target before its last turn")


def parse_state(d: Any) -> SavedState:
    """Check a saved game and return its fields; raises :class:`StateError`."""
    if not isinstance(d, dict):
        raise _fail(f"expected a dict, got {type(d).__name__}")
    if d.get("game") != "farkle":
        raise _fail(f"game is {d.get('game')!r}")
    if d.get("version") != VERSION or isinstance(d.get("version"), bool):
        raise _fail(f"version {d.get('version')!r} is not {VERSION}")
    if set(d) != KEYS:
        missing, extra = sorted(KEYS - set(d)), sorted(set(d) - KEYS)
        raise _fail(f"missing keys {missing}, unknown keys {extra}")

    raw_seats = _list(d["seats"], "seats")
    if not 1 <= len(raw_seats) <= MAX_SEATS:
        raise _fail(f"{len(raw_seats)} seats; a game has 1 to {MAX_SEATS}")
    seats = tuple(_seat(s, i) for i, s in enumerate(raw_seats))
    n = len(seats)
    target = d["target"]
    if isinstance(target, bool) or target not in TARGETS:
        raise _fail(f"target {target!r} is not one of {TARGETS}")
    banked = tuple(
        _points(b, f"banked[{i}]") for i, b in enumerate(_list(d["banked"], "banked", n))
    )
    turns = tuple(_int(t, f"turns[{i}]") for i, t in enumerate(_list(d["turns"], "turns", n)))
    current = _int(d["current"], "current", 0, n - 1)
    _check_turns(turns, current)

    groups = _groups(d["set_aside"])
    set_aside_count = sum(len(dice) for dice, _ in groups)
    in_play = MAX_DICE - set_aside_count % MAX_DICE
    roll: tuple[int, ...] | None = None
    if d["roll"] is None:
        if groups:
            raise _fail("dice were set aside this turn but there is no roll")
    else:
        roll = _dice(d["roll"], "roll")
        if len(roll) != in_play:
            raise _fail(f"the roll has {len(roll)} dice but {in_play} are in play")
        flags = scoring_flags(roll)
        if not any(flags):
            raise _fail(f"the roll {list(roll)} scores nothing: the turn would have been lost")
    raw_selected = _list(d["selected"], "selected")
    size = 0 if roll is None else len(roll)
    selected = tuple(_int(i, "selected index", 0, max(size - 1, 0)) for i in raw_selected)
    if selected and roll is None:
        raise _fail("dice are selected but there is no roll")
    if list(selected) != sorted(set(selected)):
        raise _fail(f"selected {list(selected)} must be distinct and ascending")
    if roll is not None:
        bad = [i for i in selected if not flags[i]]
        if bad:
            raise _fail(f"selected die {bad[0]} of {list(roll)} cannot score")

    trigger_raw = d["last_round_by"]
    trigger = None if trigger_raw is None else _int(trigger_raw, "last_round_by", 0, n - 1)
    turns_left = _int(d["turns_left"], "turns_left", 0, n - 1)
    over = d["over"]
    if not isinstance(over, bool):
        raise _fail(f"over must be true or false, not {over!r}")
    _check_last_round(trigger, turns_left, over, banked, current, target)
    if over and roll is not None:
        raise _fail("the game is over but a turn is in progress")

    events = tuple(_event(e, i, n) for i, e in enumerate(_list(d["events"], "events")))
    return SavedState(
        seats,
        target,
        banked,
        turns,
        current,
        groups,
        roll,
        selected,
        trigger,
        turns_left,
        over,
        events,
    )
