"""Message catalogues: every string the player sees, by message id, per language.

Each language is a package (``zaria.i18n.en`` …) whose ``MESSAGES`` merges one
module per area of the app (``common``, ``penta``, ``farkle``). Messages use
``str.format`` placeholders (``{name}``). A missing id falls back to English,
then to the id itself, so a gap never breaks the page (a test keeps every
catalogue complete).
"""

from __future__ import annotations

import importlib
from fractions import Fraction
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "fr", "el", "tr")
DEFAULT = "en"
#: Each language's own name, shown in the language selector.
NATIVE_NAMES = {"en": "English", "fr": "Français", "el": "Ελληνικά", "tr": "Türkçe"}

_cache: dict[str, dict[str, str]] = {}


def catalogue(lang: str) -> dict[str, str]:
    """The whole catalogue of ``lang`` (a supported language code)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}; supported: {', '.join(LANGUAGES)}")
    if lang not in _cache:
        module = importlib.import_module(f"zaria.i18n.{lang}")
        _cache[lang] = dict(module.MESSAGES)
    return _cache[lang]


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
    """``n`` with the language's digit grouping.

    >>> [format_number(x, 10000) for x in LANGUAGES]
    ['10,000', '10\u202f000', '10.000', '10.000']
    >>> format_number("fr", 950)
    '950'
    """
    text = f"{abs(n):,}"
    sep = {"en": ",", "fr": "\u202f", "el": ".", "tr": "."}[lang]
    text = text.replace(",", sep)
    return f"-{text}" if n < 0 else text


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
        text = self._messages.get(key) or self._fallback.get(key) or key
        if not params:
            return text
        shown = {k: format_number(self.lang, v) if type(v) is int else v for k, v in params.items()}
        return text.format(**shown)

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
        ('2.0', '-3,25')
        >>> Translator("fr").decimal(-0.04), Translator("tr").decimal(Fraction(2, 3), 0)
        ('0,0', '1')
        """
        scale = 10**places
        n = round(abs(value) * scale)
        sign = "-" if value < 0 and n else ""
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
