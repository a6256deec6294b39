"""The Penta screen's controller, driven natively with a fake page."""

from __future__ import annotations

import json

from fake_host import PENTA_TABLE, FakeHost, start_penta
from zaria.penta.game import PentaGame
from zaria.penta.scoring import Box
from zaria_web.app import App
from zaria_web.penta_screen import TABLE_URL, PentaScreen


def screen(app: App) -> PentaScreen:
    assert isinstance(app.screen, PentaScreen)
    return app.screen


def game(app: App) -> PentaGame:
    g = screen(app).game
    assert g is not None
    return g


def test_auto_record_waits_its_delay_then_takes_the_optimal_box() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    for _ in range(3):
        app.action("roll", {})
    assert "Recording automatically in 3" in host.screen_html
    host.advance(2900)
    assert game(app).round == 1
    host.advance(200)
    assert game(app).sheets[0][Box.FOURS] == 12  # not Aces, nor the 15 of Chance
    assert game(app).round == 2


def test_a_longer_delay_and_off_are_respected() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"}, autorecord="5")
    for _ in range(3):
        app.action("roll", {})
    host.advance(4500)
    assert game(app).round == 1
    host.advance(600)
    assert game(app).round == 2
    app, host = start_penta({"dice": "11111,11111,44421"}, autorecord="off")
    for _ in range(3):
        app.action("roll", {})
    host.advance(60_000)
    assert game(app).round == 1
    assert "Recording automatically" not in host.screen_html


def test_leaving_for_the_rules_and_coming_back_restarts_the_countdown() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    for _ in range(3):
        app.action("roll", {})
    penta = game(app)
    app.action("rules", {"game": "penta"})
    host.advance(10_000)
    assert penta.round == 1  # nothing recorded behind the player's back
    app.action("open", {"game": "penta"})
    assert host.scrolled_to_top >= 2
    host.advance(3100)
    assert game(app).sheets[0][Box.FOURS] == 12


def test_selecting_a_box_cancels_the_countdown_and_validate_records_it() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    for _ in range(3):
        app.action("roll", {})
    app.action("box", {"box": "chance"})
    host.advance(20_000)
    assert game(app).round == 1
    app.action("validate", {})
    assert game(app).sheets[0][Box.CHANCE] == 15


def test_the_computer_plays_its_turn_step_by_step_at_its_pace() -> None:
    app, host = start_penta({"seed": "3"}, computer=True, pace="fast")
    app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    assert game(app).current == 1
    host.advance(300)
    assert game(app).dice is not None and game(app).current == 1  # it rolled, visibly
    host.advance(300 * 12)
    assert game(app).current == 0 and game(app).round == 2
    assert sum(v is not None for v in game(app).sheets[1].values()) == 1


def test_a_save_resumes_mid_turn_and_a_bad_one_is_set_aside() -> None:
    app, host = start_penta({"dice": "61616,2222"})
    app.action("roll", {})
    app.action("hold", {"index": "0"})
    saved = dict(host.storage)
    again = App(FakeHost(storage=saved), {})
    again.host.files[TABLE_URL] = PENTA_TABLE  # type: ignore[attr-defined]
    again.action("open", {"game": "penta"})
    g = screen(again).game
    assert g is not None and g.dice == (6, 1, 6, 1, 6) and g.held[0] and g.rolls_used == 1
    broken = {k: v for k, v in saved.items()}
    key = next(k for k in broken if k.endswith("save.penta"))
    data = json.loads(broken[key])
    data["state"]["game"]["rolls_used"] = 7
    broken[key] = json.dumps(data)
    third = App(FakeHost(storage=broken), {})
    third.action("open", {"game": "penta"})
    assert screen(third).game is None  # a fresh game is offered
    assert "was damaged" in third.host.screen_html  # type: ignore[attr-defined]
    assert any(k.startswith("zaria.badsave.penta") for k in broken)


def test_the_review_counts_a_costly_choice() -> None:
    # Re-rolling a Penta twice is costly, and so is Chance for 4,4,4,2,1 (Fours is best).
    app, _ = start_penta({"dice": "11111,11111,44421"})
    for _ in range(3):
        app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    decisions = screen(app).decisions
    assert [d.roll for d in decisions] == [1, 2, 3]
    assert decisions[0].chosen == "keep:" and decisions[0].best == "box:penta"
    d = decisions[2]
    assert d.chosen == "box:chance" and d.best == "box:fours" and d.cost > 1


def test_coach_marks_the_best_option() -> None:
    app, host = start_penta({"dice": "44256"}, coach="on")
    app.action("roll", {})
    assert "Best: keep 4 4 and roll again" in host.screen_html
    assert host.screen_html.count('class="coach-ev') == 13


def test_a_bad_seed_or_script_is_explained_in_the_players_language() -> None:
    host = FakeHost({"zaria.lang": "el"})
    app = App(host, {"seed": "abc"})
    app.action("open", {"game": "penta"})
    assert "Ο σπόρος στη διεύθυνση, «abc», δεν είναι ακέραιος αριθμός" in host.screen_html
    assert "whole number" not in host.screen_html
    host = FakeHost({"zaria.lang": "fr"})
    app = App(host, {"dice": "12,7x"})
    app.action("open", {"game": "penta"})
    assert "le groupe 2 «\u202f7x\u202f»" in host.screen_html
    assert "malformed" not in host.screen_html
