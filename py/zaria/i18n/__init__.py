"""Message catalogues: every string the player sees, by message id, per language.

Each language is a package (``zaria.i18n.en`` …) whose ``MESSAGES`` merges one
module per area of the app (``common``, ``penta``, ``farkle``). A game may bring
words of its own, in a package of one module per language (``<words>.en`` …, each
with its ``MESSAGES``): :func:`add_words` merges them into every catalogue, so a
game is added without an edit here (the app's registry of games adds each game's
``words``; the engine itself knows no such package). Messages use
``str.format`` placeholders (``{name}``). A missing id falls back to English,
then to the id itself, so a gap never breaks the page (a test keeps every
catalogue complete).
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Callable
from fractions import Fraction
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "fr", "el", "tr")
DEFAULT = "en"
#: Each language's own name, shown in the language selector.
NATIVE_NAMES = {"en": "English", "fr": "Français", "el": "Ελληνικά", "tr": "Türkçe"}

_cache: dict[str, dict[str, str]] = {}
#: The packages of words added to the catalogues (:func:`add_words`), in order.
_words: list[str] = []

#: The minus sign of a negative number shown (U+2212, not the hyphen ``-``): as the
#: catalogues write a penalty («−500»), so a total of −500 beside it looks the same.
MINUS = "\u2212"
#: The message parameters that hold a player's name, or several joined («Ann, Bob»).
NAME_FIELDS = ("name", "names")


def catalogue(lang: str) -> dict[str, str]:
    """The whole catalogue of ``lang`` (a supported language code)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}; supported: {', '.join(LANGUAGES)}")
    if lang not in _cache:
        _cache[lang] = {}
        _fill(lang, _cache[lang])
    return _cache[lang]


def _fill(lang: str, messages: dict[str, str]) -> None:
    """``messages`` made the catalogue of ``lang`` again, in place (a translator
    made earlier holds the same dict): the app's, then each added package's words."""
    messages.clear()
    messages.update(importlib.import_module(f"zaria.i18n.{lang}").MESSAGES)
    for package in _words:
        messages.update(_words_of(package, lang))


def _words_of(package: str, lang: str) -> dict[str, str]:
    """The words of ``package`` in ``lang`` (none when it has no module for it)."""
    name = f"{package}.{lang}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not name.startswith(exc.name):
            raise  # a module the words import is missing: not the words' absence
        return {}
    return dict(module.MESSAGES)


def add_words(package: str) -> Callable[[], None]:
    """Merge the words of ``package`` (one module per language, ``<package>.en`` …,
    each with its ``MESSAGES``; a package that does not exist adds nothing) into
    every catalogue, now and when read later; returns what takes them out again.

    >>> undo = add_words("zaria.no_such_words")
    >>> catalogue("en")["common.computer"]
    'Computer'
    >>> undo()
    """
    _words.append(package)
    for lang, messages in _cache.items():
        messages.update(_words_of(package, lang))

    def undo() -> None:
        # A catalogue is made again only when the package had words in it.
        had = [lang for lang in _cache if _words_of(package, lang)]
        _words.remove(package)
        for lang in had:
            _fill(lang, _cache[lang])

    return undo


def pick_language(preferences: list[str] | tuple[str, ...]) -> str:
    """The first supported language among the browser's preferences, else English.

    >>> pick_language(["de-DE", "el-GR", "en"])
    'el'
    """
    for pref in preferences:
        code = pref.split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def format_number(lang: str, n: int) -> str:
    """``n`` with the language's digit grouping, and the true minus sign below zero.

    >>> [format_number(x, 10000) for x in LANGUAGES]
    ['10,000', '10\u202f000', '10.000', '10.000']
    >>> format_number("fr", 950), format_number("en", -1500)
    ('950', '\u22121,500')
    """
    text = f"{abs(n):,}"
    sep = {"en": ",", "fr": "\u202f", "el": ".", "tr": "."}[lang]
    text = text.replace(",", sep)
    return f"{MINUS}{text}" if n < 0 else text


#: A French word that drops its «e» before a vowel: «de Ann» is «d’Ann», «que Ann»
#: «qu’Ann». Only these come before a name in the catalogues.
_FR_ELIDED = r"(?<!\w)([Dd]|[Qq]u|[Ll]orsqu|[Pp]uisqu)e "


def _french_vowel(name: str) -> bool:
    """Whether a French word elides before ``name``: it starts with a vowel letter,
    accented or not (Émile, Œdipe); a Y only before a consonant (Yves, not Yann).
    An H may be mute or not (Hélène, Hugo): it is left as written.

    >>> [_french_vowel(n) for n in ("Ann", "Émile", "Yves", "Yann", "Hugo", "Άννα", "")]
    [True, True, True, False, False, False, False]
    """
    letters = [unicodedata.normalize("NFD", ch)[0].lower() for ch in name[:2]]
    if not letters:
        return False
    if letters[0] == "y":
        return len(letters) > 1 and letters[1].isalpha() and letters[1] not in "aeiouy"
    return letters[0] in "aeiouæœ"


