"""The app: which screen is shown, the language, the theme and the settings, and
the one update loop every change goes through.

What the page reports (``action(act, data)``, ``key(key)``, a timer, a download)
becomes an intent value, by the app for its own controls (:data:`ACTS`: home,
the screens, language, theme, notices) or by the current screen (its controls,
and the shortcuts it declares).
:meth:`App.dispatch` then runs the loop, in Elm's shape (see :mod:`zaria_web.screen`):

1. the update changes its model and lists effects: the screen's, or the app's own
   for its controls;
2. storage is written (an update never writes it itself): the game in progress
   is saved if it changed, then the writes the update asked for are performed
   (a finished game counted, the statistics cleared, an unreadable value set
   aside: see :class:`~zaria_web.runtime.effects.Write`);
3. settings, the language and navigation asked for are applied (the settings and
   the language are remembered in storage too);
4. the screen is drawn once, from its model;
5. the page effects (focus, announcements, sounds…: see
   :class:`~zaria_web.runtime.effects.PageEffect`) are handed to the host, downloads are
   started, and the timer the model wants is started, kept or cancelled.

An answer that comes back later (a download, a file read, a write's outcome)
goes to the screen that asked, as an intent, through the same loop when that
screen is shown.

Screens are imported only when first opened, so the home page boots with little
Python.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from zaria.i18n import LANGUAGES, Translator, pick_language
from zaria_web import duel
from zaria_web.acts import Intent, Maker, datum, table
from zaria_web.games import DAILY, DUEL, DUELLING, LESSONS, Live
from zaria_web.pages.home import HomeScreen
from zaria_web.play.screen import game_screen
from zaria_web.runtime.effects import (
    CELEBRATIONS,
    SOUNDS,
    Announce,
    Celebrate,
    ClearStats,
    Document,
    Download,
    Draw,
    Effects,
    Focus,
    Go,
    Hush,
    Language,
    Notice,
    Performed,
    ReadFile,
    Render,
    SaveFile,
    ScrollTop,
    SetAside,
    Setting,
    Share,
    Sound,
    StoreAll,
    Timer,
    Vibrate,
    Write,
)
from zaria_web.runtime.host import Host
from zaria_web.screen import (
    GAMES,
    PLAYED,
    Context,
    Enter,
    Leave,
    Refresh,
    Screen,
    StorageChanged,
)
from zaria_web.storage import archive, daily, duels, stored
from zaria_web.storage.saves import PREFIX as SAVE_PREFIX
from zaria_web.storage.saves import ForgetSave, RejectSave, SaveStore
from zaria_web.storage.settings import (
    BAD_SETTINGS_KEY,
    DEFAULT_SETTINGS,
    LANG_KEY,
    SETTING_VALUES,
    SETTINGS_KEY,
    SOUND_VOLUME,
    THEME_KEY,
    THEMES,
    SettingError,
    parse_lang,
    parse_settings,
    parse_theme,
)
from zaria_web.storage.stored import Status
from zaria_web.ui import widgets
from zaria_web.ui.html import Markup, el, frag
from zaria_web.ui.widgets import ERROR_NOTICE

#: The pages by name: (module, class), imported on first use (the games' screens
#: are :mod:`zaria_web.games`').
SCREENS: dict[str, tuple[str, str]] = {
    "stats": ("zaria_web.pages.stats", "StatsScreen"),
    "settings": ("zaria_web.pages.settings", "SettingsScreen"),
    "rules": ("zaria_web.pages.rules", "RulesScreen"),
    "game": ("zaria_web.pages.past", "PastScreen"),
}

#: How many steps from home each screen is, for the browser's Back button
#: (a game's rules open over that game, or over home when opened from it).
DEPTHS = {"home": 0, "rules": 2, "game": 2}
#: The screens the rules page returns to.
BACKS = Live(lambda: (*PLAYED, "home"))
#: The same, on a game screen whose game is not being saved (a reload would lose it).
ERROR_UNSAVED = "error.generic_unsaved"
#: How much of an error's own text the notice shows (enough to report it).
ERROR_DETAIL_LENGTH = 200
#: The notice of an address of the app's form that names no screen.
ADDRESS_UNKNOWN = "err.address"


@dataclass(frozen=True)
class Open(Intent, acts=("open", "home")):
    """Show the screen called ``screen`` (home, a game, the statistics, the settings):
    the control ``open`` names it (``data-game``), ``home`` is home."""

    screen: str

    @classmethod
    def of(cls, act: str, data: Mapping[str, str]) -> Open:
        return cls("home" if act == "home" else data["game"])


@dataclass(frozen=True)
class OpenRules(Intent, acts="rules"):
    """Show ``game``'s rules, whose back button returns to the screen shown now."""

    game: str = datum("game", absent=GAMES[0])


