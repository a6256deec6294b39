"""Farkle's house rules and the Master computer on the page, driven natively with a fake page.

The dialog's options and Master's availability, the opening minimum refusing a
bank (button, reason, key), the lost turns in a row and their penalty, the
scoring card of each table, the rules in force, statistics per rule set, saves
from before house rules, and computers playing whole games under house rules.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from test_farkle_screen import Host, Page, bank, game, make, page, roll, screen, tap
from test_rules_screen import english_words_in, visible_text
from zaria.farkle.game import FarkleGame
from zaria.farkle.master import win_chance
from zaria.farkle.odds import bust_probability
from zaria.farkle.rules import (
    DEFAULT_RULES,
    RULE_OPTIONS,
    FarkleRules,
    master_table_name,
)
from zaria.farkle.state import KEYS_V1
from zaria.game import Seat
from zaria.i18n import Translator, catalogue
from zaria_web.app import App
from zaria_web.farkle import screen as farkle_screen
from zaria_web.farkle.rules import MASTER_FIRST_PLAYER
from zaria_web.pages.rules import rules_page
from zaria_web.runtime.data_files import DataFile
from zaria_web.storage import stats
from zaria_web.storage.counted import Counted
from zaria_web.storage.saves import SaveStore

MASTER_URL = "data/" + master_table_name(DEFAULT_RULES)
MASTER_BYTES = (
    Path(__file__).resolve().parent.parent / "py/zaria/data" / master_table_name(DEFAULT_RULES)
).read_bytes()
OPEN500 = FarkleRules(opening_minimum=500)
PENALTY500 = FarkleRules(farkle_penalty=500)
#: Three rolls of six dice that score nothing.
BUSTS = "234662,234662,234662"


def choose_rules(app: App, rules: FarkleRules) -> None:
    """Pick ``rules`` in the dialog's three radio groups."""
    for option in RULE_OPTIONS:
        value = str(getattr(rules, option.field))
        app.action("rule", {"field": option.field, "value": value, "event": "change"})


def start_with(
    script: str,
    rules: FarkleRules,
    names: tuple[str, ...] = ("Alice",),
    computer: bool = False,
    level: str = "normal",
    lang: str = "en",
    target: int = 10000,
) -> tuple[App, Host]:
    """A game under ``rules`` started from the dialog, with scripted dice."""
    app, host = make({"dice": script}, lang=lang)
    app.action("target", {"value": str(target), "event": "change"})
    for i, name in enumerate(names):
        if i:
            app.action("seat-add", {})
        app.action("seat-name", {"index": str(i), "value": name, "event": "input"})
    if not computer:
        app.action("seat-computer", {"value": "off", "event": "change"})
    choose_rules(app, rules)
    app.action("seat-level", {"value": level, "event": "change"})
    app.action("start", {})
    return app, host


@pytest.fixture
def master_files(monkeypatch: pytest.MonkeyPatch) -> dict[FarkleRules, DataFile[Any]]:
    """Master's download as if the page had just opened (nothing downloaded yet)."""
    files = {DEFAULT_RULES: DataFile(MASTER_URL, farkle_screen._read_master)}
    monkeypatch.setattr(farkle_screen, "MASTER_FILES", files)
    return files


# -- the dialog ------------------------------------------------------------------------


def test_the_dialog_offers_the_three_options_with_the_rules_page_s_game_checked() -> None:
    _, host = make()
    p = page(host)
    groups = {
        "fk-opening": ["0", "350", "500", "1000"],
        "fk-penalty": ["0", "500", "1000"],
        "fk-table": ["standard", "additive", "doubling"],
    }
    for name, values in groups.items():
        radios = re.findall(rf'<input type="radio" name="{name}" id="{name}-([a-z0-9]+)"', p.html)
        assert radios == values
        assert [v for v in values if "checked" in p.tags[f"{name}-{v}"]] == [values[0]]
        assert p.tags[f"{name}-{values[0]}"]["data-act"] == "rule"
    assert p.text["fk-opening-label"] == "Opening minimum"
    assert p.text["fk-penalty-label"] == "Three lost turns in a row"
    assert p.text["fk-table-label"] == "Scoring table"
    labels = re.findall(r'name="fk-(?:opening|penalty|table)"[^>]*><span>([^<]*)</span>', p.html)
    assert labels == [
        "None",
        "350 points",
        "500 points",
        "1,000 points",
        "No penalty",
        "−500 points",
        "−1,000 points",
        "Standard",
        "Additive",
        "Doubling",
    ]
    assert re.search(r'role="radiogroup" aria-labelledby="fk-penalty-label"', p.html)


