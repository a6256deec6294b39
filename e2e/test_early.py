"""The page drawn ahead by the build works before Python has started: the home
screen and the new game forms in the browser's language, names typed, players
added, the language and theme changed, a daily's and a duel link's introduction;
what was done is played by the app once it runs.

Each test holds back ``app.zip`` (the app's Python), or every script, until it has
acted, so that everything it does happens before the app is ready."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, Route, expect

from a11y import audit
from conftest import App
from zaria.i18n import Translator
from zaria_web import duel
from zaria_web.pages.archive_view import day


class Held:
    """``app.zip`` held back on a page until :meth:`release`."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.routes: list[Route] = []
        app.page.route("**/app.zip.zst", self._hold)

    def _hold(self, route: Route) -> None:
        self.routes.append(route)

    def release(self) -> None:
        page = self.app.page
        for _ in range(600):  # the page asks for it once its runtime is up
            if self.routes:
                break
            page.wait_for_timeout(50)
        assert self.routes, "the page never asked for app.zip"
        assert not ready(page), "the app started without its Python"
        for route in self.routes:
            route.continue_()
        page.unroute("**/app.zip.zst")
        self.app.wait_ready()


def ready(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.dataset.ready !== undefined"))


def seats(page: Page, game: str) -> list[str]:
    """The names of the players of the game saved."""
    save = json.loads(page.evaluate(f"localStorage.getItem('zaria.save.{game}')"))
    engine = save.get("state", save)["engine"]
    return [s["name"] for s in engine["seats"]]


def early(make_app: Callable[..., App], path: str = "", **kwargs: object) -> tuple[App, Held]:
    app = make_app(**kwargs)
    held = Held(app)
    app.open(path, wait=False)
    return app, held


def test_a_penta_game_started_before_the_app_has_loaded(make_app: Callable[..., App]) -> None:
    app, held = early(make_app, "?dice=11111")
    page = app.page
    assert not ready(page)
    expect(page.locator(".game-card.penta")).to_be_enabled()
    page.locator(".game-card.penta").click()
    name = page.locator("#penta-name-0")
    expect(name).to_be_visible()
    name.press_sequentially("Ann")
    # Back home and in again: the form keeps the name, as the app's does.
    page.get_by_role("button", name="Back").click()
    expect(page.locator("#tagline")).to_be_visible()
    page.locator(".game-card.penta").click()
    expect(name).to_have_value("Ann")
    start = page.locator("#penta-start")
    start.click()
    # An honest wait on the pressed button.
    expect(start).to_have_attribute("aria-busy", "true")
    expect(
        page.get_by_role("status").filter(has_text="Starting as soon as the game has loaded")
    ).to_be_visible()
    assert not ready(page)
    held.release()
    expect(page.locator("#penta-roll")).to_be_visible()
    expect(page.locator("#screen")).to_contain_text("Ann")
    assert seats(page, "penta") == ["Ann", "Computer"]
    assert page.locator(".early-note, [aria-busy]").count() == 0
    # The history is the app's: Back leads home.
    page.go_back()
    expect(page.locator(".game-card.penta")).to_be_visible()


def test_language_theme_and_keyboard_before_the_app_has_loaded(
    make_app: Callable[..., App],
) -> None:
    app, held = early(make_app)
    page = app.page
    page.select_option("#lang", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#tagline")).to_have_text("Des jeux de dés entre amis, sur un seul écran")
    expect(page.locator("#lang")).to_be_focused()
    expect(page.locator("#lang")).to_have_value("fr")
    # The theme button switches to the scheme not shown (the system's is light here).
    page.locator("#theme").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("#theme")).to_be_focused()
    expect(page.locator("#theme")).to_have_attribute("aria-label", "Thème: Thème sombre")
    # Keyboard only: Tab to Farkle's card and press Enter, then type a name.
    page.locator(".game-card.farkle").focus()
    page.keyboard.press("Enter")
    field = page.locator("#fk-name-0")
    expect(field).to_have_attribute("placeholder", "Joueur 1")
    field.focus()
    page.keyboard.type("Zoé")
    page.keyboard.press("ArrowLeft")
    assert not ready(page)
    held.release()
    # The app took it all over: language, theme, screen, name, focus and caret.
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(
        "[localStorage.getItem('zaria.lang'), localStorage.getItem('zaria.theme')]"
    ) == ["fr", "dark"]
    expect(field).to_have_value("Zoé")
    expect(field).to_be_focused()
    assert page.evaluate(
        "[document.activeElement.selectionStart, document.activeElement.selectionEnd]"
    ) == [2, 2]
    page.keyboard.type("e")
    expect(field).to_have_value("Zoeé")
    # The app draws its own form now: Add a player works.
    page.locator("#fk-add").click()
    expect(page.locator("#fk-name-1")).to_be_visible()


def test_a_first_visit_in_french_is_drawn_in_french_at_once(
    make_app: Callable[..., App], shots: Path
) -> None:
    app, held = early(make_app, locale="fr-FR", viewport=(390, 844), has_touch=True, is_mobile=True)
    page = app.page
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#tagline")).to_have_text("Des jeux de dés entre amis, sur un seul écran")
    expect(page.locator("#name-penta + .game-desc")).not_to_be_empty()
    expect(page.locator("#lang")).to_have_value("fr")
    assert audit(page, "home drawn ahead, fr") == []
    page.screenshot(path=str(shots / "early-home-phone-fr.png"))
    page.locator(".game-card.penta").tap()
    expect(page.locator("#penta-setup-title")).to_have_text("Nouvelle partie de Penta")
    page.locator("#penta-start").tap()
    expect(
        page.get_by_role("status").filter(has_text="La partie commence dès que le jeu est chargé")
    ).to_be_visible()
    assert audit(page, "penta form drawn ahead, waiting, fr") == []
    page.screenshot(path=str(shots / "early-penta-phone-fr.png"))
    assert not ready(page)
    held.release()
    expect(page.locator("#penta-roll")).to_be_visible()


def test_an_address_of_a_game_shows_its_form_at_once(
    make_app: Callable[..., App], shots: Path
) -> None:
    app, held = early(make_app, "#/farkle")
    page = app.page
    expect(page.locator("#fk-setup-title")).to_be_visible()
    assert audit(page, "farkle form drawn ahead") == []
    page.screenshot(path=str(shots / "early-farkle-desktop.png"))
    page.locator("#fk-computer").uncheck()
    page.locator("#fk-name-0").fill("Ann")
    held.release()
    expect(page.locator("#fk-name-0")).to_have_value("Ann")
    expect(page.locator("#fk-computer")).not_to_be_checked()
    page.locator("#fk-start").click()
    expect(page.locator("#screen")).to_contain_text("Ann")
    assert seats(page, "farkle") == ["Ann"]


def test_the_home_drawn_ahead_at_desktop_size_in_dark(
    make_app: Callable[..., App], shots: Path
) -> None:
    app, held = early(make_app, color_scheme="dark")
    page = app.page
    expect(page.locator(".game-card.farkle")).to_be_enabled()
    assert audit(page, "home drawn ahead") == []
    page.screenshot(path=str(shots / "early-home-desktop-dark.png"))
    page.locator(".game-card.penta").click()
    expect(page.locator("#penta-start")).to_be_visible()
    page.screenshot(path=str(shots / "early-penta-desktop-dark.png"))
    # Back home, then a screen the page cannot show yet: the button waits.
    page.get_by_role("button", name="Back").click()
    rules = page.locator("#home-rules-farkle")
    rules.click()
    expect(rules).to_have_attribute("aria-busy", "true")
    note = page.get_by_role("status").filter(has_text="This happens as soon as the game has loaded")
    expect(note).to_be_visible()
    assert audit(page, "home drawn ahead, waiting") == []
    page.screenshot(path=str(shots / "early-home-waiting-desktop-dark.png"))
    held.release()
    expect(page).to_have_url(re.compile(r"#/rules/farkle/home$"))
    page.go_back()
    expect(page.locator(".game-card.farkle")).to_be_visible()


#: Lighthouse's slow 4G, as DevTools throttles a page's own requests.
SLOW_4G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 750_000 / 8,
}
SCRIPTS = re.compile(r"\.m?js(\?.*)?$")


