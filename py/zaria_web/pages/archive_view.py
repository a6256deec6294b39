"""The finished games kept (:mod:`zaria_web.storage.archive`), as the statistics screen lists
them, and their dates and days in each language's words. Pure: same games, same HTML."""

from __future__ import annotations

from datetime import date, datetime

from zaria.i18n import Translator
from zaria_web.play.seats import shown_name
from zaria_web.storage.archive import Entry
from zaria_web.storage.daily import Days
from zaria_web.storage.duels import Duels
from zaria_web.storage.duels import ident as ident_of
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


def day(tr: Translator, iso: str, short: bool = False) -> str:
    """The day ``iso`` (``2026-12-07``, or the date part of a moment) in the words of
    ``tr``'s language, its month in full, or ``short`` (in a table's narrow column),
    the text as given when it is not a date.

    >>> [day(Translator(x), "2026-12-07") for x in ("en", "fr", "el", "tr")]
    ['7 December 2026', '7 décembre 2026', '7 Δεκεμβρίου 2026', '7 Aralık 2026']
    >>> day(Translator("fr"), "2026-05-01"), day(Translator("en"), "someday")
    ('1er mai 2026', 'someday')
    >>> day(Translator("el"), "2026-12-07", short=True)
    '7 Δεκ 2026'

    """
    try:
        moment = date.fromisoformat(iso[:10])
    except ValueError:
        return iso
    return tr(
        "date.day",
        day=tr("date.day_one") if moment.day == 1 else str(moment.day),
        month=tr(f"date.month.{moment.month}" if short else f"date.month_full.{moment.month}"),
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


def _challenge_item(
    tr: Translator, game: str, date: str, kind: str, score: int, ident: str
) -> Markup:
    """A challenge played here (``kind``: the daily dice, a duel), marked as such; it
    opens its result."""
    head = el(
        "span",
        el("span", day(tr, date), class_="past-date"),
        " ",
        el("span", tr("game." + game) + " · " + tr(kind), class_="past-game"),
        class_="past-head",
    )
    points = el("span", tr.number(score), class_="num")
    mine = el("span", tr("stats.daily.you"), " ", points, class_="past-player")
    button = el(
        "button",
        head,
        el("span", mine, class_="past-players"),
        type="button",
        class_="past-item past-challenge",
        id=f"past-{ident}",
        data_act="open-game",
        data_id=ident,
    )
    return el("li", button)


def _challenges(tr: Translator, days: Days, played: Duels) -> list[tuple[str, Markup]]:
    """The days of the daily dice and the duels played here, with their dates."""
    items = []
    for game, kept in days.items():
        for when_, v in kept.items():
            if v.done:
                ident = f"daily{game}{when_.replace('-', '')}"  # pages.past reads it back
                item = _challenge_item(tr, game, when_, "stats.daily.title", v.score or 0, ident)
                items.append((when_, item))
    for game, duels in played.items():
        for seed, d in duels.items():
            item = _challenge_item(tr, game, d.date, "home.duel", d.score, ident_of(game, seed))
            items.append((d.date, item))
    return items


def games_list(
    tr: Translator, games: list[Entry], days: Days | None = None, played: Duels | None = None
) -> Markup:
    """The games kept, the days of the daily dice and the duels played here, newest
    first; each opens its end screen, or its result, again."""
    items = [(e.date, _item(tr, e)) for e in games] + _challenges(tr, days or {}, played or {})
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
