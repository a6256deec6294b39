"""Penta's rules page: its sections (see :mod:`zaria_web.ui.rules_text`).

Every figure the page quotes (points, bonuses, the joker's examples) is computed by
the engine at render time, so the page cannot drift away from what the game does.
Box names and button labels are the catalogue's (``penta.box.*``), as the score
sheet shows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from zaria.i18n import Translator
from zaria.penta.rules import Rules
from zaria.penta.scoring import (
    BOXES,
    FULL_HOUSE_SCORE,
    LARGE_STRAIGHT_SCORE,
    LOWER,
    PENTA_BONUS,
    PENTA_SCORE,
    SMALL_STRAIGHT_SCORE,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    Box,
    box_options,
    score,
)
from zaria_web.penta import house
from zaria_web.storage.settings import DEFAULT_SETTINGS
from zaria_web.ui.html import Markup, el, frag
from zaria_web.ui.rules_text import Section, heading, joined, listing, para, table, text

#: The auto-record delay a new player gets, in seconds.
DEFAULT_AUTORECORD = DEFAULT_SETTINGS["autorecord"]
#: The roll the sacrifice example is about: it fits only a few boxes.
SACRIFICE_EXAMPLE = (1, 1, 3, 4, 6)
#: The joker examples' roll: five 4s.
JOKER_EXAMPLE = (4, 4, 4, 4, 4)


def box(tr: Translator, b: Box) -> str:
    """A score-sheet box's name, exactly as the score sheet shows it."""
    return tr("penta.box." + b.value)


def named(tr: Translator, b: Box) -> str:
    """A box's name for running text, where it stands out in bold (see :func:`text`)."""
    return f"**{box(tr, b)}**"


def sections(tr: Translator, settings: Mapping[str, str]) -> list[Section]:
    """The Penta page's sections, in reading order (it quotes the player's auto-record
    setting)."""
    autorecord = settings.get("autorecord", "")
    return [
        ("rules-penta-short", tr("rules.penta.short"), _penta_short(tr)),
        (
            "rules-penta-turn",
            tr("rules.penta.turn"),
            turn(tr, autorecord, para(tr, "rules.penta.turn.order")),
        ),
        ("rules-penta-sheet", tr("rules.penta.sheet"), _penta_sheet(tr)),
        ("rules-penta-bonus", tr("rules.penta.bonus"), _penta_bonus(tr)),
        *(
            (f"rules-penta-{r.id}", tr(f"rules.penta.{r.id}"), _house_rules(tr, r))
            for r in house.OFFERED
            if r is not house.DEFAULT
        ),
        (
            "rules-penta-end",
            tr("rules.penta.end"),
            para(tr, "rules.penta.end.text", total=tr("penta.total")),
        ),
    ]


def _penta_short(tr: Translator) -> Markup:
    return listing(
        "ul",
        [
            text(tr, "rules.penta.short.rounds"),
            text(tr, "rules.penta.short.boxes"),
            text(
                tr,
                "rules.penta.short.bonus",
                bonus=house.DEFAULT.upper_bonus,
                threshold=house.DEFAULT.upper_threshold,
                penta_bonus=house.DEFAULT.extra_bonus,
            ),
        ],
    )


def turn(tr: Translator, autorecord: str, order: Markup, game: str = "penta") -> Markup:
    """The family's turn and its automatic recording, after ``order`` (the game's own
    paragraph on its rounds), with ``autorecord`` (the setting) as it is now; the
    heading's id names ``game``."""
    validate = tr("penta.validate")
    s = int(DEFAULT_AUTORECORD)
    if autorecord.isdigit():
        now = tr("penta.autorecord.seconds", s=int(autorecord))
    elif autorecord == "off":
        now = tr("penta.autorecord.off")
    else:
        now = tr("penta.autorecord.seconds", s=s)
    return frag(
        order,
        para(tr, "rules.penta.turn.roll"),
        para(tr, "rules.penta.turn.validate", validate=validate),
        heading(f"rules-{game}-auto", tr, "rules.penta.auto"),
        para(tr, "rules.penta.auto.what", s=s),
        para(tr, "rules.penta.auto.cancel", validate=validate),
        para(
            tr,
            "rules.penta.auto.settings",
            s=s,
            settings=tr("penta.settings"),
            autorecord=tr("penta.autorecord"),
        ),
        el("p", text(tr, "rules.penta.auto.now", value=now), class_="rules-now"),
    )


#: Points quoted in the score sheet's descriptions, by box.
_SHEET_POINTS = {
    Box.FULL_HOUSE: FULL_HOUSE_SCORE,
    Box.SMALL_STRAIGHT: SMALL_STRAIGHT_SCORE,
    Box.LARGE_STRAIGHT: LARGE_STRAIGHT_SCORE,
    Box.PENTA: PENTA_SCORE,
}