def test_a_game_starts_with_the_rules_chosen_and_keeps_them_in_its_save() -> None:
    rules = FarkleRules(350, 1000, "doubling")
    app, host = start_with("123466", rules)
    assert game(app).rules == rules
    saved = json.loads(host.storage["zaria.save.farkle"])["state"]["engine"]
    assert saved["rules"] == {"opening_minimum": 350, "farkle_penalty": 1000, "table": "doubling"}
    again, _ = make({"dice": "123466"}, storage=dict(host.storage))
    assert game(again).rules == rules
    # The dialog shows the game's rules again, and a new game keeps them.
    app.action("new", {})
    app.action("confirm-new", {})
    p = page(host)
    assert "checked" in p.tags["fk-opening-350"] and "checked" in p.tags["fk-table-doubling"]
    app.action("start", {})
    assert game(app).rules == rules


def test_bad_rule_values_change_nothing() -> None:
    app, _ = make()
    for field, value in (
        ("opening_minimum", "400"),
        ("opening_minimum", "5OO"),
        ("farkle_penalty", "-500"),
        ("table", "tripling"),
        ("target", "5000"),
        ("", "standard"),
    ):
        app.action("rule", {"field": field, "value": value, "event": "change"})
    assert screen(app).part.rules == DEFAULT_RULES


def test_master_is_offered_for_the_default_rules_only_and_the_dialog_says_so() -> None:
    app, host = make()
    p = page(host)
    assert [v for v in ("normal", "expert", "master") if p.has(f"fk-level-{v}")] == [
        "normal",
        "expert",
        "master",
    ]
    assert not p.has("fk-level-note")
    app.action("rule", {"field": "table", "value": "additive", "event": "change"})
    p = page(host)
    assert not p.has("fk-level-master")
    assert p.text["fk-level-note"] == (
        "The “Master” level plays the standard game only: the standard scoring table,"
        " no opening minimum, no penalty."
    )
    assert 'aria-describedby="fk-level-note"' in p.html
    app.action("seat-level", {"value": "master", "event": "change"})  # not offered: refused
    assert screen(app).form.level == "normal"
    app.action("rule", {"field": "table", "value": "standard", "event": "change"})
    assert page(host).has("fk-level-master") and not page(host).has("fk-level-note")


def test_a_chosen_master_gives_way_to_expert_when_the_rules_change_and_says_so() -> None:
    app, host = make()
    app.action("seat-level", {"value": "master", "event": "change"})
    app.action("rule", {"field": "opening_minimum", "value": "500", "event": "change"})
    assert screen(app).form.level == "expert"
    p = page(host)
    said = "“Master” plays the standard game only: the computer will play at “Expert”."
    assert p.text["fk-level-note"] == said
    assert "checked" in p.tags["fk-level-expert"]
    assert host.announced[-1] == said
    app.action("start", {})
    assert game(app).seats[-1].level == "expert"


def test_a_master_game_starts_from_the_dialog(master_files: dict[FarkleRules, Any]) -> None:
    app, host = make({"dice": "123466"})
    host.files[MASTER_URL] = MASTER_BYTES
    app.action("seat-level", {"value": "master", "event": "change"})
    app.action("start", {})
    assert game(app).seats[-1].level == "master"
    assert master_files[DEFAULT_RULES].ready
    assert "Master level" in page(host).plain()


# -- the opening minimum ---------------------------------------------------------------


