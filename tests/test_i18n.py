"""The message catalogues: complete, consistent, and with the rules texts' exact words."""

from __future__ import annotations

import ast
import re
import string
from fractions import Fraction
from pathlib import Path

import pytest

import zaria
import zaria_web.games  # noqa: F401  (every registered game's own words, in the catalogues)
from zaria.i18n import LANGUAGES, Translator, catalogue, format_number, pick_language

EN = catalogue("en")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_has_every_english_key_and_nothing_empty(lang: str) -> None:
    messages = catalogue(lang)
    missing = sorted(set(EN) - set(messages))
    extra = sorted(set(messages) - set(EN))
    assert not missing, f"{lang} lacks {missing}"
    assert not extra, f"{lang} has keys English lacks: {extra}"
    empty = [k for k, v in messages.items() if not v.strip()]
    assert not empty, f"{lang} has empty messages: {empty}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match_the_english_ones(lang: str) -> None:
    messages = catalogue(lang)
    wrong = {k: (_fields(EN[k]), _fields(v)) for k, v in messages.items() if k in EN}
    wrong = {k: pair for k, pair in wrong.items() if pair[0] != pair[1]}
    assert not wrong, f"{lang}: placeholders differ from English: {wrong}"


EXACT = {
    "el": {
        "penta.validate": "Επικύρωση γύρου",
        "penta.sacrifice": "Καμία ανοιχτή θέση δεν αποφέρει πόντους: πρέπει να θυσιάσετε μία",
        "penta.box.aces": "Άσοι",
        "penta.box.twos": "Δύο",
        "penta.box.threes": "Τρία",
        "penta.box.fours": "Τέσσερα",
        "penta.box.fives": "Πέντε",
        "penta.box.sixes": "Έξι",
        "penta.box.three_kind": "Τριάδα",
        "penta.box.four_kind": "Τετράδα",
        "penta.box.full_house": "Φουλ",
        "penta.box.small_straight": "Μικρή κέντα",
        "penta.box.large_straight": "Μεγάλη κέντα",
        "penta.box.chance": "Τύχη",
        "penta.box.penta": "Πέντα",
    },
    "tr": {
        "penta.validate": "Turu onayla",
        "penta.sacrifice": "Açık hiçbir kutu puan getirmiyor: birini feda etmek gerekiyor",
        "penta.box.aces": "Bir",
        "penta.box.twos": "İki",
        "penta.box.threes": "Üç",
        "penta.box.fours": "Dört",
        "penta.box.fives": "Beş",
        "penta.box.sixes": "Altı",
        "penta.box.three_kind": "Üçlü",
        "penta.box.four_kind": "Dörtlü",
        "penta.box.full_house": "Full",
        "penta.box.small_straight": "Küçük seri",
        "penta.box.large_straight": "Büyük seri",
        "penta.box.chance": "Şans",
        "penta.box.penta": "Penta",
    },
    "fr": {
        "penta.validate": "Valider le tour",
        "penta.sacrifice": "Aucune case ouverte ne rapporte de points : il faut en sacrifier une",
        "farkle.lost_turn": "Tour perdu !",
        "farkle.hot_dice": "Dés chauds !",
        "farkle.last_round": "Dernier tour !",
        "farkle.setup.title_computer": "Humains + 1 IA",
    },
    "en": {
        "penta.validate": "Validate round",
        "penta.sacrifice": "No open box scores points: you must sacrifice one",
    },
}


def _raised_ids() -> set[str]:
    """The message ids the engine's code raises: ``SomeError("err.…", …)`` calls."""
    ids = set()
    for path in Path(zaria.__path__[0]).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                first = node.args[0]
                text = first.value if isinstance(first, ast.Constant) else None
                if isinstance(text, str) and text.startswith(("err.", "error.")):
                    ids.add(text)
    return ids


def test_every_refusal_the_engines_raise_has_a_message() -> None:
    # The page says an engine's refusal by its id: an id without a message would show as is.
    raised = _raised_ids()
    assert {"err.no_such_seat", "err.missing_dice", "err.penta.hold_index"} <= raised
    assert sorted(raised - set(EN)) == []


@pytest.mark.parametrize("lang", sorted(EXACT))
def test_the_rules_texts_words_are_used_exactly(lang: str) -> None:
    messages = catalogue(lang)
    for key, text in EXACT[lang].items():
        assert messages.get(key) == text, f"{lang} {key}: {messages.get(key)!r} != {text!r}"


def test_greek_farkle_buttons_are_the_rules_texts_words() -> None:
    values = set(catalogue("el").values())
    for word in ("Ρίξτε", "Εξαργύρωση", "Νέο παιχνίδι"):
        assert word in values, word


def test_numbers_are_formatted_for_each_language() -> None:
    assert format_number("en", 10000) == "10,000"
    assert format_number("fr", 10000) == "10\u202f000"
    assert format_number("el", 10000) == "10.000"
    assert format_number("tr", 15000) == "15.000"
    assert format_number("en", 300) == "300"
    assert Translator("el")("penta.round", n=3, of=13) == "Γύρος 3 από 13"


