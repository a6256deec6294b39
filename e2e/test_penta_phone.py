"""Penta's table on a phone: the whole turn on one screen, the countdown, the contrast
of every box state, the other players' sheets, and the small points of the controls."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from a11y import tab_to
from conftest import RESET_AT, RESTART_AT, App, _attach, _new_context, fill_seats, no_error_box
from test_penta_ui import roll
from zaria.i18n import Translator

PHONE = {"has_touch": True, "is_mobile": True}
LONG = "Bartholomew Featherstone"  # 24 characters


def start(
    page: Page, names: list[str], computer: bool = False, lang: str = "en", delay: str = ""
) -> None:
    """Open Penta from home in ``lang`` and start a game of these people (no hand-over
    card; ``delay``: the auto-record setting)."""
    if lang != "en":
        page.select_option("#lang", lang)
    page.locator(".game-card.penta").click()
    page.locator("#penta-start").wait_for()
    if delay:
        page.locator("#penta-autorecord").select_option(delay)
    fill_seats(page, "penta", names, computer)
    handover = page.locator("#penta-handover-setting")
    if handover.count() and handover.is_checked():
        handover.click()
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_visible()


# -- a phone's page with Playwright's clock -----------------------------------------------


@pytest.fixture(scope="module")
def clock_page(browser: Browser, site_url: str) -> Iterator[App]:
    """A phone's page whose clock is Playwright's, installed before its one load (the
    countdown waits while a test looks): the tests of the countdown share it, its app
    restarted in place between them, as the shared pages are (which cannot have it)."""
    context = _new_context(browser, viewport=(390, 844), **PHONE)
    app = App(context=context, page=None, base=site_url)  # type: ignore[arg-type]
    _attach(context, lambda: app)
    app.page = context.new_page()
    app.page.clock.install()
    app.open()
    yield app
    context.close()


@pytest.fixture
def clock_phone(clock_page: App) -> Iterator[Callable[[tuple[int, int]], App]]:
    """``clock_phone((w, h))``: the clock's page at that size, storage empty, its app
    restarted at the site's root address; what it reported is checked after the test."""
    clock_page.page.evaluate(RESET_AT, clock_page.base)

    def make(viewport: tuple[int, int]) -> App:
        clock_page.page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        return clock_page

    yield make
    clock_page.page.clock.resume()  # a test may have stopped time (see hold_time)
    clock_page.page.emulate_media(reduced_motion="no-preference")
    clock_page.check_and_forget()


def hold_time(page: Page) -> None:
    """Stop the page's clock where it is: its timers (the countdown's seconds) fire
    only when the test runs the clock, however slow the machine is (an installed
    clock otherwise goes on with real time)."""
    page.clock.pause_at(page.evaluate("Date.now()"))


def open_at(app: App, path: str) -> Page:
    """Restart the app of the clock's page at ``path`` (a load would start a new clock)."""
    app.page.evaluate(RESTART_AT, app.base + path)
    app.wait_ready()
    return app.page


# -- 1. the whole turn on one screen ---------------------------------------------------

#: The current player's 13 boxes (a cell before the first roll, a button after), the
#: dice, Roll and Validate: each one's box, and whether it is the element drawn at
#: its centre (not hidden under another, such as the buttons pinned at the bottom).
PLACES = """() => {
  const els = [...document.querySelectorAll(
    "tr.box-row td.cur, .dice-tray .die, #penta-roll, #penta-validate")];
  return els.map(e => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return {name: e.id || e.parentElement.className, top: r.top, bottom: r.bottom,
            left: r.left, right: r.right, seen: !!hit && (e.contains(hit) || hit.contains(e))};
  });
}"""


def places(page: Page) -> list[dict[str, Any]]:
    page.evaluate("scrollTo(0, 0)")
    found: list[dict[str, Any]] = page.evaluate(PLACES)
    assert len(found) == 13 + 5 + 2, found
    return found


