"""Yatzy on the page, driven natively with a fake page: its card on home, its form,
its sheet scored by Yatzy's rules (pairs, straights, a full house as the sum, no joker),
its upper bonus, its score pad, its daily dice and duels, its statistics, its saves
and its rules page in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from fake_host import FakeHost, Page, game, pass_device, screen
from zaria.game import Seat
from zaria.i18n import LANGUAGES, Translator
from zaria.penta.strategy import SheetState, Strategy, load_table
from zaria.yatzy import YATZY, YatzyBox
from zaria_web import duel, games
from zaria_web.app import App
from zaria_web.pages.rules import rules_page
from zaria_web.penta import review
from zaria_web.penta import screen as family_screen
from zaria_web.play.intents import Play
from zaria_web.runtime.routes import entry_of
from zaria_web.storage import daily, stats
from zaria_web.storage.counted import Counted
from zaria_web.yatzy.screen import SPEC

B = YatzyBox
TABLE_URL = "data/yatzy_table.bin"
TABLE = (Path(__file__).resolve().parent.parent / "py/zaria/data/yatzy_table.bin").read_bytes()


@pytest.fixture(autouse=True)
def fresh_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts without Yatzy's table (shared by a page's life): its download
    made afresh, in place of the one Yatzy's spec added (put back after the test)."""
    assert "yatzy" in family_screen.TABLES  # added with Yatzy's spec, imported above
    monkeypatch.setitem(family_screen.TABLES, "yatzy", family_screen.table_file(YATZY))


def start(params: dict[str, str], host: FakeHost | None = None, names: int = 1) -> App:
    """A game of Yatzy for Ann (and Ben), without the computer."""
    app = App(host or FakeHost({"zaria.lang": "en"}), params)
    app.action("open", {"game": "yatzy"})
    for i, name in enumerate(("Ann", "Ben")[:names]):
        if i:
            app.action("seat-add", {})
        app.action("seat-name", {"index": str(i), "value": name, "event": "input"})
    app.action("seat-computer", {"value": "off"})
    app.action("start", {})
    return app


def record(app: App, box: str) -> None:
    app.action("box", {"box": box})
    app.action("validate", {})


def play_out(app: App) -> None:
    """Every turn: one roll, then the first free box that scores, else the first free one."""
    s = screen(app)
    for _ in range(200):
        g = s.game
        if g is None or g.over:
            return
        pass_device(app)
        app.action("roll", {})
        options = g.options()
        box = next((b for b, (p, _) in options.items() if p > 0), next(iter(options)))
        record(app, box.value)
    raise AssertionError("the game did not end")


def test_home_shows_yatzy_s_card_and_its_form_has_no_house_rules() -> None:
    host = FakeHost({"zaria.lang": "fr"})
    app = App(host, {})
    app.redraw()
    home = Page(host.screen_html)
    assert games.NAMES[-1] == "yatzy" and games.named("yatzy").spec() is SPEC
    assert SPEC.duplicate is not None and SPEC.duplicate.offered == ()  # no rules to choose
    assert home.text["name-yatzy"] == "Yatzy" and 'id="real-yatzy"' in home.html
    assert 'class="game-card yatzy"' in home.html and 'id="home-rules-yatzy"' in home.html
    app.action("open", {"game": "yatzy"})
    form = Page(host.screen_html)
    assert form.text["penta-setup-title"] == "Nouvelle partie de Yatzy"
    assert "penta-rules-penta" not in form.tags  # no choice of rules
    assert host.pending == []  # the form downloads no table


def test_the_sheet_has_fifteen_boxes_named_as_players_say_them() -> None:
    app = start({"dice": "33335"}, FakeHost({"zaria.lang": "fr"}))
    g = game(app)
    assert g.rules is YATZY and g.rules.rounds == 15
    text = Page(app.host.screen_html).plain()  # type: ignore[attr-defined]
    for name in ("As", "Une paire", "Deux paires", "Brelan", "Carré", "Petite suite", "Full"):
        assert name in text
    assert "Tour 1 sur 15" in text
    assert "Prime Penta" not in text and "Penta" not in text
    html = app.host.screen_html  # type: ignore[attr-defined]
    assert 'class="sum pbonus' not in html and re.search(r"</tr>[^<]", html) is None


