"""The app's settings: their defaults, the values each may take, and how they are read.

Settings are stored as one JSON object (``zaria.settings``); the theme is also
stored on its own, for the page's script that paints before Python runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from zaria.i18n import LANGUAGES
from zaria_web import games
from zaria_web.acts import Intent
from zaria_web.storage import stored
from zaria_web.storage.stored import Unreadable

THEMES = ("system", "light", "dark")
#: Each setting's default: the app's, then the games' own (their registry entries').
DEFAULT_SETTINGS = {
    "theme": "system",
    "pace": "normal",
    "handover": "on",
    "haptics": "on",
    "sound": "quiet",
    **{key: default for g in games.GAMES for key, default, _ in g.settings},
    # Whether each game's lesson is still offered (until finished or dismissed).
    **{g.name + games.LESSON: "offer" for g in games.GAMES if g.lesson},
}
#: The values each setting may take; anything else read from storage is replaced
#: by the default, and :meth:`zaria_web.app.App.set_setting` refuses it.
SETTING_VALUES: dict[str, tuple[str, ...]] = {
    "theme": THEMES,
    "pace": ("normal", "fast", "instant"),
    "handover": ("on", "off"),
    "haptics": ("on", "off"),
    "sound": ("off", "quiet", "loud"),
    **{key: values for g in games.GAMES for key, _, values in g.settings},
    **{g.name + games.LESSON: ("offer", "done") for g in games.GAMES if g.lesson},
}
#: The gain of the game's sounds (0 to 1), by the Sound setting: quiet is low
#: enough that a game played at a table disturbs nobody around it.
SOUND_VOLUME = {"off": 0.0, "quiet": 0.12, "loud": 0.45}
#: Milliseconds between two visible steps of a computer's turn, by pace.
PACE_MS = {"normal": 1000, "fast": 300, "instant": 0}
SETTINGS_KEY = "zaria.settings"
#: Where unreadable settings are set aside.
BAD_SETTINGS_KEY = "zaria.badsettings"
LANG_KEY = "zaria.lang"
#: The theme again, on its own, for the page's script that paints before Python runs.
THEME_KEY = "zaria.theme"


class SettingError(ValueError):
    """An unknown setting, or a value the setting does not take."""


def allowed(key: str, value: str) -> bool:
    """Whether setting ``key`` may take ``value``.

    >>> allowed("pace", "fast"), allowed("pace", "slow"), allowed("colour", "red")
    (True, False, False)
    """
    return value in SETTING_VALUES.get(key, ())


@dataclass(frozen=True)
class ChangeSetting(Intent, acts="setting"):
    """One of the app's settings (the pace, the theme, …) was chosen on a screen."""

    key: str
    value: str

    @classmethod
    def of(cls, act: str, data: Mapping[str, str]) -> ChangeSetting | None:
        """The intent of a control reporting ``data-act="setting"`` with its key and
        value; None for a value the setting cannot take.

        >>> ChangeSetting.of("setting", {"key": "pace", "value": "fast"})
        ChangeSetting(key='pace', value='fast')
        >>> ChangeSetting.of("setting", {"key": "pace"}) is None
        True
        """
        key, value = data.get("key", ""), data.get("value", "")
        return cls(key, value) if allowed(key, value) else None


def parse_settings(raw: str) -> dict[str, str]:
    """The valid settings stored as ``raw``: unknown keys and bad values are left out
    (their defaults apply); raises :class:`~zaria_web.storage.stored.Unreadable` when
    ``raw`` is not a JSON object.

    >>> parse_settings('{"pace": "fast", "autorecord": "²", "x": 1}')
    {'pace': 'fast'}
    """
    data = stored.decode_json(raw)
    if not isinstance(data, dict):
        raise Unreadable("the settings are not an object")
    return {k: v for k, v in data.items() if isinstance(v, str) and allowed(k, v)}


def parse_lang(raw: str) -> str:
    """The language stored as ``raw``; raises Unreadable if it is not one the app speaks."""
    if raw not in LANGUAGES:
        raise Unreadable(f"not a language of the app: {raw[:20]!r}")
    return raw


def parse_theme(raw: str) -> str:
    """The theme stored as ``raw``; raises Unreadable if it is not a theme."""
    if raw not in THEMES:
        raise Unreadable(f"not a theme: {raw[:20]!r}")
    return raw
