"""The contract between the app and a screen (home, a game, the rules, …).

A screen is a model with four pure parts and one that changes it:

- :meth:`Screen.intent` turns what the page reports of a control (its
  ``data-act`` and dataset) into an intent *value*, or None; :meth:`Screen.keys`
  declares the keyboard's shortcuts the model takes now, each with its intent
  (read once per update: the page is told which keys are the app's);
- :meth:`Screen.update` changes the model for an intent and adds the effects
  it wants (:mod:`zaria_web.runtime.effects`); it is the only part that changes anything,
  and changes only the model: it may read storage, but what it wants written is
  an effect the app performs (as is everything else it wants of the page);
- :meth:`Screen.view` draws the model as HTML and changes nothing;
- :meth:`Screen.timer` says which timer the model wants running;
- :meth:`Screen.saved` is what to keep in storage (a game's screen), or None.

:class:`Page` gives the defaults, for the screens without timers or saves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from zaria.i18n import Translator
from zaria_web import games
from zaria_web.runtime.effects import Effects, Timer
from zaria_web.runtime.host import Host
from zaria_web.storage.saves import SaveStore
from zaria_web.ui.html import Markup

#: The games, in the order the app shows them (:mod:`zaria_web.games`' registry).
GAMES = games.NAMES
#: Each game's score pad, to play it with real dice (:mod:`zaria_web.play.pad`).
PADS = games.PADS
#: The screens that play a game, and save it.
PLAYED = games.PLAYED


@dataclass
class Context:
    """What every screen may read: the host (for reading storage), the language,
    the URL's parameters, the app's settings and the saves."""

    host: Host
    tr: Translator
    params: Mapping[str, str]
    settings: dict[str, str]
    saves: SaveStore
    notices: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Enter:
    """The screen is shown (again): what runs by itself may start again."""


@dataclass(frozen=True)
class Leave:
    """The player leaves the screen: nothing of it may run any more."""


@dataclass(frozen=True)
class Refresh:
    """Nothing happened on this screen, but something it may wait for did (a download
    answered to another screen): draw it again and start what it wants running."""


@dataclass(frozen=True)
class StorageChanged:
    """Another tab changed storage (``key``; None when it cleared everything)."""

    key: str | None


def any_case(keys: Mapping[str, Any]) -> dict[str, Any]:
    """``keys`` with each letter's other case too: a shortcut with Caps Lock or Shift
    on is the same shortcut.

    >>> any_case({"r": "roll", "1": "hold"})
    {'r': 'roll', '1': 'hold', 'R': 'roll'}
    """
    upper = {k.upper(): v for k, v in keys.items() if len(k) == 1 and k.isalpha()}
    return {**keys, **upper}


class Screen(Protocol):
    """A screen: intents in, a model changed by one update, HTML and effects out."""

    name: str

    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        """The intent of a control with ``data-act=act`` (``data``: its dataset)."""

    def keys(self) -> Mapping[str, Any]:
        """The keyboard's shortcuts the screen takes now (as the page names a key:
        ``"r"``, ``"Escape"``), each with its intent; a key not listed means nothing
        here."""

    def update(self, intent: Any, out: Effects) -> None:
        """Change the model for ``intent``, adding the effects it asks for to ``out``."""

    def view(self) -> Markup:
        """The HTML of the screen (the content of ``<main>``), from the model alone."""

    def timer(self) -> Timer | None:
        """The timer the model wants running now."""

    def saved(self) -> dict[str, Any] | None:
        """The state to keep in storage, or None (nothing to keep)."""


class Page:
    """A screen without timers or saves: the defaults of :class:`Screen`."""

    name = ""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        return None

    def keys(self) -> Mapping[str, Any]:
        return {}

    def update(self, intent: Any, out: Effects) -> None:
        return None

    def view(self) -> Markup:
        return Markup()

    def timer(self) -> Timer | None:
        return None

    def saved(self) -> dict[str, Any] | None:
        return None
