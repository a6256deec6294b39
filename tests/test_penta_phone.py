"""What Penta's table adds for phones, natively: the countdown's box, the box order
of Tab, the reason a roll is refused, and the sheet's parts a short phone leaves out."""

from __future__ import annotations

import re

import pytest

from fake_host import start_penta
from zaria.i18n import Translator
from zaria.penta.scoring import Box
from zaria_web.play.screen import GameScreen


def test_the_countdown_names_the_box_it_records_in_and_its_bar_runs_one_second() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"})
    for _ in range(3):
        app.action("roll", {})
    assert isinstance(app.screen, GameScreen) and app.screen.part.countdown_box is Box.FOURS
    assert "Recording automatically in 3 s in Fours" in host.screen_html
    assert 'style="--from:1.000;--to:0.667"' in host.screen_html
    # The box is marked, and only that one.
    assert host.screen_html.count('class="cur free auto"') == 1
    assert re.search(r'class="cur free auto"><button[^>]*id="box-fours"', host.screen_html)
    host.advance(1000)
    assert "in 2 s in Fours" in host.screen_html
    assert 'style="--from:0.667;--to:0.333"' in host.screen_html
    host.advance(2100)
    assert 'class="cur free auto"' not in host.screen_html  # recorded: no mark left


def test_a_longer_delay_shares_its_bar_out_over_its_seconds() -> None:
    app, host = start_penta({"dice": "11111,11111,44421"}, autorecord="5")
    for _ in range(3):
        app.action("roll", {})
    assert 'style="--from:1.000;--to:0.800"' in host.screen_html
    host.advance(3000)
    assert 'style="--from:0.400;--to:0.200"' in host.screen_html


@pytest.mark.parametrize("lang", ["en", "fr", "el", "tr"])
def test_the_countdown_message_names_its_box_in_every_language(lang: str) -> None:
    tr = Translator(lang)
    box = tr("penta.box.fours")
    text = tr("penta.countdown", s=3, box=box)
    assert box in text and "3" in text
    if lang == "tr":
        assert "saniye" in text


def test_once_a_box_is_chosen_the_others_leave_the_tab_order() -> None:
    app, host = start_penta({"dice": "44256"})
    app.action("roll", {})
    assert 'tabindex="-1"' not in host.screen_html
    app.action("box", {"box": "fours"})
    buttons = re.findall(r'<button[^>]*class="box-btn"[^>]*>', host.screen_html)
    assert len(buttons) == 13
    out = [b for b in buttons if 'tabindex="-1"' in b]
    assert len(out) == 12 and all('id="box-fours"' not in b for b in out)
    # Validate comes right after the sheet, before Roll.
    html = host.screen_html
    assert (
        html.index('id="box-penta"')
        < html.index('id="penta-validate"')
        < html.index('id="penta-roll"')
    )
    app.action("box", {"box": "fours"})  # unchosen
    assert 'tabindex="-1"' not in host.screen_html


def test_a_roll_refused_with_every_die_held_says_why() -> None:
    app, host = start_penta({"dice": "44256"})
    app.action("roll", {})
    assert 'id="penta-roll-why"' not in host.screen_html
    for i in range(5):
        app.action("hold", {"index": str(i)})
    assert 'aria-describedby="penta-roll-why"' in host.screen_html
    assert "Every die is held: release one to roll again." in host.screen_html
    app.action("hold", {"index": "0"})
    assert 'id="penta-roll-why"' not in host.screen_html


def test_the_penta_bonus_row_says_when_nobody_has_one() -> None:
    app, host = start_penta({"dice": "44444,44444"})
    assert 'class="sum pbonus none"' in host.screen_html
    app.action("roll", {})
    app.action("box", {"box": "penta"})
    app.action("validate", {})
    app.action("roll", {})
    app.action("box", {"box": "fours"})
    app.action("validate", {})
    assert 'class="sum pbonus"' in host.screen_html
