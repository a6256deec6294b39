"""Checking a saved Penta game (the dict of ``PentaGame.to_dict``).

:func:`parse_state` accepts only a dict that a real game could have produced.
Beyond types and ranges it checks that the parts agree: every seat has filled
one box per turn played, dice exist exactly when the turn has rolled, each box
holds a score that box can take, Penta bonuses follow a Penta scored 50, and
``last_scored`` names the previous turn's box. Anything else raises
:class:`~zaria.errors.StateError`.

Version 2 adds undo: whether the game was started ``strict`` (no undo), each
seat's ``undos`` used, and ``undo``, the state before the last record while it
may be undone (the fields of :data:`UNDO_KEYS`, else null). Here ``undo`` is only
checked for its shape: :meth:`~zaria.penta.game.PentaGame.from_dict` checks that
recording ``last_scored`` from it gives the saved state. A version 1 save loads
as not strict, with no undo used and nothing to undo.

A game of another member of the five-dice family (:mod:`zaria.penta.rules`) adds
``rules``, the member's id (``"printed"``, ``"yatzy"``), and its ``game`` is the
member's game; a save without ``rules`` is Penta's, as every save made before
the family was. Sheets, boxes and bonuses are then checked against those rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from zaria.checks import StateReader, is_whole
from zaria.errors import SeatsError, StateError
from zaria.game import Seat, check_seats
from zaria.penta.members import rules_named
from zaria.penta.rules import Rules
from zaria.penta.scoring import BOXES, PENTA, Box

ROUNDS = 13
DICE = 5
ROLLS_PER_TURN = 3
STATE_VERSION = 2

#: A score sheet: each box of the game's rules (Penta's :class:`Box` or another member's
#: boxes) → its points, ``None`` while free.
Sheet = dict[Any, int | None]


class Scored(NamedTuple):
    """One recording: who, where, the box's points and the Penta bonus (0 or 100)."""

    seat: int
    box: Any  # a box of the game's rules: a Box in Penta
    points: int
    bonus: int


@dataclass(frozen=True)
class SavedState:
    """The checked fields of a saved game, as :class:`~zaria.penta.game.PentaGame` holds them."""

    seats: tuple[Seat, ...]
    current: int
    round_: int
    dice: tuple[int, ...] | None
    held: tuple[bool, ...]
    rolls_used: int
    sheets: list[Sheet]
    penta_bonuses: list[int]
    last_scored: Scored | None
    strict: bool = False
    undos: list[int] = field(default_factory=list)
    undo: dict[str, Any] | None = None
    rules: Rules = PENTA


#: Each box by its name in a saved state, in sheet order.
BOX_NAMES: dict[str, Box] = {b.value: b for b in BOXES}

KEYS_V1 = frozenset(
    {
        "game",
        "version",
        "seats",
        "current",
        "round",
        "dice",
        "held",
        "rolls_used",
        "sheets",
        "penta_bonuses",
        "last_scored",
    }
)
KEYS = KEYS_V1 | {"strict", "undos", "undo"}

#: The fields a record changes, the ones an undo snapshot keeps: the others
#: (game, version, seats, strict, undos) stay as they are at a record.
UNDO_KEYS = frozenset(
    {"current", "round", "dice", "held", "rolls_used", "sheets", "penta_bonuses", "last_scored"}
)


_READ = StateReader("penta state")
_bad = _READ.error
_int = _READ.whole
_list = _READ.list_of
_is_int = is_whole


def _read_seats(v: object) -> tuple[Seat, ...]:
    """The seats of a saved game, checked as a new game's are."""
    seats = []
    for i, item in enumerate(_list(v, "seats")):
        try:
            seats.append(Seat.from_dict(item))
        except StateError as err:
            raise _bad(f"seat {i}: {err}") from None
    try:
        return check_seats(seats)
    except SeatsError as err:
        raise _bad(str(err)) from None


