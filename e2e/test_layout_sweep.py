"""Every screen at six sizes, in the four languages, light and dark: nothing scrolls or
sticks out sideways and no text is cut; and nothing a player taps moves during a turn.

The sweep walks the screens on one page. On each it switches the language (the
header's list: the app draws the screen again in place), the window's size and the
scheme (emulated), and measures in the page (:data:`MEASURE`):

- the page scrolls sideways: ``scrollWidth`` of the document beyond ``innerWidth``;
- something sticks out: a control, a table cell, a label or an element with text of
  its own whose box, cut to what its clipping ancestors show, passes the window's left
  or right edge. It is named by the outermost boxes that stick out, with the box they
  are in, and how far the farthest of the words or controls in them reaches;
- a text is cut: an element that clips (overflow hidden or clip) is wider inside than
  its box; not text for screen readers only (clipped to a pixel), nor what is typed in
  a field. A name a player typed, cut short with an ellipsis, is not a fault either
  (names have no limit: cutting the long ones is the design; they are listed on the
  test's output), but the app's own words cut so are;
- a box scrolls sideways inside the page (overflow auto or scroll) with no visible sign
  that it does: a scroll hint shown beside it or a fade at its edge (a scroll bar is
  none: phones show one only while it scrolls). Every such box is listed on the output.

The phones' sizes are measured as a touch screen with no mouse, as the page is shown
there (it hides the keys' hints); 1024×768 and 1280×800 with a mouse. Once a touch
screen has been emulated a page has no hover until it is loaded again, so the sweeps
have a page of their own, closed after them; at the two larger sizes the score pad's
hint for the keys, shown only where there is hover, is therefore not measured.

The turns: a game of Penta and one of Farkle, each between two people and the computer,
on a page with Playwright's clock (the countdown and the computer's steps wait for the
test), each turn in another language and theme. At each moment of a turn (before a
roll, after each roll, a die held or set aside, a tap refused, the hint to roll, the
countdown, hot dice, a lost turn, each second of the computer's play and the moment
its banner goes), at each size, the boxes of what a player taps (Roll, Validate, Bank,
Undo, each place of the dice) are noted as laid out, the page at its top: a held die's
lift is its own transform, a sign of its state, and not counted. From one moment to the
next within a turn none may move by more than 1 px. The computer's turn is followed from
the last moment of the turn before it to the next person's first roll.

Each test gathers every fault and fails once, naming each by screen, size, language,
theme, element and pixels.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, CDPSession, Page, expect

from conftest import App, _attach, _new_context, fill_seats

SIZES = ((320, 568), (360, 740), (390, 844), (844, 390), (1024, 768), (1280, 800))
LANGS = ("en", "fr", "el", "tr")
THEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")
#: The sizes of phones, upright or on their side: a touch screen with no mouse there
#: (the page hides the keys' hints); a mouse at the other two.
PHONES = frozenset(SIZES[:4])
LONG = "Alexandrina Konstantinou"  # 24 characters, as in the phone tests
#: Every name the players type here.
TYPED = (LONG, "Σταυρούλα", "Ann", "Ben", "Bob", "Dan", "Eve")
#: The most a control may move within a turn, in px.
STILL = 1.0

#: What of the page is out of place now, given the names the players typed: ``found``
#: as [kind, element, px], every box that scrolls sideways inside the page as [element,
#: px, has a sign], each typed name cut short with an ellipsis, and the page's language.
MEASURE = """names => {
  const typed = new Set(names);
  const W = Math.min(innerWidth, document.documentElement.clientWidth);
  const found = [], scrollers = [], ellipses = [], groups = [];
  const words = e => (e.innerText || e.value || e.getAttribute("aria-label") || "")
    .replace(/\\s+/g, " ").trim().slice(0, 32);
  const name = e => {
    let s = e.tagName.toLowerCase();
    if (e.id) return s + "#" + e.id;
    const cls = [...e.classList].slice(0, 2).join(".");
    if (cls) s += "." + cls;
    const holder = e.parentElement && e.parentElement.closest("[id]:not(#screen)");
    return (holder ? "#" + holder.id + " " : "") + s + " " + JSON.stringify(words(e));
  };
  const CONTROLS = "button, input, select, textarea, summary, a[href], label, td, th, "
    + "[role=button], [role=radio], [role=checkbox]";
  const ownText = e => [...e.childNodes].some(n => n.nodeType === 3 && n.data.trim());
  const shown = e => e.checkVisibility({checkVisibilityCSS: true, checkOpacity: true});
  const px = v => Math.round(v * 10) / 10;
  // One pass, parents first. Each element shown has its room: the sides of the boxes
  // that clip it, and the outermost box around it that sticks out of the window (its
  // group). What is for screen readers only (clipped to a pixel) has none, nor has
  // what is inside it.
  const room = new Map([[document.body, {left: -Infinity, right: Infinity, group: null}]]);
  const sign = e => getComputedStyle(e).maskImage !== "none"
    || [...(e.parentElement || e).querySelectorAll(".scroll-hint")]
      .some(h => shown(h) && room.has(h));
  const page = document.documentElement.scrollWidth - innerWidth;
  if (page > 0) found.push(["the page scrolls sideways", "document", page]);
  for (const e of document.body.querySelectorAll("*")) {
    const up = room.get(e.parentElement);
    if (!up || e instanceof SVGElement) continue;
    const s = getComputedStyle(e);
    if (s.display === "none") continue;
    const overflow = s.overflowX, clipping = overflow !== "visible";
    const r = e.getBoundingClientRect();
    const clipped = clipping || s.clip !== "auto" || s.clipPath !== "none";
    if ((r.width <= 1 || r.height <= 1) && clipped) continue;  // read, not seen
    const left = Math.max(r.left, up.left), right = Math.min(r.right, up.right);
    const over = right > left ? Math.max(-left, right - W) : 0;
    let group = null;
    if (over > 0.5 && up.group) group = up.group;
    else if (over > 0.5) {  // the first to stick out of its container: grouped by it
      const holder = e.parentElement;
      group = groups.find(g => g.holder === holder);
      if (!group) groups.push(group = {holder, boxes: [], over: 0, inside: []});
      group.boxes.push(e);
    }
    room.set(e, {
      left: clipping ? left : up.left, right: clipping ? right : up.right, group,
    });
    if (group && (e.matches(CONTROLS) || ownText(e)) && shown(e)) {
      group.over = Math.max(group.over, over);
      group.inside.push(e);
    }
    if (!clipping) continue;
    const wide = e.scrollWidth - e.clientWidth;
    if (wide <= 0 || !shown(e)) continue;
    if (overflow === "auto" || overflow === "scroll") scrollers.push([e, wide]);
    else if (e.textContent.trim() && !e.matches("input, textarea, select")) {
      if (s.textOverflow !== "ellipsis") found.push(["text cut", name(e), wide]);
      else if (typed.has(e.textContent.trim())) ellipses.push(name(e));
      else found.push(["text cut short with an ellipsis", name(e), wide]);
    }
  }
  for (const [e, wide] of scrollers) {
    if (!sign(e)) found.push(["scrolls sideways inside with no sign of it", name(e), wide]);
  }
  // What sticks out is named by the box it sticks out of, with what shows out there.
  for (const {holder, boxes, over, inside} of groups.filter(g => g.inside.length)) {
    const out = boxes.filter(b => inside.some(e => b.contains(e)));
    const more = out.length > 3 ? ` and ${out.length - 3} more` : "";
    const what = out.slice(0, 3).map(name).join(", ") + more;
    const within = holder === document.body ? "" : ` (out of ${name(holder).split(" \\"")[0]})`;
    found.push(["sticks out of the window", what + within, px(over)]);
  }
  const lang = document.documentElement.lang;
  return {found, scrollers: scrollers.map(([e, wide]) => [name(e), wide, sign(e)]), ellipses, lang};
}"""


#: The words at the end of an element's name.
WORDS = re.compile(r' ".*"$')


@dataclass(frozen=True)
class Where:
    """One combination of the sweep."""

    screen: str
    size: tuple[int, int]
    lang: str
    theme: str

    def __str__(self) -> str:
        return f"{self.screen}, {self.size[0]}×{self.size[1]}, {self.lang}, {self.theme}"


@dataclass
class Findings:
    """What a test found: faults, and (to report) by screen the boxes that scroll
    sideways inside and the typed names cut short with an ellipsis."""

    faults: list[tuple[Where, str, str, float]] = field(default_factory=list)
    scrollers: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    ellipses: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def note(self, where: Where, measured: dict[str, Any]) -> None:
        for kind, element, px in measured["found"]:
            self.faults.append((where, kind, element, float(px)))
        for element, _px, has_sign in measured["scrollers"]:
            sign = "with a sign" if has_sign else "no sign"
            self.scrollers[where.screen].add(f"{WORDS.sub('', element)} ({sign})")
        for element in measured["ellipses"]:
            self.ellipses[where.screen].add(element)

    def summary(self) -> str:
        lines = [f"{s}: scrolls sideways inside: {sorted(v)}" for s, v in self.scrollers.items()]
        lines += [
            f"{s}: names cut short with an ellipsis: {sorted(v)}" for s, v in self.ellipses.items()
        ]
        return "\n".join(lines)

    def report(self) -> str:
        """One line per fault: where (both themes on one line when both have it), which
        element, what and by how many px."""
        themes: dict[tuple[str, tuple[int, int], str, str, str, float], list[str]] = {}
        for w, kind, element, px in self.faults:
            themes.setdefault((w.screen, w.size, w.lang, kind, element, px), []).append(w.theme)
        return "\n".join(
            f"{screen}, {size[0]}×{size[1]}, {lang}, {' and '.join(names)}: "
            f"{element} {kind} by {px:g} px"
            for (screen, size, lang, kind, element, px), names in themes.items()
        )

    def check(self) -> None:
        print(self.summary())
        if self.faults:
            pytest.fail(f"{len(self.faults)} layout faults:\n{self.report()}")


@dataclass
class Window:
    """A page of the app, and the DevTools session that makes it a touch screen at the
    phones' sizes."""

    app: App
    cdp: CDPSession
    touch: bool = False

    @property
    def page(self) -> Page:
        return self.app.page

    def size(self, width: int, height: int) -> None:
        """The window at this size: a touch screen if it is a phone's, else with a mouse."""
        self.page.set_viewport_size({"width": width, "height": height})
        touch = (width, height) in PHONES
        if touch != self.touch:
            on = {"enabled": True, "maxTouchPoints": 5}
            self.cdp.send("Emulation.setTouchEmulationEnabled", on if touch else {"enabled": False})
            self.touch = touch


