"""Farkle's computer players: functions of a game state returning an action.

A player's :meth:`~ComputerPlayer.plan` looks at the current roll and says which
dice to set aside and whether to bank; :meth:`~ComputerPlayer.choose` turns the
plan into the next single action (a :class:`~zaria.farkle.game.Toggle` towards
the planned selection, then ``Roll()`` or ``Bank()``). A plan depends only on the
roll, the turn's points and the totals, never on the dice already selected, so
asking again after each toggle gives the same plan.

**Normal** banks as soon as the turn's points reach a threshold::

    threshold = 300 + behind − few_dice
    behind    = 50 per full 1,000 points that the best other total is ahead, at most 300
    few_dice  = 150 if it would roll 1 die next, 100 if 2 dice, else 0

(300 … 600 with four or more dice to roll; never below 150.) Its dice:

* if every scoring die of the roll can be set aside together and that sets aside
  every die (hot dice), it takes them all;
* when banking, it takes every scoring die (the most points);
* when rolling on, it takes the multi-dice combinations of the roll's best
  breakdown and leaves loose 1s and 5s to re-roll; with only singles it takes
  one of them, a 1 rather than a 5 — more dice to roll is worth more than 50.

"Would roll next" is the number of dice left by that rolling-on selection. In
the last round, behind the leader, it ignores the threshold: it keeps rolling
until banking would put its total above the leader's. Under an opening minimum
it never tries a bank the rules refuse: it rolls on until the turn reaches the
minimum.

**Expert** maximises the expected points of each turn (see
:mod:`zaria.farkle.strategy`): for each number of dice it could set aside it
takes the best-scoring selection of that size, and compares banking with
rolling on, using the optimal turn values. Its solitaire turn averages 601.6
points. In the last round, behind the leader, it instead maximises the chance of
winning enough points this turn to beat the leader, and banks as soon as it does.
Under house rules its tables are those of the rules in force: the scoring table,
and one policy per state between turns (opened or not, lost turns in a row).

**Master** maximises its chance of winning the game (:mod:`zaria.farkle.master`):
against the best other total with the two-player table, and in the last round
for the chance of finishing above every other total (ties count half). It plays
the rule sets whose table is shipped (:func:`~zaria.farkle.rules.master_available`);
under others it plays as Expert.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from zaria.farkle.game import Action, Bank, FarkleGame, Roll, Toggle
from zaria.farkle.master import last_turn_choice, master_table, plan_choice, turn_plan
from zaria.farkle.rules import DEFAULT_RULES, FarkleRules, ScoringTable, master_available
from zaria.farkle.scoring import MAX_DICE, Combo, best_breakdown, scoring_dice
from zaria.farkle.strategy import STEP, RollOption, expert_table, reach_table, roll_options

BASE_THRESHOLD = 300
BEHIND_STEP = 1000
BEHIND_BONUS = 50
BEHIND_CAP = 300
FEW_DICE_CUT = {1: 150, 2: 100}
_SINGLES = (Combo.SINGLE_ONE, Combo.SINGLE_FIVE)


@dataclass(frozen=True)
class Plan:
    """What to do with the current roll: the positions to set aside, and bank or roll."""

    keep: tuple[int, ...]
    bank: bool


class ComputerPlayer(Protocol):
    """A computer player: a level name, a plan for the roll, the next action."""

    @property
    def level(self) -> str: ...

    def plan(self, game: FarkleGame) -> Plan: ...

    def choose(self, game: FarkleGame) -> Action: ...


def positions(roll: Sequence[int], dice: Sequence[int]) -> tuple[int, ...]:
    """Positions in ``roll`` of the values ``dice`` (each position used once), ascending.

    >>> positions((5, 1, 5, 2), (5, 5))
    (0, 2)
    """
    free = list(range(len(roll)))
    out = []
    for v in dice:
        i = next(i for i in free if roll[i] == v)
        free.remove(i)
        out.append(i)
    return tuple(sorted(out))


def next_action(game: FarkleGame, plan: Plan) -> Action:
    """The next single action that carries out ``plan``."""
    if game.roll is None:
        return Roll()
    differ = sorted(set(game.selected) ^ set(plan.keep))
    if differ:
        return Toggle(differ[0])
    return Bank() if plan.bank else Roll()


def _behind(game: FarkleGame) -> int:
    """How far the best other total is ahead of the current player's (0 if not ahead)."""
    return max(0, game.leader_total() - game.banked[game.current])


def _may_bank(game: FarkleGame, points: int) -> bool:
    """Whether the rules let the current player bank ``points`` (the opening minimum)."""
    return points > 0 and points >= game.opening_needed


def _all_scoring(roll: Sequence[int], table: ScoringTable) -> tuple[int, ...]:
    return tuple(i for i, ok in enumerate(scoring_dice(roll, table)) if ok)


