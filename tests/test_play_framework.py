"""What both games do the same way, through the one shared game screen, tested once
for both: the form, the pace of the computer, the question before a new game,
resuming after a reload, Play again, the statistics, and views that change nothing.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from fake_host import PENTA_TABLE, FakeHost, Page, game, pass_device, screen
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import (
    BUST_BUZZ,
    HANDOVER_PAUSE_MS,
    READ_MS,
    ROLL_BUZZ,
    Play,
)
from zaria_web.runtime.effects import ScrollTop, Vibrate
from zaria_web.storage import stats
from zaria_web.storage.settings import PACE_MS


@dataclass(frozen=True)
class Game:
    name: str
    prefix: str
    #: Dice where every roll scores (a Farkle roll keeps the turn).
    dice: str
    #: Set aside or hold what the first roll allows, the game's own way.
    hold: Callable[[App], None]
    #: The held or set-aside dice of the game in progress.
    held: Callable[[Any], object]
    #: The dice on the table.
    shown: Callable[[Any], object]


def _penta_hold(app: App) -> None:
    app.action("hold", {"index": "0"})


def _farkle_hold(app: App) -> None:
    app.action("toggle", {"pos": "1"})


PENTA = Game(
    "penta", "penta", "11111,22222,33333,44444", _penta_hold, lambda g: g.held, lambda g: g.dice
)
FARKLE = Game(
    "farkle",
    "fk",
    "155234,155234,155234,155234",
    _farkle_hold,
    lambda g: g.selected,
    lambda g: g.roll,
)
GAMES = [PENTA, FARKLE]
ids = [g.name for g in GAMES]


def open_game(
    g: Game, params: dict[str, str] | None = None, host: FakeHost | None = None
) -> tuple[App, FakeHost]:
    host = host or FakeHost({"zaria.lang": "en"})
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {"dice": g.dice} if params is None else params)
    app.action("open", {"game": g.name})
    return app, host


def started(g: Game, computer: bool = False, **params: str) -> tuple[App, FakeHost]:
    app, host = open_game(g, params or None)
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    if not computer:
        app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    return app, host


# -- the form ---------------------------------------------------------------------------


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_form_adds_removes_and_names_the_players(g: Game) -> None:
    app, host = open_game(g)
    p = g.prefix
    app.action("seat-add", {})
    assert host.focused == f"#{p}-name-1" and Page(host.screen_html).has(f"{p}-name-1")
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("seat-name", {"index": "1", "value": "ann", "event": "input"})
    app.action("seat-add", {})
    app.action("seat-remove", {"index": "2"})
    assert host.focused == f"#{p}-name-1"  # the row that took its place, or the one above
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    # Names told apart, no computer, the first player to play.
    assert [s.name for s in game(app).seats] == ["Ann", "ann 2"]
    assert not any(s.computer for s in game(app).seats) and game(app).current == 0


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_computer_joins_at_the_level_chosen(g: Game) -> None:
    app, _ = open_game(g)
    levels = screen(app).part.levels()
    app.action("seat-level", {"value": levels[-1], "event": "change"})
    app.action("seat-level", {"value": "no such level", "event": "change"})
    app.action("start", {})
    computer = game(app).seats[-1]
    assert computer.computer and computer.level == levels[-1] and computer.name == "Computer"


# -- the computer's pace ------------------------------------------------------------------


@pytest.mark.parametrize("g", GAMES, ids=ids)
@pytest.mark.parametrize(("pace", "ms"), [("normal", 1000), ("fast", 300)])
def test_the_computer_takes_its_first_step_after_the_pace(g: Game, pace: str, ms: int) -> None:
    app, host = open_game(g)
    app.set_setting("pace", pace)
    computer = game_of_computer(app)
    host.advance(ms - 1)
    assert g.shown(computer) is None  # not yet
    host.advance(1)
    assert g.shown(computer) is not None  # its first roll


def game_of_computer(app: App) -> Any:
    """Put the screen on a game whose first seat is the computer, as a save would."""
    s = screen(app)
    d = s.form.seats(app.ctx.tr, s.part.computer_level(s.form.level))
    s.game = s.part.new_game([d[-1], *d[:-1]] if len(d) > 1 else d)
    s.phase = "play"
    app.redraw()
    app.dispatch(None)  # an update: the timer the model wants starts
    return s.game


# -- a new game ---------------------------------------------------------------------------


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_new_game_asks_first_and_keeps_the_game_until_another_starts(g: Game) -> None:
    app, host = started(g)
    app.action("roll", {})
    before = copy.deepcopy(game(app).to_dict())
    app.action("new", {})
    assert host.focused == f"#{g.prefix}-keep"
    assert app.key("r") is False and game(app).to_dict() == before  # nothing plays under it
    app.action("keep-playing", {})
    assert host.focused == f"#{g.prefix}-new" and not screen(app).confirm
    app.action("new", {})
    app.action("confirm-new", {})
    assert screen(app).phase == "setup" and host.focused == f"#{g.prefix}-name-0"
    assert json.loads(host.storage[f"zaria.save.{g.name}"])["state"]["engine"] == before
    app.action("back", {})
    assert screen(app).phase == "play" and game(app).to_dict() == before
    app.action("new", {})
    app.action("confirm-new", {})
    app.action("start", {})
    assert game(app).to_dict() != before and g.shown(game(app)) is None


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_escape_closes_the_question(g: Game) -> None:
    app, _ = started(g)
    app.action("new", {})
    assert app.key("Escape") is True and not screen(app).confirm


# -- resuming ------------------------------------------------------------------------------


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_reload_resumes_the_holds_and_the_dice_script_goes_on(g: Game) -> None:
    app, host = started(g)
    app.action("roll", {})
    g.hold(app)
    first = g.shown(game(app))
    again, host2 = open_game(g, host=FakeHost(dict(host.storage)))
    assert game(again) == game(app) and g.held(game(again)) == g.held(game(app))
    assert Page(host2.screen_html).has(f"{g.prefix}-roll")
    # The script goes on where the game was: the next roll is the script's second.
    app.action("roll", {})
    again.action("roll", {})
    assert g.shown(game(again)) == g.shown(game(app)) != first
    # Penta rolls its five dice, then the four not held; Farkle six, then five.
    assert screen(again).dice.rolls == screen(app).dice.rolls == ([5, 4] if g is PENTA else [6, 5])


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_seeded_game_counts_as_seeded_after_a_reload_without_the_seed(g: Game) -> None:
    app, host = started(g, seed="7")
    app.action("roll", {})
    again, _ = open_game(g, params={}, host=FakeHost(dict(host.storage)))
    assert screen(again).dice.reproducible


# -- the end -------------------------------------------------------------------------------


def play_to_the_end(app: App) -> None:
    """Play the screen's game to its end as people would, through the page's intents:
    each move the one the engine's first computer level would make."""
    for _ in range(5000):
        s = screen(app)
        g = game(app)
        if g.over:
            return
        pass_device(app)
        player = s.part.player(g.seats[g.current])
        assert player is not None
        app.dispatch(Play(s.spec.next_action(g, player.plan(g))))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_end_counts_once_and_play_again_keeps_the_players(g: Game) -> None:
    app, host = open_game(g, params={})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("seat-add", {})
    app.action("seat-name", {"index": "1", "value": "Bo", "event": "input"})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    play_to_the_end(app)
    assert screen(app).phase == "end" and f"zaria.save.{g.name}" not in host.storage
    counted = json.loads(host.storage[stats.KEY])
    key = next(k for k in counted if k.startswith(g.name))
    assert counted[key]["games"] == 1
    app.redraw()
    app.action("home", {})
    app.action("open", {"game": g.name})  # the end screen again: not counted twice
    assert json.loads(host.storage[stats.KEY])[key]["games"] == 1
    app.action("again", {})
    assert [s.name for s in game(app).seats] == ["Ann", "Bo"] and not game(app).over


