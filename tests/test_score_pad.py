"""Playing with real dice: both games kept on the score pad, through entries only."""

from __future__ import annotations

import json
import re

import pytest

from fake_host import PENTA_TABLE, FakeHost, Page, screen
from zaria.dice import RandomRoller
from zaria.farkle import players as farkle_players
from zaria.farkle.events import EventKind
from zaria.farkle.game import FarkleGame
from zaria.penta.game import PentaGame
from zaria.penta.players import player_for
from zaria.penta.scoring import Box
from zaria_web.app import App
from zaria_web.penta import review
from zaria_web.penta.review import Keep, Score
from zaria_web.penta.screen import TABLE_URL
from zaria_web.storage import stats
from zaria_web.ui.widgets import dice_text

GAMES = ["penta", "farkle"]


def pad(game: str, names: tuple[str, ...] = ("Ann",), target: int | None = None) -> App:
    """The score pad of ``game``, a game started for ``names``."""
    host = FakeHost({"zaria.lang": "en"})
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {"seed": "3"})  # an address's seed has no say over real dice
    app.action("open", {"game": f"{game}-pad"})
    for i, name in enumerate(names):
        if i:
            app.action("seat-add", {})
        app.action("seat-name", {"index": str(i), "value": name, "event": "input"})
    if target is not None:
        app.action("target", {"value": str(target), "event": "change"})
    app.action("start", {})
    return app


def host_of(app: App) -> FakeHost:
    assert isinstance(app.host, FakeHost)
    return app.host


def throw(app: App, faces: str) -> None:
    """Enter ``faces`` on the keypad, then play the throw."""
    for f in faces:
        app.action("face", {"face": f})
    app.action("roll", {})


@pytest.mark.parametrize("game", GAMES)
def test_the_pad_seats_people_only_and_ignores_the_address_s_dice(game: str) -> None:
    app = pad(game, ("Ann", "Bo"))
    g = screen(app).game
    assert g is not None and [s.name for s in g.seats] == ["Ann", "Bo"]
    assert not any(s.computer for s in g.seats)
    html = Page(host_of(app).screen_html)
    assert html.has(f"{screen(app).prefix}-pad") and not screen(app).dice.reproducible
    app.action("new", {})
    app.action("confirm-new", {})
    assert "computer" not in host_of(app).screen_html.lower().replace("common.", "")


def test_penta_plays_a_whole_game_from_entries_with_the_joker_and_its_100() -> None:
    app = pad("penta")
    g = screen(app).game
    assert isinstance(g, PentaGame)
    throw(app, "55555")
    app.action("box", {"box": "penta"})
    app.action("validate", {})
    assert g.sheets[0][Box.PENTA] == 50
    throw(app, "55555")  # a second Penta: the joker, with its 100, in Fives (free)
    assert g.options() == {Box.FIVES: (25, 100)}
    app.action("box", {"box": "fives"})
    app.action("validate", {})
    assert g.totals(0).penta_bonus == 100
    roller = RandomRoller(11)
    while not g.over:
        throw(app, "".join(map(str, roller.roll(5))))
        box = next(iter(g.options()))
        app.action("box", {"box": box.value})
        app.action("validate", {})
    assert screen(app).phase == "end" and "penta-end-title" in host_of(app).screen_html
    counted = json.loads(host_of(app).storage[stats.KEY])
    assert counted["penta:real"]["games"] == 1 and counted["penta"]["games"] == 0


def test_a_penta_rethrow_enters_only_the_dice_thrown_again() -> None:
    app = pad("penta")
    g = screen(app).game
    assert isinstance(g, PentaGame)
    throw(app, "66123")
    app.action("hold", {"index": "0"})
    app.action("hold", {"index": "1"})
    assert screen(app).pad.needed(screen(app)) == 3
    throw(app, "666")
    assert g.dice == (6, 6, 6, 6, 6) and g.rolls_used == 2
    host_of(app).advance(60_000)
    assert g.round == 1  # nobody at a real table waits on a countdown


