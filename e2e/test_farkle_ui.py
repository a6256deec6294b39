"""Farkle played through the page: setting aside, the events, the computer, the end, resuming.

Dice come from ``?dice=`` scripts, one group per roll of the game (the
computer's included). The computer plays at the "instant" pace, chosen in the
new game dialog, so these tests never wait on its timers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import App, fill_seats, no_error_box, pass_device


def open_farkle(page: Page) -> None:
    page.locator(".game-card.farkle").click()


def setup(
    page: Page,
    names: list[str],
    *,
    computer: bool = True,
    target: str | None = None,
    pace: str | None = None,
) -> None:
    """Fill the new game dialog (names, computer, target, pace) without starting."""
    fill_seats(page, "fk", names, computer)
    if target is not None:
        page.get_by_role("radio", name=target, exact=True).check()
    if pace is not None:
        page.locator("#fk-pace").select_option(pace)


def die(page: Page, pos: int) -> str:
    return f"#fk-die-{pos}"


def tap(page: Page, *positions: int) -> None:
    """Tap dice of the current roll to set them aside."""
    for pos in positions:
        page.locator(die(page, pos)).click()
        expect(page.locator(die(page, pos))).to_have_attribute("aria-pressed", "true")


def dice(page: Page) -> list[int]:
    """The dice in play, read from their accessible names."""
    out = []
    for label in page.locator(".fk-tray button.die").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    ):
        out.append(int(re.findall(r"\d+", label)[1]))
    return out


def roll_to(page: Page, expected: list[int]) -> None:
    """Press Roll and wait for the scripted dice."""
    page.locator("#fk-roll").click()
    expect(page.locator(".fk-tray button.die")).to_have_count(len(expected))
    assert dice(page) == expected


def player_total(page: Page, name: str) -> str:
    row = page.locator(".fk-player").filter(has=page.locator(".fk-pname", has_text=name))
    return row.locator(".fk-ptotal").inner_text()


def shot(page: Page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"farkle-{name}.png"), full_page=True, animations="disabled")
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size
    assert viewport is not None and width <= viewport["width"], f"sideways scroll: {width}"


def test_a_scripted_game_against_the_computer_to_the_winner(
    make_app: Callable[..., App], shots: Path
) -> None:
    script = "112233,155234,11156,155223,11134,111111,234662"
    app = make_app()
    app.page.clock.install()  # before the page loads
    page = app.open("?dice=" + script)
    open_farkle(page)
    setup(page, ["Alice"], target="5,000")
    expect(page.get_by_role("heading", name="Humans + 1 computer")).to_be_visible()
    shot(page, shots, "setup-desktop")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#fk-turn")).to_have_text("Alice’s turn")
    expect(page.get_by_role("progressbar", name="Alice: 0 of 5,000")).to_be_visible()

    # Three pairs: all six set aside, «Hot dice!», and all six come back.
    roll_to(page, [1, 1, 2, 2, 3, 3])
    tap(page, 1, 2, 3, 4, 5, 6)
    expect(page.locator(".fk-events")).to_contain_text("Hot dice!")
    expect(page.locator("#fk-risk")).to_have_text("2.3%")
    roll_to(page, [1, 5, 5, 2, 3, 4])
    expect(page.locator(".fk-events")).to_contain_text(
        "Hot dice! All six dice are back in play; the turn keeps its 1,500 points."
    )
    expect(page.locator("#fk-turn-total")).to_have_text("1,500")
    expect(page.locator(".fk-tray .die.rolling")).to_have_count(6)
    shot(page, shots, "hot-desktop")

    tap(page, 1)
    expect(page.locator("#fk-selection")).to_have_text("+100")
    expect(page.locator(".fk-group")).to_have_count(1)
    shot(page, shots, "mid-desktop")

    # Keyboard: R rolls, digits set dice aside, B banks.
    page.keyboard.press("r")
    expect(page.locator(".fk-tray button.die")).to_have_count(5)
    assert dice(page) == [1, 1, 1, 5, 6]
    for key in "1234":
        page.keyboard.press(key)
    expect(page.locator("#fk-selection")).to_have_text("+1,050")
    # The computer's turn at the normal pace: Alice's bank stays 2 s on the table, then
    # one visible step a second.
    page.clock.pause_at(page.evaluate("Date.now()") + 10)
    page.keyboard.press("b")
    expect(page.locator("#fk-sub")).to_have_text("Computer is playing…")
    page.clock.run_for(1990)
    expect(page.locator(".fk-events")).to_contain_text("Alice banks")
    expect(page.locator(".fk-tray.waiting")).to_have_count(1)
    page.clock.run_for(20)
    expect(page.locator(".fk-tray button.die")).to_have_count(6)
    assert dice(page) == [1, 5, 5, 2, 2, 3]
    expect(page.locator(".fk-tray .die.rolling")).to_have_count(6)
    expect(page.locator(die(page, 1))).to_be_disabled()
    page.clock.run_for(1000)  # it sets aside its 1
    expect(page.locator(die(page, 1))).to_have_attribute("aria-pressed", "true")
    expect(page.locator(die(page, 2))).to_have_attribute("aria-pressed", "false")
    page.clock.run_for(1000)  # and rolls the other five
    expect(page.locator(".fk-tray button.die")).to_have_count(5)
    expect(page.locator("#fk-turn-total")).to_have_text("100")
    page.clock.run_for(2000)  # sets aside three 1s, then banks 1,100
    expect(page.locator(".fk-events")).to_contain_text("Computer banks 1,100")
    page.clock.resume()
    expect(page.locator("#fk-turn")).to_have_text("Alice’s turn")
    assert player_total(page, "Alice") == "2,650"
    assert player_total(page, "Computer") == "1,100"

    page.get_by_label("Computer pace").select_option("instant")
    roll_to(page, [1, 1, 1, 1, 1, 1])
    tap(page, 1, 2, 3, 4, 5, 6)
    page.get_by_role("button", name="Bank", exact=True).click()
    # Alice reached 5,650 ≥ 5,000: the computer's last turn scores nothing; the game ends.
    expect(page.get_by_role("heading", name="Alice wins!")).to_be_visible()
    rows = page.locator(".fk-ranking tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("1")
    expect(rows.nth(0).locator("th")).to_have_text("Alice")
    expect(rows.nth(0).locator("td").nth(1)).to_have_text("5,650")
    expect(rows.nth(1).locator("th")).to_have_text("Computer")
    expect(rows.nth(1).locator("td").nth(1)).to_have_text("1,100")
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    assert page.evaluate("localStorage.getItem('zaria.save.farkle')") is None
    shot(page, shots, "end-desktop")
    no_error_box(page)
    expect(page.locator("#alert")).to_contain_text("Alice")  # the end, said at once
    page.get_by_role("button", name="Play again").click()
    expect(page.locator("#fk-roll")).to_be_visible()
    expect(page.locator("#alert")).to_have_text("")  # no longer news in the next game


def test_french_phone_lost_turn_hot_dice_and_last_round_with_three_players(
    app: App, shots: Path
) -> None:
    script = (
        "111234,523,155234,234662,"  # Alice banks 1,050; Bob 100; the computer nothing
        "112233,155234,23466,"  # Alice: hot dice, then a roll that scores nothing
        "234662,234662,"  # Bob and the computer score nothing
        "111111,111111,"  # Alice: 6,000 more, past the 5,000 target
        "234662,234662"  # the last round: Bob, then the computer
    )
    app.use_locale("fr-FR")
    app.page.set_viewport_size({"width": 390, "height": 844})
    page = app.open("?dice=" + script)
    open_farkle(page)
    setup(page, ["Alice", "Bob"], pace="instant")
    page.locator("#fk-target-5000").check()
    expect(page.get_by_role("heading", name="Humains + 1 IA")).to_be_visible()
    shot(page, shots, "setup-phone")
    page.locator("#fk-start").click()

    roll_to(page, [1, 1, 1, 2, 3, 4])
    tap(page, 1, 2, 3)
    roll_to(page, [5, 2, 3])
    tap(page, 1)
    expect(page.locator("#fk-selection")).to_have_text("+50")
    expect(page.locator("#fk-turn-total")).to_have_text("1 000")
    shot(page, shots, "mid-phone")
    page.set_viewport_size({"width": 320, "height": 700})
    shot(page, shots, "mid-320")
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("button", name="Encaisser", exact=True).click()

    # The hand-over cue, then Bob banks 100 and the computer's roll scores nothing.
    expect(page.locator("#fk-turn")).to_have_text("À Bob de jouer")
    expect(page.locator("#fk-sub")).to_contain_text("Passez l’appareil à Bob.")
    pass_device(page, "fk")
    roll_to(page, [1, 5, 5, 2, 3, 4])
    tap(page, 1)
    page.get_by_role("button", name="Encaisser", exact=True).click()
    expect(page.locator("#fk-turn")).to_have_text("À Alice de jouer")
    expect(page.locator(".fk-events")).to_contain_text("Tour perdu !")
    expect(page.locator(".fk-events")).to_contain_text("L’ordinateur ne marque rien")
    pass_device(page, "fk")  # back from Bob to Alice

    # «Dés chauds !»: the six dice set aside come back, the points stay.
    roll_to(page, [1, 1, 2, 2, 3, 3])
    tap(page, 1, 2, 3, 4, 5, 6)
    expect(page.locator(".fk-events")).to_contain_text("Dés chauds !")
    roll_to(page, [1, 5, 5, 2, 3, 4])
    expect(page.locator(".fk-events")).to_contain_text(
        "Dés chauds ! Les six dés reviennent en jeu ; le tour garde ses 1 500 points."
    )
    expect(page.locator("#fk-risk")).to_have_text("2,3 %")
    shot(page, shots, "hot-phone")

    # «Tour perdu !»: the turn's 1,600 points are lost, the banked 1,050 stays.
    tap(page, 1)
    page.locator("#fk-roll").click()
    expect(page.locator(".fk-events")).to_contain_text(
        "Tour perdu ! Alice perd les 1 600 points de ce tour ; le total encaissé reste à 1 050."
    )
    expect(page.locator(".fk-tray.bust .die")).to_have_count(5)
    assert player_total(page, "Alice") == "1\u202f050"
    expect(page.locator("#fk-turn")).to_have_text("À Bob de jouer")
    pass_device(page, "fk")

    page.locator("#fk-roll").click()  # Bob: nothing; then the computer: nothing
    expect(page.locator(".fk-events")).to_contain_text("L’ordinateur ne marque rien")
    expect(page.locator("#fk-turn")).to_have_text("À Alice de jouer")
    pass_device(page, "fk")

    # Alice passes the target: «Dernier tour !», the two others have one turn each.
    roll_to(page, [1, 1, 1, 1, 1, 1])
    tap(page, 1, 2, 3, 4, 5, 6)
    roll_to(page, [1, 1, 1, 1, 1, 1])
    tap(page, 1, 2, 3, 4, 5, 6)
    page.get_by_role("button", name="Encaisser", exact=True).click()
    # Named once, with the turns left; the banner says who reached the target.
    expect(page.locator("#fk-lastround")).to_have_text("Dernier tour ! 2 tours restants")
    expect(page.locator(".fk-event.last")).to_contain_text(
        "chaque autre joueur joue encore une fois"
    )
    expect(page.locator(".fk-events")).not_to_contain_text("Dernier tour")
    expect(page.locator("#fk-turn")).to_have_text("À Bob de jouer")
    pass_device(page, "fk")
    page.locator("#fk-roll").click()
    expect(page.get_by_role("heading", name="Alice gagne\u202f!")).to_be_visible()
    names = page.locator(".fk-ranking tbody th").all_inner_texts()
    totals = page.locator(".fk-ranking tbody td:last-child").all_inner_texts()
    assert names == ["Alice", "Bob", "Ordinateur"]
    assert [t.replace("\u202f", " ") for t in totals] == ["7 050", "100", "0"]
    shot(page, shots, "end-phone")
    no_error_box(page)


def test_setting_aside_refusals_risk_and_resuming(app: App) -> None:
    page = app.open("?dice=123466,22234,53")
    open_farkle(page)
    setup(page, ["Zoé"], computer=False)
    expect(page.locator("#fk-setup-title")).to_have_text("Humans")
    page.locator("#fk-start").click()
    expect(page.locator("#fk-risk")).to_have_text("2.3%")
    expect(page.locator(".fk-stat.risk dt")).to_contain_text("(6 dice)")

    # The scoring card, one tap away, stays open while the game goes on.
    page.locator("#fk-card-summary").click()
    expect(page.locator("#fk-card")).to_have_attribute("open", "")
    expect(page.locator("#fk-card")).to_contain_text(
        "four 1s are 1,100 (three 1s + a 1), not 1,000; six 2s are 3,000"
    )

    # 1, 2, 3, 4, 6, 6: the 2 fits no combination and stays in play.
    roll_to(page, [1, 2, 3, 4, 6, 6])
    expect(page.locator("#fk-card")).to_have_attribute("open", "")
    page.get_by_role("button", name="die 2, showing 2").click()
    expect(page.locator("#fk-note")).to_have_text("This 2 fits no scoring combination of this roll")
    expect(page.locator(die(page, 2))).to_have_attribute("aria-pressed", "false")
    roll_button = page.get_by_role("button", name="Roll", exact=True)
    expect(roll_button).to_be_disabled()
    page.get_by_role("button", name="die 1, showing 1").click()
    expect(page.get_by_role("button", name="die 1, showing 1, set aside")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(roll_button).to_be_enabled()

    # 2, 2, 2, 3, 4: Roll is enabled only once the three 2s are set aside.
    roll_to(page, [2, 2, 2, 3, 4])
    page.locator(die(page, 1)).press("Space")  # a focused die toggles with Space
    expect(page.locator(die(page, 1))).to_have_attribute("aria-pressed", "true")
    expect(roll_button).to_be_disabled()
    page.keyboard.press("2")
    expect(page.locator(die(page, 2))).to_have_attribute("aria-pressed", "true")
    expect(roll_button).to_be_disabled()
    page.keyboard.press("3")
    expect(roll_button).to_be_enabled()
    expect(page.locator("#fk-selection")).to_have_text("+200")

    # The 1 set aside from the first roll cannot be put back.
    expect(page.locator(".fk-group")).to_have_count(1)
    page.locator(".fk-group .fk-mini").first.click()
    page.keyboard.press("6")
    expect(page.locator("#fk-note")).to_have_text(
        "That 1 was set aside from an earlier roll: it stays aside."
    )
    expect(page.locator(".fk-tray button.die")).to_have_count(5)
    expect(page.locator("#fk-turn-total")).to_have_text("100")

    roll_to(page, [5, 3])
    tap(page, 1)
    expect(page.locator("#fk-risk")).to_have_text("66.7%")
    expect(page.locator(".fk-stat.risk dt")).to_contain_text("(1 die)")

    # A reload resumes exactly: dice, selection, groups, whose turn.
    page.reload()
    app.wait_ready()  # the game itself, at its address
    expect(page.locator(".fk-tray button.die")).to_have_count(2)
    assert dice(page) == [5, 3]
    expect(page.locator(die(page, 1))).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".fk-group")).to_have_count(2)
    expect(page.locator("#fk-turn-total")).to_have_text("300")
    expect(page.locator("#fk-turn")).to_have_text("Zoé’s turn")

    # A new game over a saved one asks first.
    page.get_by_role("button", name="New game").click()
    dialog = page.get_by_role("alertdialog", name="Start a new game?")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_have_count(0)

    # Greek uses the rules' own words for the buttons.
    page.select_option("#lang", "el")
    expect(page.get_by_role("button", name="Ρίξτε", exact=True)).to_be_enabled()
    expect(page.get_by_role("button", name="Νέο παιχνίδι")).to_be_visible()
    page.get_by_role("button", name="Εξαργύρωση", exact=True).click()
    expect(page.locator(".fk-player .fk-ptotal")).to_have_text("350")
    page.select_option("#lang", "en")

    # A malformed dice script is shown clearly.
    app.open("?dice=12x")
    open_farkle(page)
    expect(page.get_by_role("alert").filter(has_text="malformed")).to_contain_text(
        "The dice script in the address is malformed"
    )
    no_error_box(page)