@dataclass(frozen=True)
class OpenPast(Intent, acts="open-game"):
    """Show the finished game ``ident`` again (from the statistics' list)."""

    ident: str = datum("id")


@dataclass(frozen=True)
class ChooseLanguage(Intent, acts="lang"):
    """Speak ``lang`` from now on (the game in progress is untouched, only redrawn)."""

    lang: str = datum("value", absent="")


@dataclass(frozen=True)
class SwitchTheme(Intent, acts="theme"):
    """Show the colour scheme not shown now (:meth:`App.next_theme`)."""


@dataclass(frozen=True)
class CloseNotice(Intent, acts="notice-close"):
    """The player dismissed the notice ``notice``."""

    notice: str = datum("notice", absent="")


@dataclass(frozen=True)
class TakeOver(Intent, acts="take-over"):
    """Continue ``game`` in this tab, from the other tab's latest save."""

    game: str = datum("game")


def _about_a_link(notice: str) -> bool:
    """Whether ``notice`` is about an address opened (a link refused)."""
    return notice == ADDRESS_UNKNOWN or notice.startswith("err.link.")


#: The intents the app's update takes.
APP_INTENTS = (Open, OpenRules, OpenPast, ChooseLanguage, SwitchTheme, CloseNotice, TakeOver)
#: The app's own controls, by ``data-act``: the intent each reports (the app's update
#: takes them; every other control is the current screen's).
ACTS: dict[str, Maker] = table(*APP_INTENTS)


