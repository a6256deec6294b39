"""The Penta screen's controller, driven natively with a fake page."""

from __future__ import annotations

import json
import re

import pytest

from fake_host import PENTA_TABLE, FakeHost, Page, screen, start_penta
from zaria.penta.game import PentaGame
from zaria.penta.scoring import PENTA, Box
from zaria_web.app import App
from zaria_web.penta import screen as penta_screen
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.screen import READ_MS
from zaria_web.runtime.effects import Focus, ScrollTop


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
    assert len(host.performed_of(ScrollTop)) >= 2
    host.advance(3100)
    assert game(app).sheets[0][Box.FOURS] == 12


def test_moving_into_the_sheet_stops_the_countdown_and_says_so_once() -> None:
    app, host = start_penta({"dice": "11111,11111,44421,11111,11111,44421"})
    for _ in range(2):
        app.action("roll", {})
    assert 'data-focus-act="sheet-focus"' not in host.screen_html  # no countdown yet
    host.performed.clear()
    app.action("roll", {})
    # Said once as it starts, with how to stop it; the drawn countdown is not live.
    said = [a for a in host.announced if "Recording automatically in 3 s in Fours" in a]
    assert len(said) == 1 and "To stop it, choose a box" in said[0]
    page = Page(host.screen_html)
    assert page.tags["penta-countdown"]["aria-live"] == "off"
    assert page.tags["box-aces"]["data-focus-act"] == "sheet-focus"
    host.advance(1000)
    assert not [a for a in host.announced[1:] if "Recording automatically" in a]
    app.action("sheet-focus", {})
    assert host.announced[-1] == "Automatic recording stopped: choose a box, then Validate."
    assert 'id="penta-countdown"' not in host.screen_html
    assert 'data-focus-act="sheet-focus"' not in host.screen_html
    host.advance(20_000)
    assert game(app).round == 1  # nothing recorded while they listen to the boxes
    app.action("box", {"box": "fours"})
    app.action("validate", {})
    assert game(app).sheets[0][Box.FOURS] == 12
    # The next turn's last roll counts down again.
    for _ in range(3):
        app.action("roll", {})
    assert 'id="penta-countdown"' in host.screen_html
    host.advance(3100)
    assert game(app).round == 3


def test_the_key_s_moves_into_the_sheet_and_stops_the_countdown() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    assert app.key("s") is False  # nothing rolled: no box to choose yet
    app.action("roll", {})
    assert app.key("S")
    # Into the sheet from anywhere else, back to Roll from the sheet: one selector.
    into = "body:not(:has(.sheet :focus)) #box-{}, body:has(.sheet :focus) #penta-roll"
    assert host.focused == into.format("aces")  # the first box this roll may take
    app.action("box", {"box": "chance"})
    assert app.key("s") and host.focused == into.format("chance")  # the chosen one
    app.action("box", {"box": "chance"})  # unchosen
    for _ in range(2):
        app.action("roll", {})
    assert 'id="penta-countdown"' in host.screen_html
    assert app.key("s") and host.focused == into.format("fours")  # the box it would record in
    assert 'id="penta-countdown"' not in host.screen_html
    host.advance(20_000)
    assert game(app).round == 1  # stopped, as for any move into the sheet


def test_the_score_just_made_is_shown_but_not_read_twice() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    for _ in range(3):
        app.action("roll", {})
    host.advance(3100)
    said = [a for a in host.announced if "Recorded automatically" in a]
    assert len(said) == 1  # announced by the app …
    # … not by the table, whose status is no live region (nor anything in it).
    assert re.search(r'<p class="penta-msg last">', host.screen_html)
    status = host.screen_html.split('class="penta-status"', 1)[1].split('class="sheet-area', 1)[0]
    assert "aria-live" not in status and "role=" not in status


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
    host.advance(READ_MS["fast"] - 1)  # Ann's box is read first
    assert game(app).dice is None
    host.advance(1)
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
    data["state"]["engine"]["rolls_used"] = 7
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
    decisions = screen(app).part.decisions
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


