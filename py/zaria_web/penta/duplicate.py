"""Penta on duplicate dice: the daily dice and duels (see :mod:`zaria_web.play.challenge`).

Its challenge is a solo strict game of 13 rounds, graded by the optimal player on
the same dice (once its table is here); results are set side by side box by box,
and a result's row of symbols tells how much each round's choices cost against
the optimal player's (the review), never the dice. The daily dice are played by
Penta's rules; a duel started here may be played by the printed rules too, which
its link names (Penta's rules with an empty id, as links always had).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from zaria.i18n import Translator
from zaria.penta import moves
from zaria.penta.game import PentaGame
from zaria.penta.rules import Rules
from zaria.penta.strategy import Strategy
from zaria_web.penta import house
from zaria_web.penta.member import Member, box_key
from zaria_web.play.challenge import Duplicate, score
from zaria_web.runtime.data_files import DataFile

#: A round's symbol by what its choices cost (expected points lost): at most the
#: first figure, at most the second, more.
CLOSE, LOOSE = 0.5, 5.0
SYMBOLS = ("🟩", "🟨", "🟥")
#: A round whose choices were not reviewed (the table was not here).
UNKNOWN = "⬜"


def grader(
    tables: Mapping[str, DataFile[Strategy]], rules: Rules = house.DEFAULT
) -> Callable[[str], tuple[int, str] | None]:
    """The optimal player's score and moves on a seed's dice under ``rules``, from
    their table in ``tables`` (the download of their strategy, by rules id); None
    until it is here."""

    def grade(seed: str) -> tuple[int, str] | None:
        strategy = tables[rules.id].value
        if strategy is None:
            return None
        game, played = moves.computer_game(seed, strategy, rules)
        return score(game), played

    return grade


def rows(
    tr: Translator, seed: str, played: str, rules: Rules = house.DEFAULT
) -> list[tuple[str, int]]:
    """A finished game's points box by box, then its bonuses."""
    game = moves.replayed(seed, played, rules)
    sheet, totals = game.sheets[0], game.totals(0)
    out = [(tr(box_key(rules, box)), sheet[box] or 0) for box in rules.order]
    out.append((tr("penta.upper_bonus"), totals.upper_bonus))
    if rules.extra_bonus:  # a member without one has no such row
        out.append((tr("penta.penta_bonus"), totals.penta_bonus))
    return out


def symbols(s: Any) -> str:
    """A round's symbol each: how much its choices cost against the optimal player's."""
    reviewed = s.part.decisions
    rounds: int = s.part.member.default.rounds
    if s.part.strategy is None and not reviewed:
        return UNKNOWN * rounds
    cost = [0.0] * rounds
    for d in reviewed:
        if 1 <= d.round <= rounds:
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


def _under(
    rules: Rules, tables: Mapping[str, DataFile[Strategy]], member: Member
) -> Duplicate[PentaGame]:
    """The challenges of ``member`` played by ``rules``, graded from their table in
    ``tables``."""
    return Duplicate(
        code=moves.code_for(rules),
        rules=member.link_id(rules),
        replayed=partial(moves.replayed, rules=rules),
        grade=grader(tables, rules),
        grader=member.word("grader"),
        format=member.word("challenge.format"),
        rows=partial(rows, rules=rules),
        symbols=symbols,
        legend=legend,
    )


def duplicate(
    tables: Mapping[str, DataFile[Strategy]], member: Member = house.PENTA_GAME
) -> Duplicate[PentaGame]:
    """``member``'s challenges (Penta's), graded by the optimal player of each rules'
    table in ``tables`` (by rules id); a duel may be played by every rules offered."""
    others = {member.link_id(r): _under(r, tables, member) for r in member.offered[1:]}
    base = _under(member.default, tables, member)
    if not member.house_rules:
        return base
    offered = tuple((member.link_id(r), member.label_key(r)) for r in member.offered)
    return replace(base, variant=others.get, offered=offered)