def test_farkle_hot_dice_a_lost_turn_and_the_last_round_from_entries() -> None:
    app = pad("farkle", ("Ann", "Bo"), target=5000)
    g = screen(app).game
    assert isinstance(g, FarkleGame)
    throw(app, "111111")
    for pos in range(1, 7):
        app.action("toggle", {"pos": str(pos)})
    assert g.hot_dice_pending() and screen(app).pad.needed(screen(app)) == 6
    throw(app, "111555")
    for pos in range(1, 7):
        app.action("toggle", {"pos": str(pos)})
    app.action("bank", {})
    assert g.banked == (5500, 0) and g.last_round_by == 0
    throw(app, "223346")  # Bo's last turn: nothing scores
    assert g.over and any(e.kind is EventKind.LOST_TURN for e in g.events)
    assert screen(app).phase == "end"
    counted = json.loads(host_of(app).storage[stats.KEY])
    assert counted["farkle:real"]["games"] == 1 and counted["farkle:real"]["wins"]
    app.action("open", {"game": "stats"})
    shown = Page(host_of(app).screen_html)
    assert shown.text["stats-farkle-real"] == "With real dice"
    assert not shown.has("stats-penta-real")  # no Penta game with real dice yet


@pytest.mark.parametrize("faces", ["12346", "55552", "22334", "66611"])
def test_the_penta_coach_advises_as_the_optimal_player_plays(faces: str) -> None:
    app = pad("penta")
    g = screen(app).game
    assert isinstance(g, PentaGame)
    assert 'class="coach-box"' not in host_of(app).screen_html  # off until asked for
    app.action("pad-coach", {})
    throw(app, faces)
    strategy = screen(app).part.strategy  # type: ignore[attr-defined]
    advice = review.coach(g, strategy)
    plan = player_for("optimal", strategy).plan(g)
    assert advice is not None
    if plan.box is not None:
        assert advice.best == Score(plan.box)
    else:
        kept = tuple(sorted(d for d, h in zip(g.dice or (), plan.held, strict=True) if h))
        assert advice.best == Keep(kept)
    assert 'class="coach-box"' in host_of(app).screen_html


def test_the_farkle_coach_advises_as_the_expert_plays() -> None:
    app = pad("farkle")
    g = screen(app).game
    assert isinstance(g, FarkleGame)
    app.action("pad-coach", {})
    host_of(app).advance(100)  # Expert's tables, built on a timer
    throw(app, "155234")
    plan = farkle_players.player_for("expert", g.rules).plan(g)
    text = Page(host_of(app).screen_html).text["fk-coach-text"]
    assert text.startswith("Coach: set aside " + dice_text(sorted(g.roll[i] for i in plan.keep)))
    assert ("then bank" in text) == plan.bank


@pytest.mark.parametrize("game", GAMES)
def test_bad_entries_are_refused_and_change_nothing(game: str) -> None:
    app = pad(game)
    s = screen(app)
    assert s.game is not None
    before = s.game.to_dict()
    app.action("face", {"face": "7"})
    assert s.note is not None and s.note[0] == "pad.bad_face" and s.pad.entry == []
    app.action("face", {"face": "0"})
    app.action("roll", {})  # an incomplete throw is not played
    assert s.note is not None and s.note[0] == "pad.missing" and s.game.to_dict() == before
    throw_size = s.pad.needed(s)
    for _ in range(throw_size):
        app.action("face", {"face": "1"})
    app.action("face", {"face": "2"})  # one more than was thrown
    assert s.note is not None and s.note[0] == "pad.full" and len(s.pad.entry) == throw_size
    app.action("unface", {"index": "0"})  # a wrong tap, taken back
    assert len(s.pad.entry) == throw_size - 1 and s.game.to_dict() == before
    assert "One more than" not in host_of(app).announced[-1]


def test_nothing_is_entered_while_nothing_is_to_be_thrown() -> None:
    app = pad("farkle")
    s = screen(app)
    throw(app, "155234")  # the throw is on the table: set dice aside first
    app.action("face", {"face": "3"})
    assert s.note is not None and s.note[0] == "pad.nothing" and s.pad.entry == []


