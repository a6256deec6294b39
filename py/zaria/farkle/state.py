"""Checking a saved Farkle game (the dict of ``FarkleGame.to_dict``).

:func:`parse_state` accepts only a dict that a real game could have produced:
types, ranges, scores that match their dice, a roll of the size the dice set
aside leave, a selection of scoreable dice, turn counts in seat order and a last
round consistent with whose turn it is. Anything else raises
:class:`~zaria.errors.StateError`.

Version 2 adds the house rules (``rules``), each seat's lost turns in a row
(``farkles``) and whether it has banked yet (``opened``). A version 1 save (from
before house rules) loads with the default rules, no lost turns counted, and
``opened`` where the total is above zero (without a penalty, only a bank raises it).

Version 3 adds undo: whether the game was started ``strict`` (no undo), each
seat's ``undos`` used, and ``undo``, the state before the last bank while it may
be undone (the fields of :data:`UNDO_KEYS`, else null). Here ``undo`` is only
checked for its shape: :meth:`~zaria.farkle.game.FarkleGame.from_dict` checks
that banking from it gives the saved state. An older save loads as not strict,
with no undo used and nothing to undo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zaria.checks import StateReader, is_whole
from zaria.errors import SeatsError
from zaria.farkle.errors import BadRulesError
from zaria.farkle.events import Event, EventKind
from zaria.farkle.rules import DEFAULT_RULES, FARKLES_FOR_PENALTY, FarkleRules, ScoringTable
from zaria.farkle.scoring import MAX_DICE, non_scoring_dice, scoring_flags, selection_value
from zaria.game import Seat, check_seats

TARGETS = (5000, 10000, 15000)
VERSION = 3
KEYS_V1 = frozenset(
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
KEYS_V2 = KEYS_V1 | {"rules", "farkles", "opened"}
KEYS = KEYS_V2 | {"strict", "undos", "undo"}
#: The fields a bank changes, the ones an undo snapshot keeps: all but those that
#: stay as they are at a bank (and the undo fields themselves).
UNDO_KEYS = KEYS_V2 - {"game", "version", "seats", "target", "rules"}
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
    rules: FarkleRules = DEFAULT_RULES
    farkles: tuple[int, ...] = ()
    opened: tuple[bool, ...] = ()
    strict: bool = False
    undos: tuple[int, ...] = ()
    undo: dict[str, Any] | None = field(default=None, compare=False)
    turn_limit: int | None = None


#: The most turns a game of so many turns may have.
MAX_TURN_LIMIT = 100


def is_turn_limit(value: object) -> bool:
    """Whether ``value`` is a number of turns a game may be played for.

    >>> is_turn_limit(10), is_turn_limit(0), is_turn_limit(10.0), is_turn_limit(101)
    (True, False, False, False)
    """
    return is_whole(value) and 1 <= value <= MAX_TURN_LIMIT


def is_target(value: object) -> bool:
    """Whether ``value`` is one of the targets a game may be played to.

    >>> is_target(10000), is_target(10000.0), is_target(7000)
    (True, False, False)
    """
    return is_whole(value) and value in TARGETS


_READ = StateReader("not a saved Farkle game")
_fail = _READ.error
_int = _READ.whole
_list = _READ.list_of


def _points(value: Any, name: str, negative: bool = False) -> int:
    """A multiple of 50; below zero only when ``negative`` (a penalty can take a total there)."""
    points = value if negative and is_whole(value) and value < 0 else _int(value, name)
    if points % POINT_STEP:
        raise _fail(f"{name} = {points} is not a multiple of {POINT_STEP}")
    return points


def _dice(value: Any, name: str) -> tuple[int, ...]:
    dice = tuple(_list(value, name))
    if not 1 <= len(dice) <= MAX_DICE:
        raise _fail(f"{name} must hold 1 to {MAX_DICE} dice")
    for v in dice:
        if type(v) is not int or not 1 <= v <= 6:
            raise _fail(f"{name}: die value {v!r} is not a face from 1 to 6")
    return dice


def _seats(value: Any) -> tuple[Seat, ...]:
    """The seats of a saved game, checked as :meth:`FarkleGame.new` checks them."""
    seats = []
    for i, item in enumerate(_list(value, "seats")):
        if not isinstance(item, dict) or set(item) != {"name", "computer", "level"}:
            raise _fail(f"seat {i} must be a dict with name, computer and level")
        try:
            seats.append(Seat(item["name"], item["computer"], item["level"]))
        except SeatsError as err:
            raise _fail(f"seat {i}: {err}") from None
    try:
        return check_seats(seats)
    except SeatsError as err:
        raise _fail(str(err)) from None


def _groups(value: Any, table: ScoringTable) -> tuple[tuple[tuple[int, ...], int], ...]:
    groups = []
    in_play = MAX_DICE
    for i, item in enumerate(_list(value, "set_aside")):
        dice_raw, points_raw = _list(item, f"set_aside[{i}]", 2)
        dice = _dice(dice_raw, f"set_aside[{i}] dice")
        points = _points(points_raw, f"set_aside[{i}] points")
        if len(dice) > in_play:
            raise _fail(f"set_aside[{i}] sets aside {len(dice)} dice of {in_play} in play")
        real = selection_value(tuple(sorted(dice)), table)
        if real is None:
            left = ", ".join(map(str, non_scoring_dice(dice, table)))
            raise _fail(f"set_aside[{i}]: {left} fits no scoring combination")
        if points != real:
            raise _fail(f"set_aside[{i}] claims {points} points, its dice score {real}")
        in_play = in_play - len(dice) or MAX_DICE
        groups.append((dice, points))
    return tuple(groups)


def _event(value: Any, i: int, seats: int, negative: bool) -> Event:
    if not isinstance(value, dict) or set(value) != {"kind", "seat", "points", "dice"}:
        raise _fail(f"events[{i}] must be a dict with kind, seat, points and dice")
    try:
        kind = EventKind(value["kind"])
    except ValueError:
        raise _fail(f"events[{i}] has an unknown kind {value['kind']!r}") from None
    seat = _int(value["seat"], f"events[{i}] seat", 0, seats - 1)
    points = _points(value["points"], f"events[{i}] points", negative)
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


def _turn_limit(
    d: dict[str, Any], turns: tuple[int, ...], trigger: int | None, over: bool
) -> int | None:
    """A game of so many turns: its limit, none reached before the end, no last round."""
    if "turn_limit" not in d:
        return None
    limit = d["turn_limit"]
    if not is_turn_limit(limit):
        raise _fail(f"turn_limit {limit!r} is not a whole number from 1 to {MAX_TURN_LIMIT}")
    if trigger is not None:
        raise _fail("a game of so many turns has no last round")
    if max(turns) > limit or over != (turns[-1] == limit):
        raise _fail(f"turn counts {list(turns)} do not match a game of {limit} turns over={over}")
    return int(limit)


def _rules(value: Any) -> FarkleRules:
    try:
        return FarkleRules.from_dict(value)
    except BadRulesError as err:
        raise _fail(f"rules: {err}") from None


def _house_counts(
    d: dict[str, Any], rules: FarkleRules, banked: tuple[int, ...], turns: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The lost turns in a row and the opened flags of a version 2 save, checked."""
    n = len(banked)
    most = FARKLES_FOR_PENALTY - 1 if rules.farkle_penalty else None
    farkles = tuple(
        _int(f, f"farkles[{i}]", 0, most) for i, f in enumerate(_list(d["farkles"], "farkles", n))
    )
    opened = tuple(_list(d["opened"], "opened", n))
    for i in range(n):
        if not isinstance(opened[i], bool):
            raise _fail(f"opened[{i}] must be true or false, not {opened[i]!r}")
        if farkles[i] > turns[i]:
            raise _fail(f"seat {i} lost {farkles[i]} turns in a row in {turns[i]} turns")
        if opened[i] and not turns[i]:
            raise _fail(f"seat {i} has banked without playing a turn")
        # Only the opening minimum gives ``opened`` a meaning: then a seat that never
        # banked holds nothing but penalties.
        penalty = rules.farkle_penalty
        if (
            rules.opening_minimum
            and not opened[i]
            and (banked[i] > 0 or banked[i] % (penalty or 1))
        ):
            raise _fail(f"seat {i} has {banked[i]} points but has never banked")
    return farkles, opened