#: Waits for the page to draw two frames.
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def window_of(app: App) -> Window:
    """The page of ``app`` as a :class:`Window` (with a mouse until it is a phone's size)."""
    return Window(app, app.page.context.new_cdp_session(app.page))


@pytest.fixture(scope="module")
def sweep_page(browser: Browser, site_url: str) -> Iterator[Window]:
    """The sweeps' page, restarted in place between tests like the shared page, but the
    file's own: once a touch screen has been emulated, a page has no mouse until it
    is loaded again (its hover media query stays "none"), so it is closed after."""
    context = _new_context(browser)
    app = App(context=context, page=None, base=site_url, shared=True)  # type: ignore[arg-type]
    _attach(context, lambda: app)
    app.page = context.new_page()
    app.open()
    yield window_of(app)
    context.close()


@pytest.fixture
def window(sweep_page: Window) -> Iterator[Window]:
    """The sweeps' page, storage empty, at the site's root address, 1280×800, light;
    after the test, what it reported (requests to other hosts, errors) is checked."""
    sweep_page.app.reset()
    sweep_page.size(1280, 800)
    sweep_page.page.emulate_media(color_scheme="light")
    yield sweep_page
    sweep_page.app.check_and_forget()


def fresh(w: Window, path: str) -> Page:
    """The app at ``path`` on empty storage (no game in progress)."""
    w.app.reset()
    return w.app.open(path)


