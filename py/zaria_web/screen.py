"""The contract between the app and a screen (home, Penta, Farkle, …)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from zaria.i18n import Translator
from zaria_web.host import Host
from zaria_web.saves import SaveStore

#: The games, in the order the app shows them.
GAMES = ("penta", "farkle")


@dataclass
class Context:
    """What every screen may use: the host, the language, the URL's parameters,
    the app's settings, and callbacks into the app."""

    host: Host
    tr: Translator
    params: Mapping[str, str]
    settings: dict[str, str]
    redraw: Callable[[], None]
    go: Callable[[str], None]
    saves: SaveStore
    set_setting: Callable[[str, str], None]
    #: Ask for the keyboard focus on an element of the next drawing (a CSS selector).
    focus_after: Callable[[str], None]
    notices: list[str] = field(default_factory=list)


class Screen(Protocol):
    """A screen renders itself from its state and turns intents into engine calls."""

    name: str

    def render(self) -> str:
        """The HTML of the screen (the content of ``<main>``)."""

    def on_action(self, act: str, data: Mapping[str, str]) -> None:
        """A control with ``data-act=act`` was activated; ``data`` is its dataset."""

    def on_key(self, key: str) -> bool:
        """A keyboard shortcut; return True when handled."""

    def enter(self) -> None:
        """The screen is shown (again): restart what runs by itself, e.g. a countdown."""

    def leave(self) -> None:
        """The player leaves the screen: cancel timers."""