def _undo(d: dict[str, Any], n: int) -> tuple[bool, tuple[int, ...], dict[str, Any] | None]:
    """``strict``, ``undos`` and the ``undo`` snapshot's shape, of a version 3 save."""
    strict = d["strict"]
    if not isinstance(strict, bool):
        raise _fail(f"strict must be true or false, not {strict!r}")
    most = 0 if strict else None  # a strict game never undoes
    undos = tuple(
        _int(u, f"undos[{i}]", 0, most) for i, u in enumerate(_list(d["undos"], "undos", n))
    )
    undo = d["undo"]
    if undo is not None and (not isinstance(undo, dict) or set(undo) != UNDO_KEYS):
        raise _fail(f"undo must be null or a dict with exactly {sorted(UNDO_KEYS)}")
    return strict, undos, undo


def _version(d: Any) -> int:
    """The version of a saved game, its keys checked; raises :class:`StateError`."""
    if not isinstance(d, dict):
        raise _fail(f"expected a dict, got {type(d).__name__}")
    if d.get("game") != "farkle":
        raise _fail(f"game is {d.get('game')!r}")
    version = d.get("version")
    if not is_whole(version) or version not in (1, 2, VERSION):
        raise _fail(f"version {version!r} is not 1, 2 or {VERSION}")
    keys = {1: KEYS_V1, 2: KEYS_V2}.get(version, KEYS)
    if version == VERSION and "turn_limit" in d:  # a game of so many turns
        keys = keys | {"turn_limit"}
    if set(d) != keys:
        missing, extra = sorted(keys - set(d)), sorted(set(d) - keys)
        raise _fail(f"missing keys {missing}, unknown keys {extra}")
    return int(version)


