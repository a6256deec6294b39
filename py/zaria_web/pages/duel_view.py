"""The duels in the statistics, beside the daily dice: for each game, the duels played,
those won, the best score, and each duel's score beside the best of the others'."""

from __future__ import annotations

from collections.abc import Mapping

from zaria.i18n import Translator
from zaria_web.pages.archive_view import day
from zaria_web.storage.duels import Duel, summary
from zaria_web.ui.html import Markup, el

#: The duels listed (the latest first).
SHOWN = 14


def section(tr: Translator, game: str, duels: Mapping[str, Duel]) -> Markup:
    """``game``'s duels (nothing until one is played)."""
    s = summary(duels)
    if not s.played:
        return Markup()
    ident = f"stats-duels-{game}"
    figures = [
        (tr("stats.duel.played"), tr.number(s.played)),
        (tr("stats.duel.won"), tr.number(s.won)),
        (tr("stats.duel.best"), "—" if s.best is None else tr.number(s.best)),
    ]
    items = [el("div", el("dt", k), el("dd", v, class_="num"), class_="stat") for k, v in figures]
    rows = [
        el(
            "tr",
            el("th", day(tr, date, short=True), scope="row"),
            el("td", tr.number(score), class_="num"),
            el("td", "—" if best is None else tr.number(best), class_="num"),
        )
        for _, date, score, best in s.rows[:SHOWN]
    ]
    head = el(
        "tr",
        el("th", tr("stats.daily.day"), scope="col"),
        el("th", tr("stats.daily.you"), scope="col"),
        el("th", tr("stats.duel.others"), scope="col"),
    )
    return el(
        "section",
        el("h3", tr("stats.duel.title"), id=ident),
        el("dl", items, class_="stat-list", id=f"{ident}-figures"),
        el("table", el("thead", head), el("tbody", rows), class_="daily-table"),
        class_="stats-daily stats-duels",
        aria_labelledby=ident,
    )
