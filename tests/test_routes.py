"""Each screen's address (``#/penta``, ``#/rules/farkle/farkle-pad``) and opening it."""

from __future__ import annotations

import pytest

from fake_host import PENTA_TABLE, FakeHost
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.runtime import routes

ENTRIES = [
    "penta",
    "farkle",
    "penta-pad",
    "farkle-pad",
    "stats",
    "rules:penta",
    "rules:farkle",
    "rules:farkle:farkle-pad",
    "rules:penta:farkle",
    "rules:farkle:home",
]


@pytest.mark.parametrize("entry", ENTRIES)
def test_every_entry_has_an_address_that_names_it_again(entry: str) -> None:
    assert routes.address(entry).startswith("#/")
    assert routes.entry_of(routes.address(entry)) == entry


@pytest.mark.parametrize(
    "fragment",
    ["", "#", "#/", "#/home", "#/Penta", "#/penta/", "#/rules", "#/rules/stats",
     "#/rules/penta/rules", "#/stats/penta", "#/penta-pad-x", "#/rules/penta/farkle/x",
     "#/../penta", "#/pénta", "#/" + "a" * 5000],
)  # fmt: skip
def test_what_names_no_screen_is_home(fragment: str) -> None:
    # A trailing slash is allowed; everything else that is not an address is home.
    assert routes.entry_of(fragment) in (None, "penta")
    assert routes.entry_of(fragment) == ("penta" if fragment == "#/penta/" else None)


def new_app() -> tuple[App, FakeHost]:
    host = FakeHost({"zaria.lang": "en"})
    host.files[TABLE_URL] = PENTA_TABLE
    return App(host, {}), host


def test_a_link_opens_its_screen_over_home() -> None:
    app, host = new_app()
    app.open_entry("rules:farkle:farkle-pad")
    assert app.screen.name == "rules"
    rules = app.screen
    assert (rules.game, rules.back) == ("farkle", "farkle-pad")  # type: ignore[attr-defined]
    assert host.history == ["home", "rules:farkle:farkle-pad"]
    assert host.back() == "home"


def test_a_reload_shows_the_screen_of_its_entry_without_a_new_one() -> None:
    app, host = new_app()
    app.history_to("stats")
    assert app.screen.name == "stats" and host.history == ["home"]
    app.open_entry("no-such-screen")
    assert app.screen.name == "home"


def test_the_rules_opened_from_home_lead_back_home_one_step_above_it() -> None:
    app, host = new_app()
    app.redraw()
    app.action("rules", {"game": "farkle"})
    assert host.history == ["home", "rules:farkle:home"]
    assert 'data-act="home"' in host.screen_html and 'id="rules-back-top"' in host.screen_html
    assert app.key("Escape") is True
    assert app.screen.name == "home" and host.history == ["home"]


def test_a_link_to_the_rules_leads_back_home() -> None:
    app, host = new_app()
    app.open_entry("rules:penta")
    assert host.history == ["home", "rules:penta:home"]
    app.key("Escape")
    assert app.screen.name == "home"


def test_the_rules_opened_from_a_game_lead_back_to_it_two_steps_above_home() -> None:
    app, host = new_app()
    app.action("open", {"game": "penta"})
    app.action("rules", {"game": "penta"})
    assert host.history == ["home", "penta", "rules:penta"]
    app.key("Escape")
    assert app.screen.name == "penta"
