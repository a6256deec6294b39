"""Penta's game state machine: seats, turns, rolls, held dice and score sheets.

A :class:`PentaGame` is mutable: every method that changes the game changes
``self``. Every illegal action raises a :class:`~zaria.penta.errors.PentaActionError`
subclass, and every argument the game cannot use one of the shared errors of
:mod:`zaria.errors` (:class:`~zaria.errors.InvalidDiceError` for dice,
:class:`~zaria.errors.SeatsError`, :class:`~zaria.errors.NoSuchSeatError`,
:class:`~zaria.errors.MissingDiceError`, :class:`~zaria.errors.UnknownActionError`);
either way the game is left exactly as it was.

The engine never rolls dice. A roll is a chance outcome decided outside and
applied with :meth:`PentaGame.apply_roll`; the player's decisions are
:meth:`~PentaGame.toggle` (or :meth:`~PentaGame.set_held`) and
:meth:`~PentaGame.record`. The same moves exist as small action values
(:class:`Roll`, :class:`Toggle`, :class:`Record`) for code that drives either
game through ``legal_actions()`` and ``apply()`` (the
:class:`~zaria.game.Game` protocol). Farkle uses the same names for the same
things: ``Roll`` (with or without its dice), ``Toggle``, ``can_roll()``,
``apply(action, roller=…)``, ``outcome()``.

Undo (:meth:`PentaGame.undo`, the shared :class:`~zaria.game.Undo` action)
takes back the last record, with its bonuses and the turn it passed, until the
next roll by anyone: the same dice and holds are back on the table with the same
rolls left, and the player chooses a box again. It is one step, only for a
human seat's record, and off in a game started ``strict``; a game-ending record
may be undone too (the game is then no longer over). The game keeps the fields a
record changes (:data:`~zaria.penta.state.UNDO_KEYS`) from before it, saved with
the game, and counts each seat's undos (:attr:`PentaGame.undos`).

Every member of the five-dice family plays through this class: a game is
created with its :class:`~zaria.penta.rules.Rules` (Penta's by default;
``PentaGame.new(seats, rules=YATZY)`` for Yatzy), which give its boxes, their
scores, its bonuses and its joker, and the number of rounds (one per box).

The errors live in :mod:`zaria.penta.errors` and the reading of a saved game
in :mod:`zaria.penta.state`; both are importable from here too.

>>> from zaria.game import Seat
>>> g = PentaGame.new([Seat("Ana")])
>>> g.apply_roll([4, 4, 4, 2, 6])
>>> for i in (0, 1, 2):
...     g.toggle(i)
>>> g.dice_to_roll()
2
>>> g.apply_roll([4, 4])
>>> g.dice
(4, 4, 4, 4, 4)
>>> g.options()[Box.PENTA]
(50, 0)
>>> g.record(Box.PENTA)
>>> g.round, g.dice, g.totals(0).total
(2, None, 50)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from zaria.dice import Roller, Throw, check_dice
from zaria.errors import IllegalActionError, MissingDiceError, StateError, UnknownActionError
from zaria.game import OneStepUndo, Seat, Undo, check_seats, check_strict, check_undo, seat_index
from zaria.outcome import Outcome
from zaria.penta.errors import (
    AllHeldError,
    BadHoldError,
    BadRulesError,
    BoxUsedError,
    GameOverError,
    HoldBeforeRollError,
    JokerForbidsError,
    NoRollsLeftError,
    NotRolledError,
    PentaActionError,
    PentaBoxValueError,
    UnknownBoxError,
)
from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA, Box
from zaria.penta.state import (
    DICE,
    ROLLS_PER_TURN,
    ROUNDS,
    STATE_VERSION,
    UNDO_KEYS,
    SavedState,
    Scored,
    Sheet,
    parse_state,
)

__all__ = [
    "DICE",
    "ROLLS_PER_TURN",
    "ROUNDS",
    "STATE_VERSION",
    "Action",
    "AllHeldError",
    "BadHoldError",
    "BadRulesError",
    "Box",
    "BoxUsedError",
    "GameOverError",
    "HoldBeforeRollError",
    "JokerForbidsError",
    "NoRollsLeftError",
    "NotRolledError",
    "PentaActionError",
    "PentaBoxValueError",
    "PentaGame",
    "Record",
    "Roll",
    "Scored",
    "Sheet",
    "Toggle",
    "ToggleHold",
    "Totals",
    "Undo",
    "UnknownBoxError",
]


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Roll:
    """Roll the dice that are not held (all five on the turn's first roll).

    ``values`` are the faces rolled, as :meth:`PentaGame.apply_roll` takes them;
    ``None`` asks :meth:`PentaGame.apply` to take them from its ``roller``.
    :meth:`PentaGame.legal_actions` lists ``Roll()``.
    """

    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Toggle:
    """Hold the die at ``index`` (0–4), or release it if it is held."""

    index: int


#: The earlier name of :class:`Toggle`.
ToggleHold = Toggle


#: The type of a game's boxes: :class:`~zaria.penta.scoring.Box` in Penta.
BoxT = TypeVar("BoxT", bound=Enum)


@dataclass(frozen=True)
class Record(Generic[BoxT]):
    """Record the current roll in ``box`` and pass the turn."""

    box: BoxT


Action = Roll | Toggle | Record[Any] | Undo


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
    def of(
        cls, sheet: Mapping[Any, int | None], penta_bonuses: int = 0, rules: Rules = PENTA
    ) -> Totals:
        """The totals of ``sheet`` (free boxes count 0) with ``penta_bonuses`` extra
        five-of-a-kind bonuses, under ``rules``.

        >>> sheet = {b: 3 * b.face for b in PENTA.upper}
        >>> Totals.of(sheet, 1)
        Totals(upper=63, upper_bonus=35, lower=0, penta_bonus=100, total=198)
        """
        upper = sum(sheet.get(b) or 0 for b in rules.upper)
        lower = sum(sheet.get(b) or 0 for b in rules.lower)
        bonus = rules.upper_bonus if upper >= rules.upper_threshold else 0
        return cls(upper, bonus, lower, rules.extra_bonus * penta_bonuses)


# --------------------------------------------------------------------------- the game


class PentaGame(OneStepUndo):
    """A game of a five-dice member (Penta by default) for 1 to 7 seats; create one
    with :meth:`new`.

    Seats play in order, one turn each per round, for as many rounds as the sheet
    has boxes (13 in Penta). Once the last seat has recorded in the last round the
    game is over; ``round`` and ``current`` then stay at the last round and seat.
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
        strict: bool = False,
        undos: list[int] | None = None,
        rules: Rules = PENTA,
    ) -> None:
        """Build a game from parts already checked; use :meth:`new` or :meth:`from_dict`."""
        self._rules = rules
        self._seats = seats
        self._current = current
        self._round = round_
        self._dice = dice
        self._held = held
        self._rolls_used = rolls_used
        self._sheets = sheets
        self._penta_bonuses = penta_bonuses
        self._last_scored = last_scored
        self._strict = strict
        self._undos = [0] * len(seats) if undos is None else undos
        # the game just before the last record, while that record may be undone;
        # never changed in place, so copies may share it
        self._before: PentaGame | None = None
        # options() of the current roll, computed on first use after each roll
        self._options: dict[Any, tuple[int, int]] | None = None

    @classmethod
    def new(cls, seats: Sequence[Seat], *, strict: bool = False, rules: Rules = PENTA) -> PentaGame:
        """A fresh game: round 1, the first seat to roll; ``strict`` turns undo off;
        ``rules`` the member played (Penta by default).

        >>> PentaGame.new([])
        Traceback (most recent call last):
        ...
        zaria.errors.SeatsError: a game needs 1 to 7 seats, got 0
        """
        seats = check_seats(seats)
        strict = check_strict(strict)
        if not isinstance(rules, Rules):
            raise BadRulesError(f"cannot start a game: {rules!r} are not five-dice rules")
        return cls(
            seats=seats,
            current=0,
            round_=1,
            dice=None,
            held=(False,) * DICE,
            rolls_used=0,
            sheets=[dict.fromkeys(rules.order) for _ in seats],
            penta_bonuses=[0] * len(seats),
            last_scored=None,
            strict=strict,
            rules=rules,
        )

    # ------------------------------------------------------------------- reading

    @property
    def rules(self) -> Rules:
        """The member of the five-dice family played: its boxes, bonuses and joker."""
        return self._rules

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
        """The round being played, 1 to the number of boxes (13 in Penta)."""
        return self._round

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The five dice of the turn, or ``None`` before the turn's first roll."""
        return self._dice

    @property
    def held(self) -> tuple[bool, ...]:
        """Which of the five dice are held (kept out of the next re-roll)."""
        return self._held

    def next_throw(self) -> Throw:
        """Where the next roll falls: the seat's turn (the round, from 0), the roll
        within it (from 0) and the places of the dice not held (all five at first)."""
        free = tuple(i for i, held in enumerate(self._held) if self._dice is None or not held)
        return Throw(self._round - 1, self._rolls_used, free)

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
        """True once every seat has filled every box."""
        # Seats fill their sheets in turn, so the last seat's sheet is the last to fill.
        return None not in self._sheets[-1].values()

    @property
    def sheets(self) -> list[Sheet]:
        """Each seat's score sheet (a copy): box → points, ``None`` while free."""
        return [dict(sheet) for sheet in self._sheets]

    @property
    def penta_bonuses(self) -> list[int]:
        """How many extra five-of-a-kind bonuses (Penta's 100) each seat has earned (a copy)."""
        return list(self._penta_bonuses)

    @property
    def last_scored(self) -> Scored | None:
        """The most recent recording, or ``None`` before the first one."""
        return self._last_scored

    @property
    def undo_seat(self) -> int | None:
        """The seat whose last record :meth:`undo` would take back, or ``None``."""
        return None if self._before is None or self._last_scored is None else self._last_scored.seat

    def free_boxes(self, seat: int | None = None) -> frozenset[Any]:
        """The free boxes of ``seat`` (the current seat by default)."""
        index = self._current if seat is None else self._seat(seat, "free_boxes")
        sheet = self._sheets[index]
        return frozenset(b for b, v in sheet.items() if v is None)

    def dice_to_roll(self) -> int:
        """How many dice the next roll throws: the dice not held; 0 once the game is over."""
        if self.over:
            return 0
        if self._dice is None:
            return DICE
        return self._held.count(False)

    def can_roll(self) -> bool:
        """Whether a roll is allowed now: a roll of the turn is left and some die is not held.

        A method, as in Farkle (it was a property before both games shared it).
        """
        return not self.over and self._rolls_used < ROLLS_PER_TURN and self.dice_to_roll() > 0

    def options(self) -> dict[Any, tuple[int, int]]:
        """The boxes the current roll may go in, each with ``(points, bonus)``.

        Empty before the turn's first roll. The joker rule is applied: after a
        Penta already scored 50, a further Penta may be restricted to one box.
        """
        if self._dice is None:
            return {}
        if self._options is None:
            sheet = self._sheets[self._current]
            five = sheet[self._rules.five_box]
            self._options = self._rules.options(self._dice, self.free_boxes(), five)
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
        seat = self._seat(seat, "totals")
        return Totals.of(self._sheets[seat], self._penta_bonuses[seat], self._rules)

    def upper_needed(self, seat: int) -> int:
        """Points ``seat``'s upper section still lacks for its bonus (0 once reached)."""
        seat = self._seat(seat, "upper_needed")
        return max(0, self._rules.upper_threshold - self.totals(seat).upper)

    def outcome(self) -> Outcome | None:
        """Each seat's total, the winners and the ranking; ``None`` until the game is over.

        >>> PentaGame.new([Seat("Ana")]).outcome() is None
        True
        """
        if not self.over:
            return None
        return Outcome(tuple(self.totals(s).total for s in range(len(self._seats))))

    def winners(self) -> list[int]:
        """The seats with the highest total once the game is over (ties share the win).

        Empty while the game is still being played.
        """
        outcome = self.outcome()
        return [] if outcome is None else list(outcome.winners)

    def legal_actions(self) -> list[Action]:
        """Every action allowed now: roll, hold or release a die, record in a box, undo.

        ``Roll`` is listed while a roll remains and some die is not held; holds
        only while a re-roll remains; ``Record`` for each allowed box; ``Undo``
        while :meth:`can_undo` (even once a game-ending record made it over).
        """
        undo: list[Action] = [Undo()] if self.can_undo() else []
        if self.over:
            return undo
        actions: list[Action] = []
        if self.can_roll():
            actions.append(Roll())
        if self._dice is not None and self._rolls_used < ROLLS_PER_TURN:
            actions.extend(Toggle(i) for i in range(DICE))
        actions.extend(Record(box) for box in self.options())
        return actions + undo

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
        self._before = None  # a roll cannot be undone, nor the record before it

    def toggle(self, index: int) -> None:
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

    #: The earlier name of :meth:`toggle`.
    toggle_hold = toggle

    def set_held(self, held: Sequence[bool]) -> None:
        """Hold exactly the dice marked ``True`` in ``held`` (five booleans)."""
        self._check_can_hold("set the held dice")
        pattern = tuple(held) if isinstance(held, Sequence) and not isinstance(held, str) else ()
        if len(pattern) != DICE or not all(isinstance(h, bool) for h in pattern):
            raise BadHoldError(
                "err.penta.held_shape",
                f"cannot set the held dice to {held!r}: give {DICE} booleans",
                held=repr(held),
            )
        self._held = pattern

    def record(self, box: Any) -> None:
        """Record the current roll in ``box``, then pass the turn to the next seat."""
        if self.over:
            raise GameOverError(
                "err.penta.game_over", f"cannot record in {box!r}: the game is over"
            )
        if box not in self._rules.boxes:
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
        keep = not self._strict and not self._seats[self._current].computer
        self._before = self.copy() if keep else None
        sheet[box] = points
        if bonus:
            self._penta_bonuses[self._current] += 1
        self._last_scored = Scored(self._current, box, points, bonus)
        self._next_turn()

    #: The earlier name of :meth:`record`.
    score = record

    def undo(self, *, seat: int | None = None) -> None:
        """Take back the last record, until the next roll: the game is as it was
        just before it, the same dice and holds on the table, and the recording
        seat's undo count goes up by one.

        ``seat``, when given, must be the seat that recorded. Refused with an
        :class:`~zaria.errors.UndoError` once a roll has followed the record, for
        a computer seat's record, in a strict game, and a second time in a row.

        >>> g = PentaGame.new([Seat("Ana")])
        >>> g.apply_roll([6, 6, 6, 6, 6]); g.record(Box.CHANCE)
        >>> g.undo(); g.dice, g.sheets[0][Box.CHANCE], g.undos
        ((6, 6, 6, 6, 6), None, (1,))
        """
        last = self._last_scored
        undoer = check_undo(
            self._seats,
            strict=self._strict,
            undo_seat=self.undo_seat,
            last_seat=last.seat if last is not None and self._rolls_used == 0 else None,
            seat=seat,
            what="record",
        )
        self._take_back(undoer)

    def apply(self, action: Action, roller: Roller | None = None) -> None:
        """Apply one action from :meth:`legal_actions`.

        ``Toggle`` and ``Record`` are the player's decisions. ``Roll`` is a
        chance outcome: ``Roll(values)`` rolls those faces (as :meth:`apply_roll`
        does), and ``Roll()`` takes them from ``roller``, which the game asks
        only once it has checked the roll is allowed.

        >>> from zaria.dice import ScriptedRoller, RandomRoller
        >>> g = PentaGame.new([Seat("Ana")])
        >>> g.apply(Roll(), ScriptedRoller([(2, 3, 4, 5, 6)], RandomRoller(0)))
        >>> g.apply(Record(Box.LARGE_STRAIGHT))
        >>> g.sheets[0][Box.LARGE_STRAIGHT]
        40
        """
        if isinstance(action, Roll):
            if action.values is not None:
                self.apply_roll(action.values)
                return
            self._check_can_roll()
            roll = getattr(roller, "roll", None)
            if not callable(roll):
                raise MissingDiceError(
                    "err.missing_dice",
                    f"cannot roll: no roller to pick the dice (got {roller!r}); "
                    "or call apply_roll(values)",
                )
            self.apply_roll(roll(self.dice_to_roll()))
        elif isinstance(action, Toggle):
            self.toggle(action.index)
        elif isinstance(action, Record):
            self.record(action.box)
        elif isinstance(action, Undo):
            self.undo()
        else:
            raise UnknownActionError(
                "err.unknown_action",
                f"{action!r} is not a Penta action",
                action=repr(action),
            )

    def _seat(self, seat: object, what: str) -> int:
        return seat_index(seat, len(self._seats), what)

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
        other = PentaGame(
            seats=self._seats,
            current=self._current,
            round_=self._round,
            dice=self._dice,
            held=self._held,
            rolls_used=self._rolls_used,
            sheets=[dict(sheet) for sheet in self._sheets],
            penta_bonuses=list(self._penta_bonuses),
            last_scored=self._last_scored,
            strict=self._strict,
            undos=list(self._undos),
            rules=self._rules,
        )
        other._before = self._before
        # The options of the roll are never changed in place (options() hands out
        # copies), so the copy may share them rather than score the roll again.
        other._options = self._options
        return other

    def to_dict(self) -> dict[str, Any]:
        """The game as a JSON-safe dict; :meth:`from_dict` reads it back.

        >>> d = PentaGame.new([Seat("Ana")]).to_dict()
        >>> d["game"], d["version"], d["round"], d["dice"], d["sheets"][0]["penta"]
        ('penta', 2, 1, None, None)
        """
        last = self._last_scored
        # a Penta save names no rules: it reads as before the family
        named = {} if self._rules is PENTA else {"rules": self._rules.id}
        return {
            "game": self._rules.game,
            **named,
            "version": STATE_VERSION,
            "seats": [seat.to_dict() for seat in self._seats],
            "current": self._current,
            "round": self._round,
            "dice": None if self._dice is None else list(self._dice),
            "held": list(self._held),
            "rolls_used": self._rolls_used,
            # every sheet holds its boxes in sheet order, the order of BOX_NAMES
            "sheets": [{b.value: v for b, v in sheet.items()} for sheet in self._sheets],
            "penta_bonuses": list(self._penta_bonuses),
            "last_scored": None
            if last is None
            else {
                "seat": last.seat,
                "box": last.box.value,
                "points": last.points,
                "bonus": last.bonus,
            },
            "strict": self._strict,
            "undos": list(self._undos),
            "undo": self._undo_fields(),
        }

    def _undo_fields(self) -> dict[str, Any] | None:
        """The saved form of the game kept for undo: only the fields a record changes."""
        if self._before is None:
            return None
        return {k: v for k, v in self._before.to_dict().items() if k in UNDO_KEYS}

    @classmethod
    def from_dict(cls, d: Any) -> PentaGame:
        """Read back a game saved by :meth:`to_dict`; raise :class:`~zaria.errors.StateError`
        if it is not one (:func:`~zaria.penta.state.parse_state` says what is checked).

        A saved ``undo`` must be the game that recording ``last_scored`` turns
        into this one.

        >>> PentaGame.from_dict({"game": "penta", "version": 3})
        Traceback (most recent call last):
        ...
        zaria.errors.StateError: penta state: unsupported version 3 (this app reads versions 1 to 2)
        """
        s = parse_state(d)
        if s.undo is not None:
            return cls._replayed(d, s)
        return cls._of(s)

    @classmethod
    def _of(cls, s: SavedState) -> PentaGame:
        return cls(
            seats=s.seats,
            current=s.current,
            round_=s.round_,
            dice=s.dice,
            held=s.held,
            rolls_used=s.rolls_used,
            sheets=s.sheets,
            penta_bonuses=s.penta_bonuses,
            last_scored=s.last_scored,
            strict=s.strict,
            undos=s.undos,
            rules=s.rules,
        )

    @classmethod
    def _replayed(cls, d: Any, s: SavedState) -> PentaGame:
        """The game of ``d``, made by recording its ``last_scored`` in its ``undo`` game.

        The record must give back ``d`` exactly, so a saved undo can only restore
        a game this one really came from.
        """
        undo, last = s.undo, s.last_scored
        if undo is None or last is None:
            raise StateError("penta state: undo is set but nothing has been recorded")
        try:
            game = cls.from_dict({**d, **undo, "undo": None})
            game.record(last.box)
        except (StateError, IllegalActionError) as err:
            raise StateError(
                f"penta state: undo is not the game before the record: {err}"
            ) from None
        if game.to_dict() != dict(d):
            raise StateError("penta state: recording last_scored in undo does not give this game")
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PentaGame):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        names = ", ".join(s.name for s in self._seats)
        state = "over" if self.over else f"round {self._round}, seat {self._current}"
        rules = "" if self._rules is PENTA else f" {self._rules.id}"
        return f"<PentaGame{rules} [{names}] {state}, dice {self._dice}, rolls {self._rolls_used}>"


if TYPE_CHECKING:
    # mypy checks here that the game is a Game of its own actions (zaria.game's protocol).
    from zaria.game import Game

    def _is_a_game(game: PentaGame) -> Game[Action]:
        return game
