"""Yatzy's rules page: its sections (see :mod:`zaria_web.ui.rules_text`).

Every figure the page quotes is the engine's (:data:`zaria.yatzy.YATZY`), computed
when it is drawn; box names are the sheet's (``yatzy.box.*``). What the family's
games share (the turn, the automatic recording, a box sacrificed, the upper bonus) is
said in the family's words (``rules.penta.*`` that name no game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum

from zaria.i18n import Translator
from zaria.yatzy import YATZY, YatzyBox
from zaria_web.penta.rules import turn
from zaria_web.ui.html import Markup, el, frag
from zaria_web.ui.rules_text import Section, heading, joined, listing, para, table, text

#: The roll the sacrifice example is about: it fits only a few boxes.
SACRIFICE_EXAMPLE = (1, 1, 3, 4, 6)


def box(tr: Translator, b: Enum) -> str:
    """A box's name, exactly as the score sheet shows it."""
    return tr(f"yatzy.box.{b.value}")


def named(tr: Translator, b: Enum) -> str:
    """A box's name for running text, in bold (see :func:`text`)."""
    return f"**{box(tr, b)}**"


def sections(tr: Translator, settings: Mapping[str, str]) -> list[Section]:
    """The Yatzy page's sections, in reading order (it quotes the player's
    auto-record setting)."""
    order = para(tr, "rules.yatzy.turn.order", rounds=YATZY.rounds)
    autorecord = settings.get("autorecord", "")
    return [
        ("rules-yatzy-short", tr("rules.yatzy.short"), _short(tr)),
        ("rules-yatzy-turn", tr("rules.penta.turn"), turn(tr, autorecord, order, "yatzy")),
        ("rules-yatzy-sheet", tr("rules.penta.sheet"), _sheet(tr)),
        ("rules-yatzy-five", tr("rules.yatzy.five"), _five(tr)),
        ("rules-yatzy-end", tr("rules.penta.end"), _end(tr)),
    ]


def _short(tr: Translator) -> Markup:
    return listing(
        "ul",
        [
            text(tr, "rules.yatzy.short.rounds", rounds=YATZY.rounds),
            text(tr, "rules.yatzy.short.boxes"),
            text(
                tr,
                "rules.yatzy.short.bonus",
                bonus=YATZY.upper_bonus,
                threshold=YATZY.upper_threshold,
            ),
        ],
    )


def _sheet_table(tr: Translator) -> Markup:
    def rows(boxes: Sequence[Enum]) -> list[Markup]:
        return [
            el(
                "tr",
                el("th", box(tr, b), scope="row"),
                el("td", text(tr, f"rules.yatzy.score.{b.value}", points=YATZY.boxes[b].points)),
            )
            for b in boxes
        ]

    def group(label_key: str, boxes: Sequence[Enum]) -> Markup:
        label = el("th", tr(label_key), scope="rowgroup", colspan="2")
        return el("tbody", el("tr", label, class_="rules-group"), rows(boxes))

    return table(
        "rules-yatzy-sheet",
        [tr("penta.sheet.box"), tr("rules.penta.sheet.scores")],
        frag(group("penta.upper_total", YATZY.upper), group("penta.lower_total", YATZY.lower)),
        "penta-sheet",
    )


def _sheet(tr: Translator) -> Markup:
    b = YatzyBox
    scoring = [named(tr, x) for x in YATZY.order if YATZY.score(x, SACRIFICE_EXAMPLE) > 0]
    return frag(
        _sheet_table(tr),
        para(
            tr,
            "rules.yatzy.sheet.examples",
            pair=YATZY.score(b.ONE_PAIR, (2, 2, 5, 5, 6)),
            one_pair=named(tr, b.ONE_PAIR),
            two_pairs_points=YATZY.score(b.TWO_PAIRS, (3, 3, 3, 3, 5)),
            two_pairs=named(tr, b.TWO_PAIRS),
            four_points=YATZY.score(b.FOUR_KIND, (3, 3, 3, 3, 5)),
            four_kind=named(tr, b.FOUR_KIND),
            full_points=YATZY.score(b.FULL_HOUSE, (2, 2, 5, 5, 5)),
            full_house=named(tr, b.FULL_HOUSE),
        ),
        heading("rules-yatzy-upper", tr, "rules.penta.upper"),
        para(
            tr,
            "rules.penta.upper.text",
            threshold=YATZY.upper_threshold,
            bonus=YATZY.upper_bonus,
        ),
        heading("rules-yatzy-sacrifice", tr, "rules.penta.sacrifice"),
        para(
            tr,
            "rules.penta.sacrifice.text",
            boxes=joined(tr, scoring),
            full_house=named(tr, b.FULL_HOUSE),
            large_straight=named(tr, b.LARGE_STRAIGHT),
        ),
        para(tr, "rules.penta.sacrifice.notice", message=tr("penta.sacrifice")),
    )


def _five(tr: Translator) -> Markup:
    return para(
        tr,
        "rules.yatzy.five.text",
        points=YATZY.five_score,
        yatzy=named(tr, YATZY.five_box),
        full_house=named(tr, YatzyBox.FULL_HOUSE),
        full=YATZY.score(YatzyBox.FULL_HOUSE, (4, 4, 4, 4, 4)),
    )


def _end(tr: Translator) -> Markup:
    return para(tr, "rules.yatzy.end.text", rounds=YATZY.rounds, total=tr("penta.total"))
