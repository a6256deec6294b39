"""The registry of the games the app plays.

A game is a package of the browser layer (``zaria_web.penta``) registered here
once, in :data:`GAMES`; the code every game shares reads the registry and names
no game. A game's package holds, as modules imported on first use (a player who
opens Farkle never imports Penta):

- ``screen``: its :class:`~zaria_web.play.screen.GameSpec` as ``SPEC`` (the spec
  and the part of the one game screen, with its views);
- ``selfcheck``: ``checks()``, a few of its rules for the engine's self-check in
  the page (:mod:`zaria_web.runtime.selfcheck`).

Every game is played on the one :class:`~zaria_web.play.screen.GameScreen`
(:func:`~zaria_web.play.screen.game_screen`), in one of three modes: with the
app's dice, as a score pad for real dice (``<game>-pad``), or looked at again once
over (``viewer``). This module imports nothing of the app: every part of it may
read the registry.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

#: The suffix of a score pad's screen name (``penta-pad``).
PAD = "-pad"


@dataclass(frozen=True)
class Registered:
    """A game of the registry: its name (``penta``: its screen's, its address's) and
    the package that holds it."""

    name: str
    package: str
    #: Whether its games are counted per set of house rules (its ``figures`` module
    #: reads their ids: ``canonical_rules``, ``rules_label``).
    house_rules: bool = False
    #: The data files (``zaria/data/…``) it downloads when first needed.
    data: tuple[str, ...] = ()

    def module(self, part: str) -> ModuleType:
        """The game's module ``part`` (``screen``, ``selfcheck``), imported on first use."""
        return importlib.import_module(f"{self.package}.{part}")

    def figures(self) -> Any:
        """The game's own figures in the statistics (its ``figures`` module)."""
        return self.module("figures")

    def spec(self) -> Any:
        """The game's :class:`~zaria_web.play.screen.GameSpec` (its ``screen.SPEC``)."""
        return self.module("screen").SPEC


#: The games, in the order the app shows them.
GAMES: tuple[Registered, ...] = (
    Registered("penta", "zaria_web.penta"),
    Registered("farkle", "zaria_web.farkle", house_rules=True),
)


def named(game: str) -> Registered:
    """The registered game called ``game``; raises ValueError for an unknown one."""
    for g in GAMES:
        if g.name == game:
            return g
    raise ValueError(f"no game is called {game!r}; games: {', '.join(g.name for g in GAMES)}")


#: The games' names, in order; each one's score pad; every screen that plays a game.
NAMES = tuple(g.name for g in GAMES)
PADS = tuple(g + PAD for g in NAMES)
PLAYED = NAMES + PADS


def screen_modules() -> tuple[str, ...]:
    """The modules of the games' screens (what a memory snapshot imports ahead)."""
    return tuple(f"{g.package}.screen" for g in GAMES)
