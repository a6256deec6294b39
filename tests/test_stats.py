"""Statistics of finished games: what counts, how it is stored, and the screen."""

from __future__ import annotations

import json
import re

import pytest

from fake_host import FakeHost, record_farkle, record_penta
from zaria.game import Seat
from zaria.i18n import LANGUAGES, Translator
from zaria.outcome import Outcome
from zaria_web import games
from zaria_web.app import App
from zaria_web.farkle import figures
from zaria_web.pages.stats import StatsScreen
from zaria_web.runtime.effects import SaveFile
from zaria_web.storage import stats
from zaria_web.storage.counted import Counted
from zaria_web.storage.stats import Summary, add_result


def make_app(host: FakeHost | None = None, lang: str = "en") -> tuple[App, FakeHost]:
    host = host or FakeHost({"zaria.lang": lang})
    return App(host, params={}), host


# -- counting ------------------------------------------------------------------------


def test_penta_counts_games_people_scores_and_the_bonus_rate() -> None:
    app, host = make_app()
    ctx = app.ctx
    assert record_penta(ctx, [250], ["Ann"], [True], [True], reproducible=False)
    assert record_penta(
        ctx, [180, 300], ["Ann", "Computer"], [True, False], [False, True], reproducible=False
    )
    assert record_penta(ctx, [231, 120], ["Bo", "Ann"], [True, True], [True, False], False)
    s = stats.load(host)[Counted("penta")]
    assert s.games == 3
    assert s.scored == 4  # the computer's 300 is not a person's result
    assert s.total == 250 + 180 + 231 + 120
    assert (s.best, s.best_name) == (250, "Ann")
    assert s.average == pytest.approx(781 / 4)
    assert s.figures["bonus"] == 2 and s.rate("bonus") == pytest.approx(0.5)
    assert s.wins == ()
    assert stats.load(host)[Counted("farkle")] == Summary()


def test_farkle_counts_wins_by_name_computers_included_and_ties_for_each() -> None:
    app, host = make_app()
    ctx = app.ctx
    record_farkle(ctx, [10_200, 8_000], ["Ann", "Bo"], [True, True], [0], False)
    record_farkle(ctx, [6_000, 10_050], ["Ann", "Computer"], [True, False], [1], False)
    record_farkle(ctx, [10_000, 10_000], ["Bo", "Ann"], [True, True], [0, 1], False)
    s = stats.load(host)[Counted("farkle")]
    assert s.games == 3 and s.scored == 5
    assert (s.best, s.best_name) == (10_200, "Ann")
    assert s.wins == (("Ann", 2), ("Bo", 1), ("Computer", 1))


def test_scripted_or_seeded_games_do_not_count() -> None:
    app, host = make_app()
    assert not record_penta(app.ctx, [300], ["Ann"], [True], [True], reproducible=True)
    assert not record_farkle(app.ctx, [10_000], ["Ann"], [True], [0], reproducible=True)
    assert stats.load(host) == stats.empty()
    assert stats.KEY not in host.storage


def test_a_game_another_tab_holds_does_not_count() -> None:
    app, host = make_app()
    app.ctx.saves.conflicts.add("penta")
    assert not record_penta(app.ctx, [300], ["Ann"], [True], [True], reproducible=False)
    assert record_farkle(app.ctx, [10_000], ["Ann"], [True], [0], reproducible=False)
    assert stats.load(host)[Counted("penta")].games == 0


def test_a_game_of_computers_only_counts_as_played_without_scores() -> None:
    bonus = {"bonus": [1, 1]}
    s = add_result(Summary(), [200, 210], ["C1", "C2"], [False, False], figures=bonus)
    assert (s.games, s.scored, s.best, s.average, s.rate("bonus")) == (1, 0, None, None, None)


@pytest.mark.parametrize(
    "args",
    [
        ([], [], []),
        ([1, 2], ["a"], [True, True]),
        ([1, 2], ["a", "b"], [True]),
    ],
)
def test_mismatched_seats_are_refused(args: tuple[list[int], list[str], list[bool]]) -> None:
    with pytest.raises(ValueError):
        add_result(Summary(), *args)


