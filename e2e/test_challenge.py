"""The daily dice and duels in the browser: the same dice for everyone on a day (and
others the next), a result's link opened in a fresh browser, which shows the
challenger and deals the same dice, and a tampered link refused with its notice."""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from a11y import audit
from conftest import App
from zaria.dice import daily_seed
from zaria.farkle.moves import computer_game
from zaria.farkle.rules import DEFAULT_RULES
from zaria_web import duel

DAY = "2026-12-04T10:00:00"
NEXT_DAY = "2026-12-05T10:00:00"


def settle(page: Page) -> None:
    page.evaluate("window.zariaPy.settled()")


def dice(page: Page, game: str) -> list[str]:
    """The dice on the table, as the screen reader names them."""
    selector = ".dice-tray [data-act=hold]" if game == "penta" else ".fk-die"
    settle(page)
    found = page.locator(selector)
    return [found.nth(i).get_attribute("aria-label") or "" for i in range(found.count())]


def first_throw(page: Page, game: str, name: str) -> list[str]:
    """Start the challenge shown, as ``name``, and throw once: the dice."""
    prefix = "penta" if game == "penta" else "fk"
    page.locator(f"#{prefix}-name-0").fill(name)
    page.locator(f"#{prefix}-play").click()
    page.locator(f"#{prefix}-roll").click()
    return dice(page, game)


def play_penta(page: Page) -> None:
    """Play Penta's rounds to the end: each round, the first box the roll may take."""
    while not page.locator(".challenge-result").count():
        if page.locator("#penta-roll:enabled").count():
            page.locator("#penta-roll").click()
        page.locator(".box-btn:enabled").first.click()
        page.locator("#penta-validate").click()
        settle(page)


def _scoring(values: list[int]) -> list[int]:
    counts = Counter(values)
    return [i for i, v in enumerate(values) if v in (1, 5) or counts[v] >= 3]


def play_farkle(page: Page) -> None:
    """Play Farkle's turns to the end: set aside the ones, fives and triples, bank."""
    for _ in range(600):
        settle(page)
        if page.locator(".challenge-result").count():
            return
        live = page.locator(".fk-die:enabled")
        labels = [live.nth(i).get_attribute("aria-label") or "" for i in range(live.count())]
        values = [int(re.findall(r"\d+", label)[-1]) for label in labels]
        todo = [i for i in _scoring(values) if live.nth(i).get_attribute("aria-pressed") != "true"]
        if todo:
            live.nth(todo[0]).click()
        elif page.locator("#fk-bank:enabled").count():
            page.locator("#fk-bank").click()
        else:
            page.locator("#fk-roll").click()
    raise AssertionError("the game did not end")


PLAY: dict[str, Callable[[Page], None]] = {"penta": play_penta, "farkle": play_farkle}


def test_two_browsers_on_a_day_get_the_same_daily_dice_and_the_next_day_others(
    make_app: Callable[..., App],
) -> None:
    seen: dict[str, list[list[str]]] = {"penta": [], "farkle": []}
    for when, name in ((DAY, "Ann"), (DAY, "Ben"), (NEXT_DAY, "Cy")):
        app = make_app()
        app.page.clock.set_fixed_time(when)  # the device's date; the timers run as usual
        for game in ("penta", "farkle"):
            page = app.open(f"#/daily/{game}")
            expect(page.locator(".challenge h2")).to_contain_text("Daily dice")
            seen[game].append(first_throw(page, game, name))
    for game, (ann, ben, cy) in seen.items():
        assert ann and ann == ben, game
        assert cy != ann, game


