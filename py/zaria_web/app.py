"""The app: which screen is shown, the language, the theme and the settings.

Input reaches the app as *intents* (``action(act, data)``, ``key(key)``); the
app passes them to the current screen, then redraws from state. Screens are
imported only when first opened, so the home page boots with little Python.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping

from zaria.i18n import LANGUAGES, NATIVE_NAMES, Translator, pick_language
from zaria_web.home import HomeScreen
from zaria_web.host import Host
from zaria_web.html import attrs, h
from zaria_web.saves import SaveStore
from zaria_web.screen import GAMES, Context, Screen

#: Screens by name: (module, class), imported on first use.
SCREENS: dict[str, tuple[str, str]] = {
    "penta": ("zaria_web.penta_screen", "PentaScreen"),
    "farkle": ("zaria_web.farkle_screen", "FarkleScreen"),
    "stats": ("zaria_web.stats_screen", "StatsScreen"),
    "rules": ("zaria_web.rules_screen", "RulesScreen"),
}

THEMES = ("system", "light", "dark")
#: How many steps from home each screen is, for the browser's Back button
#: (a game's rules open over that game).
DEPTHS = {"home": 0, "rules": 2}
DEFAULT_SETTINGS = {"theme": "system", "autorecord": "3", "pace": "normal", "coach": "off"}
SETTINGS_KEY = "zaria.settings"
LANG_KEY = "zaria.lang"
THEME_KEY = "zaria.theme"


class App:
    """Owns the current screen and the shared context."""

    def __init__(
        self, host: Host, params: Mapping[str, str], languages: tuple[str, ...] = ()
    ) -> None:
        self.host = host
        lang = host.storage_get(LANG_KEY) or ""
        if lang not in LANGUAGES:
            lang = pick_language(list(languages))
        self._focus_next: str | None = None
        self.settings = dict(DEFAULT_SETTINGS)
        self.settings.update(self._load_settings())
        self.ctx = Context(
            host=host,
            tr=Translator(lang),
            params=dict(params),
            settings=self.settings,
            redraw=self.redraw,
            go=self.go,
            saves=SaveStore(host, notify=self.notice),
            set_setting=self.set_setting,
            focus_after=self.focus_after,
        )
        self._screens: dict[str, Screen] = {}
        self.screen: Screen = HomeScreen(self.ctx)
        self._screens["home"] = self.screen

    # -- settings -----------------------------------------------------------
    def _load_settings(self) -> dict[str, str]:
        raw = self.host.storage_get(SETTINGS_KEY)
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except ValueError:
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: str(v) for k, v in data.items() if k in DEFAULT_SETTINGS}

    def set_setting(self, key: str, value: str) -> None:
        """Change a setting and remember it."""
        if key not in DEFAULT_SETTINGS:
            raise ValueError(f"unknown setting {key!r}")
        self.settings[key] = value
        self.host.storage_set(SETTINGS_KEY, json.dumps(self.settings, sort_keys=True))
        if key == "theme":
            self.host.storage_set(THEME_KEY, value)

    # -- navigation ---------------------------------------------------------
    def go(self, name: str, from_history: bool = False) -> None:
        """Show the screen called ``name`` (``home`` or a game).

        The browser's history follows, unless the move came from it (Back, Forward).
        """
        changed = name != self.screen.name
        if changed and not from_history:
            entry = name
            if name == "rules":  # which game's rules, for Forward after a reload
                entry += ":" + str(getattr(self._screen("rules"), "game", "penta"))
            self.host.remember_screen(entry, DEPTHS.get(name, 1))
        if changed:
            self.screen.leave()
            self.ctx.notices.clear()  # notices concern the screen they appeared on
        self.screen = self._screen(name)
        if changed:
            self.screen.enter()
        self.redraw()
        if changed:
            self.host.scroll_to_top()
        self.host.focus("#screen")

    def _screen(self, name: str) -> Screen:
        """The screen called ``name``, created (and its module imported) on first use."""
        if name not in self._screens:
            module_name, cls_name = SCREENS[name]
            cls = getattr(importlib.import_module(module_name), cls_name)
            self._screens[name] = cls(self.ctx)
        return self._screens[name]

    # -- intents ------------------------------------------------------------
    def action(self, act: str, data: Mapping[str, str]) -> None:
        """A control was activated (click, tap, Enter/Space) or changed."""
        if act == "home":
            self.go("home")
        elif act == "open":
            self.go(data["game"])
        elif act == "rules":
            # The rules page of a game; its back button reopens that game.
            rules = self._screen("rules")
            rules.game = data.get("game", "penta")  # type: ignore[attr-defined]
            self.go("rules")
        elif act == "lang":
            self.set_language(data.get("value", ""))
        elif act == "theme":
            self.set_setting("theme", self.next_theme())
            self.redraw()
        elif act == "notice-close":
            if data.get("notice") in self.ctx.notices:
                self.ctx.notices.remove(data["notice"])
            self.redraw()
            self.host.focus("#screen")
        elif act == "take-over":
            self.take_over(data["game"])
        else:
            self.screen.on_action(act, data)

    def key(self, key: str) -> bool:
        """A keyboard shortcut outside text fields; True when it was used."""
        return self.screen.on_key(key)

    def history_to(self, entry: str) -> None:
        """The browser's Back or Forward button reached the screen of ``entry``
        (a screen's name; for the rules, ``rules:<game>``)."""
        name, _, game = entry.partition(":")
        if name == "rules" and game in GAMES:
            rules = self._screen("rules")
            if rules is not self.screen:
                rules.game = game  # type: ignore[attr-defined]
        if name != "home" and name not in SCREENS:
            name = "home"
        if name != self.screen.name:
            self.go(name, from_history=True)

    def set_language(self, lang: str) -> None:
        """Switch language; the game in progress is untouched, only redrawn."""
        if lang not in LANGUAGES:
            return
        self.ctx.tr = Translator(lang)
        self.host.storage_set(LANG_KEY, lang)
        self.redraw()
        self.host.focus("#lang")

    # -- saved games and notices ----------------------------------------------
    def notice(self, msg_id: str) -> None:
        """Show the message ``msg_id`` above the screen until dismissed (or the screen changes)."""
        if msg_id not in self.ctx.notices:
            self.ctx.notices.append(msg_id)
            self.host.announce(self.ctx.tr(msg_id))

    def storage_changed(self, key: str | None) -> None:
        """Another tab changed storage (``key``; None when it cleared everything)."""
        game = self.ctx.saves.changed(key)
        saves_changed = key is None or key.startswith("zaria.save.")
        if (game is not None and game == self.screen.name) or (
            saves_changed and self.screen.name == "home"  # its Resume buttons
        ):
            self.redraw()

    def take_over(self, game: str) -> None:
        """Continue ``game`` in this tab from the other tab's latest save."""
        self.ctx.saves.take_over(game)
        self.ctx.notices.clear()
        old = self._screens.pop(game, None)
        if old is not None:
            old.leave()
            if self.screen is old:
                self.screen = self._screens["home"]
        self.go(game)

    def notices_html(self) -> str:
        """The notices, and the offer to continue here a game another tab holds."""
        tr = self.ctx.tr
        out = []
        if self.screen.name in self.ctx.saves.conflicts:
            take = attrs(
                type="button",
                class_="btn primary",
                id="take-over",
                data_act="take-over",
                data_game=self.screen.name,
            )
            out.append(
                f'<div class="notice notice-row other-tab" role="alert">'
                f"<span>{h(tr('save.other_tab'))}</span>"
                f"<button{take}>{h(tr('save.take_over'))}</button></div>"
            )
        for msg_id in self.ctx.notices:
            if msg_id == "save.other_tab":
                continue  # shown with its button above, on that game's screen
            close = attrs(
                type="button",
                class_="icon-btn notice-close",
                data_act="notice-close",
                data_notice=msg_id,
                aria_label=tr("notice.dismiss"),
                title=tr("notice.dismiss"),
            )
            out.append(
                f'<div class="notice notice-row" role="status" data-notice="{h(msg_id)}">'
                f"<span>{h(tr(msg_id))}</span>"
                f'<button{close}><span aria-hidden="true">×</span></button></div>'
            )
        return f'<div class="notices">{"".join(out)}</div>' if out else ""

    # -- drawing ------------------------------------------------------------
    def tools(self) -> str:
        """The top bar: language selector and theme switch."""
        tr = self.ctx.tr
        options = "".join(
            f"<option{attrs(value=code, selected=code == tr.lang, lang=code)}>"
            f"{h(NATIVE_NAMES[code])}</option>"
            for code in LANGUAGES
        )
        theme = self.settings["theme"]
        theme_button = attrs(
            type="button",
            class_="icon-btn theme-btn",
            id="theme",  # the page keeps focus by id across redraws
            data_act="theme",
            data_theme=theme,
            title=tr("theme." + theme),
            aria_label=tr("theme.label") + ": " + tr("theme." + theme),
        )
        return (
            f'<label class="lang-pick"><span class="sr-only">{h(tr("home.language"))}</span>'
            f'<select id="lang" data-act="lang">{options}</select></label>'
            f"<button{theme_button}>"
            '<span aria-hidden="true" class="theme-icon"></span></button>'
        )

    def next_theme(self) -> str:
        """The theme the theme button switches to: the scheme not shown now, so that
        every press changes the colours. Choosing the scheme the system shows means
        following the system ("system"), which then also follows its later changes.
        """
        system = "dark" if self.host.prefers_dark() else "light"
        current = self.settings["theme"]
        shown = system if current not in THEMES[1:] else current
        wanted = "light" if shown == "dark" else "dark"
        return "system" if wanted == system else wanted

    def redraw(self) -> None:
        """Render the current screen and the top bar from state."""
        tr = self.ctx.tr
        self.host.set_document(tr.lang, self.settings["theme"], tr("app.name"))
        self.host.render(self.notices_html() + self.screen.render(), self.tools())
        if self._focus_next is not None:
            self.host.focus(self._focus_next)
            self._focus_next = None

    def focus_after(self, selector: str) -> None:
        """Give ``selector`` the keyboard focus once the screen is next drawn."""
        self._focus_next = selector
