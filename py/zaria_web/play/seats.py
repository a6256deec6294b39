"""The new game form both games share: the people's names, the computer in or out,
and its level; its intents and the one update that applies them.

The form's controls report the same intents in both games (``seat-name``,
``seat-add``, ``seat-remove`` with ``data-index``; ``seat-computer`` and
``seat-level`` with their ``value``); a game's screen draws the form its own way
and names its fields ``#<prefix>-name-<i>``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from zaria.game import Seat
from zaria.i18n import Translator
from zaria_web.runtime.effects import Effects
from zaria_web.ui.names import (
    NAME_LENGTH,
    clean_saved_seats,
    in_every_language,
    name_full,
    seat_names,
)

#: The most people one game seats (the computer aside).
MAX_HUMANS = 6
#: The message naming the computer, in every game and language.
COMPUTER_NAME = "common.computer"
#: The placeholder and default name of the n-th person ("Player 2").
DEFAULT_NAME = "common.setup.default_name"
#: Said under a name field, and once aloud, when it is full ("A name is 24 characters at most.").
NAME_LIMIT = "common.setup.name_limit"


@dataclass(frozen=True)
class SeatName:
    """The name in the ``index``-th field was typed."""

    index: int
    value: str


@dataclass(frozen=True)
class AddSeat:
    """One more person."""


@dataclass(frozen=True)
class RemoveSeat:
    """The ``index``-th person leaves the form."""

    index: int


@dataclass(frozen=True)
class SetComputer:
    """The computer plays (``on``) or not."""

    on: bool


@dataclass(frozen=True)
class SetLevel:
    """The computer's level."""

    level: str


@dataclass(frozen=True)
class SetStrict:
    """A strict game (no undo), or not."""

    on: bool


SeatIntent = SeatName | AddSeat | RemoveSeat | SetComputer | SetLevel | SetStrict

#: The form's controls, by ``data-act``: the intent each reports.
ACTS: dict[str, Callable[[Mapping[str, str]], Any]] = {
    "seat-name": lambda d: SeatName(int(d["index"]), d.get("value", "")),
    "seat-add": lambda d: AddSeat(),
    "seat-remove": lambda d: RemoveSeat(int(d["index"])),
    "seat-computer": lambda d: SetComputer(d.get("value") == "on"),
    "seat-level": lambda d: SetLevel(d.get("value", "")),
    "seat-strict": lambda d: SetStrict(d.get("value") == "on"),
}


def computer_name(tr: Translator) -> str:
    """What the computer is called in ``tr``'s language."""
    return tr(COMPUTER_NAME)


def shown_name(tr: Translator, seat: Seat) -> str:
    """A player's name as shown: the computer's follows the language, and so does a
    default name ("Player 2" becomes «Joueur 2» in French), which nobody typed.

    >>> from zaria.i18n import Translator
    >>> fr = Translator("fr")
    >>> [shown_name(fr, Seat(name)) for name in ("Player 2", "Ann", "Player 9")]
    ['Joueur 2', 'Ann', 'Player 9']
    """
    if seat.computer:
        return computer_name(tr)
    n = default_number(seat.name)
    return seat.name if n is None else tr(DEFAULT_NAME, n=n)


def default_number(name: str) -> int | None:
    """The place ``n`` when ``name`` is the default name of the n-th person in one of
    the app's languages ("Player 2", «Παίκτης 2»), else None."""
    return _default_names().get(name)


@functools.cache
def _default_names() -> dict[str, int]:
    return {
        name: n for n in range(1, MAX_HUMANS + 1) for name in in_every_language(DEFAULT_NAME, n=n)
    }


def default_name(tr: Translator) -> Callable[[int], str]:
    return lambda n: tr(DEFAULT_NAME, n=n)


@dataclass
class SeatForm:
    """The form's model."""

    names: list[str] = field(default_factory=lambda: [""])
    computer: bool = True
    level: str = ""
    #: A strict game: nothing can be undone (for competitive players).
    strict: bool = False

    @classmethod
    def of(cls, seats: Sequence[Seat], level: str, strict: bool = False) -> SeatForm:
        """The form that would start a game like one of ``seats`` (for Play again)."""
        computer = next((s for s in seats if s.computer), None)
        return cls(
            names=[s.name for s in seats if not s.computer] or [""],
            computer=computer is not None,
            level=computer.level if computer is not None and computer.level else level,
            strict=strict,
        )

    def update(
        self, intent: SeatIntent, levels: Sequence[str], prefix: str, out: Effects, tr: Translator
    ) -> None:
        """Apply one of the form's intents; ``levels`` are the ones offered now. A name
        typed up to the limit is told aloud (politely) as the form shows it."""
        names = self.names
        if isinstance(intent, SeatName):
            if 0 <= intent.index < len(names):
                was_full = name_full(names[intent.index])
                names[intent.index] = intent.value[:NAME_LENGTH]
                full = name_full(names[intent.index])
                if full != was_full:
                    out.draw()  # the line under the field comes or goes as it is typed
                if full and not was_full:
                    out.announce(tr(NAME_LIMIT, n=NAME_LENGTH))
        elif isinstance(intent, AddSeat):
            if len(names) < MAX_HUMANS:
                names.append("")
                out.focus(f"#{prefix}-name-{len(names) - 1}")
        elif isinstance(intent, RemoveSeat):
            if len(names) > 1 and 0 <= intent.index < len(names):
                del names[intent.index]
                # Focus goes to the name that took this row's place, or the one above it.
                out.focus(f"#{prefix}-name-{min(intent.index, len(names) - 1)}")
        elif isinstance(intent, SetComputer):
            self.computer = intent.on
        elif isinstance(intent, SetStrict):
            self.strict = intent.on
        elif intent.level in levels:
            self.level = intent.level

    def seats(self, tr: Translator, level: str) -> list[Seat]:
        """The seats of a new game: the names cleaned and told apart (see
        :func:`zaria_web.ui.names.seat_names`), then the computer at ``level``."""
        reserved = in_every_language(COMPUTER_NAME) if self.computer else []
        seats = [Seat(n) for n in seat_names(self.names, default_name(tr), reserved)]
        if self.computer:
            seats.append(Seat(computer_name(tr), computer=True, level=level))
        return seats


def clean_seats(tr: Translator, saved: dict[str, Any]) -> dict[str, Any]:
    """A saved game's names, held to the rules of typed ones (see zaria_web.ui.names)."""
    return clean_saved_seats(
        saved, default_name(tr), computer_name(tr), in_every_language(COMPUTER_NAME)
    )
