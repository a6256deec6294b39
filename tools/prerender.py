"""Draw the first screens into the built ``index.html``, so that the page is real
at its first paint, seconds before Python has started in the browser.

The screens are drawn natively (CPython) by the app itself, through the relay
that runs it in the browser's worker (:class:`zaria_web.runtime.relay.Relay`), with empty
storage, as on a fresh device: the home screen, each game's new game form (what a
tap on its card shows, and the same with a player added), the introductions of its
daily dice and of a duel link, and the top bar's tools, in every language (the
tools also in every theme). The English home and tools go into ``<main>`` and
``#topbar-tools``; everything is also kept in inert ``<template id="pre-…">``
elements, which ``web/early.js`` swaps in:

- ``pre-<screen>-<lang>``: the screen: ``home``; a game's name (its form);
  ``<game>.2`` (its form with two players); ``<game>-daily``, whose template's
  ``data-date`` is the date the build drew in it, for the page to write today's;
  ``<game>-duel``, a duel link's introduction drawn with one result whose text
  reads ``{name}`` and ``{score}``, for the page to write those of the link it
  reads, whose template's ``data-rules`` are the rules a link must ask for;
- ``pre-tools-<lang>-<theme>``: the top bar's tools;
- ``pre-words-<lang>``: the line shown on a button pressed before the game has
  loaded, those shown while a daily's or a duel's dice load (the page cannot
  draw them ahead: it cannot read the link, or the app shows more than the
  introduction), the line of a duel that is full, and the language's mark
  between thousands (see ``web/early.js``).

The games come from the app's registry (:data:`zaria_web.games.GAMES`): their
names in ``<meta name="zaria-games">`` (the routes ``web/early.js`` draws
ahead), in the page's description, and a stylesheet link
for each (``web/css/<game>.css``) at ``<!-- prerender:game-styles -->``.

Usage: ``python tools/prerender.py SITE_DIR`` (``tools/build.py`` runs it).
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from zaria.i18n import LANGUAGES, Translator  # noqa: E402
from zaria_web import duel, games  # noqa: E402
from zaria_web.pages.archive_view import day  # noqa: E402
from zaria_web.runtime.relay import Relay  # noqa: E402
from zaria_web.storage.settings import THEME_KEY, THEMES  # noqa: E402
from zaria_web.ui.html import Markup, el  # noqa: E402

#: The source page's placeholders, replaced by the build.
SCREEN_MARK = "<!-- prerender:screen -->"
TOOLS_MARK = "<!-- prerender:tools -->"
TEMPLATES_MARK = "<!-- prerender:templates -->"
STYLES_MARK = "<!-- prerender:game-styles -->"
GAMES_META = '<meta name="zaria-games" content="">'
DESCRIPTION_META = '<meta name="description" content="">'


def screens() -> tuple[str, ...]:
    """The screens drawn ahead: home, and each game's new game form, with one player
    and with two."""
    return ("home", *games.NAMES, *(g + SEATED for g in games.NAMES))


#: A game's form with a player added, as a screen drawn ahead.
SEATED = ".2"
#: The date a daily's introduction is drawn on (the page writes today's instead).
DAILY_DATE = "1999-12-31"
#: The one result a duel link's introduction is drawn with (the page writes the
#: link's results in its place), and what its text reads for the page.
SAMPLE_SCORE = 1000
NAME, SCORE = "{name}", "{score}"


def stylesheet(game: str) -> str:
    """The address of ``game``'s own stylesheet in the site."""
    return f"web/css/{game}.css"


#: What the page would send the worker at its start, on a fresh device.
FRESH_PAGE = {"params": {}, "hash": "", "state": None, "dark": False, "base": "./"}


def _drawn(ops_json: str) -> tuple[str, str]:
    """The screen and tools of the last drawing among a relay's operations."""
    drawn = [op for op in json.loads(ops_json) if op[0] == "render"]
    return drawn[-1][1]["screen"], drawn[-1][1]["tools"]


def first_draw(lang: str, screen: str = "home", theme: str = "system") -> tuple[str, str]:
    """The screen and tools the app draws first on a fresh device whose browser
    speaks ``lang`` (a game's screen: after a tap on its card), in ``theme``
    (stored by the theme button, as the page's script reads it).

    The app runs in the relay the worker runs it in, with no time passing and
    downloads that never finish: the first moments of a page.
    """
    relay = Relay(push=lambda ops: None, fetch=lambda url, done, failed: None)
    storage = {} if theme == "system" else {THEME_KEY: theme}
    drawn = _drawn(
        relay.call("start", json.dumps({**FRESH_PAGE, "storage": storage, "languages": [lang]}))
    )
    game, seated, _ = screen.partition(SEATED)
    if screen != "home":
        drawn = _drawn(relay.call("action", json.dumps({"act": "open", "data": {"game": game}})))
    if seated:
        drawn = _drawn(relay.call("action", json.dumps({"act": "seat-add", "data": {}})))
    return drawn


def challenge_draw(lang: str, address: str) -> str:
    """The screen the app draws first at ``address`` on a fresh device in ``lang``,
    on :data:`DAILY_DATE`."""
    relay = Relay(push=lambda ops: None, fetch=lambda url, done, failed: None)
    page = {**FRESH_PAGE, "hash": address, "now": DAILY_DATE + "T12:00:00", "storage": {}}
    return _drawn(relay.call("start", json.dumps({**page, "languages": [lang]})))[0]