def test_bad_winners_and_figures_not_one_a_seat_are_refused() -> None:
    with pytest.raises(ValueError):
        add_result(Summary(), [1], ["a"], [True], winners=[1])
    with pytest.raises(ValueError):
        add_result(Summary(), [1], ["a"], [True], figures={"bonus": [1, 0]})


def test_wins_keep_the_most_winning_names_only() -> None:
    s = Summary(wins=tuple((f"p{i:02}", 2) for i in range(stats.MAX_NAMES)))
    s = add_result(s, [1, 2], ["new", "p00"], [True, True], winners=[0, 1])
    assert len(s.wins) == stats.MAX_NAMES
    assert s.wins[0] == ("p00", 3)
    assert ("new", 1) not in s.wins


# -- storage ---------------------------------------------------------------------------


def test_stats_round_trip_through_storage() -> None:
    app, host = make_app()
    record_farkle(app.ctx, [10_000, 0], ["Ann", "Bo"], [True, True], [0], False)
    data = json.loads(host.storage[stats.KEY])
    assert data["format"] == stats.FORMAT == 2
    assert Summary.from_dict(data["farkle"]) == stats.load(host)[Counted("farkle")]


@pytest.mark.parametrize(
    "raw",
    [
        "nonsense",
        "[]",
        json.dumps({"format": 99, "penta": {}}),
        json.dumps({"format": 1, "penta": {"games": -1}}),
        json.dumps(
            {
                "format": 1,
                "penta": {
                    "games": 1,
                    "scored": 1,
                    "total": 5,
                    "best": 5,
                    "best_name": "a",
                    "bonus": 0,
                    "wins": [["a"]],
                },
            }
        ),
    ],
)
def test_unreadable_stats_are_set_aside_and_counting_restarts(raw: str) -> None:
    app, host = make_app(FakeHost({"zaria.stats": raw}))
    assert stats.load(host) == stats.empty()
    assert host.storage["zaria.badstats"] == raw
    assert record_penta(app.ctx, [100], ["Ann"], [True], [False], False)
    assert stats.load(host)[Counted("penta")].games == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unreadable_stats_are_said_once_in_the_players_language(lang: str) -> None:
    host = FakeHost({"zaria.lang": lang, "zaria.stats": "[" * 50_000 + "]" * 50_000})
    app, _ = make_app(host)
    app.action("open", {"game": "stats"})
    text = Translator(lang)("stats.corrupt")
    assert Translator(lang).has("stats.corrupt")
    assert host.screen_html.count(text) == 1 and host.announced.count(text) == 1
    app.action("home", {})
    app.action("open", {"game": "stats"})
    assert text not in host.screen_html and host.announced.count(text) == 1


def test_stats_that_cannot_be_read_are_neither_counted_nor_cleared() -> None:
    kept = json.dumps({"format": 1, "penta": Summary(games=3).to_dict()})
    host = FakeHost({"zaria.stats": kept})
    host.read_faults.add("zaria.stats")
    app, _ = make_app(host)
    assert not record_penta(app.ctx, [100], ["Ann"], [True], [False], False)
    app.action("open", {"game": "stats"})
    assert Translator("en")("stats.unavailable") in host.screen_html
    assert re.search(r'<button[^>]*id="stats-clear"[^>]*disabled', host.screen_html)
    app.action("stats-clear", {})
    app.action("stats-clear-yes", {})
    assert host.announced[-1] == Translator("en")("stats.unavailable")
    assert host.storage["zaria.stats"] == kept


def test_more_winners_than_are_ever_kept_is_unreadable() -> None:
    wins = [[f"p{i}", 1] for i in range(stats.MAX_NAMES + 1)]
    with pytest.raises(ValueError, match="bad wins"):
        Summary.from_dict({**Summary().to_dict(), "wins": wins})


def test_clear_forgets_everything() -> None:
    app, host = make_app()
    record_penta(app.ctx, [100], ["Ann"], [True], [False], False)
    stats.clear(host)
    assert stats.load(host)[Counted("penta")].games == 0


# -- the screen --------------------------------------------------------------------------


