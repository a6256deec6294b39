"""Penta played through the page: rules, auto-record, the computer, the end screen."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import App, fill_seats, no_error_box
from zaria.dice import RandomRoller
from zaria.game import Seat
from zaria.penta.game import PentaGame, Record, Roll, ToggleHold
from zaria.penta.players import choose
from zaria.penta.rules import Rules
from zaria.penta.scoring import PENTA
from zaria.penta.strategy import Strategy, read_packaged_table

SOLITAIRE = "11111,22222,33344,44412,55513,66612,11234,12345,12346,22333,55552,66645,66655"
# Each turn's box; 22222 comes after a Penta scored 50, so the joker forces Twos.
SOLITAIRE_BOXES = (
    "penta", "twos", "threes", "fours", "fives", "sixes", "aces",
    "large_straight", "small_straight", "full_house", "four_kind", "three_kind", "chance",
)  # fmt: skip


def start(page: Page, names: list[str], computer: bool = False, settings: bool = True) -> None:
    """Open Penta from home and start a game with these human names."""
    page.get_by_role("button", name=re.compile("Penta|Πέντα")).click()
    fill_seats(page, "penta", names, computer)
    page.locator("#penta-start").click()
    expect(page.locator("#penta-roll")).to_be_visible()


def roll(page: Page) -> None:
    count = page.locator(".roll-pip.used").count()
    page.locator("#penta-roll").click()
    expect(page.locator(".roll-pip.used")).to_have_count(count + 1)


def record(page: Page, box: str) -> None:
    page.locator(f"#box-{box}").click()
    expect(page.locator(f"#box-{box}")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Validate round").click()


def dice(page: Page) -> list[int]:
    return [int(page.locator(f"#die-{i}").get_attribute("data-value") or 0) for i in range(5)]


def total_row(page: Page) -> list[str]:
    return page.locator("tr.grand td").all_inner_texts()


def test_a_whole_solitaire_game_with_scripted_dice(app: App, shots: Path) -> None:
    page = app.open(f"?dice={SOLITAIRE}")
    start(page, ["Alice"])
    for turn, box in enumerate(SOLITAIRE_BOXES, start=1):
        expect(page.locator(".round")).to_have_text(f"Round {turn} of 13")
        roll(page)
        record(page, box)
    no_error_box(page)
    expect(page.locator(".end-title")).to_have_text("Alice, your score: 423")
    expect(page.locator(".ranking")).to_have_count(0)  # a game alone has no ranking
    # upper 2+10+9+12+15+18 = 66, bonus 35, lower 50+40+30+25+22+27+28 = 222, one Penta bonus
    sums = page.locator("#penta-end-sheet tr.es-sum td")
    expect(sums).to_have_text(["66", "35", "222", "100", "423"])
    page.screenshot(path=str(shots / "penta-end-desktop.png"), full_page=True)


def test_holds_survive_a_reroll_and_rolls_and_validation_are_limited(app: App) -> None:
    page = app.open("?dice=61616,2222,333")
    start(page, ["Alice"])
    validate = page.get_by_role("button", name="Validate round")
    expect(validate).to_be_disabled()
    roll(page)
    assert dice(page) == [6, 1, 6, 1, 6]
    for i in (0, 2, 4):
        page.locator(f"#die-{i}").click()
        expect(page.locator(f"#die-{i}")).to_have_attribute("aria-pressed", "true")
    roll(page)
    assert dice(page) == [6, 2, 6, 2, 6]
    page.locator("#die-0").click()  # release one six
    expect(page.locator("#die-0")).to_have_attribute("aria-pressed", "false")
    roll(page)
    assert dice(page) == [3, 3, 6, 3, 6]
    expect(page.locator("#penta-roll")).to_be_disabled()
    page.keyboard.press("r")  # the shortcut cannot roll a fourth time either
    expect(page.locator(".roll-pip.used")).to_have_count(3)
    assert dice(page) == [3, 3, 6, 3, 6]
    expect(page.locator("#die-1")).to_be_disabled()  # nothing to hold for
    # No box chosen yet: Validate would record the countdown's box at once.
    expect(page.locator(".sheet td.auto #box-full_house")).to_have_count(1)
    expect(validate).to_be_enabled()
    record(page, "full_house")
    expect(page.locator("tr.full_house td").first).to_have_text("25")


def test_joker_forces_the_upper_box_and_earns_the_bonus(app: App) -> None:
    page = app.open("?dice=44444,44444")
    start(page, ["Alice"])
    roll(page)
    record(page, "penta")
    roll(page)
    expect(page.locator("#box-fours")).to_be_enabled()
    expect(page.locator("#box-fours")).to_contain_text("20 +100")
    for other in ("aces", "three_kind", "full_house", "large_straight", "chance"):
        expect(page.locator(f"#box-{other}")).to_be_disabled()
    record(page, "fours")
    expect(page.locator("tr.pbonus td").first).to_have_text("100")
    assert total_row(page)[0] == "170"


# Eleven turns fill every box but Full house and Large straight; then 1,1,3,4,6
# fits neither: only on the turn's third roll does the app call for a sacrifice.
SACRIFICE_FILL = (
    ("11111", "penta"), ("11222", "aces"), ("22333", "twos"), ("33344", "threes"),
    ("44455", "fours"), ("55566", "fives"), ("66611", "sixes"), ("33345", "three_kind"),
    ("44442", "four_kind"), ("12346", "small_straight"), ("65432", "chance"),
)  # fmt: skip


def test_sacrifice_message_exactly_when_no_box_scores_in_three_languages(app: App) -> None:
    script = ",".join(d for d, _ in SACRIFICE_FILL) + ",11346,11346,11346"
    page = app.open(f"?dice={script}")
    start(page, ["Alice"])
    for _, box in SACRIFICE_FILL:
        roll(page)
        expect(page.locator(".sacrifice")).to_have_count(0)
        record(page, box)
    message = "No open box scores points: you must sacrifice one"
    roll(page)
    roll(page)
    expect(page.get_by_text(message)).to_have_count(0)  # a re-roll remains
    roll(page)
    expect(page.locator(".sacrifice")).to_have_text(message)
    page.select_option("#lang", "el")
    expect(page.locator(".sacrifice")).to_have_text(
        "Καμία ανοιχτή θέση δεν αποφέρει πόντους: πρέπει να θυσιάσετε μία"
    )
    expect(page.get_by_role("button", name="Επικύρωση γύρου")).to_be_visible()
    page.select_option("#lang", "tr")
    expect(page.locator(".sacrifice")).to_have_text(
        "Açık hiçbir kutu puan getirmiyor: birini feda etmek gerekiyor"
    )
    expect(page.get_by_role("button", name="Turu onayla")).to_be_visible()
    # switching language kept the game: same dice, same round
    assert dice(page) == [1, 1, 3, 4, 6]
    page.locator("#box-full_house").click()
    page.get_by_role("button", name="Turu onayla").click()
    expect(page.locator("tr.full_house td").first).to_have_text("0")


def test_auto_record_fills_the_optimal_box_and_a_selection_cancels_it(
    make_app: Callable[..., App],
) -> None:
    # 4,4,4,2,1 on an empty sheet: the optimal box is Fours (12), not Aces (the
    # first free box) nor Three of a kind or Chance (15, the highest score now).
    app = make_app()  # the clock is installed before the page loads
    page = app.page
    page.clock.install()
    app.open("?dice=11111,11111,44421,11111,11111,44421")
    start(page, ["Alice"])
    expect(page.locator("#penta-roll")).to_be_enabled()
    page.clock.pause_at(page.evaluate("Date.now()"))  # seconds pass only when run
    roll(page)
    roll(page)
    roll(page)
    expect(page.locator("#penta-countdown")).to_contain_text("3")
    page.clock.run_for(1000)
    expect(page.locator("#penta-countdown")).to_contain_text("2")
    page.clock.run_for(2100)
    expect(page.locator("tr.fours td").first).to_have_text("12")
    expect(page.locator(".round")).to_have_text("Round 2 of 13")
    expect(page.locator("#live")).to_contain_text("Recorded automatically")
    # Second turn: choosing a box stops the countdown; nothing is recorded by itself.
    roll(page)
    roll(page)
    roll(page)
    expect(page.locator("#penta-countdown")).to_be_visible()
    page.locator("#box-chance").click()
    expect(page.locator("#penta-countdown")).to_have_count(0)
    page.clock.run_for(10_000)
    expect(page.locator(".round")).to_have_text("Round 2 of 13")
    expect(page.locator("#box-chance")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Validate round").click()
    expect(page.locator("tr.chance td").first).to_have_text("15")


def played_natively(seats: list[Seat], seed: int, rules: Rules = PENTA) -> PentaGame:
    """The game the page plays on ``seed``'s dice when each person rolls once and takes
    the first box offered, and the computer plays ``rules``' own table."""
    strategy = Strategy(read_packaged_table(rules))
    game = PentaGame.new(seats, rules=rules)
    roller = RandomRoller(seed)
    while not game.over:
        if game.seats[game.current].computer:
            action = choose(game, "optimal", strategy)
        elif game.dice is None:
            action = Roll()
        else:
            action = Record(next(iter(game.options())))
        if isinstance(action, Roll):
            game.apply_roll(roller.roll(game.dice_to_roll()))
        elif isinstance(action, ToggleHold):
            game.toggle_hold(action.index)
        else:
            game.score(action.box)
    return game


