"""Players' names as typed in a setup form, made ready for a game."""

from __future__ import annotations

from collections.abc import Callable

#: The longest name a player may type (both games' forms).
NAME_LENGTH = 24


def seat_names(typed: list[str], default: Callable[[int], str], reserved: str = "") -> list[str]:
    """Each typed name trimmed, an empty one replaced by ``default(n)`` (n from 1),
    and a name met before (in any case, or equal to ``reserved``, the computer's)
    numbered so that "Ann's turn" always means one player.

    >>> seat_names(["Ann", " ", "ann", "Ann"], lambda n: f"Player {n}")
    ['Ann', 'Player 2', 'ann 2', 'Ann 3']
    >>> seat_names(["Computer", "Player 2", ""], lambda n: f"Player {n}", reserved="Computer")
    ['Computer 2', 'Player 2', 'Player 3']
    """
    taken = {reserved.casefold()} if reserved else set()
    out = []
    for i, raw in enumerate(typed):
        name = raw.strip()[:NAME_LENGTH] or default(i + 1)
        unique, n = name, 1
        while unique.casefold() in taken:
            n += 1
            unique = f"{name} {n}"
        taken.add(unique.casefold())
        out.append(unique)
    return out