def test_four_alike_are_no_two_pairs_and_a_full_house_is_the_sum() -> None:
    app = start({"dice": "33335,22555"})
    app.action("roll", {})
    options = game(app).options()
    assert options[B.TWO_PAIRS] == (0, 0) and options[B.FOUR_KIND] == (12, 0)
    assert options[B.ONE_PAIR] == (6, 0) and options[B.THREE_KIND] == (9, 0)
    assert options[B.FULL_HOUSE] == (0, 0) and options[B.YATZY] == (0, 0)
    cell = Page(app.host.screen_html).tags["box-two_pairs"]  # type: ignore[attr-defined]
    assert cell["aria-label"] == "Two pairs: 0 points"
    record(app, "four_kind")
    app.action("roll", {})
    options = game(app).options()
    assert options[B.FULL_HOUSE] == (19, 0) and options[B.TWO_PAIRS] == (14, 0)
    assert options[B.ONE_PAIR] == (10, 0) and options[B.CHANCE] == (19, 0)
    record(app, "full_house")
    assert game(app).sheets[0][B.FULL_HOUSE] == 19 and game(app).totals(0).total == 31


def test_the_straights_are_exact() -> None:
    app = start({"dice": "12345,23456,13456"})
    for box, points in (("small_straight", 15), ("large_straight", 20)):
        app.action("roll", {})
        assert game(app).options()[B(box)] == (points, 0)
        record(app, box)
    app.action("roll", {})
    options = game(app).options()
    assert B.SMALL_STRAIGHT not in options and options[B.CHANCE] == (19, 0)


def test_a_second_yatzy_is_an_ordinary_roll_no_joker_no_bonus() -> None:
    app = start({"dice": "66666,66666"})
    app.action("roll", {})
    record(app, "yatzy")
    assert game(app).sheets[0][B.YATZY] == 50
    app.action("roll", {})
    options = game(app).options()
    assert len(options) == 14 and all(bonus == 0 for _, bonus in options.values())
    assert options[B.SIXES] == (30, 0) and options[B.FULL_HOUSE] == (0, 0)
    assert options[B.LARGE_STRAIGHT] == (0, 0) and options[B.ONE_PAIR] == (12, 0)
    record(app, "chance")
    g = game(app)
    assert g.totals(0).total == 80 and g.penta_bonuses[0] == 0


def test_the_upper_bonus_is_50_at_63() -> None:
    throws = "11123,22234,33345,44456,55561,66612"
    app = start({"dice": throws})
    for box in ("ones", "twos", "threes", "fours", "fives"):
        app.action("roll", {})
        record(app, box)
    assert game(app).totals(0).upper_bonus == 0
    page = Page(app.host.screen_html)  # type: ignore[attr-defined]
    assert "18 to go" in page.plain() or "18" in page.plain()
    app.action("roll", {})
    record(app, "sixes")
    totals = game(app).totals(0)
    assert (totals.upper, totals.upper_bonus, totals.total) == (63, 50, 113)


def test_a_whole_game_is_counted_under_yatzy_kept_and_its_words_are_yatzy_s() -> None:
    host = FakeHost({"zaria.lang": "en"})
    app = start({}, host, names=2)
    play_out(app)
    s = screen(app)
    assert s.phase == "end" and len(game(app).sheets[0]) == 15
    end = Page(host.screen_html)
    assert "Penta" not in end.plain() and re.search(r"</tr>[^<]", host.screen_html) is None
    counted = stats.load(host)
    assert counted[Counted("yatzy")].games == 1 and counted[Counted("penta")].games == 0
    app.go("stats")
    page = Page(host.screen_html).plain()
    assert "Yatzy" in page and "Yatzys" in page


def test_a_save_resumes_as_yatzy() -> None:
    host = FakeHost({"zaria.lang": "en"})
    app = start({"dice": "22555"}, host)
    app.action("roll", {})
    app.action("box", {"box": "full_house"})
    saved = json.loads(host.storage["zaria.save.yatzy"])
    assert saved["state"]["engine"]["game"] == "yatzy"
    again = App(FakeHost(dict(host.storage)), {})
    again.action("open", {"game": "yatzy"})
    assert game(again).rules is YATZY and game(again).dice == (2, 2, 5, 5, 5)
    assert screen(again).part.selected is B.FULL_HOUSE


