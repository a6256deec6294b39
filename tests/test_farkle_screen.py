"""Farkle's screen in the browser layer, driven natively through the app with a fake page."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from fake_host import FakeHost, Page, pass_device, screen
from zaria.dice import RandomRoller
from zaria.farkle.errors import FarkleActionError
from zaria.farkle.game import FarkleGame
from zaria.farkle.strategy import expert_table
from zaria.i18n import Translator, catalogue
from zaria_web.app import App
from zaria_web.farkle import screen as farkle_screen
from zaria_web.play.screen import READ_MS
from zaria_web.runtime.effects import Announce


class Host(FakeHost):
    """The fake page, read for what was said and whether assertively."""

    @property
    def said(self) -> list[tuple[str, bool]]:
        return [(a.text, a.assertive) for a in self.performed_of(Announce)]


def make(
    params: dict[str, str] | None = None,
    storage: dict[str, str] | None = None,
    lang: str = "en",
) -> tuple[App, Host]:
    host = Host(storage if storage is not None else {"zaria.lang": lang})
    app = App(host, params=params or {})
    app.action("open", {"game": "farkle"})
    return app, host


def start(
    script: str,
    names: tuple[str, ...] = ("Alice",),
    computer: bool = True,
    target: int = 10000,
    level: str = "normal",
    pace: str | None = None,
    lang: str = "en",
) -> tuple[App, Host]:
    """A game started from the dialog, with scripted dice."""
    app, host = make({"dice": script}, lang=lang)
    for i, name in enumerate(names):
        if i:
            app.action("seat-add", {})
        app.action("seat-name", {"index": str(i), "value": name, "event": "input"})
    if not computer:
        app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("seat-level", {"value": level, "event": "change"})
    app.action("target", {"value": str(target), "event": "change"})
    if pace is not None:
        app.action("setting", {"key": "pace", "value": pace, "event": "change"})
    app.action("start", {})
    return app, host


def page(host: Host) -> Page:
    return Page(host.screen_html)


def game(app: App) -> FarkleGame:
    g = screen(app).game
    assert g is not None
    return g


def tap(app: App, *positions: int) -> None:
    for pos in positions:
        app.action("toggle", {"pos": str(pos)})


def roll(app: App) -> None:
    """The player whose turn it is rolls (taking the device first, when it is passed)."""
    pass_device(app)
    app.action("roll", {})


def bank(app: App) -> None:
    app.action("bank", {})


# -- the new game dialog -------------------------------------------------------------


def test_dialog_defaults_title_and_players() -> None:
    app, host = make()
    p = page(host)
    assert p.text["fk-setup-title"] == "Humans + 1 computer"
    assert "checked" in p.tags["fk-computer"]
    assert "checked" in p.tags["fk-target-10000"]
    assert "checked" not in p.tags["fk-target-5000"]
    assert "checked" in p.tags["fk-level-normal"]
    assert not p.has("fk-remove-0")  # one player cannot be removed
    app.action("seat-computer", {"value": "off", "event": "change"})
    p = page(host)
    assert p.text["fk-setup-title"] == "Humans"
    assert "disabled" in p.tags["fk-level-expert"]
    for _ in range(7):
        app.action("seat-add", {})
    p = page(host)
    assert p.has("fk-name-5") and not p.has("fk-name-6")
    assert not p.has("fk-add")
    app.action("seat-remove", {"index": "2"})
    assert len(screen(app).form.names) == 5
    assert host.focused == "#fk-name-2"


@pytest.mark.parametrize(
    ("lang", "with_ai", "without"),
    [
        ("fr", "Humains + 1 IA", "Humains"),
        ("el", "Άνθρωποι + 1 υπολογιστής", "Άνθρωποι"),
        ("tr", "İnsanlar + 1 bilgisayar", "İnsanlar"),
    ],
)
def test_dialog_title_in_each_language(lang: str, with_ai: str, without: str) -> None:
    app, host = make(lang=lang)
    assert page(host).text["fk-setup-title"] == with_ai
    app.action("seat-computer", {"value": "off", "event": "change"})
    assert page(host).text["fk-setup-title"] == without


def test_start_seats_humans_then_the_computer_and_saves() -> None:
    app, host = start("123466", names=("Alice", "", "Bob"), level="expert", target=5000)
    g = game(app)
    assert [(s.name, s.computer, s.level) for s in g.seats] == [
        ("Alice", False, ""),
        ("Player 2", False, ""),
        ("Bob", False, ""),
        ("Computer", True, "expert"),
    ]
    assert g.target == 5000
    saved = json.loads(host.storage["zaria.save.farkle"])["state"]
    assert FarkleGame.from_dict(saved["engine"]) == g
    p = page(host)
    assert p.text["fk-turn"] == "Alice’s turn"
    assert p.enabled("fk-roll") and not p.enabled("fk-bank")
    assert "Target 5,000" in p.plain()


def test_malformed_dice_script_is_shown_and_the_game_still_plays() -> None:
    # Seeded, so that the random dice that replace the script never bust at once.
    app, host = make({"dice": "12x", "seed": "1"})
    assert "The dice script in the address is malformed" in page(host).plain()
    assert "group 1 “12x” may hold only the digits 1 to 6" in page(host).plain()
    app.action("start", {})
    roll(app)
    assert len(page(host).dice()) == 6
    assert "malformed" in page(host).plain()


# -- setting aside ---------------------------------------------------------------------


def test_a_die_that_fits_no_combination_is_refused_and_stays_in_play() -> None:
    app, host = start("123466", computer=False)
    roll(app)
    p = page(host)
    assert p.dice() == [1, 2, 3, 4, 6, 6]
    assert "rolling" in (p.tags["fk-die-1"]["class"] or "")
    tap(app, 2)
    p = page(host)
    assert p.text["fk-note"] == "This 2 fits no scoring combination of this roll"
    assert not p.pressed(2)
    assert "refused" in (p.tags["fk-die-2"]["class"] or "")
    assert "rolling" not in (p.tags["fk-die-1"]["class"] or "")
    assert ("This 2 fits no scoring combination of this roll", True) in host.said
    assert not p.enabled("fk-roll") and not p.enabled("fk-bank")
    tap(app, 1)
    p = page(host)
    assert p.pressed(1)
    assert p.tags["fk-die-1"]["aria-label"] == "die 1, showing 1, set aside"
    assert p.text["fk-note"] == ""
    assert p.text["fk-selection"] == "+100"
    assert p.enabled("fk-roll") and p.enabled("fk-bank")
    assert p.text["fk-risk"] == "7.7%"
    assert "5 dice" in p.plain()


def test_a_triple_built_tap_by_tap_enables_roll_only_when_complete() -> None:
    app, host = start("222346", computer=False)
    roll(app)
    tap(app, 1)
    p = page(host)
    assert p.pressed(1) and not p.enabled("fk-roll") and not p.enabled("fk-bank")
    assert p.text["fk-selection"] == "2: no combination yet"
    tap(app, 2)
    assert not page(host).enabled("fk-roll")
    tap(app, 3)
    p = page(host)
    assert p.enabled("fk-roll") and p.enabled("fk-bank")
    assert p.text["fk-selection"] == "+200"
    assert p.text["fk-bank-after"] == "total 200"
    tap(app, 3)  # put one back: the pair alone does not score
    assert not page(host).enabled("fk-roll")


def test_dice_set_aside_in_an_earlier_roll_cannot_be_put_back() -> None:
    app, host = start("123466,22234", computer=False)
    roll(app)
    tap(app, 1)
    roll(app)
    p = page(host)
    assert p.dice() == [2, 2, 2, 3, 4]
    assert not p.has("fk-die-6")
    assert "Roll 1: 1, 100 points" in p.plain()
    assert p.text["fk-turn-total"] == "100"
    assert app.key("6")
    p = page(host)
    assert p.text["fk-note"] == "That 1 was set aside from an earlier roll: it stays aside."
    assert game(app).set_aside == (((1,), 100),)
    assert game(app).dice_in_play == 5


def test_risk_of_the_next_roll_for_six_dice_and_one_die() -> None:
    app, host = start("123466,22234,53", computer=False)
    assert page(host).text["fk-risk"] == "2.3%"
    roll(app)
    tap(app, 1)
    roll(app)
    tap(app, 1, 2, 3)
    assert page(host).text["fk-risk"] == "44.4%"
    roll(app)
    tap(app, 1)
    p = page(host)
    assert p.text["fk-risk"] == "66.7%"
    assert "(1 die)" in p.plain()
    bank(app)
    assert game(app).banked == (350,)


@pytest.mark.parametrize(
    ("lang", "six", "one"),
    [
        ("en", "2.3%", "66.7%"),
        ("fr", "2,3\u202f%", "66,7\u202f%"),
        ("el", "2,3\u00a0%", "66,7\u00a0%"),
        ("tr", "%2,3", "%66,7"),
    ],
)
def test_risk_is_written_the_language_s_way(lang: str, six: str, one: str) -> None:
    tr = Translator(lang)
    assert tr.percent(Fraction(5, 216)) == six
    assert tr.percent(Fraction(2, 3)) == one


def test_keyboard_shortcuts_roll_toggle_and_bank() -> None:
    app, host = start("155234", computer=False)
    assert app.key("R")
    assert page(host).dice() == [1, 5, 5, 2, 3, 4]
    assert app.key("1") and app.key("2")
    assert page(host).pressed(1) and page(host).pressed(2)
    assert app.key("b")
    assert game(app).banked == (150,)
    assert not app.key("x")


def test_roll_and_bank_refusals_are_explained() -> None:
    app, host = start("222346", computer=False)
    assert app.key("b")
    assert page(host).text["fk-note"] == "The turn has no points yet: roll first."
    roll(app)
    assert app.key("r")
    assert page(host).text["fk-note"] == "Set aside at least one scoring die first."
    tap(app, 1, 2)
    assert app.key("r")
    assert page(host).text["fk-note"].startswith("Not yet: the 2 you selected")
    assert game(app).roll == (2, 2, 2, 3, 4, 6)  # nothing was rolled


# -- the events --------------------------------------------------------------------------


def test_lost_turn_in_french_keeps_the_banked_total() -> None:
    app, host = start(
        "111234,155234,155234,23466", names=("Alice", "Bob"), computer=False, lang="fr"
    )
    roll(app)
    tap(app, 1, 2, 3)
    bank(app)
    roll(app)  # Bob
    tap(app, 1)
    bank(app)
    roll(app)  # Alice again
    tap(app, 1)
    roll(app)  # 2, 3, 4, 6, 6: nothing scores
    g = game(app)
    assert g.banked == (1000, 100)
    assert g.current == 1
    p = page(host)
    assert "Tour perdu !" in p.plain()
    assert "Alice perd les 100 points de ce tour\u202f; le total encaissé reste à 1\u202f000." in (
        p.plain()
    )
    loud = [t for t, a in host.said if a]
    assert loud and loud[-1].startswith("Alice lance 2, 3, 4, 6, 6. Tour perdu !")
    assert "À Bob de jouer" in loud[-1]
    assert p.text["fk-turn"] == "À Bob de jouer"
    assert "Passez l’appareil à Bob." in p.text["fk-sub"]
    # The roll that scored nothing stays in view until the next roll.
    assert "Le lancer qui ne rapporte rien\u202f: 2, 3, 4, 6, 6" in p.plain()


def test_hot_dice_brings_all_six_dice_back() -> None:
    app, host = start("112233,155234", computer=False)
    roll(app)
    tap(app, 1, 2, 3, 4, 5)
    assert "Hot dice!" not in page(host).plain()
    tap(app, 6)
    p = page(host)
    assert "Hot dice! All six dice are set aside: roll all six again, or bank 1,500." in p.plain()
    assert p.text["fk-risk"] == "2.3%"
    assert (
        "Hot dice! All six dice are set aside: roll all six again, or bank 1,500.",
        True,
    ) in host.said
    roll(app)
    p = page(host)
    assert p.dice() == [1, 5, 5, 2, 3, 4]
    assert p.text["fk-turn-total"] == "1,500"
    assert "All six dice are back in play; the turn keeps its 1,500 points." in p.plain()
    assert any(a and "Hot dice!" in t for t, a in host.said[-1:])


def test_last_round_counts_the_turns_left_with_three_players() -> None:
    app, host = start(
        "111111,111111,155234,234662",
        names=("Alice", "Bob", "Carol"),
        computer=False,
        target=5000,
    )
    roll(app)
    tap(app, 1, 2, 3, 4, 5, 6)
    roll(app)
    tap(app, 1, 2, 3, 4, 5, 6)
    bank(app)
    g = game(app)
    assert g.banked == (6000, 0, 0)
    pass_device(app)
    p = page(host)
    assert "Alice reached 6,000: every other player has one more turn." in p.plain()
    # On the table, the last round is named once: by the head's line, with the turns left.
    assert p.text["fk-lastround"] == "Last round! 2 turns left"
    assert p.plain().count("Last round") == 1
    assert any(a and "Last round!" in t for t, a in host.said)
    roll(app)  # Bob
    tap(app, 1)
    bank(app)
    assert page(host).text["fk-lastround"] == "Last round! 1 turn left"
    roll(app)  # Carol scores nothing: the game ends
    assert game(app).over
    p = page(host)
    assert p.text["fk-over-title"] == "Alice wins!"
    assert "zaria.save.farkle" not in host.storage


def test_target_5000_ends_the_game_where_10000_goes_on() -> None:
    for target, over in ((5000, True), (10000, False)):
        app, _ = start("111111,111111,234662", computer=False, target=target)
        roll(app)
        tap(app, 1, 2, 3, 4, 5, 6)
        roll(app)
        tap(app, 1, 2, 3, 4, 5, 6)
        bank(app)
        assert game(app).banked == (6000,)
        assert game(app).over is over


# -- the computer -------------------------------------------------------------------------


def test_computer_turn_plays_out_step_by_step_at_normal_pace() -> None:
    app, host = start("123466,155223,11134")
    roll(app)
    tap(app, 1)
    bank(app)
    assert game(app).current == 1
    p = page(host)
    assert p.text["fk-turn"] == "Computer’s turn"
    assert not p.enabled("fk-roll")
    # The person's bank stays on the table 2 s before the computer's first roll.
    host.advance(1999)
    assert game(app).roll is None
    host.advance(1)
    p = page(host)
    assert p.dice() == [1, 5, 5, 2, 2, 3]
    assert not p.enabled("fk-die-1")  # the person cannot touch the computer's dice
    host.advance(1000)
    p = page(host)
    assert p.pressed(1) and not p.pressed(2)
    assert ("Computer sets aside 1.", False) in host.said
    host.advance(1000)
    assert page(host).dice() == [1, 1, 1, 3, 4]
    assert page(host).text["fk-turn-total"] == "100"
    host.advance(1000)
    assert [page(host).pressed(i) for i in range(1, 6)] == [True, True, True, False, False]
    host.advance(1000)
    g = game(app)
    assert g.banked == (100, 1100)
    assert g.current == 0
    p = page(host)
    assert "Computer banks 1,100" in p.plain()
    assert p.text["fk-turn"] == "Alice’s turn"
    assert p.enabled("fk-roll")
    assert host.focused == "#fk-roll"
    assert not host.timers


def test_a_play_key_during_the_computer_s_turn_is_refused() -> None:
    app, host = start("123466,155223,11134")
    roll(app)
    tap(app, 1)
    bank(app)
    assert app.key("r")
    assert page(host).text["fk-note"] == "Wait: it is the computer’s turn."
    assert game(app).roll is None


@pytest.mark.parametrize(("pace", "step"), [("fast", 300), ("normal", 1000)])
def test_computer_pace_sets_the_time_between_steps(pace: str, step: int) -> None:
    app, host = start("123466,155223,11134", pace=pace)
    assert app.settings["pace"] == pace
    if pace != "normal":  # normal is the default: nothing to remember
        assert json.loads(host.storage["zaria.settings"])["pace"] == pace
    roll(app)
    tap(app, 1)
    bank(app)
    # The person's bank is read first: longer than a step, shorter at the fast pace.
    host.advance(READ_MS[pace] - 1)
    assert game(app).roll is None
    host.advance(1)
    assert game(app).roll is not None
    host.advance(4 * step)
    assert game(app).banked == (100, 1100)


def test_instant_pace_plays_the_whole_turn_at_once_and_says_it_once() -> None:
    app, host = start("123466,155223,11134", pace="instant")
    roll(app)
    tap(app, 1)
    bank(app)
    before = len(host.said)
    host.advance(0)
    assert game(app).banked == (100, 1100)
    new = host.said[before:]
    assert len(new) == 1
    assert "Computer rolls 1, 5, 5, 2, 2, 3." in new[0][0]
    assert "Computer banks 1,100. New total: 1,100." in new[0][0]


def test_changing_the_pace_during_the_computer_s_turn_applies_at_once() -> None:
    app, host = start("123466,155223,11134")
    roll(app)
    tap(app, 1)
    bank(app)
    app.action("setting", {"key": "pace", "value": "fast", "event": "change"})
    host.advance(READ_MS["fast"])
    assert game(app).roll is not None


def test_expert_tables_are_built_only_when_an_expert_game_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expert_table.cache_clear()
    monkeypatch.setattr(farkle_screen, "EXPERT_BUILT", {})
    app, host = start("123466")
    host.advance(5000)
    assert expert_table.cache_info().currsize == 0
    app.action("new", {})
    app.action("confirm-new", {})
    app.action("seat-level", {"value": "expert", "event": "change"})
    app.action("start", {})
    assert expert_table.cache_info().currsize == 0  # not before the table is drawn
    p = page(host)
    assert p.text["fk-prep"] == "Preparing the computer player…"
    assert 'data-computer="wait"' in p.html
    host.advance(farkle_screen.PREPARE_MS)
    assert expert_table.cache_info().currsize == 1
    assert not page(host).has("fk-prep") and 'data-computer="ready"' in host.screen_html


def test_expert_computer_plays_a_turn() -> None:
    app, host = start("123466,155223,11134,666", level="expert", pace="fast")
    roll(app)
    tap(app, 1)
    bank(app)
    host.advance(300 * 200)
    g = game(app)
    assert g.current == 0
    assert g.turns == (1, 1)


# -- the end --------------------------------------------------------------------------------


def test_a_scripted_game_reaches_the_winner_screen_then_plays_again() -> None:
    app, host = start("111111,111111,234662", target=5000, pace="instant")
    roll(app)
    tap(app, 1, 2, 3, 4, 5, 6)
    roll(app)
    tap(app, 1, 2, 3, 4, 5, 6)
    bank(app)
    host.advance(0)
    g = game(app)
    assert g.over and g.banked == (6000, 0)
    p = page(host)
    assert p.text["fk-over-title"] == "Alice wins!"
    rows = re.findall(r'<tr class="fk-rank[^"]*">(.*?)</tr>', p.html)
    assert [" ".join(re.sub(r"<[^>]+>", " ", r).split()) for r in rows] == [
        "1 Alice 6,000",
        "2 Computer 0",
    ]
    assert "zaria.save.farkle" not in host.storage
    assert host.focused == "#fk-over-title"
    app.action("again", {})
    g2 = game(app)
    assert g2 is not g and g2.seats == g.seats and g2.target == 5000
    assert g2.banked == (0, 0) and not g2.over
    assert "zaria.save.farkle" in host.storage
    app.action("new", {})  # a game just started: asks first
    assert page(host).has("fk-confirm")


def test_new_game_from_the_winner_screen_keeps_the_names() -> None:
    app, host = start("111111,111111,234662", names=("Ann",), target=5000, pace="instant")
    roll(app)
    tap(app, 1, 2, 3, 4, 5, 6)
    roll(app)
    tap(app, 1, 2, 3, 4, 5, 6)
    bank(app)
    host.advance(0)
    app.action("new", {})
    p = page(host)
    assert p.tags["fk-name-0"]["value"] == "Ann"
    assert "checked" in p.tags["fk-target-5000"]


def test_a_tie_is_a_shared_win() -> None:
    app, host = start("155234,155234", names=("Ann", "Bo"), computer=False, target=5000)
    screen(app).game = FarkleGame.from_dict({**game(app).to_dict(), "banked": [4900, 4850]})
    roll(app)
    tap(app, 1)
    bank(app)  # Ann 5,000: last round
    roll(app)
    tap(app, 1, 2)
    bank(app)  # Bo 5,000
    assert page(host).text["fk-over-title"] == "Shared win: Ann, Bo!"
    assert "1 Ann 5,000" in page(host).plain() and "1 Bo 5,000" in page(host).plain()


# -- saving and resuming ---------------------------------------------------------------------


def test_resume_restores_dice_selection_groups_and_turn_and_continues_the_script() -> None:
    script = "111234,523,112233,155234"
    app, host = start(script, names=("Ann", "Bo"), computer=False)
    roll(app)
    tap(app, 1, 2, 3)
    roll(app)
    tap(app, 1)
    before = Page(host.screen_html)
    storage = host.storage
    app2, host2 = make({"dice": script}, storage=storage)
    g = game(app2)
    assert g.roll == (5, 2, 3) and g.selected == (0,)
    assert g.set_aside == (((1, 1, 1), 1000),)
    assert g.current == 0
    after = page(host2)
    assert after.dice() == before.dice()
    assert after.pressed(1)
    assert "Your saved game is back where you left it." in after.plain()
    bank(app2)
    roll(app2)  # Bo's roll is the script's third group, not its first
    assert game(app2).roll == (1, 1, 2, 2, 3, 3)


def test_resume_picks_up_a_computer_turn_in_progress() -> None:
    app, host = start("123466,155223,11134")
    roll(app)
    tap(app, 1)
    bank(app)
    host.advance(READ_MS["normal"] + 1000)  # the computer rolled and set aside its 1
    assert game(app).selected == (0,)
    app2, host2 = make({"dice": "123466,155223,11134"}, storage=host.storage)
    assert game(app2).current == 1 and game(app2).selected == (0,)
    assert host2.timers
    host2.advance(3000)
    assert game(app2).banked == (100, 1100)


def test_leaving_stops_the_computer_and_coming_back_resumes_it() -> None:
    app, host = start("123466,155223,11134")
    roll(app)
    tap(app, 1)
    bank(app)
    farkle = screen(app)
    app.action("home", {})
    assert not host.timers
    host.advance(5000)
    assert farkle.game is not None and farkle.game.roll is None
    app.action("open", {"game": "farkle"})
    host.advance(5000)
    assert game(app).banked == (100, 1100)


def test_new_game_over_a_saved_one_asks_first() -> None:
    app, host = start("155234", names=("Ann",), computer=False)
    roll(app)
    app2, host2 = make(storage=host.storage)
    assert page(host2).text["fk-turn"] == "Ann’s turn"  # resumed, no dialog
    app2.action("new", {})
    p = page(host2)
    assert p.text["fk-confirm-title"] == "Start a new game?"
    assert 'role="alertdialog"' in p.html and "inert" in p.html
    assert host2.focused == "#fk-keep"
    app2.action("keep-playing", {})
    assert not page(host2).has("fk-confirm")
    assert app2.key("n") is False
    app2.action("new", {})
    assert app2.key("Escape") and not page(host2).has("fk-confirm")
    app2.action("new", {})
    app2.action("confirm-new", {})
    assert page(host2).has("fk-start") and page(host2).has("fk-back")
    assert "zaria.save.farkle" in host2.storage  # nothing lost until the new game starts
    app2.action("back", {})
    assert game(app2).roll == (1, 5, 5, 2, 3, 4)
    app2.action("new", {})
    app2.action("confirm-new", {})
    app2.action("start", {})
    assert game(app2).roll is None and game(app2).turns == (0,)


def test_an_unreadable_save_shows_the_dialog_with_a_notice() -> None:
    host = Host({"zaria.lang": "en"})
    app = App(host, params={})
    app.ctx.saves.save("farkle", {"engine": {"game": "farkle", "version": 99}})
    app.action("open", {"game": "farkle"})
    p = page(host)
    assert p.has("fk-start")
    assert screen(app).notice is not None
    assert "notice" in p.html


def test_every_saved_state_of_a_game_resumes_to_the_same_screen() -> None:
    script = "155234,2356,123466"
    app, host = start(script, names=("Ann", "Bo"), computer=False)
    steps: list[Callable[[], None]] = [
        lambda: roll(app),
        lambda: tap(app, 1),
        lambda: tap(app, 2),
        lambda: roll(app),
        lambda: tap(app, 3),
        lambda: bank(app),
        lambda: roll(app),
        lambda: tap(app, 1),
        lambda: bank(app),
    ]
    for step in steps:
        step()
        again, host2 = make({"dice": script}, storage=dict(host.storage))
        assert game(again) == game(app)
        screen(app).notice = None
        screen(again).notice = None
        app.redraw()
        again.redraw()
        assert Page(host2.screen_html).text == Page(host.screen_html).text
    assert game(app).banked == (200, 100)


def test_a_seeded_game_resumed_rolls_what_it_would_have_rolled() -> None:
    def begin(params: dict[str, str]) -> tuple[App, Host]:
        app, host = make(params)
        app.action("seat-computer", {"value": "off", "event": "change"})
        app.action("start", {})
        return app, host

    app, host = begin({"seed": "7"})
    roll(app)
    first = game(app).roll
    assert first is not None and first == RandomRoller(7).roll(6)
    tap(app, game(app).scoreable.index(True) + 1)
    again, _ = make({"seed": "7"}, storage=dict(host.storage))
    roll(app)
    roll(again)
    assert game(again) == game(app)
    assert game(again).roll != first[: len(game(again).roll or ())]


def test_the_scoring_card_is_one_tap_away_on_the_table() -> None:
    app, host = start("123466", computer=False)
    p = page(host)
    assert p.text["fk-card-summary"] == "Scoring"
    assert "open" not in p.tags["fk-card"]
    app.action("card", {})
    roll(app)  # the card stays open while the table is redrawn
    p = page(host)
    assert "open" in p.tags["fk-card"]
    card = p.text["fk-card"]
    for words in (
        "Each single 1 100",
        "Three 1s 1,000",
        "Three 2s / 3s / 4s / 5s / 6s 200\u00a0/ 300\u00a0/ 400\u00a0/ 500\u00a0/ 600",
        "Six of a kind 3,000",
        "Three pairs (four of a kind + a pair counts as three pairs) 1,500",
        "Two triplets 2,500",
        "four 1s are 1,100 (three 1s + a 1), not 1,000; six 2s are 3,000",
        "6 dice 2.3%",
        "1 die 66.7%",
    ):
        assert words in card, words


# -- languages -------------------------------------------------------------------------------


def _farkle_keys(lang: str) -> set[str]:
    return {k for k in catalogue(lang) if k.startswith(("farkle.", "err.farkle."))}


def test_engine_refusals_all_have_messages() -> None:
    raised = set(re.findall(r'"(err\.farkle\.[a-z_]+)"', _engine_sources()))
    assert raised and raised <= _farkle_keys("en")


def _engine_sources() -> str:
    import zaria.farkle.game
    import zaria.farkle.scoring

    out = ""
    for mod in (zaria.farkle.game, zaria.farkle.scoring):
        assert mod.__file__ is not None
        with open(mod.__file__, encoding="utf-8") as f:
            out += f.read()
    return out


def test_the_rules_words_in_french_and_greek() -> None:
    fr, el = catalogue("fr"), catalogue("el")
    assert fr["farkle.lost_turn"] == "Tour perdu !"
    assert fr["farkle.hot_dice"] == "Dés chauds !"
    assert fr["farkle.last_round"] == "Dernier tour !"
    assert fr["farkle.setup.title_computer"] == "Humains + 1 IA"
    assert (el["common.roll"], el["farkle.bank"], el["common.new_game"]) == (
        "Ρίξτε",
        "Εξαργύρωση",
        "Νέο παιχνίδι",
    )


@pytest.mark.parametrize("lang", ["el", "tr"])
def test_greek_and_turkish_events_are_in_their_own_words(lang: str) -> None:
    own, en, fr = catalogue(lang), catalogue("en"), catalogue("fr")
    for key in ("farkle.lost_turn", "farkle.hot_dice", "farkle.last_round"):
        assert own[key] not in (en[key], fr[key])


@pytest.mark.parametrize(
    ("lang", "roll", "bank", "die"),
    [
        ("en", "Roll", "Bank", "die 3, showing 5, set aside"),
        ("fr", "Lancer", "Encaisser", "dé 3, qui montre 5, mis de côté"),
        ("el", "Ρίξτε", "Εξαργύρωση", "ζάρι 3, δείχνει 5, στην άκρη"),
        ("tr", "At", "Kasaya koy", "zar 3, 5 gösteriyor, kenara ayrıldı"),
    ],
)
def test_controls_are_named_in_the_language(lang: str, roll: str, bank: str, die: str) -> None:
    app, host = start("125346", computer=False, lang=lang)
    app.action("roll", {})
    tap(app, 3)
    p = page(host)
    assert p.text["fk-roll"].startswith(roll + " R")
    assert p.text["fk-bank"].startswith(bank + " B")
    assert p.tags["fk-die-3"]["aria-label"] == die
    app.action("lang", {"value": "en"})
    assert page(host).text["fk-roll"] == "Roll R 5 dice"  # and the dice it throws


def test_refusal_errors_are_the_engine_s() -> None:
    app, _ = start("123466", computer=False)
    roll(app)
    with pytest.raises(FarkleActionError) as err:
        game(app).toggle(1)
    assert err.value.msg_id == "err.farkle.die_cannot_score"


def test_players_with_the_same_name_are_told_apart() -> None:
    app, _ = start("1", names=("Ann", "ann ", "computer", "W" * 30))
    assert [s.name for s in game(app).seats[:4]] == ["Ann", "ann 2", "computer 2", "W" * 24]
    assert game(app).seats[4].computer


def test_the_turn_is_named_once_to_a_screen_reader() -> None:
    _app, host = start("155234", names=("Lee",), computer=False)
    html = host.screen_html
    assert page(host).text["fk-turn"] == "Lee’s turn"
    # The table is not a region named by that heading (which would say it twice).
    assert 'aria-labelledby="fk-turn"' not in html
