"""Players' names as typed in a setup form, made ready for a game."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from zaria.i18n import LANGUAGES, Translator

#: The longest name a player may type (both games' forms).
NAME_LENGTH = 24


def seat_names(
    typed: list[str], default: Callable[[int], str], reserved: Iterable[str] = ()
) -> list[str]:
    """Each typed name trimmed, an empty one replaced by ``default(n)`` (n from 1),
    and a name met before (in any case), or one of ``reserved`` (the computer's
    name in every language), numbered so that "Ann's turn" always means one player.
    A name as typed is kept when it can be: the numbers go to the repeats.

    >>> seat_names(["Ann", " ", "ann", "Ann 2"], lambda n: f"Player {n}")
    ['Ann', 'Player 2', 'ann 3', 'Ann 2']
    >>> seat_names(["Computer", "Player 2", ""], lambda n: f"P{n}", reserved=["Computer"])
    ['Computer 2', 'Player 2', 'P3']
    """
    names = [raw.strip()[:NAME_LENGTH] or default(i + 1) for i, raw in enumerate(typed)]
    reserved_keys = {r.casefold() for r in reserved}
    taken = reserved_keys | {n.casefold() for n in names}
    seen: set[str] = set()
    out = []
    for name in names:
        key = name.casefold()
        if key in reserved_keys or key in seen:
            n = 2
            while f"{name} {n}".casefold() in taken:
                n += 1
            name = f"{name} {n}"
            taken.add(name.casefold())
        seen.add(name.casefold())
        out.append(name)
    return out


def in_every_language(msg_id: str) -> list[str]:
    """The message ``msg_id`` in each of the app's languages (the computer's names,
    which follow a change of language during the game)."""
    return [Translator(lang)(msg_id) for lang in LANGUAGES]
