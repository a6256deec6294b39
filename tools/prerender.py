"""Draw the first screens into the built ``index.html``, so that the page is real
at its first paint, seconds before Python has started in the browser.

The screens are drawn natively (CPython) by the app itself, through the relay
that runs it in the browser's worker (:class:`zaria_web.runtime.relay.Relay`), with empty
storage, as on a fresh device: the home screen, each game's new game form (what a
tap on its card shows) and the top bar's tools, in every language (the tools also
in every theme). The
English home and tools go into ``<main>`` and ``#topbar-tools``; everything is
also kept in inert ``<template id="pre-…">`` elements, which the page's inline
script and ``web/early.js`` swap in:

- ``pre-<screen>-<lang>``: the screen (``home``, or a game's name);
- ``pre-tools-<lang>-<theme>``: the top bar's tools;
- ``pre-words-<lang>``: the line shown on a button pressed before the game has
  loaded (see ``web/early.js``).

The games come from the app's registry (:data:`zaria_web.games.GAMES`): their
names in ``<meta name="zaria-games">`` (the routes the inline script and
``web/early.js`` draw ahead), in the page's description, and a stylesheet link
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
from zaria_web import games  # noqa: E402
from zaria_web.runtime.relay import Relay  # noqa: E402
from zaria_web.storage.settings import THEME_KEY, THEMES  # noqa: E402
from zaria_web.ui.html import el  # noqa: E402

#: The source page's placeholders, replaced by the build.
SCREEN_MARK = "<!-- prerender:screen -->"
TOOLS_MARK = "<!-- prerender:tools -->"
TEMPLATES_MARK = "<!-- prerender:templates -->"
STYLES_MARK = "<!-- prerender:game-styles -->"
GAMES_META = '<meta name="zaria-games" content="">'
DESCRIPTION_META = '<meta name="description" content="">'


def screens() -> tuple[str, ...]:
    """The screens drawn ahead: home, and each game's new game form."""
    return ("home", *games.NAMES)


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
    if screen != "home":
        drawn = _drawn(relay.call("action", json.dumps({"act": "open", "data": {"game": screen}})))
    return drawn


def _template(ident: str, content: str) -> str:
    return f'<template id="{ident}">{content}</template>'


def words(lang: str) -> str:
    """The lines said on a button pressed before the game has loaded: for Start, and
    for anything else."""
    tr = Translator(lang)
    return "".join(
        el("p", tr("early." + kind), class_="early-note", role="status", data_early=kind)
        for kind in ("start", "wait")
    )


def templates() -> str:
    """Every screen, tools and words drawn ahead, as templates."""
    out = []
    for lang in LANGUAGES:
        for screen in screens():
            out.append(_template(f"pre-{screen}-{lang}", first_draw(lang, screen)[0]))
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