def sweep(w: Window, screen: str, findings: Findings) -> None:
    """Measure the screen shown in every language, size and theme (the theme switched
    once per size: the second theme of a size is the first of the next); back to
    English, light, 1280×800 after."""
    page = w.page
    themes = list(THEMES)
    page.emulate_media(color_scheme=themes[0])
    for lang in LANGS:
        page.select_option("#lang", lang)  # answered before it returns: drawn in ``lang``
        for width, height in SIZES:
            w.size(width, height)
            # What a box's scrolling shows (its scroll-state container queries: the hint
            # under a players table) follows the layout a frame later: two frames drawn.
            page.evaluate(FRAMES)
            for n, theme in enumerate(themes):
                if n:
                    page.emulate_media(color_scheme=theme)
                measured = page.main_frame.evaluate(MEASURE, TYPED)  # no input: no settling
                assert measured["lang"] == lang, (screen, measured["lang"], lang)
                findings.note(Where(screen, (width, height), lang, theme), measured)
            themes.reverse()
    page.select_option("#lang", "en")
    page.emulate_media(color_scheme="light")
    w.size(1280, 800)


# -- the sweep: the pages around the games ----------------------------------------------


def test_the_pages_fit_every_size_language_and_theme(window: Window) -> None:
    findings = Findings()
    pages = (
        ("", "home", ".game-card.penta"),
        ("#/settings", "settings", "#settings-title"),
        ("#/rules/penta", "rules (Penta)", "article.rules[data-game=penta]"),
        ("#/rules/farkle", "rules (Farkle)", "article.rules[data-game=farkle]"),
    )
    for path, screen, shown in pages:
        page = window.app.open(path)
        expect(page.locator(shown)).to_be_visible()
        sweep(window, screen, findings)
    page = window.app.open("#/penta")
    fill_seats(page, "penta", [LONG, "Σταυρούλα"], computer=True)
    sweep(window, "Penta setup", findings)
    page = window.app.open("#/farkle")
    fill_seats(page, "fk", [LONG, "Σταυρούλα"], computer=True)
    for ident in ("#fk-opening-500", "#fk-penalty-500", "#fk-table-additive"):
        page.locator(ident).check()
    expect(page.locator("#fk-level-note")).to_be_visible()
    sweep(window, "Farkle setup (house rules chosen)", findings)
    findings.check()


