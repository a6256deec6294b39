"""The update loop's corners: a download answered to another screen, a timer across a
take-over, the score pad's entry under the question, focus and keys on the pads,
the rules' way back after a reload."""

from __future__ import annotations

import json

import pytest

from fake_host import PENTA_TABLE, FakeHost, Page
from zaria.i18n import Translator
from zaria.penta.scoring import PENTA
from zaria_web.app import App
from zaria_web.penta import screen as penta_screen
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import GameScreen


@pytest.fixture
def no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page on which the strategy table is not loaded yet."""
    monkeypatch.setitem(penta_screen.TABLES, "penta", penta_screen.table_file(PENTA))


def new_app(storage: dict[str, str] | None = None, slow: bool = False) -> tuple[App, FakeHost]:
    host = FakeHost({"zaria.lang": "en"} if storage is None else storage)
    host.files[TABLE_URL] = PENTA_TABLE
    host.slow_downloads = slow
    return App(host, {}), host


def penta_alone(app: App) -> None:
    app.action("open", {"game": "penta"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("seat-computer", {"value": "off"})
    app.action("start", {})


def pad(game: str) -> tuple[App, FakeHost]:
    app, host = new_app()
    app.action("open", {"game": f"{game}-pad"})
    app.action("start", {})
    return app, host


@pytest.mark.usefixtures("no_table")
def test_the_table_arriving_for_another_screen_lets_the_shown_one_play() -> None:
    app, host = new_app(slow=True)
    app.action("open", {"game": "penta-pad"})  # the pad asks for the table first
    app.action("open", {"game": "penta"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})  # the computer's turn, the table still on its way
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.computer_turn()
    host.deliver()  # answered to the screen that asked first
    host.advance(60_000)
    assert screen.game is not None and screen.game.current == 0  # the computer played
    preparing = Translator("en")("common.computer_preparing")
    assert preparing not in Page(host.screen_html).plain()


@pytest.mark.usefixtures("no_table")
def test_the_countdown_waits_for_the_table_then_records() -> None:
    app, host = new_app(slow=True)
    penta_alone(app)
    for _ in range(3):
        app.action("roll", {})
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.part.countdown is None  # no best box yet
    host.deliver()
    assert screen.part.countdown == 3
    host.advance(3100)
    assert screen.game is not None and screen.game.round == 2


def test_a_countdown_runs_on_after_taking_the_game_over_from_another_tab() -> None:
    storage = {"zaria.lang": "en"}
    a, host_a = new_app(storage)
    penta_alone(a)
    for _ in range(3):
        a.action("roll", {})
    b, _ = new_app(storage)
    b.action("open", {"game": "penta"})
    screen_b = b.screen
    assert isinstance(screen_b, GameScreen) and screen_b.game is not None
    box = sorted(screen_b.game.options(), key=lambda x: x.value)[0].value
    b.action("box", {"box": box})  # the other tab plays on
    a.storage_changed("zaria.save.penta")
    b.action("box", {"box": box})
    a.action("take-over", {"game": "penta"})
    screen_a = a.screen
    assert isinstance(screen_a, GameScreen) and screen_a.part.countdown == 3
    host_a.advance(3100)
    assert screen_a.game is not None and screen_a.game.round == 2  # recorded by itself


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_the_throw_being_entered_survives_the_new_game_question(game: str) -> None:
    app, host = pad(game)
    for face in "423":
        app.action("face", {"face": face})
    app.action("new", {})
    assert app.key("Escape")
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.pad.entry == [4, 2, 3]
    saved = json.loads(host.storage[f"zaria.save.{game}-pad"])["state"]
    assert saved["entry"] == [4, 2, 3]


def test_the_farkle_pad_s_digits_set_the_throw_s_dice_aside() -> None:
    app, _ = pad("farkle")
    for face in "155234":
        app.action("face", {"face": face})
    app.action("roll", {})
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.game is not None
    assert app.key("1") and app.key("2")  # the 1 and a 5, as the dice are numbered
    assert screen.game.selected == (0, 1) and screen.pad.entry == []
    app.action("face", {"face": "6"})  # the next throw, begun on the keypad
    assert app.key("3") and screen.pad.entry == [6, 3]  # digits now enter it


@pytest.mark.parametrize(("game", "prefix"), [("penta", "penta"), ("farkle", "fk")])
def test_a_new_turn_on_a_pad_starts_at_the_keypad(game: str, prefix: str) -> None:
    app, host = pad(game)
    for face in "12345" if game == "penta" else "155234":
        app.action("face", {"face": face})
    app.action("roll", {})
    if game == "penta":
        app.action("box", {"box": "chance"})
        app.action("validate", {})
    else:
        app.action("toggle", {"pos": "1"})
        app.action("bank", {})
    assert host.focused == f"#{prefix}-pad-key-1"


def test_the_rules_lead_back_to_the_pad_after_a_reload() -> None:
    app, host = pad("farkle")
    app.action("rules", {"game": "farkle"})
    again, host2 = new_app(dict(host.storage))
    again.history_to("farkle-pad")
    again.history_to(host.history[-1])  # Forward, to the rules entry of the old page
    assert 'data-game="farkle-pad"' in host2.screen_html
    assert again.key("Escape") and again.screen.name == "farkle-pad"


def test_a_stale_start_during_play_starts_nothing() -> None:
    app, _ = new_app()
    penta_alone(app)
    app.action("roll", {})
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.game is not None
    rolled = screen.game.to_dict()
    app.action("start", {})  # a tap on the form's button that was just replaced
    assert screen.game.to_dict() == rolled


def test_the_statistics_are_cleared_only_once_asked() -> None:
    app, host = new_app({"zaria.lang": "en", "zaria.stats": '{"format": 1}'})
    app.action("open", {"game": "stats"})
    app.action("stats-clear-yes", {})  # a stale tap: the question is not open
    assert "zaria.stats" in host.storage
    app.action("stats-clear", {})
    app.action("stats-clear-yes", {})
    assert "zaria.stats" not in host.storage


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_the_pad_s_coach_stays_on_after_a_reload(game: str) -> None:
    app, host = pad(game)
    app.action("pad-coach", {})
    again, _ = new_app(dict(host.storage))
    again.action("open", {"game": f"{game}-pad"})
    screen = again.screen
    assert isinstance(screen, GameScreen) and screen.pad.coach_on
