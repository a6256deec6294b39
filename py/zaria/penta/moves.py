"""A Penta game on duplicate dice as its moves (see :mod:`zaria.moves`).

``r`` rolls, ``0``–``4`` hold or release a die, ``a``–``m`` record a box in sheet
order (``a`` Aces … ``m`` Penta).

>>> CODE.encode([Roll(), Toggle(0), Roll(), Record(Box.CHANCE)])
'r0rl'
"""

from __future__ import annotations

from zaria.dice import DuplicateRoller
from zaria.game import Seat
from zaria.moves import MoveCode, replay
from zaria.penta.game import Action, PentaGame, Record, Roll, Toggle
from zaria.penta.scoring import Box

CODE = MoveCode(
    {
        "r": Roll(),
        **{str(i): Toggle(i) for i in range(5)},
        **{chr(ord("a") + k): Record(box) for k, box in enumerate(Box)},
    }
)


def _apply(game: PentaGame, action: Action, roller: DuplicateRoller) -> None:
    game.apply(action, roller)


def replayed(seed: str, moves: str) -> PentaGame:
    """A solo strict game played through ``moves`` on ``seed``'s dice, to its end;
    raises :class:`~zaria.moves.MovesError` when the moves do not play."""
    return replay(PentaGame.new([Seat("Penta")], strict=True), seed, moves, CODE, _apply)
