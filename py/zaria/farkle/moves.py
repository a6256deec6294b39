"""A Farkle game on duplicate dice as its moves (see :mod:`zaria.moves`).

``r`` rolls (setting aside the selection), ``0``–``5`` select or release a die of
the roll, ``b`` banks.

>>> CODE.encode([Roll(), Toggle(0), Bank()])
'r0b'
"""

from __future__ import annotations

from zaria.dice import DuplicateRoller
from zaria.farkle.game import DEFAULT_TARGET, Action, Bank, FarkleGame, Roll, Toggle
from zaria.farkle.rules import DEFAULT_RULES, FarkleRules
from zaria.game import Seat
from zaria.moves import MoveCode, replay

CODE = MoveCode({"r": Roll(), "b": Bank(), **{str(i): Toggle(i) for i in range(6)}})

#: The turns of a solo game on duplicate dice (the daily challenge's).
SOLO_TURNS = 10


def _apply(game: FarkleGame, action: Action, roller: DuplicateRoller) -> None:
    game.apply(action, roller=roller)


def replayed(
    seed: str, moves: str, rules: FarkleRules = DEFAULT_RULES, turns: int = SOLO_TURNS
) -> FarkleGame:
    """A solo strict game of ``turns`` turns played through ``moves`` on ``seed``'s
    dice, to its end; raises :class:`~zaria.moves.MovesError` when they do not play."""
    game = FarkleGame.new([Seat("Farkle")], DEFAULT_TARGET, rules, strict=True, turns=turns)
    return replay(game, seed, moves, CODE, _apply)
