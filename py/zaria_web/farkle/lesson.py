"""Farkle's lesson (:mod:`zaria_web.play.lesson`): a game to 5,000 against the
computer, on scripted dice, that meets every rule a beginner needs once.

The first turn sets aside a 1, then three 5s, then a 1 and a 5: all six dice have
scored (hot dice), so all six roll again; three 4s later the 1,150 points are
banked. The computer's turn is lost at once; the next turn of the player is lost
too (a farkle). Later in the game (played silently: 4,150 for the player), three
1s and a bank reach the target: the computer has its last turn, and loses it.
"""

from __future__ import annotations

from typing import Any

from zaria.farkle.game import Bank, FarkleGame, Roll, Toggle
from zaria.game import Seat
from zaria_web.play.intents import Play
from zaria_web.play.lesson import Script, Step
from zaria_web.play.screen import GameScreen

_S = GameScreen[FarkleGame]
#: The lesson's target: the smallest a game may have, reached in a few turns.
TARGET = 5000


def _game(s: _S) -> FarkleGame:
    assert s.game is not None
    return s.game


def _plays(kind: type) -> Any:
    return lambda s, intent: isinstance(intent, Play) and isinstance(intent.action, kind)


def _sets_aside(*dice: int) -> Any:
    """A tap on one of ``dice`` (positions from 0) not set aside yet."""

    def accepts(s: _S, intent: Any) -> bool:
        if not (isinstance(intent, Play) and isinstance(intent.action, Toggle)):
            return False
        index = intent.action.index
        return index in dice and index not in _game(s).selected

    return accepts


def _aside(*dice: int) -> Any:
    return lambda s: set(_game(s).selected) == set(dice)


def _your_turn(s: _S) -> bool:
    game = _game(s)
    return game.over or (game.current == 0 and s.handover is None)


def _over(s: _S) -> bool:
    return _game(s).over


def _new_game(s: _S, seats: list[Seat]) -> FarkleGame:
    s.part.target = TARGET  # type: ignore[attr-defined]
    game: FarkleGame = s.part.new_game(seats)
    return game


def _dice(*positions: int) -> tuple[str, ...]:
    return tuple(f"fk-die-{p + 1}" for p in positions)


def _roll(say: str, *rolls: tuple[int, ...], setup: tuple[Any, ...] = ()) -> Step:
    wrong = "farkle.lesson.wrong.roll"
    return Step(say, ("fk-roll",), _plays(Roll), wrong, dice=rolls, setup=setup)


def _set_aside(say: str, *dice: int) -> Step:
    wrong = "farkle.lesson.wrong.aside"
    return Step(say, _dice(*dice), _sets_aside(*dice), wrong, until=_aside(*dice))


def _bank(say: str) -> Step:
    return Step(say, ("fk-bank",), _plays(Bank), "farkle.lesson.wrong.bank")


#: The turns played silently before the target comes in reach: the player's six 1s
#: (3,000) banked, the computer's three 1s (1,000) banked.
_LATER = (
    Roll((1, 1, 1, 1, 1, 1)),
    *(Toggle(i) for i in range(6)),
    Bank(),
    Roll((1, 1, 1, 2, 3, 4)),
    *(Toggle(i) for i in range(3)),
    Bank(),
)

SCRIPT = Script(
    computer=True,
    level="normal",
    new_game=_new_game,
    moves=lambda intent: False,
    steps=(
        _roll("farkle.lesson.roll", (1, 5, 2, 2, 3, 6)),
        _set_aside("farkle.lesson.one", 0),
        _roll("farkle.lesson.roll_rest", (5, 5, 5, 3, 2)),
        _set_aside("farkle.lesson.three", 0, 1, 2),
        _roll("farkle.lesson.roll_two", (1, 5)),
        _set_aside("farkle.lesson.both", 0, 1),
        _roll("farkle.lesson.hot", (4, 4, 4, 2, 3, 6)),
        _set_aside("farkle.lesson.fours", 0, 1, 2),
        _bank("farkle.lesson.bank"),
        Step(
            "farkle.lesson.computer",
            wait=True,
            until=_your_turn,
            wrong="farkle.lesson.wrong.wait",
            dice=((2, 3, 4, 6, 2, 3),),
        ),
        _roll("farkle.lesson.again", (5, 2, 3, 4, 6, 6)),
        _set_aside("farkle.lesson.five", 0),
        # The roll that loses the turn, and the computer's that follows it.
        _roll("farkle.lesson.risk", (2, 3, 4, 6, 6), (3, 4, 6, 2, 2, 6)),
        Step("farkle.lesson.farkle", wait=True, until=_your_turn, wrong="farkle.lesson.wrong.wait"),
        _roll("farkle.lesson.later", (1, 1, 1, 5, 2, 3), setup=_LATER),
        _set_aside("farkle.lesson.ones", 0, 1, 2),
        _bank("farkle.lesson.target"),
        Step(
            "farkle.lesson.last_round",
            wait=True,
            until=_over,
            wrong="farkle.lesson.wrong.wait",
            dice=((2, 3, 4, 6, 6, 3),),
        ),
        Step("farkle.lesson.end"),
    ),
)
