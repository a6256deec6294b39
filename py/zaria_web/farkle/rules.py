"""Farkle's rules page: its sections (see :mod:`zaria_web.ui.rules_text`).

Every figure the page quotes (points, the chances of a lost turn, the first
player's chance against Master) is the engine's. The page ends with the house
rules: the two options and the additive and doubling scoring tables, written out
from the engine's own tables (:func:`~zaria.farkle.rules.scoring_rows`), as the
scoring card shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from zaria.farkle.game import DEFAULT_TARGET
from zaria.farkle.odds import bust_table
from zaria.farkle.players import BASE_THRESHOLD
from zaria.farkle.rules import (
    ADDITIVE,
    DOUBLING,
    FARKLES_FOR_PENALTY,
    RULE_OPTIONS,
    ScoringTable,
    scoring_rows,
)
from zaria.farkle.scoring import score_selection, triple_points
from zaria.farkle.state import TARGETS
from zaria.i18n import Translator
from zaria_web.farkle.setup_view import value_text
from zaria_web.farkle.view import points_text
from zaria_web.ui.html import Markup, el, frag
from zaria_web.ui.rules_text import Section, heading, joined, listing, para, table, text

#: Between the points of the triples: a line may break only after a slash.
SEPARATOR = "\u00a0/ "
#: The first player's chance to win when both play Master, by target (the Master
#: table's ``win_chance(0, 0, target)``, which a test recomputes): the page quotes
#: them without downloading the table.
MASTER_FIRST_PLAYER = {
    5000: Fraction(5438, 10000),
    10000: Fraction(5322, 10000),
    15000: Fraction(5267, 10000),
}


def sections(tr: Translator, settings: Mapping[str, str]) -> list[Section]:
    """The Farkle page's sections, in reading order."""
    return [
        ("rules-farkle-turn", tr("rules.farkle.turn"), _farkle_turn(tr)),
        ("rules-farkle-aside", tr("rules.farkle.aside"), _farkle_aside(tr)),
        ("rules-farkle-scoring", tr("rules.farkle.scoring"), _farkle_scoring(tr)),
        ("rules-farkle-bank", tr("rules.farkle.bank"), _farkle_bank(tr)),
        ("rules-farkle-target", tr("rules.farkle.target"), _farkle_target(tr)),
        ("rules-farkle-players", tr("rules.farkle.players"), _farkle_players(tr)),
        ("rules-farkle-house", tr("farkle.house.title"), _farkle_house(tr)),
    ]


def _farkle_turn(tr: Translator) -> Markup:
    steps = [
        text(tr, "rules.farkle.turn.roll", roll=tr("common.roll")),
        text(tr, "rules.farkle.turn.aside"),
        text(tr, "rules.farkle.turn.choose", bank=tr("farkle.bank")),
    ]
    return listing("ol", steps, "rules-steps")


def _farkle_aside(tr: Translator) -> Markup:
    return frag(
        para(tr, "rules.farkle.aside.score"),
        para(tr, "rules.farkle.aside.tap", roll=tr("common.roll"), bank=tr("farkle.bank")),
        para(tr, "rules.farkle.aside.same_roll"),
    )


def farkle_table() -> list[tuple[str, tuple[int, ...]]]:
    """The scoring table's rows: ``(farkle.combo.* key, points)`` from the engine.

    >>> dict(farkle_table())["three_kind"]
    (200, 300, 400, 500, 600)
    """
    return [
        ("single_one", (score_selection((1,)),)),
        ("single_five", (score_selection((5,)),)),
        ("three_ones", (score_selection((1, 1, 1)),)),
        ("three_kind", tuple(triple_points(f) for f in range(2, 7))),
        ("four_kind", (score_selection((2, 2, 2, 2)),)),
        ("five_kind", (score_selection((2, 2, 2, 2, 2)),)),
        ("six_kind", (score_selection((2, 2, 2, 2, 2, 2)),)),
        ("straight", (score_selection((1, 2, 3, 4, 5, 6)),)),
        ("three_pairs", (score_selection((2, 2, 3, 3, 4, 4)),)),
        ("two_triplets", (score_selection((2, 2, 2, 3, 3, 3)),)),
    ]


