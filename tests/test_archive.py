"""Finished games kept (zaria.games), opened again from the statistics, and the
export and import of the statistics with them."""

from __future__ import annotations

import json

import pytest

from fake_host import FakeHost, Page, start_penta
from zaria.dice import RandomRoller
from zaria.farkle import players as farkle_players
from zaria.farkle.game import FarkleGame
from zaria.game import Seat
from zaria.i18n import LANGUAGES
from zaria_web.app import App
from zaria_web.farkle import view as farkle_view
from zaria_web.pages.past import PastScreen, end_screen
from zaria_web.play.screen import GameScreen
from zaria_web.runtime.effects import Effects, SaveFile
from zaria_web.storage import archive, stats, stored, transfer
from zaria_web.storage.counted import Counted


def finish_penta(params: dict[str, str] | None = None, host: FakeHost | None = None) -> App:
    """A whole solo Penta game, each turn one roll and the first box open."""
    app, _ = start_penta(params or {}, host=host)
    play_out(app)
    return app


def play_out(app: App) -> None:
    """Play the Penta game started to its end: each turn one roll and the first box open."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    while screen.phase == "play":
        app.action("roll", {})
        assert screen.game is not None
        box = sorted(screen.game.options(), key=lambda b: b.value)[0]
        app.action("box", {"box": box.value})
        app.action("validate", {})
    assert screen.phase == "end"


def farkle_game(seed: int) -> FarkleGame:
    """A Farkle game played to its end by two Normal computers and Ann's bad luck."""
    game = FarkleGame.new([Seat("Ann"), Seat("Computer", computer=True, level="normal")], 5000)
    player, roller = farkle_players.player_for("normal"), RandomRoller(seed)
    while not game.over:
        game.apply(farkle_players.next_action(game, player.plan(game)), roller=roller)
    return game


def finish_farkle(host: FakeHost, seed: int = 3) -> App:
    """The Farkle screen at the end of a game, as play leaves it (finish)."""
    app = App(host, {})
    app.action("open", {"game": "farkle"})
    screen = app.screen
    assert isinstance(screen, GameScreen)
    screen.game = farkle_game(seed)
    screen.phase = "play"
    out = Effects()
    screen.finish(out)
    app._apply(out, draw=True)  # the app counts and keeps it, as after the last action
    return app


def kept(host: FakeHost) -> list[archive.Entry]:
    return archive.load(host)


# -- keeping -------------------------------------------------------------------------


def test_a_finished_game_is_kept_with_its_date_seats_state_and_log() -> None:
    host = FakeHost()
    host.clock_iso = "2026-05-04T21:30:00.000+02:00"
    app = finish_penta(host=host)
    games = kept(host)
    assert len(games) == 1
    e = games[0]
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.game is not None
    assert (e.game, e.real, e.date, e.counted) == (
        "penta",
        False,
        "2026-05-04T21:30:00.000+02:00",
        Counted("penta"),
    )
    assert e.seats == (Seat("Ann"),)
    assert e.totals == (screen.game.totals(0).total,)
    assert e.state == screen.game.to_dict()
    assert e.extras["decisions"] == [d.to_dict() for d in screen.part.decisions]
    assert e.log == screen.log.to_dict() and e.log["turns"]


def test_scripted_or_seeded_games_are_not_kept() -> None:
    host = FakeHost()
    finish_penta({"seed": "7"}, host=host)
    assert kept(host) == [] and archive.KEY not in host.storage


def test_a_game_of_a_tab_another_tab_took_over_is_not_kept() -> None:
    host = FakeHost()
    app, _ = start_penta({}, host=host)
    app.ctx.saves.conflicts.add("penta")
    play_out(app)
    assert kept(host) == []


def test_a_game_is_kept_once_and_a_reload_of_its_end_does_not_add_it_again() -> None:
    host = FakeHost()
    app = finish_penta(host=host)
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.game is not None
    entry = archive.entry("2026-01-01T00:00:00Z", Counted("penta"), screen.game, screen.extras())
    assert not archive.add(app.ctx, entry)  # the same game again
    App(host, {}).action("open", {"game": "penta"})  # a reload
    assert len(kept(host)) == 1


