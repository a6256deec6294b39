"""The daily dice in the statistics: for each game, the days played, the streak, the
best score, and each day's score beside the grader's on the same dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from zaria.i18n import Translator
from zaria_web.pages.archive_view import day
from zaria_web.storage.daily import Day, summary
from zaria_web.ui.html import Markup, el

#: The days listed (the latest first).
SHOWN = 14


def section(tr: Translator, game: str, days: Mapping[str, Day], today: str) -> Markup:
    """``game``'s daily dice (nothing until one is played)."""
    s = summary(days, today)
    if not s.days:
        return Markup()
    ident = f"stats-daily-{game}"
    figures = [
        (tr("stats.daily.days"), tr.number(s.days)),
        (tr("stats.daily.streak"), tr.number(s.streak)),
        (tr("stats.daily.best"), "—" if s.best is None else tr.number(s.best)),
    ]
    grader = tr(f"{game}.grader")
    head = grader[:1].upper() + grader[1:]
    rows = s.played[:SHOWN]
    return days_section(tr, ident, tr("stats.daily.title"), figures, head, rows, "stats-daily")


def days_section(
    tr: Translator,
    ident: str,
    title: str,
    figures: Sequence[tuple[str, str]],
    other: str,
    rows: Sequence[tuple[str, int, int | None]],
    class_: str,
) -> Markup:
    """A section of a game's challenges in the statistics: its figures, then a table
    of each day's score beside ``other``'s (a date, the player's, the other's)."""
    items = [el("div", el("dt", k), el("dd", v, class_="num"), class_="stat") for k, v in figures]
    body = [
        el(
            "tr",
            el("th", day(tr, date, short=True), scope="row"),
            el("td", tr.number(score), class_="num"),
            el("td", "—" if theirs is None else tr.number(theirs), class_="num"),
        )
        for date, score, theirs in rows
    ]
    head = el(
        "tr",
        el("th", tr("stats.daily.day"), scope="col"),
        el("th", tr("stats.daily.you"), scope="col"),
        el("th", other, scope="col"),
    )
    return el(
        "section",
        el("h3", title, id=ident),
        el("dl", items, class_="stat-list", id=f"{ident}-figures"),
        el("table", el("thead", head), el("tbody", body), class_="daily-table"),
        class_=class_,
        aria_labelledby=ident,
    )
