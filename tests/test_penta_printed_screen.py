"""The printed rules, Penta's house rule, on the page, driven natively with a fake page.

The form's choice, the forced joker of a Penta with the Penta box at 0 (and Penta's
rules, which have none), the computer and the coach reading the printed rules' own
table (and no other), statistics counted apart, a duel link carrying the rules (and
one naming rules Penta does not play refused), a save resumed under its rules, and
the rules page's section in every language.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fake_host import PENTA_TABLE, FakeHost, Page, screen
from zaria.game import Seat
from zaria.i18n import LANGUAGES, Translator
from zaria.penta.game import PentaGame
from zaria.penta.scoring import PENTA, PRINTED, Box
from zaria.penta.strategy import SheetState, Strategy, load_table
from zaria_web import duel
from zaria_web.app import App
from zaria_web.pages.rules import rules_page
from zaria_web.penta import review
from zaria_web.penta import screen as penta_screen
from zaria_web.play.intents import Play
from zaria_web.runtime.effects import SaveFile
from zaria_web.runtime.routes import entry_of
from zaria_web.storage import archive, daily, duels, stats, transfer
from zaria_web.storage.counted import Counted

PRINTED_URL = "data/penta_printed_table.bin"
PRINTED_TABLE = (
    Path(__file__).resolve().parent.parent / "py/zaria/data/penta_printed_table.bin"
).read_bytes()
#: Turn 1 throws no Penta (its box is sacrificed with 0), turn 2 five 4s.
JOKER_SCRIPT = "12346,44444"


@pytest.fixture(autouse=True)
def fresh_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test downloads the tables afresh (they are shared by a page's life)."""
    for rules in (PENTA, PRINTED):
        monkeypatch.setitem(penta_screen.TABLES, rules.id, penta_screen.table_file(rules))


def _host(**kw: Any) -> FakeHost:
    host = FakeHost(**kw)
    host.files[penta_screen.TABLE_URL] = PENTA_TABLE
    host.files[PRINTED_URL] = PRINTED_TABLE
    return host


def game(app: App) -> PentaGame:
    g = screen(app).game
    assert g is not None
    return g


