"""A Penta game on duplicate dice as its moves (see :mod:`zaria.moves`).

``r`` rolls, ``0``–``4`` hold or release a die, ``a``–``m`` record a box in sheet
order (``a`` Aces … ``m`` Penta). Every member of the five-dice family has such a
code (:func:`code_for`): Yatzy's boxes are ``a`` Ones … ``o`` Yatzy.

>>> from zaria.penta.scoring import Box
>>> CODE.encode([Roll(), Toggle(0), Roll(), Record(Box.CHANCE)])
'r0rl'
"""

from __future__ import annotations

from zaria.dice import DuplicateDice, DuplicateRoller
from zaria.game import Seat
from zaria.moves import MoveCode, replay
from zaria.penta.game import Action, PentaGame, Record, Roll, Toggle
from zaria.penta.players import OptimalPlayer
from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA
from zaria.penta.strategy import Strategy


def code_for(rules: Rules) -> MoveCode:
    """The moves of a game of ``rules``: roll, holds, then its boxes in sheet order."""
    return MoveCode(
        {
            "r": Roll(),
            **{str(i): Toggle(i) for i in range(5)},
            **{chr(ord("a") + k): Record(box) for k, box in enumerate(rules.order)},
        }
    )


CODE = code_for(PENTA)


def _apply(game: PentaGame, action: Action, roller: DuplicateRoller) -> None:
    game.apply(action, roller)


def replayed(seed: str, moves: str, rules: Rules = PENTA) -> PentaGame:
    """A solo strict game of ``rules`` played through ``moves`` on ``seed``'s dice, to
    its end; raises :class:`~zaria.moves.MovesError` when the moves do not play."""
    game = PentaGame.new([Seat("Penta")], strict=True, rules=rules)
    code = CODE if rules is PENTA else code_for(rules)
    return replay(game, seed, moves, code, _apply)


def computer_game(
    seed: str, strategy: Strategy | None = None, rules: Rules = PENTA
) -> tuple[PentaGame, str]:
    """The optimal player's solo game of ``rules`` on ``seed``'s dice (the grade of a
    daily or a duel: what the best play scores on the same dice), and its moves."""
    game = PentaGame.new([Seat("Penta", True, "optimal")], strict=True, rules=rules)
    roller = DuplicateRoller(DuplicateDice(seed), game.next_throw)
    player, actions = OptimalPlayer(strategy), []
    while not game.over:
        action = player.choose(game)
        actions.append(action)
        game.apply(action, roller)
    return game, (CODE if rules is PENTA else code_for(rules)).encode(actions)
