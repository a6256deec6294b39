"""Storage is written only by the app's loop, never by a screen.

A screen's update, constructor and pure parts (intent, key, view, timer, saved)
may read storage but never write it: what they want written is an effect the
app performs after the update (:class:`zaria_web.runtime.effects.Write`). Here every
screen class is watched, and a page whose storage refuses to be written while
one of those runs plays whole games of both games (with the computer and on the
score pads), and uses the statistics page (unreadable values set aside, a
finished game opened again, export, import, clearing) and the app's own
controls. The app's own controls go through the same loop as the screens'.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from fake_host import PENTA_TABLE, FakeHost, pass_device
from zaria.i18n import Translator
from zaria_web.app import SCREENS, App
from zaria_web.pages.home import HomeScreen
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import GameScreen, Play
from zaria_web.storage import archive, stats, stored, transfer
from zaria_web.storage.counted import Counted

#: A screen's parts that must not write storage.
WATCHED = ("__init__", "update", "intent", "key", "view", "timer", "saved")


@dataclass
class Watch:
    """Which screen's part is running (innermost last), and the writes made meanwhile."""

    inside: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)


class WatchedHost(FakeHost):
    """A fake page that refuses (and notes) every storage write made while a screen's
    watched part runs, and counts the writes made outside them."""

    def __init__(self, watch: Watch, storage: dict[str, str] | None = None) -> None:
        super().__init__({"zaria.lang": "en", **(storage or {})})
        self.files[TABLE_URL] = PENTA_TABLE
        self.watch = watch
        self.written: list[str] = []

    def _writing(self, key: str) -> None:
        if self.watch.inside:
            where = self.watch.inside[-1]
            self.watch.violations.append(f"{key!r} written inside {where}")
            raise AssertionError(f"storage written inside {where}: {key!r}")
        self.written.append(key)

    def storage_set(self, key: str, value: str) -> bool:
        self._writing(key)
        return super().storage_set(key, value)

    def storage_set_all(self, values: dict[str, str], done: Callable[[bool], None]) -> None:
        for key in values:
            self._writing(key)
        super().storage_set_all(values, done)

    def storage_remove(self, key: str) -> None:
        self._writing(key)
        super().storage_remove(key)


def _screen_classes() -> set[type]:
    """Every class a screen is made of (its bases included), for all the app's screens
    (a game's part and a score pad are called inside the game screen's own methods)."""
    import importlib

    roots: list[type] = [HomeScreen, GameScreen]
    for module, name in SCREENS.values():
        roots.append(getattr(importlib.import_module(module), name))
    return {c for root in roots for c in root.__mro__ if c is not object}


