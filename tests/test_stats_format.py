"""The statistics' stored formats: format 1 (every game's figures in every summary and
player, under ``zaria.stats``) read through the migration to format 2 (each its own
game's figures, under ``zaria.stats2``), and what a page of the earlier version, still
open in another tab, does beside format 2.

``data/stats_format1.json`` is what the version that stored format 1 (commit 728c1ec)
stored after counting a few games of Penta and Farkle: Ann against the computer, Ann
and Bo, Bo alone (typed " bo "), a Penta score pad, Farkle under the default rules and
under other house rules, a Farkle total below zero. ``data/stats_export_format1.json``
is what that version exported from them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fake_host import FakeHost, Page, record_penta
from zaria_web.app import App
from zaria_web.runtime.effects import SaveFile
from zaria_web.storage import stats, stored, transfer
from zaria_web.storage.counted import Counted
from zaria_web.storage.player_stats import PlayerStats
from zaria_web.storage.stats import Summary
from zaria_web.storage.stored import Status, Unreadable

DATA = Path(__file__).resolve().parent / "data"
FORMAT1_RAW = (DATA / "stats_format1.json").read_text().strip()
FORMAT1 = json.loads(FORMAT1_RAW)
EXPORT1 = (DATA / "stats_export_format1.json").read_text().strip()

#: Each game's own figures, by the names its ``figures`` module gives them.
OWN = {
    "penta": {"bonus", "pentas", "reviewed", "cost"},
    "farkle": {"turns", "banked", "lost", "hot"},
}
SUMMARY_SHARED = ("games", "scored", "total", "best", "best_name")
PLAYER_SHARED = ("name", "last", "games", "wins", "best", "total", "logged")


def _check_summary(old: dict[str, Any], new: Summary) -> None:
    """Every figure of a format-1 summary ``old`` is ``new``'s, each of its players' too."""
    assert [getattr(new, k) for k in SUMMARY_SHARED] == [old[k] for k in SUMMARY_SHARED]
    assert [list(w) for w in new.wins] == old["wins"]
    own = set(old) - {*SUMMARY_SHARED, "wins", "players"}
    assert {k: new.figures.get(k, 0) for k in own} == {k: old[k] for k in own}
    assert set(new.figures) <= own
    assert len(new.players) == len(old["players"])
    for p_old, p_new in zip(old["players"], new.players, strict=True):
        _check_player(p_old, p_new)


def _check_player(old: dict[str, Any], new: PlayerStats) -> None:
    assert [getattr(new, k) for k in PLAYER_SHARED] == [old[k] for k in PLAYER_SHARED]
    assert list(new.scores) == old["scores"]
    own = set(old) - {*PLAYER_SHARED, "scores"}
    assert {k: new.figure(k) for k in own} == {k: old[k] for k in own}
    assert set(new.figures) <= own


def test_the_sample_is_format_1_with_every_games_figures_everywhere() -> None:
    every = OWN["penta"] | OWN["farkle"]
    assert FORMAT1["format"] == 1 and stats.FORMAT1_KEY == "zaria.stats"
    assert set(FORMAT1) == {"format", "penta", "penta:real", "farkle", "farkle:additive-open500"}
    for summary in (v for k, v in FORMAT1.items() if k != "format"):
        assert "bonus" in summary and summary["players"]
        assert all(every <= set(p) for p in summary["players"])


def test_format_1_is_read_through_the_migration_with_every_figure() -> None:
    summaries = stats.parse_format1(FORMAT1_RAW)
    assert summaries == stats.parse(FORMAT1_RAW)
    for key, old in FORMAT1.items():
        if key != "format":
            _check_summary(old, summaries[Counted.parse(key)])
    stored = {Counted.parse(k) for k in FORMAT1 if k != "format"}
    # Beside them, every other registered game's summary, empty.
    assert stored <= set(summaries)
    assert all(summaries[k] == stats.Summary() for k in set(summaries) - stored)


def test_the_migration_keeps_every_figure_and_only_the_games_own() -> None:
    migrated = stats.migrate(FORMAT1)
    assert migrated["format"] == 2 and set(FORMAT1) <= set(migrated)
    empty = json.loads(json.dumps(stats.Summary().to_dict()))
    assert all(migrated[k] == empty for k in set(migrated) - set(FORMAT1))
    for key, new in migrated.items():
        if key == "format" or key not in FORMAT1:
            continue
        game, old = Counted.parse(key).game, FORMAT1[key]
        assert set(new["figures"]) <= OWN[game]
        assert new["figures"] == {k: v for k, v in old.items() if k in OWN[game] and v}
        for p_old, p_new in zip(old["players"], new["players"], strict=True):
            assert set(p_new["figures"]) <= OWN[game]
            assert p_new["figures"] == {k: v for k, v in p_old.items() if k in OWN[game] and v}
            assert {k: p_new[k] for k in PLAYER_SHARED} == {k: p_old[k] for k in PLAYER_SHARED}
        # Nothing but zeros was left out: every other figure of the game was 0.
        dropped = set(old) - set(new) - set(new["figures"])
        assert all(old[k] == 0 for k in dropped)


def test_the_migration_is_idempotent() -> None:
    once = stats.migrate(FORMAT1)
    assert stats.migrate(once) == once == stats.migrate(json.loads(json.dumps(once)))
    assert stats.parse(json.dumps(once)) == stats.parse_format1(FORMAT1_RAW)


def test_the_figures_a_game_never_had_are_kept_all_the_same() -> None:
    odd = json.loads(FORMAT1_RAW)
    odd["penta"]["players"][0]["hot"] = 2  # a figure Penta never counts, not 0
    odd["penta"]["hot"] = 1
    migrated = stats.migrate(odd)["penta"]
    assert migrated["figures"]["hot"] == 1 and migrated["players"][0]["figures"]["hot"] == 2


def _screen(storage: dict[str, str]) -> str:
    host = FakeHost({"zaria.lang": "en", **storage})
    app = App(host, {})
    app.action("open", {"game": "stats"})
    return host.screen_html


def test_the_statistics_screen_shows_format_1_as_it_shows_format_2() -> None:
    from_format1 = _screen({stats.FORMAT1_KEY: FORMAT1_RAW})
    from_format2 = _screen({stats.KEY: json.dumps(stats.migrate(FORMAT1))})
    assert from_format1 == from_format2 and "stats.corrupt" not in from_format1
    row = "bo 2 1 243 237 100% 4 6.5"  # Bo's games, typed " bo " the last time
    assert row in Page(from_format1).text["penta-players-table"]


def test_reading_writes_nothing_and_the_first_game_counted_writes_format_2() -> None:
    host = FakeHost({"zaria.lang": "en", stats.FORMAT1_KEY: FORMAT1_RAW})
    app = App(host, {})
    app.action("open", {"game": "stats"})
    assert stats.KEY not in host.storage and "zaria.badstats" not in host.storage
    assert record_penta(app.ctx, [300], ["Ann"], [True], [True], False)
    written = json.loads(host.storage[stats.KEY])
    assert written["format"] == 2 and written["penta"]["games"] == FORMAT1["penta"]["games"] + 1
    assert host.storage[stats.FORMAT1_KEY] == FORMAT1_RAW  # left as it was
    after = stats.load(host)
    for key in ("penta:real", "farkle", "farkle:additive-open500"):
        _check_summary(FORMAT1[key], after[Counted.parse(key)])
    assert after[Counted("penta")].figures["bonus"] == FORMAT1["penta"]["bonus"] + 1


def test_clearing_forgets_both_formats() -> None:
    host = FakeHost({stats.FORMAT1_KEY: FORMAT1_RAW})
    app = App(host, {})
    assert record_penta(app.ctx, [300], ["Ann"], [True], [True], False)
    assert stats.clear(host)
    assert stats.KEY not in host.storage and stats.FORMAT1_KEY not in host.storage
    assert stats.load(host) == stats.empty()


def test_format_2_set_aside_leaves_format_1_to_be_read_again() -> None:
    host = FakeHost({stats.KEY: "nonsense", stats.FORMAT1_KEY: FORMAT1_RAW})
    assert stats.read(host).status is Status.UNREADABLE
    assert host.storage["zaria.badstats"] == "nonsense"
    assert stats.load(host) == stats.parse(FORMAT1_RAW)


def test_a_later_format_is_left_as_it_is_neither_set_aside_nor_written_over() -> None:
    later = json.dumps({"format": 3, "penta": {"anything": 1}})
    host = FakeHost({"zaria.lang": "en", stats.KEY: later, stats.FORMAT1_KEY: FORMAT1_RAW})
    app = App(host, {})
    notices: list[str] = []
    assert stats.read(host, notices.append).status is Status.FAILED
    assert notices == ["stats.unavailable"]
    assert not record_penta(app.ctx, [300], ["Ann"], [True], [True], False)
    assert host.storage[stats.KEY] == later and "zaria.badstats" not in host.storage


# -- a page of the earlier version, open in another tab ----------------------------------
#
# What the earlier version's statistics reader did, copied from its stats.py (commit
# 728c1ec): it read ``zaria.stats`` only, set aside there whatever was not format 1
# (``parse_value``: ``data.get("format") != FORMAT`` with ``FORMAT = 1``), and wrote its
# statistics back there, in format 1. Its reading of each summary is this version's
# reading of format 1 (``stats.parse_format1``), which the sample above checks.


def _earlier_parse(raw: str) -> dict[Counted, Summary]:
    data = stored.decode_json(raw)
    if not isinstance(data, dict) or data.get("format") != 1:
        raise Unreadable("unknown statistics format")
    return stats.parse_format1(raw)


def _earlier_read(host: FakeHost) -> stored.Read[dict[Counted, Summary]]:
    return stored.read_or_set_aside(
        host, "zaria.stats", _earlier_parse, "zaria.badstats", None, "stats"
    )


def _earlier_write(host: FakeHost, summaries: dict[Counted, Summary]) -> None:
    """Format 1 as the earlier version wrote it: each game's figures beside the
    shared ones, every game's in every summary and player (at 0 where not its own)."""

    def flat(d: dict[str, Any], names: set[str]) -> dict[str, Any]:
        own = d.pop("figures")
        return {**dict.fromkeys(names, 0), **own, **d}

    every = OWN["penta"] | OWN["farkle"]
    value: dict[str, Any] = {"format": 1}
    for c, s in summaries.items():
        d = s.to_dict()
        d["players"] = [flat(p, every) for p in d["players"]]
        value[c.encode()] = flat(d, {"bonus"})
    host.storage_set("zaria.stats", json.dumps(value, sort_keys=True))