def off_screen(page: Page) -> list[str]:
    """What of the turn is not on the screen, unscrolled."""
    size = page.viewport_size
    assert size is not None
    return [
        f"{p['name']} {round(p['top'])}-{round(p['bottom'])}"
        for p in places(page)
        if p["top"] < 0
        or p["bottom"] > size["height"]
        or p["left"] < 0
        or p["right"] > size["width"]
        or not p["seen"]
    ]


def turn_moments(page: Page) -> list[str]:
    """Play a turn, noting at each moment what is off the screen."""
    problems = []
    problems += [f"before the first roll: {x}" for x in off_screen(page)]
    for n in (1, 2, 3):
        roll(page)
        if n == 1:
            page.locator("#die-0").click()  # a held die stands a little higher
        problems += [f"after roll {n}: {x}" for x in off_screen(page)]
    expect(page.locator("#penta-countdown")).to_be_visible()
    problems += [f"with the countdown: {x}" for x in off_screen(page)]
    page.locator("#box-chance").click()
    expect(page.locator("#box-chance")).to_have_attribute("aria-pressed", "true")
    problems += [f"with a box chosen: {x}" for x in off_screen(page)]
    return problems


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["390x844", "844x390"])
@pytest.mark.parametrize("players", [1, 2])
def test_the_whole_turn_is_on_one_phone_screen(
    clock_phone: Callable[[tuple[int, int]], App],
    shots: Path,
    size: tuple[int, int],
    players: int,
) -> None:
    app = clock_phone(size)  # the countdown waits while the test looks
    page = open_at(app, "?dice=44256,44,11111")
    start(page, ["Ann", "Ben"][:players])
    assert turn_moments(page) == []
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(shots / f"penta-phone-turn-{size[0]}x{size[1]}-{players}p.png"))
    no_error_box(page)


def test_a_320_phone_shows_the_dice_and_buttons_and_scrolls_only_the_sheet(
    clock_phone: Callable[[tuple[int, int]], App], shots: Path
) -> None:
    """The dice, Roll and Validate are in sight at every moment of a turn, the page
    unscrolled; every box is reached by scrolling the sheet alone, the dice staying put."""
    app = clock_phone((320, 640))
    page = open_at(app, "?dice=44256,44,11111")
    start(page, ["Ann", "Ben"])
    for n in range(4):
        if n:
            roll(page)
        found = places(page)
        tapped = [p for p in found if p["name"].startswith(("die-", "penta-"))]
        assert all(p["seen"] and p["top"] >= 0 and p["bottom"] <= 640 for p in tapped), tapped
        for box in ("aces", "sixes", "penta", "chance"):
            page.evaluate(
                "id => document.querySelector('tr.' + id + ' td.cur')"
                ".scrollIntoView({block: 'nearest'})",
                box,
            )
            shown = page.evaluate(PLACES)
            assert page.evaluate("scrollY") == 0
            row = next(p for p in shown if p["name"].endswith(f" {box}"))
            assert row["seen"] and row["bottom"] <= 640, (box, row)
            assert [p for p in shown if p["name"].startswith("die-")] == [
                p for p in found if p["name"].startswith("die-")
            ]
    page.screenshot(path=str(shots / "penta-phone-turn-320x640.png"))


# -- 3. the contrast of every box state -------------------------------------------------

#: The text colour of ``el`` and the colour it is drawn on: the first opaque background
#: among it and its ancestors, with the translucent ones above it laid over it, and the
#: text faded by the opacity of every element up there.
COLOURS = """el => {
  const parse = c => {
    const m = c.match(/[\\d.]+/g).map(Number);
    if (c.startsWith("color(")) {
      return [m[0] * 255, m[1] * 255, m[2] * 255, m.length > 3 ? m[3] : 1];
    }
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const layers = [];
  let opacity = 1;
  for (let e = el; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    opacity *= Number(style.opacity);
    const bg = parse(style.backgroundColor);
    if (bg[3] > 0) layers.push(bg);
    if (bg[3] >= 1) break;
  }
  let base = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : [255, 255, 255, 1];
  for (const layer of layers.reverse()) {
    base = base.map((v, i) => i < 3 ? v * (1 - layer[3]) + layer[i] * layer[3] : 1);
  }
  const text = parse(getComputedStyle(el).color);
  const a = text[3] * opacity;
  return {text: text.slice(0, 3).map((v, i) => v * a + base[i] * (1 - a)), back: base.slice(0, 3)};
}"""


