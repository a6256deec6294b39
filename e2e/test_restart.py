"""The page's restart hook, ``window.zariaPy.restart()``, on which the shared page
of these tests relies: a new app as after a reload, in the Python already running,
with nothing of the old one left behind."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from conftest import RESET_AT, App, SharedPage, no_error_box

#: What a test could inherit from the one before it on the shared page.
STATE = """() => ({
  theme: document.documentElement.dataset.theme,
  lang: document.documentElement.lang,
  history: history.state,
  live: document.getElementById("live").textContent,
  alert: document.getElementById("alert").textContent,
  focusOnBody: document.activeElement === document.body,
  selection: String(getSelection()),
  scrolled: scrollY,
  stored: localStorage.length + sessionStorage.length,
  address: location.search,
  dialogs: document.querySelectorAll("[role=alertdialog], dialog[open]").length,
})"""
#: Record each change of ``html[data-ready]``: whether it is there afterwards.
WATCH_READY = """() => {
  window.readyChanges = [];
  new MutationObserver(() => readyChanges.push("ready" in document.documentElement.dataset))
    .observe(document.documentElement, {attributes: true, attributeFilter: ["data-ready"]});
}"""
#: The third roll (its dice announced, the countdown to the automatic record
#: started), then the reset at once, in the same task.
ROLL_THEN_RESET = (
    "async url => { document.getElementById('penta-roll').click(); await (" + RESET_AT + ")(url); }"
)


def fetched(app: App, path: str) -> int:
    return sum(1 for url in app.requests if url.split("?")[0].endswith(path))


def start_penta(page: Page) -> None:
    page.locator(".game-card.penta").click()
    page.locator("#penta-name-0").fill("Ann")
    page.locator("#penta-computer").uncheck()
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_enabled()


def test_a_restart_leaves_nothing_of_the_old_app_behind(app: App) -> None:
    page = app.open("?dice=11111,11111,44421")
    page.evaluate("window.sameDocument = true")
    page.set_viewport_size({"width": 1280, "height": 400})  # short: the page scrolls
    page.locator(".theme-btn").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.select_option("#lang", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    start_penta(page)
    expect(page.locator("section.penta")).to_have_attribute("data-strategy", "ready")
    for used in (1, 2):
        page.locator("#penta-roll").click()
        expect(page.locator(".roll-pip.used")).to_have_count(used)
    page.locator("#penta-rules").click()
    page.locator("#rules-back-top").click()  # history: home, Penta, rules, back to Penta
    page.locator("#die-2").focus()
    page.evaluate("window.scrollTo(0, 300)")
    assert page.evaluate("scrollY") > 0
    wasm = fetched(app, "/pyodide.asm.wasm.zst")
    tables = fetched(app, "/data/penta_table.bin")  # none if an earlier test had it

    page.evaluate(WATCH_READY)
    page.evaluate(ROLL_THEN_RESET, app.base)
    assert page.evaluate("readyChanges") == [False, True]
    # The old countdown would redraw its screen a second after the roll (and record
    # it, saving the game, two seconds later); its dice would be read out after 30 ms.
    page.wait_for_timeout(1200)
    assert page.evaluate(STATE) == {
        "theme": "system",
        "lang": "en",
        "history": {"zaria": "home", "depth": 0},
        "live": "",
        "alert": "",
        "focusOnBody": True,
        "selection": "",
        "scrolled": 0,
        "stored": 0,
        "address": "",
        "dialogs": 0,
    }
    expect(page.locator(".game-card.penta")).to_be_visible()
    expect(page.locator("#resume-penta")).to_have_count(0)
    page.go_forward()  # nothing ahead: the old Penta and rules entries were dropped
    expect(page.locator(".game-card.penta")).to_be_visible()
    assert page.evaluate("history.state") == {"zaria": "home", "depth": 0}

    # The same document and Python: nothing downloaded again, the table kept.
    assert page.evaluate("window.sameDocument") is True
    assert fetched(app, "/pyodide.asm.wasm.zst") == wasm
    # The address is read again: these dice, not the old ones.
    app.open("?dice=66666")
    start_penta(page)
    expect(page.locator("section.penta")).to_have_attribute("data-strategy", "ready")
    page.locator("#penta-roll").click()
    for i in range(5):
        expect(page.locator(f"#die-{i}")).to_have_attribute("data-value", "6")
    assert fetched(app, "/data/penta_table.bin") == tables
    no_error_box(page)


def test_a_restart_while_the_app_steps_back_lands_on_home(app: App) -> None:
    page = app.open()
    start_penta(page)
    page.locator("#penta-rules").click()
    expect(page.locator("article.rules")).to_be_visible()
    assert page.evaluate("history.state.depth") == 2
    # Home from the rules steps back two entries; the restart comes before the
    # browser has got there.
    page.evaluate(
        "async () => { document.querySelector('.brand').click(); await zariaPy.restart(); }"
    )
    page.wait_for_timeout(500)
    expect(page.locator(".game-card.penta")).to_be_visible()
    assert page.evaluate("history.state") == {"zaria": "home", "depth": 0}
    page.go_forward()
    page.wait_for_timeout(300)
    expect(page.locator("article.rules")).to_have_count(0)
    expect(page.locator("#penta-roll")).to_have_count(0)


def test_tab_starts_from_the_top_after_a_restart_as_after_a_load(app: App) -> None:
    page = app.open()
    start_penta(page)
    page.locator("#penta-roll").focus()
    page.locator("#penta-new").click()  # the new game question: open, focused
    expect(page.locator("#penta-keep")).to_be_focused()
    app.reset()
    expect(page.locator("[role=alertdialog]")).to_have_count(0)
    page.keyboard.press("Tab")
    expect(page.locator(".brand")).to_be_focused()  # the first stop of a page just loaded


def test_the_shared_page_is_handed_on_clean_or_replaced(app: App, shared_page: SharedPage) -> None:
    page = app.open("?dice=11111")
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="dark")
    page.route("**/web/img/icon.svg", lambda route: route.abort())
    app.allowed_errors.append("net::ERR_FAILED")  # the icon, if the page asks for it again
    page.select_option("#lang", "fr")
    page.evaluate("sessionStorage.setItem('left', 'over')")
    # What the fixture does between this test and the next.
    shared_page.take_back(app)
    after = shared_page.hand_out()
    assert after.page is page  # the same page, not started again
    assert page.viewport_size == {"width": 1280, "height": 800}
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") is False
    assert page.evaluate("fetch('web/img/icon.svg').then(r => r.ok)") is True  # no route
    assert page.evaluate(STATE)["lang"] == "en"
    assert page.evaluate(STATE)["stored"] == 0

    # A page running Playwright's clock cannot be restarted: its context is replaced.
    page.clock.install()
    shared_page.take_back(after)
    fresh = shared_page.hand_out()
    assert fresh.page is not page and page.is_closed()
    assert fresh.page.evaluate("'__pwClock' in window") is False
    expect(fresh.page.locator(".game-card.penta")).to_be_enabled()
    for handed in (after, fresh):
        handed.check()
