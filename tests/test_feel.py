"""The games' sounds and celebrations: which moment asks for which, for people and
the computer, and the Sound setting that gates what reaches the page."""

from __future__ import annotations

import pytest

from fake_host import PENTA_TABLE, FakeHost, Page, pass_device, screen
from zaria.farkle.game import FarkleGame
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.runtime.effects import CELEBRATIONS, SOUNDS, Celebrate, Effects, Sound
from zaria_web.storage.settings import SOUND_VOLUME

QUIET, LOUD = SOUND_VOLUME["quiet"], SOUND_VOLUME["loud"]


def sounds(host: FakeHost) -> list[tuple[str, float]]:
    """The sounds played on the page (kind, volume), in order."""
    return [(s.kind, s.volume) for s in host.performed_of(Sound)]


def shown(host: FakeHost) -> list[tuple[str, str]]:
    """The celebrations shown on the page (kind, words), in order."""
    return [(c.kind, c.text) for c in host.performed_of(Celebrate)]


def opened(game: str, dice: str, **settings: str) -> tuple[App, FakeHost]:
    host = FakeHost({"zaria.lang": "en"})
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {"dice": dice})
    for key, value in settings.items():
        app.set_setting(key, value)
    app.action("open", {"game": game})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    return app, host


def alone(game: str, dice: str, **settings: str) -> tuple[App, FakeHost]:
    """A game for Ann alone, on scripted dice."""
    app, host = opened(game, dice, **settings)
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    return app, host


def hold(game: str, app: App, pos: int = 1) -> None:
    if game == "penta":
        app.action("hold", {"index": str(pos - 1)})
    else:
        app.action("toggle", {"pos": str(pos)})


def record(app: App, box: str) -> None:
    app.action("box", {"box": box})
    app.action("validate", {})


GAMES = [("penta", "11234,56565"), ("farkle", "155234,155234")]


# -- the moves -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "dice"), GAMES, ids=[g for g, _ in GAMES])
def test_a_roll_rattles_and_a_hold_clicks_at_the_quiet_volume_by_default(
    game: str, dice: str
) -> None:
    app, host = alone(game, dice)
    app.action("roll", {})
    assert sounds(host) == [("roll", QUIET)]
    hold(game, app)
    assert sounds(host) == [("roll", QUIET), ("hold", QUIET)]
    assert shown(host) == []


@pytest.mark.parametrize(("game", "dice"), GAMES, ids=[g for g, _ in GAMES])
def test_the_sound_setting_gates_every_sound_and_loud_is_louder(game: str, dice: str) -> None:
    app, host = alone(game, dice, sound="off")
    app.action("roll", {})
    hold(game, app)
    assert sounds(host) == []  # nothing reaches the page
    app.set_setting("sound", "loud")
    hold(game, app)
    assert sounds(host) == [("hold", LOUD)] and LOUD > QUIET > 0


def test_a_record_chimes_and_a_bank_chimes_a_lost_turn_falls() -> None:
    app, host = alone("penta", "12346")
    app.action("roll", {})
    record(app, "chance")
    assert sounds(host)[-1] == ("score", QUIET) and shown(host) == []
    app, host = alone("farkle", "155234,234623")
    app.action("roll", {})
    hold("farkle", app)
    app.action("bank", {})
    assert sounds(host)[-1] == ("score", QUIET)
    app.action("roll", {})  # 2, 3, 4, 6, 2, 3: nothing scores
    assert sounds(host)[-1] == ("bust", QUIET)


# -- Penta's celebrations ------------------------------------------------------------------


def test_a_penta_in_its_box_and_a_joker_bonus_are_celebrated() -> None:
    app, host = alone("penta", "66666,66666")
    app.action("roll", {})
    record(app, "penta")
    assert sounds(host)[-1] == ("fanfare", QUIET)
    assert shown(host) == [("jackpot", "Penta!")]
    app.action("roll", {})
    record(app, "sixes")  # the joker: 30 in Sixes and the 100 bonus
    assert sounds(host)[-1] == ("fanfare", QUIET)
    assert shown(host) == [("jackpot", "Penta!")] * 2


