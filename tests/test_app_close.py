"""Closing the app stops everything it runs by itself (the page restarts an app in
place by closing the old one and creating another)."""

from __future__ import annotations

import pytest

from fake_host import PENTA_TABLE, FakeHost, start_penta
from zaria.penta.game import PentaGame
from zaria.penta.scoring import PENTA
from zaria_web.app import App
from zaria_web.penta import screen as penta_screen
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import GameScreen


def penta(app: App) -> PentaGame:
    screen = app._screens["penta"]
    assert isinstance(screen, GameScreen) and screen.game is not None
    return screen.game


def test_closing_stops_the_penta_countdown() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    for _ in range(3):
        app.action("roll", {})
    assert host.timers  # the auto-record countdown runs
    app.close()
    assert not host.timers
    host.advance(60_000)
    assert penta(app).round == 1  # nothing was recorded by itself


def test_closing_stops_the_computer_s_farkle_turn() -> None:
    host = FakeHost({"zaria.lang": "en"})
    app = App(host, {"dice": "123466,155223,11134"})
    app.action("open", {"game": "farkle"})
    app.action("seat-name", {"index": "0", "value": "Alice", "event": "input"})
    app.action("start", {})
    app.action("roll", {})
    app.action("toggle", {"pos": "1"})
    app.action("bank", {})
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.game is not None
    assert screen.game.current == 1 and host.timers  # the computer's first step waits
    app.close()
    assert not host.timers
    host.advance(60_000)
    assert screen.game.roll is None and screen.game.current == 1  # it never played


def test_a_download_answered_after_the_app_closed_still_reaches_the_next_app(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The strategy table is shared by every app of the page's life: an answer that
    # arrives after a restart must fill it, or the next app would wait for ever.
    monkeypatch.setitem(penta_screen.TABLES, "penta", penta_screen.table_file(PENTA))
    host = FakeHost()
    host.slow_downloads = True
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {})
    app.action("open", {"game": "penta"})
    assert not host.pending  # the form needs no table: a game does
    app.action("start", {})
    assert [url for url, _, _ in host.pending] == [TABLE_URL]
    app.close()
    host.deliver()
    assert penta_screen.TABLES["penta"].ready
    again = App(host, {})
    again.action("open", {"game": "penta"})
    again.action("start", {})
    assert 'data-strategy="ready"' in host.screen_html
    assert not host.pending  # nothing asked twice
