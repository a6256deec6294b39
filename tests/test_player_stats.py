"""Statistics per player: matching names, the game's own figures, storage and bounds."""

from __future__ import annotations

import json

import pytest

from fake_host import FakeHost, record_farkle, record_penta
from zaria.game import Seat
from zaria.outcome import Outcome
from zaria_web.app import App
from zaria_web.penta import optimal
from zaria_web.penta.figures import seat_costs, seat_figures
from zaria_web.play.log import GameLog, Turn
from zaria_web.storage import player_stats, stats
from zaria_web.storage.counted import Counted
from zaria_web.storage.player_stats import PlayerStats, SeatGame, add_game
from zaria_web.storage.stats import Summary, add_result


def make_app(host: FakeHost | None = None) -> tuple[App, FakeHost]:
    host = host or FakeHost({"zaria.lang": "en"})
    return App(host, params={}), host


def by_name(s: Summary) -> dict[str, PlayerStats]:
    return {p.name: p for p in s.players}


def test_names_match_without_case_or_spaces_and_show_the_latest_spelling() -> None:
    app, host = make_app()
    record_penta(app.ctx, [200], ["ann"], [True], [False], False)
    record_penta(app.ctx, [260, 150], ["  ANN ", "Bo"], [True, True], [True, False], False)
    record_penta(app.ctx, [240], ["Ann"], [True], [True], False)
    players = by_name(stats.load(host)[Counted("penta")])
    assert set(players) == {"Ann", "Bo"}
    ann = players["Ann"]
    assert (ann.games, ann.best, ann.total, ann.scores) == (3, 260, 700, (200, 260, 240))
    assert ann.average == pytest.approx(700 / 3)
    assert ann.figure("bonus") == 2
    assert ann.wins == 1  # the game against Bo; a game played alone is no win
    assert players["Bo"].wins == 0 and players["Bo"].scores == (150,)


def test_computers_have_no_player_figures_but_their_wins_still_count() -> None:
    app, host = make_app()
    record_farkle(app.ctx, [6_000, 10_050], ["Ann", "Computer"], [True, False], [1], False)
    s = stats.load(host)[Counted("farkle")]
    assert [p.name for p in s.players] == ["Ann"]
    assert s.players[0].wins == 0 and s.wins == (("Computer", 1),)


def test_ties_are_wins_for_each() -> None:
    s = add_result(Summary(), [250, 250], ["Ann", "Bo"], [True, True], won=[0, 1])
    assert [p.wins for p in s.players] == [1, 1]


def test_at_most_max_players_are_kept_the_most_recent() -> None:
    s = Summary()
    for n in range(player_stats.MAX_PLAYERS + 5):
        s = add_result(s, [100 + n], [f"P{n}"], [True])
    names = {p.name for p in s.players}
    assert len(names) == player_stats.MAX_PLAYERS
    assert "P0" not in names and "P4" not in names and "P5" in names and "P54" in names


def test_at_most_max_scores_are_kept_per_player() -> None:
    s = Summary()
    for n in range(player_stats.MAX_SCORES + 3):
        s = add_result(s, [n], ["Ann"], [True])
    ann = s.players[0]
    assert ann.games == player_stats.MAX_SCORES + 3
    assert ann.scores == tuple(range(3, player_stats.MAX_SCORES + 3))
    assert ann.best == player_stats.MAX_SCORES + 2  # the best is kept over every game


def penta_log() -> GameLog:
    # Ann (seat 0): 50 in the Penta box, then two joker bonuses (one with the upper bonus).
    return GameLog(
        [
            Turn(0, 1, kind="record", points=50, total=50, facts={"box": "penta"}),
            Turn(
                1, 1, kind="record", points=0, total=0, facts={"box": "penta"}
            ),  # a sacrificed box
            Turn(0, 2, kind="record", points=125, total=175, facts={"box": "fives"}),
            Turn(1, 2, kind="record", points=30, total=30, facts={"box": "chance"}),
            Turn(0, 3, kind="record", points=165, total=340, facts={"box": "sixes"}),
            Turn(0, 4, kind="", points=0),  # a turn in progress counts for nothing
        ]
    )


