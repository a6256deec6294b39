"""What a set of statistics counts: a game, under which house rules, with which dice.

The statistics (:mod:`zaria_web.stats`) keep one summary per :class:`Counted`
value, and every finished game kept (:mod:`zaria_web.archive`) names the one it
was counted under. In storage and in an exported file the value is a key
(:meth:`Counted.encode`, read back by :meth:`Counted.parse`), written as the
statistics have always written it:

- ``penta``, ``farkle``: the game, and for Farkle the rules page's game;
- ``farkle:<rules id>``: Farkle under another set of house rules
  (``farkle:additive-open500``, see :attr:`zaria.farkle.rules.FarkleRules.id`);
- ``penta:real``, ``farkle:real``: a game played with real dice on a score pad
  (whatever Farkle's house rules).

Only those two functions see the key; everything else passes the value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from zaria_web.screen import GAMES

if TYPE_CHECKING:
    from zaria.farkle.rules import FarkleRules

#: The key's part that says the dice were real (a score pad's games).
REAL = "real"
#: The game whose games are counted per set of house rules.
HOUSE_RULES_GAME = "farkle"


class BadCounted(ValueError):
    """A key, or a value, that names nothing this version counts; the message says why."""


@dataclass(frozen=True)
class Counted:
    """What one summary of the statistics counts: the games of ``game`` under the
    house rules ``rules`` (the id of a set other than the rules page's; None for the
    rules page's game, and for Penta, which has no house rules), or played with real
    dice (``real``, whatever the house rules). A value that names nothing this
    version counts is refused (:class:`BadCounted`).

    >>> Counted("farkle", "additive-open500").encode(), Counted("penta", real=True).encode()
    ('farkle:additive-open500', 'penta:real')
    >>> Counted("penta", "additive")
    Traceback (most recent call last):
    ...
    zaria_web.counted.BadCounted: penta has no house rules
    """

    game: str
    rules: str | None = None
    real: bool = False

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise BadCounted(f"unknown game {self.game!r}; games: {', '.join(GAMES)}")
        if self.rules is None:
            return
        if self.game != HOUSE_RULES_GAME:
            raise BadCounted(f"{self.game} has no house rules")
        if self.real:
            raise BadCounted("games with real dice are counted whatever the house rules")
        rules = _rules(self.rules, exact=True)
        if rules.is_default:
            raise BadCounted(f"the rules page's game is counted without a rules id: {self.rules!r}")

    @classmethod
    def of_rules(cls, rules: FarkleRules) -> Counted:
        """What Farkle games under ``rules`` are counted under."""
        return cls(HOUSE_RULES_GAME, None if rules.is_default else rules.id)

    @property
    def farkle_rules(self) -> FarkleRules | None:
        """The house rules of the Farkle games counted (None: Penta's, or real dice's)."""
        if self.game != HOUSE_RULES_GAME or self.real:
            return None
        if self.rules is None:
            from zaria.farkle.rules import DEFAULT_RULES  # the engine's rules, when needed

            return DEFAULT_RULES
        return _rules(self.rules, exact=True)

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
        >>> Counted.parse("yacht:real")
        Traceback (most recent call last):
        ...
        zaria_web.counted.BadCounted: 'yacht:real': unknown game 'yacht'; games: penta, farkle
        """
        if not isinstance(key, str):
            raise BadCounted(f"a statistics key is text, not {type(key).__name__}")
        game, colon, rest = key.partition(":")
        try:
            if not colon:
                return cls(game)
            if rest == REAL:
                return cls(game, real=True)
            if game != HOUSE_RULES_GAME:
                return cls(game, rest)  # refused: an unknown game, or Penta's rules
            return cls.of_rules(_rules(rest, exact=False))
        except BadCounted as exc:
            raise BadCounted(f"{key!r}: {exc}") from None


def _rules(rules_id: str, exact: bool) -> FarkleRules:
    """The house rules named ``rules_id``; raises :class:`BadCounted`."""
    from zaria.farkle.rules import FarkleRules  # the engine's rules, when needed

    try:
        return FarkleRules.from_id(rules_id, exact=exact)
    except ValueError as exc:  # BadRulesError, or digits int() refuses ("²", thousands of them)
        raise BadCounted(f"unknown house rules {rules_id!r}") from exc