def test_a_box_that_is_not_yatzy_s_is_refused_and_changes_nothing() -> None:
    app = start({"dice": "22555"})
    app.action("roll", {})
    before = game(app).to_dict()
    for box in ("penta", "aces"):  # the page and the app disagree: an error, nothing played
        with pytest.raises(ValueError, match="is not a valid YatzyBox"):
            app.action("box", {"box": box})
    app.action("validate", {})
    assert game(app).to_dict() == before and screen(app).part.selected is None


def test_the_score_pad_plays_yatzy_from_entries() -> None:
    host = FakeHost({"zaria.lang": "en"})
    app = App(host, {})
    app.action("open", {"game": "yatzy-pad"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    for face in "22555":
        app.action("face", {"face": face})
    app.action("roll", {})
    assert game(app).dice == (2, 2, 5, 5, 5)
    record(app, "full_house")
    assert game(app).sheets[0][B.FULL_HOUSE] == 19
    for face in "3333":
        app.action("face", {"face": face})
    app.action("roll", {})  # four dice entered of five: not played
    assert game(app).dice is None
    app.action("face", {"face": "5"})
    app.action("roll", {})
    assert game(app).options()[B.TWO_PAIRS] == (0, 0)


def test_the_daily_dice_and_a_duel_link_name_yatzy() -> None:
    host = FakeHost({"zaria.lang": "en"})
    host.clock_iso = "2026-12-04T09:30:00.000+01:00"
    app = App(host, {})
    app.action("open", {"game": "yatzy-daily"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    assert "15 rounds, alone." in Page(host.screen_html).plain()
    app.action("start", {})
    versus = screen(app).versus
    assert versus is not None and versus.challenge is not None
    assert versus.challenge.seed == "daily/yatzy/2026-12-04"
    assert game(app).rules is YATZY and game(app).strict
    play_out(app)
    page = Page(host.screen_html)
    assert not [t for t in page.tags if t.startswith("penta-daily-")]  # no other rules
    link = page.tags["penta-link"]["value"] or ""
    carried = duel.decode(link.split("#/duel/")[1])
    assert carried.game == "yatzy" and carried.rules == "" and carried.results[0].name == "Ann"
    assert carried.results[0].score == game(app).outcome().totals[0]
    kept = daily.parse(host.storage[daily.KEY])["yatzy"]["2026-12-04"]
    assert kept.score == carried.results[0].score
    # Ben opens the link: Yatzy, the same dice, Ann's result verified.
    ben = App(FakeHost({"zaria.lang": "en"}), {})
    entry = entry_of("#" + link.split("#", 1)[1])
    assert entry is not None
    ben.open_entry(entry)
    assert screen(ben).name == "yatzy-duel"
    ben.action("seat-name", {"index": "0", "value": "Ben", "event": "input"})
    ben.action("start", {})
    play_out(ben)
    assert "not verified" not in Page(ben.host.screen_html).plain()  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_in_every_language_quotes_the_engine(lang: str) -> None:
    tr = Translator(lang)
    html = str(rules_page(tr, "yatzy", {"autorecord": "5"}))
    text = Page(html).plain()
    assert "rules.yatzy" not in html and "yatzy.box" not in html and "Penta" not in text
    assert "19" in text and "50" in text and "63" in text
    assert tr("yatzy.box.two_pairs") in text and tr("yatzy.box.yatzy") in text


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("fr", ("As", "Une paire", "Deux paires", "Brelan", "Carré", "Petite suite", "Yatzy")),
        ("el", ("Άσοι", "Ένα ζευγάρι", "Δύο ζευγάρια", "Τριάδα", "Φουλ", "Μικρή κέντα")),
        ("tr", ("Birler", "Bir çift", "İki çift", "Üçlü", "Dörtlü", "Küçük seri", "Şans")),
        ("en", ("Ones", "One pair", "Two pairs", "Three of a kind", "Full house", "Yatzy")),
    ],
)
def test_box_names_in_every_language(lang: str, names: tuple[str, ...]) -> None:
    tr = Translator(lang)
    shown = [tr(f"yatzy.box.{b.value}") for b in YATZY.order]
    assert len(set(shown)) == 15 and all(n in shown for n in names)


def _host(**kw: Any) -> FakeHost:
    host = FakeHost({"zaria.lang": "en"}, **kw)
    host.files[TABLE_URL] = TABLE
    return host


def test_the_computer_and_the_coach_read_yatzy_s_own_table_and_no_other() -> None:
    host = _host()
    host.slow_downloads = True
    app = App(host, {"dice": "66662"})
    app.set_setting("coach", "on")
    app.action("open", {"game": "yatzy"})
    assert host.pending == []  # the form asks for no table
    app.action("seat-computer", {"value": "off"})
    app.action("start", {})
    assert [url for url, _, _ in host.pending] == [TABLE_URL]
    host.deliver()
    part = screen(app).part
    assert part.strategy is family_screen.TABLES["yatzy"].value
    assert not family_screen.TABLES["penta"].loading
    app.action("roll", {})
    g = game(app)
    coach = review.coach(g, part.strategy)
    assert coach is not None and set(coach.boxes) == set(YATZY.order)
    own = Strategy(load_table(TABLE, YATZY))
    expected = own.turn(SheetState.from_sheet(g.sheets[0], YATZY)).box_values(g.dice)
    best = max(expected, key=lambda v: v.expected)
    assert coach.boxes[best.box] == pytest.approx(best.expected)
    assert coach.best_keep == (6, 6, 6, 6)  # four sixes kept, for a Yatzy or the Sixes
    assert f"{coach.boxes[best.box]:.1f}" in Page(host.screen_html).plain()
    player = part.player(Seat("Computer", True, "optimal"))
    assert player is not None and player.strategy is part.strategy


def test_after_the_third_roll_the_countdown_records_the_optimal_box() -> None:
    host = _host()
    app = start({"dice": "12345,6,6"}, host)
    for _ in range(3):
        app.action("roll", {})
    part = screen(app).part
    best = part.countdown_box
    assert part.countdown == 3 and best is not None
    host.advance(3000)
    g = game(app)
    assert g.sheets[0][best] is not None and g.round == 2


def test_the_computer_plays_a_whole_game_the_person_s_choices_are_reviewed_and_counted() -> None:
    host = _host()
    app = App(host, {})  # random dice: a game on a seed is not counted
    app.set_setting("pace", "instant")
    app.action("open", {"game": "yatzy"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    app.action("start", {})
    s = screen(app)
    casual = s.part.player(Seat("x", True, "casual"))
    assert casual is not None
    for _ in range(3000):
        g = s.game
        if g is None or g.over:
            break
        if s.computer_turn():
            host.advance(2000)
            continue
        app.dispatch(Play(s.spec.next_action(g, casual.plan(g))))
    g = game(app)
    assert g.over and all(v is not None for v in g.sheets[1].values())
    page = Page(host.screen_html)
    assert page.has("penta-review-title") and "Yatzy" in page.plain()
    # Every word shown and said is a word: no message key (``penta.box.ones``) left.
    keys = re.compile(r"\b(?:penta|yatzy|common|challenge|stats)\.[a-z_]+\b")
    assert not keys.search(page.plain()), keys.findall(page.plain())
    assert not [a for a in host.announced if keys.search(a)]
    yatzy = stats.load(host)[Counted("yatzy")]
    ann = next(p for p in yatzy.players if p.name == "Ann")
    assert yatzy.games == 1 and ann.tally("reviewed") == 1


def test_the_countdown_is_said_with_yatzy_s_own_box_names() -> None:
    host = _host()
    app = start({"dice": "11111,11111,11111"}, host)
    for _ in range(3):
        app.action("roll", {})
    part = screen(app).part
    assert part.countdown_box is YatzyBox.YATZY  # a box Penta's sheet does not have
    said = [a for a in host.announced if "Recording automatically" in a]
    assert said and "in Yatzy…" in said[-1], said
    assert not [a for a in host.announced if "penta.box" in a]