def _farkle_scoring(tr: Translator) -> Markup:
    body = [
        _row(tr("farkle.combo." + key), SEPARATOR.join(tr.number(p) for p in points))
        for key, points in farkle_table()
    ]
    grid = table(
        "rules-farkle-scoring",
        [tr("farkle.card.combo"), tr("farkle.card.points")],
        el("tbody", body),
        "farkle-points",
    )
    return frag(
        grid,
        para(
            tr,
            "rules.farkle.scoring.best",
            four_ones=score_selection((1, 1, 1, 1)),
            four_kind=score_selection((2, 2, 2, 2)),
            six_twos=score_selection((2, 2, 2, 2, 2, 2)),
            three_pairs=score_selection((2, 2, 3, 3, 4, 4)),
        ),
    )


def _farkle_bank(tr: Translator) -> Markup:
    risks = bust_table()
    rows = [_row(tr.number(n), tr.percent(p), "num") for n, p in risks]
    grid = table(
        "",
        [tr("rules.farkle.risk.dice"), tr("rules.farkle.risk.chance")],
        el("tbody", rows),
        "farkle-risk",
        caption=tr("rules.farkle.risk.caption"),
    )
    return frag(
        para(
            tr,
            "rules.farkle.bank.text",
            bank=tr("farkle.bank"),
            most=tr.percent(risks[0][1]),
            least=tr.percent(risks[-1][1]),
        ),
        grid,
        para(tr, "rules.farkle.risk.shown"),
        heading("rules-farkle-lost", tr, "rules.farkle.lost"),
        para(tr, "rules.farkle.lost.text", message=tr("farkle.lost_turn")),
        heading("rules-farkle-hot", tr, "rules.farkle.hot"),
        para(tr, "rules.farkle.hot.text", message=tr("farkle.hot_dice")),
    )


def _farkle_target(tr: Translator) -> Markup:
    return para(
        tr,
        "rules.farkle.target.text",
        targets=joined(tr, [tr.number(t) for t in TARGETS], "rules.or"),
        default=DEFAULT_TARGET,
        message=tr("farkle.last_round"),
    )


def _farkle_players(tr: Translator) -> Markup:
    return frag(
        para(
            tr,
            "rules.farkle.players.text",
            ai=tr("common.computer"),
            new_game=tr("common.new_game"),
            title=tr("farkle.setup.title_computer"),
            computer=tr("common.setup.computer"),
        ),
        para(
            tr,
            "rules.farkle.players.computer",
            normal=tr("farkle.level.normal"),
            expert=tr("farkle.level.expert"),
            base=BASE_THRESHOLD,
        ),
        para(
            tr,
            "rules.farkle.players.master",
            master=tr("farkle.level.master"),
            five=tr.percent(MASTER_FIRST_PLAYER[5000], 2),
            ten=tr.percent(MASTER_FIRST_PLAYER[10000], 2),
            fifteen=tr.percent(MASTER_FIRST_PLAYER[15000], 2),
            target5=5000,
            target10=10000,
            target15=15000,
        ),
    )


def _farkle_house(tr: Translator) -> Markup:
    """The two options in words, then the additive and the doubling tables."""
    values = {
        o.field: joined(tr, [value_text(tr, o, v) for v in o.values], "rules.or")
        for o in RULE_OPTIONS
    }
    return frag(
        para(tr, "rules.farkle.house.intro", new_game=tr("common.new_game")),
        para(
            tr,
            "rules.farkle.house.opening",
            values=values["opening_minimum"],
            bank=tr("farkle.bank"),
        ),
        para(
            tr,
            "rules.farkle.house.penalty",
            values=values["farkle_penalty"],
            count=FARKLES_FOR_PENALTY,
        ),
        para(tr, "rules.farkle.house.tables"),
        [_variant_table(tr, t) for t in (ADDITIVE, DOUBLING)],
    )


def _variant_table(tr: Translator, scoring: ScoringTable) -> Markup:
    """A house scoring table, row by row as the scoring card shows it."""
    body = [
        _row(tr("farkle.combo." + row.key), points_text(tr, row)) for row in scoring_rows(scoring)
    ]
    return table(
        "",
        [tr("farkle.card.combo"), tr("farkle.card.points")],
        el("tbody", body),
        f"farkle-points farkle-house-table farkle-{scoring.name}",
        caption=tr(f"farkle.house.summary.table.{scoring.name}"),
    )


def _row(head: str, value: str, head_class: str | None = None) -> Markup:
    """A table row: its header, and its figures."""
    return el("tr", el("th", head, scope="row", class_=head_class), el("td", value, class_="num"))
