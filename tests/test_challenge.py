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
from zaria.i18n import Translator
from zaria.penta.game import Record, Roll
from zaria_web import duel, games
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play import challenge as ch
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
    # The other games' panels only.
    assert page.plain().count("No finished games yet.") == len(games.NAMES) - 1
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
    # Written for whoever receives it: the sender's name, not "You".
    assert lines[1].startswith(f"Ann {s.game.outcome().totals[0]} · the optimal player")
    assert len(lines[2]) == 13 and set(lines[2]) <= {"🟩", "🟨", "🟥"}
    assert lines[3] == "Play the same dice:"
    app.action("shared", {"value": "copied"})
    assert Page(host.screen_html).text["penta-shared"].startswith("Copied")
    app.action("share", {"what": "duel"})
    assert host.performed_of(Share)[-1].text.startswith("Ann scored")


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
    assert entry_of("#/daily/chess") is None
    # Whatever follows #/duel/ is a duel's token, read (or refused) by the duel's reader.
    assert entry_of("#/duel/a b") == "duel:a b"


@pytest.mark.parametrize(
    ("spoilt", "notice"),
    [
        (lambda t: t[:12] + "-%%%", "damaged or has been changed"),
        (lambda t: t[:-4] + "%2", "damaged or has been changed"),  # cut inside an escape
        (lambda t: t + "%", "damaged or has been changed"),
        (lambda t: "A" * 4001 + "%25", "too long"),
    ],
)
def test_a_duel_link_holding_a_percent_sign_is_refused_with_its_notice(
    spoilt: Any, notice: str
) -> None:
    token = duel.encode(duel.Duel("penta", "", "duel/penta/abc", (duel.Result("Ann", 200, "r"),)))
    app, host = _app()
    saved = dict(host.storage)
    entry = entry_of("#/duel/" + spoilt(token))
    assert entry is not None
    app.open_entry(entry)
    app.redraw()
    assert app.screen.name == "home" and host.history == ["home"]
    assert notice in Page(host.screen_html).plain()
    assert host.storage == saved


def test_a_duel_link_merely_percent_encoded_is_read() -> None:
    token = duel.encode(duel.Duel("penta", "", "duel/penta/abc", (duel.Result("Ann", 200, "r"),)))
    escaped = "#%2Fduel%2F" + "".join(f"%{ord(c):02X}" if c in "-_" else c for c in token)
    app, host = _app()
    entry = entry_of(escaped)
    assert entry == "duel:" + token
    app.open_entry(entry)
    assert app.screen.name == "penta-duel"
    assert Page(host.screen_html).text["penta-standings"] == "Ann: 200"


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


def _play_costly(app: App) -> GameScreen[Any]:
    """Play the game on the table to its end, badly: Penta one roll a round in the first
    box it may take (costly choices for the review); Farkle as the computer would."""
    s = _screen(app)
    if s.spec.name != "penta":
        return _play_out(app)
    while not s.game.over:
        app.dispatch(Play(Roll()))
        app.dispatch(Play(Record(next(iter(s.game.options())))))
    return s


@pytest.mark.parametrize("game", GAMES)
def test_todays_daily_dice_played_through_a_link_are_the_players_daily(game: str) -> None:
    ann, ann_host = _app()
    _open_daily(ann, game)
    ann.action("start", {})
    prefix = _play_out(ann).prefix
    ben, ben_host = _app()
    ben.open_entry(_link(ann_host, prefix))
    # Today's dice, offered on the daily's own screen with Ann's result.
    assert ben.screen.name == f"{game}-daily"
    page = Page(ben_host.screen_html)
    assert page.text[f"{prefix}-standings"].startswith("Ann: ")
    ben.action("seat-name", {"index": "0", "value": "Béa", "event": "input"})
    ben.action("start", {})
    s = _play_costly(ben)
    day = daily.parse(ben_host.storage[daily.KEY])[game]["2026-12-04"]
    assert day.attempts == 1 and day.score == s.game.outcome().totals[0]
    played = Page(ben_host.screen_html).plain()
    # Home, then the daily's page: the same result, name, review and side by side.
    ben.action("home", {})
    ben.action("open", {"game": f"{game}-daily"})
    page = Page(ben_host.screen_html)
    assert _screen(ben).phase == "end" and page.plain() == played
    assert "Béa (you)" in page.plain() and "Ann" in page.text[f"{prefix}-watch-0"]
    if game == "penta":
        assert "Béa" in page.text["penta-end-title"] and "Perfect" not in page.plain()
    carried = duel.decode(_link(ben_host, prefix).removeprefix("duel:"))
    assert [r.name for r in carried.results] == ["Ann", "Béa"]
    # Ben's link back reaches Ann's daily result, with both side by side.
    ann.open_entry(_link(ben_host, prefix))
    assert ann.screen.name == f"{game}-daily" and _screen(ann).phase == "end"
    page = Page(ann_host.screen_html)
    assert "Side by side" in page.plain() and not page.has(f"{prefix}-play")
    assert "already has" not in page.plain()  # two players: not full