def test_a_bank_below_the_opening_minimum_is_disabled_with_its_reason_and_the_key_refused() -> None:
    app, host = start_with("112346,1555,523462", OPEN500)
    roll(app)
    tap(app, 1, 2)  # 200
    p = page(host)
    assert not p.enabled("fk-bank") and p.enabled("fk-roll")
    assert p.text["fk-bank-why"] == "Opening: 500 points needed to get on the board"
    assert p.tags["fk-bank"]["aria-describedby"] == "fk-bank-why"
    before = game(app).to_dict()
    assert app.key("b")
    assert game(app).to_dict() == before
    reason = "Not yet: a first bank needs at least 500 points; this turn has 200."
    assert page(host).text["fk-note"] == reason
    assert (reason, True) in host.said
    roll(app)
    tap(app, 1, 2, 3, 4)  # 100 + three 5s: 800 this turn
    p = page(host)
    assert p.enabled("fk-bank") and not p.has("fk-bank-why")
    assert "aria-describedby" not in p.tags["fk-bank"]
    assert app.key("B")
    assert game(app).banked == (800,)
    # Once on the board, any bank is allowed.
    roll(app)
    tap(app, 1)  # a 5
    assert page(host).enabled("fk-bank") and not page(host).has("fk-bank-why")
    bank(app)
    assert game(app).banked == (850,)


def test_without_a_minimum_no_reason_is_shown() -> None:
    app, host = start_with("112346", DEFAULT_RULES)
    roll(app)
    tap(app, 1)
    assert page(host).enabled("fk-bank") and not page(host).has("fk-bank-why")


def test_the_reason_is_each_player_s_own() -> None:
    rules = FarkleRules(opening_minimum=350)
    app, host = start_with("111234,155234,155234", rules, names=("Ann", "Bo"))
    roll(app)
    tap(app, 1, 2, 3)  # 1,000: Ann is on the board
    bank(app)
    roll(app)  # Bo
    tap(app, 1)
    p = page(host)
    assert p.text["fk-bank-why"] == "Opening: 350 points needed to get on the board"
    assert not p.enabled("fk-bank")
    tap(app, 2, 3)  # 1, 5, 5: 200
    assert page(host).has("fk-bank-why")
    roll(app)  # a 1 and a 5 more: 350
    tap(app, 1, 2)
    assert page(host).enabled("fk-bank") and not page(host).has("fk-bank-why")
    bank(app)
    roll(app)  # Ann again, on the board: no reason shown
    assert not page(host).has("fk-bank-why") and game(app).opening_needed == 0


# -- three lost turns in a row ---------------------------------------------------------


def marks(p: Page, seat: int) -> tuple[str, str]:
    """The lost-turn marks of a seat: their count and their text alternative."""
    found = re.findall(
        r'<span class="fk-farkles" role="img" aria-label="([^"]*)"[^>]*'
        r'data-count="(\d)"',
        p.html,
    )
    label, count = found[seat]
    return count, label


def test_lost_turns_show_beside_the_score_and_the_third_costs_the_penalty() -> None:
    app, host = start_with(BUSTS + ",234662", PENALTY500)
    assert marks(page(host), 0) == ("0", "Lost turns in a row: 0 of 3")
    assert not page(host).has("fk-marks-key")  # no mark yet: nothing to explain
    roll(app)
    assert marks(page(host), 0) == ("1", "Lost turns in a row: 1 of 3")
    # What a mark means is written beside them, for those who do not hover.
    key = page(host).text["fk-marks-key"]
    assert key == "= a lost turn in a row; 3 in a row cost 500 points"
    roll(app)
    p = page(host)
    assert marks(p, 0) == ("2", "Lost turns in a row: 2 of 3")
    assert p.html.count('class="fk-mark on"') == 2
    assert "fk-event penalty" not in p.html
    roll(app)
    g = game(app)
    assert g.banked == (-500,) and g.farkles == (0,)
    p = page(host)
    assert marks(p, 0) == ("0", "Lost turns in a row: 0 of 3")
    banner = re.search(r'<li class="fk-event penalty">(.*?)</li>', p.html)
    assert banner is not None
    text = " ".join(re.sub(r"<[^>]+>", " ", banner.group(1)).split())
    assert (
        text
        == "−500: three lost turns in a row Alice loses 500 points; the banked total is now −500."
    )
    # The lost turn's own line does not claim the total stayed: not on the table, nor in
    # the log's latest turn (the earlier lost turns did leave the total as it was).
    table = p.plain().split("Game log")[0]
    assert "Alice scores nothing." in table and "stays at" not in table
    latest = re.search(r'id="fk-turn-log-steps"[^>]*>(.*?)</ol>', p.html, re.S)
    assert latest is not None and "stays at" not in latest.group(1)
    assert "Alice</bdi> scores nothing." in latest.group(1)
    loud = [t for t, a in host.said if a]
    assert "−500: three lost turns in a row" in loud[-1] and "now −500" in loud[-1]
    assert 'aria-valuenow="0"' in p.html and "width:0%" in p.html  # the bar stops at zero
    # The count starts again after the penalty.
    roll(app)
    assert marks(page(host), 0)[0] == "1" and game(app).banked == (-500,)