def normal_threshold(behind: int, dice_left: int) -> int:
    """Normal's banking threshold; ``dice_left`` is the size of its next roll.

    >>> normal_threshold(0, 6), normal_threshold(2500, 4), normal_threshold(9000, 1)
    (300, 400, 450)
    """
    bonus = min(BEHIND_CAP, BEHIND_BONUS * (max(0, behind) // BEHIND_STEP))
    return BASE_THRESHOLD + bonus - FEW_DICE_CUT.get(dice_left, 0)


def normal_keep(roll: Sequence[int], table: ScoringTable | None = None) -> tuple[int, ...]:
    """Positions Normal sets aside when it rolls on (see the module's rules).

    >>> normal_keep((1, 5, 2, 3, 4, 4))
    (0,)
    >>> normal_keep((2, 2, 2, 5, 1, 3))
    (0, 1, 2)
    >>> normal_keep((5, 5, 1, 1, 5, 5))
    (0, 1, 2, 3, 4, 5)
    """
    table = table or DEFAULT_RULES.scoring
    every = _all_scoring(roll, table)
    if len(every) == len(roll):
        return every
    parts = best_breakdown((roll[i] for i in every), table)
    groups = [p.dice for p in parts if p.combo not in _SINGLES]
    if groups:
        return positions(roll, [d for g in groups for d in g])
    single = 1 if 1 in (roll[i] for i in every) else 5
    return positions(roll, [single])


@dataclass(frozen=True)
class NormalPlayer:
    """The threshold player of the rules (see the module's docstring)."""

    level: str = "normal"

    def plan(self, game: FarkleGame) -> Plan:
        roll = game.roll
        if roll is None:
            return Plan((), False)
        table = game.rules.scoring
        every = _all_scoring(roll, table)
        most = game.turn_total + best_points(roll, every, table)
        keep = normal_keep(roll, table)
        allowed = _may_bank(game, most)
        if game.last_round:
            need = game.leader_total() - game.banked[game.current]
            return Plan(every, True) if most > need and allowed else Plan(keep, False)
        left = len(roll) - len(keep) or MAX_DICE
        if allowed and most >= normal_threshold(_behind(game), left):
            return Plan(every, True)
        return Plan(keep, False)

    def choose(self, game: FarkleGame) -> Action:
        return next_action(game, self.plan(game))


def best_points(roll: Sequence[int], keep: Sequence[int], table: ScoringTable | None = None) -> int:
    """Points of the dice at positions ``keep`` of ``roll``."""
    parts = best_breakdown((roll[i] for i in keep), table or DEFAULT_RULES.scoring)
    return sum(p.points for p in parts)


@dataclass(frozen=True)
class ExpertPlayer:
    """The optimal points-per-turn player, with last-round sense (see the module)."""

    level: str = "expert"

    def plan(self, game: FarkleGame) -> Plan:
        roll = game.roll
        if roll is None:
            return Plan((), False)
        rules = game.rules
        options = roll_options(tuple(sorted(roll)), rules.scoring)
        t = game.turn_total
        most = max(options, key=lambda o: o.points)
        every = positions(roll, most.keep)
        allowed = _may_bank(game, t + most.points)
        if game.last_round:
            need = game.leader_total() - game.banked[game.current]
            if t + most.points > need and allowed:
                return Plan(every, True)
            return _reach_plan(game, roll, options, need)
        table = expert_table(rules)
        opened, farkles = game.opened[game.current], game.farkles[game.current]

        def rolling(o: RollOption) -> float:
            return table.roll_value(t + o.points, o.dice_left, opened=opened, farkles=farkles)

        best = max(options, key=rolling)
        if allowed and t + most.points >= rolling(best):
            return Plan(every, True)
        return Plan(positions(roll, best.keep), False)

    def choose(self, game: FarkleGame) -> Action:
        return next_action(game, self.plan(game))


def _reach_plan(
    game: FarkleGame, roll: Sequence[int], options: Sequence[RollOption], need: int
) -> Plan:
    """Expert behind in the last round: the best chance of a turn that beats the leader
    (and that the rules let it bank)."""
    goal = max((need // STEP + 1) * STEP, game.opening_needed)
    reach = reach_table(goal, game.rules.scoring)
    t = game.turn_total
    best = max(options, key=lambda o: reach.chance(goal - t - o.points, o.dice_left))
    return Plan(positions(roll, best.keep), False)


@dataclass(frozen=True)
class MasterPlayer:
    """The win-probability player (see the module's docstring)."""

    level: str = "master"

    def plan(self, game: FarkleGame) -> Plan:
        roll = game.roll
        if roll is None:
            return Plan((), False)
        if not master_available(game.rules):
            return ExpertPlayer().plan(game)
        options = roll_options(tuple(sorted(roll)), game.rules.scoring)
        mine, best_other = game.banked[game.current], game.leader_total()
        t = game.turn_total // STEP
        if game.last_round:
            choice = last_turn_choice((best_other - mine) // STEP - t, options, game.rules)
        else:
            table = master_table(game.rules)
            a = (game.target - mine) // STEP
            plan = turn_plan(table, a, (game.target - best_other) // STEP)
            choice = plan_choice(plan, a - t, options)
        return _plan_of(roll, choice)

    def choose(self, game: FarkleGame) -> Action:
        return next_action(game, self.plan(game))


def _plan_of(roll: Sequence[int], choice: tuple[RollOption, bool]) -> Plan:
    option, bank = choice
    return Plan(positions(roll, option.keep), bank)


LEVELS = ("normal", "expert", "master")


def player_for(level: str, rules: FarkleRules = DEFAULT_RULES) -> ComputerPlayer:
    """The computer player of ``level`` ("normal", "expert" or "master").

    Master needs the rules to have a shipped table (:func:`master_available`).
    """
    if level == "normal":
        return NormalPlayer()
    if level == "expert":
        return ExpertPlayer()
    if level == "master":
        if not master_available(rules):
            raise ValueError(f"the Master level has no table for the rules {rules.id!r}")
        return MasterPlayer()
    raise ValueError(f"unknown level {level!r}; levels are: {', '.join(LEVELS)}")