def test_penta_pentas_come_from_the_log_and_costs_from_the_review() -> None:
    s = add_result(
        Summary(),
        [340, 30],
        ["Ann", "Bo"],
        [True, True],
        won=[0],
        figures=seat_figures([True, False], [1.25, 12.5]),
        log=penta_log(),
        played="penta",
    )
    ann, bo = by_name(s)["Ann"], by_name(s)["Bo"]
    assert (ann.tally("pentas"), ann.logged, bo.tally("pentas"), bo.logged) == (3, 1, 0, 1)
    assert (ann.tally("reviewed"), ann.figure("cost"), bo.figure("cost")) == (1, 1.25, 12.5)
    assert (ann.figure("bonus"), bo.figure("bonus"), s.figures) == (1, 0, {"bonus": 1})
    s = add_result(s, [200, 210], ["Ann", "Bo"], [True, True], won=[1], played="penta")
    ann = by_name(s)["Ann"]
    # Not reviewed, no log: the cost's average and the Pentas stay over the others.
    assert (ann.games, ann.tally("reviewed"), ann.logged, ann.tally("pentas")) == (2, 1, 1, 3)
    assert ann.figure("cost") / ann.tally("reviewed") == pytest.approx(1.25)


def test_seat_costs_add_up_each_seats_reviewed_decisions() -> None:
    from zaria_web.penta.review import Decision

    decisions = [
        Decision(0, 1, 1, "keep:1", "keep:66", 2.5),
        Decision(1, 2, 3, "box:chance", "box:sixes", 4.0),
        Decision(0, 5, 2, "keep:", "keep:5", 0.5),
    ]
    assert seat_costs(decisions, 2) == [3.0, 4.0]
    assert seat_costs([], 3) == [0.0, 0.0, 0.0]


def farkle_log() -> GameLog:
    return GameLog(
        [
            Turn(0, 1, kind="bank", points=500, total=500, facts={"hot_dice": 1}),
            Turn(1, 1, kind="bust", points=0, total=0),
            Turn(0, 2, kind="bust", points=0, total=500),
            Turn(1, 2, kind="bank", points=1_200, total=1_200, facts={"hot_dice": 2}),
            Turn(0, 3, kind="bank", points=350, total=850),
        ]
    )


def test_farkle_figures_come_from_the_log() -> None:
    s = add_result(
        Summary(),
        [850, 1_200],
        ["Ann", "Bo"],
        [True, True],
        winners=[1],
        log=farkle_log(),
        played="farkle",
    )
    ann, bo = by_name(s)["Ann"], by_name(s)["Bo"]
    assert ann.figures == {"turns": 3, "banked": 850, "lost": 1, "hot": 1}
    assert bo.figures == {"turns": 2, "banked": 1_200, "lost": 1, "hot": 2} and bo.wins == 1


def test_record_passes_the_log_and_costs_through() -> None:
    app, host = make_app()
    seats = [Seat("Ann"), Seat("Bo")]
    assert stats.record(
        app.ctx, Counted("penta"), Outcome((340, 30)), seats, False,
        log=penta_log(), figures=seat_figures([True, False], [0.5, 3.0]),
    )  # fmt: skip
    assert stats.record(
        app.ctx, Counted("farkle"), Outcome((850, 1_200)), seats, False, log=farkle_log()
    )
    loaded = stats.load(host)
    assert by_name(loaded[Counted("penta")])["Ann"].figure("pentas") == 3
    assert by_name(loaded[Counted("penta")])["Bo"].figure("cost") == 3.0
    assert by_name(loaded[Counted("farkle")])["Bo"].figure("hot") == 2


def test_negative_farkle_totals_are_kept() -> None:
    s = add_result(Summary(), [-500, 300], ["Ann", "Bo"], [True, True], winners=[1])
    assert by_name(s)["Ann"].scores == (-500,) and by_name(s)["Ann"].best == -500
    assert stats.parse(json.dumps({"format": 2, "farkle": s.to_dict()}))[Counted("farkle")] == s


# -- storage ------------------------------------------------------------------------------


OLD = {
    "format": 1,
    "penta": {"games": 2, "scored": 2, "total": 480, "best": 260, "best_name": "Ann",
              "bonus": 1, "wins": []},
}  # fmt: skip


