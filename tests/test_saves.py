"""Saved games: round trips, format migration, bad saves set aside, storage that
refuses, and two tabs on one game; then the app's notices and home screen."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from fake_host import FakeHost
from zaria.i18n import LANGUAGES, Translator
from zaria_web import app as app_module
from zaria_web.app import App
from zaria_web.runtime.effects import Effects
from zaria_web.screen import Context, Leave, Page
from zaria_web.storage import saves
from zaria_web.storage.saves import FORMAT, Loaded, SaveStore, Writer, decode, migrate
from zaria_web.ui.html import Markup, el

KEY = "zaria.save.penta"
STATE = {"game": "penta", "version": 1, "round": 3, "dice": [1, 2, 3, 4, 5], "held": [0, 1]}


class Resumed(SaveStore):
    """A save store loaded as the game screen and the app do: a save refused as it is
    loaded is set aside (by the app, after the screen's first update)."""

    def load(self, game: str) -> Loaded:
        loaded = super().load(game)
        if loaded.refused is not None:
            self.reject(game, loaded.refused)
        return Loaded(loaded.state, loaded.notice)


def store(host: FakeHost | None = None, tab: str = "A") -> tuple[SaveStore, list[str]]:
    told: list[str] = []
    return Resumed(host or FakeHost(), notify=told.append, tab=tab), told


def test_loading_a_bad_save_writes_nothing_and_says_why_it_is_refused() -> None:
    host = FakeHost({KEY: "{not json"})
    loaded = SaveStore(host, notify=lambda msg: None, tab="A").load("penta")
    assert (loaded.state, loaded.notice) == (None, "save.corrupt")
    assert loaded.refused is not None and loaded.refused.startswith("not JSON")
    assert host.storage == {KEY: "{not json"}  # the app sets it aside, in its loop


# -- round trips -----------------------------------------------------------------


def test_save_then_load_gives_back_the_state() -> None:
    s, told = store()
    assert s.load("penta") == Loaded(None)
    assert s.save("penta", STATE)
    assert s.has("penta") and not s.has("farkle")
    assert s.load("penta") == Loaded(STATE)
    assert told == []


def test_the_stored_save_is_format_2_with_writer_and_revision() -> None:
    host = FakeHost()
    s, _ = store(host, tab="t1")
    s.load("penta")
    s.save("penta", STATE)
    s.save("penta", {**STATE, "round": 4})
    data = json.loads(host.storage[KEY])
    assert data == {
        "format": 2,
        "game": "penta",
        "state": {**STATE, "round": 4},
        "tab": "t1",
        "rev": 2,
    }


def test_a_new_page_resumes_and_continues_the_revisions() -> None:
    host = FakeHost()
    first, _ = store(host, tab="old")
    first.load("penta")
    first.save("penta", STATE)
    reloaded, told = store(host, tab="new")  # the same tab after a reload: a new id
    assert reloaded.load("penta").state == STATE
    assert reloaded.save("penta", {**STATE, "round": 5})
    assert decode(host.storage[KEY], "penta")[1] == Writer("new", 2)
    assert told == [] and not reloaded.conflicts


def test_clear_forgets_the_game() -> None:
    s, _ = store()
    s.load("penta")
    s.save("penta", STATE)
    s.clear("penta")
    assert not s.has("penta")
    assert s.load("penta") == Loaded(None)


def test_default_tab_ids_differ() -> None:
    assert SaveStore(FakeHost()).tab != SaveStore(FakeHost()).tab


# -- migration ---------------------------------------------------------------------

FORMAT_1 = json.dumps({"format": 1, "game": "penta", "state": STATE})


def test_format_1_is_migrated_and_resumes() -> None:
    host = FakeHost({KEY: FORMAT_1})
    s, told = store(host)
    assert s.load("penta") == Loaded(STATE)
    assert told == []
    # The next save rewrites it in the current format, without a conflict.
    assert s.save("penta", STATE)
    data = json.loads(host.storage[KEY])
    assert data["format"] == FORMAT == 2
    assert data["rev"] == 1 and data["tab"] == "A"


def test_every_older_format_has_a_migration_to_the_next() -> None:
    assert sorted(saves.MIGRATIONS) == list(range(1, FORMAT))
    migrated = migrate({"format": 1, "game": "farkle", "state": {"x": 1}})
    assert migrated == {"format": 2, "game": "farkle", "state": {"x": 1}, "tab": "", "rev": 0}


# -- bad saves -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        "[1, 2]",
        '"a string"',
        json.dumps({"format": 2, "game": "farkle", "state": STATE, "tab": "x", "rev": 1}),
        json.dumps({"format": 2, "game": "penta", "state": [1], "tab": "x", "rev": 1}),
        json.dumps({"format": 2, "game": "penta", "state": STATE, "tab": 3, "rev": 1}),
        json.dumps({"format": 2, "game": "penta", "state": STATE, "tab": "x", "rev": -1}),
        json.dumps({"format": 2, "game": "penta", "state": STATE}),
        json.dumps({"format": 0, "game": "penta", "state": STATE}),
        json.dumps({"format": "2", "game": "penta", "state": STATE}),
        json.dumps({"format": True, "game": "penta", "state": STATE}),
        json.dumps({"game": "penta", "state": STATE}),
    ],
)
def test_a_corrupt_save_is_set_aside_with_a_notice(raw: str) -> None:
    host = FakeHost({KEY: raw})
    s, _ = store(host)
    assert s.load("penta") == Loaded(None, "save.corrupt")
    assert KEY not in host.storage
    kept = json.loads(host.storage["zaria.badsave.penta.1"])
    assert kept["raw"] == raw and kept["reason"]
    # A fresh game saves normally afterwards.
    assert s.save("penta", STATE) and s.load("penta").state == STATE


