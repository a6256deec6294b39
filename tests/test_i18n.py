"""The message catalogues: complete, consistent, and with the rules texts' exact words."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

import zaria
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
        "farkle.setup.title_ai": "Humains + 1 IA",
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
    for word in ("Ρίξτε", "Τράπεζα", "Νέο παιχνίδι"):
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