def test_a_link_to_todays_daily_joins_the_daily_being_played() -> None:
    ann, ann_host = _app()
    _open_daily(ann, "farkle")
    ann.action("start", {})
    _play_out(ann)
    ben, ben_host = _app()
    _open_daily(ben, "farkle", "Ben")
    ben.action("start", {})
    ben.open_entry(_link(ann_host, "fk"))
    assert ben.screen.name == "farkle-daily" and _screen(ben).phase == "play"
    _play_out(ben)
    assert "Ben (you)" in Page(ben_host.screen_html).plain()
    assert daily.parse(ben_host.storage[daily.KEY])["farkle"]["2026-12-04"].attempts == 1


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
    assert host.performed_of(Share)[-1].text.split("\n")[2] == kept
    # The page draws the same row: a square of each kept symbol's colour, in order.
    row = re.search(r'<p class="challenge-symbols".*?</p>', host.screen_html)
    assert row is not None
    squares = re.findall(r'class="sym sym-(\w+)"', row.group(0))
    assert squares == [SYMBOL_CLASSES[c] for c in kept]
    # Under the name played under, with the review of its choices and its log.
    page = Page(host.screen_html)
    assert "Ann" in page.text["penta-end-title"] and "Perfect" not in page.plain()
    assert "Game log (13 turns)" in page.plain()


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


def test_a_new_duel_leaves_the_old_duels_address() -> None:
    token = duel.encode(duel.Duel("penta", "", "duel/penta/abc", (duel.Result("Ann", 200, "r"),)))
    app, host = _app()
    app.open_entry("duel:" + token)
    assert host.history == ["home", "duel:" + token]
    app.action("duel-new", {})
    assert host.history == ["home", "penta-duel"]
    assert not Page(host.screen_html).has("penta-standings")


def test_a_dailys_link_says_its_day_and_what_playing_it_uses_up() -> None:
    ann, ann_host = _app("2026-12-03")
    _open_daily(ann, "farkle")
    ann.action("start", {})
    _play_out(ann)
    link = _link(ann_host, "fk")
    same_day, host = _app("2026-12-03")
    same_day.open_entry(link)
    page = Page(host.screen_html)
    assert page.text["fk-challenge-title"] == "Daily dice · Farkle"
    assert "3 December 2026" in page.plain()
    assert page.text["fk-of-day"].startswith("Playing these dice uses up your daily dice")
    next_day, host = _app("2026-12-04")
    next_day.open_entry(link)
    page = Page(host.screen_html)
    assert next_day.screen.name == "farkle-duel"
    assert page.text["fk-of-day"].startswith(
        "The daily dice of 3 December 2026, played here as a duel"
    )


def test_the_name_last_played_under_is_offered_by_both_forms() -> None:
    app, host = _app()
    _open_daily(app, "penta", "Béa")
    app.action("home", {})
    app.action("open", {"game": "farkle-duel"})
    assert Page(host.screen_html).tags["fk-name-0"]["value"] == "Béa"
    again, _ = _app(host=host)  # a reload
    again.action("open", {"game": "penta-duel"})
    assert Page(host.screen_html).tags["penta-name-0"]["value"] == "Béa"


def test_a_dailys_result_left_open_over_midnight_offers_the_new_dice() -> None:
    app, host = _app("2026-12-04")
    _open_daily(app, "farkle")
    app.action("start", {})
    _play_out(app)
    assert "New dice tomorrow." in Page(host.screen_html).plain()
    host.clock_iso = "2026-12-05T00:01:00.000+01:00"
    app.action("share", {"what": "result"})
    page = Page(host.screen_html)
    assert "New dice tomorrow." not in page.plain() and page.has("fk-today")
    app.action("daily-today", {})
    page = Page(host.screen_html)
    assert "5 December 2026" in page.text["fk-challenge"] and page.has("fk-play")


def test_the_standings_rank_every_result_and_say_who_won() -> None:
    tr = Translator("en")
    others = (ch.Other("Ann", 249, True), ch.Other("Cy", 208, False))
    ranked = ch.standings("Bea", 208, others)
    assert [(r.place, r.name, r.you) for r in ranked] == [
        (1, "Ann", False),
        (2, "Bea", True),
        (2, "Cy", False),
    ]
    assert ch.outcome_words(tr, ranked) == "Ann wins by 41."
    won = ch.standings("Bea", 300, others)
    assert ch.outcome_words(tr, won) == "You win by 51."
    assert ch.outcome_words(tr, won, reader=False) == "Bea wins by 51."
    tie = ch.standings("Bea", 249, others)
    assert ch.outcome_words(tr, tie) == "A tie at 249: you and Ann."
    assert ch.outcome_words(tr, tie, reader=False) == "A tie at 249: Bea, Ann."
    assert ch.outcome_words(Translator("fr"), ranked) == "Ann l’emporte de 41."
    assert ch.outcome_words(tr, ch.standings("Bea", 1, ())) == ""