def _read_sheet(v: object, i: int, rules: Rules) -> Sheet:
    names = {b.value: b for b in rules.order}
    if not isinstance(v, dict) or v.keys() != names.keys():
        raise _bad(f"sheet {i} must be an object with exactly the {len(names)} boxes as keys")
    sheet: Sheet = {}
    for name, box in names.items():
        points = v[name]
        if points is not None and (not _is_int(points) or points not in rules.box_values[box]):
            raise _bad(f"sheet {i}: {name} cannot hold {points!r}")
        sheet[box] = points
    return sheet


def _read_last(
    v: object, n: int, sheets: list[Sheet], bonuses: list[int], rules: Rules
) -> Scored | None:
    if v is None:
        return None
    if not isinstance(v, dict) or set(v) != {"seat", "box", "points", "bonus"}:
        raise _bad("last_scored must be null or an object with seat, box, points, bonus")
    seat = _int(v["seat"], "last_scored.seat", 0, n - 1)
    try:
        box = rules.box_named(v["box"])
    except (ValueError, TypeError, AttributeError):
        raise _bad(f"last_scored.box {v['box']!r} is not a box") from None
    points, bonus = v["points"], v["bonus"]
    if not _is_int(points) or sheets[seat][box] != points:
        raise _bad(f"last_scored says {points!r} in {box.value}, the sheet disagrees")
    if bonus not in {0, rules.extra_bonus} or not _is_int(bonus):
        raise _bad(f"last_scored.bonus must be 0 or {rules.extra_bonus}, got {bonus!r}")
    if bonus and (box is rules.five_box or bonuses[seat] == 0):
        raise _bad("last_scored has a Penta bonus the sheet does not account for")
    return Scored(seat, box, points, bonus)


def _read_rules(d: Mapping[str, Any]) -> Rules:
    """The rules a save names (Penta's when it names none), of the save's game."""
    if "rules" not in d:
        rules = PENTA
    else:
        try:
            rules = rules_named(d["rules"])
        except ValueError as err:
            raise _bad(str(err)) from None
    if d.get("game") != rules.game:
        raise _bad(f"not a game of {rules.id} rules (game is {d.get('game')!r})")
    return rules


def _read_header(d: object) -> tuple[Mapping[str, Any], Rules]:
    if not isinstance(d, Mapping):
        raise _bad(f"expected an object, got {type(d).__name__}")
    if d.get("game") != "penta" and "rules" not in d:
        raise _bad(f"not a Penta game (game is {d.get('game')!r})")
    rules = _read_rules(d)
    version = d.get("version")
    if version not in (1, STATE_VERSION) or not _is_int(version):
        raise _bad(
            f"unsupported version {version!r} (this app reads versions 1 to {STATE_VERSION})"
        )
    keys = KEYS if version == STATE_VERSION else KEYS_V1
    if rules is not PENTA:
        keys = keys | {"rules"}
    if set(d) != keys:
        missing, extra = sorted(keys - set(d)), sorted(set(d) - keys)
        raise _bad(f"wrong keys (missing {missing}, unexpected {extra})")
    return d, rules


def _read_undo(d: Mapping[str, Any], n: int) -> tuple[bool, list[int], dict[str, Any] | None]:
    """``strict``, ``undos`` and the ``undo`` snapshot's shape; a version 1 save has none."""
    if d["version"] == 1:
        return False, [0] * n, None
    strict = d["strict"]
    if not isinstance(strict, bool):
        raise _bad(f"strict must be true or false, not {strict!r}")
    most = 0 if strict else None  # a strict game never undoes
    undos = [_int(u, f"undos[{i}]", 0, most) for i, u in enumerate(_list(d["undos"], "undos", n))]
    undo = d["undo"]
    if undo is not None and (not isinstance(undo, dict) or set(undo) != UNDO_KEYS):
        raise _bad(f"undo must be null or an object with exactly {sorted(UNDO_KEYS)}")
    return strict, undos, undo