def test_an_earlier_page_would_set_format_2_aside_under_its_own_key() -> None:
    # Why format 2 has a key of its own: under the earlier key, it would be set aside.
    format2 = json.dumps(stats.migrate(FORMAT1))
    host = FakeHost({"zaria.stats": format2})
    assert _earlier_read(host).status is Status.UNREADABLE
    assert host.storage["zaria.badstats"] == format2


def test_an_earlier_page_neither_sets_format_2_aside_nor_writes_over_it() -> None:
    host = FakeHost({"zaria.lang": "en", stats.FORMAT1_KEY: FORMAT1_RAW})
    app = App(host, {})
    assert record_penta(app.ctx, [300], ["Ann"], [True], [True], False)
    format2 = host.storage[stats.KEY]
    # The earlier page reads format 1, as it was, and counts a game into it.
    found = _earlier_read(host)
    assert found.status is Status.OK and found.value == stats.parse(FORMAT1_RAW)
    assert found.value is not None
    summaries = dict(found.value)
    summaries[Counted("farkle")] = stats.add_result(
        summaries[Counted("farkle")], [9_000], ["Cy"], [True], played="farkle"
    )
    _earlier_write(host, summaries)
    # Format 2 is untouched, still read, and nothing was set aside.
    assert host.storage[stats.KEY] == format2 and "zaria.badstats" not in host.storage
    assert stats.load(host)[Counted("penta")].games == FORMAT1["penta"]["games"] + 1
    # What the earlier page wrote is format 1 still, as this version's migration reads it.
    assert stats.parse_format1(host.storage["zaria.stats"])[Counted("farkle")].games == 4


