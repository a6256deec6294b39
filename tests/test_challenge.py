"""The daily dice and duels by link, over the fake page: the same dice for the same
day and seed, one attempt counted, the grade on the same dice, the result kept and
shared, a duel link answered in a fresh app, and a bad link refused."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from fake_host import PENTA_TABLE, FakeHost, Page
from zaria.game import Seat, Undo
from zaria.penta.game import Record, Roll
from zaria_web import duel
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.intents import Play
from zaria_web.play.screen import GameScreen
from zaria_web.play.versus_view import SYMBOL_CLASSES
from zaria_web.runtime.effects import Share
from zaria_web.runtime.routes import entry_of
from zaria_web.storage import daily, duels

GAMES = ("penta", "farkle")
GRADERS = {"penta": "the optimal player", "farkle": "Expert"}


def _app(date: str = "2026-12-04", host: FakeHost | None = None) -> tuple[App, FakeHost]:
    host = host or FakeHost({"zaria.lang": "en"})
    host.files[TABLE_URL] = PENTA_TABLE
    host.clock_iso = f"{date}T09:30:00.000+01:00"
    return App(host, {}), host


def _screen(app: App) -> GameScreen[Any]:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def _open_daily(app: App, game: str, name: str = "Ann") -> GameScreen[Any]:
    app.action("open", {"game": f"{game}-daily"})
    app.action("seat-name", {"index": "0", "value": name, "event": "input"})
    return _screen(app)


def _first_throws(app: App, game: str) -> tuple[int, ...]:
    """Start the challenge shown and roll once: the dice on the table."""
    app.action("start", {})
    app.action("roll", {})
    return _first_throws_again(app, game)


def _play_out(app: App) -> GameScreen[Any]:
    """Play the game on the table to its end as the computer's casual player would."""
    s = _screen(app)
    player = s.part.player(Seat("x", True, s.part.levels()[0]))
    for _ in range(2000):
        if s.game.over:
            return s
        app.dispatch(Play(s.spec.next_action(s.game, player.plan(s.game))))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_the_same_day_deals_the_same_dice_and_another_day_others(game: str) -> None:
    app1, _ = _app("2026-12-04")
    app2, _ = _app("2026-12-04")
    app3, _ = _app("2026-12-05")
    _open_daily(app1, game)
    _open_daily(app2, game, name="Ben")
    _open_daily(app3, game)
    first = _first_throws(app1, game)
    assert _first_throws(app2, game) == first
    assert _first_throws(app3, game) != first  # these two days' seeds (fixed) differ here
    assert _screen(app3).versus.challenge.seed == f"daily/{game}/2026-12-05"


def _first_throws_again(app: App, game: str) -> tuple[int, ...]:
    """The dice of the throw just made (a Farkle roll that lost the turn: its dice)."""
    g = _screen(app).game
    if game == "penta":
        return tuple(g.dice)
    lost = [e.dice for e in g.events if e.dice]
    return tuple(g.roll if g.roll is not None else lost[0])


@pytest.mark.parametrize("game", GAMES)
def test_a_daily_is_graded_on_the_same_dice_kept_and_not_offered_again(game: str) -> None:
    app, host = _app()
    _open_daily(app, game)
    app.action("start", {})
    s = _play_out(app)
    page = Page(host.screen_html)
    mine = s.versus.challenge
    grade = s.spec.duplicate.grade(mine.seed)
    assert grade is not None
    score = s.game.outcome().totals[0]
    said = page.text[f"{s.prefix}-grade"]
    assert said == f"You {score:,} · {GRADERS[game]} {grade[0]:,} on your dice"
    # The player is taken to the result, and told the grade.
    assert host.focused == f"#{s.prefix}-result-title" and host.announced[-1].endswith(said)
    assert page.text[f"{s.prefix}-attempts"] == "Attempts started on this device: 1"
    link = page.tags[f"{s.prefix}-link"]["value"] or ""
    assert link.startswith(host.base + "#/duel/")
    carried = duel.decode(link.split("#/duel/")[1])
    assert carried.seed == mine.seed and carried.results[0].name == "Ann"
    assert carried.results[0].score == score
    kept = daily.parse(host.storage[daily.KEY])[game]["2026-12-04"]
    assert (kept.score, kept.computer, kept.attempts) == (score, grade[0], 1)
    # A reload, even with the game's save gone, shows the result, not the dice again.
    host.storage.pop(f"zaria.save.{game}-daily", None)
    again, _ = _app(host=host)
    again.action("open", {"game": f"{game}-daily"})
    assert _screen(again).phase == "end"
    assert not Page(host.screen_html).has(f"{s.prefix}-play")
    assert Page(host.screen_html).text[f"{s.prefix}-grade"] == said