def test_the_51st_game_drops_the_oldest() -> None:
    host = FakeHost()
    app = finish_farkle(host, seed=1)
    first = kept(host)[0]
    games = [first] + [
        archive.entry(
            f"2026-01-{i % 28 + 1:02d}T10:00:00Z", Counted("farkle"), farkle_game(100 + i), {}
        )
        for i in range(49)
    ]
    assert archive.store(host, games) and len(kept(host)) == 50
    newest = archive.entry("2026-02-01T10:00:00Z", Counted("farkle"), farkle_game(999), {})
    assert archive.add(app.ctx, newest)
    after = kept(host)
    assert len(after) == 50 and after[0].id == games[1].id and after[-1].id == newest.id
    assert first.id not in {g.id for g in after}


def test_storage_full_drops_the_oldest_then_gives_up_with_a_notice() -> None:
    host = FakeHost()
    app = finish_farkle(host, seed=1)
    stats_before = host.storage[stats.KEY]
    a, b = (
        archive.entry("2026-02-01T10:00:00Z", Counted("farkle"), farkle_game(s), {})
        for s in (50, 51)
    )
    # Room for the last two games: the third drops the oldest.
    others = sum(len(v) for k, v in host.storage.items() if k != archive.KEY)
    host.quota = others + len(archive.encode([a, b])) + 5
    assert archive.add(app.ctx, a)
    assert archive.add(app.ctx, b)
    ids = [g.id for g in kept(host)]
    assert len(ids) == 2 and ids[-1] == b.id
    c = archive.entry("2026-02-02T10:00:00Z", Counted("farkle"), farkle_game(52), {})
    host.quota = others + len(archive.encode([c])) - 1  # not even the new game alone fits
    assert not archive.add(app.ctx, c)
    assert [g.id for g in kept(host)] == ids  # nothing lost
    assert "games.full" in app.ctx.notices
    assert host.storage[stats.KEY] == stats_before


def test_an_unreadable_list_is_set_aside_and_the_player_told_once() -> None:
    host = FakeHost({archive.KEY: '{"format": 1, "games": [{"id": 3}]}'})
    app = App(host, {})
    app.action("open", {"game": "stats"})
    assert host.storage[archive.BAD_KEY] == '{"format": 1, "games": [{"id": 3}]}'
    assert archive.KEY not in host.storage
    assert app.ctx.notices.count("games.corrupt") == 1
    app.action("home", {})
    app.action("open", {"game": "stats"})
    assert "games.corrupt" not in app.ctx.notices  # gone from its key: not found again


def test_games_under_rules_this_version_does_not_know_are_read_listed_and_written_back() -> None:
    games = [
        archive.entry("2026-01-01T10:00:00Z", Counted("farkle"), farkle_game(s), {})
        for s in range(2)
    ]
    raw = [{**g.to_dict(), "key": "farkle:martian-open7"} for g in games]
    host = FakeHost({archive.KEY: json.dumps({"format": 1, "games": raw})})
    read = archive.parse(host.storage[archive.KEY])
    assert [g.unknown for g in read] == ["farkle:martian-open7"] * 2
    assert [g.game for g in read] == ["farkle"] * 2 and not any(g.real for g in read)
    assert [g.to_dict() for g in read] == raw  # as they were
    app = App(host, {})
    app.action("open", {"game": "stats"})
    p = Page(host.screen_html)
    assert p.text[f"past-{games[0].id}"].startswith(
        "1 Jan 2026, 10:00 Farkle · rules unknown to this version"
    )
    assert not app.ctx.notices and archive.BAD_KEY not in host.storage
    finish_penta(host=host)
    assert json.loads(host.storage[archive.KEY])["games"][:2] == raw


@pytest.mark.parametrize(
    "key", ["farkle:real:martian", "penta:real", "yacht:martian", "farkle:", "farkle:" + "x" * 200]
)
def test_a_key_that_is_not_its_game_s_is_still_unreadable(key: str) -> None:
    game = archive.entry("2026-01-01T10:00:00Z", Counted("farkle"), farkle_game(1), {})
    with pytest.raises(stored.Unreadable):
        archive.parse(json.dumps({"format": 1, "games": [{**game.to_dict(), "key": key}]}))