def test_a_bank_resets_the_count() -> None:
    app, host = start_with("234662,155234,234662", PENALTY500)
    roll(app)
    roll(app)
    tap(app, 1)
    bank(app)
    assert game(app).farkles == (0,)
    assert marks(page(host), 0)[0] == "0"


def test_no_marks_without_the_penalty_rule() -> None:
    app, host = start_with("234662", DEFAULT_RULES)
    roll(app)
    assert "fk-farkles" not in page(host).html and game(app).farkles == (1,)


def test_the_penalty_in_french_and_after_a_reload() -> None:
    app, host = start_with(BUSTS, PENALTY500, lang="fr")
    for _ in range(3):
        roll(app)
    p = page(host)
    assert "−500\u202f: trois tours perdus de suite" in p.plain()
    assert "Alice perd 500 points\u202f; le total encaissé est maintenant de −500." in p.plain()
    _again, host2 = make({"dice": BUSTS}, storage=dict(host.storage), lang="fr")
    assert "−500\u202f: trois tours perdus de suite" in page(host2).plain()


# -- the scoring card, the odds and the rules in force -----------------------------------


def card_rows(p: Page) -> dict[str, str]:
    card = p.html[p.html.index('<details class="fk-card"') :]
    card = card[: card.index("</table>")]
    rows = re.findall(r'<th scope="row">(.*?)</th><td class="num">(.*?)</td>', card)
    return {k: v.replace("\u00a0", " ") for k, v in rows}


def test_the_scoring_card_shows_the_additive_table() -> None:
    _app, host = start_with("123466", FarkleRules(table="additive"))
    p = page(host)
    assert p.tags["fk-card"]["data-table"] == "additive"
    assert p.text["fk-card-table"] == "Additive scoring table"
    rows = card_rows(p)
    assert rows["Four of a kind"] == (
        "2 × three of a kind (1s … 6s: 2,000 / 400 / 600 / 800 / 1,000 / 1,200)"
    )
    assert rows["Five of a kind"].startswith("3 × three of a kind (1s … 6s: 3,000 / 600 / 900")
    assert rows["Six of a kind"].startswith("4 × three of a kind (1s … 6s: 4,000 / 800")
    assert rows["Three pairs (four of a kind + a pair counts as three pairs)"] == "750"
    assert rows["Straight 1-2-3-4-5-6"] == "1,500"
    assert rows["Two triplets"] == "2,500"
    assert rows["Three 1s"] == "1,000" and rows["Each single 5"] == "50"
    assert "in this table, four 1s are worth 2,000 and six 2s 800." in p.text["fk-card"]


def test_the_scoring_card_shows_the_doubling_table() -> None:
    _app, host = start_with("123466", FarkleRules(table="doubling"))
    rows = card_rows(page(host))
    assert rows["Four of a kind"].startswith("2 × three of a kind (1s … 6s: 2,000 / 400")
    assert rows["Five of a kind"].startswith("4 × three of a kind (1s … 6s: 4,000 / 800")
    assert rows["Six of a kind"] == (
        "8 × three of a kind (1s … 6s: 8,000 / 1,600 / 2,400 / 3,200 / 4,000 / 4,800)"
    )
    assert rows["Three pairs (four of a kind + a pair counts as three pairs)"] == "1,500"
    assert rows["Straight 1-2-3-4-5-6"] == "1,500"
    assert rows["Two triplets"] == "No combination of its own: two three of a kinds"


def test_the_dialog_s_card_follows_the_table_chosen() -> None:
    app, host = make()
    assert card_rows(page(host))["Four of a kind"] == "1,000"
    app.action("rule", {"field": "table", "value": "doubling", "event": "change"})
    assert card_rows(page(host))["Four of a kind"].startswith("2 × three of a kind")