@pytest.mark.parametrize("game", GAMES)
def test_a_daily_resumes_after_a_reload_and_counts_each_attempt_started(game: str) -> None:
    app, host = _app()
    _open_daily(app, game)
    rolled = _first_throws(app, game)
    again, _ = _app(host=host)
    again.action("open", {"game": f"{game}-daily"})
    assert _screen(again).phase == "play"
    assert _first_throws_again(again, game) == rolled
    days = daily.parse(host.storage[daily.KEY])
    assert days[game]["2026-12-04"].attempts == 1
    # Its save lost, the day's dice are offered again: a second attempt is counted.
    host.storage.pop(f"zaria.save.{game}-daily")
    third, _ = _app(host=host)
    third.action("open", {"game": f"{game}-daily"})
    prefix = _screen(third).prefix
    assert Page(host.screen_html).text[f"{prefix}-attempts"] == "Attempts started on this device: 1"
    third.action("start", {})
    assert daily.parse(host.storage[daily.KEY])[game]["2026-12-04"].attempts == 2


@pytest.mark.parametrize("game", GAMES)
def test_a_challenge_is_strict_alone_and_has_no_coach(game: str) -> None:
    app, _host = _app()
    app.set_setting("coach", "on")
    _open_daily(app, game)
    _first_throws(app, game)
    s = _screen(app)
    assert [seat.computer for seat in s.game.seats] == [False] and s.game.strict
    assert not s.coach_wanted()
    if game == "farkle":
        assert s.game.turn_limit == 10 and s.game.rules.id == s.spec.duplicate.rules
    before = s.game.to_dict()
    app.dispatch(Play(Undo()))
    assert s.game.to_dict() == before


@pytest.mark.parametrize(
    ("lang", "day"),
    [
        ("en", "1 December 2026"),
        ("fr", "le 1er décembre 2026"),
        ("el", "1 Δεκεμβρίου 2026"),
        ("tr", "1 Aralık 2026"),
    ],
)
def test_the_daily_s_day_is_written_in_the_language_s_own_form(lang: str, day: str) -> None:
    app, host = _app("2026-12-01", host=FakeHost({"zaria.lang": lang}))
    _open_daily(app, "penta")
    assert day in Page(host.screen_html).plain() and "2026-12" not in host.screen_html
    app.action("start", {})
    _play_out(app)
    result = Page(host.screen_html)
    assert result.text["penta-result-title"].endswith(day.removeprefix("le "))


@pytest.mark.parametrize("game", GAMES)
def test_a_daily_played_is_under_the_finished_games_and_opens_its_result(game: str) -> None:
    app, host = _app("2026-12-04")
    _open_daily(app, game)
    app.action("start", {})
    s = _play_out(app)
    score, grade = s.game.outcome().totals[0], Page(host.screen_html).text[f"{s.prefix}-grade"]
    later, _ = _app("2026-12-06", host=host)  # days later: no longer today's
    later.action("open", {"game": "stats"})
    page = Page(host.screen_html)
    item = page.text[f"past-daily{game}20261204"]
    assert item == f"4 December 2026 {game.capitalize()} · Daily dice You {score:,}"
    assert not page.has("games-empty")
    assert page.plain().count("No finished games yet.") == 1  # the other game's panel only
    later.action("open-game", {"id": f"daily{game}20261204"})
    shown = Page(host.screen_html)
    assert shown.text[f"{s.prefix}-grade"] == grade  # the result, as at the end
    assert "4 December 2026" in shown.text[f"{s.prefix}-result-title"]
    later.action("share", {"what": "result"})
    assert host.performed_of(Share)[-1].text.startswith(f"Zaria · daily {game.capitalize()}")
    later.action("past-back", {})
    assert later.screen.name == "stats"