def test_the_stored_list_stays_within_what_storage_reads() -> None:
    big = {"pad": "x" * 40_000}
    games = [
        archive.entry("2026-01-01T10:00:00Z", Counted("farkle"), farkle_game(s), big)
        for s in range(30)
    ]
    bounded = archive.bounded(games)
    assert len(archive.encode(bounded)) <= archive.MAX_CHARS < 1_000_000
    assert bounded[-1] is games[-1] and len(bounded) < 30


# -- the list and the past game's screen ----------------------------------------------


def test_the_statistics_list_the_games_newest_first_with_players_and_winner() -> None:
    host = FakeHost()
    host.clock_iso = "2026-03-04T09:05:00.000+01:00"
    finish_penta(host=host)
    host.clock_iso = "2026-03-05T18:40:00.000+01:00"
    app = finish_farkle(host)
    app.action("home", {})
    app.action("open", {"game": "stats"})
    games = kept(host)
    p = Page(host.screen_html)
    assert p.html.index(f"past-{games[1].id}") < p.html.index(f"past-{games[0].id}")
    farkle = p.text[f"past-{games[1].id}"]
    assert farkle.startswith("5 Mar 2026, 18:40 Farkle")
    winner = games[1].winners[0]
    assert "(winner)" in farkle and farkle.count("(winner)") == 1
    name = ["Ann", "Computer"][winner]
    assert f"{name} {games[1].totals[winner]:,} (winner)" in farkle
    assert p.text[f"past-{games[0].id}"].startswith("4 Mar 2026, 09:05 Penta Ann")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_list_speaks_each_language(lang: str) -> None:
    host = FakeHost({"zaria.lang": lang})
    finish_farkle(host)
    app = App(host, {})
    app.action("open", {"game": "stats"})
    entry = kept(host)[0]
    text = Page(host.screen_html).text[f"past-{entry.id}"]
    assert app.ctx.tr("past.winner") in text and app.ctx.tr("date.month.3") in text


def test_opening_a_penta_game_shows_the_end_screen_of_play_and_back_returns() -> None:
    host = FakeHost()
    app = finish_penta(host=host)
    at_end = host.screen_html
    app.action("home", {})
    app.action("open", {"game": "stats"})
    entry = kept(host)[0]
    saves_before = dict(host.storage)
    app.action("open-game", {"id": entry.id})
    assert app.screen.name == "game" and host.history[-1] == f"game:{entry.id}"
    past = host.screen_html
    # The same end screen, but for its Play again / New game row, which is Back here.
    assert 'data-act="again"' in at_end and 'data-act="again"' not in past
    strip = transfer_free = at_end.split('<div class="btn-row end">')[0]
    assert strip and transfer_free in past
    assert 'id="past-back"' in past and "Finished game, 14 Mar 2026, 15:09" in Page(past).plain()
    assert host.storage == saves_before  # nothing saved, counted or changed
    app.action("past-back", {})
    assert app.screen.name == "stats" and host.history[-1] == "stats"


def test_opening_a_farkle_game_shows_the_end_screen_of_play() -> None:
    host = FakeHost()
    app = finish_farkle(host)
    at_end = host.screen_html
    entry = kept(host)[0]
    screen = end_screen(app.ctx, entry)
    # The same end screen, drawn by the same code, but for its Play again / New game row.
    buttons = farkle_view._end_buttons(app.ctx.tr)
    at_end_view = app.screen.part.view_end()  # type: ignore[attr-defined]
    assert buttons in at_end_view and screen.part.view_end() == at_end_view.replace(buttons, "")
    app.action("home", {})
    app.action("open", {"game": "stats"})
    app.action("open-game", {"id": entry.id})
    past = host.screen_html
    assert at_end.split('<div class="btn-row fk-end">')[0] in past
    assert 'data-act="again"' not in past and 'id="past-back"' in past
    app.key("Escape")
    assert app.screen.name == "stats"


