"""A Penta game on duplicate dice as its moves (see :mod:`zaria.moves`).

``r`` rolls, ``0``–``4`` hold or release a die, ``a``–``m`` record a box in sheet
order (``a`` Aces … ``m`` Penta).

>>> CODE.encode([Roll(), Toggle(0), Roll(), Record(Box.CHANCE)])
'r0rl'
"""

from __future__ import annotations

from zaria.dice import DuplicateDice, DuplicateRoller
from zaria.game import Seat
from zaria.moves import MoveCode, replay
from zaria.penta.game import Action, PentaGame, Record, Roll, Toggle
from zaria.penta.players import OptimalPlayer
from zaria.penta.scoring import Box
from zaria.penta.strategy import Strategy

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


def computer_game(seed: str, strategy: Strategy | None = None) -> tuple[PentaGame, str]:
    """The optimal player's solo game on ``seed``'s dice (the grade of a daily or a
    duel: what the best play scores on the same dice), and its moves."""
    game = PentaGame.new([Seat("Penta", True, "optimal")], strict=True)
    roller = DuplicateRoller(DuplicateDice(seed), game.next_throw)
    player, actions = OptimalPlayer(strategy), []
    while not game.over:
        action = player.choose(game)
        actions.append(action)
        game.apply(action, roller)
    return game, CODE.encode(actions)
