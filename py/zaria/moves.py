"""A solo game on duplicate dice written as its moves, one character each.

On duplicate dice (:class:`~zaria.dice.DuplicateDice`) the seed gives every die, so
a game is its seed and the player's choices: ``"r01rrc"`` rolls, holds dice 0 and 1,
rolls twice and records a box. Each game names its characters (a
:class:`MoveCode`); :func:`replay` plays a move string again on the seed's dice,
which is how a shared result is checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from zaria.dice import DuplicateDice, DuplicateRoller, Throw
from zaria.errors import IllegalActionError

#: The longest move string read (a Penta game takes at most 13 × 9 moves; ten turns
#: of Farkle, a few hundred at the very most).
MAX_MOVES = 2000


class MovesError(IllegalActionError):
    """A move string that does not play: an unknown character, a move the game
    refuses, or a game left unfinished."""


class Replayable(Protocol):
    """What :func:`replay` needs of a game: where its next throw falls, and whether
    it is over."""

    def next_throw(self) -> Throw: ...

    @property
    def over(self) -> bool: ...


G = TypeVar("G", bound=Replayable)


class MoveCode:
    """A game's moves, one character each, both ways.

    >>> code = MoveCode({"r": "roll", "b": "bank"})
    >>> code.encode(["roll", "bank"]), code.decode("rb")
    ('rb', ['roll', 'bank'])
    """

    def __init__(self, letters: Mapping[str, Any]) -> None:
        self.actions = dict(letters)
        self.letters = {action: letter for letter, action in letters.items()}

    def encode(self, actions: Iterable[Any]) -> str:
        """The characters of ``actions``; raises :class:`MovesError` for one that
        has no character (an undo: a game on duplicate dice is strict)."""
        out = []
        for action in actions:
            if action not in self.letters:
                raise MovesError("err.moves.action", f"{action!r} has no move character")
            out.append(self.letters[action])
        return "".join(out)

    def decode(self, text: str) -> list[Any]:
        """The actions of ``text``; raises :class:`MovesError` for a bad character."""
        if not isinstance(text, str) or len(text) > MAX_MOVES:
            raise MovesError("err.moves.text", f"moves must be text of at most {MAX_MOVES}")
        for i, letter in enumerate(text):
            if letter not in self.actions:
                raise MovesError(
                    "err.moves.letter", f"move {i + 1} {letter!r} is not a move", move=i + 1
                )
        return [self.actions[letter] for letter in text]


def replay(
    game: G,
    seed: str,
    moves: str,
    code: MoveCode,
    apply: Callable[[G, Any, DuplicateRoller], None],
) -> G:
    """``game`` (new) played through ``moves`` on the dice of ``seed`` to its end.

    Raises :class:`MovesError` at the first move the game refuses, and when the
    moves leave it unfinished or go on after its end.
    """
    roller = DuplicateRoller(DuplicateDice(seed), game.next_throw)
    for i, action in enumerate(code.decode(moves)):
        if game.over:
            raise MovesError("err.moves.after_end", f"move {i + 1} comes after the end", move=i + 1)
        try:
            apply(game, action, roller)
        except IllegalActionError as err:
            raise MovesError(
                "err.moves.refused", f"move {i + 1} is refused: {err}", move=i + 1
            ) from None
    if not game.over:
        raise MovesError("err.moves.unfinished", "the moves leave the game unfinished")
    return game