def test_a_zero_in_the_penta_box_is_no_penta() -> None:
    app, host = alone("penta", "12346")
    app.action("roll", {})
    record(app, "penta")
    assert sounds(host)[-1] == ("score", QUIET) and shown(host) == []


def test_the_record_that_reaches_63_in_the_upper_section_is_celebrated_once() -> None:
    rolls = ["66661", "55551", "44441", "33312", "22213", "11123"]
    boxes = ["sixes", "fives", "fours", "threes", "twos", "aces"]  # 24, 44, 60, 69, 75, 78
    app, host = alone("penta", ",".join(rolls))
    for n, box in enumerate(boxes):
        app.action("roll", {})
        record(app, box)
        expected = [] if n < 3 else [("milestone", "Upper bonus!")]
        assert shown(host) == expected, box
    assert screen(app).game.totals(0).upper_bonus == 35  # type: ignore[union-attr]


def test_the_celebration_words_follow_the_language() -> None:
    app, host = alone("penta", "66666")
    app.set_language("fr")
    app.action("roll", {})
    record(app, "penta")
    assert shown(host) == [("jackpot", "Penta\u202f!")]


def test_the_computer_s_penta_sounds_softly_without_a_celebration() -> None:
    app, host = opened("penta", "11234,66666", pace="instant")
    app.action("start", {})  # Ann, then the computer
    app.action("roll", {})
    record(app, "chance")
    host.advance(0)  # the computer's whole turn, at once
    g = screen(app).game
    assert g is not None and g.last_scored is not None and g.last_scored.seat == 1
    assert g.last_scored.points == 50  # the optimal player takes the Penta
    assert sounds(host)[-1] == ("fanfare", QUIET / 2)
    assert shown(host) == []


# -- Farkle's celebrations -----------------------------------------------------------------


def test_setting_aside_the_last_scoring_die_is_hot_dice() -> None:
    app, host = alone("farkle", "111555")
    app.action("roll", {})
    for pos in range(1, 6):
        hold("farkle", app, pos)
    assert shown(host) == [] and sounds(host)[-1] == ("hold", QUIET)
    hold("farkle", app, 6)
    assert sounds(host)[-1] == ("streak", QUIET)
    assert shown(host) == [("streak", "Hot dice!")]


def test_the_computer_s_hot_dice_sound_softly_without_a_celebration() -> None:
    app, host = opened("farkle", "234623,111555,155234", pace="fast")
    app.action("start", {})
    app.action("roll", {})  # Ann loses her turn
    g = screen(app).game
    assert g is not None and g.current == 1
    heard: list[tuple[str, float]] = []
    for _ in range(12):  # its roll, its set-aside…
        host.advance(300)
        heard += sounds(host)
        host.performed.clear()
        if any(kind == "streak" for kind, _ in heard):
            break
    assert ("streak", QUIET / 2) in heard
    assert ("roll", QUIET / 2) in heard  # its rolls sound too, softly
    assert shown(host) == []


# -- the end of a game ---------------------------------------------------------------------


def last_turn(banked: list[int], dice: str) -> tuple[App, FakeHost]:
    """Ann's last turn of a Farkle game to 5,000 against the computer, which has reached
    the target; the totals are ``banked``."""
    app, host = opened("farkle", dice)
    app.action("target", {"value": "5000", "event": "change"})
    app.action("start", {})
    g = screen(app).game
    assert isinstance(g, FarkleGame)
    state = {**g.to_dict(), "banked": banked, "opened": [True, True], "turns": [1, 1]}
    screen(app).game = FarkleGame.from_dict({**state, "last_round_by": 1, "turns_left": 1})
    return app, host


def test_a_person_s_win_is_celebrated() -> None:
    app, host = last_turn([4950, 5000], "155234")
    app.action("roll", {})
    hold("farkle", app)
    app.action("bank", {})  # 5,050: Ann wins
    assert screen(app).phase == "end"
    assert sounds(host)[-1] == ("win", QUIET)
    assert shown(host) == [("win", "Victory!")]


