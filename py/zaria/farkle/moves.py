"""A Farkle game on duplicate dice as its moves (see :mod:`zaria.moves`).

``r`` rolls (setting aside the selection), ``0``–``5`` select or release a die of
the roll, ``b`` banks.

>>> CODE.encode([Roll(), Toggle(0), Bank()])
'r0b'
"""

from __future__ import annotations

from zaria.dice import DuplicateDice, DuplicateRoller
from zaria.farkle.game import DEFAULT_TARGET, Action, Bank, FarkleGame, Roll, Toggle
from zaria.farkle.players import player_for
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


def _turn_actions(game: FarkleGame, keep: tuple[int, ...], bank: bool) -> list[Action]:
    """The actions that select ``keep`` (from the selection now) and then bank or roll."""
    toggles: list[Action] = [Toggle(i) for i in sorted(set(game.selected) ^ set(keep))]
    return [*toggles, Bank() if bank else Roll()]


def computer_game(
    seed: str, rules: FarkleRules = DEFAULT_RULES, turns: int = SOLO_TURNS, level: str = "expert"
) -> tuple[FarkleGame, str]:
    """The computer player of ``level``'s solo game of ``turns`` turns on ``seed``'s
    dice (the grade of a daily or a duel), and its moves."""
    game = FarkleGame.new([Seat("Farkle", True, level)], DEFAULT_TARGET, rules, strict=True,
                          turns=turns)  # fmt: skip
    roller = DuplicateRoller(DuplicateDice(seed), game.next_throw)
    player, actions = player_for(level, rules), []
    while not game.over:
        if game.roll is None:
            todo: list[Action] = [Roll()]
        else:
            plan = player.plan(game)
            todo = _turn_actions(game, plan.keep, plan.bank)
        for action in todo:
            actions.append(action)
            game.apply(action, roller=roller)
    return game, CODE.encode(actions)