def test_the_result_is_shared_as_words_and_a_link_and_the_page_answer_is_shown() -> None:
    app, host = _app()
    _open_daily(app, "penta")
    app.action("start", {})
    s = _play_out(app)
    app.action("share", {"what": "result"})
    shared = host.performed_of(Share)[-1]
    assert shared.link.startswith(host.base + "#/duel/")
    lines = shared.text.split("\n")
    assert lines[0] == "Zaria · daily Penta · 4 December 2026"
    assert lines[1].startswith(f"You {s.game.outcome().totals[0]} · the optimal player")
    assert len(lines[2]) == 13 and set(lines[2]) <= {"🟩", "🟨", "🟥"}
    app.action("shared", {"value": "copied"})
    assert Page(host.screen_html).text["penta-shared"].startswith("Copied")
    app.action("share", {"what": "duel"})
    assert host.performed_of(Share)[-1].text.startswith("I scored")


@pytest.mark.parametrize("game", GAMES)
def test_a_duel_link_opened_in_a_fresh_app_plays_the_same_dice(game: str) -> None:
    app, host = _app()
    app.action("open", {"game": f"{game}-duel"})
    app.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    ann_first = _first_throws(app, game)
    ann = _play_out(app)
    link = Page(host.screen_html).tags[f"{ann.prefix}-link"]["value"] or ""
    entry = entry_of("#" + link.split("#", 1)[1])
    assert entry is not None and entry.startswith("duel:")
    # Ben, on another device: the link shows Ann's score and plays her dice.
    ben, ben_host = _app()
    ben.open_entry(entry)
    s = _screen(ben)
    assert s.name == f"{game}-duel"
    ann_score = ann.game.outcome().totals[0]
    assert Page(ben_host.screen_html).text[f"{s.prefix}-standings"] == f"Ann: {ann_score:,}"
    ben.action("seat-name", {"index": "0", "value": "Ben", "event": "input"})
    assert _first_throws(ben, game) == ann_first
    _play_out(ben)
    page = Page(ben_host.screen_html)
    assert "not verified" not in page.plain()
    back = duel.decode((page.tags[f"{s.prefix}-link"]["value"] or "").split("#/duel/")[1])
    assert [r.name for r in back.results] == ["Ann", "Ben"]
    assert "Ben (you)" in page.plain() and "Side by side" in page.plain()
    # Ann's game, turn by turn, as the game log writes it: every round or turn of hers.
    watched = page.text[f"{s.prefix}-watch-0"]
    assert watched.startswith("Ann’s game, turn by turn")
    assert len(s.versus.challenge.others[0].log.turns) == (13 if game == "penta" else 10)


@pytest.mark.parametrize("game", GAMES)
def test_duels_are_counted_beside_the_daily_dice_and_under_the_finished_games(game: str) -> None:
    ann, ann_host = _app()
    ann.action("open", {"game": f"{game}-duel"})
    ann.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    ann.action("start", {})
    ann_score = _play_out(ann).game.outcome().totals[0]
    ben, host = _app("2026-12-05")
    ben.open_entry(_link(ann_host, f"{'penta' if game == 'penta' else 'fk'}"))
    ben.action("seat-name", {"index": "0", "value": "Ben", "event": "input"})
    ben.action("start", {})
    s = _play_out(ben)
    ben_score, grade = s.game.outcome().totals[0], Page(host.screen_html).text[f"{s.prefix}-grade"]
    kept = duels.parse(host.storage[duels.KEY])[game]
    assert [(d.date, d.score, d.best) for d in kept.values()] == [
        ("2026-12-05", ben_score, ann_score)
    ]
    ben.action("open", {"game": "stats"})
    page = Page(host.screen_html)
    won = int(ben_score > ann_score)
    figures = page.text[f"stats-duels-{game}-figures"]
    assert figures == f"Duels played 1 Won {won} Best {ben_score:,}"
    assert f"5 Dec 2026 {ben_score:,} {ann_score:,}" in page.plain()
    ident = duels.ident(game, s.versus.challenge.seed)
    assert page.text[f"past-{ident}"] == (
        f"5 December 2026 {game.capitalize()} · Duel You {ben_score:,}"
    )
    ben.action("open-game", {"id": ident})
    shown = Page(host.screen_html)
    assert shown.text[f"{s.prefix}-grade"] == grade  # the result, as at the end
    assert "Ann" in shown.plain() and "Side by side" in shown.plain()
    ben.action("past-back", {})
    ben.action("stats-clear", {})
    ben.action("stats-clear-yes", {})
    assert duels.KEY not in host.storage  # cleared with the rest


