"""Penta's coach and end-of-game review: what the optimal player thinks of a roll.

Both read the strategy table's expected values for the current sheet: the coach
shows them while a person plays (when coach mode is on), the review notes every
decision that scored less than the best option, with its cost in expected points
and the dice it was made on. The review lists them costliest first, under a one-line
verdict on their total (:func:`verdict`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from zaria.penta.game import PentaGame
from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA, Box
from zaria.penta.strategy import SheetState, Strategy, best_keep_of, first_best, records

#: A decision costing less than this (in expected points) is as good as the best.
TOLERANCE = 0.005


@dataclass(frozen=True)
class Keep:
    """Keep these dice (sorted) and roll the others."""

    dice: tuple[int, ...]

    @property
    def label(self) -> str:
        return "keep:" + "".join(map(str, self.dice))


@dataclass(frozen=True)
class Score:
    """Record the roll in ``box``."""

    box: Box

    @property
    def label(self) -> str:
        return "box:" + self.box.value


Choice = Keep | Score


def choice_of(label: str, rules: Rules = PENTA) -> Choice:
    """A choice from its saved label (``keep:55``, ``box:chance``), under ``rules``."""
    kind, _, what = label.partition(":")
    return Score(rules.box_named(what)) if kind == "box" else Keep(tuple(int(c) for c in what))


@dataclass
class Decision:
    """A person's decision that scored less expected value than the best option."""

    seat: int
    round: int
    roll: int
    chosen: str
    best: str
    cost: float
    #: The five dice the choice was made on (empty in saves from before they were kept).
    dice: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["dice"] = list(self.dice)
        return d


#: The verdict on a player's total cost: the first whose bound the total is below.
VERDICTS: tuple[tuple[float, str], ...] = (
    (TOLERANCE, "perfect"),
    (2.0, "near"),
    (10.0, "few"),
    (25.0, "costly"),
    (math.inf, "many"),
)


def verdict(total: float) -> str:
    """The one-word verdict on ``total`` expected points lost (see :data:`VERDICTS`).

    >>> [verdict(c) for c in (0, 1.5, 6, 20, 40)]
    ['perfect', 'near', 'few', 'costly', 'many']
    """
    return next(key for bound, key in VERDICTS if total < bound)


def costliest_first(decisions: list[Decision]) -> list[Decision]:
    """The decisions by cost, largest first (in the order played when equal)."""
    return sorted(decisions, key=lambda d: (-d.cost, d.round, d.roll))


@dataclass(frozen=True)
class Options:
    """The expected final-score gain of every keep and every box for the current roll."""

    keeps: dict[tuple[int, ...], float]
    boxes: dict[Box, float]

    @classmethod
    def of(cls, game: PentaGame, strategy: Strategy | None) -> Options | None:
        if game.dice is None or strategy is None or game.over:
            return None
        tv = strategy.turn(SheetState.from_sheet(game.sheets[game.current], game.rules))
        boxes = {v.box: v.expected for v in tv.box_values(game.dice)}
        keeps = tv.keep_values(game.dice, game.rolls_left) if game.rolls_left else {}
        return cls(keeps, boxes)

    def best_keep(self) -> tuple[int, ...] | None:
        return best_keep_of(self.keeps)

    def best(self) -> tuple[Choice, float]:
        """The best choice and its value, as the optimal player chooses
        (:meth:`~zaria.penta.strategy.Strategy.best_keep`): the best box, unless a keep
        is worth more."""
        boxes = list(self.boxes)
        box = boxes[first_best([self.boxes[b] for b in boxes])]
        choice: Choice = Score(box)
        value = self.boxes[box]
        keep = self.best_keep()
        if keep is not None and not records(max(self.boxes.values()), self.keeps):
            choice, value = Keep(keep), self.keeps[keep]
        return choice, value

    def value(self, choice: Choice) -> float | None:
        if isinstance(choice, Keep):
            return self.keeps.get(choice.dice)
        return self.boxes.get(choice.box)


def held_dice(game: PentaGame) -> tuple[int, ...]:
    return tuple(sorted(d for d, h in zip(game.dice or (), game.held, strict=False) if h))


def review(game: PentaGame, strategy: Strategy | None, choice: Choice) -> Decision | None:
    """The decision ``choice`` (about to be played) if it costs expected points."""
    options = Options.of(game, strategy)
    if options is None:
        return None
    value = options.value(choice)
    if value is None:
        return None
    best, best_value = options.best()
    cost = best_value - value
    if cost <= TOLERANCE:
        return None
    return Decision(
        game.current,
        game.round,
        game.rolls_used,
        choice.label,
        best.label,
        round(cost, 2),
        tuple(game.dice or ()),
    )


@dataclass(frozen=True)
class Coach:
    """The advisor's figures for the current roll, as expected final scores."""

    boxes: dict[Box, float]
    best: Choice
    best_keep: tuple[int, ...] | None
    best_keep_value: float | None
    #: With some dice held: the expected final score of rolling the others (else None).
    held_value: float | None
    #: When the best choice is a keep: the positions of the dice to keep (the dice
    #: already held first), marked on the dice themselves.
    keep_positions: frozenset[int] = frozenset()


def keep_positions(
    dice: tuple[int, ...], held: tuple[bool, ...], keep: tuple[int, ...]
) -> frozenset[int]:
    """Where the dice ``keep`` lie among ``dice``: the held ones first, so that
    following the advice changes as few holds as possible.

    >>> sorted(keep_positions((4, 2, 4, 5, 4), (False, False, True, False, False), (4, 4)))
    [0, 2]
    """
    order = sorted(range(len(dice)), key=lambda i: (not held[i], i))
    wanted = list(keep)
    chosen = set()
    for i in order:
        if dice[i] in wanted:
            wanted.remove(dice[i])
            chosen.add(i)
    return frozenset(chosen)


def coach(game: PentaGame, strategy: Strategy | None) -> Coach | None:
    """The coach's figures for the current roll (None without dice or the table)."""
    options = Options.of(game, strategy)
    if options is None or game.dice is None:
        return None
    scored = game.totals(game.current).total
    best, _ = options.best()
    keep = options.best_keep()
    held = held_dice(game)
    marks = (
        keep_positions(game.dice, game.held, best.dice) if isinstance(best, Keep) else frozenset()
    )
    return Coach(
        boxes={b: scored + v for b, v in options.boxes.items()},
        best=best,
        best_keep=keep,
        best_keep_value=None if keep is None else scored + options.keeps[keep],
        held_value=scored + options.keeps[held] if held and held in options.keeps else None,
        keep_positions=marks,
    )
