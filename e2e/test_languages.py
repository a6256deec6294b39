"""Four languages, every screen: no English words in French, Greek or Turkish, nothing
cramped or sideways-scrolling at 320 px, and a language switch that leaves the game alone.

One page per language walks both games in the app (home, statistics, Penta's setup,
a turn with holds and the coach, the sacrifice message, the end and its review,
Farkle's setup, a turn with dice set aside, hot dice, a lost turn, the last round,
the end, the scoring card, both rules pages). The dice come from one ``?dice=``
script that serves both games, each game reading it from its first roll:

- Farkle (two people, target 5,000): three pairs (hot dice), then a 1 set aside,
  a roll of nothing (a lost turn); the second player's two 111111 rolls bank
  6,000 (the last round); the first player's last roll scores nothing (the end).
- Penta (one person, no computer): the same groups cut to five dice fill twelve
  boxes; three rolls of 1 2 3 4 6 with only the Penta box left call for a
  sacrifice.

At each screen the text shown (text nodes of visible elements, accessible names,
placeholders, the options of selects, the title) is checked against every English
catalogue text, cut at its placeholders into fixed pieces with at least four
letters; a piece the language itself uses (its own text for the same message is
identical or contains it, or one of its messages has the same piece) is not
counted. Numbers must not use an English decimal point. Each screen must not scroll
sideways at 320×640 nor let the words under held dice run into each other at 320×640
and 1280×800; it is photographed at 320×640, where the words are most cramped, into
``test-output/screens/lang-<lang>-<screen>-320x640.png``; the Greek screens also get
an axe audit at 320 px, where tables start to scroll.

The four French messages the rules quote («Humains + 1 IA» in the setup, «Tour
perdu !», «Dés chauds !», «Dernier tour !» at their moments) are followed step by
step in ``test_farkle_ui.py`` (the French phone game with three players); here each
language's own headline is checked at the same moments.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from a11y import audit
from conftest import App, no_error_box, pass_device, store_from_another_tab
from zaria.i18n import catalogue

FARKLE_ROLLS = ["112233", "155234", "23466", "111111", "111111", "234662"]
#: Penta: one group per roll after the Farkle ones; boxes filled in this order.
PENTA_ROLLS = ["12345", "23456", "66655", "44432", "65432", "61234", "25525"]
SACRIFICE_ROLLS = ["12346", "12346", "12346"]
SCRIPT = ",".join(FARKLE_ROLLS + PENTA_ROLLS + SACRIFICE_ROLLS)
PENTA_ORDER = [
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_kind",
    "four_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "chance",
]
NAMES = {
    "en": ("Zoe", "Sam"),
    "fr": ("Zoé", "Étienne"),
    "el": ("Νίκος", "Ελένη"),
    "tr": ("Ayşe", "Çağrı"),
}
LOCALES = {"en": "en-GB", "fr": "fr-FR", "el": "el-GR", "tr": "tr-TR"}
SIZES = ((320, 640), (1280, 800))
#: The language whose screens also get an axe audit at 320 px (the longest words).
AUDITED = "el"
STATS = {
    "format": 1,
    "penta": {
        "games": 3,
        "scored": 3,
        "total": 640,
        "best": 261,
        "best_name": "",
        "bonus": 1,
        "wins": [],
    },
    "farkle": {
        "games": 2,
        "scored": 3,
        "total": 16050,
        "best": 10250,
        "best_name": "",
        "bonus": 0,
        "wins": [],
    },
}

# -- what counts as English ---------------------------------------------------------
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_SPACES = re.compile(r"\s+")
#: A number with one decimal after a point (a group of thousands has three digits).
ENGLISH_DECIMAL = re.compile(r"(?<![\d.,])\d+\.\d(?![\d.,])")
_EDGES = " :;,.·—–-()[]«»\"'“”‘’…!?/+"


def _norm(text: str) -> str:
    return _SPACES.sub(" ", text.replace("**", ""))


def _pieces(value: str) -> list[str]:
    """The fixed pieces of a message between its placeholders, with four letters or more."""
    out = []
    for piece in _PLACEHOLDER.split(_norm(value)):
        piece = piece.strip(_EDGES)
        if len(re.findall(r"[^\W\d_]", piece)) >= 4:
            out.append(piece)
    return out


def english_pieces(lang: str) -> list[tuple[str, str, re.Pattern[str]]]:
    """``(message id, piece, pattern)`` for each English piece ``lang`` must not show."""
    en, own = catalogue("en"), catalogue(lang)
    own_pieces = {p for value in own.values() for p in _pieces(value)}
    out = []
    for key, value in en.items():
        theirs = own.get(key, "")
        if theirs == value or key == "app.name":  # the header's name: see test_the_header_*
            continue
        for piece in _pieces(value):
            word = re.compile(rf"(?<!\w){re.escape(piece)}(?!\w)")
            if piece in own_pieces or word.search(_norm(theirs)):
                continue
            out.append((key, piece, word))
    return out


SHOWN_TEXT = """() => {
  const blocks = [], spaced = [];
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        blocks.push(child.data); spaced.push(child.data); continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      if (["SCRIPT", "STYLE", "TEMPLATE", "SELECT"].includes(child.tagName)) continue;
      if (!child.checkVisibility({checkVisibilityCSS: true})) continue;
      const block = !getComputedStyle(child).display.startsWith("inline");
      if (block) blocks.push("\\n");
      spaced.push(" ");
      walk(child);
      if (block) blocks.push("\\n");
      spaced.push(" ");
    }
  };
  walk(document.body);
  const extra = [document.title];
  for (const el of document.querySelectorAll("body *")) {
    if (el.tagName !== "OPTION" && !el.checkVisibility({checkVisibilityCSS: true})) continue;
    for (const a of ["aria-label", "title", "placeholder", "alt", "aria-valuetext"]) {
      const v = el.getAttribute(a);
      if (v) extra.push(v);
    }
    if (el.tagName === "OPTION") extra.push(el.textContent);
  }
  return [blocks.join(""), spaced.join(""), extra.join("\\n")].join("\\n");
}"""


#: Whether the words under two held dice run into each other.
TAGS_OVERLAP = """() => {
  const boxes = [...document.querySelectorAll(".held-tag")]
    .filter(t => t.textContent.trim()).map(t => t.getBoundingClientRect());
  return boxes.some((a, i) => boxes.slice(i + 1).some(b =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom));
}"""


@dataclass
class Walk:
    """A page walked through the screens of one language: the English found, the photos."""

    page: Page
    lang: str
    shots: Path
    found: list[str] = field(default_factory=list)
    screens: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.pieces = english_pieces(self.lang) if self.lang != "en" else []

    def screen(self, name: str) -> None:
        """Check the screen as it is now, at both sizes, and photograph it at 320 px."""
        page = self.page
        self.screens.append(name)
        text = _norm(page.evaluate(SHOWN_TEXT))
        for key, piece, word in self.pieces:
            if word.search(text):
                self.found.append(f"{self.lang} {name}: {piece!r} ({key})")
        if self.lang != "en":
            for number in sorted(set(ENGLISH_DECIMAL.findall(text))):
                self.found.append(f"{self.lang} {name}: {number!r} has an English decimal point")
        for w, hgt in SIZES:
            page.set_viewport_size({"width": w, "height": hgt})
            if w == 320:
                page.screenshot(
                    path=str(self.shots / f"lang-{self.lang}-{name}-{w}x{hgt}.png"),
                    full_page=True,
                    animations="disabled",
                )
                wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
                if wide > 0:
                    self.found.append(f"{self.lang} {name}: scrolls sideways by {wide}px at 320")
                if self.lang == AUDITED:
                    for v in audit(page, name):
                        self.found.append(f"{self.lang} {name} at 320: {v['id']} {v['nodes']}")
            if page.evaluate(TAGS_OVERLAP):
                self.found.append(f"{self.lang} {name}: the held dice's tags overlap at {w}px")
        page.set_viewport_size({"width": 1280, "height": 800})


def click(page: Page, selector: str) -> None:
    page.locator(selector).click()


def walk_penta(w: Walk, names: tuple[str, str]) -> None:
    page = w.page
    click(page, ".brand")
    click(page, ".game-card.penta")
    page.locator("#penta-start").wait_for()
    w.screen("penta-setup")
    page.locator("#penta-name-0").fill(names[0])
    click(page, "#penta-computer")
    expect(page.locator("#penta-level-optimal")).to_be_disabled()
    page.locator("#penta-autorecord").select_option("10")  # time to read the countdown
    click(page, "#penta-start")
    expect(page.locator("#penta-roll")).to_be_enabled()
    expect(page.locator("section.penta")).to_have_attribute("data-strategy", "ready")
    w.screen("penta-turn-start")

    # Round 1: a roll, two dice held, the coach on; then a second roll into Aces.
    click(page, "#penta-roll")
    expect(page.locator("#die-4")).to_have_attribute("data-value", "3")
    click(page, "#die-0")
    click(page, "#die-1")
    expect(page.locator("#die-1")).to_have_attribute("aria-pressed", "true")
    click(page, "#penta-coach")
    expect(page.locator(".coach-box")).to_be_visible()
    w.screen("penta-mid-turn-coach")
    click(page, "#penta-roll")
    click(page, "#box-aces")
    expect(page.locator("#penta-validate")).to_be_enabled()
    w.screen("penta-box-chosen")
    click(page, "#penta-validate")
    click(page, "#penta-coach")  # coach off again: quicker turns

    # The new game question, the settings, then the rules page and back.
    click(page, "#penta-new")
    expect(page.locator("#penta-keep")).to_be_visible()
    w.screen("penta-confirm")
    click(page, "#penta-keep")
    page.locator(".penta-more summary").click()
    w.screen("penta-settings")
    page.locator(".penta-more summary").click()
    click(page, "#penta-rules")
    expect(page.locator("article.rules[data-game=penta]")).to_be_visible()
    w.screen("rules-penta")
    click(page, "#rules-back-top")

    # Home shows the game in progress; Resume continues it.
    click(page, ".brand")
    expect(page.locator("#resume-penta")).to_be_visible()
    w.screen("home-in-progress")
    click(page, "#resume-penta")
    for box in PENTA_ORDER[1:]:
        click(page, "#penta-roll")
        click(page, f"#box-{box}")
        click(page, "#penta-validate")
        expect(page.locator(f"#box-{box}")).to_have_count(0)

    # Round 13: only the Penta box is left, and three rolls fit nothing.
    for _ in SACRIFICE_ROLLS:
        click(page, "#penta-roll")
    expect(page.locator(".sacrifice")).to_be_visible()
    expect(page.locator("#penta-countdown")).to_be_visible()
    w.screen("penta-sacrifice")
    click(page, "#box-penta")
    click(page, "#penta-validate")
    expect(page.locator("#penta-end-title")).to_be_visible()
    w.screen("penta-end")
    page.locator(".review").first.scroll_into_view_if_needed()
    w.screen("penta-end-review")


def walk_farkle(w: Walk, names: tuple[str, str]) -> None:
    page = w.page
    tr = catalogue(w.lang)
    click(page, ".brand")
    click(page, ".game-card.farkle")
    page.locator("#fk-start").wait_for()
    expect(page.locator("#fk-setup-title")).to_have_text(tr["farkle.setup.title_computer"])
    w.screen("farkle-setup")
    click(page, "#fk-computer")
    expect(page.locator("#fk-setup-title")).to_have_text(tr["farkle.setup.title"])
    click(page, "#fk-add")
    page.locator("#fk-name-0").fill(names[0])
    page.locator("#fk-name-1").fill(names[1])
    page.locator("#fk-target-5000").check()
    click(page, "#fk-start")
    expect(page.locator("#fk-roll")).to_be_enabled()
    w.screen("farkle-turn-start")

    # Three pairs: one die, then a pair (not yet scoring), then all six: hot dice.
    click(page, "#fk-roll")
    expect(page.locator(".fk-tray button.die")).to_have_count(6)
    click(page, "#fk-die-1")
    click(page, "#fk-die-3")
    expect(page.locator("#fk-selection")).to_have_class(re.compile("warn"))
    w.screen("farkle-selection-partial")
    for pos in (2, 4, 5, 6):
        click(page, f"#fk-die-{pos}")
    expect(page.locator(".fk-events")).to_contain_text(tr["farkle.hot_dice"].strip())
    w.screen("farkle-hot-dice")

    # All six back: a 2 refused, the 1 set aside; the scoring card opened.
    click(page, "#fk-roll")
    expect(page.locator(".fk-tray button.die")).to_have_count(6)
    click(page, "#fk-die-4")
    expect(page.locator("#fk-note")).not_to_be_empty()
    click(page, "#fk-die-1")
    expect(page.locator("#fk-die-1")).to_have_attribute("aria-pressed", "true")
    click(page, "#fk-card-summary")
    expect(page.locator("#fk-card")).to_have_attribute("open", "")
    w.screen("farkle-set-aside-card")
    click(page, "#fk-card-summary")

    # A roll of nothing: the turn is lost.
    click(page, "#fk-roll")
    expect(page.locator(".fk-events")).to_contain_text(tr["farkle.lost_turn"])
    w.screen("farkle-lost-turn")  # with the hand-over card to the second player
    pass_device(page, "fk")

    # The second player banks 6,000: the last round.
    for _ in range(2):
        click(page, "#fk-roll")
        expect(page.locator(".fk-tray button.die")).to_have_count(6)
        for pos in range(1, 7):
            click(page, f"#fk-die-{pos}")
    click(page, "#fk-bank")
    expect(page.locator("#fk-lastround")).to_contain_text(tr["farkle.last_round"])
    w.screen("farkle-last-round")
    pass_device(page, "fk")

    # The new game question, then the rules page and back.
    click(page, "#fk-new")
    expect(page.locator("#fk-keep")).to_be_visible()
    w.screen("farkle-confirm")
    click(page, "#fk-keep")
    click(page, "#fk-rules")
    expect(page.locator("article.rules[data-game=farkle]")).to_be_visible()
    w.screen("rules-farkle")
    click(page, "#rules-back-top")

    click(page, "#fk-roll")
    expect(page.locator("#fk-over-title")).to_be_visible()
    w.screen("farkle-end")


def walk_stats(w: Walk, names: tuple[str, str]) -> None:
    page = w.page
    stats = json.loads(json.dumps(STATS))
    stats["penta"]["best_name"] = names[0]
    stats["farkle"]["best_name"] = names[1]
    stats["farkle"]["wins"] = [[names[1], 2], [names[0], 1]]
    store_from_another_tab(page, "zaria.stats", json.dumps(stats))
    click(page, ".brand")
    click(page, ".stats-link")
    expect(page.locator("#wins-farkle")).to_be_visible()
    w.screen("stats")
    click(page, "#stats-clear")
    expect(page.locator("#stats-clear-no")).to_be_focused()
    w.screen("stats-confirm")
    click(page, "#stats-clear-no")


@pytest.mark.parametrize("lang", ["fr", "el", "tr", "en"])
def test_every_screen_speaks_the_language(app: App, shots: Path, lang: str) -> None:
    app.use_locale(LOCALES[lang])
    page = app.open("?dice=" + SCRIPT)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    w = Walk(page, lang, shots)
    w.screen("home")
    click(page, ".stats-link")
    expect(page.locator(".stats-empty").first).to_be_visible()
    w.screen("stats-empty")
    walk_penta(w, NAMES[lang])
    walk_farkle(w, NAMES[lang])
    walk_stats(w, NAMES[lang])
    no_error_box(page)
    assert not w.found, "\n".join(w.found)


def test_the_header_names_the_app_in_each_language(app: App) -> None:
    page = app.open()
    for lang in ("el", "fr", "tr", "en"):
        page.locator("#lang").select_option(lang)
        name = catalogue(lang)["app.name"]
        expect(page).to_have_title(name)
        expect(page.locator(".brand")).to_have_text(name, timeout=2000)


def test_switching_language_mid_game_keeps_the_farkle_game(app: App) -> None:
    app.use_locale("fr-FR")
    page = app.open("?dice=111234,523")
    click(page, ".game-card.farkle")
    page.locator("#fk-start").wait_for()
    click(page, "#fk-computer")
    click(page, "#fk-add")
    page.locator("#fk-name-0").fill("Zoé")
    page.locator("#fk-name-1").fill("Ayşe")
    click(page, "#fk-start")
    click(page, "#fk-roll")
    for pos in (1, 2, 3):
        click(page, f"#fk-die-{pos}")
    click(page, "#fk-roll")
    expect(page.locator(".fk-tray button.die")).to_have_count(3)
    click(page, "#fk-die-1")  # the 5

    def digits(text: str) -> str:
        return re.sub(r"\D", "", text)

    def snapshot() -> tuple[str, list[str | None], list[str], str, str]:
        """Dice (as drawn), which are set aside, the totals and the groups, in any language."""
        dice = page.locator(".fk-tray button.die")
        faces = page.locator(".fk-tray button.die svg").evaluate_all(
            "els => els.map(e => e.outerHTML).join('|')"
        )
        pressed = dice.evaluate_all("els => els.map(e => e.getAttribute('aria-pressed'))")
        totals = [digits(t) for t in page.locator(".fk-ptotal").all_inner_texts()]
        groups = page.locator(".fk-group .fk-gdice").evaluate_all(
            "els => els.map(e => e.innerHTML).join('|')"
        )
        return faces, pressed, totals, groups, digits(page.locator("#fk-turn-total").inner_text())

    before = snapshot()
    assert before[4] == "1000" and before[2] == ["0", "0"]
    fr_turn = page.locator("#fk-turn").inner_text()
    for lang, bank in (("el", "Εξαργύρωση"), ("tr", catalogue("tr")["farkle.bank"]), ("fr", None)):
        page.locator("#lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#fk-bank")).to_contain_text(bank or catalogue(lang)["farkle.bank"])
        assert snapshot() == before, lang
    expect(page.locator("#fk-turn")).to_have_text(fr_turn)
    expect(page.locator("#fk-selection")).to_have_text("+50")
    # The game goes on where it was: Zoé banks 1,050, Ayşe's turn.
    page.locator("#lang").select_option("tr")
    click(page, "#fk-bank")
    expect(page.locator(".fk-player").first.locator(".fk-ptotal")).to_have_text("1.050")
    expect(page.locator("#fk-turn")).to_contain_text("Ayşe")
    no_error_box(page)


def test_a_penta_game_against_the_computer_changes_language_with_the_page(app: App) -> None:
    page = app.open("?dice=66666,12345,12345,12345,11111")
    click(page, ".game-card.penta")
    page.locator("#penta-name-0").fill("Νίκος")
    page.locator("#penta-pace").select_option("instant")
    click(page, "#penta-start")
    expect(page.locator("section.penta")).to_have_attribute("data-strategy", "ready")
    click(page, "#penta-roll")
    click(page, "#box-penta")
    click(page, "#penta-validate")  # the computer's whole turn follows at once
    expect(page.locator(".round")).to_have_text("Round 2 of 13")
    totals = page.locator(".sheet thead .ptotal").all_inner_texts()
    assert totals[0] == "50"

    page.locator("#lang").select_option("el")
    expect(page.locator("html")).to_have_attribute("lang", "el")
    click(page, "#penta-roll")  # a new roll: the last turn's message goes
    expect(page.locator(".round")).to_have_text(catalogue("el")["penta.round"].format(n=2, of=13))
    names = page.locator(".sheet thead .pname").all_inner_texts()
    assert names == ["Νίκος", catalogue("el")["common.computer"]]
    assert page.locator(".sheet thead .ptotal").all_inner_texts() == totals
    text = _norm(page.locator("#screen").inner_text())
    english = [piece for _, piece, word in english_pieces("el") if word.search(text)]
    assert not english, english
    no_error_box(page)