def test_a_value_stored_before_players_were_counted_loads_and_counts_on() -> None:
    app, host = make_app(FakeHost({"zaria.lang": "en", "zaria.stats": json.dumps(OLD)}))
    assert stats.load(host)[Counted("penta")].players == ()
    record_penta(app.ctx, [300], ["Ann"], [True], [True], False)
    s = stats.load(host)[Counted("penta")]
    assert (s.games, s.best, s.total) == (3, 300, 780)
    assert [(p.name, p.games, p.last) for p in s.players] == [("Ann", 1, 3)]


def test_players_round_trip() -> None:
    figures = seat_figures([True, False], [1 / 3, 0.0])
    s = add_result(Summary(), [340, 30], ["Ann", "Bo"], [True, True],
                   won=[0], figures=figures, log=penta_log(), played="penta")  # fmt: skip
    back = stats.parse(json.dumps({"format": 2, "penta": s.to_dict()}))[Counted("penta")]
    assert back.players[0].figure("cost") == pytest.approx(1 / 3, abs=1e-3)
    assert back.figures == s.figures == {"bonus": 1}
    assert [p.name for p in back.players] == [p.name for p in s.players]
    assert back.players[1] == s.players[1]


@pytest.mark.parametrize(
    "players",
    [
        "nope",
        [{"name": "Ann"}],
        [{**PlayerStats("Ann", games=1, total=1).to_dict(), "games": -1}],
        [{**PlayerStats("Ann").to_dict(), "scores": ["1"]}],
        [{**PlayerStats("Ann").to_dict(), "figures": {"cost": -1.0}}],
        [{**PlayerStats("Ann").to_dict(), "figures": {"cost": "1"}}],
        [{**PlayerStats("Ann").to_dict(), "figures": [1]}],
        [{**PlayerStats("Ann").to_dict(), "cost": 1.0}],
        [{**PlayerStats("Ann").to_dict(), "name": "  "}],
        [PlayerStats("Ann").to_dict(), PlayerStats(" ann").to_dict()],
        [PlayerStats(f"P{n}").to_dict() for n in range(player_stats.MAX_PLAYERS + 1)],
    ],
)
def test_a_malformed_players_part_is_dropped_and_the_rest_loads(players: object) -> None:
    summary = Summary(games=2, scored=2, total=480, best=260, best_name="Ann")
    value = {"format": 2, "penta": {**summary.to_dict(), "players": players}}
    found = stats.parse(json.dumps(value))[Counted("penta")]
    assert (found.games, found.best, found.players) == (2, 260, ())


def test_add_game_skips_computers_and_empty_names() -> None:
    players = add_game((), 1, [SeatGame(" ", 10), None, SeatGame("Bo", 20)], played="penta")
    assert [p.name for p in players] == ["Bo"]


# -- the screen ---------------------------------------------------------------------------


def players_rows(html: str, section: str) -> list[list[str]]:
    import re

    table = re.search(
        rf'<table class="players-table" id="{section}-players-table">(.*?)</table>', html
    )
    assert table, html
    body = table.group(1).split("<tbody>")[1]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body)
    strip = re.compile(r"<[^>]+>")
    return [[strip.sub("", c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r)] for r in rows]


def test_the_screen_lists_each_player_with_their_figures() -> None:
    app, host = make_app()
    seats = [Seat("Ann"), Seat("<Bo>")]
    stats.record(app.ctx, Counted("penta"), Outcome((340, 30)), seats, False, log=penta_log(),
                 figures=seat_figures([True, False], [1.25, 12.5]))  # fmt: skip
    stats.record(app.ctx, Counted("penta"), Outcome((200, 250)), seats, False,
                 figures=seat_figures([False, True], None))  # fmt: skip
    stats.record(app.ctx, Counted("farkle"), Outcome((850, 1_200)), seats, False, log=farkle_log())
    app.action("open", {"game": "stats"})
    html = host.screen_html
    # Most games first, then by name ("<" sorts before letters).
    assert players_rows(html, "penta") == [
        ["&lt;Bo&gt;", "2", "1", "250", "140", "50%", "0", "12.5"],
        ["Ann", "2", "1", "340", "270", "50%", "3", "1.2"],
    ]
    assert players_rows(html, "farkle") == [
        ["&lt;Bo&gt;", "1", "1", "1,200", "1,200", "600", "1", "2"],
        ["Ann", "1", "0", "850", "850", "283", "1", "1"],
    ]
    assert "<Bo>" not in html
    # The table scrolls in its own region; its columns are named.
    assert 'class="table-scroll players-scroll" role="region" tabindex="0"' in html
    assert '<th scope="col">Cost per game</th>' in html and '<th scope="col">Hot dice</th>' in html