@pytest.mark.parametrize("game", GAMES)
def test_the_keys_enter_the_faces(game: str) -> None:
    app = pad(game)
    s = screen(app)
    assert app.key("4") and app.key("2") and s.pad.entry == [4, 2]
    assert app.key("Backspace") and s.pad.entry == [4]


@pytest.mark.parametrize("game", GAMES)
def test_a_pad_game_resumes_with_its_entry(game: str) -> None:
    app = pad(game)
    s = screen(app)
    throw(app, "55555" if game == "penta" else "155234")
    if game == "farkle":
        app.action("toggle", {"pos": "1"})
    app.action("face", {"face": "5"})
    storage = dict(host_of(app).storage)
    assert f"zaria.save.{game}-pad" in storage and f"zaria.save.{game}" not in storage
    again = App(FakeHost(storage), {})
    again.host.files[TABLE_URL] = PENTA_TABLE  # type: ignore[attr-defined]
    again.action("open", {"game": f"{game}-pad"})
    t = screen(again)
    assert t.game == s.game and t.pad.entry == [5]
    again.redraw()
    # The die entered is shown, ready to be taken back (in Penta's tray, in Farkle's pad).
    shown = Page(again.host.screen_html).tags  # type: ignore[attr-defined]
    assert [t for t in shown.values() if t.get("data-act") == "unface"]


def test_home_leads_to_each_pad_and_says_when_a_game_is_in_progress() -> None:
    app = pad("penta")
    app.action("home", {})
    page = Page(host_of(app).screen_html)
    assert page.text["real-penta"].endswith("Resume with real dice")
    assert page.text["real-farkle"].endswith("Play with real dice")
    assert page.tags["real-farkle"]["data-game"] == "farkle-pad"


def test_the_rules_return_to_the_pad() -> None:
    app = pad("farkle")
    app.action("rules", {"game": "farkle"})
    assert 'data-game="farkle-pad"' in host_of(app).screen_html
    assert app.key("Escape") and app.screen.name == "farkle-pad"


@pytest.mark.parametrize(
    ("game", "faces", "held", "entry"),
    [
        ("penta", "", (), [1, 2, 3, 4, 5, 6]),  # six faces for Penta's five dice
        ("penta", "55123", ("0", "1"), [6, 6, 6, 6]),  # two held: a throw of three
        ("penta", "55555", (), [1]),  # after the third throw: none left to enter
        ("farkle", "155234", ("1",), [1, 2, 3, 4, 5, 6]),  # one set aside: five left
    ],
)
def test_a_pad_save_entering_more_dice_than_the_throw_has_is_set_aside(
    game: str, faces: str, held: tuple[str, ...], entry: list[int]
) -> None:
    app = pad(game)
    if faces:
        throw(app, faces)
    for pos in held:
        app.action(*(("hold", {"index": pos}) if game == "penta" else ("toggle", {"pos": pos})))
    if faces == "55555":  # Penta's third throw: none left to enter
        throw(app, "55555")
        throw(app, "55555")
    key = f"zaria.save.{game}-pad"
    storage = dict(host_of(app).storage)
    save = json.loads(storage[key])
    assert len(save["state"]["entry"]) <= 6
    save["state"]["entry"] = entry
    storage[key] = json.dumps(save)
    again = App(FakeHost(storage), {})
    again.host.files[TABLE_URL] = PENTA_TABLE  # type: ignore[attr-defined]
    again.action("open", {"game": f"{game}-pad"})
    host = again.host
    assert isinstance(host, FakeHost)
    assert again.ctx.tr("save.rejected") in host.screen_html
    assert json.loads(json.loads(host.storage[f"zaria.badsave.{game}-pad.1"])["raw"]) == save
    assert screen(again).pad.entry == []
    assert not re.search(r"to enter:?\s*[−-]", Page(host.screen_html).plain())