def test_back_and_forward_between_two_past_games_show_each_and_its_log_unfolds() -> None:
    host = FakeHost()
    finish_penta(host=host)
    app = finish_farkle(host)
    entries = {e.screen: e for e in kept(host)}
    penta_entry, farkle_entry = entries["penta"], entries["farkle"]
    app.action("home", {})
    app.action("open", {"game": "stats"})
    app.action("open-game", {"id": penta_entry.id})
    assert 'id="penta-end-title"' in host.screen_html
    # The log of the game looked at again folds and unfolds as at the end of play.
    assert "open" not in Page(host.screen_html).tags["penta-log-all"]
    app.action("log", {})
    assert "open" in Page(host.screen_html).tags["penta-log-all"]
    # The browser's Back or Forward to the other game's entry shows that game.
    app.history_to(f"game:{farkle_entry.id}")
    assert app.screen.name == "game" and 'id="fk-over-title"' in host.screen_html
    app.history_to(f"game:{penta_entry.id}")
    assert 'id="penta-end-title"' in host.screen_html


def test_the_past_game_leaves_the_game_in_progress_alone() -> None:
    host = FakeHost()
    finish_farkle(host)
    app, _ = start_penta({}, host=host)
    app.action("roll", {})
    save = host.storage["zaria.save.penta"]
    entry = kept(host)[0]
    app.action("home", {})
    app.action("open", {"game": "stats"})
    app.action("open-game", {"id": entry.id})
    assert app.screen.name == "game"
    assert host.storage["zaria.save.penta"] == save
    app.action("open", {"game": "penta"})
    assert app.screen.name == "penta" and app.screen.phase == "play"  # type: ignore[attr-defined]


def test_an_unknown_id_says_so_with_a_way_back() -> None:
    host = FakeHost()
    app = App(host, {})
    app.open_entry("game:0123456789abcdef")
    assert app.screen.name == "game"
    p = Page(host.screen_html)
    assert "not kept on this device" in p.text["past-title"] or "not kept" in p.plain()
    assert p.has("past-back")
    app.action("past-back", {})
    assert app.screen.name == "stats"


def test_a_kept_game_that_cannot_be_drawn_says_so() -> None:
    host = FakeHost()
    finish_farkle(host)
    data = json.loads(host.storage[archive.KEY])
    data["games"][0]["state"]["banked"] = "lots"
    host.storage[archive.KEY] = json.dumps(data)
    app = App(host, {})
    app.open_entry(f"game:{data['games'][0]['id']}")
    assert "cannot show" in Page(host.screen_html).plain()
    assert isinstance(app.screen, PastScreen) and app.screen.problem == "broken"


# -- export and import -----------------------------------------------------------------


def stats_screen(host: FakeHost) -> App:
    app = App(host, {})
    app.action("open", {"game": "stats"})
    return app


def test_export_saves_the_statistics_and_the_games_in_one_file() -> None:
    host = FakeHost()
    finish_farkle(host)
    app = stats_screen(host)
    app.action("stats-export", {})
    [(name, text, mime)] = [(f.name, f.text, f.mime) for f in host.performed_of(SaveFile)]
    assert name == "zaria-stats-2026-03-14.json" and mime == "application/json"
    data = json.loads(text)
    assert (data["app"], data["format"], data["stats"]["format"]) == ("zaria", 2, 2)
    assert stats.parse(json.dumps(data["stats"]))[Counted("farkle")].games == 1
    assert archive.parse_value(data["games"]) == kept(host)


def test_import_round_trip_restores_the_same_statistics_and_games() -> None:
    host = FakeHost()
    finish_farkle(host)
    finish_penta(host=host)
    app = stats_screen(host)
    app.action("stats-export", {})
    text = host.performed_of(SaveFile)[-1].text
    before_stats, before_games = stats.load(host), kept(host)
    stats.clear(host)
    archive.clear(host)
    app = stats_screen(host)
    host.picked[transfer.FIELD] = text
    app.action("stats-import", {"value": "C:\\fakepath\\zaria.json", "event": "input"})
    question = Page(host.screen_html).text["import-q"]
    assert "(0 games counted) and your 0 finished games" in question
    assert "(2 games counted, 2 finished games)" in question
    assert stats.load(host) != before_stats  # nothing yet: asked first
    app.action("stats-import-yes", {})
    assert stats.load(host) == before_stats and kept(host) == before_games
    assert Page(host.screen_html).has(f"past-{before_games[0].id}")