def test_a_save_from_a_newer_build_is_set_aside_with_its_own_notice() -> None:
    raw = json.dumps({"format": 3, "game": "penta", "state": STATE, "tab": "x", "rev": 9})
    host = FakeHost({KEY: raw})
    s, _ = store(host)
    assert s.load("penta") == Loaded(None, "save.newer")
    assert json.loads(host.storage["zaria.badsave.penta.1"])["raw"] == raw
    assert not s.has("penta")


def test_only_the_newest_bad_saves_are_kept() -> None:
    host = FakeHost()
    s, _ = store(host)
    for n in range(1, saves.BAD_KEEP + 3):
        host.storage[KEY] = f"bad {n}"
        s.load("penta")
    kept = [json.loads(host.storage[f"zaria.badsave.penta.{n}"])["raw"] for n in (1, 2, 3)]
    assert kept == ["bad 3", "bad 4", "bad 5"]
    assert "zaria.badsave.penta.4" not in host.storage


def test_a_state_the_engine_rejects_is_set_aside() -> None:
    host = FakeHost()
    s, _ = store(host)
    s.load("penta")
    s.save("penta", {"game": "penta", "version": 1, "round": 99})
    assert s.load("penta").state is not None
    assert s.reject("penta", "penta state: round 99 out of range") == "save.rejected"
    assert not s.has("penta")
    kept = json.loads(host.storage["zaria.badsave.penta.1"])
    assert kept["reason"] == "penta state: round 99 out of range"
    assert s.save("penta", STATE)  # the fresh game is saved, no conflict


# -- storage that refuses ---------------------------------------------------------------


def test_storage_that_refuses_writes_plays_on_without_saving_and_says_so() -> None:
    host = FakeHost()
    host.writes_fail = True
    s, told = store(host)
    assert s.load("penta") == Loaded(None)
    assert not s.save("penta", STATE)
    assert not s.save("penta", STATE)
    assert not s.working and s.problem("penta") == "save.unavailable"
    # Each failure is told; the app shows the notice once per screen.
    assert told == ["save.unavailable", "save.unavailable"]


def test_a_save_that_cannot_be_read_is_never_written_over_or_removed() -> None:
    host = FakeHost({KEY: FORMAT_1})
    host.read_faults.add(KEY)
    s, told = store(host)
    assert s.load("penta") == Loaded(None)  # a fresh game, not the save
    assert s.blocked == {"penta"} and told == ["save.unavailable"]
    assert not s.has("penta")
    assert not s.save("penta", STATE)
    s.clear("penta")
    assert s.reject("penta", "whatever") == "save.rejected"
    assert host.storage == {KEY: FORMAT_1}
    # Readable again (the same page): still not written, the game it shows is not the save.
    host.read_faults.clear()
    assert not s.save("penta", STATE) and host.storage == {KEY: FORMAT_1}
    # Opening the game again reads the save: it resumes, and is saved from then on.
    assert s.load("penta") == Loaded(STATE) and not s.blocked
    assert s.save("penta", STATE)


