"""Hostile ``?seed=`` and ``?dice=`` values: a clear notice, random dice, and both
games open and roll; never a crash or a hang."""

from __future__ import annotations

import html
import time

import pytest

from fake_host import PENTA_TABLE, FakeHost
from test_storage_faults import farkle_move, penta_move
from zaria.dice import RandomRoller, ScriptedRoller
from zaria.i18n import Translator
from zaria_web.app import App
from zaria_web.penta.screen import TABLE_URL
from zaria_web.play.dice import MAX_GROUPS, MAX_SEED_DIGITS, dice_source, parse_seed

tr = Translator("en")

BAD_SEEDS = [
    "--5",
    "-",
    "²",
    "٣",
    "1٣",
    "9" * 5_000,
    "9" * (MAX_SEED_DIGITS + 1),
    "1e5",
    " 7 ",
    "7\n",
    "+7",
    "0x1f",
    "",
    "7" * 1_000_000,
]
BAD_SCRIPTS = {
    "--5": "error.dice_script",
    "²": "error.dice_script",
    "٣٣٣": "error.dice_script",
    "1e5": "error.dice_script",
    " 7 ": "error.dice_script",
    "": "error.dice_script",
    "1,,2": "error.dice_script",
    "1" * 5_000: "error.dice_size",
    "5" * 7: "error.dice_size",
    ",".join(["123456"] * (MAX_GROUPS + 1)): "error.dice_size",
    ",".join(["1"] * 100_000): "error.dice_size",
    "6" * 3_000_000: "error.dice_size",
    "1" + ",x" * 500_000: "error.dice_size",
}


def app_at(params: dict[str, str]) -> tuple[App, FakeHost]:
    host = FakeHost()
    host.files[TABLE_URL] = PENTA_TABLE
    return App(host, params), host


def both_games_roll(params: dict[str, str], notice: str) -> None:
    """Each game opens with the notice, on random dice, and a roll is made."""
    for move in (penta_move, farkle_move):
        app, host = app_at(params)
        screen = move(app)
        assert html.escape(notice) in host.screen_html
        assert not screen.dice.source.reproducible
        assert isinstance(screen.dice.source.roller, RandomRoller)


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=lambda s: repr(s[:12]))
def test_a_seed_that_is_not_a_plain_whole_number_is_refused(seed: str) -> None:
    started = time.perf_counter()
    source = dice_source({"seed": seed})
    assert time.perf_counter() - started < 0.5
    assert source.problem is not None and source.problem[0] == "error.seed"
    assert not source.reproducible
    text = source.describe(tr)
    assert text is not None and len(text) < 200  # a long seed is quoted cut short
    both_games_roll({"seed": seed}, text)


@pytest.mark.parametrize("seed", ["0", "7", "-12", "9" * MAX_SEED_DIGITS])
def test_a_plain_seed_is_reproducible(seed: str) -> None:
    assert parse_seed(seed) == int(seed)
    first, second = dice_source({"seed": seed}), dice_source({"seed": seed})
    assert first.reproducible and first.problem is None
    assert first.roller.roll(5) == second.roller.roll(5) == RandomRoller(int(seed)).roll(5)


@pytest.mark.parametrize(("script", "msg_id"), BAD_SCRIPTS.items(), ids=lambda s: repr(s[:12]))
def test_a_bad_or_huge_dice_script_is_refused_at_once(script: str, msg_id: str) -> None:
    started = time.perf_counter()
    source = dice_source({"dice": script})
    assert time.perf_counter() - started < 0.5
    assert source.problem is not None and source.problem[0] == msg_id
    assert not source.reproducible
    text = source.describe(tr)
    assert text is not None and len(text) < 200
    both_games_roll({"dice": script}, text)


def test_a_long_but_sensible_script_is_played() -> None:
    script = ",".join(["123456"] * MAX_GROUPS)
    source = dice_source({"dice": script})
    assert source.problem is None and isinstance(source.roller, ScriptedRoller)
    assert source.roller.remaining == MAX_GROUPS
    app, _ = app_at({"dice": script})
    screen = penta_move(app)
    assert screen.game is not None and screen.game.dice == (1, 2, 3, 4, 5)


def test_a_good_seed_with_a_bad_script_keeps_the_seed() -> None:
    source = dice_source({"seed": "7", "dice": "²"})
    assert source.reproducible and source.problem is not None
    assert source.roller.roll(5) == RandomRoller(7).roll(5)


def test_the_size_notice_is_said_in_every_language() -> None:
    for lang in ("en", "fr", "el", "tr"):
        text = dice_source({"dice": "1" * 5_000}).describe(Translator(lang))
        assert text is not None and Translator(lang).number(MAX_GROUPS) in text
