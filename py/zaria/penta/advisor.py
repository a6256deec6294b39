"""Advice for a Penta turn, and solitaire simulations of the computer players.

:func:`advise` lists every legal option (a keep before a re-roll, or a box) with its
expected value: the expected number of points still to come in the game from this point
with optimal play afterwards. For a box that is its points, the 100 Penta bonus if earned,
the 35 upper bonus if this box brings the upper section to 63, plus ``E`` of the next
state; for a keep, the expectation over the re-roll of the best continuation. Every
member of the five-dice family is advised the same way, from its own table (the
state's rules say which).

The computer players themselves live in :mod:`zaria.penta.players` (and are
importable from here too): :class:`OptimalPlayer` (the table's best option) and
:class:`CasualPlayer`, who only looks at this turn; :func:`choose` gives the next
action of a :class:`~zaria.penta.game.PentaGame`.

>>> options = advise(SheetState.start(), (2, 2, 3, 4, 5), 1)
>>> options[0].keep, round(options[0].expected, 2)
((2, 3, 4, 5), 251.45)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from zaria.dice import RandomRoller, Roller, check_dice
from zaria.penta.players import (
    CasualPlayer,
    OptimalPlayer,
    Player,
    choose,
    hold_pattern,
    player_for,
    points_gained,
)
from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA
from zaria.penta.strategy import BoxValue, SheetState, Strategy, default_strategy

__all__ = [
    "BoxValue",
    "CasualPlayer",
    "GameResult",
    "KeepOption",
    "OptimalPlayer",
    "Option",
    "Player",
    "SheetState",
    "SimulationSummary",
    "advise",
    "choose",
    "hold_pattern",
    "option_dict",
    "play_solitaire",
    "simulate",
]


@dataclass(frozen=True)
class KeepOption:
    """Keep ``keep`` (sorted faces) and re-roll the other dice."""

    keep: tuple[int, ...]
    expected: float


Option = KeepOption | BoxValue


def option_dict(option: Option) -> dict[str, Any]:
    """A JSON-safe dict for an option, its expected value rounded to 4 decimals.

    >>> option_dict(KeepOption((2, 3), 201.123456))
    {'keep': [2, 3], 'expected': 201.1235}
    """
    if isinstance(option, KeepOption):
        return {"keep": list(option.keep), "expected": round(option.expected, 4)}
    return {
        "box": option.box.value,
        "points": option.points,
        "penta_bonus": option.penta_bonus,
        "upper_bonus": option.upper_bonus,
        "expected": round(option.expected, 4),
    }


def _rank(option: Option) -> tuple[float, int, int]:
    # Best first; among equal values a box before a keep, keeps with more dice first.
    if isinstance(option, KeepOption):
        return (-option.expected, 1, -len(option.keep))
    return (-option.expected, 0, option.box_index)


def advise(
    state: SheetState, dice: Sequence[int], rolls_left: int, strategy: Strategy | None = None
) -> list[Option]:
    """Every legal option for ``dice`` with ``rolls_left`` re-rolls allowed, best first.

    With re-rolls left, both the keeps (every distinct set of fewer than five dice,
    the empty keep re-rolling all five) and the boxes are listed; with none, the boxes.
    """
    if rolls_left not in (0, 1, 2):
        raise ValueError(f"rolls_left must be 0, 1 or 2, not {rolls_left}")
    dice = check_dice(dice, 5)
    turn = (strategy or default_strategy(state.rules)).turn(state)
    options: list[Option] = list(turn.box_values(dice))
    if rolls_left:
        values = turn.keep_values(dice, rolls_left)
        options += [KeepOption(keep, value) for keep, value in values.items()]
    return sorted(options, key=_rank)


# --- solitaire games -------------------------------------------------------------------


@dataclass(frozen=True)
class GameResult:
    """One finished solitaire game."""

    total: int
    upper: int
    upper_bonus: bool
    penta_box: int
    penta_bonuses: int


def play_solitaire(
    roller: Roller, player: Player | None = None, rules: Rules = PENTA
) -> GameResult:
    """Play one solitaire game of ``rules`` (one turn per box) with ``player`` (optimal
    by default)."""
    player = player or OptimalPlayer()
    state = SheetState.start(rules)
    total = bonuses = 0
    while not state.over:
        dice = tuple(roller.roll(5))
        for rolls_left in (2, 1):
            keep = player.keep(state, dice, rolls_left)
            if len(keep) == 5:
                break
            dice = tuple(keep) + tuple(roller.roll(5 - len(keep)))
        box = player.box(state, dice)
        points, bonus = rules.options(dice, state.free, state.penta_box)[box]
        total += points_gained(state, box, points, bonus)
        bonuses += bonus > 0
        state = state.after(box, points)
    return GameResult(
        total=total,
        upper=state.upper,
        upper_bonus=state.upper >= rules.upper_threshold,
        penta_box=state.penta_box or 0,
        penta_bonuses=bonuses,
    )


@dataclass(frozen=True)
class SimulationSummary:
    """Statistics of solitaire games: mean and sample standard deviation of the totals,
    the share of games earning the upper bonus, and of games with 50 in the Penta box."""

    games: int
    mean: float
    sd: float
    upper_bonus_rate: float
    penta_rate: float

    @property
    def standard_error(self) -> float:
        """The standard error of the mean."""
        return self.sd / math.sqrt(self.games)

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "mean": round(self.mean, 4),
            "sd": round(self.sd, 4),
            "upper_bonus_rate": round(self.upper_bonus_rate, 4),
            "penta_rate": round(self.penta_rate, 4),
        }


def simulate(
    games: int, seed: int | None = None, player: str = "optimal", rules: Rules = PENTA
) -> SimulationSummary:
    """Play ``games`` solitaire games of ``rules`` with dice from ``RandomRoller(seed)``.

    ``player`` is a level of :data:`~zaria.penta.players.LEVELS`.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    roller = RandomRoller(seed)
    who = player_for(player)
    results = [play_solitaire(roller, who, rules) for _ in range(games)]
    totals = [r.total for r in results]
    return SimulationSummary(
        games=games,
        mean=statistics.fmean(totals),
        sd=statistics.stdev(totals) if games > 1 else 0.0,
        upper_bonus_rate=sum(r.upper_bonus for r in results) / games,
        penta_rate=sum(r.penta_box == rules.five_score for r in results) / games,
    )