def test_a_result_whose_moves_do_not_give_its_score_is_marked_not_verified() -> None:
    app, _host = _app()
    app.action("open", {"game": "penta-duel"})
    ann = _play_out(_started(app))
    moves = "".join(ann.versus.challenge.moves)
    seed = ann.versus.challenge.seed
    real = ann.game.outcome().totals[0]
    forged = duel.Duel("penta", "", seed, (duel.Result("Eve", real + 50, moves),))
    eve, eve_host = _app()
    eve.open_entry("duel:" + duel.encode(forged))
    _play_out(_started(eve))
    assert "not verified" in Page(eve_host.screen_html).plain()


def _started(app: App) -> App:
    app.action("start", {})
    return app


@pytest.mark.parametrize(
    ("damage", "notice"),
    [
        (lambda t: t[:-3] + ("A" if t[-3] != "A" else "B") + t[-2:], "damaged or has been changed"),
        (lambda t: "x" * 4001, "too long"),
        (lambda t: _newer(), "newer version"),
    ],
)
def test_a_bad_duel_link_is_refused_with_its_notice_and_nothing_else(
    damage: Any, notice: str
) -> None:
    token = duel.encode(duel.Duel("penta", "", "duel/penta/abc", (duel.Result("Ann", 200, "r"),)))
    app, host = _app()
    saved = dict(host.storage)
    entry = entry_of("#/duel/" + damage(token))
    if entry is None:  # too long to be an address of the app at all: home, untouched
        assert len(damage(token)) > duel.MAX_TOKEN
        return
    app.open_entry(entry)
    app.redraw()  # as the page does once the address is opened
    assert app.screen.name == "home"
    assert notice in Page(host.screen_html).plain()
    assert host.storage == saved


def _newer() -> str:
    import base64
    import zlib

    body = bytes([duel.VERSION + 1]) + zlib.compress(json.dumps({}).encode())
    raw = body + zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_home_offers_each_games_daily_dice_and_marks_them_once_played() -> None:
    app, host = _app()
    app.redraw()
    page = Page(host.screen_html)
    assert page.text["daily-penta"] == "Daily dice" and page.text["duel-farkle"] == "Duel"
    _open_daily(app, "farkle")
    app.action("start", {})
    _play_out(app)
    app.action("home", {})
    assert Page(host.screen_html).text["daily-farkle"] == "Daily dice ✓"
    assert Page(host.screen_html).text["daily-penta"] == "Daily dice"


def test_the_addresses_of_the_challenges() -> None:
    assert entry_of("#/daily/penta") == "penta-daily"
    assert entry_of("#/duel/farkle") == "farkle-duel"
    assert entry_of("#/daily/chess") is None and entry_of("#/duel/a b") is None


def test_the_statistics_count_the_days_played_the_streak_and_the_best() -> None:
    host = FakeHost({"zaria.lang": "en"})
    for date in ("2026-12-02", "2026-12-03", "2026-12-04"):
        app, _ = _app(date, host=host)
        _open_daily(app, "farkle")
        app.action("start", {})
        _play_out(app)
    days = daily.parse(host.storage[daily.KEY])["farkle"]
    app.action("open", {"game": "stats"})
    page = Page(host.screen_html)
    best = max(d.score or 0 for d in days.values())
    figures = page.text["stats-daily-farkle-figures"]
    assert figures == f"Days played 3 Streak 3 Best {best:,}"
    assert "4 Dec 2026" in page.plain() and not page.has("stats-daily-penta")
    assert "2026-12-04" not in page.plain()
    # A day missed breaks the streak; clearing the statistics forgets the days too.
    app2, _ = _app("2026-12-06", host=host)
    app2.action("open", {"game": "stats"})
    assert (
        Page(host.screen_html)
        .text["stats-daily-farkle-figures"]
        .startswith("Days played 3 Streak 0")
    )
    app2.action("stats-clear", {})
    app2.action("stats-clear-yes", {})
    assert daily.KEY not in host.storage


def test_an_unreadable_daily_record_is_set_aside_and_said() -> None:
    app, host = _app(host=FakeHost({"zaria.lang": "en", daily.KEY: "{not json"}))
    _open_daily(app, "penta")
    assert host.storage[daily.BAD_KEY] == "{not json" and daily.KEY not in host.storage
    assert "Your daily dice could not be read" in Page(host.screen_html).plain()
    app.action("start", {})
    assert daily.parse(host.storage[daily.KEY])["penta"]["2026-12-04"].attempts == 1


def _link(host: FakeHost, prefix: str) -> str:
    """The entry of the link on the result shown."""
    value = Page(host.screen_html).tags[f"{prefix}-link"]["value"] or ""
    entry = entry_of("#" + value.split("#", 1)[1])
    assert entry is not None
    return entry