def luminance(rgb: list[float]) -> float:
    def channel(v: float) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_contrasts(page: Page, state: str, selector: str) -> list[tuple[str, str, float]]:
    """Each text of the matched box cells, with its contrast against what it is drawn on."""
    texts = page.locator(selector)
    assert texts.count(), f"{state}: nothing matches {selector}"
    out = []
    for i in range(texts.count()):
        el = texts.nth(i)
        colours = el.evaluate(COLOURS)
        label = el.evaluate("e => (e.closest('tr')?.className || '') + ' ' + e.textContent")
        out.append((state, label, round(contrast(colours["text"], colours["back"]), 2)))
    return out


# Eleven turns fill every box but Full house and Large straight (as in test_penta_ui).
SACRIFICE_FILL = (
    ("11111", "penta"), ("11222", "aces"), ("22333", "twos"), ("33344", "threes"),
    ("44455", "fours"), ("55566", "fives"), ("66611", "sixes"), ("33345", "three_kind"),
    ("44442", "four_kind"), ("12346", "small_straight"), ("65432", "chance"),
)  # fmt: skip
BOX_TEXT = "tr.box-row td.cur .box-btn .pot, tr.box-row td.cur .box-btn .coach-ev"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_box_state_keeps_its_text_readable(
    app: App, shots: Path, scheme: Literal["light", "dark"]
) -> None:
    app.page.emulate_media(color_scheme=scheme)
    app.page.set_viewport_size({"width": 390, "height": 844})
    # 44444: a Penta; then 44444 again, the joker forcing Fours; then no box scores.
    fill = ",".join(["44444", "44444"])
    page = app.open(f"?dice={fill},11346,11346,11346")
    start(page, ["Ann"], delay="10")  # time to look at the countdown's box
    found = []
    roll(page)
    found += text_contrasts(page, "potential (some 0)", BOX_TEXT)
    page.locator("#box-aces").click()
    found += text_contrasts(page, "selected 0", "td.selected .pot")
    page.locator("#box-penta").click()
    found += text_contrasts(page, "selected", "td.selected .pot")
    page.locator("#penta-coach").click()
    expect(page.locator(".coach-ev")).to_have_count(13)
    found += text_contrasts(page, "coach figures", BOX_TEXT)
    page.locator("#penta-coach").click()
    page.locator("#penta-validate").click()
    found += text_contrasts(page, "recorded", "tr.penta td.cur")
    roll(page)
    expect(page.locator("#box-aces")).to_be_disabled()
    found += text_contrasts(page, "joker-forced and disabled", BOX_TEXT)
    page.locator("#box-fours").focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # by the keyboard: the focus ring shows
    expect(page.locator("#box-fours")).to_be_focused()
    found += text_contrasts(page, "focused", "#box-fours .pot")
    page.locator("#box-fours").click()
    page.locator("#penta-validate").click()
    for _ in range(3):
        roll(page)
    expect(page.locator("td.auto")).to_have_count(1)
    found += text_contrasts(page, "the countdown's box", "td.auto .pot")
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=str(shots / f"penta-phone-box-states-{scheme}.png"))
    # Eleven boxes filled, then a roll that fits neither of the two left: a sacrifice.
    app.reset()
    page = app.open(f"?dice={','.join(d for d, _ in SACRIFICE_FILL)},11346,11346,11346")
    start(page, ["Ann"], delay="10")
    for _, box in SACRIFICE_FILL:
        roll(page)
        page.locator(f"#box-{box}").click()
        page.locator("#penta-validate").click()
    for _ in range(3):
        roll(page)
    expect(page.locator(".sacrifice")).to_be_visible()
    found += text_contrasts(page, "sacrifice", BOX_TEXT)
    page.locator("#box-full_house").click()
    found += text_contrasts(page, "sacrifice chosen", "td.selected .pot")
    found += text_contrasts(page, "recorded", "tr.box-row td.cur.num")
    low = [f for f in found if f[2] < 4.5]
    lowest = min(found, key=lambda f: f[2])
    print(f"lowest text contrast of a box, {scheme}: {lowest[2]:.2f}:1 ({lowest[0]})")
    assert not low, low