def _penta_sheet(tr: Translator) -> Markup:
    def rows(boxes: Sequence[Box]) -> list[Markup]:
        return [
            el(
                "tr",
                el("th", box(tr, b), scope="row"),
                el("td", text(tr, "rules.penta.score." + b.value, points=_SHEET_POINTS.get(b, 0))),
            )
            for b in boxes
        ]

    def group(label_key: str, boxes: Sequence[Box]) -> Markup:
        label = el("th", tr(label_key), scope="rowgroup", colspan="2")
        return el("tbody", el("tr", label, class_="rules-group"), rows(boxes))

    grid = table(
        "rules-penta-sheet",
        [tr("penta.sheet.box"), tr("rules.penta.sheet.scores")],
        frag(group("penta.upper_total", UPPER), group("penta.lower_total", LOWER)),
        "penta-sheet",
    )
    scoring = [named(tr, b) for b in BOXES if score(b, SACRIFICE_EXAMPLE) > 0]
    return frag(
        grid,
        para(tr, "rules.penta.sheet.five_kind", full_house=named(tr, Box.FULL_HOUSE)),
        heading("rules-penta-upper", tr, "rules.penta.upper"),
        para(tr, "rules.penta.upper.text", threshold=UPPER_BONUS_THRESHOLD, bonus=UPPER_BONUS),
        heading("rules-penta-sacrifice", tr, "rules.penta.sacrifice"),
        para(
            tr,
            "rules.penta.sacrifice.text",
            boxes=joined(tr, scoring),
            full_house=named(tr, Box.FULL_HOUSE),
            large_straight=named(tr, Box.LARGE_STRAIGHT),
        ),
        para(tr, "rules.penta.sacrifice.notice", message=tr("penta.sacrifice")),
    )


def joker_examples() -> dict[str, tuple[Box, int, int]]:
    """The joker's three steps for five 4s, as the engine applies them.

    Each step maps to ``(a box allowed, its points, the bonus)``: the Fours box
    while it is free; a lower box once Fours is used; an upper box once the
    whole lower section is used.

    >>> ex = joker_examples()
    >>> ex["upper"], ex["last"]
    ((Box.FOURS, 20, 100), (Box.ACES, 0, 100))
    """
    free = set(BOXES) - {Box.PENTA}
    upper = box_options(JOKER_EXAMPLE, free, PENTA_SCORE)
    lower = box_options(JOKER_EXAMPLE, free - {Box.FOURS}, PENTA_SCORE)
    last = box_options(JOKER_EXAMPLE, set(UPPER) - {Box.FOURS}, PENTA_SCORE)
    first_upper = next(iter(upper))
    first_last = next(iter(last))
    return {
        "upper": (first_upper, *upper[first_upper]),
        "lower": (Box.CHANCE, *lower[Box.CHANCE]),
        "last": (first_last, *last[first_last]),
    }


def _penta_bonus(tr: Translator) -> Markup:
    ex = joker_examples()
    free = set(BOXES) - {Box.PENTA, Box.FOURS}
    lower = box_options(JOKER_EXAMPLE, free, PENTA_SCORE)
    penta = named(tr, Box.PENTA)
    steps = [
        text(
            tr,
            "rules.penta.joker.upper",
            fours=named(tr, ex["upper"][0]),
            points=ex["upper"][1],
            bonus=ex["upper"][2],
        ),
        text(
            tr,
            "rules.penta.joker.lower",
            boxes=joined(tr, [named(tr, b) for b in lower]),
            full_house=named(tr, Box.FULL_HOUSE),
            small_straight=named(tr, Box.SMALL_STRAIGHT),
            large_straight=named(tr, Box.LARGE_STRAIGHT),
            full=lower[Box.FULL_HOUSE][0],
            small=lower[Box.SMALL_STRAIGHT][0],
            large=lower[Box.LARGE_STRAIGHT][0],
            sum=ex["lower"][1],
        ),
        text(
            tr,
            "rules.penta.joker.last",
            aces=named(tr, ex["last"][0]),
            points=ex["last"][1],
            bonus=ex["last"][2],
        ),
    ]
    return frag(
        para(tr, "rules.penta.bonus.text", points=PENTA_SCORE, bonus=PENTA_BONUS, penta=penta),
        para(tr, "rules.penta.bonus.free", penta=penta),
        heading("rules-penta-joker", tr, "rules.penta.joker"),
        para(tr, "rules.penta.joker.intro", penta=penta, points=PENTA_SCORE),
        listing("ol", steps, "rules-steps"),
        para(
            tr,
            "rules.penta.joker.zero",
            penta=penta,
            large_straight=named(tr, Box.LARGE_STRAIGHT),
        ),
    )


def printed_examples(rules: Rules) -> tuple[int, int]:
    """Five 4s under ``rules`` with the Penta box at zero: what they score in Fours
    while it is free (the joker's first step, no bonus), and in the Large straight
    once Fours is used (the joker at full value).

    >>> from zaria.penta.scoring import PRINTED
    >>> printed_examples(PRINTED)
    (20, 40)
    """
    free = set(rules.order) - {rules.five_box}
    fours = rules.upper[JOKER_EXAMPLE[0] - 1]
    in_fours = rules.options(JOKER_EXAMPLE, free, 0)[fours][0]
    large = rules.options(JOKER_EXAMPLE, free - {fours}, 0)[Box.LARGE_STRAIGHT][0]
    return in_fours, large


def _house_rules(tr: Translator, rules: Rules) -> Markup:
    """A house rule's section: what it keeps, what it changes (the joker), an example."""
    penta = named(tr, rules.five_box)
    in_fours, large = printed_examples(rules)
    return frag(
        para(
            tr,
            f"rules.penta.{rules.id}.text",
            rounds=rules.rounds,
            bonus=rules.upper_bonus,
            threshold=rules.upper_threshold,
            extra=rules.extra_bonus,
            penta=penta,
            points=rules.five_score,
        ),
        para(
            tr,
            f"rules.penta.{rules.id}.zero",
            penta=penta,
            fours=named(tr, rules.upper[JOKER_EXAMPLE[0] - 1]),
            four_points=in_fours,
            large_straight=named(tr, Box.LARGE_STRAIGHT),
            large=large,
        ),
        para(tr, f"rules.penta.{rules.id}.table"),
    )