def test_the_first_players_charts_show_and_a_name_chooses_another() -> None:
    app, host = make_app()
    seats = [Seat("Ann"), Seat("Bo")]
    for totals in ((240, 180), (260, 300), (231, 199)):
        stats.record(app.ctx, Counted("penta"), Outcome(totals), seats, False, [True, False])
    app.action("open", {"game": "stats"})
    html = host.screen_html
    assert 'id="penta-line"' in html and "<bdi>Ann</bdi>: final scores, game by game" in html
    assert 'id="penta-dist"' in html  # the spread against the optimal player's
    assert "<bdi>Ann</bdi>’s last 3 final scores against the optimal player’s" in html
    assert "Optimal player" in html
    assert 'aria-pressed="true"' in html.split('id="penta-pick-0"')[1].split(">")[0]
    app.action("stats-player", {"section": "penta", "player": "bo"})
    html = host.screen_html
    assert "<bdi>Bo</bdi>: final scores, game by game" in html and "Ann</bdi>: final" not in html
    assert host.focused == "#penta-pick-1"
    # Someone not in the list changes nothing.
    app.action("stats-player", {"section": "penta", "player": "zed"})
    assert "<bdi>Bo</bdi>: final scores, game by game" in host.screen_html


def test_farkle_players_get_a_line_and_no_optimal_spread() -> None:
    app, host = make_app()
    record_farkle(app.ctx, [10_200, 8_000], ["Ann", "Bo"], [True, True], [0], False)
    app.action("open", {"game": "stats"})
    html = host.screen_html
    assert 'id="farkle-line"' in html and 'id="farkle-dist"' not in html


def test_a_player_alone_has_no_choice_to_make() -> None:
    app, host = make_app()
    record_penta(app.ctx, [250], ["Ann"], [True], [True], False)
    app.action("open", {"game": "stats"})
    assert "penta-pick-0" not in host.screen_html and 'id="penta-line"' in host.screen_html
    # One game: one final score, not "the last 1 final scores".
    assert "<bdi>Ann</bdi>’s final score against the optimal player’s" in host.screen_html


def test_the_screen_is_pure() -> None:
    app, host = make_app()
    record_penta(app.ctx, [250, 120], ["Ann", "Bo"], [True, True], [True, False], False)
    app.action("open", {"game": "stats"})
    screen = app.screen
    assert screen.view() == screen.view() == host.screen_html


#: Statistics as stored before each game named its own figures: every summary held
#: the upper-bonus count and every player every game's figures, zeros included.
EVERY_FIGURE = {"bonus": 0, "logged": 1, "pentas": 0, "reviewed": 0, "cost": 0.0, "turns": 0,
                "banked": 0, "lost": 0, "hot": 0}  # fmt: skip
STORED_BEFORE = {
    "format": 1,
    "penta": {"games": 2, "scored": 2, "total": 590, "best": 340, "best_name": "Ann",
              "bonus": 1, "wins": [],
              "players": [{**EVERY_FIGURE, "name": "Ann", "last": 2, "games": 2, "wins": 1,
                           "best": 340, "total": 590, "scores": [340, 250], "bonus": 1,
                           "pentas": 3, "reviewed": 1, "cost": 1.25}]},
    "farkle": {"games": 1, "scored": 1, "total": 850, "best": 850, "best_name": "Ann",
               "bonus": 0, "wins": [["Ann", 1]],
               "players": [{**EVERY_FIGURE, "name": "Ann", "last": 1, "games": 1, "wins": 0,
                            "best": 850, "total": 850, "scores": [850], "turns": 3,
                            "banked": 850, "lost": 1, "hot": 1}]},
}  # fmt: skip