# -- the sweep: the games ---------------------------------------------------------------


def start(page: Page, prefix: str, names: list[str], computer: bool, handover: bool) -> None:
    """Fill the open game's new game form and start (the hand-over card on or off; a
    score pad has no computer to ask for)."""
    page.locator(f"#{prefix}-start").wait_for()
    if page.locator(f"#{prefix}-computer").count():
        fill_seats(page, prefix, names, computer)
    else:
        for i, name in enumerate(names):
            if i:
                page.locator(f"#{prefix}-add").click()
            page.locator(f"#{prefix}-name-{i}").fill(name)
    setting = page.locator(f"#{prefix}-handover-setting")
    if setting.count() and setting.is_checked() != handover:
        setting.click()
    page.locator(f"#{prefix}-start").click()
    expect(page.locator(f"#{prefix}-roll")).to_be_visible()


def roll(page: Page) -> None:
    used = page.locator(".roll-pip.used").count()
    page.locator("#penta-roll").click()
    expect(page.locator(".roll-pip.used")).to_have_count(used + 1)


def penta_table(w: Window, findings: Findings) -> None:
    """Two people: the turn's start with its cue, then a roll with held dice and the
    coach; then six people and the computer, every player's sheet shown."""
    page = w.app.open("?dice=44256,44,11111")
    page.locator(".game-card.penta").click()
    start(page, "penta", [LONG, "Σταυρούλα"], computer=False, handover=False)
    expect(page.locator(".handover")).to_be_visible()  # "…, your turn: roll the dice!"
    sweep(w, "Penta, the turn's start", findings)
    roll(page)
    for die in ("#die-0", "#die-1"):
        page.locator(die).click()
        expect(page.locator(die)).to_have_attribute("aria-pressed", "true")
    page.locator("#penta-coach").click()
    expect(page.locator(".coach-box")).to_be_visible()
    sweep(w, "Penta, after a roll (held dice, coach)", findings)
    page = fresh(w, "?dice=44256")
    page.locator(".game-card.penta").click()
    names = [LONG, "Ann", "Ben", "Σταυρούλα", "Dan", "Eve"]
    start(page, "penta", names, computer=True, handover=False)
    roll(page)
    page.locator("#box-fours").click()
    page.locator("#penta-validate").click()
    w.size(390, 844)  # where the sheet has its switch
    page.locator("#penta-sheet-toggle").click()
    expect(page.locator(".sheet.show-all")).to_be_attached()
    sweep(w, "Penta, every player's sheet", findings)


