"""The rules pages: reachable through the app, complete in every language, with the
rules texts' exact words and the engine's own figures."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from fake_host import FakeHost
from zaria.farkle.odds import bust_table
from zaria.i18n import LANGUAGES, Translator, catalogue
from zaria.penta.scoring import BOXES
from zaria_web.app import App
from zaria_web.farkle.rules import farkle_table
from zaria_web.pages.rules import rules_page
from zaria_web.penta.rules import DEFAULT_AUTORECORD, joker_examples
from zaria_web.screen import GAMES
from zaria_web.storage.settings import DEFAULT_SETTINGS

EN = catalogue("en")
RULES_KEYS = sorted(k for k in EN if k.startswith("rules."))


def open_rules(game: str, lang: str = "en", settings: str | None = None) -> tuple[App, FakeHost]:
    storage = {"zaria.lang": lang}
    if settings:
        storage["zaria.settings"] = settings
    host = FakeHost(storage)
    app = App(host, params={})
    app.action("rules", {"game": game})
    return app, host


def visible_text(page: str) -> str:
    """The words a reader sees (tags dropped, entities decoded, spaces squeezed)."""
    inline = re.sub(r"</?(strong|a|span)\b[^>]*>", "", page)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", inline)))


# -- the catalogue -----------------------------------------------------------------
class _Recording(Translator):
    """A translator that notes every message id asked for."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.asked: set[str] = set()

    def __call__(self, key: str, **params: object) -> str:
        self.asked.add(key)
        return super().__call__(key, **params)


def test_every_rules_message_is_used_and_every_message_used_exists() -> None:
    tr = _Recording("en")
    for game in GAMES:
        rules_page(tr, game)
    assert sorted(k for k in tr.asked if k.startswith("rules.")) == RULES_KEYS
    assert sorted(k for k in tr.asked if k not in EN) == []
    # Box names, buttons and messages come from the game catalogues.
    assert {"penta.box.fours", "penta.validate", "farkle.lost_turn", "farkle.bank"} <= tr.asked


#: Words that are the same in English and the language.
SHARED_WORDS = {"tr": {"rules.farkle.risk.chance"}}  # "Risk"


@pytest.mark.parametrize("lang", ["fr", "el", "tr"])
def test_translations_are_not_english_left_in_place(lang: str) -> None:
    messages = catalogue(lang)
    same = {k for k in RULES_KEYS if messages[k] == EN[k] and re.search(r"[A-Za-z]{4}", EN[k])}
    assert same == SHARED_WORDS.get(lang, set())


# -- reaching the page -------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_action_shows_that_games_rules_with_back_buttons(game: str) -> None:
    app, host = open_rules(game)
    assert app.screen.name == "rules"
    assert f'<article class="rules" data-game="{game}"' in host.screen_html
    # Opened from home, the back buttons (top and bottom) lead home.
    assert (
        len(
            re.findall(
                r'<button[^>]*class="btn primary rules-back"[^>]*data-act="home"', host.screen_html
            )
        )
        == 2
    )
    assert host.focused == "#screen"
    assert f"Rules of {EN['game.' + game]}" in host.screen_html


def test_the_back_button_returns_to_the_game_and_escape_does_too() -> None:
    app, host = open_rules("farkle")
    app.action("open", {"game": "farkle"})
    assert app.screen.name == "farkle"
    app.action("rules", {"game": "penta"})
    assert app.screen.name == "rules" and 'data-game="penta"' in host.screen_html
    assert app.key("Escape") is True
    assert app.screen.name == "penta"
    app.action("rules", {"game": "penta"})
    assert app.key("r") is False and app.screen.name == "rules"


def test_the_page_follows_a_language_change() -> None:
    app, host = open_rules("penta")
    app.action("lang", {"value": "el"})
    assert "Οι κανόνες του Πέντα" in host.screen_html
    assert "</span> Αρχική</button>" in host.screen_html  # back home, in Greek


