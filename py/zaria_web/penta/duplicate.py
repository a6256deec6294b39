"""Penta on duplicate dice: the daily dice and duels (see :mod:`zaria_web.play.challenge`).

Its challenge is a solo strict game of 13 rounds, graded by the optimal player on
the same dice (once its table is here); results are set side by side box by box,
and a result's row of symbols tells how much each round's choices cost against
the optimal player's (the review), never the dice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zaria.i18n import Translator
from zaria.penta import moves
from zaria.penta.game import PentaGame
from zaria.penta.scoring import Box
from zaria.penta.strategy import Strategy
from zaria_web.play.challenge import Duplicate, score
from zaria_web.runtime.data_files import DataFile

#: A round's symbol by what its choices cost (expected points lost): at most the
#: first figure, at most the second, more.
CLOSE, LOOSE = 0.5, 5.0
SYMBOLS = ("🟩", "🟨", "🟥")
#: A round whose choices were not reviewed (the table was not here).
UNKNOWN = "⬜"


def grader(table: DataFile[Strategy]) -> Callable[[str], tuple[int, str] | None]:
    """The optimal player's score and moves on a seed's dice, from ``table`` (the
    strategy's download); None until it is here."""

    def grade(seed: str) -> tuple[int, str] | None:
        if table.value is None:
            return None
        game, played = moves.computer_game(seed, table.value)
        return score(game), played

    return grade


def rows(tr: Translator, seed: str, played: str) -> list[tuple[str, int]]:
    """A finished game's points box by box, then its bonuses."""
    game = moves.replayed(seed, played)
    sheet, totals = game.sheets[0], game.totals(0)
    out = [(tr("penta.box." + box.value), sheet[box] or 0) for box in Box]
    out.append((tr("penta.upper_bonus"), totals.upper_bonus))
    out.append((tr("penta.penta_bonus"), totals.penta_bonus))
    return out


def symbols(s: Any) -> str:
    """A round's symbol each: how much its choices cost against the optimal player's."""
    reviewed = s.part.decisions
    if s.part.strategy is None and not reviewed:
        return UNKNOWN * 13
    cost = [0.0] * 13
    for d in reviewed:
        if 1 <= d.round <= 13:
            cost[d.round - 1] += d.cost
    return "".join(SYMBOLS[0 if c <= CLOSE else 1 if c <= LOOSE else 2] for c in cost)


def legend(tr: Translator) -> dict[str, str]:
    """What each of a row's symbols says of a round."""
    close, loose = tr.decimal(CLOSE), tr.number(round(LOOSE))
    return {
        SYMBOLS[0]: tr("penta.challenge.sym.close", most=close),
        SYMBOLS[1]: tr("penta.challenge.sym.loose", most=loose),
        SYMBOLS[2]: tr("penta.challenge.sym.costly", least=loose),
        UNKNOWN: tr("penta.challenge.sym.unknown"),
    }


def duplicate(table: DataFile[Strategy]) -> Duplicate[PentaGame]:
    """Penta's challenges, graded by the optimal player of ``table``."""
    return Duplicate(
        code=moves.CODE,
        rules="",
        replayed=moves.replayed,
        grade=grader(table),
        grader="penta.grader",
        format="penta.challenge.format",
        rows=rows,
        symbols=symbols,
        legend=legend,
    )