def penta_card_and_pad(w: Window, findings: Findings) -> None:
    """The hand-over card between two people; the score pad with a throw half entered."""
    page = fresh(w, "?dice=11234")
    page.locator(".game-card.penta").click()
    start(page, "penta", [LONG, "Σταυρούλα"], computer=False, handover=True)
    roll(page)
    page.locator("#box-aces").click()
    page.locator("#penta-validate").click()
    expect(page.locator("#penta-handover")).to_be_visible()
    sweep(w, "Penta, the hand-over card", findings)
    sweep_pad(w, "penta", "4442", findings)


def sweep_pad(w: Window, game: str, faces: str, findings: Findings) -> None:
    """A game's score pad for real dice, a throw half entered (``faces``)."""
    prefix = {"penta": "penta", "farkle": "fk"}[game]
    page = w.app.open(f"#/{game}-pad")
    page.locator(f"#{prefix}-name-0").fill(LONG)
    page.locator(f"#{prefix}-start").click()
    for face in faces:
        page.locator(f"#{prefix}-pad-key-{face}").click()
    expect(page.locator(f"#{prefix}-pad")).to_be_visible()
    sweep(w, f"{game.capitalize()} score pad", findings)


def test_penta_fits_every_size_language_and_theme(window: Window) -> None:
    findings = Findings()
    penta_table(window, findings)
    penta_card_and_pad(window, findings)
    findings.check()


#: Alexandrina: 1 2 3 4 6 6, then 1 1 1 5 5 (hot dice), banks 1,200; Bob: nothing
#: scores; Alexandrina: six 1s twice, banks 6,000 (the last round); Bob: 1 5 5 2 3 4.
FARKLE_SCRIPT = "123466,11155,234662,111111,111111,155234"


def set_aside(page: Page, *positions: int) -> None:
    for pos in positions:
        page.locator(f"#fk-die-{pos}").click()
        expect(page.locator(f"#fk-die-{pos}")).to_have_attribute("aria-pressed", "true")


def farkle_roll(page: Page, dice: int) -> None:
    page.locator("#fk-roll").click()
    expect(page.locator(".fk-tray button.fk-die")).to_have_count(dice)


def farkle_table(w: Window, findings: Findings) -> None:
    """Two people: a lost turn told, a die refused, the scoring card open."""
    page = fresh(w, "?dice=" + FARKLE_SCRIPT)
    page.locator(".game-card.farkle").click()
    start(page, "fk", [LONG, "Bob"], computer=False, handover=False)
    farkle_roll(page, 6)
    set_aside(page, 1)
    farkle_roll(page, 5)
    set_aside(page, 1, 2, 3, 4, 5)
    page.locator("#fk-bank").click()
    page.locator("#fk-roll").click()  # Bob: nothing scores
    expect(page.locator(".fk-event.lost")).to_be_visible()
    farkle_roll(page, 6)
    page.locator("#fk-die-1").click()  # a 1 of six: set aside
    page.locator("#fk-card-summary").click()
    expect(page.locator("#fk-card")).to_have_attribute("open", "")
    sweep(w, "Farkle, a turn (events, the scoring card)", findings)


