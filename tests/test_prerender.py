"""The first screens drawn into index.html by the build (tools/prerender.py) are
the app's own first drawing, in every language."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from fake_host import FakeHost
from zaria.i18n import LANGUAGES, Translator
from zaria_web import duel, games
from zaria_web.app import App
from zaria_web.pages.archive_view import day
from zaria_web.storage.settings import THEMES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import prerender  # noqa: E402

SOURCE = (ROOT / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def page() -> str:
    return prerender.prerender(SOURCE)


def _templates(page: str) -> dict[str, str]:
    return dict(re.findall(r'<template id="([^"]+)"[^>]*>(.*?)</template>', page, re.S))


def _app_draw(lang: str, screen: str = "home", theme: str = "system", add: int = 0) -> FakeHost:
    """What the app draws on a fresh device in ``lang`` (after a tap on the card of
    ``screen``, then ``add`` taps on Add a player), on the tests' own fake page, with
    its downloads still running."""
    host = FakeHost({} if theme == "system" else {"zaria.theme": theme})
    host.slow_downloads = True
    app = App(host, {}, (lang,))
    app.redraw()
    if screen != "home":
        app.action("open", {"game": screen})
    for _ in range(add):
        app.action("seat-add", {})
    return host


def _app_at(lang: str, entry: str, date: str) -> FakeHost:
    """What the app draws on a fresh device in ``lang`` opened at the history entry
    ``entry`` on ``date``."""
    host = FakeHost({})
    host.slow_downloads = True
    host.clock_iso = date + "T09:30:00.000+01:00"
    app = App(host, {}, (lang,))
    app.open_entry(entry)
    app.redraw()
    return host


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", ["home", "penta", "farkle"])
def test_each_screen_drawn_ahead_is_the_apps_first_drawing(
    page: str, lang: str, screen: str
) -> None:
    drawn = _templates(page)[f"pre-{screen}-{lang}"]
    host = _app_draw(lang, screen)
    assert drawn == host.screen_html
    assert host.lang == lang
    # Really that screen: the cards, or the game's form with its Start button.
    marker = {"home": 'id="name-farkle"', "penta": 'id="penta-start"', "farkle": 'id="fk-start"'}
    assert marker[screen] in drawn
    if screen == "home":
        assert Translator(lang)("home.title") in drawn


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("theme", THEMES)
def test_the_tools_are_drawn_ahead_in_every_language_and_theme(
    page: str, lang: str, theme: str
) -> None:
    drawn = _templates(page)[f"pre-tools-{lang}-{theme}"]
    assert drawn == _app_draw(lang, theme=theme).tools_html
    assert f'data-theme="{theme}"' in drawn
    assert f'<option value="{lang}" selected' in drawn


def test_the_english_home_and_tools_are_in_the_page_itself(page: str) -> None:
    host = _app_draw("en")
    body = re.sub(r"<template .*?</template>", "", page, flags=re.S)
    main = re.search(r'<main id="screen"[^>]*>(.*?)</main>', body, re.S)
    tools = re.search(
        r'<div class="topbar-tools" id="topbar-tools">(.*?)</div>\s*</header>', body, re.S
    )
    assert main is not None and main.group(1) == host.screen_html
    assert tools is not None and tools.group(1) == host.tools_html
    # The real home: enabled cards, no grey skeleton.
    assert "disabled" not in main.group(1) and "skeleton" not in main.group(1)


def test_the_placeholders_are_replaced_and_nothing_else_changes(page: str) -> None:
    for mark in (prerender.SCREEN_MARK, prerender.TOOLS_MARK, prerender.TEMPLATES_MARK):
        assert mark in SOURCE
        assert mark not in page
    # Put back: the templates (one block), the English home and tools, the games.
    start, end = page.index("<template "), page.rindex("</template>") + len("</template>")
    host = _app_draw("en")
    back = (
        page[:start].replace(host.screen_html, prerender.SCREEN_MARK, 1)
        + prerender.TEMPLATES_MARK
        + page[end:]
    ).replace(host.tools_html, prerender.TOOLS_MARK, 1)
    for mark, drawn in prerender.games_head().items():
        back = back.replace(drawn, mark, 1)
    assert back == SOURCE


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_a_form_with_a_player_added_is_the_apps(page: str, lang: str, game: str) -> None:
    drawn = _templates(page)[f"pre-{game}.2-{lang}"]
    assert drawn == _app_draw(lang, game, add=1).screen_html
    prefix = "penta" if game == "penta" else "fk"
    assert f'id="{prefix}-name-1"' in drawn and f'id="{prefix}-name-2"' not in drawn


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_a_daily_drawn_ahead_is_the_apps_on_any_day(page: str, lang: str, game: str) -> None:
    template = re.search(rf'<template id="pre-{game}-daily-{lang}" data-date="([^"]+)"', page)
    assert template is not None
    drawn = _templates(page)[f"pre-{game}-daily-{lang}"]
    host = _app_at(lang, f"{game}-daily", "2027-02-03")
    assert drawn.replace(template[1], day(Translator(lang), "2027-02-03")) == host.screen_html
    assert Translator(lang)("challenge.daily.title", game=Translator(lang)("game." + game)) in drawn


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_a_duel_link_drawn_ahead_is_the_apps_once_its_results_are_written(
    page: str, lang: str, game: str
) -> None:
    rules = re.search(rf'<template id="pre-{game}-duel-{lang}" data-rules="([^"]*)">', page)
    assert rules is not None
    found = duel.Duel(game, rules[1], f"duel/{game}/x", (duel.Result("Zoé", 23456, ""),))
    host = _app_at(lang, "duel:" + duel.encode(found), "2027-02-03")
    tr = Translator(lang)
    shown = tr("challenge.duel.result", name="{name}", score="{score}")
    written = tr("challenge.duel.result", name="Zoé", score=tr.number(23456))
    drawn = _templates(page)[f"pre-{game}-duel-{lang}"]
    assert drawn.count(f"<li>{shown}</li>") == 1
    assert drawn.replace(shown, written) == host.screen_html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mark_between_thousands_is_the_apps(page: str, lang: str) -> None:
    mark = re.search(
        r'<data value="([^"]*)" data-early="thousands">', _templates(page)[f"pre-words-{lang}"]
    )
    assert mark is not None
    assert f"12{mark[1]}345" == Translator(lang).number(12345)


def test_every_language_has_every_template_once(page: str) -> None:
    found = Counter(re.findall(r'<template id="([^"]+)"', page))
    screens = ("home", "words", *games.NAMES, *(f"{g}.2" for g in games.NAMES))
    screens += (*games.DUPLICATES,)
    wanted = {f"pre-{s}-{lang}" for s in screens for lang in LANGUAGES}
    wanted |= {f"pre-tools-{lang}-{t}" for lang in LANGUAGES for t in THEMES}
    assert set(found) == wanted
    assert set(found.values()) == {1}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_waiting_lines_are_in_each_language(page: str, lang: str) -> None:
    drawn = _templates(page)[f"pre-words-{lang}"]
    tr = Translator(lang)
    for kind in ("start", "wait"):
        assert f'data-early="{kind}">{tr("early." + kind)}</p>' in drawn
    for kind in ("daily", "duel"):
        assert (
            f'data-early="{kind}"><p class="early-loading" role="status">{tr("early." + kind)}'
            in drawn
        )


def test_the_ids_outside_the_templates_are_unique(page: str) -> None:
    outside = re.sub(r"<template .*?</template>", "", page, flags=re.S)
    ids = Counter(re.findall(r'\sid="([^"]+)"', outside))
    assert [i for i, n in ids.items() if n > 1] == []
    assert "name-penta" in ids and "lang" in ids  # the drawn home and tools are there


def test_the_build_draws_into_the_site_and_says_how_much_it_added(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(SOURCE, encoding="utf-8")
    line = prerender.prerender_site(tmp_path)
    built = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert built == prerender.prerender(SOURCE)
    added = len(built.encode()) - len(SOURCE.encode())
    assert re.fullmatch(r"prerender: index.html \+[\d.]+ kB \(\+[\d.]+ kB gzipped\)", line)
    assert f"+{added / 1000:.1f} kB" in line


def test_a_page_without_its_placeholder_is_refused() -> None:
    with pytest.raises(SystemExit, match="prerender:screen"):
        prerender.prerender(SOURCE.replace(prerender.SCREEN_MARK, ""))


def test_the_build_writes_the_early_script_into_the_head_before_any_download(
    tmp_path: Path,
) -> None:
    """Every tap is taken from the first paint: the page drawn ahead listens from a
    script that waits for no stylesheet and no other script."""
    import build

    (tmp_path / "index.html").write_text(SOURCE, encoding="utf-8")
    build._inline_early(tmp_path)
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    head = page[: page.index("</head>")]
    at = head.index((ROOT / build.EARLY_SCRIPT).read_text(encoding="utf-8"))
    assert build.EARLY_TAG not in page
    assert at < head.index('rel="stylesheet"') and at < head.index(" src=")
    assert " defer" not in head[head.rindex("<script", 0, at) : at]


def test_an_early_script_that_would_end_its_element_stops_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import build

    (tmp_path / "web").mkdir()
    (tmp_path / build.EARLY_SCRIPT).write_text('var x = "</script>";', encoding="utf-8")
    (tmp_path / "index.html").write_text(SOURCE, encoding="utf-8")
    monkeypatch.setattr(build, "ROOT", tmp_path)
    with pytest.raises(SystemExit, match="cannot be written"):
        build._inline_early(tmp_path)