def _french_names(text: str, params: dict[str, Any], computer: str) -> str:
    """The French message ``text`` fitted to the names in ``params``: a word elided
    before a name that starts with a vowel («le tour d’Ann»), and the computer
    (``computer``, «Ordinateur») as a noun with its article inside a sentence
    («le tour de l’ordinateur», «L’ordinateur joue…»). Where the name stands alone,
    as a label («Ordinateur\u202f: 3\u202f000»), it stays a name.

    >>> _french_names("Tour de {name}", {"name": "Ann"}, "Ordinateur")
    'Tour d’{name}'
    >>> _french_names("{name} joue… À {name} de jouer", {"name": "Ordinateur"}, "Ordinateur")
    'L’ordinateur joue… À l’ordinateur de jouer'
    >>> _french_names("{name}\u202f: {total}", {"name": "Ordinateur"}, "Ordinateur")
    '{name}\u202f: {total}'
    """
    for field in NAME_FIELDS:
        value = params.get(field)
        if isinstance(value, str):
            text = _french_name(text, "{" + field + "}", value, computer)
    return text


def _french_name(text: str, slot: str, value: str, computer: str) -> str:
    """:func:`_french_names` for the one placeholder ``slot``, which shows ``value``."""
    if value == computer:
        noun = ("l’" if _french_vowel(value) else "le ") + value[:1].lower() + value[1:]
        found = rf"(\w[\w’]* )?{re.escape(slot)}( \w)?"
        return re.sub(found, lambda m: _sentence_noun(m, noun, slot), text)
    if _french_vowel(value):
        return re.sub(_FR_ELIDED + re.escape(slot), lambda m: f"{m.group(1)}’{slot}", text)
    return text


def _sentence_noun(match: re.Match[str], noun: str, slot: str) -> str:
    """The computer's slot, matched with the word before it or after it: the noun with
    its article when either is there (the name sits in a sentence), else the slot."""
    before, after = match.group(1) or "", match.group(2) or ""
    if not before and not after:
        return slot
    if not before and match.start() == 0:
        noun = noun[:1].upper() + noun[1:]
    return before + noun + after


class Translator:
    """Messages of one language: ``tr("key", name="Ann")``.

    >>> Translator("fr")("farkle.lost_turn")
    'Tour perdu !'
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._messages = catalogue(lang)
        self._fallback = catalogue(DEFAULT)

    def __call__(self, key: str, **params: Any) -> str:
        return self.fill(self.template(key, **params), **params)

    def template(self, key: str, /, **params: Any) -> str:
        """The message ``key`` with its placeholders still in it, fitted to the
        players' names in ``params`` (``name``, ``names``: plain text) where the
        language asks: French elides before a vowel («Tour d’{name}») and says the
        computer with its article in a sentence («Tour de l’ordinateur»).

        >>> Translator("fr").template("common.log.turn", name="Ann")
        'Tour d’{name}'
        >>> Translator("fr")("common.log.turn", name="Ordinateur")
        'Tour de l’ordinateur'
        """
        text = self._messages.get(key) or self._fallback.get(key) or key
        if self.lang == "fr" and params:
            text = _french_names(text, params, self._messages["common.computer"])
        return text

    def fill(self, message: str, /, **params: Any) -> str:
        """``message`` (a :meth:`template`) with ``params`` in it, whole numbers
        written the language's way."""
        if not params:
            return message
        shown = {k: format_number(self.lang, v) if type(v) is int else v for k, v in params.items()}
        return message.format(**shown)

    def has(self, key: str) -> bool:
        """Whether the language's own catalogue holds ``key``."""
        return key in self._messages

    def number(self, n: int) -> str:
        """``n`` formatted for the language."""
        return format_number(self.lang, n)

    def decimal(self, value: float | Fraction, places: int = 1) -> str:
        """``value`` to ``places`` decimals: grouped, with the language's decimal mark.

        Rounding is Python's ``round`` of ``|value| × 10**places`` (exact for a
        ``Fraction``, half to even); a value that rounds to zero has no minus sign.

        >>> [Translator(x).decimal(1250.44) for x in ("en", "fr", "el", "tr")]
        ['1,250.4', '1\u202f250,4', '1.250,4', '1.250,4']
        >>> Translator("en").decimal(2), Translator("el").decimal(-3.25, 2)
        ('2.0', '\u22123,25')
        >>> Translator("fr").decimal(-0.04), Translator("tr").decimal(Fraction(2, 3), 0)
        ('0,0', '1')
        """
        scale = 10**places
        n = round(abs(value) * scale)
        sign = MINUS if value < 0 and n else ""
        whole = self.number(n // scale)
        if not places:
            return sign + whole
        return f"{sign}{whole}{self('common.decimal')}{n % scale:0{places}d}"

    def percent(self, p: float | Fraction, places: int = 1) -> str:
        """The fraction ``p`` of 1 as a percentage to ``places`` decimals, the language's way.

        >>> [Translator(x).percent(Fraction(5, 216)) for x in ("en", "fr", "el", "tr")]
        ['2.3%', '2,3\u202f%', '2,3\xa0%', '%2,3']
        >>> Translator("fr").percent(Fraction(5438, 10000), 2), Translator("en").percent(0.63, 0)
        ('54,38\u202f%', '63%')
        """
        return self("common.percent", value=self.decimal(p * 100, places))