def farkle_house_and_pad(w: Window, findings: Findings) -> None:
    """A game under house rules, a bank refused; the score pad with a throw half entered."""
    page = fresh(w, "?dice=112346")
    page.locator(".game-card.farkle").click()
    fill_seats(page, "fk", [LONG], computer=False)
    for ident in ("#fk-opening-500", "#fk-penalty-500", "#fk-table-additive"):
        page.locator(ident).check()
    page.locator("#fk-start").click()
    farkle_roll(page, 6)
    set_aside(page, 1, 2)
    expect(page.locator("#fk-bank-why")).to_be_visible()
    expect(page.locator("#fk-house")).to_be_visible()
    sweep(w, "Farkle, house rules (a bank refused)", findings)
    sweep_pad(w, "farkle", "155", findings)


def test_farkle_fits_every_size_language_and_theme(window: Window) -> None:
    findings = Findings()
    farkle_table(window, findings)
    farkle_house_and_pad(window, findings)
    findings.check()


# -- the sweep: the ends of games, and the games kept ----------------------------------


def finish_penta_on_the_pad(page: Page) -> None:
    """A whole Penta game on the score pad (it is counted and kept), by the keyboard."""
    page.locator("#real-penta").click()
    start(page, "penta", [LONG], computer=False, handover=False)
    for turn in range(13):
        page.keyboard.type(("12345", "23456", "11122", "66655")[turn % 4] + "r")
        page.locator(".box-btn:not(:disabled)").first.click()
        page.keyboard.press("v")
    expect(page.locator("#penta-end-title")).to_be_visible()


def test_the_ends_of_games_and_the_games_kept_fit(window: Window) -> None:
    findings = Findings()
    page = window.page
    finish_penta_on_the_pad(page)
    sweep(window, "Penta, the end (score pad)", findings)
    page.evaluate("location.hash = '#/stats'")
    expect(page.locator(".past-item")).to_have_count(1)
    sweep(window, "statistics (a game kept)", findings)
    page.locator(".past-item").click()
    expect(page.locator("#past-back")).to_be_visible()
    sweep(window, "a past game", findings)
    # Alexandrina passes 5,000; in the last round the computer's roll scores nothing.
    page = fresh(window, "?dice=111111,111111,234662")
    page.locator(".game-card.farkle").click()
    fill_seats(page, "fk", [LONG], computer=True)
    page.locator("#fk-target-5000").check()
    page.locator("#fk-pace").select_option("instant")
    page.locator("#fk-start").click()
    for _ in range(2):
        farkle_roll(page, 6)
        set_aside(page, 1, 2, 3, 4, 5, 6)
    page.locator("#fk-bank").click()
    expect(page.locator("#fk-over-title")).to_be_visible()
    sweep(window, "Farkle, the end (against the computer)", findings)
    findings.check()


# -- what a player taps stays put during a turn ------------------------------------------

#: Where each control a player taps is laid out, the page at its top: Roll, Validate,
#: Bank, Undo and each place of the dice. Its own transform (a held die's lift, a
#: roll's tumble) is left out, by the offsets the layout gave it; animations that end
#: are ended first.
PLACES = """() => {
  for (const a of document.getAnimations()) {
    if (a.effect && a.effect.getTiming().iterations !== Infinity) a.finish();
  }
  scrollTo(0, 0);
  const out = {};
  const put = (key, e) => {
    if (!e || !e.getClientRects().length) return;
    let x = e.offsetLeft, y = e.offsetTop;
    const p = e.offsetParent;
    if (p && p !== document.body) {
      const r = p.getBoundingClientRect();
      x += r.left + p.clientLeft; y += r.top + p.clientTop;
    }
    out[key] = [x, y, e.offsetWidth, e.offsetHeight];
  };
  const ids = ["penta-roll", "penta-validate", "penta-undo", "fk-roll", "fk-bank", "fk-undo"];
  for (const id of ids) put("#" + id, document.getElementById(id));
  document.querySelectorAll(".dice-tray .die").forEach((e, i) => put("die " + (i + 1), e));
  document.querySelectorAll(".fk-tray > :not(.sr-only)").forEach((e, i) => {
    if (e.classList.contains("fk-die")) put("die " + (i + 1), e);
  });
  return out;
}"""
#: The size the turns are played at (the places are noted at every size, this one last).
PLAYED_AT = (390, 844)
NOTED_IN_ORDER = sorted(SIZES, key=lambda size: size == PLAYED_AT)

