"""Penta's lesson (:mod:`zaria_web.play.lesson`): a few turns on scripted dice that
meet every rule a beginner needs once; and the steps every member of the family's
lesson is made of (:func:`roll`, :func:`hold`, :func:`score`, :func:`script`).

The first turn rolls, holds three 6s, rolls again and scores 24 in Sixes. A few
turns later (played silently: Aces to Fours hold 30) three 5s bring the upper
section to 69 and its bonus of 35; then a Penta is scored, a second Penta earns
100 and, as a joker, fills Large straight for 40; and a roll that fits nothing
is sacrificed in Small straight, for 0.
"""

from __future__ import annotations

from typing import Any

from zaria.game import Seat
from zaria.penta.game import PentaGame, Record, Roll, Toggle
from zaria.penta.scoring import Box
from zaria_web.penta.screen import SelectBox, StepBox, Validate
from zaria_web.play.intents import Play
from zaria_web.play.lesson import Script, Step
from zaria_web.play.screen import GameScreen

_S = GameScreen[PentaGame]


def _game(s: _S) -> PentaGame:
    assert s.game is not None
    return s.game


def _rolls(s: _S, intent: Any) -> bool:
    return isinstance(intent, Play) and isinstance(intent.action, Roll)


def _holds(*dice: int) -> Any:
    """A tap on one of ``dice`` not held yet (a tap on a held one would release it)."""

    def accepts(s: _S, intent: Any) -> bool:
        if not (isinstance(intent, Play) and isinstance(intent.action, Toggle)):
            return False
        index = intent.action.index
        return index in dice and not _game(s).held[index]

    return accepts


def _held(*dice: int) -> Any:
    return lambda s: all(_game(s).held[i] for i in dice)


def _scores(box: Any) -> Any:
    """Choosing ``box`` (once: a second tap would unchoose it), then Validate."""

    def accepts(s: _S, intent: Any) -> bool:
        chosen = s.part.selected  # type: ignore[attr-defined]
        if isinstance(intent, SelectBox):
            return intent.box is box and chosen is not box
        if isinstance(intent, Validate):
            return chosen is box
        return isinstance(intent, Play) and intent.action == Record(box)

    return accepts


def _moves(intent: Any) -> bool:
    """Penta's own intents that play: choosing a box (by a tap or the arrows), Validate."""
    return isinstance(intent, SelectBox | Validate | StepBox)


def _new_game(s: _S, seats: list[Seat]) -> PentaGame:
    game: PentaGame = s.part.new_game(seats)
    return game


def score(box: Any, say: str, wrong: str = "penta.lesson.wrong.score") -> Step:
    """A step that writes the dice in ``box``: a tap on it, then Validate round."""
    return Step(say, ("box-" + box.value, "penta-validate"), _scores(box), wrong)


def roll(say: str, dice: tuple[int, ...], setup: tuple[Any, ...] = ()) -> Step:
    """A step that rolls the dice not held, which come up as ``dice``."""
    return Step(say, ("penta-roll",), _rolls, "penta.lesson.wrong.roll", dice=(dice,), setup=setup)


def hold(say: str, dice: tuple[int, ...], wrong: str) -> Step:
    """A step that holds the dice at the positions ``dice``, a tap on each."""
    targets = tuple(f"die-{i}" for i in dice)
    return Step(say, targets, _holds(*dice), wrong, until=_held(*dice))


def script(*steps: Step) -> Script:
    """A member's lesson: ``steps`` played on a game of the form's first player."""
    return Script(new_game=_new_game, moves=_moves, steps=steps)


def turns(*played: tuple[tuple[int, ...], Any]) -> tuple[Any, ...]:
    """The actions of whole turns played silently: each a roll and the box it is
    written in."""
    return tuple(action for dice, box in played for action in (Roll(dice), Record(box)))


#: The turns played silently before the upper bonus: Aces 3, Twos 6, Threes 9,
#: Fours 12 (with the first turn's 24 in Sixes, 54 of the 63 the bonus needs).
_LATER = turns(
    ((1, 1, 1, 2, 3), Box.ACES),
    ((2, 2, 2, 3, 4), Box.TWOS),
    ((3, 3, 3, 1, 2), Box.THREES),
    ((4, 4, 4, 1, 2), Box.FOURS),
)

SCRIPT = script(
    roll("penta.lesson.roll", (6, 6, 2, 6, 3)),
    hold("penta.lesson.hold", (0, 1, 3), "penta.lesson.wrong.hold"),
    roll("penta.lesson.reroll", (6, 1)),
    score(Box.SIXES, "penta.lesson.sixes"),
    Step("penta.lesson.later", setup=_LATER),
    roll("penta.lesson.roll_bonus", (5, 5, 5, 2, 1)),
    score(Box.FIVES, "penta.lesson.fives"),
    roll("penta.lesson.bonus", (4, 4, 4, 4, 4)),
    score(Box.PENTA, "penta.lesson.penta"),
    roll("penta.lesson.again", (3, 3, 3, 3, 3)),
    score(Box.LARGE_STRAIGHT, "penta.lesson.joker"),
    roll("penta.lesson.roll_last", (1, 2, 2, 4, 6)),
    score(Box.SMALL_STRAIGHT, "penta.lesson.sacrifice"),
    Step("penta.lesson.end"),
)
