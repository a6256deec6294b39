"""The app in a worker (:mod:`zaria_web.runtime.relay`), driven as the page (``web/page/``)
drives it: events in as JSON, operations out, applied by a stand-in for the page's
main thread (its storage with a quota, timers, history, DOM)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from fake_host import PENTA_TABLE
from zaria_web.runtime.effects import SaveFile
from zaria_web.runtime.relay import Relay


class MainThread:
    """What the page's main thread keeps: storage, timers, the history, the drawn page."""

    def __init__(self, storage: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.storage: dict[str, str] | None = {} if storage is None else storage
        self.quota = quota
        self.timers: dict[int, int] = {}
        self.history: list[dict[str, Any]] = []
        self.at = -1
        self.screen = ""
        self.tools = ""
        self.focused = ""
        self.announced: list[str] = []
        self.keys: list[str] = []
        self.warnings: list[str] = []
        self.pushed: list[str] = []
        self.downloads: list[tuple[str, Callable[[bytes], None], Callable[[str], None]]] = []
        self.relay = Relay(push=self.pushed.append, fetch=self._fetch)
        self.stepping = False
        #: The file picked in a file field (its text), and the files saved (their texts).
        self.picked: str | None = None
        self.saved: list[str] = []
        #: The address in the address bar (the part after ``#``, with it).
        self.address = ""

    def _fetch(
        self, url: str, done: Callable[[bytes], None], failed: Callable[[str], None]
    ) -> None:
        self.downloads.append((url, done, failed))

    def follow(self, address: str) -> None:
        """A link to ``address`` followed in this page (or typed in its address bar):
        the browser adds an entry of its own, then tells the page."""
        del self.history[self.at + 1 :]
        self.history.append({})
        self.at += 1
        self.address = address
        self.call("popstate", {"state": None, "hash": address})

    def state(self) -> dict[str, Any] | None:
        return self.history[self.at] if self.at >= 0 else None

    def call(self, kind: str, payload: dict[str, Any] | str) -> list[list[Any]]:
        text = payload if isinstance(payload, str) else json.dumps(payload)
        ops = json.loads(self.relay.call(kind, text))
        self.apply(ops)
        return ops

    def start(self, hash_: str = "", restart: bool = False, **params: str) -> list[list[Any]]:
        return self.call(
            "start",
            {
                "restart": restart,
                "storage": None if self.storage is None else dict(self.storage),
                "languages": ["en-US"],
                "params": params,
                "hash": hash_,
                "base": "http://localhost/",
                "state": self.state(),
                "dark": False,
                "now": "2026-12-01T21:30:00.000+00:00",
            },
        )

    def apply(self, ops: list[list[Any]]) -> None:
        refused: list[dict[str, Any]] = []
        wrote: list[dict[str, Any]] = []
        read: list[dict[str, Any]] = []
        for name, args in ops:
            if name == "render":
                self.screen, self.tools = args["screen"], args["tools"]
            elif name == "set":
                refused += self._set(args["key"], args["value"])
            elif name == "read" and self.picked is not None:
                read.append({"id": args["id"], "text": self.picked})
            elif name == "setall":
                wrote.append(self._set_all(args["id"], args["values"]))
            elif name == "remove" and self.storage is not None:
                self.storage.pop(args["key"], None)
            elif name in ("push", "replace", "go"):
                self._history(name, args)
            else:
                self._note(name, args)
        for r in refused:
            self.call("refused", r)
        for w in wrote:
            self.call("wrote", w)
        for r in read:
            self.call("read", r)

    def _note(self, name: str, args: dict[str, Any]) -> None:
        """The operations the page only records."""
        if name == "focus":
            self.focused = args["selector"]
        elif name == "announce":
            self.announced.append(args["text"])
        elif name == "timer":
            self.timers[args["id"]] = args["ms"]
        elif name == "untimer":
            self.timers.pop(args["id"], None)
        elif name == "save":
            self.saved.append(args["text"])
        elif name == "keys":
            self.keys = args["keys"]
        elif name == "warn":
            self.warnings.append(args["text"])
        elif name == "stopping":
            self.stepping = args["stepping"]

    def _history(self, name: str, args: dict[str, Any]) -> None:
        """The browser's history (as web/page/history.js keeps it): a screen pushed or
        relabelled, or a step back."""
        if name == "go":
            self.at += args["steps"]
            self.call("popstate", {"state": self.state(), "hash": ""})
            return
        entry = {"zaria": args["name"], "depth": args["depth"]}
        self.address = args["address"]
        if name == "push":
            del self.history[self.at + 1 :]
            self.history.append(entry)
            self.at += 1
        elif self.at < 0:
            self.history, self.at = [entry], 0
        else:
            self.history[self.at] = entry

    def _set_all(self, handle: int, values: dict[str, str]) -> dict[str, Any]:
        """All or nothing, as web/page/storage.js writes them."""
        assert self.storage is not None
        before = dict(self.storage)
        for key, value in values.items():
            refused = self._set(key, value)
            if refused:
                self.storage.clear()
                self.storage.update(before)
                return {"id": handle, "ok": False}
        return {"id": handle, "ok": True}

    def _set(self, key: str, value: str) -> list[dict[str, Any]]:
        assert self.storage is not None
        old = self.storage.get(key)
        size = sum(len(k) + len(v) for k, v in self.storage.items())
        size += len(key) + len(value) - (0 if old is None else len(key) + len(old))
        if self.quota is not None and size > self.quota:
            return [{"key": key, "value": old}]
        self.storage[key] = value
        return []

    def fire_timers(self) -> None:
        for handle in list(self.timers):
            self.timers.pop(handle)
            self.call("timer", {"id": handle})

    def click(self, act: str, **data: str) -> list[list[Any]]:
        return self.call("action", {"act": act, "data": data})

    def type(self, act: str, value: str, **data: str) -> list[list[Any]]:
        return self.call("action", {"act": act, "data": {**data, "value": value, "event": "input"}})


def start_penta(page: MainThread) -> None:
    page.click("open", game="penta")
    page.call("action", {"act": "seat-computer", "data": {"value": "off", "event": "change"}})
    page.type("seat-name", "Ann", index="0")
    page.click("start")


def test_a_start_draws_home_and_labels_the_history() -> None:
    page = MainThread()
    ops = page.start()
    names = [op[0] for op in ops]
    assert names.index("doc") < names.index("render")
    assert 'data-game="penta"' in page.screen and 'id="lang"' in page.tools
    assert page.history == [{"zaria": "home", "depth": 0}]
    assert page.keys == []  # home takes no shortcut


def test_events_play_a_game_with_its_history_storage_and_keys() -> None:
    from zaria_web.penta.screen import TABLE

    TABLE.value = None  # a first game in this Python: the table is downloaded
    page = MainThread()
    page.start("", dice="11111")
    page.click("open", game="penta")
    assert page.history[-1] == {"zaria": "penta", "depth": 1}
    start_penta(page)
    assert 'id="penta-roll"' in page.screen
    # The strategy table downloads in the worker; its arrival is pushed to the page.
    url, done, _ = page.downloads[-1]
    assert url == "http://localhost/data/penta_table.bin"
    done(PENTA_TABLE)
    drawn = [op for op in json.loads(page.pushed[-1]) if op[0] == "render"]
    assert drawn and 'data-strategy="ready"' in drawn[-1][1]["screen"]
    assert "r" in page.keys and "R" in page.keys and "1" not in page.keys
    page.call("key", {"key": "r"})
    assert "zaria.save.penta" in (page.storage or {})
    assert "1" in page.keys  # dice to hold now


def test_a_page_timer_records_the_last_roll() -> None:
    page = MainThread()
    page.start("", dice="11111,11111,11111")
    start_penta(page)
    assert "<bdi>Ann</bdi>" in page.screen
    for _ in range(3):
        page.click("roll")
    assert len(page.timers) == 1  # the countdown to the automatic record
    for _ in range(20):
        if not page.timers:
            break
        page.fire_timers()
    saved = json.loads((page.storage or {})["zaria.save.penta"])
    assert saved["state"]["engine"]["sheets"][0]["penta"] == 50


def test_another_tab_writing_storage_reaches_the_app() -> None:
    page = MainThread()
    page.start()
    assert 'id="resume-penta"' not in page.screen
    other = MainThread()
    other.start("", dice="11111")
    start_penta(other)
    other.call("key", {"key": "r"})
    saved = (other.storage or {})["zaria.save.penta"]
    page.call("storage", {"key": "zaria.save.penta", "value": saved})
    assert 'id="resume-penta"' in page.screen
    page.call("storage", {"key": None, "value": None})  # cleared
    assert 'id="resume-penta"' not in page.screen


def test_a_write_the_page_refuses_is_refused_here_from_then_on() -> None:
    page = MainThread(quota=800)
    page.start("", dice="11111")
    start_penta(page)
    page.call("key", {"key": "r"})
    # The save did not fit: learnt after the fact, the game is saved again through
    # the app, which is now refused at once and says so.
    stored = json.loads((page.storage or {})["zaria.save.penta"])
    assert stored["state"]["engine"]["dice"] is None  # the save from before the roll
    assert 'data-notice="save.unavailable"' in page.screen
    host = page.relay.host
    assert host is not None and host.limit is not None
    assert host.storage_set("zaria.save.penta", "x" * 5000) is False
    assert host.storage_set("zaria.small", "x") is True


def test_unreadable_storage_is_not_taken_for_empty() -> None:
    page = MainThread()
    page.storage = None
    page.start()
    host = page.relay.host
    assert host is not None
    with pytest.raises(Exception, match="cannot be read"):
        host.storage_get("zaria.settings")


def test_a_restart_stops_the_old_app_and_its_timers() -> None:
    page = MainThread()
    page.start("", dice="11111,11111,11111")
    start_penta(page)
    for _ in range(3):
        page.click("roll")
    old_timers = dict(page.timers)
    assert old_timers
    page.call("stop", {})
    assert page.stepping is False
    before = page.screen
    for handle in old_timers:  # a late timer of the old app does nothing
        page.call("timer", {"id": handle})
    assert page.screen == before
    page.start("#/stats", restart=True)
    assert page.history[-1] == {"zaria": "stats", "depth": 1}
    assert page.history[-2] == {"zaria": "home", "depth": 0}


def test_going_up_steps_back_through_the_history() -> None:
    page = MainThread()
    page.start()
    page.click("open", game="penta")
    page.click("rules", game="penta")
    assert [e["depth"] for e in page.history] == [0, 1, 2]
    page.click("home")  # two steps back; the page's popstate relabels the entry reached
    assert page.at == 0 and page.state() == {"zaria": "home", "depth": 0}
    assert 'data-game="penta"' in page.screen


def _duel_token(*names: str) -> str:
    from zaria_web import duel

    results = tuple(duel.Result(n, 200 + i, "r") for i, n in enumerate(names))
    return duel.encode(duel.Duel("penta", "", "duel/penta/abc", results))


def test_a_link_followed_in_the_page_is_read_as_a_load_reads_it() -> None:
    page = MainThread()
    page.start("#/duel/" + _duel_token("Ann"))
    assert "Ann: 200" in page.screen and "Ben" not in page.screen
    # Another link to the screen shown: drawn again with what it carries.
    page.follow("#/duel/" + _duel_token("Ann", "Ben"))
    assert "Ben: 201" in page.screen
    assert page.state() == {"zaria": "duel:" + _duel_token("Ann", "Ben"), "depth": 1}
    assert page.history[-2] == {"zaria": "home", "depth": 0}
    # A damaged link: home, with its notice in sight, and its address gone.
    page.follow("#/duel/" + _duel_token("Ann")[:-3] + "%%%")
    assert 'data-game="penta"' in page.screen and "damaged or has been changed" in page.screen
    assert page.address == "" and page.state() == {"zaria": "home", "depth": 0}
    # Opened again on home after the notice was dismissed: shown again.
    page.click("notice-close", notice="err.link.damaged")
    assert "damaged" not in page.screen
    page.follow("#/duel/%")
    assert "damaged or has been changed" in page.screen
    # An address of the app's form that names nothing: home, saying so.
    page.click("open", game="stats")
    page.follow("#/nowhere")
    assert "This address leads to no page of Zaria" in page.screen and page.address == ""
    assert 'data-game="penta"' in page.screen
    # Another link refused on home: its notice alone, as a load would show it.
    page.follow("#/duel/%")
    assert "damaged" in page.screen and "leads to no page" not in page.screen


def test_an_address_that_names_nothing_is_said_on_a_load_too() -> None:
    page = MainThread()
    page.start("#/duel/")
    assert "This address leads to no page of Zaria" in page.screen
    assert page.address == "" and page.state() == {"zaria": "home", "depth": 0}


def test_a_typed_address_opens_its_screen_one_entry_up() -> None:
    page = MainThread()
    page.start()
    page.call("popstate", {"state": None, "hash": "#/stats"})
    assert page.history[-1] == {"zaria": "stats", "depth": 1}


@pytest.mark.parametrize(
    ("kind", "payload", "warning"),
    [
        ("action", "{not json", "not an object"),
        ("action", "[1, 2]", "not an object"),
        ("explode", "{}", "no event 'explode'"),
    ],
)
def test_bad_calls_are_reported_and_change_nothing(kind: str, payload: str, warning: str) -> None:
    page = MainThread()
    page.start()
    before = (page.screen, dict(page.storage or {}), list(page.history))
    page.call(kind, payload)
    assert any(warning in w for w in page.warnings)
    assert (page.screen, dict(page.storage or {}), list(page.history)) == before


def test_an_error_in_python_is_shown_on_the_page() -> None:
    page = MainThread()
    page.start("", dice="11111")
    start_penta(page)
    page.call("key", {"key": "r"})
    page.click("hold", index="first")
    assert any("invalid literal" in w for w in page.warnings)
    assert "error-notice" in page.screen


def test_a_file_is_read_on_the_page_and_answered() -> None:
    page = MainThread()
    page.start()
    page.click("open", game="stats")
    ops = page.call("action", {"act": "stats-import", "data": {"value": "x", "event": "change"}})
    reads = [op for op in ops if op[0] == "read"]
    assert reads, ops
    handle = reads[0][1]["id"]
    page.call("read", {"id": handle, "text": "not json"})
    assert "zaria" in page.screen.lower()
    page.call("read", {"id": handle, "text": "again"})  # answered once only


def test_warming_imports_every_screen_one_call_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from zaria_web.runtime import relay

    # Two harmless modules stand for the screens (importing a screen again would
    # leave two copies of its classes for the tests that follow).
    screens = {"one": ("json.tool", "X"), "two": ("pydoc_data.topics", "Y")}
    monkeypatch.setattr(relay, "SCREENS", screens)
    monkeypatch.setattr(relay, "screen_modules", tuple)
    for module, _ in screens.values():
        monkeypatch.delitem(sys.modules, module, raising=False)
    page = MainThread()
    page.start()
    answers = []
    for _ in range(4):
        ops = page.call("warm", {})
        answers.append(next(op[1]["more"] for op in ops if op[0] == "warmed"))
    assert answers == [True, False, False, False]
    assert all(module in sys.modules for module, _ in screens.values())


def test_a_snapshot_holds_every_screen_and_language(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from zaria import i18n
    from zaria_web.runtime import relay

    screens = {"one": ("json.tool", "X"), "two": ("pydoc_data.topics", "Y")}
    monkeypatch.setattr(relay, "SCREENS", screens)
    monkeypatch.setattr(relay, "screen_modules", tuple)
    for module, _ in screens.values():
        monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setattr(i18n, "_cache", {})
    relay.preload()
    assert all(module in sys.modules for module, _ in screens.values())
    assert sorted(i18n._cache) == sorted(i18n.LANGUAGES)
    page = MainThread()
    page.start()
    # Nothing is left to warm after a start from such a snapshot.
    assert ["warmed", {"more": False}] in page.call("warm", {})


def test_an_import_the_page_storage_cannot_hold_changes_nothing_and_says_so() -> None:
    from fake_host import FakeHost
    from test_archive import finish_farkle, finish_penta
    from zaria_web.storage import stats

    exporter = FakeHost()
    finish_farkle(exporter, seed=3)
    finish_farkle(exporter, seed=4)
    exporter_app = finish_penta(host=exporter)
    exporter_app.action("open", {"game": "stats"})
    exporter_app.action("stats-export", {})
    text = exporter.performed_of(SaveFile)[-1].text
    mine = FakeHost()
    finish_farkle(mine, seed=5)
    page = MainThread(storage=dict(mine.storage))
    used = sum(len(k) + len(v) for k, v in mine.storage.items())
    # Room for the file's statistics but not for its games as well.
    page.quota = used + len(json.dumps(json.loads(text)["stats"])) + 50
    page.start("#/stats")
    before = dict(page.storage or {})
    page.picked = text
    page.click("stats-import")
    assert 'id="import-q"' in page.screen
    page.click("stats-import-yes")
    assert page.storage == before  # byte for byte
    assert 'data-notice="import.failed"' in page.screen
    assert page.focused == "#stats-import-file"  # said by the Import button, which keeps it
    page.click("stats-export")  # the page answers the next tap, with what it holds
    assert page.saved and json.loads(page.saved[-1])["stats"] == json.loads(before[stats.KEY])


def test_storage_full_of_what_the_mirror_never_saw_refuses_once_then_says_so() -> None:
    page = MainThread(quota=3000)
    page.start("", dice="11111,22222,33333")
    start_penta(page)
    calls: list[str] = []
    call = page.call
    page.call = lambda kind, payload: calls.append(kind) or call(kind, payload)  # type: ignore[method-assign]
    assert page.storage is not None
    used = sum(len(k) + len(v) for k, v in page.storage.items())
    page.storage["other.app"] = "x" * (3000 - used - 10)  # written without the mirror knowing
    before = page.storage["zaria.save.penta"]
    page.click("roll")
    assert calls.count("refused") == 1  # not sent again and again
    assert page.storage["zaria.save.penta"] == before
    assert 'data-notice="save.unavailable"' in page.screen
    page.click("roll")  # tried once more on the page (room may be back), refused once
    assert calls.count("refused") == 2 and 'data-notice="save.unavailable"' in page.screen
    # Another tab frees the room: the next action is saved, and the notice goes.
    del page.storage["other.app"]
    page.call("storage", {"key": "other.app", "value": None})
    page.click("hold", index="0")
    saved = json.loads(page.storage["zaria.save.penta"])
    assert saved["state"]["engine"]["rolls_used"] == 2 and saved["state"]["engine"]["held"][0]
    assert 'data-notice="save.unavailable"' not in page.screen


def test_room_freed_without_the_page_telling_is_found_by_the_next_input() -> None:
    page = MainThread(quota=3000)
    page.start("", dice="11111,22222,33333,44444")
    start_penta(page)
    assert page.storage is not None
    used = sum(len(k) + len(v) for k, v in page.storage.items())
    page.storage["other.app"] = "x" * (3000 - used - 10)
    page.click("roll")
    assert 'data-notice="save.unavailable"' in page.screen
    del page.storage["other.app"]  # freed in this tab: no storage event reaches the app
    page.click("roll")
    page.click("roll")
    page.click("box", box="threes")
    page.click("validate")
    saved = json.loads(page.storage["zaria.save.penta"])["state"]["engine"]
    assert saved["round"] == 2 and saved["sheets"][0]["threes"] == 15  # the box, kept
    assert 'data-notice="save.unavailable"' not in page.screen