Box = list[float]
Moment = tuple[str, dict[tuple[int, int], dict[str, Box]]]


@dataclass
class Turns:
    """The places of the controls at each moment of each turn of one page's games."""

    window: Window
    #: Each turn: its game and name, language and theme, and its moments.
    turns: list[tuple[str, str, str, list[Moment]]] = field(default_factory=list)

    @property
    def page(self) -> Page:
        return self.window.page

    def turn(self, name: str, lang: str = "", theme: Literal["light", "dark"] = "light") -> None:
        """A new turn of the game shown, played in ``lang`` and ``theme``. Without a
        language, it goes on from the last moment noted, in its language and theme
        (the computer's turn, whose banner comes as the turn before it ends)."""
        if not lang:
            _, lang, theme_was, moments = self.turns[-1]
            self.turns.append((name, lang, theme_was, [moments[-1]]))
            return
        self.page.select_option("#lang", lang)
        self.page.emulate_media(color_scheme=theme)
        self.turns.append((name, lang, theme, []))

    def at(self, moment: str) -> None:
        """Note where the controls are now, at every size, the size played at last."""
        places = {}
        for width, height in NOTED_IN_ORDER:
            self.window.size(width, height)
            places[(width, height)] = self.page.main_frame.evaluate(PLACES)
        self.turns[-1][3].append((moment, places))

    def moves(self) -> Iterator[str]:
        """Each step of a turn after which controls stand more than :data:`STILL` px away
        from where they were at the step before, with each one's shift."""
        for name, lang, theme, moments in self.turns:
            for width, height in SIZES:
                for (was, before), (now, after) in itertools.pairwise(moments):
                    old, new = before[(width, height)], after[(width, height)]
                    shifts = [f"{key} {shift}" for key in new if (shift := moved(old, new, key))]
                    if shifts:
                        yield (
                            f"{name}, {width}×{height}, {lang}, {theme}: "
                            f"from {was!r} to {now!r}: " + ", ".join(shifts)
                        )


def moved(before: dict[str, Box], after: dict[str, Box], key: str) -> str:
    """How far control ``key`` moved between two moments, its sides compared ("" when by
    at most :data:`STILL` px, or when it was not there before)."""
    if key not in before:
        return ""
    (x0, y0, w0, h0), (x1, y1, w1, h1) = before[key], after[key]
    sides = {
        "left": x1 - x0,
        "right": x1 + w1 - x0 - w0,
        "top": y1 - y0,
        "bottom": y1 + h1 - y0 - h0,
    }
    far = {side: round(d, 1) for side, d in sides.items() if abs(d) > STILL}
    return "(" + ", ".join(f"{side} {d:+g} px" for side, d in far.items()) + ")" if far else ""


def follow_the_computer(turns: Turns, prefix: str) -> None:
    """Let the computer play at its pace, a step (a second) at a time, noting each step,
    until the person after it may roll."""
    page = turns.page
    for _ in range(30):
        page.clock.run_for(1000)
        if page.locator(f"#{prefix}-roll").is_enabled():
            turns.at("the next person's turn, the computer's banner gone")
            return
        turns.at("the computer playing, a second later")
    raise AssertionError("the computer's turn did not end in 30 s")


#: Both games read it from its start: Penta five dice a roll at most, Farkle six.
#: Farkle: Alexandrina 1 2 3 4 6 6, then 1 1 1 5 5 (hot dice); Bob: nothing scores.
TURN_SCRIPT = "123466,11155,234662,155223,11134,115234"


