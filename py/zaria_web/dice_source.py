"""Where a game's dice come from: the URL's ``?dice=`` script, ``?seed=``, or chance.

``?dice=44444,66`` scripts the rolls (one group of digits per roll, applied to
the dice being rolled in position order; random dice once the script runs
out); ``?seed=N`` makes the whole game reproducible. Games with either do not
count in the statistics.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from zaria.dice import RandomRoller, Roller, ScriptedRoller, ScriptSyntaxError, parse_script
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


def dice_source(params: Mapping[str, str]) -> DiceSource:
    """The dice for a new game, from the page's URL parameters.

    >>> dice_source({"dice": "123,45"}).roller.roll(3)
    (1, 2, 3)
    >>> dice_source({"dice": "19"}).error
    "dice script group 1 '19': every character must be a digit 1-6"
    >>> dice_source({"seed": "7"}).roller.roll(5) == RandomRoller(7).roll(5)
    True
    >>> dice_source({"seed": "abc"}).describe(Translator("en"))
    "The seed in the address, 'abc', is not a whole number: the dice are random."
    """
    seed_text = params.get("seed", "").strip()
    error = None
    problem: tuple[str, dict[str, Any]] | None = None
    seed: int | None = None
    if seed_text:
        if seed_text.lstrip("-").isdigit():
            seed = int(seed_text)
        else:
            error = f"seed {seed_text!r} is not a whole number"
            problem = ("error.seed", {"seed": seed_text[:40]})
    fallback = RandomRoller(seed)
    script = params.get("dice", "").strip()
    if script:
        try:
            roller = ScriptedRoller(parse_script(script), fallback)
            return DiceSource(roller, True, error, problem)
        except ScriptSyntaxError as exc:
            text = exc.text if len(exc.text) <= 40 else exc.text[:40] + "…"
            script_problem = ("error.dice_script", {"group": exc.group, "text": text})
            return DiceSource(fallback, seed is not None, str(exc), script_problem)
    return DiceSource(fallback, seed is not None, error, problem)