def _ranking(html: str) -> list[str]:
    """The rows of the duel's ranking shown, as text (its head row left out)."""
    table = re.search(r'<table[^>]*id="penta-ranking".*?</table>', html)
    assert table is not None
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0))[1:]
    return [" ".join(re.sub(r"<[^>]+>", " ", r).split()) for r in rows]


def _duel_turn(entry: str, name: str, costly: bool) -> tuple[App, FakeHost, int]:
    """``name`` opens the duel link ``entry`` on a device of their own and plays it."""
    app, host = _app()
    app.open_entry(entry)
    app.action("seat-name", {"index": "0", "value": name, "event": "input"})
    app.action("start", {})
    s = _play_costly(app) if costly else _play_out(app)
    return app, host, s.game.outcome().totals[0]


def test_a_duel_says_who_won_and_ranks_every_result_it_holds() -> None:
    ann, ann_host = _app()
    ann.action("open", {"game": "penta-duel"})
    ann.action("seat-name", {"index": "0", "value": "Ann", "event": "input"})
    ann.action("start", {})
    ann_score = _play_out(ann).game.outcome().totals[0]
    bea, bea_host, bea_score = _duel_turn(_link(ann_host, "penta"), "Bea", costly=True)
    assert bea_score < ann_score  # the casual player beats one roll a round
    page = Page(bea_host.screen_html)
    assert page.text["penta-outcome"] == f"Ann wins by {ann_score - bea_score}."
    assert _ranking(bea_host.screen_html) == [f"1 Ann {ann_score}", f"2 Bea (you) {bea_score}"]
    # Bea's reply carries every score and who won, for whoever receives it.
    bea.action("share", {"what": "duel"})
    reply = bea_host.performed_of(Share)[-1].text
    assert f"Ann {ann_score} · Bea {bea_score}. Ann wins by {ann_score - bea_score}." in reply
    # A third player, who plays as Ann did: a tie at the top, and three ranked.
    _, cy_host, cy_score = _duel_turn(_link(bea_host, "penta"), "Cy", costly=False)
    assert cy_score == ann_score
    page = Page(cy_host.screen_html)
    assert page.text["penta-outcome"] == f"A tie at {ann_score}: you and Ann."
    ranked = _ranking(cy_host.screen_html)
    assert [r.split()[0] for r in ranked] == ["1", "1", "3"]
    assert ranked[0] == f"1 Cy (you) {cy_score}" and ranked[2] == f"3 Bea {bea_score}"


def test_the_invitation_names_its_sender_in_the_receivers_words() -> None:
    app, host = _app()
    app.set_language("fr")
    app.action("open", {"game": "farkle-duel"})
    app.action("start", {})  # the name left blank
    s = _play_out(app)
    points = Translator("fr").number(s.game.outcome().totals[0])
    app.action("share", {"what": "duel"})
    text = host.performed_of(Share)[-1].text
    assert text == f"J’ai fait {points} à Farkle sur Zaria. Tu fais mieux sur les mêmes dés\u202f?"
    assert "vous" not in text and "Player" not in text


@pytest.mark.parametrize("game", GAMES)
def test_the_row_of_squares_has_a_legend_of_what_each_says(game: str) -> None:
    app, host = _app()
    _open_daily(app, game)
    app.action("start", {})
    s = _play_out(app)
    row = s.versus.row(s)
    legend = Page(host.screen_html).text[f"{s.prefix}-legend"]
    assert legend.startswith("One square a round" if game == "penta" else "One square a turn")
    counts = [int(n) for n in re.findall(r"(\d+) ×", legend)]
    assert sum(counts) == len(row) and len(counts) == len(set(row))
    for meaning in s.versus.dup.legend(Translator("en")).values():
        assert (meaning in legend) == any(
            s.versus.dup.legend(Translator("en"))[c] == meaning for c in row
        )


def test_a_daily_offers_no_coach_and_no_settings_and_counts_farkles_turns() -> None:
    app, host = _app()
    _open_daily(app, "penta")
    app.action("start", {})
    page = Page(host.screen_html)
    assert not page.has("penta-coach") and not page.has("penta-more")
    app.action("open", {"game": "penta"})
    app.action("start", {})
    page = Page(host.screen_html)
    assert page.has("penta-coach") and page.has("penta-more")  # an ordinary game has both
    _open_daily(app, "farkle")
    app.action("start", {})
    bar = re.search(r'<span[^>]*role="progressbar"[^>]*>', host.screen_html)
    assert bar is not None
    assert 'aria-valuemax="10"' in bar.group(0)
    assert 'aria-label="Ann: 0 of 10 turns played"' in bar.group(0)
