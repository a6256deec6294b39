"""The browser layer's controllers: focus after each action, the dice tumbling once."""

from __future__ import annotations

import json

from fake_host import FakeHost, start_penta
from zaria.penta.game import PentaGame
from zaria_web.app import App
from zaria_web.play.screen import GameScreen


def game(app: App) -> PentaGame:
    assert isinstance(app.screen, GameScreen) and app.screen.game is not None
    return app.screen.game


def test_penta_dice_tumble_when_rolled_not_at_every_later_redraw() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    app.action("roll", {})
    assert host.screen_html.count("die rolling") == 5
    app.action("box", {"box": "chance"})  # a redraw that rolls nothing
    assert "die rolling" not in host.screen_html
    app.action("box", {"box": "chance"})
    app.action("roll", {})
    app.action("roll", {})
    assert "die rolling" in host.screen_html
    host.advance(1000)  # the auto-record countdown redraws every second
    assert "Recording automatically in 2" in host.screen_html
    assert "die rolling" not in host.screen_html
    app.set_language("fr")
    assert "die rolling" not in host.screen_html


def test_penta_focus_follows_the_turn_instead_of_falling_to_the_page() -> None:
    app, host = start_penta({"seed": "5"})
    assert host.focused == "#penta-roll"  # the new game starts at its Roll button
    for _ in range(3):
        host.focused = ""
        app.key("r")
    # The dice are shut now: a focus on one goes to Roll, which keeps it (marked
    # unavailable), unless it is in the sheet.
    assert host.focused == "body:not(:has(.sheet :focus)) #penta-roll"
    assert 'id="penta-roll" data-act="roll" aria-disabled="true"' in host.screen_html
    box = next(iter(game(app).options()))
    app.action("box", {"box": box.value})
    host.focused = ""
    app.key("v")  # Validate is disabled once the round is recorded
    assert game(app).round == 2
    assert host.focused == "#penta-roll"
    # Play the game out: each round hands focus back to Roll, the end to its title.
    while True:
        app.action("roll", {})
        app.action("box", {"box": next(iter(game(app).options())).value})
        host.focused = ""
        app.action("validate", {})
        if game(app).over:
            break
        assert host.focused == "#penta-roll"
    assert game(app).over
    assert host.focused == "#penta-end-title"
    assert 'id="penta-end-title" class="end-title" tabindex="-1"' in host.screen_html


def test_penta_focus_waits_on_the_screen_during_the_computer_turn() -> None:
    app, host = start_penta({"seed": "3"}, computer=True, pace="fast")
    app.action("roll", {})
    app.action("box", {"box": "chance"})
    host.focused = ""
    app.action("validate", {})
    assert game(app).current == 1
    assert host.focused == "#screen"
    host.advance(300 * 15)
    assert game(app).current == 0
    assert host.focused == "#penta-roll"


def test_penta_auto_record_moves_focus_to_the_next_roll() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    for _ in range(3):
        app.action("roll", {})
    host.focused = ""
    host.advance(3100)
    assert game(app).round == 2
    assert host.focused == "#penta-roll"


def test_penta_new_game_confirmation_takes_focus_and_escape_closes_it() -> None:
    app, host = start_penta({"seed": "1"})
    app.action("roll", {})
    app.action("new", {})
    assert app.screen.view().count('role="alertdialog"') == 1
    assert host.focused == "#penta-keep"
    rolls = game(app).rolls_used
    assert app.key("r") is False  # no shortcut plays under the open dialog
    assert game(app).rolls_used == rolls
    assert app.key("Escape") is True
    assert 'role="alertdialog"' not in host.screen_html
    assert host.focused == "#penta-new"
    assert app.key("r") is True  # and the game plays on
    assert game(app).rolls_used == rolls + 1


def test_the_theme_button_keeps_focus_across_its_redraw() -> None:
    # The page puts focus back by element id after each redraw.
    host = FakeHost()
    app = App(host, {})
    app.redraw()
    assert 'id="theme"' in host.tools_html
    app.action("theme", {})
    assert 'id="theme"' in host.tools_html


def test_every_press_of_the_theme_button_changes_what_the_player_sees() -> None:
    # Light or dark, whichever is not shown; the system's own scheme is "system".
    for dark, order in ((False, ["dark", "system", "dark"]), (True, ["light", "system", "light"])):
        host = FakeHost()
        host.dark = dark
        app = App(host, {})
        seen = []
        for _ in range(3):
            app.action("theme", {})
            seen.append(host.theme)
        assert seen == order
        assert json.loads(host.storage["zaria.settings"])["theme"] == order[-1]
    host = FakeHost()
    app = App(host, {})
    app.set_setting("theme", "light")  # chosen by hand while the system was dark
    app.action("theme", {})
    assert host.theme == "dark"


def test_the_browser_history_follows_the_screens_and_back_returns_along_them() -> None:
    app, host = start_penta({"seed": "1"})
    assert host.history == ["home", "penta"]
    app.action("rules", {"game": "penta"})
    assert host.history == ["home", "penta", "rules:penta"]
    app.history_to(host.back())  # Back from the rules: the game again
    assert app.screen.name == "penta" and game(app).round == 1
    app.action("roll", {})
    app.history_to(host.back())  # Back from the game: home, the game saved
    assert app.screen.name == "home" and 'id="resume-penta"' in host.screen_html
    app.action("open", {"game": "farkle"})
    app.action("rules", {"game": "farkle"})
    app.action("home", {})  # home from the rules: two steps up, not a third entry
    assert host.history == ["home"] and app.screen.name == "home"
    app.history_to("no-such-screen")  # a foreign history entry: home
    assert app.screen.name == "home"
    app.history_to("farkle")  # Forward, after a reload that forgot the rules' game
    app.history_to("rules:farkle")
    assert app.screen.name == "rules" and 'data-game="farkle"' in host.screen_html