def test_two_humans_and_the_computer_play_to_the_winner_screen(app: App, shots: Path) -> None:
    seed = 2024
    page = app.open(f"?seed={seed}")
    page.locator("#open-penta, .game-card.penta").first.click()
    page.locator("#penta-pace").select_option("instant")
    page.get_by_role("button", name="Home").count()
    app.open(f"?seed={seed}")  # a new app: the dice start again from the seed
    page.get_by_role("button", name=re.compile("Penta")).click()
    fill_seats(page, "penta", ["Ann", "Ben"], computer=True)
    # The hand-over card has its own tests: 26 of its pauses would add 15 s here.
    page.locator("#penta-handover-setting").uncheck()
    page.locator("#penta-start").click()
    # The same game natively: the humans roll once and take the first allowed box.
    game = played_natively([Seat("Ann"), Seat("Ben"), Seat("Computer", computer=True)], seed)
    for _turn in range(13):
        for _human in range(2):
            roll(page)
            first = page.locator(".box-btn:enabled").first
            first.click()
            page.get_by_role("button", name="Validate round").click()
    expect(page.locator(".end-title")).to_be_visible(timeout=30_000)
    totals = [game.totals(i).total for i in range(3)]
    names = ["Ann", "Ben", "Computer"]
    ranked = sorted(range(3), key=lambda i: -totals[i])
    rows = page.locator(".ranking tbody tr")
    expect(rows).to_have_count(3)
    for row, i in zip(rows.all(), ranked, strict=True):
        expect(row.locator("th")).to_contain_text(names[i])
        expect(row.locator("td.total")).to_have_text(str(totals[i]))
    winners = [names[i] for i in game.winners()]
    expect(page.locator(".end-title")).to_contain_text(winners[0])
    expect(page.locator(".review").first).to_contain_text("Ann")
    page.screenshot(path=str(shots / "penta-end-3p-desktop.png"), full_page=True)


def test_screenshots_setup_mid_turn_coach_end(app: App, shots: Path) -> None:
    for label, size in (("phone", (390, 844)), ("desktop", (1280, 800)), ("320", (320, 640))):
        app.reset()  # each size starts from empty storage
        app.page.set_viewport_size({"width": size[0], "height": size[1]})
        page = app.open("?dice=44256,44,11111")
        page.get_by_role("button", name="Penta").click()
        page.locator("#penta-start").wait_for()
        page.locator("#penta-name-0").fill("Alice")
        page.screenshot(path=str(shots / f"penta-setup-{label}.png"), full_page=True)
        page.locator("#penta-start").click()
        roll(page)
        page.locator("#die-0").click()
        page.locator("#die-1").click()
        # What the player sees without scrolling: the dice and buttons within thumb reach.
        page.screenshot(path=str(shots / f"penta-mid-{label}.png"))
        page.locator("#penta-coach").click()
        expect(page.locator(".coach-box")).to_contain_text("Best: keep 4 4")
        expect(page.locator(".coach-ev")).to_have_count(13)  # every free box's figure
        page.screenshot(path=str(shots / f"penta-coach-{label}.png"))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], f"sideways scroll at {size}: {width}"