class App:
    """Owns the current screen and the shared context, and runs the update loop."""

    def __init__(
        self, host: Host, params: Mapping[str, str], languages: tuple[str, ...] = ()
    ) -> None:
        self.host = host
        # A language that cannot be read is the browser's: the page's own script
        # made the same choice, and the next pick of a language is kept.
        lang = stored.read(host, LANG_KEY, parse_lang).value or pick_language(list(languages))
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
            saves=SaveStore(host, notify=self.notice),
        )
        #: The running timer: what the screen asked for, which screen, the host's handle.
        self._timer: tuple[Timer, Screen, int] | None = None
        #: Each game's save as last stored by this page (JSON), to write only changes.
        self._stored: dict[str, str | None] = {}
        self._screens: dict[str, Screen] = {}
        # A game in progress comes before the finished ones: when storage is full, the
        # oldest finished games give way to its save.
        self.ctx.saves.make_room = lambda: archive.drop_oldest(self.ctx)
        self.screen: Screen = HomeScreen(self.ctx)
        self._screens["home"] = self.screen
        self._closed = False
        #: Notices about a move to another screen, shown on the screen it leads to.
        self._carried: list[str] = []
        #: The history entry of the screen shown, as last labelled or reached.
        self._entry: str | None = None
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

    # -- the update loop ----------------------------------------------------
    def dispatch(self, intent: Any, draw: bool = True) -> None:
        """Run one intent through its update (the app's own, for its controls; else
        the current screen's), then write, draw and perform its effects.

        ``draw=False`` skips the drawing, for text being typed (the field already
        shows it, and a redraw under the caret would be wasted work), unless the
        update asks for one (:class:`~zaria_web.runtime.effects.Draw`).
        """
        if self._closed:
            return
        out = Effects()
        if isinstance(intent, APP_INTENTS):
            self._update(intent, out)
        else:
            self.screen.update(intent, out)
        self._apply(out, draw)

    def _apply(self, out: Effects, draw: bool) -> None:
        screen = self.screen
        self._save(screen)
        self._write(out, screen)
        going = self._change(out)
        if going is not None:
            self.go(going)
            return
        self._relabel()
        if draw or any(isinstance(e, Draw) for e in out.items):
            self.redraw()
        self._present(out)
        self._arm()

    def _present(self, out: Effects) -> None:
        """Hand what ``out`` asks of the page, once drawn, to the host: the scrolling,
        vibrations, sound and celebration, the alert region emptied, what is said, the
        focus, downloads and files."""
        perform = self.host.perform
        if any(isinstance(e, ScrollTop) for e in out.items):
            perform(ScrollTop())
        if any(isinstance(e, Hush) for e in out.items):
            perform(Hush())  # before what this update says, which it must not silence
        if self.settings.get("haptics") == "on":
            for buzz in (e for e in out.items if isinstance(e, Vibrate)):
                perform(buzz)
        self._feel(out)
        for said in out.spoken():
            perform(said)
        for effect in out.items:
            if isinstance(effect, Focus | SaveFile | Share):
                perform(effect)
            elif isinstance(effect, Download):
                self._download(effect)

    def _change(self, out: Effects) -> str | None:
        """Apply the settings, language, notices, file reads and writes of all or
        nothing that ``out`` asks for; the screen it asks to show, if any."""
        going: str | None = None
        for effect in out.items:
            if isinstance(effect, Setting):
                self.set_setting(effect.key, effect.value)
            elif isinstance(effect, Language):
                self._speak(effect.lang)
            elif isinstance(effect, Go):
                going = effect.screen
            elif isinstance(effect, Notice):
                self.notice(effect.msg_id)
            elif isinstance(effect, ReadFile):
                # Before drawing: the file picked is in the field the drawing replaces.
                self._read_file(effect)
            elif isinstance(effect, StoreAll):
                self._store_all(effect)
        return going

    def _write(self, out: Effects, screen: Screen) -> None:
        """Perform the writes an update of ``screen`` asked for (``out``'s
        :class:`~zaria_web.runtime.effects.Write` effects), in order."""
        for effect in out.items:
            if isinstance(effect, Write):
                self._perform(effect, screen)

    def _perform(self, effect: Write, screen: Screen) -> None:
        """Perform one write ``screen``'s update asked for; an answer it has goes back
        to that screen as an intent."""
        # The statistics come with the screens that count or show them, not at boot.
        from zaria_web.storage import stats

        if isinstance(effect, SetAside):
            stored.set_aside(self.host, effect.key, effect.bad_key, effect.raw)
        elif isinstance(effect, RejectSave):
            self.ctx.saves.reject(effect.game, effect.reason)
        elif isinstance(effect, ForgetSave):
            self.ctx.saves.clear(effect.game)
        elif isinstance(effect, ClearStats):
            # The finished games go with the statistics that counted them.
            cleared = stats.clear(self.host)
            cleared = archive.clear(self.host) and cleared
            cleared = daily.clear(self.host) and cleared
            cleared = duels.clear(self.host) and cleared
            self._answer(screen, effect.done(cleared))
        elif isinstance(effect, stats.RecordGame):
            # Kept to be opened again only if it was counted (under the same conditions).
            if stats.record(
                self.ctx,
                effect.counted,
                effect.outcome,
                effect.seats,
                effect.reproducible,
                wins=effect.wins,
                log=effect.log,
                figures=effect.figures,
            ):
                archive.add(self.ctx, effect.entry)
        elif isinstance(effect, Performed):
            effect.perform(self.host, self.notice)
        else:
            raise TypeError(f"the app cannot perform {effect!r}")

    def _answer(self, screen: Screen, intent: Any) -> None:
        """Hand ``intent``, the answer to what ``screen`` asked, to that screen, shown
        or not (its model says what storage holds): through the loop when it is
        shown, else as an update of its model alone (it is drawn when shown)."""
        if screen is self.screen and not self._closed:
            self.dispatch(intent)
        else:
            self._update_unseen(screen, intent)

    def _update_unseen(self, screen: Screen, intent: Any) -> None:
        """Run ``intent`` through the update of ``screen``, which is not shown (or is
        being left): its model changes and the writes and notices it asks for are
        performed; nothing is drawn, said or focused for it."""
        out = Effects()
        screen.update(intent, out)
        if self._closed:
            return  # a closed app writes and says nothing more
        self._write(out, screen)
        for effect in out.items:
            if isinstance(effect, Notice):
                self.notice(effect.msg_id)

    def _feel(self, out: Effects) -> None:
        """The most telling sound of the update (unless the Sound setting is off; at
        its share of the setting's volume) and its most telling celebration."""
        volume = SOUND_VOLUME.get(self.settings.get("sound", ""), 0.0)
        sounds = [e for e in out.items if isinstance(e, Sound)]
        if sounds and volume > 0:
            sound = max(sounds, key=lambda s: (SOUNDS.index(s.kind), s.volume))
            self.host.perform(replace(sound, volume=sound.volume * volume))
        shows = [e for e in out.items if isinstance(e, Celebrate)]
        if shows:
            show = max(shows, key=lambda c: CELEBRATIONS.index(c.kind))
            words = self.ctx.tr(show.says or "feel." + show.kind)
            self.host.perform(replace(show, text=words))

    def _download(self, d: Download) -> None:
        screen = self.screen

        def answer(intent: Any) -> None:
            # The answer goes to the screen that asked, shown or not, even after the app
            # closed: the file it fills is shared by every screen of the page's life.
            if screen is self.screen and not self._closed:
                self.dispatch(intent)
                return
            self._update_unseen(screen, intent)
            if not self._closed:
                self.dispatch(Refresh())  # the screen shown may have waited for it too

        self.host.load_bytes(
            d.url, lambda data: answer(d.done(data)), lambda e: answer(d.failed(e))
        )

    def _read_file(self, f: ReadFile) -> None:
        screen = self.screen

        def answer(intent: Any) -> None:
            # Only the screen that asked, while it is shown, takes the file's text.
            if screen is self.screen and not self._closed:
                self.dispatch(intent)

        self.host.read_file(
            f.input_id, f.limit, lambda text: answer(f.done(text)), lambda e: answer(f.failed(e))
        )

    def _store_all(self, w: StoreAll) -> None:
        screen = self.screen
        self.host.storage_set_all(w.values, lambda ok: self._answer(screen, w.done(ok)))

    def _arm(self) -> None:
        """Start, keep or cancel the timer, as the screen's model wants it now."""
        screen = self.screen
        wanted = screen.timer()
        if self._timer is not None and self._timer[:2] == (wanted, screen):
            return  # the same timer of the same screen: it keeps running
        self._cancel_timer()
        if wanted is not None:

            def fire() -> None:
                self._timer = None
                if screen is self.screen:
                    self.dispatch(wanted.intent)

            handle = self.host.set_timeout(wanted.ms, fire, heavy=wanted.heavy)
            self._timer = (wanted, screen, handle)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self.host.clear_timeout(self._timer[2])
            self._timer = None

    def _save(self, screen: Screen) -> None:
        """Store the game in progress of a game screen when it changed (or clear it
        when there is none any more)."""
        game = screen.name
        if game not in PLAYED:
            return
        state = screen.saved()
        text = None if state is None else json.dumps(state, sort_keys=True)
        if text == self._stored.get(game):
            return
        saves = self.ctx.saves
        if state is None:
            saves.clear(game)
            self._stored[game] = None
        elif saves.save(game, state):
            self._stored[game] = text
            if "save.unavailable" in self.ctx.notices and saves.problem(game) is None:
                self.ctx.notices.remove("save.unavailable")  # saved again: no longer true

    # -- navigation ---------------------------------------------------------
    def go(self, name: str, from_history: bool = False) -> None:
        """Show the screen called ``name`` (``home`` or a game).

        The browser's history follows, unless the move came from it (Back, Forward).
        """
        changed = name != self.screen.name
        if changed and not from_history:
            self._remember(name)
        if changed:
            self._update_unseen(self.screen, Leave())
            self.ctx.notices.clear()  # notices concern the screen they appeared on
            self._dismissed.clear()
            self.error_detail = None
            self._show_carried()
        self._carried.clear()
        self.screen = self._screen(name)
        out = Effects()
        if changed:
            problem = self.ctx.saves.problem(name) if name in PLAYED else None
            if problem is not None:
                self.notice(problem)  # on every game screen that is not being saved
            self.screen.update(Enter(), out)
        self._apply(out, draw=True)
        if changed:
            self.host.perform(ScrollTop())
        if not any(isinstance(e, Focus) for e in out.items):
            self.host.perform(Focus("#screen"))

    def _remember(self, name: str) -> None:
        """Label the browser's history with the screen ``name``: its entry and depth."""
        entry, depth = name, DEPTHS.get(name, 1)
        if name == "rules":  # which game's rules (and from where), for Forward after a reload
            rules = self._screen("rules")
            game, back = str(getattr(rules, "game", GAMES[0])), str(getattr(rules, "back", ""))
            entry += ":" + game + (":" + back if back in BACKS and back != game else "")
            depth = 1 if back == "home" else 2  # over home, or over the game
        elif name == "game":  # which finished game
            entry += ":" + str(getattr(self._screen("game"), "ident", ""))
        elif name in PLAYED:  # a duel link answered is its link, until played
            entry = getattr(self._screen(name), "history_entry", lambda: name)()
        self._entry = entry
        self.host.remember_screen(entry, depth)

    def _relabel(self) -> None:
        """The history's entry follows the game screen's when it changes in place (a
        new duel started where a duel link was answered: the old link's address goes)."""
        screen = self.screen
        if screen.name not in PLAYED or self._entry is None:
            return
        if getattr(screen, "history_entry", lambda: screen.name)() != self._entry:
            self._remember(screen.name)

    def _show_carried(self) -> None:
        """Show the notices about the move to this screen (a link refused): each one
        again, though dismissed before, since the link was opened again."""
        for carried in self._carried:
            self._dismissed.discard(carried)
            self.notice(carried)

    def depth(self) -> int:
        """How many steps from home the screen shown is (its history entry's depth)."""
        name = self.screen.name
        if name == "rules":
            return 1 if getattr(self.screen, "back", "") == "home" else 2
        return DEPTHS.get(name, 1)

    def close(self) -> None:
        """Stop the app for good: every screen it created leaves and its timer is
        cancelled, so that nothing of it (a countdown, the computer's next step,
        a late download) acts any more."""
        for screen in self._screens.values():
            self._update_unseen(screen, Leave())
        self._cancel_timer()
        self._closed = True

    def _screen(self, name: str) -> Screen:
        """The screen called ``name``, created (and its module imported) on first use."""
        if name not in self._screens:
            if name in SCREENS:
                module_name, cls_name = SCREENS[name]
                screen: Screen = getattr(importlib.import_module(module_name), cls_name)(self.ctx)
            else:
                screen = game_screen(self.ctx, name)
            self._screens[name] = screen
            if name in PLAYED:
                state = screen.saved()  # the game it resumed, as stored
                self._stored[name] = None if state is None else json.dumps(state, sort_keys=True)
        return self._screens[name]

    # -- intents ------------------------------------------------------------
    def action(self, act: str, data: Mapping[str, str]) -> None:
        """A control was activated (click, tap, Enter/Space) or changed: its intent, the
        app's own (:data:`ACTS`) or the current screen's, goes through the loop."""
        make = ACTS.get(act)
        intent = make(data) if make is not None else self.screen.intent(act, data)
        if intent is not None:
            self.dispatch(intent, draw=data.get("event") != "input")

    def _update(self, intent: Any, out: Effects) -> None:
        """The app's own update, for its controls' intents (:data:`APP_INTENTS`)."""
        if isinstance(intent, Open):
            out.go(intent.screen)
        elif isinstance(intent, OpenRules):
            # The rules page of a game; its back button reopens the screen shown now.
            rules = self._screen("rules")
            rules.game = intent.game  # type: ignore[attr-defined]
            rules.back = self.screen.name  # type: ignore[attr-defined]
            out.go("rules")
        elif isinstance(intent, OpenPast):
            self._open_past(intent.ident, out)
        elif isinstance(intent, ChooseLanguage) and intent.lang in LANGUAGES:
            out.language(intent.lang)
            out.focus("#lang")
        elif isinstance(intent, SwitchTheme):
            out.setting("theme", self.next_theme())
        elif isinstance(intent, CloseNotice):
            self._close_notice(intent.notice)
            out.focus("#screen")
        elif isinstance(intent, TakeOver):
            self._take_over(intent.game)
            out.go(intent.game)

    def _open_past(self, ident: str, out: Effects) -> None:
        """Show the finished game ``ident``: the screen of finished games reads it when
        it is shown (or, already shown, now)."""
        past = self._screen("game")
        past.show(ident)  # type: ignore[attr-defined]
        if past is self.screen:
            past.update(Refresh(), out)
        else:
            out.go("game")

    def _close_notice(self, notice: str) -> None:
        """Dismiss ``notice``: it is not shown again on this screen."""
        if notice == ERROR_NOTICE:
            self.error_detail = None
        if notice in self.ctx.notices:
            self.ctx.notices.remove(notice)
            self._dismissed.add(notice)

    def key(self, key: str) -> bool:
        """A keyboard shortcut outside text fields; True when it was used (the screen
        shown takes it: :meth:`~zaria_web.screen.Screen.keys`)."""
        intent = self.screen.keys().get(key)
        if intent is None:
            return False
        self.dispatch(intent)
        return True

    def history_to(self, entry: str) -> None:
        """The browser's Back or Forward button reached the screen of ``entry``
        (a screen's name; for the rules, ``rules:<game>``), or a reload came back to it."""
        name = self._entry_screen(entry)
        self._entry = entry
        if name != self.screen.name:
            self.go(name, from_history=True)
        elif name == "game":
            self.dispatch(Refresh())  # another finished game, on the screen already shown

    def open_entry(self, entry: str) -> None:
        """Open the screen of ``entry`` as a link to it does: over home, in a new
        history entry (Back returns home, and so do the rules' back buttons). The
        screen shown already is drawn again (another finished game or duel on it),
        in an entry of its own over home, as on any other screen."""
        name = self._entry_screen(entry, link=True)
        if name != self.screen.name:
            self.go(name)
            return
        self._remember(name)
        # The notices of an earlier link go, as a load would not show them.
        self.ctx.notices[:] = [n for n in self.ctx.notices if not _about_a_link(n)]
        self._show_carried()
        self._carried.clear()
        self.dispatch(Refresh())
        if name != "home":
            self.host.perform(ScrollTop())
            self.host.perform(Focus("#screen"))

    def open_unknown(self) -> None:
        """An address of the app's form that names no screen: home, with its notice."""
        self._carried.append(ADDRESS_UNKNOWN)
        self.open_entry("home")

    def _entry_screen(self, entry: str, link: bool = False) -> str:
        """The screen ``entry`` names, made ready (which game's rules); home if none."""
        name, _, rest = entry.partition(":")
        game, _, back = rest.partition(":")
        if name == "duel" and rest:
            return self._duel_link(rest)
        if name == "rules" and game in GAMES:
            rules = self._screen("rules")
            if rules is not self.screen:
                rules.game = game  # type: ignore[attr-defined]
                default = "home" if link else game
                rules.back = back if back in BACKS else default  # type: ignore[attr-defined]
        elif name == "game" and rest:
            self._screen("game").show(rest)  # type: ignore[attr-defined]
        return name if name in SCREENS or name in PLAYED or name in LESSONS else "home"

    def _duel_link(self, token: str) -> str:
        """The screen of the duel link ``token``, made ready to answer it; home, with
        the link's notice, when it cannot be read (nothing else happens)."""
        try:
            found = duel.decode(token, DUELLING)
            # A daily's result come back to the player who played it shows on the daily;
            # any other, on the game's duel screen.
            daily_screen = self._screen(found.game + DAILY)
            if daily_screen.answer(found):  # type: ignore[attr-defined]
                return daily_screen.name
            screen = self._screen(found.game + DUEL)
            screen.answer(found)  # type: ignore[attr-defined]
        except (duel.LinkError, ValueError) as exc:
            # Shown on home, where the link leads instead.
            self._carried.append(getattr(exc, "msg_id", "err.link.damaged"))
            return "home"
        return screen.name

    def set_language(self, lang: str) -> None:
        """Switch language (as the language control does); the game in progress is
        untouched, only redrawn."""
        self.dispatch(ChooseLanguage(lang))

    def _speak(self, lang: str) -> None:
        """Speak ``lang`` from now on, and remember it."""
        self.ctx.tr = Translator(lang)
        stored.write(self.host, LANG_KEY, lang)

    # -- saved games and notices ----------------------------------------------
    def notice(self, msg_id: str) -> None:
        """Show the message ``msg_id`` above the screen until dismissed (or the screen
        changes); once dismissed, it is not shown again on that screen."""
        if msg_id not in self.ctx.notices and msg_id not in self._dismissed:
            self.ctx.notices.append(msg_id)
            self.host.perform(Announce(self.ctx.tr(msg_id)))

    def error(self, exc: BaseException) -> None:
        """An unexpected error in a handler (the page reports it here): say so above
        the screen, and aloud, until dismissed; the page stays usable."""
        self.error_detail = (str(exc) or type(exc).__name__)[:ERROR_DETAIL_LENGTH]
        tr = self.ctx.tr
        self.host.perform(Announce(tr(self._error_message()), assertive=True))
        try:
            self.redraw()
        except Exception:
            # The screen itself cannot be drawn: the notice, and the way home.
            home = widgets.button(tr("nav.home"), "home", "error-home")
            self.host.perform(
                Render(frag(self.notices_html(), el("div", home, class_="btn-row")), self.tools())
            )

    def _error_message(self) -> str:
        """The error notice's words: "your game is saved" only where it is true."""
        name = self.screen.name
        saves = self.ctx.saves
        unsaved = name in PLAYED and (saves.problem(name) is not None or name in saves.conflicts)
        return ERROR_UNSAVED if unsaved else ERROR_NOTICE

    def storage_changed(self, key: str | None) -> None:
        """Another tab changed storage (``key``; None when it cleared everything)."""
        game = self.ctx.saves.changed(key)
        if game is not None and game == self.screen.name:
            self.redraw()  # the offer to continue here the game the other tab took
        elif self.screen.name in ("home", "stats"):
            self.dispatch(StorageChanged(key))  # Resume buttons, figures

    def storage_refused(self, key: str) -> None:
        """Storage refused a write this page had counted as done (learnt after the
        fact, see :mod:`zaria_web.runtime.relay`): a game in progress is saved again, which
        now frees space or says that it cannot be saved."""
        game = key.removeprefix(SAVE_PREFIX)
        if key == game or game not in PLAYED:
            return
        self.ctx.saves.forget_write(game)
        self._stored.pop(game, None)
        if self.screen.name == game:
            self._save(self.screen)
            self.redraw()

    def take_over(self, game: str) -> None:
        """Continue ``game`` in this tab from the other tab's latest save (as the
        offer's button does)."""
        self.dispatch(TakeOver(game))

    def _take_over(self, game: str) -> None:
        """Forget this tab's copy of ``game``: its screen is made again, from the other
        tab's latest save, when it is next shown."""
        self.ctx.saves.take_over(game)
        self.ctx.notices.clear()
        self._dismissed.clear()
        old = self._screens.pop(game, None)
        if old is not None:
            self._update_unseen(old, Leave())
            self._cancel_timer()
            if self.screen is old:
                self.screen = self._screens["home"]

    def notices_html(self) -> Markup:
        """The notices, and the offer to continue here a game another tab holds."""
        tr = self.ctx.tr
        out = []
        if self.error_detail is not None:
            out.append(widgets.error_notice(tr, self._error_message(), self.error_detail))
        if self.screen.name in self.ctx.saves.conflicts:
            out.append(widgets.other_tab_notice(tr, self.screen.name))
        # The other tab's notice is shown with its button above, on that game's screen.
        out += [widgets.notice_row(tr, m) for m in self.ctx.notices if m != "save.other_tab"]
        return widgets.notices(out)

    # -- drawing ------------------------------------------------------------
    def tools(self) -> Markup:
        """The top bar: language selector and theme switch."""
        return widgets.tools(self.ctx.tr, self.settings["theme"])

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
        self.host.perform(Document(tr.lang, self.settings["theme"], tr("app.name")))
        # The screen first: drawing it may raise a notice (a save that cannot be read).
        screen = self.screen.view()
        self.host.perform(Render(frag(self.notices_html(), screen), self.tools()))