# -- structure --------------------------------------------------------------------
class _Outline(HTMLParser):
    """Collects headings, table header scopes, ids and the anchors' targets."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[str] = []
        self.scopes: list[str | None] = []
        self.ids: list[str] = []
        self.links: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("h1", "h2", "h3"):
            self.headings.append(tag)
        if tag == "th":
            self.scopes.append(a.get("scope"))
        if a.get("id"):
            self.ids.append(a["id"] or "")
        if tag == "a" and (a.get("href") or "").startswith("#"):
            self.links.append((a["href"] or "")[1:])
        if tag not in ("br", "img", "input", "meta", "link", "circle", "rect"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1:]}>"
        self.open.pop()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_language_renders_both_pages_as_semantic_html(lang: str, game: str) -> None:
    page = rules_page(Translator(lang), game)
    outline = _Outline()
    outline.feed(page)
    assert outline.open == []
    assert outline.headings[0] == "h1" and outline.headings.count("h1") == 1
    assert outline.headings.count("h2") >= 5 and "h3" in outline.headings
    assert outline.scopes and all(s in ("col", "row", "rowgroup") for s in outline.scopes)
    assert len(outline.ids) == len(set(outline.ids)), "duplicate ids"
    assert outline.links and set(outline.links) <= set(outline.ids)
    assert page.count('class="panel rules-panel"') == 1
    assert "<table" in page and "<ol" in page
    # Every placeholder was filled and every message exists in the language.
    text = visible_text(page)
    assert not re.search(r"\{\w+\}|\brules\.\w|\bpenta\.\w|\bfarkle\.\w", text), text
    for key in RULES_KEYS:
        assert Translator(lang).has(key)


# -- the exact words of the rules texts --------------------------------------------
def test_greek_penta_page_uses_the_greek_rules_texts_words() -> None:
    text = visible_text(rules_page(Translator("el"), "penta"))
    for words in (
        "«Επικύρωση γύρου»",
        "«Καμία ανοιχτή θέση δεν αποφέρει πόντους: πρέπει να θυσιάσετε μία»",
        "Θυσία μιας θέσης",
        "Ο τζόκερ",
        "επιτρέπεται μόνο η θέση Τέσσερα: 20 πόντοι, συν 100 μπόνους",
        "Τριάδα, Τετράδα, Φουλ, Μικρή κέντα, Μεγάλη κέντα και Τύχη",
        "εδώ Άσοι, 0 πόντοι",
        "Το σύνολο (ΣΥΝΟΛΟ)",
    ):
        assert words in text, words


def test_turkish_penta_page_uses_the_turkish_rules_texts_words() -> None:
    text = visible_text(rules_page(Translator("tr"), "penta"))
    for words in (
        "“Turu onayla”",
        "Açık hiçbir kutu puan getirmiyor: birini feda etmek gerekiyor",
        "Bir kutuyu feda etmek",
        "yalnızca Dört kutusuna izin verilir: 20 puan, artı 100 bonus",
        "burada Bir, 0 puan; 100 bonus yine de kalır",
        "Toplam (TOPLAM)",
    ):
        assert words in text, words


def test_greek_farkle_page_uses_the_greek_rules_texts_words() -> None:
    text = visible_text(rules_page(Translator("el"), "farkle"))
    for words in ("«Ρίξτε»", "«Εξαργύρωση»", "«Νέο παιχνίδι»", "Τα καυτά ζάρια", "Ο χαμένος γύρος"):
        assert words in text, words


def test_french_farkle_page_quotes_the_apps_french_messages_exactly() -> None:
    text = visible_text(rules_page(Translator("fr"), "farkle"))
    for message in ("Tour perdu !", "Dés chauds !", "Dernier tour !", "Humains + 1 IA"):
        assert f"«\u202f{message}\u202f»" in text, message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_box_names_are_the_score_sheets_names(lang: str) -> None:
    tr = Translator(lang)
    page = rules_page(tr, "penta")
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th>', page)
    names = [html.unescape(r) for r in rows]
    assert names == [tr("penta.box." + b.value) for b in BOXES]


# -- the figures come from the engine ----------------------------------------------
def test_joker_examples_follow_the_three_steps_with_five_4s() -> None:
    ex = joker_examples()
    assert ex["upper"][0].value == "fours" and ex["upper"][1:] == (20, 100)
    assert ex["lower"][1:] == (20, 100)  # the sum in Chance, Three/Four of a kind
    assert ex["last"][0].value == "aces" and ex["last"][1:] == (0, 100)
    text = visible_text(rules_page(Translator("en"), "penta"))
    assert "only Fours is allowed: 20 points, plus the 100 bonus" in text
    assert "Full house is worth 25, Small straight 30 and Large straight 40" in text
    assert "(five 4s: 20)" in text
    assert "here Aces, 0 points, and the 100 bonus is still earned" in text


def test_the_sacrifice_example_lists_the_boxes_that_score() -> None:
    text = visible_text(rules_page(Translator("en"), "penta"))
    assert "only a few boxes score (Aces, Threes, Fours, Sixes and Chance)" in text
    assert "a Full house or a Large straight would give 0" in text


def test_penta_page_states_bonus_and_points() -> None:
    text = visible_text(rules_page(Translator("en"), "penta"))
    assert "total at least 63 points, the sheet earns 35 points" in text
    assert "Full house three equal dice and two other equal dice, of another face: 25" in text
    assert "Penta five equal dice: 50 points" in text
    assert "every new Penta earns a 100-point bonus" in text


def test_farkle_table_matches_the_standard_table() -> None:
    assert farkle_table() == [
        ("single_one", (100,)),
        ("single_five", (50,)),
        ("three_ones", (1000,)),
        ("three_kind", (200, 300, 400, 500, 600)),
        ("four_kind", (1000,)),
        ("five_kind", (2000,)),
        ("six_kind", (3000,)),
        ("straight", (1500,)),
        ("three_pairs", (1500,)),
        ("two_triplets", (2500,)),
    ]
    page = rules_page(Translator("el"), "farkle")
    assert '<td class="num">1.500</td>' in page
    assert "200\u00a0/ 300\u00a0/ 400\u00a0/ 500\u00a0/ 600" in page  # breaks after slashes
    text = visible_text(rules_page(Translator("en"), "farkle"))
    assert "four 1s are worth 1,100 (three 1s + a 1), not 1,000" in text
    assert "six 2s are worth 3,000 (six of a kind), not 1,500" in text


@pytest.mark.parametrize(
    ("lang", "first", "last"),
    [
        ("en", "2.3%", "66.7%"),
        ("fr", "2,3\u202f%", "66,7\u202f%"),
        ("el", "2,3\u00a0%", "66,7\u00a0%"),
        ("tr", "%2,3", "%66,7"),
    ],
)
def test_bust_risks_are_written_the_languages_way(lang: str, first: str, last: str) -> None:
    tr = Translator(lang)
    assert tr.percent(Fraction(5, 216)) == first
    page = rules_page(tr, "farkle")
    risk = page[page.index('<table class="rules-table farkle-risk"') :]
    cells = re.findall(r'<td class="num">([^<]+)</td></tr>', risk[: risk.index("</table>")])
    assert [html.unescape(c) for c in cells] == [tr.percent(p) for _, p in bust_table()]
    assert cells[0] == first and cells[-1] == last
    assert first in visible_text(page) and last in visible_text(page)


def test_farkle_targets_and_threshold_are_the_games() -> None:
    text = visible_text(rules_page(Translator("fr"), "farkle"))
    assert "5\u202f000, 10\u202f000 ou 15\u202f000 points (10\u202f000 par défaut)" in text
    assert "300 points de base" in text


# -- auto-record -------------------------------------------------------------------
def test_auto_record_default_is_the_apps_and_the_page_shows_the_current_setting() -> None:
    assert DEFAULT_AUTORECORD == DEFAULT_SETTINGS["autorecord"] == "3"
    _, host = open_rules("penta")
    text = visible_text(host.screen_html)
    assert "nothing 3 seconds after the last (third) roll" in text
    assert "Your setting now: After 3 s" in text
    _, host = open_rules("penta", settings='{"autorecord": "off"}')
    text = visible_text(host.screen_html)
    assert "Your setting now: Off" in text
    assert "3 seconds is the default" in text
    _, host = open_rules("penta", lang="tr", settings='{"autorecord": "10"}')
    assert "Şu anki ayarınız: 10 sn sonra" in visible_text(host.screen_html)


# -- no English left in the Greek and Turkish pages ----------------------------------
def english_words_in(lang: str, text: str) -> list[str]:
    """English catalogue texts (without placeholders, with a word of 4+ letters) that
    appear as whole words in ``text`` although ``lang`` says them differently."""
    own = catalogue(lang)
    found = []
    for key, value in EN.items():
        if "{" in value or own.get(key) == value or not re.search(r"[A-Za-z]{4}", value):
            continue
        if value in own.values():
            continue  # also a word of the language (a name shared by both)
        if re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text):
            found.append(value)
    return found


@pytest.mark.parametrize("lang", ["el", "tr"])
@pytest.mark.parametrize("game", GAMES)
def test_greek_and_turkish_pages_show_no_english_catalogue_words(lang: str, game: str) -> None:
    text = visible_text(rules_page(Translator(lang), game))
    assert english_words_in(lang, text) == []
    assert english_words_in(lang, "press Validate round") == ["Validate round"]  # the check works