def test_a_result_link_opened_in_a_fresh_browser_shows_the_challenger_and_the_same_dice(
    app: App, make_app: Callable[..., App], shots: Path
) -> None:
    page = app.open("#/daily/penta")
    ann_dice = first_throw(page, "penta", "Ann")
    play_penta(page)
    grade = page.locator("#penta-grade")
    expect(grade).to_contain_text("the optimal player")
    expect(page.locator("#penta-attempts")).to_have_text("Attempts started on this device: 1")
    assert not audit(page, "daily result")
    page.screenshot(path=str(shots / "challenge-daily-result.png"), full_page=True)
    score = int(re.findall(r"You ([\d,]+)", grade.inner_text())[0].replace(",", ""))
    link = page.locator("#penta-link").input_value()
    assert link.startswith(app.base) and "#/duel/" in link
    # A reload shows the result again, not the dice: one attempt counts.
    page.reload()
    app.wait_ready()
    expect(page.locator("#penta-grade")).to_have_text(grade.inner_text())
    expect(page.locator("#penta-play")).to_have_count(0)

    ben = make_app(permissions=["clipboard-read", "clipboard-write"])
    other = ben.page
    other.goto(link)
    ben.wait_ready()
    expect(other.locator("#penta-standings")).to_have_text(f"Ann: {score:,}")
    assert not audit(other, "duel introduction")
    assert first_throw(other, "penta", "Ben") == ann_dice
    play_penta(other)
    table = other.locator("table.vs-table:not(.vs-ranking)")
    expect(table).to_contain_text("Ben (you)")
    expect(table).to_contain_text(f"{score:,}")
    expect(other.locator(".not-verified")).to_have_count(0)
    # Who won, in words, and both results ranked: the same play on the same dice ties.
    expect(other.locator("#penta-outcome")).to_have_text(f"A tie at {score:,}: you and Ann.")
    expect(other.locator("#penta-ranking tbody tr")).to_have_text(
        [f"1Ben (you){score:,}", f"1Ann{score:,}"]
    )
    expect(other.locator("#penta-legend")).to_contain_text("One square a round")
    passed_on = other.locator("#penta-link").input_value()
    back = duel.decode(passed_on.split("#/duel/")[1])
    assert [r.name for r in back.results] == ["Ann", "Ben"]
    other.set_viewport_size({"width": 390, "height": 844})
    other.locator("#penta-result").screenshot(path=str(shots / "challenge-duel-result-phone.png"))
    other.locator("#penta-invite").click()
    expect(other.locator("#penta-shared")).to_contain_text("Copied")
    lines = str(other.evaluate("navigator.clipboard.readText()")).split("\n")
    assert lines[0].startswith(f"A Penta duel on Zaria: Ben {score:,} · Ann {score:,}.")
    assert lines[-1] == passed_on


def test_a_tampered_duel_link_is_refused_with_its_notice_and_nothing_else(app: App) -> None:
    token = duel.encode(
        duel.Duel("farkle", "standard", "duel/farkle/x", (duel.Result("Ann", 900, "r"),))
    )
    broken = token[:-2] + ("A" if token[-2] != "A" else "B") + token[-1]
    page = app.open(f"#/duel/{broken}")
    notice = page.locator(".notice-row")
    expect(notice).to_contain_text("This duel link is damaged or has been changed")
    expect(page.locator(".game-grid")).to_be_visible()
    assert not page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('zaria.save'))")


