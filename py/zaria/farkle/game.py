"""The Farkle game state machine.

A turn, as the page's two buttons drive it:

* **Roll** rolls the dice in play. At the start of a turn that is all six; after
  a roll it first *commits* the dice selected from the current roll (set aside,
  their points added to the turn) and then rolls the others. So Roll is enabled
  when there is no roll yet this turn, or when the selection scores as a whole.
  When the selection sets aside every die still in play, the dice are *hot*: all
  six come back and the turn's points are kept («Dés chauds !»).
* **Bank** commits the selection the same way and adds the turn's points to the
  player's total. Enabled when the selection scores as a whole (the turn then
  has points; there is no minimum unless the house rules set one).
* Selecting is one die at a time (:meth:`FarkleGame.toggle`). A die that fits no
  scoring combination of the roll is refused; whether the whole selection scores
  only decides whether Roll and Bank are enabled.

A roll with no scoring die loses the turn's points and ends the turn («Tour
perdu !»). The first player to reach the target by banking starts the last round
(«Dernier tour !»): every other player plays one more turn, and the game ends
when play comes back to that player. The highest total wins; ties share.

House rules (:class:`~zaria.farkle.rules.FarkleRules`, given to :meth:`FarkleGame.new`
and saved with the game) add an opening minimum — until a player has banked once,
a bank below it is refused (:class:`~zaria.farkle.errors.BelowOpeningMinimumError`)
— and a penalty for three lost turns in a row (:attr:`FarkleGame.farkles` counts
them; the third takes the penalty off the total, which may go below zero, and
starts the count again, as does every bank), and choose the scoring table.

Undo (:meth:`FarkleGame.undo`, the shared :class:`~zaria.game.Undo` action) takes
back the last bank until the next player rolls: the total, the turn's dice set
aside and its points, the lost-turn count, the ``opened`` flag, the last round it
started (or the end of the game) and the events are as just before the bank, and
the player may roll on or bank again. It is one step, only for a human seat's
bank, and off in a game started ``strict``; set-aside dice need no undo (a die
selected can be released until the next roll). The game keeps the fields a bank
changes (:data:`~zaria.farkle.state.UNDO_KEYS`) from before it, saved with the
game, and counts each seat's undos (:attr:`FarkleGame.undos`).

The engine never picks dice: :meth:`FarkleGame.apply_roll` takes the values from
outside. Every mutating method raises a :class:`~zaria.farkle.errors.FarkleActionError`
when the action is illegal, or one of the errors both games share for an argument
the game cannot use (:class:`~zaria.errors.InvalidDiceError`,
:class:`~zaria.errors.SeatsError`, :class:`~zaria.errors.NoSuchSeatError`,
:class:`~zaria.errors.MissingDiceError`, :class:`~zaria.errors.UnknownActionError`),
and leaves the state unchanged.

Die positions: the dice of the current roll are positions ``0 … n-1``; on a
table of six dice, positions ``n … 5`` are the dice set aside since the dice
were last all in play (:attr:`FarkleGame.dice_set_aside`, in the order they were
set aside).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from zaria.dice import Roller, Throw, check_dice
from zaria.errors import IllegalActionError, StateError, UnknownActionError
from zaria.farkle.errors import (
    BadDieIndexError,
    BadRulesError,
    BadSetupError,
    BelowOpeningMinimumError,
    DieCannotScoreError,
    DieSetAsideError,
    GameOverError,
    MissingDiceError,
    NoRollError,
    NothingSetAsideError,
    NothingToBankError,
    OutOfTurnError,
    SelectionNotScoringError,
)
from zaria.farkle.events import Event, EventKind
from zaria.farkle.odds import bust_probability
from zaria.farkle.rules import DEFAULT_RULES, FARKLES_FOR_PENALTY, FarkleRules
from zaria.farkle.scoring import (
    MAX_DICE,
    non_scoring_dice,
    scoring_flags,
    selection_value,
)
from zaria.farkle.state import (
    MAX_TURN_LIMIT,
    TARGETS,
    UNDO_KEYS,
    VERSION,
    SavedState,
    is_target,
    is_turn_limit,
    parse_state,
)
from zaria.game import OneStepUndo, Seat, Undo, check_seats, check_strict, check_undo, seat_index
from zaria.outcome import Outcome

__all__ = [
    "DEFAULT_TARGET",
    "TARGETS",
    "Action",
    "Bank",
    "Event",
    "EventKind",
    "FarkleGame",
    "FarkleRules",
    "Roll",
    "Toggle",
    "Undo",
]

DEFAULT_TARGET = 10000


@dataclass(frozen=True)
class Toggle:
    """Select or release die ``index`` of the current roll."""

    index: int


@dataclass(frozen=True)
class Roll:
    """Roll the dice in play (committing the selection first).

    ``values`` are the dice rolled; ``None`` asks :meth:`FarkleGame.apply` to take
    them from its ``roller``. :meth:`FarkleGame.legal_actions` lists ``Roll()``.
    """

    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Bank:
    """Commit the selection and add the turn's points to the player's total."""


Action = Toggle | Roll | Bank | Undo


def _fmt(dice: Sequence[int]) -> str:
    return ", ".join(str(d) for d in dice)


class FarkleGame(OneStepUndo):
    """A game of Farkle between 1 to 7 seats; create with :meth:`new`.

    >>> g = FarkleGame.new([Seat("Ana"), Seat("Bo")])
    >>> g.apply_roll([1, 2, 3, 4, 6, 6])
    >>> g.scoreable
    (True, False, False, False, False, False)
    >>> g.toggle(0); g.selection_points(), g.can_roll(), g.bust_risk()
    (100, True, Fraction(25, 324))
    >>> g.bank(); g.banked, g.current
    ((100, 0), 1)
    """

    def __init__(
        self,
        seats: Sequence[Seat],
        target: int,
        rules: FarkleRules = DEFAULT_RULES,
        strict: bool = False,
        turn_limit: int | None = None,
    ) -> None:
        self._seats = tuple(seats)
        # A game of so many turns each, for the most points (the target then ends nothing).
        self._turn_limit = turn_limit
        self._target = target
        self._rules = rules
        self._table = rules.scoring
        self._banked = [0] * len(self._seats)
        self._turns = [0] * len(self._seats)
        self._farkles = [0] * len(self._seats)  # lost turns in a row
        self._opened = [False] * len(self._seats)  # banked at least once
        self._current = 0
        self._groups: list[tuple[tuple[int, ...], int]] = []
        self._roll: tuple[int, ...] | None = None
        self._flags: tuple[bool, ...] = ()  # which dice of the roll may be selected
        self._selected: tuple[int, ...] = ()
        self._value: int | None = None  # the selection's points, None if it does not score
        self._trigger: int | None = None
        self._turns_left = 0
        self._over = False
        self._events: tuple[Event, ...] = ()
        self._strict = strict
        self._undos = [0] * len(self._seats)
        # the game just before the last bank, while that bank may be undone;
        # never changed in place, so copies may share it
        self._before: FarkleGame | None = None

    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        target: int = DEFAULT_TARGET,
        rules: FarkleRules = DEFAULT_RULES,
        *,
        strict: bool = False,
        turns: int | None = None,
    ) -> FarkleGame:
        """A new game: seat 0 plays first; ``target`` is 5,000, 10,000 or 15,000;
        ``rules`` the house rules (the rules page's game by default); ``strict``
        turns undo off; ``turns``, when given, makes it a game of that many turns
        each (1 to :data:`MAX_TURN_LIMIT`) for the most points, with no target.

        >>> FarkleGame.new([Seat("Ana")], turns=0)
        Traceback (most recent call last):
        ...
        zaria.farkle.errors.BadSetupError: a game of 0 turns: choose 1 to 100
        """
        seats = check_seats(seats)
        strict = check_strict(strict)
        if turns is not None and not is_turn_limit(turns):
            raise BadSetupError(
                "err.farkle.bad_turns",
                f"a game of {turns!r} turns: choose 1 to {MAX_TURN_LIMIT}",
                turns=str(turns),
                most=MAX_TURN_LIMIT,
            )
        if not is_target(target):
            raise BadSetupError(
                "err.farkle.bad_target",
                f"target {target!r} is not one of {', '.join(map(str, TARGETS))}",
                target=str(target),
            )
        if not isinstance(rules, FarkleRules):
            raise BadRulesError(
                "err.farkle.bad_rule",
                f"{rules!r} is not a FarkleRules value",
                rule="rules",
                value=repr(rules),
            )
        return cls(seats, target, rules, strict, turns)

    # ----------------------------------------------------------------- state

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._seats

    @property
    def turn_limit(self) -> int | None:
        """The turns each seat plays in a game of so many turns, or ``None``."""
        return self._turn_limit

    @property
    def target(self) -> int:
        return self._target

    @property
    def rules(self) -> FarkleRules:
        """The house rules in force."""
        return self._rules

    @property
    def farkles(self) -> tuple[int, ...]:
        """Each seat's lost turns in a row (back to 0 on a bank, and after the penalty)."""
        return tuple(self._farkles)

    @property
    def opened(self) -> tuple[bool, ...]:
        """Whether each seat has banked at least once (what the opening minimum asks)."""
        return tuple(self._opened)

    @property
    def undo_seat(self) -> int | None:
        """The seat whose last bank :meth:`undo` would take back, or ``None``."""
        return None if self._before is None else self._before._current

    @property
    def opening_needed(self) -> int:
        """The least the current player may bank: the opening minimum until it has
        banked once, then 0."""
        return 0 if self._opened[self._current] else self._rules.opening_minimum

    def _may_bank(self, points: int) -> bool:
        return points > 0 and points >= self.opening_needed

    @property
    def current(self) -> int:
        """The seat whose turn it is (after the game, the seat that triggered the end)."""
        return self._current

    @property
    def banked(self) -> tuple[int, ...]:
        """Each seat's banked total."""
        return tuple(self._banked)

    @property
    def turns(self) -> tuple[int, ...]:
        """How many turns each seat has finished."""
        return tuple(self._turns)

    @property
    def round(self) -> int:
        """The round being played, from 1."""
        return self._turns[self._current] + 1

    @property
    def roll(self) -> tuple[int, ...] | None:
        """The current roll's dice, or ``None`` before the turn's first roll."""
        return self._roll

    @property
    def selected(self) -> tuple[int, ...]:
        """Positions of the current roll selected to set aside, ascending."""
        return self._selected

    @property
    def selected_dice(self) -> tuple[int, ...]:
        """The values of the selected dice, in position order."""
        roll = self._roll or ()
        return tuple(roll[i] for i in self._selected)

    @property
    def set_aside(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """The groups set aside this turn, each ``(dice, points)``, in order."""
        return tuple(self._groups)

    @property
    def dice_set_aside(self) -> tuple[int, ...]:
        """Dice beside the current roll: those set aside since all six were last in play."""
        out: list[int] = []
        for dice, _ in self._groups:
            out.extend(dice)
            if len(out) == MAX_DICE:
                out = []
        return tuple(out)

    @property
    def dice_in_play(self) -> int:
        """How many dice are not set aside (the current roll's size, or the next roll's)."""
        return MAX_DICE - len(self.dice_set_aside)

    @property
    def turn_total(self) -> int:
        """Points of the groups set aside this turn (not counting the selection)."""
        return sum(p for _, p in self._groups)

    @property
    def last_round(self) -> bool:
        """Whether the last round has started."""
        return self._trigger is not None

    @property
    def last_round_by(self) -> int | None:
        """The seat whose banking reached the target, if any."""
        return self._trigger

    @property
    def turns_left(self) -> int:
        """In the last round, the turns still to play (including the current one)."""
        return self._turns_left

    @property
    def over(self) -> bool:
        return self._over

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last action brought about, in order (empty for a plain action)."""
        return self._events

    @property
    def last_event(self) -> Event | None:
        """The last of :attr:`events`, or ``None``."""
        return self._events[-1] if self._events else None

    def winners(self) -> list[int]:
        """The seats with the highest total once the game is over; ``[]`` before."""
        if not self._over:
            return []
        best = max(self._banked)
        return [i for i, b in enumerate(self._banked) if b == best]

    def outcome(self) -> Outcome | None:
        """Each seat's banked total, the winners and the ranking; ``None`` until the end."""
        return Outcome(tuple(self._banked)) if self._over else None

    def leader_total(self, seat: int | None = None) -> int:
        """The highest banked total among the seats other than ``seat`` (default: current)."""
        me = self._current if seat is None else seat_index(seat, len(self._seats), "leader_total")
        others = [b for i, b in enumerate(self._banked) if i != me]
        return max(others, default=0)

    # ------------------------------------------------------------- the choice

    @property
    def scoreable(self) -> tuple[bool, ...]:
        """For each die of the current roll, whether it may be selected."""
        return self._flags

    def selection_scores(self) -> bool:
        """Whether the selection is not empty and every selected die scores."""
        return self._selection_value() is not None

    def selection_points(self) -> int:
        """Points of the selection if it scores as a whole, else 0."""
        return self._selection_value() or 0

    def _selection_value(self) -> int | None:
        return self._value

    def _select(self, selected: tuple[int, ...]) -> None:
        """Set the selection (positions of the current roll) and its value."""
        self._selected = selected
        roll = self._roll or ()
        self._value = selection_value(tuple(sorted(roll[i] for i in selected)), self._table)

    def turn_points(self) -> int:
        """The turn's points if the player banked now: set aside + selection."""
        return self.turn_total + self.selection_points()

    def hot_dice_pending(self) -> bool:
        """Whether the selection scores and sets aside every die in play (hot dice)."""
        return (
            self._roll is not None
            and len(self._selected) == len(self._roll)
            and self.selection_scores()
        )

    def dice_to_roll(self) -> int:
        """How many dice Roll would roll now (six at the start or after hot dice)."""
        if self._roll is None:
            return self.dice_in_play
        left = len(self._roll) - len(self._selected)
        return left if left else MAX_DICE

    def next_throw(self) -> Throw:
        """Where the next roll falls: the seat's turn (from 0), the roll within the
        turn (from 0: each earlier roll of the turn left a group set aside, or is the
        roll on the table) and the places of the dice it rolls (from 0)."""
        earlier = len(self._groups) + (self._roll is not None)
        return Throw(self._turns[self._current], earlier, tuple(range(self.dice_to_roll())))

    def bust_risk(self) -> Fraction:
        """The chance that the roll Roll would make now scores nothing."""
        return bust_probability(self.dice_to_roll(), self._table)

    def can_roll(self) -> bool:
        """Whether the Roll button is enabled."""
        return not self._over and (self._roll is None or self.selection_scores())

    def can_bank(self) -> bool:
        """Whether the Bank button is enabled."""
        return (
            not self._over
            and self._roll is not None
            and self.selection_scores()
            and self._may_bank(self.turn_points())
        )

    def legal_actions(self) -> list[Action]:
        """The actions allowed now; a roll is listed as ``Roll()`` (the dice come later).

        ``Undo()`` while :meth:`can_undo`, even once a bank ended the game.
        """
        undo: list[Action] = [Undo()] if self.can_undo() else []
        if self._over:
            return undo
        actions: list[Action] = [Toggle(i) for i, ok in enumerate(self.scoreable) if ok]
        if self.can_roll():
            actions.append(Roll())
        if self.can_bank():
            actions.append(Bank())
        return actions + undo

    # --------------------------------------------------------------- actions

    def _check_actor(self, action: str, seat: int | None) -> None:
        if self._over:
            raise GameOverError(
                "err.farkle.game_over", f"cannot {action}: the game is over", action=action
            )
        if seat is not None and seat_index(seat, len(self._seats), action) != self._current:
            raise OutOfTurnError(
                "err.farkle.out_of_turn",
                f"seat {seat} cannot {action}: it is seat {self._current}'s turn",
                action=action,
                seat=seat,
                current=self._current,
            )

    def _check_commit(self, action: str, roll: tuple[int, ...]) -> int:
        """Check the selection from ``roll`` may be set aside; return its points."""
        if not self._selected:
            raise NothingSetAsideError(
                "err.farkle.nothing_set_aside",
                f"cannot {action}: set aside at least one scoring die of {_fmt(roll)} first",
                action=action,
                roll=list(roll),
            )
        points = self._selection_value()
        if points is None:
            left = non_scoring_dice(self.selected_dice, self._table)
            raise SelectionNotScoringError(
                "err.farkle.selection_not_scoring",
                f"cannot {action}: selected {_fmt(sorted(self.selected_dice))} but "
                f"{_fmt(left)} {'fits' if len(left) == 1 else 'fit'} no scoring combination",
                action=action,
                dice=sorted(self.selected_dice),
                die=left[0],
            )
        return points

    def apply_roll(self, values: Sequence[int], *, seat: int | None = None) -> None:
        """Roll: commit the selection (if there is a roll) and show ``values``.

        ``values`` are the dice rolled, as many as :meth:`dice_to_roll`.
        """
        self._check_actor("roll", seat)
        points = self._check_commit("roll", self._roll) if self._roll is not None else 0
        dice = check_dice(values, self.dice_to_roll())
        self._before = None  # a roll cannot be undone, nor the bank before it
        events: list[Event] = []
        if self._roll is not None:
            hot = self.hot_dice_pending()
            self._groups.append((tuple(sorted(self.selected_dice)), points))
            if hot:
                events.append(Event(EventKind.HOT_DICE, self._current, self.turn_total))
        self._roll = dice
        self._flags = scoring_flags(dice, self._table)
        self._select(())
        if not any(self._flags):
            events.append(Event(EventKind.LOST_TURN, self._current, self.turn_total, dice))
            events.extend(self._count_lost_turn())
            events.extend(self._end_turn())
        self._events = tuple(events)

    def toggle(self, index: int, *, seat: int | None = None) -> None:
        """Select die ``index`` of the current roll, or release it if selected."""
        self._check_actor("select a die", seat)
        roll = self._roll
        if roll is None:
            raise NoRollError(
                "err.farkle.no_roll", "cannot select a die: roll the dice first", index=index
            )
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < MAX_DICE:
            raise BadDieIndexError(
                "err.farkle.bad_index",
                f"cannot select die {index!r}: dice are numbered 0 to {len(roll) - 1}",
                index=str(index),
                dice=len(roll),
            )
        if index >= len(roll):
            earlier = self.dice_set_aside
            raise DieSetAsideError(
                "err.farkle.die_set_aside",
                f"cannot select die {index}: that {earlier[index - len(roll)]} was set aside "
                f"from an earlier roll; the current roll is {_fmt(roll)}",
                index=index,
                value=earlier[index - len(roll)],
            )
        if index not in self._selected and not self.scoreable[index]:
            raise DieCannotScoreError(
                "err.farkle.die_cannot_score",
                f"cannot select the {roll[index]} (die {index}): it fits no scoring "
                f"combination of {_fmt(roll)}",
                index=index,
                value=roll[index],
                roll=list(roll),
            )
        chosen = set(self._selected)
        chosen ^= {index}
        self._select(tuple(sorted(chosen)))
        self._events = ()

    def bank(self, *, seat: int | None = None) -> None:
        """Bank: commit the selection and add the turn's points to the total."""
        self._check_actor("bank", seat)
        if self._roll is None:
            raise NothingToBankError(
                "err.farkle.nothing_to_bank", "cannot bank: the turn has no points yet"
            )
        points = self._check_commit("bank", self._roll)
        if not self._may_bank(self.turn_total + points):
            minimum = self.opening_needed
            raise BelowOpeningMinimumError(
                "err.farkle.opening_minimum",
                f"cannot bank {self.turn_total + points}: the first bank must be at least "
                f"{minimum}",
                points=self.turn_total + points,
                minimum=minimum,
            )
        me = self._current
        keep = not self._strict and not self._seats[me].computer
        self._before = self.copy() if keep else None
        self._groups.append((tuple(sorted(self.selected_dice)), points))
        total = self.turn_total
        self._banked[me] += total
        self._opened[me] = True
        self._farkles[me] = 0
        events = [Event(EventKind.BANKED, me, total)]
        triggered = (
            self._turn_limit is None and self._trigger is None and self._banked[me] >= self._target
        )
        if triggered:
            self._trigger = me
            self._turns_left = len(self._seats)
            events.append(Event(EventKind.LAST_ROUND, me, self._banked[me]))
        events.extend(self._end_turn())
        self._events = tuple(events)

    def undo(self, *, seat: int | None = None) -> None:
        """Take back the last bank, until the next roll: the game is as it was just
        before it, and the banking seat's undo count goes up by one.

        ``seat``, when given, must be the seat that banked. Refused with an
        :class:`~zaria.errors.UndoError` once a roll has followed the bank, for a
        computer seat's bank, in a strict game, and a second time in a row.

        >>> g = FarkleGame.new([Seat("Ana"), Seat("Bo")])
        >>> g.apply_roll([1, 2, 3, 4, 6, 6]); g.toggle(0); g.bank()
        >>> g.undo(); g.banked, g.current, g.selected, g.undos
        ((0, 0), 0, (0,), (1, 0))
        """
        first = self._events[0] if self._events else None
        banked_last = self._roll is None and first is not None and first.kind is EventKind.BANKED
        undoer = check_undo(
            self._seats,
            strict=self._strict,
            undo_seat=self.undo_seat,
            last_seat=first.seat if banked_last and first is not None else None,
            seat=seat,
            what="bank",
        )
        self._take_back(undoer)

    def _count_lost_turn(self) -> list[Event]:
        """Count a lost turn; the third in a row costs the penalty, if the rules set one."""
        me = self._current
        self._farkles[me] += 1
        penalty = self._rules.farkle_penalty
        if not penalty or self._farkles[me] < FARKLES_FOR_PENALTY:
            return []
        self._farkles[me] = 0
        self._banked[me] -= penalty
        return [Event(EventKind.PENALTY, me, penalty)]

    def _end_turn(self) -> list[Event]:
        self._turns[self._current] += 1
        self._groups = []
        self._roll = None
        self._flags = ()
        self._select(())
        if self._turns[-1] == self._turn_limit:  # the last seat's last turn
            self._over = True
            self._current = 0
            best = max(self._banked)
            return [Event(EventKind.GAME_OVER, self._banked.index(best), best)]
        if self._trigger is not None:
            self._turns_left -= 1
            if self._turns_left == 0:
                self._over = True
                self._current = self._trigger
                best = max(self._banked)
                return [Event(EventKind.GAME_OVER, self._banked.index(best), best)]
        self._current = (self._current + 1) % len(self._seats)
        return []

    def apply(
        self, action: Action, *, seat: int | None = None, roller: Roller | None = None
    ) -> None:
        """Apply ``action``; a ``Roll()`` without values takes them from ``roller``."""
        if isinstance(action, Toggle):
            self.toggle(action.index, seat=seat)
        elif isinstance(action, Bank):
            self.bank(seat=seat)
        elif isinstance(action, Undo):
            self.undo(seat=seat)
        elif isinstance(action, Roll):
            if action.values is not None:
                self.apply_roll(action.values, seat=seat)
                return
            self._check_actor("roll", seat)
            if self._roll is not None:
                self._check_commit("roll", self._roll)
            roll = getattr(roller, "roll", None)
            if not callable(roll):
                raise MissingDiceError(
                    "err.missing_dice",
                    f"cannot roll: no dice values and no roller to pick them (got {roller!r})",
                )
            self.apply_roll(roll(self.dice_to_roll()), seat=seat)
        else:
            raise UnknownActionError(
                "err.unknown_action", f"{action!r} is not a Farkle action", action=repr(action)
            )

    # ---------------------------------------------------------- persistence

    def to_dict(self) -> dict[str, Any]:
        """The state as a JSON-safe dict (see :meth:`from_dict`)."""
        return {
            "game": "farkle",
            "version": VERSION,
            "seats": [s.to_dict() for s in self._seats],
            "target": self._target,
            **({} if self._turn_limit is None else {"turn_limit": self._turn_limit}),
            "rules": self._rules.to_dict(),
            "banked": list(self._banked),
            "farkles": list(self._farkles),
            "opened": list(self._opened),
            "turns": list(self._turns),
            "current": self._current,
            "set_aside": [[list(d), p] for d, p in self._groups],
            "roll": None if self._roll is None else list(self._roll),
            "selected": list(self._selected),
            "last_round_by": self._trigger,
            "turns_left": self._turns_left,
            "over": self._over,
            "events": [e.to_dict() for e in self._events],
            "strict": self._strict,
            "undos": list(self._undos),
            "undo": self._undo_fields(),
        }

    def _undo_fields(self) -> dict[str, Any] | None:
        """The saved form of the game kept for undo: only the fields a bank changes."""
        if self._before is None:
            return None
        return {k: v for k, v in self._before.to_dict().items() if k in UNDO_KEYS}

    @classmethod
    def from_dict(cls, d: Any) -> FarkleGame:
        """The game saved by :meth:`to_dict`; raises :class:`~zaria.errors.StateError`.

        A saved ``undo`` must be the game that banking turns into this one.
        """
        s = parse_state(d)
        if s.undo is not None:
            return cls._replayed(d, s.undo)
        return cls._of(s)

    @classmethod
    def _replayed(cls, d: dict[str, Any], undo: dict[str, Any]) -> FarkleGame:
        """The game of ``d``, made by banking in its ``undo`` game.

        The bank must give back ``d`` exactly, so a saved undo can only restore a
        game this one really came from.
        """
        try:
            game = cls.from_dict({**d, **undo, "undo": None})
            game.bank()
        except (StateError, IllegalActionError) as err:
            raise StateError(
                f"not a saved Farkle game: undo is not the game before the bank: {err}"
            ) from None
        if game.to_dict() != d:
            raise StateError("not a saved Farkle game: banking in undo does not give this game")
        return game

    @classmethod
    def _of(cls, s: SavedState) -> FarkleGame:
        game = cls(s.seats, s.target, s.rules, s.strict, s.turn_limit)
        game._undos = list(s.undos)
        game._banked = list(s.banked)
        game._farkles = list(s.farkles)
        game._opened = list(s.opened)
        game._turns = list(s.turns)
        game._current = s.current
        game._groups = list(s.set_aside)
        game._roll = s.roll
        game._flags = () if s.roll is None else scoring_flags(s.roll, game._table)
        game._select(s.selected)
        game._trigger = s.last_round_by
        game._turns_left = s.turns_left
        game._over = s.over
        game._events = s.events
        return game

    def copy(self) -> FarkleGame:
        """An independent copy of the game."""
        other = FarkleGame(self._seats, self._target, self._rules, self._strict, self._turn_limit)
        other._undos = list(self._undos)
        other._before = self._before
        other._banked = list(self._banked)
        other._farkles = list(self._farkles)
        other._opened = list(self._opened)
        other._turns = list(self._turns)
        other._current = self._current
        other._groups = list(self._groups)
        other._roll = self._roll
        other._flags = self._flags
        other._selected = self._selected
        other._value = self._value
        other._trigger = self._trigger
        other._turns_left = self._turns_left
        other._over = self._over
        other._events = self._events
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FarkleGame) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"FarkleGame(current={self._current}, banked={self._banked}, roll={self._roll}, "
            f"selected={self._selected}, turn_total={self.turn_total}, over={self._over})"
        )


if TYPE_CHECKING:
    # mypy checks here that the game is a Game of its own actions (zaria.game's protocol).
    from zaria.game import Game

    def _is_a_game(game: FarkleGame) -> Game[Action]:
        return game
