"""The daily dice in the statistics: for each game, the days played, the streak, the
best score, and each day's score beside the grader's on the same dice."""

from __future__ import annotations

from collections.abc import Mapping

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
    items = [el("div", el("dt", k), el("dd", v, class_="num"), class_="stat") for k, v in figures]
    grader = tr(f"{game}.grader")
    rows = [
        el(
            "tr",
            el("th", day(tr, date, short=True), scope="row"),
            el("td", tr.number(score), class_="num"),
            el("td", "—" if computer is None else tr.number(computer), class_="num"),
        )
        for date, score, computer in s.played[:SHOWN]
    ]
    head = el(
        "tr",
        el("th", tr("stats.daily.day"), scope="col"),
        el("th", tr("stats.daily.you"), scope="col"),
        el("th", grader[:1].upper() + grader[1:], scope="col"),
    )
    return el(
        "section",
        el("h3", tr("stats.daily.title"), id=ident),
        el("dl", items, class_="stat-list", id=f"{ident}-figures"),
        el("table", el("thead", head), el("tbody", rows), class_="daily-table"),
        class_="stats-daily",
        aria_labelledby=ident,
    )