def _turn(
    d: dict[str, Any], rules: FarkleRules
) -> tuple[tuple[tuple[tuple[int, ...], int], ...], tuple[int, ...] | None, tuple[int, ...]]:
    """The turn in progress: the dice set aside, the roll and the dice selected in it."""
    groups = _groups(d["set_aside"], rules.scoring)
    in_play = MAX_DICE - sum(len(dice) for dice, _ in groups) % MAX_DICE
    roll: tuple[int, ...] | None = None
    flags: tuple[bool, ...] = ()
    if d["roll"] is None:
        if groups:
            raise _fail("dice were set aside this turn but there is no roll")
    else:
        roll = _dice(d["roll"], "roll")
        if len(roll) != in_play:
            raise _fail(f"the roll has {len(roll)} dice but {in_play} are in play")
        flags = tuple(scoring_flags(roll, rules.scoring))
        if not any(flags):
            raise _fail(f"the roll {list(roll)} scores nothing: the turn would have been lost")
    return groups, roll, _selected(d["selected"], roll, flags)


def _selected(
    value: object, roll: tuple[int, ...] | None, flags: tuple[bool, ...]
) -> tuple[int, ...]:
    """The positions of the dice selected in ``roll`` (whose scoring dice are ``flags``)."""
    size = 0 if roll is None else len(roll)
    raw = _list(value, "selected")
    selected = tuple(_int(i, "selected index", 0, max(size - 1, 0)) for i in raw)
    if selected and roll is None:
        raise _fail("dice are selected but there is no roll")
    if list(selected) != sorted(set(selected)):
        raise _fail(f"selected {list(selected)} must be distinct and ascending")
    bad = [i for i in selected if roll is not None and not flags[i]]
    if bad:
        raise _fail(f"selected die {bad[0]} of {list(roll or ())} cannot score")
    return selected


def parse_state(d: Any) -> SavedState:
    """Check a saved game and return its fields; raises :class:`StateError`."""
    version = _version(d)
    rules = _rules(d["rules"]) if version >= 2 else DEFAULT_RULES
    negative = rules.farkle_penalty > 0
    seats = _seats(d["seats"])
    n = len(seats)
    target = d["target"]
    if not is_target(target):
        raise _fail(f"target {target!r} is not one of {TARGETS}")
    banked = tuple(
        _points(b, f"banked[{i}]", negative) for i, b in enumerate(_list(d["banked"], "banked", n))
    )
    turns = tuple(_int(t, f"turns[{i}]") for i, t in enumerate(_list(d["turns"], "turns", n)))
    current = _int(d["current"], "current", 0, n - 1)
    _check_turns(turns, current)
    if version >= 2:
        farkles, opened = _house_counts(d, rules, banked, turns)
    else:
        farkles, opened = (0,) * n, tuple(b > 0 for b in banked)
    groups, roll, selected = _turn(d, rules)
    trigger_raw = d["last_round_by"]
    trigger = None if trigger_raw is None else _int(trigger_raw, "last_round_by", 0, n - 1)
    turns_left = _int(d["turns_left"], "turns_left", 0, n - 1)
    over = d["over"]
    if not isinstance(over, bool):
        raise _fail(f"over must be true or false, not {over!r}")
    limit = _turn_limit(d, turns, trigger, over)
    if limit is None:
        _check_last_round(trigger, turns_left, over, banked, current, target)
    if over and roll is not None:
        raise _fail("the game is over but a turn is in progress")
    events = tuple(_event(e, i, n, negative) for i, e in enumerate(_list(d["events"], "events")))
    strict, undos, undo = _undo(d, n) if version == VERSION else (False, (0,) * n, None)
    return SavedState(
        *(seats, target, banked, turns, current, groups, roll, selected, trigger, turns_left),
        *(over, events, rules, farkles, opened, strict, undos, undo, limit),
    )
