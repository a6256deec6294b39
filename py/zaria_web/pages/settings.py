"""The settings screen, reached from home: every setting of the app in one place
(the games' own panels show the ones that matter while playing).

Each control reports ``data-act="setting"`` with its key and value, as the
games' controls do; the app checks the value and stores it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from zaria.i18n import Translator
from zaria_web import games
from zaria_web.runtime.effects import Effects
from zaria_web.screen import Page
from zaria_web.storage.settings import SETTING_VALUES, ChangeSetting
from zaria_web.ui.html import Markup, el
from zaria_web.ui.widgets import button, language_select, radio


def _labels(tr: Translator) -> dict[str, tuple[str, Mapping[str, str]]]:
    """Each setting's label and the words for its values, in the order shown: the
    games' own settings (their specs') after the computer's pace."""
    on_off = {"on": tr("settings.on"), "off": tr("settings.off")}
    sound = {v: tr("settings.sound." + v) for v in SETTING_VALUES["sound"]}
    own: dict[str, tuple[str, Mapping[str, str]]] = {}
    for game in games.GAMES:
        own.update(game.spec().settings(tr))
        if game.lesson:  # whether its form offers its lesson (it does until finished)
            label = tr("lesson.setting", game=tr("game." + game.name))
            offered = {"offer": on_off["on"], "done": on_off["off"]}
            own[game.name + games.LESSON] = (label, offered)
    return {
        "theme": (tr("theme.label"), {t: tr("theme." + t) for t in SETTING_VALUES["theme"]}),
        "pace": (tr("common.pace"), {p: tr("common.pace." + p) for p in SETTING_VALUES["pace"]}),
        **own,
        "coach": (tr("settings.coach"), on_off),
        "handover": (tr("common.handover.setting"), on_off),
        "haptics": (tr("settings.haptics"), on_off),
        "sound": (tr("settings.sound"), sound),
    }


class SettingsScreen(Page):
    """The language, the theme, the computer's pace, the games' own settings, the
    coach, the hand-over card between people, vibration and sound."""

    name = "settings"

    def intent(self, act: str, data: Mapping[str, str]) -> Any | None:
        return ChangeSetting.of(act, data) if act in ChangeSetting.acts else None

    def update(self, intent: Any, out: Effects) -> None:
        if isinstance(intent, ChangeSetting):
            out.setting(intent.key, intent.value)
            out.focus(f"#set-{intent.key}-{intent.value}")

    def _group(self, key: str, label: str, words: Mapping[str, str]) -> Markup:
        chosen = self.ctx.settings.get(key, "")
        choices = [
            radio(f"set-{key}", "setting", value, word, value == chosen, data_key=key)
            for value, word in words.items()
        ]
        return el(
            "fieldset",
            el("legend", label),
            el("div", choices, class_="fk-segs"),
            class_="settings-group",
            id=f"settings-{key}",
        )

    def view(self) -> Markup:
        tr = self.ctx.tr
        language = el(
            "label",
            el("span", tr("home.language")),
            language_select(tr, "settings-lang"),
            class_="field settings-lang",
        )
        groups = [self._group(k, *v) for k, v in _labels(tr).items()]
        return el(
            "section",
            el("h1", tr("settings.title"), id="settings-title"),
            language,
            groups,
            el("div", button(tr("nav.home"), "home", "settings-home"), class_="btn-row"),
            class_="settings panel",
            aria_labelledby="settings-title",
        )