def _read_dice(
    d: Mapping[str, Any], rolls_used: int
) -> tuple[tuple[int, ...] | None, tuple[bool, ...]]:
    held = tuple(_list(d["held"], "held", DICE))
    if not all(isinstance(h, bool) for h in held):
        raise _bad(f"held must be {DICE} booleans, got {d['held']!r}")
    dice: tuple[int, ...] | None = None
    if d["dice"] is not None:
        raw = _list(d["dice"], "dice", DICE)
        if not all(_is_int(v) and 1 <= v <= 6 for v in raw):
            raise _bad(f"dice must be {DICE} faces from 1 to 6, got {raw!r}")
        dice = tuple(raw)
    if (dice is None) != (rolls_used == 0):
        raise _bad(f"dice {d['dice']!r} do not match rolls_used {rolls_used}")
    if dice is None and any(held):
        raise _bad("dice are held before the turn's first roll")
    return dice, held


def _read_sheets(d: Mapping[str, Any], n: int, rules: Rules) -> tuple[list[Sheet], list[int]]:
    sheets = [_read_sheet(s, i, rules) for i, s in enumerate(_list(d["sheets"], "sheets", n))]
    most = rules.rounds - 1 if rules.extra_bonus else 0
    bonuses = [
        _int(b, f"penta_bonuses[{i}]", 0, most)
        for i, b in enumerate(_list(d["penta_bonuses"], "penta_bonuses", n))
    ]
    for i, (sheet, count) in enumerate(zip(sheets, bonuses, strict=True)):
        filled = sum(v is not None for v in sheet.values())
        if count and sheet[rules.five_box] != rules.five_score:
            raise _bad(f"seat {i} has Penta bonuses without a Penta scored 50")
        if count > max(filled - 1, 0):
            raise _bad(f"seat {i} has {count} Penta bonuses but only {filled} boxes filled")
    return sheets, bonuses


def _check_progress(
    sheets: list[Sheet], round_: int, current: int, rolls_used: int, rounds: int = ROUNDS
) -> bool:
    """Check the sheets are as full as the round and seat say; return whether it is over."""
    n = len(sheets)
    over = all(None not in sheet.values() for sheet in sheets)
    if over:
        if (round_, current, rolls_used) != (rounds, n - 1, 0):
            raise _bad(f"a finished game must stand at round {rounds}, last seat, no dice")
        return True
    for i, sheet in enumerate(sheets):
        filled = sum(v is not None for v in sheet.values())
        expected = round_ - 1 + (1 if i < current else 0)
        if filled != expected:
            raise _bad(
                f"seat {i} has {filled} boxes filled; round {round_} with seat "
                f"{current} to play means {expected}"
            )
    return False


def parse_state(d: object) -> SavedState:
    """The checked fields of a saved game; raise :class:`~zaria.errors.StateError` if it is not one.

    >>> parse_state({"game": "penta", "version": 3})
    Traceback (most recent call last):
    ...
    zaria.errors.StateError: penta state: unsupported version 3 (this app reads versions 1 to 2)
    """
    d, rules = _read_header(d)
    seats = _read_seats(d["seats"])
    n = len(seats)
    current = _int(d["current"], "current", 0, n - 1)
    round_ = _int(d["round"], "round", 1, rules.rounds)
    rolls_used = _int(d["rolls_used"], "rolls_used", 0, ROLLS_PER_TURN)
    dice, held = _read_dice(d, rolls_used)
    sheets, bonuses = _read_sheets(d, n, rules)
    over = _check_progress(sheets, round_, current, rolls_used, rules.rounds)

    last = _read_last(d["last_scored"], n, sheets, bonuses, rules)
    anything_filled = round_ > 1 or current > 0 or over
    if anything_filled:
        previous = current if over else (current - 1) % n
        if last is None or last.seat != previous:
            raise _bad(f"last_scored must name seat {previous}, who played the previous turn")
    elif last is not None:
        raise _bad("last_scored is set but nothing has been recorded yet")
    strict, undos, undo = _read_undo(d, n)

    return SavedState(
        seats=seats,
        current=current,
        round_=round_,
        dice=dice,
        held=held,
        rolls_used=rolls_used,
        sheets=sheets,
        penta_bonuses=bonuses,
        last_scored=last,
        strict=strict,
        undos=undos,
        undo=undo,
        rules=rules,
    )