def test_a_read_that_fails_before_a_write_cancels_the_write() -> None:
    host = FakeHost()
    s, told = store(host)
    s.load("penta")
    assert s.save("penta", STATE)
    before = dict(host.storage)
    host.read_faults.add(KEY)
    assert not s.save("penta", {**STATE, "round": 9})
    s.clear("penta")
    assert host.storage == before and told == ["save.unavailable"] * 2
    assert s.changed(KEY) is None  # the storage event cannot read it either: no conflict
    host.read_faults.clear()
    assert s.save("penta", {**STATE, "round": 9}) and s.working


def test_a_bad_save_is_not_set_aside_over_a_slot_that_cannot_be_read() -> None:
    host = FakeHost({KEY: "garbage", "zaria.badsave.penta.1": "older"})
    host.read_faults.add("zaria.badsave.penta.2")
    s, _ = store(host)
    assert s.load("penta") == Loaded(None, "save.corrupt")
    assert host.storage == {KEY: "garbage", "zaria.badsave.penta.1": "older"}


@pytest.mark.parametrize(
    "raw",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": 2, "game": "penta", "state": ' + '{"a": ' * 50_000 + "1" + "}" * 50_001,
        json.dumps({"format": 2, "game": "penta", "state": STATE, "tab": "", "rev": 1})[:-1]
        + ', "pad": "'
        + "x" * 1_000_001
        + '"}',
        '{"format": 2, "game": "penta", "state": {"x": NaN}, "tab": "", "rev": 1}',
        '{"format": 2, "game": "penta", "state": {"x": 1e999}, "tab": "", "rev": 1}',
        '{"format": 2, "game": "penta", "state": {"x": ' + "9" * 5_000 + '}, "tab": "", "rev": 1}',
    ],
    ids=["nested-arrays", "nested-objects", "oversize", "nan", "infinite", "huge-int"],
)
def test_a_hostile_save_is_set_aside_as_corrupt(raw: str) -> None:
    host = FakeHost({KEY: raw})
    s, _ = store(host)
    assert s.load("penta") == Loaded(None, "save.corrupt")
    assert json.loads(host.storage["zaria.badsave.penta.1"])["raw"] == raw
    assert KEY not in host.storage


def test_a_state_the_screen_finds_newer_is_set_aside_with_the_newer_notice() -> None:
    host = FakeHost()
    s, _ = store(host)
    s.save("penta", STATE)
    assert s.load("penta").state == STATE
    assert s.reject("penta", "state version 9", "save.newer") == "save.newer"
    assert json.loads(host.storage["zaria.badsave.penta.1"])["reason"] == "state version 9"


class QuotaHost(FakeHost):
    """Storage with room for ``quota`` characters of values."""

    def __init__(self, quota: int) -> None:
        super().__init__()
        self.quota = quota

    def storage_set(self, key: str, value: str) -> bool:
        used = sum(len(v) for k, v in self.storage.items() if k != key)
        if used + len(value) > self.quota:
            return False
        return super().storage_set(key, value)


def test_full_storage_drops_set_aside_saves_to_make_room() -> None:
    host = QuotaHost(quota=400)
    host.storage["zaria.badsave.penta.1"] = "x" * 300
    s, told = store(host)
    s.load("penta")
    assert s.save("penta", STATE)
    assert "zaria.badsave.penta.1" not in host.storage
    assert told == []


def test_full_storage_recovers_when_room_comes_back() -> None:
    host = QuotaHost(quota=10)
    s, told = store(host)
    s.load("penta")
    assert not s.save("penta", STATE)
    host.quota = 10_000
    assert s.save("penta", STATE) and s.working
    assert told == ["save.unavailable"]


# -- two tabs ----------------------------------------------------------------------------


def two_tabs() -> tuple[FakeHost, SaveStore, list[str], SaveStore, list[str]]:
    """Two pages sharing one storage; A started the game, B opened it since."""
    shared: dict[str, str] = {}
    host = FakeHost(shared)
    a, told_a = store(FakeHost(shared), tab="A")
    b, told_b = store(FakeHost(shared), tab="B")
    a.load("penta")
    assert a.save("penta", {**STATE, "round": 1})
    assert b.load("penta").state == {**STATE, "round": 1}
    return host, a, told_a, b, told_b


def test_a_tab_that_only_reads_does_not_disturb_the_other() -> None:
    _, a, told_a, _, _ = two_tabs()
    assert a.save("penta", {**STATE, "round": 2})
    assert told_a == []


