"""A game is a plug-in: Climb, a game defined in the tests alone (``third_game``), is
added through the registry of games and nothing else, then played over the fake
page from home to its end, its log, the statistics and the finished games kept."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from fake_host import FakeHost, Page, pass_device
from third_game import GAME
from third_game.engine import ROUNDS, ClimbGame, Roll, Stop
from third_game.words.en import MESSAGES
from zaria.game import Seat, Undo
from zaria.i18n import catalogue
from zaria_web import games
from zaria_web.app import App
from zaria_web.play.screen import GameScreen
from zaria_web.runtime.effects import SaveFile
from zaria_web.runtime.routes import address, entry_of
from zaria_web.storage import archive, stats, transfer
from zaria_web.storage.counted import Counted

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import prerender


@pytest.fixture
def climb() -> Iterator[None]:
    """Climb in the registry, its own words in the catalogue with it, for one test."""
    undo = games.register(GAME)
    assert catalogue("en")["game.climb"] == MESSAGES["game.climb"]
    yield
    undo()
    assert "game.climb" not in catalogue("en")


def test_the_engine_rolls_banks_loses_a_turn_to_a_one_and_ends(climb: None) -> None:
    game = ClimbGame.new([Seat("Ann"), Seat("Ben")])
    game.apply(Roll((4,)))
    game.apply(Roll((6,)))
    assert game.legal_actions() == [Roll(), Stop()]
    game.apply(Stop())
    assert game.totals == [10, 0] and game.current == 1 and game.can_undo()
    game.apply(Undo())
    assert game.totals == [0, 0] and game.current == 0 and game.points == 10
    game.apply(Stop())
    game.apply(Roll((1,)))
    assert game.busted and game.current == 0 and game.round == 2
    assert ClimbGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
    for _ in range(ROUNDS - 1):
        for _seat in game.seats:
            game.apply(Roll((1,)))
    assert game.over and game.outcome() is not None and game.outcome().winners == (0,)


def test_registering_adds_the_game_everywhere_and_undoing_takes_it_out() -> None:
    assert "climb" not in games.NAMES
    undo = games.register(GAME)
    try:
        assert games.NAMES[-1] == "climb" and "climb-pad" in games.PLAYED
        assert entry_of("#/climb") == "climb" and address("climb") == "#/climb"
        assert Counted("climb") in stats.empty()
        with pytest.raises(ValueError, match="cannot be called"):
            games.register(GAME)
    finally:
        undo()
    assert "climb" not in games.NAMES and entry_of("#/climb") is None


def _play_out(app: App, host: FakeHost) -> GameScreen[ClimbGame]:
    """Play the game started to its end: Ann rolls once and stops (unless she rolled
    a one); the computer plays at the instant pace."""
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.name == "climb"
    for _ in range(200):
        if screen.phase != "play":
            break
        if screen.human_turn():
            app.action("roll", {})
            if screen.human_turn() and screen.game is not None and screen.game.points:
                app.action("stop", {})
        else:
            host.advance(5000)
    assert screen.phase == "end"
    return screen


def _started(host: FakeHost) -> App:
    app = App(host, {})
    app.set_setting("pace", "instant")
    app.redraw()
    home = Page(host.screen_html)
    assert home.text["name-climb"] == "Climb" and 'data-game="climb"' in home.html
    assert 'id="real-climb"' in home.html and 'id="home-rules-climb"' in home.html
    app.action("open", {"game": "climb"})
    assert Page(host.screen_html).has("climb-start") and host.history[-1] == "climb"
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    assert Page(host.screen_html).has("climb-roll")
    return app


def test_climb_is_played_from_home_to_its_end_statistics_and_archive(climb: None) -> None:
    host = FakeHost()
    app = _started(host)
    # A roll, written in the log under the table, and kept in the save.
    app.action("roll", {})
    table = Page(host.screen_html).plain()
    assert "climb.log" not in host.screen_html
    assert "Rolled" in table or "A one: the turn’s points are lost" in table  # a 1 loses the turn
    assert "zaria.save.climb" in host.storage
    screen = _play_out(app, host)
    end = Page(host.screen_html)
    assert end.text["climb-end-title"].startswith("Winner: ")
    assert f"Game log ({2 * ROUNDS} turns)" in end.plain()
    app.action("log", {})  # unfolded: every turn, by round
    log = Page(host.screen_html).plain()
    assert f"Round {ROUNDS}" in log and ("Banked" in log or "the turn’s points are lost" in log)
    assert "zaria.save.climb" not in host.storage
    # Counted in the statistics, with its own column, and kept with its log.
    (kept,) = archive.load(host)
    assert kept.counted == Counted("climb") and kept.log is not None
    app.action("home", {})
    app.action("open", {"game": "stats"})
    page = Page(host.screen_html)
    assert "Climb" in page.plain() and "Ann" in page.plain()
    assert page.text[f"past-{kept.id}"].startswith("14 Mar 2026, 15:09 Climb Ann")
    app.action("open-game", {"id": kept.id})
    past = Page(host.screen_html)
    assert app.screen.name == "game" and past.has("past-back")
    assert past.text["climb-end-title"] == end.text["climb-end-title"]
    assert screen.game is not None and f": {screen.game.totals[0]}" in past.text["climb-place-0"]
    # Exported, and imported on another device.
    app.action("past-back", {})
    app.action("stats-export", {})
    other = FakeHost()
    elsewhere = App(other, {})
    elsewhere.action("open", {"game": "stats"})
    other.picked[transfer.FIELD] = host.performed_of(SaveFile)[-1].text
    elsewhere.action("stats-import", {"value": "x", "event": "input"})
    elsewhere.action("stats-import-yes", {})
    assert [e.id for e in archive.load(other)] == [kept.id]
    assert stats.load(other)[Counted("climb")].games == 1


def test_its_rules_page_and_a_reload_in_the_middle_of_a_game(climb: None) -> None:
    host = FakeHost()
    app = _started(host)
    app.action("roll", {})
    points = app.screen.game.points  # type: ignore[attr-defined]
    app.action("rules", {"game": "climb"})
    assert "In short" in Page(host.screen_html).plain()
    again = App(host, {})
    again.action("open", {"game": "climb"})
    assert again.screen.game.points == points  # type: ignore[attr-defined]


def test_its_score_pad_plays_a_game_of_real_dice_counted_apart(climb: None) -> None:
    host = FakeHost()
    app = App(host, {})
    app.action("open", {"game": "climb-pad"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.pad is not None
    assert Page(host.screen_html).has("climb-pad-key-1")
    for _ in range(ROUNDS):
        app.action("face", {"face": "5"})
        app.action("roll", {})
        app.action("stop", {})
    assert screen.phase == "end" and screen.game is not None
    assert screen.game.totals == [5 * ROUNDS]
    assert stats.load(host)[Counted("climb", real=True)].games == 1


def test_the_settings_screen_reads_every_registered_game(climb: None) -> None:
    host = FakeHost()
    app = App(host, {})
    app.action("open", {"game": "settings"})
    assert Page(host.screen_html).has("settings-autorecord")


def test_two_people_pass_the_device_and_take_back_a_bank(climb: None) -> None:
    host = FakeHost()
    app = App(host, {"dice": "4,6,2"})
    app.open_entry("climb")  # a link to #/climb
    assert app.screen.name == "climb"
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("seat-add", {})
    app.action("seat-name", {"index": "1", "value": "Ben", "event": "input"})
    app.action("seat-computer", {"value": "off"})
    app.action("start", {})
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.game is not None
    app.action("roll", {})
    app.action("roll", {})
    app.action("stop", {})
    assert screen.handover == 1 and "Ben" in Page(host.screen_html).plain()
    assert pass_device(app) and screen.game.totals == [10, 0]
    app.action("undo", {})  # Ann's bank, once Ben has the device: asked first
    app.action("undo", {})
    assert screen.game.totals == [0, 0] and screen.game.current == 0
    assert "Took back the bank" in Page(host.screen_html).plain()
    app.action("rules", {"game": "climb"})
    assert app.screen.name == "rules" and host.history[-1] == "rules:climb"
    app.action("open", {"game": "climb"})
    assert app.screen is screen and screen.game.points == 10


def test_the_page_is_built_with_it(climb: None) -> None:
    head = prerender.games_head()
    names = " ".join(games.NAMES)
    assert names.endswith(" climb")
    assert head[prerender.GAMES_META] == f'<meta name="zaria-games" content="{names}">'
    assert " and Climb: dice games" in head[prerender.DESCRIPTION_META]
    climb_css = '<link rel="stylesheet" href="./web/css/climb.css">'
    assert head[prerender.STYLES_MARK].endswith(climb_css)
    forms = tuple(games.NAMES)
    assert prerender.screens() == ("home", *forms, *(f + prerender.SEATED for f in forms))
    form, _tools = prerender.first_draw("en", "climb")
    assert 'id="climb-start"' in form