def start(
    params: dict[str, str], rules: str = "printed", host: FakeHost | None = None
) -> tuple[App, FakeHost]:
    """Ann alone, under ``rules`` chosen on the form."""
    host = host or _host()
    app = App(host, params)
    app.action("open", {"game": "penta"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("seat-computer", {"value": "off"})
    app.action("penta-rules", {"value": rules, "event": "change"})
    app.action("start", {})
    return app, host


def sacrifice_penta_then_roll_five_fours(app: App) -> None:
    app.action("roll", {})
    app.action("box", {"box": "penta"})
    app.action("validate", {})
    assert game(app).sheets[0][Box.PENTA] == 0
    app.action("roll", {})


def test_the_form_offers_the_joker_rule_penta_first_and_the_game_keeps_it() -> None:
    host = _host()
    app = App(host, {})
    app.action("open", {"game": "penta"})
    page = Page(host.screen_html)
    assert "checked" in page.tags["penta-rules-penta"]
    assert "checked" not in page.tags["penta-rules-printed"]
    text = page.plain()
    assert "Joker: only while the Penta box holds 50 (Penta)" in text
    assert "whenever the Penta box is filled (the printed rules)" in text
    assert 'role="radiogroup" aria-labelledby="penta-rules-label"' in host.screen_html
    app.action("penta-rules", {"value": "printed", "event": "change"})
    assert "checked" in Page(host.screen_html).tags["penta-rules-printed"]
    app.action("penta-rules", {"value": "yatzy", "event": "change"})  # not offered: nothing
    assert "checked" in Page(host.screen_html).tags["penta-rules-printed"]
    app.action("seat-computer", {"value": "off"})
    app.action("start", {})
    assert game(app).rules is PRINTED
    assert "The printed rules" in Page(host.screen_html).plain()  # said on the table


def test_a_penta_with_the_penta_box_at_zero_is_a_forced_joker_under_the_printed_rules() -> None:
    app, host = start({"dice": JOKER_SCRIPT})
    sacrifice_penta_then_roll_five_fours(app)
    assert game(app).options() == {Box.FOURS: (20, 0)}  # the joker: its own upper box, no bonus
    page = Page(host.screen_html)
    free = [b for b in Box if f"box-{b.value}" in page.tags]
    enabled = [b.value for b in free if "disabled" not in page.tags[f"box-{b.value}"]]
    assert enabled == ["fours"]
    app.action("box", {"box": "chance"})  # refused: not a box the joker allows
    app.action("validate", {})
    assert game(app).sheets[0][Box.CHANCE] is None
    app.action("box", {"box": "fours"})
    app.action("validate", {})
    assert game(app).sheets[0][Box.FOURS] == 20 and game(app).penta_bonuses[0] == 0


def test_the_same_dice_under_pentas_rules_are_an_ordinary_roll() -> None:
    app, _ = start({"dice": JOKER_SCRIPT}, rules="penta")
    sacrifice_penta_then_roll_five_fours(app)
    options = game(app).options()
    assert (
        len(options) == 12
        and options[Box.CHANCE] == (20, 0)
        and options[Box.LARGE_STRAIGHT] == (0, 0)
    )


def test_only_the_printed_rules_table_is_downloaded_and_the_computer_and_coach_read_it() -> None:
    host = _host()
    host.slow_downloads = True
    app = App(host, {"dice": JOKER_SCRIPT})
    app.set_setting("coach", "on")
    app.action("open", {"game": "penta"})
    app.action("penta-rules", {"value": "printed", "event": "change"})
    assert host.pending == []  # the form asks for no table
    app.action("seat-computer", {"value": "off"})
    app.action("start", {})
    assert [url for url, _, _ in host.pending] == [PRINTED_URL]
    host.deliver()
    part = screen(app).part
    assert part.strategy is penta_screen.TABLES["printed"].value
    assert not penta_screen.TABLES["penta"].ready and not penta_screen.TABLES["penta"].loading
    sacrifice_penta_then_roll_five_fours(app)
    g = game(app)
    own = Strategy(load_table(PRINTED_TABLE, PRINTED))
    coach = review.coach(g, part.strategy)
    assert coach is not None and set(coach.boxes) == {Box.FOURS}
    expected = own.turn(SheetState.from_sheet(g.sheets[0], PRINTED)).box_values(g.dice)
    assert coach.boxes[Box.FOURS] == pytest.approx(expected[0].expected)  # nothing scored yet
    # The coach's figure is on the page, as an expected final score.
    shown = f"{coach.boxes[Box.FOURS]:.1f}"
    assert shown in Page(host.screen_html).plain()
    # The computer plays the printed rules from the same table.
    player = part.player(Seat("Computer", True, "optimal"))
    assert player is not None and player.strategy is part.strategy


def test_the_computer_plays_a_whole_game_of_the_printed_rules() -> None:
    host = _host()
    app = App(host, {"seed": "7"})
    app.set_setting("pace", "instant")
    app.action("open", {"game": "penta"})
    app.action("penta-rules", {"value": "printed", "event": "change"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    _play_out(app)
    g = game(app)
    assert g.over and g.rules is PRINTED and all(v is not None for v in g.sheets[1].values())


def _play_out(app: App) -> None:
    """Ann plays as the computer's casual player would; the computer on its timers."""
    s = screen(app)
    host = app.host
    casual = s.part.player(Seat("x", True, "casual"))
    for _ in range(3000):
        g = s.game
        if g is None or g.over:
            return
        if s.computer_turn():
            host.advance(2000)  # type: ignore[attr-defined]
            continue
        app.dispatch(Play(s.spec.next_action(g, casual.plan(g))))
    raise AssertionError("the game did not end")


def test_games_under_the_printed_rules_are_counted_apart() -> None:
    host = _host()
    for rules in ("printed", "penta"):
        app, _ = start({}, rules=rules, host=host)
        _play_out(app)
    counted = stats.load(host)
    keys = {c.encode() for c in counted}
    assert {"penta", "penta:printed"} <= keys
    assert counted[Counted("penta", "printed")].games == 1
    assert counted[Counted("penta")].games == 1
    assert Counted.parse("penta:printed") == Counted("penta", "printed")
    app.go("stats")
    text = Page(host.screen_html).plain()
    assert "Penta’s rules" in text and "The printed rules" in text


def test_a_save_resumes_under_its_rules_and_one_naming_other_rules_is_set_aside() -> None:
    app, host = start({"dice": JOKER_SCRIPT})
    app.action("roll", {})
    saved = dict(host.storage)
    again = App(_host(storage=dict(saved)), {})
    again.action("open", {"game": "penta"})
    assert game(again).rules is PRINTED and game(again).dice == (1, 2, 3, 4, 6)
    assert screen(again).part.rules is PRINTED
    key = next(k for k in saved if k.endswith("save.penta"))
    data = json.loads(saved[key])
    assert data["state"]["engine"]["rules"] == "printed"
    data["state"]["engine"]["rules"] = "tomorrow"
    broken = {**saved, key: json.dumps(data)}
    third = App(_host(storage=broken), {})
    third.action("open", {"game": "penta"})
    assert screen(third).game is None and "was damaged" in third.host.screen_html  # type: ignore[attr-defined]
    # An older save names no rules: Penta's.
    older = json.loads(saved[key])
    del older["state"]["engine"]["rules"]
    older["state"]["engine"]["game"] = "penta"
    fourth = App(_host(storage={**saved, key: json.dumps(older)}), {})
    fourth.action("open", {"game": "penta"})
    assert game(fourth).rules is PENTA


def _duel_app(host: FakeHost | None = None) -> tuple[App, FakeHost]:
    host = host or _host(storage={"zaria.lang": "en"})
    host.clock_iso = "2026-12-04T09:30:00.000+01:00"
    return App(host, {}), host


def test_a_duel_under_the_printed_rules_carries_them_in_its_link() -> None:
    app, host = _duel_app()
    app.action("open", {"game": "penta-duel"})
    page = Page(host.screen_html)
    assert "checked" in page.tags["penta-challenge-rules-choice-"]
    app.action("challenge-rules", {"value": "printed", "event": "change"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    assert game(app).rules is PRINTED
    _play_solo(app)
    link = Page(host.screen_html).tags["penta-link"]["value"] or ""
    found = duel.decode(link.split("#/duel/")[1])
    assert found.rules == "printed" and found.game == "penta"
    # Ben opens it: the printed rules, the same dice, Ann's result read back verified.
    ben, ben_host = _duel_app()
    entry = entry_of("#" + link.split("#", 1)[1])
    assert entry is not None
    ben.open_entry(entry)
    assert screen(ben).name == "penta-duel"
    assert "The printed rules" in Page(ben_host.screen_html).plain()
    ben.action("start", {})
    assert game(ben).rules is PRINTED
    _play_solo(ben)
    assert "not verified" not in Page(ben_host.screen_html).plain()
    back = duel.decode(
        (Page(ben_host.screen_html).tags["penta-link"]["value"] or "").split("#/duel/")[1]
    )
    assert back.rules == "printed" and len(back.results) == 2
    # Kept with the finished games, and opened again there under its rules.
    seed = screen(ben).versus.challenge.seed
    ben.go("stats")
    ben.action("open-game", {"id": duels.ident("penta", seed)})
    shown = Page(ben_host.screen_html).plain()
    assert "The printed rules" in shown and "not verified" not in shown


def _play_solo(app: App) -> None:
    s = screen(app)
    casual = s.part.player(Seat("x", True, "casual"))
    for _ in range(2000):
        if s.game.over:
            return
        app.dispatch(Play(s.spec.next_action(s.game, casual.plan(s.game))))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("rules", ["yatzy", "Printed", "x" * 50])
def test_a_duel_link_naming_rules_penta_does_not_play_is_refused(rules: str) -> None:
    app, host = _duel_app()
    before = dict(host.storage)
    token = duel.encode(duel.Duel("penta", rules, "duel/penta/abc"))
    app.open_entry("duel:" + token)
    app.redraw()
    assert app.screen.name == "home"
    assert "asks for rules Zaria does not play" in Page(host.screen_html).plain()
    assert host.storage == before


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_has_a_section_on_the_printed_rules(lang: str) -> None:
    tr = Translator(lang)
    page = str(rules_page(tr, "penta", {}))
    assert 'id="rules-penta-printed"' in page
    assert tr("rules.penta.printed") in page
    assert "**" not in page  # the bold marks became <strong>


def test_a_finished_game_of_the_printed_rules_is_kept_exported_and_imported() -> None:
    host = _host()
    app, _ = start({}, host=host)
    _play_out(app)
    [entry] = archive.load(host)
    assert entry.counted == Counted("penta", "printed")
    app.go("stats")
    app.action("open-game", {"id": entry.id})
    page = Page(host.screen_html)
    assert "The printed rules" in page.plain()  # its end screen says under which rules
    app.go("stats")
    app.action("stats-export", {})
    text = host.performed_of(SaveFile)[-1].text
    assert "penta:printed" in json.loads(text)["stats"]
    before = stats.load(host)
    other = _host()
    again = App(other, {})
    again.go("stats")
    other.picked[transfer.FIELD] = text
    again.action("stats-import", {"value": "C:\\fakepath\\zaria.json", "event": "input"})
    again.action("stats-import-yes", {})
    assert stats.load(other) == before and archive.load(other)[0].counted == entry.counted


def test_undo_takes_back_a_forced_joker_and_the_game_log_writes_it() -> None:
    app, host = start({"dice": JOKER_SCRIPT})
    sacrifice_penta_then_roll_five_fours(app)
    app.action("box", {"box": "fours"})
    app.action("validate", {})
    assert game(app).sheets[0][Box.FOURS] == 20
    app.action("undo", {})
    assert game(app).sheets[0][Box.FOURS] is None and game(app).options() == {Box.FOURS: (20, 0)}
    app.action("box", {"box": "fours"})
    app.action("validate", {})
    log = Page(host.screen_html).plain()
    assert "Fours" in log and "took back" in log


def test_the_score_pad_plays_the_printed_rules_from_real_dice_and_counts_them_as_real() -> None:
    host = _host()
    app = App(host, {})
    app.action("open", {"game": "penta-pad"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("penta-rules", {"value": "printed", "event": "change"})
    app.action("start", {})
    assert game(app).rules is PRINTED
    for faces in ("12346", "44444"):
        for f in faces:
            app.action("face", {"face": f})
        app.action("roll", {})
        if faces == "12346":
            app.action("box", {"box": "penta"})
            app.action("validate", {})
    assert game(app).options() == {Box.FOURS: (20, 0)}
    assert screen(app).part.stats_key() == Counted("penta", real=True)


def test_the_daily_dice_under_the_printed_rules_are_a_daily_of_their_own() -> None:
    app, host = _duel_app()
    app.action("open", {"game": "penta-daily"})
    assert "checked" in Page(host.screen_html).tags["penta-challenge-rules-choice-"]
    app.action("challenge-rules", {"value": "printed", "event": "change"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    s = screen(app)
    assert game(app).rules is PRINTED
    assert s.versus.challenge.seed == "daily/penta/2026-12-04"
    _play_solo(app)
    printed_moves = "".join(s.versus.challenge.moves)
    days = daily.parse(host.storage[daily.KEY])
    # Kept apart from Penta's own daily: "pentaprinted", letters alone (read by an
    # earlier version as one more game's days).
    assert set(days) == {"pentaprinted"}
    kept = days["pentaprinted"]["2026-12-04"]
    assert kept.done and kept.attempts == 1 and kept.moves == printed_moves
    link = Page(host.screen_html).tags["penta-link"]["value"] or ""
    found = duel.decode(link.split("#/duel/")[1])
    assert (found.rules, found.seed) == ("printed", "daily/penta/2026-12-04")
    # Penta's own daily of the same day is still to play, on the same dice.
    other, other_host = _duel_app(_host(storage=dict(host.storage)))
    other.action("open", {"game": "penta-daily"})
    other.action("challenge-rules", {"value": "penta", "event": "change"})
    other.action("start", {})
    assert game(other).rules is PENTA
    assert screen(other).versus.challenge.seed == "daily/penta/2026-12-04"
    assert daily.parse(other_host.storage[daily.KEY])["penta"]["2026-12-04"].attempts == 1
    # Reopened with the save gone, the printed rules' day shows its result again.
    host.storage.pop("zaria.save.penta-daily", None)
    again = App(host, {})
    again.action("open", {"game": "penta-daily"})
    again.action("challenge-rules", {"value": "printed", "event": "change"})
    assert screen(again).phase == "end" and game(again).rules is PRINTED
    assert "".join(screen(again).versus.challenge.moves) == printed_moves


def test_a_link_to_todays_dice_under_the_printed_rules_opens_that_daily() -> None:
    app, host = _duel_app()
    token = duel.encode(duel.Duel("penta", "printed", "daily/penta/2026-12-04"))
    app.open_entry("duel:" + token)
    s = screen(app)
    assert s.name == "penta-daily" and s.versus.offer.rules == "printed"
    app.action("start", {})
    assert game(app).rules is PRINTED
    assert daily.parse(host.storage[daily.KEY])["pentaprinted"]["2026-12-04"].attempts == 1


def test_todays_result_leads_to_todays_dice_by_the_other_rules_and_back() -> None:
    app, host = _duel_app()
    app.action("open", {"game": "penta-daily"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    _play_solo(app)
    s = screen(app)
    penta_moves = "".join(s.versus.challenge.moves)
    page = Page(host.screen_html)
    assert page.text["penta-daily-printed"] == "The printed rules: today’s dice"
    assert not page.has("penta-daily-own")  # the rules just played are not offered
    # Rules the game does not offer, or those just played, change nothing.
    for rules in ("yatzy", "penta", ""):
        app.action("daily-rules", {"rules": rules})
        assert s.phase == "end" and s.versus.challenge is not None
    app.action("daily-rules", {"rules": "printed"})
    assert s.phase == "setup" and s.versus.offer.rules == "printed"
    assert host.focused == "#penta-challenge-title"
    page = Page(host.screen_html)
    assert "checked" in page.tags["penta-challenge-rules-choice-printed"]
    # Penta's own attempt is not counted as one at the printed rules' dice.
    assert not page.has("penta-attempts") and "Attempts started" not in page.plain()
    app.action("start", {})
    assert game(app).rules is PRINTED and s.versus.challenge.seed == "daily/penta/2026-12-04"
    _play_solo(app)
    page = Page(host.screen_html)
    assert page.text["penta-daily-own"] == "Penta’s rules: today’s dice"
    assert page.tags["penta-daily-own"]["data-rules"] == ""
    assert not page.has("penta-daily-printed")
    days = daily.parse(host.storage[daily.KEY])
    assert days["penta"]["2026-12-04"].done and days["pentaprinted"]["2026-12-04"].done
    # Back to Penta's own: its result again, replayed from the moves kept.
    app.action("daily-rules", {"rules": ""})
    assert s.phase == "end" and game(app).rules is PENTA
    assert "".join(s.versus.challenge.moves) == penta_moves
    days = daily.parse(host.storage[daily.KEY])
    assert days["penta"]["2026-12-04"].attempts == 1  # shown again, not played again
    assert Page(host.screen_html).has("penta-daily-printed")  # and the other again
