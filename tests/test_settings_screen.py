"""The settings screen and home's way to the rules and the settings."""

from __future__ import annotations

import json
import re

import pytest

from fake_host import FakeHost, Page
from zaria_web.app import App
from zaria_web.storage.settings import SETTING_VALUES, SETTINGS_KEY


def home() -> tuple[App, FakeHost]:
    host = FakeHost({"zaria.lang": "en"})
    return App(host, {}), host


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_home_leads_to_each_game_s_rules_and_back(game: str) -> None:
    app, host = home()
    app.redraw()
    assert Page(host.screen_html).has(f"home-rules-{game}")
    app.action("rules", {"game": game})
    assert app.screen.name == "rules" and app.screen.game == game  # type: ignore[attr-defined]
    assert host.history == ["home", f"rules:{game}:home"]
    app.key("Escape")
    assert app.screen.name == "home"


def test_every_setting_is_on_the_settings_screen_and_is_stored() -> None:
    app, host = home()
    app.action("open", {"game": "settings"})
    assert app.screen.name == "settings"
    page = Page(host.screen_html)
    for key, values in SETTING_VALUES.items():
        for value in values:
            assert page.has(f"set-{key}-{value}"), f"{key}={value} is not offered"
    app.action("setting", {"key": "pace", "value": "instant"})
    app.action("setting", {"key": "handover", "value": "off"})
    stored = json.loads(host.storage[SETTINGS_KEY])
    assert stored["pace"] == "instant" and stored["handover"] == "off"
    assert 'id="set-pace-instant" value="instant" checked' in host.screen_html
    assert host.focused == "#set-handover-off"
    # A value the setting does not take changes nothing.
    app.action("setting", {"key": "pace", "value": "slow"})
    app.action("setting", {"key": "colour", "value": "red"})
    assert json.loads(host.storage[SETTINGS_KEY]) == stored


def test_the_settings_screen_in_french_has_no_english_left() -> None:
    host = FakeHost({"zaria.lang": "fr"})
    app = App(host, {})
    app.action("open", {"game": "settings"})
    text = Page(host.screen_html).plain()
    assert "Réglages" in text and "Thème" in text
    for english in ("Settings", "Computer pace", "Auto-record", "Theme", " On", " Off"):
        assert english not in text, english


def test_the_theme_button_names_the_theme_shown() -> None:
    app, host = home()
    app.redraw()
    labels = []
    for _ in range(3):
        button = re.search(r"<button[^>]*id=\"theme\"[^>]*>", host.tools_html)
        assert button is not None
        labels.append(
            (
                re.findall(r'data-theme="(\w+)"', button.group(0))[0],
                re.findall(r'aria-label="([^"]+)"', button.group(0))[0],
            )
        )
        app.action("theme", {})
    # Each state has its own name, which says what is shown now.
    assert labels[0] == ("system", "Theme: System theme")
    assert {label for _, label in labels} >= {"Theme: Dark theme", "Theme: System theme"}
    assert all(label == f"Theme: {theme.capitalize()} theme" for theme, label in labels)
