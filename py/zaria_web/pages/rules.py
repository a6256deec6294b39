"""The rules pages: how to play Penta and Farkle, in the player's language.

The words come from the ``rules.*`` messages; box names, button labels and the
app's own messages are the catalogue's (``penta.box.*``, ``farkle.roll`` …), so
the page always names things the way the game screens show them. Every figure
the page quotes — points, bonuses, the joker's examples, the chances of a lost
turn — is computed by the engine at render time, so the page cannot drift away
from what the games do.

Farkle's page ends with its house rules: the two options and the additive and
doubling scoring tables, written out from the engine's own tables
(:func:`~zaria.farkle.rules.scoring_rows`), as the scoring card shows them.

Messages may mark a few words ``**like this**``; they are shown in bold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

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
from zaria_web.effects import Effects, Go
from zaria_web.farkle.setup_view import value_text
from zaria_web.farkle.view import points_text
from zaria_web.html import attrs, h
from zaria_web.screen import GAMES, Context, Page
from zaria_web.settings import DEFAULT_SETTINGS

#: The auto-record delay a new player gets, in seconds.
DEFAULT_AUTORECORD = DEFAULT_SETTINGS["autorecord"]
_BOLD = re.compile(r"\*\*(.+?)\*\*")
#: The roll the sacrifice example is about: it fits only a few boxes.
SACRIFICE_EXAMPLE = (1, 1, 3, 4, 6)
#: Between the points of the triples: a line may break only after a slash.
SEPARATOR = "\u00a0/ "
#: The joker examples' roll: five 4s.
JOKER_EXAMPLE = (4, 4, 4, 4, 4)
#: The first player's chance to win when both play Master, by target (the Master
#: table's ``win_chance(0, 0, target)``, which a test recomputes): the page quotes
#: them without downloading the table.
MASTER_FIRST_PLAYER = {
    5000: Fraction(5438, 10000),
    10000: Fraction(5322, 10000),
    15000: Fraction(5267, 10000),
}


class RulesScreen(Page):
    """One game's rules; ``game`` ("penta" or "farkle") is set by the app before showing it.

    Its only control, back to the game, is the app's; Escape goes back too.
    """

    name = "rules"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.game = "penta"
        #: The screen the page returns to (the game's own, or its score pad).
        self.back = ""

    def _game(self) -> str:
        return self.game if self.game in GAMES else "penta"

    def view(self) -> str:
        autorecord = self.ctx.settings.get("autorecord", "")
        return rules_page(self.ctx.tr, self._game(), autorecord, self._back())

    def _back(self) -> str:
        """Where the back buttons lead: home, when the rules were opened from it; else
        the game (or its score pad) they were opened from."""
        if self.back == "home":
            return "home"
        return self.back if self.back.startswith(self._game()) else self._game()

    def key(self, key: str) -> Go | None:
        return Go(self._back()) if key == "Escape" else None

    def update(self, intent: Any, out: Effects) -> None:
        if isinstance(intent, Go):
            out.go(intent.screen)


# -- the page ------------------------------------------------------------------
def rules_page(
    tr: Translator, game: str, autorecord: str = DEFAULT_AUTORECORD, back: str | None = None
) -> str:
    """The whole rules page of ``game``: title, contents, sections, back buttons.

    ``autorecord`` is the player's current auto-record setting ("3", "5", "10" or
    "off"), quoted on the Penta page; ``back`` the screen its back buttons return
    to (the game's own, or its score pad).

    >>> page = rules_page(Translator("en"), "farkle")
    >>> 'data-act="open" data-game="farkle"' in page, "<table" in page
    (True, True)
    """
    sections = penta_sections(tr, autorecord) if game == "penta" else farkle_sections(tr)
    title = tr("rules.title", game=tr("game." + game))
    contents = "".join(f'<li><a href="#{ident}">{h(head)}</a></li>' for ident, head, _ in sections)
    body = "".join(
        f'<section class="rules-section" aria-labelledby="{ident}">'
        f'<h2 id="{ident}" tabindex="-1">{h(head)}</h2>{html}</section>'
        for ident, head, html in sections
    )
    return (
        f'<article class="rules" data-game="{game}" aria-labelledby="rules-title">'
        f'<div class="rules-bar">{_back(tr, back or game, "top")}</div>'
        f'<div class="panel rules-panel">'
        f'<h1 id="rules-title" class="rules-title">{h(title)}</h1>'
        f'<nav class="rules-toc" aria-labelledby="rules-toc-label">'
        f'<p id="rules-toc-label" class="rules-toc-label">{h(tr("rules.contents"))}</p>'
        f"<ol>{contents}</ol></nav>{body}</div>"
        f'<div class="rules-bar">{_back(tr, back or game, "bottom")}</div></article>'
    )


def _back(tr: Translator, game: str, where: str) -> str:
    """A back button: to ``game`` (a game's screen), or home."""
    home = game == "home"
    button = attrs(
        type="button",
        class_="btn primary rules-back",
        id=f"rules-back-{where}",
        data_act="home" if home else "open",
        data_game=None if home else game,
    )
    label = h(tr("nav.home" if home else "rules.back"))
    return f'<button{button}><span aria-hidden="true">←</span> {label}</button>'


Section = tuple[str, str, str]  # (heading id, heading text, HTML after the heading)


def text(tr: Translator, key: str, **params: object) -> str:
    """Message ``key`` as HTML: escaped, with ``**bold**`` marked up.

    >>> text(Translator("en"), "rules.farkle.turn.roll", roll="<Roll>")[:43]
    '<strong>Roll.</strong> Press “&lt;Roll&gt;”'
    """
    return _BOLD.sub(r"<strong>\1</strong>", h(tr(key, **params)))


def _p(tr: Translator, key: str, **params: object) -> str:
    return f"<p>{text(tr, key, **params)}</p>"


def _h3(ident: str, tr: Translator, key: str) -> str:
    return f'<h3 id="{ident}">{h(tr(key))}</h3>'


def _list(tag: str, items: Sequence[str], cls: str = "") -> str:
    return f"<{tag}{attrs(class_=cls or None)}>{''.join(f'<li>{i}</li>' for i in items)}</{tag}>"


def _table(label_id: str, head: Sequence[str], body: str, cls: str, caption: str = "") -> str:
    """A table in its own scrolling container (a phone never scrolls the page sideways)."""
    cols = "".join(f'<th scope="col">{h(c)}</th>' for c in head)
    cap = f"<caption>{h(caption)}</caption>" if caption else ""
    labelled = "" if caption else f' aria-labelledby="{label_id}"'
    return (
        f'<div class="rules-table-wrap {cls}-wrap"><table class="rules-table {cls}"{labelled}>{cap}'
        f"<thead><tr>{cols}</tr></thead>{body}</table></div>"
    )


def joined(tr: Translator, items: Sequence[str], last: str = "rules.and") -> str:
    """``a, b and c`` in the language (``last`` is ``rules.and`` or ``rules.or``).

    >>> joined(Translator("fr"), ["As", "Six", "Chance"])
    'As, Six et Chance'
    """
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + tr(last) + items[-1]


def box(tr: Translator, b: Box) -> str:
    """A score-sheet box's name, exactly as the score sheet shows it."""
    return tr("penta.box." + b.value)


def named(tr: Translator, b: Box) -> str:
    """A box's name for running text, where it stands out in bold (see :func:`text`)."""
    return f"**{box(tr, b)}**"


# -- Penta ---------------------------------------------------------------------
def penta_sections(tr: Translator, autorecord: str = DEFAULT_AUTORECORD) -> list[Section]:
    """The Penta page's sections, in reading order."""
    return [
        ("rules-penta-short", tr("rules.penta.short"), _penta_short(tr)),
        ("rules-penta-turn", tr("rules.penta.turn"), _penta_turn(tr, autorecord)),
        ("rules-penta-sheet", tr("rules.penta.sheet"), _penta_sheet(tr)),
        ("rules-penta-bonus", tr("rules.penta.bonus"), _penta_bonus(tr)),
        (
            "rules-penta-end",
            tr("rules.penta.end"),
            _p(tr, "rules.penta.end.text", total=tr("penta.total")),
        ),
    ]


def _penta_short(tr: Translator) -> str:
    return _list(
        "ul",
        [
            text(tr, "rules.penta.short.rounds"),
            text(tr, "rules.penta.short.boxes"),
            text(
                tr,
                "rules.penta.short.bonus",
                bonus=UPPER_BONUS,
                threshold=UPPER_BONUS_THRESHOLD,
                penta_bonus=PENTA_BONUS,
            ),
        ],
    )


def _penta_turn(tr: Translator, autorecord: str) -> str:
    validate = tr("penta.validate")
    s = int(DEFAULT_AUTORECORD)
    if autorecord.isdigit():
        now = tr("penta.autorecord.seconds", s=int(autorecord))
    elif autorecord == "off":
        now = tr("penta.autorecord.off")
    else:
        now = tr("penta.autorecord.seconds", s=s)
    return (
        _p(tr, "rules.penta.turn.order")
        + _p(tr, "rules.penta.turn.roll")
        + _p(tr, "rules.penta.turn.validate", validate=validate)
        + _h3("rules-penta-auto", tr, "rules.penta.auto")
        + _p(tr, "rules.penta.auto.what", s=s)
        + _p(tr, "rules.penta.auto.cancel", validate=validate)
        + _p(
            tr,
            "rules.penta.auto.settings",
            s=s,
            settings=tr("penta.settings"),
            autorecord=tr("penta.autorecord"),
        )
        + f'<p class="rules-now">{text(tr, "rules.penta.auto.now", value=now)}</p>'
    )


#: Points quoted in the score sheet's descriptions, by box.
_SHEET_POINTS = {
    Box.FULL_HOUSE: FULL_HOUSE_SCORE,
    Box.SMALL_STRAIGHT: SMALL_STRAIGHT_SCORE,
    Box.LARGE_STRAIGHT: LARGE_STRAIGHT_SCORE,
    Box.PENTA: PENTA_SCORE,
}


def _penta_sheet(tr: Translator) -> str:
    def rows(boxes: Sequence[Box]) -> str:
        return "".join(
            f'<tr><th scope="row">{h(box(tr, b))}</th><td>'
            f"{text(tr, 'rules.penta.score.' + b.value, points=_SHEET_POINTS.get(b, 0))}</td></tr>"
            for b in boxes
        )

    def group(label_key: str, boxes: Sequence[Box]) -> str:
        return (
            f'<tbody><tr class="rules-group"><th scope="rowgroup" colspan="2">'
            f"{h(tr(label_key))}</th></tr>{rows(boxes)}</tbody>"
        )

    table = _table(
        "rules-penta-sheet",
        [tr("penta.sheet.box"), tr("rules.penta.sheet.scores")],
        group("penta.upper_total", UPPER) + group("penta.lower_total", LOWER),
        "penta-sheet",
    )
    scoring = [named(tr, b) for b in BOXES if score(b, SACRIFICE_EXAMPLE) > 0]
    return (
        table
        + _p(tr, "rules.penta.sheet.five_kind", full_house=named(tr, Box.FULL_HOUSE))
        + _h3("rules-penta-upper", tr, "rules.penta.upper")
        + _p(tr, "rules.penta.upper.text", threshold=UPPER_BONUS_THRESHOLD, bonus=UPPER_BONUS)
        + _h3("rules-penta-sacrifice", tr, "rules.penta.sacrifice")
        + _p(
            tr,
            "rules.penta.sacrifice.text",
            boxes=joined(tr, scoring),
            full_house=named(tr, Box.FULL_HOUSE),
            large_straight=named(tr, Box.LARGE_STRAIGHT),
        )
        + _p(tr, "rules.penta.sacrifice.notice", message=tr("penta.sacrifice"))
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


def _penta_bonus(tr: Translator) -> str:
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
    return (
        _p(tr, "rules.penta.bonus.text", points=PENTA_SCORE, bonus=PENTA_BONUS, penta=penta)
        + _p(tr, "rules.penta.bonus.free", penta=penta)
        + _h3("rules-penta-joker", tr, "rules.penta.joker")
        + _p(tr, "rules.penta.joker.intro", penta=penta, points=PENTA_SCORE)
        + _list("ol", steps, "rules-steps")
        + _p(
            tr,
            "rules.penta.joker.zero",
            penta=penta,
            large_straight=named(tr, Box.LARGE_STRAIGHT),
        )
    )


# -- Farkle --------------------------------------------------------------------
def farkle_sections(tr: Translator) -> list[Section]:
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


def _farkle_turn(tr: Translator) -> str:
    steps = [
        text(tr, "rules.farkle.turn.roll", roll=tr("common.roll")),
        text(tr, "rules.farkle.turn.aside"),
        text(tr, "rules.farkle.turn.choose", bank=tr("farkle.bank")),
    ]
    return _list("ol", steps, "rules-steps")


def _farkle_aside(tr: Translator) -> str:
    return (
        _p(tr, "rules.farkle.aside.score")
        + _p(tr, "rules.farkle.aside.tap", roll=tr("common.roll"), bank=tr("farkle.bank"))
        + _p(tr, "rules.farkle.aside.same_roll")
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


def _farkle_scoring(tr: Translator) -> str:
    body = "".join(
        f'<tr><th scope="row">{h(tr("farkle.combo." + key))}</th>'
        f'<td class="num">{h(SEPARATOR.join(tr.number(p) for p in points))}</td></tr>'
        for key, points in farkle_table()
    )
    table = _table(
        "rules-farkle-scoring",
        [tr("farkle.card.combo"), tr("farkle.card.points")],
        f"<tbody>{body}</tbody>",
        "farkle-points",
    )
    return table + _p(
        tr,
        "rules.farkle.scoring.best",
        four_ones=score_selection((1, 1, 1, 1)),
        four_kind=score_selection((2, 2, 2, 2)),
        six_twos=score_selection((2, 2, 2, 2, 2, 2)),
        three_pairs=score_selection((2, 2, 3, 3, 4, 4)),
    )


def _farkle_bank(tr: Translator) -> str:
    risks = bust_table()
    rows = "".join(
        f'<tr><th scope="row" class="num">{h(tr.number(n))}</th>'
        f'<td class="num">{h(tr.percent(p))}</td></tr>'
        for n, p in risks
    )
    table = _table(
        "",
        [tr("rules.farkle.risk.dice"), tr("rules.farkle.risk.chance")],
        f"<tbody>{rows}</tbody>",
        "farkle-risk",
        caption=tr("rules.farkle.risk.caption"),
    )
    return (
        _p(
            tr,
            "rules.farkle.bank.text",
            bank=tr("farkle.bank"),
            most=tr.percent(risks[0][1]),
            least=tr.percent(risks[-1][1]),
        )
        + table
        + _p(tr, "rules.farkle.risk.shown")
        + _h3("rules-farkle-lost", tr, "rules.farkle.lost")
        + _p(tr, "rules.farkle.lost.text", message=tr("farkle.lost_turn"))
        + _h3("rules-farkle-hot", tr, "rules.farkle.hot")
        + _p(tr, "rules.farkle.hot.text", message=tr("farkle.hot_dice"))
    )


def _farkle_target(tr: Translator) -> str:
    return _p(
        tr,
        "rules.farkle.target.text",
        targets=joined(tr, [tr.number(t) for t in TARGETS], "rules.or"),
        default=DEFAULT_TARGET,
        message=tr("farkle.last_round"),
    )


def _farkle_players(tr: Translator) -> str:
    return (
        _p(
            tr,
            "rules.farkle.players.text",
            ai=tr("common.computer"),
            new_game=tr("common.new_game"),
            title=tr("farkle.setup.title_computer"),
            computer=tr("common.setup.computer"),
        )
        + _p(
            tr,
            "rules.farkle.players.computer",
            normal=tr("farkle.level.normal"),
            expert=tr("farkle.level.expert"),
            base=BASE_THRESHOLD,
        )
        + _p(
            tr,
            "rules.farkle.players.master",
            master=tr("farkle.level.master"),
            five=tr.percent(MASTER_FIRST_PLAYER[5000], 2),
            ten=tr.percent(MASTER_FIRST_PLAYER[10000], 2),
            fifteen=tr.percent(MASTER_FIRST_PLAYER[15000], 2),
            target5=5000,
            target10=10000,
            target15=15000,
        )
    )


def _farkle_house(tr: Translator) -> str:
    """The two options in words, then the additive and the doubling tables."""
    values = {
        o.field: joined(tr, [value_text(tr, o, v) for v in o.values], "rules.or")
        for o in RULE_OPTIONS
    }
    return (
        _p(tr, "rules.farkle.house.intro", new_game=tr("common.new_game"))
        + _p(
            tr,
            "rules.farkle.house.opening",
            values=values["opening_minimum"],
            bank=tr("farkle.bank"),
        )
        + _p(
            tr,
            "rules.farkle.house.penalty",
            values=values["farkle_penalty"],
            count=FARKLES_FOR_PENALTY,
        )
        + _p(tr, "rules.farkle.house.tables")
        + "".join(_variant_table(tr, t) for t in (ADDITIVE, DOUBLING))
    )


def _variant_table(tr: Translator, table: ScoringTable) -> str:
    """A house scoring table, row by row as the scoring card shows it."""
    body = "".join(
        f'<tr><th scope="row">{h(tr("farkle.combo." + row.key))}</th>'
        f'<td class="num">{h(points_text(tr, row))}</td></tr>'
        for row in scoring_rows(table)
    )
    return _table(
        "",
        [tr("farkle.card.combo"), tr("farkle.card.points")],
        f"<tbody>{body}</tbody>",
        f"farkle-points farkle-house-table farkle-{table.name}",
        caption=tr(f"farkle.house.summary.table.{table.name}"),
    )
