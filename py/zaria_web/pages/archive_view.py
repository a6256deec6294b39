"""The finished games kept (:mod:`zaria_web.storage.archive`), as the statistics screen lists
them, and their dates in each language's words. Pure: same games, same HTML."""

from __future__ import annotations

from datetime import datetime

from zaria.i18n import Translator
from zaria_web.play.seats import shown_name
from zaria_web.storage.archive import Entry
from zaria_web.ui.html import attrs, bdi, h
from zaria_web.ui.names import clean_name


def when(tr: Translator, iso: str) -> str:
    """The date and time of ``iso`` in the words of ``tr``'s language, at the local
    time it was written in (the date as stored when it cannot be read).

    >>> when(Translator("en"), "2026-03-04T09:05:00.000+01:00")
    '4 Mar 2026, 09:05'
    >>> when(Translator("fr"), "2026-12-24T21:30:00.000Z")
    '24 déc. 2026 à 21:30'
    """
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return tr(
        "date.format",
        day=str(moment.day),
        month=tr(f"date.month.{moment.month}"),
        year=str(moment.year),
        time=f"{moment.hour:02d}:{moment.minute:02d}",
    )


def _players(tr: Translator, e: Entry) -> str:
    items = []
    for i, (seat, total) in enumerate(zip(e.seats, e.totals, strict=True)):
        won = len(e.seats) > 1 and i in e.winners
        mark = f' <span class="past-won">{h(tr("past.winner"))}</span>' if won else ""
        name = bdi(clean_name(shown_name(tr, seat)))
        cls = "past-player winner" if won else "past-player"
        points = f'<span class="num">{h(tr.number(total))}</span>'
        items.append(f'<span class="{cls}">{name} {points}{mark}</span>')
    # Phrasing content only: the list is inside a button.
    return f'<span class="past-players">{", ".join(items)}</span>'


def _item(tr: Translator, e: Entry) -> str:
    game = tr("game." + e.game) + (" · " + tr("stats.real_dice") if e.real else "")
    button = attrs(
        type="button", class_="past-item", id=f"past-{e.id}", data_act="open-game", data_id=e.id
    )
    return (
        f"<li><button{button}>"
        f'<span class="past-head"><span class="past-date">{h(when(tr, e.date))}</span> '
        f'<span class="past-game">{h(game)}</span></span>'
        f"{_players(tr, e)}</button></li>"
    )


def games_list(tr: Translator, games: list[Entry]) -> str:
    """The games kept, newest first; each opens its end screen again."""
    if games:
        body = f'<ol class="past-list">{"".join(_item(tr, e) for e in reversed(games))}</ol>'
    else:
        body = f'<p class="stats-empty games-empty">{h(tr("past.none"))}</p>'
    return (
        '<section class="panel past-games" aria-labelledby="past-games-title">'
        f'<h2 id="past-games-title">{h(tr("past.list_title"))}</h2>{body}</section>'
    )