def test_language_choice_follows_the_browser_then_falls_back_to_english() -> None:
    assert pick_language(["tr-TR", "en"]) == "tr"
    assert pick_language(["de", "fr-CA"]) == "fr"
    assert pick_language(["de", "ja"]) == "en"
    assert pick_language([]) == "en"


@pytest.mark.parametrize(
    ("lang", "value", "places", "shown"),
    [
        ("tr", 1250.44, 1, "1.250,4"),
        ("en", 1250.44, 1, "1,250.4"),
        ("fr", 1250.44, 1, "1\u202f250,4"),
        ("el", 1250.44, 1, "1.250,4"),
        ("en", 2, 1, "2.0"),
        ("en", 0.25, 1, "0.2"),  # round half to even, as the three old copies did
        ("en", 0.35, 1, "0.4"),  # scaled in floats as before: 0.35 × 10 is 3.5, even is 4
        ("en", Fraction(1, 4), 1, "0.2"),
        ("en", Fraction(3, 4), 1, "0.8"),
        ("en", 9.96, 1, "10.0"),
        ("el", -3.25, 2, "\u22123,25"),
        ("tr", -1250.44, 1, "\u22121.250,4"),
        ("en", -0.04, 1, "0.0"),  # no minus sign on a zero
        ("en", 1.05, 2, "1.05"),
        ("en", 1234.5, 0, "1,234"),
        ("fr", 12345.678, 0, "12\u202f346"),
    ],
)
def test_decimals_are_rounded_grouped_and_marked_for_each_language(
    lang: str, value: float | Fraction, places: int, shown: str
) -> None:
    assert Translator(lang).decimal(value, places) == shown


def test_percents_follow_each_languages_pattern() -> None:
    risk = Fraction(5, 216)
    shown = {lang: Translator(lang).percent(risk) for lang in LANGUAGES}
    assert shown == {"en": "2.3%", "fr": "2,3\u202f%", "el": "2,3\u00a0%", "tr": "%2,3"}
    assert Translator("fr").percent(Fraction(5438, 10000), 2) == "54,38\u202f%"
    assert Translator("en").percent(Fraction(2, 3), 1) == "66.7%"
    assert Translator("tr").percent(0.63, 0) == "%63"
    assert Translator("el").percent(1) == "100,0\u00a0%"


def test_the_greek_rules_text_writes_percents_as_the_app_does() -> None:
    # 004 (Farkle, Greek) says "από 2,3 % με 6 ζάρια σε 66,7 %": a space before the sign.
    el = Translator("el")
    assert [el.percent(Fraction(5, 216)), el.percent(Fraction(2, 3))] == ["2,3\xa0%", "66,7\xa0%"]


def test_the_computer_has_one_name_and_the_dialog_title_uses_it() -> None:
    for lang in ("en", "el", "tr"):
        messages = catalogue(lang)
        name = messages["common.computer"]
        assert name.lower() in messages["farkle.setup.title_computer"].lower(), lang
    # French keeps the rules text's quoted title, «Humains + 1 IA», word for word.
    assert catalogue("fr")["farkle.setup.title_computer"] == "Humains + 1 IA"


def test_french_puts_a_narrow_no_break_space_before_high_punctuation() -> None:
    # «Clavier : …», «Dés chauds !»: French typography sets « : ; ! ? » apart from the
    # word before them, with a space that never breaks the line there. The rules
    # texts' quoted words are the exception: they stay as the rules quote them.
    quoted = set(EXACT["fr"].values())
    wrong = {
        key: text
        for key, text in catalogue("fr").items()
        if text not in quoted and re.search(r"[^\u202f][:;!?]", text)
    }
    assert not wrong, f"fr: a colon, semicolon, ! or ? without U+202F before it: {wrong}"


def test_one_word_for_one_thing_in_each_language() -> None:
    tr_, el = catalogue("tr"), catalogue("el")
    # A tie is called the same in both games.
    assert tr_["penta.end.tie"].split(":")[0] == tr_["farkle.over.tie"].split(":")[0]
    assert el["penta.end.tie"].split(":")[0] == el["farkle.over.tie"].split(":")[0]
    # A held die is «κρατημένο» on the die, in its name and in the rules.
    assert el["penta.held"].lower() == "κρατημένο" and "κρατημένο" in el["penta.die.held"]
    # No abbreviation for seconds.
    assert "δ." not in el["penta.autorecord.seconds"]


def test_a_sentence_after_an_exclamation_mark_starts_with_a_capital() -> None:
    # «Τελευταίος γύρος! Απομένει 1 σειρά»: the table shows the turns left after
    # the last round's exclamation.
    for lang in LANGUAGES:
        tr = Translator(lang)
        for text in (tr("farkle.turns_left.one"), tr("farkle.turns_left.many", n=2)):
            assert text[0].isdigit() or text[0].isupper(), (lang, text)


def test_french_undo_says_it_takes_back_the_move() -> None:
    # «Annuler» alone reads as "cancel" (close the card), not "take back the move".
    assert Translator("fr")("common.undo") == "Annuler le coup"