def test_statistics_stored_with_every_games_figures_read_back_the_same() -> None:
    app, host = make_app(FakeHost({"zaria.lang": "en", "zaria.stats": json.dumps(STORED_BEFORE)}))
    loaded = stats.load(host)
    penta, farkle = loaded[Counted("penta")], loaded[Counted("farkle")]
    assert penta.rate("bonus") == 0.5 and farkle.wins == (("Ann", 1),)
    ann = penta.players[0]
    assert (ann.figure("bonus"), ann.tally("pentas"), ann.figure("cost")) == (1, 3, 1.25)
    assert farkle.players[0].figure("banked") == 850
    # Written back in format 2 (beside any other registered game's empty summary), each
    # game's own figures only, and shown the same.
    written = json.loads(json.dumps(stats.value(loaded, {})))
    migrated = stats.migrate(STORED_BEFORE)
    assert {k: v for k, v in written.items() if k in migrated} == migrated
    others = [v for k, v in written.items() if k not in migrated]
    assert all(v == json.loads(json.dumps(Summary().to_dict())) for v in others)
    assert written["penta"]["figures"] == {"bonus": 1}
    assert written["farkle"]["players"][0]["figures"] == {
        "banked": 850, "hot": 1, "lost": 1, "turns": 3
    }  # fmt: skip
    assert written["penta"]["players"][0]["figures"] == {
        "bonus": 1, "cost": 1.25, "pentas": 3, "reviewed": 1
    }  # fmt: skip
    app.action("open", {"game": "stats"})
    assert players_rows(host.screen_html, "penta") == [
        ["Ann", "2", "1", "340", "295", "50%", "3", "1.2"]
    ]
    assert players_rows(host.screen_html, "farkle") == [
        ["Ann", "1", "0", "850", "850", "283", "1", "1"]
    ]
    # A game counted on top adds to them, in format 2; format 1 is left as it was.
    assert record_penta(app.ctx, [300], ["ann"], [True], [True], False)
    penta = stats.load(host)[Counted("penta")]
    assert (penta.figures["bonus"], penta.players[0].figure("bonus")) == (2, 2)
    assert json.loads(host.storage[stats.KEY])["format"] == 2
    assert json.loads(host.storage[stats.FORMAT1_KEY]) == STORED_BEFORE


#: The figures each game's players hold (the names of its ``figures`` module).
OWN = {
    "penta": {"bonus", "pentas", "reviewed", "cost"},
    "farkle": {"turns", "banked", "lost", "hot"},
}
SHARED_PLAYER = {"name", "best", "total", "scores", "last", "games", "wins", "logged", "figures"}


@pytest.mark.parametrize("game", ["penta", "farkle"])
def test_statistics_written_now_hold_their_own_games_figures_only(game: str) -> None:
    log = penta_log() if game == "penta" else farkle_log()
    figures = seat_figures([True, False], [1.5, 0.0]) if game == "penta" else {}
    s = add_result(Summary(), [340, 30], ["Ann", "Bo"], [True, True],
                   won=[0], figures=figures, log=log, played=game)  # fmt: skip
    stored = json.loads(json.dumps(s.to_dict()))
    assert set(stored["figures"]) <= OWN[game] & {"bonus"}
    for p in stored["players"]:
        assert set(p) == SHARED_PLAYER and set(p["figures"]) <= OWN[game]
    assert OWN[game] <= {n for p in stored["players"] for n in p["figures"]}
    back = stats.parse(json.dumps({"format": 2, game: stored}))[Counted(game)]
    assert back == s


def test_yatzy_players_get_the_spread_against_yatzy_s_optimal_player() -> None:
    app, host = make_app()
    seats = [Seat("Ann"), Seat("Bo")]
    for totals in ((240, 180), (260, 300), (231, 199)):
        stats.record(app.ctx, Counted("yatzy"), Outcome(totals), seats, False, [True, False])
    app.action("open", {"game": "stats"})
    html = host.screen_html
    assert 'id="yatzy-line"' in html and 'id="yatzy-dist"' in html
    dist = optimal.load("yatzy_optimal_scores.json")
    assert dist is not None and dist != optimal.load()
    # Its own figures: the games simulated and their mean, and the line at that mean.
    assert f"from {dist.games:,} simulated solitaire games (average {dist.mean:.1f})" in html
    assert f"Optimal play: {round(dist.mean)} on average" in html
    assert round(dist.mean) == 248
