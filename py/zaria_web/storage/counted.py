"""What a set of statistics counts: a game, under which house rules, with which dice.

The statistics (:mod:`zaria_web.storage.stats`) keep one summary per :class:`Counted`
value, and every finished game kept (:mod:`zaria_web.storage.archive`) names the one it
was counted under. In storage and in an exported file the value is a key
(:meth:`Counted.encode`, read back by :meth:`Counted.parse`), written as the
statistics have always written it:

- ``<game>``: the game, and for a game with house rules the rules
  page's game;
- ``<game>:<rules id>``: a game with house rules (its registry entry says so)
  under another set of them: its package's
  ``figures.canonical_rules`` reads the id;
- ``<game>:real``: a game played with real dice on a score pad (whatever the
  house rules).

Only those two functions see the key; everything else passes the value.
"""

from __future__ import annotations

from dataclasses import dataclass

from zaria_web import games

#: The key's part that says the dice were real (a score pad's games).
REAL = "real"


class BadCounted(ValueError):
    """A key, or a value, that names nothing this version counts; the message says why."""


@dataclass(frozen=True)
class Counted:
    """What one summary of the statistics counts: the games of ``game`` under the
    house rules ``rules`` (the id of a set other than the rules page's; None for the
    rules page's game, and for a game without house rules), or played with real
    dice (``real``, whatever the house rules). A value that names nothing this
    version counts is refused (:class:`BadCounted`).

    >>> Counted("farkle", "additive-open500").encode(), Counted("penta", real=True).encode()
    ('farkle:additive-open500', 'penta:real')
    >>> Counted("penta", "additive")
    Traceback (most recent call last):
    ...
    zaria_web.storage.counted.BadCounted: unknown house rules 'additive'
    """

    game: str
    rules: str | None = None
    real: bool = False

    def __post_init__(self) -> None:
        if self.game not in games.NAMES:
            raise BadCounted(f"unknown game {self.game!r}; games: {', '.join(games.NAMES)}")
        if self.rules is None:
            return
        if not games.named(self.game).house_rules:
            raise BadCounted(f"{self.game} has no house rules")
        if self.real:
            raise BadCounted("games with real dice are counted whatever the house rules")
        if _canonical(self.game, self.rules, exact=True) is None:
            raise BadCounted(f"the rules page's game is counted without a rules id: {self.rules!r}")

    def encode(self) -> str:
        """The key this value is stored and exported under.

        >>> Counted("farkle").encode(), Counted("farkle", real=True).encode()
        ('farkle', 'farkle:real')
        """
        rules = [] if self.rules is None else [self.rules]
        parts = [self.game, *rules, *([REAL] if self.real else [])]
        return ":".join(parts)

    @classmethod
    def parse(cls, key: str) -> Counted:
        """The value stored or exported as ``key``; raises :class:`BadCounted` for a key
        this version does not count. Rules written otherwise than this version writes
        them (an older or newer app's spelling) are read as the rules they name.

        >>> Counted.parse("farkle:additive-penalty500-open350")
        Counted(game='farkle', rules='additive-open350-penalty500', real=False)
        >>> Counted.parse("farkle:standard-open0") == Counted("farkle")
        True
        >>> Counted.parse("yacht:real")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        zaria_web.storage.counted.BadCounted: 'yacht:real': unknown game 'yacht'; games: ...
        """
        if not isinstance(key, str):
            raise BadCounted(f"a statistics key is text, not {type(key).__name__}")
        game, colon, rest = key.partition(":")
        try:
            if not colon:
                return cls(game)
            if rest == REAL:
                return cls(game, real=True)
            if game not in games.NAMES or not games.named(game).house_rules:
                return cls(game, rest)  # refused: an unknown game, or one without house rules
            return cls(game, _canonical(game, rest, exact=False))
        except BadCounted as exc:
            raise BadCounted(f"{key!r}: {exc}") from None


def _canonical(game: str, rules_id: str, exact: bool) -> str | None:
    """The id of ``game``'s house rules named ``rules_id`` (None: the rules page's);
    raises :class:`BadCounted`."""
    try:
        return games.named(game).figures().canonical_rules(rules_id, exact)  # type: ignore[no-any-return]
    except ValueError as exc:  # unknown rules, or digits int() refuses ("²", thousands of them)
        raise BadCounted(f"unknown house rules {rules_id!r}") from exc
