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
from zaria_web import stored
from zaria_web.host import Host
from zaria_web.html import attrs, h
from zaria_web.pages.home import HomeScreen
from zaria_web.saves import SaveStore
from zaria_web.screen import GAMES, Context, Screen
from zaria_web.stored import Status, Unreadable

#: Screens by name: (module, class), imported on first use.
SCREENS: dict[str, tuple[str, str]] = {
    "penta": ("zaria_web.penta.screen", "PentaScreen"),
    "farkle": ("zaria_web.farkle.screen", "FarkleScreen"),
    "stats": ("zaria_web.pages.stats", "StatsScreen"),
    "rules": ("zaria_web.pages.rules", "RulesScreen"),
}

THEMES = ("system", "light", "dark")
#: How many steps from home each screen is, for the browser's Back button
#: (a game's rules open over that game).
DEPTHS = {"home": 0, "rules": 2}
DEFAULT_SETTINGS = {"theme": "system", "autorecord": "3", "pace": "normal", "coach": "off"}
#: The values each setting may take; anything else read from storage is replaced
#: by the default, and :meth:`App.set_setting` refuses it.
SETTING_VALUES: dict[str, tuple[str, ...]] = {
    "theme": THEMES,
    "autorecord": ("3", "5", "10", "off"),
    "pace": ("normal", "fast", "instant"),
    "coach": ("on", "off"),
}
SETTINGS_KEY = "zaria.settings"
#: Where unreadable settings are set aside.
BAD_SETTINGS_KEY = "zaria.badsettings"
LANG_KEY = "zaria.lang"
#: The theme again, on its own, for the page's script that paints before Python runs.
THEME_KEY = "zaria.theme"
#: The message of an unexpected error, and the id its notice is dismissed by.
ERROR_NOTICE = "error.generic"
#: The same, on a game screen whose game is not being saved (a reload would lose it).
ERROR_UNSAVED = "error.generic_unsaved"
#: How much of an error's own text the notice shows (enough to report it).
ERROR_DETAIL_LENGTH = 200


class SettingError(ValueError):
    """An unknown setting, or a value the setting does not take."""


def parse_settings(raw: str) -> dict[str, str]:
    """The valid settings stored as ``raw``: unknown keys and bad values are left out
    (their defaults apply); raises :class:`~zaria_web.stored.Unreadable` when
    ``raw`` is not a JSON object.

    >>> parse_settings('{"pace": "fast", "autorecord": "²", "x": 1}')
    {'pace': 'fast'}
    """
    data = stored.decode_json(raw)
    if not isinstance(data, dict):
        raise Unreadable("the settings are not an object")
    return {
        k: v
        for k, v in data.items()
        if k in SETTING_VALUES and isinstance(v, str) and v in SETTING_VALUES[k]
    }


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


