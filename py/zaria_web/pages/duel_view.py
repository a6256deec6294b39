"""The duels in the statistics, beside the daily dice: for each game, the duels played,
those won, the best score, and each duel's score beside the best of the others'."""

from __future__ import annotations

from collections.abc import Mapping

from zaria.i18n import Translator
from zaria_web.pages.daily_view import days_section
from zaria_web.storage.duels import Duel, summary
from zaria_web.ui.html import Markup

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
    rows = [(date, score, best) for _, date, score, best in s.rows[:SHOWN]]
    title, others = tr("stats.duel.title"), tr("stats.duel.others")
    return days_section(tr, ident, title, figures, others, rows, "stats-daily stats-duels")