def stat_rows(html: str, game: str) -> dict[str, str]:
    found = re.search(rf'<dl class="stat-list" data-game="{game}">(.*?)</dl>', html)
    assert found, html
    return dict(re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", found.group(1)))


def test_the_screen_is_reached_from_home_and_shows_the_figures() -> None:
    app, host = make_app()
    record_penta(app.ctx, [250], ["Ann"], [True], [True], False)
    record_penta(app.ctx, [181], ["Bo"], [True], [False], False)
    record_farkle(app.ctx, [10_350, 9_000], ["Ann", "Bo"], [True, True], [0], False)
    app.action("open", {"game": "stats"})
    html = host.screen_html
    assert stat_rows(html, "penta") == {
        "Games played": "2",
        "Best score": "250 (<bdi>Ann</bdi>)",
        "Average score": "216",
        "Upper bonus (63+) earned": "50%",
    }
    farkle = stat_rows(html, "farkle")
    assert farkle["Best score"] == "10,350 (<bdi>Ann</bdi>)"
    assert "Upper bonus (63+) earned" not in farkle
    assert re.search(r'<th scope="row"><bdi>Ann</bdi></th><td class="num">1</td>', html)


def test_the_screen_says_when_nothing_was_counted() -> None:
    app, host = make_app()
    app.action("open", {"game": "stats"})
    assert host.screen_html.count("No finished games yet.") == len(games.NAMES)
    assert re.search(r'<button[^>]*id="stats-clear"[^>]*disabled', host.screen_html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_and_percentages_follow_the_language(lang: str) -> None:
    app, host = make_app(lang=lang)
    record_farkle(app.ctx, [12_000], ["Ann"], [True], [0], False)
    record_penta(app.ctx, [100], ["Ann"], [True], [True], False)
    app.action("open", {"game": "stats"})
    tr = Translator(lang)
    rows = stat_rows(host.screen_html, "farkle")
    assert rows[tr("stats.average")] == tr.number(12_000)
    penta = stat_rows(host.screen_html, "penta")
    hundred = {"en": "100%", "fr": "100\u202f%", "el": "100\u00a0%", "tr": "%100"}
    assert penta[tr("stats.bonus_rate")] == hundred[lang]
    for key in ("stats.title", "stats.games", "stats.note", "stats.clear", "stats.clear_confirm"):
        assert tr.has(key)


def test_clearing_asks_first_and_can_be_cancelled() -> None:
    app, host = make_app()
    record_penta(app.ctx, [100], ["Ann"], [True], [False], False)
    app.action("open", {"game": "stats"})
    app.action("stats-clear", {})
    assert "Clear all statistics and finished games? This cannot be undone." in host.screen_html
    assert host.focused == "#stats-clear-no"
    assert stats.load(host)[Counted("penta")].games == 1  # nothing cleared yet
    app.action("stats-clear-no", {})
    assert "Clear all statistics and finished games?" not in host.screen_html
    assert stats.load(host)[Counted("penta")].games == 1
    app.action("stats-clear", {})
    assert app.key("Escape")
    assert "Clear all statistics and finished games?" not in host.screen_html
    assert app.screen.name == "stats"  # Escape closed the question only
    app.action("stats-clear", {})
    app.action("stats-clear-yes", {})
    assert stats.load(host)[Counted("penta")].games == 0
    assert host.announced[-1] == "Statistics cleared."
    assert "No finished games yet." in host.screen_html
    assert app.key("Escape")  # with no question open, Escape goes home
    assert app.screen.name == "home"


def test_leaving_the_screen_drops_a_pending_question() -> None:
    app, host = make_app()
    app.action("open", {"game": "stats"})
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    app.action("stats-clear", {})
    app.action("home", {})
    app.action("open", {"game": "stats"})
    assert "Clear all statistics and finished games?" not in host.screen_html


def test_a_farkle_total_below_zero_is_stored_and_read_back() -> None:
    # The penalty for three lost turns can leave a person's only result below zero.
    app, host = make_app()
    record_farkle(app.ctx, [-500, 10_000], ["Ann", "Computer"], [True, False], [1], False)
    assert stats.read(host).status is stats.Status.OK
    s = stats.load(host)[Counted("farkle")]
    assert (s.games, s.total, s.best, s.best_name) == (1, -500, -500, "Ann")


# -- keys this version cannot count, and rules ids written otherwise -------------------

#: Statistics under keys no version of this app writes: another game, rules this app
#: does not know, an id it cannot read. Each is kept byte for byte.
UNKNOWN = {
    "farkle:hexagon-open350": {"games": 4, "scored": 4, "total": 9, "future": [1, {"x": 2}]},
    "farkle:standard-open123": {"games": 1},
    "yacht": {"games": 2, "weird": "ünïcode"},
}


def _record(game: str, app: App) -> bool:
    if game == "penta":
        return record_penta(app.ctx, [200], ["Ann"], [True], [False], False)
    return record_farkle(app.ctx, [10_000], ["Ann"], [True], [0], False)


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_statistics_under_a_key_this_version_cannot_count_are_kept_as_they_are(
    game: str,
) -> None:
    app, host = make_app()
    assert _record(game, app)
    data = json.loads(host.storage[stats.KEY])
    host.storage[stats.KEY] = json.dumps({**data, **UNKNOWN})
    assert stats.load(host)[Counted(game)].games == 1  # read, not set aside
    assert _record(game, app)
    after = json.loads(host.storage[stats.KEY])
    assert {k: after[k] for k in UNKNOWN} == UNKNOWN
    assert stats.load(host)[Counted(game)].games == 2
    assert "zaria.badstats" not in host.storage and not app.ctx.notices


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("farkle:additive-penalty500-open350", "farkle:additive-open350-penalty500"),
        ("farkle:doubling-open0", "farkle:doubling"),
        ("farkle:standard", "farkle"),
        ("farkle:standard-open0-penalty0", "farkle"),
    ],
)
def test_a_rules_id_written_otherwise_is_read_as_the_rules_it_names(
    written: str, canonical: str
) -> None:
    from zaria.farkle.rules import FarkleRules

    old = Summary(games=3, scored=3, total=12_000, best=5_000, best_name="Bo")
    host = FakeHost({stats.KEY: json.dumps({"format": 2, written: old.to_dict()})})
    app, _ = make_app(host)
    assert stats.load(host)[Counted.parse(canonical)] == old
    rules = FarkleRules.from_id(written.removeprefix("farkle:"), exact=False)
    assert stats.record(
        app.ctx, figures.counted(rules), Outcome((4_000,)), [Seat("Ann")], reproducible=False
    )
    counted = stats.load(host)[Counted.parse(canonical)]
    assert (counted.games, counted.total, counted.best_name) == (4, 16_000, "Bo")
    assert written not in json.loads(host.storage[stats.KEY])


