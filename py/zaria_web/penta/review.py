"""Penta's coach and end-of-game review: what the optimal player thinks of a roll.

Both read the strategy table's expected values for the current sheet: the coach
shows them while a person plays (when coach mode is on), the review notes every
decision that scored less than the best option, with its cost in expected points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zaria.penta.game import PentaGame
from zaria.penta.scoring import Box
from zaria.penta.strategy import SheetState, Strategy

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


def choice_of(label: str) -> Choice:
    """A choice from its saved label (``keep:55``, ``box:chance``)."""
    kind, _, what = label.partition(":")
    return Score(Box(what)) if kind == "box" else Keep(tuple(int(c) for c in what))


@dataclass
class Decision:
    """A person's decision that scored less expected value than the best option."""

    seat: int
    round: int
    roll: int
    chosen: str
    best: str
    cost: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class Options:
    """The expected final-score gain of every keep and every box for the current roll."""

    keeps: dict[tuple[int, ...], float]
    boxes: dict[Box, float]

    @classmethod
    def of(cls, game: PentaGame, strategy: Strategy | None) -> Options | None:
        if game.dice is None or strategy is None or game.over:
            return None
        tv = strategy.turn(SheetState.from_sheet(game.sheets[game.current]))
        boxes = {v.box: v.expected for v in tv.box_values(game.dice)}
        keeps = tv.keep_values(game.dice, game.rolls_left) if game.rolls_left else {}
        return cls(keeps, boxes)

    def best_keep(self) -> tuple[int, ...] | None:
        return max(self.keeps, key=lambda k: (self.keeps[k], len(k))) if self.keeps else None

    def best(self) -> tuple[Choice, float]:
        """The best choice and its value: the best box, unless a keep is worth more."""
        box = max(self.boxes, key=lambda b: self.boxes[b])
        choice: Choice = Score(box)
        value = self.boxes[box]
        keep = self.best_keep()
        if keep is not None and self.keeps[keep] > value:
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
        game.current, game.round, game.rolls_used, choice.label, best.label, round(cost, 2)
    )


@dataclass(frozen=True)
class Coach:
    """The advisor's figures for the current roll, as expected final scores."""

    boxes: dict[Box, float]
    best: Choice
    best_keep: tuple[int, ...] | None
    best_keep_value: float | None
    held_value: float | None


def coach(game: PentaGame, strategy: Strategy | None) -> Coach | None:
    """The coach's figures for the current roll (None without dice or the table)."""
    options = Options.of(game, strategy)
    if options is None:
        return None
    scored = game.totals(game.current).total
    best, _ = options.best()
    keep = options.best_keep()
    held = held_dice(game)
    return Coach(
        boxes={b: scored + v for b, v in options.boxes.items()},
        best=best,
        best_keep=keep,
        best_keep_value=None if keep is None else scored + options.keeps[keep],
        held_value=scored + options.keeps[held] if held in options.keeps else None,
    )
