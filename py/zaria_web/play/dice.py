"""Where a game's dice come from: the URL's ``?dice=`` script, ``?seed=``, or chance.

``?dice=44444,66`` scripts the rolls (one group of digits per roll, applied to
the dice being rolled in position order; random dice once the script runs
out); ``?seed=N`` makes the whole game reproducible. Games with either do not
count in the statistics.

An address is typed, pasted or shared by anyone, so both are checked before
use: a seed is a plain ASCII whole number (an optional leading minus, at most
:data:`MAX_SEED_DIGITS` digits), a script at most :data:`MAX_GROUPS` groups of
at most :data:`MAX_GROUP` dice. Anything else is said (in the player's
language) and the dice are random.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from zaria.dice import (
    DuplicateDice,
    DuplicateRoller,
    RandomRoller,
    Roller,
    ScriptedRoller,
    ScriptSyntaxError,
    Throw,
    parse_script,
)
from zaria.i18n import Translator


@dataclass
class DiceSource:
    """A roller, whether it is scripted or seeded, and a problem to show, if any.

    ``error`` says the problem in English; ``problem`` is its message id and
    parameters, for :meth:`describe` in the player's language.
    """

    roller: Roller
    reproducible: bool
    error: str | None = None
    problem: tuple[str, dict[str, Any]] | None = None

    def describe(self, tr: Translator) -> str | None:
        """The problem in ``tr``'s language, or ``None``."""
        return None if self.problem is None else tr(self.problem[0], **self.problem[1])


#: The longest seed taken, in digits (a 64-bit number has 20).
MAX_SEED_DIGITS = 30
#: The most rolls a dice script may give, and dice a roll (a Farkle roll has 6).
MAX_GROUPS = 2000
MAX_GROUP = 6
#: How much of a bad value the notice quotes.
QUOTE = 40

_SEED = re.compile(rf"-?[0-9]{{1,{MAX_SEED_DIGITS}}}")


def _quote(text: str) -> str:
    return text if len(text) <= QUOTE else text[:QUOTE] + "…"


def parse_seed(text: str) -> int | None:
    """The seed written as ``text``, or None when it is not a plain whole number.

    >>> parse_seed("-12"), parse_seed("--5"), parse_seed("²"), parse_seed(" 7 ")
    (-12, None, None, None)
    """
    return int(text) if _SEED.fullmatch(text) else None


def _script(text: str, fallback: Roller) -> Roller:
    """A scripted roller for ``text``; raises ScriptSyntaxError, or ValueError when
    the script is too long (checked before it is split, so a huge one costs nothing)."""
    if len(text) > MAX_GROUPS * (MAX_GROUP + 1) or text.count(",") >= MAX_GROUPS:
        raise ValueError(f"a dice script of more than {MAX_GROUPS} rolls")
    groups = parse_script(text)
    if any(len(g) > MAX_GROUP for g in groups):
        raise ValueError(f"a dice script roll of more than {MAX_GROUP} dice")
    return ScriptedRoller(groups, fallback)


def dice_source(params: Mapping[str, str]) -> DiceSource:
    """The dice for a new game, from the page's URL parameters.

    >>> dice_source({"dice": "123,45"}).roller.roll(3)
    (1, 2, 3)
    >>> dice_source({"dice": "19"}).error
    "dice script group 1 '19': every character must be a digit 1-6"
    >>> dice_source({"seed": "7"}).roller.roll(5) == RandomRoller(7).roll(5)
    True
    >>> dice_source({"seed": "abc"}).describe(Translator("en"))
    'The seed in the address, “abc”, is not a whole number: the dice are random.'
    """
    error = None
    problem: tuple[str, dict[str, Any]] | None = None
    seed: int | None = None
    if "seed" in params:
        seed_text = params["seed"]
        seed = parse_seed(seed_text)
        if seed is None:
            error = f"seed {_quote(seed_text)!r} is not a whole number"
            error += f" of at most {MAX_SEED_DIGITS} digits"
            problem = ("error.seed", {"seed": _quote(seed_text)})
    fallback = RandomRoller(seed)
    if "dice" in params:
        try:
            roller = _script(params["dice"], fallback)
            return DiceSource(roller, True, error, problem)
        except ScriptSyntaxError as exc:
            script_problem = ("error.dice_script", {"group": exc.group, "text": _quote(exc.text)})
            return DiceSource(fallback, seed is not None, str(exc), script_problem)
        except ValueError as exc:
            size_problem = ("error.dice_size", {"rolls": MAX_GROUPS, "dice": MAX_GROUP})
            return DiceSource(fallback, seed is not None, str(exc), size_problem)
    return DiceSource(fallback, seed is not None, error, problem)


def duplicate(seed: str, where: Callable[[], Throw]) -> Dice:
    """A game's dice drawn from the duplicate dice of ``seed`` (``where``: the game's
    ``next_throw``): the same for everyone who plays that seed.

    >>> from zaria.game import Seat
    >>> from zaria.penta.game import PentaGame, Roll
    >>> g = PentaGame.new([Seat("Ana")], strict=True)
    >>> d = duplicate("daily/penta/2026-12-04", g.next_throw)
    >>> g.apply(Roll(), d)
    >>> g.dice == DuplicateDice("daily/penta/2026-12-04").throw(Throw(0, 0, (0, 1, 2, 3, 4)))
    True
    """
    roller = DuplicateRoller(DuplicateDice(seed), where)
    return Dice({}, DiceSource(roller, reproducible=True))


class Dice:
    """A game's dice: their source (:func:`dice_source`) and the size of every roll
    so far, which the save keeps.

    A game resumed on a page with the same ``?dice=`` or ``?seed=`` winds its source
    forward by those rolls (:meth:`resume`), so that a script or a seed continues
    where the game was instead of starting over. It is the engine's roller: the
    game asks it for each roll.

    >>> d = Dice({"dice": "111,222,333"})
    >>> d.roll(3), d.rolls
    ((1, 1, 1), [3])
    >>> again = Dice({"dice": "111,222,333"})
    >>> again.resume(d.saved(), {"dice": "111,222,333"})
    >>> again.roll(3)
    (2, 2, 2)
    """

    def __init__(self, params: Mapping[str, str], source: DiceSource | None = None) -> None:
        self.params = dict(params)
        self.source = source or dice_source(params)
        #: Whether a resumed game winds the source forward by the rolls saved: a
        #: source given (duplicate dice) draws each die from where it falls instead.
        self.winds = source is None
        self.rolls: list[int] = []
        #: Whether the game's dice were ever scripted or seeded (it does not count).
        self.reproducible = self.source.reproducible

    def roll(self, n: int) -> tuple[int, ...]:
        self.rolls.append(n)
        return self.source.roller.roll(n)

    def saved(self) -> dict[str, Any]:
        """The fields a save keeps about the dice (read by
        :func:`zaria_web.storage.saved_state.dice_fields`)."""
        return {
            "rolls": list(self.rolls),
            "dice": self.params.get("dice", ""),
            "seed": self.params.get("seed", ""),
            "reproducible": self.reproducible,
        }

    def resume(self, saved: Mapping[str, Any], params: Mapping[str, str]) -> None:
        """Carry on from a save's dice fields (checked already) on a page of ``params``."""
        same = saved.get("dice", "") == params.get("dice", "") and saved.get(
            "seed", ""
        ) == params.get("seed", "")
        if same and self.source.reproducible and self.winds:
            for n in saved.get("rolls", ()):
                self.source.roller.roll(n)
        self.rolls = list(saved.get("rolls", ()))
        self.reproducible = self.reproducible or bool(saved.get("reproducible", False))
