"""The words on the page: French elision before names, one apostrophe, the minus sign,
the word under held dice, Farkle's form naming its game, and the name field's limit."""

from __future__ import annotations

import re
import string

import pytest

from fake_host import FakeHost, Page, start_penta
from test_farkle_house_rules_screen import BUSTS, PENALTY500, start_with
from test_farkle_screen import make, page, roll, start
from zaria.i18n import LANGUAGES, Translator, catalogue, format_number
from zaria_web.ui.html import bdi, tr_html
from zaria_web.ui.names import NAME_LENGTH

FR = Translator("fr")
COMPUTER_FR = catalogue("fr")["common.computer"]

# -- French: «d’Ann», «de l’ordinateur» -----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Ann", "Tour d’Ann"),
        ("Émile", "Tour d’Émile"),
        ("Œdipe", "Tour d’Œdipe"),
        ("ines", "Tour d’ines"),
        ("Yves", "Tour d’Yves"),  # a Y sounding as a vowel
        ("Yann", "Tour de Yann"),  # a Y before a vowel is a consonant
        ("Hugo", "Tour de Hugo"),  # an H is left as written
        ("Bob", "Tour de Bob"),
        ("Ιώ", "Tour de Ιώ"),  # another alphabet: no guess
    ],
)
def test_french_elides_de_before_a_name_starting_with_a_vowel(name: str, said: str) -> None:
    assert FR("common.log.turn", name=name) == said


def test_every_french_de_before_a_name_is_elided_and_none_is_left() -> None:
    for key, text in catalogue("fr").items():
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        if "name" not in fields:
            continue
        params: dict[str, object] = {f: 7 for f in fields}
        shown = FR(key, **{**params, "name": "Ann"})
        assert not re.search(r"\b(de|que) Ann\b", shown, re.I), (key, shown)


def test_french_says_the_computer_with_its_article_in_a_sentence() -> None:
    assert COMPUTER_FR == "Ordinateur"
    said = {
        "common.log.turn": "Tour de l’ordinateur",
        "common.handover.title": "Au tour de l’ordinateur",
        "common.turn_of": "À l’ordinateur de jouer",
        "common.undone": (
            "La dernière décision de l’ordinateur est annulée\u202f: choisissez à nouveau."
        ),
        "common.computer_playing": "L’ordinateur joue…",
        "farkle.event.rolled": "L’ordinateur lance 7.",
    }
    for key, text in said.items():
        assert FR(key, name=COMPUTER_FR, dice="7") == text
    assert FR("farkle.over.wins", name=COMPUTER_FR) == "L’ordinateur gagne\u202f!"
    # Where the name stands alone, as a label, it stays the computer's name.
    assert FR("penta.turn_of", name=COMPUTER_FR) == "Ordinateur"
    progress = FR("farkle.progress", name=COMPUTER_FR, total=3000, target=10000)
    assert progress == "Ordinateur\u202f: 3\u202f000 sur 10\u202f000"
    # Other languages are left as they are.
    assert Translator("en")("common.log.turn", name="Computer") == "Computer’s turn"


def test_french_names_in_html_are_elided_around_their_isolation() -> None:
    said = tr_html(FR, "common.handover.title", name=bdi("Ann"))
    assert said == "Au tour d’<bdi>Ann</bdi>"
    said = tr_html(FR, "stats.distribution", name=bdi("Émile & co"), n=5)
    assert said.startswith("Les 5 derniers scores finaux d’<bdi>Émile &amp; co</bdi> face")
    assert tr_html(FR, "common.log.turn", name=bdi(COMPUTER_FR)) == "Tour de l’ordinateur"


def test_a_french_farkle_table_says_d_ann_and_de_l_ordinateur() -> None:
    app, host = start("223346,111111", names=("Ann",), lang="fr")
    roll(app)  # nothing scores: the computer's turn
    html = host.screen_html
    assert "À l’ordinateur de jouer" in html and "L’ordinateur joue…" in html
    assert "Tour précédent d’<bdi>Ann</bdi>" in html
    host.advance(60_000)  # the computer plays its turn
    html = host.screen_html
    assert "Tour précédent de l’ordinateur" in html
    assert "de Ann" not in html and "de Ordinateur" not in html


# -- one apostrophe ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalogue_writes_a_straight_apostrophe(lang: str) -> None:
    # «Lee’s turn», «Zaria’nın», «l’ordinateur»: the typographic apostrophe (U+2019)
    # throughout, never the typewriter's ' beside it.
    straight = {k: v for k, v in catalogue(lang).items() if "'" in v}
    assert not straight, f"{lang}: a straight apostrophe in {sorted(straight)}"


def test_the_apostrophe_is_the_typographic_one_where_english_and_turkish_use_it() -> None:
    assert Translator("en")("common.turn_of", name="Lee") == "Lee\u2019s turn"
    assert "Zaria\u2019nın" in catalogue("tr")["save.newer"]
    assert Translator("en")("error.seed", seed="x") == (
        "The seed in the address, “x”, is not a whole number: the dice are random."
    )


# -- the minus sign ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_negative_numbers_are_written_with_the_minus_sign(lang: str) -> None:
    tr = Translator(lang)
    for shown in (format_number(lang, -500), tr.number(-1500), tr.decimal(-2.5)):
        assert shown.startswith("\u2212") and "-" not in shown, shown
    assert "\u2212" not in tr.number(0) + tr.decimal(-0.01)