@pytest.mark.parametrize("game", GAMES)
def test_the_attempts_shown_are_the_attempts_counted_after_a_reload(game: str) -> None:
    app, host = _app()
    _open_daily(app, game)
    _first_throws(app, game)
    host.storage.pop(f"zaria.save.{game}-daily")
    second, _ = _app(host=host)
    second.action("open", {"game": f"{game}-daily"})
    second.action("start", {})
    third, _ = _app(host=host)  # a reload in the middle of the second attempt
    third.action("open", {"game": f"{game}-daily"})
    s = _play_out(third)
    assert Page(host.screen_html).text[f"{s.prefix}-attempts"].endswith(": 2")


def test_todays_daily_dice_played_through_a_link_are_the_players_daily() -> None:
    ann, ann_host = _app()
    _open_daily(ann, "penta")
    ann.action("start", {})
    _play_out(ann)
    ben, ben_host = _app()
    ben.open_entry(_link(ann_host, "penta"))
    assert ben.screen.name == "penta-duel"
    ben.action("start", {})
    _play_out(ben)
    day = daily.parse(ben_host.storage[daily.KEY])["penta"]["2026-12-04"]
    assert day.attempts == 1 and day.score == _screen(ben).game.outcome().totals[0]
    ben.action("open", {"game": "penta-daily"})  # not offered again: its result
    assert _screen(ben).phase == "end"
    # Ben's link back reaches Ann's daily result, with both side by side.
    ann.open_entry(_link(ben_host, "penta"))
    assert ann.screen.name == "penta-daily" and _screen(ann).phase == "end"
    page = Page(ann_host.screen_html)
    assert "Side by side" in page.plain() and not page.has("penta-play")
    assert "already has" not in page.plain()  # two players: not full


def test_a_daily_replayed_from_its_moves_keeps_its_row_of_symbols() -> None:
    app, host = _app()
    _open_daily(app, "penta")
    app.action("start", {})
    s = _screen(app)
    while not s.game.over:  # one roll a round, in the first box it may take: costly choices
        app.dispatch(Play(Roll()))
        app.dispatch(Play(Record(next(iter(s.game.options())))))
    kept = daily.parse(host.storage[daily.KEY])["penta"]["2026-12-04"].symbols
    assert set(kept) != {"🟩"}  # the review found costs: a row all green would prove nothing
    host.storage.pop("zaria.save.penta-daily")
    again, _ = _app(host=host)
    again.action("open", {"game": "penta-daily"})
    again.action("share", {"what": "result"})
    assert host.performed_of(Share)[-1].text.split("\n")[-1] == kept
    # The page draws the same row: a square of each kept symbol's colour, in order.
    squares = re.findall(r'class="sym sym-(\w+)"', host.screen_html)
    assert squares == [SYMBOL_CLASSES[c] for c in kept]


def test_a_default_name_in_another_language_is_still_the_players_own_result() -> None:
    ann, ann_host = _app()
    ann.action("open", {"game": "penta-duel"})
    _play_out(_started(ann))  # her name left as the default
    ben, ben_host = _app()
    ben.open_entry(_link(ann_host, "penta"))
    ben.action("seat-name", {"index": "0", "value": "Ben", "event": "input"})
    _play_out(_started(ben))
    ann.set_language("fr")
    ann.open_entry(_link(ben_host, "penta"))
    carried = duel.decode(_link(ann_host, "penta").removeprefix("duel:"))
    assert [r.name for r in carried.results] == ["Player 1", "Ben"]
    assert [o.name for o in _screen(ann).versus.challenge.others] == ["Ben"]


def test_a_link_for_rules_the_app_does_not_play_is_refused() -> None:
    token = duel.encode(duel.Duel("farkle", "other-rules", "duel/farkle/x"))
    app, host = _app()
    app.open_entry("duel:" + token)
    app.redraw()
    assert app.screen.name == "home"
    assert "asks for rules Zaria does not play" in Page(host.screen_html).plain()


def test_a_daily_left_open_over_midnight_starts_the_new_days_dice() -> None:
    app, host = _app("2026-12-04")
    _open_daily(app, "farkle")
    host.clock_iso = "2026-12-05T00:01:00.000+01:00"
    app.action("start", {})
    assert _screen(app).versus.challenge.seed == "daily/farkle/2026-12-05"
    assert daily.parse(host.storage[daily.KEY])["farkle"]["2026-12-05"].attempts == 1