def test_import_asks_first_and_cancel_changes_nothing() -> None:
    host = FakeHost()
    finish_farkle(host)
    app = stats_screen(host)
    app.action("stats-export", {})
    text = host.performed_of(SaveFile)[-1].text
    finish_penta(host=host)
    snapshot = dict(host.storage)
    app = stats_screen(host)
    host.picked[transfer.FIELD] = text
    app.action("stats-import", {"value": "x", "event": "input"})
    app.action("stats-import-no", {})
    assert host.storage == snapshot and not Page(host.screen_html).has("import-q")


def _exported(host: FakeHost) -> dict[str, object]:
    app = stats_screen(host)
    app.action("stats-export", {})
    data: dict[str, object] = json.loads(host.performed_of(SaveFile)[-1].text)
    return data


def _bad_files(good: dict[str, object]) -> dict[str, str | bytes]:
    newer = {**good, "format": transfer.FORMAT + 1}
    newer_stats = {**good, "stats": {"format": 3}}
    wrong_app = {**good, "app": "yahtzee"}
    bad_stats = {**good, "stats": {"format": 1, "penta": {"games": -1}}}
    games = json.loads(json.dumps(good["games"]))
    games["games"][0]["winners"] = [9]
    bad_games = {**good, "games": games}
    # A number no sum, average or chart of the screen can take (an overflow before).
    huge = json.loads(json.dumps(good["stats"]))
    huge["farkle"]["total"] = 10**400
    return {
        "import.bad_stats huge": json.dumps({**good, "stats": huge}),
        "import.not_json": "{this is not json",
        "import.not_ours": json.dumps(wrong_app),
        "import.newer": json.dumps(newer),
        "import.newer stats": json.dumps(newer_stats),
        "import.bad_stats": json.dumps(bad_stats),
        "import.bad_games": json.dumps(bad_games),
        "import.too_large": " " * (transfer.MAX_BYTES + 1),
        "import.unreadable": b"\xff\xfe",
    }


@pytest.mark.parametrize(
    "notice",
    [
        "import.not_json",
        "import.not_ours",
        "import.newer",
        "import.newer stats",
        "import.bad_stats",
        "import.bad_games",
        "import.bad_stats huge",
        "import.too_large",
        "import.unreadable",
    ],
)
def test_a_bad_file_gets_its_own_message_and_changes_nothing(notice: str) -> None:
    host = FakeHost()
    finish_farkle(host)
    bad = _bad_files(_exported(host))[notice]
    notice = notice.split()[0]
    snapshot = dict(host.storage)
    app = stats_screen(host)
    host.picked[transfer.FIELD] = bad
    app.action("stats-import", {"value": "x", "event": "input"})
    # Said by the Import button (tests/test_transfer.py), not above the screen.
    assert app.ctx.notices == []
    assert Page(host.screen_html).text[transfer.SAID] == app.ctx.tr(notice)
    assert host.announced[-1] == app.ctx.tr(notice)
    assert not Page(host.screen_html).has("import-q")
    assert host.storage == snapshot


def test_an_import_storage_refuses_puts_everything_back() -> None:
    host = FakeHost()
    finish_farkle(host)
    text = json.dumps(_exported(host))
    finish_penta(host=host)
    snapshot = dict(host.storage)
    app = stats_screen(host)
    host.picked[transfer.FIELD] = text
    app.action("stats-import", {"value": "x", "event": "input"})
    host.write_faults.add(archive.KEY)
    app.action("stats-import-yes", {})
    assert host.storage == snapshot
    assert Page(host.screen_html).tags[transfer.SAID]["data-notice"] == "import.failed"