# -- late callbacks, pauses and refused inputs ----------------------------------


def slow_table(monkeypatch: pytest.MonkeyPatch) -> FakeHost:
    """A page on which the strategy table is not loaded yet and downloads slowly."""
    monkeypatch.setitem(penta_screen.TABLES, "penta", penta_screen.table_file(PENTA))
    host = FakeHost()
    host.slow_downloads = True
    return host


def saved_chance(host: FakeHost) -> object:
    """The first player's Chance box in the stored save."""
    return json.loads(host.storage["zaria.save.penta"])["state"]["engine"]["sheets"][0]["chance"]


def test_a_new_game_after_a_recorded_box_opens_the_setup() -> None:
    app, host = start_penta({"seed": "1"})
    app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    app.action("new", {})
    assert 'id="penta-keep"' in host.screen_html
    app.action("confirm-new", {})  # yes, leave it for a new one
    assert screen(app).phase == "setup" and 'id="penta-start"' in host.screen_html
    # Until a new game starts, the old one is kept, and the form leads back to it.
    assert saved_chance(host) == game(app).sheets[0][Box.CHANCE] is not None
    app.action("home", {})
    app.action("open", {"game": "penta"})
    assert 'id="penta-start"' in host.screen_html and 'id="penta-back"' in host.screen_html
    app.action("back", {})
    assert screen(app).phase == "play" and game(app).sheets[0][Box.CHANCE] is not None
    app.action("new", {})
    app.action("confirm-new", {})
    app.action("start", {})
    assert game(app).sheets[0][Box.CHANCE] is None and game(app).round == 1
    assert saved_chance(host) is None


def test_the_end_screen_new_game_button_opens_the_setup() -> None:
    app, host = start_penta({"seed": "2"})
    while screen(app).phase == "play":
        app.action("roll", {})
        app.action("box", {"box": next(iter(game(app).options())).value})
        app.action("validate", {})
    assert 'id="penta-end-title"' in host.screen_html
    app.action("new", {})
    assert 'id="penta-start"' in host.screen_html


def asked(host: FakeHost) -> list[str]:
    """The downloads the page was asked for and has not answered yet."""
    return [url for url, _, _ in host.pending]


def test_only_a_penta_game_downloads_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    host = slow_table(monkeypatch)
    host.files[TABLE_URL] = PENTA_TABLE
    app = App(host, {})
    for game_name in ("farkle", "penta"):
        app.action("open", {"game": game_name})
        app.action("rules", {"game": game_name})
        app.action("home", {})
    for name in ("stats", "settings"):
        app.go(name)
    app.action("open", {"game": "penta"})  # the form: no game yet
    assert asked(host) == []
    app.action("seat-computer", {"value": "off"})
    app.action("start", {})  # a game: its reviews, countdown and coach need the table
    assert asked(host) == [TABLE_URL]
    assert 'data-strategy="ready"' not in host.screen_html
    app.action("home", {})
    app.action("open", {"game": "penta"})
    assert asked(host) == [TABLE_URL]  # asked once
    host.deliver()
    assert 'data-strategy="ready"' in host.screen_html


def test_a_resumed_game_downloads_the_table_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    _, first = start_penta({"seed": "3"}, computer=True)
    host = slow_table(monkeypatch)
    host.files[TABLE_URL] = PENTA_TABLE
    host.storage.update(first.storage)
    app = App(host, {})
    assert asked(host) == []
    app.action("open", {"game": "penta"})
    assert asked(host) == [TABLE_URL] and screen(app).computer_turn() is False


def test_a_failed_download_is_asked_again_by_the_button_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host = slow_table(monkeypatch)
    app, _ = start_penta({"dice": "11111"}, computer=True, host=host)
    host.files.pop(TABLE_URL)
    host.deliver()  # not found
    assert penta_screen.TABLES["penta"].failed and 'data-act="table-retry"' in host.screen_html
    app.action("roll", {})
    assert asked(host) == []  # playing on does not ask again by itself
    host.files[TABLE_URL] = PENTA_TABLE
    app.action("table-retry", {})
    assert asked(host) == [TABLE_URL]
    host.deliver()
    assert 'data-strategy="ready"' in host.screen_html