class App:
    """Owns the current screen and the shared context."""

    def __init__(
        self, host: Host, params: Mapping[str, str], languages: tuple[str, ...] = ()
    ) -> None:
        self.host = host
        # A language that cannot be read is the browser's: the page's own script
        # made the same choice, and the next pick of a language is kept.
        lang = stored.read(host, LANG_KEY, parse_lang).value or pick_language(list(languages))
        self._focus_next: str | None = None
        #: Notices the player dismissed on the screen shown (cleared when it changes).
        self._dismissed: set[str] = set()
        #: The unexpected error shown above the screen, if any (see :meth:`error`).
        self.error_detail: str | None = None
        self.settings = dict(DEFAULT_SETTINGS)
        boot_notice = self._load_settings()
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
        if boot_notice is not None:
            self.notice(boot_notice)

    # -- settings -----------------------------------------------------------
    def _load_settings(self) -> str | None:
        """Read the stored settings into :attr:`settings`; the notice to show, if any."""
        found = stored.read(self.host, SETTINGS_KEY, parse_settings)
        if found.status is Status.OK and found.value is not None:
            self.settings.update(found.value)
        if "theme" not in (found.value or {}):
            # The theme the page's script painted with, so that it does not change now.
            theme = stored.read(self.host, THEME_KEY, parse_theme)
            if theme.value is not None:
                self.settings["theme"] = theme.value
        if found.status is Status.FAILED:
            return "settings.unavailable"
        if found.status is Status.UNREADABLE and found.raw is not None:
            stored.write(self.host, BAD_SETTINGS_KEY, found.raw)
            self.host.storage_remove(SETTINGS_KEY)
            return "settings.corrupt"
        return None

    def set_setting(self, key: str, value: str) -> None:
        """Change a setting and remember it; raises :class:`SettingError` for an
        unknown setting or value.

        The stored settings are read again first and this change is written over
        them (another tab may have changed others since); when they cannot be
        read, the change holds for this page only.
        """
        if key not in SETTING_VALUES:
            raise SettingError(f"unknown setting {key!r}; settings: {', '.join(SETTING_VALUES)}")
        if value not in SETTING_VALUES[key]:
            allowed = ", ".join(SETTING_VALUES[key])
            raise SettingError(f"setting {key!r} cannot be {value!r}; allowed: {allowed}")
        self.settings[key] = value
        found = stored.read(self.host, SETTINGS_KEY, parse_settings)
        if found.status is Status.FAILED:
            self.notice("settings.unavailable")
            return
        merged = {**(found.value or self.settings), key: value}
        self.host.storage_set(SETTINGS_KEY, json.dumps(merged, sort_keys=True))
        if key == "theme":
            stored.write(self.host, THEME_KEY, value)

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
            self._dismissed.clear()
            self.error_detail = None
        self.screen = self._screen(name)
        if changed:
            problem = self.ctx.saves.problem(name) if name in GAMES else None
            if problem is not None:
                self.notice(problem)  # on every game screen that is not being saved
            self.screen.enter()
        self.redraw()
        if changed:
            self.host.scroll_to_top()
        self.host.focus("#screen")

    def close(self) -> None:
        """Stop the app for good: every screen it created leaves, so that no timer
        of it (a countdown, the computer's next step) fires any more."""
        for screen in self._screens.values():
            screen.leave()

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
            if data.get("notice") == ERROR_NOTICE:
                self.error_detail = None
            if data.get("notice") in self.ctx.notices:
                self.ctx.notices.remove(data["notice"])
                self._dismissed.add(data["notice"])
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
        stored.write(self.host, LANG_KEY, lang)
        self.redraw()
        self.host.focus("#lang")

    # -- saved games and notices ----------------------------------------------
    def notice(self, msg_id: str) -> None:
        """Show the message ``msg_id`` above the screen until dismissed (or the screen
        changes); once dismissed, it is not shown again on that screen."""
        if msg_id not in self.ctx.notices and msg_id not in self._dismissed:
            self.ctx.notices.append(msg_id)
            self.host.announce(self.ctx.tr(msg_id))

    def error(self, exc: BaseException) -> None:
        """An unexpected error in a handler (the page reports it here): say so above
        the screen, and aloud, until dismissed; the page stays usable."""
        self.error_detail = (str(exc) or type(exc).__name__)[:ERROR_DETAIL_LENGTH]
        tr = self.ctx.tr
        self.host.announce(tr(self._error_message()), assertive=True)
        try:
            self.redraw()
        except Exception:
            # The screen itself cannot be drawn: the notice, and the way home.
            home = attrs(type="button", class_="btn", id="error-home", data_act="home")
            page = f'<div class="btn-row"><button{home}>{h(tr("nav.home"))}</button></div>'
            self.host.render(self.notices_html() + page, self.tools())

    def _error_message(self) -> str:
        """The error notice's words: "your game is saved" only where it is true."""
        name = self.screen.name
        saves = self.ctx.saves
        unsaved = name in GAMES and (saves.problem(name) is not None or name in saves.conflicts)
        return ERROR_UNSAVED if unsaved else ERROR_NOTICE

    def _error_html(self) -> str:
        tr = self.ctx.tr
        close = attrs(
            type="button",
            class_="icon-btn notice-close",
            id="error-close",
            data_act="notice-close",
            data_notice=ERROR_NOTICE,
            aria_label=tr("notice.dismiss"),
            title=tr("notice.dismiss"),
        )
        # A plain link to the page's own address reloads it, with its parameters.
        reload = attrs(class_="btn small", id="error-reload", href="")
        return (
            f'<div class="notice notice-row error-notice" data-notice="{ERROR_NOTICE}">'
            f"<span>{h(tr(self._error_message()))}"
            f' <small class="error-detail">{h(self.error_detail)}</small></span>'
            f"<a{reload}>{h(tr('update.reload'))}</a>"
            f'<button{close}><span aria-hidden="true">×</span></button></div>'
        )

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
        self._dismissed.clear()
        old = self._screens.pop(game, None)
        if old is not None:
            old.leave()
            if self.screen is old:
                self.screen = self._screens["home"]
        self.go(game)

    def notices_html(self) -> str:
        """The notices, and the offer to continue here a game another tab holds."""
        tr = self.ctx.tr
        out = [] if self.error_detail is None else [self._error_html()]
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
        # The screen first: drawing it may raise a notice (a save that cannot be read).
        screen = self.screen.render()
        self.host.render(self.notices_html() + screen, self.tools())
        if self._focus_next is not None:
            self.host.focus(self._focus_next)
            self._focus_next = None

    def focus_after(self, selector: str) -> None:
        """Give ``selector`` the keyboard focus once the screen is next drawn."""
        self._focus_next = selector