def test_a_challenge_fits_the_narrowest_phone(app: App) -> None:
    page = app.open("#/daily/farkle")
    page.set_viewport_size({"width": 320, "height": 568})
    first_throw(page, "farkle", "Ann")
    play_farkle(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 320
    page.locator("#fk-challenge-home").click()
    expect(page.locator("#daily-farkle")).to_have_text("Daily dice ✓")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 320


def farkle_link(seed: str, *names: str) -> tuple[str, int]:
    """A Farkle duel's token on ``seed``'s dice, each of ``names`` with a game of its own
    (the computer's, level normal: real moves, so each result is verified); the first
    one's score."""
    game, moves = computer_game(seed, level="normal")
    score = int(game.outcome().totals[0])  # type: ignore[union-attr]
    results = tuple(duel.Result(n, score, moves) for n in names)
    return duel.encode(duel.Duel("farkle", DEFAULT_RULES.id, seed, results)), score


def fragment(page: Page) -> str:
    return str(page.evaluate("location.hash"))


def test_a_daily_played_through_a_friends_link_stays_the_players_daily(app: App) -> None:
    token, score = farkle_link(daily_seed("farkle", datetime.date.today()), "Ann")
    page = app.open("#/duel/" + token)
    expect(page.locator("#fk-standings")).to_have_text(f"Ann: {score:,}")
    page.locator("#fk-name-0").fill("Béa")
    page.locator("#fk-play").click()
    play_farkle(page)
    expect(page.locator(".vs-table:not(.vs-ranking)")).to_contain_text("Béa (you)")
    # Home, then the daily's page: Béa's result, beside Ann's, and a link carrying both.
    page.locator("#fk-challenge-home").click()
    page.locator("#daily-farkle").click()
    expect(page.locator(".vs-table:not(.vs-ranking)")).to_contain_text("Béa (you)")
    expect(page.locator("#fk-watch-0-summary")).to_contain_text("Ann")
    expect(page.locator("#screen")).not_to_contain_text("Farkle, you")
    link = page.locator("#fk-link").input_value()
    assert [r.name for r in duel.decode(link.split("#/duel/")[1]).results] == ["Ann", "Béa"]


def test_a_link_opened_in_a_tab_showing_the_app_is_read_as_a_load_reads_it(app: App) -> None:
    ann, score = farkle_link("duel/farkle/tab", "Ann")
    both, _ = farkle_link("duel/farkle/tab", "Ann", "Ben")
    page = app.open("#/duel/" + ann)
    expect(page.locator("#fk-standings")).to_have_text(f"Ann: {score:,}")
    # The answer opened in the same tab (only the part after # changes): it is shown.
    page.evaluate("(a) => { location.hash = a; }", "#/duel/" + both)
    expect(page.locator("#fk-standings")).to_contain_text("Ben")
    # A damaged link opened the same way: home, its notice in sight, its address gone.
    damaged = both[:-3] + ("AAA" if both[-3:] != "AAA" else "BBB")
    page.evaluate("(a) => { location.hash = a; }", "#/duel/" + damaged)
    expect(page.locator(".notice-row")).to_contain_text("damaged or has been changed")
    expect(page.locator(".game-grid")).to_be_visible()
    assert fragment(page) == ""
    # An address naming nothing, typed on a game's screen: home, saying so.
    page.locator("#daily-farkle").click()
    page.evaluate("location.hash = '#/nowhere'")
    expect(page.locator(".notice-row")).to_contain_text("leads to no page of Zaria")
    expect(page.locator(".game-grid")).to_be_visible()
    assert fragment(page) == ""


def test_a_duel_link_holding_a_percent_sign_gets_its_notice(app: App) -> None:
    token, score = farkle_link("duel/farkle/escaped", "Ann")
    page = app.open("#/duel/AAAA-BBBB-%%%")
    expect(page.locator(".notice-row")).to_contain_text("damaged or has been changed")
    expect(page.locator(".game-grid")).to_be_visible()
    assert fragment(page) == ""
    # Cut inside an escape, opened in the tab: the same notice, though dismissed before.
    page.locator(".notice-row button").first.click()
    expect(page.locator(".notice-row")).to_have_count(0)
    page.evaluate("(a) => { location.hash = a; }", "#/duel/" + token[:-4] + "%2")
    expect(page.locator(".notice-row")).to_contain_text("damaged or has been changed")
    # The same link percent-encoded whole, as a chat app may send it: read.
    escaped = "".join(f"%{ord(c):02X}" if c in "-_" else c for c in token)
    page.evaluate("(a) => { location.hash = a; }", "#%2Fduel%2F" + escaped)
    expect(page.locator("#fk-standings")).to_have_text(f"Ann: {score:,}")