def test_the_table_arriving_off_screen_waits_for_the_player_to_come_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, host = start_penta({"dice": "11111"}, computer=True, host=slow_table(monkeypatch))
    app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    assert game(app).current == 1  # the computer's turn waits for the table
    penta = game(app)
    app.action("home", {})
    host.deliver()
    host.advance(20_000)
    assert penta.current == 1 and penta.dice is None  # it did not play behind the player
    assert 'id="penta-start"' not in host.screen_html and "data-game=" in host.screen_html
    app.action("open", {"game": "penta"})
    host.advance(20_000)
    assert game(app).current == 0 and game(app).round == 2


def test_the_table_arriving_during_the_rules_does_not_start_the_countdown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, host = start_penta({"dice": "11111,11111,44421"}, host=slow_table(monkeypatch))
    for _ in range(3):
        app.action("roll", {})
    penta = game(app)
    app.action("rules", {"game": "penta"})
    host.deliver()
    host.advance(10_000)
    assert penta.round == 1
    app.action("open", {"game": "penta"})
    host.advance(3100)
    assert game(app).sheets[0][Box.FOURS] == 12


def test_a_screen_replaced_by_a_take_over_cannot_write_over_the_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host_a = slow_table(monkeypatch)
    params = {"dice": "11111,11111,44421"}
    app_a, _ = start_penta(params, host=host_a)
    for _ in range(3):
        app_a.action("roll", {})
    old = screen(app_a)
    host_b = FakeHost(host_a.storage)
    host_b.files[TABLE_URL] = PENTA_TABLE
    app_b = App(host_b, params)
    app_b.action("open", {"game": "penta"})  # the other tab resumes the game
    app_b.action("box", {"box": "chance"})
    app_b.action("validate", {})
    app_a.storage_changed("zaria.save.penta")
    app_a.action("take-over", {"game": "penta"})
    assert screen(app_a) is not old and game(app_a).sheets[0][Box.CHANCE] == 15
    host_a.deliver()  # the download the replaced screen asked for arrives
    host_a.advance(10_000)
    saved = json.loads(host_a.storage["zaria.save.penta"])["state"]["engine"]
    assert old.game is not None and old.game.sheets[0][Box.FOURS] is None
    assert saved["sheets"][0]["chance"] == 15 and saved["sheets"][0]["fours"] is None


def test_the_abandon_question_pauses_the_countdown_and_the_computer() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    for _ in range(3):
        app.action("roll", {})
    app.action("new", {})
    host.advance(10_000)
    assert game(app).round == 1 and screen(app).part.countdown is None
    app.action("keep-playing", {})
    host.advance(3100)
    assert game(app).sheets[0][Box.FOURS] == 12

    app, host = start_penta({"seed": "3"}, computer=True, pace="fast")
    app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    app.action("new", {})
    host.advance(20_000)
    assert game(app).current == 1 and game(app).dice is None
    assert app.key("Escape")  # keep playing
    host.advance(20_000)
    assert game(app).current == 0 and game(app).round == 2


def test_the_settings_panel_stays_open_through_the_computers_redraws() -> None:
    app, host = start_penta({"seed": "3"}, computer=True, pace="fast")
    assert '<details class="penta-more" id="penta-more">' in host.screen_html
    app.action("toggle-settings", {})
    app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    host.advance(300 * 3)
    assert game(app).current == 1  # redrawn at each computer step
    assert '<details class="penta-more" id="penta-more" open>' in host.screen_html
    app.action("toggle-settings", {})
    assert '<details class="penta-more" id="penta-more">' in host.screen_html


