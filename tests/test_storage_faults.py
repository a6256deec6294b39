"""Storage that fails or holds anything: the app always starts, both games open and
play, the player is told, and no saved game is lost; and a strategy table that
arrives broken.

Every case starts from real saves of both games (made by playing), injects one
fault or one hostile value, then checks the app over it: home draws, each game
opens and takes a move, the expected notice shows, and the save of the game not
at fault is byte-identical afterwards.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fake_host import PENTA_TABLE, FakeHost, record_farkle, record_penta
from zaria.i18n import LANGUAGES, Translator
from zaria.penta.scoring import PENTA
from zaria_web import games
from zaria_web.app import App
from zaria_web.penta import screen as penta_screen
from zaria_web.penta import view as penta_view
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import GameScreen
from zaria_web.storage import saves, stats
from zaria_web.storage.counted import Counted
from zaria_web.storage.saves import SaveFormatError
from zaria_web.storage.settings import (
    DEFAULT_SETTINGS,
    LANG_KEY,
    SETTING_VALUES,
    SETTINGS_KEY,
    THEME_KEY,
    THEMES,
    SettingError,
    parse_lang,
    parse_settings,
    parse_theme,
)
from zaria_web.storage.stored import MAX_CHARS, Status, Unreadable, decode_json, read

GAMES = ("penta", "farkle")
OTHER = {"penta": "farkle", "farkle": "penta"}
SAVE = {g: f"zaria.save.{g}" for g in GAMES}
NESTED = "[" * 100_000 + "]" * 100_000
tr = Translator("en")


# -- playing ------------------------------------------------------------------------


def host_over(storage: dict[str, str]) -> FakeHost:
    host = FakeHost(dict(storage))
    host.files[TABLE_URL] = PENTA_TABLE
    return host


def penta_move(app: App) -> GameScreen[Any]:
    """Open Penta, start a game if none resumed, and roll: the roll must happen."""
    app.action("open", {"game": "penta"})
    screen = app.screen
    assert isinstance(screen, GameScreen)
    if screen.game is None:
        app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
        app.action("seat-computer", {"value": "off"})
        app.action("start", {})
    game = screen.game
    assert game is not None and game.can_roll()
    used = game.rolls_used
    app.action("roll", {})
    assert game.rolls_used == used + 1 and game.dice is not None
    return screen


def farkle_move(app: App) -> GameScreen[Any]:
    """Open Farkle, start a game if none resumed, and roll: the roll must happen."""
    app.action("open", {"game": "farkle"})
    screen = app.screen
    assert isinstance(screen, GameScreen)
    if screen.game is None or screen.phase != "play":
        app.action("seat-name", {"index": "0", "value": "Bo", "event": "input"})
        app.action("seat-computer", {"value": "off", "event": "change"})
        app.action("start", {})
    assert screen.game is not None and screen.game.roll is None
    rolled = len(screen.dice.rolls)
    app.action("roll", {})
    assert len(screen.dice.rolls) == rolled + 1
    return screen


MOVE = {"penta": penta_move, "farkle": farkle_move}


def saved_games() -> dict[str, str]:
    """Storage holding a Penta game after one roll and a Farkle game before its first."""
    host = host_over({})
    app = App(host, {"dice": "12345"})
    penta_move(app)
    app.action("open", {"game": "farkle"})
    app.action("seat-name", {"index": "0", "value": "Bo", "event": "input"})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    assert set(SAVE.values()) <= set(host.storage)
    return dict(host.storage)


def home(app: App, host: FakeHost) -> str:
    app.action("home", {})
    assert '<section class="home"' in host.screen_html
    return host.screen_html


def shown(host: FakeHost, msg_id: str) -> bool:
    return tr(msg_id) in host.screen_html


def both_games_play(app: App, host: FakeHost) -> None:
    home(app, host)
    for game in GAMES:
        MOVE[game](app)
        home(app, host)


# -- reads that fail ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_save_that_cannot_be_read_is_kept_and_resumes_once_readable(game: str) -> None:
    good = saved_games()
    host = host_over(good)
    host.read_faults.add(SAVE[game])
    app = App(host, {})
    page = home(app, host)
    assert f'id="resume-{game}"' not in page and f'id="resume-{OTHER[game]}"' in page
    assert shown(host, "save.unavailable")
    MOVE[game](app)  # a fresh game: played, not saved over the one that could not be read
    assert shown(host, "save.unavailable")
    app.ctx.saves.clear(game)  # the fresh game ends: the stored one stays
    assert host.storage[SAVE[game]] == good[SAVE[game]]
    assert host.storage[SAVE[OTHER[game]]] == good[SAVE[OTHER[game]]]
    home(app, host)
    MOVE[OTHER[game]](app)  # the other game resumes and plays
    # The next page, without the fault, resumes the game that could not be read.
    again = App(host_over(host.storage), {})
    assert f'id="resume-{game}"' in home(again, again.host)  # type: ignore[arg-type]
    resumed = MOVE[game](again)
    assert resumed.game is not None
    assert json.loads(good[SAVE[game]])["rev"] < json.loads(host_storage(again)[SAVE[game]])["rev"]


def host_storage(app: App) -> dict[str, str]:
    host = app.host
    assert isinstance(host, FakeHost)
    return host.storage


def test_storage_that_cannot_be_read_at_all_changes_nothing() -> None:
    good = saved_games() | {
        "zaria.settings": json.dumps({"pace": "fast"}),
        "zaria.stats": json.dumps({"format": 1}),
        "zaria.lang": "fr",
    }
    host = host_over(good)
    host.reads_fail = True
    app = App(host, {})
    page = home(app, host)
    assert "resume-" not in page
    assert tr("save.unavailable") in page and tr("settings.unavailable") in page
    both_games_play(app, host)
    app.set_setting("pace", "instant")  # for this page only
    assert app.settings["pace"] == "instant"
    assert not record_penta(app.ctx, [100], ["Ann"], [True], [False], False)
    app.action("open", {"game": "stats"})
    assert shown(host, "stats.unavailable")
    assert 'id="stats-clear"' in host.screen_html and "disabled" in host.screen_html
    assert not stats.clear(host)
    app.set_language("el")
    assert app.ctx.tr.lang == "el"
    assert host.storage == good


@pytest.mark.parametrize("key", ["zaria.settings", "zaria.stats", "zaria.lang"])
def test_one_other_key_that_cannot_be_read_is_not_written_over(key: str) -> None:
    good = saved_games() | {
        "zaria.settings": json.dumps({"pace": "fast"}),
        "zaria.stats": json.dumps({"format": 1}),
        "zaria.lang": "fr",
    }
    host = host_over(good)
    host.read_faults.add(key)
    app = App(host, {})
    home(app, host)
    both_games_play(app, host)
    app.set_setting("coach", "on")
    app.set_language("tr")
    record_farkle(app.ctx, [10_000], ["Bo"], [True], [0], False)
    assert host.storage[key] == good[key]


# -- writes that fail, full storage ------------------------------------------------------


def test_storage_that_refuses_writes_says_so_on_each_game_screen() -> None:
    good = saved_games()
    host = host_over(good)
    host.writes_fail = True
    app = App(host, {})
    home(app, host)
    penta_move(app)
    assert shown(host, "save.unavailable")
    app.action("notice-close", {"notice": "save.unavailable"})
    app.action("roll", {})
    assert not shown(host, "save.unavailable")  # dismissed on this screen
    home(app, host)
    assert not shown(host, "save.unavailable")
    app.action("open", {"game": "farkle"})
    assert shown(host, "save.unavailable")  # the next game screen says it again
    farkle_move(app)
    assert host.storage == good


@pytest.mark.parametrize("game", GAMES)
def test_full_storage_keeps_the_stored_games(game: str) -> None:
    good = saved_games()
    used = sum(len(v) for k, v in good.items() if k != SAVE[game])
    host = host_over(good)
    host.quota = used + 10  # no room for any save of this game
    app = App(host, {})
    MOVE[game](app)
    assert shown(host, "save.unavailable")
    assert host.storage == good
    home(app, host)
    MOVE[OTHER[game]](app)


# -- hostile values --------------------------------------------------------------------------


def oversize_save(game: str) -> str:
    """A save that is well formed but longer than any save the app writes."""
    data = {"format": 2, "game": game, "state": {"pad": "x" * MAX_CHARS}, "tab": "", "rev": 1}
    return json.dumps(data)


HOSTILE = {
    "nested": lambda game: NESTED,
    "nested-objects": lambda game: '{"a":' * 60_000 + "1" + "}" * 60_000,
    "oversize": oversize_save,
    "not-json": lambda game: "\x00\ud800{",
}


@pytest.mark.parametrize("kind", HOSTILE)
@pytest.mark.parametrize("game", GAMES)
def test_a_hostile_save_is_set_aside_and_the_other_game_is_untouched(game: str, kind: str) -> None:
    good = saved_games()
    raw = HOSTILE[kind](game)
    host = host_over(good | {SAVE[game]: raw})
    app = App(host, {})
    assert f'id="resume-{game}"' in home(app, host)
    app.action("open", {"game": game})
    assert shown(host, "save.corrupt")
    assert json.loads(host.storage[f"zaria.badsave.{game}.1"])["raw"] == raw
    MOVE[game](app)
    assert host.storage[SAVE[OTHER[game]]] == good[SAVE[OTHER[game]]]
    home(app, host)
    MOVE[OTHER[game]](app)


@pytest.mark.parametrize("kind", ["nested", "nested-objects", "oversize", "not-json"])
def test_hostile_settings_are_set_aside_and_the_app_starts(kind: str) -> None:
    good = saved_games()
    raw = HOSTILE[kind]("settings")
    host = host_over(good | {"zaria.settings": raw})
    app = App(host, {})
    home(app, host)
    assert shown(host, "settings.corrupt")
    assert host.storage["zaria.badsettings"] == raw
    assert app.settings == DEFAULT_SETTINGS
    both_games_play(app, host)
    assert host.storage[SAVE["farkle"]] != good[SAVE["farkle"]]  # played on and saved


STATS_HOSTILE = {kind: HOSTILE[kind]("stats") for kind in HOSTILE} | {
    "wrong-types": json.dumps({"format": 1, "penta": {**stats.Summary().to_dict(), "games": "3"}}),
    "not-an-object": json.dumps([1, {"format": 1}]),
}


@pytest.mark.parametrize("kind", STATS_HOSTILE)
def test_hostile_statistics_are_set_aside_once_with_a_notice(kind: str) -> None:
    good = saved_games()
    raw = STATS_HOSTILE[kind]
    host = host_over(good | {"zaria.stats": raw})
    app = App(host, {})
    home(app, host)
    app.action("open", {"game": "stats"})
    assert shown(host, "stats.corrupt")
    assert host.screen_html.count(tr("stats.none")) == len(games.NAMES)
    assert host.storage["zaria.badstats"] == raw and "zaria.stats" not in host.storage
    app.redraw()
    assert host.announced.count(tr("stats.corrupt")) == 1  # said once
    home(app, host)
    app.action("open", {"game": "stats"})
    assert not shown(host, "stats.corrupt")  # nothing unreadable any more
    both_games_play(app, host)
    assert host.storage[SAVE["penta"]] != good[SAVE["penta"]]


def test_statistics_found_corrupt_at_the_end_of_a_game_are_set_aside_with_a_notice() -> None:
    host = host_over({"zaria.stats": NESTED})
    app = App(host, {})
    penta_move(app)
    assert record_penta(app.ctx, [120], ["Ann"], [True], [False], False)
    assert "stats.corrupt" in app.ctx.notices
    assert host.storage["zaria.badstats"] == NESTED
    assert stats.load(host)[Counted("penta")].games == 1


@pytest.mark.parametrize("key", ["zaria.lang", "zaria.theme"])
@pytest.mark.parametrize("kind", ["nested", "oversize", "not-json"])
def test_a_hostile_language_or_theme_is_ignored(key: str, kind: str) -> None:
    good = saved_games()
    host = host_over(good | {key: HOSTILE[kind](key)})
    app = App(host, {}, languages=("fr-FR",))
    home(app, host)
    assert app.ctx.tr.lang == "fr" and app.settings["theme"] == "system"
    both_games_play(app, host)


def test_the_theme_key_stands_in_for_settings_without_a_theme() -> None:
    host = host_over({"zaria.theme": "dark", "zaria.settings": NESTED})
    app = App(host, {})
    assert app.settings["theme"] == "dark"  # what the page's script painted with
    host = host_over({"zaria.theme": "dark", "zaria.settings": '{"theme": "light"}'})
    assert App(host, {}).settings["theme"] == "light"


# -- wrong types -------------------------------------------------------------------------------


def edited(good: dict[str, str], game: str, change: Any) -> str:
    data = json.loads(good[SAVE[game]])
    change(data["state"])
    return json.dumps(data)


def _decision(**fields: Any) -> dict[str, Any]:
    base = {"seat": 0, "round": 1, "roll": 1, "chosen": "keep:", "best": "box:penta", "cost": 2.5}
    return {k: v for k, v in {**base, **fields}.items() if v is not _MISSING}


_MISSING = object()

PENTA_BAD: dict[str, Any] = {
    "cost text": lambda s: s.update(decisions=[_decision(cost="abc")]),
    "cost null": lambda s: s.update(decisions=[_decision(cost=None)]),
    "cost negative": lambda s: s.update(decisions=[_decision(cost=-1)]),
    "chosen number": lambda s: s.update(decisions=[_decision(chosen=5)]),
    "chosen unknown box": lambda s: s.update(decisions=[_decision(chosen="box:seven")]),
    "best bad keep": lambda s: s.update(decisions=[_decision(best="keep:77")]),
    "missing key": lambda s: s.update(decisions=[_decision(roll=_MISSING)]),
    "extra key": lambda s: s.update(decisions=[{**_decision(), "x": 1}]),
    "seat out of range": lambda s: s.update(decisions=[_decision(seat=3)]),
    "seat bool": lambda s: s.update(decisions=[_decision(seat=False)]),
    "round text": lambda s: s.update(decisions=[_decision(round="1")]),
    "roll 4": lambda s: s.update(decisions=[_decision(roll=4)]),
    "entry not an object": lambda s: s.update(decisions=[[0, 1, 1]]),
    "decisions not a list": lambda s: s.update(decisions={"a": 1}),
    "selected number": lambda s: s.update(selected=5),
    "selected unknown box": lambda s: s.update(selected="nonsense"),
}

#: The fields both games keep the same way: the engine's state and the dice.
SHARED_BAD: dict[str, Any] = {
    "rolls text": lambda s: s.update(rolls=["3"]),
    "rolls bool": lambda s: s.update(rolls=[True]),
    "rolls float": lambda s: s.update(rolls=[3.5]),
    "rolls too big": lambda s: s.update(rolls=[9]),
    "rolls not a list": lambda s: s.update(rolls="66"),
    "dice number": lambda s: s.update(dice=5),
    "seed list": lambda s: s.update(seed=[1]),
    "reproducible text": lambda s: s.update(reproducible="yes"),
    "engine a list": lambda s: s.update(engine=[]),
    "engine missing": lambda s: s.pop("engine"),
}

WRONG = [("penta", name, change) for name, change in PENTA_BAD.items()] + [
    (game, name, change) for game in GAMES for name, change in SHARED_BAD.items()
]


@pytest.mark.parametrize(("game", "name", "change"), WRONG, ids=[f"{g}-{n}" for g, n, _ in WRONG])
def test_a_save_with_a_field_of_the_wrong_type_is_rejected_before_anything_is_cleared(
    game: str, name: str, change: Any
) -> None:
    good = saved_games()
    raw = edited(good, game, change)
    host = host_over(good | {SAVE[game]: raw})
    app = App(host, {})
    app.action("open", {"game": game})
    assert app.screen.game is None  # type: ignore[attr-defined]
    assert shown(host, "save.rejected"), name
    assert json.loads(host.storage[f"zaria.badsave.{game}.1"])["raw"] == raw
    MOVE[game](app)
    assert host.storage[SAVE[OTHER[game]]] == good[SAVE[OTHER[game]]]
    home(app, host)
    MOVE[OTHER[game]](app)


def test_a_penta_save_with_good_review_entries_resumes_and_ends() -> None:
    good = saved_games()
    entry = _decision(round=1, roll=1, chosen="keep:55", best="box:chance", cost=3)
    raw = edited(good, "penta", lambda s: s.update(decisions=[entry], selected=None))
    host = host_over(good | {SAVE["penta"]: raw})
    app = App(host, {})
    screen = penta_move(app)
    assert screen.part.decisions[0].cost == 3
    game = screen.game
    assert game is not None
    while not game.over:
        if game.dice is None:
            app.action("roll", {})
        app.action("box", {"box": next(iter(game.options())).value})
        app.action("validate", {})
    assert screen.phase == "end"
    # An entry from before the review kept the dice rolled: shown without them.
    items = re.findall(r'<li class="rv-item">.*?</li>', host.screen_html)
    item = next(i for i in items if "Round 1, roll 1<" in i and "Chance was better" in i)
    assert 'class="rv-dice rv-roll"' not in item
    assert 'You kept <span class="rv-dice rv-kept" role="img" aria-label="Dice 5, 5">' in item
    assert "and rolled again; recording the roll in Chance was better." in item
    assert SAVE["penta"] not in host.storage  # the game ended normally


@pytest.mark.parametrize(("game", "engine"), [("penta", "engine"), ("farkle", "engine")])
def test_a_state_from_a_newer_engine_is_called_newer_not_damaged(game: str, engine: str) -> None:
    good = saved_games()
    raw = edited(good, game, lambda s: s[engine].update(version=s[engine]["version"] + 1))
    host = host_over(good | {SAVE[game]: raw})
    app = App(host, {})
    app.action("open", {"game": game})
    assert shown(host, "save.newer") and not shown(host, "save.rejected")
    assert json.loads(host.storage[f"zaria.badsave.{game}.1"])["raw"] == raw
    MOVE[game](app)


# -- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        json.dumps({"autorecord": "²"}),
        json.dumps({"autorecord": "5" * 5_000}),
        json.dumps({"autorecord": "0"}),
        json.dumps({"pace": "warp", "coach": "maybe", "theme": "neon"}),
        json.dumps({"pace": 1, "coach": True, "theme": None, "autorecord": 5}),
        json.dumps([1, 2]),
        json.dumps("text"),
        json.dumps(5),
        "null",
    ],
)
def test_bad_settings_fall_back_to_their_defaults_and_penta_plays(raw: str) -> None:
    good = saved_games()
    host = host_over(good | {"zaria.settings": raw})
    app = App(host, {"dice": "11111,22222,33333"})
    assert app.settings == DEFAULT_SETTINGS
    screen = penta_move(app)  # resumes the saved game
    assert screen.game is not None
    home(app, host)
    # A new game, then its third roll starts the auto-record countdown.
    host.storage.pop(SAVE["penta"])
    fresh = App(host, {"dice": "11111,22222,33333"})
    screen = penta_move(fresh)
    fresh.action("roll", {})
    fresh.action("roll", {})
    assert screen.part.countdown == 3
    host.advance(3_000)
    assert screen.game is not None and screen.game.round == 2


def options(html: str, select_id: str) -> list[str]:
    found = re.search(rf'<select[^>]*id="{select_id}"[^>]*>(.*?)</select>', html)
    assert found, select_id
    return re.findall(r'<option[^>]*value="([^"]*)"', found.group(1))


def test_the_settings_offered_are_the_values_allowed() -> None:
    host = host_over({})
    app = App(host, {})
    penta_move(app)
    app.action("toggle-settings", {})
    assert options(host.screen_html, "penta-pace") == list(SETTING_VALUES["pace"])
    assert options(host.screen_html, "penta-autorecord") == list(SETTING_VALUES["autorecord"])
    app.action("open", {"game": "farkle"})
    assert options(host.screen_html, "fk-pace") == list(SETTING_VALUES["pace"])
    for key, values in SETTING_VALUES.items():
        assert DEFAULT_SETTINGS[key] in values
        for value in values:
            app.set_setting(key, value)  # each one is taken
            assert app.settings[key] == value


def test_one_bad_setting_does_not_reset_the_good_ones() -> None:
    raw = json.dumps({"pace": "fast", "coach": "on", "autorecord": "²", "theme": "dark"})
    app = App(host_over({"zaria.settings": raw}), {})
    assert app.settings == {**DEFAULT_SETTINGS, "pace": "fast", "coach": "on", "theme": "dark"}


@pytest.mark.parametrize(
    ("key", "value"), [("autorecord", "²"), ("autorecord", "7"), ("pace", ""), ("volume", "11")]
)
def test_a_bad_setting_is_refused_and_nothing_is_written(key: str, value: str) -> None:
    host = host_over({"zaria.settings": json.dumps({"pace": "fast"})})
    app = App(host, {})
    before = dict(host.storage)
    with pytest.raises(SettingError, match=repr(value) if key != "volume" else "volume"):
        app.set_setting(key, value)
    assert host.storage == before and app.settings["pace"] == "fast"
    assert app.settings.get("autorecord") == "3"


def test_a_setting_change_keeps_what_another_tab_stored_meanwhile() -> None:
    host = host_over({})
    app = App(host, {})
    host.storage["zaria.settings"] = json.dumps({"coach": "on"})  # another tab
    app.set_setting("pace", "instant")
    assert json.loads(host.storage["zaria.settings"]) == {"coach": "on", "pace": "instant"}


# -- any value at all (property tests) ----------------------------------------------------------

ALL_KEYS = (*SAVE.values(), SETTINGS_KEY, stats.KEY, LANG_KEY, THEME_KEY)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
hostile_text = st.one_of(
    st.text(),
    st.binary().map(lambda b: b.decode("latin-1")),
    st.binary().map(lambda b: b.decode("utf-8", "surrogateescape")),
    st.integers(0, 3_000).map(lambda n: "[" * n + "]" * n),
    st.integers(0, 3_000).map(lambda n: '{"a": ' * n + "1" + "}" * n),
    st.integers(0, 300).map(lambda n: '["\\\\", [' * n),
    json_values.map(json.dumps),
    st.builds(
        lambda game, state: json.dumps(
            {"format": 2, "game": game, "state": state, "tab": "", "rev": 0}
        ),
        st.sampled_from(GAMES),
        json_values,
    ),
    st.dictionaries(st.sampled_from(list(SETTING_VALUES)), st.text(max_size=4) | json_values).map(
        json.dumps
    ),
    st.sampled_from(["en", "fr", "el", "tr", "dark", "light", "system", '{"format": 1}']),
)


def check_decoder(key: str, raw: str) -> None:
    """The decoder of ``key`` returns its documented value or raises its documented error."""
    if key in SAVE.values():
        game = key.removeprefix("zaria.save.")
        try:
            state, writer = saves.decode(raw, game)
        except SaveFormatError as exc:
            assert exc.notice in ("save.corrupt", "save.newer")
        else:
            assert isinstance(state, dict) and isinstance(writer, saves.Writer)
    elif key == SETTINGS_KEY:
        try:
            found = parse_settings(raw)
        except Unreadable:
            return
        assert all(k in SETTING_VALUES and v in SETTING_VALUES[k] for k, v in found.items())
    elif key == stats.KEY:
        try:
            summaries = stats.parse(raw)
        except Unreadable:
            return
        assert set(summaries) == {Counted(g) for g in games.NAMES}
    else:
        parse = parse_lang if key == LANG_KEY else parse_theme
        allowed = LANGUAGES if key == LANG_KEY else THEMES
        try:
            assert parse(raw) in allowed
        except Unreadable:
            return


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(ALL_KEYS), raw=hostile_text)
def test_any_stored_value_is_decoded_or_refused_and_home_draws(key: str, raw: str) -> None:
    check_decoder(key, raw)
    found = read(FakeHost({key: raw}), key, decode_json)
    assert found.status in (Status.OK, Status.UNREADABLE)
    host = host_over({key: raw})
    app = App(host, {})
    home(app, host)
    if key == stats.KEY:
        app.action("open", {"game": "stats"})
        assert 'id="stats-title"' in host.screen_html


GOOD = saved_games()
SHARED_FIELDS = ("engine", "rolls", "dice", "seed", "reproducible")
FIELDS = {"penta": (*SHARED_FIELDS, "selected", "decisions"), "farkle": SHARED_FIELDS}


@settings(max_examples=200, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    data=st.data(),
    value=json_values,
)
def test_a_save_with_any_field_replaced_opens_and_plays(
    game: str, data: st.DataObject, value: Any
) -> None:
    saved = json.loads(GOOD[SAVE[game]])
    field = data.draw(st.sampled_from(FIELDS[game]))
    state = saved["state"]
    engine = state["engine"]
    if data.draw(st.booleans()):
        state[field] = value
    else:  # a field of the engine's own state
        engine[data.draw(st.sampled_from(sorted(engine)))] = value
    host = host_over(GOOD | {SAVE[game]: json.dumps(saved, allow_nan=True)})
    app = App(host, {})
    MOVE[game](app)
    assert host.storage[SAVE[OTHER[game]]] == GOOD[SAVE[OTHER[game]]]


# -- a strategy table that arrives broken ----------------------------------------------------


@pytest.mark.parametrize("arrives", ["truncated", "aborted"])
def test_a_broken_strategy_table_says_so_and_downloads_again(
    monkeypatch: pytest.MonkeyPatch, arrives: str
) -> None:
    monkeypatch.setitem(penta_screen.TABLES, "penta", penta_screen.table_file(PENTA))
    host = FakeHost()
    if arrives == "truncated":  # an HTTP 200 with a third of the bytes
        host.files[TABLE_URL] = PENTA_TABLE[: len(PENTA_TABLE) // 3]
    app = App(host, {})
    app.action("open", {"game": "penta"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})  # against the computer, which needs the table
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.part.strategy is None
    assert shown(host, "penta.table_error") and 'id="penta-table-retry"' in host.screen_html
    assert not shown(host, "common.computer_preparing")
    app.action("table-retry", {})  # the same broken download: the same message
    assert shown(host, "penta.table_error") and screen.part.strategy is None
    host.files[TABLE_URL] = PENTA_TABLE
    app.action("table-retry", {})
    assert screen.part.strategy is not None
    assert not shown(host, "penta.table_error") and 'id="penta-table-retry"' not in host.screen_html
    # The computer plays its turn once Ann has recorded hers.
    app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    game = screen.game
    assert game is not None and game.seats[game.current].computer
    host.advance(60_000)
    assert game.current == 0 and game.round == 2


plausible = {
    "seat": st.integers(-1, 3),
    "round": st.integers(0, 14),
    "roll": st.integers(0, 4),
    "chosen": st.sampled_from(["box:chance", "keep:", "keep:55", "keep:123456", "box:x", "x"]),
    "best": st.sampled_from(["box:penta", "keep:66", "keep:21", "box:"]),
    "cost": st.floats(-1, 1e6, allow_nan=False) | st.integers(0, 10**6),
}
entries = st.lists(
    st.fixed_dictionaries({}, optional={k: v | json_values for k, v in plausible.items()}),
    max_size=4,
)


@settings(max_examples=200, deadline=None)
@given(decisions=entries)
def test_review_entries_that_load_are_entries_the_end_of_the_game_can_show(
    decisions: list[dict[str, Any]],
) -> None:
    saved = json.loads(GOOD[SAVE["penta"]])
    saved["state"]["decisions"] = decisions
    host = host_over(GOOD | {SAVE["penta"]: json.dumps(saved)})
    app = App(host, {})
    app.action("open", {"game": "penta"})
    rejected = shown(host, "save.rejected") or shown(host, "save.corrupt")  # corrupt: NaN
    screen = penta_move(app)
    if rejected:
        assert "zaria.badsave.penta.1" in host.storage
        return
    game = screen.game
    assert game is not None and len(screen.part.decisions) >= len(decisions)
    html = penta_view.PentaView(app.ctx.tr, app.settings).end(game, screen.part.decisions)
    assert 'id="penta-end-title"' in html
