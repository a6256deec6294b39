"""An unexpected error in a screen's handler: a visible notice, said aloud, and an app
that goes on working (the page calls :meth:`zaria_web.app.App.error`)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from fake_host import PENTA_TABLE, FakeHost
from zaria.i18n import LANGUAGES, Translator
from zaria_web.app import ERROR_DETAIL_LENGTH, ERROR_NOTICE, App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import GameScreen

#: Each game: its screen's class, how a player starts a game without the computer, the roll,
#: and dice that make every roll score (so that a roll keeps the turn).
GAMES: dict[str, tuple[type, list[tuple[str, dict[str, str]]], str, str]] = {
    "penta": (
        GameScreen,
        [("seat-computer", {"value": "off"}), ("start", {})],
        "roll",
        "11111,22222",
    ),
    "farkle": (
        GameScreen,
        [("seat-computer", {"value": "off", "event": "change"}), ("start", {})],
        "roll",
        "155234,155234",
    ),
}


def started(game: str, lang: str = "en") -> App:
    host = FakeHost({"zaria.lang": lang})
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {"dice": GAMES[game][3]})
    app.action("open", {"game": game})
    for act, data in GAMES[game][1]:
        app.action(act, data)
    return app


def fail(app: App, act: str, data: dict[str, str] | None = None) -> None:
    """Do ``act`` as the page does: an exception goes to :meth:`App.error`."""
    try:
        app.action(act, data or {})
    except Exception as exc:
        app.error(exc)
    else:
        raise AssertionError(f"{act} did not fail")


def screen_html(app: App) -> str:
    assert isinstance(app.host, FakeHost)
    return app.host.screen_html


def dice_shown(app: App) -> bool:
    """Whether the current turn has rolled."""
    game = getattr(app.screen, "game", None)
    assert game is not None
    assert isinstance(app.screen, GameScreen)
    return (game.dice if app.screen.spec.name == "penta" else game.roll) is not None


def break_roll(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    def broken(self: object, action: object, out: object) -> bool:
        raise RuntimeError("the dice fell off the table")

    monkeypatch.setattr(GAMES[game][0], "play", broken)


def notice(html: str) -> str:
    found = re.search(r'<div class="notice notice-row error-notice"[^>]*>(.*?)</div>', html)
    assert found, html[:2000]
    return found.group(1)


@pytest.mark.parametrize("game", list(GAMES))
def test_an_error_in_a_handler_shows_a_notice_and_the_app_goes_on(
    monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    app = started(game)
    host = app.host
    assert isinstance(host, FakeHost)
    roll = GAMES[game][2]
    with monkeypatch.context() as m:
        break_roll(m, game)
        fail(app, roll)
    text = Translator("en")(ERROR_NOTICE)
    assert text.startswith("Something went wrong") and "Reload the page" in text
    shown = notice(host.screen_html)
    assert text in shown and "the dice fell off the table" in shown
    assert 'data-act="notice-close"' in shown and 'href=""' in shown  # dismiss, reload
    assert host.announced[-1] == text
    assert not dice_shown(app)
    # The screen is still drawn under the notice, and the next press works.
    assert 'id="penta-roll"' in host.screen_html or 'id="fk-roll"' in host.screen_html
    app.action(roll, {})
    assert dice_shown(app)
    assert text in host.screen_html  # until dismissed
    app.action("notice-close", {"notice": ERROR_NOTICE})
    assert "error-notice" not in host.screen_html
    assert dice_shown(app) and "error-notice" not in host.screen_html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_notice_speaks_the_players_language(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = started("penta", lang)
    break_roll(monkeypatch, "penta")
    fail(app, "roll")
    tr = Translator(lang)
    assert tr.has(ERROR_NOTICE)
    shown = notice(screen_html(app))
    assert tr(ERROR_NOTICE) in shown.replace("&#x27;", "'")
    assert tr("update.reload") in shown and tr("notice.dismiss") in shown


def test_a_screen_that_cannot_be_drawn_still_shows_the_notice_and_the_way_home(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = started("penta")

    def broken(self: GameScreen[Any]) -> str:
        raise KeyError("sheet")

    monkeypatch.setattr(GameScreen, "view", broken)
    fail(app, "roll")
    html = screen_html(app)
    assert "KeyError" in notice(html) or "sheet" in notice(html)
    assert 'id="error-home"' in html
    monkeypatch.undo()
    app.action("home", {})
    assert 'class="home"' in screen_html(app)
    assert "error-notice" not in screen_html(app)  # it concerned the screen left


def test_a_long_error_text_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    app = started("farkle")

    def broken(self: object, action: object, out: object) -> bool:
        raise ValueError("x" * 100_000)

    monkeypatch.setattr(GameScreen, "play", broken)
    fail(app, "roll")
    detail = re.search(r'<small class="error-detail">(.*?)</small>', screen_html(app))
    assert detail and detail.group(1) == "x" * ERROR_DETAIL_LENGTH


def test_an_error_without_words_is_named_by_its_kind() -> None:
    app = started("penta")
    app.error(KeyError())
    detail = re.search(r'<small class="error-detail">(.*?)</small>', screen_html(app))
    assert detail and detail.group(1) == "KeyError"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_notice_says_the_game_is_saved_only_when_it_is(
    monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    saved = started(game)
    break_roll(monkeypatch, game)
    fail(saved, GAMES[game][2])
    assert Translator("en")(ERROR_NOTICE) in notice(screen_html(saved))

    host = FakeHost({"zaria.lang": "en"}, storage_works=False)
    host.files[TABLE_URL] = PENTA_TABLE
    unsaved = App(host, {"dice": GAMES[game][3]})
    unsaved.action("open", {"game": game})
    for act, data in GAMES[game][1]:
        unsaved.action(act, data)
    fail(unsaved, GAMES[game][2])
    text = notice(host.screen_html)
    assert Translator("en")("error.generic_unsaved") in text
    assert Translator("en")(ERROR_NOTICE) not in text
    assert Translator("en")("error.generic_unsaved") in host.announced