def test_a_write_from_another_tab_stops_this_tab_writing() -> None:
    host, a, told_a, b, told_b = two_tabs()
    assert b.save("penta", {**STATE, "round": 2})
    assert not a.save("penta", {**STATE, "round": 9})
    assert a.conflicts == {"penta"} and told_a == ["save.other_tab"]
    assert decode(host.storage[KEY], "penta")[0]["round"] == 2  # B's save is intact
    assert not a.save("penta", {**STATE, "round": 10})
    assert told_a == ["save.other_tab"]
    assert b.save("penta", {**STATE, "round": 3}) and told_b == []


def test_the_storage_event_reports_the_conflict_at_once() -> None:
    _, a, told_a, b, _ = two_tabs()
    assert a.changed("zaria.settings") is None
    assert a.changed(KEY) is None  # nothing new yet
    b.save("penta", {**STATE, "round": 2})
    assert a.changed("zaria.save.farkle") is None
    assert a.changed(KEY) == "penta"
    assert told_a == ["save.other_tab"]
    assert a.changed(KEY) is None  # already known


def test_storage_cleared_in_another_tab_is_checked_for_every_game() -> None:
    host, a, _, _, _ = two_tabs()
    host.storage.clear()
    assert a.changed(None) == "penta"


def test_taking_over_resumes_the_other_tabs_game_here() -> None:
    host, a, _, b, told_b = two_tabs()
    b.save("penta", {**STATE, "round": 2})
    assert not a.save("penta", {**STATE, "round": 9})
    a.take_over("penta")
    assert a.load("penta").state == {**STATE, "round": 2}
    assert a.save("penta", {**STATE, "round": 3}) and not a.conflicts
    # Now B is the stale one.
    assert b.changed(KEY) == "penta" and told_b == ["save.other_tab"]
    assert not b.save("penta", {**STATE, "round": 4})
    assert decode(host.storage[KEY], "penta")[0]["round"] == 3


def test_a_game_ended_in_another_tab_is_not_brought_back() -> None:
    host, a, _, b, _ = two_tabs()
    b.clear("penta")
    assert not a.save("penta", {**STATE, "round": 9})
    assert a.conflicts == {"penta"} and KEY not in host.storage


def test_a_stale_tab_cannot_clear_the_other_tabs_game() -> None:
    host, a, _, b, _ = two_tabs()
    b.save("penta", {**STATE, "round": 2})
    a.clear("penta")  # e.g. the stale copy ended here
    assert decode(host.storage[KEY], "penta")[0]["round"] == 2


def test_a_new_game_in_another_tab_is_noticed_too() -> None:
    shared: dict[str, str] = {}
    a, told_a = store(FakeHost(shared), tab="A")
    b, _ = store(FakeHost(shared), tab="B")
    assert a.load("penta") == Loaded(None)
    assert b.load("penta") == Loaded(None)
    b.save("penta", STATE)
    assert not a.save("penta", {**STATE, "round": 7})
    assert told_a == ["save.other_tab"]


def test_an_unreadable_save_is_nobodys_and_may_be_overwritten() -> None:
    host, a, told_a, _, _ = two_tabs()
    host.storage[KEY] = "garbage"
    assert a.save("penta", STATE) and told_a == []


# -- the app: notices, take over, home ----------------------------------------------------


class CounterScreen(Page):
    """A screen that keeps a counter in its save, like the game screens."""

    name = "penta"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        loaded = ctx.saves.load("penta")
        self.count = int((loaded.state or {}).get("count", 0))
        self.left = False

    def view(self) -> Markup:
        return el("p", self.count, id="count")

    def intent(self, act: str, data: Mapping[str, str]) -> str | None:
        return act if act == "inc" else None

    def update(self, intent: object, out: Effects) -> None:
        if intent == "inc":
            self.count += 1
        elif isinstance(intent, Leave):
            self.left = True

    def saved(self) -> dict[str, Any]:
        return {"count": self.count}


@pytest.fixture
def counter_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(app_module.SCREENS, "penta", (__name__, "CounterScreen"))


def count(host: FakeHost) -> int:
    found = re.search(r'<p id="count">(\d+)</p>', host.screen_html)
    assert found, host.screen_html
    return int(found.group(1))


@pytest.mark.usefixtures("counter_screen")
def test_unavailable_storage_shows_one_dismissable_notice() -> None:
    host = FakeHost()
    host.writes_fail = True
    app = App(host, params={})
    app.action("open", {"game": "penta"})
    app.action("inc", {})
    app.action("inc", {})
    assert count(host) == 2  # the game goes on
    text = Translator("en")("save.unavailable")
    assert host.screen_html.count(text) == 1
    assert host.announced.count(text) == 1
    app.action("notice-close", {"notice": "save.unavailable"})
    assert text not in host.screen_html
    app.action("inc", {})
    assert text not in host.screen_html and count(host) == 3