def daily(game: str, lang: str) -> str:
    """The template of ``game``'s daily dice's introduction."""
    drawn, tr = challenge_draw(lang, f"#/daily/{game}"), Translator(lang)
    mark = day(tr, DAILY_DATE)
    if drawn.count(mark) != 1 or 'class="notices"' in drawn:
        sys.exit(f"prerender: the daily dice of {game} are not drawn as an introduction")
    # The page writes today's date in the place of the build's, in the same words.
    months = "|".join(tr(f"date.month_full.{m}") for m in range(1, 13))
    form = {"date": mark, "day_form": tr("date.day"), "first": tr("date.day_one")}
    return _template(f"pre-{game}-daily-{lang}", drawn, **form, months=months)


def duel_link(game: str, lang: str) -> str:
    """The template of a duel link's introduction, for ``game``: drawn with one result,
    whose text reads ``{name}`` and ``{score}``."""
    tr, rules = Translator(lang), games.named(game).spec().duplicate.rules
    sample = duel.Duel(game, rules, f"duel/{game}/drawn-ahead", (duel.Result(NAME, 1000, ""),))
    drawn = challenge_draw(lang, duel.PREFIX + duel.encode(sample))
    shown = el("li", tr("challenge.duel.result", name=NAME, score=tr.number(SAMPLE_SCORE)))
    read = el("li", tr("challenge.duel.result", name=NAME, score=SCORE))
    if drawn.count(shown) != 1 or 'class="notices"' in drawn:
        sys.exit(f"prerender: a duel link of {game} is not drawn as an introduction")
    return _template(f"pre-{game}-duel-{lang}", drawn.replace(shown, read), rules=rules)


def _template(ident: str, content: str, **data: str) -> str:
    return str(
        el("template", Markup(content), id=ident, **{f"data_{k}": v for k, v in data.items()})
    )


def words(lang: str) -> str:
    """The lines said on a button pressed before the game has loaded (for Start, and
    for anything else), the panels shown while a daily's or a duel's dice load, the
    line of a full duel, and the mark between thousands."""
    tr = Translator(lang)
    return "".join(
        [
            *(
                el("p", tr("early." + kind), class_="early-note", role="status", data_early=kind)
                for kind in ("start", "wait")
            ),
            *(
                el(
                    "section",
                    el("p", tr("early." + kind), class_="early-loading", role="status"),
                    class_="panel challenge",
                    data_early=kind,
                )
                for kind in ("daily", "duel")
            ),
            el(
                "p",
                tr("challenge.duel.full_ahead", most=duel.MAX_PLAYERS),
                class_="challenge-full",
                data_early="full",
            ),
            el("data", value=tr.number(SAMPLE_SCORE)[1:-3], data_early="thousands"),
        ]
    )


def templates() -> str:
    """Every screen, tools and words drawn ahead, as templates."""
    out = []
    for lang in LANGUAGES:
        for screen in screens():
            out.append(_template(f"pre-{screen}-{lang}", first_draw(lang, screen)[0]))
        for game in games.DUELLING:
            out.extend((daily(game, lang), duel_link(game, lang)))
        for theme in THEMES:
            out.append(_template(f"pre-tools-{lang}-{theme}", first_draw(lang, "home", theme)[1]))
        out.append(_template(f"pre-words-{lang}", words(lang)))
    return "\n".join(out)


def games_head() -> dict[str, str]:
    """The head's placeholders of the games, each with what replaces it: their names,
    the page's description naming them, and their stylesheets."""
    tr = Translator("en")
    names = [tr("game." + g) for g in games.NAMES]
    named = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    description = f"{named}: dice games to play together on one device, or against the computer."
    return {
        GAMES_META: el("meta", name="zaria-games", content=" ".join(games.NAMES)),
        DESCRIPTION_META: el("meta", name="description", content=description),
        STYLES_MARK: "\n  ".join(
            el("link", rel="stylesheet", href=f"./{stylesheet(g)}") for g in games.NAMES
        ),
    }


def prerender(page: str) -> str:
    """``page`` (the source ``index.html``) with its placeholders drawn."""
    head = games_head()
    for mark in (SCREEN_MARK, TOOLS_MARK, TEMPLATES_MARK, *head):
        if page.count(mark) != 1:
            sys.exit(f"prerender: index.html must hold {mark} exactly once")
    for mark, drawn in head.items():
        page = page.replace(mark, drawn)
    screen, tools = first_draw("en")
    return (
        page.replace(SCREEN_MARK, screen)
        .replace(TOOLS_MARK, tools)
        .replace(TEMPLATES_MARK, templates())
    )


def prerender_site(out: Path) -> str:
    """Draw the screens into ``out/index.html``; a line saying how many bytes it added."""
    index = out / "index.html"
    before = index.read_bytes()
    after = prerender(before.decode("utf-8")).encode("utf-8")
    index.write_bytes(after)
    added = len(after) - len(before)
    zipped = len(gzip.compress(after, 9)) - len(gzip.compress(before, 9))
    return f"prerender: index.html +{added / 1000:.1f} kB (+{zipped / 1000:.1f} kB gzipped)"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.exit("usage: python tools/prerender.py SITE_DIR")
    print(prerender_site(Path(args[0])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
