"""Advice for a Penta turn, the computer players, and solitaire simulations.

:func:`advise` lists every legal option (a keep before a re-roll, or a box) with its
expected value: the expected number of points still to come in the game from this point
with optimal play afterwards. For a box that is its points, the 100 Penta bonus if earned,
the 35 upper bonus if this box brings the upper section to 63, plus ``E`` of the next
state; for a keep, the expectation over the re-roll of the best continuation.

Two players decide a turn: :class:`OptimalPlayer` (the table's best option) and
:class:`CasualPlayer`, who only looks at this turn (see its docstring). :func:`choose`
turns either into the next action of a :class:`~zaria.penta.game.PentaGame`.

>>> options = advise(SheetState.start(), (2, 2, 3, 4, 5), 1)
>>> options[0].keep, round(options[0].expected, 2)
((2, 3, 4, 5), 251.45)
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from zaria.dice import RandomRoller, Roller, check_dice
from zaria.penta.game import PentaGame, Record, Roll, ToggleHold
from zaria.penta.scoring import (
    BOXES,
    PENTA_BONUS,
    PENTA_SCORE,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    Box,
    box_options,
    is_penta,
)
from zaria.penta.strategy import (
    ALL_USED,
    BIT,
    BoxValue,
    SheetState,
    Strategy,
    default_strategy,
)

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
    "bench_turns",
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
    return (-option.expected, 0, BOXES.index(option.box))


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
    turn = (strategy or default_strategy()).turn(state)
    options: list[Option] = list(turn.box_values(dice))
    if rolls_left:
        values = turn.keep_values(dice, rolls_left)
        options += [KeepOption(keep, value) for keep, value in values.items()]
    return sorted(options, key=_rank)


# --- players ---------------------------------------------------------------------------


class Player(Protocol):
    """A Penta player: what to keep before a re-roll, and where to record."""

    def keep(self, state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
        """The dice to keep (sorted); all five mean: record now."""
        ...

    def box(self, state: SheetState, dice: Sequence[int]) -> Box:
        """The box to record ``dice`` in."""
        ...


class OptimalPlayer:
    """The player maximising the expected final score (the table's player)."""

    def __init__(self, strategy: Strategy | None = None) -> None:
        self.strategy = strategy or default_strategy()

    def keep(self, state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
        return self.strategy.best_keep(state, dice, rolls_left)

    def box(self, state: SheetState, dice: Sequence[int]) -> Box:
        return self.strategy.best_box(state, dice)


def _gain(state: SheetState, box: Box, points: int, bonus: int) -> int:
    upper_bonus = 0
    if box.upper and state.upper < UPPER_BONUS_THRESHOLD <= state.upper + points:
        upper_bonus = UPPER_BONUS
    return points + bonus + upper_bonus


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

    Keep, in this order:

    1. five of a kind, a Large straight for a free Large straight box, a Small straight
       when only the Small straight box is left of the two, or a Full house for a free
       Full house box: keep everything (record now);
    2. with a straight box free, four faces in a row: keep them (one die each);
       three in a row with no face shown three times: keep them;
    3. otherwise every die of the most common face, the higher face on ties.
    """

    def keep(self, state: SheetState, dice: Sequence[int], rolls_left: int) -> tuple[int, ...]:
        dice = tuple(sorted(check_dice(dice, 5)))
        free = state.free
        counts = Counter(dice)
        run = _longest_run(set(dice))
        small, large = Box.SMALL_STRAIGHT in free, Box.LARGE_STRAIGHT in free
        if is_penta(dice):
            return dice
        if (large and len(run) == 5) or (small and not large and len(run) >= 4):
            return dice
        if Box.FULL_HOUSE in free and sorted(counts.values()) == [2, 3]:
            return dice
        if (small or large) and (len(run) >= 4 or (len(run) == 3 and max(counts.values()) < 3)):
            return tuple(run[:4]) if len(run) >= 4 else tuple(run)
        face = max(counts, key=lambda f: (counts[f], f))
        return (face,) * counts[face]

    def box(self, state: SheetState, dice: Sequence[int]) -> Box:
        options = box_options(check_dice(dice, 5), state.free, state.penta_box)
        gains = {b: _gain(state, b, p, bonus) for b, (p, bonus) in options.items()}
        return max(gains, key=lambda b: gains[b])  # max keeps the first of equals


def _player(level: str) -> Player:
    if level == "optimal":
        return OptimalPlayer()
    if level == "casual":
        return CasualPlayer()
    raise ValueError(f"unknown player {level!r}; players are optimal, casual")


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


def choose(game: PentaGame, player: Player | None = None) -> Roll | ToggleHold | Record:
    """The next action of the current seat's computer player (optimal by default).

    Before the first roll: roll. With a re-roll left, the player's keep: toggle the
    first die whose hold differs from it, then roll; once the keep is all five dice,
    or with no re-roll left, record in the player's box.
    """
    player = player or OptimalPlayer()
    dice = game.dice
    if dice is None:
        return Roll()
    state = SheetState.from_sheet(game.sheets[game.current])
    if game.rolls_left > 0:
        keep = player.keep(state, dice, game.rolls_left)
        if len(keep) < len(dice):
            pattern = hold_pattern(dice, keep, game.held)
            for i, (want, now) in enumerate(zip(pattern, game.held, strict=True)):
                if want != now:
                    return ToggleHold(i)
            return Roll()
    return Record(player.box(state, dice))


# --- solitaire games -------------------------------------------------------------------


@dataclass(frozen=True)
class GameResult:
    """One finished solitaire game."""

    total: int
    upper: int
    upper_bonus: bool
    penta_box: int
    penta_bonuses: int


def play_solitaire(roller: Roller, player: Player | None = None) -> GameResult:
    """Play one 13-turn solitaire game with ``player`` (optimal by default)."""
    player = player or OptimalPlayer()
    state = SheetState.start()
    total = bonuses = 0
    while state.used != ALL_USED:
        dice = tuple(roller.roll(5))
        for rolls_left in (2, 1):
            keep = player.keep(state, dice, rolls_left)
            if len(keep) == 5:
                break
            dice = tuple(keep) + tuple(roller.roll(5 - len(keep)))
        box = player.box(state, dice)
        points, bonus = box_options(dice, state.free, state.penta_box)[box]
        total += _gain(state, box, points, bonus)
        bonuses += bonus // PENTA_BONUS
        state = state.after(box, points)
    return GameResult(
        total=total,
        upper=state.upper,
        upper_bonus=state.upper >= UPPER_BONUS_THRESHOLD,
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


def simulate(games: int, seed: int | None = None, player: str = "optimal") -> SimulationSummary:
    """Play ``games`` solitaire games with dice from ``RandomRoller(seed)``."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    roller = RandomRoller(seed)
    who = _player(player)
    results = [play_solitaire(roller, who) for _ in range(games)]
    totals = [r.total for r in results]
    return SimulationSummary(
        games=games,
        mean=statistics.fmean(totals),
        sd=statistics.stdev(totals) if games > 1 else 0.0,
        upper_bonus_rate=sum(r.upper_bonus for r in results) / games,
        penta_rate=sum(r.penta_box == PENTA_SCORE for r in results) / games,
    )


def _random_state(rng: random.Random) -> SheetState:
    """A sheet with 0–12 boxes used, consistent upper total and Penta box."""
    used = rng.sample(BOXES, rng.randrange(13))
    upper = sum(b.face * rng.randrange(6) for b in used if b.upper)
    penta = rng.choice((0, PENTA_SCORE)) if Box.PENTA in used else None
    mask = 0
    for b in used:
        mask |= BIT[b]
    return SheetState(mask, upper, penta)


def bench_turns(n: int, seed: int = 0, strategy: Strategy | None = None) -> list[float]:
    """Seconds the optimal player takes to decide ``n`` whole turns, one per random position.

    Each turn starts with an empty cache and makes the player's decisions: the keep
    after the first and second rolls (unless it stops earlier) and the box.
    """
    strategy = strategy or default_strategy()
    rng = random.Random(seed)
    times = []
    for _ in range(n):
        state = _random_state(rng)
        rolls = [tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(3)]
        strategy.clear_cache()
        t0 = time.perf_counter()
        dice = rolls[0]
        for rolls_left in (2, 1):
            keep = strategy.best_keep(state, dice, rolls_left)
            if len(keep) == 5:
                break
            dice = keep + rolls[3 - rolls_left][: 5 - len(keep)]
        strategy.best_box(state, dice)
        times.append(time.perf_counter() - t0)
    return times