def test_a_farkle_penalty_shows_the_same_minus_as_the_total_it_leaves() -> None:
    app, host = start_with(BUSTS, PENALTY500)
    for _ in range(3):
        roll(app)
    text = page(host).plain()
    assert "\u2212500: three lost turns in a row" in text
    assert "the banked total is now \u2212500." in text
    # No hyphen for a minus anywhere (a straight 1-2-3-4-5-6 keeps its hyphens).
    assert not re.search(r"(^|[\s(])-\d", text), re.findall(r".{20}\s-\d.{5}", text)


# -- held dice --------------------------------------------------------------------------------


def _held_tags(html: str) -> list[tuple[int, str, str]]:
    """Each die's place, its held word's run (``--run``) and the word."""
    found = re.findall(
        r'id="die-(\d)"[^>]*>.*?<span class="held-tag" aria-hidden="true"(?: style="--run:(\d)")?>'
        r"([^<]*)</span>",
        html,
    )
    return [(int(i), run, word) for i, run, word in found]


def test_held_dice_side_by_side_are_labelled_once_for_the_group() -> None:
    host = FakeHost({"zaria.lang": "el"})
    app, host = start_penta({"dice": "44426"}, host=host)
    app.action("roll", {})
    for i in (0, 1, 2, 4):
        app.action("hold", {"index": str(i)})
    tags = _held_tags(host.screen_html)
    assert tags == [
        (0, "3", "Κρατημένα"),  # one word under the three, not «Κρατημένο Κρατημένο»
        (1, "", ""),
        (2, "", ""),
        (3, "", ""),
        (4, "1", "Κρατημένο"),
    ]
    # Each die still says it is held in its own name.
    p = Page(host.screen_html)
    for i in (0, 1, 2, 4):
        assert p.tags[f"die-{i}"]["aria-label"].endswith(", κρατημένο")
    app.action("hold", {"index": "1"})  # released: two runs of one
    words = [w for _, _, w in _held_tags(host.screen_html) if w]
    assert words == ["Κρατημένο", "Κρατημένο", "Κρατημένο"]


# -- Farkle's form names its game -------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_farkles_new_game_form_names_the_game(lang: str) -> None:
    _, host = make(lang=lang)
    tr = Translator(lang)
    p = page(host)
    assert tr("game.farkle") in p.text["fk-setup-kicker"]
    assert p.text["fk-setup-title"] == tr("farkle.setup.title_computer")
    assert '<section class="farkle fk-setup" aria-labelledby="fk-setup-kicker fk-setup-title">' in (
        p.html
    )
    assert Translator("en")("farkle.setup.kicker") == "New game of Farkle"


# -- the name field's limit -------------------------------------------------------------------


@pytest.mark.parametrize(("game", "prefix"), [("farkle", "fk"), ("penta", "penta")])
def test_a_full_name_field_says_so_under_it_and_once_aloud(game: str, prefix: str) -> None:
    host = FakeHost()
    from zaria_web.app import App

    app = App(host, {})
    app.action("open", {"game": game})
    field = f"{prefix}-name-0"
    app.action("seat-name", {"index": "0", "value": "x" * (NAME_LENGTH - 1), "event": "input"})
    p = Page(host.screen_html)
    assert p.tags[field]["maxlength"] == str(NAME_LENGTH)
    assert not p.has(f"{field}-limit") and "aria-describedby" not in p.tags[field]
    said = len(host.announced)
    app.action("seat-name", {"index": "0", "value": "x" * NAME_LENGTH, "event": "input"})
    p = Page(host.screen_html)
    hint = "A name is 24 characters at most."
    assert p.text[f"{field}-limit"] == hint
    assert p.tags[field]["aria-describedby"] == f"{field}-limit"
    assert host.announced[said:] == [hint]  # told aloud politely, once
    app.action("seat-name", {"index": "0", "value": "y" * 40, "event": "input"})  # a paste
    assert app.screen.form.names == ["y" * NAME_LENGTH]  # type: ignore[attr-defined]
    assert Page(host.screen_html).has(f"{field}-limit")  # still full: said once only
    assert host.announced[said:] == [hint]
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    assert not Page(host.screen_html).has(f"{field}-limit")


def test_an_emoji_name_at_the_browsers_limit_gets_the_hint_too() -> None:
    # The browser counts a field's maxlength in UTF-16 units: 12 dice emoji fill it.
    app, host = make()
    app.action("seat-name", {"index": "0", "value": "\U0001f3b2" * 12, "event": "input"})
    assert Page(host.screen_html).has("fk-name-0-limit")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_limit_is_said_in_every_language(lang: str) -> None:
    tr = Translator(lang)
    assert tr.has("common.setup.name_limit")
    assert str(NAME_LENGTH) in tr("common.setup.name_limit", n=NAME_LENGTH)


# -- one word for one thing -------------------------------------------------------------------


def test_turkish_says_tur_for_a_round_and_sira_for_a_turn() -> None:
    en, tr = catalogue("en"), catalogue("tr")
    for key, text in en.items():
        if re.search(r"\bturns?\b", text, re.I) and not re.search(r"\brounds?\b", text, re.I):
            words = re.sub(r"\{\w+\}", "", tr[key])  # the placeholders are not words
            assert not re.search(r"\btur", words, re.I), f"{key}: {tr[key]}"
    assert tr["farkle.lost_turn"].startswith("Sıra") and tr["penta.round"].startswith("Tur")


def test_greek_banks_with_one_word_on_the_button_and_in_the_text() -> None:
    el = catalogue("el")
    assert el["farkle.bank"] == "Εξαργύρωση"
    assert not [k for k, v in el.items() if re.search("τράπεζ", v, re.I)]


def test_french_penta_plays_tours_on_the_intro_as_in_play() -> None:
    fr = catalogue("fr")
    assert "13 tours" in fr["penta.challenge.format"]
    assert not [k for k, v in fr.items() if k.startswith("penta") and "manche" in v]