def test_the_import_button_is_a_labelled_json_file_field() -> None:
    host = FakeHost()
    stats_screen(host)
    p = Page(host.screen_html)
    field = p.tags[transfer.FIELD]
    assert field["type"] == "file" and field["accept"] == "application/json,.json"
    assert field["data-act"] == "stats-import"
    assert p.text["stats-import-btn"] == "Import" and p.has("stats-export")


def test_the_export_is_compact_and_the_most_the_app_keeps_can_be_imported_again() -> None:
    host = FakeHost()
    finish_farkle(host)
    app = stats_screen(host)
    app.action("stats-export", {})
    text = host.performed_of(SaveFile)[-1].text
    assert "\n" not in text and ", " not in text and ": " not in text
    # Everything stored (the statistics and the kept games, each at its storage limit)
    # fits in one file the import takes.
    assert stored.MAX_CHARS + archive.MAX_CHARS + 1_000 < transfer.MAX_BYTES


def test_a_game_the_statistics_could_not_count_is_not_kept_either() -> None:
    host = FakeHost()
    host.read_faults.add(stats.KEY)  # the statistics cannot be read: nothing is counted
    finish_penta(host=host)
    host.read_faults.clear()
    assert kept(host) == []


def test_clearing_the_statistics_clears_the_finished_games_too() -> None:
    host = FakeHost()
    finish_farkle(host)
    host.storage.pop(stats.KEY)  # only games kept: Clear is still offered
    app = stats_screen(host)
    assert Page(host.screen_html).enabled("stats-clear")
    app.action("stats-clear", {})
    assert "finished games" in Page(host.screen_html).text["clear-q"]
    app.action("stats-clear-yes", {})
    assert kept(host) == [] and archive.KEY not in host.storage
    assert not Page(host.screen_html).enabled("stats-clear")


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_a_game_in_progress_that_storage_cannot_hold_takes_the_oldest_finished_games_room(
    game: str,
) -> None:
    host = FakeHost()
    finish_farkle(host, seed=1)
    finish_farkle(host, seed=2)
    finish_farkle(host, seed=3)
    three = kept(host)
    assert len(three) == 3
    app, _ = start_penta({"dice": "11111,22222"}, host=host) if game == "penta" else (None, None)
    if app is None:
        app = App(host, {"dice": "111111,222222"})
        app.action("open", {"game": "farkle"})
        app.action("seat-computer", {"value": "off"})
        app.action("start", {})
    save = host.storage[f"zaria.save.{game}"]
    # Room for the save as it is, and for nothing bigger unless the oldest game goes.
    host.quota = sum(len(v) for v in host.storage.values()) + 2
    app.action("roll", {})
    after = json.loads(host.storage[f"zaria.save.{game}"])
    assert host.storage[f"zaria.save.{game}"] != save and after["state"]
    games = kept(host)
    assert [g.id for g in games] == [g.id for g in three][-len(games) :] and len(games) < 3
    assert "games.made_room" in app.ctx.notices and "save.unavailable" not in app.ctx.notices
    assert app.ctx.tr("games.made_room") in Page(host.screen_html).plain()


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_when_no_finished_game_is_left_to_give_way_the_player_is_told_it_is_not_saved(
    game: str,
) -> None:
    host = FakeHost()
    if game == "penta":
        app, _ = start_penta({"dice": "11111,22222"}, host=host)
    else:
        app = App(host, {"dice": "111111,222222"})
        app.action("open", {"game": "farkle"})
        app.action("seat-computer", {"value": "off"})
        app.action("start", {})
    before = dict(host.storage)
    host.quota = sum(len(v) for v in host.storage.values()) + 2
    app.action("roll", {})
    assert host.storage == before
    assert app.ctx.tr("save.unavailable") in Page(host.screen_html).plain()
    host.quota = None  # room again (the player cleared something): the next action saves
    if game == "penta":
        app.action("roll", {})
    else:
        app.action("toggle", {"pos": "1"})
    assert host.storage[f"zaria.save.{game}"] != before[f"zaria.save.{game}"]
    assert app.ctx.tr("save.unavailable") not in Page(host.screen_html).plain()
