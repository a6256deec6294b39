"""Where a game's dice come from: the URL's ``?dice=`` script, ``?seed=``, or chance.

``?dice=44444,66`` scripts the rolls (one group of digits per roll, applied to
the dice being rolled in position order; random dice once the script runs
out); ``?seed=N`` makes the whole game reproducible. Games with either do not
count in the statistics.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from zaria.dice import RandomRoller, Roller, ScriptedRoller, ScriptSyntaxError, parse_script


@dataclass
class DiceSource:
    """A roller, whether it is scripted or seeded, and an error to show, if any."""

    roller: Roller
    reproducible: bool
    error: str | None = None


def dice_source(params: Mapping[str, str]) -> DiceSource:
    """The dice for a new game, from the page's URL parameters.

    >>> dice_source({"dice": "123,45"}).roller.roll(3)
    (1, 2, 3)
    >>> dice_source({"dice": "19"}).error
    "dice script group 1 '19': every character must be a digit 1-6"
    >>> dice_source({"seed": "7"}).roller.roll(5) == RandomRoller(7).roll(5)
    True
    """
    seed_text = params.get("seed", "").strip()
    error = None
    seed: int | None = None
    if seed_text:
        if seed_text.lstrip("-").isdigit():
            seed = int(seed_text)
        else:
            error = f"seed {seed_text!r} is not a whole number"
    fallback = RandomRoller(seed)
    script = params.get("dice", "").strip()
    if script:
        try:
            return DiceSource(ScriptedRoller(parse_script(script), fallback), True, error)
        except ScriptSyntaxError as exc:
            return DiceSource(fallback, seed is not None, str(exc))
    return DiceSource(fallback, seed is not None, error)