# -- 2. the auto-record countdown -------------------------------------------------------


def test_the_countdown_names_its_box_highlights_it_and_shows_time_passing(
    clock_phone: Callable[[tuple[int, int]], App], shots: Path
) -> None:
    app = clock_phone((390, 844))  # its clock installed before the page loaded
    page = open_at(app, "?dice=11111,11111,44421")
    start(page, ["Ann"])
    for _ in range(2):
        roll(page)
    hold_time(page)
    roll(page)
    countdown = page.locator("#penta-countdown")
    expect(countdown).to_contain_text("Recording automatically in 3 s in Fours")
    # The box it records in is marked apart: a class, and a thicker frame.
    expect(page.locator("td.auto")).to_have_count(1)
    expect(page.locator("td.auto #box-fours")).to_have_count(1)
    frame = page.locator("#box-fours").evaluate(
        "e => parseFloat(getComputedStyle(e).borderTopWidth)"
    )
    other = page.locator("#box-aces").evaluate(
        "e => parseFloat(getComputedStyle(e).borderTopWidth)"
    )
    assert frame >= 3 > other
    assert page.locator("#box-fours .auto-mark").is_visible()
    bar = page.locator(".countdown-bar")
    assert bar.evaluate("e => getComputedStyle(e).animationName") == "countdown"
    assert bar.get_attribute("style") == "--from:1.000;--to:0.667"
    page.screenshot(path=str(shots / "penta-phone-countdown.png"))
    page.clock.run_for(1000)
    expect(countdown).to_contain_text("in 2 s in Fours")
    assert bar.get_attribute("style") == "--from:0.667;--to:0.333"
    # Without motion the bar stands still, at the share of time left.
    page.emulate_media(reduced_motion="reduce")
    assert bar.evaluate("e => getComputedStyle(e).animationName") == "none"
    width = bar.evaluate("e => e.getBoundingClientRect().width")
    track = page.locator(".countdown-track").evaluate("e => e.getBoundingClientRect().width")
    assert abs(width - track * 0.667) < 2
    page.clock.run_for(2100)
    expect(page.locator("tr.fours td").first).to_have_text("12")
    expect(page.locator("td.auto")).to_have_count(0)


# -- 5. small points ------------------------------------------------------------------


