"""Penta's game state machine: seats, turns, rolls, held dice and score sheets.

A :class:`PentaGame` is mutable: every method that changes the game changes
``self``, and every illegal action raises a :class:`PentaActionError` subclass
and leaves the game exactly as it was.

The engine never rolls dice. A roll is a chance outcome decided outside and
applied with :meth:`PentaGame.apply_roll`; the player's decisions are
:meth:`~PentaGame.toggle_hold` (or :meth:`~PentaGame.set_held`) and
:meth:`~PentaGame.score`. The same moves exist as small action values
(:class:`Roll`, :class:`ToggleHold`, :class:`Record`) for code that drives
either game through ``legal_actions()`` and ``apply()``.

>>> from zaria.game import Seat
>>> g = PentaGame.new([Seat("Ana")])
>>> g.apply_roll([4, 4, 4, 2, 6])
>>> for i in (0, 1, 2):
...     g.toggle_hold(i)
>>> g.dice_to_roll()
2
>>> g.apply_roll([4, 4])
>>> g.dice
(4, 4, 4, 4, 4)
>>> g.options()[Box.PENTA]
(50, 0)
>>> g.score(Box.PENTA)
>>> g.round, g.dice, g.totals(0).total
(2, None, 50)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from zaria.dice import Roller, check_dice
from zaria.errors import IllegalActionError, StateError
from zaria.game import MAX_SEATS, Seat
from zaria.penta.scoring import (
    BOXES,
    LOWER,
    PENTA_BONUS,
    PENTA_SCORE,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    Box,
    box_options,
)

ROUNDS = 13
DICE = 5
ROLLS_PER_TURN = 3
STATE_VERSION = 1

Sheet = dict[Box, int | None]


# --------------------------------------------------------------------------- errors


class PentaActionError(IllegalActionError):
    """An action Penta's rules forbid in the game's current state."""


class SeatsError(PentaActionError):
    """A new game with no seat, too many seats, or a seat without a name."""


class GameOverError(PentaActionError):
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


class UnknownActionError(PentaActionError):
    """An action value that is not one of Penta's actions."""


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Roll:
    """Roll the dice that are not held (all five on the turn's first roll)."""


@dataclass(frozen=True)
class ToggleHold:
    """Hold the die at ``index`` (0–4), or release it if it is held."""

    index: int


@dataclass(frozen=True)
class Record:
    """Record the current roll in ``box`` and pass the turn."""

    box: Box


Action = Roll | ToggleHold | Record


class Scored(NamedTuple):
    """One recording: who, where, the box's points and the Penta bonus (0 or 100)."""

    seat: int
    box: Box
    points: int
    bonus: int


@dataclass(frozen=True)
class Totals:
    """A score sheet's sums; ``total`` is derived from the other four.

    >>> Totals(upper=63, upper_bonus=35, lower=120, penta_bonus=100)
    Totals(upper=63, upper_bonus=35, lower=120, penta_bonus=100, total=318)
    """

    upper: int
    upper_bonus: int
    lower: int
    penta_bonus: int
    total: int = field(init=False)

    def __post_init__(self) -> None:
        total = self.upper + self.upper_bonus + self.lower + self.penta_bonus
        object.__setattr__(self, "total", total)

    @classmethod
    def of(cls, sheet: Mapping[Box, int | None], penta_bonuses: int = 0) -> Totals:
        """The totals of ``sheet`` (free boxes count 0) with ``penta_bonuses`` bonuses.

        >>> sheet = {b: 3 * b.face for b in UPPER}
        >>> Totals.of(sheet, 1)
        Totals(upper=63, upper_bonus=35, lower=0, penta_bonus=100, total=198)
        """
        upper = sum(sheet.get(b) or 0 for b in UPPER)
        lower = sum(sheet.get(b) or 0 for b in LOWER)
        bonus = UPPER_BONUS if upper >= UPPER_BONUS_THRESHOLD else 0
        return cls(upper, bonus, lower, PENTA_BONUS * penta_bonuses)


# --------------------------------------------------------------------------- the game