# -- views change nothing -----------------------------------------------------------------


def model(app: App) -> tuple[str, dict[str, Any], str]:
    """What a drawing could change: the screen's fields (its game part's too), its
    save, and storage."""
    s = app.screen
    fields = {k: v for k, v in vars(s).items() if k not in ("ctx", "dice", "spec", "part", "mode")}
    # The game's part reads the screen it belongs to (``s``); a mode's fields are values.
    fields |= {f"part.{k}": v for k, v in vars(s.part).items() if k != "s"}
    fields |= {f"mode.{k}": v for k, v in vars(s.mode).items() if k != "dup"}
    saved = json.dumps(s.saved(), sort_keys=True)
    assert isinstance(app.host, FakeHost)
    return saved, copy.deepcopy(fields), json.dumps(app.host.storage, sort_keys=True)


def moments(g: Game) -> list[tuple[str, App]]:
    """The game's screens at the moments a player sees: the form, a fresh table, a
    roll just made (its dice tumbling), the question, the computer's turn, the end."""
    out = []
    app, _ = open_game(g)
    out.append(("form", app))
    app, _ = started(g)
    out.append(("table", app))
    app, _ = started(g)
    app.action("roll", {})
    out.append(("rolled", app))
    app, _ = started(g)
    app.action("roll", {})
    app.action("new", {})
    out.append(("question", app))
    app, _ = open_game(g)
    game_of_computer(app)
    out.append(("computer", app))
    app, _ = open_game(g, params={})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    play_to_the_end(app)
    out.append(("end", app))
    app, _ = open_game(g, params={})
    app.action("open", {"game": f"{g.name}-pad"})
    app.action("start", {})
    app.action("face", {"face": "3"})
    out.append(("score pad, a throw being entered", app))
    return out


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_drawing_a_screen_is_pure(g: Game) -> None:
    for moment, app in moments(g):
        before = model(app)
        first = app.screen.view()
        second = app.screen.view()
        assert first == second, moment
        assert model(app) == before, moment