def test_a_second_spelling_of_rules_already_counted_is_kept_not_merged() -> None:
    first = Summary(games=2, scored=2, total=20_000, best=10_000, best_name="Ann")
    second = Summary(games=1, scored=1, total=5_000, best=5_000, best_name="Bo")
    raw = {"format": 2, "farkle": first.to_dict(), "farkle:standard": second.to_dict()}
    host = FakeHost({stats.KEY: json.dumps(raw)})
    app, _ = make_app(host)
    assert stats.load(host)[Counted("farkle")] == first
    assert record_farkle(app.ctx, [10_000], ["Cy"], [True], [0], False)
    after = json.loads(host.storage[stats.KEY])
    assert after["farkle:standard"] == second.to_dict()
    assert Summary.from_dict(after["farkle"]).games == 3


def test_what_is_kept_as_it_is_goes_into_an_export_and_comes_back_with_an_import() -> None:
    from zaria_web.storage import transfer

    app, host = make_app()
    assert _record("farkle", app)
    data = json.loads(host.storage[stats.KEY])
    host.storage[stats.KEY] = json.dumps({**data, **UNKNOWN})
    app.action("open", {"game": "stats"})
    app.action("stats-export", {})
    text = host.performed_of(SaveFile)[-1].text
    assert {k: json.loads(text)["stats"][k] for k in UNKNOWN} == UNKNOWN
    stats.clear(host)
    host.picked[transfer.FIELD] = text
    app.action("stats-import", {"value": "x", "event": "input"})
    app.action("stats-import-yes", {})
    after = json.loads(host.storage[stats.KEY])
    assert {k: after[k] for k in UNKNOWN} == UNKNOWN
    assert stats.load(host)[Counted("farkle")].games == 1
