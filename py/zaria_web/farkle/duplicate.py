"""Farkle on duplicate dice: the daily dice and duels (see :mod:`zaria_web.play.challenge`).

Its challenge is ten turns alone for the most points, by the standard rules (house
rules off), graded by Expert on the same dice; results are set side by side turn
by turn, and a result's row of symbols tells what each turn banked, never the dice.
"""

from __future__ import annotations

from typing import Any

from zaria.dice import DuplicateRoller
from zaria.farkle import moves
from zaria.farkle.game import DEFAULT_TARGET, Action, FarkleGame
from zaria.farkle.rules import DEFAULT_RULES
from zaria.game import Seat
from zaria.i18n import Translator
from zaria.moves import replay
from zaria_web.play.challenge import Duplicate, score

#: A turn's symbol: lost (nothing banked), under the first figure, under the
#: second, or more.
GOOD, GREAT = 500, 1000
SYMBOLS = ("⬛", "🟨", "🟩", "⭐")


def grade(seed: str) -> tuple[int, str] | None:
    """Expert's score and moves on ``seed``'s dice."""
    game, played = moves.computer_game(seed)
    return score(game), played


def banked(seed: str, played: str) -> list[int]:
    """What each turn of the game ``played`` on ``seed``'s dice added to the score (a
    lost turn: nothing); raises MovesError when the moves do not play."""
    out: list[int] = []

    def apply(game: FarkleGame, action: Action, roller: DuplicateRoller) -> None:
        turn = game.turns[0]
        game.apply(action, roller=roller)
        if game.turns[0] != turn:  # a turn ended: what it added
            out.append(game.banked[0] - sum(out))

    game = FarkleGame.new(
        [Seat("Farkle")], DEFAULT_TARGET, DEFAULT_RULES, strict=True, turns=moves.SOLO_TURNS
    )
    replay(game, seed, played, moves.CODE, apply)
    return out


def rows(tr: Translator, seed: str, played: str) -> list[tuple[str, int]]:
    """A finished game's points turn by turn."""
    return [(tr("farkle.challenge.turn", n=i + 1), p) for i, p in enumerate(banked(seed, played))]


def symbol(points: int) -> str:
    """A turn's symbol, by what it banked.

    >>> [symbol(p) for p in (0, 300, 600, 1500)]
    ['⬛', '🟨', '🟩', '⭐']
    """
    return SYMBOLS[0 if points <= 0 else 1 if points < GOOD else 2 if points < GREAT else 3]


def symbols(s: Any) -> str:
    mine = s.versus.challenge
    try:
        return "".join(symbol(p) for p in banked(mine.seed, "".join(mine.moves)))
    except Exception:  # an unfinished or unplayable game: no row
        return ""


def legend(tr: Translator) -> dict[str, str]:
    """What each of a row's symbols says of a turn."""
    good, great = tr.number(GOOD), tr.number(GREAT)
    return {
        SYMBOLS[0]: tr("farkle.challenge.sym.lost"),
        SYMBOLS[1]: tr("farkle.challenge.sym.under", good=good),
        SYMBOLS[2]: tr("farkle.challenge.sym.good", good=good, top=tr.number(GREAT - 1)),
        SYMBOLS[3]: tr("farkle.challenge.sym.great", great=great),
    }


DUPLICATE: Duplicate[FarkleGame] = Duplicate(
    code=moves.CODE,
    rules=DEFAULT_RULES.id,
    replayed=moves.replayed,
    grade=grade,
    grader="farkle.grader",
    format="farkle.challenge.format",
    rows=rows,
    symbols=symbols,
    legend=legend,
)
