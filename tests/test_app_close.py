"""Closing the app stops everything it runs by itself (the page restarts an app in
place by closing the old one and creating another)."""

from __future__ import annotations

from fake_host import FakeHost, start_penta
from zaria.penta.game import PentaGame
from zaria_web.app import App
from zaria_web.farkle.screen import FarkleScreen
from zaria_web.penta.screen import PentaScreen


def penta(app: App) -> PentaGame:
    screen = app._screens["penta"]
    assert isinstance(screen, PentaScreen) and screen.game is not None
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
    assert isinstance(screen, FarkleScreen) and screen.game is not None
    assert screen.game.current == 1 and host.timers  # the computer's first step waits
    app.close()
    assert not host.timers
    host.advance(60_000)
    assert screen.game.roll is None and screen.game.current == 1  # it never played
