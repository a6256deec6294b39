"""Penta's computer players: functions of a game state returning an action.

The same shape as Farkle's (:mod:`zaria.farkle.players`): a player's
:meth:`~ComputerPlayer.plan` looks at the current roll and says which dice to
hold for a re-roll, or which box to record in; :meth:`~ComputerPlayer.choose`
turns the plan into the next single action (a :class:`~zaria.penta.game.Toggle`
towards the planned hold, then ``Roll()``; or ``Record(box)``). A plan depends
only on the sheet, the dice and the rolls left, never on the dice already held
beyond preferring them, so asking again after each toggle gives the same plan.
A page that shows a computer's hold as one step applies the whole plan at once.

Two levels (:data:`LEVELS`):

* **optimal** (:class:`OptimalPlayer`) takes the option of highest expected
  final score from the strategy table (:mod:`zaria.penta.strategy`);
* **casual** (:class:`CasualPlayer`) looks only at this turn (see its docstring).

Both are also :class:`Player` values, which decide from a sheet and dice alone;
the solitaire simulations of :mod:`zaria.penta.advisor` use that side.

>>> from zaria.game import Seat
>>> from zaria.penta.game import PentaGame
>>> g = PentaGame.new([Seat("Cy", computer=True, level="casual")])
>>> choose(g, "casual")
Roll(values=None)
>>> g.apply_roll([6, 2, 6, 3, 6])
>>> player_for("casual").plan(g)
Plan(held=(True, False, True, False, True), box=None)
>>> choose(g, "casual")
Toggle(index=0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from zaria.dice import check_dice
from zaria.penta.errors import GameOverError
from zaria.penta.game import Action, PentaGame, Record, Roll, Toggle
from zaria.penta.rules import Kind, Rules
from zaria.penta.scoring import is_penta
from zaria.penta.strategy import SheetState, Strategy, default_strategy

__all__ = [
    "LEVELS",
    "CasualPlayer",
    "ComputerPlayer",
    "OptimalPlayer",
    "Plan",
    "Player",
    "choose",
    "hold_pattern",
    "next_action",
    "player_for",
    "points_gained",
]

LEVELS = ("optimal", "casual")


@dataclass(frozen=True)
class Plan:
    """What to do with the current roll: hold ``held`` and roll again, or record in ``box``.

    With a ``box``, ``held`` is the hold as it stands (recording does not need it).
    """

    held: tuple[bool, ...]
    box: Any  # a box of the game's rules, or None


class Player(Protocol):
    """A Penta player deciding from a sheet: what to keep before a re-roll, where to record."""

    def keep(self, state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
        """The dice to keep (sorted); all five mean: record now."""
        ...

    def box(self, state: SheetState, dice: Sequence[int]) -> Any:
        """The box to record ``dice`` in."""
        ...


class ComputerPlayer(Protocol):
    """A computer player: a level name, a plan for the roll, the next action."""

    @property
    def level(self) -> str: ...

    def plan(self, game: PentaGame) -> Plan: ...

    def choose(self, game: PentaGame) -> Action: ...


def points_gained(state: SheetState, box: Any, points: int, bonus: int) -> int:
    """What recording ``points`` (and a Penta ``bonus``) in ``box`` adds to the total,
    the upper bonus (Penta's 35) included when this box completes it.

    >>> from zaria.penta.scoring import Box
    >>> points_gained(SheetState.start(), Box.CHANCE, 22, 0)
    22
    """
    rules = state.rules
    upper_bonus = rules.upper_bonus_for(state.upper, points) if rules.is_upper(box) else 0
    return points + bonus + upper_bonus


def hold_pattern(
    dice: Sequence[int], keep: Sequence[int], held: Sequence[bool] | None = None
) -> tuple[bool, ...]:
    """Which positions to hold so that the held dice are ``keep``.

    Dice already held are preferred, then the leftmost.

    >>> hold_pattern((5, 2, 5, 1, 5), (5, 5), (False, False, False, False, True))
    (True, False, False, False, True)
    """
    want = Counter(keep)
    held = tuple(held) if held is not None else (False,) * len(dice)
    pattern = [False] * len(dice)
    order = sorted(range(len(dice)), key=lambda i: (not held[i], i))
    for i in order:
        if want[dice[i]] > 0:
            want[dice[i]] -= 1
            pattern[i] = True
    if +want:
        raise ValueError(f"cannot keep {tuple(keep)} from the dice {tuple(dice)}")
    return tuple(pattern)


def next_action(game: PentaGame, plan: Plan) -> Action:
    """The next single action that carries out ``plan``.

    Before the turn's first roll that is ``Roll()``; then ``Record`` of the plan's
    box, or a ``Toggle`` of the first die whose hold differs from the plan, and
    ``Roll()`` once none does.
    """
    if game.dice is None:
        return Roll()
    if plan.box is not None:
        return Record(plan.box)
    for i, (want, now) in enumerate(zip(plan.held, game.held, strict=True)):
        if want != now:
            return Toggle(i)
    return Roll()


def _plan(player: Player, game: PentaGame) -> Plan:
    if game.over:
        raise GameOverError("err.penta.game_over", "cannot choose an action: the game is over")
    dice = game.dice
    if dice is None:
        return Plan(game.held, None)
    state = SheetState.from_sheet(game.sheets[game.current], game.rules)
    if game.rolls_left > 0:
        keep = player.keep(state, dice, game.rolls_left)
        if len(keep) < len(dice):
            return Plan(hold_pattern(dice, keep, game.held), None)
    return Plan(game.held, player.box(state, dice))


class OptimalPlayer:
    """The player maximising the expected final score (the table's player).

    Without a ``strategy`` it plays each sheet from the default player of the sheet's
    rules (:func:`~zaria.penta.strategy.default_strategy`); ``strategy`` is then
    Penta's, loaded at once as before the family.
    """

    level = "optimal"

    def __init__(self, strategy: Strategy | None = None) -> None:
        self._given = strategy
        self.strategy = strategy or default_strategy()

    def _for(self, rules: Rules) -> Strategy:
        if self._given is None and rules is not self.strategy.table.rules:
            return default_strategy(rules)
        return self.strategy

    def keep(self, state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
        return self._for(state.rules).best_keep(state, dice, rolls_left)

    def box(self, state: SheetState, dice: Sequence[int]) -> Any:
        return self._for(state.rules).best_box(state, dice)

    def plan(self, game: PentaGame) -> Plan:
        return _plan(self, game)

    def choose(self, game: PentaGame) -> Action:
        return next_action(game, self.plan(game))


def _longest_run(faces: set[int]) -> list[int]:
    best: list[int] = []
    for start in range(1, 7):
        run = []
        f = start
        while f in faces:
            run.append(f)
            f += 1
        best = run if len(run) > len(best) else best
    return best


class CasualPlayer:
    """A player who takes the best score this turn and keeps dice by rule of thumb.

    Box: the highest points this turn, bonuses included (100 for a joker Penta, 35 when
    the box completes the upper bonus); ties go to the first box in sheet order.

    Keep, in this order (the straights are the boxes scoring a run or a set of faces,
    the large one the one needing five faces; in Yatzy both need five):

    1. five of a kind, a Large straight for a free Large straight box, a Small straight
       when only the Small straight box is left of the two, or a Full house for a free
       Full house box: keep everything (record now);
    2. with a straight box free, four faces in a row: keep them (one die each);
       three in a row with no face shown three times: keep them;
    3. otherwise every die of the most common face, the higher face on ties.
    """

    level = "casual"

    def keep(self, state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
        dice = tuple(sorted(check_dice(dice, 5)))
        counts = Counter(dice)
        run = _longest_run(set(dice))
        small, large = _straights_free(state.rules, state.free)
        if _made(state, dice, run, small, large):
            return dice
        if (small or large) and (len(run) >= 4 or (len(run) == 3 and max(counts.values()) < 3)):
            return tuple(run[:4]) if len(run) >= 4 else tuple(run)
        face = max(counts, key=lambda f: (counts[f], f))
        return (face,) * counts[face]

    def box(self, state: SheetState, dice: Sequence[int]) -> Any:
        options = state.rules.options(check_dice(dice, 5), state.free, state.penta_box)
        gains = {b: points_gained(state, b, p, bonus) for b, (p, bonus) in options.items()}
        return max(gains, key=lambda b: gains[b])  # max keeps the first of equals

    def plan(self, game: PentaGame) -> Plan:
        return _plan(self, game)

    def choose(self, game: PentaGame) -> Action:
        return next_action(game, self.plan(game))


def _made(
    state: SheetState, dice: tuple[int, ...], run: list[int], small: bool, large: bool
) -> bool:
    """Whether ``dice`` (sorted, their longest ``run``) are kept whole (rule 1 above):
    five of a kind, or the very dice a free box of a set hand wants."""
    rules, free = state.rules, state.free
    if is_penta(dice):
        return True
    if any(rules.score(b, dice) for b in free if rules.boxes[b].kind is Kind.EXACT):
        return True
    if (large and len(run) == 5) or (small and not large and len(run) >= 4):
        return True
    houses = (Kind.FULL_HOUSE, Kind.FULL_HOUSE_SUM)
    full = sorted(Counter(dice).values()) == [2, 3]
    return full and any(rules.boxes[b].kind in houses for b in free)


def _straights_free(rules: Rules, free: frozenset[Any]) -> tuple[bool, bool]:
    """Whether a box for a run of four faces, and one for five, are free."""
    runs = [rules.boxes[b] for b in free if rules.boxes[b].kind in (Kind.RUN, Kind.EXACT)]
    small = any(s.kind is Kind.RUN and s.n == 4 for s in runs)
    large = any(s.kind is Kind.EXACT or s.n == 5 for s in runs)
    return small, large


def player_for(level: str, strategy: Strategy | None = None) -> OptimalPlayer | CasualPlayer:
    """The computer player of ``level`` ("optimal" or "casual"); the optimal one reads
    ``strategy`` (the packaged table's by default)."""
    if level == "optimal":
        return OptimalPlayer(strategy)
    if level == "casual":
        return CasualPlayer()
    raise ValueError(f"unknown level {level!r}; levels are: {', '.join(LEVELS)}")


def choose(game: PentaGame, level: str = "optimal", strategy: Strategy | None = None) -> Action:
    """The next action of the current seat's computer player of ``level``.

    Before the first roll: roll. With a re-roll left, the player's keep: toggle
    the first die whose hold differs from it, then roll; once the keep is all
    five dice, or with no re-roll left, record in the player's box. Raises
    :class:`~zaria.penta.errors.GameOverError` once the game is over.
    """
    return player_for(level, strategy).choose(game)