@pytest.mark.usefixtures("counter_screen")
def test_the_other_tab_notice_offers_to_continue_here() -> None:
    shared: dict[str, str] = {}
    host_a, host_b = FakeHost(shared), FakeHost(shared)
    tab_a, tab_b = App(host_a, params={}), App(host_b, params={})
    tab_a.action("open", {"game": "penta"})
    tab_a.action("inc", {})
    tab_b.action("open", {"game": "penta"})
    assert count(host_b) == 1
    tab_b.action("inc", {})
    tab_b.action("inc", {})
    tab_a.storage_changed(KEY)  # the browser's storage event
    assert 'data-act="take-over"' in host_a.screen_html
    assert Translator("en")("save.other_tab") in host_a.screen_html
    tab_a.action("inc", {})  # played on here: not saved
    assert decode(shared[KEY], "penta")[0] == {"count": 3}
    old = tab_a.screen
    tab_a.action("take-over", {"game": "penta"})
    assert isinstance(old, CounterScreen) and old.left
    assert count(host_a) == 3 and 'data-act="take-over"' not in host_a.screen_html
    tab_a.action("inc", {})
    assert decode(shared[KEY], "penta")[0] == {"count": 4}
    tab_b.storage_changed(KEY)
    assert 'data-act="take-over"' in host_b.screen_html


@pytest.mark.usefixtures("counter_screen")
def test_the_other_tab_notice_shows_only_on_that_games_screen() -> None:
    shared: dict[str, str] = {}
    host_a = FakeHost(shared)
    tab_a, tab_b = App(host_a, params={}), App(FakeHost(shared), params={})
    tab_a.action("open", {"game": "penta"})
    tab_b.action("open", {"game": "penta"})
    tab_b.action("inc", {})
    tab_a.action("home", {})
    tab_a.storage_changed(KEY)
    assert 'data-act="take-over"' not in host_a.screen_html
    tab_a.action("open", {"game": "penta"})
    assert 'data-act="take-over"' in host_a.screen_html


def test_home_offers_resume_for_each_saved_game_and_the_statistics() -> None:
    host = FakeHost()
    app = App(host, params={})
    app.redraw()
    assert "resume-" not in host.screen_html
    assert 'data-game="stats"' in host.screen_html
    SaveStore(host).save("farkle", {"x": 1})  # as another tab would
    app.storage_changed("zaria.save.farkle")
    assert 'id="resume-farkle"' in host.screen_html
    assert 'id="resume-penta"' not in host.screen_html
    resume = re.search(r'<button[^>]*id="resume-farkle"[^>]*>', host.screen_html)
    assert resume and 'data-act="open"' in resume.group(0)
    assert 'data-game="farkle"' in resume.group(0)
    assert "Game in progress" in host.screen_html


def test_home_shows_resume_when_another_tab_saves_a_game() -> None:
    shared: dict[str, str] = {}
    host = FakeHost(shared)
    app = App(host, params={})
    app.redraw()
    SaveStore(FakeHost(shared)).save("penta", {"x": 1})
    app.storage_changed("zaria.settings")
    assert 'id="resume-penta"' not in host.screen_html
    app.storage_changed(KEY)
    assert 'id="resume-penta"' in host.screen_html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_the_saves_and_update_messages(lang: str) -> None:
    tr = Translator(lang)
    for key in (
        "save.corrupt",
        "save.newer",
        "save.rejected",
        "save.unavailable",
        "save.other_tab",
        "save.take_over",
        "notice.dismiss",
        "home.resume",
        "home.in_progress",
        "home.stats",
        "update.available",
        "update.reload",
    ):
        assert tr.has(key), (lang, key)


def _page_words() -> dict[str, Any]:
    html = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
    found = re.search(r"var WORDS = (\{.*?\n      \});", html, re.DOTALL)
    assert found, "index.html: WORDS not found"
    body = re.sub(r"(\n\s+)(\w+):", r'\1"\2":', found.group(1))
    words: dict[str, Any] = json.loads(body)
    return words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pages_update_offer_says_what_the_catalogue_says(lang: str) -> None:
    # The offer is drawn by the page's own script (it may come before Python runs).
    words = _page_words()[lang]
    tr = Translator(lang)
    assert words[4] == tr("update.available")
    assert words[5] == tr("update.reload")