# -- export and import ---------------------------------------------------------------------


def test_a_file_exported_in_format_1_is_imported_and_stored_in_format_2() -> None:
    assert json.loads(EXPORT1)["format"] == 1
    imported = transfer.parse_file(EXPORT1)
    assert imported.summaries == stats.parse(FORMAT1_RAW)
    host = FakeHost({"zaria.lang": "en"})
    app = App(host, {})
    app.action("open", {"game": "stats"})
    host.picked[transfer.FIELD] = EXPORT1
    app.action("stats-import", {"value": "x", "event": "input"})
    app.action("stats-import-yes", {})
    assert json.loads(host.storage[stats.KEY]) == stats.migrate(FORMAT1)
    # Exported again: format 2, the same figures.
    app.action("stats-export", {})
    again = json.loads(host.performed_of(SaveFile)[-1].text)
    assert (again["format"], again["stats"]) == (2, stats.migrate(FORMAT1))
    assert transfer.parse_file(json.dumps(again)).summaries == imported.summaries


@pytest.mark.parametrize("where", ["file", "stats"])
def test_a_file_of_a_later_format_is_refused_as_newer_and_changes_nothing(where: str) -> None:
    data = json.loads(EXPORT1)
    if where == "file":
        data["format"] = transfer.FORMAT + 1
    else:
        data["stats"]["format"] = stats.FORMAT + 1
    with pytest.raises(transfer.BadImport) as refused:
        transfer.parse_file(json.dumps(data))
    assert refused.value.msg_id == "import.newer"
    host = FakeHost({"zaria.lang": "en", stats.FORMAT1_KEY: FORMAT1_RAW})
    app = App(host, {})
    app.action("open", {"game": "stats"})
    before = dict(host.storage)
    host.picked[transfer.FIELD] = json.dumps(data)
    app.action("stats-import", {"value": "x", "event": "input"})
    assert Page(host.screen_html).text[transfer.SAID] == app.ctx.tr("import.newer")
    assert host.storage == before