def test_the_computer_beating_a_person_is_not_celebrated() -> None:
    app, host = last_turn([0, 5000], "234623")
    app.action("roll", {})  # Ann loses her last turn: the computer wins
    assert screen(app).phase == "end"
    assert sounds(host)[-1] == ("bust", QUIET)
    assert shown(host) == []


def test_two_people_s_game_celebrates_its_winner() -> None:
    app, host = opened("farkle", "155234,234623")
    app.action("seat-add", {})
    app.action("seat-name", {"index": "1", "value": "Bo", "event": "input"})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("target", {"value": "5000", "event": "change"})
    app.action("start", {})
    g = screen(app).game
    assert isinstance(g, FarkleGame)
    state = {**g.to_dict(), "banked": [4950, 0], "opened": [True, True], "turns": [1, 1]}
    screen(app).game = FarkleGame.from_dict(state)
    app.action("roll", {})
    hold("farkle", app)
    app.action("bank", {})  # Ann reaches the target; Bo has one more turn
    assert shown(host) == []
    pass_device(app)
    app.action("roll", {})  # Bo loses it: Ann wins
    assert screen(app).phase == "end"
    assert sounds(host)[-1] == ("win", QUIET) and shown(host) == [("win", "Victory!")]


# -- score pads ----------------------------------------------------------------------------


def pad(game: str) -> tuple[App, FakeHost]:
    host = FakeHost({"zaria.lang": "en"})
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {})
    app.action("open", {"game": f"{game}-pad"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    return app, host


def throw(app: App, faces: str) -> None:
    for f in faces:
        app.action("face", {"face": f})
    app.action("roll", {})


def test_a_pad_s_throw_is_silent_but_its_penta_is_celebrated() -> None:
    app, host = pad("penta")
    throw(app, "55555")
    assert sounds(host) == []  # the real dice were heard already
    record(app, "penta")
    assert sounds(host) == [("fanfare", QUIET)] and shown(host) == [("jackpot", "Penta!")]


def test_a_pad_s_hot_dice_and_lost_turn() -> None:
    app, host = pad("farkle")
    throw(app, "111555")
    assert sounds(host) == []
    for pos in range(1, 7):
        hold("farkle", app, pos)
    assert shown(host) == [("streak", "Hot dice!")]
    throw(app, "234623")
    assert sounds(host)[-1] == ("bust", QUIET)


# -- the app's part ------------------------------------------------------------------------


def test_one_update_plays_only_its_most_telling_sound_and_celebration() -> None:
    host = FakeHost({"zaria.lang": "en"})
    app = App(host, {})
    out = Effects()
    out.sound("roll", soft=True)
    out.sound("score")
    out.sound("hold")
    out.celebrate("milestone", says="penta.feel.bonus")
    out.celebrate("jackpot", says="penta.feel.jackpot")
    app._apply(out, draw=False)
    assert sounds(host) == [("score", QUIET)]
    assert shown(host) == [("jackpot", "Penta!")]


def test_unknown_sounds_and_celebrations_are_refused() -> None:
    out = Effects()
    with pytest.raises(ValueError, match="unknown sound"):
        out.sound("boom")
    with pytest.raises(ValueError, match="unknown celebration"):
        out.celebrate("fireworks")
    assert set(SOUNDS) == {"roll", "hold", "score", "fanfare", "streak", "win", "bust"}
    assert set(CELEBRATIONS) == {"jackpot", "streak", "milestone", "win"}


def test_the_settings_screen_offers_the_sound_off_quiet_and_loud() -> None:
    host = FakeHost({"zaria.lang": "en"})
    app = App(host, {})
    app.go("settings")
    page = Page(host.screen_html)
    assert page.text["settings-sound"].startswith("Sound")
    assert "checked" in str(page.tags.get("set-sound-quiet"))  # the default
    app.action("setting", {"key": "sound", "value": "off"})
    assert app.settings["sound"] == "off" and '"sound": "off"' in host.storage["zaria.settings"]
    app.action("setting", {"key": "sound", "value": "blaring"})
    assert app.settings["sound"] == "off"