class PentaGame:
    """A game of Penta for 1 to 7 seats; create one with :meth:`new`.

    Seats play in order, one turn each per round, for 13 rounds. Once the last
    seat has recorded in round 13 the game is over; ``round`` and ``current``
    then stay at 13 and the last seat.
    """

    def __init__(
        self,
        seats: tuple[Seat, ...],
        current: int,
        round_: int,
        dice: tuple[int, ...] | None,
        held: tuple[bool, ...],
        rolls_used: int,
        sheets: list[Sheet],
        penta_bonuses: list[int],
        last_scored: Scored | None,
    ) -> None:
        """Build a game from parts already checked; use :meth:`new` or :meth:`from_dict`."""
        self._seats = seats
        self._current = current
        self._round = round_
        self._dice = dice
        self._held = held
        self._rolls_used = rolls_used
        self._sheets = sheets
        self._penta_bonuses = penta_bonuses
        self._last_scored = last_scored
        # options() of the current roll, computed on first use after each roll
        self._options: dict[Box, tuple[int, int]] | None = None

    @classmethod
    def new(cls, seats: Sequence[Seat]) -> PentaGame:
        """A fresh game: round 1, the first seat to roll.

        >>> PentaGame.new([])
        Traceback (most recent call last):
        ...
        zaria.penta.game.SeatsError: a game of Penta needs 1 to 7 seats, got 0
        """
        seats = tuple(seats)
        if not 1 <= len(seats) <= MAX_SEATS:
            raise SeatsError(
                "err.penta.seat_count",
                f"a game of Penta needs 1 to {MAX_SEATS} seats, got {len(seats)}",
                count=len(seats),
                max=MAX_SEATS,
            )
        for i, seat in enumerate(seats):
            if not isinstance(seat, Seat) or not isinstance(seat.name, str):
                raise SeatsError(
                    "err.penta.seat_type", f"seat {i + 1} is not a Seat: {seat!r}", seat=i
                )
            if not seat.name.strip():
                raise SeatsError("err.penta.seat_name", f"seat {i + 1} has no name", seat=i)
        return cls(
            seats=seats,
            current=0,
            round_=1,
            dice=None,
            held=(False,) * DICE,
            rolls_used=0,
            sheets=[dict.fromkeys(BOXES) for _ in seats],
            penta_bonuses=[0] * len(seats),
            last_scored=None,
        )

    # ------------------------------------------------------------------- reading

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The players, in the order they play."""
        return self._seats

    @property
    def current(self) -> int:
        """Index of the seat whose turn it is."""
        return self._current

    @property
    def round(self) -> int:
        """The round being played, 1 to 13."""
        return self._round

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The five dice of the turn, or ``None`` before the turn's first roll."""
        return self._dice

    @property
    def held(self) -> tuple[bool, ...]:
        """Which of the five dice are held (kept out of the next re-roll)."""
        return self._held

    @property
    def rolls_used(self) -> int:
        """Rolls made in this turn, 0 to 3."""
        return self._rolls_used

    @property
    def rolls_left(self) -> int:
        """Rolls still allowed in this turn."""
        return ROLLS_PER_TURN - self._rolls_used

    @property
    def over(self) -> bool:
        """True once every seat has filled its 13 boxes."""
        # Seats fill their sheets in turn, so the last seat's sheet is the last to fill.
        return None not in self._sheets[-1].values()

    @property
    def sheets(self) -> list[Sheet]:
        """Each seat's score sheet (a copy): box → points, ``None`` while free."""
        return [dict(sheet) for sheet in self._sheets]

    @property
    def penta_bonuses(self) -> list[int]:
        """How many 100-point Penta bonuses each seat has earned (a copy)."""
        return list(self._penta_bonuses)

    @property
    def last_scored(self) -> Scored | None:
        """The most recent recording, or ``None`` before the first one."""
        return self._last_scored

    def free_boxes(self, seat: int | None = None) -> frozenset[Box]:
        """The free boxes of ``seat`` (the current seat by default)."""
        sheet = self._sheets[self._current if seat is None else seat]
        return frozenset(b for b, v in sheet.items() if v is None)

    def dice_to_roll(self) -> int:
        """How many dice the next roll throws: the dice not held; 0 once the game is over."""
        if self.over:
            return 0
        if self._dice is None:
            return DICE
        return self._held.count(False)

    @property
    def can_roll(self) -> bool:
        """Whether a roll is allowed now: a roll of the turn is left and some die is not held."""
        return not self.over and self._rolls_used < ROLLS_PER_TURN and self.dice_to_roll() > 0

    def options(self) -> dict[Box, tuple[int, int]]:
        """The boxes the current roll may go in, each with ``(points, bonus)``.

        Empty before the turn's first roll. The joker rule is applied: after a
        Penta already scored 50, a further Penta may be restricted to one box.
        """
        if self._dice is None:
            return {}
        if self._options is None:
            sheet = self._sheets[self._current]
            self._options = box_options(self._dice, self.free_boxes(), sheet[Box.PENTA])
        return dict(self._options)

    def no_scoring_box(self) -> bool:
        """True after a roll when no allowed box would add points to the total.

        A joker scoring 0 in an upper box still earns its 100 bonus, so it counts
        as scoring.
        """
        options = self.options()
        return bool(options) and all(p + b == 0 for p, b in options.values())

    def must_sacrifice(self) -> bool:
        """True when the third roll is made and no allowed box scores: one must take 0."""
        return self._rolls_used == ROLLS_PER_TURN and self.no_scoring_box()

    def totals(self, seat: int) -> Totals:
        """The sums of ``seat``'s sheet, Penta bonuses included."""
        return Totals.of(self._sheets[seat], self._penta_bonuses[seat])

    def upper_needed(self, seat: int) -> int:
        """Points ``seat``'s upper section still lacks for the 35 bonus (0 once reached)."""
        return max(0, UPPER_BONUS_THRESHOLD - self.totals(seat).upper)

    def winners(self) -> list[int]:
        """The seats with the highest total once the game is over (ties share the win).

        Empty while the game is still being played.
        """
        if not self.over:
            return []
        totals = [self.totals(s).total for s in range(len(self._seats))]
        best = max(totals)
        return [s for s, t in enumerate(totals) if t == best]

    def legal_actions(self) -> list[Action]:
        """Every action allowed now: roll, hold or release a die, record in a box.

        ``Roll`` is listed while a roll remains and some die is not held; holds
        only while a re-roll remains; ``Record`` for each allowed box.
        """
        if self.over:
            return []
        actions: list[Action] = []
        if self.can_roll:
            actions.append(Roll())
        if self._dice is not None and self._rolls_used < ROLLS_PER_TURN:
            actions.extend(ToggleHold(i) for i in range(DICE))
        actions.extend(Record(box) for box in self.options())
        return actions

    # ------------------------------------------------------------------- acting

    def apply_roll(self, values: Sequence[int]) -> None:
        """Apply a roll: ``values`` are the new faces of the dice not held, in position order.

        On the turn's first roll that is all five dice (nothing can be held before
        it). Held dice keep their faces, and stay held for the next re-roll.
        """
        self._check_can_roll()
        rolled = iter(check_dice(values, self.dice_to_roll()))
        if self._dice is None:
            self._dice = tuple(rolled)
        else:
            self._dice = tuple(
                d if h else next(rolled) for d, h in zip(self._dice, self._held, strict=True)
            )
        self._rolls_used += 1
        self._options = None

    def toggle_hold(self, index: int) -> None:
        """Hold die ``index`` (0–4) for the next re-roll, or release it."""
        self._check_can_hold(f"hold die {index!r}")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < DICE:
            raise BadHoldError(
                "err.penta.hold_index",
                f"cannot hold die {index!r}: dice are numbered 0 to {DICE - 1}",
                index=str(index),
            )
        held = list(self._held)
        held[index] = not held[index]
        self._held = tuple(held)

    def set_held(self, held: Sequence[bool]) -> None:
        """Hold exactly the dice marked ``True`` in ``held`` (five booleans)."""
        self._check_can_hold("set the held dice")
        pattern = tuple(held)
        if len(pattern) != DICE or not all(isinstance(h, bool) for h in pattern):
            raise BadHoldError(
                "err.penta.held_shape",
                f"cannot set the held dice to {held!r}: give {DICE} booleans",
                held=repr(held),
            )
        self._held = pattern

    def score(self, box: Box) -> None:
        """Record the current roll in ``box``, then pass the turn to the next seat."""
        if self.over:
            raise GameOverError(
                "err.penta.game_over", f"cannot record in {box!r}: the game is over"
            )
        if not isinstance(box, Box):
            raise UnknownBoxError(
                "err.penta.unknown_box", f"cannot record in {box!r}: not a box", box=repr(box)
            )
        if self._dice is None:
            raise NotRolledError(
                "err.penta.not_rolled",
                f"cannot record in {box.value}: {self._who()} has not rolled yet",
                box=box.value,
            )
        sheet = self._sheets[self._current]
        used = sheet[box]
        if used is not None:
            raise BoxUsedError(
                "err.penta.box_used",
                f"cannot record in {box.value}: {self._who()} already has {used} there",
                box=box.value,
                points=used,
            )
        options = self.options()
        if box not in options:
            allowed = ", ".join(b.value for b in options)
            raise JokerForbidsError(
                "err.penta.joker_forbids",
                f"cannot record the Penta {self._dice} in {box.value}: "
                f"the joker rule allows only {allowed}",
                box=box.value,
                allowed=[b.value for b in options],
            )
        points, bonus = options[box]
        sheet[box] = points
        if bonus:
            self._penta_bonuses[self._current] += 1
        self._last_scored = Scored(self._current, box, points, bonus)
        self._next_turn()

    def apply(self, action: Action, roller: Roller | None = None) -> None:
        """Apply one action from :meth:`legal_actions`.

        ``ToggleHold`` and ``Record`` are the player's decisions. ``Roll`` is a
        chance outcome: it needs ``roller``, which picks the faces of the dice
        to roll (the game checks the roll is allowed before asking it); calling
        :meth:`apply_roll` with known faces does the same.

        >>> from zaria.dice import ScriptedRoller, RandomRoller
        >>> g = PentaGame.new([Seat("Ana")])
        >>> g.apply(Roll(), ScriptedRoller([(2, 3, 4, 5, 6)], RandomRoller(0)))
        >>> g.apply(Record(Box.LARGE_STRAIGHT))
        >>> g.sheets[0][Box.LARGE_STRAIGHT]
        40
        """
        if isinstance(action, Roll):
            self._check_can_roll()
            if roller is None:
                raise TypeError("apply(Roll()) needs a roller; or call apply_roll(values)")
            self.apply_roll(roller.roll(self.dice_to_roll()))
        elif isinstance(action, ToggleHold):
            self.toggle_hold(action.index)
        elif isinstance(action, Record):
            self.score(action.box)
        else:
            raise UnknownActionError(
                "err.penta.unknown_action",
                f"{action!r} is not a Penta action",
                action=repr(action),
            )

    def _who(self) -> str:
        return f"{self._seats[self._current].name} (round {self._round})"

    def _check_can_roll(self) -> None:
        if self.over:
            raise GameOverError("err.penta.game_over", "cannot roll: the game is over")
        if self._rolls_used >= ROLLS_PER_TURN:
            raise NoRollsLeftError(
                "err.penta.no_rolls_left",
                f"cannot roll: {self._who()} has made all {ROLLS_PER_TURN} rolls of the turn",
                rolls=ROLLS_PER_TURN,
            )
        if self._dice is not None and all(self._held):
            raise AllHeldError(
                "err.penta.all_held", "cannot roll: all five dice are held; release one first"
            )

    def _check_can_hold(self, what: str) -> None:
        if self.over:
            raise GameOverError("err.penta.game_over", f"cannot {what}: the game is over")
        if self._dice is None:
            raise HoldBeforeRollError(
                "err.penta.hold_before_roll",
                f"cannot {what}: {self._who()} has not rolled yet",
            )
        if self._rolls_used >= ROLLS_PER_TURN:
            raise NoRollsLeftError(
                "err.penta.no_rolls_left",
                f"cannot {what}: {self._who()} has made all {ROLLS_PER_TURN} rolls, "
                "no re-roll is left",
                rolls=ROLLS_PER_TURN,
            )

    def _next_turn(self) -> None:
        self._dice = None
        self._options = None
        self._held = (False,) * DICE
        self._rolls_used = 0
        if self.over:
            return
        self._current += 1
        if self._current == len(self._seats):
            self._current = 0
            self._round += 1

    # ------------------------------------------------------------------- saving

    def copy(self) -> PentaGame:
        """An independent copy of the game."""
        return PentaGame(
            seats=self._seats,
            current=self._current,
            round_=self._round,
            dice=self._dice,
            held=self._held,
            rolls_used=self._rolls_used,
            sheets=[dict(sheet) for sheet in self._sheets],
            penta_bonuses=list(self._penta_bonuses),
            last_scored=self._last_scored,
        )

    def to_dict(self) -> dict[str, Any]:
        """The game as a JSON-safe dict; :meth:`from_dict` reads it back.

        >>> d = PentaGame.new([Seat("Ana")]).to_dict()
        >>> d["game"], d["version"], d["round"], d["dice"], d["sheets"][0]["penta"]
        ('penta', 1, 1, None, None)
        """
        last = self._last_scored
        return {
            "game": "penta",
            "version": STATE_VERSION,
            "seats": [seat.to_dict() for seat in self._seats],
            "current": self._current,
            "round": self._round,
            "dice": None if self._dice is None else list(self._dice),
            "held": list(self._held),
            "rolls_used": self._rolls_used,
            # every sheet holds its boxes in sheet order, the order of _BOX_NAMES
            "sheets": [
                dict(zip(_BOX_NAMES, sheet.values(), strict=True)) for sheet in self._sheets
            ],
            "penta_bonuses": list(self._penta_bonuses),
            "last_scored": None
            if last is None
            else {
                "seat": last.seat,
                "box": last.box.value,
                "points": last.points,
                "bonus": last.bonus,
            },
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PentaGame:
        """Read back a game saved by :meth:`to_dict`; raise :class:`StateError` if it is not one.

        Beyond types and ranges it checks that the parts agree: every seat has
        filled one box per turn played, dice exist exactly when the turn has
        rolled, each box holds a score that box can take, Penta bonuses follow a
        Penta scored 50, and ``last_scored`` names the previous turn's box.

        >>> PentaGame.from_dict({"game": "penta", "version": 2})
        Traceback (most recent call last):
        ...
        zaria.errors.StateError: penta state: unsupported version 2 (this app reads version 1)
        """
        return _read_state(d)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PentaGame):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        names = ", ".join(s.name for s in self._seats)
        state = "over" if self.over else f"round {self._round}, seat {self._current}"
        return f"<PentaGame [{names}] {state}, dice {self._dice}, rolls {self._rolls_used}>"