def test_validate_is_one_tab_after_the_chosen_box(app: App) -> None:
    page = app.open("?dice=44256,44,11111")
    start(page, ["Ann"])
    roll(page)  # Roll stays enabled: two rolls are left
    tab_to(page, "#box-fours")
    page.keyboard.press("Enter")
    expect(page.locator("#box-fours")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#box-fours")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#penta-validate")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # unchosen: every box is in the Tab order again
    expect(page.locator("#box-fours")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Tab")
    expect(page.locator("#box-fives")).to_be_focused()


#: The lines the words of an element take: the distinct tops of its text's boxes.
TEXT_LINES = """e => {
  const range = document.createRange();
  const tops = new Set();
  for (const node of e.childNodes) {
    if (node.nodeType === Node.TEXT_NODE || node.tagName === "SPAN") {
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
  }
  return tops.size;
}"""


def validate_shown(app: App, lang: str, width: int, height: int) -> Locator:
    """Validate round, enabled after a box is chosen, on a page of that size; its
    words fit inside it."""
    app.page.set_viewport_size({"width": width, "height": height})
    page = app.open("?dice=44256")
    start(page, ["Ann"], lang=lang)
    roll(page)
    page.locator("#box-fours").click()
    button = page.locator("#penta-validate")
    expect(button).to_contain_text(Translator(lang)("penta.validate"))
    assert button.evaluate("e => e.scrollWidth <= e.clientWidth")
    return button


@pytest.mark.parametrize("lang", ["en", "fr", "el", "tr"])
@pytest.mark.parametrize("width", [390, 844, 1280])
def test_validate_round_stays_on_one_line(app: App, lang: str, width: int) -> None:
    assert validate_shown(app, lang, width, 844).evaluate(TEXT_LINES) == 1


@pytest.mark.parametrize("lang", ["en", "fr", "el", "tr"])
def test_validate_round_fits_its_button_on_a_320_px_phone(app: App, lang: str) -> None:
    button = validate_shown(app, lang, 320, 640)
    page = button.page
    label = button.locator(".label").bounding_box()
    box = button.bounding_box()
    assert label is not None and box is not None
    assert box["x"] <= label["x"] and label["x"] + label["width"] <= box["x"] + box["width"]
    # A sum's name and its figure side by side, apart (the bonus: «λείπουν 63»).
    names = page.locator(".sheet tr.bonus th").bounding_box()
    figure = page.locator(".sheet tr.bonus td.cur").bounding_box()
    assert names is not None and figure is not None
    assert names["x"] + names["width"] <= figure["x"] + 0.5


@pytest.mark.parametrize("lang", ["en", "fr", "el", "tr"])
def test_validate_round_fits_its_button_on_a_phone_on_its_side(
    phone: Callable[..., App], lang: str
) -> None:
    # «Επικύρωση γύρου» and «Turu onayla» go onto two lines rather than past the button
    # (a touch screen: no key hint beside them).
    button = validate_shown(phone(viewport=(844, 390)), lang, 844, 390)
    label = button.locator(".label").bounding_box()
    box = button.bounding_box()
    assert label is not None and box is not None
    assert box["x"] <= label["x"] and label["x"] + label["width"] <= box["x"] + box["width"]


def where(page: Page, selector: str) -> tuple[float, float]:
    """The place of an element on the page (not in the window: the page may scroll)."""
    x, y = page.locator(selector).evaluate(
        "e => [e.getBoundingClientRect().left + scrollX, e.getBoundingClientRect().top + scrollY]"
    )
    return float(x), float(y)


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_opening_the_settings_keeps_their_button_in_its_row(app: App, width: int) -> None:
    app.page.set_viewport_size({"width": width, "height": 800})
    page = app.open()
    start(page, ["Ann"])
    summary = page.locator("#penta-more-summary")
    summary.scroll_into_view_if_needed()
    before = where(page, "#penta-more-summary")
    assert abs(before[1] - where(page, "#penta-rules")[1]) < 1  # one row, closed
    summary.click()
    expect(page.locator("#penta-more")).to_have_attribute("open", "")
    expect(page.locator("#penta-pace")).to_be_visible()
    after = where(page, "#penta-more-summary")
    assert abs(after[0] - before[0]) < 1 and abs(after[1] - before[1]) < 1
    assert abs(after[1] - where(page, "#penta-rules")[1]) < 1  # still on the row of Rules
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("lang", ["en", "fr", "el", "tr"])
def test_a_roll_refused_with_every_die_held_says_why(app: App, lang: str) -> None:
    page = app.open("?dice=44256")
    start(page, ["Ann"], lang=lang)
    roll(page)
    expect(page.locator("#penta-roll-why")).to_have_count(0)
    for i in range(5):
        page.locator(f"#die-{i}").click()
        expect(page.locator(f"#die-{i}")).to_have_attribute("aria-pressed", "true")
    roll_button = page.locator("#penta-roll")
    expect(roll_button).to_be_disabled()
    why = page.locator("#penta-roll-why")
    expect(why).to_be_visible()
    expect(why).to_have_text(Translator(lang)("err.penta.all_held"))
    expect(roll_button).to_have_attribute("aria-describedby", "penta-roll-why")
    expect(roll_button).to_have_accessible_description(Translator(lang)("err.penta.all_held"))
    page.locator("#die-2").click()
    expect(roll_button).to_be_enabled()
    expect(why).to_have_count(0)


#: The focus ring of the focused element: its outline colour and what it is beside.
RING = """e => [getComputedStyle(e).outlineColor, getComputedStyle(e).outlineStyle,
  getComputedStyle(e).outlineWidth,
  getComputedStyle(e.querySelector(".face-body")).fill,
  getComputedStyle(e.querySelector(".face-body")).stroke]"""


def rgb(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"[\d.]+", text)[:3]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_ring_shows_on_a_held_die(
    app: App, shots: Path, scheme: Literal["light", "dark"]
) -> None:
    app.page.emulate_media(color_scheme=scheme)
    page = app.open("?dice=44256")
    start(page, ["Ann"])
    roll(page)
    tab_to(page, "#die-0")
    page.keyboard.press("Space")
    expect(page.locator("#die-0")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#die-0")).to_be_focused()
    ring, style, width, fill, stroke = page.locator("#die-0").evaluate(RING)
    assert style == "solid" and float(width.rstrip("px")) >= 2
    assert contrast(rgb(ring), rgb(fill)) >= 3, (ring, fill)
    assert contrast(rgb(ring), rgb(stroke)) >= 3, (ring, stroke)
    page.locator(".dice-tray").screenshot(path=str(shots / f"penta-held-focus-{scheme}.png"))


BANNER = ".turn-name, .round, .handover"


@pytest.mark.parametrize("lang", ["en", "fr", "el", "tr"])
def test_the_turn_banner_is_whole_on_a_320_phone(app: App, lang: str) -> None:
    app.page.set_viewport_size({"width": 320, "height": 640})
    page = app.open("?dice=44256")
    start(page, [LONG, "Ann"], lang=lang)
    expect(page.locator(".handover")).to_be_visible()
    for el in page.locator(BANNER).all():
        assert el.evaluate("e => e.scrollWidth <= e.clientWidth"), el.inner_text()
        box = el.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
    expect(page.locator(".handover")).to_contain_text(LONG)
    expect(page.locator(".turn-name")).to_have_text(LONG)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


# -- 4. the other players' sheets ---------------------------------------------------------


@pytest.mark.parametrize("width", [320, 390])
def test_every_players_sheet_is_readable_on_a_phone(app: App, shots: Path, width: int) -> None:
    app.page.set_viewport_size({"width": width, "height": 740})
    page = app.open("?dice=44256")
    names = [LONG, "Ann", "Ben", "Σταυρούλα", "Dan", "Eve"]
    start(page, names, computer=True)  # seven seats
    roll(page)
    page.locator("#box-fours").click()
    page.locator("#penta-validate").click()
    toggle = page.locator("#penta-sheet-toggle")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator(".sheet.show-all")).to_be_attached()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    expect(page.locator("#penta-scroll-hint")).to_be_visible()
    wrap = page.locator(".sheet-wrap")
    expect(wrap).to_have_attribute("role", "region")
    expect(wrap).to_have_attribute("tabindex", "0")
    assert wrap.evaluate("e => e.scrollWidth > e.clientWidth")  # it scrolls, inside
    page.screenshot(path=str(shots / f"penta-phone-all-{width}.png"), full_page=True)
    aces = page.locator("tr.aces th")
    name_x = aces.bounding_box()
    # Every column scrolls into sight, the box names staying put at the left.
    heads = page.locator(".sheet thead th.cur, .sheet thead th.other")
    expect(heads).to_have_count(7)
    for i in range(7):
        head = heads.nth(i)
        head.scroll_into_view_if_needed()
        box, fixed = head.bounding_box(), aces.bounding_box()
        assert box is not None and fixed is not None and name_x is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (i, box)
        assert abs(fixed["x"] - name_x["x"]) < 1  # the names did not move
        assert box["x"] >= fixed["x"] + fixed["width"] - 1  # not under the names
    # The bonus still to get keeps to one line.
    bonus = page.locator("tr.bonus td").first
    height = bonus.evaluate("e => e.getBoundingClientRect().height")
    assert height < 50
    assert bonus.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    wrap.evaluate("e => e.scrollLeft = e.scrollWidth")
    page.screenshot(path=str(shots / f"penta-phone-all-{width}-scrolled.png"))