def test_a_tap_at_the_first_paint_of_a_slow_start_is_taken(
    make_app: Callable[..., App], shots: Path
) -> None:
    """Over a slow link, the page's scripts (its own and the runtime's) are still on
    their way when the page first shows: the tap on a game's card is answered at
    once, Add a player gives a name field, and the loading bar is in sight."""
    app = make_app(viewport=(360, 740), has_touch=True, is_mobile=True)
    page = app.page
    held: list[Route] = []
    page.route(SCRIPTS, lambda route: held.append(route))
    devtools = app.context.new_cdp_session(page)
    devtools.send("Network.enable")
    devtools.send("Network.emulateNetworkConditions", SLOW_4G)
    page.goto(app.base, wait_until="commit")
    page.locator(".game-card.penta").tap()
    expect(page.locator("#penta-setup-title")).to_be_visible(timeout=5_000)
    page.locator("#penta-name-0").fill("Ann")
    page.locator("#penta-add").tap()
    second = page.locator("#penta-name-1")
    expect(second).to_be_focused()
    page.keyboard.type("Bob")
    # A slow start never looks like a still page: its bar is in sight.
    bar = page.locator("#boot .boot-track").bounding_box()
    assert bar is not None and bar["y"] >= 0 and bar["y"] + bar["height"] <= 740, bar
    expect(page.locator("#boot-text")).to_have_text("Loading…")
    page.screenshot(path=str(shots / "early-slow-penta-phone.png"))
    assert held and not ready(page), "the scripts arrived before the test could act"
    devtools.send(
        "Network.emulateNetworkConditions",
        {**SLOW_4G, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    for route in held:
        route.continue_()
    page.unroute(SCRIPTS)
    app.wait_ready()
    expect(second).to_have_value("Bob")
    page.locator("#penta-start").tap()
    expect(page.locator("#penta-roll")).to_be_visible()
    assert seats(page, "penta") == ["Ann", "Bob", "Computer"]


def test_a_duel_link_shows_its_challenger_before_the_app_has_loaded(
    make_app: Callable[..., App], shots: Path
) -> None:
    found = duel.Duel("farkle", "standard", "duel/farkle/5e1f", (duel.Result("Ann", 3100, ""),))
    app, held = early(
        make_app,
        duel.PREFIX + duel.encode(found),
        locale="fr-FR",
        viewport=(390, 844),
        has_touch=True,
        is_mobile=True,
    )
    page = app.page
    expect(page.locator("#fk-challenge-title")).to_have_text("Duel · Farkle")
    expect(page.locator("#fk-standings li")).to_have_text(["Ann\u202f: 3\u202f100"])
    assert not ready(page)
    assert audit(page, "a duel link drawn ahead, fr") == []
    page.screenshot(path=str(shots / "early-duel-phone-fr.png"), full_page=True)
    page.locator("#fk-name-0").fill("Zoé")
    page.locator("#fk-play").tap()
    expect(page.get_by_role("status").filter(has_text="La partie commence dès")).to_be_visible()
    held.release()
    expect(page.locator("#fk-roll")).to_be_visible()
    assert seats(page, "farkle-duel") == ["Zoé"]


def test_a_daily_link_shows_its_introduction_before_the_app_has_loaded(
    make_app: Callable[..., App], shots: Path
) -> None:
    app, held = early(make_app, "#/daily/penta", viewport=(320, 568), color_scheme="dark")
    page = app.page
    expect(page.locator("#penta-challenge-title")).to_have_text("Daily dice · Penta")
    iso = page.evaluate(
        "new Date(Date.now() - new Date().getTimezoneOffset() * 60000).toISOString().slice(0, 10)"
    )
    expect(page.locator(".challenge-lead")).to_have_text(
        f"The same dice for everyone today, {day(Translator('en'), iso)}."
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.screenshot(path=str(shots / "early-daily-phone-dark.png"))
    page.locator("#penta-play").click()
    expect(page.locator("#penta-play")).to_have_attribute("aria-busy", "true")
    held.release()
    expect(page.locator("#penta-roll")).to_be_visible()
    assert page.evaluate("JSON.parse(localStorage.getItem('zaria.daily')).days.penta")[iso]
