"""The finished games kept (:mod:`zaria_web.storage.archive`), as the statistics screen lists
them, and their dates and days in each language's words. Pure: same games, same HTML."""

from __future__ import annotations

from datetime import date, datetime

from zaria.i18n import Translator
from zaria_web.play.seats import shown_name
from zaria_web.storage.archive import Entry
from zaria_web.storage.daily import Day, Days
from zaria_web.ui.html import Markup, bdi, el, join
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


def day(tr: Translator, iso: str) -> str:
    """The day ``iso`` (``2026-12-07``, or the date part of a moment) in the words of
    ``tr``'s language, its month in full (the text as given when it is not a date).

    >>> [day(Translator(x), "2026-12-07") for x in ("en", "fr", "el", "tr")]
    ['7 December 2026', '7 décembre 2026', '7 Δεκεμβρίου 2026', '7 Aralık 2026']
    >>> day(Translator("fr"), "2026-05-01"), day(Translator("en"), "someday")
    ('1er mai 2026', 'someday')
    """
    try:
        moment = date.fromisoformat(iso[:10])
    except ValueError:
        return iso
    return tr(
        "date.day",
        day=tr("date.day_one") if moment.day == 1 else str(moment.day),
        month=tr(f"date.month_full.{moment.month}"),
        year=str(moment.year),
    )


def _players(tr: Translator, e: Entry) -> Markup:
    items = []
    for i, (seat, total) in enumerate(zip(e.seats, e.totals, strict=True)):
        won = len(e.seats) > 1 and i in e.winners
        mark = won and el("span", tr("past.winner"), class_="past-won")
        name = bdi(clean_name(shown_name(tr, seat)))
        cls = "past-player winner" if won else "past-player"
        points = el("span", tr.number(total), class_="num")
        items.append(el("span", name, " ", points, won and " ", mark, class_=cls))
    # Phrasing content only: the list is inside a button.
    return el("span", join(", ", items), class_="past-players")


def _item(tr: Translator, e: Entry) -> Markup:
    game = tr("game." + e.game) + (" · " + tr("stats.real_dice") if e.real else "")
    game += " · " + tr("past.unknown_rules") if e.unknown else ""
    head = el(
        "span",
        el("span", when(tr, e.date), class_="past-date"),
        " ",
        el("span", game, class_="past-game"),
        class_="past-head",
    )
    button = el(
        "button",
        head,
        _players(tr, e),
        type="button",
        class_="past-item",
        id=f"past-{e.id}",
        data_act="open-game",
        data_id=e.id,
    )
    return el("li", button)


def _day_item(tr: Translator, game: str, date: str, kept: Day) -> Markup:
    """A day of ``game``'s daily dice played here, marked as such; it opens its result."""
    ident = f"daily{game}{date.replace('-', '')}"  # pages.past reads it back
    kind = tr("game." + game) + " · " + tr("stats.daily.title")
    head = el(
        "span",
        el("span", day(tr, date), class_="past-date"),
        " ",
        el("span", kind, class_="past-game"),
        class_="past-head",
    )
    score = el("span", tr.number(kept.score or 0), class_="num")
    mine = el("span", tr("stats.daily.you"), " ", score, class_="past-player")
    button = el(
        "button",
        head,
        el("span", mine, class_="past-players"),
        type="button",
        class_="past-item past-daily",
        id=f"past-{ident}",
        data_act="open-game",
        data_id=ident,
    )
    return el("li", button)


def games_list(tr: Translator, games: list[Entry], days: Days | None = None) -> Markup:
    """The games kept and the days of the daily dice played here, newest first; each
    opens its end screen, or its result, again."""
    items = [(e.date, _item(tr, e)) for e in games]
    for game, kept in (days or {}).items():
        items += [(d, _day_item(tr, game, d, v)) for d, v in kept.items() if v.done]
    if items:
        items.sort(key=lambda item: item[0])  # a day sorts before that day's games
        body = el("ol", [item for _, item in reversed(items)], class_="past-list")
    else:
        body = el("p", tr("past.none"), class_="stats-empty games-empty")
    return el(
        "section",
        el("h2", tr("past.list_title"), id="past-games-title"),
        body,
        class_="panel past-games",
        aria_labelledby="past-games-title",
    )
