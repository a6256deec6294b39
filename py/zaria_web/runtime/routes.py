"""Each screen's address: the part after ``#`` that a reload, a bookmark or a shared
link opens again.

A history entry names a screen (``<game>``, ``stats``) or, for the rules, which
game's rules and the screen their Back button returns to (``rules:<game>`` and
``rules:<game>:<game>-pad``). Its address is that name as a path after ``#/``:
``#/<game>``, ``#/rules/<game>/<game>-pad``; home has none. A game's challenges
read the other way round: its daily dice are ``#/daily/<game>``, its duel
``#/duel/<game>``, and a duel link opened ``#/duel/<token>`` (the entry
``duel:<token>``, whose token :mod:`zaria_web.duel` reads).

An address is read as it was sent: percent-escapes are decoded first (a chat app
may have escaped a link), and whatever follows ``#/duel/`` that is no game is a
duel's token, for :mod:`zaria_web.duel` to read or refuse with its notice. An
address of the app's form (``#/…``) that names nothing is :func:`unknown`: the
page says so; a fragment of another form (``#top``) is no address at all.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from zaria_web.games import CHALLENGES, DUPLICATES, LESSONS, Live, split
from zaria_web.screen import GAMES, PLAYED

#: The screens an address may name (home is the page without one); ``game`` is a
#: finished game opened again, named by its id (``#/game/<id>``).
SCREENS = Live(lambda: (*PLAYED, *LESSONS, "stats", "settings", "rules", "game"))
_PART = re.compile(r"[a-z]+(?:-[a-z]+)?")
#: A finished game's id (:func:`zaria_web.storage.archive.game_id`).
GAME_ID = re.compile(r"[0-9a-z]{1,40}")


def address(entry: str) -> str:
    """The address (``#/…``) of the history entry ``entry``; home's is empty.

    >>> address("penta"), address("rules:farkle:farkle-pad"), address("home")
    ('#/penta', '#/rules/farkle/farkle-pad', '')
    >>> address("penta-daily"), address("farkle-duel"), address("duel:AQx")
    ('#/daily/penta', '#/duel/farkle', '#/duel/AQx')
    """
    if entry in DUPLICATES:
        game, mode = split(entry)
        return f"#/{mode.removeprefix('-')}/{game}"
    return "" if entry == "home" else "#/" + entry.replace(":", "/")


def entry_of(fragment: str) -> str | None:
    """The history entry an address names, or None (home, or not an address of the app).

    >>> entry_of("#/farkle"), entry_of("#/rules/penta"), entry_of("#/rules/penta/penta-pad")
    ('farkle', 'rules:penta', 'rules:penta:penta-pad')
    >>> entry_of(""), entry_of("#/nowhere"), entry_of("#/rules/chess"), entry_of("#/penta/x")
    (None, None, None, None)
    >>> entry_of("#/game/0f3a9c"), entry_of("#/game"), entry_of("#/game/A%20b")
    ('game:0f3a9c', None, None)
    >>> entry_of("#%2Fduel%2FAQx"), entry_of("#/duel/AQ%%%")
    ('duel:AQx', 'duel:AQ%%%')
    """
    path = _path(fragment)
    parts = path.split("/") if path else []
    if len(parts) == 2 and "-" + parts[0] in CHALLENGES:
        return _challenge(parts[0], parts[1])
    if parts[:1] == ["game"]:
        found = len(parts) == 2 and GAME_ID.fullmatch(parts[1])
        return "game:" + parts[1] if found else None
    if not parts or len(parts) > 3 or not all(_PART.fullmatch(p) for p in parts):
        return None
    name, rest = parts[0], parts[1:]
    if name not in SCREENS:
        return None
    if name != "rules":
        return None if rest else name
    return ":".join(parts) if _rules_of(rest) else None


def _path(fragment: str) -> str:
    """The path of ``fragment``, its escapes decoded, without its ``#/`` and last ``/``."""
    return unquote(fragment).removeprefix("#").removeprefix("/").removesuffix("/")


def unknown(fragment: str) -> bool:
    """Whether ``fragment`` is meant as an address of the app (``#/…``) but names
    nothing: the page says so, and shows home.

    >>> unknown("#/nowhere"), unknown("#/duel/"), unknown("#/penta"), unknown("#top"), unknown("")
    (True, True, False, False, False)
    """
    meant = unquote(fragment).removeprefix("#").startswith("/")
    return meant and bool(_path(fragment)) and entry_of(fragment) is None


def _challenge(kind: str, rest: str) -> str | None:
    """The entry of a game's challenge (``#/daily/<game>``, ``#/duel/<game>``), or of a
    duel link (``#/duel/<token>``: any other text, which the duel's reader reads or
    refuses with its notice).

    >>> _challenge("daily", "farkle"), _challenge("duel", "AQ-x_9"), _challenge("daily", "x")
    ('farkle-daily', 'duel:AQ-x_9', None)
    """
    screen = f"{rest}-{kind}"
    if screen in DUPLICATES:
        return screen
    return f"duel:{rest}" if kind == "duel" and rest else None


def _rules_of(rest: list[str]) -> bool:
    """Whether ``rest`` names a rules page: a game's, opened from a screen or not."""
    if not rest or rest[0] not in GAMES:
        return False
    return len(rest) == 1 or rest[1] in (*PLAYED, "home")