# --------------------------------------------------------------------------- reading a state

#: Each box by its name in a saved state, in sheet order.
_BOX_NAMES: dict[str, Box] = {b.value: b for b in BOXES}

#: The points each box can hold, jokers included.
_BOX_VALUES: dict[Box, frozenset[int]] = {
    **{b: frozenset(b.face * k for k in range(DICE + 1)) for b in UPPER},
    Box.THREE_KIND: frozenset({0, *range(5, 31)}),
    Box.FOUR_KIND: frozenset({0, *range(5, 31)}),
    Box.FULL_HOUSE: frozenset({0, 25}),
    Box.SMALL_STRAIGHT: frozenset({0, 30}),
    Box.LARGE_STRAIGHT: frozenset({0, 40}),
    Box.CHANCE: frozenset(range(5, 31)),
    Box.PENTA: frozenset({0, PENTA_SCORE}),
}

_KEYS = frozenset(
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


def _bad(message: str) -> StateError:
    return StateError(f"penta state: {message}")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(v: object, what: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _bad(f"{what} must be an integer from {lo} to {hi}, got {v!r}")
    return v


def _list(v: object, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(v, list):
        raise _bad(f"{what} must be a list, got {type(v).__name__}")
    if length is not None and len(v) != length:
        raise _bad(f"{what} must have {length} items, got {len(v)}")
    return v


def _read_seat(v: object, i: int) -> Seat:
    if not isinstance(v, dict):
        raise _bad(f"seat {i} must be an object")
    name, computer, level = v.get("name"), v.get("computer", False), v.get("level", "")
    if not isinstance(name, str) or not name.strip():
        raise _bad(f"seat {i} needs a non-empty name, got {name!r}")
    if not isinstance(computer, bool) or not isinstance(level, str):
        raise _bad(f"seat {i}: 'computer' must be true/false and 'level' a string")
    return Seat(name, computer, level)


def _read_sheet(v: object, i: int) -> Sheet:
    if not isinstance(v, dict) or v.keys() != _BOX_NAMES.keys():
        raise _bad(f"sheet {i} must be an object with exactly the 13 boxes as keys")
    sheet: Sheet = {}
    for name, box in _BOX_NAMES.items():
        points = v[name]
        if points is not None and (not _is_int(points) or points not in _BOX_VALUES[box]):
            raise _bad(f"sheet {i}: {name} cannot hold {points!r}")
        sheet[box] = points
    return sheet


def _read_last(v: object, n: int, sheets: list[Sheet], bonuses: list[int]) -> Scored | None:
    if v is None:
        return None
    if not isinstance(v, dict) or set(v) != {"seat", "box", "points", "bonus"}:
        raise _bad("last_scored must be null or an object with seat, box, points, bonus")
    seat = _int(v["seat"], "last_scored.seat", 0, n - 1)
    try:
        box = Box(v["box"])
    except (ValueError, TypeError):
        raise _bad(f"last_scored.box {v['box']!r} is not a box") from None
    points, bonus = v["points"], v["bonus"]
    if not _is_int(points) or sheets[seat][box] != points:
        raise _bad(f"last_scored says {points!r} in {box.value}, the sheet disagrees")
    if bonus not in (0, PENTA_BONUS) or not _is_int(bonus):
        raise _bad(f"last_scored.bonus must be 0 or {PENTA_BONUS}, got {bonus!r}")
    if bonus and (box is Box.PENTA or bonuses[seat] == 0):
        raise _bad("last_scored has a Penta bonus the sheet does not account for")
    return Scored(seat, box, points, bonus)


def _read_state(d: Mapping[str, Any]) -> PentaGame:
    if not isinstance(d, Mapping):
        raise _bad(f"expected an object, got {type(d).__name__}")
    if d.get("game") != "penta":
        raise _bad(f"not a Penta game (game is {d.get('game')!r})")
    version = d.get("version")
    if version != STATE_VERSION or not _is_int(version):
        raise _bad(f"unsupported version {version!r} (this app reads version {STATE_VERSION})")
    if set(d) != _KEYS:
        missing, extra = sorted(_KEYS - set(d)), sorted(set(d) - _KEYS)
        raise _bad(f"wrong keys (missing {missing}, unexpected {extra})")

    seats_in = _list(d["seats"], "seats")
    if not 1 <= len(seats_in) <= MAX_SEATS:
        raise _bad(f"seats must hold 1 to {MAX_SEATS} seats, got {len(seats_in)}")
    seats = tuple(_read_seat(s, i) for i, s in enumerate(seats_in))
    n = len(seats)
    current = _int(d["current"], "current", 0, n - 1)
    round_ = _int(d["round"], "round", 1, ROUNDS)
    rolls_used = _int(d["rolls_used"], "rolls_used", 0, ROLLS_PER_TURN)

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

    sheets = [_read_sheet(s, i) for i, s in enumerate(_list(d["sheets"], "sheets", n))]
    bonuses = [
        _int(b, f"penta_bonuses[{i}]", 0, ROUNDS - 1)
        for i, b in enumerate(_list(d["penta_bonuses"], "penta_bonuses", n))
    ]
    for i, (sheet, count) in enumerate(zip(sheets, bonuses, strict=True)):
        filled = sum(v is not None for v in sheet.values())
        if count and sheet[Box.PENTA] != PENTA_SCORE:
            raise _bad(f"seat {i} has Penta bonuses without a Penta scored 50")
        if count > max(filled - 1, 0):
            raise _bad(f"seat {i} has {count} Penta bonuses but only {filled} boxes filled")

    over = all(None not in sheet.values() for sheet in sheets)
    if over:
        if (round_, current, rolls_used) != (ROUNDS, n - 1, 0):
            raise _bad("a finished game must stand at round 13, last seat, no dice")
    else:
        for i, sheet in enumerate(sheets):
            filled = sum(v is not None for v in sheet.values())
            expected = round_ - 1 + (1 if i < current else 0)
            if filled != expected:
                raise _bad(
                    f"seat {i} has {filled} boxes filled; round {round_} with seat "
                    f"{current} to play means {expected}"
                )

    last = _read_last(d["last_scored"], n, sheets, bonuses)
    anything_filled = round_ > 1 or current > 0 or over
    if anything_filled:
        previous = current if over else (current - 1) % n
        if last is None or last.seat != previous:
            raise _bad(f"last_scored must name seat {previous}, who played the previous turn")
    elif last is not None:
        raise _bad("last_scored is set but nothing has been recorded yet")

    return PentaGame(
        seats=seats,
        current=current,
        round_=round_,
        dice=dice,
        held=held,
        rolls_used=rolls_used,
        sheets=sheets,
        penta_bonuses=bonuses,
        last_scored=last,
    )
