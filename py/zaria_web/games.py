"""The games the app plays, and their screens.

Each game's module holds its :class:`~zaria_web.play.screen.GameSpec` as ``SPEC``;
it is imported on first use (a player who opens Farkle never imports Penta). Every
game is played on the one :class:`~zaria_web.play.screen.GameScreen`, in one of
three modes: with the app's dice, as a score pad for real dice (``<game>-pad``),
or looked at again once over (``viewer``).
"""

from __future__ import annotations

import importlib
from typing import Any

from zaria_web.play.screen import GameScreen, GameSpec
from zaria_web.screen import Context

#: The module holding each game's spec, by the game's name.
MODULES = {"penta": "zaria_web.penta.screen", "farkle": "zaria_web.farkle.screen"}
#: The suffix of a score pad's screen name (``penta-pad``).
PAD = "-pad"


def spec(game: str) -> GameSpec[Any]:
    """The spec of ``game`` (``penta``, ``farkle``), its module imported on first use."""
    found: GameSpec[Any] = importlib.import_module(MODULES[game]).SPEC
    return found


def screen_names() -> tuple[str, ...]:
    """The names of the screens that play a game: each game's, then each one's pad."""
    return (*MODULES, *(g + PAD for g in MODULES))


def game_screen(ctx: Context, name: str, viewer: bool = False) -> GameScreen[Any]:
    """The screen called ``name`` (a game's, or its pad's ``<game>-pad``); ``viewer``:
    a finished game looked at again, neither resumed nor saved."""
    pad = name.endswith(PAD)
    game = name.removesuffix(PAD) if pad else name
    if game not in MODULES:
        raise ValueError(f"no game screen is called {name!r}; games: {', '.join(MODULES)}")
    return GameScreen(ctx, spec(game), pad=pad, viewer=viewer)