def test_removing_a_player_keeps_the_focus_in_the_list() -> None:
    app = App(FakeHost(), {})
    host = app.host
    assert isinstance(host, FakeHost)
    app.action("open", {"game": "penta"})
    app.action("seat-add", {})
    app.action("seat-add", {})
    app.action("seat-remove", {"index": "2"})
    assert host.focused == "#penta-name-1"
    app.action("seat-remove", {"index": "0"})
    assert host.focused == "#penta-name-0"


def test_roll_with_every_die_held_is_refused_before_the_dice_are_drawn() -> None:
    app, host = start_penta({"dice": "23456,1,5"})
    app.action("roll", {})
    for i in range(5):
        app.action("hold", {"index": str(i)})
    # Roll keeps the focus, marked unavailable; R says why rather than nothing.
    assert 'id="penta-roll" data-act="roll" aria-disabled="true"' in host.screen_html
    assert app.key("r") and host.announced[-1] == "Every die is held: release one to roll again."
    app.action("roll", {})  # a stale button
    assert game(app).rolls_left == 2
    app.action("hold", {"index": "0"})
    app.action("roll", {})
    assert game(app).dice == (1, 3, 4, 5, 6)  # the script's next group, not skipped


def test_players_with_the_same_name_are_told_apart() -> None:
    app = App(FakeHost(), {})
    app.action("open", {"game": "penta"})
    app.action("seat-add", {})
    app.action("seat-add", {})
    app.action("seat-add", {})
    for i, name in enumerate(["Ann", " ANN", "Ordinateur", "Ann 2"]):
        app.action("seat-name", {"index": str(i), "value": name, "event": "input"})
    app.action("start", {})
    # "Ordinateur" is the computer's name in French, which the game may switch to.
    names = ["Ann", "ANN 3", "Ordinateur 2", "Ann 2", "Computer"]
    assert [s.name for s in game(app).seats] == names
    assert game(app).seats[4].computer


def test_the_sheet_reads_well_to_a_screen_reader() -> None:
    app, host = start_penta({"dice": "11234"})
    page = Page(host.screen_html)
    # Before the roll a box still to fill says so, not its name again after its row's.
    cell = re.search(
        r"<tr class=\"box-row twos\">.*?<td class=\"cur free\">(.*?)</td>", host.screen_html
    )
    assert cell is not None and cell.group(1) == '<span class="sr-only">free</span>'
    # The player's column header: the name, then the total, apart.
    head = re.search(r'<th scope="col" class="[^"]*cur[^"]*">(.*?)</th>', host.screen_html)
    assert head is not None and '<span class="sr-only">, total </span>' in head.group(1)
    app.action("roll", {})
    page = Page(host.screen_html)
    assert page.tags["box-aces"]["aria-label"] == "Aces: 2 points"
    assert page.tags["box-fours"]["aria-label"] == "Fours: 4 points"
    assert page.tags["box-threes"]["aria-label"] == "Threes: 3 points"
    app2, host2 = start_penta({"dice": "12346"})
    app2.action("roll", {})
    assert Page(host2.screen_html).tags["box-aces"]["aria-label"] == "Aces: 1 point"


def test_a_person_keeps_their_own_sheet_in_sight_while_the_computer_plays() -> None:
    app, host = start_penta({"seed": "3"}, computer=True)
    app.action("roll", {})
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    assert game(app).current == 1  # the computer's turn
    html = host.screen_html
    # The column a phone draws is Ann's, with her score; the computer's total stays
    # in sight beside it, and its turn in its log.
    head = re.search(r'<th scope="col" class="cur">(.*?)</th>', html)
    assert head is not None and "Ann" in head.group(1)
    chance = re.search(r'<tr class="box-row chance">.*?</tr>', html)
    assert chance is not None
    assert re.search(r'<td class="cur num[^"]*">\d+</td>', chance.group(0))
    strip = re.search(r'<ul class="others-strip">(.*?)</ul>', html)
    assert strip is not None and "Computer" in strip.group(1)
    assert re.search(r'<li class="apart"><span class="pname"><bdi>Ann</bdi>', strip.group(1))
    for _ in range(40):
        if game(app).current == 0:
            break
        host.advance(1000)
    assert game(app).current == 0
    head = re.search(r'<th scope="col" class="cur">(.*?)</th>', host.screen_html)
    assert head is not None and "Ann" in head.group(1)


