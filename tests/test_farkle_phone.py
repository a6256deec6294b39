"""Farkle's table on a phone, natively: what is tapped keeps its place during a
turn (the tray's six places, Bank's reserved line, what is said below the
buttons), where the focus goes after a bank, and the last round named once."""

from __future__ import annotations

import re

import pytest

from fake_host import FakeHost, Page, pass_device
from zaria.i18n import Translator
from zaria_web.app import App
from zaria_web.play.screen import GameScreen

NAME = "Alexandrina Konstantinou"  # 24 characters


def start(
    script: str,
    names: tuple[str, ...] = (NAME,),
    computer: bool = True,
    lang: str = "en",
    target: int = 5000,
) -> tuple[App, FakeHost]:
    host = FakeHost({"zaria.lang": lang})
    app = App(host, params={"dice": script})
    app.action("open", {"game": "farkle"})
    for i, name in enumerate(names):
        if i:
            app.action("seat-add", {})
        app.action("seat-name", {"index": str(i), "value": name, "event": "input"})
    if not computer:
        app.action("seat-computer", {"value": "off", "event": "change"})
    app.action("target", {"value": str(target), "event": "change"})
    app.action("start", {})
    return app, host


def act(app: App, name: str, **data: str) -> None:
    """A tap on the table (the device taken first when it is being passed)."""
    pass_device(app)
    app.action(name, data)


def tap(app: App, *positions: int) -> None:
    for pos in positions:
        act(app, "toggle", pos=str(pos))


def tray(html: str) -> list[str]:
    """The classes of the tray's places, in order (dice, drawn dice, empty places)."""
    m = re.search(r'<div class="fk-tray[^"]*"[^>]*>(.*?)</div>', html, re.S)
    assert m, "no tray"
    return re.findall(r'<(?:button|span) [^>]*class="((?:die|fk-slot)[^"]*)"', m.group(1))


def order(html: str, *marks: str) -> list[int]:
    return [html.index(mark) for mark in marks]


def test_the_tray_has_six_places_whatever_the_dice_in_play() -> None:
    # 1 2 3 4 6 6, the 1 set aside; then five dice, all set aside; a roll that busts.
    app, host = start("123466,11155,234662", names=(NAME, "Bob"), computer=False)
    places = tray(host.screen_html)
    assert len(places) == 6 and all("ghost" in p for p in places)  # about to roll six
    act(app, "roll")
    assert [("fk-die" in p, "fk-slot" in p) for p in tray(host.screen_html)] == [(True, False)] * 6
    tap(app, 1)
    act(app, "roll")
    places = tray(host.screen_html)
    assert len(places) == 6
    assert sum("fk-slot" in p for p in places) == 1 and "fk-slot" in places[-1]
    tap(app, 1, 2, 3, 4, 5)
    act(app, "bank")
    act(app, "roll")  # Bob: nothing scores
    places = tray(host.screen_html)
    assert len(places) == 6 and 'class="fk-tray bust"' in host.screen_html


def test_bank_keeps_the_line_of_its_total_while_it_has_none() -> None:
    app, host = start("123466")
    p = Page(host.screen_html)
    assert p.has("fk-bank-after") and p.text["fk-bank-after"] == ""
    act(app, "roll")
    tap(app, 1)
    assert Page(host.screen_html).text["fk-bank-after"] == "total 100"


def test_what_is_said_comes_after_the_dice_and_the_buttons() -> None:
    # A refusal, a hint and a banner are all below Roll, Bank and Undo.
    app, host = start("123466,11155,234662", names=(NAME, "Bob"), computer=False)
    act(app, "roll")
    tap(app, 2)  # the 2 fits no combination: refused
    html = host.screen_html
    assert Page(html).text["fk-note"].startswith("This 2 fits no scoring combination")
    tray_at, roll_at, bank_at, undo_at, note_at, stats_at = order(
        html, 'class="fk-tray', 'id="fk-roll"', 'id="fk-bank"', 'id="fk-undo"',
        'id="fk-note"', 'class="fk-stats"',
    )  # fmt: skip
    assert tray_at < roll_at < bank_at < undo_at < note_at < stats_at
    assert html.index('id="fk-turn"') < tray_at
    tap(app, 1)
    act(app, "roll")
    tap(app, 1, 2, 3, 4, 5)  # hot dice: the banner
    html = host.screen_html
    assert html.index('id="fk-undo"') < html.index('class="fk-events"') < html.index("fk-stats")
    act(app, "bank")
    pass_device(app)
    html = host.screen_html
    assert html.index('id="fk-undo"') < html.index('id="fk-sub"')  # pass the device, roll
    assert html.index('id="fk-undo"') < html.index('class="fk-events"')  # Alexandrina banks


def test_the_notices_are_said_below_the_buttons_too() -> None:
    # The notice of a resumed game goes at the first tap: it must not move the dice.
    app, host = start("123466,11155")
    act(app, "roll")
    app2 = App(host, params={"dice": "123466,11155"})
    app2.action("open", {"game": "farkle"})
    html = host.screen_html
    assert "Your saved game is back where you left it." in html
    assert html.index('id="fk-roll"') < html.index('class="fk-notices"')


def test_after_a_bank_the_focus_goes_to_the_computer_s_turn_then_to_roll() -> None:
    app, host = start("123466,155223,11134")
    act(app, "roll")
    tap(app, 1)
    act(app, "bank")
    assert isinstance(app.screen, GameScreen)
    # The computer plays: Roll and Bank are shut, the heading of its turn has the focus.
    assert host.focused == "#fk-turn"
    p = Page(host.screen_html)
    assert p.text["fk-turn"] == "Computer’s turn"
    assert p.tags["fk-turn"]["tabindex"] == "-1"
    host.advance(10_000)  # its whole turn
    assert host.focused == "#fk-roll"
    assert Page(host.screen_html).enabled("fk-roll")


def test_a_lost_turn_before_the_computer_s_also_focuses_its_turn() -> None:
    app, host = start("234662")
    act(app, "roll")  # nothing scores: the computer's turn
    assert host.focused == "#fk-turn"


@pytest.mark.parametrize("lang", ["en", "fr", "el", "tr"])
def test_the_last_round_is_named_once(lang: str) -> None:
    app, host = start("111111,111111", names=(NAME, "Bob"), computer=False, lang=lang)
    act(app, "roll")
    tap(app, 1, 2, 3, 4, 5, 6)
    act(app, "roll")
    tap(app, 1, 2, 3, 4, 5, 6)
    act(app, "bank")
    pass_device(app)
    tr = Translator(lang)
    p = Page(host.screen_html)
    word = tr("farkle.last_round").rstrip("!！ \u202f\u00a0")
    assert p.text["fk-lastround"] == f"{tr('farkle.last_round')} {tr('farkle.turns_left.one')}"
    assert p.plain().count(word) == 1, p.plain()
    # The banner still says who reached the target, and nothing more.
    banner = re.search(r'<li class="fk-event last">(.*?)</li>', host.screen_html)
    assert banner and NAME in banner.group(1) and "6" in banner.group(1)