@pytest.mark.parametrize("table", ["standard", "additive", "doubling"])
def test_the_odds_shown_are_the_table_s(table: str) -> None:
    rules = FarkleRules(table=table)
    app, host = start_with("123466", rules)
    roll(app)
    tap(app, 1)
    g = game(app)
    expected = bust_probability(5, rules.scoring)
    assert g.bust_risk() == expected
    assert page(host).text["fk-risk"] == Translator("en").percent(expected)


def test_the_rules_in_force_show_on_the_table_and_the_end_screen_unless_they_are_the_default() -> (
    None
):
    rules = FarkleRules(500, 1000, "additive")
    app, host = start_with("111111,111111", rules, target=5000)
    p = page(host)
    assert p.text["fk-house"] == (
        "Additive scoring table First bank of at least 500 points"
        " 3 lost turns in a row: −1,000 points"
    )
    assert p.tags["fk-house"]["aria-label"] == "House rules"
    roll(app)
    tap(app, 1, 2, 3, 4, 5, 6)
    roll(app)
    tap(app, 1, 2, 3, 4, 5, 6)
    bank(app)  # six 1s twice: 8,000, past the target, and nobody else to play
    assert game(app).over
    p = page(host)
    assert p.text["fk-over-house"] == (
        "Additive scoring table First bank of at least 500 points"
        " 3 lost turns in a row: −1,000 points"
    )
    _, default_host = start_with("123466", DEFAULT_RULES)
    assert not page(default_host).has("fk-house")


def test_french_greek_and_turkish_house_rule_screens_have_no_english() -> None:
    rules = FarkleRules(500, 500, "doubling")
    for lang in ("fr", "el", "tr"):
        app, host = make(lang=lang)
        choose_rules(app, rules)
        texts = [visible_text(host.screen_html)]
        app.action("seat-computer", {"value": "off", "event": "change"})
        app.action("start", {})
        app.action("card", {})
        texts.append(visible_text(host.screen_html))
        for text in texts:
            assert english_words_in(lang, text) == [], lang
            assert "Opening" not in text and "scoring table" not in text, lang


# -- saves from before house rules -----------------------------------------------------


#: The dice of :func:`old_save`: two rolls played, then a roll that scores.
OLD_SAVE_DICE = "234662,234662,155234"


def old_save(host: Host, seats: list[Seat]) -> None:
    """A save made before house rules existed: a version 1 engine state, on the
    page's scripted dice (:data:`OLD_SAVE_DICE`), so its next roll is known."""
    engine = FarkleGame.new(seats, 5000).to_dict()
    engine = {k: v for k, v in engine.items() if k in KEYS_V1}
    engine["version"] = 1
    engine["banked"] = [450, 0]
    engine["turns"] = [1, 1]
    SaveStore(host).save(
        "farkle", {"engine": engine, "rolls": [6, 6], "dice": OLD_SAVE_DICE, "seed": ""}
    )


def test_a_save_from_before_house_rules_loads_with_the_defaults() -> None:
    host = Host({"zaria.lang": "en"})
    old_save(host, [Seat("Ann"), Seat("Bo")])
    app = App(host, params={"dice": OLD_SAVE_DICE})
    app.action("open", {"game": "farkle"})
    g = game(app)
    assert g.rules == DEFAULT_RULES and g.banked == (450, 0) and g.opened == (True, False)
    p = page(host)
    assert not p.has("fk-house") and "fk-farkles" not in p.html
    assert "Your saved game is back where you left it." in p.plain()
    roll(app)
    assert game(app).roll == (1, 5, 5, 2, 3, 4)


def test_a_save_with_master_under_rules_it_cannot_play_is_set_aside() -> None:
    host = Host({"zaria.lang": "en"})
    seats = [Seat("Ann"), Seat("AI", computer=True, level="master")]
    engine = FarkleGame.new(seats, 5000, FarkleRules(table="additive")).to_dict()
    SaveStore(host).save("farkle", {"engine": engine, "rolls": [], "dice": "", "seed": ""})
    app = App(host, params={})
    app.action("open", {"game": "farkle"})
    assert screen(app).game is None and screen(app).phase == "setup"
    assert any(k.startswith("zaria.badsave.farkle") for k in host.storage)


# -- Master's table: downloaded, waited for, tried again --------------------------------