def test_the_coach_and_the_cue_keep_their_place_through_the_turns() -> None:
    app, host = start_penta({"seed": "3"}, computer=True, coach="on")
    # Switched on, the coach's box is there before the roll, waiting (and not read).
    box = Page(host.screen_html).tags["penta-coach-box"]
    assert box.get("aria-hidden") == "true"
    assert "Its advice comes with your roll." in Page(host.screen_html).text["penta-coach-box"]
    cue = re.search(r'<p class="handover">(.*?)</p>', host.screen_html)
    assert cue is not None and "your turn: roll the dice!" in cue.group(1)
    app.action("roll", {})
    assert "Best:" in Page(host.screen_html).text["penta-coach-box"]
    # The cue's line stays, unseen and unread, so that nothing under it moves.
    assert '<p class="handover spent" aria-hidden="true">' in host.screen_html
    app.action("box", {"box": "chance"})
    app.action("validate", {})
    assert game(app).current == 1  # the computer plays: the coach waits in its place
    assert Page(host.screen_html).tags["penta-coach-box"].get("aria-hidden") == "true"


def test_the_arrow_keys_choose_a_box_from_the_dice_and_say_its_points() -> None:
    app, host = start_penta({"dice": "11234,11111,11111,44421"})
    assert app.key("ArrowDown") is False  # nothing rolled: no box yet
    app.action("roll", {})
    host.performed.clear()
    assert app.key("ArrowDown")
    assert screen(app).part.selected is Box.ACES  # type: ignore[attr-defined]
    assert host.announced[-1] == "Aces: 2 points"
    assert not host.performed_of(Focus)  # the focus stays on the dice
    assert app.key("ArrowUp")  # back round the top of the sheet
    assert screen(app).part.selected is Box.PENTA  # type: ignore[attr-defined]
    assert host.announced[-1] == "Penta: 0 points"
    assert app.key("v") and game(app).sheets[0][Box.PENTA] == 0
    # The last roll's countdown: the first arrow lands on its box, which stops it.
    for _ in range(3):
        app.action("roll", {})
    assert 'id="penta-countdown"' in host.screen_html
    assert app.key("ArrowDown") and screen(app).part.selected is Box.FOURS  # type: ignore[attr-defined]
    assert 'id="penta-countdown"' not in host.screen_html


def test_validate_records_the_countdowns_box_at_once() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    for _ in range(2):
        app.action("roll", {})
    assert app.key("v") is False  # nothing chosen, no countdown: nothing to validate
    assert 'id="penta-validate" data-act="validate" disabled' in host.screen_html
    app.action("roll", {})
    # The focus on a die (shut now) goes to Roll, which keeps it; in the sheet it stays.
    assert host.focused == "body:not(:has(.sheet :focus)) #penta-roll"
    assert 'id="penta-validate" data-act="validate" disabled' not in host.screen_html
    assert app.key("V")
    assert game(app).sheets[0][Box.FOURS] == 12 and game(app).round == 2
    assert "Ann scores 12 in Fours." in host.announced


def test_the_computers_throws_are_said_with_its_name_and_a_keep_it_repeats_too() -> None:
    app, host = start_penta({"dice": "12345,66612,34,25"}, computer=True, pace="instant")
    app.action("roll", {})
    app.action("box", {"box": "large_straight"})
    host.performed.clear()
    app.action("validate", {})
    host.advance(100)
    said = " | ".join(host.announced)
    assert "Computer rolls 6, 6, 6, 1, 2" in said
    assert "Computer rolls 6, 6, 6, 3, 4" in said and "Computer rolls 6, 6, 6, 2, 5" in said
    assert said.count("Computer keeps 6, 6, 6") == 2, said  # held, then kept as it was
    assert "Rolled" not in said
