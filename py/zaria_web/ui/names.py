"""Players' names, made ready for a game: from a setup form, a save or the statistics.

Every name that enters the app goes through :func:`clean_name`: a name is
shown in sentences ("Ann's turn"), on one line, on a phone. Characters that
draw nothing (zero-width spaces and joiners, bidirectional controls, a soft
hyphen, control characters) are dropped, so that a name cannot look empty,
look like another player's, or reorder the sentence around it; and a name is
at most :data:`NAME_LENGTH` characters wherever it comes from.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

from zaria.i18n import LANGUAGES, Translator

#: The longest name a player may type (both games' forms), or keep from a save.
NAME_LENGTH = 24
#: Categories that draw nothing: format characters (Cf: ZWSP, ZWJ, bidi controls,
#: BOM, soft hyphen…), controls (Cc) and lone surrogates (Cs, from a save's JSON).
_HIDDEN_CATEGORIES = frozenset({"Cf", "Cc", "Cs"})
#: Letters and symbols that draw nothing either, though Unicode files them elsewhere:
#: the combining grapheme joiner, the Hangul fillers, Khmer's inherent vowels and the
#: blank Braille pattern, often used to make a name that looks empty.
_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
#: How many visible characters are read from a name before it is cut: enough for a
#: full name after normalisation, and a name of millions of characters costs no more.
_SCAN = 2 * NAME_LENGTH


def clean_name(text: str) -> str:
    """``text`` as a player's name: invisible characters dropped, each run of spaces
    (tabs, line breaks…) one space, trimmed, in Unicode's composed form (NFC), at
    most :data:`NAME_LENGTH` characters. An empty result means "no name given".

    >>> clean_name("  Bob\\u200b ")
    'Bob'
    >>> clean_name("Ann\\u202e\\n\\tMarie\\u00ad")
    'Ann Marie'
    >>> clean_name("\\u200b\\ufeff\\u2066\\u2069")
    ''
    >>> len(clean_name("x" * 10_000))
    24
    """
    out: list[str] = []
    space = False
    for ch in text:
        if ch.isspace():
            space = bool(out)  # a space only between visible characters
            continue
        if ch in _BLANK or unicodedata.category(ch) in _HIDDEN_CATEGORIES:
            continue
        if space:
            out.append(" ")
            space = False
        out.append(ch)
        if len(out) >= _SCAN:
            break
    return unicodedata.normalize("NFC", "".join(out))[:NAME_LENGTH].rstrip()


def name_full(text: str) -> bool:
    """Whether ``text``, as typed in a name field, is as long as a name may be: the
    field stops taking characters there (its ``maxlength``, which the browser counts in
    UTF-16 units, so an emoji counts twice), and the form says so.

    >>> name_full("x" * 23), name_full("x" * 24), name_full("\U0001f3b2" * 12)
    (False, True, True)
    """
    return max(len(text), len(text.encode("utf-16-le")) // 2) >= NAME_LENGTH


def name_key(name: str) -> str:
    """What two names must share to be "the same name": case and compatibility
    forms (a full-width Ａ is an A) do not tell players apart.

    >>> name_key("Ｂob") == name_key("BOB")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def _numbered(name: str, n: int) -> str:
    """``name`` with the number ``n``, cut so that the whole stays within the limit."""
    suffix = f" {n}"
    return name[: NAME_LENGTH - len(suffix)].rstrip() + suffix


def seat_names(
    typed: list[str], default: Callable[[int], str], reserved: Iterable[str] = ()
) -> list[str]:
    """Each name cleaned (:func:`clean_name`), an empty one replaced by
    ``default(n)`` (n from 1), and a name met before (in any case), or one of
    ``reserved`` (the computer's name in every language), numbered so that
    "Ann's turn" always means one player. A name as typed is kept when it can be:
    the numbers go to the repeats. Applied again to its own result, it changes
    nothing (a resumed game keeps its names).

    >>> seat_names(["Ann", " ", "ann", "Ann 2"], lambda n: f"Player {n}")
    ['Ann', 'Player 2', 'ann 3', 'Ann 2']
    >>> seat_names(["Computer", "Player 2", ""], lambda n: f"P{n}", reserved=["Computer"])
    ['Computer 2', 'Player 2', 'P3']
    >>> seat_names(["Bob", "Bob\\u200b"], lambda n: f"P{n}")
    ['Bob', 'Bob 2']
    """
    names = [clean_name(raw) or clean_name(default(i + 1)) for i, raw in enumerate(typed)]
    reserved_keys = {name_key(r) for r in reserved}
    taken = reserved_keys | {name_key(n) for n in names}
    seen: set[str] = set()
    out = []
    for name in names:
        key = name_key(name)
        if key in reserved_keys or key in seen:
            n = 2
            while name_key(_numbered(name, n)) in taken:
                n += 1
            name = _numbered(name, n)
            taken.add(name_key(name))
        seen.add(name_key(name))
        out.append(name)
    return out


def clean_saved_seats(
    state: dict[str, Any],
    default: Callable[[int], str],
    computer: str,
    reserved: Iterable[str] = (),
) -> dict[str, Any]:
    """A saved game's state (the engine's dict, with its ``seats``) whose human
    players' names are cleaned and numbered as :func:`seat_names` does for a form
    (``reserved``, the computer's names, count only when the game has a computer,
    as when it started), and whose computer's name is cleaned (``computer`` if
    nothing is left of it); anything else is left as it is, for the engine's own
    checks to judge.

    >>> clean_saved_seats({"seats": [{"name": "Bob\\u200b"}, {"name": "bob"},
    ...     {"name": "\\u200b", "computer": True}]}, lambda n: f"P{n}", "Bot")["seats"]
    [{'name': 'Bob'}, {'name': 'bob 2'}, {'name': 'Bot', 'computer': True}]
    """
    seats = state.get("seats")
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats
    ):
        return state
    human = [s.get("computer") is not True for s in seats]
    typed = [s["name"] for s, is_human in zip(seats, human, strict=True) if is_human]
    names = iter(seat_names(typed, default, reserved if not all(human) else ()))
    cleaned = [
        {**s, "name": next(names) if is_human else clean_name(s["name"]) or computer}
        for s, is_human in zip(seats, human, strict=True)
    ]
    return {**state, "seats": cleaned}


def in_every_language(msg_id: str, **params: object) -> list[str]:
    """The message ``msg_id`` in each of the app's languages (the computer's names,
    which follow a change of language during the game; the default names)."""
    return [Translator(lang)(msg_id, **params) for lang in LANGUAGES]