def master_game(host: Host, script: str) -> App:
    app = App(host, params={"dice": script})
    app.action("open", {"game": "farkle"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("seat-level", {"value": "master", "event": "change"})
    app.action("setting", {"key": "pace", "value": "instant", "event": "change"})
    app.action("start", {})
    return app


def test_the_computer_waits_for_master_s_table_and_says_so(
    master_files: dict[FarkleRules, Any],
) -> None:
    host = Host({"zaria.lang": "en"})
    host.slow_downloads = True
    host.files[MASTER_URL] = MASTER_BYTES
    app = master_game(host, "155234,222346")
    assert [url for url, _, _ in host.pending] == [MASTER_URL]
    roll(app)
    tap(app, 1)
    bank(app)  # the computer's turn: it waits for its table
    host.advance(5000)
    assert game(app).current == 1 and game(app).roll is None
    p = page(host)
    assert p.text["fk-prep"] == "Preparing the computer player…"
    assert 'data-computer="wait"' in p.html
    host.deliver()
    host.advance(0)
    assert game(app).current == 0  # it played its turn at once (the instant pace)
    assert 'data-computer="ready"' in host.screen_html and not page(host).has("fk-prep")


@pytest.mark.parametrize("problem", ["missing", "cut short"])
def test_a_failed_download_of_master_s_table_is_said_and_can_be_tried_again(
    master_files: dict[FarkleRules, Any], problem: str
) -> None:
    host = Host({"zaria.lang": "en"})
    if problem == "cut short":
        host.files[MASTER_URL] = MASTER_BYTES[: len(MASTER_BYTES) // 2]
    app = master_game(host, "155234,222346")
    p = page(host)
    assert "The computer player could not be loaded." in p.text["fk-computer-error"]
    assert p.tags["fk-computer-error"]["role"] == "alert"
    assert p.text["fk-retry"] == "Try again"
    roll(app)
    tap(app, 1)
    bank(app)
    host.advance(5000)
    assert game(app).current == 1  # the computer does not play without its table
    host.files[MASTER_URL] = MASTER_BYTES
    app.action("retry", {})
    assert master_files[DEFAULT_RULES].ready
    host.advance(0)
    assert game(app).current == 0 and not page(host).has("fk-computer-error")


def test_the_master_figures_the_rules_page_quotes_are_the_table_s() -> None:
    for target, chance in MASTER_FIRST_PLAYER.items():
        assert round(win_chance(0, 0, target), 4) == pytest.approx(float(chance), abs=1e-9)
    text = visible_text(rules_page(Translator("en"), "farkle"))
    assert "the first player wins 54.38% of games to 5,000, 53.22% of games to 10,000" in text
    fr = visible_text(rules_page(Translator("fr"), "farkle"))
    assert "54,38\u202f%" in fr


# -- statistics per rule set -------------------------------------------------------------

#: Statistics as stored before house rules existed.
OLD_STATS = {
    "format": 1,
    "penta": {
        "games": 1,
        "scored": 1,
        "total": 200,
        "best": 200,
        "best_name": "Kim",
        "bonus": 0,
        "wins": [],
    },
    "farkle": {
        "games": 2,
        "scored": 2,
        "total": 12000,
        "best": 6500,
        "best_name": "Lou",
        "bonus": 0,
        "wins": [["Lou", 2]],
    },
}


def finish_counted(app: App, rules: FarkleRules) -> None:
    """Play a one-player game to 5,000 through the screen, counted in the statistics."""
    screen(app).dice.reproducible = False  # scripted dice, counted all the same here
    for _ in range(2):
        roll(app)
        tap(app, 1, 2, 3, 4, 5, 6)
    bank(app)
    assert game(app).over


def test_farkle_results_are_counted_per_rule_set_and_old_statistics_keep_counting() -> None:
    storage = {"zaria.lang": "en", "zaria.stats": json.dumps(OLD_STATS)}
    rules = FarkleRules(opening_minimum=500, table="additive")
    for chosen in (DEFAULT_RULES, rules, rules):
        host = Host(storage)
        app = App(host, params={"dice": "111111,111111"})
        app.action("open", {"game": "farkle"})
        app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
        app.action("seat-computer", {"value": "off", "event": "change"})
        choose_rules(app, chosen)
        app.action("target", {"value": "5000", "event": "change"})
        app.action("start", {})
        finish_counted(app, chosen)
        storage = host.storage
    data = json.loads(storage[stats.KEY])
    assert data["format"] == 2 and json.loads(storage[stats.FORMAT1_KEY]) == OLD_STATS
    assert data["farkle"]["games"] == 3 and data["farkle"]["wins"] == [["Lou", 2], ["Ann", 1]]
    assert data["farkle:additive-open500"]["games"] == 2
    assert data["penta"] == stats.migrate(OLD_STATS)["penta"]
    loaded = stats.load(Host(storage))
    assert loaded[Counted.parse("farkle:additive-open500")].best_name == "Ann"

    host = Host(storage)
    app = App(host, params={})
    app.action("open", {"game": "stats"})
    html = host.screen_html
    heads = re.findall(r'<h3 id="(stats-farkle-[^"]+)">(.*?)</h3>', html)
    assert heads == [
        (
            "stats-farkle-standard",
            "Standard scoring table · No opening minimum · No penalty for 3 lost turns in a row",
        ),
        (
            "stats-farkle-additive-open500",
            "Additive scoring table · First bank of at least 500 points"
            " · No penalty for 3 lost turns in a row",
        ),
    ]
    assert re.search(r'<dl class="stat-list" data-game="farkle">.*?<dd class="num">3</dd>', html)
    assert 'data-game="farkle" data-rules="additive-open500"' in html
    assert 'id="wins-farkle"' in html and 'id="wins-farkle-additive-open500"' in html


def test_without_house_rule_games_the_panel_is_as_before() -> None:
    host = Host({"zaria.lang": "en", "zaria.stats": json.dumps(OLD_STATS)})
    app = App(host, params={})
    app.action("open", {"game": "stats"})
    assert "<h3" not in host.screen_html and 'id="wins-farkle"' in host.screen_html
    assert stats.load(host) == {
        **stats.empty(),  # every other registered game's, empty
        Counted("penta"): stats.Summary.from_dict(OLD_STATS["penta"], 1),
        Counted("farkle"): stats.Summary.from_dict(OLD_STATS["farkle"], 1),
    }


@pytest.mark.parametrize(
    "key",
    ["farkle:bogus", "farkle:" + "9" * 5000, "farkle:additive-open²", "farkles", "farkle:"],
)
def test_keys_that_name_no_rule_set_are_not_counted_but_kept(key: str) -> None:
    raw = json.dumps({"format": 2, key: stats.Summary(games=4).to_dict()})
    assert stats.parse(raw) == stats.empty()
    assert stats.kept(raw) == {key: stats.Summary(games=4).to_dict()}


@pytest.mark.parametrize(
    ("key", "counted"),
    [("farkle:standard", "farkle"), ("farkle:additive-open0", "farkle:additive")],
)
def test_keys_naming_a_rule_set_otherwise_count_for_it(key: str, counted: str) -> None:
    raw = json.dumps({"format": 2, key: stats.Summary(games=4).to_dict()})
    assert stats.parse(raw)[Counted.parse(counted)] == stats.Summary(games=4)
    assert stats.kept(raw) == {}


def test_a_damaged_rule_set_summary_makes_the_statistics_unreadable() -> None:
    raw = json.dumps({"format": 1, "farkle:doubling": {"games": -1}})
    with pytest.raises(stats.Unreadable):
        stats.parse(raw)


# -- computers playing whole games under house rules -------------------------------------

#: Rule sets covering every option value (and the default), for the computers' games.
CVC_RULES = [
    DEFAULT_RULES,
    FarkleRules(350, 0, "standard"),
    FarkleRules(500, 500, "additive"),
    FarkleRules(1000, 1000, "doubling"),
    FarkleRules(0, 1000, "additive"),
    FarkleRules(1000, 0, "doubling"),
]


def computers_game(rules: FarkleRules, levels: tuple[str, str], seed: int) -> tuple[App, Host]:
    """Two computers under ``rules``, resumed from a save, seeded dice, instant pace."""
    host = Host({"zaria.lang": "en", "zaria.settings": json.dumps({"pace": "instant"})})
    seats = [Seat(f"C{i}", computer=True, level=lv) for i, lv in enumerate(levels)]
    engine = FarkleGame.new(seats, 5000, rules).to_dict()
    state = {"engine": engine, "rolls": [], "dice": "", "seed": str(seed)}
    SaveStore(host).save("farkle", state)
    host.files[MASTER_URL] = MASTER_BYTES
    app = App(host, params={"seed": str(seed)})
    app.action("open", {"game": "farkle"})
    return app, host


@pytest.mark.parametrize("rules", CVC_RULES, ids=lambda r: r.id)
def test_computers_play_whole_games_and_never_try_a_refused_bank(
    monkeypatch: pytest.MonkeyPatch, rules: FarkleRules
) -> None:
    tried: list[tuple[int, int, bool]] = []
    real_bank = FarkleGame.bank

    def spying_bank(self: FarkleGame, *, seat: int | None = None) -> None:
        tried.append((self.turn_points(), self.opening_needed, self.can_bank()))
        real_bank(self, seat=seat)

    monkeypatch.setattr(FarkleGame, "bank", spying_bank)
    pairs = [("normal", "expert"), ("expert", "normal")]
    if rules == DEFAULT_RULES:
        pairs += [("master", "expert"), ("normal", "master")]
    for n, levels in enumerate(pairs):
        app, host = computers_game(rules, levels, seed=11 + n)
        for _ in range(400):
            if screen(app).game is None or game(app).over:
                break
            host.advance(1000)
        g = game(app)
        assert g.over, (levels, g)
        assert g.rules == rules
        assert "fk-over-title" in host.screen_html
    assert tried and all(ok for _, _, ok in tried), [t for t in tried if not t[2]]
    if rules.opening_minimum:
        # Banks that the minimum decided: each was at least the minimum.
        assert all(points >= need for points, need, _ in tried)
        assert any(need for _, need, _ in tried)


def test_expert_s_tables_are_built_for_the_rules_in_force(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[FarkleRules] = []
    monkeypatch.setattr(farkle_screen, "EXPERT_BUILT", {})
    monkeypatch.setattr(farkle_screen, "expert_table", lambda rules: built.append(rules))
    rules = FarkleRules(500, 1000, "additive")
    app, host = start_with("123466", rules, computer=True, level="expert")
    assert screen(app).part.computer_state() == "preparing" and built == []
    host.advance(farkle_screen.PREPARE_MS)
    assert built == [rules] and screen(app).part.computer_state() == "ready"
    app.action("new", {})
    app.action("confirm-new", {})
    app.action("start", {})  # the same rules again: nothing more to build
    host.advance(farkle_screen.PREPARE_MS)
    assert built == [rules] and screen(app).part.computer_state() == "ready"


# -- the words ---------------------------------------------------------------------------

#: The rules text's own French words, quoted exactly (with an ordinary space).
QUOTED = {"farkle.lost_turn", "farkle.hot_dice", "farkle.last_round"}
#: House-rule words that French shares with English.
SHARED_FR = {
    "farkle.house.opening_minimum.points",  # "{points} points"
    "farkle.house.farkle_penalty.points",
    "farkle.house.table.standard",
    "farkle.house.table.additive",
}


def test_french_puts_a_narrow_no_break_space_before_double_punctuation() -> None:
    from zaria.i18n.fr import farkle as fr_farkle
    from zaria.i18n.fr import rules as fr_rules

    messages = {**fr_farkle.MESSAGES, **fr_rules.MESSAGES}
    loose = {
        k: v
        for k, v in messages.items()
        if k not in QUOTED and re.search(r"(\s(?<!\u202f)[:;!?»])|(«(?!\u202f))", v)
    }
    assert loose == {}
    assert messages["farkle.house.penalty_title"] == "−{points}\u202f: trois tours perdus de suite"


@pytest.mark.parametrize("lang", ["fr", "el", "tr"])
def test_the_house_rule_words_are_translated(lang: str) -> None:
    en, own = catalogue("en"), catalogue(lang)
    prefixes = ("farkle.house.", "farkle.computer.", "rules.farkle.house.")
    keys = [k for k in en if k.startswith(prefixes)]
    keys += ["rules.farkle.players.master", "err.farkle.opening_minimum", "farkle.level.master"]
    assert len(keys) > 30
    same = {k for k in keys if own[k] == en[k]}
    assert same == (SHARED_FR if lang == "fr" else set())