def _watched(watch: Watch, cls: type, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    where = f"{cls.__name__}.{name}"

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        watch.inside.append(where)
        try:
            return fn(*args, **kwargs)
        finally:
            watch.inside.pop()

    return wrapper


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """Every screen class watched; no write may have been made inside one by the end."""
    w = Watch()
    for cls in _screen_classes():
        for name in WATCHED:
            if name in cls.__dict__:
                monkeypatch.setattr(cls, name, _watched(w, cls, name, cls.__dict__[name]))
    yield w
    assert not w.violations, w.violations


def test_a_write_inside_an_update_is_caught(watch: Watch, monkeypatch: pytest.MonkeyPatch) -> None:
    """The watch itself: reading the statistics as the app does (setting an unreadable
    value aside at once) inside the statistics page's update is refused."""

    def eager(host: Any, key: str, parse: Any, bad_key: str, words: str, out: Any) -> Any:
        return stored.read_or_set_aside(host, key, parse, bad_key, None, words)

    monkeypatch.setattr(stored, "look", eager)
    app = App(WatchedHost(watch, {stats.KEY: "nonsense"}), {})
    with pytest.raises(AssertionError, match=r"inside StatsScreen\.update"):
        app.action("open", {"game": "stats"})
    assert watch.violations == ["'zaria.badstats' written inside StatsScreen.update"]
    watch.violations.clear()


# -- playing ---------------------------------------------------------------------------


def _game_screen(app: App) -> GameScreen[Any]:
    assert isinstance(app.screen, GameScreen)
    return app.screen


def play_out(app: App, host: FakeHost, seed: int = 1) -> None:
    """Play the game on the screen to its end: a person's moves as the engine's player
    makes them (a score pad's throws entered face by face), the computer's by its
    timers."""
    faces = random.Random(seed)
    for _ in range(5000):
        s = _game_screen(app)
        g = s.game
        assert g is not None
        if g.over:
            return
        if g.seats[g.current].computer:
            host.advance(10_000)
            continue
        pass_device(app)
        player = s.part.player(g.seats[g.current])
        assert player is not None
        action = s.spec.next_action(g, player.plan(g))
        if s.pad is not None and s.pad._throws(s, action):
            for _ in range(s.pad.needed(s)):
                app.action("face", {"face": str(faces.randint(1, 6))})
            app.action("roll", {})
        else:
            app.dispatch(Play(action))
    raise AssertionError("the game did not end")


def start(host: FakeHost, game: str) -> App:
    """``game`` started for Ann, with the computer where the game has one."""
    app = App(host, {})
    app.action("open", {"game": game})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    if game.startswith("farkle"):
        app.action("target", {"value": "5000", "event": "change"})  # a shorter game
    app.action("start", {})
    return app


COUNTED = {
    "penta": Counted("penta"),
    "farkle": Counted("farkle"),
    "penta-pad": Counted("penta", real=True),
    "farkle-pad": Counted("farkle", real=True),
}


@pytest.mark.parametrize("game", list(COUNTED))
def test_a_whole_game_is_saved_counted_and_kept_by_the_app_alone(watch: Watch, game: str) -> None:
    host = WatchedHost(watch)
    app = start(host, game)
    play_out(app, host)
    assert _game_screen(app).phase == "end"
    summaries = stats.load(host)
    assert summaries[COUNTED[game]].games == 1
    assert [e.counted for e in archive.load(host)] == [COUNTED[game]]
    # The game in progress was saved after every move, and its save cleared at the end.
    assert f"zaria.save.{game}" in host.written and f"zaria.save.{game}" not in host.storage
    assert {stats.KEY, archive.KEY} <= set(host.written)
    app.action("again", {})  # Play again: a new game, saved as it goes
    play_out(app, host, seed=2)
    assert stats.load(host)[COUNTED[game]].games == 2 and len(archive.load(host)) == 2


@pytest.mark.parametrize("game", list(COUNTED))
def test_a_save_refused_or_over_is_set_aside_or_removed_by_the_app(watch: Watch, game: str) -> None:
    """Resuming meets a save that cannot be played (the screen is made, and reads it,
    outside any update): the app sets it aside, or removes a finished game's save,
    after the screen's first update, never the screen."""
    host = WatchedHost(watch, {f"zaria.save.{game}": '{"engine": {"version": 1}}'})
    app = App(host, {})
    app.action("open", {"game": game})
    assert f"zaria.save.{game}" not in host.storage
    assert any(k.startswith(f"zaria.badsave.{game}.") for k in host.storage)
    assert "save" in host.screen_html  # the notice says the save was set aside
    over = start(WatchedHost(watch), game)
    play_out(over, over.host)  # type: ignore[arg-type]
    ended = _game_screen(over).saved()
    assert ended is None  # a finished game has no save: nothing is resumed
    assert f"zaria.save.{game}" not in over.host.storage  # type: ignore[attr-defined]


# -- the statistics page -----------------------------------------------------------------


def test_the_statistics_page_sets_aside_exports_imports_and_clears_through_the_app(
    watch: Watch,
) -> None:
    host = WatchedHost(watch, {stats.KEY: "nonsense", archive.KEY: "[[["})
    app = App(host, {})
    app.action("open", {"game": "stats"})
    # Both unreadable values were set aside by the app, and said once each.
    assert host.storage["zaria.badstats"] == "nonsense" and stats.KEY not in host.storage
    assert host.storage["zaria.badgames"] == "[[[" and archive.KEY not in host.storage
    assert {"stats.corrupt", "games.corrupt"} <= set(app.ctx.notices)
    app.action("notice-close", {"notice": "stats.corrupt"})
    assert "stats.corrupt" not in app.ctx.notices
    app.action("home", {})
    play_out(start(host, "penta"), host)
    app = App(host, {})
    app.action("open", {"game": "stats"})
    (kept,) = archive.load(host)
    app.action("open-game", {"id": kept.id})
    assert app.screen.name == "game" and getattr(app.screen, "entry", None) == kept
    app.action("past-back", {})
    app.action("stats-export", {})
    exported = host.saved_files[-1][1]
    host.picked[transfer.FIELD] = exported
    app.action("stats-import", {"value": "x", "event": "input"})
    app.action("stats-import-yes", {})
    assert json.loads(host.storage[stats.KEY]) == json.loads(exported)["stats"]
    app.action("stats-clear", {})
    app.action("stats-clear-yes", {})
    assert host.announced[-1] == Translator("en")("stats.cleared")
    assert stats.KEY not in host.storage and archive.KEY not in host.storage
    assert "stats-said" in host.screen_html and host.focused == "#stats-home"


def test_clearing_statistics_storage_cannot_read_says_so_and_keeps_them(watch: Watch) -> None:
    host = WatchedHost(watch, {stats.KEY: json.dumps({"format": 1})})
    host.read_faults.add(stats.KEY)
    app = App(host, {})
    app.action("open", {"game": "stats"})
    app.action("stats-clear", {})
    app.action("stats-clear-yes", {})
    assert host.announced[-1] == Translator("en")("stats.unavailable")
    assert host.storage[stats.KEY] == json.dumps({"format": 1})


# -- the app's own controls ------------------------------------------------------------------


def test_the_app_s_own_controls_go_through_the_loop(
    watch: Watch, monkeypatch: pytest.MonkeyPatch
) -> None:
    dispatched: list[str] = []
    dispatch = App.dispatch

    def recorded(self: App, intent: Any, draw: bool = True) -> None:
        dispatched.append(type(intent).__name__)
        dispatch(self, intent, draw)

    monkeypatch.setattr(App, "dispatch", recorded)
    host = WatchedHost(watch)
    play_out(start(host, "farkle"), host)
    (kept,) = archive.load(host)
    app = App(host, {})
    app.action("theme", {})
    app.action("lang", {"value": "fr", "event": "change"})
    app.action("rules", {"game": "penta"})
    app.action("open", {"game": "stats"})
    app.action("open-game", {"id": kept.id})
    app.action("home", {})
    assert dispatched[-6:] == [
        "SwitchTheme",
        "ChooseLanguage",
        "OpenRules",
        "Open",
        "OpenPast",
        "Open",
    ]
    assert app.settings["theme"] == "dark" and json.loads(host.storage["zaria.settings"])
    assert app.ctx.tr.lang == host.storage["zaria.lang"] == "fr"
    assert app.screen.name == "home" and host.focused == "#screen"


def test_a_game_taken_over_from_another_tab_comes_through_the_loop(watch: Watch) -> None:
    host = WatchedHost(watch)
    first = start(host, "penta")
    first.action("roll", {})
    second = App(host, {})
    second.action("open", {"game": "penta"})  # the same game, continued in another tab
    second.action("roll", {})
    first.storage_changed("zaria.save.penta")
    assert "penta" in first.ctx.saves.conflicts
    first.action("take-over", {"game": "penta"})
    assert "penta" not in first.ctx.saves.conflicts and first.screen.name == "penta"
    taken, left = _game_screen(first).game, _game_screen(second).game
    assert taken is not None and left is not None and taken.to_dict() == left.to_dict()