def penta_turns(turns: Turns) -> None:
    """Alexandrina, Bob and the computer: a turn of each, and Alexandrina's next roll."""
    page = turns.page
    page.locator(".game-card.penta").click()
    start(page, "penta", [LONG, "Bob"], computer=True, handover=False)
    expect(page.locator("section.penta")).to_have_attribute("data-strategy", "ready")
    # The clock stops where it is once the table is up: the countdown's seconds pass only
    # when the test runs the clock, however loaded the machine (an installed clock goes
    # on in real time; stopped before the app is up, it would hold the app's own timers).
    page.clock.pause_at(page.evaluate("Date.now()"))
    turns.turn(f"Penta, {LONG}'s turn", "el", "light")
    expect(page.locator(".handover")).to_be_visible()  # "…, your turn: roll the dice!"
    turns.at("before the first roll, the cue to roll shown")
    roll(page)
    turns.at("after the first roll")
    page.locator("#die-0").click()
    turns.at("a die held")
    roll(page)
    turns.at("after the second roll")
    roll(page)
    expect(page.locator("#penta-countdown")).to_be_visible()
    turns.at("after the third roll, the countdown shown")
    page.clock.run_for(1000)
    turns.at("the countdown a second later")
    page.locator("#box-chance").click()
    expect(page.locator("#penta-countdown")).to_have_count(0)
    turns.at("a box chosen, the countdown gone")
    page.locator("#penta-validate").click()
    turns.turn("Penta, Bob's turn", "fr", "dark")
    turns.at("before the first roll, the cue to roll shown")
    roll(page)
    turns.at("after the first roll")
    page.locator("#box-chance").click()
    turns.at("a box chosen")
    turns.turn("Penta, the computer's turn, to the next person's first roll")
    page.locator("#penta-validate").click()
    expect(page.locator(".penta-msg.thinking")).to_be_visible()  # "Computer is playing…"
    turns.at("the computer's turn begins, its banner shown")
    follow_the_computer(turns, "penta")
    roll(page)
    turns.at("the next person's first roll")


def farkle_turns(turns: Turns) -> None:
    """Alexandrina, Bob and the computer: a turn of each, and Alexandrina's next roll."""
    page = turns.page
    page.locator(".game-card.farkle").click()
    start(page, "fk", [LONG, "Bob"], computer=True, handover=False)
    turns.turn(f"Farkle, {LONG}'s turn", "tr", "dark")
    turns.at("before the first roll, the hint to roll shown")
    farkle_roll(page, 6)
    turns.at("after the first roll")
    set_aside(page, 1)
    turns.at("a die set aside")
    page.locator("#fk-die-2").click()
    expect(page.locator("#fk-note")).not_to_be_empty()  # the 2 fits no combination
    turns.at("a die refused, the note shown")
    farkle_roll(page, 5)
    turns.at("after the second roll")
    set_aside(page, 1, 2, 3, 4, 5)
    expect(page.locator(".fk-event.hot")).to_be_visible()
    turns.at("hot dice, the banner shown")
    page.locator("#fk-bank").click()
    turns.turn("Farkle, Bob's turn, lost, and the computer's, to the next person's roll", "en")
    turns.at("before the first roll, the hint to roll shown")
    page.locator("#fk-roll").click()  # nothing scores: the computer's turn
    expect(page.locator(".fk-event.lost")).to_be_visible()
    turns.at("the turn lost, its banner and the computer's shown")
    follow_the_computer(turns, "fk")
    farkle_roll(page, 6)
    turns.at("the next person's first roll")


def test_nothing_tapped_moves_during_a_turn(make_app: Callable[..., App]) -> None:
    """A game of each with two people and the computer, on one page, each turn in
    another language and theme (the four languages and both themes between them)."""
    app = make_app(viewport=PLAYED_AT)
    app.page.clock.install()  # the countdown and the computer wait for the test
    page = app.open(f"?dice={TURN_SCRIPT}&seed=1")  # the seed: the dice after the script
    turns = Turns(window_of(app))
    turns.window.size(*PLAYED_AT)
    penta_turns(turns)
    page.locator(".brand").click()
    farkle_turns(turns)
    moves = list(turns.moves())
    if moves:
        pytest.fail(f"{len(moves)} moments when controls moved:\n" + "\n".join(moves))
