"""Games in progress, kept in the browser's storage after every action.

A save is ``{"format": FORMAT, "game": name, "state": <the screen's dict>}``
under the key ``zaria.save.<game>``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from zaria_web.host import Host

FORMAT = 1
PREFIX = "zaria.save."


@dataclass
class Loaded:
    """What :meth:`SaveStore.load` found: a state to resume, and/or a notice id."""

    state: dict[str, Any] | None
    notice: str | None = None


class SaveStore:
    """Save, load and clear the game in progress of each game."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.working = True

    def save(self, game: str, state: dict[str, Any]) -> bool:
        """Store ``state``; False (and :attr:`working` off) when storage refuses."""
        payload = json.dumps({"format": FORMAT, "game": game, "state": state})
        self.working = self.host.storage_set(PREFIX + game, payload)
        return self.working

    def load(self, game: str) -> Loaded:
        """The saved state of ``game``, if there is a readable one."""
        raw = self.host.storage_get(PREFIX + game)
        if raw is None:
            return Loaded(None)
        try:
            data = json.loads(raw)
            if data.get("format") != FORMAT or data.get("game") != game:
                raise ValueError("unknown format")
            state = data["state"]
            if not isinstance(state, dict):
                raise ValueError("state is not an object")
        except (ValueError, KeyError, AttributeError):
            self.discard(game)
            return Loaded(None, "save.corrupt")
        return Loaded(state)

    def discard(self, game: str) -> None:
        """Set a bad save aside under another key, for inspection."""
        raw = self.host.storage_get(PREFIX + game)
        if raw is not None:
            self.host.storage_set(f"zaria.badsave.{game}", raw)
        self.host.storage_remove(PREFIX + game)

    def clear(self, game: str) -> None:
        """Forget the saved game (it ended, or a new one starts)."""
        self.host.storage_remove(PREFIX + game)

    def has(self, game: str) -> bool:
        """Whether a game in progress is saved."""
        return self.host.storage_get(PREFIX + game) is not None