@pytest.mark.parametrize("name", ["home", "stats", "rules"])
def test_drawing_a_page_is_pure(name: str) -> None:
    app, host = started(PENTA)
    app.action("open", {"game": name}) if name != "rules" else app.action("rules", {})
    storage = dict(host.storage)
    fields = copy.deepcopy({k: v for k, v in vars(app.screen).items() if k != "ctx"})
    assert app.screen.view() == app.screen.view()
    assert host.storage == storage
    assert {k: v for k, v in vars(app.screen).items() if k != "ctx"} == fields


# -- undo ---------------------------------------------------------------------------------


def decide(g: Game, app: App) -> None:
    """Roll, then the decision that ends the turn: Penta records Chance, Farkle banks."""
    app.action("roll", {})
    if g is PENTA:
        app.action("box", {"box": "chance"})
        app.action("validate", {})
    else:
        app.action("toggle", {"pos": "1"})
        app.action("bank", {})


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_last_decision_can_be_undone_once_until_the_next_roll(g: Game) -> None:
    app, host = started(g)
    p = Page(host.screen_html)
    assert p.has(f"{g.prefix}-undo") and not p.enabled(f"{g.prefix}-undo")
    app.action("roll", {})
    before = game(app).to_dict()
    if g is PENTA:
        app.action("box", {"box": "chance"})
        app.action("validate", {})
    else:
        app.action("toggle", {"pos": "1"})
        before = game(app).to_dict()  # what the bank is taken back to
        app.action("bank", {})
    assert Page(host.screen_html).enabled(f"{g.prefix}-undo")
    app.action("undo", {})
    after = {k: v for k, v in game(app).to_dict().items() if k not in ("undos", "undo")}
    assert after == {k: v for k, v in before.items() if k not in ("undos", "undo")}
    assert game(app).undos == (1,)
    assert host.announced[-1] == "Ann’s last decision is taken back: choose again."
    assert app.key("u") is True  # a second time: refused, and said why
    assert screen(app).note is not None and screen(app).note[0] == "err.undo.nothing"
    # A reload keeps the undone game.
    again, _ = open_game(g, host=FakeHost(dict(host.storage)))
    assert game(again).to_dict() == game(app).to_dict()


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_strict_game_has_no_undo(g: Game) -> None:
    app, host = open_game(g)
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("seat-strict", {"value": "on", "event": "change"})
    app.action("start", {})
    assert game(app).strict
    decide(g, app)
    assert not Page(host.screen_html).has(f"{g.prefix}-undo")
    assert app.key("u") is True and game(app).undos == (0,)
    assert screen(app).note is not None and screen(app).note[0] == "err.undo.strict"
    app.action("new", {})
    app.action("confirm-new", {})
    assert "checked" in Page(host.screen_html).tags[f"{g.prefix}-strict"]  # kept for the next


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_end_screen_counts_the_undos_used(g: Game) -> None:
    # Farkle's first roll scores its 1 alone (a die of a triple would not be taken alone);
    # chance plays the rest.
    app, host = open_game(g, params={} if g is PENTA else {"dice": "123462"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    decide(g, app) if g is PENTA else None
    if g is PENTA:
        app.action("undo", {})
    else:
        # A Farkle bank to take back: the first roll of a random game may bust.
        while game(app).undos == (0,):
            app.action("roll", {})
            if game(app).roll is not None:
                first = next(i for i, ok in enumerate(game(app).scoreable) if ok)
                app.action("toggle", {"pos": str(first + 1)})
                app.action("bank", {})
                app.action("undo", {})
    play_to_the_end(app)
    assert Page(host.screen_html).text[f"{g.prefix}-undos"] == "Undos used: Ann 1"


# -- passing the device ---------------------------------------------------------------------

#: Each game's first turn, ended by the person who plays it: Penta records Aces
#: (1, 1, 2, 3, 4), Farkle's roll 2, 3, 4, 6, 2, 3 scores nothing.
TURN_DICE = {"penta": "11234,55555,66666,11111", "farkle": "234623,555222,234623,555222"}


def end_turn(g: Game, app: App) -> None:
    app.action("roll", {})
    if g is PENTA:
        app.action("box", {"box": "aces"})
        app.action("validate", {})


def two_people(
    g: Game, computer: bool = False, dice: str | None = None, **settings: str
) -> tuple[App, FakeHost]:
    """Ann and Ben (and the computer) at the table."""
    app, host = open_game(g, {"dice": dice or TURN_DICE[g.name]})
    for key, value in settings.items():
        app.set_setting(key, value)
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("seat-add", {})
    app.action("seat-name", {"index": "1", "value": "Ben", "event": "input"})
    app.action("seat-computer", {"value": "on" if computer else "off", "event": "change"})
    app.action("start", {})
    return app, host


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_next_person_starts_only_once_they_take_the_device(g: Game) -> None:
    app, host = two_people(g)
    end_turn(g, app)
    s, played = screen(app), game(app)
    assert s.handover == 1 and played.current == 1
    p = Page(host.screen_html)
    assert p.text[f"{g.prefix}-handover-title"] == "Ben’s turn"
    assert p.text[f"{g.prefix}-handover-outcome"].startswith(
        "Ann scores 2 in Aces" if g is PENTA else "Turn lost! Ann scores nothing"
    )
    assert host.focused == f"#{g.prefix}-handover"
    assert any("Ben’s turn" in t for t in host.announced)
    before = copy.deepcopy(played.to_dict())
    # A second tap of the same button, a key, or the card tapped during its pause:
    # nothing of Ben's turn is played.
    app.action("roll", {})
    assert app.key("r") is False
    app.action("take-device", {})
    host.advance(HANDOVER_PAUSE_MS - 1)
    app.action("take-device", {})
    assert played.to_dict() == before and s.handover == 1
    host.advance(1)
    assert host.focused == f"#{g.prefix}-handover"  # ready: the focus is on it again
    app.action("take-device", {})
    assert s.handover is None and host.focused == f"#{g.prefix}-roll"
    assert not Page(host.screen_html).has(f"{g.prefix}-handover")
    app.action("roll", {})
    assert g.shown(played) is not None  # Ben's own roll


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_no_card_when_the_device_stays_with_one_person_or_the_setting_is_off(g: Game) -> None:
    # One person against the computer: the computer's turn comes and goes, no card.
    app, host = open_game(g, {"dice": TURN_DICE[g.name]})
    app.set_setting("pace", "instant")
    app.action("start", {})
    end_turn(g, app)
    host.advance(0)  # the computer's whole turn
    assert screen(app).handover is None and game(app).current == 0
    # Two people who chose to play without it.
    app, host = two_people(g, handover="off")
    end_turn(g, app)
    assert screen(app).handover is None and game(app).current == 1
    assert Page(host.screen_html).enabled(f"{g.prefix}-roll")


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_after_the_computer_the_card_waits_for_the_next_person(g: Game) -> None:
    # Ann, then Ben, then the computer lose their turns (Farkle) or record Aces (Penta).
    dice = "11234,11234,11234" if g is PENTA else "234623,234623,234623"
    app, host = two_people(g, computer=True, dice=dice, pace="instant")
    end_turn(g, app)
    assert pass_device(app)
    end_turn(g, app)  # Ben's turn: then the computer's, played at once
    host.advance(0)
    assert game(app).current == 0
    # The device was with Ben: it goes back to Ann.
    assert screen(app).handover == 0
    assert Page(host.screen_html).text[f"{g.prefix}-handover-title"] == "Ann’s turn"
    # The computer's turn in words holds its own steps, not the card's call to Ann.
    last = screen(app).log.turns[-1]
    assert last.seat == 2 and last.kind and last.steps
    shown = Page(host.screen_html).text[f"{g.prefix}-turn-log-steps"]
    assert "Ann’s turn" not in shown


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_undo_from_the_card_gives_the_turn_back(g: Game) -> None:
    # Penta takes back the record of Aces; Farkle a bank of 100 (a 1 of 1, 5, 5, 2, 3, 4).
    app, host = two_people(g, dice=None if g is PENTA else "155234,555222")
    if g is PENTA:
        end_turn(g, app)
    else:
        app.action("roll", {})
        app.action("toggle", {"pos": "1"})
        app.action("bank", {})
    assert Page(host.screen_html).has(f"{g.prefix}-handover-undo")
    app.action("undo", {})
    assert screen(app).handover is None and game(app).current == 0
    assert not Page(host.screen_html).has(f"{g.prefix}-handover")


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_reload_keeps_the_card_for_the_person_whose_turn_it_is(g: Game) -> None:
    app, host = two_people(g)
    end_turn(g, app)
    again, host2 = open_game(g, host=FakeHost(dict(host.storage)))
    assert screen(again).handover == 1 and Page(host2.screen_html).has(f"{g.prefix}-handover")
    # A saved card for someone whose turn it is not is ignored.
    state = json.loads(host.storage[f"zaria.save.{g.name}"])
    state["state"]["handover"] = 0
    host.storage[f"zaria.save.{g.name}"] = json.dumps(state)
    third, _ = open_game(g, host=FakeHost(dict(host.storage)))
    assert screen(third).handover is None


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_default_names_follow_the_language(g: Game) -> None:
    app, host = open_game(g, {"dice": TURN_DICE[g.name]})
    app.action("seat-add", {})
    app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("start", {})
    app.action("roll", {})
    assert "Player 1" in host.screen_html
    app.set_language("fr")
    assert "Joueur 1" in host.screen_html and "Joueur 2" in host.screen_html
    assert "Player" not in host.screen_html


# -- one app: the same controls in both games -----------------------------------------------


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_both_forms_offer_the_level_as_the_same_control(g: Game) -> None:
    app, host = open_game(g)
    html = host.screen_html
    assert f'id="{g.prefix}-level"' not in html  # no drop-down list
    group = html.split('role="radiogroup" aria-label="Level"', 1)
    assert len(group) == 2, "a group of radio buttons named Level"
    for level in screen(app).part.levels():
        assert f'type="radio" name="{g.prefix}-level" id="{g.prefix}-level-{level}"' in html
    app.action("seat-computer", {"value": "off", "event": "change"})
    for level in screen(app).part.levels():
        found = re.search(
            rf'id="{g.prefix}-level-{level}" value="{level}"( checked)? disabled', host.screen_html
        )
        assert found, f"{level} is offered while the computer does not play"


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_both_games_ask_the_same_question_before_a_new_game(g: Game) -> None:
    app, host = started(g)
    app.action("new", {})
    question = host.screen_html[host.screen_html.index('<div class="modal-backdrop">') :]
    shared = question.replace(f"{g.prefix}-", "PREFIX-")
    assert 'role="alertdialog"' in shared and "Start a new game?" in shared
    assert "The game in progress is kept until you start the new one." in shared
    other = started(FARKLE if g is PENTA else PENTA)[0]
    other.action("new", {})
    html = other.host.screen_html
    theirs = html[html.index('<div class="modal-backdrop">') :]
    prefix = FARKLE.prefix if g is PENTA else PENTA.prefix
    assert theirs.replace(f"{prefix}-", "PREFIX-") == shared
    # The table behind the question is out of reach.
    assert "<div inert>" in host.screen_html


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_new_game_opens_at_the_top_of_the_page(g: Game) -> None:
    app, host = open_game(g)
    before = len(host.performed_of(ScrollTop))
    app.action("start", {})
    assert len(host.performed_of(ScrollTop)) == before + 1
    app.action("roll", {})
    assert len(host.performed_of(ScrollTop)) == before + 1  # not on every step of the game


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_computer_s_turn_stays_readable_in_its_log(g: Game) -> None:
    app, host = open_game(g, {"dice": TURN_DICE[g.name]})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    end_turn(g, app)  # Ann's turn ends: the computer's begins, a step a second
    # Ann's outcome stays on the table for 2 s first, not the normal pace's 1 s.
    host.advance(1000)
    assert Page(host.screen_html).text[f"{g.prefix}-turn-log-title"] == "Ann’s last turn"
    host.advance(READ_MS["normal"] - 1000)
    page = Page(host.screen_html)
    assert page.text[f"{g.prefix}-turn-log-title"] == "Computer’s turn"
    first = Page(host.screen_html).text[f"{g.prefix}-turn-log-steps"]
    assert first.startswith("Rolled" if g is PENTA else "Computer rolls")
    for _ in range(40):
        if game(app).current == 0:
            break
        host.advance(1000)
    assert game(app).current == 0  # Ann again
    page = Page(host.screen_html)
    assert page.text[f"{g.prefix}-turn-log-title"] == "Computer’s last turn"
    last = screen(app).log.turns[-1]
    assert last.seat == 1 and len(last.steps) >= 2
    assert Page(host.screen_html).text[f"{g.prefix}-turn-log-steps"].startswith(first)
    # Ann's turn takes its place; the computer's stays in the game log, folded.
    app.action("roll", {})
    page = Page(host.screen_html)
    assert page.text[f"{g.prefix}-turn-log-title"].startswith("Ann’s")  # (Farkle: lost)
    assert first not in page.text[f"{g.prefix}-log-all"]  # folded: not drawn
    app.action("log", {})
    assert first in Page(host.screen_html).text[f"{g.prefix}-log-all"]


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_tap_on_the_table_says_the_outcome_is_read(g: Game) -> None:
    app, host = open_game(g, {"dice": TURN_DICE[g.name]})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    end_turn(g, app)  # the computer's turn, after the reading pause
    assert 'data-act="read-on"' in host.screen_html  # the table takes the tap
    title = f"{g.prefix}-turn-log-title"
    assert Page(host.screen_html).text[title] == "Ann’s last turn"
    app.action("read-on", {})
    assert 'data-act="read-on"' not in host.screen_html
    # The computer starts at the normal pace from the tap, not after the whole 2 s.
    host.advance(PACE_MS["normal"])
    assert PACE_MS["normal"] < READ_MS["normal"]
    assert Page(host.screen_html).text[title] == "Computer’s turn"


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_the_score_pad_offers_no_hand_over(g: Game) -> None:
    app, host = open_game(g)
    app.action("home", {})
    app.action("open", {"game": f"{g.name}-pad"})
    app.action("seat-add", {})
    assert f"{g.prefix}-handover-setting" not in host.screen_html
    app.action("home", {})
    app.action("open", {"game": g.name})
    app.action("seat-add", {})
    assert f"{g.prefix}-handover-setting" in host.screen_html


# -- feel ------------------------------------------------------------------------------------


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_persons_roll_vibrates_the_device_only_with_the_setting_on(g: Game) -> None:
    app, host = started(g)
    app.action("roll", {})
    assert [v.pattern for v in host.performed_of(Vibrate)] == [ROLL_BUZZ]
    g.hold(app)  # a hold is no roll: nothing
    assert [v.pattern for v in host.performed_of(Vibrate)] == [ROLL_BUZZ]
    app.set_setting("haptics", "off")
    app.action("roll", {})
    assert [v.pattern for v in host.performed_of(Vibrate)] == [ROLL_BUZZ]


def test_a_lost_turn_vibrates_more_and_the_computer_s_rolls_not_at_all() -> None:
    app, host = two_people(FARKLE, computer=True, dice="234623,234623,155234", pace="instant")
    app.action("roll", {})  # Ann: 2, 3, 4, 6, 2, 3 scores nothing
    assert [v.pattern for v in host.performed_of(Vibrate)] == [BUST_BUZZ]
    assert pass_device(app)
    app.action("roll", {})  # Ben loses his turn too; then the computer plays at once
    host.advance(0)
    assert [v.pattern for v in host.performed_of(Vibrate)] == [BUST_BUZZ, BUST_BUZZ]


# -- holding a die by its key -------------------------------------------------------------------

#: What is said of die 1 (a 1 on both games' scripted first roll), held and let go.
DIE_SAID = {
    "penta": ("Die 1, showing 1, held", "Die 1, showing 1"),
    "farkle": ("die 1, showing 1, set aside", "die 1, showing 1"),
}


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_a_die_held_by_its_key_is_said_aloud_and_a_tap_is_left_to_the_button(g: Game) -> None:
    app, host = started(g)
    app.action("roll", {})
    held, free = DIE_SAID[g.name]
    host.performed.clear()
    assert app.key("1")
    assert g.held(game(app))[0] in (True, 0) and g.held(game(app)) not in ([], [False] * 5)
    assert host.announced[-1] == held
    assert app.key("1")
    assert host.announced[-1] == free
    # A tap moves the focus to the die, whose pressed state a screen reader reads.
    host.performed.clear()
    g.hold(app)
    assert held not in host.announced


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_undo_of_the_last_person_s_decision_asks_once_the_device_has_passed(g: Game) -> None:
    dice = "11234,11234,11234" if g is PENTA else "155234,155234,155234"
    app, host = two_people(g, dice=dice)
    decide(g, app)  # Ann records Chance / banks 100
    before = copy.deepcopy(game(app).to_dict())
    assert pass_device(app)  # Ben has the device now
    app.action("undo", {})
    assert game(app).current == 1 and game(app).to_dict() == before  # nothing taken back
    said = "Take back Ann’s last decision? Press Undo again to take it back."
    assert host.announced[-1] == said and said in Page(host.screen_html).plain()
    app.action("undo", {})  # pressed again: it was meant
    assert game(app).current == 0 and game(app).undos[0] == 1
    # A press, then something else (the game log unfolded), then Undo: asked again.
    if g is PENTA:
        app.action("box", {"box": "chance"})
        app.action("validate", {})
    else:
        app.action("bank", {})
    assert pass_device(app)
    app.action("undo", {})
    app.action("log", {})
    app.action("undo", {})
    assert game(app).current == 1 and host.announced[-1] == said


@pytest.mark.parametrize("g", GAMES, ids=ids)
def test_undo_on_the_hand_over_card_takes_back_at_once(g: Game) -> None:
    dice = "11234,11234" if g is PENTA else "155234,155234"
    app, _ = two_people(g, dice=dice)
    decide(g, app)
    assert screen(app).handover == 1  # the card: Ann still holds the device
    app.action("undo", {})
    assert game(app).current == 0 and game(app).undos[0] == 1
